//! # Grading Sudoku and Killer Sudoku
//!
//! The model's network levels (`crate::grade::network`: the levels are defined in
//! `crate::grade::sudoku`), then unit propagation on the CNF; every fixed grid passes the
//! independent verifier.

use crate::grade::network::{network_levels, Levels};
use crate::grade::{cnf_root, GradeError, SudokuGrade};
use crate::grid::Grid;
use crate::puzzle::{Killer, Sudoku};

use super::verify::{verify_killer, verify_sudoku};
use crate::model::Lowered;

/// Grades `s` (with the cages of `killer`).
///
/// # Errors
/// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
/// fixed grid fails verification.
pub(super) fn grade(s: &Sudoku, killer: Option<&Killer>) -> Result<SudokuGrade, GradeError> {
    let verify = |g: &Grid<u8>| match killer {
        Some(k) => verify_killer(k, g),
        None => verify_sudoku(s, g),
    };
    let constraints = killer.map_or_else(|| s.constraints(), Killer::constraints);
    let lowered = Lowered::new(&constraints).ok_or(GradeError::Unsupported {
        kind: "sudoku",
        supported: "Sudoku models of houses and distinct sums",
    })?;
    let Levels { level, roots } = network_levels(&lowered, &verify)?;
    let opts = crate::encode::EncodeOptions::default();
    let enc = match killer {
        Some(k) => super::encode::encode_killer(k, &opts),
        None => super::encode::encode_sudoku(s, &opts),
    };
    Ok(SudokuGrade {
        level,
        roots,
        cnf_up: cnf_root(enc, &verify)?,
        cells: s.size() * s.size(),
    })
}
