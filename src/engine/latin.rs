//! # A Latin square plus guarded cages, on one incremental solver
//!
//! Most of a KenKen's CNF does not depend on its cages: the x variables and the `cell`,
//! `row` and `col` families are the same for every puzzle of a side. [`GuardedLatin`] loads
//! them into one CDCL solver once and takes cage clauses under *activation literals*: each
//! clause carries `¬a`, so it holds in the calls that assume `a`, and the unit `¬a` retires
//! it for good (with every clause learnt from it). Two users share it: a
//! [`Session`](crate::engine::Session), which adds a whole puzzle's cages under one literal
//! from a reserved block, and the KenKen generator's uniqueness checker, which gives every
//! cage its own literal after the cage's variables. Each user numbers the variables its own
//! way; this object holds the solver, the map and the encoding of cages.

use std::ops::ControlFlow;

use crate::backend::{self, Backend, SolverChoice};
use crate::cnf::{CnfFormula, EncodeStats, Lit, OneHot};
use crate::encode::cage::{encode_cage, TupleCache};
use crate::encode::houses::encode_latin;
use crate::encode::{EncodeError, EncodeOptions};
use crate::engine::solve_loop::{find_grids, LoopEnd};
use crate::engine::EngineError;
use crate::grid::Grid;
use crate::kind::Kind;
use crate::puzzle::Cage;
use crate::stop::Stop;

/// One solver holding the Latin square of one side, taking cages under activation literals.
pub(crate) struct GuardedLatin {
    choice: SolverChoice,
    n: usize,
    opts: EncodeOptions,
    backend: Box<dyn Backend>,
    map: OneHot,
    /// Size of the Latin-square part.
    base: EncodeStats,
    /// First variable after the Latin-square part.
    first_free: usize,
    /// Tuple lists of the cages met so far, when kept.
    tuples: Option<TupleCache>,
}

impl GuardedLatin {
    /// A solver of `choice`, told about `stop` first, holding the `n`×`n` Latin square
    /// encoded under `opts`.
    ///
    /// # Errors
    /// The solver cannot be built.
    pub(crate) fn new(
        choice: &SolverChoice,
        n: usize,
        opts: &EncodeOptions,
        stop: &Stop,
    ) -> Result<Self, EngineError> {
        let mut backend = backend::new(choice, stop).map_err(|source| EngineError::Backend {
            solver: choice.name().to_string(),
            source,
        })?;
        let latin = encode_latin(n, opts);
        backend.add_formula(&latin.formula);
        Ok(GuardedLatin {
            choice: choice.clone(),
            n,
            opts: *opts,
            backend,
            base: latin.stats(),
            first_free: latin.formula.var_count(),
            map: latin.map,
            tuples: None,
        })
    }

    /// Keeps the tuple lists of the cages met, for puzzles that share cage shapes.
    pub(crate) fn with_tuple_cache(mut self) -> Self {
        self.tuples = Some(TupleCache::default());
        self
    }

    /// Whether this solves `n`×`n` KenKens under `opts` with `choice`.
    pub(crate) fn fits(&self, choice: &SolverChoice, n: usize, opts: &EncodeOptions) -> bool {
        self.choice == *choice && self.n == n && self.opts == *opts
    }

    /// The solver's name.
    pub(crate) fn name(&self) -> &str {
        self.choice.name()
    }

    /// Size of the Latin-square part.
    pub(crate) fn base(&self) -> EncodeStats {
        self.base
    }

    /// First variable after the Latin-square part.
    pub(crate) fn first_free(&self) -> usize {
        self.first_free
    }

    /// The one-hot map of the grid.
    pub(crate) fn map(&self) -> &OneHot {
        &self.map
    }

    /// The clauses of `cages`, their auxiliary variables numbered from `first_var`.
    ///
    /// # Errors
    /// A cage the encoder cannot take.
    pub(crate) fn encode_cages<'c>(
        &mut self,
        cages: impl IntoIterator<Item = &'c Cage>,
        first_var: usize,
    ) -> Result<CnfFormula, EncodeError> {
        let mut f = CnfFormula::new();
        f.set_var_count(first_var);
        for cage in cages {
            let tuples = self.tuples.as_mut();
            encode_cage(&mut f, &self.map, self.n, cage, &self.opts, tuples)?;
        }
        Ok(f)
    }

    /// The clauses `kind` adds to the Latin square (`Kind::encode_over_latin`), their
    /// auxiliary variables numbered from `first_var`.
    ///
    /// # Errors
    /// A constraint the encoder cannot take.
    pub(crate) fn encode_over(
        &mut self,
        kind: &dyn Kind,
        first_var: usize,
    ) -> Result<CnfFormula, EncodeError> {
        let mut f = CnfFormula::new();
        f.set_var_count(first_var);
        kind.encode_over_latin(&mut f, &self.map, &self.opts, self.tuples.as_mut())?;
        Ok(f)
    }

    /// Adds `f`'s clauses, each extended with `¬guard`.
    pub(crate) fn add_under(&mut self, f: &CnfFormula, guard: Lit) {
        self.backend.add_formula_under(f, guard);
    }

    /// Adds one clause as it is.
    pub(crate) fn add_clause(&mut self, clause: &[Lit]) {
        self.backend.add_clause(clause);
    }

    /// Retires the clauses under `guard` for good.
    pub(crate) fn retire(&mut self, guard: Lit) {
        self.backend.add_clause(&[!guard]);
    }

    /// From now on the solver obeys `stop`.
    pub(crate) fn set_stop(&mut self, stop: Stop) {
        self.backend.set_stop(stop);
    }

    /// The solve loop ([`find_grids`]) on this solver.
    ///
    /// # Errors
    /// As [`find_grids`].
    pub(crate) fn find_grids<B>(
        &mut self,
        assumptions: &[Lit],
        stop: &Stop,
        block: impl FnMut(&mut dyn Backend, &OneHot, &Grid<u8>),
        visit: impl FnMut(Grid<u8>) -> ControlFlow<B>,
    ) -> Result<LoopEnd<B>, EngineError> {
        find_grids(
            &mut *self.backend,
            &self.map,
            assumptions,
            stop,
            block,
            visit,
        )
    }
}
