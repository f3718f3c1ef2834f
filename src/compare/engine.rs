//! # Engines
//!
//! An [`Engine`] is one way to solve a puzzle end to end. Every engine answers with the
//! same [`Outcome`] (verified independently inside the engine) plus its own kind of effort
//! ([`EngineStats`]): search nodes for the native engine, formula size for SAT. New engines
//! (external SAT solvers) are new variants here; `compare` and `solve --engine` pick them
//! up through [`Engine::solve`].

use std::time::Duration;

use serde_json::json;
use thiserror::Error;

use crate::encode::EncodeOptions;
use crate::grid::Grid;
use crate::native::{self, NativeError, NativeOptions, NativeStats};
use crate::puzzle::Puzzle;
use crate::solve::{
    enumerate, solve_puzzle, Backend, Count, ExternalBackend, Outcome, RunStats, SolveError,
    SolveOptions, VarisatBackend,
};

/// A solving engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The native propagation-and-search engine ([`crate::native`]).
    Native,
    /// The one-hot CNF solved by the embedded SAT solver (varisat).
    Varisat,
    /// The same CNF solved by an external DIMACS solver, run as a child process.
    External {
        /// Command template (see [`crate::solve::external`]).
        command: String,
        /// Time limit per solver call.
        timeout: Option<Duration>,
    },
}

impl Engine {
    /// Every engine available without configuration, in report order.
    #[must_use]
    pub fn builtin() -> Vec<Engine> {
        vec![Engine::Native, Engine::Varisat]
    }

    /// Short name for reports.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Engine::Native => "native",
            Engine::Varisat => "varisat",
            Engine::External { command, .. } => command.split_whitespace().next().unwrap_or(""),
        }
    }

    /// Solves `puzzle`, checking uniqueness when asked.
    ///
    /// # Errors
    /// The engine's own failure (unsupported puzzle, encoding limit, solver error, or an
    /// answer that failed verification).
    pub fn solve(
        &self,
        puzzle: &Puzzle,
        check_unique: bool,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        match self {
            Engine::Native => {
                let o = NativeOptions {
                    check_unique,
                    ..opts.native
                };
                let (outcome, stats) = native::solve(puzzle, &o)?;
                Ok((outcome, EngineStats::Native(stats)))
            }
            Engine::Varisat => {
                let o = SolveOptions {
                    encode: opts.encode,
                    check_unique,
                };
                let (outcome, stats) = solve_puzzle(puzzle, VarisatBackend::new(), &o)?;
                Ok((outcome, EngineStats::Sat(stats)))
            }
            Engine::External { command, timeout } => {
                let o = SolveOptions {
                    encode: opts.encode,
                    check_unique,
                };
                let backend = ExternalBackend::new(command, *timeout)?;
                let (outcome, stats) = solve_puzzle(puzzle, backend, &o)?;
                Ok((outcome, EngineStats::Sat(stats)))
            }
        }
    }
}

impl Engine {
    /// Enumerates up to `limit` solutions (all when `None`), calling `visit` on each; every
    /// one is verified independently.
    ///
    /// # Errors
    /// As [`Engine::solve`].
    pub fn count(
        &self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        opts: &EngineOptions,
        mut visit: impl FnMut(&Grid<u8>),
    ) -> Result<(Count, EngineStats), EngineError> {
        let backend: Box<dyn Backend> = match self {
            Engine::Native => {
                let cap = limit.unwrap_or(u64::MAX);
                let (grids, stats) = native::solutions(puzzle, &opts.native, cap)?;
                grids.iter().for_each(&mut visit);
                let count = Count {
                    count: grids.len() as u64,
                    complete: (grids.len() as u64) < cap,
                };
                return Ok((count, EngineStats::Native(stats)));
            }
            Engine::Varisat => Box::new(VarisatBackend::new()),
            Engine::External { command, timeout } => {
                Box::new(ExternalBackend::new(command, *timeout)?)
            }
        };
        let (count, stats) = enumerate(puzzle, backend, &opts.encode, limit, visit)?;
        Ok((count, EngineStats::Sat(stats)))
    }
}

/// Options for every engine; each reads its own part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// CNF encoding choices (SAT engines).
    pub encode: EncodeOptions,
    /// Native engine choices (`check_unique` is set per call).
    pub native: NativeOptions,
}

/// An engine failed (never "no solution", which is [`Outcome::Unsat`]).
#[derive(Debug, Error)]
pub enum EngineError {
    /// The native engine failed.
    #[error(transparent)]
    Native(#[from] NativeError),
    /// The SAT pipeline failed.
    #[error(transparent)]
    Sat(#[from] SolveError),
}

/// Effort of one run, in the engine's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineStats {
    /// Native search effort.
    Native(NativeStats),
    /// SAT formula size and times.
    Sat(RunStats),
}

impl EngineStats {
    /// Time the engine reports for itself (model building plus solving).
    #[must_use]
    pub fn time(&self) -> Duration {
        match self {
            EngineStats::Native(s) => s.total_time(),
            EngineStats::Sat(s) => s.encode_time + s.solve_time,
        }
    }

    /// Search nodes, when the engine counts them.
    #[must_use]
    pub fn nodes(&self) -> Option<u64> {
        match self {
            EngineStats::Native(s) => Some(s.nodes),
            EngineStats::Sat(_) => None,
        }
    }

    /// Failed nodes (native backtracks), when the engine counts them.
    #[must_use]
    pub fn backtracks(&self) -> Option<u64> {
        match self {
            EngineStats::Native(s) => Some(s.backtracks),
            EngineStats::Sat(_) => None,
        }
    }

    /// CNF variables and clauses, for SAT engines.
    #[must_use]
    pub fn cnf(&self) -> Option<(usize, usize)> {
        match self {
            EngineStats::Native(_) => None,
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
        }
    }
}
