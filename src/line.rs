//! # Line rules as layered automata
//!
//! Every [`LineRule`] reads its cells' digits in order through a small automaton: a start
//! state, a step from a state and the digit at a position to the next state (or none: the
//! digit cannot follow), and the accepting states after the last cell. The state is one
//! `u64`, packed per rule (the sum so far, the last digit, the digits seen, …). Two readers
//! walk the same automaton: the native filter of `crate::model::line` (forward and backward
//! reachability over the cells' candidates: exact arc consistency on the line) and the CNF
//! encoder (`crate::encode::rules`, the MDD encoding of `crate::cnf::mdd`), so the two agree
//! by construction; the tests below hold the automaton to [`LineRule::holds`] on every
//! filling of small lines.

use crate::puzzle::LineRule;

/// The automaton of a rule over a line of `len` cells.
#[derive(Clone, Debug)]
pub(crate) struct Automaton<'a> {
    rule: &'a LineRule,
    len: usize,
    /// For [`LineRule::EqualSegments`]: whether a segment ends at each position.
    ends: Vec<bool>,
    /// The least and the largest sum of the cells after each position (the sum rules'
    /// bounds): one and N a cell, or, where [`Automaton::with_boxes`] says which cells share
    /// a box (and so hold distinct digits), 1 + 2 + … + k and N + (N − 1) + … for the k
    /// cells of a box.
    rest: Vec<(u64, u64)>,
}

/// A sentinel for "not yet known" in packed fields.
const UNSET: u64 = 0xFFFF;

impl<'a> Automaton<'a> {
    /// The automaton of `rule` over `len` cells.
    pub(crate) fn new(rule: &'a LineRule, len: usize) -> Self {
        let mut ends = vec![false; len];
        if let LineRule::EqualSegments(lens) = rule {
            let mut at = 0usize;
            for &l in lens {
                at += usize::from(l);
                if let Some(e) = at.checked_sub(1).and_then(|i| ends.get_mut(i)) {
                    *e = true;
                }
            }
        }
        let rest = (0..len)
            .map(|pos| {
                let k = (len - pos - 1) as u64;
                (k, u64::MAX)
            })
            .collect();
        Automaton {
            rule,
            len,
            ends,
            rest,
        }
    }

    /// The same automaton, its sum bounds taken from the boxes of the cells (`boxes[i]`:
    /// the box of cell `i`; cells of one box hold distinct digits `1..=n`).
    pub(crate) fn with_boxes(mut self, boxes: &[usize], n: u8) -> Self {
        if boxes.len() != self.len {
            return self;
        }
        let n = u64::from(n);
        for pos in 0..self.len {
            let mut counts: Vec<(usize, u64)> = Vec::new();
            for &b in &boxes[pos + 1..] {
                match counts.iter_mut().find(|(x, _)| *x == b) {
                    Some((_, k)) => *k += 1,
                    None => counts.push((b, 1)),
                }
            }
            let (mut lo, mut hi) = (0u64, 0u64);
            for &(_, k) in &counts {
                let k = k.min(n);
                lo += k * (k + 1) / 2;
                hi += k * (2 * n + 1 - k) / 2;
            }
            self.rest[pos] = (lo, hi);
        }
        self
    }

    /// The state before the first cell.
    pub(crate) fn start(&self) -> u64 {
        match self.rule {
            LineRule::EqualSegments(_) => UNSET << 16,
            _ => 0,
        }
    }

    /// The state after reading digit `d` at position `pos` in state `s`; `None` when no
    /// filling of the line continues that way.
    pub(crate) fn step(&self, pos: usize, s: u64, d: u8) -> Option<u64> {
        let d64 = u64::from(d);
        let left = (self.len - pos - 1) as u64;
        let (lo, hi) = self.rest[pos];
        let owed = |rest: u64| (lo..=hi).contains(&rest);
        match self.rule {
            LineRule::Increasing => (d64 > s).then_some(d64),
            LineRule::Sum(t) => {
                let sum = s + d64;
                // Each cell after this one adds at least 1.
                let t = u64::from(*t);
                (sum <= t && owed(t - sum)).then_some(sum)
            }
            LineRule::Arrow { circle } => {
                // The circle's cells build the number; then the state is what the line's
                // cells still have to add up to (each cell left adds at least 1).
                if pos < usize::from(*circle) {
                    Some(s * 10 + d64)
                } else {
                    s.checked_sub(d64).filter(|&rest| owed(rest))
                }
            }
            LineRule::EndsSum => {
                // The two ends' sum, then what the cells between still have to add up to.
                if pos < 2 {
                    Some(s + d64)
                } else {
                    s.checked_sub(d64).filter(|&rest| owed(rest))
                }
            }
            LineRule::Consecutive => {
                if s >> d & 1 == 1 {
                    return None;
                }
                let seen = s | 1 << d;
                let lo = u64::from(seen.trailing_zeros());
                let hi = u64::from(63 - seen.leading_zeros());
                (hi - lo < self.len as u64).then_some(seen)
            }
            LineRule::Between | LineRule::Lockout(_) => {
                let (a, b) = (s >> 8, s & 0xFF);
                match pos {
                    0 => Some(d64 << 8),
                    1 => {
                        let (lo, hi) = (a.min(d64), a.max(d64));
                        let ok = match self.rule {
                            LineRule::Lockout(k) => hi - lo >= u64::from(*k),
                            // Room for the cells between.
                            _ => self.len <= 2 || hi - lo >= 2,
                        };
                        ok.then_some(lo << 8 | hi)
                    }
                    _ => {
                        let inside = a < d64 && d64 < b;
                        let ok = match self.rule {
                            LineRule::Lockout(_) => d64 < a || d64 > b,
                            _ => inside,
                        };
                        ok.then_some(s)
                    }
                }
            }
            LineRule::EqualSegments(_) => {
                let (target, cur) = (s >> 16, (s & 0xFFFF) + d64);
                if target != UNSET && cur > target {
                    return None;
                }
                if self.ends[pos] {
                    if target == UNSET {
                        Some(cur << 16)
                    } else {
                        (cur == target).then_some(target << 16)
                    }
                } else {
                    Some(target << 16 | cur)
                }
            }
            LineRule::Zipper { centre } => {
                // (common sum, 0 = unset) << 8 | pending first digit of a pair (0 = none).
                let (common, pending) = (s >> 8, s & 0xFF);
                let last = pos + 1 == self.len;
                if *centre && last {
                    return (common == 0 || common == d64).then_some(d64 << 8);
                }
                if pending == 0 {
                    Some(common << 8 | d64)
                } else {
                    let sum = pending + d64;
                    (common == 0 || common == sum).then_some(sum << 8)
                }
            }
            LineRule::Entropic(_) if self.len < 3 => Some(0),
            LineRule::Entropic(n) => {
                let class = u64::from(d.saturating_sub(1)) * 3 / u64::from((*n).max(1));
                // Two classes of the cells before, 3 = none.
                let (c1, c2) = if pos == 0 { (3, 3) } else { (s >> 2, s & 3) };
                (class != c1 && class != c2).then_some(c2 << 2 | class)
            }
            LineRule::Modular(k) => {
                let k = u64::from(*k).max(1);
                let r = d64 % k;
                // Up to k - 1 residues before, 4 bits each, the newest lowest, plus a count.
                let count = s >> 56;
                let window = count.min(k - 1);
                for i in 0..window {
                    if s >> (4 * i) & 0xF == r {
                        return None;
                    }
                }
                let kept = (k - 1).min(count + 1);
                let mask = if kept == 0 {
                    0
                } else {
                    (1u64 << (4 * kept)) - 1
                };
                let body = ((s & ((1u64 << 56) - 1)) << 4 | r) & mask;
                Some((count + 1).min(15) << 56 | body)
            }
            LineRule::Sandwich { sum, max } => {
                // phase (0 before, 1 inside, 2 after) << 24 | first marker is max << 23 | sum.
                let phase = s >> 24;
                let first_max = s >> 23 & 1;
                let acc = s & 0x7F_FFFF;
                let marker = d == 1 || d == *max;
                let is_max = u64::from(d == *max);
                match (phase, marker) {
                    (0, true) => Some(1 << 24 | is_max << 23),
                    (0, false) => Some(0),
                    (1, true) => (is_max != first_max).then_some(2 << 24 | acc),
                    (1, false) => {
                        let acc = acc + d64;
                        (acc <= u64::from(*sum)).then_some(s & !0x7F_FFFF | acc)
                    }
                    (_, true) => None,
                    (_, false) => Some(s),
                }
            }
            LineRule::XSum(t) => {
                // x << 32 | cells counted << 16 | sum.
                let t = u64::from(*t);
                if pos == 0 {
                    let fits = usize::from(d) <= self.len && d64 <= t;
                    return fits.then_some(d64 << 32 | 1 << 16 | d64);
                }
                let (x, count, sum) = (s >> 32, s >> 16 & 0xFFFF, s & 0xFFFF);
                if count < x {
                    let sum = sum + d64;
                    (sum <= t).then_some(x << 32 | (count + 1) << 16 | sum)
                } else {
                    Some(s)
                }
            }
            LineRule::Visible(k) => {
                let (tallest, seen) = (s >> 8, s & 0xFF);
                if d64 > tallest {
                    (seen < u64::from(*k)).then_some(d64 << 8 | (seen + 1))
                } else {
                    Some(s)
                }
            }
            LineRule::Contains(want) => {
                // Bit i: the i-th wanted digit is matched; a digit takes its first free slot.
                let slot = want
                    .iter()
                    .enumerate()
                    .position(|(i, &w)| w == d && s >> i & 1 == 0);
                let s = slot.map_or(s, |i| s | 1 << i);
                let missing = want.len() as u64 - u64::from(s.count_ones());
                (missing <= left).then_some(s)
            }
            LineRule::OneOf(digits) => digits.contains(&d).then_some(s),
        }
    }

    /// Whether a state after the last cell accepts.
    pub(crate) fn accept(&self, s: u64) -> bool {
        match self.rule {
            LineRule::Sum(t) => s == u64::from(*t),
            LineRule::Arrow { .. } | LineRule::EndsSum => s == 0,
            LineRule::Consecutive
            | LineRule::Increasing
            | LineRule::Between
            | LineRule::Lockout(_)
            | LineRule::Entropic(_)
            | LineRule::Modular(_)
            | LineRule::OneOf(_) => true,
            LineRule::EqualSegments(_) => s & 0xFFFF == 0,
            LineRule::Zipper { centre } => *centre || s & 0xFF == 0,
            LineRule::Sandwich { sum, .. } => s >> 24 == 2 && s & 0x7F_FFFF == u64::from(*sum),
            LineRule::XSum(t) => s >> 32 == (s >> 16 & 0xFFFF) && s & 0xFFFF == u64::from(*t),
            LineRule::Visible(k) => s & 0xFF == u64::from(*k),
            LineRule::Contains(want) => s.count_ones() as usize == want.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling of `len` cells with digits `1..=n` that the automaton accepts is one
    /// `holds` accepts, and the other way round.
    fn agrees(rule: &LineRule, n: u8, len: usize) {
        let a = Automaton::new(rule, len);
        let mut ds = vec![1u8; len];
        loop {
            let mut s = Some(a.start());
            for (pos, &d) in ds.iter().enumerate() {
                s = s.and_then(|s| a.step(pos, s, d));
            }
            let by_automaton = s.is_some_and(|s| a.accept(s));
            assert_eq!(by_automaton, rule.holds(&ds), "{rule:?} on {ds:?}");
            // Next filling, like an odometer.
            let mut i = 0;
            loop {
                if i == len {
                    return;
                }
                if ds[i] < n {
                    ds[i] += 1;
                    break;
                }
                ds[i] = 1;
                i += 1;
            }
        }
    }

    /// With the cells' boxes, the sum rules accept exactly the fillings that satisfy the
    /// rule and hold distinct digits within each box.
    #[test]
    fn box_bounds_keep_every_filling_of_distinct_boxes() {
        let boxes = [0usize, 0, 1, 1, 0];
        for rule in [
            LineRule::Sum(14),
            LineRule::Arrow { circle: 1 },
            LineRule::EndsSum,
        ] {
            let a = Automaton::new(&rule, 5).with_boxes(&boxes, 4);
            let mut ds = [1u8; 5];
            loop {
                let distinct =
                    (0..5).all(|i| (0..i).all(|j| boxes[i] != boxes[j] || ds[i] != ds[j]));
                if distinct {
                    let mut s = Some(a.start());
                    for (pos, &d) in ds.iter().enumerate() {
                        s = s.and_then(|s| a.step(pos, s, d));
                    }
                    assert_eq!(
                        s.is_some_and(|s| a.accept(s)),
                        rule.holds(&ds),
                        "{rule:?} {ds:?}"
                    );
                }
                let Some(i) = ds.iter().position(|&d| d < 4) else {
                    break;
                };
                ds[i] += 1;
                for d in &mut ds[..i] {
                    *d = 1;
                }
            }
        }
    }

    #[test]
    fn automata_agree_with_the_rules() {
        let rules = [
            (LineRule::Increasing, 6, 4),
            (LineRule::Sum(11), 6, 3),
            (LineRule::Arrow { circle: 1 }, 9, 3),
            (LineRule::Arrow { circle: 2 }, 9, 4),
            (LineRule::Arrow { circle: 3 }, 4, 5),
            (LineRule::EndsSum, 6, 4),
            (LineRule::Consecutive, 6, 3),
            (LineRule::Between, 6, 4),
            (LineRule::Lockout(3), 6, 4),
            (LineRule::EqualSegments(vec![2, 1, 2]), 6, 5),
            (LineRule::Zipper { centre: true }, 6, 5),
            (LineRule::Zipper { centre: false }, 6, 4),
            (LineRule::Entropic(6), 6, 5),
            (LineRule::Entropic(9), 9, 4),
            (LineRule::Entropic(6), 6, 2),
            (LineRule::Modular(3), 6, 5),
            (LineRule::Sandwich { sum: 5, max: 6 }, 6, 5),
            (LineRule::XSum(7), 6, 5),
            (LineRule::Visible(2), 6, 4),
            (LineRule::Contains(vec![1, 1, 3]), 4, 4),
            (LineRule::OneOf(vec![2, 4, 6]), 6, 2),
        ];
        for (rule, n, len) in &rules {
            agrees(rule, *n, *len);
        }
    }
}
