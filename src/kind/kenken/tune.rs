//! # A KenKen a little harder or easier
//!
//! For `setter::tune`: two neighbouring cages merged into a `+` cage (`×` when both were
//! `×`, `?` when operators are hidden), or a cage split into two connected cages (a
//! one-cell part a given, a larger one keeping the cage's operator), targets from the
//! solution.

use crate::grid::{Cell, Grid};
use crate::kind::cage_edits::{self, merged_at, neighbour_pairs, product, split_at, sum};
use crate::puzzle::{Cage, KenKen, Op, Puzzle};

/// Whether the KenKen hides its operators (every cage of two cells or more is `?`).
fn hidden_ops(k: &KenKen) -> bool {
    k.cages()
        .iter()
        .filter(|c| c.cells.len() > 1)
        .all(|c| c.op == Op::Any)
}

/// A KenKen cage on `cells` under `op`, its target from the solution (`None` when the
/// operator does not fit the cells or the target overflows).
fn kenken_cage(op: Op, cells: Vec<Cell>, solution: &Grid<u8>) -> Option<Cage> {
    let target = match (op, cells.len()) {
        (_, 1) => {
            return Some(Cage {
                op: Op::Given,
                target: sum(solution, &cells),
                cells,
            })
        }
        (Op::Mul, _) => product(solution, &cells)?,
        (Op::Add | Op::Any, _) => sum(solution, &cells),
        _ => return None,
    };
    Some(Cage { op, target, cells })
}

/// A short name of a KenKen cage: `12+ at A1`.
fn kenken_name(cage: &Cage) -> String {
    let op = match cage.effective_op() {
        Op::Given => String::new(),
        op => op.symbol().to_string(),
    };
    format!("{}{op} at {}", cage.target, cage.anchor().label())
}

/// A KenKen with two neighbouring cages merged into a `+` cage (`×` when both were `×`,
/// `?` when operators are hidden).
pub(super) fn merges(k: &KenKen, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let hidden = hidden_ops(k);
    let mut out = Vec::new();
    let shapes: Vec<&[Cell]> = cages.iter().map(|c| c.cells.as_slice()).collect();
    for (i, j) in neighbour_pairs(&shapes) {
        let (a, b) = (&cages[i], &cages[j]);
        let op = if hidden {
            Op::Any
        } else if a.effective_op() == Op::Mul && b.effective_op() == Op::Mul {
            Op::Mul
        } else {
            Op::Add
        };
        let cells: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        let Some(merged) = kenken_cage(op, cells, solution) else {
            continue;
        };
        let change = format!(
            "merged cages {} and {} into {}",
            kenken_name(a),
            kenken_name(b),
            kenken_name(&merged)
        );
        let next = merged_at(cages, i, j, merged);
        if let Ok(kk) = KenKen::new(k.size(), next, true) {
            out.push((Puzzle::KenKen(kk), change));
        }
    }
    out
}

/// A KenKen with one cage split into two connected cages: a one-cell part is a given,
/// a larger part keeps the cage's operator (`−` and `÷` cages split into two givens).
pub(super) fn splits(k: &KenKen, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        for (a, b) in cage_edits::splits(&cage.cells, 1) {
            let op = cage.effective_op();
            let (Some(a), Some(b)) = (kenken_cage(op, a, solution), kenken_cage(op, b, solution))
            else {
                continue;
            };
            let change = format!(
                "split cage {} into {} and {}",
                kenken_name(cage),
                kenken_name(&a),
                kenken_name(&b)
            );
            let next = split_at(cages, i, a, b);
            if let Ok(kk) = KenKen::new(k.size(), next, true) {
                out.push((Puzzle::KenKen(kk), change));
            }
        }
    }
    out
}
