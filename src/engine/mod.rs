//! # Engines
//!
//! An [`Engine`] is the user's choice of how to solve a puzzle end to end: the native
//! propagation engine, the one-hot CNF with a SAT backend (embedded varisat or CaDiCaL, or
//! an external DIMACS solver), the DPLL walk, SMT, or the `auto` policy. One function
//! (`Engine::enumerator`) turns the choice into its primitive, an `Enumerator`
//! (`engines`): each engine offers one enumeration primitive (puzzle, visitor), and
//! everything else is derived from it once, for every engine (`enumerate`):
//!
//! - [`Engine::enumerate`] verifies every grid with the independent checker
//!   ([`Puzzle::verify`]), checks that no grid comes twice, and stops at the limit;
//! - [`Engine::solve`], [`Engine::prove_unique`] and [`Engine::count`] are enumerations
//!   with a limit of one, two, or the caller's.
//!
//! Every engine answers with the same [`Outcome`] / [`Count`] plus its own kind of effort
//! ([`EngineStats`]): search nodes for the native engine, formula size for SAT.

mod cubes;
pub(crate) mod dimacs;
mod distinct;
mod engines;
mod enumerate;
mod hand_over;
pub(crate) mod latin;
mod parallel;
mod parallel_walk;
mod plan;
mod portfolio;
pub(crate) mod proof;
mod sat;
mod session;
pub(crate) mod smt;
pub(crate) mod solve_loop;

use std::time::Duration;

use serde_json::json;
use thiserror::Error;

use crate::answer::{Count, Outcome};
use crate::backend::{self, SolverChoice};
use crate::cnf::DecodeError;
use crate::encode::{EncodeError, EncodeOptions};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::stop::Stop;
use crate::verify::VerifyError;

pub(crate) use self::dimacs::DecodeAnswerError;
use self::engines::{
    BudgetedNative, BudgetedWalk, Cdcl, DpllWalk, FreshWalk, NativeSearch, SmtScripts, Walker,
};
pub(crate) use self::enumerate::{first_limit, Enumerator};
use self::hand_over::HandOver;
pub use self::parallel::{ParallelMode, ParallelOptions, Threads};
pub(crate) use self::plan::auto_choice;
pub use self::plan::Plan;
pub use self::sat::SatStats;
pub use self::session::Session;
pub use self::smt::SmtRunStats;
pub use crate::backend::{BackendError, SmtSolver};
pub use crate::native::{NativeOptions, NativeStats};
pub use crate::stop::StopReason;

/// A solving engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// The native propagation-and-search engine (`crate::native`).
    Native,
    /// The one-hot CNF solved by the embedded varisat (pure Rust).
    Varisat,
    /// The same CNF solved by the embedded CaDiCaL (cargo feature `cadical`, on by default;
    /// without it, running this engine fails with a "not built in" solver error). The
    /// variant exists in every build, so code matching on engines compiles either way.
    Cadical,
    /// The same CNF enumerated by the project's own DPLL search (chronological
    /// backtracking, no learning, no blocking clauses): one walk of the search tree finds
    /// every grid, so counting costs propagations, not solver calls. Fast where grids are
    /// many and propagation prunes well (CrossProduct counting); no match for CDCL on hard
    /// instances.
    Dpll,
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
    /// Every engine available without configuration, in report order: native, varisat,
    /// (when built in) cadical, and dpll.
    #[must_use]
    pub fn builtin() -> Vec<Engine> {
        let mut engines = vec![Engine::Native];
        engines.extend(backend::embedded().into_iter().map(Engine::cdcl));
        engines.push(Engine::Dpll);
        engines
    }

    /// The solvers a CDCL engine runs (`None` for the other engines): the inverse of
    /// [`Engine::cdcl`].
    pub(crate) fn solver_choice(&self) -> Option<SolverChoice> {
        match self {
            Engine::Varisat => Some(SolverChoice::Varisat),
            Engine::Cadical => Some(SolverChoice::Cadical),
            Engine::External { command, timeout } => Some(SolverChoice::External {
                command: command.clone(),
                timeout: *timeout,
            }),
            _ => None,
        }
    }

    /// The CDCL engine that runs solvers of `choice`.
    fn cdcl(choice: SolverChoice) -> Engine {
        match choice {
            SolverChoice::Varisat => Engine::Varisat,
            SolverChoice::Cadical => Engine::Cadical,
            SolverChoice::External { command, timeout } => Engine::External { command, timeout },
        }
    }

    /// Short name for reports.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Engine::Native => "native",
            Engine::Varisat => "varisat",
            Engine::Cadical => "cadical",
            Engine::Dpll => "dpll",
            Engine::Auto => "auto",
            Engine::External { command, .. } => command.split_whitespace().next().unwrap_or(""),
            Engine::Smt { solver, .. } => solver.program(),
        }
    }

    /// The embedded SAT engine [`Engine::Auto`] runs on `puzzle` when asked for up to
    /// `limit` solutions (`None`: all): [`Engine::Dpll`] first for every puzzle but KenKen of
    /// side 10 and up, handing over to [`Engine::auto_fallback`] when its search gets hard
    /// (1,000 conflicts, or one per 1,000 clauses of a larger CNF); that CDCL backend directly for
    /// larger KenKen.
    ///
    /// The rule comes from runs of every engine over every corpus in `tests/data` (tables in
    /// `encodings/backends.md`). The DPLL walk has almost no set-up cost and its propagation
    /// on these CNFs is strong: on Keen, published KenKen, Kakuro and CrossProduct it meets at
    /// most a few hundred conflicts per puzzle, so it beats both CDCL solvers on solve +
    /// uniqueness and counts CrossProducts 10–20× faster than CaDiCaL (no solver call per
    /// grid). Without learning it loses on KenKen from side 10 (up to 100× on some 12×12 and
    /// 16×16), which go to CDCL straight away.
    ///
    /// Sudoku and Killer Sudoku are the exception: `auto` runs [`Engine::Native`] on them
    /// (measured in `encodings/sudoku.md`: its dedicated search solves and proves unique a
    /// 16×16 Sudoku several times faster than any SAT engine), and hands a puzzle over to
    /// [`Engine::auto_fallback`] after 30,000 backtracks.
    #[must_use]
    pub fn auto_backend(puzzle: &Puzzle, limit: Option<u64>) -> Engine {
        let plan = Engine::plan(puzzle, limit);
        plan.first.unwrap_or(plan.cdcl)
    }

    /// What [`Engine::Auto`] runs on `puzzle` asked for up to `limit` solutions (`None`:
    /// all): the one rule ([`Plan`]) that every use of `auto` reads.
    #[must_use]
    pub fn plan(puzzle: &Puzzle, limit: Option<u64>) -> Plan {
        plan::plan(puzzle, limit)
    }

    /// The CDCL backend [`Engine::Auto`] uses when the DPLL walk is not for the puzzle:
    /// [`Engine::Cadical`] (when built in) for KenKen of side 17 and
    /// up and for CrossProduct enumerations beyond two solutions (counting), [`Engine::Varisat`]
    /// for everything else. Measured: varisat's lower fixed cost wins below side 12; the two
    /// trade wins on sides 12 to 16; CaDiCaL is 4.6× faster on the hard 20×20 and its
    /// incremental calls stay cheap as blocking clauses pile up. The rule itself lives with
    /// the solvers (the KenKen generator's checker asks it too).
    #[must_use]
    pub fn auto_fallback(puzzle: &Puzzle, limit: Option<u64>) -> Engine {
        Engine::plan(puzzle, limit).cdcl
    }

    /// This engine's primitive for `puzzle` asked for up to `limit` solutions: the one place
    /// a choice becomes an [`Enumerator`] (for [`Engine::Auto`], the walk composite or the
    /// CDCL solver its rule picks).
    pub(crate) fn enumerator(&self, puzzle: &Puzzle, limit: Option<u64>) -> Box<dyn Enumerator> {
        self.enumerator_with(puzzle, limit, FreshWalk)
    }

    /// [`Engine::enumerator`] with the DPLL walks ([`Engine::Dpll`], [`Engine::Auto`]) taken
    /// from `walk` (a session's shared Latin square).
    pub(crate) fn enumerator_with<'w>(
        &self,
        puzzle: &Puzzle,
        limit: Option<u64>,
        walk: impl Walker + 'w,
    ) -> Box<dyn Enumerator + 'w> {
        let cdcl = |choice| Box::new(Cdcl::new(choice));
        match self {
            Engine::Native => Box::new(NativeSearch),
            Engine::Varisat => cdcl(SolverChoice::Varisat),
            Engine::Cadical => cdcl(SolverChoice::Cadical),
            Engine::External { command, timeout } => cdcl(SolverChoice::External {
                command: command.clone(),
                timeout: *timeout,
            }),
            Engine::Dpll => Box::new(DpllWalk(walk)),
            Engine::Auto => {
                let plan = Engine::plan(puzzle, limit);
                let fallback =
                    Cdcl::new(plan.cdcl.solver_choice().unwrap_or(SolverChoice::Varisat));
                match plan.first {
                    Some(Engine::Native) => {
                        let native = BudgetedNative {
                            backtracks: AUTO_NATIVE_BACKTRACKS,
                        };
                        Box::new(HandOver::new(native, fallback))
                    }
                    Some(_) => Box::new(HandOver::new(BudgetedWalk::new(walk), fallback)),
                    None => Box::new(fallback),
                }
            }
            Engine::Smt { solver, timeout } => Box::new(SmtScripts {
                solver: *solver,
                timeout: *timeout,
            }),
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
        let mut engine = self.enumerator(puzzle, limit);
        engine.enumerate(puzzle, opts, limit, visit)
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
        let mut engine = self.enumerator(puzzle, first_limit(false));
        engine.solve(puzzle, opts)
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
        let mut engine = self.enumerator(puzzle, first_limit(true));
        engine.prove_unique(puzzle, opts)
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
        let mut engine = self.enumerator(puzzle, limit);
        engine.count(puzzle, opts, limit)
    }
}

/// Whether the `auto` plan sends `puzzle` straight to a CDCL solver (neither the native
/// engine nor the DPLL walk): where [`Threads::Auto`] counts on every core it is given.
fn sent_to_cdcl(puzzle: &Puzzle) -> bool {
    Engine::plan(puzzle, None).first.is_none()
}

/// The largest KenKen side for which [`Engine::Auto`] starts with the DPLL walk.
pub(crate) const AUTO_DPLL_MAX_SIDE: usize = 9;

/// Conflicts [`Engine::Auto`]'s DPLL walk may meet before it hands the puzzle to CDCL
/// (the corpora need at most a few hundred; hard KenKen thousands to millions).
pub(crate) const AUTO_DPLL_CONFLICTS: u64 = 1_000;

/// [`Engine::Auto`]'s DPLL walk may meet one conflict per this many clauses of its formula
/// when that is more than [`AUTO_DPLL_CONFLICTS`]: a hand-over costs a new encoding and a
/// CDCL solver loaded with it, both in proportion to the formula, so a large formula earns
/// the walk a longer try (`encodings/backends.md`).
pub(crate) const AUTO_DPLL_CLAUSES_PER_CONFLICT: u64 = 1_000;

/// Backtracks [`Engine::Auto`]'s native search of a Sudoku or Killer Sudoku may make before
/// it hands the puzzle to CDCL (the shipped and benchmarked puzzles need at most 673, the
/// hardest of Tarek's 42 Killers about 20,000, where CDCL takes 1 to 2 s; the native search
/// makes about 20,000 a second on a 9×9 Killer, 23,000 on a 16×16 one).
pub(crate) const AUTO_NATIVE_BACKTRACKS: u64 = 30_000;

/// Grids after which [`Engine::Auto`] lets the DPLL walk finish whatever it meets.
pub(crate) const AUTO_DPLL_PROVEN: usize = 256;

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
    /// Threads for one puzzle on the CDCL engines, and for the DPLL walk's counting
    /// (default: one).
    pub parallel: ParallelOptions,
}

/// An engine failed (never "no solution", which is [`Outcome::Unsat`]).
#[derive(Debug, Error)]
#[non_exhaustive]
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
    /// A grid came from a place in the engine's search tree that breaks the tree's order,
    /// so the check that no grid comes twice could not be made.
    #[error("{engine} returned a solution out of its search order (cannot check it is new)")]
    Disordered {
        /// Engine name.
        engine: String,
    },
}

/// Effort of one run, in the engine's own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
