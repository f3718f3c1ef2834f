//! # Sessions: many puzzles, one solver per shape
//!
//! Most of a KenKen's CNF does not depend on its cages: the x variables and the `cell`,
//! `row` and `col` families (8,991 of the 10,600 clauses of a typical 9×9) are the same for
//! every puzzle of that side. Loading them into a fresh solver is most of the fixed cost of
//! a small puzzle (varisat spends over half of a Keen solve + uniqueness check adding
//! clauses). A [`Session`] keeps one incremental solver per shape instead: the Latin square
//! is loaded once, and each puzzle's cage clauses (and its blocking clauses) carry the
//! negation of a fresh *activation literal* `a`, assumed true while that puzzle is solved
//! and fixed false (a unit clause) when it is done.
//!
//! Why this is sound: every clause that mentions a puzzle's auxiliary variables (cage
//! selectors, automaton nodes, cage–line variables) also holds `¬a`, and so does every
//! clause the solver learns from them (`a` only ever appears negated, so resolution never
//! removes `¬a`). Once `¬a` is a unit, all of them are satisfied, and the next puzzle can
//! reuse the same auxiliary variable numbers: the solver's variable count stays bounded.
//! Learnt clauses without `¬a` follow from the Latin square alone and stay valid for every
//! later puzzle. Activation literals come from a block reserved after the Latin square;
//! when the block is used up the solver is rebuilt, which also drops the retired clauses.
//!
//! The DPLL walk ([`Engine::Dpll`], and [`Engine::Auto`] where it starts with the walk)
//! shares the same part differently: the Latin square is loaded into a [`Dpll`] once per
//! side, and each puzzle walks a clone of it with its own cage clauses added; the walk
//! keeps nothing between puzzles, so no activation literal is needed.
//!
//! The CDCL part is a [`GuardedLatin`], the same object the KenKen generator's uniqueness
//! checker keeps; the shared solver and the shared walks are primitives like any engine's
//! ([`Enumerator`]), so a session's `enumerate`, `solve`, `prove_unique` and `count` are the
//! very ones derived for [`Engine`]: the same answers, verified the same way; only the work
//! is shared, and the CNF is the one [`Engine::enumerate`] would solve. The kind says
//! whether its CNF is a Latin square plus clauses of its own (`Kind::over_latin`, today
//! KenKen's) and writes those clauses (`Kind::encode_over_latin`); nothing here names a kind.
//! Puzzles a session cannot share work for (kinds whose CNF is not of that form, KenKen
//! whose CNF has cage–line clauses (side 10 and up by default: they tie cages to lines, so
//! they are not part of the Latin square), engines other than the embedded SAT backends, puzzles run on several threads
//! ([`EngineOptions::parallel`]), runs with a time limit on
//! varisat, which needs a fresh solver to move to a worker thread, and enumerations beyond
//! two grids, which count best cube by cube on a fresh solver) run the engine's own
//! primitive ([`Engine::enumerator`]) unchanged.

use std::ops::ControlFlow;
use std::time::Duration;

use crate::answer::{Count, Outcome};
use crate::backend::{self, Dpll, SolverChoice};
use crate::cnf::{CnfFormula, EncodeStats, OneHot, Var};
use crate::encode::cage::TupleCache;
use crate::encode::houses::encode_latin;
use crate::encode::EncodeOptions;
use crate::engine::distinct::Tree;
use crate::engine::engines::Walker;
use crate::engine::enumerate::{first_limit, Enumerator, RunResult, Visitor};
use crate::engine::latin::GuardedLatin;
use crate::engine::sat::{blocking_clause, SatStats};
use crate::engine::solve_loop::LoopEnd;
use crate::engine::{plan, Engine, EngineError, EngineOptions, EngineStats};
use crate::grid::Grid;
use crate::kind::Kind;
use crate::puzzle::Puzzle;
use crate::stop::Instant;

/// Activation literals reserved per solver; the solver is rebuilt after this many puzzles
/// (which also frees the clauses of the retired ones).
const ACTIVATIONS: usize = 128;

/// Solves puzzles one after another with `engine`, reusing one incremental solver per
/// KenKen side (see the module documentation). Same answers as the [`Engine`] methods of the
/// same names.
///
/// ```
/// use cagesat::{Engine, EngineOptions, Outcome, Puzzle, Session};
///
/// let mut session = Session::new(Engine::Auto);
/// for text in ["size 2\n1 = a1\n2 = b1\n3 + a2 b2\n", "size 2\n2 = a1\n1 = b1\n3 + a2 b2\n"] {
///     let puzzle = Puzzle::parse(text).unwrap();
///     let (outcome, _) = session.prove_unique(&puzzle, &EngineOptions::default()).unwrap();
///     assert!(matches!(outcome, Outcome::Solved { unique: Some(true), .. }));
/// }
/// ```
pub struct Session {
    engine: Engine,
    shape: Option<Shape>,
    walks: Option<DpllShape>,
}

/// The Latin square of one side loaded into the DPLL enumerator once; each puzzle walks a
/// clone with its cage clauses added (no activation literals needed: the clone is fresh).
struct DpllShape {
    n: usize,
    opts: EncodeOptions,
    latin: Dpll,
    map: OneHot,
    /// Size of the Latin-square part.
    base: EncodeStats,
    /// First variable after the Latin-square part (cage variables start here).
    first_aux: usize,
    /// Tuple lists of the cages met so far.
    tuples: TupleCache,
}

/// One CDCL solver holding the Latin square of one side; each puzzle's cages go under one
/// activation literal from a block reserved after the Latin square, and their auxiliary
/// variables start after that block (reused from one puzzle to the next).
struct Shape {
    latin: GuardedLatin,
    /// Activation variables used so far.
    used: usize,
}

impl Session {
    /// A session running `engine`.
    #[must_use]
    pub fn new(engine: Engine) -> Self {
        Session {
            engine,
            shape: None,
            walks: None,
        }
    }

    /// The engine this session runs.
    #[must_use]
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// As [`Engine::enumerate`].
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn enumerate(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: impl FnMut(&Grid<u8>),
    ) -> Result<(Count, EngineStats), EngineError> {
        self.enumerator(puzzle, opts, limit)?
            .enumerate(puzzle, opts, limit, visit)
    }

    /// As [`Engine::solve`].
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn solve(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        self.enumerator(puzzle, opts, first_limit(false))?
            .solve(puzzle, opts)
    }

    /// As [`Engine::prove_unique`].
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn prove_unique(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        self.enumerator(puzzle, opts, first_limit(true))?
            .prove_unique(puzzle, opts)
    }

    /// As [`Engine::count`].
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn count(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
    ) -> Result<(Count, EngineStats), EngineError> {
        self.enumerator(puzzle, opts, limit)?
            .count(puzzle, opts, limit)
    }

    /// The primitive this session runs `puzzle` on: the engine's own
    /// ([`Engine::enumerator_with`]) with its walks on the shared DPLL Latin square, or the
    /// shared CDCL solver; a fresh one where no work can be shared.
    fn enumerator<'a>(
        &'a mut self,
        puzzle: &'a Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
    ) -> Result<Box<dyn Enumerator + 'a>, EngineError> {
        let engine = match self.engine {
            Engine::Auto => Engine::auto_backend(puzzle, limit),
            ref e => e.clone(),
        };
        // Where no work is shared, the engine's own primitive (for `auto`, the same as that
        // of the engine its rule picks).
        let own = self.engine.clone();
        let kind = puzzle.as_kind();
        let Some(side) = kind.over_latin(&opts.encode) else {
            return Ok(own.enumerator(puzzle, limit));
        };
        if engine == Engine::Dpll {
            let shape = self.walks_for(side, &opts.encode);
            let walk = SharedWalk { shape, kind };
            return Ok(own.enumerator_with(puzzle, limit, walk));
        }
        match shared_solver(&engine, opts) {
            // One puzzle on several threads loads its own solvers (`parallel`).
            Some(choice)
                if limit.is_some_and(|l| l <= 2)
                    && super::parallel::threads_for(puzzle, opts, limit, &choice) == 1 =>
            {
                let shape = self.shape_for(&choice, puzzle, side, opts)?;
                Ok(Box::new(SharedCdcl { shape, kind }))
            }
            _ => Ok(own.enumerator(puzzle, limit)),
        }
    }

    /// The DPLL Latin square for `n`×`n` KenKens under `opts`, built as needed.
    fn walks_for(&mut self, n: usize, opts: &EncodeOptions) -> &mut DpllShape {
        if !self
            .walks
            .as_ref()
            .is_some_and(|w| w.n == n && w.opts == *opts)
        {
            let latin = encode_latin(n, opts);
            self.walks = Some(DpllShape {
                n,
                opts: *opts,
                latin: Dpll::new(&latin.formula, n * n, n),
                base: latin.stats(),
                first_aux: latin.formula.var_count(),
                map: latin.map,
                tuples: TupleCache::default(),
            });
        }
        self.walks.as_mut().expect("just built")
    }

    /// The solver for `n`×`n` KenKens under `opts`, built (or rebuilt) as needed; its
    /// encoding is the one [`Engine::enumerate`] gives `choice`
    /// ([`plan::encode_options_for`]).
    fn shape_for(
        &mut self,
        choice: &SolverChoice,
        puzzle: &Puzzle,
        n: usize,
        opts: &EngineOptions,
    ) -> Result<&mut Shape, EngineError> {
        let encode = plan::encode_options_for(choice, puzzle.as_kind().workload(), &opts.encode);
        let fits = self
            .shape
            .as_ref()
            .is_some_and(|s| s.latin.fits(choice, n, &encode) && s.used < ACTIVATIONS);
        if !fits {
            let latin = GuardedLatin::new(choice, n, &encode, &opts.stop)?;
            self.shape = Some(Shape {
                latin: latin.with_tuple_cache(),
                used: 0,
            });
        }
        Ok(self.shape.as_mut().expect("just built"))
    }
}

/// A session's DPLL walks: a puzzle over a Latin square (`Kind::over_latin`) on a clone of
/// the shared square of its side.
struct SharedWalk<'a> {
    shape: &'a mut DpllShape,
    kind: &'a dyn Kind,
}

impl Walker for SharedWalk<'_> {
    /// A clone of the Latin square plus the puzzle's (of this side) cage clauses.
    fn prepare(
        &mut self,
        _: &Puzzle,
        _: &EngineOptions,
    ) -> Result<(Dpll, OneHot, SatStats), EngineError> {
        let shape = &mut *self.shape;
        let t0 = Instant::now();
        let first_aux = shape.first_aux;
        let mut cages = CnfFormula::new();
        cages.set_var_count(first_aux);
        let tuples = Some(&mut shape.tuples);
        self.kind
            .encode_over_latin(&mut cages, &shape.map, &shape.opts, tuples)?;
        let mut stats = cage_stats(shape.base, &cages, first_aux, t0);
        let t1 = Instant::now();
        let mut dpll = shape.latin.clone();
        dpll.add_formula(&cages);
        stats.solve_time = t1.elapsed();
        Ok((dpll, shape.map.clone(), stats))
    }
}

/// The size of a puzzle's CNF in a session: the shared Latin square (`base`) plus the cage
/// clauses and their variables (from `first_aux` on), encoded since `t0`.
fn cage_stats(base: EncodeStats, cages: &CnfFormula, first_aux: usize, t0: Instant) -> SatStats {
    SatStats {
        cnf: EncodeStats {
            vars: base.vars + (cages.var_count() - first_aux),
            clauses: base.clauses + cages.len(),
        },
        encode_time: t0.elapsed(),
        solve_time: Duration::ZERO,
    }
}

/// The solver a session shares work on for `engine` under `opts`: the embedded backends,
/// and varisat only without a time limit (a deadline needs a fresh varisat on a worker
/// thread).
fn shared_solver(engine: &Engine, opts: &EngineOptions) -> Option<SolverChoice> {
    match engine {
        Engine::Varisat if opts.stop.deadline().is_none() => Some(SolverChoice::Varisat),
        Engine::Cadical => Some(SolverChoice::Cadical).filter(|c| backend::embedded().contains(c)),
        _ => None,
    }
}

/// A session's CDCL primitive: a puzzle over a Latin square on the shared solver of its
/// side.
struct SharedCdcl<'a> {
    shape: &'a mut Shape,
    kind: &'a dyn Kind,
}

impl Enumerator for SharedCdcl<'_> {
    fn name(&self) -> &str {
        self.shape.latin.name()
    }

    /// Enumerates the grids of the puzzle (of this shape) under a fresh activation literal,
    /// then retires it.
    fn run(
        &mut self,
        _: &Puzzle,
        opts: &EngineOptions,
        _: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let shape = &mut *self.shape;
        let latin = &mut shape.latin;
        let t0 = Instant::now();
        let first_activation = latin.first_free();
        let aux_start = first_activation + ACTIVATIONS;
        let cages = latin.encode_over(self.kind, aux_start)?;
        let active = Var::from_index(first_activation + shape.used).positive();
        shape.used += 1;
        let mut stats = cage_stats(latin.base(), &cages, aux_start, t0);
        let t1 = Instant::now();
        latin.set_stop(opts.stop.clone());
        latin.add_under(&cages, active);
        let block = |backend: &mut dyn crate::backend::Backend, map: &OneHot, grid: &Grid<u8>| {
            let mut block = blocking_clause(map, grid);
            block.push(!active);
            backend.add_clause(&block);
        };
        // Every grid is blocked on the one solver: all come at the root of tree 0.
        let end = latin.find_grids(&[active], &opts.stop, block, |grid| -> ControlFlow<()> {
            visit(grid, Tree::default().at(&[]))
        });
        latin.retire(active);
        stats.solve_time = t1.elapsed();
        Ok((end? == LoopEnd::Exhausted, EngineStats::Sat(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        EngineStats::Sat(SatStats::default())
    }
}
