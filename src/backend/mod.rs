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
//! asks [`new`] for a solver by [`SolverChoice`]. Which solver `auto` picks, and the encoding
//! each is given, is the plan's rule ([`crate::engine`]'s `plan.rs`).

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
use crate::cnf::{CnfFormula, Lit};
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

/// Refutes the CNF of `vars` variables and `clauses` (DIMACS literals, ids 1 to m in
/// order) with the embedded CaDiCaL (varisat without it): the text of its LRAT proof, or
/// `None` when the CNF is satisfiable or the solver fails. What the replay hands its
/// certificates to (`crate::verify::replay`), which checks every proof itself.
pub(crate) fn lrat_refutation(vars: usize, clauses: &[Vec<i64>]) -> Option<String> {
    let mut formula = CnfFormula::new();
    formula.set_var_count(vars);
    for clause in clauses {
        let lits: Option<Vec<Lit>> = clause
            .iter()
            .map(|&l| {
                let index = usize::try_from(l.unsigned_abs()).ok()?.checked_sub(1)?;
                Some(crate::cnf::Var::from_index(index).lit(l > 0))
            })
            .collect();
        crate::cnf::ExtendFormula::add_clause(&mut formula, &lits?);
    }
    let mut proof = Vec::new();
    #[cfg(feature = "cadical")]
    let refuted = cadical_refute_with_lrat(&formula, &mut proof);
    #[cfg(not(feature = "cadical"))]
    let refuted = refute_with_lrat(&formula, &mut proof);
    match refuted {
        Ok(true) => String::from_utf8(proof).ok(),
        _ => None,
    }
}

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
mod refutation_tests {
    use super::lrat_refutation;
    use crate::grid::Cell;
    use crate::puzzle::{Constraint, Puzzle};

    /// The replay's certificates with this solver: every house of Project Euler's first
    /// Sudoku (27 constraints) forces A1 to 4 from the givens, so "A1 is 5" is refuted with
    /// a proof the checker accepts and "A1 is 4" is not; a CNF with a clause and its
    /// negation is refuted, one without is not.
    #[test]
    fn refutations_check_and_only_for_what_is_forced() {
        let puzzle = Puzzle::parse(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        )
        .expect("parses");
        let model = puzzle.constraints();
        let reason: Vec<&Constraint> = model.list.iter().collect();
        let a1 = Cell::new(0, 0);
        let certified = |digit: u8| {
            crate::verify::replay::certified_from_givens(
                &model,
                &reason,
                (a1, 1 << digit),
                &lrat_refutation,
            )
        };
        assert!(certified(5));
        assert!(!certified(4));
        assert!(lrat_refutation(1, &[vec![1], vec![-1]]).is_some());
        assert_eq!(lrat_refutation(2, &[vec![1, 2], vec![-1]]), None);
    }
}
