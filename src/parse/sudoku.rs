//! # Sudoku text, and the pieces the Killer reader (`crate::parse::killer`) shares
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
//! See `crate::parse::regions` for the letter grid. Variant constraints (thermometers,
//! arrows, dots, little killers, …) follow the grid (and regions), one line each
//! (`crate::parse::variant_text`; `encodings/sudoku.md`, "Variant constraints").

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::killer::with_variant_lines;
use crate::parse::regions::{is_regions, parse_map, regions_block, RegionMap};
use crate::parse::variant_text::{is_variant_line, parse_variant, variant_lines};
use crate::parse::KillerParseError;
use crate::parse::{clip, nothing_found, strip_bom, tokens, ParseError, Pos, Token};
use crate::puzzle::sudoku::{default_boxes, Sudoku, SudokuError};

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
    /// A bad variant constraint line (`thermo A1 A2`, `dot white A1 A2`, …).
    #[error("{0}")]
    Variant(String),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Whether a content line is the `diagonals` line of an X variant.
fn is_diagonals(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("diagonals")
}

/// The content lines (not blank, not `#` comments) with their numbers.
pub(super) fn content(text: &str) -> Vec<(usize, &str)> {
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
    lines.retain(|&(_, l)| !is_variant_line(l));
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
    match one_line(text) {
        Some(sudoku) => Ok(sudoku),
        None => parse_lines(text),
    }
}

/// The common case of a collection, a whole grid as one word of squares (`4.8.2..9…`, side
/// up to 9 with boxes), read without the tokens and positions of [`parse_lines`]; `None`
/// for anything else and for any fault, which [`parse_lines`] then reads and positions.
fn one_line(text: &str) -> Option<Sudoku> {
    let word = strip_bom(text).trim();
    let len = word.len();
    let side = one_line_side(len, false).filter(|_| len > 1)?;
    let boxes = default_boxes(side)?;
    let mut givens = Vec::with_capacity(len);
    for (i, b) in word.bytes().enumerate() {
        let d = match b {
            b'.' => 0,
            b'0'..=b'9' => b - b'0',
            _ => return None,
        };
        if usize::from(d) > side {
            return None;
        }
        if d != 0 {
            givens.push((Cell::new((i / side) as u8, (i % side) as u8), d));
        }
    }
    Sudoku::new(side, boxes, &givens).ok()
}

/// [`parse_sudoku`]'s general path: the content lines, as tokens with their positions.
fn parse_lines(text: &str) -> Result<Sudoku, ParseError> {
    let text = strip_bom(text);
    let (lines, diagonals, regions) = split(text);
    let jigsaw = regions.is_some();
    if lines.is_empty() {
        let pos = regions
            .as_ref()
            .map_or(Pos::new(1, 1), |((no, _), _)| Pos::new(*no, 1));
        return Err(ParseError::new(pos, nothing_found(text)));
    }
    let lines_tokens: Vec<Vec<Token<'_>>> = lines.iter().map(|&(n, l)| squares(l, n)).collect();
    let mut rows: Vec<&[Token<'_>]> = lines_tokens.iter().map(Vec::as_slice).collect();
    if let [one] = rows[..] {
        let len = one.len();
        if len > 1 {
            let Some(side) = one_line_side(len, jigsaw) else {
                return Err(ParseError::new(one[0].pos, SudokuParseError::OneLine(len)));
            };
            rows = one.chunks(side).collect();
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
    let givens = grid_givens(&rows, n)?;
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
    let sudoku = sudoku.map_err(|e| rule_pos(e, &rows, map.as_ref()))?;
    let mut variants = Vec::new();
    for (no, line) in content(text) {
        if is_variant_line(line) {
            let toks = tokens(line, no, 1);
            variants.push((parse_variant(&toks)?, toks[0].pos));
        }
    }
    with_variant_lines(sudoku, variants).map_err(|e| match e.kind {
        crate::parse::ParseErrorKind::Killer(KillerParseError::Rule(r)) => {
            ParseError::new(e.pos, SudokuParseError::Rule(r))
        }
        _ => e,
    })
}

/// The error of a broken rule, at the region letter or the given it names (its square in
/// `rows`, the grid's rows of squares).
fn rule_pos(e: SudokuError, rows: &[&[Token<'_>]], map: Option<&RegionMap>) -> ParseError {
    let square = |c: Cell| {
        let row = rows.get(usize::from(c.row))?;
        row.get(usize::from(c.col)).map(|t| t.pos)
    };
    let pos = map
        .and_then(|m| m.pos_of(&e))
        .or_else(|| e.cell().and_then(square));
    ParseError::new(pos.unwrap_or(Pos::new(1, 1)), SudokuParseError::Rule(e))
}

/// The givens of the grid's rows (each square's position stays in its token, for
/// [`rule_pos`]).
fn grid_givens(rows: &[&[Token<'_>]], n: usize) -> Result<Vec<(Cell, u8)>, ParseError> {
    let mut givens = Vec::new();
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
            if d != 0 {
                givens.push((Cell::new(r as u8, c as u8), d));
            }
        }
    }
    Ok(givens)
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
            + &variant_lines(self.variants())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::killer::{looks_like_killer, parse_killer};

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

    /// The one-line fast path reads what the general path reads, the same way, and
    /// declines (for the general path to position the error) whatever it would refuse:
    /// random words of squares, near-squares and junk, of the one-line lengths and others.
    #[test]
    fn the_one_line_path_agrees_with_the_general_one() {
        let mut rng = crate::rng::SplitMix64::new(38);
        let junk = b"0123456789x #";
        let mut fast = 0;
        for _ in 0..20_000 {
            let len = [4, 16, 36, 81, 81, 81, 80, 9, 25][rng.below(9) as usize];
            let max = [2, 4, 6, 9, 9, 9][rng.below(6) as usize];
            // Givens in a word: few (most words valid) to many (repeats).
            let density = rng.below(30);
            let mut word: String = (0..len)
                .map(|_| match rng.below(1000) {
                    0..=4 => char::from(junk[rng.below(junk.len() as u64) as usize]),
                    r if r % 100 < density => char::from(b'1' + rng.below(max) as u8),
                    _ => '.',
                })
                .collect();
            match rng.below(6) {
                0 => word = format!("  {word}\n"),
                1 => word = format!("\u{feff}{word}"),
                _ => {}
            }
            let general = parse_lines(&word);
            if let Some(sudoku) = one_line(&word) {
                fast += 1;
                assert_eq!(general.as_ref(), Ok(&sudoku), "{word:?}");
            }
            assert_eq!(parse_sudoku(&word), general, "{word:?}");
        }
        assert!(fast > 1_000, "the fast path took {fast} of 20,000");
    }

    #[test]
    fn killer_detection_needs_boxes() {
        assert!(looks_like_killer("size 4\nboxes 2x2\n3 A1 A2"));
        assert!(!looks_like_killer("size 4\n3 A1 A2"));
    }
}
