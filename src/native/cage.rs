//! # Cages by their allowed tuples (generalised arc consistency)
//!
//! A cage's meaning is its list of allowed tuples ([`crate::tuples::cage_tuples`], built
//! once per cage; the tuples already keep in-cage rows and columns distinct). The
//! propagator keeps the tuples still compatible with the domains in a *sparse set*: the
//! live ones are `order[..live]`, and a tuple found dead is swapped to just past the end.
//! Dead tuples only move within the live prefix, so restoring the old `live` count on
//! backtracking restores the old set; the count is all the search has to save.
//!
//! One pass removes from each cell every digit that no live tuple supports. Since it only
//! removes unsupported digits, every tuple it keeps stays compatible, so the result is
//! generalised arc consistent after a single pass.
//!
//! ## References
//! - C. Bessiere, "Constraint propagation", Handbook of Constraint Programming, §3 (GAC).
//! - J. Demeulenaere et al., "Compact-Table: efficiently filtering table constraints with
//!   reversible sparse bit-sets", CP 2016 (the reversible live set).

use crate::native::domains::{bit, Conflict, Domains, Mask};

/// A table constraint over some cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCage {
    cells: Vec<usize>,
    /// Tuples, flattened: tuple `t` is `tuples[t·k .. t·k + k]`.
    tuples: Vec<u8>,
    /// A permutation of the tuple numbers; the live ones come first.
    order: Vec<u32>,
    /// Scratch: the digits supported at each position.
    support: Vec<Mask>,
}

impl TableCage {
    /// A table over `cells` (row-major indices) allowing exactly `tuples`, each in the order
    /// of `cells`. Tuples of the wrong length are ignored.
    #[must_use]
    pub fn new(cells: Vec<usize>, tuples: &[Vec<u8>]) -> Self {
        let k = cells.len();
        let kept: Vec<&Vec<u8>> = tuples.iter().filter(|t| t.len() == k).collect();
        TableCage {
            tuples: kept.iter().flat_map(|t| t.iter().copied()).collect(),
            order: (0..kept.len() as u32).collect(),
            support: vec![0; k],
            cells,
        }
    }

    /// The cells of the cage.
    #[must_use]
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The number of tuples before any filtering (the initial `live` count).
    #[must_use]
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True when the cage allows no tuple at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Drops the live tuples that some domain no longer allows, then narrows each cell to
    /// the digits the remaining tuples support. `live` is this cage's live count, updated.
    ///
    /// # Errors
    /// [`Conflict`] when no tuple is left.
    pub fn propagate(&mut self, doms: &mut Domains, live: &mut usize) -> Result<(), Conflict> {
        let k = self.cells.len();
        self.support.fill(0);
        let mut size = (*live).min(self.order.len());
        let mut i = 0;
        while i < size {
            let t = self.order[i] as usize;
            let tuple = &self.tuples[t * k..t * k + k];
            let fits = tuple
                .iter()
                .zip(&self.cells)
                .all(|(&d, &c)| doms.get(c) & bit(d) != 0);
            if fits {
                for (s, &d) in self.support.iter_mut().zip(tuple) {
                    *s |= bit(d);
                }
                i += 1;
            } else {
                size -= 1;
                self.order.swap(i, size);
            }
        }
        *live = size;
        if size == 0 {
            return Err(Conflict);
        }
        for (&c, &s) in self.cells.iter().zip(&self.support) {
            let _ = doms.restrict(c, s)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::native::domains::digits;
    use crate::puzzle::{Cage, Op};
    use crate::tuples::cage_tuples;

    fn table(n: u8, op: Op, target: u64, cells: &[(u8, u8)]) -> TableCage {
        let cage = Cage {
            op,
            target,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        };
        let tuples = cage_tuples(&cage, n, 1000).unwrap();
        let idx = cage.cells.iter().map(|c| c.index(n.into())).collect();
        TableCage::new(idx, &tuples)
    }

    fn doms_of(d: &Domains, cells: &[usize]) -> Vec<Vec<u8>> {
        cells.iter().map(|&i| digits(d.get(i)).collect()).collect()
    }

    #[test]
    fn norvig_11_plus_a1_b1_leaves_5_and_6() {
        // Norvig's unit test on his 6×6 puzzle: `11 + A1 B1` allows only {5,6}.
        let mut t = table(6, Op::Add, 11, &[(0, 0), (1, 0)]);
        let mut d = Domains::new(6);
        let mut live = t.len();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(doms_of(&d, &[0, 6]), vec![vec![5, 6], vec![5, 6]]);
        assert_eq!(live, 2);
        // Every other cell is untouched.
        assert!((1..36).filter(|&i| i != 6).all(|i| d.get(i) == 0b111_1110));
    }

    #[test]
    fn removal_in_one_cell_narrows_the_others() {
        // 2 / A1 A2 on 4×4: tuples (1,2) (2,1) (2,4) (4,2). Without 2 in A1, A2 must be 2.
        let mut t = table(4, Op::Div, 2, &[(0, 0), (0, 1)]);
        let mut d = Domains::new(4);
        let mut live = t.len();
        let _ = d.remove(0, bit(2)).unwrap();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(doms_of(&d, &[0, 1]), vec![vec![1, 4], vec![2]]);
        assert_eq!(live, 2);
    }

    #[test]
    fn restoring_the_live_count_restores_the_tuples() {
        let mut t = table(4, Op::Add, 5, &[(0, 0), (0, 1)]);
        let full = t.len();
        let mut d = Domains::new(4);
        let mut live = full;
        let _ = d.assign(0, 1).unwrap();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(doms_of(&d, &[1]), vec![vec![4]]);
        // Back to the parent state: all tuples live again.
        let mut d = Domains::new(4);
        let mut live = full;
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(live, 4);
        assert_eq!(
            doms_of(&d, &[0, 1]),
            vec![vec![1, 2, 3, 4], vec![1, 2, 3, 4]]
        );
    }

    #[test]
    fn no_tuple_left_is_a_conflict() {
        let mut t = table(4, Op::Mul, 12, &[(0, 0), (0, 1)]);
        let mut d = Domains::new(4);
        let _ = d.restrict(0, bit(1) | bit(2)).unwrap();
        let mut live = t.len();
        assert_eq!(t.propagate(&mut d, &mut live), Err(Conflict));
    }
}
