//! # Writing Interactive Sudoku Solver strings
//!
//! A Sudoku or Killer Sudoku as the constraint string ISS reads (see `crate::parse::iss`):
//! `.Shape~NxN` when N is not 9, the layout (`.Jigsaw~…` with `.NoBoxes` for a jigsaw or
//! boxes ISS would not draw; `.NoBoxes` for boxes of one row), the givens in one
//! `.~R1C1_5~…` item, the Killer's cages, then the variant constraints in their order.
//! Reading the string back gives the same puzzle, except that an X Sudoku's diagonals come
//! back as two diagonal constraints, unusual boxes as a jigsaw, a little killer listed from
//! its far end from the clue's side, and a pencilmark set of all the even (odd) digits as
//! an even (odd) cell. A constraint ISS cannot hold is refused by name.

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::iss::{cell_id, iss_boxes, little_killer};
use crate::puzzle::family::{self, Param};
use crate::puzzle::{Dot, Puzzle, Sudoku, Variant};

/// Why a puzzle has no ISS string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IssWriteError {
    /// A kind ISS does not hold.
    #[error("ISS strings hold Sudoku and Killer Sudoku, not {0}")]
    Kind(&'static str),
    /// A constraint ISS cannot say.
    #[error("ISS has no {what}: {reason}")]
    Unsupported {
        /// The constraint, in words (`the variant's name at its first cell`).
        what: String,
        /// Why, in words.
        reason: &'static str,
    },
}

/// The puzzle as an ISS constraint string.
///
/// ```
/// use cagesat::parse::iss_string;
/// use cagesat::Puzzle;
///
/// let p = Puzzle::parse(".Shape~4x4.Thermo~R1C1~R1C2~R1C3")?;
/// assert_eq!(iss_string(&p)?, ".Shape~4x4.Thermo~R1C1~R1C2~R1C3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`IssWriteError`] for a kind other than Sudoku and Killer, or a constraint ISS has no
/// form for (a dot of another value, one negative rule of a pair, a line clue over part
/// of a row, …).
pub fn iss_string(p: &Puzzle) -> Result<String, IssWriteError> {
    let (s, cages) = match p {
        Puzzle::Sudoku(s) => (s, &[][..]),
        Puzzle::Killer(k) => (k.sudoku(), k.cages()),
        Puzzle::KenKen(_) => return Err(IssWriteError::Kind("KenKen")),
        Puzzle::Kakuro(_) => return Err(IssWriteError::Kind("Kakuro")),
        Puzzle::CrossProduct(_) => return Err(IssWriteError::Kind("CrossProduct")),
        Puzzle::Towers(_) => return Err(IssWriteError::Kind("Towers")),
        Puzzle::Unequal(_) => return Err(IssWriteError::Kind("Unequal")),
    };
    let n = s.size();
    let mut out = String::new();
    if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }
    layout(s, &mut out);
    if s.diagonals() {
        out.push_str(".Diagonal~-1.Diagonal~1");
    }
    let givens = s.given_cells();
    if !givens.is_empty() {
        out.push('.');
        for (c, d) in givens {
            out.push_str(&format!("~{}_{d}", cell_id(c)));
        }
    }
    for cage in cages {
        out.push_str(&format!(".Cage~{}{}", cage.sum, ids(&cage.cells)));
    }
    let variants = s.variants();
    for (i, v) in variants.iter().enumerate() {
        write_variant(v, i, variants, n, &mut out)?;
    }
    Ok(out)
}

/// `~R1C1~R1C2…`.
fn ids(cells: &[Cell]) -> String {
    cells.iter().map(|&c| format!("~{}", cell_id(c))).collect()
}

/// The grid's regions: nothing for the boxes ISS draws itself.
fn layout(s: &Sudoku, out: &mut String) {
    let n = s.size();
    let boxes = s.boxes();
    let native = iss_boxes(n);
    if s.regions().is_none() {
        if Some(boxes) == native {
            return;
        }
        if boxes == (1, n) || boxes == (n, 1) {
            if native.is_some() {
                out.push_str(".NoBoxes");
            }
            return;
        }
    }
    // A jigsaw, or boxes ISS would not draw: a layout of region numbers.
    let radix = u32::try_from(n + 1).unwrap_or(17);
    let mut ids: Vec<usize> = Vec::new();
    let mut text = String::new();
    for c in s.cells() {
        let b = s.box_of(c);
        let id = ids.iter().position(|&x| x == b).unwrap_or_else(|| {
            ids.push(b);
            ids.len() - 1
        });
        text.push(
            u32::try_from(id)
                .ok()
                .and_then(|d| char::from_digit(d, radix))
                .unwrap_or('?'),
        );
    }
    out.push_str(&format!(".Jigsaw~{text}.NoBoxes"));
}

/// Writes one variant (`i` is its index among `all`, for the negative rules' pairs).
fn write_variant(
    v: &Variant,
    i: usize,
    all: &[Variant],
    n: usize,
    out: &mut String,
) -> Result<(), IssWriteError> {
    let refuse = |reason: &'static str| {
        let cells = v.cells();
        let what = match cells.first() {
            Some(c) => format!("{} at {c}", v.name()),
            None => v.name(),
        };
        Err(IssWriteError::Unsupported { what, reason })
    };
    if let Some((line, cells, p)) = family::line_of(v) {
        let Some(name) = line.iss else {
            return refuse("not among the constraints ISS has");
        };
        if matches!(v, Variant::Entropic(_)) && (n != 9 || cells.len() < 3) {
            return refuse("ISS's entropic lines are on 9x9 grids, and a 2-cell one means two different thirds there");
        }
        match line.param {
            Param::None => out.push_str(&format!(".{name}{}", ids(cells))),
            Param::Lead { .. } => out.push_str(&format!(".{name}~{p}{}", ids(cells))),
        }
        return Ok(());
    }
    let item = match v {
        Variant::Candidates { cell, digits } => candidates(*cell, digits),
        Variant::Parity { cell, even } => {
            let n8 = u8::try_from(n).unwrap_or(u8::MAX);
            let digits: Vec<u8> = (1..=n8).filter(|d| (d % 2 == 0) == *even).collect();
            candidates(*cell, &digits)
        }
        Variant::AntiKnight => ".AntiKnight".into(),
        Variant::AntiKing => ".AntiKing".into(),
        Variant::NonConsecutive => ".AntiConsecutive".into(),
        Variant::Diagonal { anti } => format!(".Diagonal~{}", if *anti { "1" } else { "-1" }),
        Variant::Windoku => ".Windoku".into(),
        Variant::Region(cells) => format!(".AllDifferent{}", ids(cells)),
        Variant::Cage { cells, sum } => match sum {
            Some(s) => format!(".Cage~{s}{}", ids(cells)),
            None => format!(".Cage~{}", ids(cells)),
        },
        Variant::Dot { cells, dot } => {
            let name = match *dot {
                Dot::WHITE => "WhiteDot",
                Dot::BLACK => "BlackDot",
                Dot::X => "X",
                Dot::V => "V",
                _ => {
                    return refuse(
                        "ISS's dots are the white (1 apart), black (ratio 2), X (10) and V (5)",
                    )
                }
            };
            format!(".{name}{}", ids(cells))
        }
        Variant::NegativeDots(dot) => {
            let (pair, name) = match *dot {
                Dot::WHITE => ([Dot::WHITE, Dot::BLACK], "StrictKropki"),
                Dot::BLACK => ([Dot::WHITE, Dot::BLACK], "StrictKropki"),
                Dot::X => ([Dot::X, Dot::V], "StrictXV"),
                Dot::V => ([Dot::X, Dot::V], "StrictXV"),
                _ => return refuse("ISS's negative rules are StrictKropki (white 1 and black 2) and StrictXV (X and V)"),
            };
            let has = |d: Dot| all.contains(&Variant::NegativeDots(d));
            if !has(pair[0]) || !has(pair[1]) {
                return refuse("ISS's negative rule covers both dots of its pair (white and black, or X and V), never one");
            }
            let first = all
                .iter()
                .position(|x| matches!(x, Variant::NegativeDots(d) if pair.contains(d)));
            if first != Some(i) {
                return Ok(());
            }
            format!(".{name}")
        }
        Variant::GreaterThan(cells) => format!(".GreaterThan{}", ids(cells)),
        Variant::Quadruple { cells, digits } => {
            let tl = cells.iter().copied().min().unwrap_or(Cell::new(0, 0));
            let ds: String = digits.iter().map(|d| format!("~{d}")).collect();
            format!(".Quad~{}{ds}", cell_id(tl))
        }
        Variant::Arrow { circle, line } => {
            if circle.len() == 1 {
                format!(".Arrow{}{}", ids(circle), ids(line))
            } else {
                let readable = circle.windows(2).all(|w| {
                    let (a, b) = (w[0], w[1]);
                    (b.row == a.row && b.col == a.col + 1)
                        || (b.col == a.col && b.row == a.row + 1)
                        || (b.row == a.row + 1 && b.col == a.col + 1)
                });
                if !readable {
                    return refuse("ISS reads a pill's digits left to right and top to bottom: its cells must be in that order, each right of, below or below-right of the one before");
                }
                format!(".PillArrow~{}{}{}", circle.len(), ids(circle), ids(line))
            }
        }
        Variant::LittleKiller { cells, sum } => {
            let first = cells.first().copied();
            let last = cells.last().copied();
            let mut rev = cells.clone();
            rev.reverse();
            let start = [(first, cells), (last, &rev)]
                .into_iter()
                .find_map(|(s, want)| s.filter(|&s| little_killer(n, s).as_ref() == Some(want)));
            match start {
                Some(s) => format!(".LittleKiller~{sum}~{}", cell_id(s)),
                None => {
                    return refuse("ISS's little killers sum a whole diagonal of 2 cells or more, from the grid's edge")
                }
            }
        }
        Variant::Sandwich { cells, sum } => match whole_line(cells, n) {
            Some((id, _)) => format!(".Sandwich~{sum}~{id}"),
            None => return refuse("ISS's sandwich clues cover a whole row or column"),
        },
        Variant::XSum { cells, sum } => match whole_line(cells, n) {
            Some((id, true)) => format!(".XSum~{id}~{sum}~"),
            Some((id, false)) => format!(".XSum~{id}~~{sum}"),
            None => return refuse("ISS's X-sum clues cover a whole row or column"),
        },
        Variant::Skyscraper { cells, count } => match whole_line(cells, n) {
            Some((id, true)) => format!(".Skyscraper~{id}~{count}~"),
            Some((id, false)) => format!(".Skyscraper~{id}~~{count}"),
            None => return refuse("ISS's skyscraper clues cover a whole row or column"),
        },
        // The line families are written above.
        _ => return refuse("not a constraint ISS holds"),
    };
    out.push_str(&item);
    Ok(())
}

/// `.~R1C1_1_2`.
fn candidates(cell: Cell, digits: &[u8]) -> String {
    let ds: String = digits.iter().map(|d| format!("_{d}")).collect();
    format!(".~{}{ds}", cell_id(cell))
}

/// The ISS id of a whole row (`R3`) or column (`C5`) and whether `cells` run forward (left
/// to right, top to bottom) along it.
fn whole_line(cells: &[Cell], n: usize) -> Option<(String, bool)> {
    if cells.len() != n || n < 2 {
        return None;
    }
    let (a, b) = (cells[0], cells[1]);
    let row = a.row == b.row;
    let forward = if row { b.col > a.col } else { b.row > a.row };
    let k = if row { a.row } else { a.col };
    let expected: Vec<Cell> = (0..n)
        .map(|i| {
            let i = if forward { i } else { n - 1 - i } as u8;
            if row {
                Cell::new(k, i)
            } else {
                Cell::new(i, k)
            }
        })
        .collect();
    (expected == cells).then(|| (format!("{}{}", if row { 'R' } else { 'C' }, k + 1), forward))
}
