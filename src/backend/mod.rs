//! # SAT backends
//!
//! A [`Backend`] is an incremental SAT solver: it takes clauses, solves under assumptions,
//! takes more clauses between calls, and can be told to stop ([`Stop`]). Two are embedded:
//! varisat ([`VarisatBackend`], pure Rust) and, with the cargo feature `cadical` (on by
//! default; it needs a C++ compiler), CaDiCaL (`CadicalBackend`); [`ExternalBackend`] runs
//! any DIMACS solver as a child process. [`Dpll`] is not a `Backend`: it is the project's
//! own enumerator of projected models (DPLL with chronological backtracking), used for
//! counting. This module is the only place that names a concrete solver: everything above it
//! (the SAT engine, blocking-clause enumeration, the KenKen generator) sees the trait, and
//! asks [`new`] for a solver by [`SolverChoice`]; [`auto_choice`] is the one place that
//! holds the `auto` rule between the CDCL solvers.

#[cfg(feature = "cadical")]
mod cadical;
#[cfg(feature = "cadical")]
mod cadical_proof;
#[cfg(test)]
mod contract;
mod dpll;
mod external;
#[cfg_attr(
    not(feature = "cadical"),
    allow(
        dead_code,
        reason = "only CaDiCaL shares clauses: without it the members' ends go unused"
    )
)]
mod share;
mod smt;
#[cfg(test)]
pub(crate) mod testing;
mod varisat;

use std::time::Duration;

use thiserror::Error;

use crate::answer::SatResult;
use crate::cnf::dimacs::AnswerError;
use crate::cnf::{AmoEncoding, CnfFormula, Lit};
use crate::encode::EncodeOptions;
use crate::stop::Stop;

#[cfg(feature = "cadical")]
use self::cadical::CadicalBackend;
#[cfg(feature = "cadical")]
pub(crate) use self::cadical_proof::refute_with_lrat as cadical_refute_with_lrat;
pub(crate) use self::dpll::{Decisions, Dpll, Walk};
use self::external::ExternalBackend;
pub(crate) use self::share::Exchange;
pub(crate) use self::smt::run_smt;
pub use self::smt::SmtSolver;
pub(crate) use self::varisat::refute_with_lrat;
use self::varisat::VarisatBackend;

/// Which CDCL solver [`new`] builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SolverChoice {
    /// The embedded varisat (pure Rust).
    Varisat,
    /// The embedded CaDiCaL (cargo feature `cadical`; without it, [`new`] fails with
    /// [`BackendError::NotBuilt`]).
    Cadical,
    /// An external DIMACS solver run as a child process ([`ExternalBackend`]).
    External {
        /// Command template (see [`ExternalBackend::new`]).
        command: String,
        /// Time limit per solver call.
        timeout: Option<Duration>,
    },
}

impl SolverChoice {
    /// Short name for reports: the solver's own name, or the external command's program.
    pub(crate) fn name(&self) -> &str {
        match self {
            SolverChoice::Varisat => "varisat",
            SolverChoice::Cadical => "cadical",
            SolverChoice::External { command, .. } => {
                command.split_whitespace().next().unwrap_or("")
            }
        }
    }
}

/// The embedded CDCL solvers of this build, in report order: varisat, then CaDiCaL when the
/// cargo feature `cadical` is on.
pub(crate) fn embedded() -> Vec<SolverChoice> {
    let mut solvers = vec![SolverChoice::Varisat];
    if cfg!(feature = "cadical") {
        solvers.push(SolverChoice::Cadical);
    }
    solvers
}

/// A fresh solver of `choice`, told about `stop` before it holds any clause (so that a
/// deadline can move varisat to a worker thread). The one place a solver is constructed.
///
/// # Errors
/// [`BackendError::NotBuilt`] for CaDiCaL in a build without it;
/// [`BackendError::EmptyCommand`] for an empty external command.
pub(crate) fn new(choice: &SolverChoice, stop: &Stop) -> Result<Box<dyn Backend>, BackendError> {
    let mut backend: Box<dyn Backend> = match choice {
        SolverChoice::Varisat => Box::new(VarisatBackend::new()),
        #[cfg(feature = "cadical")]
        SolverChoice::Cadical => Box::new(CadicalBackend::new()),
        #[cfg(not(feature = "cadical"))]
        SolverChoice::Cadical => return Err(BackendError::NotBuilt { feature: "cadical" }),
        SolverChoice::External { command, timeout } => {
            Box::new(ExternalBackend::new(command, *timeout)?)
        }
    };
    backend.set_stop(stop.clone());
    Ok(backend)
}

/// Whether portfolio members of `choice` share learnt clauses ([`new_member`]); they must
/// then all load the same formula, variable for variable.
pub(crate) fn shares_clauses(choice: &SolverChoice) -> bool {
    cfg!(feature = "cadical") && *choice == SolverChoice::Cadical
}

/// CaDiCaL's configurations, one per portfolio member in turn (members beyond three also
/// differ in clause order: [`crate::engine::portfolio`]).
#[cfg(feature = "cadical")]
const MEMBER_CONFIGS: [&str; 3] = ["default", "sat", "unsat"];

/// Portfolio member `member`'s solver of `choice`, told about `stop`: where
/// [`shares_clauses`], CaDiCaL in its member's configuration, sharing its learnt clauses over
/// the variables `1..=own_vars` (the formula's own) through `exchange`; otherwise as [`new`].
///
/// # Errors
/// As [`new`].
pub(crate) fn new_member(
    choice: &SolverChoice,
    stop: &Stop,
    (exchange, member, own_vars): (&std::sync::Arc<Exchange>, usize, usize),
) -> Result<Box<dyn Backend>, BackendError> {
    #[cfg(feature = "cadical")]
    if shares_clauses(choice) {
        // For measurements only (`benches/modes40.sh`): `CAGESAT_CADICAL_CONFIGS=a,b,...`
        // gives the members' configurations in turn instead of `MEMBER_CONFIGS`.
        let chosen = std::env::var("CAGESAT_CADICAL_CONFIGS")
            .ok()
            .and_then(|text| {
                let configs: Vec<&str> = text.split(',').map(str::trim).collect();
                let config = configs[member % configs.len()];
                MEMBER_CONFIGS
                    .iter()
                    .chain(&["plain"])
                    .find(|known| **known == config)
                    .copied()
            });
        let config = chosen.unwrap_or(MEMBER_CONFIGS[member % MEMBER_CONFIGS.len()]);
        let share = share::Share::new(exchange.clone(), member, own_vars);
        let mut backend: Box<dyn Backend> = Box::new(CadicalBackend::member(config, share));
        backend.set_stop(stop.clone());
        return Ok(backend);
    }
    let _ = (exchange, member, own_vars);
    new(choice, stop)
}

/// What the `auto` rule between the CDCL solvers looks at in a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Workload {
    /// A KenKen of this side.
    KenKen {
        /// Side length.
        side: usize,
    },
    /// A CrossProduct.
    CrossProduct,
    /// A Sudoku or Killer Sudoku: `auto` runs the native engine on it (its dedicated
    /// search beats every SAT engine, `encodings/sudoku.md`); varisat where a CDCL solver
    /// is asked for.
    Sudoku,
    /// A Sudoku or Killer with variant constraints: `auto` runs CaDiCaL alone (on ISS's
    /// corpus the native line network took 55 s on a 78-cell pill arrow that varisat
    /// proves unique in 2 s and CaDiCaL in 5 s, and CaDiCaL beat varisat on the hard
    /// renban and little-killer puzzles: 4.8 s against 11.1 s, 11.6 s against 15.6 s).
    Variant,
    /// Any other puzzle.
    Other,
}

/// The smallest KenKen side for which the `auto` rule picks CaDiCaL.
pub(crate) const AUTO_CADICAL_MIN_SIDE: usize = 17;

/// The embedded CDCL solver the `auto` rule picks for `work` asked for up to `limit`
/// solutions (`None`: all): CaDiCaL (when built in) for KenKen of side
/// [`AUTO_CADICAL_MIN_SIDE`] and up and for CrossProduct enumerations beyond two solutions
/// (counting), varisat for everything else. Measured (`encodings/backends.md`): varisat's
/// lower fixed cost wins below side 12; the two trade wins on sides 12 to 16; CaDiCaL is
/// 4.6× faster on the hard 20×20 and its incremental calls stay cheap as blocking clauses
/// pile up. The engines' `auto` and the KenKen generator's checker both ask here.
pub(crate) fn auto_choice(work: Workload, limit: Option<u64>) -> SolverChoice {
    if !cfg!(feature = "cadical") {
        return SolverChoice::Varisat;
    }
    let counting = limit.is_none_or(|l| l > 2);
    match work {
        Workload::KenKen { side } if side >= AUTO_CADICAL_MIN_SIDE => SolverChoice::Cadical,
        Workload::CrossProduct if counting => SolverChoice::Cadical,
        Workload::Variant => SolverChoice::Cadical,
        _ => SolverChoice::Varisat,
    }
}

/// The encoding a solver of `choice` is given for `work`: `opts` with each `auto` clause
/// family resolved by the rule measured for that solver (`encodings/backends.md`, "Clause
/// families per backend (session 10)"); explicit choices (`--amo sequential`,
/// `--cage-lines off`, …) are kept. For KenKen on the embedded CDCL solvers:
///
/// - at-most-one groups ([`AmoEncoding`]): `auto` becomes `pairwise` on varisat and on
///   CaDiCaL. Plain `auto` writes Sinz's ladder above 10 literals
///   (`cnf::card::AUTO_PAIRWISE_MAX`), that is on sides 11 and up, where the pairwise form
///   was faster on both solvers;
/// - cage–line clauses ([`CageLines`](crate::encode::CageLines)): `auto` stays `auto` (from side 10) on both: turning
///   them off was slower on both solvers over the hard 20×20 set, CaDiCaL included.
///
/// Other kinds, external solvers and the DPLL walk keep `opts` as given (not measured, or
/// nothing to gain: the walk runs KenKen only up to 9×9, where `auto` is pairwise already).
/// Called where an engine builds its CDCL solver: the CDCL primitive of [`crate::engine`]
/// and a session's shared KenKen solver (so both solve the same CNF). The KenKen
/// generator's checker keeps the default encoding, so that a seed still makes the same
/// puzzle.
pub(crate) fn encode_options_for(
    choice: &SolverChoice,
    work: Workload,
    opts: &EncodeOptions,
) -> EncodeOptions {
    let mut opts = *opts;
    let kenken = matches!(work, Workload::KenKen { .. });
    let embedded = matches!(choice, SolverChoice::Varisat | SolverChoice::Cadical);
    if kenken && embedded && opts.amo == AmoEncoding::Auto {
        opts.amo = AmoEncoding::Pairwise;
    }
    opts
}

/// Why a solver call failed. "Unsatisfiable" and "gave up" are answers
/// (`SatResult::Unsat`, `SatResult::Unknown`), not errors.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BackendError {
    /// The solver command is empty.
    #[error("empty solver command")]
    EmptyCommand,
    /// The solver program could not be started.
    #[error("cannot run '{program}'")]
    Start {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// A temporary file could not be written or read.
    #[error("cannot write {path}")]
    TempFile {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The solver ran past its time limit and was stopped.
    #[error("timed out after {} s", limit.as_secs_f64())]
    TimedOut {
        /// The limit.
        limit: Duration,
    },
    /// The solver process was killed by a signal.
    #[error("was killed by a signal (crashed?)")]
    Killed,
    /// The solver exited with a status that means neither SAT nor UNSAT.
    #[error("exited with status {0}")]
    ExitStatus(i32),
    /// The exit status (10 or 20) says the opposite of the printed result.
    #[error("exit status {code} contradicts its printed result ({printed})")]
    Contradiction {
        /// The exit status.
        code: i32,
        /// The printed result (`SATISFIABLE`, `UNSATISFIABLE`, `UNKNOWN`).
        printed: &'static str,
    },
    /// The solver's output could not be read.
    #[error("unreadable answer")]
    Answer(#[from] AnswerError),
    /// The solver reported an internal failure.
    #[error("{0}")]
    Internal(String),
    /// The solver is not compiled into this build (a cargo feature is off).
    #[error("not built in (cargo feature `{feature}` is off)")]
    NotBuilt {
        /// The cargo feature that adds it.
        feature: &'static str,
    },
    /// An SMT solver's output could not be read.
    #[error("unreadable SMT answer")]
    SmtAnswer(#[source] crate::smtlib::answer::SmtAnswerError),
}

/// An incremental SAT solver the project can drive.
pub(crate) trait Backend {
    /// Short name for reports.
    fn name(&self) -> &str;

    /// Adds one clause (its variables need not have been declared).
    fn add_clause(&mut self, clause: &[Lit]);

    /// Adds all clauses of a formula.
    fn add_formula(&mut self, formula: &CnfFormula) {
        for clause in formula.iter() {
            self.add_clause(clause);
        }
    }

    /// Adds all clauses of a formula, each extended with `¬active`: they hold in the calls
    /// that assume `active`, and fixing `¬active` retires them for good.
    fn add_formula_under(&mut self, formula: &CnfFormula, active: Lit) {
        let mut guarded = Vec::new();
        for clause in formula.iter() {
            guarded.clear();
            guarded.extend_from_slice(clause);
            guarded.push(!active);
            self.add_clause(&guarded);
        }
    }

    /// Solves the clauses added so far with `assumptions` holding for this call only.
    ///
    /// # Errors
    /// [`BackendError`] when the solver fails; giving up (a stop request, a time limit) is
    /// the answer [`SatResult::Unknown`].
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError>;

    /// From now on, give up with [`SatResult::Unknown`] as soon as `stop` is requested
    /// (each backend says how soon it can notice).
    fn set_stop(&mut self, stop: Stop);

    /// After an unsatisfiable call, the assumptions among `assumptions` (those of that call)
    /// that the refutation used: an unsatisfiable core, not necessarily minimal. `None` when
    /// the backend cannot tell (then all of them are the core).
    fn failed(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        let _ = assumptions;
        None
    }
}

impl<B: Backend + ?Sized> Backend for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn add_clause(&mut self, clause: &[Lit]) {
        (**self).add_clause(clause);
    }
    fn add_formula(&mut self, formula: &CnfFormula) {
        (**self).add_formula(formula);
    }
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        (**self).solve_under(assumptions)
    }
    fn set_stop(&mut self, stop: Stop) {
        (**self).set_stop(stop);
    }
    fn failed(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        (**self).failed(assumptions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{CageLines, ConstraintEncoding};

    const KENKEN_20: Workload = Workload::KenKen { side: 20 };

    fn external() -> SolverChoice {
        SolverChoice::External {
            command: "cadical".into(),
            timeout: None,
        }
    }

    fn with(amo: AmoEncoding, lines: CageLines) -> EncodeOptions {
        let mut o = EncodeOptions {
            amo,
            ..EncodeOptions::default()
        };
        o.kenken.cage_lines = lines;
        o
    }

    /// The documented rule, side by side: pairwise at-most-one for KenKen on both embedded
    /// CDCL solvers at every side, cage–line clauses left to `auto`; an external solver gets
    /// the options as given.
    #[test]
    fn auto_families_resolve_per_backend_for_kenken() {
        let auto = EncodeOptions::default();
        let pairwise = with(AmoEncoding::Pairwise, CageLines::Auto);
        for side in [4, 9, 10, 11, 16, 20, 26] {
            let work = Workload::KenKen { side };
            for choice in [SolverChoice::Cadical, SolverChoice::Varisat] {
                let got = encode_options_for(&choice, work, &auto);
                assert_eq!(got, pairwise, "{choice:?} {side}");
            }
            assert_eq!(encode_options_for(&external(), work, &auto), auto, "{side}");
        }
    }

    #[test]
    fn other_kinds_keep_their_encoding() {
        let auto = EncodeOptions::default();
        for work in [Workload::CrossProduct, Workload::Sudoku, Workload::Other] {
            for choice in [SolverChoice::Varisat, SolverChoice::Cadical, external()] {
                assert_eq!(encode_options_for(&choice, work, &auto), auto, "{work:?}");
            }
        }
    }

    #[test]
    fn explicit_choices_are_kept_on_every_solver() {
        for choice in [SolverChoice::Varisat, SolverChoice::Cadical, external()] {
            for lines in [CageLines::On, CageLines::Off] {
                for amo in [AmoEncoding::Pairwise, AmoEncoding::Sequential] {
                    let o = with(amo, lines).with_constraint(ConstraintEncoding::Mdd);
                    assert_eq!(encode_options_for(&choice, KENKEN_20, &o), o, "{choice:?}");
                }
            }
        }
    }
}
