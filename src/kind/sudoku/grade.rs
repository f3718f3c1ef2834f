//! # Grading Sudoku and Killer Sudoku
//!
//! The one grader (`crate::grade`) on the model's families (houses, and a Killer's cages as
//! distinct sums), then unit propagation on the CNF; every fixed grid passes the
//! independent verifier.

use crate::grade::{self, Families, Grade, GradeError};
use crate::grid::Grid;
use crate::kind::Kind;
use crate::puzzle::{Killer, Sudoku};

use super::verify::{verify_killer, verify_sudoku};

/// Grades `s` (with the cages of `killer`).
///
/// # Errors
/// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
/// fixed grid fails verification.
pub(super) fn grade(s: &Sudoku, killer: Option<&Killer>) -> Result<Grade, GradeError> {
    let verify = |g: &Grid<u8>| match killer {
        Some(k) => verify_killer(k, g),
        None => verify_sudoku(s, g),
    };
    let constraints = killer.map_or_else(|| s.constraints(), Killer::constraints);
    let families = Families::model("sudoku", &constraints)?;
    let opts = crate::encode::EncodeOptions::default();
    let enc = match killer {
        Some(k) => Kind::encode(k, &opts),
        None => Kind::encode(s, &opts),
    };
    grade::grade(&families, &verify, enc)
}
