//! # The diagonals of Sudoku X and Killer X
//!
//! The formats that can ask for the two diagonals (f-puzzles' `diagonal+`/`diagonal-`,
//! SudokuWiki's `3x3:d:k:`) hand them here: the one place that turns them into the
//! puzzle's rule ([`Sudoku::with_diagonals`]). The models have both long diagonals together
//! (Sudoku X, Killer X); one diagonal alone is refused.

use crate::puzzle::sudoku::{Killer, SudokuError};
use crate::puzzle::Puzzle;

/// Why diagonals could not be added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// A variant the models do not have, in words.
    NotYet(&'static str),
    /// A given repeats on a diagonal.
    Rule(SudokuError),
}

/// Why one diagonal alone is refused, in words.
pub(crate) const ONE_ONLY: &str =
    "one diagonal alone is not in cagesat's Sudoku and Killer models (both are: Sudoku X / Killer X)";

/// `puzzle` with its main (top-left to bottom-right, `main`) and anti (`anti`) diagonals
/// as rules.
///
/// # Errors
/// [`Refusal::NotYet`] for one diagonal alone; [`Refusal::Rule`] for a given that repeats
/// on a diagonal.
///
/// [`Sudoku::with_diagonals`]: crate::puzzle::sudoku::Sudoku::with_diagonals
pub(crate) fn with_diagonals(puzzle: Puzzle, main: bool, anti: bool) -> Result<Puzzle, Refusal> {
    if !main && !anti {
        return Ok(puzzle);
    }
    if main != anti {
        return Err(Refusal::NotYet(ONE_ONLY));
    }
    match puzzle {
        Puzzle::Sudoku(s) => s.with_diagonals().map(Puzzle::Sudoku),
        Puzzle::Killer(k) => k
            .sudoku()
            .clone()
            .with_diagonals()
            .and_then(|s| Killer::new(s, k.cages().to_vec()))
            .map(Puzzle::Killer),
        other => Ok(other),
    }
    .map_err(Refusal::Rule)
}
