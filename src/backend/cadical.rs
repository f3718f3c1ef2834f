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
//! In a portfolio ([`crate::engine::parallel`]) the members share their short learnt
//! clauses and the grids they found ([`Share`]): CaDiCaL hands each learnt clause to its
//! learn callback, and its terminate callback also answers "stop" when clauses or grids
//! from the others wait, so that [`Backend::solve_under`] can add them and call the solver
//! again (an interrupted CaDiCaL keeps what it learnt).
//!
//! ## References
//! - A. Biere, T. Faller, K. Fazekas, M. Fleury, N. Froleyks, F. Pollitt: "CaDiCaL 2.0",
//!   CAV 2024.

use crate::answer::SatResult;
use crate::backend::share::{self, Share};
use crate::backend::{Backend, BackendError};
use crate::cnf::{Lit, Var};
use crate::stop::Stop;

/// The callbacks: CaDiCaL polls `terminate`, which answers from the shared [`Stop`] and,
/// in a portfolio, from the inbox of shared clauses; `learn` gets each short learnt clause.
struct Poll {
    stop: Stop,
    share: Option<Share>,
}

impl cadical::Callbacks for Poll {
    fn terminate(&mut self) -> bool {
        self.stop.is_requested() || self.share.as_mut().is_some_and(Share::due)
    }

    fn max_length(&self) -> i32 {
        if self.share.is_some() {
            i32::try_from(share::MAX_LEN).unwrap_or(i32::MAX)
        } else {
            0
        }
    }

    fn learn(&mut self, clause: &[i32]) {
        if let Some(share) = &mut self.share {
            share.offer(clause);
        }
    }
}

/// CaDiCaL behind the [`Backend`] trait.
pub(crate) struct CadicalBackend {
    solver: cadical::Solver<Poll>,
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
        Self::with(cadical::Solver::new(), None)
    }

    /// A portfolio member: a solver with CaDiCaL's configuration `config` (`default`,
    /// `sat`, `unsat`, `plain`) that shares learnt clauses through `share`.
    ///
    /// # Panics
    /// On a configuration CaDiCaL does not know (the caller names one of the four).
    #[must_use]
    pub(crate) fn member(config: &str, share: Share) -> Self {
        let solver = cadical::Solver::with_config(config).expect("one of CaDiCaL's configurations");
        Self::with(solver, Some(share))
    }

    fn with(mut solver: cadical::Solver<Poll>, share: Option<Share>) -> Self {
        let stop = Stop::new();
        solver.set_callbacks(Some(Poll {
            stop: stop.clone(),
            share,
        }));
        Self {
            solver,
            max_var: 0,
            stop,
        }
    }

    /// Whether this solver is a portfolio member that shares clauses.
    fn sharing(&mut self) -> bool {
        self.solver
            .get_callbacks()
            .is_some_and(|c| c.share.is_some())
    }

    /// Adds the blocking clauses of the grids the other members published and the clauses
    /// they sent (none outside a portfolio).
    fn import(&mut self) {
        let Some(share) = self.solver.get_callbacks().and_then(|c| c.share.as_mut()) else {
            return;
        };
        let (blocks, literals) = share.take();
        for block in &blocks {
            self.add_clause(block);
        }
        for clause in literals.split(|&l| l == 0).filter(|c| !c.is_empty()) {
            self.solver.add_clause(clause.iter().copied());
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
        self.import();
        // IPASIR: assumptions hold for this call only. Without a stop request, an unknown
        // answer means the solver was interrupted to take shared clauses: add them and
        // solve again.
        loop {
            match self
                .solver
                .solve_with(assumptions.iter().map(|&l| dimacs(l)))
            {
                Some(true) => return Ok(SatResult::Sat(self.model())),
                Some(false) => return Ok(SatResult::Unsat),
                None if self.stop.is_requested() || !self.sharing() => {
                    return Ok(SatResult::Unknown)
                }
                None => {
                    self.import();
                }
            }
        }
    }

    fn set_stop(&mut self, stop: Stop) {
        if let Some(poll) = self.solver.get_callbacks() {
            poll.stop = stop.clone();
        }
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
