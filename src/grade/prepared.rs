//! # A KenKen prepared for grading
//!
//! [`Prepared`] is the data every grading deduction reads: the rows and columns as lists of
//! cell indices, and each cage's allowed tuples (enumerated once), or its sum/product bounds
//! when it has too many. The level fixpoint ([`super::levels`]) and box–box interaction
//! ([`super::pairs`]) both read it; neither imports the other's types.

use crate::native::bounds::BoundsCage;
use crate::puzzle::KenKen;
use crate::tuples::{cage_tuples, Tuples};

/// Cages with more allowed tuples than this are graded by bounds reasoning (the native
/// engine's default limit).
pub(crate) const GRADE_TUPLE_LIMIT: usize = crate::native::NATIVE_TUPLE_LIMIT;

/// One cage: its cells (row-major indices) and its tuples, or bounds when it has too many.
#[derive(Clone, Debug)]
pub(crate) struct PreparedCage {
    /// Row-major indices of the cells, in the cage's order.
    pub cells: Vec<usize>,
    /// Allowed tuples in the order of `cells` (`None`: too many, bounds are used).
    pub tuples: Option<Tuples>,
    /// The cage's bounds propagator, used when `tuples` is `None`.
    pub(super) bounds: BoundsCage,
}

/// A KenKen ready for root propagation at any level ([`Prepared::fixpoint`]).
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    /// Side length.
    pub n: usize,
    /// Rows, then columns, each as row-major cell indices.
    pub(super) lines: Vec<Vec<usize>>,
    /// The cages.
    pub cages: Vec<PreparedCage>,
}

impl Prepared {
    /// Lines and cage tuples of `k`.
    #[must_use]
    pub(crate) fn new(k: &KenKen) -> Self {
        let n = k.size();
        let mut lines: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        lines.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let cages = k
            .cages()
            .iter()
            .map(|cage| {
                let cells: Vec<usize> = cage.cells.iter().map(|c| c.index(n)).collect();
                PreparedCage {
                    tuples: cage_tuples(cage, n as u8, GRADE_TUPLE_LIMIT).ok(),
                    bounds: BoundsCage::new(cells.clone(), cage.effective_op(), cage.target),
                    cells,
                }
            })
            .collect();
        Prepared { n, lines, cages }
    }
}
