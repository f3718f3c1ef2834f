//! # Implied constraints, derived once
//!
//! Sums that follow from the houses and the distinct sums of a model (a Killer's cages),
//! which every Killer specialist derives before searching (ISS's optimizer; the "45 rule"
//! of solving guides). A house holds each digit `1..=N` once, so its digits add up to
//! `N(N+1)/2`:
//!
//! - *innies*: the cells of a house outside the sums that lie wholly inside it add up to
//!   `N(N+1)/2` minus those sums;
//! - *outies*: when the sums that meet a house cover it, the cells of those sums outside
//!   the house add up to their total minus `N(N+1)/2`; they are a distinct sum when they lie
//!   in one house.
//!
//! Each derived sum is a distinct sum like a cage: the searches filter it with the same
//! combination tables.
//!
//! Products agree the same way: two groups of products that each cover every cell once
//! (a CrossProduct's rows and its columns) multiply the same digits, so for each prime of a
//! digit (2, 3, 5, 7) their exponents add up alike, and no product holds another prime
//! ([`products_agree`]); when they do not, there is no solution, whatever each line allows.

use std::collections::BTreeMap;

use crate::puzzle::ConstraintKind;

use super::Lowered;

/// Whether every group of products (by constraint kind) that covers each cell exactly once
/// has the same exponent of 2, 3, 5 and 7 in total as the others, with no other prime in
/// any product. True when the model has no such group or digits above 9.
pub(crate) fn products_agree(lowered: &Lowered) -> bool {
    if lowered.products.is_empty() || lowered.n > 9 {
        return true;
    }
    let mut groups: BTreeMap<ConstraintKind, Vec<(&[usize], u64)>> = BTreeMap::new();
    for (cells, target, kind) in &lowered.products {
        groups.entry(*kind).or_default().push((cells, *target));
    }
    let mut totals = Vec::new();
    for group in groups.values() {
        let mut seen = vec![0u8; lowered.cells.len()];
        for (cells, _) in group {
            for &c in *cells {
                seen[c] = seen[c].saturating_add(1);
            }
        }
        if seen.iter().any(|&k| k != 1) {
            continue;
        }
        let mut sums = [0u64; 4];
        for &(_, target) in group {
            let mut rest = target;
            for (sum, prime) in sums.iter_mut().zip([2u64, 3, 5, 7]) {
                while rest != 0 && rest % prime == 0 {
                    rest /= prime;
                    *sum += 1;
                }
            }
            if rest != 1 {
                return false;
            }
        }
        totals.push(sums);
    }
    totals.windows(2).all(|w| w[0] == w[1])
}

/// The cages (indices into `Lowered::sums`, by `cage_of`: `usize::MAX` for no cage) with a
/// cell in `house`, each once, in order.
pub(super) fn cages_meeting(house: &[usize], cage_of: &[usize]) -> Vec<usize> {
    let mut meeting: Vec<usize> = house
        .iter()
        .map(|&c| cage_of[c])
        .filter(|&i| i != usize::MAX)
        .collect();
    meeting.sort_unstable();
    meeting.dedup();
    meeting
}

/// The innie and outie sums of `lowered`, each once, none equal to a sum it already has.
pub(crate) fn sums(lowered: &Lowered) -> Vec<(Vec<usize>, u32)> {
    let n = lowered.n;
    let house_total = (n * (n + 1) / 2) as u32;
    let mut cage_of = vec![usize::MAX; lowered.cells.len()];
    for (i, (cells, _)) in lowered.sums.iter().enumerate() {
        for &c in cells {
            cage_of[c] = i;
        }
    }
    let houses: Vec<&Vec<usize>> = lowered.houses().collect();
    let mut out: Vec<(Vec<usize>, u32)> = Vec::new();
    // The cells of the sums the model has, sorted once: a derived sum equal to one is dropped.
    let mut known: Vec<Vec<usize>> = lowered.sums.iter().map(|(c, _)| c.clone()).collect();
    for c in &mut known {
        c.sort_unstable();
    }
    let mut push = |mut cells: Vec<usize>, sum: u32| {
        cells.sort_unstable();
        if !cells.is_empty()
            && cells.len() < n
            && !known.contains(&cells)
            && !out.iter().any(|(c, _)| *c == cells)
        {
            out.push((cells, sum));
        }
    };
    for house in &houses {
        let meeting = cages_meeting(house, &cage_of);
        let inside = |i: &usize| lowered.sums[*i].0.iter().all(|c| house.contains(c));
        // Innies.
        let within: Vec<usize> = meeting.iter().copied().filter(inside).collect();
        if !within.is_empty() {
            let covered: u32 = within.iter().map(|&i| lowered.sums[i].1).sum();
            let rest = house
                .iter()
                .copied()
                .filter(|&c| !within.contains(&cage_of[c]))
                .collect();
            push(rest, house_total.saturating_sub(covered));
        }
        // Outies.
        if house.iter().all(|&c| cage_of[c] != usize::MAX) {
            let total: u32 = meeting.iter().map(|&i| lowered.sums[i].1).sum();
            let outside: Vec<usize> = meeting
                .iter()
                .flat_map(|&i| lowered.sums[i].0.iter().copied())
                .filter(|c| !house.contains(c))
                .collect();
            let in_one = houses.iter().any(|h| outside.iter().all(|c| h.contains(c)));
            if in_one {
                push(outside, total.saturating_sub(house_total));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::puzzle::{Killer, KillerCage, Sudoku};

    fn cage(sum: u32, cells: &[(u8, u8)]) -> KillerCage {
        KillerCage {
            sum,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        }
    }

    #[test]
    fn innies_and_outies_of_a_row() {
        // 4×4: row A is cage 3 (A1 A2) + the innie A3 A4 = 10 - 3 = 7; cage 9 (A3 A4 B4)
        // covers the rest of row A, so B4 (an outie of row A) = 3 + 9 - 10 = 2.
        let s = Sudoku::new(4, (2, 2), &[]).unwrap();
        let k = Killer::new(
            s,
            vec![
                cage(3, &[(0, 0), (0, 1)]),
                cage(9, &[(0, 2), (0, 3), (1, 3)]),
            ],
        )
        .unwrap();
        let lowered = Lowered::new(&k.constraints()).unwrap();
        let sums = sums(&lowered);
        assert!(sums.contains(&(vec![2, 3], 7)), "{sums:?}");
        assert!(sums.contains(&(vec![7], 2)), "{sums:?}");
        // Every derived sum holds in every solution (checked by brute force in tests/it).
        assert!(sums
            .iter()
            .all(|(cells, _)| !cells.is_empty() && cells.len() < 4));
    }
}
