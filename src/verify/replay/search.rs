//! # The replay's own search for a filling of a reason's cells
//!
//! See the parent module: a backtracking with forward checking over the cells of a step's
//! reason, with nothing but the constraints' meaning.

use crate::grid::Cell;
use crate::kind::kenken::verify::op_holds;
use crate::puzzle::{Constraint, ConstraintKind, Op, RuleKind};

use super::Candidates;

/// A filling of the constraints' cells (and `cell`) from their candidates, with `cell`
/// restricted to `against`, that satisfies every constraint, as text (`A1=3 A2=1`); `None`
/// when there is none. Digits run 1..=`max`.
pub(super) fn contradiction(
    reason: &[&Constraint],
    cands: &Candidates,
    cell: Cell,
    against: u32,
    max: u8,
) -> Option<String> {
    let mut cells = vec![cell];
    for c in reason {
        for &x in &c.cells {
            if !cells.contains(&x) {
                cells.push(x);
            }
        }
    }
    let members: Vec<Vec<usize>> = reason
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|x| cells.iter().position(|y| y == x).unwrap_or(0))
                .collect()
        })
        .collect();
    let mut doms: Vec<u32> = cells.iter().map(|&c| cands.at(c)).collect();
    doms[0] &= against;
    let mut s = Search {
        reason,
        members: &members,
        assigned: vec![false; cells.len()],
        sum: house_sums(reason, &members, cells.len(), max),
    };
    if !s.sums_reachable(&doms) || !s.run(&mut doms) {
        return None;
    }
    let text: Vec<String> = cells
        .iter()
        .zip(&doms)
        .map(|(c, d)| format!("{}={}", c.label(), d.trailing_zeros()))
        .collect();
    Some(text.join(" "))
}

struct Search<'a> {
    reason: &'a [&'a Constraint],
    /// `members[k]`: the positions of constraint k's cells.
    members: &'a [Vec<usize>],
    assigned: Vec<bool>,
    /// The houses' sums less the sum cages' (see [`house_sums`]).
    sum: Option<(Vec<i64>, i64)>,
}

/// The reason's full houses (distinct, `max` cells: they add up to 1 + … + `max`) less its
/// sum cages, as one equation `Σ coef·x = total` over the positions: a consequence of the
/// constraints' meaning that bounds every filling (the rule of 45 behind innies and
/// outies). `None` without both a house and a sum cage.
fn house_sums(
    reason: &[&Constraint],
    members: &[Vec<usize>],
    cells: usize,
    max: u8,
) -> Option<(Vec<i64>, i64)> {
    let n = usize::from(max);
    let house = i64::try_from(n * (n + 1) / 2).ok()?;
    let mut coef = vec![0i64; cells];
    let (mut total, mut houses, mut cages) = (0i64, 0, 0);
    for (c, m) in reason.iter().zip(members) {
        let sum_cage = c.kind == ConstraintKind::Run
            || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add));
        if c.kind.is_group() && c.distinct && m.len() == n {
            m.iter().for_each(|&p| coef[p] += 1);
            total = total.checked_add(house)?;
            houses += 1;
        } else if sum_cage {
            m.iter().for_each(|&p| coef[p] -= 1);
            total = total.checked_sub(i64::try_from(c.target?).ok()?)?;
            cages += 1;
        }
    }
    (houses > 0 && cages > 0).then_some((coef, total))
}

impl Search<'_> {
    /// Extends the assignment to a filling of every cell; on success `doms` holds it.
    fn run(&mut self, doms: &mut Vec<u32>) -> bool {
        let next = (0..doms.len())
            .filter(|&v| !self.assigned[v])
            .min_by_key(|&v| doms[v].count_ones());
        let Some(v) = next else {
            return (0..self.reason.len()).all(|k| self.holds(k, doms));
        };
        // Each choice: a cell and the one digit it takes.
        let choices: Vec<(usize, u32)> = match self.place(doms) {
            Some((d, places)) if places.len() < doms[v].count_ones() as usize => {
                places.into_iter().map(|w| (w, d)).collect()
            }
            _ => digits_of(doms[v]).map(|d| (v, d)).collect(),
        };
        let saved = doms.clone();
        for (w, d) in choices {
            doms[w] = 1 << d;
            self.assigned[w] = true;
            if self.forward(w, d, doms) && self.run(doms) {
                return true;
            }
            self.assigned[w] = false;
            doms.clone_from(&saved);
        }
        false
    }

    /// The digit with the fewest open places among the distinct constraints whose cells
    /// are as many as the digits they can take (each of those digits is then in exactly
    /// one of the cells, so its places are every way to go on), with those places.
    fn place(&self, doms: &[u32]) -> Option<(u32, Vec<usize>)> {
        let mut best: Option<(u32, Vec<usize>)> = None;
        for (k, c) in self.reason.iter().enumerate() {
            let cells = &self.members[k];
            if !c.distinct || cells.iter().all(|&w| self.assigned[w]) {
                continue;
            }
            let union = cells.iter().fold(0u32, |m, &w| m | doms[w]);
            if union.count_ones() as usize != cells.len() {
                continue;
            }
            let held = cells
                .iter()
                .filter(|&&w| self.assigned[w])
                .fold(0u32, |m, &w| m | doms[w]);
            for d in digits_of(union & !held) {
                let places: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&w| !self.assigned[w] && doms[w] & (1 << d) != 0)
                    .collect();
                if best.as_ref().is_none_or(|b| places.len() < b.1.len()) {
                    best = Some((d, places));
                }
            }
        }
        best
    }

    /// Removes `d` from the other cells of `v`'s distinct constraints, then checks that
    /// every constraint can still hold.
    fn forward(&self, v: usize, d: u32, doms: &mut [u32]) -> bool {
        for (k, c) in self.reason.iter().enumerate() {
            if c.distinct && self.members[k].contains(&v) {
                for &w in &self.members[k] {
                    if w != v {
                        doms[w] &= !(1 << d);
                        if doms[w] == 0 {
                            return false;
                        }
                    }
                }
            }
        }
        (0..self.reason.len()).all(|k| self.feasible(k, doms)) && self.sums_reachable(doms)
    }

    /// Can the houses-less-cages equation still hold: its least and largest value over the
    /// candidates around its total.
    fn sums_reachable(&self, doms: &[u32]) -> bool {
        let Some((coef, total)) = &self.sum else {
            return true;
        };
        let (mut lo, mut hi) = (0i64, 0i64);
        for (&a, &d) in coef.iter().zip(doms) {
            if a == 0 || d == 0 {
                continue;
            }
            let (l, h) = (
                i64::from(d.trailing_zeros()) * a,
                i64::from(31 - d.leading_zeros()) * a,
            );
            lo += l.min(h);
            hi += l.max(h);
        }
        lo <= *total && *total <= hi
    }

    /// Can constraint `k` still hold: sum bounds, product divisibility, and the full
    /// check once all its cells are assigned.
    fn feasible(&self, k: usize, doms: &[u32]) -> bool {
        let cells = &self.members[k];
        if cells.iter().all(|&w| self.assigned[w]) {
            return self.holds(k, doms);
        }
        let c = self.reason[k];
        // Distinct cells need as many digits as cells between them.
        let union = cells.iter().fold(0u32, |m, &w| m | doms[w]);
        if c.distinct && (union.count_ones() as usize) < cells.len() {
            return false;
        }
        let target = c.target.unwrap_or(0);
        match (c.kind, c.op) {
            (ConstraintKind::Run, _) | (ConstraintKind::Cage, Some(Op::Add)) => {
                let lo: u64 = cells.iter().map(|&w| lowest(doms[w])).sum();
                let hi: u64 = cells.iter().map(|&w| highest(doms[w])).sum();
                lo <= target && target <= hi
            }
            (ConstraintKind::RowProduct | ConstraintKind::ColProduct, _)
            | (ConstraintKind::Cage, Some(Op::Mul)) => {
                let mut p: u64 = 1;
                for &w in cells.iter().filter(|&&w| self.assigned[w]) {
                    match p.checked_mul(lowest(doms[w])) {
                        Some(q) => p = q,
                        None => return false,
                    }
                }
                target % p == 0
            }
            _ => true,
        }
    }

    /// Does constraint `k` hold for the (fully assigned) digits?
    fn holds(&self, k: usize, doms: &[u32]) -> bool {
        let c = self.reason[k];
        let v: Vec<u64> = self.members[k].iter().map(|&w| lowest(doms[w])).collect();
        let distinct = (0..v.len()).all(|i| !v[..i].contains(&v[i]));
        if c.distinct && !distinct {
            return false;
        }
        let target = c.target.unwrap_or(0);
        match c.kind {
            ConstraintKind::Row
            | ConstraintKind::Column
            | ConstraintKind::Box
            | ConstraintKind::Diagonal => true,
            ConstraintKind::Run => v.iter().sum::<u64>() == target,
            ConstraintKind::RowProduct | ConstraintKind::ColProduct => {
                v.iter().try_fold(1u64, |p, &x| p.checked_mul(x)) == Some(target)
            }
            ConstraintKind::Cage => cage_holds(c.op, target, &v),
            ConstraintKind::Visible => {
                let mut tallest = 0;
                let seen = v.iter().filter(|&&x| {
                    let taller = x > tallest;
                    tallest = tallest.max(x);
                    taller
                });
                seen.count() as u64 == target
            }
            ConstraintKind::Less => v.len() == 2 && v[0] < v[1],
            ConstraintKind::Adjacent => v.len() == 2 && v[0].abs_diff(v[1]) == 1,
            ConstraintKind::NotAdjacent => v.len() == 2 && v[0].abs_diff(v[1]) != 1,
            ConstraintKind::Variant => {
                let ds: Vec<u8> = v.iter().map(|&x| u8::try_from(x).unwrap_or(0)).collect();
                match c.rule.as_ref().map(|r| &r.kind) {
                    Some(RuleKind::Pair(rel)) => ds.len() == 2 && rel.holds(ds[0], ds[1]),
                    Some(RuleKind::Line(rule)) => rule.holds(&ds),
                    Some(RuleKind::Distinct) => distinct,
                    _ => false,
                }
            }
        }
    }
}

/// A cage's arithmetic, through the verifier's own evaluation of `+ - * /`.
fn cage_holds(op: Option<Op>, target: u64, v: &[u64]) -> bool {
    let t = i128::from(target);
    let v: Vec<i128> = v.iter().map(|&x| i128::from(x)).collect();
    match op {
        _ if v.len() == 1 => v[0] == t,
        Some(Op::Any) => Op::ARITHMETIC.into_iter().any(|op| op_holds(op, t, &v)),
        Some(op) => op_holds(op, t, &v),
        None => false,
    }
}

/// The digits of a candidate set, lowest first.
fn digits_of(mut bits: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let d = bits.trailing_zeros();
            bits &= bits - 1;
            d
        })
    })
}

fn lowest(bits: u32) -> u64 {
    u64::from(bits.trailing_zeros())
}

fn highest(bits: u32) -> u64 {
    u64::from(31 - bits.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> Constraint {
        Constraint {
            kind: ConstraintKind::Row,
            cells: (0..4).map(|c| Cell::new(0, c)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }

    fn cage(target: u64) -> Constraint {
        Constraint {
            kind: ConstraintKind::Cage,
            cells: (0..3).map(|c| Cell::new(0, c)).collect(),
            op: Some(Op::Add),
            target: Some(target),
            distinct: true,
            rule: None,
        }
    }

    #[test]
    fn an_innie_is_proved_and_a_wrong_one_refused() {
        let cands = Candidates {
            cols: 4,
            bits: vec![0b11110; 16],
        };
        let (r, at) = (row(), Cell::new(0, 3));
        // The row adds up to 10 and the cage to 7: D1 is 3, so it is not 1 ...
        let seven = cage(7);
        assert_eq!(contradiction(&[&r, &seven], &cands, at, 1 << 1, 4), None);
        assert_eq!(
            house_sums(&[&r, &seven], &[vec![0, 1, 2, 3], vec![0, 1, 2]], 4, 4),
            Some((vec![0, 0, 0, 1], 3))
        );
        // ... but with a cage of 6 it is 4: eliminating 4 is not forced, a filling says so.
        let six = cage(6);
        let witness = contradiction(&[&r, &six], &cands, at, 1 << 4, 4);
        assert!(witness.is_some());
    }
}
