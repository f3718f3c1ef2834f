//! # The Latin-square check KenKen, Towers and Unequal share
//!
//! Shape, digits `1..=N`, givens, and no repeat in a row or column, computed here from the
//! side: the first part of each Latin-square kind's verifier (`src/kind/<kind>/verify.rs`).

use crate::grid::{Cell, Grid};
use crate::verify::{check_shape, VerifyError};

/// Checks that `grid` is an `n`×`n` Latin square of `1..=n` holding the `givens`.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify_square(
    n: usize,
    givens: &[(Cell, u8)],
    grid: &Grid<u8>,
) -> Result<(), VerifyError> {
    check_shape(grid, n, n)?;
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    for r in 0..n {
        for c in 0..n {
            let v = *grid.get(at(r, c));
            if v == 0 || usize::from(v) > n {
                return Err(VerifyError::OutOfRange {
                    cell: at(r, c),
                    value: v,
                    max: n as u8,
                });
            }
        }
    }
    for &(cell, d) in givens {
        let v = *grid.get(cell);
        if v != d {
            // A given is a one-cell `=` cage.
            return Err(VerifyError::Cage {
                target: u64::from(d),
                op: '=',
                anchor: cell,
                values: vec![v],
            });
        }
    }
    for i in 0..n {
        let row: Vec<Cell> = (0..n).map(|j| at(i, j)).collect();
        let col: Vec<Cell> = (0..n).map(|j| at(j, i)).collect();
        distinct(grid, &format!("row {}", Cell::row_label(i as u8)), &row)?;
        distinct(grid, &format!("column {}", i + 1), &col)?;
    }
    Ok(())
}

fn distinct(grid: &Grid<u8>, line: &str, cells: &[Cell]) -> Result<(), VerifyError> {
    for (j, &b) in cells.iter().enumerate() {
        if let Some(&a) = cells[..j].iter().find(|&&a| grid.get(a) == grid.get(b)) {
            return Err(VerifyError::Repeat {
                digit: *grid.get(b),
                line: line.to_string(),
                first: a,
                second: b,
            });
        }
    }
    Ok(())
}
