//! # Reasons of several constraints: cores and deletion-based MUS
//!
//! One incremental solver holds the puzzle once: x(cell, digit) one-hot per cell, and every
//! named constraint encoded on its own under an activation literal (a clause set holds only
//! in the calls that assume it). Eliminated candidates are added as unit clauses, the
//! facts. "Digit d is impossible in cell c" is the call assuming x(c, d) and every
//! activation literal: unsatisfiable exactly when the constraints force the elimination, and
//! CaDiCaL's failed assumptions give a core of activation literals. [`Sat::mus`] shrinks a
//! core to a minimal unsatisfiable subset by deletion (each constraint is dropped in turn and
//! stays out while the rest is still unsatisfiable), refining with each new core.
//!
//! Encodings, all over the full digit range so that they stay valid as candidates shrink:
//! distinct cells as pairwise at-most-one per digit (with "each digit somewhere" when the
//! cells are as many as the digits); a sum of distinct digits as one selector per digit set;
//! with the implied clauses that each digit of the chosen set takes a cell and that a digit
//! placed picks a set holding it (they halve the solver's time on hard Killers);
//! `+` and `*` with repeats as a layered automaton over partial sums or products; other
//! cages as one selector per allowed tuple (a cage beyond the node budget is left out).

use crate::answer::SatResult;
use crate::backend::{self, Backend, BackendError, SolverChoice};
use crate::cnf::{Lit, Var};
use crate::puzzle::{Constraint, Constraints, Op};
use crate::stop::Stop;

use super::gac::{cage_holds, digit_sets, digits, fillings, forward_layers, relation_holds};

/// The solver with the puzzle's constraints under activation literals.
pub(super) struct Sat {
    solver: Box<dyn Backend>,
    /// Digits 1..=`max`; x(cell, d) is variable `cell * (max + 1) + d`.
    max: u8,
    next_var: usize,
    /// The activation literal of each constraint (`None`: not encoded).
    acts: Vec<Option<Lit>>,
    /// Solver calls made.
    pub(super) calls: u64,
}

/// The answer to "is `x(cell, digit)` possible under these constraints?"
pub(super) enum Probe {
    /// Yes: a model, as "is x(cell, d) true" for every grid cell's bit set.
    Possible(Vec<u32>),
    /// No: the constraints (indices) of a core.
    Impossible(Vec<usize>),
}

impl Sat {
    /// The solver for `model` over the `cells` (grid indices, `cols` per row).
    ///
    /// # Errors
    /// [`BackendError`] when no solver can be built.
    pub(super) fn new(model: &Constraints, stop: &Stop) -> Result<Sat, BackendError> {
        let choice = if cfg!(feature = "cadical") {
            SolverChoice::Cadical
        } else {
            SolverChoice::Varisat
        };
        let grid = model.rows * model.cols;
        let mut sat = Sat {
            solver: backend::new(&choice, stop)?,
            max: model.max_digit,
            next_var: grid * (usize::from(model.max_digit) + 1),
            acts: Vec::new(),
            calls: 0,
        };
        for &c in &model.cells {
            let idx = c.index(model.cols);
            let all: Vec<Lit> = (1..=sat.max).map(|d| sat.x(idx, d)).collect();
            sat.solver.add_clause(&all);
            for (i, &a) in all.iter().enumerate() {
                for &b in &all[i + 1..] {
                    sat.solver.add_clause(&[!a, !b]);
                }
            }
        }
        for c in &model.list {
            let cells: Vec<usize> = c.cells.iter().map(|x| x.index(model.cols)).collect();
            let act = sat.fresh();
            let ok = sat.encode(c, &cells, act);
            sat.acts.push(ok.then_some(act));
        }
        Ok(sat)
    }

    /// The literal x(cell, d).
    fn x(&self, cell: usize, d: u8) -> Lit {
        Var::from_index(cell * (usize::from(self.max) + 1) + usize::from(d)).positive()
    }

    fn fresh(&mut self) -> Lit {
        self.next_var += 1;
        Var::from_index(self.next_var - 1).positive()
    }

    /// Whether constraint `k` is in the solver.
    pub(super) fn has(&self, k: usize) -> bool {
        self.acts[k].is_some()
    }

    /// Adds the fact "`d` is not a candidate of `cell`".
    pub(super) fn eliminate(&mut self, cell: usize, d: u8) {
        let x = self.x(cell, d);
        self.solver.add_clause(&[!x]);
    }

    /// Is `digit` possible in `cell` (or, with `None`, is anything possible) under the
    /// constraints `active`? `cells` are the grid indices a model is read for.
    ///
    /// # Errors
    /// [`BackendError`] from the solver; a stop is [`BackendError::Internal`].
    pub(super) fn probe(
        &mut self,
        active: &[usize],
        at: Option<(usize, u8)>,
        grid: usize,
    ) -> Result<Probe, BackendError> {
        let at: Vec<Lit> = at.map(|(cell, d)| self.x(cell, d)).into_iter().collect();
        self.probe_under(active, &at, grid)
    }

    /// Can `cell` take a digit of `within` (bit d for digit d) under the constraints
    /// `active`? One digit is [`Sat::probe`]'s question; more are asked as "none of the
    /// others" (a placement's question: can the cell take anything but the digit placed?).
    ///
    /// # Errors
    /// [`BackendError`] from the solver; a stop is [`BackendError::Internal`].
    pub(super) fn probe_within(
        &mut self,
        active: &[usize],
        (cell, within): (usize, u32),
        grid: usize,
    ) -> Result<Probe, BackendError> {
        if within.count_ones() == 1 {
            return self.probe(active, Some((cell, within.trailing_zeros() as u8)), grid);
        }
        let at: Vec<Lit> = (1..=self.max)
            .filter(|&d| within & (1 << d) == 0)
            .map(|d| !self.x(cell, d))
            .collect();
        self.probe_under(active, &at, grid)
    }

    /// [`Sat::probe`] with the literals `at` assumed as well.
    fn probe_under(
        &mut self,
        active: &[usize],
        at: &[Lit],
        grid: usize,
    ) -> Result<Probe, BackendError> {
        let mut assumptions: Vec<Lit> = active.iter().filter_map(|&k| self.acts[k]).collect();
        // The other constraints are assumed off: left free, the solver would switch them
        // on (its first phase is true) and search the whole puzzle.
        let mut on = vec![false; self.acts.len()];
        active.iter().for_each(|&k| on[k] = true);
        assumptions.extend(
            (0..self.acts.len())
                .filter(|&k| !on[k])
                .filter_map(|k| self.acts[k].map(|a| !a)),
        );
        assumptions.extend_from_slice(at);
        self.calls += 1;
        match self.solver.solve_under(&assumptions)? {
            SatResult::Sat(model) => {
                let mut seen = vec![0u32; grid];
                for (cell, bits) in seen.iter_mut().enumerate() {
                    for d in 1..=self.max {
                        let v = self.x(cell, d).var().index();
                        if model.get(v).is_some_and(|l| l.is_positive()) {
                            *bits |= 1 << d;
                        }
                    }
                }
                Ok(Probe::Possible(seen))
            }
            SatResult::Unsat => {
                let failed = self.solver.failed(&assumptions);
                let core = active
                    .iter()
                    .copied()
                    .filter(|&k| match (self.acts[k], &failed) {
                        (None, _) => false,
                        (Some(_), None) => true,
                        (Some(a), Some(f)) => f.contains(&a),
                    })
                    .collect();
                Ok(Probe::Impossible(core))
            }
            SatResult::Unknown => Err(BackendError::Internal("stopped".into())),
        }
    }

    /// A minimal subset of `core` (constraint indices) under which `digit` is impossible in
    /// `cell`: deletion, each constraint dropped in turn; with `refine`, the core of each
    /// unsatisfiable call replaces the set.
    ///
    /// # Errors
    /// [`BackendError`] from the solver.
    pub(super) fn mus(
        &mut self,
        mut core: Vec<usize>,
        at: (usize, u8),
        grid: usize,
        refine: bool,
    ) -> Result<Vec<usize>, BackendError> {
        let mut i = 0;
        while i < core.len() {
            let trial: Vec<usize> = core
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &k)| k)
                .collect();
            match self.probe(&trial, Some(at), grid)? {
                Probe::Possible(_) => i += 1,
                Probe::Impossible(smaller) => core = if refine { smaller } else { trial },
            }
        }
        Ok(core)
    }

    /// Encodes constraint `c` over grid indices `cells` under `act`; `false` when it is too
    /// large to encode.
    fn encode(&mut self, c: &Constraint, cells: &[usize], act: Lit) -> bool {
        let target = c.target.unwrap_or(0);
        let full = ((1u32 << (self.max + 1)) - 1) & !1;
        if c.distinct {
            for d in 1..=self.max {
                let xs: Vec<Lit> = cells.iter().map(|&i| self.x(i, d)).collect();
                for (i, &a) in xs.iter().enumerate() {
                    for &b in &xs[i + 1..] {
                        self.solver.add_clause(&[!act, !a, !b]);
                    }
                }
                if cells.len() == usize::from(self.max) {
                    let mut clause = xs;
                    clause.push(!act);
                    self.solver.add_clause(&clause);
                }
            }
        }
        match (c.distinct, c.op) {
            _ if c.kind.is_group() => {}
            (true, _) => {
                let sets = digit_sets(full, cells.len(), target);
                let mut pick = vec![!act];
                let mut with = vec![Vec::new(); usize::from(self.max) + 1];
                for set in sets {
                    let s = self.fresh();
                    pick.push(s);
                    for &i in cells {
                        let mut clause: Vec<Lit> =
                            digits(set).map(|d| self.x(i, d as u8)).collect();
                        clause.push(!s);
                        self.solver.add_clause(&clause);
                    }
                    // Implied, for propagation: each digit of the set takes a cell (as many
                    // cells as digits, all distinct), and a digit placed picks a set
                    // holding it.
                    for d in digits(set) {
                        let mut clause: Vec<Lit> =
                            cells.iter().map(|&i| self.x(i, d as u8)).collect();
                        clause.push(!s);
                        self.solver.add_clause(&clause);
                        with[d as usize].push(s);
                    }
                }
                self.solver.add_clause(&pick);
                for (d, holding) in with.iter().enumerate().skip(1) {
                    for &i in cells {
                        let mut clause = vec![!act, !self.x(i, d as u8)];
                        clause.extend(holding.iter().copied());
                        self.solver.add_clause(&clause);
                    }
                }
            }
            (false, Some(Op::Add)) => self.automaton(cells, target, true, act),
            (false, Some(Op::Mul)) => self.automaton(cells, target, false, act),
            (false, Some(op)) => return self.table(cells, op, target, act),
            (false, None) => return self.relation(c, cells, act),
        }
        true
    }

    /// One selector per allowed tuple of a Towers clue or an Unequal pair; `false` for
    /// other kinds, or past the enumeration budget.
    fn relation(&mut self, c: &Constraint, cells: &[usize], act: Lit) -> bool {
        let (kind, target) = (c.kind, c.target.unwrap_or(0));
        if relation_holds(kind, target, &[]).is_none() {
            return false;
        }
        self.tuples(
            cells,
            &|v| relation_holds(kind, target, v) == Some(true),
            act,
        )
    }

    /// A layered automaton over partial sums (`sum`) or products of `cells`.
    fn automaton(&mut self, cells: &[usize], target: u64, sum: bool, act: Lit) {
        let full = ((1u32 << (self.max + 1)) - 1) & !1;
        let doms = vec![full; cells.len()];
        let layers = forward_layers(&doms, target, sum);
        let states: Vec<Vec<(u64, Lit)>> = layers
            .iter()
            .map(|layer| layer.iter().map(|&v| (v, self.fresh())).collect())
            .collect();
        self.solver.add_clause(&[!act, states[0][0].1]);
        for (i, &cell) in cells.iter().enumerate() {
            for &(acc, s) in &states[i] {
                for d in 1..=self.max {
                    let next = if sum {
                        Some(acc + u64::from(d)).filter(|&v| v <= target)
                    } else {
                        acc.checked_mul(u64::from(d)).filter(|&v| target % v == 0)
                    };
                    let to = next.and_then(|v| states[i + 1].iter().find(|p| p.0 == v));
                    let mut clause = vec![!act, !s, !self.x(cell, d)];
                    clause.extend(to.map(|p| p.1));
                    self.solver.add_clause(&clause);
                }
            }
        }
        for &(v, s) in &states[cells.len()] {
            if v != target {
                self.solver.add_clause(&[!act, !s]);
            }
        }
    }

    /// One selector per allowed tuple of a `-`, `/`, `?` or `=` cage.
    fn table(&mut self, cells: &[usize], op: Op, target: u64, act: Lit) -> bool {
        self.tuples(cells, &|v| cage_holds(op, target, v), act)
    }

    /// One selector per filling of `cells` that `keep` accepts, one of which must hold when
    /// `act` is true; `false` past the enumeration budget (nothing is then added).
    fn tuples(&mut self, cells: &[usize], keep: &dyn Fn(&[u64]) -> bool, act: Lit) -> bool {
        let full = ((1u32 << (self.max + 1)) - 1) & !1;
        let doms = vec![full; cells.len()];
        let mut tuples: Vec<Vec<u8>> = Vec::new();
        let complete = fillings(&doms, keep, &mut |v| {
            tuples.push(v.iter().map(|&d| d as u8).collect());
            true
        });
        if !complete {
            return false;
        }
        let mut pick = vec![!act];
        for t in tuples {
            let s = self.fresh();
            pick.push(s);
            for (&cell, &d) in cells.iter().zip(&t) {
                self.solver.add_clause(&[!s, self.x(cell, d)]);
            }
        }
        self.solver.add_clause(&pick);
        true
    }
}
