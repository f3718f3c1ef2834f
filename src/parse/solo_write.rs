//! # Writing Solo game IDs
//!
//! The inverse of [`super::solo`]: a Sudoku, Sudoku X, jigsaw or Killer Sudoku as Tatham's
//! Solo writes it (`encode_params`, `encode_grid`, `encode_block_structure_desc` in
//! `solo.c`), with the `solo:` prefix. Solo cannot hold every puzzle cagesat can: a Killer
//! needs cages that cover the grid, each of two cells or more, and every region and cage
//! must be connected through the sides of its cells.

use crate::grid::{Cell, Grid};
use crate::parse::tatham::write_blocks;
use crate::puzzle::{Killer, Puzzle, Sudoku};

/// The puzzle as a Solo game ID (`solo:3x3:…`), or `None` when it is no Sudoku or Killer
/// Sudoku, or Solo cannot express it (a Killer whose cages leave cells out or have one cell;
/// a region or cage whose cells are not connected).
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
    let n = s.size();
    let (rows, cols) = s.boxes();
    // Solo reads boxes one column wide (R = 1) as a jigsaw: write them as one.
    let jigsaw = s.regions().is_some() || cols == 1;
    let mut out = if jigsaw {
        format!("solo:{n}j")
    } else {
        format!("solo:{rows}x{cols}")
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
        if !connected(&regions) {
            return None;
        }
        out.push(',');
        out += &write_blocks(&regions);
    }
    if let Some(k) = killer {
        let cages = k.cage_grid();
        let covered = k.cages().iter().map(|c| c.cells.len()).sum::<usize>() == n * n;
        if !covered || k.cages().iter().any(|c| c.cells.len() < 2) || !connected(&cages) {
            return None;
        }
        out.push(',');
        out += &write_blocks(&cages);
        out.push(',');
        let sums = Grid::filled(n, n, 0usize);
        let sums = k.cages().iter().fold(sums, |mut g, cage| {
            g.set(cage.anchor(), cage.sum as usize);
            g
        });
        out += &grid(n, |c| *sums.get(c));
    }
    Some(out)
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

/// Whether each region of `region` is connected through the sides of its cells.
fn connected(region: &Grid<usize>) -> bool {
    let n = region.rows();
    let mut seen = Grid::filled(n, n, false);
    let mut done: Vec<usize> = Vec::new();
    for start in cells(n) {
        if *seen.get(start) {
            continue;
        }
        let id = *region.get(start);
        if done.contains(&id) {
            return false;
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
    true
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
