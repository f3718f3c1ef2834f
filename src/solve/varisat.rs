//! # The embedded solver: varisat

use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::solve::{Backend, SatResult, SolveError};

/// varisat behind the [`Backend`] trait.
#[derive(Default)]
pub struct VarisatBackend {
    solver: varisat::Solver<'static>,
}

impl VarisatBackend {
    /// A fresh solver.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl Backend for VarisatBackend {
    fn name(&self) -> &str {
        "varisat"
    }

    fn add_formula(&mut self, formula: &CnfFormula) {
        self.solver.add_formula(formula);
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    fn solve(&mut self) -> Result<SatResult, SolveError> {
        match self.solver.solve() {
            Ok(true) => Ok(SatResult::Sat(self.solver.model().unwrap_or_default())),
            Ok(false) => Ok(SatResult::Unsat),
            Err(e) => Err(SolveError::Backend {
                solver: "varisat".into(),
                message: e.to_string(),
            }),
        }
    }
}
