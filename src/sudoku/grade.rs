//! # Grading Sudoku and Killer Sudoku
//!
//! Root propagation of the model's line network (`crate::model::network`) with the rules of each
//! [`SudokuLevel`] switched on (the levels are defined in `crate::grade::sudoku`), then unit
//! propagation on the CNF; every fixed grid passes the independent verifier.

use crate::grade::{checked, cnf_root, GradeError, Root, SudokuGrade, SudokuLevel};
use crate::grid::Grid;
use crate::native::lines::LineSearch;
use crate::puzzle::{Killer, Sudoku};

use super::verify::{verify_killer, verify_sudoku};
use crate::model::network::{ModelNetwork, Rules};
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
    let mut roots = Vec::with_capacity(SudokuLevel::PROPAGATION.len());
    for level in SudokuLevel::PROPAGATION {
        let rules = Rules {
            subsets: level >= SudokuLevel::Subsets,
            box_line: level >= SudokuLevel::BoxLine,
            implied: false,
            exact_sums: false,
        };
        let net = ModelNetwork::new(&lowered, rules);
        let mut doms = net.root(&lowered);
        let mut search = LineSearch::new(net.net(), &net);
        let root = if !search.propagate(&mut doms) {
            Root::Conflict
        } else if doms.iter().all(|m| m.count_ones() == 1) {
            checked(&verify, lowered.grid(&doms), level.name())?
        } else {
            Root::Open {
                fixed: doms.iter().filter(|m| m.count_ones() == 1).count(),
            }
        };
        roots.push((level, root));
    }
    let level = if roots.iter().any(|(_, r)| *r == Root::Conflict) {
        None
    } else {
        Some(
            roots
                .iter()
                .find(|(_, r)| r.solves())
                .map_or(SudokuLevel::Search, |(l, _)| *l),
        )
    };
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
