//! # KenKen cages: the partition, the clues and the moves that change them
//!
//! [`State`] holds a generated KenKen while it is being made: its solution, the cage of every
//! cell and each cage's operator. The partition grows edge-connected cages from random seeds,
//! sizes drawn from Keen-like weights (1: 3, 2: 42, 3: 35, 4: 15, 5: 5, capped at the largest
//! cage; one-cell cages, which are givens, only when givens are allowed), and stray one-cell
//! leftovers join a neighbouring cage. Clues are chosen as Keen chooses them: `/` on
//! two-cell cages when the division is exact (often), `-` on two-cell cages, `+` or `*`
//! otherwise.
//!
//! The moves: *repairs* make the puzzle more constrained where it is open (merge a cage with
//! a neighbour, change its operator, pair a cell with a neighbour in a new two-cell cage, or,
//! only when givens are allowed, make the cell a given); *weakenings* make it harder (merge
//! two cages, change an operator); *joining* puts a one-cell cage into a neighbouring one.

use crate::generate::kenken::KenKenParams;
use crate::generate::latin::shuffle;
use crate::grid::{Cell, Grid};
use crate::puzzle::{Cage, KenKen, Op};
use crate::rng::SplitMix64;

/// Cage weights by size, as in Keen-like generators.
const SIZE_WEIGHTS: [(usize, u64); 5] = [(1, 3), (2, 42), (3, 35), (4, 15), (5, 5)];

/// Which repairs [`State::repair_at`] may make.
#[derive(Clone, Copy, Debug)]
pub(super) struct Repair {
    /// A given may be added.
    pub given: bool,
    /// Only strengthening moves (no merging).
    pub strong: bool,
}

/// A KenKen being made: its solution and cages (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct State {
    n: usize,
    /// The largest cage the allowed operators can describe.
    max_cage: usize,
    /// The operators that may appear.
    allowed: Vec<Op>,
    /// The solution every puzzle of this state is built from.
    pub(super) solution: Grid<u8>,
    /// Cage id of every cell (row-major); ids are arbitrary.
    region: Vec<usize>,
    /// Operator chosen for the cage whose id is the index (None: choose afresh).
    ops: Vec<Option<Op>>,
}

impl State {
    /// A random partition of the cells of `solution` into cages; one-cell cages (givens)
    /// only when `givens` is set.
    pub(super) fn new(
        params: &KenKenParams,
        solution: Grid<u8>,
        givens: bool,
        rng: &mut SplitMix64,
    ) -> Self {
        let n = params.size;
        let max_cage = usable_max_cage(params);
        let region = partition(n, max_cage, givens, rng);
        State {
            n,
            max_cage,
            allowed: params.ops.clone(),
            solution,
            ops: vec![None; n * n],
            region,
        }
    }

    pub(super) fn cell(&self, i: usize) -> Cell {
        Cell::new((i / self.n) as u8, (i % self.n) as u8)
    }

    fn size_of(&self, id: usize) -> usize {
        self.region.iter().filter(|&&r| r == id).count()
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

    /// The cells (row-major) that are one-cell cages.
    pub(super) fn given_cells(&self) -> Vec<usize> {
        (0..self.n * self.n)
            .filter(|&i| self.size_of(self.region[i]) == 1)
            .collect()
    }

    /// The puzzle of the current cages. Every cage gets an allowed operator: a cage that no
    /// allowed operator describes (a pair `/` cannot divide when only `/` is allowed) is split
    /// into givens first.
    pub(super) fn puzzle(&mut self, rng: &mut SplitMix64) -> KenKen {
        let mut cages = Vec::new();
        for (id, members) in self.cages() {
            let cells: Vec<Cell> = members.iter().map(|&i| self.cell(i)).collect();
            let values: Vec<u64> = cells
                .iter()
                .map(|&c| u64::from(*self.solution.get(c)))
                .collect();
            let clue = match self.ops[id].and_then(|op| clue_for(op, &values)) {
                Some(t) => Some((self.ops[id].expect("some"), t)),
                None => choose_clue(&values, &self.allowed, rng),
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
    /// is stuck) to constrain it more. Early repairs reshape cages (merge, new operator, a
    /// new pair cage; only the last two when `strong`, as merging mostly weakens); late ones
    /// (from `8n` on) make the cell a given when `given` allows.
    pub(super) fn repair_at(
        &mut self,
        i: usize,
        attempt: usize,
        how: Repair,
        rng: &mut SplitMix64,
    ) {
        let n = self.n;
        let id = self.region[i];
        let size = self.size_of(id);
        let given = how.given;
        let step = if given && attempt >= 8 * n {
            3
        } else if how.strong {
            1 + rng.below(2)
        } else {
            rng.below(3)
        };
        if step == 0 && self.merge(id, size, rng) {
            return;
        }
        if step <= 1 && size > 1 && self.change_op(id, rng) {
            return;
        }
        if step <= 2 && n > 1 && self.pair_off(i, rng) {
            return;
        }
        if given {
            self.carve(&[i]);
        } else if !self.merge(id, size, rng) {
            let _ = self.change_op(id, rng);
        }
    }

    /// Puts the one-cell cage of cell `i` into a neighbouring cage with room, or pairs it
    /// with a neighbour.
    pub(super) fn join(&mut self, i: usize, rng: &mut SplitMix64) {
        let id = self.region[i];
        if !self.merge(id, 1, rng) && self.n > 1 {
            let _ = self.pair_off(i, rng);
        }
    }

    /// A random change that usually makes the puzzle harder: a random cage merges with a
    /// neighbour or gets another operator. False when the chosen change was impossible.
    pub(super) fn weaken(&mut self, rng: &mut SplitMix64) -> bool {
        let i = rng.below((self.n * self.n) as u64) as usize;
        let id = self.region[i];
        let size = self.size_of(id);
        if rng.below(2) == 0 {
            self.merge(id, size, rng)
        } else {
            size > 1 && self.change_op(id, rng)
        }
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
            if size + self.size_of(other) <= self.max_cage {
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
            .allowed
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
        if same && self.size_of(self.region[i]) == 2 {
            return false;
        }
        self.carve(&[i, j]);
        true
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
fn partition(n: usize, max_cage: usize, givens: bool, rng: &mut SplitMix64) -> Vec<usize> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    shuffle(rng, &mut order);
    let mut next_id = 0;
    for &seed in &order {
        if region[seed] != FREE {
            continue;
        }
        let want = draw_size(max_cage, givens, rng);
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
    absorb_stray_singletons(n, max_cage, givens, &mut region, rng);
    region
}

/// Growing cages from random seeds leaves cells whose neighbours are all taken; these
/// accidental one-cell cages join their smallest neighbouring cage (when it has room): all
/// of them when `givens` is false, most of them otherwise, so givens stay about as rare as
/// the size weights intend.
fn absorb_stray_singletons(
    n: usize,
    max_cage: usize,
    givens: bool,
    region: &mut [usize],
    rng: &mut SplitMix64,
) {
    let size = |region: &[usize], id: usize| region.iter().filter(|&&r| r == id).count();
    for i in 0..n * n {
        if size(region, region[i]) != 1 || (givens && rng.below(100) < 15) {
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

fn draw_size(max_cage: usize, givens: bool, rng: &mut SplitMix64) -> usize {
    let smallest = if givens || max_cage < 2 { 1 } else { 2 };
    let weights: Vec<(usize, u64)> = SIZE_WEIGHTS
        .iter()
        .copied()
        .filter(|&(s, _)| (smallest..=max_cage).contains(&s))
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
pub(super) fn clue_for(op: Op, values: &[u64]) -> Option<u64> {
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
        let region = partition(n, 4, false, &mut rng);
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
