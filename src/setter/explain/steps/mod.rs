//! # The path: one deduction after another
//!
//! The candidates of every cell start from the digits `1..=N` less the givens and the
//! state; each step removes candidates. The next step is found in layers, the cheap one
//! first:
//! 1. every constraint alone, by generalized arc consistency over the current candidates
//!    (`gac`), cached per constraint and recomputed only when one of its cells changed: a
//!    reason of one constraint, which is always minimal;
//! 2. when no constraint alone forces anything, the rungs of several constraints, cheapest
//!    first (`solver`): house sums (`sums`), cage combinations in a house (`combos`),
//!    bounded and nested trials (`trial`), pairs of constraints; their reasons shrunk to
//!    minimal ones by the explainer's own propagation and search and the native engine's
//!    bitset search (`bitset`), the solver answering only what those leave open
//!    (`minimal`);
//! 3. last, the incremental solver (`mus`): every open candidate not in a model found so
//!    far is probed under all constraints (after the first time, those with the smallest
//!    cores the last time and those of changed cells first), the impossible ones give
//!    cores, and the smallest few cores are shrunk to minimal reasons; the smallest wins
//!    (then the first cell, then the lowest digit). When even the smallest core is large
//!    (sixteen constraints or more), a cell of the smallest cores is placed instead, its
//!    other digits gone at once by one reason, when the core for that is not much larger.
//!    That core is large (on Tarek's Killers 44–51 of their 51 constraints): when the
//!    native bitset search over it refutes the other digits within its budget, it stands
//!    unshrunk as a search step rated by the depth of that search's tree
//!    ([`Technique::Search`]); otherwise it is shrunk.
//!
//! [`Method::PlainMus`] skips the first layer and shrinks every impossible candidate's
//! reason from the whole constraint set by plain deletion: the baseline the layered method
//! is measured against (`benches/explain.rs`).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Action, Constraint, Constraints, Level, Puzzle, Step, Technique, Witnesses};
use crate::stop::Stop;

mod bitset;
mod combos;
mod implied;
mod memo;
mod minimal;
mod setup;
mod solver;
mod sums;
mod trial;

use super::fish;
use super::gac::{digits, sum_sets, supported};
use super::mus::{Probe, Sat};
use super::technique;
use super::{End, ExplainError, ExplainOptions, ExplainStats, Method};
use setup::{box_lines, fixed_digits, pairs};

/// Project Euler's first Sudoku, for the tests: its cell A1 is 4 in the solution.
#[cfg(test)]
const SUDOKU: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// The explainer of `puzzle` alone (the tests' [`SUDOKU`]), with the default options.
#[cfg(test)]
fn explainer_of(puzzle: &Puzzle) -> Explainer<'_> {
    Explainer::new(puzzle, None, &ExplainOptions::default())
        .expect("builds")
        .expect("no contradiction")
}

/// Whether `c` is a full house of a grid of digits 1 to `max`: a group of distinct digits in
/// as many cells as there are digits, so that it holds each digit once. The house sums,
/// the cage combinations and the counting of implied constraints build on those.
fn full_house(c: &Constraint, max: u8) -> bool {
    c.kind.is_group() && c.distinct && c.cells.len() == usize::from(max)
}

/// How many of the smallest cores the solver phase shrinks to minimal reasons.
const CORES_SHRUNK: usize = 6;

/// One deduction of one constraint alone: at grid index `i` the digits `gone` go (all of
/// them when that places the cell, else one), named `technique`.
#[derive(Clone, Copy, Debug)]
struct Found {
    i: usize,
    gone: u32,
    technique: Technique,
}

/// What comes next on the path.
pub(super) enum Next {
    /// A deduction (already applied).
    Step(Step),
    /// The path ends.
    End(End),
}

/// The state of an explanation: the candidates, the cached single-constraint deductions
/// and the solver.
pub(super) struct Explainer<'p> {
    puzzle: &'p Puzzle,
    model: Constraints,
    /// Grid indices of each constraint's cells.
    members: Vec<Vec<usize>>,
    /// The constraints of each grid index.
    of_cell: Vec<Vec<usize>>,
    /// Candidates per grid index (bit d for digit d; 0 outside the puzzle's cells).
    doms: Vec<u32>,
    /// Per constraint, its deductions; `None`: stale.
    cache: Vec<Option<Vec<Found>>>,
    /// The propagators' answers in trials and searches, remembered.
    memo: std::cell::RefCell<memo::Memo>,
    /// Per constraint of distinct digits with a sum, its digit sets, drawn once
    /// ([`sum_sets`]).
    sets: Vec<Option<Vec<u32>>>,
    /// The (box, line) pairs of full houses sharing two or more cells.
    box_lines: Vec<[usize; 2]>,
    /// The full rows and the full columns, for fish.
    lines: [Vec<usize>; 2],
    /// The house sums (innies and outies) whose sources are all encoded.
    sums: Vec<sums::SumRule>,
    /// The house sums of one question's set that the puzzle's own do not hold (a cage
    /// that sticks out of a union left out of the set): propagated with the others while
    /// a question of a minimal reason is asked ([`minimal`]), empty otherwise; never
    /// remembered.
    set_sums: std::cell::RefCell<Vec<sums::SumRule>>,
    /// The propagators (constraints, house sums, combinations, in the order of
    /// `trial::run_cells`) that run under the constraints last allowed, with those: a
    /// question's search propagates hundreds of times over one set.
    live: std::cell::RefCell<(Vec<bool>, Vec<bool>)>,
    /// Per grid index, the propagators on it (constraints, house sums, combinations, in
    /// the order of `trial::run_cells`): what a change there wakes, and whose cached
    /// first elimination a step there makes stale.
    props_of_cell: Vec<Vec<usize>>,
    /// The work lists of `trial::run_cells`, kept between propagations: a question's
    /// search propagates hundreds of times (with `props_of_cell`, Tarek's line 17 took
    /// 0.87–0.92× the time, on the same path).
    scratch: std::cell::RefCell<trial::Scratch>,
    /// Per house sum, its first elimination under the current candidates (`None`:
    /// stale).
    sum_cache: Vec<Option<Option<(usize, u8)>>>,
    /// The houses with the sum cages inside them whose sources are all encoded.
    combos: Vec<combos::ComboRule>,
    /// Per combination rule, its first elimination (`None`: stale).
    combo_cache: Vec<Option<Option<(usize, u8)>>>,
    sat: Sat,
    /// Per grid index, the pairs of encoded constraints sharing two or more cells, one of
    /// them on it.
    pairs: Vec<Vec<[usize; 2]>>,
    /// Per grid index, per (pair, digit) at `pair * (max + 1) + digit`: one more than the
    /// count of steps applied when that pair last failed to force the digit out (0:
    /// never tried). The answer depends only on the candidates of the pair's cells, so
    /// it stands while none of them has changed since.
    pair_failed: Vec<Vec<u32>>,
    /// Per grid index, per (pair, digit) as in `pair_failed`: the digits (one bit each) of
    /// the pair's cells, in the order of their members, in the filling that last showed
    /// the digit possible under the pair. While each is still a candidate the filling still
    /// meets both constraints, so the digit stays possible with no search.
    pair_fillings: Vec<Vec<Option<Box<[u32]>>>>,
    /// Steps applied so far.
    applied: u32,
    /// Per grid index, the value of `applied` when its candidates last changed.
    changed: Vec<u32>,
    method: Method,
    /// A solution found before (bit d for digit d per grid index): while every cell keeps
    /// its digit among the candidates it saves the solver's call for a model.
    known: Option<Vec<u32>>,
    /// Per trial budget (and for nested trials, last), the candidates whose trials failed
    /// in its last full pass.
    failing: [Vec<(usize, u8)>; 3],
    /// Per trial budget, per candidate at `i * (max + 1) + d`, the fixpoint its last trial
    /// reached without contradiction ([`Explainer::trial`]).
    held: [Vec<Option<Box<[u32]>>>; 2],
    /// Per candidate as in `held`, per branch cell of its last nested trial, the fixpoint
    /// of a digit there that held ([`Explainer::nested`]).
    branches: Vec<trial::Branches>,
    /// Per candidate at `i * (max + 1) + d`, the size of the core the solver last gave for
    /// its elimination (0: never asked): which candidates the next solver phase asks
    /// again first ([`solver`]).
    core_sizes: Vec<u16>,
    /// The value of `applied` at the last solver phase that asked for cores.
    cores_at: u32,
    pub(super) stats: ExplainStats,
    /// Asked to stop: the trials end their passes early (the solver's next call then
    /// reports the stop).
    stop: Stop,
    /// The fillings the shrinkings of this step found, each showing one constraint
    /// needed: (grid index asked about, the constraint, the filling, grid-indexed bits).
    fillings: Vec<(usize, usize, Vec<u32>)>,
    /// The witnesses of the last step applied ([`Explainer::apply`]).
    pub(super) witnesses: Witnesses,
}

impl<'p> Explainer<'p> {
    /// Sets up the candidates from the puzzle's givens and `state`; `Err(End)` when they
    /// already contradict each other.
    ///
    /// # Errors
    /// [`ExplainError`] for a state of the wrong shape or with digits out of range, or a
    /// solver that cannot be built.
    pub(super) fn new(
        puzzle: &'p Puzzle,
        state: Option<&Grid<u8>>,
        opts: &ExplainOptions,
    ) -> Result<Result<Self, End>, ExplainError> {
        let model = puzzle.constraints();
        let (rows, cols) = (model.rows, model.cols);
        let all = ((1u32 << (model.max_digit + 1)) - 1) & !1;
        let mut doms = vec![0u32; rows * cols];
        for &c in &model.cells {
            doms[c.index(cols)] = all;
        }
        let fixed = fixed_digits(&model, &doms, state)?;
        let mut sat = Sat::new(&model, &opts.stop).map_err(ExplainError::solver)?;
        let mut contradiction = false;
        for (cell, d) in fixed {
            let idx = cell.index(cols);
            contradiction |= doms[idx] & (1 << d) == 0;
            doms[idx] &= 1 << d;
            for gone in digits(all & !(1 << d)) {
                sat.eliminate(idx, gone as u8);
            }
        }
        if contradiction {
            return Ok(Err(End::NoSolution));
        }
        let members: Vec<Vec<usize>> = model
            .list
            .iter()
            .map(|c| c.cells.iter().map(|x| x.index(cols)).collect())
            .collect();
        let mut of_cell = vec![Vec::new(); rows * cols];
        for (k, m) in members.iter().enumerate() {
            for &i in m {
                of_cell[i].push(k);
            }
        }
        let cache = vec![None; model.list.len()];
        let sets = (model.list.iter().zip(&members))
            .map(|(c, m)| sum_sets(c, m.len(), model.max_digit))
            .collect();
        let pairs = pairs(&members, &of_cell, &sat);
        let width = usize::from(model.max_digit) + 1;
        let box_lines = box_lines(&model, &members);
        let lines = fish::lines(&model, &members);
        let sums: Vec<sums::SumRule> = sums::rules(&model, &members)
            .into_iter()
            .filter(|r| r.sources.iter().all(|&k| sat.has(k)))
            .collect();
        let combos: Vec<combos::ComboRule> = combos::rules(&model, &members)
            .into_iter()
            .filter(|r| r.sources.iter().all(|&k| sat.has(k)))
            .collect();
        let n = model.list.len();
        let mut props_of_cell = of_cell.clone();
        for (r, rule) in sums.iter().enumerate() {
            for &(i, _) in &rule.cells {
                props_of_cell[i].push(n + r);
            }
        }
        for (r, rule) in combos.iter().enumerate() {
            for &i in &rule.cells {
                props_of_cell[i].push(n + sums.len() + r);
            }
        }
        Ok(Ok(Explainer {
            puzzle,
            model,
            members,
            of_cell,
            doms,
            cache,
            memo: std::cell::RefCell::default(),
            sets,
            box_lines,
            lines,
            sum_cache: vec![None; sums.len()],
            combo_cache: vec![None; combos.len()],
            combos,
            sums,
            set_sums: std::cell::RefCell::default(),
            live: std::cell::RefCell::default(),
            props_of_cell,
            scratch: std::cell::RefCell::default(),
            sat,
            pair_failed: pairs.iter().map(|p| vec![0; p.len() * width]).collect(),
            pair_fillings: pairs.iter().map(|p| vec![None; p.len() * width]).collect(),
            pairs,
            applied: 0,
            changed: vec![0; rows * cols],
            method: opts.method,
            known: first_solution(puzzle, &opts.stop, cols, rows * cols),
            failing: [Vec::new(), Vec::new(), Vec::new()],
            held: [Vec::new(), Vec::new()],
            branches: Vec::new(),
            core_sizes: vec![0; rows * cols * width],
            cores_at: 0,
            stats: ExplainStats::default(),
            stop: opts.stop.clone(),
            fillings: Vec::new(),
            witnesses: Vec::new(),
        }))
    }

    /// Checks that the puzzle has a solution under the current candidates.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails.
    pub(super) fn solvable(&mut self) -> Result<bool, ExplainError> {
        if self.model_now().is_some() {
            return Ok(true);
        }
        let all = self.active();
        let grid = self.doms.len();
        let probe = self
            .sat
            .probe(&all, None, grid)
            .map_err(ExplainError::solver)?;
        Ok(matches!(probe, Probe::Possible(_)))
    }

    /// The solution found before, when the candidates still hold it.
    fn model_now(&self) -> Option<Vec<u32>> {
        let known = self.known.as_ref()?;
        let fits = known.iter().zip(&self.doms).all(|(&k, &d)| k & !d == 0);
        fits.then(|| known.clone())
    }

    /// Digits `0..=max`: the stride of per-candidate tables.
    fn width(&self) -> usize {
        usize::from(self.model.max_digit) + 1
    }

    fn active(&self) -> Vec<usize> {
        (0..self.model.list.len())
            .filter(|&k| self.sat.has(k))
            .collect()
    }

    /// The cells not yet decided.
    fn undecided(&self) -> usize {
        self.model
            .cells
            .iter()
            .filter(|c| self.doms[c.index(self.model.cols)].count_ones() != 1)
            .count()
    }

    /// The grid, verified, once every cell is decided; `None` before.
    ///
    /// # Errors
    /// [`ExplainError::Wrong`] when the decided grid breaks a rule.
    pub(super) fn finished(&self) -> Result<Option<Grid<u8>>, ExplainError> {
        if self.undecided() > 0 {
            return Ok(None);
        }
        let mut grid = Grid::filled(self.model.rows, self.model.cols, 0u8);
        for &c in &self.model.cells {
            grid.set(
                c,
                self.doms[c.index(self.model.cols)].trailing_zeros() as u8,
            );
        }
        self.puzzle.verify(&grid).map_err(ExplainError::Wrong)?;
        Ok(Some(grid))
    }

    /// The next step, applied; or the end of the path.
    ///
    /// # Errors
    /// [`ExplainError`] when the solver fails or the final grid fails the verifier.
    pub(super) fn next(&mut self) -> Result<Next, ExplainError> {
        self.fillings.clear();
        self.witnesses.clear();
        if let Some(grid) = self.finished()? {
            return Ok(Next::End(End::Solved(grid)));
        }
        let undecided = self.undecided();
        if self.method == Method::Layered {
            if let Some(next) = self.single() {
                self.stats.single_steps += 1;
                return Ok(next);
            }
        }
        let next = self.solver_phase(undecided)?;
        if matches!(next, Next::Step(_)) {
            self.stats.solver_steps += 1;
        }
        Ok(next)
    }

    /// The easiest deduction of one constraint alone (the lowest level, placements first,
    /// then the lowest score, then constraints, cells and digits in order), or pointing and
    /// claiming when those are easier than anything one constraint gives.
    fn single(&mut self) -> Option<Next> {
        self.refresh();
        let mut best: Option<((Level, bool, u32), Found, usize)> = None;
        for (k, found) in self.cache.iter().enumerate() {
            for f in found.iter().flatten() {
                let left = self.doms[f.i] & !f.gone;
                if left == 0 {
                    return Some(Next::End(End::NoSolution));
                }
                let t = f.technique;
                let key = (t.level(), left.count_ones() != 1, t.score());
                if best.as_ref().is_none_or(|b| key < b.0) {
                    best = Some((key, *f, k));
                }
            }
        }
        if best.as_ref().is_none_or(|b| b.0 .0 > Level::Intersection) {
            if let Some((i, d, pair, t)) = self.box_line() {
                return Some(Next::Step(self.apply(i, 1 << d, pair.to_vec(), t)));
            }
        }
        if best.as_ref().is_none_or(|b| b.0 .0 > Level::Fish) {
            if let Some(f) = self.fish() {
                let t = Technique::Fish { size: f.size as u8 };
                return Some(Next::Step(self.apply(f.i, 1 << f.d, f.reason, t)));
            }
        }
        best.map(|(_, f, k)| Next::Step(self.apply(f.i, f.gone, vec![k], f.technique)))
    }

    /// The first fish elimination (smallest fish, then cell and digit) whose reason is
    /// minimal: without any one of its lines the solver finds a filling that keeps the
    /// digit, so the replay accepts it. A failing solver gives none (the solver phase that
    /// follows reports it).
    fn fish(&mut self) -> Option<fish::FishStep> {
        let grid = self.doms.len();
        let found = fish::fish(&self.lines, &self.members, &self.doms, self.model.max_digit);
        'next: for f in found {
            if !f.reason.iter().all(|&k| self.sat.has(k)) {
                continue;
            }
            let at = Some((f.i, f.d as u8));
            for drop in 0..f.reason.len() {
                let mut less = f.reason.clone();
                let _ = less.remove(drop);
                match self.sat.probe(&less, at, grid) {
                    Ok(Probe::Possible(_)) => {}
                    _ => continue 'next,
                }
            }
            return Some(f);
        }
        None
    }

    /// Recomputes the deductions of every stale constraint, each named.
    fn refresh(&mut self) {
        for k in 0..self.cache.len() {
            if self.cache[k].is_some() {
                continue;
            }
            let c = &self.model.list[k];
            let doms: Vec<u32> = self.members[k].iter().map(|&i| self.doms[i]).collect();
            let sup = supported(c, &doms, self.sets[k].as_deref()).unwrap_or_else(|| doms.clone());
            let mut found = Vec::new();
            for (at, (&i, (&d, s))) in self.members[k].iter().zip(doms.iter().zip(sup)).enumerate()
            {
                let gone = d & !s;
                if gone == 0 {
                    continue;
                }
                // A placement is one step unless a house makes it without a hidden single:
                // then its eliminations are steps of their own, the easy ones first (the
                // last places the cell). One digit going, or none left, is one step.
                if (d & !gone).count_ones() <= 1 {
                    let technique = technique::single(c, &doms, at, gone, true);
                    let split = c.kind.is_group()
                        && technique != Technique::HiddenSingle
                        && gone.count_ones() > 1
                        && d & !gone != 0;
                    if !split {
                        found.push(Found { i, gone, technique });
                        continue;
                    }
                }
                for g in digits(gone) {
                    let technique = technique::single(c, &doms, at, 1 << g, false);
                    found.push(Found {
                        i,
                        gone: 1 << g,
                        technique,
                    });
                }
            }
            self.cache[k] = Some(found);
        }
    }

    /// Was `(i, digit)` a deduction of constraint `k` alone?
    fn alone(&self, k: usize, i: usize, d: u32) -> bool {
        self.cache[k]
            .iter()
            .flatten()
            .any(|f| f.i == i && f.gone & (1 << d) != 0)
    }

    /// The easiest pointing or claiming elimination that neither house forces alone:
    /// (grid index, digit, the box and the line, technique).
    fn box_line(&self) -> Option<(usize, u32, [usize; 2], Technique)> {
        let mut best: Option<(u32, usize, u32, [usize; 2], Technique)> = None;
        for &[b, l] in &self.box_lines {
            let (mb, ml) = (&self.members[b], &self.members[l]);
            for d in 1..=u32::from(self.model.max_digit) {
                let has = |i: &&usize| self.doms[**i] & (1 << d) != 0;
                let in_b: Vec<usize> = mb.iter().filter(has).copied().collect();
                let in_l: Vec<usize> = ml.iter().filter(has).copied().collect();
                // Pointing: the box's places lie in the line; claiming the reverse.
                let shapes = [
                    (&in_b, ml, mb, l, Technique::Pointing),
                    (&in_l, mb, ml, b, Technique::Claiming),
                ];
                for (places, other, own, target, t) in shapes {
                    if places.is_empty() || !places.iter().all(|i| other.contains(i)) {
                        continue;
                    }
                    let targets = self.members[target].iter().filter(|i| !own.contains(i));
                    for &i in targets {
                        if self.doms[i] & (1 << d) == 0 || self.alone(target, i, d) {
                            continue;
                        }
                        let key = (t.score(), i, d);
                        if best.as_ref().is_none_or(|x| key < (x.0, x.1, x.2)) {
                            let mut pair = [b, l];
                            pair.sort_unstable();
                            best = Some((t.score(), i, d, pair, t));
                        }
                    }
                }
            }
        }
        best.map(|(_, i, d, pair, t)| (i, d, pair, t))
    }

    /// A filling found while shrinking `reason` that shows constraint `k` needed for the
    /// step at grid index `i` that rules out the digits `against`: the cells of the others
    /// of `reason` decided and `i` on a digit of `against`; as digits, 0 where it says
    /// nothing. A filling found while shrinking this reason's own set meets those others
    /// (deletion asks about a set that holds all of them); one from another core shrunk in
    /// the same step for the same candidate may not, and is not checked here: the replay
    /// checks every witness with its own arithmetic and searches where one fails.
    fn witness(&self, i: usize, against: u32, reason: &[usize], k: usize) -> Option<Grid<u8>> {
        let (rows, cols) = (self.model.rows, self.model.cols);
        let (_, _, filling) = self.fillings.iter().find(|(at, c, f)| {
            *at == i
                && *c == k
                && f[i] & against != 0
                && reason
                    .iter()
                    .filter(|&&r| r != k)
                    .all(|&r| self.members[r].iter().all(|&j| f[j].count_ones() == 1))
        })?;
        let mut grid = Grid::filled(rows, cols, 0u8);
        for (j, &bits) in filling.iter().enumerate() {
            let bits = if j == i { bits & against } else { bits };
            if bits != 0 && (j == i || bits.count_ones() == 1) {
                grid.set(
                    Cell::new((j / cols) as u8, (j % cols) as u8),
                    bits.trailing_zeros() as u8,
                );
            }
        }
        Some(grid)
    }

    /// Removes the digits `gone` from grid index `i` with reason `reason`, as a step.
    fn apply(&mut self, i: usize, gone: u32, reason: Vec<usize>, technique: Technique) -> Step {
        let cols = self.model.cols;
        let cell = Cell::new((i / cols) as u8, (i % cols) as u8);
        let left = self.doms[i] & !gone;
        for d in digits(gone & self.doms[i]) {
            self.sat.eliminate(i, d as u8);
        }
        self.doms[i] = left;
        self.applied = self.applied.saturating_add(1);
        self.changed[i] = self.applied;
        let (n, sums) = (self.model.list.len(), self.sums.len());
        for &p in &self.props_of_cell[i] {
            match p.checked_sub(n) {
                None => self.cache[p] = None,
                Some(r) if r < sums => self.sum_cache[r] = None,
                Some(r) => self.combo_cache[r - sums] = None,
            }
        }
        let (action, digit) = if left.count_ones() == 1 {
            (Action::Place, left.trailing_zeros() as u8)
        } else {
            (Action::Eliminate, gone.trailing_zeros() as u8)
        };
        let mut reason = reason;
        reason.sort_unstable();
        let against = gone & !left;
        // A search step's reason is not shrunk: no filling shows a constraint needed.
        self.witnesses = if matches!(technique, Technique::Search { .. }) {
            Vec::new()
        } else {
            reason
                .iter()
                .map(|&k| self.witness(i, against, &reason, k))
                .collect()
        };
        self.fillings.clear();
        Step {
            cell,
            digit,
            action,
            reason: reason
                .into_iter()
                .map(|k| self.model.list[k].clone())
                .collect(),
            technique,
        }
    }

    /// The cells of the pair `p`, its first constraint's then its second's (a shared cell
    /// twice): the order of a kept filling's digits (`pair_fillings`).
    fn pair_cells(&self, p: [usize; 2]) -> impl Iterator<Item = usize> + '_ {
        p.into_iter()
            .flat_map(move |k| self.members[k].iter().copied())
    }

    /// The first of the `open` candidates that a pair of
    /// constraints sharing two or more cells forces: a reason of two, minimal since no
    /// constraint alone forces anything now. Each question goes to the explainer's own
    /// search first ([`Explainer::filling`]): over two constraints it settles nearly all,
    /// where the solver took a call each (on Tarek's line 13, 1.6 s of calls for two
    /// passes that found nothing). A question asked again after a cell of the pair changed
    /// is settled by the filling that answered it last while that filling still fits the
    /// candidates (`pair_fillings`).
    fn pair(
        &mut self,
        open: &[(usize, u8)],
    ) -> Result<Option<(usize, u8, [usize; 2])>, ExplainError> {
        let width = usize::from(self.model.max_digit) + 1;
        for &(i, d) in open {
            for (j, p) in self.pairs[i].clone().into_iter().enumerate() {
                let at = j * width + usize::from(d);
                let failed = self.pair_failed[i][at];
                let last = p
                    .iter()
                    .flat_map(|&k| &self.members[k])
                    .map(|&c| self.changed[c])
                    .max()
                    .unwrap_or(0);
                if failed > last {
                    continue;
                }
                let fits = self.pair_fillings[i][at].as_ref().is_some_and(|f| {
                    self.pair_cells(p)
                        .zip(f.iter())
                        .all(|(c, &b)| self.doms[c] & b != 0)
                });
                if !fits {
                    let Some(filling) = self.filling(&p, (i, 1 << d))? else {
                        return Ok(Some((i, d, p)));
                    };
                    let digits: Box<[u32]> = self.pair_cells(p).map(|c| filling[c]).collect();
                    self.pair_fillings[i][at] = Some(digits);
                }
                self.pair_failed[i][at] = self.applied.saturating_add(1);
            }
        }
        Ok(None)
    }
}

/// A solution of the puzzle by the engine, as candidate bits per grid index (`cols` per
/// row, `grid` indices); `None` when the engine finds none or fails.
fn first_solution(
    puzzle: &Puzzle,
    stop: &crate::stop::Stop,
    cols: usize,
    grid: usize,
) -> Option<Vec<u32>> {
    let opts = crate::engine::EngineOptions {
        stop: stop.clone(),
        ..Default::default()
    };
    let (outcome, _) = crate::engine::Engine::Auto.solve(puzzle, &opts).ok()?;
    let crate::answer::Outcome::Solved { grid: g, .. } = outcome else {
        return None;
    };
    let mut bits = vec![0u32; grid];
    for r in 0..g.rows() {
        for c in 0..g.cols() {
            let cell = Cell::new(r as u8, c as u8);
            let d = *g.get(cell);
            if d != 0 {
                bits[cell.index(cols)] = 1 << d;
            }
        }
    }
    Some(bits)
}
