//! # One constraint at a time: generalized arc consistency
//!
//! For one named constraint and the current candidates of its cells (bit d for digit d),
//! [`supported`] returns, for each cell, the digits that appear in some filling of the
//! constraint's cells from their candidates: every other candidate is eliminated with the
//! constraint alone as its reason. Each family has its own exact method:
//! - all-different (rows, columns, boxes): a digit is kept when the other cells can still
//!   be matched to distinct digits (bipartite matching: [`alldiff::gac`]);
//! - distinct digits with a sum (Kakuro runs, Killer cages): over the digit sets of that
//!   size and sum, the same matching inside each set;
//! - `+` and `*` with repeats (KenKen cages, CrossProduct products): partial sums or
//!   products reachable from the front and from the back;
//! - `-`, `/`, `?` and `=` cages: enumeration of the fillings, under a node budget.

use std::collections::HashSet;

use crate::model::sum;
use crate::native::alldiff;
use crate::puzzle::{Constraint, ConstraintKind, Op};

/// Most nodes an enumeration of one cage may visit before it gives up (the constraint then
/// yields no single-constraint deduction; the SAT phase still uses it).
pub(super) const NODE_BUDGET: usize = 2_000_000;

/// The candidates of each cell that some filling of `c` supports; `None` when the
/// constraint is too large to decide here. A constraint of distinct digits with a sum uses
/// its digit sets `sets` when given ([`sum_sets`], drawn once), else draws them.
pub(super) fn supported(c: &Constraint, doms: &[u32], sets: Option<&[u32]>) -> Option<Vec<u32>> {
    let target = c.target.unwrap_or(0);
    match (c.kind, c.distinct, c.op) {
        (kind, _, _) if kind.is_group() => Some(alldiff::gac(doms)),
        (_, true, _) => Some(match sets {
            Some(sets) => distinct_sum(doms, sets),
            None => {
                let union = doms.iter().fold(0, |a, &b| a | b);
                distinct_sum(doms, &digit_sets(union, doms.len(), target))
            }
        }),
        (_, false, Some(Op::Add)) => reachable(doms, target, Fold::Sum),
        (_, false, Some(Op::Mul)) => reachable(doms, target, Fold::Product),
        (_, false, Some(op)) => enumerate(doms, op, target),
        (kind, false, None) => relation(kind, doms, target),
    }
}

/// The digit sets [`supported`] draws for `c` when it is a constraint of distinct digits
/// with a sum (not a house), over every digit up to `max`; `None` for the others.
pub(super) fn sum_sets(c: &Constraint, len: usize, max: u8) -> Option<Vec<u32>> {
    let all = u32::try_from((1u64 << (u32::from(max) + 1)) - 2).ok()?;
    (c.distinct && !c.kind.is_group()).then(|| digit_sets(all, len, c.target.unwrap_or(0)))
}

/// The digits of `bits`, lowest first.
pub(super) fn digits(bits: u32) -> impl Iterator<Item = u32> {
    let mut left = bits;
    std::iter::from_fn(move || {
        let d = left.trailing_zeros();
        left &= left.wrapping_sub(1);
        (d < 32).then_some(d)
    })
}

/// Every set of `len` distinct digits among `union` adding up to `target`, smallest mask
/// first: the model's sets of digits up to the highest in `union` ([`sum::sets`], a walk
/// that cuts a branch once the sum is out of reach), those within `union`.
pub(super) fn digit_sets(union: u32, len: usize, target: u64) -> Vec<u32> {
    let (Ok(target), Some(high)) = (u32::try_from(target), union.checked_ilog2()) else {
        return if len == 0 && target == 0 {
            vec![0]
        } else {
            Vec::new()
        };
    };
    let mut out = sum::sets(high as usize, len, target);
    out.retain(|&s| s & !union == 0);
    out
}

/// The candidates of distinct cells `doms` that one of the digit sets `sets` (of as many
/// digits as cells) fills.
fn distinct_sum(doms: &[u32], sets: &[u32]) -> Vec<u32> {
    let n = doms.len();
    let mut out = vec![0u32; n];
    if n > 32 {
        return out;
    }
    let union = doms.iter().fold(0, |a, &b| a | b);
    let (mut inside, mut kept) = ([0u32; 32], [0u32; 32]);
    for &set in sets {
        // A set beyond the candidates, or that can add no candidate not already kept, is
        // not tried.
        if set & !union != 0 || doms.iter().zip(&out).all(|(&d, &o)| d & set & !o == 0) {
            continue;
        }
        for (x, &d) in inside.iter_mut().zip(doms) {
            *x = d & set;
        }
        if within_set(&inside[..n], set, &mut kept[..n]) {
            for (o, k) in out.iter_mut().zip(kept) {
                *o |= k;
            }
        }
    }
    out
}

/// Whether cells with the candidates `inside` (each within `set`) can take distinct digits
/// of `set`, exactly as many digits as cells; when they can, `kept` (as long as `inside`)
/// receives their candidates narrowed by all-different's arc consistency. The cheap cases
/// first: every digit of the set must be some cell's candidate, and cells that all hold the
/// whole set keep it.
pub(super) fn within_set(inside: &[u32], set: u32, kept: &mut [u32]) -> bool {
    let mut union = 0;
    for &d in inside {
        if d == 0 {
            return false;
        }
        union |= d;
    }
    if union != set {
        return false;
    }
    if inside.iter().all(|&d| d == set) {
        kept.copy_from_slice(inside);
        return true;
    }
    if inside.len() <= 4 {
        // At most 24 fillings: walked, cheaper than a matching.
        kept.fill(0);
        let mut chosen = [0u32; 4];
        each_filling(inside, 0, 0, &mut chosen, kept);
    } else {
        alldiff::gac_into(inside, kept);
    }
    kept.iter().all(|&k| k != 0)
}

/// Adds to `kept` the digits of every filling of the cells `inside` from `at` on with
/// distinct digits not in `used`, the cells before taking `chosen`.
fn each_filling(inside: &[u32], at: usize, used: u32, chosen: &mut [u32; 4], kept: &mut [u32]) {
    if at == inside.len() {
        for (k, &c) in kept.iter_mut().zip(chosen.iter()) {
            *k |= c;
        }
        return;
    }
    let mut left = inside[at] & !used;
    while left != 0 {
        let bit = left & left.wrapping_neg();
        left &= left - 1;
        chosen[at] = bit;
        each_filling(inside, at + 1, used | bit, chosen, kept);
    }
}

#[derive(Clone, Copy)]
enum Fold {
    Sum,
    Product,
}

impl Fold {
    /// `acc` combined with `d`, when it can still reach `target`.
    fn step(self, acc: u64, d: u64, target: u64) -> Option<u64> {
        match self {
            Fold::Sum => Some(acc + d).filter(|&s| s <= target),
            Fold::Product => acc.checked_mul(d).filter(|&p| p != 0 && target % p == 0),
        }
    }
    fn unit(self) -> u64 {
        match self {
            Fold::Sum => 0,
            Fold::Product => 1,
        }
    }
}

/// `layers[i]`: the partial results of the first `i` cells that can still reach `target`
/// (forward only).
pub(super) fn forward_layers(doms: &[u32], target: u64, sum: bool) -> Vec<Vec<u64>> {
    let fold = if sum { Fold::Sum } else { Fold::Product };
    layers(doms.iter(), target, fold)
}

fn layers<'a>(doms: impl Iterator<Item = &'a u32>, target: u64, fold: Fold) -> Vec<Vec<u64>> {
    let mut out = vec![vec![fold.unit()]];
    for &dom in doms {
        let mut next: HashSet<u64> = HashSet::new();
        for &acc in out.last().into_iter().flatten() {
            for d in digits(dom) {
                if let Some(v) = fold.step(acc, u64::from(d), target) {
                    let _ = next.insert(v);
                }
            }
        }
        let mut next: Vec<u64> = next.into_iter().collect();
        next.sort_unstable();
        out.push(next);
    }
    out
}

fn reachable(doms: &[u32], target: u64, fold: Fold) -> Option<Vec<u32>> {
    let n = doms.len();
    let front = layers(doms.iter(), target, fold);
    let back = layers(doms.iter().rev(), target, fold);
    let mut out = vec![0u32; n];
    for i in 0..n {
        let after: HashSet<u64> = back[n - 1 - i].iter().copied().collect();
        for &acc in &front[i] {
            for d in digits(doms[i] & !out[i]) {
                let Some(v) = fold.step(acc, u64::from(d), target) else {
                    continue;
                };
                let need = match fold {
                    Fold::Sum => target - v,
                    Fold::Product => target / v,
                };
                if after.contains(&need) {
                    out[i] |= 1 << d;
                }
            }
        }
    }
    Some(out)
}

/// Whether the digits `v` meet a Towers clue (`target` towers seen) or an Unequal pair;
/// `None` for other kinds.
pub(super) fn relation_holds(kind: ConstraintKind, target: u64, v: &[u64]) -> Option<bool> {
    use ConstraintKind as K;
    Some(match kind {
        K::Visible => {
            let mut tallest = 0;
            let seen = v.iter().filter(|&&x| {
                let taller = x > tallest;
                tallest = tallest.max(x);
                taller
            });
            seen.count() as u64 == target
        }
        K::Less => v.len() == 2 && v[0] < v[1],
        K::Adjacent => v.len() == 2 && v[0].abs_diff(v[1]) == 1,
        K::NotAdjacent => v.len() == 2 && v[0].abs_diff(v[1]) != 1,
        _ => return None,
    })
}

/// The supported digits of a Towers clue or an Unequal pair, by enumerating its fillings
/// (`None` for other kinds, or past the budget).
fn relation(kind: ConstraintKind, doms: &[u32], target: u64) -> Option<Vec<u32>> {
    let _ = relation_holds(kind, target, &[])?;
    let keep = move |v: &[u64]| relation_holds(kind, target, v) == Some(true);
    let mut out = vec![0u32; doms.len()];
    let complete = fillings(doms, &keep, &mut |v| {
        for (o, &d) in out.iter_mut().zip(v) {
            *o |= 1 << d;
        }
        true
    });
    complete.then_some(out)
}

/// Does a `-`, `/`, `?` or `=` cage hold for the digits `v`?
pub(super) fn cage_holds(op: Op, target: u64, v: &[u64]) -> bool {
    if v.len() == 1 {
        return v[0] == target;
    }
    let total: u64 = v.iter().sum();
    let product = v.iter().try_fold(1u64, |p, &x| p.checked_mul(x));
    let one = |op: Op| match op {
        Op::Add => total == target,
        Op::Mul => product == Some(target),
        // Some cell first, the others subtracted: 2·first − total = target.
        Op::Sub => v.iter().any(|&f| 2 * f == total + target),
        // first / (product / first) = target ⇔ first² = target · product.
        Op::Div => product.is_some_and(|p| v.iter().any(|&f| target.checked_mul(p) == Some(f * f))),
        _ => false,
    };
    match op {
        Op::Any => Op::ARITHMETIC.into_iter().any(one),
        op => one(op),
    }
}

/// Every filling of `doms` for which `keep` holds, until `visit` returns `false` or the
/// budget runs out; `false` when it ran out.
pub(super) fn fillings(
    doms: &[u32],
    keep: &dyn Fn(&[u64]) -> bool,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    let mut current = Vec::with_capacity(doms.len());
    let mut budget = NODE_BUDGET;
    walk(doms, keep, visit, &mut current, &mut budget)
}

fn walk(
    doms: &[u32],
    keep: &dyn Fn(&[u64]) -> bool,
    visit: &mut dyn FnMut(&[u64]) -> bool,
    current: &mut Vec<u64>,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let i = current.len();
    if i == doms.len() {
        if keep(current) {
            return visit(current);
        }
        return true;
    }
    for d in digits(doms[i]) {
        current.push(u64::from(d));
        let go_on = walk(doms, keep, visit, current, budget);
        let _ = current.pop();
        if !go_on {
            return false;
        }
    }
    true
}

fn enumerate(doms: &[u32], op: Op, target: u64) -> Option<Vec<u32>> {
    let mut out = vec![0u32; doms.len()];
    let keep = |v: &[u64]| cage_holds(op, target, v);
    let complete = fillings(doms, &keep, &mut |v| {
        for (o, &d) in out.iter_mut().zip(v) {
            *o |= 1 << d;
        }
        true
    });
    complete.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_are_every_subset_of_the_size_and_sum() {
        // The plain enumeration over every mask.
        let slow = |union: u32, len: usize, target: u64| -> Vec<u32> {
            (0u32..1 << 10)
                .filter(|&s| s & !union == 0 && s.count_ones() as usize == len)
                .filter(|&s| digits(s).map(u64::from).sum::<u64>() == target)
                .collect()
        };
        let some = (0u32..1 << 10).step_by(37).map(|u| u & !1);
        for union in [0b11_1111_1110, 0b10_1101_0110, 0b110, 0]
            .into_iter()
            .chain(some)
        {
            for len in 0..=10 {
                for target in 0..=50 {
                    assert_eq!(digit_sets(union, len, target), slow(union, len, target));
                }
            }
        }
        assert_eq!(digit_sets(0b11_1111_1110, 2, 3), vec![0b110]);
    }
    use crate::grid::Cell;
    use crate::puzzle::ConstraintKind;

    fn bits(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |a, &d| a | 1 << d)
    }

    fn cage(op: Op, target: u64, n: usize, distinct: bool) -> Constraint {
        Constraint {
            kind: ConstraintKind::Cage,
            cells: (0..n).map(|i| Cell::new(0, i as u8)).collect(),
            op: Some(op),
            target: Some(target),
            distinct,
            rule: None,
        }
    }

    /// Brute force: the union of the fillings that satisfy `c`, from its own arithmetic.
    fn brute(c: &Constraint, doms: &[u32]) -> Vec<u32> {
        let mut out = vec![0u32; doms.len()];
        let target = c.target.unwrap_or(0);
        let op = c.op.unwrap_or(Op::Add);
        let keep = |v: &[u64]| {
            let distinct = (0..v.len()).all(|i| !v[..i].contains(&v[i]));
            (!c.distinct || distinct)
                && (c.kind != ConstraintKind::Cage || cage_holds(op, target, v))
        };
        assert!(fillings(doms, &keep, &mut |v| {
            for (o, &d) in out.iter_mut().zip(v) {
                *o |= 1 << d;
            }
            true
        }));
        out
    }

    #[test]
    fn every_family_agrees_with_brute_force() {
        let doms = [
            bits(&[1, 2, 3, 5]),
            bits(&[2, 4, 6]),
            bits(&[1, 3, 6]),
            0b1111110,
        ];
        for op in [Op::Add, Op::Mul, Op::Sub, Op::Div, Op::Any] {
            for target in 1..40 {
                for distinct in [false, true] {
                    for n in 2..=4 {
                        if distinct && op != Op::Add {
                            continue;
                        }
                        let c = cage(op, target, n, distinct);
                        let got = supported(&c, &doms[..n], None).expect("small");
                        assert_eq!(got, brute(&c, &doms[..n]), "{c} over {:?}", &doms[..n]);
                        // The same with the digit sets drawn once, over all of 1..=9.
                        let sets = sum_sets(&c, n, 9);
                        assert_eq!(sets.is_some(), distinct);
                        let drawn = supported(&c, &doms[..n], sets.as_deref()).expect("small");
                        assert_eq!(drawn, got, "{c} over {:?}", &doms[..n]);
                    }
                }
            }
        }
        let row = Constraint {
            kind: ConstraintKind::Row,
            cells: (0..4).map(|i| Cell::new(0, i)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        };
        let tight = [
            bits(&[1, 2]),
            bits(&[1, 2]),
            bits(&[1, 2, 3]),
            bits(&[2, 3, 4]),
        ];
        assert_eq!(supported(&row, &tight, None), Some(brute(&row, &tight)));
        assert_eq!(
            supported(&row, &tight, None),
            Some(vec![bits(&[1, 2]), bits(&[1, 2]), bits(&[3]), bits(&[4])])
        );
    }
}
