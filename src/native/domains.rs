//! # Domains as bitsets
//!
//! Each cell's candidate digits are one [`Mask`]: bit `d` is set when digit `d` is still
//! possible (bit 0 is never used), so sizes up to 26 fit in a `u32`. Cells are numbered by
//! their row-major `index` (`row · n + col`). Every narrowing goes through
//! [`Domains::restrict`], which reports an empty domain as a [`Conflict`] and records the
//! cell in a change list that the propagation loop drains to wake the constraints on it.
//!
//! Backtracking copies the whole value (a few hundred bytes at most), which is cheaper than
//! a trail at these sizes.

use crate::grid::{Cell, Grid};

/// A set of digits: bit `d` stands for digit `d` (`1..=26`).
pub(crate) type Mask = u32;

/// A propagator found that no solution extends the current domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Conflict;

/// The mask holding only digit `d`.
#[must_use]
pub(crate) const fn bit(d: u8) -> Mask {
    1 << d
}

/// The mask holding the digits `1..=n`.
#[must_use]
pub(crate) const fn full(n: usize) -> Mask {
    ((1u64 << (n + 1)) - 2) as Mask
}

/// The digits of a mask, smallest first.
pub(crate) fn digits(mut m: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let d = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(d)
    })
}

/// The smallest digit of a non-empty mask.
#[must_use]
pub(crate) fn min_digit(m: Mask) -> u8 {
    m.trailing_zeros() as u8
}

/// The largest digit of a non-empty mask.
#[must_use]
pub(crate) fn max_digit(m: Mask) -> u8 {
    (31 - m.leading_zeros()) as u8
}

/// The digits `lo..=hi` (clamped to `0..=31`), as a mask; empty when `lo > hi`.
#[must_use]
pub(crate) fn range(lo: i64, hi: i64) -> Mask {
    let lo = lo.max(0);
    let hi = hi.min(31);
    if lo > hi {
        return 0;
    }
    let upto_hi = if hi == 31 {
        Mask::MAX
    } else {
        (1 << (hi + 1)) - 1
    };
    upto_hi & !((1 << lo) - 1)
}

/// The candidate digits of every cell of an `n × n` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Domains {
    n: usize,
    cells: Vec<Mask>,
    changed: Vec<usize>,
}

impl Domains {
    /// Every cell may hold any digit `1..=n`.
    #[must_use]
    pub(crate) fn new(n: usize) -> Self {
        Domains {
            n,
            cells: vec![full(n); n * n],
            changed: Vec::new(),
        }
    }

    #[cfg(test)]
    /// Domains given row by row as digit lists (for tests and examples).
    ///
    /// Returns `None` unless there are `n` rows of `n` lists each.
    #[must_use]
    pub(crate) fn from_digit_rows(rows: &[Vec<Vec<u8>>]) -> Option<Self> {
        let n = rows.len();
        if rows.iter().any(|r| r.len() != n) {
            return None;
        }
        let cells = rows
            .iter()
            .flatten()
            .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
            .collect();
        Some(Domains {
            n,
            cells,
            changed: Vec::new(),
        })
    }

    /// The candidates of the cell with row-major index `i`.
    #[must_use]
    pub(crate) fn get(&self, i: usize) -> Mask {
        self.cells[i]
    }

    /// The candidates of `cell`, as a sorted list of digits.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn digits_of(&self, cell: Cell) -> Vec<u8> {
        digits(self.cells[cell.index(self.n)]).collect()
    }

    /// The digit of cell `i` when only one is left.
    #[must_use]
    pub(crate) fn value(&self, i: usize) -> Option<u8> {
        let m = self.cells[i];
        (m.count_ones() == 1).then(|| min_digit(m))
    }

    /// Keeps only the candidates of cell `i` that are in `mask`. Returns whether the
    /// domain shrank.
    ///
    /// # Errors
    /// [`Conflict`] when nothing is left (the domain is then left unchanged).
    pub(crate) fn restrict(&mut self, i: usize, mask: Mask) -> Result<bool, Conflict> {
        let old = self.cells[i];
        let new = old & mask;
        if new == 0 {
            return Err(Conflict);
        }
        if new == old {
            return Ok(false);
        }
        self.cells[i] = new;
        self.changed.push(i);
        Ok(true)
    }

    /// Removes the digits of `mask` from cell `i`.
    ///
    /// # Errors
    /// [`Conflict`] when nothing is left.
    pub(crate) fn remove(&mut self, i: usize, mask: Mask) -> Result<bool, Conflict> {
        self.restrict(i, !mask)
    }

    /// Fixes cell `i` to digit `d`.
    ///
    /// # Errors
    /// [`Conflict`] when `d` is not a candidate.
    pub(crate) fn assign(&mut self, i: usize, d: u8) -> Result<bool, Conflict> {
        self.restrict(i, bit(d))
    }

    /// Takes the list of cells narrowed since the last call (may repeat a cell).
    pub(crate) fn take_changed(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.changed)
    }

    /// Moves the changed cells into `out` (cleared first), keeping both allocations.
    pub(crate) fn drain_changed_into(&mut self, out: &mut Vec<usize>) {
        out.clear();
        std::mem::swap(&mut self.changed, out);
    }

    /// The grid when every cell is fixed.
    #[must_use]
    pub(crate) fn to_grid(&self) -> Option<Grid<u8>> {
        let rows: Option<Vec<Vec<u8>>> = self
            .cells
            .chunks(self.n.max(1))
            .map(|row| (0..row.len()).map(|c| single(row[c])).collect())
            .collect();
        Grid::from_rows(rows?)
    }

    /// The row-major index of `cell`.
    #[must_use]
    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.index(self.n)
    }
}

fn single(m: Mask) -> Option<u8> {
    (m.count_ones() == 1).then(|| min_digit(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(full(4), 0b11110);
        assert_eq!(full(26).count_ones(), 26);
        assert_eq!(digits(0b10110).collect::<Vec<_>>(), vec![1, 2, 4]);
        assert_eq!((min_digit(0b10110), max_digit(0b10110)), (1, 4));
        assert_eq!(range(2, 4), 0b11100);
        assert_eq!(range(-5, 1), 0b11);
        assert_eq!(range(5, 4), 0);
        assert_eq!(range(30, 99), 0xC000_0000);
    }

    #[test]
    fn restrict_reports_change_and_conflict() {
        let mut d = Domains::new(4);
        assert_eq!(d.restrict(0, bit(1) | bit(2)), Ok(true));
        assert_eq!(d.restrict(0, bit(1) | bit(2) | bit(3)), Ok(false));
        assert_eq!(d.remove(0, bit(1) | bit(2)), Err(Conflict));
        assert_eq!(d.get(0), bit(1) | bit(2));
        assert_eq!(d.assign(0, 2), Ok(true));
        assert_eq!(d.value(0), Some(2));
        assert_eq!(d.take_changed(), vec![0, 0]);
        assert!(d.take_changed().is_empty());
        assert_eq!(d.to_grid(), None);
    }

    #[test]
    fn fixed_domains_make_a_grid() {
        let d = Domains::from_digit_rows(&[vec![vec![1], vec![2]], vec![vec![2], vec![1]]]);
        let g = d.unwrap().to_grid().unwrap();
        assert_eq!(g.to_rows(), vec![vec![1, 2], vec![2, 1]]);
        assert!(Domains::from_digit_rows(&[vec![vec![1]], vec![]]).is_none());
    }
}
