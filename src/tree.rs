//! # Places in a search tree over cells
//!
//! Every search that enumerates grids (the DPLL walk, CDCL cubes, the native engines)
//! reports with each grid the path that led to it, as binary [`Branch`]es, so that the
//! engine layer can check that no grid comes twice without remembering every grid
//! (`engine::distinct`). Searches that split a cell over its digits, smallest first, keep
//! their path as [`Choice`]s (one per node, cheap to push) and turn it into branches only
//! when they report a grid ([`branches`]).

use crate::grid::{Cell, Grid};

/// One binary branch of a search tree over cells: the grids below it have `digit` at
/// `cell` when `holds`, a different digit otherwise; `second` says which side of its node
/// the branch is (the first side is searched first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Branch {
    /// The cell the branch looks at.
    pub(crate) cell: Cell,
    /// The digit it looks for.
    pub(crate) digit: u8,
    /// Whether the cell holds the digit below this branch.
    pub(crate) holds: bool,
    /// Whether this is the second side of the node.
    pub(crate) second: bool,
}

/// The branches by which a split of `cell` over the digits of `digits` (ascending; only
/// those that come before `digit` matter) reaches its child `digit`: "not" each earlier
/// digit, each the second side of its node, then "is `digit`", a first side.
pub(crate) fn child(
    cell: Cell,
    digits: impl IntoIterator<Item = u8>,
    digit: u8,
) -> impl Iterator<Item = Branch> {
    let not = move |d| Branch {
        cell,
        digit: d,
        holds: false,
        second: true,
    };
    digits
        .into_iter()
        .take_while(move |&d| d < digit)
        .map(not)
        .chain(std::iter::once(Branch {
            cell,
            digit,
            holds: true,
            second: false,
        }))
}

/// One node of a search that splits a cell over its digits, smallest first: the cell (as
/// the search numbers cells), the digits it could take there (bit `d` for digit `d`), and
/// the digit of the branch taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The cell, in the search's numbering.
    pub(crate) index: usize,
    /// Its digits at the node, bit `d` for digit `d`.
    pub(crate) digits: u32,
    /// The digit taken.
    pub(crate) digit: u8,
}

/// What a search over cells' digit masks hands each solution (one single-digit mask per
/// cell) to, with the choices that led to it; `false` stops the search.
pub(crate) type OnMasks<'a> = &'a mut dyn FnMut(&[u32], &[Choice]) -> bool;

/// What a search hands each solution to, with the choices that led to it; `false` stops.
pub(crate) type OnSolution<'a> = &'a mut dyn FnMut(Grid<u8>, &[Choice]) -> bool;

/// What a native engine hands each solution to, with its path as branches; `false` stops.
pub(crate) type OnGrid<'a> = &'a mut dyn FnMut(Grid<u8>, &[Branch]) -> bool;

/// The cell of index `i` in a row-major numbering of rows `cols` cells wide.
pub(crate) fn row_major(cols: usize) -> impl Fn(usize) -> Cell {
    move |i| {
        let narrow = |x: usize| u8::try_from(x).unwrap_or(u8::MAX);
        Cell::new(narrow(i / cols.max(1)), narrow(i % cols.max(1)))
    }
}

/// Writes into `out` the branches of the path `choices`, cells named by `cell`.
pub(crate) fn branches(choices: &[Choice], cell: impl Fn(usize) -> Cell, out: &mut Vec<Branch>) {
    out.clear();
    for c in choices {
        // Only the digits below the one taken make branches: walk their bits alone.
        let mut below = c.digits
            & 1u32
                .checked_shl(u32::from(c.digit))
                .map_or(u32::MAX, |b| b - 1);
        let digits = std::iter::from_fn(move || {
            let d = below.trailing_zeros();
            below &= below.wrapping_sub(1);
            u8::try_from(d).ok().filter(|&d| d < 32)
        });
        out.extend(child(cell(c.index), digits, c.digit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A choice becomes "not" each smaller digit it could have taken, then "is" its digit;
    /// digits it could not take make no branch.
    #[test]
    fn choices_become_branches() {
        let cell = Cell::new(1, 2);
        let choice = |digits, digit| Choice {
            index: 5,
            digits,
            digit,
        };
        let branch = |digit, holds| Branch {
            cell,
            digit,
            holds,
            second: !holds,
        };
        let mut out = Vec::new();
        // Digits 1, 3 and 4 open, 4 taken; then a cell with 2 and 31 open, 2 taken.
        let choices = [choice(0b1_1010, 4), choice((1 << 31) | 0b100, 2)];
        branches(&choices, row_major(3), &mut out);
        let want = [
            branch(1, false),
            branch(3, false),
            branch(4, true),
            branch(2, true),
        ];
        assert_eq!(out, want);
        branches(&[choice(1 << 31, 31)], row_major(3), &mut out);
        assert_eq!(out, [branch(31, true)]);
    }
}
