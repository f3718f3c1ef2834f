//! # Setter tools
//!
//! What a puzzle setter asks beyond "is it unique?", answered on the same engines and
//! checked by the same independent verifier as every other answer:
//!
//! - [`candidates`]: the **true candidates** of every cell, the digits it takes in at least
//!   one solution (the puzzle is unique exactly when every cell has one), also for a
//!   person's partly filled grid ([`State`]), naming the entries that are already wrong;
//! - [`repair`]: the **fewest givens** (Sudoku and Killer digits, KenKen `=` cages) that make
//!   a puzzle with several solutions unique, the result proven unique;
//! - [`explain`]: the **next deduction** with its reason (a smallest set of the puzzle's
//!   named constraints) and the whole path of deductions to the solution, each step
//!   checkable by [`crate::Puzzle::replay`];
//! - [`no_solution_reason`]: why a puzzle has **no solution**, when one line can say it
//!   (a repeated given, an impossible cage, cage sums against the grid's total).
//!
//! ## Example
//!
//! ```
//! use cagesat::setter::{self, RepairOptions, State};
//! use cagesat::{Cell, Engine, EngineOptions, Puzzle};
//!
//! // A 3×3 KenKen with four solutions: A1 is 3, the rest of row A is 1 2 or 2 1, and
//! // each first row leaves two ways to fill rows B and C.
//! let puzzle = Puzzle::parse("size 3\n3 = A1\n3 + A2 A3\n6 + B1 B2 B3\n6 + C1 C2 C3")?;
//! let opts = EngineOptions::default();
//! let c = setter::candidates(&puzzle, None, &Engine::Auto, &opts)?;
//! assert_eq!(c.get(Cell::new(0, 0)), &[3]);
//! assert_eq!(c.get(Cell::new(1, 0)), &[1, 2]);
//! assert_eq!((c.unique(), c.solutions_seen > 1), (false, true));
//!
//! // A person wrote 3 in B1: that digit is in no solution (A1 is 3).
//! let state = State::parse(". . .\n3 . .\n. . .", &puzzle)?;
//! let c = setter::candidates(&puzzle, Some(&state), &Engine::Auto, &opts)?;
//! assert_eq!(c.wrong, vec![(Cell::new(1, 0), 3)]);
//!
//! // One given makes it unique (B2 is 2 in one solution only); the repaired puzzle is
//! // a real puzzle, and reads back proven unique by another engine.
//! let r = setter::repair(&puzzle, &RepairOptions::default())?;
//! assert_eq!(r.givens.len(), 1);
//! let again = Puzzle::parse(&r.puzzle.to_string())?;
//! let (outcome, _) = Engine::Native.prove_unique(&again, &opts)?;
//! assert_eq!(outcome.grid(), Some(&r.solution));
//! assert_eq!(outcome.label(), "unique");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod candidates;
pub mod explain;
mod oracle;
mod partial;
mod repair;
mod state;
mod tune;
mod unsolvable;

use thiserror::Error;

use crate::engine::{EngineError, StopReason};

pub use candidates::{candidates, candidates_by, Candidates, Method};
pub use partial::PartialKenKen;
pub use repair::{repair, Repair, RepairOptions, DEFAULT_MAX_GIVENS};
pub use state::State;
pub use tune::{tune, Direction, TuneOptions, Tuned};
pub use unsolvable::{no_solution_reason, NoSolutionReason};

/// Why a setter tool gave no answer.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SetterError {
    /// The engine failed (encoding limits, solver failures, a grid the verifier rejected).
    #[error(transparent)]
    Engine(Box<EngineError>),
    /// The run was stopped (deadline or request) before its answer was complete; nothing
    /// partial is returned.
    #[error("stopped ({}) before the answer was complete", .reason.name())]
    Stopped {
        /// Why.
        reason: StopReason,
    },
    /// The engine cannot answer these questions (SMT solvers run one process per query).
    #[error("engine {engine} answers no setter questions (candidates, repair, harder or easier): use a SAT engine or native")]
    Unsupported {
        /// The engine's name.
        engine: String,
    },
    /// An engine's grid passed the verifier but does not hold the pairs it was asked for.
    #[error("{engine} answered a grid that does not hold the digits asked for")]
    OffQuestion {
        /// The engine's name.
        engine: String,
    },
    /// The puzzle has no solution, so no givens can make it unique.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The kind has no givens to add.
    #[error(
        "{kind} puzzles have no givens: repair works on KenKen, Sudoku, Killer Sudoku, Towers and Unequal"
    )]
    NoGivens {
        /// The puzzle kind.
        kind: &'static str,
    },
    /// The repaired puzzle could not be built or proven unique (a bug: please report).
    #[error("repair failed: {message}")]
    Invalid {
        /// What went wrong.
        message: String,
    },
    /// No set of at most `max` givens makes the puzzle unique.
    #[error("no set of at most {max} givens makes the puzzle unique (raise --max-givens)")]
    TooManyGivens {
        /// The bound searched.
        max: usize,
    },
    /// The puzzle has several solutions: tuning starts from a unique puzzle (repair it first).
    #[error("the puzzle has several solutions: make it unique first (repair)")]
    NotUnique,
    /// No single change makes the puzzle harder (or easier) and keeps it unique, or the
    /// kind has no such change.
    #[error("no single change makes this {kind} {direction} and keeps it unique")]
    NoTuning {
        /// The puzzle kind.
        kind: &'static str,
        /// `harder` or `easier`.
        direction: &'static str,
    },
}

impl From<EngineError> for SetterError {
    fn from(e: EngineError) -> Self {
        SetterError::Engine(Box::new(e))
    }
}
