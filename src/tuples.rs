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
//! - `=` (and any one-cell cage): the digit is the target;
//! - `?` (operator not shown): the union of the four searches `+ - * /`, merged in
//!   lexicographic order without repeats. Each search runs with the caller's limit and its
//!   own node budget, and the union too must stay within the limit.

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
#[non_exhaustive]
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

/// A list of tuples of one arity, stored one after another in one array (no allocation per
/// tuple: a 9×9 KenKen's cages have hundreds of them, and encoding time matters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tuples {
    arity: usize,
    len: usize,
    flat: Vec<u8>,
}

impl Tuples {
    /// An empty list of tuples with `arity` entries each.
    #[must_use]
    pub(crate) fn new(arity: usize) -> Self {
        Tuples {
            arity,
            len: 0,
            flat: Vec::new(),
        }
    }

    /// The list of `tuples`, which must all have `arity` entries.
    ///
    /// # Panics
    /// When a tuple has another length.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn from_rows<T: AsRef<[u8]>>(arity: usize, tuples: &[T]) -> Self {
        let mut t = Tuples::new(arity);
        t.flat.reserve(arity * tuples.len());
        tuples.iter().for_each(|r| t.push(r.as_ref()));
        t
    }

    /// Appends a tuple.
    ///
    /// # Panics
    /// When its length is not the arity.
    pub(crate) fn push(&mut self, tuple: &[u8]) {
        assert_eq!(tuple.len(), self.arity, "tuple length");
        self.flat.extend_from_slice(tuple);
        self.len += 1;
    }

    /// Entries per tuple.
    #[must_use]
    pub(crate) fn arity(&self) -> usize {
        self.arity
    }

    /// How many tuples.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// True when there is no tuple.
    #[must_use]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Tuple `t`.
    #[must_use]
    pub(crate) fn get(&self, t: usize) -> &[u8] {
        &self.flat[t * self.arity..(t + 1) * self.arity]
    }

    /// The tuples in order.
    pub(crate) fn iter(&self) -> impl ExactSizeIterator<Item = &[u8]> + Clone {
        (0..self.len).map(|t| self.get(t))
    }

    /// Every tuple's entries one after another.
    #[must_use]
    pub(crate) fn flat(&self) -> &[u8] {
        &self.flat
    }

    /// Whether `tuple` is in the list.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn contains(&self, tuple: &[u8]) -> bool {
        self.iter().any(|t| t == tuple)
    }
}

/// All allowed tuples of `cage` with digits `1..=n`, each in the order of `cage.cells`,
/// listed in lexicographic order.
///
/// # Errors
/// [`TupleError::TooMany`] when more than `limit` tuples exist;
/// [`TupleError::SearchTooLarge`] when the search runs out of its node budget first
/// (`limit` × 64 nodes, at least 65,536 and at most 2,000,000).
pub(crate) fn cage_tuples(cage: &Cage, n: u8, limit: usize) -> Result<Tuples, TupleError> {
    let op = cage.effective_op();
    if op != Op::Any {
        return search(cage, op, n, limit);
    }
    let lists = Op::ARITHMETIC
        .iter()
        .map(|&op| search(cage, op, n, limit))
        .collect::<Result<Vec<Tuples>, TupleError>>()?;
    let mut all: Vec<&[u8]> = lists.iter().flat_map(Tuples::iter).collect();
    all.sort_unstable();
    all.dedup();
    if all.len() > limit {
        return Err(TupleError::TooMany {
            anchor: cage.anchor(),
            cells: cage.cells.len(),
            limit,
        });
    }
    let mut out = Tuples::new(cage.cells.len());
    out.flat.reserve(all.len() * out.arity);
    all.into_iter().for_each(|t| out.push(t));
    Ok(out)
}

/// [`cage_tuples`] for one operator other than [`Op::Any`].
fn search(cage: &Cage, op: Op, n: u8, limit: usize) -> Result<Tuples, TupleError> {
    let k = cage.cells.len();
    // clash[i]: the earlier positions in the same row or column as position i.
    let clash: Vec<Vec<usize>> = (0..k)
        .map(|i| {
            (0..i)
                .filter(|&j| {
                    cage.cells[i].row == cage.cells[j].row || cage.cells[i].col == cage.cells[j].col
                })
                .collect()
        })
        .collect();
    // most[r] = n^r (saturating): the largest product r free cells can make.
    let most: Vec<u64> = (0..=k)
        .scan(1u64, |p, _| {
            let now = *p;
            *p = p.saturating_mul(u64::from(n));
            Some(now)
        })
        .collect();
    let mut search = Search {
        op,
        target: cage.target,
        n,
        clash,
        most,
        limit,
        current: Vec::with_capacity(k),
        out: Tuples::new(k),
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
    /// `most[r]`: n^r, saturating.
    most: Vec<u64>,
    limit: usize,
    current: Vec<u8>,
    out: Tuples,
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
                self.out.push(&self.current);
            }
            return;
        }
        let rest = k - depth - 1;
        let (lo, hi) = self.digit_range(rest, sum);
        for d in lo..=hi {
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
            if !self.feasible(rest, s, p, m) {
                continue;
            }
            self.current.push(d);
            self.run(depth + 1, s, p, m);
            let _ = self.current.pop();
        }
    }

    /// The digits worth trying at the next cell, with `rest` cells after it: for `+`, those
    /// that leave the rest a reachable remainder (each of the rest adds 1..=n); every digit
    /// otherwise. An empty range has `lo > hi`.
    fn digit_range(&self, rest: usize, sum: u64) -> (u8, u8) {
        if self.op != Op::Add {
            return (1, self.n);
        }
        let (n, rest) = (u64::from(self.n), rest as u64);
        let Some(left) = self.target.checked_sub(sum) else {
            return (1, 0);
        };
        let lo = left.saturating_sub(rest.saturating_mul(n)).max(1);
        let hi = left.saturating_sub(rest).min(n);
        match (u8::try_from(lo), u8::try_from(hi)) {
            (Ok(lo), Ok(hi)) => (lo, hi),
            _ => (1, 0),
        }
    }

    /// Can a partial assignment with these aggregates and `rest` free cells still reach the
    /// target?
    fn feasible(&self, rest: usize, sum: u64, prod: u64, max: u8) -> bool {
        let n = u64::from(self.n);
        let rest64 = rest as u64;
        match self.op {
            Op::Add => sum + rest64 <= self.target && sum + rest64 * n >= self.target,
            Op::Mul => self.target % prod == 0 && self.target / prod <= self.most[rest],
            Op::Sub => sum - u64::from(max) + self.target <= n,
            Op::Div => (prod / u64::from(max)).saturating_mul(self.target) <= n,
            Op::Given => u64::from(max) == self.target,
            // Never searched as one operator: `cage_tuples` unites the four searches.
            Op::Any => true,
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
            Op::Any => false,
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
        assert_eq!(t, Tuples::from_rows(2, &[[1, 2], [2, 1], [2, 4], [4, 2]]));
    }

    #[test]
    fn subtraction_reads_left_to_right_with_any_cell_first() {
        // 6-3-2-1 = 0 is not allowed (target > 0), but 6-2-1-1 = 2 in an L shape is.
        let c = cage(Op::Sub, 2, &[(0, 0), (0, 1), (1, 1), (1, 2)]);
        let t = cage_tuples(&c, 6, 1000).unwrap();
        assert!(t.contains(&[6, 2, 1, 1]) || t.contains(&[1, 6, 2, 1]));
        for tuple in t.iter() {
            let sum: i64 = tuple.iter().map(|&d| i64::from(d)).sum();
            let max = i64::from(*tuple.iter().max().unwrap());
            assert_eq!(max - (sum - max), 2, "{tuple:?}");
        }
    }

    #[test]
    fn in_cage_rows_and_columns_are_distinct() {
        // Norvig's unit test: 11 + A1 B1 on 6x6 leaves {5,6} for both cells.
        let t = cage_tuples(&cage(Op::Add, 11, &[(0, 0), (1, 0)]), 6, 100).unwrap();
        assert_eq!(t, Tuples::from_rows(2, &[[5, 6], [6, 5]]));
        // Diagonal cells may repeat.
        let t = cage_tuples(&cage(Op::Mul, 4, &[(0, 0), (0, 1), (1, 1)]), 4, 100).unwrap();
        assert!(t.contains(&[2, 1, 2]));
    }

    /// Every digit assignment, in lexicographic order, kept when its cells in one row or
    /// column differ and the operator's rule holds read literally: some cell first, the
    /// others subtracted (`-`) or divided exactly (`/`).
    fn brute_force(c: &Cage, n: u8) -> Tuples {
        let k = c.cells.len();
        let mut out = Tuples::new(k);
        let mut t = vec![1u8; k];
        loop {
            let v: Vec<u64> = t.iter().map(|&d| u64::from(d)).collect();
            let sum: u64 = v.iter().sum();
            let prod: u128 = v.iter().map(|&d| u128::from(d)).product();
            let first_then = |rest: &dyn Fn(usize) -> bool| (0..k).any(rest);
            let holds = |op: Op| match op {
                Op::Given => v[0] == c.target,
                Op::Add => sum == c.target,
                Op::Mul => prod == u128::from(c.target),
                Op::Sub => first_then(&|i| v[i] + v[i] == sum + c.target),
                Op::Div => first_then(&|i| {
                    let others = prod / u128::from(v[i]);
                    u128::from(v[i]) == others * u128::from(c.target)
                }),
                Op::Any => unreachable!("handled below"),
            };
            let ok = match c.effective_op() {
                Op::Any => [Op::Add, Op::Sub, Op::Mul, Op::Div].into_iter().any(holds),
                op => holds(op),
            };
            let distinct = (0..k).all(|i| {
                (0..i).all(|j| {
                    let same_line =
                        c.cells[i].row == c.cells[j].row || c.cells[i].col == c.cells[j].col;
                    !same_line || t[i] != t[j]
                })
            });
            if ok && distinct {
                out.push(&t);
            }
            // Next assignment (last position fastest).
            let Some(i) = (0..k).rev().find(|&i| t[i] < n) else {
                return out;
            };
            t[i] += 1;
            t[i + 1..].iter_mut().for_each(|d| *d = 1);
        }
    }

    /// The pruned search lists exactly the brute-force tuples, in the same order, for
    /// random cages of every operator (targets drawn near attainable values, and some not).
    #[test]
    fn the_search_agrees_with_brute_force() {
        let mut rng = crate::rng::SplitMix64::new(12);
        for round in 0..3000 {
            let n = rng.range(2, 6) as u8;
            let k = rng.range(1, 4) as usize;
            let mut cells: Vec<(u8, u8)> = Vec::new();
            while cells.len() < k {
                let c = (rng.below(u64::from(n)) as u8, rng.below(u64::from(n)) as u8);
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            let op = [Op::Add, Op::Sub, Op::Mul, Op::Div][rng.below(4) as usize];
            let target = match op {
                Op::Add => rng.range(1, k as u64 * u64::from(n) + 1),
                Op::Mul => (0..k).map(|_| rng.range(1, u64::from(n))).product(),
                _ => rng.range(1, u64::from(n)),
            } + u64::from(round % 17 == 0);
            let c = cage(op, target, &cells);
            let got = cage_tuples(&c, n, 100_000).unwrap();
            assert_eq!(got, brute_force(&c, n), "{c:?} on {n}x{n}");
        }
    }

    /// The same for operator-less cages (`?`): the union of the four operators' tuples,
    /// each once, against the brute force that tries every operator on every assignment.
    #[test]
    fn the_union_for_hidden_operators_agrees_with_brute_force() {
        let mut rng = crate::rng::SplitMix64::new(23);
        let mut nonempty = 0;
        for round in 0..2000 {
            let n = rng.range(2, 6) as u8;
            let k = rng.range(1, 4) as usize;
            let mut cells: Vec<(u8, u8)> = Vec::new();
            while cells.len() < k {
                let c = (rng.below(u64::from(n)) as u8, rng.below(u64::from(n)) as u8);
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            // Small targets are reached by several operators at once (2 = 1+1, 4/2, 3-1 …).
            let target = match round % 3 {
                0 => rng.range(1, u64::from(n)),
                1 => rng.range(1, k as u64 * u64::from(n)),
                _ => (0..k).map(|_| rng.range(1, u64::from(n))).product(),
            };
            let c = cage(Op::Any, target, &cells);
            let got = cage_tuples(&c, n, 100_000).unwrap();
            assert_eq!(got, brute_force(&c, n), "{c:?} on {n}x{n}");
            nonempty += usize::from(!got.is_empty());
        }
        assert!(nonempty > 1000, "{nonempty}");
    }

    #[test]
    fn hidden_operator_pairs_unite_the_four_rules() {
        // 2 on a 4x4 pair: 1+1 is out (same row), 3-1, 4-2, 1·2, 2/1 and 4/2.
        let t = cage_tuples(&cage(Op::Any, 2, &[(0, 0), (0, 1)]), 4, 100).unwrap();
        let rows = [[1, 2], [1, 3], [2, 1], [2, 4], [3, 1], [4, 2]];
        assert_eq!(t, Tuples::from_rows(2, &rows));
        // The union counts against the limit.
        let e = cage_tuples(&cage(Op::Any, 2, &[(0, 0), (0, 1)]), 4, 5).unwrap_err();
        assert!(matches!(e, TupleError::TooMany { limit: 5, .. }));
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
