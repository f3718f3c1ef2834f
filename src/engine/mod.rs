//! # Engines
//!
//! An [`Engine`] is one way to solve a puzzle end to end: the native propagation engine, or
//! the one-hot CNF with a SAT backend (embedded varisat or CaDiCaL, or an external DIMACS
//! solver). The
//! engines sit side by side; each offers one enumeration primitive (puzzle, visitor), and
//! this layer derives everything else from it once, for every engine:
//!
//! - [`Engine::enumerate`] verifies every grid with the independent checker
//!   ([`crate::verify`]), checks that no grid comes twice, and stops at the limit;
//! - [`Engine::solve`], [`Engine::prove_unique`] and [`Engine::count`] are enumerations
//!   with a limit of one, two, or the caller's.
//!
//! Every engine answers with the same [`Outcome`] / [`Count`] plus its own kind of effort
//! ([`EngineStats`]): search nodes for the native engine, formula size for SAT.

mod dimacs;
mod proof;
mod sat;
mod session;
mod smt;

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::Duration;

use serde_json::json;
use thiserror::Error;

use crate::answer::{Count, Outcome};
use crate::backend::{
    embedded_cadical, Backend, BackendError, ExternalBackend, SmtSolver, VarisatBackend,
};
use crate::cnf::DecodeError;
use crate::encode::{EncodeError, EncodeOptions};
use crate::grid::Grid;
use crate::native::{self, NativeOptions, NativeStats};
use crate::puzzle::Puzzle;
use crate::stop::Stop;
use crate::verify::{verify, VerifyError};

pub use self::dimacs::{
    decode_answer, parse_blocked_solution, write_dimacs, write_dimacs_projected, DecodeAnswerError,
};
pub use self::proof::{write_certificate, Certificate, CertificateError};
pub use self::sat::SatStats;
pub use self::session::Session;
pub use self::smt::{decode_smt_answer, is_smt_answer, SmtRunStats};

/// A solving engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The native propagation-and-search engine (`crate::native`).
    Native,
    /// The one-hot CNF solved by the embedded varisat (pure Rust).
    Varisat,
    /// The same CNF solved by the embedded CaDiCaL (cargo feature `cadical`, on by default;
    /// without it, running this engine fails with a "not built in" solver error). The
    /// variant exists in every build, so code matching on engines compiles either way.
    Cadical,
    /// The same CNF solved by the embedded backend [`Engine::auto_backend`] picks for the
    /// puzzle: the default of the command line, chosen by measurement.
    Auto,
    /// The same CNF solved by an external DIMACS solver, run as a child process.
    External {
        /// Command template: `{in}` is the CNF file, `{out}` a result file; without `{in}`
        /// the CNF path is appended (`cadical`, `"minisat {in} {out}"`).
        command: String,
        /// Time limit per solver call.
        timeout: Option<Duration>,
    },
    /// The SMT-LIB script (`crate::smtlib`) solved by z3 or cvc5, one process per query.
    Smt {
        /// Which solver.
        solver: SmtSolver,
        /// Time limit per solver call.
        timeout: Option<Duration>,
    },
}

impl Engine {
    /// Every engine available without configuration, in report order: native, varisat and
    /// (when built in) cadical.
    #[must_use]
    pub fn builtin() -> Vec<Engine> {
        let mut engines = vec![Engine::Native, Engine::Varisat];
        if cfg!(feature = "cadical") {
            engines.push(Engine::Cadical);
        }
        engines
    }

    /// Short name for reports.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Engine::Native => "native",
            Engine::Varisat => "varisat",
            Engine::Cadical => "cadical",
            Engine::Auto => "auto",
            Engine::External { command, .. } => command.split_whitespace().next().unwrap_or(""),
            Engine::Smt { solver, .. } => solver.program(),
        }
    }

    /// The embedded SAT engine [`Engine::Auto`] runs on `puzzle` when asked for up to
    /// `limit` solutions (`None`: all): [`Engine::Cadical`] (when built in) for KenKen of
    /// side [`AUTO_CADICAL_MIN_SIDE`] and up, and for CrossProduct enumerations beyond two
    /// solutions (counting); [`Engine::Varisat`] for everything else.
    ///
    /// The rule comes from runs of both backends over every corpus in `tests/data` (table in
    /// `encodings/README.md`). Solve + uniqueness: varisat's lower fixed cost wins on Keen,
    /// published KenKen, Kakuro and every CrossProduct set (CaDiCaL takes 1.2–1.7× as long
    /// in total, even on 150,000-variable CrossProduct CNFs that propagation settles almost
    /// at once); the two trade wins on KenKen of side 12 to 16; CaDiCaL is 4.6× faster on
    /// the hard 20×20, which dominates the generated corpus' total. Counting CrossProducts
    /// (thousands of blocking clauses): CaDiCaL takes 0.07–0.46× of varisat's time.
    #[must_use]
    pub fn auto_backend(puzzle: &Puzzle, limit: Option<u64>) -> Engine {
        if !cfg!(feature = "cadical") {
            return Engine::Varisat;
        }
        let counting = limit.is_none_or(|l| l > 2);
        match puzzle {
            Puzzle::KenKen(k) if k.size() >= AUTO_CADICAL_MIN_SIDE => Engine::Cadical,
            Puzzle::CrossProduct(_) if counting => Engine::Cadical,
            _ => Engine::Varisat,
        }
    }

    /// Finds up to `limit` solutions of `puzzle` (all when `None`), calling `visit` on each.
    /// Every solution has passed the independent verifier and differs from the ones before;
    /// `complete` is true when the engine proved there are no more.
    ///
    /// # Errors
    /// The engine's own failure (encoding limit, solver error, giving up), or an answer that
    /// failed verification or came twice.
    pub fn enumerate(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: impl FnMut(&Grid<u8>),
    ) -> Result<(Count, EngineStats), EngineError> {
        if *self == Engine::Auto {
            return Engine::auto_backend(puzzle, limit).enumerate(puzzle, opts, limit, visit);
        }
        self.checked_enumerate(puzzle, opts, limit, visit, &mut |visit| {
            self.run(puzzle, opts, visit)
        })
    }

    /// [`Engine::enumerate`] around any run of this engine's primitive: `run` finds grids
    /// and hands them to its visitor; this checks each (verifier, repeats), counts, and stops
    /// at `limit`.
    pub(crate) fn checked_enumerate(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        mut visit: impl FnMut(&Grid<u8>),
        run: &mut dyn FnMut(Visitor<'_>) -> RunResult,
    ) -> Result<(Count, EngineStats), EngineError> {
        let engine = self.name();
        let mut count = 0u64;
        // 128-bit fingerprints, not grids: memory stays small however many solutions come.
        let mut seen: HashSet<u128> = HashSet::new();
        let mut failure = None;
        let mut on_grid = |grid: Grid<u8>| {
            if let Err(source) = verify(puzzle, &grid) {
                let engine = engine.to_string();
                failure = Some(EngineError::Verify { engine, source });
                return ControlFlow::Break(());
            }
            visit(&grid);
            if !seen.insert(fingerprint(&grid)) {
                let engine = engine.to_string();
                failure = Some(EngineError::Repeated { engine });
                return ControlFlow::Break(());
            }
            count += 1;
            if limit.is_some_and(|l| count >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let (complete, stats) = if limit == Some(0) {
            (false, self.idle_stats())
        } else {
            run(&mut on_grid)?
        };
        if let Some(e) = failure {
            return Err(e);
        }
        let at_limit = limit.is_some_and(|l| count >= l);
        let stopped = if complete || at_limit {
            None
        } else {
            opts.stop.reason()
        };
        let count = Count {
            count,
            complete,
            stopped,
        };
        Ok((count, stats))
    }

    /// Finds one solution (`unique` is `None` in the answer).
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn solve(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        self.first(puzzle, opts, false)
    }

    /// Finds one solution and looks for a second (`unique` is `Some` in the answer).
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn prove_unique(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        self.first(puzzle, opts, true)
    }

    /// Counts the solutions, stopping at `limit` (then `complete` is false).
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn count(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
    ) -> Result<(Count, EngineStats), EngineError> {
        self.enumerate(puzzle, opts, limit, |_| {})
    }

    /// [`Engine::solve`] or, with `check_unique`, [`Engine::prove_unique`].
    fn first(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        check_unique: bool,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        let mut first = None;
        let limit = if check_unique { 2 } else { 1 };
        let (count, stats) = self.enumerate(puzzle, opts, Some(limit), |g| {
            if first.is_none() {
                first = Some(g.clone());
            }
        })?;
        Ok((Engine::outcome(first, &count, check_unique), stats))
    }

    /// The answer of a search for one solution (two with `check_unique`) that found `first`.
    pub(crate) fn outcome(first: Option<Grid<u8>>, count: &Count, check_unique: bool) -> Outcome {
        match (first, count.stopped) {
            (grid, Some(reason)) => Outcome::Stopped { grid, reason },
            (None, None) => Outcome::Unsat,
            (Some(grid), None) => Outcome::Solved {
                grid,
                unique: check_unique.then_some(count.count == 1),
            },
        }
    }

    /// Runs the engine's primitive.
    fn run(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        visit: Visitor<'_>,
    ) -> Result<(bool, EngineStats), EngineError> {
        let mut backend: Box<dyn Backend> = match self {
            Engine::Native => {
                let (complete, stats) = native::enumerate(puzzle, &opts.native, &opts.stop, visit);
                return Ok((complete, EngineStats::Native(stats)));
            }
            Engine::Auto => unreachable!("Engine::enumerate resolves Auto to a backend first"),
            Engine::Smt { solver, timeout } => {
                let smt = (&opts.smt, &opts.stop);
                let (complete, stats) = smt::enumerate(puzzle, *solver, *timeout, smt, visit)?;
                return Ok((complete, EngineStats::Smt(stats)));
            }
            Engine::Varisat => Box::new(VarisatBackend::new()),
            Engine::Cadical => embedded_cadical().map_err(|source| EngineError::Backend {
                solver: self.name().to_string(),
                source,
            })?,
            Engine::External { command, timeout } => {
                Box::new(ExternalBackend::new(command, *timeout).map_err(|source| {
                    EngineError::Backend {
                        solver: self.name().to_string(),
                        source,
                    }
                })?)
            }
        };
        backend.set_stop(opts.stop.clone());
        let (complete, stats) = sat::enumerate(puzzle, backend, &opts.encode, &opts.stop, visit)?;
        Ok((complete, EngineStats::Sat(stats)))
    }

    /// The effort of a run that did nothing.
    fn idle_stats(&self) -> EngineStats {
        match self {
            Engine::Native => EngineStats::Native(NativeStats::default()),
            Engine::Smt { .. } => EngineStats::Smt(SmtRunStats::default()),
            _ => EngineStats::Sat(SatStats::default()),
        }
    }
}

/// What an engine's primitive hands each grid it finds to; `Break` ends the search.
pub(crate) type Visitor<'a> = &'a mut dyn FnMut(Grid<u8>) -> ControlFlow<()>;

/// What a run of an engine's primitive answers: whether the enumeration is complete, and
/// the effort.
pub(crate) type RunResult = Result<(bool, EngineStats), EngineError>;

/// The smallest KenKen side for which [`Engine::Auto`] picks CaDiCaL.
pub const AUTO_CADICAL_MIN_SIDE: usize = 17;

/// A 128-bit fingerprint of a grid (two differently seeded SipHash values).
fn fingerprint(grid: &Grid<u8>) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |seed: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        seed.hash(&mut h);
        grid.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

/// Options for every engine; each reads its own part.
#[derive(Clone, Debug, Default)]
pub struct EngineOptions {
    /// CNF encoding choices (SAT engines).
    pub encode: EncodeOptions,
    /// Native engine choices.
    pub native: NativeOptions,
    /// SMT-LIB choices (SMT engines).
    pub smt: crate::smtlib::SmtOptions,
    /// Ends the run early when requested or past its deadline: the answer then says so
    /// ([`Outcome::Stopped`], [`Count::stopped`]) and keeps what was found.
    pub stop: Stop,
}

/// An engine failed (never "no solution", which is [`Outcome::Unsat`]).
#[derive(Debug, Error)]
pub enum EngineError {
    /// The puzzle could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The SAT solver failed.
    #[error("solver {solver} failed")]
    Backend {
        /// Solver name.
        solver: String,
        /// What happened.
        source: BackendError,
    },
    /// The solver gave up before answering (stopped, or out of time).
    #[error("solver {engine} gave up without an answer")]
    GaveUp {
        /// Engine name.
        engine: String,
    },
    /// A SAT model does not describe a grid.
    #[error("solver model is not a grid")]
    Decode(#[from] DecodeError),
    /// An answer broke a rule of the puzzle: the engine is wrong.
    #[error("{engine} answer failed independent verification")]
    Verify {
        /// Engine name.
        engine: String,
        /// The broken rule.
        source: VerifyError,
    },
    /// The same grid came twice while enumerating.
    #[error("{engine} returned the same solution twice")]
    Repeated {
        /// Engine name.
        engine: String,
    },
}

/// Effort of one run, in the engine's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineStats {
    /// Native search effort.
    Native(NativeStats),
    /// SAT formula size and times.
    Sat(SatStats),
    /// SMT script size, solver calls and times.
    Smt(SmtRunStats),
}

impl EngineStats {
    /// Time the engine reports for itself (model building plus solving).
    #[must_use]
    pub fn time(&self) -> Duration {
        match self {
            EngineStats::Native(s) => s.total_time(),
            EngineStats::Sat(s) => s.encode_time + s.solve_time,
            EngineStats::Smt(s) => s.encode_time + s.solve_time,
        }
    }

    /// Search nodes, when the engine counts them.
    #[must_use]
    pub fn nodes(&self) -> Option<u64> {
        match self {
            EngineStats::Native(s) => Some(s.nodes),
            EngineStats::Sat(_) | EngineStats::Smt(_) => None,
        }
    }

    /// Failed nodes (native backtracks), when the engine counts them.
    #[must_use]
    pub fn backtracks(&self) -> Option<u64> {
        match self {
            EngineStats::Native(s) => Some(s.backtracks),
            EngineStats::Sat(_) | EngineStats::Smt(_) => None,
        }
    }

    /// CNF variables and clauses, for SAT engines.
    #[must_use]
    pub fn cnf(&self) -> Option<(usize, usize)> {
        match self {
            EngineStats::Native(_) | EngineStats::Smt(_) => None,
            EngineStats::Sat(s) => Some((s.cnf.vars, s.cnf.clauses)),
        }
    }

    /// The `stats` object of the JSON reports.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        match self {
            EngineStats::Native(s) => json!({
                "nodes": s.nodes,
                "backtracks": s.backtracks,
                "propagations": s.propagations,
                "bounds_cages": s.bounds_cages,
                "setup_ms": ms(s.setup_time),
                "solve_ms": ms(s.solve_time),
            }),
            EngineStats::Sat(s) => json!({
                "vars": s.cnf.vars,
                "clauses": s.cnf.clauses,
                "encode_ms": ms(s.encode_time),
                "solve_ms": ms(s.solve_time),
            }),
            EngineStats::Smt(s) => json!({
                "declarations": s.script.declarations,
                "assertions": s.script.assertions,
                "calls": s.calls,
                "encode_ms": ms(s.encode_time),
                "solve_ms": ms(s.solve_time),
            }),
        }
    }
}
