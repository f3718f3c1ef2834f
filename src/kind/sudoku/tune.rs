//! # A Killer a little harder or easier
//!
//! For `setter::tune`: two neighbouring cages merged where the solution's digits in the
//! union differ (so the merged cage is a Killer cage), or a cage split into two connected
//! cages of two cells or more, sums from the solution.

use crate::grid::{Cell, Grid};
use crate::kind::cage_edits::{self, merged_at, neighbour_pairs, split_at, sum};
use crate::puzzle::{Killer, KillerCage, Puzzle};

/// A Killer with two neighbouring cages merged, where the solution's digits in the union
/// differ (so the merged cage is a Killer cage).
pub(super) fn merges(k: &Killer, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    let shapes: Vec<&[Cell]> = cages.iter().map(|c| c.cells.as_slice()).collect();
    for (i, j) in neighbour_pairs(&shapes) {
        let (a, b) = (&cages[i], &cages[j]);
        let cells: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        let mut digits: Vec<u8> = cells.iter().map(|&c| *solution.get(c)).collect();
        digits.sort_unstable();
        digits.dedup();
        if digits.len() != cells.len() {
            continue;
        }
        let Some(total) = a.sum.checked_add(b.sum) else {
            continue;
        };
        let merged = KillerCage { sum: total, cells };
        let change = format!(
            "merged cages {} at {} and {} at {} into {total} at {}",
            a.sum,
            a.anchor().label(),
            b.sum,
            b.anchor().label(),
            merged.anchor().label()
        );
        let next = merged_at(cages, i, j, merged);
        if let Ok(killer) = Killer::new(k.sudoku().clone(), next) {
            out.push((Puzzle::Killer(killer), change));
        }
    }
    out
}

/// A Killer with one cage split into two connected cages of two cells or more.
pub(super) fn splits(k: &Killer, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        for (a, b) in cage_edits::splits(&cage.cells, 2) {
            let part = |cells: Vec<Cell>| {
                let total = u32::try_from(sum(solution, &cells)).ok()?;
                Some(KillerCage { sum: total, cells })
            };
            let (Some(a), Some(b)) = (part(a), part(b)) else {
                continue;
            };
            let change = format!(
                "split cage {} at {} into {} at {} and {} at {}",
                cage.sum,
                cage.anchor().label(),
                a.sum,
                a.anchor().label(),
                b.sum,
                b.anchor().label()
            );
            let next = split_at(cages, i, a, b);
            if let Ok(killer) = Killer::new(k.sudoku().clone(), next) {
                out.push((Puzzle::Killer(killer), change));
            }
        }
    }
    out
}
