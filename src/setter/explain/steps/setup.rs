//! # Setting up the explainer: the givens, box–line pairs and constraint pairs

use crate::grid::{Cell, Grid};
use crate::puzzle::{ConstraintKind, Constraints};

use super::super::mus::Sat;
use super::super::ExplainError;

/// Per grid index, the pairs of encoded constraints that share two or more cells and hold
/// that index (pairs sharing one cell force nothing their parts do not).
pub(super) fn pairs(
    members: &[Vec<usize>],
    of_cell: &[Vec<usize>],
    sat: &Sat,
) -> Vec<Vec<[usize; 2]>> {
    let mut out = vec![Vec::new(); of_cell.len()];
    for (a, ma) in members.iter().enumerate() {
        for (b, mb) in members.iter().enumerate().skip(a + 1) {
            if !sat.has(a) || !sat.has(b) || ma.iter().filter(|i| mb.contains(i)).count() < 2 {
                continue;
            }
            let mut cells: Vec<usize> = ma.iter().chain(mb).copied().collect();
            cells.sort_unstable();
            cells.dedup();
            for i in cells {
                out[i].push([a, b]);
            }
        }
    }
    out
}

/// The (box, line) pairs of houses with as many cells as digits that share two or more
/// cells, in the constraints' order.
pub(super) fn box_lines(model: &Constraints, members: &[Vec<usize>]) -> Vec<[usize; 2]> {
    let full = |k: usize| members[k].len() == usize::from(model.max_digit);
    let kind = |k: usize| model.list[k].kind;
    let mut out = Vec::new();
    for b in (0..members.len()).filter(|&b| kind(b) == ConstraintKind::Box && full(b)) {
        for l in 0..members.len() {
            let line = matches!(kind(l), ConstraintKind::Row | ConstraintKind::Column);
            let shared = members[b].iter().filter(|i| members[l].contains(i)).count();
            if line && full(l) && shared >= 2 {
                out.push([b, l]);
            }
        }
    }
    out
}

/// The givens and the state's digits, checked against the shape and the cells' digits.
pub(super) fn fixed_digits(
    model: &Constraints,
    doms: &[u32],
    state: Option<&Grid<u8>>,
) -> Result<Vec<(Cell, u8)>, ExplainError> {
    let (rows, cols) = (model.rows, model.cols);
    let mut fixed = model.givens.clone();
    let Some(g) = state else {
        return Ok(fixed);
    };
    if g.rows() != rows || g.cols() != cols {
        return Err(ExplainError::Shape {
            rows: g.rows(),
            cols: g.cols(),
            want_rows: rows,
            want_cols: cols,
        });
    }
    for r in 0..rows {
        for col in 0..cols {
            let cell = Cell::new(r as u8, col as u8);
            let d = *g.get(cell);
            if d == 0 {
                continue;
            }
            if d > model.max_digit || doms[cell.index(cols)] == 0 {
                return Err(ExplainError::BadState { cell, digit: d });
            }
            fixed.push((cell, d));
        }
    }
    Ok(fixed)
}
