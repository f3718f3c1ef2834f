//! # Walls between regions
//!
//! The walls between the regions of a grid (KenKen and Killer cages, Sudoku boxes, jigsaw
//! regions), merged into maximal straight segments, for the SVG drawings of every kind.

use crate::grid::{Cell, Grid};

/// Internal cage walls as segments in grid units (x = column line, y = row line): first the
/// horizontal ones row line by row line, then the vertical ones column line by column line.
#[must_use]
pub(crate) fn wall_segments(cage_of: &Grid<usize>) -> Vec<(usize, usize, usize, usize)> {
    let (rows, cols) = (cage_of.rows(), cage_of.cols());
    let at = |r: usize, c: usize| *cage_of.get(Cell::new(r as u8, c as u8));
    let mut out = Vec::new();
    for r in 1..rows {
        let wall = |c: usize| at(r - 1, c) != at(r, c);
        for (start, end) in runs(cols, wall) {
            out.push((start, r, end, r));
        }
    }
    for c in 1..cols {
        let wall = |r: usize| at(r, c - 1) != at(r, c);
        for (start, end) in runs(rows, wall) {
            out.push((c, start, c, end));
        }
    }
    out
}

/// Maximal runs `[start, end)` of indices `0..len` where `on` holds.
fn runs(len: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for i in 0..=len {
        match (start, i < len && on(i)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_merge_into_straight_segments() {
        // A B B
        // A C B
        // D D B
        let g = Grid::from_rows(vec![vec![0, 1, 1], vec![0, 2, 1], vec![3, 3, 1]]).unwrap();
        assert_eq!(
            wall_segments(&g),
            vec![
                (1, 1, 2, 1), // under the top B
                (0, 2, 2, 2), // above D D
                (1, 0, 1, 2), // A | B, A | C
                (2, 1, 2, 3), // C | B, D | B
            ]
        );
    }
}
