//! # KenKen generator with guaranteed uniqueness
//!
//! 1. A random Latin square ([`super::latin`]).
//! 2. A random partition into edge-connected cages: sizes drawn from Keen-like weights
//!    (1: 3, 2: 42, 3: 35, 4: 15, 5: 5, capped at `max_cage`), grown from random seeds; most
//!    one-cell leftovers join a neighbouring cage.
//! 3. Clues as Keen chooses them: `/` on two-cell cages when the division is exact (often),
//!    `-` on two-cell cages, `+` or `*` otherwise; one-cell cages are givens.
//! 4. Uniqueness by blocking clauses, incrementally: one embedded solver holds the Latin
//!    constraints and a blocking clause excluding the generating square (which solves every
//!    candidate). Each cage's clauses carry their own activation literal, so a check is one
//!    `solve` under the activation literals of the current cages; a cage that changes is
//!    retired (its literal fixed false) and re-added, and learned clauses carry over. While
//!    the check finds another solution, pick a cell where the two differ and change the
//!    puzzle there (merge its cage with a neighbour, change the cage's operator, pair it with
//!    a neighbour in a new two-cell cage, or, late in the loop, make it a given). Every puzzle
//!    returned has been proven unique this way, and every other solution found is verified by
//!    the independent checker.
//! 5. With [`KenKenParams::logic_solvable`] (the default), before each SAT check the puzzle
//!    must be solved by root propagation at the `box` level of [`crate::grade`]; a cell it
//!    leaves open is repaired the same way. Sound propagation that fixes every cell already
//!    implies uniqueness, so the SAT proof that follows is quick. Without it (search
//!    allowed), grids of side 10 and up are repaired the same way until at most an eighth of
//!    the cells is open, and only then checked by SAT: a 20×20 is made in seconds (it took
//!    over ten minutes of hard uniqueness checks without the guide). The checker runs on the
//!    embedded backend the engines' `auto` rule picks for the side
//!    ([`crate::backend::auto_choice`]), and is the same Latin-square-plus-guarded-cages
//!    object a [`crate::engine::Session`] keeps.

use std::ops::ControlFlow;

use crate::backend::{auto_choice, Workload};
use crate::cnf::Lit;
use crate::encode::EncodeOptions;
use crate::engine::latin::GuardedLatin;
use crate::engine::solve_loop::LoopEnd;
use crate::engine::EngineError;
use crate::generate::guards::Guards;
use crate::generate::latin::{random_latin_square, shuffle};
use crate::generate::GenerateError;
use crate::grade::{Level, Prepared};
use crate::grid::{Cell, Grid};
use crate::kind::verify;
use crate::puzzle::{Cage, KenKen, Op, Puzzle};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// Generator parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KenKenParams {
    /// Side length.
    pub size: usize,
    /// Largest cage.
    pub max_cage: usize,
    /// Operators that may appear (givens always may).
    pub ops: Vec<Op>,
    /// Require the puzzle to be solvable by root propagation (the `box` level of
    /// [`crate::grade`]) before the SAT uniqueness proof, as Keen requires its puzzles to be
    /// solvable by its own deductions. Keeps the final proof fast. Without it, only
    /// uniqueness is enforced; on grids of side 10 and up propagation still guides the
    /// repairs until at most an eighth of the cells is open, so the SAT checks stay short.
    pub logic_solvable: bool,
}

impl KenKenParams {
    /// Keen-like defaults for size `n`: cages up to 5 cells, all four operators.
    #[must_use]
    pub fn new(size: usize) -> Self {
        KenKenParams {
            size,
            max_cage: 5,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            logic_solvable: true,
        }
    }
}

/// A generated puzzle with its (unique) solution.
#[derive(Clone, Debug)]
pub struct GeneratedKenKen {
    /// The puzzle.
    pub puzzle: KenKen,
    /// Its only solution.
    pub solution: Grid<u8>,
    /// How many repair steps the uniqueness loop needed.
    pub repairs: usize,
}

/// Cage weights by size, as in Keen-like generators.
const SIZE_WEIGHTS: [(usize, u64); 5] = [(1, 3), (2, 42), (3, 35), (4, 15), (5, 5)];

/// Generates one unique puzzle.
///
/// # Errors
/// Bad parameters (size outside 1..=26, `max_cage` 0) and solver failures.
pub fn generate_kenken(
    params: &KenKenParams,
    rng: &mut SplitMix64,
) -> Result<GeneratedKenKen, GenerateError> {
    generate_kenken_until(params, rng, &Stop::new())
}

/// [`generate_kenken`] under `stop`: checked between repairs and inside every uniqueness
/// check (the SAT solver is given the stop).
///
/// # Errors
/// As [`generate_kenken`], and [`GenerateError::KenKenStopped`] (how many uniqueness checks
/// and repairs were made) when `stop` ends the run.
pub fn generate_kenken_until(
    params: &KenKenParams,
    rng: &mut SplitMix64,
    stop: &Stop,
) -> Result<GeneratedKenKen, GenerateError> {
    let n = params.size;
    if n == 0 || n > crate::puzzle::kenken::MAX_SIZE {
        return Err(GenerateError::Params(format!("size {n} is outside 1..=26")));
    }
    if params.max_cage == 0 {
        return Err(GenerateError::Params(
            "the largest cage size must be at least 1".into(),
        ));
    }
    let square = random_latin_square(n, rng);
    let solution = Grid::from_rows(square).expect("square");
    let mut gen = State {
        n,
        params,
        solution,
        region: partition(n, usable_max_cage(params), rng),
        ops: Vec::new(),
    };
    gen.ops = vec![None; n * n];
    let mut checker = Checker::new(&gen.solution, stop)?;
    let mut repairs = 0;
    let mut checks = 0;
    loop {
        if let Some(reason) = stop.reason() {
            return Err(GenerateError::KenKenStopped {
                reason,
                checks,
                repairs,
            });
        }
        let puzzle = gen.puzzle(rng);
        // Propagation guides the repairs: to the end when the puzzle must be solvable by
        // logic; with search allowed, on large grids until few cells are left open, so the
        // SAT checks that follow are short (a 20×20 otherwise needs hundreds of checks,
        // each one a hard uniqueness proof).
        let guide = if params.logic_solvable {
            Some(0)
        } else if n >= SEARCH_GUIDE_MIN_SIZE {
            Some(n * n / SEARCH_GUIDE_OPEN_FRACTION)
        } else {
            None
        };
        if let Some(allowed_open) = guide {
            let mut open = open_cells(&puzzle);
            if open.len() > allowed_open {
                // Several repairs per round when much is open: each round re-propagates.
                shuffle(rng, &mut open);
                for &i in open.iter().take(1 + open.len() / 32) {
                    gen.repair_at(i, repairs, rng);
                    repairs += 1;
                }
                continue;
            }
        }
        checks += 1;
        let other = match checker.other_solution(&puzzle) {
            Err(GenerateError::Engine(e)) if matches!(*e, EngineError::GaveUp { .. }) => {
                if let Some(reason) = stop.reason() {
                    return Err(GenerateError::KenKenStopped {
                        reason,
                        checks,
                        repairs,
                    });
                }
                return Err(GenerateError::Engine(e));
            }
            other => other?,
        };
        match other {
            None => {
                return Ok(GeneratedKenKen {
                    puzzle,
                    solution: gen.solution,
                    repairs,
                })
            }
            Some(other) => {
                let n = gen.n;
                let diff: Vec<usize> = (0..n * n)
                    .filter(|&i| other.get(gen.cell(i)) != gen.solution.get(gen.cell(i)))
                    .collect();
                gen.repair_at(diff[rng.below(diff.len() as u64) as usize], repairs, rng);
                repairs += 1;
            }
        }
    }
}

/// The smallest side for which the generator with search allowed still lets propagation
/// guide its repairs (below it, SAT checks are quick anyway).
const SEARCH_GUIDE_MIN_SIZE: usize = 10;

/// With search allowed on large grids, repairs follow propagation until at most
/// 1/this of the cells is left open.
const SEARCH_GUIDE_OPEN_FRACTION: usize = 8;

/// Cells (row-major indices) that root propagation at the `box` level leaves open; all cells
/// when propagation finds a contradiction (impossible for a puzzle built from a solution,
/// since the deductions are sound, but then SAT decides).
fn open_cells(puzzle: &KenKen) -> Vec<usize> {
    let n = puzzle.size();
    let cells = (0..n * n).map(|i| Cell::new((i / n) as u8, (i % n) as u8));
    match Prepared::new(puzzle).fixpoint(Level::Box) {
        Ok(d) => cells
            .enumerate()
            .filter(|&(_, c)| d.value(d.index(c)).is_none())
            .map(|(i, _)| i)
            .collect(),
        Err(_) => Vec::new(),
    }
}

struct State<'a> {
    n: usize,
    params: &'a KenKenParams,
    solution: Grid<u8>,
    /// Cage id of every cell (row-major); ids are arbitrary.
    region: Vec<usize>,
    /// Operator chosen for the cage whose id is the index (None: choose afresh).
    ops: Vec<Option<Op>>,
}

impl State<'_> {
    fn cell(&self, i: usize) -> Cell {
        Cell::new((i / self.n) as u8, (i % self.n) as u8)
    }

    fn cages(&self) -> Vec<(usize, Vec<usize>)> {
        let mut ids: Vec<usize> = self.region.clone();
        ids.sort_unstable();
        ids.dedup();
        ids.into_iter()
            .map(|id| {
                (
                    id,
                    (0..self.n * self.n)
                        .filter(|&i| self.region[i] == id)
                        .collect(),
                )
            })
            .collect()
    }

    /// The puzzle of the current cages. Every cage gets an allowed operator: a cage that no
    /// allowed operator describes (a pair `/` cannot divide when only `/` is allowed) is split
    /// into givens first.
    fn puzzle(&mut self, rng: &mut SplitMix64) -> KenKen {
        let mut cages = Vec::new();
        for (id, members) in self.cages() {
            let cells: Vec<Cell> = members.iter().map(|&i| self.cell(i)).collect();
            let values: Vec<u64> = cells
                .iter()
                .map(|&c| u64::from(*self.solution.get(c)))
                .collect();
            let clue = match self.ops[id].and_then(|op| clue_for(op, &values)) {
                Some(t) => Some((self.ops[id].expect("some"), t)),
                None => choose_clue(&values, &self.params.ops, rng),
            };
            let Some((op, target)) = clue else {
                for &i in &members {
                    self.carve(&[i]);
                }
                return self.puzzle(rng);
            };
            self.ops[id] = Some(op);
            cages.push(Cage { op, target, cells });
        }
        cages.sort_by_key(Cage::anchor);
        KenKen::new(self.n, cages, true).expect("generated cages are valid")
    }

    /// Changes the puzzle at cell `i` (where another solution differs, or where propagation
    /// is stuck).
    fn repair_at(&mut self, i: usize, attempt: usize, rng: &mut SplitMix64) {
        let n = self.n;
        let id = self.region[i];
        let size = self.region.iter().filter(|&&r| r == id).count();
        // Escalate: early repairs reshape cages (merge, new operator, a new pair cage), late
        // ones add givens so the loop surely ends.
        let step = if attempt < 8 * n { rng.below(4) } else { 3 };
        if step == 0 && self.merge(id, size, rng) {
            return;
        }
        if step <= 1 && size > 1 && self.change_op(id, rng) {
            return;
        }
        if step <= 2 && n > 1 && self.pair_off(i, rng) {
            return;
        }
        self.carve(&[i]);
    }

    fn merge(&mut self, id: usize, size: usize, rng: &mut SplitMix64) -> bool {
        let n = self.n;
        let mut neighbours: Vec<usize> = (0..n * n)
            .filter(|&i| self.region[i] == id)
            .flat_map(|i| adjacent(n, i))
            .map(|j| self.region[j])
            .filter(|&r| r != id)
            .collect();
        neighbours.sort_unstable();
        neighbours.dedup();
        shuffle(rng, &mut neighbours);
        for other in neighbours {
            let other_size = self.region.iter().filter(|&&r| r == other).count();
            if size + other_size <= usable_max_cage(self.params) {
                self.region
                    .iter_mut()
                    .filter(|r| **r == other)
                    .for_each(|r| *r = id);
                self.ops[id] = None;
                return true;
            }
        }
        false
    }

    fn change_op(&mut self, id: usize, rng: &mut SplitMix64) -> bool {
        let values: Vec<u64> = (0..self.n * self.n)
            .filter(|&i| self.region[i] == id)
            .map(|i| u64::from(*self.solution.get(self.cell(i))))
            .collect();
        let current = self.ops[id];
        let mut options: Vec<Op> = self
            .params
            .ops
            .iter()
            .copied()
            // As Keen: `-` and `/` only on two-cell cages.
            .filter(|&op| values.len() == 2 || !matches!(op, Op::Sub | Op::Div))
            .filter(|&op| Some(op) != current && clue_for(op, &values).is_some())
            .collect();
        if options.is_empty() {
            return false;
        }
        shuffle(rng, &mut options);
        self.ops[id] = Some(options[0]);
        true
    }

    /// Makes the cells `group` one new cage; what remains of their old cages is split into
    /// connected parts.
    fn carve(&mut self, group: &[usize]) {
        let n = self.n;
        let fresh = |region: &[usize]| region.iter().max().map_or(0, |m| m + 1);
        let mut old: Vec<usize> = group.iter().map(|&i| self.region[i]).collect();
        old.sort_unstable();
        old.dedup();
        let id = fresh(&self.region);
        self.ops.resize(id + 1, None);
        for &i in group {
            self.region[i] = id;
        }
        for o in old {
            let mut rest: Vec<usize> = (0..n * n).filter(|&j| self.region[j] == o).collect();
            self.ops[o] = None;
            while let Some(&start) = rest.first() {
                let part = component(n, start, &rest);
                let pid = fresh(&self.region);
                self.ops.resize(pid + 1, None);
                for &j in &part {
                    self.region[j] = pid;
                }
                rest.retain(|j| !part.contains(j));
            }
        }
    }

    /// Pairs cell `i` with a random neighbour into a new two-cell cage (whose `/` or `-`
    /// clue is usually strong); false when they already form one.
    fn pair_off(&mut self, i: usize, rng: &mut SplitMix64) -> bool {
        let nbrs = adjacent(self.n, i);
        let j = nbrs[rng.below(nbrs.len() as u64) as usize];
        let same = self.region[i] == self.region[j];
        if same && self.region.iter().filter(|&&r| r == self.region[i]).count() == 2 {
            return false;
        }
        self.carve(&[i, j]);
        true
    }
}

/// The incremental uniqueness checker: the Latin square once, every cage under its own
/// activation literal (numbered right after the cage's variables), and the generating
/// square blocked for good. Also the first of the two checks of [`super::hide_ops`].
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

fn adjacent(n: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / n, i % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(i - n);
    }
    if r + 1 < n {
        out.push(i + n);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < n {
        out.push(i + 1);
    }
    out
}

/// The cells of `set` connected to `start`.
fn component(n: usize, start: usize, set: &[usize]) -> Vec<usize> {
    let mut part = vec![start];
    let mut k = 0;
    while k < part.len() {
        for j in adjacent(n, part[k]) {
            if set.contains(&j) && !part.contains(&j) {
                part.push(j);
            }
        }
        k += 1;
    }
    part
}

/// A random partition of the n×n grid into connected cages of at most `max_cage` cells.
fn partition(n: usize, max_cage: usize, rng: &mut SplitMix64) -> Vec<usize> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut order);
    let mut next_id = 0;
    for &seed in &order {
        if region[seed] != FREE {
            continue;
        }
        let want = draw_size(max_cage, rng);
        region[seed] = next_id;
        let mut members = vec![seed];
        while members.len() < want {
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&i| adjacent(n, i))
                .filter(|&j| region[j] == FREE)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            if frontier.is_empty() {
                break;
            }
            let j = frontier[rng.below(frontier.len() as u64) as usize];
            region[j] = next_id;
            members.push(j);
        }
        next_id += 1;
    }
    absorb_stray_singletons(n, max_cage, &mut region, rng);
    region
}

/// Growing cages from random seeds leaves cells whose neighbours are all taken; most of these
/// accidental one-cell cages join their smallest neighbouring cage (when it has room), so
/// givens stay about as rare as the size weights intend.
fn absorb_stray_singletons(n: usize, max_cage: usize, region: &mut [usize], rng: &mut SplitMix64) {
    let size = |region: &[usize], id: usize| region.iter().filter(|&&r| r == id).count();
    for i in 0..n * n {
        if size(region, region[i]) != 1 || rng.below(100) < 15 {
            continue;
        }
        let target = adjacent(n, i)
            .into_iter()
            .map(|j| region[j])
            .filter(|&id| size(region, id) < max_cage)
            .min_by_key(|&id| size(region, id));
        if let Some(id) = target {
            region[i] = id;
        }
    }
}

fn draw_size(max_cage: usize, rng: &mut SplitMix64) -> usize {
    let weights: Vec<(usize, u64)> = SIZE_WEIGHTS
        .iter()
        .copied()
        .filter(|&(s, _)| s <= max_cage)
        .collect();
    let total: u64 = weights.iter().map(|&(_, w)| w).sum();
    let mut x = rng.below(total);
    for &(s, w) in &weights {
        if x < w {
            return s;
        }
        x -= w;
    }
    1
}

/// The target of `op` over `values`, when the operator fits them.
fn clue_for(op: Op, values: &[u64]) -> Option<u64> {
    let max = *values.iter().max()?;
    match (op, values.len()) {
        (Op::Given, 1) => Some(values[0]),
        (_, 1) | (Op::Given | Op::Any, _) => None,
        (Op::Add, _) => Some(values.iter().sum()),
        (Op::Mul, _) => values.iter().try_fold(1u64, |p, &v| p.checked_mul(v)),
        (Op::Sub, _) => {
            let rest: u64 = values.iter().sum::<u64>() - max;
            (max > rest).then(|| max - rest)
        }
        (Op::Div, _) => {
            let rest = values.iter().try_fold(1u64, |p, &v| p.checked_mul(v))? / max;
            (max % rest == 0).then(|| max / rest)
        }
    }
}

/// The largest cage the operators can describe: `-` and `/` fit only pairs (as in Keen),
/// so without `+` and `*` cages have at most two cells.
fn usable_max_cage(params: &KenKenParams) -> usize {
    if params.ops.iter().any(|op| matches!(op, Op::Add | Op::Mul)) {
        params.max_cage
    } else {
        params.max_cage.min(2)
    }
}

/// Keen's preferences: exact `/` on pairs is likely, then `-`; `+`/`*` otherwise. `None`
/// when no allowed operator describes the values.
fn choose_clue(values: &[u64], allowed: &[Op], rng: &mut SplitMix64) -> Option<(Op, u64)> {
    if values.len() == 1 {
        return Some((Op::Given, values[0]));
    }
    let weights: &[(Op, u64)] = if values.len() == 2 {
        &[(Op::Div, 6), (Op::Sub, 4), (Op::Add, 1), (Op::Mul, 1)]
    } else {
        &[(Op::Add, 1), (Op::Mul, 1), (Op::Sub, 0), (Op::Div, 0)]
    };
    let fits: Vec<(Op, u64, u64)> = weights
        .iter()
        .filter(|(op, w)| *w > 0 && allowed.contains(op))
        .filter_map(|&(op, w)| clue_for(op, values).map(|t| (op, t, w)))
        .collect();
    let fits: Vec<(Op, u64, u64)> = if fits.is_empty() {
        // Any allowed operator that fits, with equal weights (`-` on a pair of a '-/' run).
        allowed
            .iter()
            .filter(|&&op| values.len() == 2 || !matches!(op, Op::Sub | Op::Div))
            .filter_map(|&op| clue_for(op, values).map(|t| (op, t, 1)))
            .collect()
    } else {
        fits
    };
    let total: u64 = fits.iter().map(|f| f.2).sum();
    let mut x = rng.below(total.max(1));
    for &(op, t, w) in &fits {
        if x < w {
            return Some((op, t));
        }
        x -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_follow_the_rules() {
        assert_eq!(clue_for(Op::Div, &[2, 6]), Some(3));
        assert_eq!(clue_for(Op::Div, &[4, 6]), None);
        assert_eq!(clue_for(Op::Sub, &[6, 3, 2]), Some(1));
        assert_eq!(clue_for(Op::Sub, &[3, 3]), None);
        assert_eq!(clue_for(Op::Mul, &[3, 4, 5]), Some(60));
        assert_eq!(clue_for(Op::Given, &[4]), Some(4));
    }

    #[test]
    fn partitions_are_connected_and_capped() {
        let mut rng = SplitMix64::new(5);
        let n = 9;
        let region = partition(n, 4, &mut rng);
        let mut ids = region.clone();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            let members: Vec<usize> = (0..n * n).filter(|&i| region[i] == id).collect();
            assert!(members.len() <= 4);
            assert_eq!(component(n, members[0], &members).len(), members.len());
        }
    }
}
