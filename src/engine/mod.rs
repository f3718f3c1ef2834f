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

use std::cell::Cell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::Duration;

use serde_json::json;
use thiserror::Error;

use crate::answer::{Count, Outcome};
use crate::backend::{
    embedded_cadical, Backend, BackendError, ExternalBackend, SmtSolver, VarisatBackend, Walk,
};
use crate::cnf::DecodeError;
use crate::encode::{EncodeError, EncodeOptions};
use crate::grid::Grid;
use crate::kind::verify;
use crate::native::{self, NativeOptions, NativeStats};
use crate::puzzle::Puzzle;
use crate::stop::Stop;
use crate::verify::VerifyError;

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
        let mut engines = vec![Engine::Native, Engine::Varisat];
        if cfg!(feature = "cadical") {
            engines.push(Engine::Cadical);
        }
        engines.push(Engine::Dpll);
        engines
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
    /// side [`AUTO_DPLL_MAX_SIDE`] + 1 and up, handing over to [`Engine::auto_fallback`]
    /// when its search gets hard ([`AUTO_DPLL_CONFLICTS`]); that CDCL backend directly for
    /// larger KenKen.
    ///
    /// The rule comes from runs of every engine over every corpus in `tests/data` (tables in
    /// `encodings/backends.md`). The DPLL walk has almost no set-up cost and its propagation
    /// on these CNFs is strong: on Keen, published KenKen, Kakuro and CrossProduct it meets at
    /// most a few hundred conflicts per puzzle, so it beats both CDCL solvers on solve +
    /// uniqueness and counts CrossProducts 10–20× faster than CaDiCaL (no solver call per
    /// grid). Without learning it loses on KenKen from side 10 (up to 100× on some 12×12 and
    /// 16×16), which go to CDCL straight away.
    #[must_use]
    pub fn auto_backend(puzzle: &Puzzle, limit: Option<u64>) -> Engine {
        match puzzle {
            Puzzle::KenKen(k) if k.size() > AUTO_DPLL_MAX_SIDE => {
                Engine::auto_fallback(puzzle, limit)
            }
            _ => Engine::Dpll,
        }
    }

    /// The CDCL backend [`Engine::Auto`] uses when the DPLL walk is not for the puzzle:
    /// [`Engine::Cadical`] (when built in) for KenKen of side [`AUTO_CADICAL_MIN_SIDE`] and
    /// up and for CrossProduct enumerations beyond two solutions (counting), [`Engine::Varisat`]
    /// for everything else. Measured: varisat's lower fixed cost wins below side 12; the two
    /// trade wins on sides 12 to 16; CaDiCaL is 4.6× faster on the hard 20×20 and its
    /// incremental calls stay cheap as blocking clauses pile up.
    #[must_use]
    pub fn auto_fallback(puzzle: &Puzzle, limit: Option<u64>) -> Engine {
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
            let engine = Engine::auto_backend(puzzle, limit);
            if engine != Engine::Dpll {
                return engine.enumerate(puzzle, opts, limit, visit);
            }
        }
        if matches!(self, Engine::Auto | Engine::Dpll) {
            return self.checked_enumerate(puzzle, opts, limit, visit, &mut |visit| {
                let mut walk = |budget: &WalkBudget, visit: Visitor<'_>| {
                    sat::enumerate_dpll(puzzle, &opts.encode, &opts.stop, budget, visit)
                };
                self.run_walk(puzzle, opts, limit, &mut walk, visit)
            });
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
        match self {
            Engine::Native => {
                let (complete, stats) = native::enumerate(puzzle, &opts.native, &opts.stop, visit);
                Ok((complete, EngineStats::Native(stats)))
            }
            Engine::Auto | Engine::Dpll => {
                unreachable!("Engine::enumerate runs the DPLL walk itself (run_walk)")
            }
            Engine::Smt { solver, timeout } => {
                let smt = (&opts.smt, &opts.stop);
                let (complete, stats) = smt::enumerate(puzzle, *solver, *timeout, smt, visit)?;
                Ok((complete, EngineStats::Smt(stats)))
            }
            _ => {
                let backend = self.backend(opts)?;
                let (complete, stats) =
                    sat::enumerate(puzzle, backend, &opts.encode, &opts.stop, Vec::new(), visit)?;
                Ok((complete, EngineStats::Sat(stats)))
            }
        }
    }

    /// A fresh solver of a CDCL engine (varisat, CaDiCaL, external), told about the stop.
    fn backend(&self, opts: &EngineOptions) -> Result<Box<dyn Backend>, EngineError> {
        let failed = |source| EngineError::Backend {
            solver: self.name().to_string(),
            source,
        };
        let mut backend: Box<dyn Backend> = match self {
            Engine::Varisat => Box::new(VarisatBackend::new()),
            Engine::Cadical => embedded_cadical().map_err(failed)?,
            Engine::External { command, timeout } => {
                Box::new(ExternalBackend::new(command, *timeout).map_err(failed)?)
            }
            _ => unreachable!("only CDCL engines have a backend"),
        };
        backend.set_stop(opts.stop.clone());
        Ok(backend)
    }

    /// Runs a DPLL walk as this engine does: [`Engine::Dpll`] to its end, [`Engine::Auto`]
    /// under its conflict budget with the hand-over to [`Engine::auto_fallback`]
    /// ([`Engine::dpll_then`]).
    pub(crate) fn run_walk(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        walk: &mut DpllWalk<'_>,
        visit: Visitor<'_>,
    ) -> Result<(bool, EngineStats), EngineError> {
        if *self == Engine::Auto {
            let fallback = Engine::auto_fallback(puzzle, limit);
            return Engine::dpll_then(&fallback, puzzle, opts, WalkBudget::auto(), walk, visit);
        }
        let (walk, stats) = walk(&WalkBudget::unlimited(), visit)?;
        Ok((walk == Walk::Complete, EngineStats::Sat(stats)))
    }

    /// [`Engine::Auto`]'s run on a puzzle [`Engine::auto_backend`] gives the DPLL walk:
    /// `walk` under `budget` ([`WalkBudget::auto`]), lifted once it has found
    /// [`AUTO_DPLL_PROVEN`] grids (many grids cheaply: the walk's best case); past the
    /// budget, `fallback` goes on with the grids found so far blocked.
    pub(crate) fn dpll_then(
        fallback: &Engine,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        budget: WalkBudget,
        walk: &mut DpllWalk<'_>,
        visit: Visitor<'_>,
    ) -> Result<(bool, EngineStats), EngineError> {
        let mut known = Vec::new();
        let (walk, first) = walk(&budget, &mut |grid| {
            if budget.conflicts.get() != u64::MAX {
                known.push(grid.clone());
                if known.len() >= AUTO_DPLL_PROVEN {
                    budget.conflicts.set(u64::MAX);
                    known = Vec::new();
                }
            }
            visit(grid)
        })?;
        if walk != Walk::OverBudget {
            return Ok((walk == Walk::Complete, EngineStats::Sat(first)));
        }
        let backend = fallback.backend(opts)?;
        let (complete, mut stats) =
            sat::enumerate(puzzle, backend, &opts.encode, &opts.stop, known, visit)?;
        stats.encode_time += first.encode_time;
        stats.solve_time += first.solve_time;
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

/// A DPLL walk of one puzzle under a conflict budget (the encoder and a fresh [`Dpll`], or a
/// session's shared Latin square): how it ended, and its effort.
///
/// [`Dpll`]: crate::backend::Dpll
pub(crate) type DpllWalk<'a> =
    dyn FnMut(&WalkBudget, Visitor<'_>) -> Result<(Walk, SatStats), EngineError> + 'a;

/// The conflicts a DPLL walk may meet before it gives up ([`Walk::OverBudget`]).
#[derive(Debug)]
pub(crate) struct WalkBudget {
    /// Conflicts allowed; read at every conflict, so a visitor may lift it (`u64::MAX`).
    pub(crate) conflicts: Cell<u64>,
    /// When set, the walk may also meet one conflict per this many clauses of its formula
    /// ([`WalkBudget::fit`]).
    clauses_per_conflict: Option<u64>,
}

impl WalkBudget {
    /// No limit ([`Engine::Dpll`]).
    pub(crate) fn unlimited() -> Self {
        WalkBudget::fixed(u64::MAX)
    }

    /// Exactly `conflicts`, whatever the formula.
    pub(crate) fn fixed(conflicts: u64) -> Self {
        WalkBudget {
            conflicts: Cell::new(conflicts),
            clauses_per_conflict: None,
        }
    }

    /// [`Engine::Auto`]'s budget: [`AUTO_DPLL_CONFLICTS`], or one conflict per
    /// [`AUTO_DPLL_CLAUSES_PER_CONFLICT`] clauses when that is more. Handing over costs a
    /// new encoding and a CDCL solver loaded with it, both in proportion to the formula, so
    /// a large formula earns the walk a longer try: on a random 20×20 CrossProduct (7.3 M
    /// clauses, 7,280 conflicts allowed) the hand-over to varisat takes 2–3 s and 750 MB,
    /// the walk a millisecond or two per ten conflicts and no memory beyond its formula.
    pub(crate) fn auto() -> Self {
        WalkBudget {
            conflicts: Cell::new(AUTO_DPLL_CONFLICTS),
            clauses_per_conflict: Some(AUTO_DPLL_CLAUSES_PER_CONFLICT),
        }
    }

    /// Raises the budget to what a formula of `clauses` clauses earns (see
    /// [`WalkBudget::auto`]); called by the walk once the formula is built.
    pub(crate) fn fit(&self, clauses: usize) {
        if let Some(per) = self.clauses_per_conflict {
            let earned = u64::try_from(clauses).unwrap_or(u64::MAX) / per;
            if earned > self.conflicts.get() {
                self.conflicts.set(earned);
            }
        }
    }
}

/// What a run of an engine's primitive answers: whether the enumeration is complete, and
/// the effort.
pub(crate) type RunResult = Result<(bool, EngineStats), EngineError>;

/// The smallest KenKen side for which [`Engine::Auto`] picks CaDiCaL.
pub const AUTO_CADICAL_MIN_SIDE: usize = 17;

/// The largest KenKen side for which [`Engine::Auto`] starts with the DPLL walk.
pub const AUTO_DPLL_MAX_SIDE: usize = 9;

/// Conflicts [`Engine::Auto`]'s DPLL walk may meet before it hands the puzzle to CDCL
/// (the corpora need at most a few hundred; hard KenKen thousands to millions).
pub const AUTO_DPLL_CONFLICTS: u64 = 1_000;

/// [`Engine::Auto`]'s DPLL walk may meet one conflict per this many clauses of its formula
/// when that is more than [`AUTO_DPLL_CONFLICTS`]: a hand-over costs a new encoding and a
/// CDCL solver loaded with it, both in proportion to the formula, so a large formula earns
/// the walk a longer try (`encodings/backends.md`).
pub const AUTO_DPLL_CLAUSES_PER_CONFLICT: u64 = 1_000;

/// Grids after which [`Engine::Auto`] lets the DPLL walk finish whatever it meets.
pub const AUTO_DPLL_PROVEN: usize = 256;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Dpll;
    use crate::encode::encode;
    use crate::parse::parse_puzzle;

    /// A unique Keen 9×9 (`tests/data/kenken/keen/9x9-x-01.kenken`).
    const KEEN_9X9: &str = "size 9\n16 + A1 A2 A3; 15 + A4 B4; 1 - A5 B5; 24 * A6 A7 A8\n\
        2016 * A9 B8 B9 C8 C9; 5 - B1 C1; 5 + B2 C2; 8 * B3 C3 C4; 63 * B6 B7 C7\n\
        7 - C5 D5; 18 + C6 D6 D7 D8; 24 * D1 D2; 3 - D3 E3; 28 * D4 E4 F4; 2 - D9 E9\n\
        18 + E1 E2 F1 F2; 42 * E5 F5 F6; 24 * E6 E7; 13 + E8 F8; 3 - F3 G3; 24 * F7 G7\n\
        24 + F9 G8 G9 H8 I8; 15 + G1 H1; 6 + G2 H2; 108 * G4 G5 H5; 4 - G6 H6; 5 - H3 I3\n\
        3 - H4 I4; 7 - H7 I7; 10 + H9 I9; 1 - I1 I2; 2 / I5 I6";

    /// The conflicts the DPLL walk on `puzzle` meets before its first grid, and in all.
    fn walk_conflicts(puzzle: &Puzzle) -> (u64, u64) {
        let enc = encode(puzzle, &EncodeOptions::default()).expect("encodes");
        let unlimited = Cell::new(u64::MAX);
        let walk = |first_only: bool| {
            let mut dpll = Dpll::new(&enc.formula, enc.map.cells().len(), 9);
            let _ = dpll.enumerate(&Stop::new(), &unlimited, &mut |_| {
                if first_only {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            dpll.conflicts()
        };
        (walk(true), walk(false))
    }

    /// `auto`'s walk budget: the floor for formulas up to a million clauses, then one
    /// conflict per thousand clauses; a fixed budget ignores the formula; lifting it holds.
    #[test]
    fn the_auto_budget_grows_with_the_formula() {
        let budget = WalkBudget::auto();
        budget.fit(10_000);
        assert_eq!(budget.conflicts.get(), AUTO_DPLL_CONFLICTS);
        budget.fit(7_283_512);
        assert_eq!(budget.conflicts.get(), 7_283);
        budget.fit(3_000_000);
        assert_eq!(budget.conflicts.get(), 7_283, "never lowered");
        budget.conflicts.set(u64::MAX);
        budget.fit(usize::MAX);
        assert_eq!(budget.conflicts.get(), u64::MAX);
        let fixed = WalkBudget::fixed(3);
        fixed.fit(1 << 40);
        assert_eq!(fixed.conflicts.get(), 3);
    }

    /// Whatever the DPLL budget, the hand-over to CDCL finds the one grid exactly once:
    /// before the first grid (nothing known), and after it (the grid is blocked, not found
    /// again, and the uniqueness proof is CDCL's).
    #[test]
    fn the_hand_over_to_cdcl_keeps_answers_exact() {
        let puzzle = parse_puzzle(KEEN_9X9, None, false).expect("parses");
        let (first, total) = walk_conflicts(&puzzle);
        // Budgets below `first` hand over with nothing known, from `first` on with the grid.
        assert!(first > 0 && first < total, "{first} then {total} conflicts");
        let opts = EngineOptions::default();
        for budget in [0, first - 1, first, total - 1, total] {
            for fallback in Engine::builtin() {
                if !matches!(fallback, Engine::Varisat | Engine::Cadical) {
                    continue;
                }
                let (got, _) = Engine::Auto
                    .checked_enumerate(&puzzle, &opts, None, |_| {}, &mut |visit| {
                        let mut walk = |budget: &WalkBudget, visit: Visitor<'_>| {
                            sat::enumerate_dpll(&puzzle, &opts.encode, &opts.stop, budget, visit)
                        };
                        let budget = WalkBudget::fixed(budget);
                        Engine::dpll_then(&fallback, &puzzle, &opts, budget, &mut walk, visit)
                    })
                    .expect("no repeated or wrong grid");
                assert_eq!((got.count, got.complete), (1, true), "budget {budget}");
            }
        }
    }
}
