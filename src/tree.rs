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
        let digits = (1..=31u8).filter(|&d| c.digits & (1 << d) != 0);
        out.extend(child(cell(c.index), digits, c.digit));
    }
}
