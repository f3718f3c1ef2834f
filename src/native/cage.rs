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
//! The same pass does the *cage–line interaction* (KenKen's "must contain" rule, the
//! analogue of Sudoku's pointing pairs): for each row or column the cage touches, a digit
//! that every live tuple places on the cage's cells of that line is in the line there, so
//! it leaves the line's other cells. Example: `7 + A1 A2` on a 4×4 grid allows only 3+4
//! and 4+3, so 3 and 4 leave A3 and A4.
//!
//! ## References
//! - C. Bessiere, "Constraint propagation", Handbook of Constraint Programming, §3 (GAC).
//! - J. Demeulenaere et al., "Compact-Table: efficiently filtering table constraints with
//!   reversible sparse bit-sets", CP 2016 (the reversible live set).

use crate::native::domains::{bit, Conflict, Domains, Mask};
use crate::tuples::Tuples;

/// A table constraint over some cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableCage {
    cells: Vec<usize>,
    /// Tuples, flattened: tuple `t` is `tuples[t·k .. t·k + k]`.
    tuples: Vec<u8>,
    /// A permutation of the tuple numbers; the live ones come first.
    order: Vec<u32>,
    /// Scratch: the digits supported at each position.
    support: Vec<Mask>,
    /// The cage's parts of the lines it touches, for the cage–line interaction.
    segments: Segments,
}

/// The cage's cells in each row or column it shares with other cells, stored flat: segment
/// `s` covers tuple positions `positions[ends[s-1].0 .. ends[s].0]` and the line's cells
/// outside the cage `others[ends[s-1].1 .. ends[s].1]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Segments {
    positions: Vec<usize>,
    others: Vec<usize>,
    ends: Vec<(usize, usize)>,
    /// Scratch: per segment, the digits every live tuple places on its positions.
    must: Vec<Mask>,
}

impl Segments {
    /// Tuple positions and outside cells of segment `s`.
    fn get(&self, s: usize) -> (&[usize], &[usize]) {
        let (p0, o0) = if s == 0 { (0, 0) } else { self.ends[s - 1] };
        let (p1, o1) = self.ends[s];
        (&self.positions[p0..p1], &self.others[o0..o1])
    }
}

impl TableCage {
    /// A table over `cells` (row-major indices in an `n × n` grid) allowing exactly
    /// `tuples`, each in the order of `cells` (tuples of another arity allow nothing).
    #[must_use]
    pub(crate) fn new(n: usize, cells: Vec<usize>, tuples: &Tuples) -> Self {
        let k = cells.len();
        let count = if tuples.arity() == k { tuples.len() } else { 0 };
        TableCage {
            tuples: tuples.flat()[..count * k].to_vec(),
            order: (0..count as u32).collect(),
            support: vec![0; k],
            segments: segments(n, &cells),
            cells,
        }
    }

    /// The same table without the cage–line interaction: [`TableCage::propagate`] then
    /// only narrows the cage's own cells (plain GAC). Used by `cagesat grade` to tell the
    /// two deductions apart.
    #[must_use]
    pub(crate) fn without_cage_lines(mut self) -> Self {
        self.segments = Segments::default();
        self
    }

    /// The number of tuples before any filtering (the initial `live` count).
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    /// Drops the live tuples that some domain no longer allows, then narrows each cell to
    /// the digits the remaining tuples support. `live` is this cage's live count, updated.
    ///
    /// # Errors
    /// [`Conflict`] when no tuple is left.
    pub(crate) fn propagate(
        &mut self,
        doms: &mut Domains,
        live: &mut usize,
    ) -> Result<(), Conflict> {
        let k = self.cells.len();
        self.support.fill(0);
        self.segments.must.fill(Mask::MAX);
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
                let segs = &mut self.segments;
                for s in 0..segs.ends.len() {
                    let (positions, _) = segs.get(s);
                    segs.must[s] &= positions.iter().fold(0, |m, &p| m | bit(tuple[p]));
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
        let segs = &self.segments;
        for (s, &must) in segs.must.iter().enumerate() {
            if must != 0 {
                for &o in segs.get(s).1 {
                    let _ = doms.remove(o, must)?;
                }
            }
        }
        Ok(())
    }
}

/// The cage's parts of each row and column that also has cells outside the cage.
fn segments(n: usize, cells: &[usize]) -> Segments {
    let mut out = Segments::default();
    if n == 0 {
        return out;
    }
    // Line `l < n` is row `l`, line `n + c` is column `c`.
    let mut lines: Vec<usize> = cells.iter().flat_map(|&c| [c / n, n + c % n]).collect();
    lines.sort_unstable();
    lines.dedup();
    for line in lines {
        let cell_at = |j: usize| {
            if line < n {
                line * n + j
            } else {
                j * n + (line - n)
            }
        };
        let on_line = |c: usize| {
            if line < n {
                c / n == line
            } else {
                c % n == line - n
            }
        };
        let before = out.others.len();
        out.others
            .extend((0..n).map(cell_at).filter(|i| !cells.contains(i)));
        if out.others.len() == before {
            continue;
        }
        out.positions
            .extend((0..cells.len()).filter(|&p| on_line(cells[p])));
        out.ends.push((out.positions.len(), out.others.len()));
    }
    out.must = vec![0; out.ends.len()];
    out
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
        TableCage::new(n.into(), idx, &tuples)
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
        // 5 and 6 are both in column 1's cage cells, so they leave C1..F1; nothing else
        // changes.
        for i in 1..36 {
            let want: &[u8] = match i {
                6 => &[5, 6],
                12 | 18 | 24 | 30 => &[1, 2, 3, 4],
                _ => &[1, 2, 3, 4, 5, 6],
            };
            assert_eq!(doms_of(&d, &[i]), vec![want.to_vec()], "cell {i}");
        }
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
    fn digits_every_tuple_places_in_a_line_leave_the_line() {
        // 7 + A1 A2 on 4×4: only 3+4 and 4+3, so 3 and 4 leave A3 and A4; the columns
        // hold one cage cell each, and a cell's own digits are not "must" digits of the
        // column while it is unfixed.
        let mut t = table(4, Op::Add, 7, &[(0, 0), (0, 1)]);
        let mut d = Domains::new(4);
        let mut live = t.len();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(
            doms_of(&d, &[0, 1, 2, 3]),
            vec![vec![3, 4], vec![3, 4], vec![1, 2], vec![1, 2]]
        );
        assert_eq!(doms_of(&d, &[4, 5]), vec![vec![1, 2, 3, 4]; 2]);
        // An L-shaped 6 * A1 A2 B1 on 4×4: tuples (1,2,3)... every tuple uses 1, 2 and 3
        // but row A gets {1,2}, {1,3} or {2,3}: no common digit, nothing leaves row A.
        let mut t = table(4, Op::Mul, 6, &[(0, 0), (0, 1), (1, 0)]);
        let mut d = Domains::new(4);
        let mut live = t.len();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(doms_of(&d, &[2, 3]), vec![vec![1, 2, 3, 4]; 2]);
        // Once A1 = 1, row A's part is {1, 2} or {1, 3} and column 1's part is {1, 2} or
        // {1, 3}: 1 leaves the rest of both lines.
        let _ = d.assign(0, 1).unwrap();
        t.propagate(&mut d, &mut live).unwrap();
        assert_eq!(doms_of(&d, &[2, 3, 8, 12]), vec![vec![2, 3, 4]; 4]);
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
