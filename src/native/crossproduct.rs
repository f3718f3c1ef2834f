//! # Native CrossProduct
//!
//! The table's cells (digits 1..=9, repeats allowed) and its rows and columns as lines.
//! A line's filter is exact arc consistency on "the digits multiply to the target", by
//! a forward and a backward walk over the divisors of the target ([`crate::product`],
//! shared with the CNF encoder's root pruning). Search then enumerates every solution, so
//! counts are exact.

use std::cell::RefCell;

use crate::grid::Grid;
use crate::native::domains::{min_digit, Mask};
use crate::native::lines::{LineFilter, Network};
use crate::product::{Lattice, Scratch};
use crate::puzzle::crossproduct::CrossProduct;

/// Digits 1..=9.
const DIGITS: Mask = 0b11_1111_1110;

/// A CrossProduct as a line network: cells row-major, rows then columns as lines.
#[derive(Clone, Debug)]
pub(crate) struct CrossProductModel {
    /// Cells and lines.
    pub net: Network,
    lattices: Vec<Lattice>,
    scratch: RefCell<Scratch>,
    rows: usize,
    cols: usize,
    /// The row and column totals agree (else there is no solution).
    consistent: bool,
}

impl CrossProductModel {
    /// The model of `p`.
    #[must_use]
    pub(crate) fn new(p: &CrossProduct) -> Self {
        let (rows, cols) = p.dims();
        let lines = (0..rows)
            .map(|r| (0..cols).map(|c| r * cols + c).collect())
            .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
            .collect();
        let lattices = p
            .rows()
            .iter()
            .chain(p.cols())
            .map(|&t| Lattice::new(t))
            .collect();
        CrossProductModel {
            net: Network::new(rows * cols, lines),
            lattices,
            scratch: RefCell::new(Scratch::default()),
            rows,
            cols,
            consistent: p.totals_agree(),
        }
    }

    /// Every cell may hold any digit; none when the row and column totals disagree
    /// ([`CrossProduct::totals_agree`]), so such a puzzle fails at the root at once.
    #[must_use]
    pub(crate) fn root(&self) -> Vec<Mask> {
        let all = if self.consistent { DIGITS } else { 0 };
        vec![all; self.rows * self.cols]
    }

    /// The solution grid of fixed domains.
    #[must_use]
    pub(crate) fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let rows = doms
            .chunks(self.cols)
            .map(|row| row.iter().map(|&m| min_digit(m)).collect())
            .collect();
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(self.rows, self.cols, 0))
    }
}

impl LineFilter for CrossProductModel {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        let mut scratch = self.scratch.borrow_mut();
        self.lattices[line].filter(doms, &mut scratch)
    }
}
