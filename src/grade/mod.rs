//! # Grading: which deductions solve a puzzle without search
//!
//! One grader for every kind: a puzzle's grade is the weakest [`Level`] of root propagation
//! that fixes every cell. A level is a set of rules switched on, the same scale for every
//! kind ([`scale`](mod@scale)); a puzzle's families decide which levels apply and what each
//! rule acts on (its [`Scale`]):
//!
//! - [`Scale::Cages`], arithmetic cages over a Latin square by their tuples (KenKen, whose
//!   cages of `- ÷` and repeated digits are not among the model's families yet):
//!   1. [`Level::Singles`] (`singles`): naked and hidden singles on rows and columns, and each
//!      cage's *candidate union*: every cell of a cage keeps only the digits that occur
//!      somewhere in a tuple still compatible with the domains. This is exactly the "Easy"
//!      cage deduction of Simon Tatham's Keen: it knows which digits the cage uses, not which
//!      cell takes which (`6 + A1 A2 B1` with A1 = 1, A2 = 2 gives B1 ∈ {1, 2, 3}).
//!   2. [`Level::Subsets`] (`subsets`): + naked pairs and triples on rows and columns.
//!   3. [`Level::Gac`] (`cage-gac`): + generalised arc consistency on each cage's tuples
//!      (Keen's "Normal").
//!   4. [`Level::Interactions`] (`box`): + the cage–line interaction (a digit every
//!      compatible tuple puts in the cage's part of a line leaves the rest of the line;
//!      Keen's "Hard" cage rule) and box–box interaction (GAC on pairs of cages sharing a
//!      line, `pairs`). [`Grade::cage_lines`] tells which of the two a puzzle needs.
//! - [`Scale::Runs`], distinct sums with no houses (Kakuro; a run's *combinations* are the
//!   sets of distinct digits of its length adding up to its clue):
//!   1. `singles`: on every run, naked singles, the *combination union* (each square keeps
//!      only digits of some compatible combination) and hidden singles (a digit every
//!      compatible combination holds that only one square can take): the combination table
//!      of a Kakuro book.
//!   2. `subsets`: + naked pairs and triples on every run.
//!   3. `run-gac`: + generalised arc consistency on every run (a square keeps a digit exactly
//!      when some filling of the whole run puts it there): the native engine's propagation.
//!   4. [`Level::Sac`] (`sac`): + singleton arc consistency over `run-gac`: a digit is removed
//!      when placing it and propagating `run-gac` runs into a contradiction.
//! - [`Scale::Houses`], houses with the model's other families (Sudoku, Killer, Towers,
//!   Unequal), in the order of the usual human technique lists (Sudoku Wiki, HoDoKu):
//!   1. `singles`: naked and hidden singles on rows, columns and boxes; each Killer cage's
//!      combination filter, each Towers clue and Unequal relation filtered exactly.
//!   2. `subsets`: + naked pairs and triples on the houses.
//!   3. `box-line`: + pointing and claiming (box–line reduction).
//!
//! [`Level::Search`]: none of a scale's levels fixes every cell.
//!
//! Every level is sound, so when one fixes every cell the grid is the only solution; it is
//! still checked by the kind's independent verifier. The grade also reports whether unit
//! propagation on the puzzle's CNF ([`Puzzle::encode`](crate::Puzzle::encode)) fixes every
//! cell (`unit`(mod@unit)); for KenKen that CNF has every cage–line clause written
//! (`--cage-lines on`, the strongest propagation the encoder offers). The levels are written
//! up with examples in `encodings/sudoku.md` and `encodings/kakuro.md`.
//!
//! ## Example Usage
//! ```
//! use cagesat::grade::{Level, Scale};
//! use cagesat::Puzzle;
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let g = Puzzle::parse(text).unwrap().grade().unwrap();
//! assert_eq!((g.scale, g.level), (Scale::Cages, Some(Level::Singles)));
//! assert!(g.cnf_up.solves());
//!
//! // 3 over two squares is 1 + 2, 4 is 1 + 3: the square in both runs is 1.
//! let kakuro = "#   4\\  3\\\n\\3   .   .\n\\4   .   .\n";
//! let g = Puzzle::parse(kakuro).unwrap().grade().unwrap();
//! assert_eq!((g.scale, g.level_name()), (Scale::Runs, Some("singles")));
//! ```
//!
//! ## References
//! - S. Tatham, *Keen* (Portable Puzzle Collection), `keen.c`: difficulty levels.
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets, box–box interaction).

pub(crate) mod board;
pub mod difficulty;
pub(crate) mod levels;
pub(crate) mod network;
pub(crate) mod pairs;
pub(crate) mod prepared;
pub mod scale;
pub(crate) mod sum_rules;
pub(crate) mod sums;
pub(crate) mod tatham;
pub(crate) mod unit;

use thiserror::Error;

use crate::cnf::OneHot;
use crate::encode::{CageLines, EncodeError, EncodeOptions, Encoding};
use crate::grid::{Cell, Grid};
use crate::model::Lowered;
use crate::puzzle::Constraints;
use crate::verify::VerifyError;

pub use difficulty::{Difficulty, SoloDifficulty, TathamLevel};
pub(crate) use prepared::Prepared;
pub use scale::{Level, Scale};
pub use tatham::{KeenDifficulty, Matrix};
pub(crate) use unit::{unit_propagate, Propagated};

/// The result of root propagation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Root {
    /// Every cell fixed; the grid passed the independent checker.
    Solved(Grid<u8>),
    /// Some cells still open.
    Open {
        /// Cells with one candidate left.
        fixed: usize,
    },
    /// The deductions prove that there is no solution.
    Conflict,
}

impl Root {
    /// True when every cell is fixed.
    #[must_use]
    pub fn solves(&self) -> bool {
        matches!(self, Root::Solved(_))
    }

    /// Cells fixed (all of them when solved, none after a conflict).
    #[must_use]
    pub fn fixed(&self, cells: usize) -> usize {
        match self {
            Root::Solved(_) => cells,
            Root::Open { fixed } => *fixed,
            Root::Conflict => 0,
        }
    }
}

/// Grading failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GradeError {
    /// The puzzle kind cannot be graded (by this function).
    #[error("grade supports {supported} puzzles only, not {kind}")]
    Unsupported {
        /// The puzzle kind, as in [`Puzzle::kind`](crate::Puzzle::kind).
        kind: &'static str,
        /// The kinds that can be graded, e.g. `KenKen`.
        supported: &'static str,
    },
    /// The CNF could not be built.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// A propagation level fixed a grid that breaks a rule: a deduction is unsound.
    #[error("{what} fixed a grid that fails verification: {error}")]
    Unsound {
        /// The level or `cnf unit propagation`.
        what: String,
        /// The broken rule.
        error: VerifyError,
    },
}

/// The grade of one puzzle, of any kind that has a grader.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Grade {
    /// The levels that apply to the puzzle, set by its families.
    pub scale: Scale,
    /// The weakest level that solves it ([`Level::Search`] if none does), or `None` when
    /// propagation proves that it has no solution.
    pub level: Option<Level>,
    /// Root propagation at each of the scale's propagation levels
    /// ([`Scale::propagation`]), in that order.
    pub roots: Vec<(Level, Root)>,
    /// On [`Scale::Cages`]: root propagation at [`Level::Interactions`] without box–box
    /// interaction (cage–line only), to tell which of the two `box` deductions a puzzle
    /// needs. `None` on the other scales.
    pub cage_lines: Option<Root>,
    /// Unit propagation on the CNF.
    pub cnf_up: Root,
    /// Number of cells.
    pub cells: usize,
    /// The difficulty in the words of Tatham's game of the kind (Keen's for a KenKen,
    /// Solo's for a Sudoku or Killer, [`difficulty`](mod@difficulty)); `None` for the other
    /// kinds, and when his rules prove there is no solution.
    pub difficulty: Option<Difficulty>,
}

impl Grade {
    /// True when the puzzle is graded `box` on the cage scale and cage–line interaction
    /// alone does not solve it (box–box interaction is needed).
    #[must_use]
    pub fn needs_box_pairs(&self) -> bool {
        self.level == Some(Level::Interactions)
            && self.cage_lines.as_ref().is_some_and(|r| !r.solves())
    }

    /// The root result of `level` (`None` for [`Level::Search`] and levels off the scale).
    #[must_use]
    pub fn root(&self, level: Level) -> Option<&Root> {
        self.roots.iter().find(|(l, _)| *l == level).map(|(_, r)| r)
    }

    /// The scale's name of the grade's level ([`Scale::name`]), `None` when propagation
    /// proves there is no solution.
    #[must_use]
    pub fn level_name(&self) -> Option<&'static str> {
        self.level.map(|l| self.scale.name(l))
    }
}

/// The grade of a puzzle of any kind: one type since the graders became one
/// ([`Puzzle::grade`](crate::Puzzle::grade)).
pub type PuzzleGrade = Grade;

/// The families a puzzle is graded on.
pub(crate) enum Families {
    /// Arithmetic cages by their tuples, over a Latin square ([`Scale::Cages`]).
    Cages(Prepared),
    /// The model's families ([`Scale::Runs`] or [`Scale::Houses`]).
    Model(Box<Lowered>),
}

impl Families {
    /// The model of `constraints`, sorted into families.
    ///
    /// # Errors
    /// [`GradeError::Unsupported`] when the model holds a family the grader does not take.
    pub(crate) fn model(kind: &'static str, constraints: &Constraints) -> Result<Self, GradeError> {
        Lowered::new(constraints)
            .map(|m| Families::Model(Box::new(m)))
            .ok_or(GradeError::Unsupported {
                kind,
                supported: "models of houses, distinct sums, visibility clues and relations",
            })
    }

    /// The scale these families are graded on.
    pub(crate) fn scale(&self) -> Scale {
        match self {
            Families::Cages(_) => Scale::Cages,
            Families::Model(m) => network::scale(m),
        }
    }

    /// Root propagation at `level` of `scale`, the grid checked when every cell is fixed;
    /// box–box interaction only with `box_pairs`.
    fn root(
        &self,
        scale: Scale,
        level: Level,
        box_pairs: bool,
        verify: Verifier<'_>,
    ) -> Result<Root, GradeError> {
        let what = scale.name(level);
        match self {
            Families::Cages(p) => {
                let Ok(doms) = p.fixpoint_with(level, box_pairs) else {
                    return Ok(Root::Conflict);
                };
                Ok(match doms.to_grid() {
                    Some(grid) => checked(verify, grid, what)?,
                    None => Root::Open {
                        fixed: (0..p.n * p.n).filter(|&i| doms.value(i).is_some()).count(),
                    },
                })
            }
            Families::Model(m) => {
                let doms = network::fixpoint(m, scale, level);
                root_of(doms.as_deref(), verify, |d| m.grid(d), what)
            }
        }
    }

    /// The difficulty by Tatham's rules; a grid his rules fix is checked with `verify`.
    ///
    /// # Errors
    /// [`GradeError::Unsound`] when the fixed grid fails verification.
    fn difficulty(&self, verify: Verifier<'_>) -> Result<Option<Difficulty>, GradeError> {
        let found = match self {
            Families::Cages(p) => difficulty::keen(p),
            Families::Model(m) => difficulty::solo(m),
        };
        let Some((d, board)) = found else {
            return Ok(None);
        };
        if board.solved() {
            if let Some(grid) = board.doms.to_grid() {
                let _ = checked(verify, grid, d.level.name())?;
            }
        }
        Ok(Some(d))
    }

    /// The number of cells.
    fn cells(&self) -> usize {
        match self {
            Families::Cages(p) => p.n * p.n,
            Families::Model(m) => m.cells.len(),
        }
    }
}

/// Grades a puzzle: root propagation at every level of its families' scale, and unit
/// propagation on its CNF `cnf`; every fixed grid is checked with `verify`, the kind's
/// independent verifier. ([`Puzzle::grade`](crate::Puzzle::grade) grades any kind that has
/// a grader; the kind seam builds the families and the CNF.)
///
/// # Errors
/// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
/// fixed grid fails verification.
pub(crate) fn grade(
    families: &Families,
    verify: Verifier<'_>,
    cnf: Result<Encoding, EncodeError>,
) -> Result<Grade, GradeError> {
    let scale = families.scale();
    let mut roots = Vec::with_capacity(scale.propagation().len());
    for &level in scale.propagation() {
        roots.push((level, families.root(scale, level, true, verify)?));
    }
    let cage_lines = match families {
        Families::Cages(_) => Some(families.root(scale, Level::Interactions, false, verify)?),
        Families::Model(_) => None,
    };
    Ok(Grade {
        scale,
        level: weakest(&roots, Level::Search),
        roots,
        cage_lines,
        cnf_up: cnf_root(cnf, verify)?,
        cells: families.cells(),
        difficulty: families.difficulty(verify)?,
    })
}

/// The options of the CNF whose unit propagation a grade reports: every cage–line clause
/// (`--cage-lines on`, the strongest propagation this encoder offers).
pub(crate) fn cnf_options() -> EncodeOptions {
    let mut opts = EncodeOptions::default();
    opts.kenken.cage_lines = CageLines::On;
    opts
}

/// A puzzle's independent verifier, as the graders check the grids they fix.
pub(crate) type Verifier<'a> = &'a dyn Fn(&Grid<u8>) -> Result<(), VerifyError>;

/// Unit propagation on the CNF with every cage–line clause (`--cage-lines on`, the
/// strongest propagation this encoder offers), read back through the one-hot map.
pub(crate) fn cnf_root(
    enc: Result<Encoding, EncodeError>,
    verify: Verifier<'_>,
) -> Result<Root, GradeError> {
    let enc = enc?;
    let Propagated::Fixpoint(a) = unit_propagate(&enc.formula) else {
        return Ok(Root::Conflict);
    };
    let (rows, cols) = enc.map.dims();
    let mut grid = Grid::filled(rows, cols, 0u8);
    let mut fixed = 0;
    for &cell in enc.map.cells() {
        if let Some(d) = fixed_digit(&enc.map, &a, cell) {
            grid.set(cell, d);
            fixed += 1;
        }
    }
    if fixed == enc.map.cells().len() {
        checked(verify, grid, "cnf unit propagation")
    } else {
        Ok(Root::Open { fixed })
    }
}

/// The digit of `cell` when unit propagation made exactly one x(cell, d) true.
fn fixed_digit(map: &OneHot, a: &unit::Assignment, cell: Cell) -> Option<u8> {
    let mut found = None;
    for d in 1..=map.digits() {
        if a.value(map.lit(cell, d)) == Some(true) {
            if found.is_some() {
                return None;
            }
            found = Some(d);
        }
    }
    found
}

pub(crate) fn checked(
    verify: Verifier<'_>,
    grid: Grid<u8>,
    what: &str,
) -> Result<Root, GradeError> {
    match verify(&grid) {
        Ok(()) => Ok(Root::Solved(grid)),
        Err(error) => Err(GradeError::Unsound {
            what: what.to_string(),
            error,
        }),
    }
}

/// The weakest level whose root solves the puzzle (`search` when none does), or `None` when
/// one proves there is no solution: a puzzle's grade from its levels' roots, weakest first.
pub(crate) fn weakest<L: Copy>(roots: &[(L, Root)], search: L) -> Option<L> {
    if roots.iter().any(|(_, r)| *r == Root::Conflict) {
        return None;
    }
    Some(
        roots
            .iter()
            .find(|(_, r)| r.solves())
            .map_or(search, |(l, _)| *l),
    )
}

/// The root a level's fixpoint `doms` (one digit mask per cell; `None`: a conflict) gives:
/// solved when every cell is fixed (the grid `grid` makes of them passes `verify`), else
/// open with its fixed cells.
///
/// # Errors
/// [`GradeError::Unsound`] when the fixed grid fails verification.
pub(crate) fn root_of(
    doms: Option<&[u32]>,
    verify: Verifier<'_>,
    grid: impl FnOnce(&[u32]) -> Grid<u8>,
    what: &str,
) -> Result<Root, GradeError> {
    match doms {
        None => Ok(Root::Conflict),
        Some(d) if d.iter().all(|m| m.count_ones() == 1) => checked(verify, grid(d), what),
        Some(d) => Ok(Root::Open {
            fixed: d.iter().filter(|m| m.count_ones() == 1).count(),
        }),
    }
}

#[cfg(test)]
mod levels_tests;
