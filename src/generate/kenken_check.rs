//! # Proving a generated KenKen unique, twice
//!
//! [`Checker`] is the incremental uniqueness checker of the KenKen generator: one embedded
//! solver holds the Latin constraints and a blocking clause excluding the generating square
//! (which solves every candidate). Each cage's clauses carry their own activation literal, so
//! a check is one `solve` under the activation literals of the current cages; a cage that
//! changes is retired (its literal fixed false) and re-added, and learned clauses carry over.
//! Every other solution it finds is verified by the independent checker. The solver is the
//! embedded backend the engines' `auto` rule picks for the side
//! ([`crate::engine::auto_choice`]). [`unique_by_both`] adds the second engine, the native
//! propagation-and-search engine, which shares nothing with the checker but the cage tuples.

use std::ops::ControlFlow;

use crate::answer::Outcome;
use crate::cnf::Lit;
use crate::encode::EncodeOptions;
use crate::engine::latin::GuardedLatin;
use crate::engine::solve_loop::LoopEnd;
use crate::engine::{auto_choice, Engine, EngineError, EngineOptions};
use crate::generate::guards::Guards;
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::kind::{verify, Workload};
use crate::puzzle::{Cage, KenKen, Puzzle};
use crate::stop::Stop;

/// The incremental uniqueness checker: the Latin square once, every cage under its own
/// activation literal (numbered right after the cage's variables), and the generating
/// square blocked for good. Also the first of the two checks of [`unique_by_both`].
pub(super) struct Checker {
    latin: GuardedLatin,
    /// Activation literal of every cage added so far, by cage.
    active: Guards<Cage>,
    next_var: usize,
    stop: Stop,
}

impl Checker {
    /// A checker whose solver obeys `stop` (given before any clause, so a deadline can
    /// move the solver to a worker thread that the caller abandons on time).
    pub(super) fn new(solution: &Grid<u8>, stop: &Stop) -> Result<Self, GenerateError> {
        let n = solution.rows();
        // The embedded backend the engines' `auto` rule picks for a KenKen of this side.
        let choice = auto_choice(Workload::KenKen { side: n }, None);
        let mut latin = GuardedLatin::new(&choice, n, &EncodeOptions::default(), stop)?;
        let block: Vec<Lit> = latin
            .map()
            .chosen(solution)
            .into_iter()
            .map(|l| !l)
            .collect();
        latin.add_clause(&block);
        Ok(Checker {
            next_var: latin.first_free(),
            latin,
            active: Guards::new(),
            stop: stop.clone(),
        })
    }

    /// A verified solution of `puzzle` other than the generating square, if one exists.
    pub(super) fn other_solution(
        &mut self,
        puzzle: &KenKen,
    ) -> Result<Option<Grid<u8>>, GenerateError> {
        let changes = self.active.changes(puzzle.cages());
        for lit in changes.retired {
            self.latin.retire(lit);
        }
        for cage in changes.new {
            let lit = self.add_guarded(&cage)?;
            self.active.insert(cage, lit);
        }
        let assumptions = self.active.assumptions();
        let end =
            self.latin
                .find_grids(&assumptions, &self.stop, |_, _, _| {}, ControlFlow::Break)?;
        let engine = || self.latin.name().to_string();
        let grid = match end {
            LoopEnd::Broke(grid) => grid,
            LoopEnd::Exhausted => return Ok(None),
            LoopEnd::Stopped => return Err(EngineError::GaveUp { engine: engine() }.into()),
        };
        let checked = verify(&Puzzle::KenKen(puzzle.clone()), &grid);
        checked.map_err(|source| EngineError::Verify {
            engine: engine(),
            source,
        })?;
        Ok(Some(grid))
    }

    /// Adds a cage's clauses, each extended with `¬a` for a fresh activation literal `a`.
    fn add_guarded(&mut self, cage: &Cage) -> Result<Lit, GenerateError> {
        let f = self
            .latin
            .encode_cages([cage], self.next_var)
            .map_err(EngineError::from)?;
        let guard = Lit::from_index(f.var_count(), true);
        self.next_var = f.var_count() + 1;
        self.latin.add_under(&f, guard);
        Ok(guard)
    }
}

/// Whether both engines prove `puzzle` unique (its generating solution is known to solve
/// it): `Some(true)` when both do, `Some(false)` when the CDCL checker finds another
/// solution, `None` when stopped. The native engine runs only after the checker says
/// unique, and must agree.
pub(super) fn unique_by_both(
    checker: &mut Checker,
    puzzle: &KenKen,
    opts: &EngineOptions,
) -> Result<Option<bool>, GenerateError> {
    match checker.other_solution(puzzle) {
        Ok(Some(_)) => return Ok(Some(false)),
        Ok(None) => {}
        Err(GenerateError::Engine(e)) if matches!(*e, EngineError::GaveUp { .. }) => {
            return Ok(None)
        }
        Err(e) => return Err(e),
    }
    let (outcome, _) = Engine::Native.prove_unique(&Puzzle::KenKen(puzzle.clone()), opts)?;
    match outcome {
        Outcome::Stopped { .. } => Ok(None),
        Outcome::Solved {
            unique: Some(true), ..
        } => Ok(Some(true)),
        // The two engines disagree: one of them is wrong, which no puzzle may hide.
        other => Err(GenerateError::Params(format!(
            "the native engine disagrees with the CDCL checker on a generated puzzle \
             ({other:?})"
        ))),
    }
}
