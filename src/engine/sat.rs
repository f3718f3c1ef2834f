//! # The SAT path
//!
//! Encode the puzzle ([`crate::encode`]), load the CNF into a [`Backend`], and find grids one
//! after another: each model is decoded through the one-hot map and blocked with a clause
//! over its chosen x(cell, digit) literals only (never auxiliary variables), so the
//! enumeration counts distinct grids. Verification happens once, in the engine layer above.
//!
//! Counting many grids with one growing list of blocking clauses slows every call down (the
//! solver propagates tens of thousands of long clauses), so the enumeration works in *cubes*:
//! a cube is a partial assignment of cells, assumed for the calls that search it, and its
//! blocking clauses carry the negation of the cube's own activation literal. When a cube has
//! yielded [`CUBE_SOLUTIONS`] grids it is split on the cell whose digit varies most among
//! them, one child per digit; each child blocks the grids already found that fall in it, and
//! the parent's clauses are retired with a unit clause. No solver ever holds more than a few
//! thousand live blocking clauses, and the memory kept is bounded by the cube depth, not by
//! the number of grids. Every grid is found in exactly one cube (the children partition the
//! parent), so counts stay exact.

use std::ops::ControlFlow;
use std::time::Duration;

use crate::backend::{Backend, Decisions, Dpll, Walk};
use crate::cnf::{EncodeStats, Lit, OneHot, Var};
use crate::encode::EncodeOptions;
use crate::engine::distinct::{digit_child, Branch, Tree};
use crate::engine::enumerate::Visitor;
use crate::engine::solve_loop::{find_grids, LoopEnd};
use crate::engine::EngineError;
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::stop::{Instant, Stop};

/// Sizes and times of one SAT run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SatStats {
    /// CNF size.
    pub cnf: EncodeStats,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in the solver (all calls).
    pub solve_time: Duration,
}

/// The clause that excludes `grid`: the negation of its chosen x(cell, digit) literals.
pub(crate) fn blocking_clause(map: &OneHot, grid: &Grid<u8>) -> Vec<Lit> {
    map.chosen(grid).into_iter().map(|l| !l).collect()
}

/// The CNF of `puzzle`, with its size and the time the encoding took.
pub(crate) fn timed_encode(
    puzzle: &Puzzle,
    opts: &EncodeOptions,
) -> Result<(crate::encode::Encoding, SatStats), EngineError> {
    let t0 = Instant::now();
    let enc = puzzle.encode(opts)?;
    let stats = SatStats {
        cnf: enc.stats(),
        encode_time: t0.elapsed(),
        solve_time: Duration::ZERO,
    };
    Ok((enc, stats))
}

/// Encodes `puzzle` and enumerates its grids with `backend`, handing each to `visit` until
/// it breaks, `stop` is requested, or no grid is left (then `complete` is true), with its
/// place in `tree`. The grids of `known` (found earlier by another engine) are blocked from
/// the start and not visited.
///
/// # Errors
/// Encoding limits, backend failures, "gave up" answers and models that are not grids.
pub(crate) fn enumerate<B: Backend>(
    puzzle: &Puzzle,
    mut backend: B,
    opts: &EncodeOptions,
    stop: &Stop,
    (tree, known): (Tree<'_>, Vec<Grid<u8>>),
    visit: Visitor<'_>,
) -> Result<(bool, SatStats), EngineError> {
    let (enc, mut stats) = timed_encode(puzzle, opts)?;
    let t1 = Instant::now();
    backend.add_formula(&enc.formula);
    let first_free = enc.formula.var_count();
    let complete = enumerate_cubes(
        &mut backend,
        &enc.map,
        (first_free, CUBE_SOLUTIONS),
        stop,
        (tree, known),
        visit,
        &[],
    )?;
    stats.solve_time = t1.elapsed();
    Ok((complete, stats))
}

/// Encodes `puzzle` for the project's DPLL enumerator ([`Dpll`]: one walk of the search
/// tree, no blocking clauses): the loaded formula, the one-hot map, and the formula's size
/// and encoding time.
///
/// # Errors
/// Encoding limits.
pub(crate) fn prepare_dpll(
    puzzle: &Puzzle,
    opts: &EncodeOptions,
) -> Result<(Dpll, OneHot, SatStats), EngineError> {
    let (enc, mut stats) = timed_encode(puzzle, opts)?;
    let t1 = Instant::now();
    let digits = usize::from(enc.map.digits());
    let cells = enc.map.cells().len();
    let dpll = Dpll::from_formula(enc.formula, cells, digits);
    // Loading the formula counts as solving, as for the CDCL solvers.
    stats.solve_time = t1.elapsed();
    Ok((dpll, enc.map, stats))
}

/// Walks `dpll` (whose projected groups are the cells of `map`), decoding each model into a
/// grid for `visit`, with its path in tree 0: the walk's decisions on cells.
///
/// # Errors
/// A model that is not a grid.
pub(crate) fn walk_dpll(
    dpll: &mut Dpll,
    map: &OneHot,
    stop: &Stop,
    max_conflicts: &std::cell::Cell<u64>,
    visit: Visitor<'_>,
) -> Result<Walk, EngineError> {
    let mut failure = None;
    let mut branches = Vec::new();
    let tree = Tree::default();
    let walk = dpll.enumerate_paths(stop, max_conflicts, &mut |model, path| {
        if let Err(e) = decisions_to_branches(map, path, &mut branches) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        match map.decode(model) {
            Ok(grid) => visit(grid, tree.at(&branches)),
            Err(e) => {
                failure = Some(e.into());
                ControlFlow::Break(())
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(walk),
    }
}

/// Writes into `out` the branches of a DPLL walk's `decisions` (literals of `map`'s cells).
///
/// # Errors
/// [`EngineError::Disordered`] for a decision on a variable that is not a cell's digit
/// (projected decisions are; anything else has no place in a tree over cells).
pub(crate) fn decisions_to_branches(
    map: &OneHot,
    decisions: Decisions<'_>,
    out: &mut Vec<Branch>,
) -> Result<(), EngineError> {
    out.clear();
    for &(lit, second) in decisions {
        let (cell, digit) = map
            .meaning(lit.var())
            .ok_or_else(|| EngineError::Disordered {
                engine: "dpll".into(),
            })?;
        let holds = lit.is_positive();
        out.push(Branch {
            cell,
            digit,
            holds,
            second,
        });
    }
    Ok(())
}

/// How many grids one cube may yield before it is split.
pub(crate) const CUBE_SOLUTIONS: usize = 256;

/// Why a cube's loop broke off.
enum CubeEnd {
    /// The caller's visitor broke: the enumeration ends.
    Visitor,
    /// The cube yielded its share of grids: split it.
    Split,
}

/// A partial assignment searched under assumptions, with the grids found before it was made
/// that fall inside it (to be blocked again there).
struct Cube {
    assumed: Vec<Lit>,
    inherited: Vec<Grid<u8>>,
    /// The cube's node in the tree of cubes, as binary branches ([`digit_child`]).
    path: Vec<Branch>,
}

/// Enumerates the grids of the formula already loaded in `backend` (whose variables are
/// below `first_free`) cube by cube (see the module notes), splitting a cube after
/// `cube_solutions` grids, and hands each grid to `visit` with its cube's node in `tree`
/// (cubes are searched depth first, a parent before its children), except those of
/// `known`, which the first cube inherits (blocks without visiting). Every cube extends
/// `root` (the top-level cube of a parallel run, [`crate::engine::parallel`]; empty for the
/// whole puzzle), so only the grids inside `root` are found. Answers whether the
/// enumeration is complete.
///
/// # Errors
/// Backend failures, "gave up" answers and models that are not grids.
pub(crate) fn enumerate_cubes(
    backend: &mut dyn Backend,
    map: &OneHot,
    (first_free, cube_solutions): (usize, usize),
    stop: &Stop,
    (tree, known): (Tree<'_>, Vec<Grid<u8>>),
    visit: Visitor<'_>,
    root: &[Lit],
) -> Result<bool, EngineError> {
    let mut next_var = first_free;
    let mut stack = vec![Cube {
        assumed: root.to_vec(),
        inherited: known,
        path: Vec::new(),
    }];
    let mut assumptions = Vec::new();
    let mut block = Vec::new();
    while let Some(mut cube) = stack.pop() {
        let active = Var::from_index(next_var).positive();
        next_var += 1;
        let in_cube = |lit: &Lit| cube.assumed.contains(lit);
        let mut add_block = |backend: &mut dyn Backend, map: &OneHot, grid: &Grid<u8>| {
            block.clear();
            block.push(!active);
            block.extend(
                map.chosen(grid)
                    .into_iter()
                    .filter(|l| !in_cube(l))
                    .map(|l| !l),
            );
            backend.add_clause(&block);
        };
        for grid in &cube.inherited {
            add_block(backend, map, grid);
        }
        assumptions.clear();
        assumptions.extend_from_slice(&cube.assumed);
        assumptions.push(active);
        let mut found = Vec::new();
        let end = find_grids(backend, map, &assumptions, stop, &mut add_block, |grid| {
            if visit(grid.clone(), tree.at(&cube.path)).is_break() {
                return ControlFlow::Break(CubeEnd::Visitor);
            }
            found.push(grid);
            // A cube that fixes every cell holds one grid at most: never split it.
            if found.len() >= cube_solutions && cube.assumed.len() < map.cells().len() {
                ControlFlow::Break(CubeEnd::Split)
            } else {
                ControlFlow::Continue(())
            }
        })?;
        let split = match end {
            LoopEnd::Exhausted => false,
            LoopEnd::Broke(CubeEnd::Split) => true,
            LoopEnd::Broke(CubeEnd::Visitor) | LoopEnd::Stopped => return Ok(false),
        };
        backend.add_clause(&[!active]);
        if split {
            found.extend(std::mem::take(&mut cube.inherited));
            stack.extend(split_cube(map, &cube, found).into_iter().rev());
        }
    }
    Ok(true)
}

/// The children of `cube`, which yielded `found` (its own grids and those it inherited):
/// one per digit of the free cell whose digit varies most among them (the first such in
/// map order), each with the grids of `found` that fall in it.
fn split_cube(map: &OneHot, cube: &Cube, found: Vec<Grid<u8>>) -> Vec<Cube> {
    let assumed = &cube.assumed;
    let digits = usize::from(map.digits());
    let free: Vec<Cell> = map
        .cells()
        .iter()
        .copied()
        .filter(|&c| {
            !assumed
                .iter()
                .any(|l| map.meaning(l.var()).is_some_and(|(cell, _)| cell == c))
        })
        .collect();
    let spread = |cell: Cell| {
        let mut seen = vec![false; digits + 1];
        for g in &found {
            seen[usize::from(*g.get(cell))] = true;
        }
        seen.iter().filter(|&&s| s).count()
    };
    // max_by_key keeps the last maximum; rev() makes it the first in map order.
    let cell = free
        .iter()
        .rev()
        .copied()
        .max_by_key(|&c| spread(c))
        .expect("only cubes with a free cell are split");
    let mut children: Vec<Cube> = (1..=map.digits())
        .map(|d| {
            let mut assumed = assumed.clone();
            assumed.push(map.lit(cell, d));
            let mut path = cube.path.clone();
            path.extend(digit_child(cell, d));
            Cube {
                assumed,
                inherited: Vec::new(),
                path,
            }
        })
        .collect();
    for g in found {
        children[usize::from(*g.get(cell)) - 1].inherited.push(g);
    }
    children
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::testing;
    use std::collections::HashSet;

    /// All grids of `text` enumerated with cubes split after `cube_solutions` grids.
    fn grids(text: &str, cube_solutions: usize) -> (Vec<Grid<u8>>, bool) {
        let puzzle: Puzzle = crate::puzzle::Puzzle::parse(text).expect("parses");
        let enc = puzzle.encode(&EncodeOptions::default()).expect("encodes");
        let mut backend = testing::solver(&enc.formula);
        let mut found = Vec::new();
        let complete = enumerate_cubes(
            &mut *backend,
            &enc.map,
            (enc.formula.var_count(), cube_solutions),
            &Stop::new(),
            (Tree::default(), Vec::new()),
            &mut |g, _| {
                found.push(g);
                ControlFlow::Continue(())
            },
            &[],
        )
        .expect("enumerates");
        (found, complete)
    }

    /// Splitting cubes (after 1, 2, 7 grids, so many splits and re-blocked inherited grids)
    /// finds exactly the grids one cube finds, each once.
    #[test]
    fn cube_splits_find_every_grid_once() {
        // 4×4 Latin squares with one line given as 1 2 3 4: 576 / 24 = 24 grids.
        let text = "size 4\n1 = A1; 2 = B1; 3 = C1; 4 = D1; \
                    30 + A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n";
        let (whole, complete) = grids(text, usize::MAX);
        assert!(complete);
        assert_eq!(whole.len(), 24);
        let whole: HashSet<_> = whole.into_iter().collect();
        for k in [1, 2, 7, 23] {
            let (split, complete) = grids(text, k);
            assert!(complete);
            assert_eq!(split.len(), whole.len(), "cube limit {k}");
            assert_eq!(
                split.into_iter().collect::<HashSet<_>>(),
                whole,
                "cube limit {k}"
            );
        }
    }
}

#[cfg(test)]
mod repeat_tests {
    use super::*;
    use crate::answer::SatResult;
    use crate::backend::{testing, BackendError};
    use crate::engine::enumerate::{Enumerator, RunResult};
    use crate::engine::{EngineOptions, EngineStats};

    /// A solver that, after its `after`-th model, gives that model once more.
    struct Echo {
        inner: Box<dyn Backend>,
        after: usize,
        models: usize,
        last: Vec<Lit>,
    }

    impl Backend for Echo {
        fn name(&self) -> &str {
            "echo"
        }
        fn add_clause(&mut self, clause: &[Lit]) {
            self.inner.add_clause(clause);
        }
        fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
            if self.models == self.after && self.after > 0 {
                self.models += 1;
                return Ok(SatResult::Sat(self.last.clone()));
            }
            let answer = self.inner.solve_under(assumptions)?;
            if let SatResult::Sat(model) = &answer {
                self.models += 1;
                self.last.clone_from(model);
            }
            Ok(answer)
        }
        fn set_stop(&mut self, stop: Stop) {
            self.inner.set_stop(stop);
        }
    }

    /// The cube enumeration on an [`Echo`] solver, cubes split after 3 grids.
    struct EchoCdcl(usize);

    impl Enumerator for EchoCdcl {
        fn name(&self) -> &str {
            "echo"
        }
        fn run(
            &mut self,
            puzzle: &Puzzle,
            opts: &EngineOptions,
            _: Option<u64>,
            visit: Visitor<'_>,
        ) -> RunResult {
            let enc = puzzle.encode(&opts.encode)?;
            let mut echo = Echo {
                inner: testing::solver(&enc.formula),
                after: self.0,
                models: 0,
                last: Vec::new(),
            };
            let first_free = enc.formula.var_count();
            let complete = enumerate_cubes(
                &mut echo,
                &enc.map,
                (first_free, 3),
                &opts.stop,
                Default::default(),
                visit,
                &[],
            )?;
            Ok((complete, EngineStats::Sat(SatStats::default())))
        }
        fn idle_stats(&self) -> EngineStats {
            EngineStats::Sat(SatStats::default())
        }
    }

    /// A solver that gives a grid twice is caught wherever the repeat falls: in the cube
    /// that found it, or in a cube split off after it (the parent's grids stay in view);
    /// without a repeat, the count is exact.
    #[test]
    fn a_solver_that_repeats_a_grid_is_caught() {
        // 4×4 Latin squares with one line given as 1 2 3 4: 24 grids.
        let text = "size 4\n1 = A1; 2 = B1; 3 = C1; 4 = D1; \
                    30 + A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n";
        let puzzle = Puzzle::parse(text).expect("parses");
        let opts = EngineOptions::default();
        let (count, _) = EchoCdcl(0).count(&puzzle, &opts, None).expect("no repeat");
        assert_eq!((count.count, count.complete), (24, true));
        for after in 1..24 {
            let got = EchoCdcl(after).count(&puzzle, &opts, None);
            assert!(
                matches!(got, Err(EngineError::Repeated { .. })),
                "repeat after {after}: {got:?}"
            );
        }
    }
}
