//! # CrossProduct checker
//!
//! Every cell holds a digit 1..=9 and the digits of each row and column multiply to the
//! given product (computed in `u128` with checked multiplication: 64 digits of at most 9
//! can exceed `u128`, which counts as a mismatch).

use crate::grid::{Cell, Grid};
use crate::puzzle::CrossProduct;
use crate::verify::{check_shape, VerifyError};

/// Checks a CrossProduct solution.
///
/// # Errors
/// The first broken rule: wrong shape, a digit outside 1..=9, or a wrong product (rows
/// first, then columns).
pub(crate) fn verify_crossproduct(p: &CrossProduct, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let (rows, cols) = (p.rows().len(), p.cols().len());
    check_shape(grid, rows, cols)?;
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    for r in 0..rows {
        for c in 0..cols {
            let v = *grid.get(at(r, c));
            if !(1..=9).contains(&v) {
                return Err(VerifyError::OutOfRange {
                    cell: at(r, c),
                    value: v,
                    max: 9,
                });
            }
        }
    }
    for (r, &want) in p.rows().iter().enumerate() {
        let values: Vec<u8> = (0..cols).map(|c| *grid.get(at(r, c))).collect();
        check_line(|| format!("row {}", r + 1), want, values)?;
    }
    for (c, &want) in p.cols().iter().enumerate() {
        let values: Vec<u8> = (0..rows).map(|r| *grid.get(at(r, c))).collect();
        check_line(|| format!("column {}", c + 1), want, values)?;
    }
    Ok(())
}

/// Checks that `values` multiply to `want`; the line is named (`line`) only when not.
fn check_line(
    line: impl FnOnce() -> String,
    want: u64,
    values: Vec<u8>,
) -> Result<(), VerifyError> {
    let got = values
        .iter()
        .try_fold(1u128, |acc, &d| acc.checked_mul(u128::from(d)));
    if got == Some(u128::from(want)) {
        Ok(())
    } else {
        Err(VerifyError::Product {
            line: line(),
            want,
            got,
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> CrossProduct {
        CrossProduct::new(vec![2, 12], vec![3, 8]).unwrap()
    }

    #[test]
    fn accepts_a_solution_and_names_the_broken_line() {
        let good = Grid::from_rows(vec![vec![1, 2], vec![3, 4]]).unwrap();
        assert_eq!(verify_crossproduct(&puzzle(), &good), Ok(()));
        let bad = Grid::from_rows(vec![vec![1, 2], vec![4, 3]]).unwrap();
        assert_eq!(
            verify_crossproduct(&puzzle(), &bad)
                .unwrap_err()
                .to_string(),
            "column 1 multiplies to 4, expected 3 (digits [1, 4])"
        );
        let zero = Grid::from_rows(vec![vec![1, 2], vec![0, 4]]).unwrap();
        assert!(matches!(
            verify_crossproduct(&puzzle(), &zero),
            Err(VerifyError::OutOfRange { value: 0, .. })
        ));
        let small = Grid::from_rows(vec![vec![1, 2]]).unwrap();
        assert!(matches!(
            verify_crossproduct(&puzzle(), &small),
            Err(VerifyError::Shape { .. })
        ));
    }
}
