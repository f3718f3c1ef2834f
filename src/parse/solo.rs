//! # Solo game IDs (Simon Tatham's Sudoku)
//!
//! Reads the game IDs of Tatham's Solo as Sudoku, Sudoku X, jigsaw Sudoku and Killer Sudoku
//! (the writer is [`super::solo_write`]):
//!
//! ```text
//! solo:PARAMS:GRID[,REGIONS][,CAGES,SUMS]
//! ```
//!
//! - `PARAMS` is `CxR` (boxes of C rows and R columns, side N = C·R: `3x3`, `2x3` for 6×6,
//!   `3x4` for 12×12) or `Nj` (a jigsaw of side N; `CxRj` is the jigsaw of side C·R), then
//!   the flags `x` (Sudoku X: both long diagonals hold distinct digits) and `k` (Killer).
//!   Solo's generation settings (`dD` difficulty `t b i a e u`, symmetry `a`, `rN`, `mN`,
//!   `mdN`) do not change the puzzle and are skipped. A `#` in place of `:` starts a random
//!   seed, which only Solo can expand.
//! - `GRID` lists the N² squares in reading order: a letter `a`..`z` is 1..26 empty squares,
//!   a decimal number a given, and `_` separates two numbers.
//! - `REGIONS` (jigsaw only) and `CAGES` (Killer only) walk the N(N−1) internal vertical
//!   edges in reading order, then the N(N−1) internal horizontal edges in transposed order:
//!   each letter is a number of edges that are *not* walls followed by one wall (`_` = 0,
//!   `a` = 1, …, `y` = 25; `z` = 25 non-walls and no wall), ending with one virtual wall.
//!   The regions (cages) are the cells joined by non-walls.
//! - `SUMS` is a second `GRID` whose numbers are the cage sums, each in one cell of its cage
//!   (Solo writes it in the cage's first cell in reading order).
//!
//! The prefix `solo:` may be left out, as Solo itself writes and reads IDs: a bare `CxR…:` or
//! `Nj…:` is read as Solo's whatever the file's name. A file holds one ID; blank lines and `#` comments are skipped. Errors point at the
//! character that is wrong.
//!
//! ## References
//! Simon Tatham's Portable Puzzle Collection, `solo.c`: `decode_params`, `spec_to_grid`,
//! `spec_to_dsf`, `validate_desc`, `encode_block_structure_desc`, `encode_grid`.

use std::collections::HashMap;

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{ParseError, ParseErrorKind, Pos};
use crate::puzzle::sudoku::MAX_SUDOKU_SIZE;
use crate::puzzle::{Killer, KillerCage, Puzzle, Sudoku, SudokuError};

/// What is wrong with a Solo game ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SoloIdError {
    /// No ID line at all.
    #[error("no Solo game ID found (expected solo:PARAMS:GRID)")]
    Missing,
    /// The parameters do not start with a number.
    #[error("expected the box size at the start of the Solo parameters (e.g. 3x3, 2x3, 9j)")]
    NoSize,
    /// A side beyond what cagesat's Sudoku takes, or an empty one.
    #[error("Solo size {side} is out of range (sides 1..={MAX_SUDOKU_SIZE})")]
    BadSize {
        /// The side the parameters give.
        side: usize,
    },
    /// A character the parameters do not take.
    #[error("unexpected '{0}' in the Solo parameters (expected CxR or Nj, then x, k, dD)")]
    BadParams(char),
    /// A difficulty letter Solo does not know.
    #[error("unknown difficulty '{0}' (expected t, b, i, a, e or u after 'd')")]
    BadDifficulty(String),
    /// A random seed instead of a game ID.
    #[error("'#' starts a random seed, which only Solo can expand; give the game ID (solo:PARAMS:…) instead")]
    RandomSeed,
    /// A character the grid does not take.
    #[error("unexpected '{0}' in the grid (expected a-z for empty squares, a number or '_')")]
    BadGridChar(char),
    /// A number outside the grid's or the sums' range.
    #[error("number {found} is out of range (expected 1..={max})")]
    BadNumber {
        /// The number as written.
        found: String,
        /// The largest allowed.
        max: usize,
    },
    /// More squares than the grid has.
    #[error("the grid describes more than its {squares} squares")]
    TooManySquares {
        /// N².
        squares: usize,
    },
    /// Fewer squares than the grid has.
    #[error("the grid ends after {found} of its {squares} squares")]
    TooFewSquares {
        /// Squares described.
        found: usize,
        /// N².
        squares: usize,
    },
    /// A character a block structure does not take.
    #[error("unexpected '{0}' in the {1} structure (expected '_' or a-z)")]
    BadBlockChar(char, &'static str),
    /// More edges than the grid has.
    #[error("the {what} structure describes more than the {edges} internal edges")]
    TooManyEdges {
        /// `region` or `cage`.
        what: &'static str,
        /// Internal edges, 2N(N−1).
        edges: usize,
    },
    /// Fewer edges than the grid has.
    #[error("the {what} structure ends after {found} of the {edges} internal edges")]
    TooFewEdges {
        /// `region` or `cage`.
        what: &'static str,
        /// Edges described.
        found: usize,
        /// Internal edges, 2N(N−1).
        edges: usize,
    },
    /// A missing `,` section.
    #[error("expected ',' and the {0} after the {1}")]
    MissingSection(&'static str, &'static str),
    /// A cage without a sum in the sums grid.
    #[error("the cage at {0} has no sum")]
    NoSum(Cell),
    /// A cage with two sums.
    #[error("the cage at {cage} has two sums (at {first} and {second})")]
    TwoSums {
        /// The cage's first cell.
        cage: Cell,
        /// The first sum's cell.
        first: Cell,
        /// The second's.
        second: Cell,
    },
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
    /// Text after the ID.
    #[error("unexpected text after the Solo game ID")]
    TrailingText,
}

/// The prefix that marks a Solo ID.
const PREFIX: &str = "solo:";

/// The ID line: the first that is not blank or a `#` comment, with its number.
fn id_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (1..).zip(text.lines()).filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

/// `s` without a leading `solo:` (any case), and whether it had one.
fn strip_prefix(s: &str) -> (&str, bool) {
    match s.get(..PREFIX.len()) {
        Some(p) if p.eq_ignore_ascii_case(PREFIX) => (&s[PREFIX.len()..], true),
        _ => (s, false),
    }
}

/// True when the first content line starts with `solo:` and a number, or is a bare ID as
/// Solo writes it (`CxR…:` or `Nj…:`, parameters of letters and digits before the first
/// `:`): what front ends and [`crate::Puzzle::parse`] take for a Solo game ID whatever the
/// file's name.
///
/// ```
/// use cagesat::parse::looks_like_solo_id;
///
/// assert!(looks_like_solo_id("solo:2x3:2a5b4d2a3b2d2b3a6d4b6a1"));
/// assert!(looks_like_solo_id("2x3:2a5b4d2a3b2d2b3a6d4b6a1"));
/// assert!(looks_like_solo_id("9jk:a,b,c"));
/// assert!(!looks_like_solo_id("4:_7a_4aa,a6m8a3s1s1a5m12"));
/// ```
#[must_use]
pub fn looks_like_solo_id(text: &str) -> bool {
    let Some((_, line)) = id_lines(text).next() else {
        return false;
    };
    let (rest, prefixed) = strip_prefix(line.trim());
    if prefixed {
        rest.starts_with(|c: char| c.is_ascii_digit())
    } else {
        is_bare_params(rest)
    }
}

/// Whether `line` starts with Solo's parameters as Solo writes them without the prefix:
/// a number, then `xR` or `j`, then letters and digits up to a `:`. Keen, Towers and
/// Unequal IDs never have `x` followed by a digit or `j` right after the size.
pub(crate) fn is_bare_params(line: &str) -> bool {
    let Some((params, _)) = line.split_once(':') else {
        return false;
    };
    let digits = params.bytes().take_while(u8::is_ascii_digit).count();
    let after = &params.as_bytes()[digits..];
    let shaped = match after {
        [b'x', d, ..] => d.is_ascii_digit(),
        [b'j', ..] => true,
        _ => false,
    };
    digits > 0 && shaped && params.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Parses a Solo game ID such as `solo:2x3:2a5b4d2a3b2d2b3a6d4b6a1` (the `solo:` prefix may be
/// left out); errors are on line 1, at the character that is wrong.
///
/// # Errors
/// A [`ParseError`] whose kind is `ParseErrorKind::SoloId` (a [`SoloIdError`]).
pub fn parse_solo_id(id: &str) -> Result<Puzzle, ParseError> {
    parse(id)
}

/// Parses a `.solo` file: one game ID, blank and `#` comment lines skipped.
///
/// # Errors
/// A positioned [`ParseError`].
pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = id_lines(text);
    let Some((line_no, line)) = lines.next() else {
        let last = text.lines().count().max(1);
        return Err(err(Pos::new(last, 1), SoloIdError::Missing));
    };
    if let Some((extra, extra_line)) = lines.next() {
        let col = lead(extra_line) + 1;
        return Err(err(Pos::new(extra, col), SoloIdError::TrailingText));
    }
    let first_col = lead(line) + 1;
    let trimmed = line.trim();
    let (rest, _) = strip_prefix(trimmed);
    let mut cur = Cursor {
        chars: trimmed.chars().collect(),
        at: trimmed.len() - rest.len(),
        line: line_no,
        first_col,
    };
    read_id(&mut cur)
}

/// Leading whitespace of a line, in characters.
fn lead(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

fn err(pos: Pos, e: SoloIdError) -> ParseError {
    ParseError::new(pos, ParseErrorKind::SoloId(e))
}

/// A cursor over the ID's characters, counting columns.
struct Cursor {
    chars: Vec<char>,
    at: usize,
    line: usize,
    first_col: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn pos_at(&self, at: usize) -> Pos {
        Pos::new(self.line, self.first_col + at)
    }

    fn fail<T>(&self, e: SoloIdError) -> Result<T, ParseError> {
        Err(err(self.pos_at(self.at), e))
    }

    fn fail_at<T>(&self, at: usize, e: SoloIdError) -> Result<T, ParseError> {
        Err(err(self.pos_at(at), e))
    }

    /// Consumes a run of ASCII digits.
    fn digits(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// Consumes `,` before the section `what` that follows `after`.
    fn comma(&mut self, what: &'static str, after: &'static str) -> Result<(), ParseError> {
        if self.peek() != Some(',') {
            return self.fail(SoloIdError::MissingSection(what, after));
        }
        self.at += 1;
        Ok(())
    }
}

/// Solo's parameters: the box shape (rows, columns) or a jigsaw's side, and the flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// Side N.
    pub(crate) side: usize,
    /// Box rows and columns; `None` for a jigsaw.
    pub(crate) boxes: Option<(usize, usize)>,
    /// Sudoku X.
    pub(crate) x: bool,
    /// Killer.
    pub(crate) killer: bool,
}

/// Reads the whole ID after the prefix.
fn read_id(cur: &mut Cursor) -> Result<Puzzle, ParseError> {
    let params = read_params(cur)?;
    let n = params.side;
    let grid_at = cur.at;
    let givens = read_grid(cur, n, n)?;
    let givens: Vec<(Cell, u8)> = givens
        .iter()
        .filter(|&&(_, d, _)| d != 0)
        // Digits are at most N ≤ 16 here.
        .map(|&(c, d, _)| (c, u8::try_from(d).unwrap_or(u8::MAX)))
        .collect();
    let (sudoku, regions_at) = match params.boxes {
        Some(boxes) => (Sudoku::new(n, boxes, &givens), grid_at),
        None => {
            cur.comma("region structure", "grid")?;
            let at = cur.at;
            let region = read_blocks(cur, n, "region")?;
            let map = Grid::from_rows(
                region
                    .chunks(n)
                    .map(|r| r.iter().map(|&i| (i % 256) as u8).collect())
                    .collect(),
            );
            let sudoku = match map {
                Some(map) => Sudoku::jigsaw(n, &map, &givens),
                None => Err(SudokuError::Size { size: n }),
            };
            (sudoku, at)
        }
    };
    let mut sudoku = sudoku.map_err(|e| rule_err(cur, e, grid_at, regions_at))?;
    if params.x {
        sudoku = sudoku
            .with_diagonals()
            .map_err(|e| rule_err(cur, e, grid_at, regions_at))?;
    }
    if !params.killer {
        return end(cur).map(|()| Puzzle::Sudoku(sudoku));
    }
    cur.comma("cage structure", "grid")?;
    let cages_at = cur.at;
    let cage_of = read_blocks(cur, n, "cage")?;
    cur.comma("cage sums", "cage structure")?;
    let sums = read_grid(cur, n, n * n * n)?;
    end(cur)?;
    let cages = cages(&cage_of, &sums, n).map_err(|(at, e)| err(cur.pos_at(at), e))?;
    Killer::new(sudoku, cages).map(Puzzle::Killer).map_err(|e| {
        // A cage's error is at its sum; a given's at the grid.
        let at = match &e {
            SudokuError::CageSum { cell, .. } | SudokuError::CageTooLarge { cell, .. } => {
                sums.iter().find_map(|&(c, v, at)| {
                    (v != 0 && cage_of[c.index(n)] == cage_of[cell.index(n)]).then_some(at)
                })
            }
            SudokuError::GivenInCage { .. } => Some(grid_at),
            _ => None,
        };
        err(cur.pos_at(at.unwrap_or(cages_at)), SoloIdError::Rule(e))
    })
}

/// A broken rule: at the grid for a given, at the regions for a region.
fn rule_err(cur: &Cursor, e: SudokuError, grid_at: usize, regions_at: usize) -> ParseError {
    let at = match e {
        SudokuError::RegionSize { .. } => regions_at,
        _ => grid_at,
    };
    err(cur.pos_at(at), SoloIdError::Rule(e))
}

/// An error unless the ID has ended.
fn end(cur: &Cursor) -> Result<(), ParseError> {
    match cur.peek() {
        None => Ok(()),
        Some(_) => cur.fail(SoloIdError::TrailingText),
    }
}

/// `CxR` or `Nj` and flags, through the `:`.
fn read_params(cur: &mut Cursor) -> Result<Params, ParseError> {
    let start = cur.at;
    let c = cur.digits();
    if c.is_empty() {
        return cur.fail(SoloIdError::NoSize);
    }
    let big = |_| usize::MAX;
    let c: usize = c.parse().unwrap_or_else(big);
    let mut r = c;
    let mut seen_r = false;
    if cur.peek() == Some('x') && cur.chars.get(cur.at + 1).is_some_and(char::is_ascii_digit) {
        cur.at += 1;
        r = cur.digits().parse().unwrap_or_else(big);
        seen_r = true;
    }
    let (mut jigsaw, mut x, mut killer) = (false, false, false);
    loop {
        let Some(ch) = cur.peek() else {
            return cur.fail(SoloIdError::MissingSection("grid", "parameters"));
        };
        cur.at += 1;
        match ch {
            ':' => break,
            '#' => return cur.fail_at(cur.at - 1, SoloIdError::RandomSeed),
            'j' => jigsaw = true,
            'x' => x = true,
            'k' => killer = true,
            'a' => {}
            'r' | 'm' => {
                if ch == 'm' && cur.peek() == Some('d') {
                    cur.at += 1;
                }
                let _ = cur.digits();
            }
            'd' => match cur.peek() {
                Some('t' | 'b' | 'i' | 'a' | 'e' | 'u') => cur.at += 1,
                other => {
                    let found = other.map(String::from).unwrap_or_default();
                    return cur.fail(SoloIdError::BadDifficulty(found));
                }
            },
            other => return cur.fail_at(cur.at - 1, SoloIdError::BadParams(other)),
        }
    }
    // Solo: `j` makes the side C·R (or C) and the boxes irregular; so does R = 1.
    let side = c.checked_mul(if jigsaw && !seen_r { 1 } else { r });
    let side = side.filter(|s| (1..=MAX_SUDOKU_SIZE).contains(s));
    let Some(side) = side else {
        let side = c.saturating_mul(if jigsaw && !seen_r { 1 } else { r });
        return cur.fail_at(start, SoloIdError::BadSize { side });
    };
    let boxes = (!jigsaw && r != 1).then_some((c, r));
    Ok(Params {
        side,
        boxes,
        x,
        killer,
    })
}

/// One square of a grid: its cell, its number (0 when empty) and where that is in the ID.
type Square = (Cell, usize, usize);

/// Reads a grid of `n`×`n` squares (0 for an empty one, numbers 1..=`max`), up to a `,` or
/// the end.
fn read_grid(cur: &mut Cursor, n: usize, max: usize) -> Result<Vec<Square>, ParseError> {
    let squares = n * n;
    let at = |i: usize| Cell::new((i / n) as u8, (i % n) as u8);
    let mut out = Vec::with_capacity(squares);
    while let Some(ch) = cur.peek().filter(|&c| c != ',') {
        let here = cur.at;
        match ch {
            'a'..='z' => {
                cur.at += 1;
                let run = ch as usize - 'a' as usize + 1;
                if out.len() + run > squares {
                    return cur.fail_at(here, SoloIdError::TooManySquares { squares });
                }
                for _ in 0..run {
                    out.push((at(out.len()), 0, here));
                }
            }
            '_' => cur.at += 1,
            '1'..='9' => {
                let text = cur.digits();
                let value = text.parse::<usize>().ok().filter(|v| *v <= max);
                let Some(value) = value else {
                    return cur.fail_at(here, SoloIdError::BadNumber { found: text, max });
                };
                if out.len() >= squares {
                    return cur.fail_at(here, SoloIdError::TooManySquares { squares });
                }
                out.push((at(out.len()), value, here));
            }
            other => return cur.fail(SoloIdError::BadGridChar(other)),
        }
    }
    if out.len() < squares {
        let found = out.len();
        return cur.fail(SoloIdError::TooFewSquares { found, squares });
    }
    Ok(out)
}

/// The two cells on either side of internal edge `pos` (Solo's order), as indices.
fn edge_cells(n: usize, pos: usize) -> (usize, usize) {
    if pos < n * (n - 1) {
        let (y, x) = (pos / (n - 1), pos % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let (x, y) = (pos / (n - 1) - n, pos % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

/// Union-find root of `i`.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Reads a block structure (regions or cages) up to a `,` or the end: each cell's block,
/// as the smallest index of its cells.
fn read_blocks(cur: &mut Cursor, n: usize, what: &'static str) -> Result<Vec<usize>, ParseError> {
    let edges = 2 * n * n.saturating_sub(1);
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut pos = 0;
    while let Some(ch) = cur.peek().filter(|&c| c != ',') {
        let here = cur.at;
        let run = match ch {
            '_' => 0,
            'a'..='z' => ch as usize - 'a' as usize + 1,
            _ => return cur.fail(SoloIdError::BadBlockChar(ch, what)),
        };
        cur.at += 1;
        let (non_walls, wall) = if ch == 'z' { (25, false) } else { (run, true) };
        for _ in 0..non_walls {
            if pos >= edges {
                return cur.fail_at(here, SoloIdError::TooManyEdges { what, edges });
            }
            let (a, b) = edge_cells(n, pos);
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
            pos += 1;
        }
        if wall {
            pos += 1;
            if pos > edges + 1 {
                return cur.fail_at(here, SoloIdError::TooManyEdges { what, edges });
            }
        }
    }
    if pos != edges + 1 {
        let found = pos.min(edges);
        return cur.fail(SoloIdError::TooFewEdges { what, found, edges });
    }
    Ok((0..n * n).map(|i| find(&mut parent, i)).collect())
}

/// The cages of a block structure with the sums of `sums` (one per cage); an error with
/// where in the ID it is.
fn cages(
    cage_of: &[usize],
    sums: &[Square],
    n: usize,
) -> Result<Vec<KillerCage>, (usize, SoloIdError)> {
    let at = |i: usize| Cell::new((i / n) as u8, (i % n) as u8);
    let mut sum_of: HashMap<usize, (usize, usize)> = HashMap::new();
    for (i, &(_, s, pos)) in sums.iter().enumerate() {
        if s == 0 {
            continue;
        }
        let root = cage_of[i];
        if let Some(&(first, _)) = sum_of.get(&root) {
            let e = SoloIdError::TwoSums {
                cage: at(root),
                first: at(first),
                second: at(i),
            };
            return Err((pos, e));
        }
        let _ = sum_of.insert(root, (i, s));
    }
    let mut out = Vec::new();
    for root in (0..cage_of.len()).filter(|&i| cage_of[i] == i) {
        let Some(&(_, sum)) = sum_of.get(&root) else {
            return Err((sums[0].2, SoloIdError::NoSum(at(root))));
        };
        let cells = (0..cage_of.len())
            .filter(|&i| cage_of[i] == root)
            .map(at)
            .collect();
        // Sums are at most N³ ≤ 4096.
        let sum = u32::try_from(sum).unwrap_or(u32::MAX);
        out.push(KillerCage { sum, cells });
    }
    Ok(out)
}
