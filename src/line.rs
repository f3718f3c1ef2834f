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

    /// The same automaton, its sum bounds tightened by the boxes of the cells (`boxes[i]`:
    /// the box of cell `i`; cells of one box hold distinct digits `1..=n`). Any partition
    /// of the cells into groups of distinct digits serves (boxes, rows, columns); applied
    /// once per partition, the bounds are the tightest of them.
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
            let (was_lo, was_hi) = self.rest[pos];
            self.rest[pos] = (was_lo.max(lo), was_hi.min(hi));
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

/// A sum rule ([`LineRule::Sum`], [`LineRule::Arrow`], [`LineRule::EndsSum`]) as one
/// linear equation over cells, `Σ coef · digit = target`, read by an automaton whose state
/// is what the cells still owe (ISS's sum handlers work on the same form).
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    coefs: Vec<i64>,
    target: i64,
    /// The least and the largest `Σ coef · digit` of the cells after each position.
    rest: Vec<(i64, i64)>,
}

/// The largest coefficient a rewriting may make (beyond it the rule stays as it was).
const COEF_MAX: i64 = 1 << 20;

/// `rule` over `cells` as terms `(cell, coef)` and a target; `None` for the other rules.
fn terms<C: Copy + Eq>(rule: &LineRule, cells: &[C]) -> Option<(Vec<(C, i64)>, i64)> {
    let mut out: Vec<(C, i64)> = Vec::with_capacity(cells.len());
    let target = match rule {
        LineRule::Sum(t) => {
            out.extend(cells.iter().map(|&c| (c, 1)));
            i64::from(*t)
        }
        LineRule::Arrow { circle } => {
            let k = usize::from(*circle).min(cells.len());
            let mut place = 1i64;
            for &c in cells[..k].iter().rev() {
                out.push((c, place));
                place = place.checked_mul(10).filter(|&p| p <= COEF_MAX)?;
            }
            out.reverse();
            out.extend(cells[k..].iter().map(|&c| (c, -1)));
            0
        }
        LineRule::EndsSum if cells.len() >= 2 => {
            out.extend(cells[..2].iter().map(|&c| (c, 1)));
            out.extend(cells[2..].iter().map(|&c| (c, -1)));
            0
        }
        _ => return None,
    };
    // A cell met twice adds its coefficients.
    let mut merged: Vec<(C, i64)> = Vec::with_capacity(out.len());
    for (c, k) in out {
        match merged.iter_mut().find(|(x, _)| *x == c) {
            Some((_, was)) => *was = was.checked_add(k)?,
            None => merged.push((c, k)),
        }
    }
    merged.retain(|&(_, k)| k != 0);
    Some((merged, target))
}

/// A sum rule over `cells` as a linear equation `(cells, coefs, target)`, rewritten by the
/// `houses` (groups of `n` cells holding each digit `1..=n` once, so adding up to
/// n(n + 1)/2): where more cells of a house share a coefficient `a` than the house has
/// cells off the equation, `a` times the house's sum is taken out (the house's other cells
/// get `−a`). Every step leaves fewer cells, so an arrow along whole rows and columns
/// shrinks to the few cells they miss (ISS's optimizer does the same). `None` for the
/// other rules.
pub(crate) fn linear_form<C: Copy + Eq>(
    rule: &LineRule,
    cells: &[C],
    houses: &[Vec<C>],
    n: u8,
) -> Option<(Vec<C>, Vec<i64>, i64)> {
    let (mut terms, mut target) = terms(rule, cells)?;
    let house_sum = i64::from(n) * (i64::from(n) + 1) / 2;
    let coef = |terms: &[(C, i64)], c: C| terms.iter().find(|(x, _)| *x == c).map_or(0, |t| t.1);
    let mut changed = true;
    while changed {
        changed = false;
        for house in houses.iter().filter(|h| h.len() == usize::from(n)) {
            let present: Vec<i64> = house
                .iter()
                .map(|&c| coef(&terms, c))
                .filter(|&k| k != 0)
                .collect();
            let off = house.len() - present.len();
            let Some(a) = present
                .iter()
                .copied()
                .find(|&a| present.iter().filter(|&&k| k == a).count() > off)
            else {
                continue;
            };
            let Some(t) = a.checked_mul(house_sum).and_then(|s| target.checked_sub(s)) else {
                continue;
            };
            let mut next = terms.clone();
            let mut fits = true;
            for &c in house {
                match next.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, k)) => *k -= a,
                    None => next.push((c, -a)),
                }
            }
            next.retain(|&(_, k)| {
                fits &= k.abs() <= COEF_MAX;
                k != 0
            });
            if fits {
                (terms, target) = (next, t);
                changed = true;
            }
        }
    }
    let (cells, coefs) = terms.into_iter().unzip();
    Some((cells, coefs, target))
}

impl Linear {
    /// The automaton of `Σ coefs[i] · digit(i) = target` over digits `1..=n`, its bounds
    /// tightened by `parts` (each a partition of the cells into groups of distinct digits,
    /// `parts[p][i]` the group of cell `i`; boxes, rows, columns).
    pub(crate) fn new(coefs: Vec<i64>, target: i64, n: u8, parts: &[Vec<usize>]) -> Self {
        let len = coefs.len();
        let n64 = i64::from(n);
        let mut rest = vec![(i64::MIN, i64::MAX); len];
        let singles: Vec<usize> = (0..len).collect();
        let parts = parts.iter().filter(|p| p.len() == len);
        for groups in parts.chain([&singles]) {
            for (pos, bound) in rest.iter_mut().enumerate() {
                // (group, coefficient) → cells after pos.
                let mut counts: Vec<(usize, i64, i64)> = Vec::new();
                for key in groups[pos + 1..]
                    .iter()
                    .copied()
                    .zip(coefs[pos + 1..].iter().copied())
                {
                    match counts.iter_mut().find(|(g, a, _)| (*g, *a) == key) {
                        Some((_, _, k)) => *k += 1,
                        None => counts.push((key.0, key.1, 1)),
                    }
                }
                let (mut lo, mut hi) = (0i64, 0i64);
                for &(_, a, k) in &counts {
                    let k = k.min(n64);
                    let (small, large) = (k * (k + 1) / 2, k * (2 * n64 + 1 - k) / 2);
                    let (x, y) = (a.saturating_mul(small), a.saturating_mul(large));
                    lo = lo.saturating_add(x.min(y));
                    hi = hi.saturating_add(x.max(y));
                }
                *bound = (bound.0.max(lo), bound.1.min(hi));
            }
        }
        Linear {
            coefs,
            target,
            rest,
        }
    }

    /// The state before the first cell: all of the target is owed.
    pub(crate) fn start(&self) -> i64 {
        self.target
    }

    /// The state after digit `d` at position `pos`: what the cells after it owe, `None` when
    /// they cannot.
    pub(crate) fn step(&self, pos: usize, s: i64, d: u8) -> Option<i64> {
        let owed = s.checked_sub(self.coefs[pos].checked_mul(i64::from(d))?)?;
        let (lo, hi) = self.rest[pos];
        (lo..=hi).contains(&owed).then_some(owed)
    }

    /// Whether nothing is owed after the last cell.
    pub(crate) fn accept(s: i64) -> bool {
        s == 0
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

    /// The linear form, rewritten by a house, accepts exactly the fillings (distinct in
    /// the house) that satisfy the rule.
    #[test]
    fn linear_forms_keep_every_filling_of_distinct_houses() {
        // Cells 0..=3 are a house of digits 1..=4; cells 4 and 5 are free.
        let houses = [vec![0usize, 1, 2, 3]];
        let cases = [
            (LineRule::Arrow { circle: 1 }, vec![4, 0, 1, 2]),
            (LineRule::Arrow { circle: 2 }, vec![4, 5, 0, 1, 2, 3]),
            (LineRule::Sum(12), vec![0, 1, 3, 5]),
            (LineRule::EndsSum, vec![4, 3, 0, 1, 2]),
            (LineRule::Sum(7), vec![4, 5]),
        ];
        for (rule, cells) in &cases {
            let (on, coefs, target) = linear_form(rule, cells, &houses, 4).unwrap();
            let partition = [vec![0usize, 0, 0, 0, 4, 5]];
            let parts: Vec<Vec<usize>> = partition
                .iter()
                .map(|p| on.iter().map(|&c| p[c]).collect())
                .collect();
            let a = Linear::new(coefs, target, 4, &parts);
            let mut ds = [1u8; 6];
            loop {
                let distinct = (0..4).all(|i| (0..i).all(|j| ds[i] != ds[j]));
                if distinct {
                    let line: Vec<u8> = cells.iter().map(|&c| ds[c]).collect();
                    let mut s = Some(a.start());
                    for (pos, &c) in on.iter().enumerate() {
                        s = s.and_then(|s| a.step(pos, s, ds[c]));
                    }
                    assert_eq!(
                        s.is_some_and(Linear::accept),
                        rule.holds(&line),
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
        // The arrow along three cells of the house keeps two cells: 4 + 3 = 10.
        let (on, coefs, target) =
            linear_form(&LineRule::Arrow { circle: 1 }, &[4, 0, 1, 2], &houses, 4).unwrap();
        assert_eq!((on, coefs, target), (vec![4, 3], vec![1, 1], 10));
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
