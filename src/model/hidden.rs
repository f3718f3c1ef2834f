//! # Hidden cages: a house against a cage that sticks out of it by one cell
//!
//! [`super::implied`] derives a house's innies (the house minus the cages wholly inside it)
//! and, when cages cover the house, its outies. ISS's optimizer
//! (`_makeHiddenCageHandlers`) also ties one house to each cage that has every cell but one
//! inside it: with `R` the cells of the house outside the cages wholly inside it and
//! outside that cage, and `x` the cage's cell outside the house,
//!
//! `Σ R − x = N(N+1)/2 − Σ (targets of the cages inside) − target of the cage`,
//!
//! an arrow with an offset: the outside cell's digit follows the remaining cells of the house.
//! Each such sum with at most [`MAX_SUM_SIZE`] cells becomes a [`Derived`] sum, filtered by
//! the bitset search as a [`super::derived::Linear`] (its digits may repeat: `x` lies in
//! another house). Every one holds in every solution, so counts never change.
//!
//! Measured on Tarek's 42 hard Killers (`tests/data/collections/tarek-42.killers`, native
//! search, with the complement rule of [`super::sum::Cage::narrow_with`]; user seconds, the
//! best of three on the loaded 2-core machine): no hidden cage 55,486 backtracks, 2.45 s; at
//! most 3 cells 52,989, 2.32 s; 5 cells 51,819, 2.51 s; 6 cells (ISS's limit) 49,766,
//! 2.87 s. Past three cells the exact filter of each sum costs more than the backtracks it
//! saves. Filtering `R` as distinct digits (a cage's digit sets against the outside cell)
//! instead did no better at three cells and, at six, took one puzzle from 7,165 backtracks
//! to 44,843.
//!
//! ## References
//!
//! - The Interactive Sudoku Solver (`sigh/Interactive-Sudoku-Solver`, MIT),
//!   `js/solver/optimizer.js`: `_makeHiddenCageHandlers` (the outies of one cell).

use super::derived::Derived;
use super::Lowered;

/// The most cells of a hidden cage, the outside cell included (ISS allows 6; measured
/// above).
const MAX_SUM_SIZE: usize = 3;

/// The sums of every house against each cage with exactly one cell outside it, each once.
/// Cages that overlap another cage are left out (the rule needs cages that do not share
/// cells).
pub(crate) fn sums(lowered: &Lowered) -> Vec<Derived> {
    let n = lowered.n;
    let cells = lowered.cells.len();
    let house_total = i64::try_from(n * (n + 1) / 2).unwrap_or(i64::MAX);
    // The cage of each cell, among the cages that do not overlap (greedily, in order).
    let mut cage_of = vec![usize::MAX; cells];
    for (i, (cs, _)) in lowered.sums.iter().enumerate() {
        if cs.iter().all(|&c| cage_of.get(c) == Some(&usize::MAX)) {
            cs.iter().for_each(|&c| cage_of[c] = i);
        }
    }
    let mut out: Vec<Derived> = Vec::new();
    let mut in_house = vec![false; cells];
    for house in lowered.houses() {
        house.iter().for_each(|&c| in_house[c] = true);
        let meeting = super::implied::cages_meeting(house, &cage_of);
        let outside = |i: usize| lowered.sums[i].0.iter().filter(|&&c| !in_house[c]);
        let within: Vec<usize> = meeting
            .iter()
            .copied()
            .filter(|&i| outside(i).next().is_none())
            .collect();
        let covered: i64 = within.iter().map(|&i| i64::from(lowered.sums[i].1)).sum();
        for &o in &meeting {
            let mut out_cells = outside(o);
            let (Some(&x), None) = (out_cells.next(), out_cells.next()) else {
                continue;
            };
            let rest: Vec<usize> = house
                .iter()
                .copied()
                .filter(|&c| cage_of[c] != o && !within.contains(&cage_of[c]))
                .collect();
            if rest.len() + 1 > MAX_SUM_SIZE {
                continue;
            }
            let mut plus = rest;
            plus.sort_unstable();
            let d = Derived {
                plus,
                minus: vec![x],
                total: house_total - covered - i64::from(lowered.sums[o].1),
            };
            if !out.contains(&d) {
                out.push(d);
            }
        }
        house.iter().for_each(|&c| in_house[c] = false);
    }
    out
}
