//! # Native Kakuro
//!
//! The white squares are the cells (digits 1..=9) and every clued run is a line. A run's
//! filter is exact arc consistency on "distinct digits adding up to the clue": a layered
//! walk over the *sets* of digits used so far (at most 2⁹ per layer). Layer `i` holds the
//! sets the first `i` cells can take, keeping only sets whose sum can still be completed
//! by the remaining cells to exactly the clue; a backward pass keeps the sets that reach
//! the clue and the digits on the way. A digit survives in a cell exactly when some
//! combination of distinct digits with the run's sum can be matched to the cells with
//! that digit in that cell, so naked singles, naked subsets and the combination
//! reasoning of human solvers all follow (hidden singles do not apply: a run needs not
//! hold every digit).

use crate::grid::{Cell, Grid};
use crate::native::domains::{min_digit, Mask};
use crate::native::lines::{LineFilter, Network};
use crate::puzzle::kakuro::Kakuro;

/// Digits 1..=9.
const DIGITS: Mask = 0b11_1111_1110;

/// A set of sets of digits: bit `s` stands for the set whose digit `d` is bit `d - 1`
/// of `s`.
type SetOfSets = [u64; 8];

/// A Kakuro as a line network: the white cells in row-major order, the runs as lines.
#[derive(Clone, Debug)]
pub(crate) struct KakuroModel {
    /// Cells and runs.
    pub net: Network,
    sums: Vec<u32>,
    white: Vec<Cell>,
    rows: usize,
    cols: usize,
    /// Sum of the digits of each set (bit `d - 1` for digit `d`).
    set_sum: Vec<u32>,
}

impl KakuroModel {
    /// The model of `k`.
    #[must_use]
    pub(crate) fn new(k: &Kakuro) -> Self {
        let (rows, cols) = (k.rows(), k.cols());
        let white = k.white_cells().to_vec();
        let mut index = vec![usize::MAX; rows * cols];
        for (i, c) in white.iter().enumerate() {
            index[c.index(cols)] = i;
        }
        let lines = k
            .runs()
            .iter()
            .map(|run| run.cells.iter().map(|c| index[c.index(cols)]).collect())
            .collect();
        let sums = k.runs().iter().map(|run| u32::from(run.sum)).collect();
        let set_sum = (0..512u32)
            .map(|s| (0..9).filter(|b| s >> b & 1 == 1).map(|b| b + 1).sum())
            .collect();
        KakuroModel {
            net: Network::new(white.len(), lines),
            sums,
            white,
            rows,
            cols,
            set_sum,
        }
    }

    /// Every white cell may hold any digit.
    #[must_use]
    pub(crate) fn root(&self) -> Vec<Mask> {
        vec![DIGITS; self.white.len()]
    }

    /// The solution grid (0 on non-white squares) of fixed domains.
    #[must_use]
    pub(crate) fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let mut g = Grid::filled(self.rows, self.cols, 0);
        for (c, &m) in self.white.iter().zip(doms) {
            g.set(*c, min_digit(m));
        }
        g
    }
}

impl LineFilter for KakuroModel {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        filter_run(self.sums[line], doms, &self.set_sum)
    }
}

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

/// Arc consistency for "the digits of `doms` are distinct and add up to `sum`".
fn filter_run(sum: u32, doms: &mut [Mask], set_sum: &[u32]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::bit;

    fn filtered(sum: u32, cells: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
        let table: Vec<u32> = (0..512u32)
            .map(|s| (0..9).filter(|b| s >> b & 1 == 1).map(|b| b + 1).sum())
            .collect();
        let mut doms: Vec<Mask> = cells
            .iter()
            .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
            .collect();
        filter_run(sum, &mut doms, &table).then(|| {
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
