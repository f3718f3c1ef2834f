//! # A partly filled grid
//!
//! A person's progress on a puzzle: the digits written so far, read from the same text as a
//! solution file (`crate::parse::parse_solution`: one row per line, digits separated by
//! whitespace or run together for 1..9), with `.` (or `0`, `#`) for an empty square, and
//! checked against the puzzle's shape: as many rows and columns, digits in the puzzle's
//! range, and nothing written on a square that holds no digit (a Kakuro clue or blocked
//! square).

use crate::grid::{Cell, Grid};
use crate::parse::solution::parse_solution_text;
use crate::parse::{ParseError, Pos, SolutionParseError};
use crate::puzzle::Puzzle;

/// The digits written so far on a puzzle's grid (0 for an empty square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    digits: Grid<u8>,
}

impl State {
    /// Reads a partly filled grid of `puzzle`.
    ///
    /// ```
    /// use cagesat::{setter::State, Cell, Puzzle};
    ///
    /// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n3 + B1 B2")?;
    /// let state = State::parse("1 .\n. .", &puzzle)?;
    /// assert_eq!(state.get(Cell::new(0, 0)), Some(1));
    /// assert_eq!(state.get(Cell::new(0, 1)), None);
    /// assert_eq!(state.entries(), vec![(Cell::new(0, 0), 1)]);
    /// # Ok::<(), cagesat::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] at the line and column of the first problem: a token that is not a
    /// digit or `.`, ragged rows, a grid of the wrong shape, a digit out of range, a digit on
    /// a square that holds none. The caller adds the file name
    /// ([`ParseError::with_path`]).
    pub fn parse(text: &str, puzzle: &Puzzle) -> Result<State, ParseError> {
        let sol = parse_solution_text(text)?;
        let map = puzzle.one_hot();
        let (rows, cols) = map.dims();
        sol.expect_shape(rows, cols)?;
        let mut holds = Grid::filled(rows, cols, false);
        for &cell in map.cells() {
            holds.set(cell, true);
        }
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(row as u8, col as u8);
                let digit = *sol.grid.get(cell);
                let pos: Pos = *sol.pos.get(cell);
                if digit == 0 {
                    continue;
                }
                if !*holds.get(cell) {
                    let kind = SolutionParseError::NotADigitSquare { cell };
                    return Err(ParseError::new(pos, kind));
                }
                if digit > map.digits() {
                    let max = map.digits();
                    let kind = SolutionParseError::SolutionDigit { cell, digit, max };
                    return Err(ParseError::new(pos, kind));
                }
            }
        }
        Ok(State { digits: sol.grid })
    }

    /// The digit written on `cell`, if any (`None` also outside the grid).
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<u8> {
        let inside = usize::from(cell.row) < self.digits.rows()
            && usize::from(cell.col) < self.digits.cols();
        if !inside {
            return None;
        }
        Some(*self.digits.get(cell)).filter(|&d| d != 0)
    }

    /// Every written (cell, digit), in row-major order.
    #[must_use]
    pub fn entries(&self) -> Vec<(Cell, u8)> {
        let mut out = Vec::new();
        for (r, row) in self.digits.iter_rows().enumerate() {
            for (c, &d) in row.iter().enumerate() {
                if d != 0 {
                    out.push((Cell::new(r as u8, c as u8), d));
                }
            }
        }
        out
    }

    /// The same state with the entries on `cells` rubbed out.
    #[must_use]
    pub fn without(&self, cells: &[Cell]) -> State {
        let mut digits = self.digits.clone();
        for &c in cells {
            let inside = usize::from(c.row) < digits.rows() && usize::from(c.col) < digits.cols();
            if inside {
                digits.set(c, 0);
            }
        }
        State { digits }
    }

    /// The grid, 0 on empty squares.
    #[must_use]
    pub fn grid(&self) -> &Grid<u8> {
        &self.digits
    }
}
