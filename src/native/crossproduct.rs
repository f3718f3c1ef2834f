//! # Native CrossProduct
//!
//! The table's cells (digits 1..=9, repeats allowed) and its rows and columns as lines.
//! A line's filter is exact arc consistency on "the digits multiply to the target", by a
//! layered walk over the divisors of the target (as the CNF encoder's line filter does on
//! its automata, [`crate::encode::crossproduct`]): layer `i` holds the products the first
//! `i` cells can make that still divide the target and leave a quotient the remaining
//! cells can reach (at most `9^rest`); a backward pass keeps the products from which the
//! target is reached, and the digits on the way. Search then enumerates every solution,
//! so counts are exact.

use crate::grid::Grid;
use crate::native::domains::{bit, digits, min_digit, Mask};
use crate::native::lines::{LineFilter, Network};
use crate::puzzle::crossproduct::CrossProduct;

/// Digits 1..=9.
const DIGITS: Mask = 0b11_1111_1110;

/// A CrossProduct as a line network: cells row-major, rows then columns as lines.
#[derive(Clone, Debug)]
pub struct CrossProductModel {
    /// Cells and lines.
    pub net: Network,
    targets: Vec<u64>,
    rows: usize,
    cols: usize,
}

impl CrossProductModel {
    /// The model of `p`.
    #[must_use]
    pub fn new(p: &CrossProduct) -> Self {
        let (rows, cols) = p.dims();
        let lines = (0..rows)
            .map(|r| (0..cols).map(|c| r * cols + c).collect())
            .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
            .collect();
        let targets = p.rows().iter().chain(p.cols()).copied().collect();
        CrossProductModel {
            net: Network::new(rows * cols, lines),
            targets,
            rows,
            cols,
        }
    }

    /// Every cell may hold any digit.
    #[must_use]
    pub fn root(&self) -> Vec<Mask> {
        vec![DIGITS; self.rows * self.cols]
    }

    /// The solution grid of fixed domains.
    #[must_use]
    pub fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let rows = doms
            .chunks(self.cols)
            .map(|row| row.iter().map(|&m| min_digit(m)).collect())
            .collect();
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(self.rows, self.cols, 0))
    }
}

impl LineFilter for CrossProductModel {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        filter_line(self.targets[line], doms)
    }
}

/// `p · d` when it divides `target` and the quotient is at most `reach`.
fn step(target: u64, p: u64, d: u8, reach: u64) -> Option<u64> {
    let q = p.checked_mul(u64::from(d))?;
    (target % q == 0 && target / q <= reach).then_some(q)
}

/// Arc consistency for "the digits of `doms` multiply to `target`".
fn filter_line(target: u64, doms: &mut [Mask]) -> bool {
    let k = doms.len();
    // reach[i]: the largest product the cells from i on can make.
    let mut reach = vec![1u64; k + 1];
    for i in (0..k).rev() {
        reach[i] = reach[i + 1].saturating_mul(u64::from(max_digit(doms[i])));
    }
    let mut layers: Vec<Vec<u64>> = Vec::with_capacity(k + 1);
    layers.push(vec![1]);
    for i in 0..k {
        let (dom, rest) = (doms[i], reach[i + 1]);
        let mut next: Vec<u64> = layers[i]
            .iter()
            .flat_map(|&p| digits(dom).filter_map(move |d| step(target, p, d, rest)))
            .collect();
        next.sort_unstable();
        next.dedup();
        if next.is_empty() {
            return false;
        }
        layers.push(next);
    }
    if layers[k].binary_search(&target).is_err() {
        return false;
    }
    let mut good = vec![target];
    for i in (0..k).rev() {
        let mut prev = Vec::new();
        let mut support: Mask = 0;
        for &p in &layers[i] {
            let mut used = false;
            for d in digits(doms[i]) {
                let reached = step(target, p, d, reach[i + 1])
                    .is_some_and(|q| good.binary_search(&q).is_ok());
                if reached {
                    support |= bit(d);
                    used = true;
                }
            }
            if used {
                prev.push(p);
            }
        }
        doms[i] &= support;
        good = prev;
    }
    doms.iter().all(|&m| m != 0)
}

fn max_digit(m: Mask) -> u8 {
    if m == 0 {
        0
    } else {
        crate::native::domains::max_digit(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filtered(target: u64, cells: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
        let mut doms: Vec<Mask> = cells
            .iter()
            .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
            .collect();
        filter_line(target, &mut doms).then(|| doms.iter().map(|&m| digits(m).collect()).collect())
    }

    #[test]
    fn products_fix_digits() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        // 49 in two cells is 7 · 7; 6 is 1·6, 2·3, 3·2, 6·1.
        assert_eq!(filtered(49, &[all, all]), Some(vec![vec![7], vec![7]]));
        assert_eq!(
            filtered(6, &[all, all]),
            Some(vec![vec![1, 2, 3, 6], vec![1, 2, 3, 6]])
        );
        // 729 = 9 · 9 · 9; 72 in two cells is 8 · 9 or 9 · 8.
        assert_eq!(filtered(729, &[all; 3]), Some(vec![vec![9]; 3]));
        assert_eq!(filtered(72, &[all, all]), Some(vec![vec![8, 9]; 2]));
        // With one cell fixed to 2, 36 leaves 18 = 2·9, 3·6, 6·3, 9·2.
        assert_eq!(
            filtered(36, &[&[2], all, all]),
            Some(vec![vec![2], vec![2, 3, 6, 9], vec![2, 3, 6, 9]])
        );
        assert_eq!(filtered(11, &[all, all]), None);
        assert_eq!(filtered(100, &[all]), None);
        assert_eq!(filtered(u64::MAX, &[all; 3]), None);
    }
}
