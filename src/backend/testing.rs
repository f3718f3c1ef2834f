//! # Solvers for unit tests
//!
//! Tests of encodings elsewhere in the crate check their formulas by solving them; they ask
//! here instead of naming a solver, so that this module stays the only one that does.

use crate::answer::SatResult;
use crate::backend::{new, Backend, SolverChoice};
use crate::cnf::{CnfFormula, Lit};
use crate::stop::Stop;

/// A fresh embedded solver holding the clauses of `formula`.
pub(crate) fn solver(formula: &CnfFormula) -> Box<dyn Backend> {
    let mut solver = new(&SolverChoice::Varisat, &Stop::new()).expect("varisat is built in");
    solver.add_formula(formula);
    solver
}

/// Whether `formula` is satisfiable with `assumptions` holding.
pub(crate) fn satisfiable(formula: &CnfFormula, assumptions: &[Lit]) -> bool {
    match solver(formula)
        .solve_under(assumptions)
        .expect("solver call")
    {
        SatResult::Sat(_) => true,
        SatResult::Unsat => false,
        SatResult::Unknown => panic!("the test solver gave up"),
    }
}
