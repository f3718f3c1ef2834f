//! # Deductions on one distinct-sum run
//!
//! The rules of the `singles` and `subsets` grading levels on [`super::Scale::Runs`]
//! ([`super::network`]), each on one run: its cells' candidates (bit `d` for digit `d`) and its *combinations*, the sets of
//! distinct digits of the run's length adding up to its clue. Every rule is sound: it only
//! removes digits no solution of the run puts there.

use crate::native::alldiff::{self, Line};
use crate::native::domains::Mask;

/// Digits 1..=9 as a mask.
pub(crate) const DIGITS: Mask = 0b11_1111_1110;

/// The combinations of a run of `len` cells with sum `sum`, as masks (bit `d` for digit
/// `d`).
#[must_use]
pub(crate) fn combinations(len: usize, sum: u32) -> Vec<Mask> {
    (0..512u32)
        .filter(|s| s.count_ones() as usize == len)
        .filter(|s| {
            (0..9)
                .filter(|b| s >> b & 1 == 1)
                .map(|b| b + 1)
                .sum::<u32>()
                == sum
        })
        .map(|s| s << 1)
        .collect()
}

/// A run: its cells (indices into the candidates) and its combinations.
#[derive(Clone, Debug)]
pub(crate) struct RunRule {
    /// The cells, in order.
    pub cells: Vec<usize>,
    /// The combinations.
    pub combos: Vec<Mask>,
}

/// The candidate digits of every white cell; `false` from a rule means a contradiction.
pub(crate) type Doms = Vec<Mask>;

/// Narrows `doms[c]` to `keep`; `None` when that empties it, else whether it changed.
fn restrict(doms: &mut Doms, c: usize, keep: Mask) -> Option<bool> {
    let new = doms[c] & keep;
    if new == 0 {
        return None;
    }
    let changed = new != doms[c];
    doms[c] = new;
    Some(changed)
}

impl RunRule {
    /// Naked singles: a digit fixed in one cell leaves the run's other cells
    /// ([`alldiff::naked_singles`]).
    pub(crate) fn naked_singles(&self, doms: &mut Doms) -> Option<bool> {
        alldiff::naked_singles(&mut Line::new(doms.as_mut_slice(), &self.cells)).ok()
    }

    /// The combinations still *compatible*: holding every digit fixed in the run and
    /// meeting every cell's candidates.
    fn compatible(&self, doms: &Doms) -> Vec<Mask> {
        let fixed = self
            .cells
            .iter()
            .filter(|&&c| doms[c].count_ones() == 1)
            .fold(0, |m, &c| m | doms[c]);
        self.combos
            .iter()
            .copied()
            .filter(|&s| s & fixed == fixed && self.cells.iter().all(|&c| doms[c] & s != 0))
            .collect()
    }

    /// The combination union and hidden singles: every cell keeps only digits of some
    /// compatible combination, and a digit every compatible combination holds that only
    /// one cell can take is fixed there.
    pub(crate) fn union_and_hidden(&self, doms: &mut Doms) -> Option<bool> {
        let compatible = self.compatible(doms);
        if compatible.is_empty() {
            return None;
        }
        let union = compatible.iter().fold(0, |m, &s| m | s);
        let common = compatible.iter().fold(DIGITS, |m, &s| m & s);
        let mut changed = false;
        for &c in &self.cells {
            changed |= restrict(doms, c, union)?;
        }
        for d in 1..=9u8 {
            let b: Mask = 1 << d;
            if common & b == 0 {
                continue;
            }
            let mut holders = self.cells.iter().filter(|&&c| doms[c] & b != 0);
            match (holders.next(), holders.next()) {
                (None, _) => return None,
                (Some(&c), None) => changed |= restrict(doms, c, b)?,
                _ => {}
            }
        }
        Some(changed)
    }

    /// Naked pairs and triples: `k` cells (k = 2, 3) whose candidates together are `k`
    /// digits take those digits, so the run's other cells lose them
    /// ([`alldiff::naked_subsets`]).
    pub(crate) fn naked_subsets(&self, doms: &mut Doms) -> Option<bool> {
        alldiff::naked_subsets(&mut Line::new(doms.as_mut_slice(), &self.cells), 3).ok()
    }
}

/// `singles` (and with `subsets`, naked pairs and triples) to a fixpoint from `doms`; `None`
/// on a contradiction. The cheap rules run until quiet before subsets are looked for.
pub(crate) fn rule_fixpoint(rules: &[RunRule], mut doms: Doms, subsets: bool) -> Option<Doms> {
    loop {
        let mut changed = false;
        for rule in rules {
            changed |= rule.naked_singles(&mut doms)?;
            changed |= rule.union_and_hidden(&mut doms)?;
        }
        if changed {
            continue;
        }
        if subsets {
            for rule in rules {
                changed |= rule.naked_subsets(&mut doms)?;
            }
        }
        if !changed {
            return Some(doms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ds: &[u8]) -> Mask {
        ds.iter().fold(0, |m, &d| m | 1 << d)
    }

    #[test]
    fn combinations_of_small_runs() {
        assert_eq!(combinations(2, 3), vec![mask(&[1, 2])]);
        assert_eq!(combinations(2, 10).len(), 4);
        assert_eq!(combinations(9, 45), vec![DIGITS]);
        assert!(combinations(2, 2).is_empty());
    }

    #[test]
    fn union_hidden_and_subsets() {
        // 6 in three cells: {1, 2, 3}; the union removes the rest, nothing is fixed.
        let run = RunRule {
            cells: vec![0, 1, 2],
            combos: combinations(3, 6),
        };
        let mut d = vec![DIGITS; 3];
        assert_eq!(run.union_and_hidden(&mut d), Some(true));
        assert_eq!(d, vec![mask(&[1, 2, 3]); 3]);
        // Only cell 2 can take 3 (every combination holds it): a hidden single.
        let mut d = vec![mask(&[1, 2]), mask(&[1, 2]), mask(&[1, 2, 3])];
        assert_eq!(run.union_and_hidden(&mut d), Some(true));
        assert_eq!(d[2], mask(&[3]));
        // A naked pair {1, 2} in 15 over four cells ({1,2,3,9}, {1,2,4,8}, ...).
        let run = RunRule {
            cells: vec![0, 1, 2, 3],
            combos: combinations(4, 15),
        };
        let mut d = vec![mask(&[1, 2]), mask(&[1, 2]), DIGITS, DIGITS];
        assert_eq!(run.naked_subsets(&mut d), Some(true));
        assert_eq!(d[2] & mask(&[1, 2]), 0);
        let mut d = vec![mask(&[4]), mask(&[4]), DIGITS, DIGITS];
        assert_eq!(run.naked_singles(&mut d), None);
    }
}
