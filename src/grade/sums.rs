//! # A Killer cage's digits cell by cell
//!
//! [`sum_filter`] keeps a candidate of a cage's cell exactly when some filling of the whole
//! cage with distinct digits adding up to its sum puts it there (arc consistency on the
//! cage): for each set of digits with that sum, a walk over the subsets of the set finds
//! which digits each cell can take in a full matching of cells to digits.

use crate::native::domains::{bit, Conflict, Domains, Mask};

/// Narrows the cells of a cage (`cells`, distinct digits `1..=n` adding up to `target`)
/// to the digits some filling of the whole cage puts there.
///
/// # Errors
/// [`Conflict`] when no filling is left.
pub(crate) fn sum_filter(
    doms: &mut Domains,
    n: usize,
    cells: &[usize],
    target: u32,
) -> Result<(), Conflict> {
    let k = cells.len();
    if k == 0 || k > n || n > 16 {
        return Ok(());
    }
    let masks: Vec<Mask> = cells.iter().map(|&c| doms.get(c)).collect();
    let mut support = vec![0 as Mask; k];
    for set in digit_sets(n, k, target) {
        supports(&masks, set, &mut support);
    }
    if support.iter().any(|&s| s == 0) {
        return Err(Conflict);
    }
    for (&c, &s) in cells.iter().zip(&support) {
        let _ = doms.restrict(c, s)?;
    }
    Ok(())
}

/// Every set of `k` distinct digits `1..=n` adding up to `target`, as masks (bit `d`).
fn digit_sets(n: usize, k: usize, target: u32) -> Vec<Mask> {
    let mut out = Vec::new();
    let mut set: u32 = (1 << k) - 1;
    while set < 1 << n {
        let sum: u32 = (0..n).filter(|&i| set & (1 << i) != 0).map(|i| i as u32 + 1).sum();
        if sum == target {
            out.push(set << 1);
        }
        let c = set & set.wrapping_neg();
        let r = set + c;
        set = (((r ^ set) >> 2) / c) | r;
    }
    out
}

/// Adds to `support[i]` each digit of `set` that cell `i` takes in some matching of the
/// cells (candidates `masks`) to the digits of `set`.
fn supports(masks: &[Mask], set: Mask, support: &mut [Mask]) {
    let k = masks.len();
    let digits: Vec<u8> = (1..=31u8).filter(|&d| set & bit(d) != 0).collect();
    // Local bit j stands for digits[j]; `local[i]`: cell i's candidates among them.
    let local: Vec<u32> = masks
        .iter()
        .map(|&m| (0..k).filter(|&j| m & bit(digits[j]) != 0).fold(0, |a, j| a | 1 << j))
        .collect();
    let size = 1usize << k;
    // front[S]: cells 0..|S| take the digits S; back[T]: the last |T| cells take T.
    let mut front = vec![false; size];
    let mut back = vec![false; size];
    front[0] = true;
    back[0] = true;
    for s in 1..size {
        let i = (s as u32).count_ones() as usize;
        front[s] = (0..k).any(|j| s & (1 << j) != 0 && local[i - 1] & (1 << j) != 0 && front[s & !(1 << j)]);
        back[s] = (0..k).any(|j| s & (1 << j) != 0 && local[k - i] & (1 << j) != 0 && back[s & !(1 << j)]);
    }
    let all = size - 1;
    for s in 0..size {
        if !front[s] {
            continue;
        }
        let i = (s as u32).count_ones() as usize;
        if i == k {
            continue;
        }
        for j in 0..k {
            let bitj = 1usize << j;
            if s & bitj == 0 && local[i] & (1 << j) != 0 && back[all & !s & !bitj] {
                support[i] |= bit(digits[j]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cage_keeps_the_digits_of_its_fillings() {
        // 3 over two cells of a 4×4 grid is 1 + 2; with the first cell 2, the second is 1.
        let mut d = Domains::new(4);
        sum_filter(&mut d, 4, &[0, 1], 3).unwrap();
        assert_eq!(d.get(0), bit(1) | bit(2));
        let _ = d.assign(0, 2).unwrap();
        sum_filter(&mut d, 4, &[0, 1], 3).unwrap();
        assert_eq!(d.get(1), bit(1));
        // 7 over two cells: 3 + 4 (1 + 6 and 2 + 5 need digits above 4).
        let mut d = Domains::new(4);
        sum_filter(&mut d, 4, &[0, 1], 7).unwrap();
        assert_eq!(d.get(1), bit(3) | bit(4));
        assert_eq!(sum_filter(&mut d, 4, &[0, 1], 8), Err(Conflict));
    }
}
