//! # Answers
//!
//! The types every engine returns, at the bottom of the crate so that the CNF layer, the
//! SAT backends and the native engine can all use them without importing each other:
//! a puzzle's [`Outcome`], a solution [`Count`], and one SAT call's [`SatResult`].

use varisat_formula::Lit;

use crate::grid::{Cell, Grid};
use crate::stop::StopReason;

/// The answer to "solve this puzzle".
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// A verified solution; `unique` is `None` when uniqueness was not checked.
    Solved {
        /// The solution grid.
        grid: Grid<u8>,
        /// Whether it is the only one.
        unique: Option<bool>,
        /// When uniqueness was checked and failed (`unique == Some(false)`), a second verified
        /// solution, different from `grid` (see [`Outcome::differences`]); `None` otherwise.
        second: Option<Grid<u8>>,
    },
    /// No solution exists.
    Unsat,
    /// The run stopped before it had an answer. `grid` is the (verified) solution found
    /// before stopping, if any: then whether it is unique is unknown.
    Stopped {
        /// A solution found before stopping.
        grid: Option<Grid<u8>>,
        /// Why it stopped.
        reason: StopReason,
    },
}

impl Outcome {
    /// A short description: `unique`, `multiple`, `solved`, `unsat`, `timeout` or
    /// `interrupted`.
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Solved {
                unique: Some(true), ..
            } => "unique",
            Outcome::Solved {
                unique: Some(false),
                ..
            } => "multiple",
            Outcome::Solved { unique: None, .. } => "solved",
            Outcome::Unsat => "unsat",
            Outcome::Stopped { reason, .. } => reason.name(),
        }
    }

    /// The second solution a failed uniqueness check found, if any.
    #[must_use]
    pub fn second(&self) -> Option<&Grid<u8>> {
        match self {
            Outcome::Solved { second, .. } => second.as_ref(),
            Outcome::Unsat | Outcome::Stopped { .. } => None,
        }
    }

    /// The cells where the solution and [`Outcome::second`] differ, in row-major order
    /// (none without a second solution).
    #[must_use]
    pub fn differences(&self) -> Vec<Cell> {
        match (self.grid(), self.second()) {
            (Some(a), Some(b)) => a.differences(b),
            _ => Vec::new(),
        }
    }

    /// The solution, if there is one.
    #[must_use]
    pub fn grid(&self) -> Option<&Grid<u8>> {
        match self {
            Outcome::Solved { grid, .. } => Some(grid),
            Outcome::Stopped { grid, .. } => grid.as_ref(),
            Outcome::Unsat => None,
        }
    }
}

/// How many solutions were found, and whether that is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// True when the engine proved there are no more (false when stopped at the limit or
    /// by a [`Stop`](crate::Stop)).
    pub complete: bool,
    /// Set when a [`Stop`](crate::Stop) ended the count early (not when the limit did).
    pub stopped: Option<StopReason>,
}

/// The answer of one SAT call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SatResult {
    /// Satisfiable, with a model (all variables, as literals).
    Sat(Vec<Lit>),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (time limit, interrupted).
    Unknown,
}
