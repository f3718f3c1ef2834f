//! # Puzzle generators
//!
//! Seeded, reproducible generators (one file per puzzle kind; KenKen in three: `kenken`,
//! `kenken_cages`, `kenken_check`; Kakuro in four: `kakuro`, `kakuro_shape`, `kakuro_fill`,
//! `kakuro_check`) built on [`SplitMix64`], and
//! [`hide_operators`], which hides KenKen operators (`?`) while the puzzle stays unique, and
//! `is_unique`, the uniqueness check the CrossProduct generator and survey use to keep only
//! unique puzzles. Towers, Unequal and jigsaw Sudoku (`towers.rs`, `unequal.rs`,
//! `jigsaw.rs`) remove clues from a full solution while two engines prove the puzzle
//! unique (`removal.rs`). [`generate`] (`spec.rs`) makes a puzzle of any kind from one
//! [`GenerateSpec`]: the front ends ask there.

pub(crate) mod crossproduct;
pub(crate) mod guards;
pub(crate) mod hide_ops;
pub(crate) mod jigsaw;
pub(crate) mod kakuro;
pub(crate) mod kakuro_check;
pub(crate) mod kakuro_fill;
pub(crate) mod kakuro_shape;
pub(crate) mod kenken;
pub(crate) mod kenken_cages;
pub(crate) mod kenken_check;
mod kinds;
pub(crate) mod latin;
pub(crate) mod removal;
pub(crate) mod spec;
pub(crate) mod sudoku;
pub mod survey;
pub(crate) mod towers;
pub(crate) mod unequal;

use thiserror::Error;

use crate::answer::Outcome;
use crate::encode::EncodeOptions;
use crate::engine::{Engine, EngineError, EngineOptions};
use crate::grade::{GradeError, Level, Scale};
use crate::puzzle::Puzzle;
use crate::stop::{Stop, StopReason};

pub use crate::parse::keen_id;
pub use crate::rng::SplitMix64;
pub use crossproduct::{
    generate_crossproduct, generate_crossproduct_until, random_table, CrossProductParams,
    GeneratedCrossProduct,
};
pub use hide_ops::{hide_operators, HiddenOperators};
pub use jigsaw::JIGSAW_GEN_SIDES;
pub use kakuro::{
    generate_kakuro, generate_kakuro_until, GeneratedKakuro, KakuroParams,
    DEFAULT_KAKURO_MAX_ATTEMPTS, MAX_KAKURO_GEN_DIM, MIN_KAKURO_DIM,
};
pub use kenken::{
    default_max_givens, generate_kenken, generate_kenken_until, GeneratedKenKen, KenKenParams,
    MAX_ATTEMPTS,
};
pub use spec::{
    generate, generator, GenOption, GenerateSpec, Generated, Generator, DEFAULT_LEVEL_ATTEMPTS,
    GENERATORS,
};
pub use sudoku::{
    KillerStyle, SudokuVariant, DEFAULT_KILLER_MAX_CAGE, KILLER_DRAWS, KILLER_LEVEL_MOVES,
    KILLER_REPAIRS,
};
pub use towers::TOWERS_GEN_SIDES;
pub use unequal::UNEQUAL_GEN_SIDES;

/// Generation failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// Encoding or solving a candidate failed.
    #[error(transparent)]
    Engine(Box<EngineError>),
    /// The parameters describe no valid puzzle (e.g. zero rows).
    #[error("invalid parameters: {0}")]
    Params(String),
    /// A stop (time limit, interrupt) ended a KenKen before its uniqueness was proven.
    #[error(
        "stopped ({}) before the puzzle was proven unique (uniqueness checks: {checks}, repairs: {repairs})",
        reason.name()
    )]
    KenKenStopped {
        /// Why.
        reason: StopReason,
        /// SAT uniqueness checks run.
        checks: u64,
        /// Repairs made (cage changes, givens).
        repairs: usize,
    },
    /// A stop (time limit, interrupt) ended a Kakuro before its uniqueness was proven.
    #[error(
        "stopped ({}) before the puzzle was proven unique (shapes drawn: {shapes}; on the last, uniqueness checks: {checks}, repairs: {repairs})",
        reason.name()
    )]
    KakuroStopped {
        /// Why.
        reason: StopReason,
        /// Shapes drawn.
        shapes: u64,
        /// SAT uniqueness checks run on the last shape.
        checks: u64,
        /// Repairs (digit changes, blackened squares) on the last shape.
        repairs: usize,
    },
    /// A stop (time limit, interrupt) ended a CrossProduct run.
    #[error(
        "stopped ({}) (tables drawn: {attempts}, puzzles made: {found} of {wanted})",
        reason.name()
    )]
    CrossProductStopped {
        /// Why.
        reason: StopReason,
        /// Puzzles made (and handed out) before the stop.
        found: usize,
        /// Puzzles asked for.
        wanted: usize,
        /// Random tables drawn.
        attempts: u64,
    },
    /// The Sudoku or Killer Sudoku parameters describe no puzzle (an unsupported size).
    #[error(transparent)]
    Sudoku(#[from] crate::puzzle::SudokuError),
    /// A stop (time limit, interrupt) ended a Sudoku or Killer Sudoku before its givens
    /// were settled.
    #[error(
        "stopped ({}) before the puzzle was proven unique (uniqueness checks: {checks})",
        reason.name()
    )]
    SudokuStopped {
        /// Why.
        reason: StopReason,
        /// Uniqueness checks finished.
        checks: u64,
    },
    /// A Towers, Unequal or jigsaw Sudoku that `auto` proved unique is not confirmed by
    /// varisat (a bug in one of them: it must find the same grid and no other).
    #[error("varisat does not confirm the generator's unique solution (its answer: {answer})")]
    Unconfirmed {
        /// Varisat's answer (`multiple`, `unsat`, or `unique` with another grid).
        answer: &'static str,
    },
    /// No KenKen attempt reached its target level within the attempt budget.
    #[error(
        "no {size}x{size} KenKen graded {}{} found in {attempts} attempts (try another \
         seed, a larger --max-cage, or --max-givens)",
        if *exact {""} else {"at most "},
        Scale::Cages.name(*level)
    )]
    KenKenAttempts {
        /// Side length.
        size: usize,
        /// The level asked for (`box` or `search` when none was; on the cage scale,
        /// [`Scale::Cages`]).
        level: Level,
        /// Whether the level was asked exactly (a difficulty) or as an upper bound.
        exact: bool,
        /// Attempts (fresh Latin squares) made.
        attempts: usize,
    },
    /// Grading a candidate failed.
    #[error(transparent)]
    Grade(Box<GradeError>),
    /// No Kakuro seed within the attempt budget gave the level asked.
    #[error(
        "no {rows}x{cols} Kakuro graded {} among seeds {first_seed}..={} \
         (--max-attempts {attempts}; try another seed, a larger grid or more attempts)",
        Scale::Runs.name(*level),
        first_seed.wrapping_add(attempts.saturating_sub(1))
    )]
    KakuroAttempts {
        /// Rows, frame included.
        rows: usize,
        /// Columns, frame included.
        cols: usize,
        /// The level asked for (on the run scale, [`Scale::Runs`]).
        level: Level,
        /// The first seed tried.
        first_seed: u64,
        /// Seeds tried.
        attempts: u64,
    },
    /// [`generate`] was asked for a kind it does not know.
    #[error("unknown kind '{kind}' (expected {})", spec::kind_names())]
    UnknownKind {
        /// The name asked.
        kind: String,
    },
    /// [`generate`] was given an option the kind's generator does not read.
    #[error("{kind} takes no option {option} (it takes: {takes})")]
    Unsupported {
        /// The kind.
        kind: &'static str,
        /// The option ([`GenOption::name`]).
        option: &'static str,
        /// The options it reads, comma-separated (`none` when none).
        takes: String,
    },
    /// [`generate`] was asked for a level the kind's generator does not make.
    #[error("{kind} has no level {level}")]
    NoSuchLevel {
        /// The kind.
        kind: &'static str,
        /// The level, as the kind's scale names it.
        level: &'static str,
    },
    /// No seed tried by [`generate`] gave a puzzle of the level asked.
    #[error("no {kind} of level {level} among seeds {first_seed}..{last_seed}")]
    LevelAttempts {
        /// The kind.
        kind: &'static str,
        /// The level asked, as the kind's scale names it.
        level: &'static str,
        /// The first seed tried.
        first_seed: u64,
        /// The last seed tried.
        last_seed: u64,
    },
    /// Not enough unique puzzles within the attempt budget.
    #[error("found only {found} of {wanted} unique puzzles in {attempts} attempts")]
    TooFewUnique {
        /// Unique puzzles found.
        found: usize,
        /// Unique puzzles asked for.
        wanted: usize,
        /// Random tables tried.
        attempts: u64,
    },
}

impl From<GradeError> for GenerateError {
    fn from(e: GradeError) -> Self {
        GenerateError::Grade(Box::new(e))
    }
}

impl From<EngineError> for GenerateError {
    fn from(e: EngineError) -> Self {
        GenerateError::Engine(Box::new(e))
    }
}

/// Whether `puzzle` has exactly one solution: [`Engine::prove_unique`] with the embedded SAT
/// solver, so every solution found is verified.
///
/// # Errors
/// Encoding and solver failures, and solutions that fail verification.
pub(crate) fn is_unique(puzzle: &Puzzle, opts: &EncodeOptions) -> Result<bool, EngineError> {
    Ok(is_unique_until(puzzle, opts, &Stop::new())? == Some(true))
}

/// [`is_unique`] under `stop`: `None` when the stop came first.
///
/// # Errors
/// As [`is_unique`].
pub(crate) fn is_unique_until(
    puzzle: &Puzzle,
    opts: &EncodeOptions,
    stop: &Stop,
) -> Result<Option<bool>, EngineError> {
    let opts = EngineOptions {
        encode: *opts,
        stop: stop.clone(),
        ..EngineOptions::default()
    };
    let (outcome, _) = Engine::Varisat.prove_unique(puzzle, &opts)?;
    Ok(match outcome {
        Outcome::Stopped { .. } => None,
        Outcome::Solved { unique, .. } => Some(unique == Some(true)),
        Outcome::Unsat => Some(false),
    })
}

/// Checks that the `kind` generator makes side `size` (`sides`, the kind's published
/// range): the one side check of the Towers, Unequal and jigsaw generators.
///
/// # Errors
/// [`GenerateError::Params`] naming the kind, the side and the range.
pub(crate) fn check_side(
    kind: &str,
    size: usize,
    sides: std::ops::RangeInclusive<usize>,
) -> Result<(), GenerateError> {
    if sides.contains(&size) {
        Ok(())
    } else {
        Err(GenerateError::Params(format!(
            "{kind} size {size} (expected {}..={})",
            sides.start(),
            sides.end()
        )))
    }
}

/// After [`check_side`], a random Latin square of side `size` drawn from `rng`: the
/// solution the Towers and Unequal generators strip clues from.
///
/// # Errors
/// As [`check_side`].
pub(crate) fn latin_solution(
    kind: &str,
    size: usize,
    sides: std::ops::RangeInclusive<usize>,
    rng: &mut SplitMix64,
) -> Result<crate::grid::Grid<u8>, GenerateError> {
    check_side(kind, size, sides)?;
    let rows = latin::random_latin_square(size, rng);
    crate::grid::Grid::from_rows(rows)
        .ok_or_else(|| GenerateError::Params(format!("{kind} size {size}")))
}
