//! # Writing Solo game IDs
//!
//! The inverse of [`super::solo`]: a Sudoku, Sudoku X, jigsaw or Killer Sudoku as Tatham's
//! Solo writes it (`encode_params`, `encode_grid`, `encode_block_structure_desc` in
//! `solo.c`), without a prefix, as Solo reads it (`3x3:…`, `9j:…`; cagesat reads it with or
//! without `solo:`). Solo cannot hold every puzzle cagesat can (`validate_params` and
//! `validate_desc` in `solo.c`): sides from 2, a Killer up to 9×9 whose cages cover the grid
//! with two cells or more each, and every region and cage connected through the sides of
//! its cells. Boxes one cell wide or tall are written as the jigsaw of the same regions
//! (Solo's boxes are at least 2 by 2).

use crate::grid::{Cell, Grid};
use crate::parse::export::ExportError;
use crate::parse::tatham::write_blocks;
use crate::puzzle::{Killer, Puzzle, Sudoku};

/// The form, in refusals.
const FORM: &str = "Solo's game ID";

/// The largest side of a Killer in Solo (`validate_params`: "Killer puzzle dimensions must
/// be smaller than 10").
const KILLER_MAX: usize = 9;

/// The puzzle as a Solo game ID (`3x3:…`), or `None` when it is no Sudoku or Killer
/// Sudoku, or Solo cannot express it (see [`crate::parse::export()`] for the reason).
#[must_use]
pub fn solo_id(puzzle: &Puzzle) -> Option<String> {
    match puzzle {
        Puzzle::Sudoku(s) => write(s, None),
        Puzzle::Killer(k) => write(k.sudoku(), Some(k)),
        _ => None,
    }
}

/// The ID of a Sudoku and, for a Killer, its cages.
pub(crate) fn write(s: &Sudoku, killer: Option<&Killer>) -> Option<String> {
    write_checked(s, killer).ok()
}

/// The ID of a Sudoku and, for a Killer, its cages, or what Solo cannot hold.
pub(crate) fn write_checked(s: &Sudoku, killer: Option<&Killer>) -> Result<String, ExportError> {
    let n = s.size();
    let max = if killer.is_some() {
        KILLER_MAX
    } else {
        crate::puzzle::sudoku::MAX_SUDOKU_SIZE
    };
    if !(2..=max).contains(&n) {
        return Err(ExportError::Size {
            form: FORM,
            what: if killer.is_some() {
                "Killer Sudokus"
            } else {
                "Sudokus"
            },
            size: n,
            min: 2,
            max,
        });
    }
    let (rows, cols) = s.boxes();
    // Solo's boxes are at least two cells each way (R = 1 is its jigsaw): write boxes one
    // cell wide or tall as a jigsaw of the same regions.
    let jigsaw = s.regions().is_some() || cols == 1 || rows == 1;
    let mut out = if jigsaw {
        format!("{n}j")
    } else {
        format!("{rows}x{cols}")
    };
    if s.diagonals() {
        out.push('x');
    }
    if killer.is_some() {
        out.push('k');
    }
    out.push(':');
    let givens = s.givens();
    out += &grid(n, |c| usize::from(*givens.get(c)));
    if jigsaw {
        let regions = s.box_grid();
        if let Some(cell) = in_pieces(&regions) {
            return Err(ExportError::Disconnected {
                form: FORM,
                what: "region",
                name: format!("at {cell}"),
                through: "their sides",
            });
        }
        out.push(',');
        out += &write_blocks(&regions);
    }
    if let Some(k) = killer {
        out.push(',');
        out += &cages(k)?;
    }
    Ok(out)
}

/// A Killer's cage structure and sums, or the cage Solo cannot hold.
fn cages(k: &Killer) -> Result<String, ExportError> {
    let n = k.sudoku().size();
    let grid_of = k.cage_grid();
    if let Some(cell) = k
        .sudoku()
        .cells()
        .into_iter()
        .find(|&c| *grid_of.get(c) >= k.cages().len())
    {
        return Err(ExportError::Uncaged { form: FORM, cell });
    }
    let name = |i: usize| {
        let cage = &k.cages()[i];
        format!("{} at {}", cage.sum, cage.anchor())
    };
    if let Some(i) = k.cages().iter().position(|c| c.cells.len() < 2) {
        return Err(ExportError::OneCellCage {
            form: FORM,
            cage: name(i),
        });
    }
    if let Some(cell) = in_pieces(&grid_of) {
        return Err(ExportError::Disconnected {
            form: FORM,
            what: "cage",
            name: name(*grid_of.get(cell)),
            through: "their sides",
        });
    }
    let mut out = write_blocks(&grid_of);
    out.push(',');
    let sums = Grid::filled(n, n, 0usize);
    let sums = k.cages().iter().fold(sums, |mut g, cage| {
        g.set(cage.anchor(), cage.sum as usize);
        g
    });
    out += &grid(n, |c| *sums.get(c));
    Ok(out)
}

/// Cells in reading order.
fn cells(n: usize) -> impl Iterator<Item = Cell> {
    (0..n).flat_map(move |r| (0..n).map(move |c| Cell::new(r as u8, c as u8)))
}

/// Solo's grid: runs of empty squares as letters (`z` = 26, repeated), numbers in decimal,
/// `_` between two numbers.
fn grid(n: usize, value: impl Fn(Cell) -> usize) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    let values: Vec<usize> = cells(n).map(value).collect();
    for v in values.into_iter().map(Some).chain([None]) {
        match v {
            Some(0) => run += 1,
            _ => {
                if run > 0 {
                    while run > 0 {
                        let k = run.min(26);
                        out.push(char::from(b'a' + (k - 1) as u8));
                        run -= k;
                    }
                } else if !out.is_empty() && v.is_some() {
                    out.push('_');
                }
                if let Some(v) = v {
                    out += &v.to_string();
                }
            }
        }
    }
    out
}

/// A cell of a region of `region` that is not connected through the sides of its cells to
/// the region's first cell in reading order (`None` when every region is connected).
pub(crate) fn in_pieces(region: &Grid<usize>) -> Option<Cell> {
    let n = region.rows();
    let mut seen = Grid::filled(n, n, false);
    let mut done: Vec<usize> = Vec::new();
    for start in cells(n) {
        if *seen.get(start) {
            continue;
        }
        let id = *region.get(start);
        if done.contains(&id) {
            return Some(start);
        }
        done.push(id);
        let mut stack = vec![start];
        seen.set(start, true);
        while let Some(c) = stack.pop() {
            let (r, k) = (usize::from(c.row), usize::from(c.col));
            let near = [
                (r.wrapping_sub(1), k),
                (r + 1, k),
                (r, k.wrapping_sub(1)),
                (r, k + 1),
            ];
            for (nr, nc) in near {
                if nr < n && nc < n {
                    let d = Cell::new(nr as u8, nc as u8);
                    if !*seen.get(d) && *region.get(d) == id {
                        seen.set(d, true);
                        stack.push(d);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_follow_solo() {
        let values = [0, 0, 5, 12, 0, 0, 0, 0, 3];
        let g = grid(3, |c| values[usize::from(c.row) * 3 + usize::from(c.col)]);
        assert_eq!(g, "b5_12d3");
        assert_eq!(grid(2, |_| 0), "d");
    }
}
