//! # Grading a model by the line network's levels
//!
//! Root propagation of the model's line network (`crate::model::network`) with the rules of
//! each [`SudokuLevel`] of propagation switched on (`singles`; `subsets` adds naked pairs and
//! triples; `box-line` adds pointing and claiming), run to a fixpoint from the givens. The
//! grade is the weakest level that fixes every cell (`search` when none does; no level when
//! one proves the puzzle has no solution); every fixed grid passes the kind's verifier.
//! Sudoku, Killer Sudoku, Towers and Unequal are graded this way.

use crate::model::network::{ModelNetwork, Rules};
use crate::model::Lowered;
use crate::native::lines::LineSearch;

use super::{root_of, weakest, GradeError, Root, SudokuLevel, Verifier};

/// The root of every propagation level, and the grade they give: `None` when a level
/// proves there is no solution.
pub(crate) struct Levels {
    /// The grade.
    pub level: Option<SudokuLevel>,
    /// Each level's root, weakest first.
    pub roots: Vec<(SudokuLevel, Root)>,
}

/// Propagates `lowered` at each level; fixed grids are checked with `verify`.
///
/// # Errors
/// [`GradeError::Unsound`] when a fixed grid fails verification.
pub(crate) fn network_levels(
    lowered: &Lowered,
    verify: Verifier<'_>,
) -> Result<Levels, GradeError> {
    let mut roots = Vec::with_capacity(SudokuLevel::PROPAGATION.len());
    for level in SudokuLevel::PROPAGATION {
        let rules = Rules {
            subsets: level >= SudokuLevel::Subsets,
            box_line: level >= SudokuLevel::BoxLine,
            implied: false,
            exact_sums: false,
        };
        let net = ModelNetwork::new(lowered, rules);
        let mut doms = net.root(lowered);
        let mut search = LineSearch::new(net.net(), &net);
        let fixpoint = search.propagate(&mut doms).then_some(doms.as_slice());
        let root = root_of(fixpoint, verify, |d| lowered.grid(d), level.name())?;
        roots.push((level, root));
    }
    let level = weakest(&roots, SudokuLevel::Search);
    Ok(Levels { level, roots })
}
