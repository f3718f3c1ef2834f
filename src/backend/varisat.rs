//! # The embedded solver: varisat
//!
//! varisat cannot be interrupted inside a call: a [`Stop`] is noticed before each call
//! starts.

use crate::answer::SatResult;
use crate::backend::{Backend, BackendError};
use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::stop::Stop;

/// varisat behind the [`Backend`] trait.
#[derive(Default)]
pub(crate) struct VarisatBackend {
    solver: varisat::Solver<'static>,
    stop: Stop,
}

impl VarisatBackend {
    /// A fresh solver.
    #[must_use]
    pub(crate) fn new() -> Self {
        Self::default()
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> &str {
        "varisat"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    fn add_formula(&mut self, formula: &CnfFormula) {
        self.solver.add_formula(formula);
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        if self.stop.is_requested() {
            return Ok(SatResult::Unknown);
        }
        self.solver.assume(assumptions);
        let answer = match self.solver.solve() {
            Ok(true) => Ok(SatResult::Sat(self.solver.model().unwrap_or_default())),
            Ok(false) => Ok(SatResult::Unsat),
            Err(e) => Err(BackendError::Internal(e.to_string())),
        };
        // Assumptions hold for one call only (varisat keeps them until replaced).
        if !assumptions.is_empty() {
            self.solver.assume(&[]);
        }
        answer
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }
}
