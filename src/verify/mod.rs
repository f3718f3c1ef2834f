//! # Independent checker
//!
//! Checks a grid against a puzzle's rules directly from the puzzle model. It deliberately
//! shares no code with the encoders, the CNF layer or the tuple enumerator (it imports only the
//! puzzle and grid types), so a bug there cannot hide a wrong answer here. Here: the error
//! type, the shape check and the variant constraints' checks (`variant`); each kind's checker
//! is its folder's `verify.rs` (`src/kind/<kind>/verify.rs`), and the dispatch over kinds
//! (`crate::kind::verify`) lives with the kind glue.

pub(crate) mod replay;
pub(crate) mod square;
pub(crate) mod variant;

use thiserror::Error;

use crate::grid::{Cell, Grid};

/// A rule the grid breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// The grid has the wrong dimensions.
    #[error("grid is {rows}x{cols}, expected {want_rows}x{want_cols}")]
    Shape {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
        /// Rows expected.
        want_rows: usize,
        /// Columns expected.
        want_cols: usize,
    },
    /// A cell holds a digit outside the allowed range.
    #[error("cell {cell} holds {value}, outside 1..={max}")]
    OutOfRange {
        /// The cell.
        cell: Cell,
        /// Its value.
        value: u8,
        /// Largest allowed digit.
        max: u8,
    },
    /// A digit repeats in a row or column.
    #[error("digit {digit} repeats in {line} (cells {first} and {second})")]
    Repeat {
        /// The digit.
        digit: u8,
        /// "row A" or "column 3".
        line: String,
        /// First cell with the digit.
        first: Cell,
        /// Second cell with the digit.
        second: Cell,
    },
    /// A cage's arithmetic fails.
    #[error("cage {target}{op} at {anchor} is not satisfied by {values:?}")]
    Cage {
        /// Cage target.
        target: u64,
        /// Cage operator.
        op: char,
        /// Top-left cell.
        anchor: Cell,
        /// The values in the cage, in cell order.
        values: Vec<u8>,
    },
    /// A CrossProduct row or column has the wrong product.
    #[error("{line} multiplies to {}, expected {want} (digits {values:?})", got.map_or_else(|| "more than 2^128".to_string(), |g| g.to_string()))]
    Product {
        /// "row 3" or "column 2" (1-based).
        line: String,
        /// The required product.
        want: u64,
        /// The actual product (`None` when it overflows `u128`).
        got: Option<u128>,
        /// The digits of the line.
        values: Vec<u8>,
    },
    /// Kakuro: a white square without a digit 1..=9 (row and column 1-based).
    #[error("white square at row {row}, column {col} holds {value}, outside 1..=9")]
    KakuroDigit {
        /// Row, 1-based.
        row: usize,
        /// Column, 1-based.
        col: usize,
        /// Its value.
        value: u8,
    },
    /// Kakuro: a blocked or clue square with a value (row and column 1-based).
    #[error("square at row {row}, column {col} is not white but holds {value}")]
    KakuroFilledSquare {
        /// Row, 1-based.
        row: usize,
        /// Column, 1-based.
        col: usize,
        /// Its value.
        value: u8,
    },
    /// Kakuro: a run misses its sum or repeats a digit (clue square 1-based).
    #[error("{dir} run after the clue at row {row}, column {col} must be distinct digits summing to {sum}, found {values:?}")]
    KakuroRun {
        /// `across` or `down`.
        dir: &'static str,
        /// Clue row, 1-based.
        row: usize,
        /// Clue column, 1-based.
        col: usize,
        /// The clue.
        sum: u32,
        /// The run's values.
        values: Vec<u8>,
    },
    /// Towers: a clue that sees another number of towers.
    #[error("the {side} clue {clue} of {line} sees {seen} towers")]
    Visible {
        /// `top`, `bottom`, `left` or `right`.
        side: &'static str,
        /// `row A` or `column 3`.
        line: String,
        /// The clue.
        clue: u8,
        /// The towers the grid shows from there.
        seen: usize,
    },
    /// Unequal: two neighbours that break the mark (or the missing mark) between them.
    #[error("{first} = {a} and {second} = {b} break the rule between them: {rule}")]
    Mark {
        /// The upper or left cell.
        first: Cell,
        /// The lower or right cell.
        second: Cell,
        /// The first cell's digit.
        a: u8,
        /// The second cell's digit.
        b: u8,
        /// What the pair must do (`first < second`, `differ by 1`, `not differ by 1`).
        rule: &'static str,
    },
    /// A variant Sudoku constraint (a thermometer, a dot, a little killer, …) the grid
    /// breaks.
    #[error("{name} at {}: {detail}", cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(" "))]
    Variant {
        /// The constraint's name (`thermometer`, `white dot`).
        name: String,
        /// The cells that break it.
        cells: Vec<Cell>,
        /// What is wrong, with the digits.
        detail: String,
    },
}

/// Checks that `grid` is `rows`×`cols`.
pub(crate) fn check_shape(grid: &Grid<u8>, rows: usize, cols: usize) -> Result<(), VerifyError> {
    if grid.rows() != rows || grid.cols() != cols {
        return Err(VerifyError::Shape {
            rows: grid.rows(),
            cols: grid.cols(),
            want_rows: rows,
            want_cols: cols,
        });
    }
    Ok(())
}
