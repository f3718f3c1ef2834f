//! # The embedded solver: CaDiCaL
//!
//! [CaDiCaL](https://github.com/arminbiere/cadical) (Biere et al.) linked into the process
//! through the `cadical` crate, which compiles the solver's C++ sources with the machine's
//! C++ compiler (through `cc`, its only dependency) and exposes the IPASIR calls: add a
//! clause, solve under assumptions, read a value, poll a terminate callback. That is exactly
//! the [`Backend`] trait, and nothing more, which is why we use it rather than
//! `rustsat-cadical`: the latter brings the whole rustsat stack (its own literal and formula
//! types, `anyhow`, many more crates) for the same IPASIR calls.
//!
//! Unlike varisat, CaDiCaL polls its terminate callback during search, so a [`Stop`]
//! requested while a call runs (from another thread, or a deadline passing) interrupts it
//! within milliseconds; the call then answers [`SatResult::Unknown`].
//!
//! ## References
//! - A. Biere, T. Faller, K. Fazekas, M. Fleury, N. Froleyks, F. Pollitt: "CaDiCaL 2.0",
//!   CAV 2024.

use crate::answer::SatResult;
use crate::backend::{Backend, BackendError};
use crate::cnf::{Lit, Var};
use crate::stop::Stop;

/// The terminate callback: CaDiCaL polls it, and it answers from the shared [`Stop`].
struct StopPoll(Stop);

impl cadical::Callbacks for StopPoll {
    fn terminate(&mut self) -> bool {
        self.0.is_requested()
    }
}

/// CaDiCaL behind the [`Backend`] trait.
pub(crate) struct CadicalBackend {
    solver: cadical::Solver<StopPoll>,
    /// The largest variable (1-based, DIMACS) in any clause added so far; the model covers
    /// variables 1 to this.
    max_var: usize,
    stop: Stop,
}

impl Default for CadicalBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl CadicalBackend {
    /// A fresh solver.
    #[must_use]
    pub(crate) fn new() -> Self {
        let mut solver = cadical::Solver::new();
        let stop = Stop::new();
        solver.set_callbacks(Some(StopPoll(stop.clone())));
        Self {
            solver,
            max_var: 0,
            stop,
        }
    }

    /// Widens the model to cover the variables of `lits`.
    fn note_vars(&mut self, lits: &[Lit]) {
        for lit in lits {
            self.max_var = self.max_var.max(lit.index() + 1);
        }
    }

    /// The model of the last (satisfiable) call: one literal per variable 1..=`max_var`.
    fn model(&self) -> Vec<Lit> {
        (0..self.max_var)
            .map(|index| {
                let var = Var::from_index(index);
                let known = index < self.solver.max_variable() as usize;
                let value = known && self.solver.value(dimacs(var.positive())) == Some(true);
                var.lit(value)
            })
            .collect()
    }
}

/// A literal as CaDiCaL's `i32` (DIMACS numbering).
fn dimacs(lit: Lit) -> i32 {
    i32::try_from(lit.to_dimacs()).expect("variable index beyond CaDiCaL's i32 range")
}

impl Backend for CadicalBackend {
    fn name(&self) -> &str {
        "cadical"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.note_vars(clause);
        self.solver.add_clause(clause.iter().map(|&l| dimacs(l)));
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        if self.stop.is_requested() {
            return Ok(SatResult::Unknown);
        }
        self.note_vars(assumptions);
        // IPASIR: assumptions hold for this call only.
        Ok(
            match self
                .solver
                .solve_with(assumptions.iter().map(|&l| dimacs(l)))
            {
                Some(true) => SatResult::Sat(self.model()),
                Some(false) => SatResult::Unsat,
                None => SatResult::Unknown,
            },
        )
    }

    fn set_stop(&mut self, stop: Stop) {
        self.solver.set_callbacks(Some(StopPoll(stop.clone())));
        self.stop = stop;
    }

    fn failed(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        if self.solver.status() != Some(false) {
            return None;
        }
        Some(
            assumptions
                .iter()
                .copied()
                .filter(|&l| self.solver.failed(dimacs(l)))
                .collect(),
        )
    }
}
