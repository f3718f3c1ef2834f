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
//! Answers are the same as [`Engine::enumerate`]'s, verified the same way; only the work
//! is shared, and the CNF is the one [`Engine::enumerate`] would solve. Puzzles a session
//! cannot share work for (Kakuro, CrossProduct, KenKen whose CNF has cage–line clauses (side
//! 10 and up by default: they tie cages to lines, so they are not part of the Latin
//! square), engines other than the embedded SAT backends, runs with a time limit on varisat, which needs a fresh
//! solver to move to a worker thread, and enumerations beyond two grids, which count best
//! cube by cube on a fresh solver) go through [`Engine::enumerate`] unchanged.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::answer::{Count, Outcome, SatResult};
use crate::backend::{embedded_cadical, Backend, Dpll, VarisatBackend, Walk};
use crate::cnf::{CnfFormula, EncodeStats, Lit, OneHot, Var};
use crate::encode::kenken::{cage_lines, encode_cage, encode_latin, TupleCache};
use crate::encode::EncodeOptions;
use crate::engine::sat::{blocking_clause, walk_dpll, SatStats};
use crate::engine::{Engine, EngineError, EngineOptions, EngineStats, Visitor, WalkBudget};
use crate::grid::Grid;
use crate::puzzle::{KenKen, Puzzle};

/// Activation literals reserved per solver; the solver is rebuilt after this many puzzles
/// (which also frees the clauses of the retired ones).
const ACTIVATIONS: usize = 128;

/// Solves puzzles one after another with `engine`, reusing one incremental solver per
/// KenKen side (see the module documentation). Same answers as the [`Engine`] methods of the
/// same names.
///
/// ```
/// use cagesat::{parse_puzzle, Engine, EngineOptions, Outcome, Session};
///
/// let mut session = Session::new(Engine::Auto);
/// for text in ["size 2\n1 = a1\n2 = b1\n3 + a2 b2\n", "size 2\n2 = a1\n1 = b1\n3 + a2 b2\n"] {
///     let puzzle = parse_puzzle(text, None, false).unwrap();
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

/// One solver holding the Latin square of one side.
struct Shape {
    /// The embedded backend it runs ([`Engine::Varisat`] or [`Engine::Cadical`]).
    engine: Engine,
    n: usize,
    opts: EncodeOptions,
    backend: Box<dyn Backend>,
    map: OneHot,
    /// Size of the Latin-square part.
    base: EncodeStats,
    /// First activation variable.
    first_activation: usize,
    /// Activation variables used so far.
    used: usize,
    /// Tuple lists of the cages met so far.
    tuples: TupleCache,
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
        let engine = match self.engine {
            Engine::Auto => Engine::auto_backend(puzzle, limit),
            ref e => e.clone(),
        };
        if engine == Engine::Dpll {
            return self.walk(puzzle, opts, limit, visit);
        }
        let kenken = match puzzle {
            Puzzle::KenKen(k)
                if shares_work(&engine, opts)
                    && limit.is_some_and(|l| l <= 2)
                    && !cage_lines(k.size(), &opts.encode) =>
            {
                k
            }
            _ => return engine.enumerate(puzzle, opts, limit, visit),
        };
        let shape = self.shape_for(&engine, kenken.size(), &opts.encode)?;
        engine.checked_enumerate(puzzle, opts, limit, visit, &mut |visit| {
            shape.run(kenken, opts, visit)
        })
    }

    /// A DPLL walk ([`Engine::Dpll`], or [`Engine::Auto`] with its hand-over to CDCL):
    /// KenKen on the shared Latin square of its side, other puzzles as [`Engine::enumerate`].
    fn walk(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: impl FnMut(&Grid<u8>),
    ) -> Result<(Count, EngineStats), EngineError> {
        let engine = self.engine.clone();
        let kenken = match puzzle {
            Puzzle::KenKen(k) if !cage_lines(k.size(), &opts.encode) => k,
            _ => return engine.enumerate(puzzle, opts, limit, visit),
        };
        let shape = self.walks_for(kenken.size(), &opts.encode);
        let mut walk =
            |budget: &WalkBudget, visit: Visitor<'_>| shape.walk(kenken, opts, budget, visit);
        engine.checked_enumerate(puzzle, opts, limit, visit, &mut |visit| {
            engine.run_walk(puzzle, opts, limit, &mut walk, visit)
        })
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

    /// As [`Engine::solve`].
    ///
    /// # Errors
    /// As [`Engine::enumerate`].
    pub fn solve(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        self.first(puzzle, opts, false)
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
        self.first(puzzle, opts, true)
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
        self.enumerate(puzzle, opts, limit, |_| {})
    }

    fn first(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        check_unique: bool,
    ) -> Result<(Outcome, EngineStats), EngineError> {
        let mut first = None;
        let limit = if check_unique { 2 } else { 1 };
        let (count, stats) = self.enumerate(puzzle, opts, Some(limit), |g| {
            if first.is_none() {
                first = Some(g.clone());
            }
        })?;
        Ok((Engine::outcome(first, &count, check_unique), stats))
    }

    /// The solver for `n`×`n` KenKens under `opts`, built (or rebuilt) as needed.
    fn shape_for(
        &mut self,
        engine: &Engine,
        n: usize,
        opts: &EncodeOptions,
    ) -> Result<&mut Shape, EngineError> {
        let fits = self.shape.as_ref().is_some_and(|s| {
            s.engine == *engine && s.n == n && s.opts == *opts && s.used < ACTIVATIONS
        });
        if !fits {
            self.shape = Some(Shape::new(engine, n, opts)?);
        }
        Ok(self.shape.as_mut().expect("just built"))
    }
}

impl DpllShape {
    /// Walks `puzzle` (of this side): a clone of the Latin square plus its cage clauses.
    fn walk(
        &mut self,
        puzzle: &KenKen,
        opts: &EngineOptions,
        budget: &WalkBudget,
        visit: Visitor<'_>,
    ) -> Result<(Walk, SatStats), EngineError> {
        let t0 = Instant::now();
        let first_aux = self.first_aux;
        let mut cages = CnfFormula::new();
        cages.set_var_count(first_aux);
        for cage in puzzle.cages() {
            let tuples = Some(&mut self.tuples);
            encode_cage(&mut cages, &self.map, self.n, cage, &self.opts, tuples)?;
        }
        let mut stats = cage_stats(self.base, &cages, first_aux, t0);
        let t1 = Instant::now();
        budget.fit(stats.cnf.clauses);
        let mut dpll = self.latin.clone();
        dpll.add_formula(&cages);
        let walk = walk_dpll(&mut dpll, &self.map, &opts.stop, &budget.conflicts, visit);
        stats.solve_time = t1.elapsed();
        Ok((walk?, stats))
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

/// Whether a session shares work for `engine` under `opts`: the embedded backends, and
/// varisat only without a time limit (a deadline needs a fresh varisat on a worker thread).
fn shares_work(engine: &Engine, opts: &EngineOptions) -> bool {
    match engine {
        Engine::Varisat => opts.stop.deadline().is_none(),
        Engine::Cadical => cfg!(feature = "cadical"),
        _ => false,
    }
}

impl Shape {
    fn new(engine: &Engine, n: usize, opts: &EncodeOptions) -> Result<Self, EngineError> {
        let mut backend: Box<dyn Backend> = match engine {
            Engine::Cadical => embedded_cadical().map_err(|source| EngineError::Backend {
                solver: engine.name().to_string(),
                source,
            })?,
            _ => Box::new(VarisatBackend::new()),
        };
        let latin = encode_latin(n, opts);
        backend.add_formula(&latin.formula);
        Ok(Shape {
            engine: engine.clone(),
            n,
            opts: *opts,
            backend,
            base: latin.stats(),
            first_activation: latin.formula.var_count(),
            map: latin.map,
            used: 0,
            tuples: TupleCache::default(),
        })
    }

    /// Enumerates the grids of `puzzle` (of this shape) under a fresh activation literal,
    /// then retires it.
    fn run(
        &mut self,
        puzzle: &KenKen,
        opts: &EngineOptions,
        visit: &mut dyn FnMut(Grid<u8>) -> ControlFlow<()>,
    ) -> Result<(bool, EngineStats), EngineError> {
        let t0 = Instant::now();
        let aux_start = self.first_activation + ACTIVATIONS;
        let mut cages = CnfFormula::new();
        cages.set_var_count(aux_start);
        for cage in puzzle.cages() {
            encode_cage(
                &mut cages,
                &self.map,
                self.n,
                cage,
                &self.opts,
                Some(&mut self.tuples),
            )?;
        }
        let active = Var::from_index(self.first_activation + self.used).positive();
        self.used += 1;
        let mut stats = cage_stats(self.base, &cages, aux_start, t0);
        let t1 = Instant::now();
        self.backend.set_stop(opts.stop.clone());
        self.backend.add_formula_under(&cages, active);
        let result = self.enumerate_under(active, &opts.stop, visit);
        self.backend.add_clause(&[!active]);
        stats.solve_time = t1.elapsed();
        Ok((result?, EngineStats::Sat(stats)))
    }

    fn enumerate_under(
        &mut self,
        active: Lit,
        stop: &crate::stop::Stop,
        visit: &mut dyn FnMut(Grid<u8>) -> ControlFlow<()>,
    ) -> Result<bool, EngineError> {
        let backend_error = |name: &str, source| EngineError::Backend {
            solver: name.to_string(),
            source,
        };
        loop {
            let answer = self.backend.solve_under(&[active]);
            match answer.map_err(|e| backend_error(self.backend.name(), e))? {
                SatResult::Sat(model) => {
                    let grid = self.map.decode(&model)?;
                    let mut block = blocking_clause(&self.map, &grid);
                    block.push(!active);
                    self.backend.add_clause(&block);
                    if visit(grid).is_break() {
                        return Ok(false);
                    }
                }
                SatResult::Unsat => return Ok(true),
                SatResult::Unknown if stop.is_requested() => return Ok(false),
                SatResult::Unknown => {
                    return Err(EngineError::GaveUp {
                        engine: self.backend.name().to_string(),
                    })
                }
            }
        }
    }
}
