//! # SAT backends
//!
//! A [`Backend`] is an incremental SAT solver: it takes clauses, solves under assumptions,
//! takes more clauses between calls, and can be told to stop ([`Stop`]). The embedded one is
//! varisat ([`VarisatBackend`]); [`ExternalBackend`] runs any DIMACS solver as a child
//! process. This module is the only place that names a concrete solver: everything above it
//! (the SAT engine, blocking-clause enumeration, the KenKen generator) sees the trait.

mod external;
mod smt;
mod varisat;

use std::time::Duration;

use thiserror::Error;

use crate::answer::SatResult;
use crate::cnf::dimacs::AnswerError;
use crate::cnf::{CnfFormula, Lit};
use crate::stop::Stop;

pub(crate) use self::external::ExternalBackend;
pub(crate) use self::smt::run_smt;
pub use self::smt::SmtSolver;
pub(crate) use self::varisat::VarisatBackend;

/// Why a solver call failed. "Unsatisfiable" and "gave up" are answers
/// ([`SatResult::Unsat`], [`SatResult::Unknown`]), not errors.
#[derive(Debug, Error)]
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

    /// Solves the clauses added so far with `assumptions` holding for this call only.
    ///
    /// # Errors
    /// [`BackendError`] when the solver fails; giving up (a stop request, a time limit) is
    /// the answer [`SatResult::Unknown`].
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError>;

    /// Solves the clauses added so far.
    ///
    /// # Errors
    /// As [`Backend::solve_under`].
    fn solve(&mut self) -> Result<SatResult, BackendError> {
        self.solve_under(&[])
    }

    /// From now on, give up with [`SatResult::Unknown`] as soon as `stop` is requested
    /// (each backend says how soon it can notice).
    fn set_stop(&mut self, stop: Stop);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ExtendFormula;

    /// x1 ∨ x2, ¬x1 ∨ x2: satisfiable, x2 forced; under ¬x2 unsatisfiable.
    fn check_incremental(mut b: impl Backend) {
        let mut f = CnfFormula::new();
        let (x1, x2) = (Lit::from_dimacs(1), Lit::from_dimacs(2));
        f.add_clause(&[x1, x2]);
        f.add_clause(&[!x1, x2]);
        b.add_formula(&f);
        let SatResult::Sat(model) = b.solve().unwrap() else {
            panic!("expected SAT")
        };
        assert!(model.contains(&x2));
        assert_eq!(b.solve_under(&[!x2]).unwrap(), SatResult::Unsat);
        // Assumptions hold for one call only.
        assert!(matches!(b.solve().unwrap(), SatResult::Sat(_)));
        b.add_clause(&[!x2]);
        assert_eq!(b.solve().unwrap(), SatResult::Unsat);
    }

    #[test]
    fn varisat_solves_incrementally_under_assumptions() {
        check_incremental(VarisatBackend::new());
    }

    #[test]
    fn a_requested_stop_gives_unknown() {
        let mut b = VarisatBackend::new();
        b.add_clause(&[Lit::from_dimacs(1)]);
        let stop = Stop::new();
        b.set_stop(stop.clone());
        stop.request();
        assert_eq!(b.solve().unwrap(), SatResult::Unknown);
    }

    #[test]
    fn external_solvers_solve_incrementally_under_assumptions() {
        // Skipped quietly only outside CI; .ci/run installs cadical.
        if std::process::Command::new("cadical")
            .arg("--version")
            .output()
            .is_err()
        {
            assert!(std::env::var_os("CI").is_none(), "cadical missing under CI");
            return;
        }
        check_incremental(ExternalBackend::new("cadical", None).unwrap());
    }
}
