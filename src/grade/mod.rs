//! # Grading: which deductions solve a KenKen without search
//!
//! (Kakuro has levels of its own, [`KakuroLevel`], defined in `kakuro`(mod@kakuro);
//! [`Puzzle::grade`](crate::Puzzle::grade) grades either kind.)
//!
//! A puzzle's grade is the weakest [`Level`] of root propagation that fixes every cell. The
//! levels are cumulative, each adding deductions to the previous one:
//!
//! 1. [`Level::Singles`]: naked and hidden singles on rows and columns, and each cage's
//!    *candidate union*: every cell of a cage keeps only the digits that occur somewhere in
//!    a tuple still compatible with the domains (the tuples already keep in-cage rows and
//!    columns distinct). This is exactly the "Easy" cage deduction of Simon Tatham's Keen:
//!    it knows which digits the cage uses, not which cell takes which. It forces one-cell
//!    cages, but does not always force the last open cell of a cage (`6 + A1 A2 B1` with
//!    A1 = 1, A2 = 2 gives B1 ∈ {1, 2, 3}; column singles may finish the job).
//! 2. [`Level::Subsets`]: + naked pairs and triples on rows and columns.
//! 3. [`Level::CageGac`]: + generalised arc consistency on each cage's tuples (each cell
//!    keeps the digits it takes in some compatible tuple; Keen's "Normal").
//! 4. [`Level::Box`]: + the cage–line interaction (a digit every compatible tuple puts in
//!    the cage's part of a line leaves the rest of the line; Keen's "Hard" cage rule) and
//!    box–box interaction (GAC on pairs of cages sharing a line, `pairs`).
//! 5. [`Level::Search`]: none of the above fixes every cell.
//!
//! Every level is sound, so when one fixes every cell the grid is the only solution; it is
//! still checked by the independent verifier. The grade also reports whether unit
//! propagation on the puzzle's CNF ([`Puzzle::encode`](crate::Puzzle::encode)) fixes every cell
//! (`unit`(mod@unit)); that CNF has the default options except that every cage–line
//! clause is written (`--cage-lines on`, the strongest propagation the encoder offers).
//!
//! ## Example Usage
//! ```
//! use cagesat::grade::{Level, PuzzleGrade};
//! use cagesat::Puzzle;
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let puzzle = Puzzle::parse(text).unwrap();
//! let PuzzleGrade::KenKen(g) = puzzle.grade().unwrap() else { panic!("a KenKen grade") };
//! assert_eq!(g.level, Some(Level::Singles));
//! assert!(g.cnf_up.solves());
//! ```
//!
//! ## References
//! - S. Tatham, *Keen* (Portable Puzzle Collection), `keen.c`: difficulty levels.
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets, box–box interaction).

pub(crate) mod kakuro;
pub(crate) mod keen;
pub(crate) mod levels;
pub(crate) mod network;
pub(crate) mod pairs;
pub(crate) mod prepared;
pub(crate) mod sudoku;
pub(crate) mod sum_rules;
pub(crate) mod unit;

use std::fmt;

use thiserror::Error;

use crate::cnf::OneHot;
use crate::encode::{CageLines, EncodeError, EncodeOptions, Encoding};
use crate::grid::{Cell, Grid};
use crate::puzzle::KenKen;
use crate::verify::{verify_kenken, VerifyError};

pub(crate) use kakuro::grade_kakuro;
pub use kakuro::{KakuroGrade, KakuroLevel};
pub use keen::{KeenDifficulty, Matrix};
pub(crate) use prepared::Prepared;
pub use sudoku::{SudokuGrade, SudokuLevel};
pub(crate) use unit::{unit_propagate, Propagated};

/// A set of deductions, weakest first; each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Line singles and the cage candidate union.
    Singles,
    /// + naked pairs and triples.
    Subsets,
    /// + GAC on cage tuples.
    CageGac,
    /// + cage–line and box–box interaction.
    Box,
    /// Propagation alone does not solve the puzzle.
    Search,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Singles,
        Level::Subsets,
        Level::CageGac,
        Level::Box,
        Level::Search,
    ];
    /// The propagation levels (all but [`Level::Search`]).
    pub const PROPAGATION: [Level; 4] =
        [Level::Singles, Level::Subsets, Level::CageGac, Level::Box];

    /// The level named `name`: a level's own name ([`Level::name`]) or one of Keen's five
    /// difficulty names, mapped by [`KeenDifficulty::level`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .or_else(|| KeenDifficulty::from_name(name).map(KeenDifficulty::level))
    }

    /// The name used in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Singles => "singles",
            Level::Subsets => "subsets",
            Level::CageGac => "cage-gac",
            Level::Box => "box",
            Level::Search => "search",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The result of root propagation.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The grade of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The weakest level that solves it ([`Level::Search`] if none does), or `None` when
    /// propagation proves that it has no solution.
    pub level: Option<Level>,
    /// Root propagation at each of [`Level::PROPAGATION`], in that order.
    pub roots: Vec<(Level, Root)>,
    /// Root propagation at [`Level::Box`] without box–box interaction (cage–line only), to
    /// tell which of the two `box` deductions a puzzle needs.
    pub cage_lines: Root,
    /// Unit propagation on the CNF.
    pub cnf_up: Root,
    /// Number of cells.
    pub cells: usize,
}

impl Grade {
    /// True when the puzzle is graded `box` and cage–line interaction alone does not solve
    /// it (box–box interaction is needed).
    #[must_use]
    pub fn needs_box_pairs(&self) -> bool {
        self.level == Some(Level::Box) && !self.cage_lines.solves()
    }

    /// The root result of `level` (`None` for [`Level::Search`]).
    #[must_use]
    pub fn root(&self, level: Level) -> Option<&Root> {
        self.roots.iter().find(|(l, _)| *l == level).map(|(_, r)| r)
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

/// The grade of a puzzle of any kind that can be graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleGrade {
    /// A KenKen's grade.
    KenKen(Grade),
    /// A Kakuro's grade.
    Kakuro(KakuroGrade),
    /// A Sudoku's or Killer Sudoku's grade.
    Sudoku(SudokuGrade),
}

impl PuzzleGrade {
    /// The name of the grade's level, `None` when propagation proves there is no solution.
    #[must_use]
    pub fn level_name(&self) -> Option<&'static str> {
        match self {
            PuzzleGrade::KenKen(g) => g.level.map(Level::name),
            PuzzleGrade::Kakuro(g) => g.level.map(KakuroLevel::name),
            PuzzleGrade::Sudoku(g) => g.level.map(SudokuLevel::name),
        }
    }
}

/// Grades a KenKen: root propagation at every level, and unit propagation on its CNF.
/// ([`Puzzle::grade`](crate::Puzzle::grade) grades any kind that has a grader.)
///
/// `cnf` is the puzzle's CNF under [`cnf_options`], which the kind seam builds.
///
/// # Errors
/// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
/// fixed grid fails verification.
pub(crate) fn grade(k: &KenKen, cnf: Result<Encoding, EncodeError>) -> Result<Grade, GradeError> {
    let verify = |g: &Grid<u8>| verify_kenken(k, g);
    let prepared = Prepared::new(k);
    let mut roots = Vec::with_capacity(Level::PROPAGATION.len());
    for level in Level::PROPAGATION {
        let root = level_root(&verify, &prepared, level, true)?;
        roots.push((level, root));
    }
    let cage_lines = level_root(&verify, &prepared, Level::Box, false)?;
    let cnf_up = cnf_root(cnf, &verify)?;
    let level = weakest(&roots, Level::Search);
    Ok(Grade {
        level,
        roots,
        cage_lines,
        cnf_up,
        cells: k.size() * k.size(),
    })
}

/// Root propagation at `level`, the grid checked when every cell is fixed.
fn level_root(
    verify: Verifier<'_>,
    prepared: &Prepared,
    level: Level,
    box_pairs: bool,
) -> Result<Root, GradeError> {
    let Ok(doms) = prepared.fixpoint_with(level, box_pairs) else {
        return Ok(Root::Conflict);
    };
    Ok(match doms.to_grid() {
        Some(grid) => checked(verify, grid, level.name())?,
        None => Root::Open {
            fixed: (0..prepared.n * prepared.n)
                .filter(|&i| doms.value(i).is_some())
                .count(),
        },
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
