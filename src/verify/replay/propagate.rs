//! # The replay's propagation: each constraint narrowed by its own meaning
//!
//! Before and during its search the replay removes, from the candidates of a reason's
//! cells, every digit that no filling of one constraint (or of one derived sum, see
//! `sums`) supports, until nothing changes: generalized arc consistency, computed here
//! from the constraints' meaning alone, so that a long chain of deductions (a trial, a
//! house sum) is proved by propagation rather than by backtracking over every filling.
//! - all-different houses: a digit stays when the other cells can still be matched to
//!   distinct digits (a bipartite matching);
//! - distinct digits with a sum (Killer cages, Kakuro runs): the same, inside each digit
//!   set of the cage's size and sum;
//! - anything else: the fillings enumerated, under a node budget (past it the constraint
//!   narrows nothing here and is only checked once its cells are filled).

use crate::puzzle::{Constraint, ConstraintKind, Op, RuleKind};

use super::houses::Split;
use super::search::{digits_of, feasible, holds_values};
use super::sums::Equation;

/// Most nodes an enumeration of one constraint's fillings may visit.
const NODES: usize = 20_000;

/// The constraints of a reason over positions (`members[k]`: the positions of constraint
/// k's cells), the sums derived from them and the houses split by their cages. They are
/// numbered in that order: constraint k, sum `reason.len()` + j, split
/// `reason.len()` + `sums.len()` + j.
pub(super) struct Net<'a> {
    pub(super) reason: &'a [&'a Constraint],
    pub(super) members: &'a [Vec<usize>],
    /// The sums, each with its positions (its terms').
    pub(super) sums: Vec<(Equation, Vec<usize>)>,
    /// The splits, each with its positions.
    splits: Vec<(Split, Vec<usize>)>,
    /// Per constraint with distinct digits and a sum, its digit sets drawn from its cells'
    /// first candidates (empty for the others).
    sets: Vec<Vec<u32>>,
    /// Per position, the constraints, sums and splits on it.
    on: Vec<Vec<usize>>,
}

impl<'a> Net<'a> {
    pub(super) fn new(
        reason: &'a [&'a Constraint],
        members: &'a [Vec<usize>],
        (sums, splits): (Vec<Equation>, Vec<Split>),
        doms: &[u32],
    ) -> Self {
        let mut on = vec![Vec::new(); doms.len()];
        let sets = reason
            .iter()
            .zip(members)
            .map(|(c, m)| match c.target {
                Some(target) if distinct_sum(c) => {
                    let pool = m.iter().fold(0u32, |a, &p| a | doms[p]);
                    let mut sets = Vec::new();
                    subsets(pool, m.len(), target, 0, &mut sets);
                    sets
                }
                _ => Vec::new(),
            })
            .collect();
        for (k, m) in members.iter().enumerate() {
            m.iter().for_each(|&p| on[p].push(k));
        }
        let sums: Vec<(Equation, Vec<usize>)> = sums
            .into_iter()
            .map(|e| {
                let at = e.terms.iter().map(|t| t.0).collect();
                (e, at)
            })
            .collect();
        for (j, (_, at)) in sums.iter().enumerate() {
            at.iter().for_each(|&p| on[p].push(reason.len() + j));
        }
        let splits: Vec<(Split, Vec<usize>)> = splits
            .into_iter()
            .map(|s| {
                let at = s.positions();
                (s, at)
            })
            .collect();
        for (j, (_, at)) in splits.iter().enumerate() {
            at.iter()
                .for_each(|&p| on[p].push(reason.len() + sums.len() + j));
        }
        Net {
            reason,
            members,
            sums,
            splits,
            sets,
            on,
        }
    }

    /// Narrows `doms` until every constraint and sum supports every candidate left,
    /// starting from all of them (`from` = `None`) or from those on position `from` (the
    /// only one changed since the last fixpoint); `Err(k)`: constraint or sum `k` (sums
    /// counted after the reason's constraints) left a cell without a candidate.
    pub(super) fn propagate(&self, doms: &mut [u32], from: Option<usize>) -> Result<(), usize> {
        let all = self.len();
        let mut queued = vec![false; all];
        // The reason's own constraints first; a derived sum or split (dearer, and seeing
        // more cells) only when they are all at their fixpoint.
        let (mut cheap, mut dear) = (Vec::new(), Vec::new());
        let push =
            |k: usize, queued: &mut [bool], cheap: &mut Vec<usize>, dear: &mut Vec<usize>| {
                if !queued[k] {
                    queued[k] = true;
                    if k < self.reason.len() {
                        cheap.push(k);
                    } else {
                        dear.push(k);
                    }
                }
            };
        match from {
            Some(p) => self.on[p]
                .iter()
                .rev()
                .for_each(|&k| push(k, &mut queued, &mut cheap, &mut dear)),
            None => (0..all)
                .rev()
                .for_each(|k| push(k, &mut queued, &mut cheap, &mut dear)),
        }
        let mut now: Vec<u32> = Vec::new();
        while let Some(k) = cheap.pop().or_else(|| dear.pop()) {
            queued[k] = false;
            let (cells, keep): (&[usize], Option<Vec<u32>>) = if k < self.reason.len() {
                let cells = &self.members[k];
                now.clear();
                now.extend(cells.iter().map(|&p| doms[p]));
                (cells, narrow_with(self.reason[k], &now, &self.sets[k]))
            } else if k < self.reason.len() + self.sums.len() {
                let (e, at) = &self.sums[k - self.reason.len()];
                (at, Some(e.supported(doms)))
            } else {
                let (split, at) = &self.splits[k - self.reason.len() - self.sums.len()];
                match split.supported(doms) {
                    Some(keep) => (at, Some(keep)),
                    None => continue,
                }
            };
            let Some(keep) = keep else {
                if !feasible(self.reason[k], &now) {
                    return Err(k);
                }
                continue;
            };
            for (&p, &kept) in cells.iter().zip(&keep) {
                let left = doms[p] & kept;
                if left == doms[p] {
                    continue;
                }
                if left == 0 {
                    return Err(k);
                }
                doms[p] = left;
                for &o in &self.on[p] {
                    if o != k {
                        push(o, &mut queued, &mut cheap, &mut dear);
                    }
                }
            }
        }
        Ok(())
    }

    /// The constraints (k) and sums (`reason.len()` + j) on position `p`.
    pub(super) fn on(&self, p: usize) -> &[usize] {
        &self.on[p]
    }

    /// How many constraints, sums and splits there are.
    pub(super) fn len(&self) -> usize {
        self.reason.len() + self.sums.len() + self.splits.len()
    }
}

/// Distinct digits with a sum (Killer cages, Kakuro runs)?
fn distinct_sum(c: &Constraint) -> bool {
    c.distinct
        && (c.kind == ConstraintKind::Run
            || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add)))
}

/// The candidates of each of `c`'s cells (in order) that some filling of `c` from `doms`
/// supports; `None` when the enumeration passes its budget.
#[cfg(test)]
pub(super) fn narrow(c: &Constraint, doms: &[u32]) -> Option<Vec<u32>> {
    let mut sets = Vec::new();
    if distinct_sum(c) {
        let pool = doms.iter().fold(0u32, |a, &d| a | d);
        subsets(pool, doms.len(), c.target?, 0, &mut sets);
    }
    narrow_with(c, doms, &sets)
}

/// [`narrow`], with the digit sets of a constraint with distinct digits and a sum given
/// (`sets`: those of its size and sum drawn from a pool holding its cells' candidates).
pub(super) fn narrow_with(c: &Constraint, doms: &[u32], sets: &[u32]) -> Option<Vec<u32>> {
    let plain_distinct = c.kind.is_group()
        || (c.kind == ConstraintKind::Variant
            && c.rule
                .as_ref()
                .is_some_and(|r| r.kind == RuleKind::Distinct));
    if plain_distinct {
        return Some(all_different(doms, u32::MAX));
    }
    if distinct_sum(c) && doms.len() > 1 {
        return c.target.map(|_| sum_sets(doms, sets));
    }
    let mut out = vec![0u32; doms.len()];
    let mut v = vec![0u64; doms.len()];
    let mut budget = NODES;
    enumerate(c, doms, 0, &mut v, &mut out, &mut budget).then_some(out)
}

/// Every filling of `doms` from position `at` on (the ones before fixed in `v`) that
/// satisfies `c`, its digits added to `out`; `false` when the budget runs out.
fn enumerate(
    c: &Constraint,
    doms: &[u32],
    at: usize,
    v: &mut [u64],
    out: &mut [u32],
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if at == doms.len() {
        if holds_values(c, v) {
            for (o, &x) in out.iter_mut().zip(v.iter()) {
                *o |= 1 << x;
            }
        }
        return true;
    }
    for d in digits_of(doms[at]) {
        let x = u64::from(d);
        if c.distinct && v[..at].contains(&x) {
            continue;
        }
        v[at] = x;
        if !enumerate(c, doms, at + 1, v, out, budget) {
            return false;
        }
    }
    true
}

/// All-different with the digits `allowed`: the candidates that some matching of every
/// cell to a distinct digit uses (all zero when there is none).
///
/// Cell i may take digit e instead of its digit in one matching found when the cells can
/// make room by moving along: e is free, or e's cell can move to a digit f, f's cell on,
/// and so on, until a free digit or i's own digit is reached (an alternating path). So a
/// candidate stays when its digit reaches, through the digit graph (e → f when e's cell has
/// f), a free digit or the cell's own.
pub(super) fn all_different(doms: &[u32], allowed: u32) -> Vec<u32> {
    let mut out = vec![0u32; doms.len()];
    let Some(base) = matching(doms, allowed) else {
        return out;
    };
    let mut owner = [usize::MAX; 32];
    let mut matched = 0u32;
    for (i, &d) in base.iter().enumerate() {
        owner[d as usize] = i;
        matched |= 1 << d;
    }
    let free = allowed & !matched;
    // reach[e]: the digits reachable from e in one step or more.
    let mut reach = [0u32; 32];
    for d in digits_of(matched) {
        reach[d as usize] = doms[owner[d as usize]] & allowed & !(1 << d);
    }
    loop {
        let mut changed = false;
        for d in digits_of(matched) {
            let now = reach[d as usize];
            let grown = digits_of(now & matched).fold(now, |a, f| a | reach[f as usize]);
            if grown != now {
                reach[d as usize] = grown;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        let home = 1u32 << base[i];
        *o = home;
        for e in digits_of(doms[i] & allowed & !home) {
            if free & 1 << e != 0 || reach[e as usize] & (free | home) != 0 {
                *o |= 1 << e;
            }
        }
    }
    out
}

/// A digit for each cell, all distinct and among its candidates and `allowed`.
fn matching(doms: &[u32], allowed: u32) -> Option<Vec<u32>> {
    let mut owner = [usize::MAX; 32];
    for i in 0..doms.len() {
        let mut seen = 0u32;
        if !augment(doms, allowed, i, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut out = vec![0u32; doms.len()];
    for (d, &o) in owner.iter().enumerate() {
        if o != usize::MAX {
            out[o] = d as u32;
        }
    }
    Some(out)
}

fn augment(doms: &[u32], allowed: u32, i: usize, owner: &mut [usize; 32], seen: &mut u32) -> bool {
    for d in digits_of(doms[i] & allowed & !*seen) {
        *seen |= 1 << d;
        let o = owner[d as usize];
        if o == usize::MAX || augment(doms, allowed, o, owner, seen) {
            owner[d as usize] = i;
            return true;
        }
    }
    false
}

/// Distinct digits adding up to a sum: the union over the digit sets `sets` of that size
/// and sum (a superset of those drawn from the candidates) of the digits a matching inside
/// the set supports.
fn sum_sets(doms: &[u32], sets: &[u32]) -> Vec<u32> {
    let union = doms.iter().fold(0u32, |m, &d| m | d);
    let mut out = vec![0u32; doms.len()];
    for &set in sets {
        if set & !union != 0 || doms.iter().any(|&d| d & set == 0) {
            continue;
        }
        for (o, s) in out.iter_mut().zip(all_different(doms, set)) {
            *o |= s;
        }
    }
    out
}

/// The subsets of `pool` (digits above `from`) with `len` digits adding up to `target`.
pub(super) fn subsets(pool: u32, len: usize, target: u64, acc: u32, out: &mut Vec<u32>) {
    if len == 0 {
        if target == 0 {
            out.push(acc);
        }
        return;
    }
    let floor = 32 - acc.leading_zeros();
    for d in digits_of(pool) {
        let d64 = u64::from(d);
        if d < floor || d64 > target {
            continue;
        }
        subsets(pool, len - 1, target - d64, acc | 1 << d, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn cage(target: u64, n: u8) -> Constraint {
        Constraint {
            kind: ConstraintKind::Cage,
            cells: (0..n).map(|c| Cell::new(0, c)).collect(),
            op: Some(Op::Add),
            target: Some(target),
            distinct: true,
            rule: None,
        }
    }

    /// Every candidate some brute-force filling of `c` keeps.
    fn brute(c: &Constraint, doms: &[u32]) -> Vec<u32> {
        let mut out = vec![0u32; doms.len()];
        let mut v = vec![0u64; doms.len()];
        let mut budget = usize::MAX;
        let _ = enumerate(c, doms, 0, &mut v, &mut out, &mut budget);
        out
    }

    /// Every candidate (among `allowed`) that some filling with distinct digits of
    /// `allowed` keeps: brute force.
    fn brute_distinct(doms: &[u32], allowed: u32) -> Vec<u32> {
        fn walk(doms: &[u32], allowed: u32, at: usize, used: u32, v: &mut [u32], out: &mut [u32]) {
            if at == doms.len() {
                out.iter_mut()
                    .zip(v.iter())
                    .for_each(|(o, &d)| *o |= 1 << d);
                return;
            }
            for d in digits_of(doms[at] & allowed & !used) {
                v[at] = d;
                walk(doms, allowed, at + 1, used | 1 << d, v, out);
            }
        }
        let mut out = vec![0u32; doms.len()];
        let mut v = vec![0u32; doms.len()];
        walk(doms, allowed, 0, 0, &mut v, &mut out);
        out
    }

    #[test]
    fn all_different_keeps_what_brute_force_keeps() {
        let mut rng = crate::rng::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let all = 0b11_1111_1110u32;
        let mut filled = 0;
        for round in 0..4000 {
            let n = 1 + (next() % 7) as usize;
            // Sparse candidates every other round, so that Hall sets and dead ends occur.
            let doms: Vec<u32> = (0..n)
                .map(|_| {
                    let d = if round % 2 == 0 {
                        next() as u32 & next() as u32 & all
                    } else {
                        next() as u32 & all
                    };
                    if d == 0 {
                        1 << (1 + next() % 9)
                    } else {
                        d
                    }
                })
                .collect();
            let allowed = if round % 3 == 0 {
                u32::MAX
            } else {
                next() as u32 | 0b110
            };
            let want = brute_distinct(&doms, allowed);
            if want.iter().any(|&w| w != 0) {
                filled += 1;
            }
            assert_eq!(all_different(&doms, allowed), want, "{doms:?} {allowed:b}");
        }
        assert!(filled > 1000, "{filled}");
    }

    #[test]
    fn sum_cages_and_houses_keep_what_brute_force_keeps() {
        let all = 0b11_1111_1110u32;
        let cases: [(u64, Vec<u32>); 4] = [
            (10, vec![all, all, 0b1000_0110]),
            (17, vec![all, 0b10_0000_0000]),
            (6, vec![0b1110, 0b1110, 0b1110]),
            (20, vec![0b1110, all, all]),
        ];
        for (target, doms) in cases {
            let c = cage(target, doms.len() as u8);
            assert_eq!(narrow(&c, &doms), Some(brute(&c, &doms)), "{target}");
        }
        let mut row = cage(0, 4);
        row.kind = ConstraintKind::Row;
        row.op = None;
        row.target = None;
        let doms = [0b110, 0b110, 0b1110, 0b11110];
        assert_eq!(
            narrow(&row, &doms),
            Some(vec![0b110, 0b110, 0b1000, 0b10000])
        );
        assert_eq!(narrow(&row, &doms), Some(brute(&row, &doms)));
        // Random candidates of 5 cells over the digits 1..=6 (a row of a larger grid).
        let mut row = cage(0, 5);
        row.kind = ConstraintKind::Row;
        row.op = None;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            let doms: Vec<u32> = (0..5)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match seed as u32 & 0b111_1110 {
                        0 => 0b10,
                        d => d,
                    }
                })
                .collect();
            assert_eq!(narrow(&row, &doms), Some(brute(&row, &doms)), "{doms:?}");
        }
    }
}
