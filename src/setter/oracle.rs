//! # One question, asked of any engine
//!
//! Every setter tool asks the same question many times: *is there a solution that holds
//! these (cell, digit) pairs, and, when a list is given, at least one pair of that list?*
//! An [`Oracle`] answers it with a grid that has passed the independent verifier
//! ([`Puzzle::verify`]) and holds what was asked, or with "none". Three engines answer:
//!
//! - CDCL ([`Cdcl`]): one incremental solver loaded once; the pairs are assumptions, the
//!   list is one clause guarded by a fresh activation literal, retired after the call;
//! - the DPLL walk ([`Walk`]): the formula with the pairs as unit clauses and the list as one
//!   clause, walked until its first model; `auto` ([`AutoWalk`]) walks under a conflict
//!   budget and hands over to CDCL, as the engines' `auto` does;
//! - the native engine ([`Native`]): the search with the pairs fixed at its root; a list is
//!   answered by skipping the solutions that hold none of its pairs, so setter tools ask it
//!   one pair at a time ([`Oracle::takes_lists`] is false).

use std::ops::ControlFlow;

use crate::answer::SatResult;
use crate::backend::{self, Backend, Dpll, SolverChoice, Walk as WalkEnd};
use crate::cnf::{CnfFormula, ExtendFormula, Lit, OneHot, Var};
use crate::engine::{Engine, EngineError, EngineOptions, AUTO_DPLL_CONFLICTS};
use crate::grid::{Cell, Grid};
use crate::kind::native_enumerate_under;
use crate::puzzle::Puzzle;
use crate::setter::SetterError;
use crate::stop::Stop;

/// A source of verified solutions under restrictions.
pub(crate) trait Oracle {
    /// A verified solution holding every pair of `fixed` and, unless `any` is empty, at least
    /// one pair of `any`; `None` when there is none.
    ///
    /// # Errors
    /// The engine's failure, a stop request or deadline ([`SetterError::Stopped`]), or a grid
    /// that failed verification or does not hold what was asked.
    fn find(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
    ) -> Result<Option<Grid<u8>>, SetterError>;

    /// Whether a list (`any`) costs one search, not a walk over solutions.
    fn takes_lists(&self) -> bool;

    /// Up to two distinct verified solutions holding `fixed`, from one search that goes on
    /// past the first (fewer than two: there are no more), or `None` when this engine does
    /// not search that way (then [`Oracle::find`] is asked).
    ///
    /// # Errors
    /// As [`Oracle::find`].
    fn find_two(&mut self, fixed: &[(Cell, u8)]) -> Result<Option<Vec<Grid<u8>>>, SetterError> {
        let _ = fixed;
        Ok(None)
    }

    /// Questions answered so far.
    fn calls(&self) -> u64;
}

/// The oracle of `engine` on `puzzle`: CDCL for the SAT engines, the DPLL walk, or the
/// native engine; `auto` follows the engines' rule ([`Engine::auto_backend`]): the walk under
/// a conflict budget per question, handing over to CDCL ([`Engine::auto_fallback`]) for good
/// once a question is past it, or CDCL from the start (KenKen from side 10).
///
/// # Errors
/// [`SetterError::Unsupported`] for the SMT engines; encoding limits and solver set-up
/// failures.
pub(crate) fn oracle<'p>(
    puzzle: &'p Puzzle,
    engine: &Engine,
    opts: &EngineOptions,
) -> Result<Box<dyn Oracle + 'p>, SetterError> {
    let cdcl = |choice: SolverChoice| -> Result<Box<dyn Oracle + 'p>, SetterError> {
        Ok(Box::new(Cdcl::new(puzzle, choice, opts)?))
    };
    match engine {
        Engine::Native => Ok(Box::new(Native {
            puzzle,
            opts: opts.clone(),
            calls: 0,
        })),
        Engine::Dpll => Ok(Box::new(Walk::new(puzzle, opts, u64::MAX)?)),
        Engine::Varisat => cdcl(SolverChoice::Varisat),
        Engine::Cadical => cdcl(SolverChoice::Cadical),
        Engine::Auto => {
            // The plan's first stage where it is the walk; where it is the native search
            // (Sudoku, Killer), the plan's CDCL solver: the setter's questions are many
            // small ones under assumptions, which an incremental solver answers without
            // starting over, while the native search starts each from its root.
            let plan = Engine::plan(puzzle, Some(2));
            let choice = plan.cdcl.solver_choice().unwrap_or(SolverChoice::Varisat);
            if plan.first != Some(Engine::Dpll) {
                return cdcl(choice);
            }
            Ok(Box::new(AutoWalk {
                walk: Walk::new(puzzle, opts, AUTO_DPLL_CONFLICTS)?,
                fallback: None,
                choice,
                opts: opts.clone(),
            }))
        }
        Engine::External { command, timeout } => cdcl(SolverChoice::External {
            command: command.clone(),
            timeout: *timeout,
        }),
        Engine::Smt { .. } => Err(SetterError::Unsupported {
            engine: engine.name().to_string(),
        }),
    }
}

/// Checks an engine's answer: the independent verifier, then the question's pairs.
fn checked(
    puzzle: &Puzzle,
    engine: &str,
    grid: Grid<u8>,
    fixed: &[(Cell, u8)],
    any: &[(Cell, u8)],
) -> Result<Grid<u8>, SetterError> {
    puzzle.verify(&grid).map_err(|source| EngineError::Verify {
        engine: engine.to_string(),
        source,
    })?;
    if !holds(&grid, fixed, any) {
        return Err(SetterError::OffQuestion {
            engine: engine.to_string(),
        });
    }
    Ok(grid)
}

/// Whether `grid` holds every pair of `fixed` and (unless `any` is empty) one of `any`.
fn holds(grid: &Grid<u8>, fixed: &[(Cell, u8)], any: &[(Cell, u8)]) -> bool {
    let inside = |c: Cell| usize::from(c.row) < grid.rows() && usize::from(c.col) < grid.cols();
    let has = |&(c, d): &(Cell, u8)| inside(c) && *grid.get(c) == d;
    fixed.iter().all(has) && (any.is_empty() || any.iter().any(has))
}

/// The error for a run that gave up: stopped (with its reason), or the engine's own giving up.
fn gave_up(stop: &Stop, engine: &str) -> SetterError {
    match stop.reason() {
        Some(reason) => SetterError::Stopped { reason },
        None => EngineError::GaveUp {
            engine: engine.to_string(),
        }
        .into(),
    }
}

/// The literal of x(cell, d), `None` when the pair is outside the puzzle.
fn lit_of(map: &OneHot, mapped: &Grid<bool>, (cell, d): (Cell, u8)) -> Option<Lit> {
    let inside = usize::from(cell.row) < mapped.rows() && usize::from(cell.col) < mapped.cols();
    (inside && *mapped.get(cell) && (1..=map.digits()).contains(&d)).then(|| map.lit(cell, d))
}

/// Which squares of the grid hold a digit.
fn mapped_grid(map: &OneHot) -> Grid<bool> {
    let (rows, cols) = map.dims();
    let mut g = Grid::filled(rows, cols, false);
    for &c in map.cells() {
        g.set(c, true);
    }
    g
}

/// An incremental CDCL solver loaded with the puzzle's CNF once.
struct Cdcl<'p> {
    puzzle: &'p Puzzle,
    backend: Box<dyn Backend>,
    map: OneHot,
    mapped: Grid<bool>,
    next_var: usize,
    stop: Stop,
    calls: u64,
}

impl<'p> Cdcl<'p> {
    fn new(
        puzzle: &'p Puzzle,
        choice: SolverChoice,
        opts: &EngineOptions,
    ) -> Result<Self, SetterError> {
        let enc = puzzle.encode(&opts.encode).map_err(EngineError::from)?;
        let mut backend =
            backend::new(&choice, &opts.stop).map_err(|source| EngineError::Backend {
                solver: choice.name().to_string(),
                source,
            })?;
        backend.add_formula(&enc.formula);
        let mapped = mapped_grid(&enc.map);
        Ok(Cdcl {
            puzzle,
            backend,
            next_var: enc.formula.var_count(),
            map: enc.map,
            mapped,
            stop: opts.stop.clone(),
            calls: 0,
        })
    }
}

impl Oracle for Cdcl<'_> {
    fn find(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
    ) -> Result<Option<Grid<u8>>, SetterError> {
        self.calls += 1;
        let mut assumptions = Vec::with_capacity(fixed.len() + 1);
        for &pair in fixed {
            match lit_of(&self.map, &self.mapped, pair) {
                Some(l) => assumptions.push(l),
                None => return Ok(None),
            }
        }
        let mut active = None;
        if !any.is_empty() {
            let lits: Vec<Lit> = any
                .iter()
                .filter_map(|&p| lit_of(&self.map, &self.mapped, p))
                .collect();
            if lits.is_empty() {
                return Ok(None);
            }
            let act = Var::from_index(self.next_var).positive();
            self.next_var += 1;
            let mut clause = vec![!act];
            clause.extend(lits);
            self.backend.add_clause(&clause);
            assumptions.push(act);
            active = Some(act);
        }
        let answer = self.backend.solve_under(&assumptions);
        if let Some(act) = active {
            self.backend.add_clause(&[!act]);
        }
        let name = self.backend.name().to_string();
        let answer = answer.map_err(|source| EngineError::Backend {
            solver: name.clone(),
            source,
        })?;
        match answer {
            SatResult::Sat(model) => {
                let grid = self.map.decode(&model).map_err(EngineError::from)?;
                checked(self.puzzle, &name, grid, fixed, any).map(Some)
            }
            SatResult::Unsat => Ok(None),
            SatResult::Unknown => Err(gave_up(&self.stop, &name)),
        }
    }

    fn takes_lists(&self) -> bool {
        true
    }

    fn calls(&self) -> u64 {
        self.calls
    }
}

/// The DPLL walk over the puzzle's CNF, restricted afresh for each question.
struct Walk<'p> {
    puzzle: &'p Puzzle,
    /// Conflicts one walk may meet before it gives up ([`Attempt::OverBudget`]).
    budget: u64,
    formula: CnfFormula,
    map: OneHot,
    mapped: Grid<bool>,
    stop: Stop,
    calls: u64,
}

impl<'p> Walk<'p> {
    fn new(puzzle: &'p Puzzle, opts: &EngineOptions, budget: u64) -> Result<Self, SetterError> {
        let enc = puzzle.encode(&opts.encode).map_err(EngineError::from)?;
        let mapped = mapped_grid(&enc.map);
        Ok(Walk {
            puzzle,
            budget,
            formula: enc.formula,
            map: enc.map,
            mapped,
            stop: opts.stop.clone(),
            calls: 0,
        })
    }
}

/// How one walk ended.
enum Attempt {
    /// Verified grids holding what was asked (as many as wanted, or all there are).
    Found(Vec<Grid<u8>>),
    /// The walk was complete: no such grid.
    Nothing,
    /// The walk met more conflicts than its budget.
    OverBudget,
}

impl Walk<'_> {
    /// One walk of the restricted formula, up to its `want`-th model.
    fn attempt(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
        want: usize,
    ) -> Result<Attempt, SetterError> {
        self.calls += 1;
        let mut extra = CnfFormula::new();
        for &pair in fixed {
            match lit_of(&self.map, &self.mapped, pair) {
                Some(l) => extra.add_clause(&[l]),
                None => return Ok(Attempt::Nothing),
            }
        }
        if !any.is_empty() {
            let lits: Vec<Lit> = any
                .iter()
                .filter_map(|&p| lit_of(&self.map, &self.mapped, p))
                .collect();
            if lits.is_empty() {
                return Ok(Attempt::Nothing);
            }
            extra.add_clause(&lits);
        }
        let digits = usize::from(self.map.digits());
        let mut dpll = Dpll::new(&self.formula, self.map.cells().len(), digits);
        dpll.add_formula(&extra);
        let mut found = Vec::new();
        let budget = std::cell::Cell::new(self.budget);
        let end = dpll.enumerate(&self.stop, &budget, &mut |model| {
            found.push(self.map.decode(model));
            if found.len() >= want {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let enough = found.len() >= want;
        match end {
            WalkEnd::Complete if found.is_empty() => return Ok(Attempt::Nothing),
            WalkEnd::Complete => {}
            WalkEnd::Stopped if enough => {}
            WalkEnd::OverBudget => return Ok(Attempt::OverBudget),
            WalkEnd::Stopped => return Err(gave_up(&self.stop, "dpll")),
        }
        let mut grids = Vec::with_capacity(found.len());
        for grid in found {
            let grid = grid.map_err(EngineError::from)?;
            grids.push(checked(self.puzzle, "dpll", grid, fixed, any)?);
        }
        if grids.len() == 2 && grids[0] == grids[1] {
            return Err(EngineError::Repeated {
                engine: "dpll".into(),
            }
            .into());
        }
        Ok(Attempt::Found(grids))
    }
}

impl Oracle for Walk<'_> {
    fn find(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
    ) -> Result<Option<Grid<u8>>, SetterError> {
        match self.attempt(fixed, any, 1)? {
            Attempt::Found(grids) => Ok(grids.into_iter().next()),
            Attempt::Nothing => Ok(None),
            Attempt::OverBudget => Err(gave_up(&self.stop, "dpll")),
        }
    }

    fn takes_lists(&self) -> bool {
        true
    }

    fn find_two(&mut self, fixed: &[(Cell, u8)]) -> Result<Option<Vec<Grid<u8>>>, SetterError> {
        match self.attempt(fixed, &[], 2)? {
            Attempt::Found(grids) => Ok(Some(grids)),
            Attempt::Nothing => Ok(Some(Vec::new())),
            Attempt::OverBudget => Err(gave_up(&self.stop, "dpll")),
        }
    }

    fn calls(&self) -> u64 {
        self.calls
    }
}

/// `auto` where the engines' rule starts with the DPLL walk ([`Engine::auto_backend`]):
/// each question is walked under a conflict budget; the first walk past it hands this and
/// every later question to the CDCL fallback ([`Engine::auto_fallback`]), built then.
struct AutoWalk<'p> {
    walk: Walk<'p>,
    fallback: Option<Cdcl<'p>>,
    choice: SolverChoice,
    opts: EngineOptions,
}

impl Oracle for AutoWalk<'_> {
    fn find(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
    ) -> Result<Option<Grid<u8>>, SetterError> {
        if let Some(cdcl) = self.fallback.as_mut() {
            return cdcl.find(fixed, any);
        }
        match self.walk.attempt(fixed, any, 1)? {
            Attempt::Found(grids) => Ok(grids.into_iter().next()),
            Attempt::Nothing => Ok(None),
            Attempt::OverBudget => self.hand_over()?.find(fixed, any),
        }
    }

    fn takes_lists(&self) -> bool {
        true
    }

    fn calls(&self) -> u64 {
        self.walk.calls + self.fallback.as_ref().map_or(0, |c| c.calls)
    }

    fn find_two(&mut self, fixed: &[(Cell, u8)]) -> Result<Option<Vec<Grid<u8>>>, SetterError> {
        if self.fallback.is_some() {
            return Ok(None);
        }
        match self.walk.attempt(fixed, &[], 2)? {
            Attempt::Found(grids) => Ok(Some(grids)),
            Attempt::Nothing => Ok(Some(Vec::new())),
            Attempt::OverBudget => {
                let _ = self.hand_over()?;
                Ok(None)
            }
        }
    }
}

impl<'p> AutoWalk<'p> {
    /// Builds the CDCL fallback: every later question goes there.
    fn hand_over(&mut self) -> Result<&mut Cdcl<'p>, SetterError> {
        let cdcl = Cdcl::new(self.walk.puzzle, self.choice.clone(), &self.opts)?;
        Ok(self.fallback.insert(cdcl))
    }
}

/// The native search with the pairs fixed at its root.
struct Native<'p> {
    puzzle: &'p Puzzle,
    opts: EngineOptions,
    calls: u64,
}

impl Oracle for Native<'_> {
    fn find(
        &mut self,
        fixed: &[(Cell, u8)],
        any: &[(Cell, u8)],
    ) -> Result<Option<Grid<u8>>, SetterError> {
        self.calls += 1;
        let mut found = None;
        let (complete, _) = native_enumerate_under(
            self.puzzle,
            &self.opts.native,
            fixed,
            &self.opts.stop,
            &mut |grid, _| {
                if holds(&grid, &[], any) {
                    found = Some(grid);
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        match found {
            Some(grid) => checked(self.puzzle, "native", grid, fixed, any).map(Some),
            None if complete => Ok(None),
            None => Err(gave_up(&self.opts.stop, "native")),
        }
    }

    fn takes_lists(&self) -> bool {
        false
    }

    fn calls(&self) -> u64 {
        self.calls
    }
}
