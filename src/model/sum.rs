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

use crate::native::domains::Mask;

use super::house::hidden_singles;

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
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
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
}
