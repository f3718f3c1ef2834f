//! # Cage edits: the merges and splits of `setter::tune`
//!
//! What a kind with cages needs to propose a harder puzzle (two neighbouring cages merged)
//! or an easier one (a cage split into two connected parts): which cages touch, the splits
//! of a cage, and the sums and products of the solution's digits that become the new
//! targets, with checked arithmetic. Each kind writes its own cages from them
//! (`kenken/tune.rs`, `sudoku/tune.rs`).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Cage, Op};

/// Whether some cell of `a` is an orthogonal neighbour of some cell of `b`.
fn touching(a: &[Cell], b: &[Cell]) -> bool {
    a.iter().any(|&x| b.iter().any(|&y| x.is_adjacent(y)))
}

/// The pairs `(i, j)`, `i < j`, of cages (given by their cells) that touch.
pub(super) fn neighbour_pairs(cages: &[&[Cell]]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..cages.len() {
        for j in i + 1..cages.len() {
            if touching(cages[i], cages[j]) {
                out.push((i, j));
            }
        }
    }
    out
}

/// Whether `cells` form one orthogonally connected piece.
fn connected(cells: &[Cell]) -> bool {
    Cage {
        op: Op::Add,
        target: 1,
        cells: cells.to_vec(),
    }
    .is_contiguous()
}

/// Every split of `cells` into two connected parts, each at least `least` cells (each
/// split once: the part holding the first cell comes first).
pub(super) fn splits(cells: &[Cell], least: usize) -> Vec<(Vec<Cell>, Vec<Cell>)> {
    let n = cells.len();
    if n < 2 * least.max(1) || n > 16 {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Masks with bit 0 set: the first cell's part.
    for mask in (1u32..(1 << n) - 1).filter(|m| m & 1 == 1) {
        let side = |first: bool| -> Vec<Cell> {
            (0..n)
                .filter(|i| (mask >> i & 1 == 1) == first)
                .map(|i| cells[i])
                .collect()
        };
        let (a, b) = (side(true), side(false));
        if a.len() >= least && b.len() >= least && connected(&a) && connected(&b) {
            out.push((a, b));
        }
    }
    out
}

/// `cages` with the `i`th replaced by `merged` and the `j`th (`j > i`) gone.
pub(super) fn merged_at<T: Clone>(cages: &[T], i: usize, j: usize, merged: T) -> Vec<T> {
    let mut next = cages.to_vec();
    next[i] = merged;
    let _ = next.remove(j);
    next
}

/// `cages` with the `i`th replaced by its parts `a` and `b`.
pub(super) fn split_at<T: Clone>(cages: &[T], i: usize, a: T, b: T) -> Vec<T> {
    let mut next = cages.to_vec();
    next[i] = a;
    next.insert(i + 1, b);
    next
}

/// The sum of the solution's digits in `cells`.
pub(super) fn sum(solution: &Grid<u8>, cells: &[Cell]) -> u64 {
    cells.iter().map(|&c| u64::from(*solution.get(c))).sum()
}

/// The product of the solution's digits in `cells`, `None` past `u64`.
pub(super) fn product(solution: &Grid<u8>, cells: &[Cell]) -> Option<u64> {
    cells
        .iter()
        .try_fold(1u64, |p, &c| p.checked_mul(u64::from(*solution.get(c))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_connected_and_each_once() {
        let c = |r: u8, k: u8| Cell::new(r, k);
        // An L of three cells: A1 A2 B1 splits as {A1 A2}|{B1}, {A1 B1}|{A2}, {A1}|... no:
        // A1 alone leaves A2 and B1 apart.
        let l = [c(0, 0), c(0, 1), c(1, 0)];
        let s = splits(&l, 1);
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(s.iter().all(|(a, b)| connected(a) && connected(b)));
        assert!(splits(&l, 2).is_empty());
        // A 2×2 square: four ways into two dominoes or a cell and an L, each part connected.
        let square = [c(0, 0), c(0, 1), c(1, 0), c(1, 1)];
        assert_eq!(splits(&square, 2).len(), 2);
        assert_eq!(splits(&square, 1).len(), 6);
    }
}
