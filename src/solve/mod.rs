//! # Solving
//!
//! A [`Backend`] is anything that takes clauses and answers SAT/UNSAT with a model; the
//! embedded one is varisat ([`VarisatBackend`]), kept behind this trait so another solver
//! can slot in. [`Enumerator`] finds solutions one after another by adding a blocking clause
//! over the chosen x(cell, digit) literals only (never auxiliary variables), so it counts
//! distinct grids. [`solve_puzzle`] is the whole pipeline: encode, solve, decode, verify.

pub mod varisat;

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::cnf::{CnfFormula, DecodeError, EncodeStats, Lit, OneHot};
use crate::encode::{encode, EncodeError, EncodeOptions};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::verify::{verify, VerifyError};

pub use self::varisat::VarisatBackend;

/// The answer of one SAT call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable, with a model (all variables, as literals).
    Sat(Vec<Lit>),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (time limit, interrupted).
    Unknown,
}

/// Solving failed (this is never "no solution": that is [`SatResult::Unsat`]).
#[derive(Debug, Error)]
pub enum SolveError {
    /// The puzzle could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The solver itself failed.
    #[error("solver {solver} failed: {message}")]
    Backend {
        /// Solver name.
        solver: String,
        /// What happened.
        message: String,
    },
    /// The solver gave up before answering.
    #[error("solver {0} gave up without an answer")]
    Unknown(String),
    /// The model does not describe a grid.
    #[error("solver model is not a grid: {0}")]
    Decode(#[from] DecodeError),
    /// The decoded grid breaks a rule: the encoder or solver is wrong.
    #[error("solver answer failed independent verification: {0}")]
    Verify(#[from] VerifyError),
}

/// A SAT solver the project can drive.
pub trait Backend {
    /// Short name for reports.
    fn name(&self) -> &str;
    /// Adds all clauses of a formula.
    fn add_formula(&mut self, formula: &CnfFormula);
    /// Adds one clause.
    fn add_clause(&mut self, clause: &[Lit]);
    /// Solves the clauses added so far.
    ///
    /// # Errors
    /// [`SolveError::Backend`] when the solver fails.
    fn solve(&mut self) -> Result<SatResult, SolveError>;
}

/// Enumerates the distinct grids of an encoded puzzle with blocking clauses.
pub struct Enumerator<'a, B: Backend> {
    backend: B,
    map: &'a OneHot,
    exhausted: bool,
}

impl<'a, B: Backend> Enumerator<'a, B> {
    /// Loads `formula` into `backend`.
    pub fn new(mut backend: B, formula: &CnfFormula, map: &'a OneHot) -> Self {
        backend.add_formula(formula);
        Enumerator {
            backend,
            map,
            exhausted: false,
        }
    }

    /// The next solution not seen before, or `None` when there is none. The returned grid
    /// is blocked before returning, so the next call finds a different one.
    ///
    /// # Errors
    /// Backend failures, `Unknown` answers and undecodable models.
    pub fn next_grid(&mut self) -> Result<Option<Grid<u8>>, SolveError> {
        if self.exhausted {
            return Ok(None);
        }
        match self.backend.solve()? {
            SatResult::Sat(model) => {
                let grid = self.map.decode(&model)?;
                let block: Vec<Lit> = self.map.chosen(&grid).into_iter().map(|l| !l).collect();
                self.backend.add_clause(&block);
                Ok(Some(grid))
            }
            SatResult::Unsat => {
                self.exhausted = true;
                Ok(None)
            }
            SatResult::Unknown => Err(SolveError::Unknown(self.backend.name().to_string())),
        }
    }
}

/// What to do after the first solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Encoding choices.
    pub encode: EncodeOptions,
    /// Look for a second solution.
    pub check_unique: bool,
}

/// The outcome of [`solve_puzzle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A verified solution; `unique` is `None` when uniqueness was not checked.
    Solved {
        /// The solution grid.
        grid: Grid<u8>,
        /// Whether it is the only one.
        unique: Option<bool>,
    },
    /// No solution exists.
    Unsat,
}

/// Sizes and times of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// CNF size.
    pub cnf: EncodeStats,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in the solver (all calls).
    pub solve_time: Duration,
}

/// Encodes, solves with `backend`, decodes and verifies independently; with
/// `check_unique`, looks for a second (also verified) solution.
///
/// # Errors
/// Encoding limits, solver failures, and any answer that fails verification.
pub fn solve_puzzle<B: Backend>(
    puzzle: &Puzzle,
    backend: B,
    opts: &SolveOptions,
) -> Result<(Outcome, RunStats), SolveError> {
    let t0 = Instant::now();
    let enc = encode(puzzle, &opts.encode)?;
    let mut stats = RunStats {
        cnf: enc.stats(),
        encode_time: t0.elapsed(),
        solve_time: Duration::ZERO,
    };
    let t1 = Instant::now();
    let mut solutions = Enumerator::new(backend, &enc.formula, &enc.map);
    let first = solutions.next_grid()?;
    let outcome = match first {
        None => Outcome::Unsat,
        Some(grid) => {
            verify(puzzle, &grid)?;
            let unique = if opts.check_unique {
                match solutions.next_grid()? {
                    Some(second) => {
                        verify(puzzle, &second)?;
                        Some(false)
                    }
                    None => Some(true),
                }
            } else {
                None
            };
            Outcome::Solved { grid, unique }
        }
    };
    stats.solve_time = t1.elapsed();
    Ok((outcome, stats))
}
