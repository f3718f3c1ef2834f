//! # Solving
//!
//! A [`Backend`] is anything that takes clauses and answers SAT/UNSAT with a model; the
//! embedded one is varisat ([`VarisatBackend`]), kept behind this trait so another solver
//! can slot in. [`Enumerator`] finds solutions one after another by adding a blocking clause
//! over the chosen x(cell, digit) literals only (never auxiliary variables), so it counts
//! distinct grids. [`solve_puzzle`] is the whole pipeline: encode, solve, decode, verify.

pub mod external;
pub mod varisat;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::cnf::{CnfFormula, DecodeError, EncodeStats, Lit, OneHot};
use crate::encode::{encode, EncodeError, EncodeOptions};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::verify::{verify, VerifyError};

pub use self::external::ExternalBackend;
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
    /// The same grid came back twice while enumerating: blocking failed.
    #[error("solver {0} returned the same solution twice")]
    Repeated(String),
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

impl<B: Backend + ?Sized> Backend for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn add_formula(&mut self, formula: &CnfFormula) {
        (**self).add_formula(formula);
    }
    fn add_clause(&mut self, clause: &[Lit]) {
        (**self).add_clause(clause);
    }
    fn solve(&mut self) -> Result<SatResult, SolveError> {
        (**self).solve()
    }
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

/// How many solutions were found, and whether that is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// True when the solver proved there are no more (false when stopped at the limit).
    pub complete: bool,
}

/// Encodes `puzzle`, then enumerates up to `limit` solutions (all when `None`) with blocking
/// clauses, calling `visit` on each. Every solution is verified independently and checked
/// to differ from all earlier ones.
///
/// # Errors
/// Encoding limits, solver failures, and any answer that fails verification or repeats.
pub fn enumerate<B: Backend>(
    puzzle: &Puzzle,
    backend: B,
    opts: &EncodeOptions,
    limit: Option<u64>,
    mut visit: impl FnMut(&Grid<u8>),
) -> Result<(Count, RunStats), SolveError> {
    let t0 = Instant::now();
    let enc = encode(puzzle, opts)?;
    let mut stats = RunStats {
        cnf: enc.stats(),
        encode_time: t0.elapsed(),
        solve_time: Duration::ZERO,
    };
    let t1 = Instant::now();
    let name = backend.name().to_string();
    let mut solutions = Enumerator::new(backend, &enc.formula, &enc.map);
    let mut seen: HashSet<Grid<u8>> = HashSet::new();
    let mut count = Count {
        count: 0,
        complete: false,
    };
    while limit.is_none_or(|l| count.count < l) {
        let Some(grid) = solutions.next_grid()? else {
            count.complete = true;
            break;
        };
        verify(puzzle, &grid)?;
        visit(&grid);
        if !seen.insert(grid) {
            return Err(SolveError::Repeated(name));
        }
        count.count += 1;
    }
    stats.solve_time = t1.elapsed();
    Ok((count, stats))
}

/// Encodes, solves with `backend`, decodes and verifies independently; with
/// `check_unique`, looks for a second (also verified) solution. This is [`enumerate`] with
/// a limit of one or two.
///
/// # Errors
/// Encoding limits, solver failures, and any answer that fails verification.
pub fn solve_puzzle<B: Backend>(
    puzzle: &Puzzle,
    backend: B,
    opts: &SolveOptions,
) -> Result<(Outcome, RunStats), SolveError> {
    let mut first = None;
    let limit = if opts.check_unique { 2 } else { 1 };
    let (count, stats) = enumerate(puzzle, backend, &opts.encode, Some(limit), |g| {
        if first.is_none() {
            first = Some(g.clone());
        }
    })?;
    let outcome = match first {
        None => Outcome::Unsat,
        Some(grid) => Outcome::Solved {
            grid,
            unique: opts.check_unique.then_some(count.count == 1),
        },
    };
    Ok((outcome, stats))
}
