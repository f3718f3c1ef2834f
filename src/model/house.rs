//! # The house family: all-different groups of every digit
//!
//! Filters of one house (a row, column, box or diagonal holding each digit `1..=N` once) and
//! of the intersection of two houses, on the candidates of their cells in line order: naked
//! and hidden singles, naked pairs and triples (grading), pointing and claiming.

use crate::native::domains::Mask;

/// Naked pairs and triples on a unit: `k` open cells (2 or 3) whose candidates together
/// are `k` digits take them, and the other cells lose them. Whether any cell changed,
/// `None` when `k` cells share fewer than `k` digits.
pub(crate) fn naked_subsets(doms: &mut [Mask]) -> Option<bool> {
    let open: Vec<usize> = (0..doms.len())
        .filter(|&i| (2..=3).contains(&doms[i].count_ones()))
        .collect();
    let mut changed = false;
    let mut strip_others = |doms: &mut [Mask], cells: &[usize], union: Mask| -> Option<()> {
        match union.count_ones() as usize {
            k if k < cells.len() => return None,
            k if k > cells.len() => return Some(()),
            _ => {}
        }
        for (i, m) in doms.iter_mut().enumerate() {
            if !cells.contains(&i) && *m & union != 0 {
                *m &= !union;
                changed = true;
                if *m == 0 {
                    return None;
                }
            }
        }
        Some(())
    };
    for (x, &a) in open.iter().enumerate() {
        for (y, &b) in open.iter().enumerate().skip(x + 1) {
            let pair = doms[a] | doms[b];
            strip_others(doms, &[a, b], pair)?;
            for &c in &open[y + 1..] {
                let triple = doms[a] | doms[b] | doms[c];
                strip_others(doms, &[a, b, c], triple)?;
            }
        }
    }
    Some(changed)
}

/// Naked and hidden singles on a line holding each digit of `all` once, to a fixpoint.
pub(crate) fn all_different(doms: &mut [Mask], all: Mask) -> bool {
    loop {
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m == 0 || (m.count_ones() == 1 && fixed & m != 0) {
                return false;
            }
            if m.count_ones() == 1 {
                fixed |= m;
            }
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            if m.count_ones() > 1 && *m & fixed != 0 {
                *m &= !fixed;
                changed = true;
                if *m == 0 {
                    return false;
                }
            }
        }
        match hidden_singles(doms, all & !fixed) {
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
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

/// Hidden singles: each digit of `digits` that exactly one cell of `doms` can take is placed
/// there. Whether any cell changed, `None` when a digit has no cell left.
pub(crate) fn hidden_singles(doms: &mut [Mask], mut digits: Mask) -> Option<bool> {
    let mut changed = false;
    while digits != 0 {
        let b = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let mut holders = doms.iter_mut().filter(|m| **m & b != 0);
        match (holders.next(), holders.next()) {
            (None, _) => return None,
            (Some(m), None) if *m != b => {
                *m = b;
                changed = true;
            }
            _ => {}
        }
    }
    Some(changed)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::{bit, full};

    #[test]
    fn singles_fix_a_line() {
        let mut d = vec![bit(1), bit(1) | bit(2), bit(2) | bit(3) | bit(4), bit(3)];
        assert!(all_different(&mut d, full(4)));
        assert_eq!(d, vec![bit(1), bit(2), bit(4), bit(3)]);
    }
}
