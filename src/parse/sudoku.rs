//! # Sudoku and Killer Sudoku text
//!
//! `.sudoku`: N lines of N whitespace-separated squares (`1`..`N`, `.` or `0` for an empty
//! square; digits above 9 written as numbers, `10`..`16`); for N ≤ 9 a line may also be N
//! characters without spaces, and the whole grid one line of N² characters. Sizes 4, 6, 9,
//! 12 and 16 (boxes 2×2, 2×3, 3×3, 3×4, 4×4).
//!
//! `.killer`: `size N`, an optional `boxes RxC`, cages `SUM CELL…` and givens `D = CELL`, one
//! per line. In both formats lines starting with `#` are comments, and a line `diagonals`
//! (before the grid of a `.sudoku`; after `size` in a `.killer`) makes the puzzle an X
//! variant: both long diagonals hold distinct digits too.
//!
//! A *jigsaw* puzzle has irregular regions in place of boxes: a line `regions` followed by
//! N lines of N letters, the cells of one region sharing a letter (after the grid of a
//! `.sudoku`; in place of `boxes` in a `.killer`). Any side 1..=16 may be a jigsaw; the
//! regions need N cells each. A 6×6 jigsaw (Tatham's Solo made it: `tests/data/solo/6x6-jigsaw.sudoku`):
//!
//! ```text
//! . . 4 . . .
//! . 6 . . 1 2
//! . . . . . .
//! . . . . . .
//! 3 4 . . 6 .
//! . . . 3 . .
//! regions
//! A A A A A A
//! B B B B B B
//! C C C D E E
//! C D D D D E
//! C F F D E E
//! C F F F F E
//! ```
//!
//! See `crate::parse::regions` for the letter grid.

use std::collections::HashMap;

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::regions::{is_regions, parse_map, regions_block, RegionMap};
use crate::parse::{clip, nothing_found, strip_bom, tokens, ParseError, Pos, Token};
use crate::puzzle::sudoku::{default_boxes, Killer, KillerCage, Sudoku, SudokuError};

/// A Sudoku file's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SudokuParseError {
    /// A square that is not a digit of the grid, `.` or `0`.
    #[error("bad square '{}' (expected a digit 1..={size}, '.' or '0')", clip(.token))]
    BadSquare {
        /// The token.
        token: String,
        /// The side.
        size: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} has {found} squares, expected {want}")]
    RowLength {
        /// Row, 1-based.
        row: usize,
        /// Squares found.
        found: usize,
        /// Squares expected (the grid's side).
        want: usize,
    },
    /// Too many or too few rows.
    #[error("the grid has {found} rows, expected {want}")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected (the grid's side).
        want: usize,
    },
    /// A one-line grid of a length that is no square of a supported size.
    #[error("a one-line sudoku has 16, 36 or 81 squares, found {0}")]
    OneLine(usize),
    /// A jigsaw region letter that is not a letter.
    #[error("bad region letter '{}' (expected a letter A-Z or a-z)", clip(.token))]
    BadRegion {
        /// The token.
        token: String,
    },
    /// A row of the region map of the wrong length.
    #[error("region row {row} has {found} letters, expected {want}")]
    RegionRowLength {
        /// Row of the map, 1-based.
        row: usize,
        /// Letters found.
        found: usize,
        /// Letters expected (the grid's side).
        want: usize,
    },
    /// Too many or too few rows of regions.
    #[error("the region map has {found} rows, expected {want}")]
    RegionRows {
        /// Rows found.
        found: usize,
        /// Rows expected (the grid's side).
        want: usize,
    },
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// A Killer Sudoku file's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerParseError {
    /// The first line is not `size N`.
    #[error("expected 'size N' first, found '{}'", clip(.0))]
    MissingSize(String),
    /// A bad side.
    #[error("bad size '{}' (expected a number 1..=16)", clip(.0))]
    BadSize(String),
    /// `size`, `boxes` or `diagonals` twice, or `boxes` after a cage.
    #[error("'{0}' given twice or after the cages")]
    Repeated(&'static str),
    /// A bad `boxes` value.
    #[error("bad boxes '{}' (expected ROWSxCOLS, e.g. 3x3)", clip(.0))]
    BadBoxes(String),
    /// A line that is neither a cage nor a given.
    #[error("bad cage sum '{}' (expected a positive whole number, or a given 'D = CELL')", clip(.0))]
    BadSum(String),
    /// A bad cell name.
    #[error("bad cell name '{}' (expected a row letter and a column number, e.g. B3)", clip(.0))]
    BadCell(String),
    /// A given that is not a digit of the grid.
    #[error("bad given '{}' (expected a digit 1..={size})", clip(.token))]
    BadDigit {
        /// The token.
        token: String,
        /// The side.
        size: usize,
    },
    /// A given without exactly one cell.
    #[error("a given is 'D = CELL' with one cell")]
    BadGiven,
    /// A cage without cells.
    #[error("cage has no cells")]
    NoCells,
    /// Both `boxes` and `regions`.
    #[error("a jigsaw has 'regions' in place of 'boxes', not both")]
    BoxesAndRegions,
    /// Something after the value of a `size`/`boxes` line.
    #[error("unexpected '{}' after the value", clip(.0))]
    Trailing(String),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Whether a content line is the `diagonals` line of an X variant.
fn is_diagonals(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("diagonals")
}

/// The content lines (not blank, not `#` comments) with their numbers.
fn content(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect()
}

/// One square of a row: a digit, `.`/`0` (0), with its position.
fn square(text: &str, pos: Pos, size: usize) -> Result<u8, ParseError> {
    let bad = || {
        ParseError::new(
            pos,
            SudokuParseError::BadSquare {
                token: text.to_string(),
                size,
            },
        )
    };
    if text == "." {
        return Ok(0);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 2 {
        return Err(bad());
    }
    let d: u8 = text.parse().map_err(|_| bad())?;
    if usize::from(d) > size {
        return Err(bad());
    }
    Ok(d)
}

/// The squares of one line: its tokens, or for a single token of several characters (and
/// sizes up to 9) its characters.
fn squares(line: &str, n: usize) -> Vec<Token<'_>> {
    let toks = tokens(line, n, 1);
    match toks[..] {
        [t] if t.text.chars().count() > 1
            && t.text.chars().all(|c| c == '.' || c.is_ascii_digit()) =>
        {
            t.text
                .char_indices()
                .enumerate()
                .map(|(i, (b, c))| Token {
                    text: &t.text[b..b + c.len_utf8()],
                    pos: Pos::new(t.pos.line, t.pos.col + i),
                })
                .collect()
        }
        _ => toks,
    }
}

/// The content lines of a `.sudoku` split at a `regions` line: the grid's lines (without a
/// leading `diagonals` line), whether that line was there, and the `regions` line with the
/// lines after it.
type Split<'a> = (
    Vec<(usize, &'a str)>,
    bool,
    Option<((usize, &'a str), Vec<(usize, &'a str)>)>,
);

fn split(text: &str) -> Split<'_> {
    let mut lines = content(text);
    let diagonals = lines.first().is_some_and(|&(_, l)| is_diagonals(l));
    if diagonals {
        let _ = lines.remove(0);
    }
    match lines.iter().position(|&(_, l)| is_regions(l)) {
        Some(i) => {
            let map = lines.split_off(i + 1);
            let head = lines.pop().unwrap_or((1, ""));
            (lines, diagonals, Some((head, map)))
        }
        None => (lines, diagonals, None),
    }
}

/// The side of a one-line grid of `len` squares: sizes with standard boxes, or any side up to
/// 9 for a jigsaw.
fn one_line_side(len: usize, jigsaw: bool) -> Option<usize> {
    (1..=9).find(|s| s * s == len && (jigsaw || default_boxes(*s).is_some()))
}

/// Whether `text` is a Sudoku grid: its content lines hold only squares, and their
/// count and lengths fit one of the sizes (N lines of N, or one line of 16, 36 or 81); a
/// jigsaw's grid (any side, followed by `regions`) too.
#[must_use]
pub(crate) fn looks_like_sudoku(text: &str) -> bool {
    let (lines, _, regions) = split(strip_bom(text));
    let jigsaw = regions.is_some();
    let rows: Vec<Vec<Token<'_>>> = lines.iter().map(|&(n, l)| squares(l, n)).collect();
    let all_squares = rows.iter().flatten().all(|t| {
        t.text == "." || (t.text.len() <= 2 && t.text.bytes().all(|b| b.is_ascii_digit()))
    });
    let n = rows.len();
    let shape = match &rows[..] {
        [one] => one_line_side(one.len(), jigsaw).is_some(),
        _ => {
            let side = default_boxes(n).is_some() || (jigsaw && (1..=16).contains(&n));
            side && rows.iter().all(|r| r.len() == n)
        }
    };
    all_squares && shape
}

/// Parses `.sudoku` text.
///
/// # Errors
/// A positioned [`ParseError`] for the first bad square, row, region or rule.
pub(crate) fn parse_sudoku(text: &str) -> Result<Sudoku, ParseError> {
    let text = strip_bom(text);
    let (lines, diagonals, regions) = split(text);
    let jigsaw = regions.is_some();
    if lines.is_empty() {
        let pos = regions
            .as_ref()
            .map_or(Pos::new(1, 1), |((no, _), _)| Pos::new(*no, 1));
        return Err(ParseError::new(pos, nothing_found(text)));
    }
    let mut rows: Vec<Vec<Token<'_>>> = lines.iter().map(|&(n, l)| squares(l, n)).collect();
    if let [one] = &rows[..] {
        let len = one.len();
        if len > 1 {
            let Some(side) = one_line_side(len, jigsaw) else {
                return Err(ParseError::new(one[0].pos, SudokuParseError::OneLine(len)));
            };
            rows = one.chunks(side).map(<[Token<'_>]>::to_vec).collect();
        }
    }
    let n = rows[0].len();
    let boxes = match default_boxes(n) {
        Some(b) => b,
        None if jigsaw && (1..=16).contains(&n) => (1, n),
        None => {
            return Err(ParseError::new(
                rows[0][0].pos,
                SudokuParseError::Rule(SudokuError::Size { size: n }),
            ))
        }
    };
    let (givens, at) = grid_givens(&rows, n)?;
    if rows.len() < n {
        let last = lines[lines.len() - 1];
        return Err(ParseError::new(
            Pos::new(last.0 + 1, 1),
            SudokuParseError::RowCount {
                found: rows.len(),
                want: n,
            },
        ));
    }
    let (sudoku, map) = match &regions {
        Some(((no, line), map_lines)) => {
            let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
            let map = parse_map(map_lines, n, Pos::new(*no, col))?;
            (Sudoku::jigsaw(n, &map.map, &givens), Some(map))
        }
        None => (Sudoku::new(n, boxes, &givens), None),
    };
    let sudoku = if diagonals {
        sudoku.and_then(Sudoku::with_diagonals)
    } else {
        sudoku
    };
    sudoku.map_err(|e| rule_pos(e, &at, map.as_ref()))
}

/// The error of a broken rule, at the region letter or the given it names.
fn rule_pos(e: SudokuError, at: &HashMap<Cell, Pos>, map: Option<&RegionMap>) -> ParseError {
    let pos = map
        .and_then(|m| m.pos_of(&e))
        .or_else(|| e.cell().and_then(|c| at.get(&c).copied()));
    ParseError::new(pos.unwrap_or(Pos::new(1, 1)), SudokuParseError::Rule(e))
}

/// Givens, and where each square of the grid is.
type Givens = (Vec<(Cell, u8)>, HashMap<Cell, Pos>);

/// The givens of the grid's rows, with the position of every square.
fn grid_givens(rows: &[Vec<Token<'_>>], n: usize) -> Result<Givens, ParseError> {
    let mut givens = Vec::new();
    let mut at: HashMap<Cell, Pos> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        if r >= n {
            return Err(ParseError::new(
                row[0].pos,
                SudokuParseError::RowCount {
                    found: rows.len(),
                    want: n,
                },
            ));
        }
        if row.len() != n {
            let pos = row.get(n).map_or(row[row.len() - 1].pos, |t| t.pos);
            return Err(ParseError::new(
                pos,
                SudokuParseError::RowLength {
                    row: r + 1,
                    found: row.len(),
                    want: n,
                },
            ));
        }
        for (c, t) in row.iter().enumerate() {
            let d = square(t.text, t.pos, n)?;
            let cell = Cell::new(r as u8, c as u8);
            let _ = at.insert(cell, t.pos);
            if d != 0 {
                givens.push((cell, d));
            }
        }
    }
    Ok((givens, at))
}

/// Whether `text` is unmistakably a Killer Sudoku: `size N` first and a `boxes` line, or a
/// jigsaw's `regions` line (KenKen files start with `size N` too, and their cages may lack
/// operators).
#[must_use]
pub(crate) fn looks_like_killer(text: &str) -> bool {
    let lines = content(strip_bom(text));
    let first = |l: &str| l.split_whitespace().next().map(str::to_ascii_lowercase);
    lines.first().and_then(|(_, l)| first(l)).as_deref() == Some("size")
        && lines
            .iter()
            .any(|(_, l)| matches!(first(l).as_deref(), Some("boxes" | "regions")))
}

/// A positioned Killer error.
fn kerr(pos: Pos, e: KillerParseError) -> ParseError {
    ParseError::new(pos, e)
}

/// The single value of a `size`/`boxes` line.
fn value<'a>(
    toks: &[Token<'a>],
    err: impl Fn(String) -> KillerParseError,
) -> Result<Token<'a>, ParseError> {
    match toks {
        [key] => Err(kerr(key.pos, err(String::new()))),
        [_, v] => Ok(*v),
        [_, _, extra, ..] => Err(kerr(
            extra.pos,
            KillerParseError::Trailing(extra.text.to_string()),
        )),
        [] => Err(kerr(Pos::new(1, 1), err(String::new()))),
    }
}

/// A cell name.
fn cell(t: Token<'_>) -> Result<Cell, ParseError> {
    Cell::parse_label(t.text).ok_or_else(|| kerr(t.pos, KillerParseError::BadCell(t.text.into())))
}

/// Parses `.killer` text.
///
/// # Errors
/// A positioned [`ParseError`] for the first bad line or rule.
pub(crate) fn parse_killer(text: &str) -> Result<Killer, ParseError> {
    let text = strip_bom(text);
    let lines = content(text);
    let Some(&(first_no, first)) = lines.first() else {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    };
    let toks = tokens(first, first_no, 1);
    if !toks[0].text.eq_ignore_ascii_case("size") {
        return Err(kerr(
            toks[0].pos,
            KillerParseError::MissingSize(toks[0].text.into()),
        ));
    }
    let v = value(&toks, KillerParseError::BadSize)?;
    let size_pos = v.pos;
    let n = v
        .text
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=16).contains(n))
        .ok_or_else(|| kerr(v.pos, KillerParseError::BadSize(v.text.into())))?;
    let mut boxes = None;
    let mut diagonals = false;
    let mut cages = Vec::new();
    let mut givens = Vec::new();
    let mut at: HashMap<Cell, Pos> = HashMap::new();
    let mut regions: Option<RegionMap> = None;
    let mut i = 1;
    while let Some(&(no, line)) = lines.get(i) {
        i += 1;
        let toks = tokens(line, no, 1);
        let head = toks[0];
        if head.text.eq_ignore_ascii_case("size") {
            return Err(kerr(head.pos, KillerParseError::Repeated("size")));
        }
        if is_regions(line) {
            if regions.is_some() {
                return Err(kerr(head.pos, KillerParseError::Repeated("regions")));
            }
            if boxes.is_some() {
                return Err(kerr(head.pos, KillerParseError::BoxesAndRegions));
            }
            let end = (i + n).min(lines.len());
            regions = Some(parse_map(&lines[i..end], n, head.pos)?);
            i = end;
            continue;
        }
        if head.text.eq_ignore_ascii_case("diagonals") {
            if diagonals {
                return Err(kerr(head.pos, KillerParseError::Repeated("diagonals")));
            }
            if let Some(extra) = toks.get(1) {
                return Err(kerr(
                    extra.pos,
                    KillerParseError::Trailing(extra.text.to_string()),
                ));
            }
            diagonals = true;
            continue;
        }
        if head.text.eq_ignore_ascii_case("boxes") {
            if boxes.is_some() || !cages.is_empty() || !givens.is_empty() {
                return Err(kerr(head.pos, KillerParseError::Repeated("boxes")));
            }
            if regions.is_some() {
                return Err(kerr(head.pos, KillerParseError::BoxesAndRegions));
            }
            let v = value(&toks, KillerParseError::BadBoxes)?;
            let bad = || kerr(v.pos, KillerParseError::BadBoxes(v.text.into()));
            let (r, c) = v.text.split_once(['x', 'X']).ok_or_else(bad)?;
            let dim = |s: &str| s.parse::<usize>().ok().filter(|d| (1..=16).contains(d));
            boxes = Some((dim(r).ok_or_else(bad)?, dim(c).ok_or_else(bad)?, v.pos));
            continue;
        }
        if toks.get(1).is_some_and(|t| t.text == "=") {
            let rest = &toks[2..];
            let [c] = rest else {
                let pos = rest.get(1).map_or(toks[1].pos, |t| t.pos);
                return Err(kerr(pos, KillerParseError::BadGiven));
            };
            let c_cell = cell(*c)?;
            let digit = head
                .text
                .parse::<u8>()
                .ok()
                .filter(|&d| d >= 1 && usize::from(d) <= n)
                .ok_or_else(|| {
                    kerr(
                        head.pos,
                        KillerParseError::BadDigit {
                            token: head.text.into(),
                            size: n,
                        },
                    )
                })?;
            let _ = at.insert(c_cell, c.pos);
            givens.push((c_cell, digit));
            continue;
        }
        let sum = head
            .text
            .parse::<u32>()
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| kerr(head.pos, KillerParseError::BadSum(head.text.into())))?;
        if toks.len() < 2 {
            return Err(kerr(head.pos, KillerParseError::NoCells));
        }
        let mut cells = Vec::with_capacity(toks.len() - 1);
        for t in &toks[1..] {
            let c = cell(*t)?;
            let _ = at.insert(c, t.pos);
            if cells.contains(&c) {
                return Err(kerr(
                    t.pos,
                    KillerParseError::Rule(SudokuError::CellInTwoCages { cell: c }),
                ));
            }
            cells.push(c);
        }
        cages.push(KillerCage { sum, cells });
    }
    if let Some(map) = &regions {
        let mut sudoku =
            Sudoku::jigsaw(n, &map.map, &givens).map_err(|e| kerr_rule(e, size_pos, &at, map))?;
        if diagonals {
            sudoku = sudoku
                .with_diagonals()
                .map_err(|e| kerr_rule(e, size_pos, &at, map))?;
        }
        return Killer::new(sudoku, cages).map_err(|e| kerr_rule(e, size_pos, &at, map));
    }
    let (box_dims, box_pos) = match boxes {
        Some((r, c, pos)) => ((r, c), pos),
        None => (
            default_boxes(n).ok_or_else(|| {
                kerr(
                    size_pos,
                    KillerParseError::Rule(SudokuError::Size { size: n }),
                )
            })?,
            size_pos,
        ),
    };
    let rule = |e: SudokuError| {
        let pos = match &e {
            SudokuError::Boxes { .. } => Some(box_pos),
            SudokuError::Size { .. } | SudokuError::KillerSize { .. } => Some(size_pos),
            _ => e.cell().and_then(|c| at.get(&c).copied()),
        };
        kerr(pos.unwrap_or(size_pos), KillerParseError::Rule(e))
    };
    let mut sudoku = Sudoku::new(n, box_dims, &givens).map_err(rule)?;
    if diagonals {
        sudoku = sudoku.with_diagonals().map_err(rule)?;
    }
    Killer::new(sudoku, cages).map_err(rule)
}

/// A broken rule of a jigsaw Killer, at the region letter, the cell it names or `size`.
fn kerr_rule(
    e: SudokuError,
    size_pos: Pos,
    at: &HashMap<Cell, Pos>,
    map: &RegionMap,
) -> ParseError {
    let pos = map
        .pos_of(&e)
        .or_else(|| e.cell().and_then(|c| at.get(&c).copied()));
    kerr(pos.unwrap_or(size_pos), KillerParseError::Rule(e))
}

impl Sudoku {
    /// The puzzle in the `.sudoku` text format (rows of squares, `.` for an empty one, after
    /// a `diagonals` line for an X variant, then a jigsaw's `regions`).
    #[must_use]
    pub fn to_text(&self) -> String {
        let w = if self.size() > 9 { 2 } else { 1 };
        let head = if self.diagonals() { "diagonals\n" } else { "" };
        head.to_string()
            + &self
                .givens()
                .iter_rows()
                .map(|row| {
                    let squares: Vec<String> = row
                        .iter()
                        .map(|&d| {
                            let s = if d == 0 {
                                ".".to_string()
                            } else {
                                d.to_string()
                            };
                            format!("{s:>w$}")
                        })
                        .collect();
                    squares.join(" ") + "\n"
                })
                .collect::<String>()
            + &regions_block(self)
    }
}

impl Killer {
    /// The puzzle in the `.killer` text format; it reads back as the same Killer whatever
    /// the file's name (the `boxes` line is always written).
    #[must_use]
    pub fn to_text(&self) -> String {
        let s = self.sudoku();
        let mut out = format!("size {}\n", s.size());
        // Always written, default boxes too: the `boxes` line is what tells a Killer from a
        // KenKen when the text travels without its file name (pasted, piped, pickled).
        match s.regions() {
            Some(_) => out += &regions_block(s),
            None => out += &format!("boxes {}x{}\n", s.boxes().0, s.boxes().1),
        }
        if s.diagonals() {
            out += "diagonals\n";
        }
        for cage in self.cages() {
            let cells: Vec<String> = cage.cells.iter().map(ToString::to_string).collect();
            out += &format!("{} {}\n", cage.sum, cells.join(" "));
        }
        for (c, d) in s.given_cells() {
            out += &format!("{d} = {c}\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str, killer: bool) -> String {
        let e = if killer {
            parse_killer(text).unwrap_err()
        } else {
            parse_sudoku(text).unwrap_err()
        };
        e.to_string()
    }

    #[test]
    fn grids_in_three_forms() {
        let a = parse_sudoku("1 . . .\n. . 3 .\n. 4 . .\n. . . 2\n").unwrap();
        let b = parse_sudoku("# c\n1...\n..3.\n.4..\n...2\n").unwrap();
        let c = parse_sudoku("1.....3..4.....2").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert!(looks_like_sudoku("1.....3..4.....2"));
        assert!(!looks_like_sudoku("size 4\n3 + A1 A2"));
    }

    #[test]
    fn errors_are_positioned() {
        assert_eq!(
            err("1 . . .\n. . 3 .\n. 4 x .\n. . . 2\n", false),
            "<stdin>:3:5: bad square 'x' (expected a digit 1..=4, '.' or '0')"
        );
        assert_eq!(
            err("1 . . .\n. 1 3 .\n. 4 . .\n. . . 2\n", false),
            "<stdin>:2:3: given 1 repeats in box 1 (cells A1 and B2)"
        );
        assert_eq!(
            err("size 4\n3 A1 A2\n5 A2 B2\n", true),
            "<stdin>:3:3: cell A2 is in two cages"
        );
        assert_eq!(
            err("size 4\n9 A1 A2\n", true),
            "<stdin>:2:3: cage 9 at A1 cannot be 2 distinct digits 1..=4 (sums 3..=7)"
        );
    }

    #[test]
    fn killer_detection_needs_boxes() {
        assert!(looks_like_killer("size 4\nboxes 2x2\n3 A1 A2"));
        assert!(!looks_like_killer("size 4\n3 A1 A2"));
    }
}
