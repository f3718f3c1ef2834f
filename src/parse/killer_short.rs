//! # The forum's short Killer format and SudokuWiki Killer strings
//!
//! **Short format** (enjoysudoku's "snarfable killer cages", as the Interactive Sudoku
//! Solver reads it): 81 characters, one per cell in reading order. A cell holding a sum
//! (`0`–`9`, `A`–`Z` for 10–35, `a`–`j` for 36–45) is the root of its cage; every other
//! cell points at a neighbour of its cage: `<` left, `>` right, `^` up, `v` down, `` ` ``
//! up-left, `'` up-right, `,` down-left, `.` down-right. A root of sum `0` on its own is a
//! cell in no cage.
//!
//! **SudokuWiki** (`3x3::k:` or `3x3:d:k:`, then 81 numbers `sum × 256 + cage id`, sum 0 for
//! a cell in no cage, `:`-separated; a last extra field is ignored). `d` adds the two
//! diagonals (Killer X), refused until the Killer model has them.
//!
//! Positions are characters of the string (line 1; a collection moves them to its line).

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::diagonal::{with_diagonals, Refusal};
use crate::parse::export::{first_given, ExportError};
use crate::parse::{clip, nothing_found, ParseError, Pos};
use crate::puzzle::sudoku::{Killer, KillerCage, Sudoku, SudokuError};
use crate::puzzle::Puzzle;

/// Side of the grids these formats describe.
const SIDE: usize = 9;
/// Cells of the grid.
const CELLS: usize = SIDE * SIDE;

/// A short Killer string's or SudokuWiki Killer string's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerShortError {
    /// A character that is neither a sum nor an arrow.
    #[error("bad character '{}' in a short Killer (expected a sum 0-9 A-Z a-j or one of < > ^ v ` ' , .)", clip(.0))]
    BadChar(String),
    /// An arrow that leaves the grid.
    #[error("the arrow at {0} points outside the grid")]
    Outside(Cell),
    /// Arrows that go round in a circle.
    #[error("the arrows from {0} go round in a loop and reach no sum")]
    Loop(Cell),
    /// A cage of several cells whose root has sum 0.
    #[error("the cage at {0} has several cells and no sum")]
    NoSum(Cell),
    /// A short Killer of the wrong length.
    #[error("a short Killer has 81 characters, found {0}")]
    Length(usize),
    /// A SudokuWiki string with the wrong number of fields.
    #[error("a SudokuWiki Killer has 81 cells after '3x3:?:k:', found {0}")]
    Fields(usize),
    /// A SudokuWiki field that is not a number.
    #[error("bad SudokuWiki cell '{}' (expected a number SUM*256+CAGE)", clip(.0))]
    BadField(String),
    /// A variant the Killer model does not have yet.
    #[error("'3x3:d:k' asks for the diagonals: {0}")]
    Unsupported(&'static str),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Whether `c` is an arrow of the short format.
fn is_arrow(c: char) -> bool {
    matches!(c, '<' | '>' | '^' | 'v' | '`' | '\'' | ',' | '.')
}

/// The sum a root character stands for.
fn sum_of(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(u32::from(c) - u32::from('0')),
        'A'..='Z' => Some(u32::from(c) - u32::from('A') + 10),
        'a'..='j' => Some(u32::from(c) - u32::from('a') + 36),
        _ => None,
    }
}

/// The character for a sum (`None` above 45).
fn char_of(sum: u32) -> Option<char> {
    let code = match sum {
        0..=9 => u32::from('0') + sum,
        10..=35 => u32::from('A') + sum - 10,
        36..=45 => u32::from('a') + sum - 36,
        _ => return None,
    };
    char::from_u32(code)
}

/// The one content line of `text` (blank lines and `#` comments aside): its number, the
/// characters before it, and the line trimmed; `None` when there is none.
fn only_line(text: &str) -> Option<(usize, usize, &str)> {
    let (i, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
    let lead = l.chars().take_while(|c| c.is_whitespace()).count();
    Some((i + 1, lead, l.trim()))
}

/// Whether `text` (one content line) is a short Killer: 81 characters of sums and arrows,
/// with at least one arrow other than `.` (which a plain Sudoku string also holds).
#[must_use]
pub(crate) fn looks_like_short(text: &str) -> bool {
    let Some((_, _, t)) = only_line(text) else {
        return false;
    };
    t.chars().count() == CELLS
        && t.chars().all(|c| is_arrow(c) || sum_of(c).is_some())
        && t.chars().any(|c| is_arrow(c) && c != '.')
}

/// Whether `text` (trimmed) is a SudokuWiki Killer string.
#[must_use]
pub(crate) fn looks_like_wiki(text: &str) -> bool {
    let Some((_, _, t)) = only_line(text) else {
        return false;
    };
    t.starts_with("3x3:") && t.split(':').nth(2) == Some("k")
}

/// Whether `text` is either form.
#[must_use]
pub(crate) fn looks_like(text: &str) -> bool {
    looks_like_short(text) || looks_like_wiki(text)
}

/// Parses a short Killer or SudokuWiki Killer string.
///
/// # Errors
/// The first bad character or field, or broken rule, at its column.
pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let Some((line, col0, t)) = only_line(text) else {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    };
    let at = |i: usize| Pos::new(line, col0 + i + 1);
    let (cages, diagonals) = if looks_like_wiki(t) {
        wiki_cages(t, &at)?
    } else {
        (short_cages(t, &at)?, false)
    };
    let sudoku = Sudoku::new(SIDE, (3, 3), &[]).map_err(|e| err(at(0), e.into()))?;
    let killer =
        Killer::new(sudoku, cages.iter().map(|(c, _)| c.clone()).collect()).map_err(|e| {
            let pos = e
                .cell()
                .and_then(|c| cages.iter().find(|(k, _)| k.cells.contains(&c)))
                .map_or(at(0), |(_, i)| at(*i));
            err(pos, e.into())
        })?;
    with_diagonals(Puzzle::Killer(killer), diagonals, diagonals).map_err(|refusal| match refusal {
        Refusal::NotYet(reason) => err(at(4), KillerShortError::Unsupported(reason)),
        Refusal::Rule(e) => err(at(0), e.into()),
    })
}

fn err(pos: Pos, e: KillerShortError) -> ParseError {
    ParseError::new(pos, e)
}

/// The cell of index `i` (reading order).
fn cell(i: usize) -> Cell {
    // i < 81: row and column fit a byte.
    Cell::new((i / SIDE) as u8, (i % SIDE) as u8)
}

/// The cages of a short string, each with the index of its root character.
fn short_cages(t: &str, at: &dyn Fn(usize) -> Pos) -> Result<Vec<(KillerCage, usize)>, ParseError> {
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != CELLS {
        return Err(err(at(0), KillerShortError::Length(chars.len())));
    }
    let mut next = Vec::with_capacity(CELLS);
    for (i, &c) in chars.iter().enumerate() {
        let (r, col) = ((i / SIDE) as isize, (i % SIDE) as isize);
        let (dr, dc) = match c {
            '<' => (0, -1),
            '>' => (0, 1),
            '^' => (-1, 0),
            'v' => (1, 0),
            '`' => (-1, -1),
            '\'' => (-1, 1),
            ',' => (1, -1),
            '.' => (1, 1),
            _ if sum_of(c).is_some() => (0, 0),
            _ => return Err(err(at(i), KillerShortError::BadChar(c.to_string()))),
        };
        let (nr, nc) = (r + dr, col + dc);
        if !(0..SIDE as isize).contains(&nr) || !(0..SIDE as isize).contains(&nc) {
            return Err(err(at(i), KillerShortError::Outside(cell(i))));
        }
        next.push((nr as usize) * SIDE + nc as usize);
    }
    let mut roots: Vec<(usize, Vec<Cell>)> = Vec::new();
    for i in 0..CELLS {
        let mut root = i;
        let mut steps = 0;
        while next[root] != root {
            root = next[root];
            steps += 1;
            if steps > CELLS {
                return Err(err(at(i), KillerShortError::Loop(cell(i))));
            }
        }
        match roots.iter_mut().find(|(r, _)| *r == root) {
            Some((_, cells)) => cells.push(cell(i)),
            None => roots.push((root, vec![cell(i)])),
        }
    }
    let mut cages = Vec::new();
    for (root, cells) in roots {
        let sum = sum_of(chars[root]).unwrap_or(0);
        if sum == 0 {
            if cells.len() > 1 {
                return Err(err(at(root), KillerShortError::NoSum(cell(root))));
            }
            continue;
        }
        cages.push((KillerCage { sum, cells }, root));
    }
    Ok(cages)
}

/// A SudokuWiki string's cages (each with the column of its first cell's field) and
/// whether it asks for the diagonals.
type Wiki = (Vec<(KillerCage, usize)>, bool);

/// The cages of a SudokuWiki string.
fn wiki_cages(t: &str, at: &dyn Fn(usize) -> Pos) -> Result<Wiki, ParseError> {
    let parts: Vec<&str> = t.split(':').collect();
    let diagonals = parts.get(1).is_some_and(|d| !d.is_empty());
    let fields = parts.len().saturating_sub(3);
    if fields != CELLS && fields != CELLS + 1 {
        return Err(err(at(0), KillerShortError::Fields(fields)));
    }
    let mut col = parts[..3]
        .iter()
        .map(|p| p.chars().count() + 1)
        .sum::<usize>();
    let mut cages: Vec<(u32, KillerCage, usize)> = Vec::new();
    for (i, field) in parts[3..3 + CELLS].iter().enumerate() {
        let value: u32 = field
            .parse()
            .map_err(|_| err(at(col), KillerShortError::BadField((*field).to_string())))?;
        let (sum, id) = (value / 256, value % 256);
        if sum > 0 {
            match cages.iter_mut().find(|(k, _, _)| *k == id) {
                Some((_, cage, _)) => cage.cells.push(cell(i)),
                None => cages.push((
                    id,
                    KillerCage {
                        sum,
                        cells: vec![cell(i)],
                    },
                    col,
                )),
            }
        }
        col += field.chars().count() + 1;
    }
    let cages = cages.into_iter().map(|(_, c, col)| (c, col)).collect();
    Ok((cages, diagonals))
}

/// The arrow of a cell whose cage neighbour lies `dr` rows and `dc` columns away.
fn arrow(dr: i32, dc: i32) -> char {
    match (dr, dc) {
        (0, -1) => '<',
        (0, 1) => '>',
        (-1, 0) => '^',
        (1, 0) => 'v',
        (-1, -1) => '`',
        (-1, 1) => '\'',
        (1, -1) => ',',
        _ => '.',
    }
}

/// The form, in refusals.
pub(crate) const FORM: &str = "the short Killer form";

/// The puzzle as a short Killer string, when it is one: 9×9 with 3×3 boxes, no givens,
/// sums up to 45, and every cage connected through its cells' eight neighbours.
#[must_use]
pub(crate) fn to_short(killer: &Killer) -> Option<String> {
    short_checked(killer).ok()
}

/// The puzzle as a short Killer string, or what the form cannot hold, named: a side other
/// than 9, boxes other than 3×3, a jigsaw's regions, the diagonals, a given (the first in
/// reading order), a sum above 45, a cage whose cells do not touch (sides or corners).
pub(crate) fn short_checked(killer: &Killer) -> Result<String, ExportError> {
    let s = killer.sudoku();
    let feature = |feature: String| ExportError::Feature {
        form: FORM,
        feature,
    };
    if s.size() != SIDE {
        return Err(ExportError::Size {
            form: FORM,
            what: "grids",
            size: s.size(),
            min: SIDE,
            max: SIDE,
        });
    }
    if s.regions().is_some() {
        return Err(feature("jigsaw regions".into()));
    }
    if s.boxes() != (3, 3) {
        let (r, c) = s.boxes();
        return Err(feature(format!("boxes {r}x{c} (its boxes are 3x3)")));
    }
    if s.diagonals() {
        return Err(feature("diagonals".into()));
    }
    if let Some(given) = first_given(FORM, &s.given_cells()) {
        return Err(given);
    }
    let mut out = vec!['0'; CELLS];
    for cage in killer.cages() {
        let root = cage.anchor();
        let index = |c: Cell| usize::from(c.row) * SIDE + usize::from(c.col);
        out[index(root)] = char_of(cage.sum)
            .ok_or_else(|| feature(format!("sum above 45: cage {} at {root}", cage.sum)))?;
        let mut reached = vec![root];
        // Side neighbours first (breadth first), then corners for what is left.
        for corners in [false, true] {
            let mut next = 0;
            while next < reached.len() {
                let from = reached[next];
                next += 1;
                for &c in &cage.cells {
                    let (dr, dc) = (
                        i32::from(from.row) - i32::from(c.row),
                        i32::from(from.col) - i32::from(c.col),
                    );
                    let near = dr.abs().max(dc.abs()) == 1 && (corners || dr == 0 || dc == 0);
                    if reached.contains(&c) || !near {
                        continue;
                    }
                    out[index(c)] = arrow(dr, dc);
                    reached.push(c);
                }
            }
        }
        if reached.len() != cage.cells.len() {
            return Err(ExportError::Disconnected {
                form: FORM,
                what: "cage",
                name: format!("{} at {root}", cage.sum),
                through: "sides or corners",
            });
        }
    }
    Ok(out.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TAREK: &str =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";

    #[test]
    fn short_round_trip() {
        assert!(looks_like_short(TAREK));
        let Puzzle::Killer(k) = parse(TAREK).unwrap() else {
            panic!("not a killer")
        };
        let total: u32 = k.cages().iter().map(|c| c.sum).sum();
        assert_eq!(total, 405);
        let again = to_short(&k).unwrap();
        assert_eq!(parse(&again).unwrap(), Puzzle::Killer(k));
    }

    #[test]
    fn errors_have_columns() {
        let mut bad: Vec<char> = TAREK.chars().collect();
        bad[4] = '@';
        let s: String = bad.iter().collect();
        assert!(!looks_like_short(&s));
        let e = parse(&s).unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 5));
        bad[4] = '^';
        let e = parse(&bad.iter().collect::<String>()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "<stdin>:1:5: the arrow at A5 points outside the grid"
        );
    }
}
