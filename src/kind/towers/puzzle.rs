//! # Towers (Skyscrapers)
//!
//! An N×N Latin square of tower heights `1..=N` with clues around it: a clue says how many
//! towers are seen from that end of its row or column, taller towers hiding shorter ones
//! behind them. Some heights may be given. The sides are Simon Tatham's order: top (each
//! column looked at downwards), bottom (upwards), left (each row looked at rightwards),
//! right (leftwards). Read by `crate::parse::towers` (text and game ID).

use crate::grid::Cell;
use crate::puzzle::constraint::{latin_square, square_givens, square_with};
use crate::puzzle::{Constraint, ConstraintKind, Constraints};

/// Largest side read (Tatham's Towers makes 3..=9).
pub const MAX_TOWERS_SIDE: usize = 9;

/// A side of the grid, where a clue stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Side {
    /// Above the grid, looking down a column.
    Top,
    /// Below the grid, looking up a column.
    Bottom,
    /// Left of the grid, looking right along a row.
    Left,
    /// Right of the grid, looking left along a row.
    Right,
}

impl Side {
    /// The four sides in Tatham's order (top, bottom, left, right).
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// `top`, `bottom`, `left`, `right`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// A Towers puzzle: side, clues (0 = none) and given heights (0 = none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Towers {
    size: usize,
    clues: [Vec<u8>; 4],
    givens: Vec<u8>,
}

impl Towers {
    /// A puzzle of side `size` with `clues` in the order of [`Side::ALL`] (`size` each, 0 =
    /// no clue) and `givens` row-major (0 = empty); `None` when a length or a value is out of
    /// range (sides 1..=[`MAX_TOWERS_SIDE`], values `0..=size`).
    #[must_use]
    pub fn new(size: usize, clues: [Vec<u8>; 4], givens: Vec<u8>) -> Option<Towers> {
        let in_range =
            |v: &Vec<u8>, len: usize| v.len() == len && v.iter().all(|&x| usize::from(x) <= size);
        let ok = (1..=MAX_TOWERS_SIDE).contains(&size)
            && clues.iter().all(|c| in_range(c, size))
            && in_range(&givens, size * size);
        ok.then_some(Towers {
            size,
            clues,
            givens,
        })
    }

    /// The side N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The clue at position `i` (0-based column or row) of `side`; 0 when none.
    #[must_use]
    pub fn clue(&self, side: Side, i: usize) -> u8 {
        self.clues[side as usize].get(i).copied().unwrap_or(0)
    }

    /// The given height of `cell`; 0 when none.
    #[must_use]
    pub fn given(&self, cell: Cell) -> u8 {
        self.givens.get(cell.index(self.size)).copied().unwrap_or(0)
    }

    /// The same puzzle with the givens `set` added (a cell's new digit replaces its old
    /// one); `None` when a cell is off the grid or a digit above the side.
    #[must_use]
    pub fn with_givens(&self, set: &[(Cell, u8)]) -> Option<Towers> {
        let givens = square_with(self.size, &self.givens, set)?;
        Towers::new(self.size, self.clues.clone(), givens)
    }

    /// The given cells and heights, row-major.
    #[must_use]
    pub fn given_cells(&self) -> Vec<(Cell, u8)> {
        square_givens(self.size, &self.givens)
    }

    /// The cells of the line a clue at position `i` of `side` looks along, nearest first.
    #[must_use]
    pub fn line(&self, side: Side, i: usize) -> Vec<Cell> {
        let n = self.size;
        let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
        (0..n)
            .map(|j| match side {
                Side::Top => at(j, i),
                Side::Bottom => at(n - 1 - j, i),
                Side::Left => at(i, j),
                Side::Right => at(i, n - 1 - j),
            })
            .collect()
    }

    /// Every clue: its side, position, line (nearest first) and value.
    #[must_use]
    pub fn clue_lines(&self) -> Vec<(Side, usize, Vec<Cell>, u8)> {
        let mut out = Vec::new();
        for side in Side::ALL {
            for i in 0..self.size {
                let clue = self.clue(side, i);
                if clue != 0 {
                    out.push((side, i, self.line(side, i), clue));
                }
            }
        }
        out
    }

    /// The rows and columns, then one visibility constraint per clue (top, bottom, left,
    /// right), with the given heights as facts.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let clues = self
            .clue_lines()
            .into_iter()
            .map(|(_, _, cells, clue)| Constraint {
                kind: ConstraintKind::Visible,
                cells,
                op: None,
                target: Some(u64::from(clue)),
                distinct: false,
                rule: None,
            });
        latin_square(self.size, &self.givens, clues)
    }
}
