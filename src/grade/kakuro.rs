//! # Grading Kakuro: which deductions solve it without search
//!
//! A Kakuro's grade is the weakest [`KakuroLevel`] of root propagation that fixes every white
//! square, as for KenKen ([`super::Level`]). A run's *combinations* are the sets of
//! distinct digits of its length that add up to its clue (`3` over two squares: {1, 2}). The
//! levels are cumulative, each adding deductions to the previous one, run to a fixpoint
//! from full candidates (1..=9 everywhere):
//!
//! 1. [`KakuroLevel::Singles`]: on every run, *naked singles* (a digit fixed in one square
//!    leaves the run's other squares), the *combination union* (a combination is
//!    compatible when it holds every digit fixed in the run and meets every square's
//!    candidates; each square keeps only digits of some compatible combination) and
//!    *hidden singles* (a digit that every compatible combination holds and only one square
//!    of the run can take is fixed there). This is the combination table of a Kakuro
//!    book plus singles.
//! 2. [`KakuroLevel::Subsets`]: + naked pairs and triples on every run (two or three
//!    squares whose candidates together are two or three digits take them; the run's other
//!    squares lose them).
//! 3. [`KakuroLevel::RunGac`]: + generalised arc consistency on every run: a square keeps a
//!    digit exactly when some filling of the whole run (distinct digits, the clue's sum,
//!    within the candidates) puts it there. This is the native engine's propagation
//!    ([`crate::native`]); it contains every deduction on one run alone, including the
//!    two levels before.
//! 4. [`KakuroLevel::Sac`]: + singleton arc consistency over `run-gac`: a digit is removed
//!    from a square when placing it there and propagating `run-gac` to a fixpoint runs into
//!    a contradiction (a one-step "what if", the first deduction that combines runs).
//! 5. [`KakuroLevel::Search`]: none of the above fixes every square.
//!
//! Every level is sound, so when one fixes every square the grid is the only solution; it
//! is still checked by [`Puzzle::verify`](crate::Puzzle::verify). As for KenKen, the grade also reports
//! whether unit propagation on the CNF of [`crate::encode::encode`] (default options) fixes
//! every square.
//!
//! ## Example Usage
//! ```
//! use cagesat::grade::{KakuroLevel, PuzzleGrade};
//! use cagesat::Puzzle;
//!
//! // 3 over two squares is 1 + 2, 4 is 1 + 3: the square in both runs is 1.
//! let text = "#   4\\  3\\\n\\3   .   .\n\\4   .   .\n";
//! let puzzle = Puzzle::parse(text).unwrap();
//! let PuzzleGrade::Kakuro(g) = puzzle.grade().unwrap() else { panic!() };
//! assert_eq!(g.level, Some(KakuroLevel::Singles));
//! ```

use std::fmt;

use crate::encode::{EncodeError, Encoding};
use crate::grade::sum_rules::{combinations, Doms, RunRule, DIGITS};
use crate::grade::{cnf_root, root_of, weakest, GradeError, Root};
use crate::grid::Grid;
use crate::model::network::{ModelNetwork, Rules};
use crate::model::Lowered;
use crate::native::domains::bit;
use crate::native::lines::LineSearch;
use crate::puzzle::Kakuro;
use crate::verify::verify_kakuro;

/// A set of Kakuro deductions, weakest first; each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KakuroLevel {
    /// Naked singles, the combination union and hidden singles on every run.
    Singles,
    /// + naked pairs and triples on every run.
    Subsets,
    /// + generalised arc consistency on every run.
    RunGac,
    /// + singleton arc consistency over `run-gac`.
    Sac,
    /// Propagation alone does not solve the puzzle.
    Search,
}

impl KakuroLevel {
    /// Every level, weakest first.
    pub const ALL: [KakuroLevel; 5] = [
        KakuroLevel::Singles,
        KakuroLevel::Subsets,
        KakuroLevel::RunGac,
        KakuroLevel::Sac,
        KakuroLevel::Search,
    ];
    /// The propagation levels (all but [`KakuroLevel::Search`]).
    pub const PROPAGATION: [KakuroLevel; 4] = [
        KakuroLevel::Singles,
        KakuroLevel::Subsets,
        KakuroLevel::RunGac,
        KakuroLevel::Sac,
    ];

    /// The name used in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            KakuroLevel::Singles => "singles",
            KakuroLevel::Subsets => "subsets",
            KakuroLevel::RunGac => "run-gac",
            KakuroLevel::Sac => "sac",
            KakuroLevel::Search => "search",
        }
    }
}

impl fmt::Display for KakuroLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The grade of one Kakuro.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KakuroGrade {
    /// The weakest level that solves it ([`KakuroLevel::Search`] if none does), or `None`
    /// when propagation proves that it has no solution.
    pub level: Option<KakuroLevel>,
    /// Root propagation at each of [`KakuroLevel::PROPAGATION`], in that order.
    pub roots: Vec<(KakuroLevel, Root)>,
    /// Unit propagation on the CNF.
    pub cnf_up: Root,
    /// Number of white squares.
    pub cells: usize,
}

impl KakuroGrade {
    /// The root result of `level` (`None` for [`KakuroLevel::Search`]).
    #[must_use]
    pub fn root(&self, level: KakuroLevel) -> Option<&Root> {
        self.roots.iter().find(|(l, _)| *l == level).map(|(_, r)| r)
    }
}

/// Grades a Kakuro: root propagation at every level, and unit propagation on its CNF.
///
/// `cnf` is the puzzle's CNF under [`crate::grade::cnf_options`], which the kind seam builds.
///
/// # Errors
/// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
/// fixed grid fails verification.
pub(crate) fn grade_kakuro(
    k: &Kakuro,
    cnf: Result<Encoding, EncodeError>,
) -> Result<KakuroGrade, GradeError> {
    let verify = |g: &Grid<u8>| verify_kakuro(k, g);
    let lowered = Lowered::new(&k.constraints()).ok_or(GradeError::Unsupported {
        kind: "kakuro",
        supported: "Kakuro models of distinct sums",
    })?;
    let model = ModelNetwork::new(&lowered, Rules::SOLVE);
    let root = model.root(&lowered);
    let index = white_index(k);
    let rules: Vec<RunRule> = k
        .runs()
        .iter()
        .map(|run| RunRule {
            cells: run.cells.iter().map(|c| index[c.index(k.cols())]).collect(),
            combos: combinations(run.cells.len(), u32::from(run.sum)),
        })
        .collect();
    let mut roots = Vec::with_capacity(KakuroLevel::PROPAGATION.len());
    for level in KakuroLevel::PROPAGATION {
        let doms = match level {
            KakuroLevel::Singles => rule_fixpoint(&rules, k.white_cells().len(), false),
            KakuroLevel::Subsets => rule_fixpoint(&rules, k.white_cells().len(), true),
            KakuroLevel::RunGac => gac_fixpoint(&model, root.clone()),
            KakuroLevel::Sac | KakuroLevel::Search => sac_fixpoint(&model, root.clone()),
        };
        let root = root_of(doms.as_deref(), &verify, |d| lowered.grid(d), level.name())?;
        roots.push((level, root));
    }
    let level = weakest(&roots, KakuroLevel::Search);
    Ok(KakuroGrade {
        level,
        roots,
        cnf_up: cnf_root(cnf, &verify)?,
        cells: k.white_cells().len(),
    })
}

/// The index of each white square among the white squares (row-major), by grid index.
fn white_index(k: &Kakuro) -> Vec<usize> {
    let mut index = vec![usize::MAX; k.rows() * k.cols()];
    for (i, c) in k.white_cells().iter().enumerate() {
        index[c.index(k.cols())] = i;
    }
    index
}

/// `singles` (and with `subsets`, naked pairs and triples) to a fixpoint; `None` on a
/// contradiction. The cheap rules run until quiet before subsets are looked for.
fn rule_fixpoint(rules: &[RunRule], cells: usize, subsets: bool) -> Option<Doms> {
    let mut doms = vec![DIGITS; cells];
    loop {
        let mut changed = false;
        for rule in rules {
            changed |= rule.naked_singles(&mut doms)?;
            changed |= rule.union_and_hidden(&mut doms)?;
        }
        if changed {
            continue;
        }
        if subsets {
            for rule in rules {
                changed |= rule.naked_subsets(&mut doms)?;
            }
        }
        if !changed {
            return Some(doms);
        }
    }
}

/// Arc consistency on every run to a fixpoint (the native engine's root propagation).
fn gac_fixpoint(model: &ModelNetwork, mut doms: Doms) -> Option<Doms> {
    LineSearch::new(model.net(), model)
        .propagate(&mut doms)
        .then_some(doms)
}

/// Singleton arc consistency over [`gac_fixpoint`]: every candidate of every open square is
/// tried; one whose propagation fails is removed (and the removal propagated), until no
/// trial fails.
fn sac_fixpoint(model: &ModelNetwork, mut doms: Doms) -> Option<Doms> {
    let mut search = LineSearch::new(model.net(), model);
    if !search.propagate(&mut doms) {
        return None;
    }
    loop {
        let mut changed = false;
        for c in 0..doms.len() {
            if doms[c].count_ones() < 2 {
                continue;
            }
            for d in crate::native::domains::digits(doms[c]) {
                if doms[c] & bit(d) == 0 {
                    continue; // removed by an earlier failed trial's propagation
                }
                let mut trial = doms.clone();
                trial[c] = bit(d);
                if !search.propagate_from(c, &mut trial) {
                    doms[c] &= !bit(d);
                    changed = true;
                    if doms[c] == 0 || !search.propagate_from(c, &mut doms) {
                        return None;
                    }
                }
            }
        }
        if !changed {
            return Some(doms);
        }
    }
}
