//! # Sums the replay derives from a reason's houses and sum cages
//!
//! A full house (distinct, as many cells as digits) adds up to 1 + 2 + … + N. For a union of
//! disjoint houses of the reason (one house, two of them, a run of consecutive rows or
//! columns, or all of them) less the reason's sum cages inside it (innies), or less those
//! that touch it (outies), what is left is one linear equation `Σ a·x = b` over the
//! positions; all of the reason's houses less all of its sum cages is one more. Each is a
//! consequence of the constraints' meaning that holds in every filling, so the replay may
//! narrow by it: reachable partial sums for short equations, bounds for long ones.

use crate::grid::Cell;
use crate::puzzle::{Constraint, ConstraintKind, Op};

use super::search::digits_of;

/// Equations longer than this (or with partial sums spanning more than 64 · [`WORDS`]) are
/// narrowed by their bounds only.
const REACHABLE_TERMS: usize = 12;

/// `Σ a·x(position) = total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Equation {
    pub(super) terms: Vec<(usize, i64)>,
    pub(super) total: i64,
}

/// The equations of the reason's unions of houses less its sum cages (see the module
/// docs), over `cells` positions (`members[k]`: constraint k's); digits run 1..=`max`.
pub(super) fn equations(
    reason: &[&Constraint],
    members: &[Vec<usize>],
    cells: usize,
    max: u8,
) -> Vec<Equation> {
    let n = usize::from(max);
    let Ok(house) = i64::try_from(n * (n + 1) / 2) else {
        return Vec::new();
    };
    let houses: Vec<usize> = (0..reason.len())
        .filter(|&k| {
            let c = reason[k];
            c.kind.is_group() && c.distinct && members[k].len() == n
        })
        .collect();
    let cages: Vec<usize> = (0..reason.len())
        .filter(|&k| {
            let c = reason[k];
            let sum = c.kind == ConstraintKind::Run
                || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add));
            sum && c.target.is_some()
        })
        .collect();
    if houses.is_empty() || cages.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Equation> = Vec::new();
    let mut add = |e: Option<Equation>| {
        if let Some(e) = e.filter(|e| !e.terms.is_empty()) {
            if !out.contains(&e) {
                out.push(e);
            }
        }
    };
    add(combine(reason, members, &houses, &cages, house, cells));
    for union in unions(reason, members, &houses, cells) {
        let mut inside = vec![false; cells];
        union
            .iter()
            .for_each(|&h| members[h].iter().for_each(|&p| inside[p] = true));
        let innies: Vec<usize> = cages
            .iter()
            .copied()
            .filter(|&k| members[k].iter().all(|&p| inside[p]))
            .collect();
        let outies: Vec<usize> = cages
            .iter()
            .copied()
            .filter(|&k| members[k].iter().any(|&p| inside[p]))
            .collect();
        add(combine(reason, members, &union, &innies, house, cells));
        add(combine(reason, members, &union, &outies, house, cells));
    }
    out
}

/// The houses `union` less the cages `used`, as one equation.
fn combine(
    reason: &[&Constraint],
    members: &[Vec<usize>],
    union: &[usize],
    used: &[usize],
    house: i64,
    cells: usize,
) -> Option<Equation> {
    let mut coef = vec![0i64; cells];
    let mut total = house.checked_mul(i64::try_from(union.len()).ok()?)?;
    for &h in union {
        members[h].iter().for_each(|&p| coef[p] += 1);
    }
    for &k in used {
        members[k].iter().for_each(|&p| coef[p] -= 1);
        total = total.checked_sub(i64::try_from(reason[k].target?).ok()?)?;
    }
    let terms = (0..cells)
        .filter(|&p| coef[p] != 0)
        .map(|p| (p, coef[p]))
        .collect();
    Some(Equation { terms, total })
}

/// Unions of disjoint houses: each house, each two, and each run of three or more
/// consecutive rows or of consecutive columns.
fn unions(
    reason: &[&Constraint],
    members: &[Vec<usize>],
    houses: &[usize],
    cells: usize,
) -> Vec<Vec<usize>> {
    let disjoint = |a: usize, b: usize| members[a].iter().all(|p| !members[b].contains(p));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (j, &a) in houses.iter().enumerate() {
        out.push(vec![a]);
        for &b in &houses[j + 1..] {
            if disjoint(a, b) {
                out.push(vec![a, b]);
            }
        }
    }
    let at = |k: usize, kind: ConstraintKind| -> Option<u8> {
        let c: &Cell = reason[k].cells.first()?;
        (reason[k].kind == kind).then_some(if kind == ConstraintKind::Row {
            c.row
        } else {
            c.col
        })
    };
    for kind in [ConstraintKind::Row, ConstraintKind::Column] {
        let mut lines: Vec<(u8, usize)> = houses
            .iter()
            .filter_map(|&k| at(k, kind).map(|x| (x, k)))
            .collect();
        lines.sort_unstable();
        for start in 0..lines.len() {
            let mut end = start + 1;
            while end < lines.len() && lines[end].0 == lines[end - 1].0 + 1 {
                end += 1;
                if end - start >= 3 {
                    out.push(lines[start..end].iter().map(|x| x.1).collect());
                }
            }
        }
    }
    let _ = cells;
    out
}

impl Equation {
    /// The candidates of each term's position (in the terms' order; `doms` holds every
    /// position's) that some choice of the other terms' candidates meets.
    pub(super) fn supported(&self, doms: &[u32]) -> Vec<u32> {
        if self.terms.len() > REACHABLE_TERMS || self.intervals(doms) {
            return self.bounded(doms);
        }
        // Every partial sum lies in [lo, hi]; sums are kept as bits at s − lo.
        let (mut lo, mut hi) = (0i64, 0i64);
        for &(p, a) in &self.terms {
            let (l, h) = (lowest(doms[p]) * a, highest(doms[p]) * a);
            lo += l.min(h).min(0);
            hi += l.max(h).max(0);
        }
        let words = usize::try_from(hi - lo + 1)
            .unwrap_or(0)
            .div_ceil(64)
            .max(1);
        if words > WORDS {
            return self.bounded(doms);
        }
        if words == 1 {
            return self.supported_in_word(doms, lo);
        }
        let m = self.terms.len();
        let step = |from: &Bits, p: usize, a: i64| -> Bits {
            let mut to = Bits::empty(words);
            for d in digits_of(doms[p]) {
                to.or(&from.shifted(a * i64::from(d)));
            }
            to
        };
        let mut start = Bits::empty(words);
        start.set(-lo);
        // front[j]: the sums of the terms before j; back[j]: of the last j terms.
        let mut front = [start; REACHABLE_TERMS + 1];
        let mut back = [start; REACHABLE_TERMS + 1];
        for (j, &(p, a)) in self.terms.iter().enumerate() {
            front[j + 1] = step(&front[j], p, a);
        }
        for (j, &(p, a)) in self.terms.iter().rev().enumerate() {
            back[j + 1] = step(&back[j], p, a);
        }
        let top = i64::try_from(64 * words).unwrap_or(i64::MAX) - 1;
        let mut out = vec![0u32; m];
        for (j, &(p, a)) in self.terms.iter().enumerate() {
            // s (bit s − lo of before) + t (bit t − lo of after) = total − a·d: after
            // reversed holds t at bit top − (t − lo), which a shift by
            // total − a·d − 2·lo − top brings to bit s − lo.
            let (before, after) = (&front[j], back[m - 1 - j].reversed());
            let mut keep = 0u32;
            for d in digits_of(doms[p]) {
                let by = self.total - a * i64::from(d) - 2 * lo - top;
                if before.meets(&after.shifted(by)) {
                    keep |= 1 << d;
                }
            }
            out[j] = keep;
        }
        out
    }

    /// [`Equation::supported`] when every partial sum `s` fits in one word (bit `s − lo`).
    fn supported_in_word(&self, doms: &[u32], lo: i64) -> Vec<u32> {
        let m = self.terms.len();
        let step = |from: u64, p: usize, a: i64| -> u64 {
            digits_of(doms[p]).fold(0, |to, d| to | shift(from, a * i64::from(d)))
        };
        let start = shift(1, -lo);
        let mut front = [start; REACHABLE_TERMS + 1];
        let mut back = [start; REACHABLE_TERMS + 1];
        for (j, &(p, a)) in self.terms.iter().enumerate() {
            front[j + 1] = step(front[j], p, a);
        }
        for (j, &(p, a)) in self.terms.iter().rev().enumerate() {
            back[j + 1] = step(back[j], p, a);
        }
        let mut out = vec![0u32; m];
        for (j, &(p, a)) in self.terms.iter().enumerate() {
            // As in the words' case, with top = 63.
            let (before, after) = (front[j], back[m - 1 - j].reverse_bits());
            let mut keep = 0u32;
            for d in digits_of(doms[p]) {
                let by = self.total - a * i64::from(d) - 2 * lo - 63;
                if before & shift(after, by) != 0 {
                    keep |= 1 << d;
                }
            }
            out[j] = keep;
        }
        out
    }

    /// Are the terms' coefficients ±1 and their candidates runs of consecutive digits? Then
    /// the sums the other terms reach are every number between their bounds, and narrowing
    /// by bounds keeps what the reachable sums keep.
    fn intervals(&self, doms: &[u32]) -> bool {
        self.terms.iter().all(|&(p, a)| {
            let d = doms[p] >> doms[p].trailing_zeros();
            a.abs() == 1 && d & d.wrapping_add(1) == 0
        })
    }

    /// Narrowing by bounds: a term's digit stays when the others' least and largest sums
    /// leave room for it.
    fn bounded(&self, doms: &[u32]) -> Vec<u32> {
        let mut out = vec![0u32; self.terms.len()];
        let (mut lo, mut hi) = (0i64, 0i64);
        for &(p, a) in &self.terms {
            let (l, h) = (lowest(doms[p]) * a, highest(doms[p]) * a);
            lo += l.min(h);
            hi += l.max(h);
        }
        for (j, &(p, a)) in self.terms.iter().enumerate() {
            let (l, h) = (lowest(doms[p]) * a, highest(doms[p]) * a);
            let (rest_lo, rest_hi) = (lo - l.min(h), hi - l.max(h));
            let mut keep = 0u32;
            for d in digits_of(doms[p]) {
                let need = self.total - a * i64::from(d);
                if rest_lo <= need && need <= rest_hi {
                    keep |= 1 << d;
                }
            }
            out[j] = keep;
        }
        out
    }
}

/// The most words of partial sums an equation is narrowed by: past 64 · `WORDS` sums it
/// is narrowed by its bounds.
const WORDS: usize = 8;

/// A set of small numbers below 64 · `n`, bit `i` of word `i / 64` (`n` ≤ [`WORDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bits {
    w: [u64; WORDS],
    n: usize,
}

impl Bits {
    fn empty(n: usize) -> Bits {
        Bits {
            w: [0; WORDS],
            n: n.min(WORDS),
        }
    }

    fn set(&mut self, i: i64) {
        if let Ok(i) = usize::try_from(i) {
            if i < 64 * self.n {
                self.w[i / 64] |= 1 << (i % 64);
            }
        }
    }

    fn or(&mut self, other: &Bits) {
        let n = self.n;
        self.w[..n]
            .iter_mut()
            .zip(&other.w[..n])
            .for_each(|(a, b)| *a |= b);
    }

    fn meets(&self, other: &Bits) -> bool {
        let n = self.n;
        self.w[..n]
            .iter()
            .zip(&other.w[..n])
            .any(|(a, b)| a & b != 0)
    }

    /// Every member `i` moved to `i + by`, those leaving `0 .. 64 · n` dropped.
    fn shifted(&self, by: i64) -> Bits {
        let n = self.n;
        let mut out = Bits::empty(n);
        let Ok(far) = usize::try_from(by.unsigned_abs()) else {
            return out;
        };
        let (words, bits) = (far / 64, far % 64);
        for (i, &w) in self.w[..n].iter().enumerate().filter(|x| *x.1 != 0) {
            if by >= 0 {
                let to = i + words;
                if to < n {
                    out.w[to] |= w << bits;
                }
                if bits > 0 && to + 1 < n {
                    out.w[to + 1] |= w >> (64 - bits);
                }
            } else if i >= words {
                let to = i - words;
                out.w[to] |= w >> bits;
                if bits > 0 && to >= 1 {
                    out.w[to - 1] |= w << (64 - bits);
                }
            }
        }
        out
    }

    /// Member `i` moved to `64 · n − 1 − i`.
    fn reversed(&self) -> Bits {
        let mut out = Bits::empty(self.n);
        for i in 0..self.n {
            out.w[self.n - 1 - i] = self.w[i].reverse_bits();
        }
        out
    }
}

/// `x` moved `by` bits up (down when negative), the bits leaving the word dropped.
fn shift(x: u64, by: i64) -> u64 {
    match u32::try_from(by.unsigned_abs()) {
        Ok(far) if far < 64 && by >= 0 => x << far,
        Ok(far) if far < 64 => x >> far,
        _ => 0,
    }
}

fn lowest(bits: u32) -> i64 {
    i64::from(bits.trailing_zeros())
}

fn highest(bits: u32) -> i64 {
    i64::from(31 - bits.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate some choice of the other terms' candidates meets: brute force.
    fn brute(e: &Equation, doms: &[u32]) -> Vec<u32> {
        let mut out = vec![0u32; e.terms.len()];
        let mut pick = vec![0u32; e.terms.len()];
        fn walk(e: &Equation, doms: &[u32], j: usize, pick: &mut [u32], out: &mut [u32]) {
            if j == e.terms.len() {
                let sum: i64 = e
                    .terms
                    .iter()
                    .zip(pick.iter())
                    .map(|(t, &d)| t.1 * i64::from(d))
                    .sum();
                if sum == e.total {
                    out.iter_mut()
                        .zip(pick.iter())
                        .for_each(|(o, &d)| *o |= 1 << d);
                }
                return;
            }
            for d in digits_of(doms[e.terms[j].0]) {
                pick[j] = d;
                walk(e, doms, j + 1, pick, out);
            }
        }
        walk(e, doms, 0, &mut pick, &mut out);
        out
    }

    #[test]
    fn reachable_sums_keep_what_brute_force_keeps() {
        let mut rng = crate::rng::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let all = 0b11_1111_1110u32;
        for _ in 0..2000 {
            let len = 1 + (next() % 5) as usize;
            let terms: Vec<(usize, i64)> = (0..len)
                .map(|p| (p, [-2, -1, 1, 1, 1, 2][(next() % 6) as usize]))
                .collect();
            let doms: Vec<u32> = (0..len)
                .map(|_| match next() as u32 & all {
                    0 => all,
                    d => d,
                })
                .collect();
            let total = (next() % 41) as i64 - 10;
            let e = Equation { terms, total };
            assert_eq!(e.supported(&doms), brute(&e, &doms), "{e:?} {doms:?}");
        }
    }

    #[test]
    fn runs_of_digits_are_narrowed_by_bounds_as_by_reachable_sums() {
        let mut rng = crate::rng::SplitMix64::new(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next_u64();
        let mut runs = 0;
        for _ in 0..2000 {
            let len = 1 + (next() % 6) as usize;
            let terms: Vec<(usize, i64)> = (0..len)
                .map(|p| (p, if next() % 2 == 0 { 1 } else { -1 }))
                .collect();
            // Each a run lo..=hi of digits 1..=9.
            let doms: Vec<u32> = (0..len)
                .map(|_| {
                    let lo = 1 + (next() % 9) as u32;
                    let hi = lo + (next() % u64::from(10 - lo)) as u32;
                    ((1u32 << (hi + 1)) - 1) & !((1u32 << lo) - 1)
                })
                .collect();
            let total = (next() % 61) as i64 - 20;
            let e = Equation { terms, total };
            assert!(e.intervals(&doms), "{e:?} {doms:?}");
            let want = brute(&e, &doms);
            runs += usize::from(want.iter().any(|&w| w != 0));
            assert_eq!(e.supported(&doms), want, "{e:?} {doms:?}");
        }
        assert!(runs > 200, "{runs}");
        let gap = Equation {
            terms: vec![(0, 1), (1, 1)],
            total: 10,
        };
        assert!(!gap.intervals(&[0b1010, 0b110]));
    }

    #[test]
    fn an_equation_keeps_the_digits_that_meet_its_total() {
        let all = 0b11_1111_1110u32;
        // x0 − x1 = 7: x0 ∈ {8, 9}, x1 ∈ {1, 2}.
        let e = Equation {
            terms: vec![(0, 1), (1, -1)],
            total: 7,
        };
        assert_eq!(e.supported(&[all, all]), vec![0b11 << 8, 0b110]);
        // x0 + x1 + x2 = 4 with x2 = 1: x0, x1 ∈ {1, 2}.
        let e = Equation {
            terms: vec![(0, 1), (1, 1), (2, 1)],
            total: 4,
        };
        assert_eq!(e.supported(&[all, all, 0b10]), vec![0b110, 0b110, 0b10]);
        assert_eq!(e.bounded(&[all, all, 0b10]), vec![0b110, 0b110, 0b10]);
        // Terms in another order than the positions: x2 − x0 = 7, answered per term.
        let e = Equation {
            terms: vec![(2, 1), (0, -1)],
            total: 7,
        };
        assert_eq!(e.supported(&[all, 0b10, all]), vec![0b11 << 8, 0b110]);
        assert_eq!(e.bounded(&[all, 0b10, all]), vec![0b11 << 8, 0b110]);
    }
}
