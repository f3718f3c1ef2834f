//! # One-hot variable map
//!
//! x(cell, d) is true when `cell` holds digit `d`. Variables are numbered by cell in the
//! order given (row-major for full grids), then by digit: the 0-based variable index of
//! x(cell, d) is `position(cell) · D + (d − 1)`, where `D` is the number of digits. Auxiliary
//! variables of an encoding come after all x variables.

use thiserror::Error;

use crate::cnf::{Lit, Var};
use crate::grid::{Cell, Grid};

/// A model could not be read back into a grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// No digit variable of a cell is true.
    #[error("cell {0} has no digit in the model")]
    NoDigit(Cell),
    /// Several digit variables of a cell are true.
    #[error("cell {cell} has digits {first} and {second} in the model")]
    TwoDigits {
        /// The cell.
        cell: Cell,
        /// One digit.
        first: u8,
        /// Another digit.
        second: u8,
    },
}

/// The map x(cell, digit) ⇄ variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneHot {
    rows: usize,
    cols: usize,
    digits: u8,
    cells: Vec<Cell>,
    position: Grid<Option<u32>>,
}

impl OneHot {
    /// One variable per (cell, digit 1..=`digits`) for the listed cells of a
    /// `rows`×`cols` grid, in the order given.
    ///
    /// # Panics
    /// Panics when a cell lies outside the grid.
    #[must_use]
    pub fn new(rows: usize, cols: usize, digits: u8, cells: Vec<Cell>) -> Self {
        let mut position = Grid::filled(rows, cols, None);
        for (i, &c) in cells.iter().enumerate() {
            position.set(c, Some(u32::try_from(i).expect("cell count fits u32")));
        }
        OneHot {
            rows,
            cols,
            digits,
            cells,
            position,
        }
    }

    /// Every cell of a `rows`×`cols` grid, row-major.
    #[must_use]
    pub fn full(rows: usize, cols: usize, digits: u8) -> Self {
        let cells = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| Cell::new(r as u8, c as u8)))
            .collect();
        OneHot::new(rows, cols, digits, cells)
    }

    /// Number of x variables (the first auxiliary variable's index).
    #[must_use]
    pub fn var_count(&self) -> usize {
        self.cells.len() * usize::from(self.digits)
    }

    /// Number of digits D (digits are `1..=D`).
    #[must_use]
    pub fn digits(&self) -> u8 {
        self.digits
    }

    /// The mapped cells, in variable order.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Grid dimensions `(rows, cols)`.
    #[must_use]
    pub fn dims(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The positive literal of x(cell, d).
    ///
    /// # Panics
    /// Panics when the cell is not mapped or the digit is out of range.
    #[must_use]
    pub fn lit(&self, cell: Cell, d: u8) -> Lit {
        assert!((1..=self.digits).contains(&d), "digit {d} out of range");
        let p = self.position.get(cell).expect("cell is mapped") as usize;
        Lit::from_index(p * usize::from(self.digits) + usize::from(d - 1), true)
    }

    /// The literals x(cell, 1..=D).
    #[must_use]
    pub fn cell_lits(&self, cell: Cell) -> Vec<Lit> {
        (1..=self.digits).map(|d| self.lit(cell, d)).collect()
    }

    /// The (cell, digit) a variable stands for, or `None` for auxiliary variables.
    #[must_use]
    pub fn meaning(&self, var: Var) -> Option<(Cell, u8)> {
        let i = var.index();
        let d = usize::from(self.digits);
        let cell = *self.cells.get(i / d)?;
        Some((cell, (i % d) as u8 + 1))
    }

    /// Reads the grid out of a model (a list of literals; only positive x literals matter).
    /// Unmapped cells hold 0.
    ///
    /// # Errors
    /// A cell with no or several true digit variables.
    pub fn decode(&self, model: &[Lit]) -> Result<Grid<u8>, DecodeError> {
        let mut grid = Grid::filled(self.rows, self.cols, 0u8);
        for lit in model.iter().filter(|l| l.is_positive()) {
            if let Some((cell, d)) = self.meaning(lit.var()) {
                let old = *grid.get(cell);
                if old != 0 {
                    return Err(DecodeError::TwoDigits {
                        cell,
                        first: old,
                        second: d,
                    });
                }
                grid.set(cell, d);
            }
        }
        if let Some(&cell) = self.cells.iter().find(|&&c| *grid.get(c) == 0) {
            return Err(DecodeError::NoDigit(cell));
        }
        Ok(grid)
    }

    /// The literals that are true for `grid` (one per mapped cell), for blocking clauses.
    #[must_use]
    pub fn chosen(&self, grid: &Grid<u8>) -> Vec<Lit> {
        self.cells
            .iter()
            .map(|&c| self.lit(c, *grid.get(c)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_row_major_then_digit() {
        let m = OneHot::full(3, 3, 3);
        assert_eq!(m.lit(Cell::new(0, 0), 1).to_dimacs(), 1);
        assert_eq!(m.lit(Cell::new(0, 1), 1).to_dimacs(), 4);
        assert_eq!(m.lit(Cell::new(1, 0), 3).to_dimacs(), 12);
        assert_eq!(m.meaning(Var::from_dimacs(12)), Some((Cell::new(1, 0), 3)));
        assert_eq!(m.meaning(Var::from_dimacs(28)), None);
        assert_eq!(m.var_count(), 27);
    }

    #[test]
    fn decode_rejects_two_digits() {
        let m = OneHot::full(1, 1, 2);
        let model = [Lit::from_dimacs(1), Lit::from_dimacs(2)];
        assert!(matches!(
            m.decode(&model),
            Err(DecodeError::TwoDigits { .. })
        ));
        let model = [Lit::from_dimacs(-1), Lit::from_dimacs(-2)];
        assert_eq!(m.decode(&model), Err(DecodeError::NoDigit(Cell::new(0, 0))));
    }
}
