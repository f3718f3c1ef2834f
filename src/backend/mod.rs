//! # SAT backends
//!
//! A [`Backend`] is an incremental SAT solver: it takes clauses, solves under assumptions,
//! takes more clauses between calls, and can be told to stop ([`Stop`]). Two are embedded:
//! varisat ([`VarisatBackend`], pure Rust) and, with the cargo feature `cadical` (on by
//! default; it needs a C++ compiler), CaDiCaL (`CadicalBackend`); [`ExternalBackend`] runs
//! any DIMACS solver as a child process. [`Dpll`] is not a `Backend`: it is the project's
//! own enumerator of projected models (DPLL with chronological backtracking), used for
//! counting. This module is the only place that names a concrete solver: everything above it
//! (the SAT engine, blocking-clause enumeration, the KenKen generator) sees the trait.

#[cfg(feature = "cadical")]
mod cadical;
mod dpll;
mod external;
mod smt;
mod varisat;

use std::time::Duration;

use thiserror::Error;

use crate::answer::SatResult;
use crate::cnf::dimacs::AnswerError;
use crate::cnf::{CnfFormula, Lit};
use crate::stop::Stop;

#[cfg(feature = "cadical")]
pub(crate) use self::cadical::CadicalBackend;
pub(crate) use self::dpll::{Dpll, Walk};
pub(crate) use self::external::ExternalBackend;
pub(crate) use self::smt::run_smt;
pub use self::smt::SmtSolver;
pub(crate) use self::varisat::{refute_with_lrat, VarisatBackend};

/// The embedded CaDiCaL, or [`BackendError::NotBuilt`] in a build without it.
///
/// # Errors
/// [`BackendError::NotBuilt`] when the cargo feature `cadical` is off.
pub(crate) fn embedded_cadical() -> Result<Box<dyn Backend>, BackendError> {
    #[cfg(feature = "cadical")]
    return Ok(Box::new(CadicalBackend::new()));
    #[cfg(not(feature = "cadical"))]
    return Err(BackendError::NotBuilt { feature: "cadical" });
}

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
        let SatResult::Sat(model) = b.solve_under(&[]).unwrap() else {
            panic!("expected SAT")
        };
        assert!(model.contains(&x2));
        assert_eq!(b.solve_under(&[!x2]).unwrap(), SatResult::Unsat);
        // Assumptions hold for one call only.
        assert!(matches!(b.solve_under(&[]).unwrap(), SatResult::Sat(_)));
        b.add_clause(&[!x2]);
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unsat);
    }

    #[test]
    fn varisat_solves_incrementally_under_assumptions() {
        check_incremental(VarisatBackend::new());
    }

    /// A stop requested before a call makes it answer `Unknown`.
    fn check_stop_before_call(mut b: impl Backend) {
        b.add_clause(&[Lit::from_dimacs(1)]);
        let stop = Stop::new();
        b.set_stop(stop.clone());
        stop.request();
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
    }

    #[test]
    fn a_requested_stop_gives_unknown() {
        check_stop_before_call(VarisatBackend::new());
    }

    /// Pigeonhole `pigeons` → `holes`: p(i, h) = pigeon i sits in hole h. Unsatisfiable when
    /// there are more pigeons than holes, and exponentially hard for resolution (so for CDCL).
    fn pigeonhole(pigeons: usize, holes: usize) -> CnfFormula {
        let p = |i: usize, h: usize| Lit::from_index(i * holes + h, true);
        let mut f = CnfFormula::new();
        for i in 0..pigeons {
            let somewhere: Vec<Lit> = (0..holes).map(|h| p(i, h)).collect();
            f.add_clause(&somewhere);
        }
        for h in 0..holes {
            for i in 0..pigeons {
                for j in i + 1..pigeons {
                    f.add_clause(&[!p(i, h), !p(j, h)]);
                }
            }
        }
        f
    }

    #[test]
    fn pigeonhole_counts_are_right() {
        let f = pigeonhole(3, 2);
        assert_eq!(f.len(), 3 + 2 * 3);
        let mut b = VarisatBackend::new();
        b.add_formula(&f);
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unsat);
        let mut b = VarisatBackend::new();
        b.add_formula(&pigeonhole(3, 3));
        assert!(matches!(b.solve_under(&[]).unwrap(), SatResult::Sat(_)));
    }

    #[cfg(feature = "cadical")]
    mod cadical {
        use std::time::{Duration, Instant};

        use super::*;

        #[test]
        fn cadical_solves_incrementally_under_assumptions() {
            check_incremental(CadicalBackend::new());
        }

        #[test]
        fn cadical_a_requested_stop_gives_unknown() {
            check_stop_before_call(CadicalBackend::new());
        }

        /// The model covers every variable named so far, with the polarity that satisfies
        /// the clauses; an assumption on a fresh variable is honoured and reported.
        #[test]
        fn cadical_models_name_every_variable() {
            let mut b = CadicalBackend::new();
            b.add_clause(&[Lit::from_dimacs(-3)]);
            b.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(3)]);
            let SatResult::Sat(model) = b.solve_under(&[Lit::from_dimacs(5)]).unwrap() else {
                panic!("expected SAT")
            };
            assert_eq!(model.len(), 5);
            for (i, lit) in model.iter().enumerate() {
                assert_eq!(lit.index(), i);
            }
            assert!(model.contains(&Lit::from_dimacs(1)));
            assert!(model.contains(&Lit::from_dimacs(-3)));
            assert!(model.contains(&Lit::from_dimacs(5)));
        }

        /// A stop requested from another thread interrupts a running call: pigeonhole
        /// 11 → 10 takes CaDiCaL far longer than the 100 ms after which we ask it to stop.
        #[test]
        fn cadical_a_stop_interrupts_a_running_solve() {
            let mut b = CadicalBackend::new();
            b.add_formula(&pigeonhole(11, 10));
            let stop = Stop::new();
            b.set_stop(stop.clone());
            let asker = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                stop.request();
            });
            let t0 = Instant::now();
            assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
            let took = t0.elapsed();
            asker.join().unwrap();
            assert!(took < Duration::from_secs(2), "stopped only after {took:?}");
            // The stop stays requested: the next call gives up at once.
            assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
        }

        /// A deadline interrupts a running call the same way.
        #[test]
        fn cadical_a_deadline_interrupts_a_running_solve() {
            let mut b = CadicalBackend::new();
            b.add_formula(&pigeonhole(11, 10));
            let t0 = Instant::now();
            b.set_stop(Stop::new().with_deadline(t0 + Duration::from_millis(100)));
            assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
            assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
        }
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
