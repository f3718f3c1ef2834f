//! # The house family: all-different groups of every digit
//!
//! The filters of the line network ([`super::network`]) for houses (a row, column, box or
//! diagonal holding each digit `1..=N` once) and for the intersection of two houses, on the
//! candidates of their cells in line order. A house's own rules are those of
//! [`crate::native::alldiff`], on the slice: [`house`] runs naked and hidden singles, and
//! naked pairs and triples when grading asks for them, to a fixpoint; [`intersection`]
//! (pointing and claiming) is the one rule of two houses.

use crate::native::alldiff::{naked_subsets, singles};
use crate::native::domains::Mask;

/// Singles on a house (its cells' candidates, `doms.len()` digits), and naked pairs and
/// triples when `subsets` is set, to a fixpoint; `false` on a conflict.
pub(crate) fn house(doms: &mut [Mask], subsets: bool) -> bool {
    loop {
        if singles(doms).is_err() {
            return false;
        }
        if !subsets {
            return true;
        }
        match naked_subsets(doms, 3) {
            Err(_) => return false,
            Ok(false) => return true,
            Ok(true) => {}
        }
    }
}

/// Pointing and claiming on `doms` = the `k` cells shared by two houses (a box and a row or
/// column), the rest of the first, the rest of the second (`n` cells each): a digit of the
/// first only in the shared cells leaves the rest of the second (pointing), one of the second
/// only in the shared cells leaves the rest of the first (claiming).
pub(crate) fn intersection(doms: &mut [Mask], k: usize, n: usize) -> bool {
    let (shared, rest) = doms.split_at_mut(k);
    let (box_rest, line_rest) = rest.split_at_mut(n - k);
    let or = |ms: &[Mask]| ms.iter().fold(0, |u, &m| u | m);
    let here = or(shared);
    loop {
        let pointing = here & !or(box_rest);
        let Some(a) = strip(line_rest, pointing) else {
            return false;
        };
        let claiming = here & !or(line_rest);
        let Some(b) = strip(box_rest, claiming) else {
            return false;
        };
        if !a && !b {
            return true;
        }
    }
}

/// Removes the digits of `gone` from `doms`: whether any changed, `None` when one empties.
fn strip(doms: &mut [Mask], gone: Mask) -> Option<bool> {
    let mut changed = false;
    for m in doms.iter_mut() {
        if *m & gone != 0 {
            *m &= !gone;
            if *m == 0 {
                return None;
            }
            changed = true;
        }
    }
    Some(changed)
}
