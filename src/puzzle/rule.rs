//! # The model's rules over pairs and lines of cells
//!
//! Two families of the constraint model carry a rule as data, so that every reader (the
//! native filters of `crate::model`, the CNF and SMT-LIB encoders, the explanations) reads
//! one definition:
//!
//! - a [`Relation`] between the digits of two cells (`a < b`, a Kropki dot, an XV sign, two
//!   cells a knight's move apart that differ, …): one predicate, [`Relation::holds`];
//! - a [`LineRule`] over the digits of a sequence of cells (a thermometer, an arrow, a
//!   renban line, a sandwich clue, …): the meaning is a predicate on the whole sequence
//!   ([`LineRule::holds`]); the model reads it as a layered automaton
//!   (`crate::model::line`), which both the native filter (forward and backward
//!   reachability: exact arc consistency on the line alone) and the CNF encoder (the MDD
//!   encoding of `crate::cnf::mdd`) walk.
//!
//! The cells of a line are listed in the order the rule reads them; where a rule has ends or
//! circles, they come first (see each variant). The independent verifier (`crate::verify`)
//! does not read these types: it checks the puzzle's own constraints
//! ([`crate::puzzle::Variant`]) from their definitions.

use std::fmt;

/// A relation between the digits `a` (first cell) and `b` (second cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Relation {
    /// `a < b` (a thermometer step, a greater-than sign read from the smaller side, an
    /// Unequal sign).
    Less,
    /// `a = b` (the two cells of a palindrome that mirror each other).
    Equal,
    /// `a ≠ b` (anti-knight, anti-king, the cells of a region smaller than a house).
    Differ,
    /// `|a − b| = k` (a white Kropki dot is `k` = 1; Unequal's bars).
    DiffIs(u8),
    /// `|a − b| ≠ k` (non-consecutive, the negative of the white dots).
    DiffNot(u8),
    /// `|a − b| ≥ k` (a German whisper is `k` = 5).
    DiffAtLeast(u8),
    /// One digit is `k` times the other (a black Kropki dot is `k` = 2).
    RatioIs(u8),
    /// Neither digit is `k` times the other (the negative of the black dots).
    RatioNot(u8),
    /// `a + b = k` (X is 10, V is 5).
    SumIs(u8),
    /// `a + b ≠ k` (the negative of X or V).
    SumNot(u8),
}

impl Relation {
    /// Whether digits `a` (first cell) and `b` (second) satisfy the relation.
    #[must_use]
    pub fn holds(self, a: u8, b: u8) -> bool {
        let ratio = |k: u8| {
            u16::from(a) * u16::from(k) == u16::from(b)
                || u16::from(b) * u16::from(k) == u16::from(a)
        };
        let sum = u16::from(a) + u16::from(b);
        match self {
            Relation::Less => a < b,
            Relation::Equal => a == b,
            Relation::Differ => a != b,
            Relation::DiffIs(k) => a.abs_diff(b) == k,
            Relation::DiffNot(k) => a.abs_diff(b) != k,
            Relation::DiffAtLeast(k) => a.abs_diff(b) >= k,
            Relation::RatioIs(k) => ratio(k),
            Relation::RatioNot(k) => !ratio(k),
            Relation::SumIs(k) => sum == u16::from(k),
            Relation::SumNot(k) => sum != u16::from(k),
        }
    }
}

impl fmt::Display for Relation {
    /// The sign written between the two cells: `<`, `=`, `≠`, `±1`, `≠±1`, `≥5 apart`,
    /// `×2`, `not ×2`, `+=10`, `+≠10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Less => write!(f, "<"),
            Relation::Equal => write!(f, "="),
            Relation::Differ => write!(f, "≠"),
            Relation::DiffIs(k) => write!(f, "±{k}"),
            Relation::DiffNot(k) => write!(f, "≠±{k}"),
            Relation::DiffAtLeast(k) => write!(f, "≥{k} apart from"),
            Relation::RatioIs(k) => write!(f, "×{k}"),
            Relation::RatioNot(k) => write!(f, "not ×{k}"),
            Relation::SumIs(k) => write!(f, "sum {k} with"),
            Relation::SumNot(k) => write!(f, "sum not {k} with"),
        }
    }
}

/// A rule over the digits of a sequence of cells, read in the listed order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineRule {
    /// The digits strictly increase (a thermometer from its bulb).
    Increasing,
    /// The digits add up to the target; they may repeat (a little killer's diagonal).
    Sum(u32),
    /// The first `circle` cells, read as one number (most significant digit first), equal
    /// the sum of the others (an arrow: its circle or pill, then its line).
    Arrow {
        /// Cells in the circle or pill (1..=3).
        circle: u8,
    },
    /// The first two cells (the ends) add up to the sum of the others (a double arrow).
    EndsSum,
    /// The digits are distinct and form a run of consecutive digits in any order (renban).
    Consecutive,
    /// The cells after the first two (the circles) hold digits strictly between theirs
    /// (a between line).
    Between,
    /// The first two cells (the diamonds) differ by at least the value; the others hold
    /// digits outside the closed range between the two (a lockout line).
    Lockout(u8),
    /// The line cut into segments of these lengths (where it crosses from box to box), each
    /// segment with the same sum (a region-sum line).
    EqualSegments(Vec<u8>),
    /// Cells listed from the two ends inward in pairs (`a1 b1 a2 b2 …`, then the centre when
    /// the line has odd length): every pair adds up to the same total, which is the centre's
    /// digit when there is a centre (a zipper line).
    Zipper {
        /// Whether the last cell is the centre.
        centre: bool,
    },
    /// Any three consecutive cells hold one low, one middle and one high digit (the thirds
    /// of `1..=N`, N the value: 1–3, 4–6, 7–9 on a 9×9; an entropic line).
    Entropic(u8),
    /// Any `k` consecutive cells hold digits of distinct residues modulo `k` (a modular
    /// line, `k` = 3).
    Modular(u8),
    /// The line holds one `1` and one `max`, and the digits between them add up to `sum`
    /// (a sandwich clue over a row or column of a grid of side `max`).
    Sandwich {
        /// The sum.
        sum: u32,
        /// The largest digit (the grid's side).
        max: u8,
    },
    /// The first digit `x` says how many cells, from the first on, add up to the target (an
    /// X-sum clue from its end).
    XSum(u32),
    /// Exactly this many of the cells are taller than every cell before them (a skyscraper
    /// clue from its end).
    Visible(u8),
    /// The digits include these (a quadruple: a digit listed twice appears twice).
    Contains(Vec<u8>),
    /// Every digit is one of these (a candidate restriction: even or odd cells,
    /// pencilmarks).
    OneOf(Vec<u8>),
}

impl LineRule {
    /// The rule's name in text and in CNF family names (`increasing`, `sum`, `arrow`, …).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            LineRule::Increasing => "increasing",
            LineRule::Sum(_) => "sum",
            LineRule::Arrow { .. } => "arrow",
            LineRule::EndsSum => "ends-sum",
            LineRule::Consecutive => "consecutive",
            LineRule::Between => "between",
            LineRule::Lockout(_) => "lockout",
            LineRule::EqualSegments(_) => "equal-segments",
            LineRule::Zipper { .. } => "zipper",
            LineRule::Entropic(_) => "entropic",
            LineRule::Modular(_) => "modular",
            LineRule::Sandwich { .. } => "sandwich",
            LineRule::XSum(_) => "x-sum",
            LineRule::Visible(_) => "visible",
            LineRule::Contains(_) => "contains",
            LineRule::OneOf(_) => "one-of",
        }
    }

    /// Whether the digits `ds` (one per cell, in the line's order) satisfy the rule: the
    /// definition the automaton of `crate::model::line` is tested against.
    #[must_use]
    pub fn holds(&self, ds: &[u8]) -> bool {
        let sum = |ds: &[u8]| ds.iter().map(|&d| u32::from(d)).sum::<u32>();
        match self {
            LineRule::Increasing => ds.windows(2).all(|w| w[0] < w[1]),
            LineRule::Sum(t) => sum(ds) == *t,
            LineRule::Arrow { circle } => {
                let k = usize::from(*circle).min(ds.len());
                let number = ds[..k].iter().fold(0u32, |acc, &d| acc * 10 + u32::from(d));
                number == sum(&ds[k..])
            }
            LineRule::EndsSum => ds.len() >= 2 && sum(&ds[..2]) == sum(&ds[2..]),
            LineRule::Consecutive => {
                let mut seen = 0u64;
                for &d in ds {
                    if seen >> d & 1 == 1 {
                        return false;
                    }
                    seen |= 1 << d;
                }
                let (lo, hi) = (ds.iter().min(), ds.iter().max());
                matches!((lo, hi), (Some(&lo), Some(&hi)) if usize::from(hi - lo) + 1 == ds.len())
            }
            LineRule::Between => {
                ds.len() >= 2 && {
                    let (lo, hi) = (ds[0].min(ds[1]), ds[0].max(ds[1]));
                    ds[2..].iter().all(|&d| lo < d && d < hi)
                }
            }
            LineRule::Lockout(k) => {
                ds.len() >= 2 && {
                    let (lo, hi) = (ds[0].min(ds[1]), ds[0].max(ds[1]));
                    hi - lo >= *k && ds[2..].iter().all(|&d| d < lo || d > hi)
                }
            }
            LineRule::EqualSegments(lens) => {
                let mut sums = Vec::new();
                let mut at = 0usize;
                for &len in lens {
                    let end = at + usize::from(len);
                    let Some(seg) = ds.get(at..end) else {
                        return false;
                    };
                    sums.push(sum(seg));
                    at = end;
                }
                at == ds.len() && sums.windows(2).all(|w| w[0] == w[1])
            }
            LineRule::Zipper { centre } => {
                let (pairs, total) = if *centre {
                    match ds.split_last() {
                        Some((&c, rest)) => (rest, Some(u32::from(c))),
                        None => return true,
                    }
                } else {
                    (ds, None)
                };
                if pairs.len() % 2 != 0 {
                    return false;
                }
                let sums: Vec<u32> = pairs.chunks(2).map(sum).collect();
                let first = total.or(sums.first().copied());
                sums.iter().all(|&s| Some(s) == first)
            }
            LineRule::Entropic(n) => {
                let third = |d: u8| u32::from(d.saturating_sub(1)) * 3 / u32::from((*n).max(1));
                ds.windows(3).all(|w| {
                    let (a, b, c) = (third(w[0]), third(w[1]), third(w[2]));
                    a != b && b != c && a != c
                })
            }
            LineRule::Modular(k) => {
                let k = usize::from(*k).max(1);
                ds.windows(k.min(ds.len()).max(1)).all(|w| {
                    let mut seen = 0u64;
                    w.iter().all(|&d| {
                        let r = u32::from(d) % k as u32;
                        let fresh = seen >> r & 1 == 0;
                        seen |= 1 << r;
                        fresh
                    })
                })
            }
            LineRule::Sandwich { sum: t, max } => {
                // The line holds one 1 and one `max` (a row or column of a Sudoku does).
                let once = |x: u8| ds.iter().filter(|&&d| d == x).count() == 1;
                if !once(1) || !once(*max) {
                    return false;
                }
                let lo = ds.iter().position(|&d| d == 1);
                let hi = ds.iter().position(|&d| d == *max);
                match (lo, hi) {
                    (Some(a), Some(b)) => sum(&ds[a.min(b) + 1..a.max(b)]) == *t,
                    _ => false,
                }
            }
            LineRule::XSum(t) => match ds.first() {
                Some(&x) if usize::from(x) <= ds.len() => sum(&ds[..usize::from(x)]) == *t,
                _ => false,
            },
            LineRule::Visible(k) => {
                let mut tallest = 0;
                let mut seen = 0u8;
                for &d in ds {
                    if d > tallest {
                        tallest = d;
                        seen = seen.saturating_add(1);
                    }
                }
                seen == *k
            }
            LineRule::Contains(want) => {
                let mut have = [0u8; 64];
                for &d in ds {
                    have[usize::from(d) % 64] += 1;
                }
                want.iter().all(|&d| {
                    let slot = &mut have[usize::from(d) % 64];
                    let ok = *slot > 0;
                    *slot = slot.saturating_sub(1);
                    ok
                })
            }
            LineRule::OneOf(digits) => ds.iter().all(|d| digits.contains(d)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_read_as_setters_draw_them() {
        assert!(Relation::RatioIs(2).holds(3, 6) && Relation::RatioIs(2).holds(6, 3));
        assert!(!Relation::RatioNot(2).holds(4, 2));
        assert!(Relation::DiffAtLeast(5).holds(9, 4) && !Relation::DiffAtLeast(5).holds(5, 1));
        assert!(Relation::SumIs(10).holds(3, 7) && !Relation::SumNot(5).holds(1, 4));
    }

    #[test]
    fn lines_read_as_setters_draw_them() {
        assert!(LineRule::Arrow { circle: 2 }.holds(&[1, 2, 3, 9]));
        assert!(LineRule::Sandwich { sum: 5, max: 9 }.holds(&[9, 2, 3, 1, 4]));
        assert!(!LineRule::Sandwich { sum: 5, max: 9 }.holds(&[9, 2, 4, 1, 3]));
        assert!(LineRule::XSum(6).holds(&[3, 1, 2, 9]));
        assert!(LineRule::Consecutive.holds(&[4, 2, 3]));
        assert!(!LineRule::Consecutive.holds(&[4, 2, 2]));
        assert!(LineRule::Entropic(9).holds(&[1, 5, 9, 2]));
        assert!(!LineRule::Entropic(9).holds(&[1, 5, 9, 6]));
        assert!(LineRule::Zipper { centre: true }.holds(&[1, 8, 2, 7, 9]));
        assert!(LineRule::EqualSegments(vec![2, 1]).holds(&[2, 3, 5]));
        assert!(LineRule::Contains(vec![1, 1]).holds(&[1, 2, 1, 3]));
        assert!(!LineRule::Contains(vec![1, 1]).holds(&[1, 2, 4, 3]));
    }
}
