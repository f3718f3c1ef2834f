//! # The distinct-sum family: distinct digits with a sum
//!
//! Two filters of "the digits of these cells are distinct and add up to `sum`" (a Kakuro
//! run, a Killer cage, an innie or outie):
//!
//! - [`exact`], arc consistency over digits `1..=9`: a layered walk over the *sets* of
//!   digits used so far (at most 2⁹ per layer). Layer `i` holds the sets the first `i` cells
//!   can take, keeping only sets whose sum can still be completed by the remaining cells to
//!   exactly the target; a backward pass keeps the sets that reach the target and the digits
//!   on the way. A digit survives in a cell exactly when some combination of distinct digits
//!   with the sum can be matched to the cells with that digit in that cell, so naked
//!   singles, naked subsets and the combination reasoning of human solvers all follow.
//! - [`combinations`], over the digit sets with the sum (any digits up to 31): a
//!   combination survives while every cell has a digit of it and each of its digits has a
//!   cell; a cell keeps the digits of surviving combinations, fixed digits leave the other
//!   cells, and a digit every surviving combination needs goes to its only possible cell.
//!   Weaker than [`exact`] (no matching), it is the `singles` technique of Killer grading.

use crate::native::domains::{digits, Mask};

use crate::native::alldiff::hidden_singles;

/// Digits 1..=9.
const DIGITS: Mask = 0b11_1111_1110;

/// The sets of `len` distinct digits 1..=`n` adding up to `sum`, as masks. A partial set is
/// extended only while the digits left can still reach the sum: `r` more digits from `d`
/// up add between `r·d + r(r−1)/2` and the `r` largest, so the walk visits the answers and
/// few dead ends (an implied sum of eight cells of a 16×16 Killer has hundreds of sets
/// among 12,870 eight-digit sets).
pub(crate) fn sets(n: usize, len: usize, sum: u32) -> Vec<Mask> {
    let n = n as u32;
    let mut out = Vec::new();
    let mut stack = vec![(1u32, 0u32, 0u32, 0 as Mask)];
    let len = len as u32;
    while let Some((next, count, total, mask)) = stack.pop() {
        if count == len {
            if total == sum {
                out.push(mask);
            }
            continue;
        }
        // After a digit d, r = len − count − 1 more digits above d remain to be chosen.
        let r = len - count - 1;
        for d in next..=n {
            let low = total + d + r * (d + 1) + r * r.saturating_sub(1) / 2;
            if low > sum || d + r > n {
                break;
            }
            // The r largest digits: n, n−1, …, n−r+1.
            let high = total + d + r * n - r * r.saturating_sub(1) / 2;
            if high < sum {
                continue;
            }
            stack.push((d + 1, count + 1, total + d, mask | 1 << d));
        }
    }
    out.sort_unstable();
    out
}

/// Filters the cells of a distinct sum by its combinations `combos`, to a fixpoint.
pub(crate) fn combinations(combos: &[Mask], doms: &mut [Mask]) -> bool {
    loop {
        let union = doms.iter().fold(0, |u, &m| u | m);
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m.count_ones() == 1 {
                if fixed & m != 0 {
                    return false;
                }
                fixed |= m;
            }
        }
        let (mut allowed, mut needed) = (0 as Mask, Mask::MAX);
        for &c in combos {
            if c & !union == 0 && c & fixed == fixed && doms.iter().all(|&m| m & c != 0) {
                allowed |= c;
                needed &= c;
            }
        }
        if allowed == 0 {
            return false;
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            let mut new = *m & allowed;
            if new.count_ones() > 1 {
                new &= !fixed;
            }
            if new == 0 {
                return false;
            }
            changed |= new != *m;
            *m = new;
        }
        match hidden_singles(doms, needed & !fixed) {
            Err(_) => return false,
            Ok(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
}

/// A distinct sum as the bitset search of [`super::houses`] filters it, on the grid's
/// candidates in place: the digit sets with the sum ([`sets`], computed once per puzzle),
/// the fixed digits and the candidates' union select the sets still possible (the
/// combination rule of ISS's `sum_handler.js`: every cell needs a digit of the set and
/// every digit of the set a cell), cells keep the digits of those sets, a digit every set
/// needs goes to its only cell, and once three cells or fewer are open their fillings are
/// walked exactly. Weaker than [`exact`] on wide sums, and far cheaper: no allocation.
#[derive(Clone, Debug)]
pub(crate) struct Cage {
    /// The cells, by number.
    pub(crate) cells: Vec<usize>,
    total: u32,
    combos: Vec<Mask>,
    /// For each set of candidates `m` (digits `1..=n` at index `m >> 1`), the digit sets of
    /// `combos` that meet it, as a bitset over `combos`: a cell keeps set `i` alive when bit
    /// `i` of its entry is set, so the sets every cell meets are the AND of one entry per
    /// cell. Built when `n` ≤ [`MEETS_MAX_N`] and there are 1 to 16 sets (at most 12 for
    /// `n` ≤ 9); empty otherwise (the sets are then scanned one by one).
    meets: Vec<u16>,
}

/// The largest `n` for which a [`Cage`] keeps its `meets` table (2^n entries).
const MEETS_MAX_N: usize = 9;

/// The table of [`Cage::meets`] for the digit sets `combos` over digits `1..=n`; empty
/// when `n` is past [`MEETS_MAX_N`], or there is no set or more than 16.
fn meets_table(n: usize, combos: &[Mask]) -> Vec<u16> {
    if n > MEETS_MAX_N || combos.is_empty() || combos.len() > 16 {
        return Vec::new();
    }
    let mut has = [0u16; MEETS_MAX_N];
    for (i, &c) in combos.iter().enumerate() {
        for (d, h) in has[..n].iter_mut().enumerate() {
            if c >> (d + 1) & 1 == 1 {
                *h |= 1 << i;
            }
        }
    }
    // Each entry from the one without its lowest digit.
    let mut table = vec![0u16; 1 << n];
    for m in 1..table.len() {
        table[m] = table[m & (m - 1)] | has[m.trailing_zeros() as usize];
    }
    table
}

/// The most cells of a [`Cage`] (digits up to 31 are distinct).
pub(crate) const MAX_CAGE: usize = 32;

impl Cage {
    /// The sum of the digits `1..=n` in `cells` adding up to `total`; `None` when it has
    /// more than [`MAX_CAGE`] cells.
    pub(crate) fn new(n: usize, cells: Vec<usize>, total: u32) -> Option<Self> {
        if cells.len() > MAX_CAGE {
            return None;
        }
        let combos = sets(n, cells.len(), total);
        Some(Cage {
            cells,
            total,
            meets: meets_table(n, &combos),
            combos,
        })
    }

    /// The same cage without its `meets` table (the sets scanned one by one): the path the
    /// table replaces, for tests.
    #[cfg(test)]
    fn scanning(mut self) -> Self {
        self.meets = Vec::new();
        self
    }

    /// The digits of the sets alive (every digit any of them holds) and the digits they
    /// all hold, from the `meets` table: the sets every cell of `d` meets, holding every
    /// digit of `must` and none outside `union` (a fixed cell meets only the sets holding
    /// its digit).
    fn alive_by_table(&self, d: &[Mask], union: Mask, must: Mask) -> (Mask, Mask, u16) {
        let last = self.meets.len() - 1;
        let entry = |m: Mask| self.meets[(m >> 1) as usize & last];
        // Every set (at most 16), less those holding a digit outside the union.
        let every = u16::MAX >> (16 - self.combos.len());
        let mut alive = every & !entry(!union);
        for &m in d {
            alive &= entry(m);
        }
        let fillable = alive;
        let mut need = must;
        while need != 0 {
            alive &= entry(need & need.wrapping_neg());
            need &= need - 1;
        }
        let (mut allowed, mut needed) = (0 as Mask, Mask::MAX);
        while alive != 0 {
            let c = self.combos[alive.trailing_zeros() as usize];
            alive &= alive - 1;
            allowed |= c;
            needed &= c;
        }
        (allowed, needed, fillable)
    }

    /// [`exact_few`] from the sets `fillable` (a bitset over `combos`): every filling of
    /// the (one to three) open cells of `d`, distinct digits outside the fixed ones `fixed`
    /// adding up to the rest of the total, is a set holding `fixed` that every cell meets
    /// and the union holds, its other digits matched to the open cells; so the supports
    /// are the matchings of those sets' open digits. The same answer as [`exact_few`], from
    /// a few sets rather than a walk over the first two cells' candidates.
    fn exact_by_sets(&self, d: &mut [Mask], fixed: Mask, mut fillable: u16) -> Option<bool> {
        let (open, m) = open_cells(d);
        let (a, b, c) = (d[open[0]], d[open[1 % m]], d[open[2 % m]]);
        let mut support = [0 as Mask; 3];
        while fillable != 0 {
            let set = self.combos[fillable.trailing_zeros() as usize] & !fixed;
            fillable &= fillable - 1;
            match m {
                1 => {
                    if a & set == set {
                        support[0] |= set;
                    }
                }
                2 => {
                    let lo = set & set.wrapping_neg();
                    let hi = set & !lo;
                    if a & lo != 0 && b & hi != 0 {
                        support[0] |= lo;
                        support[1] |= hi;
                    }
                    if a & hi != 0 && b & lo != 0 {
                        support[0] |= hi;
                        support[1] |= lo;
                    }
                }
                _ => {
                    let mut firsts = a & set;
                    while firsts != 0 {
                        let x = firsts & firsts.wrapping_neg();
                        firsts &= firsts - 1;
                        let r = set & !x;
                        let lo = r & r.wrapping_neg();
                        let hi = r & !lo;
                        if b & lo != 0 && c & hi != 0 {
                            support[0] |= x;
                            support[1] |= lo;
                            support[2] |= hi;
                        }
                        if b & hi != 0 && c & lo != 0 {
                            support[0] |= x;
                            support[1] |= hi;
                            support[2] |= lo;
                        }
                    }
                }
            }
        }
        narrow_to(d, &open[..m], &support)
    }

    /// Narrows the candidates of the cage's cells in `doms` into `out` (in cell order):
    /// the digits every filling left uses, `None` when no filling is left.
    #[cfg(test)]
    pub(crate) fn narrow(&self, doms: &[Mask], out: &mut [Mask; MAX_CAGE]) -> Option<Mask> {
        self.narrow_with(doms, out, 0)
    }

    /// As [`Cage::narrow`], keeping only the digit sets that hold every digit of `must`
    /// (the digits the rest of a house through the cage cannot take: ISS's complement
    /// cells, `sum_handler.js` `_enforceCombinationsWithComplement`).
    pub(crate) fn narrow_with(
        &self,
        doms: &[Mask],
        out: &mut [Mask; MAX_CAGE],
        must: Mask,
    ) -> Option<Mask> {
        let k = self.cells.len();
        let d = &mut out[..k];
        for (m, &c) in d.iter_mut().zip(&self.cells) {
            *m = doms[c];
        }
        loop {
            let (mut fixed, mut union) = (0 as Mask, 0 as Mask);
            for &m in d.iter() {
                if m == 0 || (m.is_power_of_two() && fixed & m != 0) {
                    return None;
                }
                if m.is_power_of_two() {
                    fixed |= m;
                }
                union |= m;
            }
            let (allowed, needed, fillable) = if self.meets.is_empty() {
                let (mut allowed, mut needed) = (0 as Mask, Mask::MAX);
                for &c in &self.combos {
                    if c & fixed == fixed
                        && c & must == must
                        && c & !union == 0
                        && d.iter().all(|&m| m & c != 0)
                    {
                        allowed |= c;
                        needed &= c;
                    }
                }
                (allowed, needed, 0)
            } else {
                self.alive_by_table(d, union, must)
            };
            if allowed == 0 {
                return None;
            }
            let mut changed = false;
            let mut open = 0;
            for m in d.iter_mut() {
                let mut new = *m & allowed;
                if !new.is_power_of_two() {
                    new &= !fixed;
                    open += 1;
                }
                if new == 0 {
                    return None;
                }
                changed |= new != *m;
                *m = new;
            }
            let mut lone = needed & !fixed;
            while lone != 0 {
                let b = lone & lone.wrapping_neg();
                lone &= lone - 1;
                let mut holders = d.iter_mut().filter(|m| **m & b != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => return None,
                    (Some(m), None) if *m != b => {
                        *m = b;
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed && open <= 3 && open > 0 && !self.meets.is_empty() {
                match self.exact_by_sets(d, fixed, fillable) {
                    Some(narrowed) => changed = narrowed,
                    None => return None,
                }
            } else if !changed && open <= 3 && open > 0 {
                let rest = self.total.checked_sub(digit_sum(fixed));
                match rest.map(|r| exact_few(d, fixed, r)) {
                    Some(Some(narrowed)) => changed = narrowed,
                    _ => return None,
                }
            }
            if !changed {
                return Some(needed);
            }
        }
    }
}

/// The sum of the digits of `m`.
fn digit_sum(mut m: Mask) -> u32 {
    let mut s = 0;
    while m != 0 {
        s += m.trailing_zeros();
        m &= m - 1;
    }
    s
}

/// Exact supports of the (at most three) open cells of `d`, whose digits, distinct and
/// outside `fixed`, add up to `rest`: whether any narrowed, `None` when none fits.
fn exact_few(d: &mut [Mask], fixed: Mask, rest: u32) -> Option<bool> {
    let (open, m) = open_cells(d);
    let mut support = [0 as Mask; 3];
    let doms = [d[open[0]], d[open[1 % m]], d[open[2 % m]]];
    let fits = |r: u32, used: Mask| r < Mask::BITS && (1 << r) & !used & !fixed != 0;
    match m {
        1 => {
            if fits(rest, 0) && doms[0] >> rest & 1 == 1 {
                support[0] = 1 << rest;
            }
        }
        2 => {
            for a in digits(doms[0]) {
                let Some(r) = rest.checked_sub(u32::from(a)) else {
                    break;
                };
                if fits(r, 1 << a) && doms[1] >> r & 1 == 1 {
                    support[0] |= 1 << a;
                    support[1] |= 1 << r;
                }
            }
        }
        _ => {
            for a in digits(doms[0]) {
                let Some(ra) = rest.checked_sub(u32::from(a)) else {
                    break;
                };
                for b in digits(doms[1] & !(1 << a)) {
                    let Some(r) = ra.checked_sub(u32::from(b)) else {
                        break;
                    };
                    if fits(r, 1 << a | 1 << b) && doms[2] >> r & 1 == 1 {
                        support[0] |= 1 << a;
                        support[1] |= 1 << b;
                        support[2] |= 1 << r;
                    }
                }
            }
        }
    }
    narrow_to(d, &open[..m], &support)
}

/// The indices of the open cells of `d` (at most three: the caller's guarantee) and how
/// many there are.
fn open_cells(d: &[Mask]) -> ([usize; 3], usize) {
    let mut open = [0usize; 3];
    let mut m = 0;
    for (i, &x) in d.iter().enumerate() {
        if !x.is_power_of_two() {
            open[m] = i;
            m += 1;
        }
    }
    (open, m)
}

/// Narrows the open cells `open` of `d` to their supports (`support[j]` for `open[j]`):
/// whether any narrowed, `None` when one has none.
fn narrow_to(d: &mut [Mask], open: &[usize], support: &[Mask; 3]) -> Option<bool> {
    let mut changed = false;
    for (j, &i) in open.iter().enumerate() {
        if support[j] == 0 {
            return None;
        }
        changed |= support[j] != d[i];
        d[i] = support[j];
    }
    Some(changed)
}

/// A set of sets of digits: bit `s` stands for the set whose digit `d` is bit `d - 1`
/// of `s`.
type SetOfSets = [u64; 8];

/// Smallest and largest sum of `r` distinct digits.
fn sum_bounds(r: usize) -> (u32, u32) {
    let r = r as u32;
    (r * (r + 1) / 2, r * (19 - r) / 2)
}

fn insert(s: &mut SetOfSets, x: usize) {
    s[x >> 6] |= 1 << (x & 63);
}

fn contains(s: &SetOfSets, x: usize) -> bool {
    s[x >> 6] >> (x & 63) & 1 == 1
}

/// The members of a set of sets, smallest first.
fn members(s: &SetOfSets) -> impl Iterator<Item = usize> + '_ {
    s.iter().enumerate().flat_map(|(w, &word)| {
        let mut m = word;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(w * 64 + b)
        })
    })
}

/// Arc consistency for "the digits of `doms` (within 1..=9) are distinct and add up to `sum`".
pub(crate) fn exact(sum: u32, doms: &mut [Mask]) -> bool {
    let set_sum = &SET_SUMS;
    let k = doms.len();
    if k == 0 || k > 9 {
        return k == 0 && sum == 0;
    }
    // layers[i]: digit sets of the first i cells whose sum can still be completed.
    let mut layers = vec![[0u64; 8]; k + 1];
    insert(&mut layers[0], 0);
    for i in 0..k {
        let (lo, hi) = sum_bounds(k - i - 1);
        let avail = (doms[i] & DIGITS) >> 1;
        let (head, tail) = layers.split_at_mut(i + 1);
        for s in members(&head[i]) {
            let mut free = avail & !(s as u32);
            while free != 0 {
                let b = free & free.wrapping_neg();
                free &= free - 1;
                let t = s | b as usize;
                let st = set_sum[t];
                if st + lo <= sum && st + hi >= sum {
                    insert(&mut tail[0], t);
                }
            }
        }
    }
    // Backward: keep the sets that reach the clue, and the digits used on the way.
    let mut good = [0u64; 8];
    for s in members(&layers[k]) {
        if set_sum[s] == sum {
            insert(&mut good, s);
        }
    }
    if good == [0; 8] {
        return false;
    }
    for i in (0..k).rev() {
        let avail = (doms[i] & DIGITS) >> 1;
        let mut prev = [0u64; 8];
        let mut support: Mask = 0;
        for s in members(&layers[i]) {
            let mut free = avail & !(s as u32);
            while free != 0 {
                let b = free & free.wrapping_neg();
                free &= free - 1;
                if contains(&good, s | b as usize) {
                    insert(&mut prev, s);
                    support |= b << 1;
                }
            }
        }
        doms[i] &= support;
        good = prev;
    }
    doms.iter().all(|&m| m != 0)
}

/// The sum of the digits of each set of digits 1..=9 (bit `d - 1` for digit `d`), the table
/// [`exact`] reads; computed once, at compile time.
const SET_SUMS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut b = 0;
        while b < 9 {
            if s >> b & 1 == 1 {
                table[s] += b as u32 + 1;
            }
            b += 1;
        }
        s += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::{bit, full};

    #[test]
    fn sum_sets() {
        assert_eq!(sets(4, 2, 5), vec![bit(2) | bit(3), bit(1) | bit(4)]);
        assert!(sets(4, 2, 8).is_empty());
        // The pruned walk finds exactly the sets brute force finds.
        for n in [4usize, 9, 12] {
            for len in 0..=n {
                for sum in 0..=(n * (n + 1) / 2) as u32 + 1 {
                    let mut brute: Vec<Mask> = (0..1u32 << n)
                        .map(|m| m << 1)
                        .filter(|m| m.count_ones() as usize == len)
                        .filter(|m| (1..=n as u32).filter(|d| m >> d & 1 == 1).sum::<u32>() == sum)
                        .collect();
                    brute.sort_unstable();
                    assert_eq!(sets(n, len, sum), brute, "n {n} len {len} sum {sum}");
                }
            }
        }
    }

    #[test]
    fn a_sum_needs_its_digits() {
        // 3 in two cells is 1 + 2.
        let mut d = vec![full(4), full(4)];
        assert!(combinations(&sets(4, 2, 3), &mut d));
        assert_eq!(d, vec![bit(1) | bit(2); 2]);
    }

    fn filtered(sum: u32, cells: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
        let mut doms: Vec<Mask> = cells
            .iter()
            .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
            .collect();
        exact(sum, &mut doms).then(|| {
            doms.iter()
                .map(|&m| crate::native::domains::digits(m).collect())
                .collect()
        })
    }

    #[test]
    fn combinations_fix_digits() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        // 3 in two cells is 1 + 2; 17 is 8 + 9.
        assert_eq!(filtered(3, &[all, all]), Some(vec![vec![1, 2], vec![1, 2]]));
        assert_eq!(
            filtered(17, &[all, all]),
            Some(vec![vec![8, 9], vec![8, 9]])
        );
        // 6 in three cells is 1 + 2 + 3; with one cell fixed to 3 the others are 1 or 2.
        assert_eq!(
            filtered(6, &[&[3], all, all]),
            Some(vec![vec![3], vec![1, 2], vec![1, 2]])
        );
        // 10 in two cells without 5 (distinct): 1+9, 2+8, 3+7, 4+6.
        assert_eq!(
            filtered(10, &[all, all]),
            Some(vec![vec![1, 2, 3, 4, 6, 7, 8, 9]; 2])
        );
        // Matching, not just covering: two cells {1, 2} leave 3 only for the third cell.
        assert_eq!(
            filtered(6, &[&[1, 2], &[1, 2], &[1, 2, 3]]),
            Some(vec![vec![1, 2], vec![1, 2], vec![3]])
        );
        assert_eq!(filtered(4, &[&[2], &[2]]), None);
        assert_eq!(filtered(45, &[all; 9]).map(|d| d[0].len()), Some(9));
    }

    /// Every (cell, digit) some filling of the sum uses, by brute force: `None` when none.
    fn supports(sum: u32, doms: &[Mask]) -> Option<Vec<Mask>> {
        fn walk(
            i: usize,
            used: Mask,
            left: u32,
            doms: &[Mask],
            path: &mut Vec<u8>,
            out: &mut [Mask],
        ) {
            if i == doms.len() {
                if left == 0 {
                    for (m, &d) in out.iter_mut().zip(path.iter()) {
                        *m |= bit(d);
                    }
                }
                return;
            }
            for d in crate::native::domains::digits(doms[i] & !used) {
                if u32::from(d) <= left {
                    path.push(d);
                    walk(i + 1, used | bit(d), left - u32::from(d), doms, path, out);
                    let _ = path.pop();
                }
            }
        }
        let mut out = vec![0; doms.len()];
        walk(0, 0, sum, doms, &mut Vec::new(), &mut out);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn cages_keep_every_filling_and_are_exact_on_three_open_cells() {
        let mut rng = crate::rng::SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        for _ in 0..3000 {
            let k = 1 + (next() % 5) as usize;
            let doms: Vec<Mask> = (0..k)
                .map(|_| {
                    let m = (next() as Mask) & full(9);
                    if m == 0 {
                        full(9)
                    } else {
                        m
                    }
                })
                .collect();
            let total = (next() % 36) as u32 + 1;
            let cage = Cage::new(9, (0..k).collect(), total).unwrap();
            let mut out = [0; MAX_CAGE];
            let got = cage.narrow(&doms, &mut out).map(|_| out[..k].to_vec());
            match (supports(total, &doms), got) {
                (Some(want), Some(got)) => {
                    assert!(
                        want.iter().zip(&got).all(|(w, g)| w & !g == 0),
                        "{doms:?} {total}"
                    );
                    if k <= 3 {
                        assert_eq!(want, got, "{doms:?} {total}");
                    }
                }
                (Some(want), None) => panic!("{doms:?} {total}: lost {want:?}"),
                (None, got) => assert!(k > 3 || got.is_none(), "{doms:?} {total}"),
            }
        }
    }

    /// The `meets` table gives what scanning the sets one by one gives, on random cages,
    /// candidates and digits the rest of a house cannot take.
    #[test]
    fn the_meets_table_filters_as_the_scan() {
        let mut rng = crate::rng::SplitMix64::new(38);
        let mut tabled = 0;
        for _ in 0..20_000 {
            let n = [4usize, 6, 9][rng.below(3) as usize];
            let k = 1 + rng.below(n as u64) as usize;
            // Between the k smallest digits and the k largest: a sum with digit sets.
            let (low, high) = ((k * (k + 1) / 2) as u64, (k * (2 * n + 1 - k) / 2) as u64);
            let total = rng.range(low, high) as u32;
            let cage = Cage::new(n, (0..k).collect(), total).unwrap();
            if cage.meets.is_empty() {
                continue;
            }
            tabled += 1;
            let doms: Vec<Mask> = (0..k)
                .map(|_| match rng.below(4) {
                    0 => bit(1 + rng.below(n as u64) as u8),
                    _ => (rng.next_u64() as Mask & full(n)) | bit(1 + rng.below(n as u64) as u8),
                })
                .collect();
            let must = match rng.below(3) {
                0 => rng.next_u64() as Mask & full(n) & rng.next_u64() as Mask,
                _ => 0,
            };
            let (mut a, mut b) = ([0; MAX_CAGE], [0; MAX_CAGE]);
            let got = cage.narrow_with(&doms, &mut a, must);
            let want = cage.clone().scanning().narrow_with(&doms, &mut b, must);
            assert_eq!(got, want, "n {n} total {total} doms {doms:?} must {must:b}");
            if got.is_some() {
                assert_eq!(
                    a[..k],
                    b[..k],
                    "n {n} total {total} doms {doms:?} must {must:b}"
                );
            }
        }
        assert!(tabled > 10_000, "{tabled} cages with a table");
    }

    #[test]
    fn digits_the_house_cannot_take_go_to_the_cage() {
        // A cage of two cells with sum 10 (1+9, 2+8, 3+7, 4+6) whose house has no other
        // place for 3: only 3+7 is left.
        let cage = Cage::new(9, vec![0, 1], 10).unwrap();
        let mut out = [0; MAX_CAGE];
        let doms = [full(9), full(9)];
        assert!(cage.narrow_with(&doms, &mut out, bit(3)).is_some());
        assert_eq!(out[..2], [bit(3) | bit(7); 2]);
        // Two digits no set holds together: no filling.
        assert!(cage.narrow_with(&doms, &mut out, bit(3) | bit(4)).is_none());
        // Without the rule every set stays.
        assert!(cage.narrow_with(&doms, &mut out, 0).is_some());
        assert_eq!(out[0].count_ones(), 8);
    }
}
