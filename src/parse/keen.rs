//! # Keen game IDs
//!
//! Reads the game IDs of Simon Tatham's Keen, the inverse of [`crate::parse::keen_id`]:
//!
//! ```text
//! [keen:]N[dD][m]:BLOCKS,CLUES
//! ```
//!
//! - `N` is the side (Keen makes 3..=9; 1..=9 is read). `dD` (difficulty `e n h x u`) and `m`
//!   (multiplication only) are Keen's generation parameters; they do not change the puzzle and
//!   are checked, then ignored. A `#` instead of `:` starts a random seed, which only Keen
//!   can turn into a puzzle.
//! - `BLOCKS` walks the w(w−1) internal vertical edges in reading order, then the w(w−1)
//!   internal horizontal edges in transposed order. Each letter is a number of edges that are
//!   *not* cage walls followed by one wall: `_` = 0, `a` = 1, …, `y` = 25; `z` is 25 non-walls
//!   and no wall. A letter followed by a number repeats that many times (`_21` = 21 walls in
//!   a row). The walk ends with one virtual wall past the last edge. The cages are the
//!   connected regions of cells joined by non-walls.
//! - `CLUES` lists, for each cage in reading order of its top-left cell, `a` (add), `m`
//!   (multiply), `s` (subtract) or `d` (divide, both 2-cell cages only) and the target.
//!
//! A `.keen` file holds one ID; blank lines and lines starting with `#` are skipped. Errors
//! point at the character that is wrong.
//!
//! ## References
//! Simon Tatham's Portable Puzzle Collection, `keen.c`: `encode_block_structure`,
//! `parse_block_structure`, `validate_desc`. (Keen's reader takes `y` as 25 non-walls without
//! a wall and `z` as 26 with one, unlike its writer; runs that long never occur in Keen's
//! puzzles, and this reader follows the writer, so it reads back everything the writer and
//! [`crate::parse::keen_id`] write.)

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::{KenKenParseError, ParseError, ParseErrorKind, Pos};
use crate::puzzle::{Cage, KenKen, Op};

/// Largest side a Keen ID may have.
const MAX_SIDE: usize = 9;

/// What is wrong with a Keen game ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KeenIdError {
    /// No ID line at all.
    #[error("no Keen game ID found (expected N:BLOCKS,CLUES)")]
    Missing,
    /// The ID does not start with the grid size.
    #[error("expected the grid size at the start of the Keen game ID (N:BLOCKS,CLUES)")]
    NoSize,
    /// The size is outside 1..=9.
    #[error("grid size {0} is out of range (Keen IDs have sizes 1..=9)")]
    BadSize(String),
    /// A difficulty letter that Keen does not know.
    #[error("unknown difficulty '{0}' (expected e, n, h, x or u after 'd')")]
    BadDifficulty(String),
    /// A random seed instead of a game ID.
    #[error(
        "'#' starts a random seed, which only Keen can expand; give the game ID (N:…) instead"
    )]
    RandomSeed,
    /// Something other than `:` after the parameters.
    #[error("unexpected '{0}' in the parameters (expected ':' after N[dD][m])")]
    BadParams(char),
    /// A character that is not `_`, a letter or a repeat count.
    #[error("unexpected '{0}' in the cage structure (expected '_', a-z or a repeat count)")]
    BadBlockChar(char),
    /// A repeat count of zero (or too large to be meant).
    #[error("bad repeat count '{0}' in the cage structure")]
    BadRepeat(String),
    /// More edges than the grid has.
    #[error(
        "the cage structure describes more than the {edges} internal edges of a {side}x{side} grid"
    )]
    TooManyEdges {
        /// Grid side.
        side: usize,
        /// Internal edges, 2w(w−1).
        edges: usize,
    },
    /// Fewer edges than the grid has.
    #[error("the cage structure ends after {found} of the {edges} internal edges of a {side}x{side} grid")]
    TooFewEdges {
        /// Grid side.
        side: usize,
        /// Edges described (walls and non-walls).
        found: usize,
        /// Internal edges, 2w(w−1).
        edges: usize,
    },
    /// No `,` between the cage structure and the clues.
    #[error("expected ',' and the clues after the cage structure")]
    MissingComma,
    /// A clue letter that is not `a`, `m`, `s` or `d`.
    #[error("unknown clue type '{0}' (expected a, m, s or d)")]
    BadClueType(char),
    /// A clue letter without its number.
    #[error("clue '{0}' has no number")]
    MissingTarget(char),
    /// A zero target.
    #[error("clue target must be positive, found '{0}'")]
    ZeroTarget(String),
    /// A target beyond 64 bits.
    #[error("clue target '{0}' is too large")]
    TargetOverflow(String),
    /// `s`/`d` on a cage that does not have two cells.
    #[error("'{op}' clues need a 2-cell cage; the cage at {cell} has {cells} cells")]
    TwoCellsOnly {
        /// `s` or `d`.
        op: char,
        /// The cage's top-left cell.
        cell: Cell,
        /// Its size.
        cells: usize,
    },
    /// Fewer clues than cages.
    #[error("{found} clues for {cages} cages (the cage at {next} has none)")]
    TooFewClues {
        /// Clues given.
        found: usize,
        /// Cages in the structure.
        cages: usize,
        /// The first cage without a clue.
        next: Cell,
    },
    /// More clues than cages.
    #[error("more clues than the {0} cages")]
    TooManyClues(usize),
    /// Text after the ID.
    #[error("unexpected text after the Keen game ID")]
    TrailingText,
}

/// True when the first line that is not blank or a `#` comment looks like a Keen game ID:
/// `[keen:]N[dD][m]:` or `N…#seed` (which [`parse_keen_id`] may still reject, with its own
/// message). Front ends use it to tell an ID from a file name or pasted puzzle text.
///
/// ```
/// use cagesat::parse::looks_like_keen_id;
///
/// assert!(looks_like_keen_id("keen:4:_7a_4aa,a6m8a3s1s1a5m12"));
/// assert!(looks_like_keen_id("5dh#123456"));
/// assert!(!looks_like_keen_id("size 4"));
/// assert!(!looks_like_keen_id("4j:a,b")); // Solo's jigsaw
/// ```
#[must_use]
pub fn looks_like_keen_id(text: &str) -> bool {
    let Some((_, line)) = id_lines(text).next() else {
        return false;
    };
    let rest = strip_prefix_keen(line.trim());
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || super::solo::is_bare_params(rest) {
        return false;
    }
    let params_end = rest.find([':', '#']).unwrap_or(rest.len());
    rest.len() > params_end
        && rest[digits..params_end]
            .bytes()
            .all(|b| b.is_ascii_alphabetic())
}

/// Parses a Keen game ID such as `4:_7a_4aa,a6m8a3s1s1a5m12` (a `keen:` prefix, Keen's
/// difficulty `dD` and `m` flags and surrounding whitespace are allowed). Errors are on line 1,
/// at the character that is wrong; the caller attaches a name.
///
/// # Errors
/// A [`ParseError`] whose kind is `ParseErrorKind::KeenId` (a [`KeenIdError`]).
pub fn parse_keen_id(id: &str) -> Result<KenKen, ParseError> {
    if id.lines().count() > 1 {
        return parse(id);
    }
    let lead = id.chars().take_while(|c| c.is_whitespace()).count();
    parse_line(id.trim(), 1, lead + 1)
}

/// Parses a `.keen` file: one game ID, blank and `#` comment lines skipped.
///
/// # Errors
/// A positioned [`ParseError`].
pub(crate) fn parse(text: &str) -> Result<KenKen, ParseError> {
    let mut lines = id_lines(text);
    let Some((line_no, line)) = lines.next() else {
        let last = text.lines().count().max(1);
        return Err(err(last, 1, KeenIdError::Missing));
    };
    if let Some((extra, extra_line)) = lines.next() {
        let col = leading_ws(extra_line) + 1;
        return Err(err(extra, col, KeenIdError::TrailingText));
    }
    let lead = leading_ws(line);
    parse_line(line.trim(), line_no, lead + 1)
}

/// The non-blank, non-comment lines with their 1-based numbers.
fn id_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (1..).zip(text.lines()).filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

fn leading_ws(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

fn strip_prefix_keen(s: &str) -> &str {
    match s.get(..5) {
        Some(p) if p.eq_ignore_ascii_case("keen:") => &s[5..],
        _ => s,
    }
}

fn err(line: usize, col: usize, e: KeenIdError) -> ParseError {
    ParseError::new(Pos::new(line, col), ParseErrorKind::KeenId(e))
}

/// A cursor over one line of ASCII-or-not text, counting character columns.
struct Cursor {
    chars: Vec<char>,
    at: usize,
    line: usize,
    first_col: usize,
}

impl Cursor {
    fn new(text: &str, line: usize, first_col: usize) -> Self {
        Cursor {
            chars: text.chars().collect(),
            at: 0,
            line,
            first_col,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn col(&self) -> usize {
        self.first_col + self.at
    }

    fn fail<T>(&self, e: KeenIdError) -> Result<T, ParseError> {
        Err(err(self.line, self.col(), e))
    }

    fn fail_at<T>(&self, at: usize, e: KeenIdError) -> Result<T, ParseError> {
        Err(err(self.line, self.first_col + at, e))
    }

    /// Consumes a run of ASCII digits.
    fn digits(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }
}

fn parse_line(line: &str, line_no: usize, first_col: usize) -> Result<KenKen, ParseError> {
    let skip = line.len() - strip_prefix_keen(line).len();
    let mut cur = Cursor::new(line, line_no, first_col);
    cur.at = skip;
    let side = parse_params(&mut cur)?;
    let cage_of = parse_blocks(&mut cur, side)?;
    let cages = parse_clues(&mut cur, side, &cage_of)?;
    // Every cell is in one cage and every target is positive by construction, so this
    // cannot fail; the error is passed on rather than unwrapped all the same.
    KenKen::new(side, cages, false)
        .map_err(|e| ParseError::new(Pos::new(line_no, first_col), KenKenParseError::Puzzle(e)))
}

/// `N[dD][m]:` → N.
fn parse_params(cur: &mut Cursor) -> Result<usize, ParseError> {
    let start = cur.at;
    let digits = cur.digits();
    if digits.is_empty() {
        return cur.fail(KeenIdError::NoSize);
    }
    let side = digits
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_SIDE).contains(n));
    let Some(side) = side else {
        return cur.fail_at(start, KeenIdError::BadSize(digits));
    };
    if cur.peek() == Some('d') {
        cur.at += 1;
        match cur.peek() {
            Some('e' | 'n' | 'h' | 'x' | 'u') => cur.at += 1,
            Some(c) => return cur.fail(KeenIdError::BadDifficulty(c.to_string())),
            None => return cur.fail(KeenIdError::BadDifficulty(String::new())),
        }
    }
    if cur.peek() == Some('m') {
        cur.at += 1;
    }
    match cur.peek() {
        Some(':') => {
            cur.at += 1;
            Ok(side)
        }
        Some('#') => cur.fail(KeenIdError::RandomSeed),
        Some(c) => cur.fail(KeenIdError::BadParams(c)),
        None => cur.fail(KeenIdError::MissingComma),
    }
}

/// Union-find over the cells, smallest index as the root (as Keen's dsf keeps it).
struct Regions {
    parent: Vec<usize>,
}

impl Regions {
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        self.parent[hi] = lo;
    }
}

/// The two cells on either side of internal edge `pos` (Keen's order).
fn edge_cells(side: usize, pos: usize) -> (usize, usize) {
    let w = side;
    if pos < w * (w - 1) {
        let (y, x) = (pos / (w - 1), pos % (w - 1));
        (y * w + x, y * w + x + 1)
    } else {
        let (x, y) = (pos / (w - 1) - w, pos % (w - 1));
        (y * w + x, (y + 1) * w + x)
    }
}

/// Reads BLOCKS up to the `,`; returns each cell's region root (its cage's smallest index).
fn parse_blocks(cur: &mut Cursor, side: usize) -> Result<Vec<usize>, ParseError> {
    let edges = 2 * side * (side - 1);
    let mut regions = Regions {
        parent: (0..side * side).collect(),
    };
    let mut pos = 0;
    while let Some(ch) = cur.peek().filter(|&c| c != ',') {
        let token_at = cur.at;
        let run = match ch {
            '_' => 0,
            'a'..='z' => ch as usize - 'a' as usize + 1,
            _ => return cur.fail(KeenIdError::BadBlockChar(ch)),
        };
        cur.at += 1;
        let count_at = cur.at;
        let count_text = cur.digits();
        let count = if count_text.is_empty() {
            1
        } else {
            match count_text.parse::<usize>() {
                Ok(n) if (1..=edges + 1).contains(&n) => n,
                _ => return cur.fail_at(count_at, KeenIdError::BadRepeat(count_text)),
            }
        };
        let (non_walls, wall) = if ch == 'z' { (25, false) } else { (run, true) };
        for _ in 0..count {
            for _ in 0..non_walls {
                if pos >= edges {
                    return cur.fail_at(token_at, KeenIdError::TooManyEdges { side, edges });
                }
                let (a, b) = edge_cells(side, pos);
                regions.merge(a, b);
                pos += 1;
            }
            if wall {
                pos += 1;
                if pos > edges + 1 {
                    return cur.fail_at(token_at, KeenIdError::TooManyEdges { side, edges });
                }
            }
        }
    }
    if pos != edges + 1 {
        let found = pos.min(edges);
        return cur.fail(KeenIdError::TooFewEdges { side, found, edges });
    }
    if cur.peek() != Some(',') {
        return cur.fail(KeenIdError::MissingComma);
    }
    cur.at += 1;
    Ok((0..side * side).map(|i| regions.find(i)).collect())
}

/// Reads CLUES, one per cage in order of the cages' smallest cell index.
fn parse_clues(cur: &mut Cursor, side: usize, root: &[usize]) -> Result<Vec<Cage>, ParseError> {
    let at = |i: usize| Cell::new((i / side) as u8, (i % side) as u8);
    let anchors: Vec<usize> = (0..root.len()).filter(|&i| root[i] == i).collect();
    let mut cages = Vec::with_capacity(anchors.len());
    for (found, &anchor) in anchors.iter().enumerate() {
        let cells: Vec<Cell> = (0..root.len())
            .filter(|&i| root[i] == anchor)
            .map(at)
            .collect();
        let letter_at = cur.at;
        let op = match cur.peek() {
            Some('a') => Op::Add,
            Some('m') => Op::Mul,
            Some(c @ ('s' | 'd')) if cells.len() != 2 => {
                let e = KeenIdError::TwoCellsOnly {
                    op: c,
                    cell: at(anchor),
                    cells: cells.len(),
                };
                return cur.fail(e);
            }
            Some('s') => Op::Sub,
            Some('d') => Op::Div,
            Some(c) => return cur.fail(KeenIdError::BadClueType(c)),
            None => {
                let e = KeenIdError::TooFewClues {
                    found,
                    cages: anchors.len(),
                    next: at(anchor),
                };
                return cur.fail(e);
            }
        };
        let letter = cur.chars[letter_at];
        cur.at += 1;
        let target_at = cur.at;
        let text = cur.digits();
        if text.is_empty() {
            return cur.fail_at(letter_at, KeenIdError::MissingTarget(letter));
        }
        let target = match text.parse::<u64>() {
            Ok(0) => return cur.fail_at(target_at, KeenIdError::ZeroTarget(text)),
            Ok(t) => t,
            Err(_) => return cur.fail_at(target_at, KeenIdError::TargetOverflow(text)),
        };
        cages.push(Cage { op, target, cells });
    }
    match cur.peek() {
        None => Ok(cages),
        Some(c) if c.is_ascii_alphabetic() => cur.fail(KeenIdError::TooManyClues(anchors.len())),
        Some(_) => cur.fail(KeenIdError::TrailingText),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID4: &str = "4:a_7a__a_aaba,s2m12a6a3d2d2m3s1";

    #[test]
    fn reads_a_small_id() {
        let k = parse_keen_id(ID4).unwrap();
        assert_eq!(k.size(), 4);
        assert_eq!(crate::parse::keen_id(&k).as_deref(), Some(ID4));
    }

    #[test]
    fn prefix_and_flags_are_accepted() {
        let plain = parse_keen_id(ID4).unwrap();
        for id in ["keen:4:", "KEEN:4dh:", "4dum:", "  4m:"] {
            let full = format!("{id}{}", &ID4[2..]);
            assert_eq!(parse_keen_id(&full).unwrap(), plain, "{full}");
        }
    }

    #[test]
    fn detection() {
        assert!(looks_like_keen_id(ID4));
        assert!(looks_like_keen_id("# a comment\n\nkeen:6dn:abc"));
        assert!(looks_like_keen_id("6dh#seed"));
        assert!(!looks_like_keen_id("size 4\n7 + A1 B1"));
        assert!(!looks_like_keen_id("11 + A1 B1: x"));
        assert!(!looks_like_keen_id("rows 6 120\ncols 3 4"));
    }
}
