//! # The Kakuro generator's incremental uniqueness checker
//!
//! One embedded solver with "one digit per square" for every square white in a shape's
//! first puzzle; each run's clauses and the blocking clause carry their own activation
//! literal, retired (fixed false) when the run or the filling changes (see
//! [`super::kakuro`], step 4).

use std::ops::ControlFlow;

use crate::backend::{self, Backend, SolverChoice};
use crate::cnf::card::exactly_one;
use crate::cnf::{CnfFormula, Lit, OneHot};
use crate::encode::sum::{combinations, encode_run, RunEncoding};
use crate::encode::EncodeOptions;
use crate::engine::solve_loop::{find_grids, LoopEnd};
use crate::engine::EngineError;
use crate::generate::guards::Guards;
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::kind::verify;
use crate::puzzle::kakuro::{Kakuro, Run, Square};
use crate::puzzle::Puzzle;
use crate::stop::Stop;

/// The incremental uniqueness checker.
pub(crate) struct Checker {
    solver: Box<dyn Backend>,
    /// One-hot variables of every square white in the first shape.
    map: OneHot,
    /// Activation literal of every run added so far.
    active: Guards<Run>,
    /// The grid the blocking clause excludes, and the clause's activation literal.
    blocked: Option<(Grid<u8>, Lit)>,
    next_var: usize,
    stop: Stop,
}

impl Checker {
    /// A checker for the squares white in the first puzzle of a shape ("one digit per
    /// square"); the solver obeys `stop`.
    ///
    /// # Errors
    /// The solver cannot be built.
    pub(crate) fn new(puzzle: &Kakuro, stop: &Stop) -> Result<Self, EngineError> {
        let map = OneHot::new(
            puzzle.rows(),
            puzzle.cols(),
            9,
            puzzle.white_cells().to_vec(),
        );
        let mut f = CnfFormula::new();
        f.set_var_count(map.var_count());
        for &cell in puzzle.white_cells() {
            let _ = exactly_one(&mut f, &map.cell_lits(cell), EncodeOptions::default().amo);
        }
        let choice = SolverChoice::Varisat;
        let mut solver = backend::new(&choice, stop).map_err(|source| EngineError::Backend {
            solver: choice.name().to_string(),
            source,
        })?;
        solver.add_formula(&f);
        Ok(Checker {
            solver,
            map,
            active: Guards::new(),
            blocked: None,
            next_var: f.var_count(),
            stop: stop.clone(),
        })
    }

    /// A fresh activation literal.
    fn guard(&mut self) -> Lit {
        let lit = Lit::from_index(self.next_var, true);
        self.next_var += 1;
        lit
    }

    /// Makes the active blocking clause exclude `solution` on the white squares of `puzzle`
    /// (the old clause, if it excluded another grid, is retired).
    fn block(&mut self, puzzle: &Kakuro, solution: &Grid<u8>) -> Lit {
        if let Some((grid, lit)) = &self.blocked {
            if grid == solution {
                return *lit;
            }
            let retired = !*lit;
            self.solver.add_clause(&[retired]);
        }
        let guard = self.guard();
        let mut clause: Vec<Lit> = puzzle
            .white_cells()
            .iter()
            .map(|&c| !self.map.lit(c, *solution.get(c)))
            .collect();
        clause.push(!guard);
        self.solver.add_clause(&clause);
        self.blocked = Some((solution.clone(), guard));
        guard
    }

    /// A verified solution of `puzzle` other than `solution`, if one exists.
    pub(crate) fn other_solution(
        &mut self,
        puzzle: &Kakuro,
        solution: &Grid<u8>,
    ) -> Result<Option<Grid<u8>>, GenerateError> {
        let changes = self.active.changes(puzzle.runs());
        for lit in changes.retired {
            self.solver.add_clause(&[!lit]);
        }
        for run in changes.new {
            let lit = self.add_guarded(&run);
            self.active.insert(run, lit);
        }
        let mut assumptions = self.active.assumptions();
        assumptions.push(self.block(puzzle, solution));
        let end = find_grids(
            &mut *self.solver,
            &self.map,
            &assumptions,
            &self.stop,
            |_, _, _| {},
            ControlFlow::Break,
        )?;
        let name = self.solver.name().to_string();
        let mut grid = match end {
            LoopEnd::Broke(grid) => grid,
            LoopEnd::Exhausted => return Ok(None),
            LoopEnd::Stopped => return Err(EngineError::GaveUp { engine: name }.into()),
        };
        for cell in self.map.cells() {
            if *puzzle.squares().get(*cell) != Square::White {
                grid.set(*cell, 0);
            }
        }
        verify(&Puzzle::Kakuro(puzzle.clone()), &grid).map_err(|source| EngineError::Verify {
            engine: name,
            source,
        })?;
        Ok(Some(grid))
    }

    /// Adds a run's clauses, each extended with `¬a` for a fresh activation literal `a`.
    fn add_guarded(&mut self, run: &Run) -> Lit {
        let mut f = CnfFormula::new();
        f.set_var_count(self.next_var);
        let x: Vec<Vec<Lit>> = run.cells.iter().map(|&c| self.map.cell_lits(c)).collect();
        let combos = combinations(run.cells.len(), u32::from(run.sum));
        let choice = RunEncoding::default_for(run.cells.len(), &combos);
        let _ = encode_run(&mut f, &x, &combos, choice, EncodeOptions::default().amo);
        self.next_var = f.var_count();
        let guard = self.guard();
        self.solver.add_formula_under(&f, guard);
        guard
    }
}
