//! # Solo's Killer rules
//!
//! The deductions Simon Tatham's Solo makes from a Killer's cages at every level
//! (`solo.c`, `solver` with `DIFF_KINTERSECT`), over a cage's open cells and what they
//! still add up to:
//!
//! - [`minmax`]: a digit goes when the other cells' smallest (largest) candidates leave
//!   too much (too little) for it (`solver_killer_minmax`);
//! - [`combinations`]: a cage of 2 to 4 open cells keeps only the digits of the sets of
//!   distinct digits with its sum that every one of its cells can take part in
//!   (`solver_killer_sums`).

use crate::model::sum::sets;
use crate::native::domains::{bit, max_digit, min_digit, Conflict, Domains, Mask};

/// Solo's minmax rule on the open cells `cells` adding up to `target`; whether a
/// candidate went.
///
/// # Errors
/// [`Conflict`] when a cell is left without a candidate.
pub(crate) fn minmax(doms: &mut Domains, cells: &[usize], target: u32) -> Result<bool, Conflict> {
    let t = i64::from(target);
    let mut any = false;
    for (i, &c) in cells.iter().enumerate() {
        let (mut lo, mut hi) = (0i64, 0i64);
        for (j, &o) in cells.iter().enumerate() {
            if i != j {
                lo += i64::from(min_digit(doms.get(o)));
                hi += i64::from(max_digit(doms.get(o)));
            }
        }
        let keep: Mask = (1..=31u8)
            .filter(|&d| {
                let d = i64::from(d);
                hi + d >= t && lo + d <= t
            })
            .fold(0, |m, d| m | bit(d));
        any |= doms.restrict(c, keep)?;
    }
    Ok(any)
}

/// Solo's sums rule on the open cells `cells` (distinct digits `1..=n`) adding up to
/// `target`: with 2 to 4 cells, each keeps the digits of the sets with that sum that
/// leave every cell a candidate; whether a candidate went.
///
/// # Errors
/// [`Conflict`] when no set is left.
pub(crate) fn combinations(
    doms: &mut Domains,
    n: usize,
    cells: &[usize],
    target: u32,
) -> Result<bool, Conflict> {
    let k = cells.len();
    if !(2..=4).contains(&k) || n > 16 {
        return Ok(false);
    }
    let mut keep: Mask = 0;
    for set in sets(n, k, target) {
        if cells.iter().all(|&c| doms.get(c) & set != 0) {
            keep |= set;
        }
    }
    if keep == 0 {
        return Err(Conflict);
    }
    let mut any = false;
    for &c in cells {
        any |= doms.restrict(c, keep)?;
    }
    Ok(any)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minmax_and_combinations_narrow_a_cage() {
        // 3 over two cells of a 4×4 grid: minmax keeps 1 and 2; so does the set {1, 2}.
        let mut d = Domains::new(4);
        assert_eq!(minmax(&mut d, &[0, 1], 3), Ok(true));
        assert_eq!(d.get(0), bit(1) | bit(2));
        // 7 over two cells: minmax keeps 3 and 4, the sets agree ({3, 4}).
        let mut d = Domains::new(4);
        assert_eq!(minmax(&mut d, &[0, 1], 7), Ok(true));
        assert_eq!(d.get(1), bit(3) | bit(4));
        assert_eq!(combinations(&mut d, 4, &[0, 1], 7), Ok(false));
        // 5 over two cells: minmax keeps 1..4, the sets {1, 4} and {2, 3} too; with the
        // first cell 1 or 4 only {1, 4} is left.
        let mut d = Domains::new(4);
        let _ = d.restrict(0, bit(1) | bit(4)).unwrap();
        assert_eq!(combinations(&mut d, 4, &[0, 1], 5), Ok(true));
        assert_eq!(d.get(1), bit(1) | bit(4));
        assert_eq!(combinations(&mut d, 4, &[0, 1], 9), Err(Conflict));
    }
}
