//! # The diagonals of Sudoku X and Killer X
//!
//! The formats that can ask for the two diagonals (f-puzzles' `diagonal+`/`diagonal-`,
//! SudokuWiki's `3x3:d:k:`) hand them here: the one place that turns them into the
//! puzzle's rule once the Sudoku and Killer models have it. Until then they are refused.

use crate::puzzle::Puzzle;

/// Why diagonals are refused, in words.
pub(crate) const NOT_YET: &str =
    "the diagonals of Sudoku X / Killer X are not in cagesat's Sudoku and Killer models yet";

/// `puzzle` with its main (top-left to bottom-right, `main`) and anti (`anti`) diagonals
/// as rules.
///
/// # Errors
/// [`NOT_YET`] when either diagonal is asked for.
pub(crate) fn with_diagonals(
    puzzle: Puzzle,
    main: bool,
    anti: bool,
) -> Result<Puzzle, &'static str> {
    if main || anti {
        return Err(NOT_YET);
    }
    Ok(puzzle)
}
