//! # Allowed tuples of a cage
//!
//! Enumerates the digit assignments of a cage's cells that satisfy its operator and target
//! and repeat no digit within a row or column of the cage. Arithmetic is checked; a cage
//! with more tuples than the caller's limit, or whose search exceeds its node budget, is an
//! error ([`TupleError`]), never silently truncated.
//!
//! The search prunes with one bound per operator:
//! - `+`: the remaining cells can add between `k` and `k·N`;
//! - `*`: the partial product must divide the target;
//! - `-`: the value is `max − (sum of the others)`; the sum of the non-maximal cells never
//!   decreases as cells are added, and must stay `≤ N − target`;
//! - `/`: likewise the product of the non-maximal cells must stay `≤ N / target`;
//! - `=` (and any one-cell cage): the digit is the target.

use thiserror::Error;

use crate::grid::Cell;
use crate::puzzle::{Cage, Op};

/// Default bound on the number of tuples of one cage.
pub(crate) const DEFAULT_TUPLE_LIMIT: usize = 200_000;

/// The search may visit at most this many nodes per allowed tuple of the limit, so a cage
/// whose search space is huge but sparse fails fast instead of hanging.
const NODES_PER_TUPLE: usize = 64;

/// Upper bound on the search budget, whatever the limit (about a second of work).
const MAX_SEARCH_NODES: usize = 2_000_000;

/// Tuple enumeration failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TupleError {
    /// The cage allows more tuples than the limit.
    #[error(
        "cage at {anchor} ({cells} cells) has more than {limit} allowed tuples (too large for the tuple encoding)"
    )]
    TooMany {
        /// The cage's top-left cell.
        anchor: Cell,
        /// How many cells the cage has.
        cells: usize,
        /// The limit that was exceeded.
        limit: usize,
    },
    /// The enumeration would take too long (the search budget ran out).
    #[error(
        "cage at {anchor} ({cells} cells) is too large to enumerate (search budget of {nodes} nodes exhausted)"
    )]
    SearchTooLarge {
        /// The cage's top-left cell.
        anchor: Cell,
        /// How many cells the cage has.
        cells: usize,
        /// The node budget.
        nodes: usize,
    },
}

/// All allowed tuples of `cage` with digits `1..=n`, each in the order of `cage.cells`,
/// listed in lexicographic order.
///
/// # Errors
/// [`TupleError::TooMany`] when more than `limit` tuples exist;
/// [`TupleError::SearchTooLarge`] when the search runs out of its node budget first
/// (`limit` × 64 nodes, at least 65,536 and at most 2,000,000).
pub(crate) fn cage_tuples(cage: &Cage, n: u8, limit: usize) -> Result<Vec<Vec<u8>>, TupleError> {
    let k = cage.cells.len();
    let clash: Vec<Vec<usize>> = (0..k)
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    cage.cells[i].row == cage.cells[j].row || cage.cells[i].col == cage.cells[j].col
                })
                .collect()
        })
        .collect();
    let mut search = Search {
        op: cage.effective_op(),
        target: cage.target,
        n,
        clash,
        limit,
        current: Vec::with_capacity(k),
        out: Vec::new(),
        overflow: false,
        nodes_left: limit
            .saturating_mul(NODES_PER_TUPLE)
            .clamp(1 << 16, MAX_SEARCH_NODES),
    };
    let budget = search.nodes_left;
    search.run(0, 0, 1, 0);
    if search.overflow {
        return Err(TupleError::TooMany {
            anchor: cage.anchor(),
            cells: cage.cells.len(),
            limit,
        });
    }
    if search.nodes_left == 0 {
        return Err(TupleError::SearchTooLarge {
            anchor: cage.anchor(),
            cells: cage.cells.len(),
            nodes: budget,
        });
    }
    Ok(search.out)
}

struct Search {
    op: Op,
    target: u64,
    n: u8,
    clash: Vec<Vec<usize>>,
    limit: usize,
    current: Vec<u8>,
    out: Vec<Vec<u8>>,
    overflow: bool,
    nodes_left: usize,
}

impl Search {
    /// `sum`, `prod` and `max` describe `current`.
    fn run(&mut self, depth: usize, sum: u64, prod: u64, max: u8) {
        if self.overflow || self.nodes_left == 0 {
            return;
        }
        self.nodes_left -= 1;
        let k = self.clash.len();
        if depth == k {
            if self.accepts(sum, prod, max) {
                if self.out.len() == self.limit {
                    self.overflow = true;
                    return;
                }
                self.out.push(self.current.clone());
            }
            return;
        }
        for d in 1..=self.n {
            if self.clash[depth].iter().any(|&j| self.current[j] == d) {
                continue;
            }
            let s = sum + u64::from(d);
            // A product beyond u64 can never meet a `*` or `/` target; other operators ignore it.
            let p = match prod.checked_mul(u64::from(d)) {
                Some(p) => p,
                None if matches!(self.op, Op::Mul | Op::Div) => continue,
                None => u64::MAX,
            };
            let m = max.max(d);
            if !self.feasible(k - depth - 1, s, p, m) {
                continue;
            }
            self.current.push(d);
            self.run(depth + 1, s, p, m);
            let _ = self.current.pop();
        }
    }

    /// Can a partial assignment with these aggregates and `rest` free cells still reach the
    /// target?
    fn feasible(&self, rest: usize, sum: u64, prod: u64, max: u8) -> bool {
        let n = u64::from(self.n);
        let rest = rest as u64;
        match self.op {
            Op::Add => sum + rest <= self.target && sum + rest * n >= self.target,
            Op::Mul => {
                self.target % prod == 0
                    && n.checked_pow(u32::try_from(rest).unwrap_or(u32::MAX))
                        .is_none_or(|most| self.target / prod <= most)
            }
            Op::Sub => sum - u64::from(max) + self.target <= n,
            Op::Div => (prod / u64::from(max)).saturating_mul(self.target) <= n,
            Op::Given => u64::from(max) == self.target,
        }
    }

    fn accepts(&self, sum: u64, prod: u64, max: u8) -> bool {
        let m = u64::from(max);
        match self.op {
            Op::Add => sum == self.target,
            Op::Mul => prod == self.target,
            // max − (sum − max) = target
            Op::Sub => 2 * m == sum + self.target,
            // max / (prod / max) = target  ⇔  max² = target · prod
            Op::Div => prod.checked_mul(self.target) == Some(m * m),
            Op::Given => m == self.target,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Op, target: u64, cells: &[(u8, u8)]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        }
    }

    #[test]
    fn two_cell_division() {
        let t = cage_tuples(&cage(Op::Div, 2, &[(0, 0), (0, 1)]), 4, 100).unwrap();
        assert_eq!(t, vec![vec![1, 2], vec![2, 1], vec![2, 4], vec![4, 2]]);
    }

    #[test]
    fn subtraction_reads_left_to_right_with_any_cell_first() {
        // 6-3-2-1 = 0 is not allowed (target > 0), but 6-2-1-1 = 2 in an L shape is.
        let c = cage(Op::Sub, 2, &[(0, 0), (0, 1), (1, 1), (1, 2)]);
        let t = cage_tuples(&c, 6, 1000).unwrap();
        assert!(t.contains(&vec![6, 2, 1, 1]) || t.contains(&vec![1, 6, 2, 1]));
        for tuple in &t {
            let sum: i64 = tuple.iter().map(|&d| i64::from(d)).sum();
            let max = i64::from(*tuple.iter().max().unwrap());
            assert_eq!(max - (sum - max), 2, "{tuple:?}");
        }
    }

    #[test]
    fn in_cage_rows_and_columns_are_distinct() {
        // Norvig's unit test: 11 + A1 B1 on 6x6 leaves {5,6} for both cells.
        let t = cage_tuples(&cage(Op::Add, 11, &[(0, 0), (1, 0)]), 6, 100).unwrap();
        assert_eq!(t, vec![vec![5, 6], vec![6, 5]]);
        // Diagonal cells may repeat.
        let t = cage_tuples(&cage(Op::Mul, 4, &[(0, 0), (0, 1), (1, 1)]), 4, 100).unwrap();
        assert!(t.contains(&vec![2, 1, 2]));
    }

    #[test]
    fn limit_is_an_error_not_a_truncation() {
        let cells: Vec<(u8, u8)> = (0..9).map(|i| (i / 3, (i % 3) * 3 + i / 3)).collect();
        let e = cage_tuples(&cage(Op::Add, 40, &cells), 9, 10).unwrap_err();
        assert!(matches!(e, TupleError::TooMany { limit: 10, .. }));
    }

    #[test]
    fn sparse_huge_searches_stop_with_an_error() {
        // 26 cells of a 26x26 grid on distinct rows and columns, product 2^60·3: the
        // divisibility bound alone cannot cut this search short, the budget does.
        let cells: Vec<(u8, u8)> = (0..26).map(|i| (i, (i * 7) % 26)).collect();
        let c = cage(Op::Mul, (1 << 60) * 3, &cells);
        match cage_tuples(&c, 26, 100) {
            Err(TupleError::SearchTooLarge { .. } | TupleError::TooMany { .. }) => {}
            other => panic!("expected a limit error, got {other:?}"),
        }
    }

    #[test]
    fn huge_products_do_not_overflow() {
        let cells: Vec<(u8, u8)> = (0..20).map(|i| (i, i)).collect();
        let t = cage_tuples(&cage(Op::Mul, u64::MAX, &cells), 26, 10).unwrap();
        assert!(t.is_empty());
    }
}
