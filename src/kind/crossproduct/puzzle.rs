//! # CrossProduct puzzles
//!
//! Fill an R×C table with digits 1..=9 (repeats allowed) so that the digits of row `r`
//! multiply to `rows[r]` and those of column `c` to `cols[c]`. A puzzle may have no, one
//! or many solutions. The text form (see [`crate::parse::crossproduct`]) is
//!
//! ```text
//! cols 6615 15552 420
//! rows 210 144 54 135 4 49
//! ```

use std::fmt;

use crate::grid::Cell;
use crate::puzzle::Op;
use crate::puzzle::{Constraint, ConstraintKind, Constraints};
use thiserror::Error;

/// Largest digit.
pub(crate) const DIGITS: u8 = 9;

/// Largest number of rows or columns.
pub(crate) const MAX_DIM: usize = 64;

/// A CrossProduct puzzle that breaks a structural rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CrossProductError {
    /// No rows or no columns.
    #[error("the table needs at least one {0}")]
    Empty(&'static str),
    /// Too many rows or columns.
    #[error("{count} {what} (at most {MAX_DIM} allowed)")]
    TooMany {
        /// "rows" or "columns".
        what: &'static str,
        /// How many were given.
        count: usize,
    },
    /// A product is zero (digits are 1..=9).
    #[error("{what} {index} has product 0 (digits are 1..=9)")]
    Zero {
        /// "row" or "column".
        what: &'static str,
        /// 1-based index.
        index: usize,
    },
}

/// A CrossProduct puzzle: row products and column products.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CrossProduct {
    rows: Vec<u64>,
    cols: Vec<u64>,
}

impl CrossProduct {
    /// Builds a puzzle from its row and column products.
    ///
    /// # Errors
    /// [`CrossProductError`] for an empty or oversized table or a zero product.
    pub fn new(rows: Vec<u64>, cols: Vec<u64>) -> Result<Self, CrossProductError> {
        for (what, list) in [("row", &rows), ("column", &cols)] {
            if list.is_empty() {
                return Err(CrossProductError::Empty(what));
            }
            if list.len() > MAX_DIM {
                return Err(CrossProductError::TooMany {
                    what: if what == "row" { "rows" } else { "columns" },
                    count: list.len(),
                });
            }
            if let Some(i) = list.iter().position(|&p| p == 0) {
                return Err(CrossProductError::Zero { what, index: i + 1 });
            }
        }
        Ok(CrossProduct { rows, cols })
    }

    /// The puzzle whose solution is `table` (rows of digits 1..=9), or `None` when the
    /// table is empty, ragged, holds a digit outside 1..=9 or a product overflows.
    #[must_use]
    pub fn from_table(table: &[Vec<u8>]) -> Option<Self> {
        let cols = table.first()?.len();
        if table.iter().any(|r| r.len() != cols) {
            return None;
        }
        if table.iter().flatten().any(|&d| !(1..=DIGITS).contains(&d)) {
            return None;
        }
        let rows: Option<Vec<u64>> = table.iter().map(|r| product(r.iter().copied())).collect();
        let col_products: Option<Vec<u64>> = (0..cols)
            .map(|c| product(table.iter().map(|r| r[c])))
            .collect();
        CrossProduct::new(rows?, col_products?).ok()
    }

    /// Row products, top to bottom.
    #[must_use]
    pub fn rows(&self) -> &[u64] {
        &self.rows
    }

    /// Column products, left to right.
    #[must_use]
    pub fn cols(&self) -> &[u64] {
        &self.cols
    }

    /// Table dimensions `(rows, cols)`.
    #[must_use]
    pub fn dims(&self) -> (usize, usize) {
        (self.rows.len(), self.cols.len())
    }
}

/// The product of digits, `None` on overflow.
fn product(mut digits: impl Iterator<Item = u8>) -> Option<u64> {
    digits.try_fold(1u64, |acc, d| acc.checked_mul(u64::from(d)))
}

/// The text form, parseable by `crate::parse::crossproduct::parse`.
impl fmt::Display for CrossProduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cols")?;
        for c in &self.cols {
            write!(f, " {c}")?;
        }
        write!(f, "\nrows")?;
        for r in &self.rows {
            write!(f, " {r}")?;
        }
        writeln!(f)
    }
}

impl CrossProduct {
    /// The row products, then the column products.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let (rows, cols) = self.dims();
        let product = |kind, cells, target| Constraint {
            kind,
            cells,
            op: Some(Op::Mul),
            target: Some(target),
            distinct: false,
            rule: None,
        };
        let mut list: Vec<Constraint> = (0..rows)
            .map(|r| {
                let cells = (0..cols).map(|c| Cell::new(r as u8, c as u8)).collect();
                product(ConstraintKind::RowProduct, cells, self.rows()[r])
            })
            .collect();
        list.extend((0..cols).map(|c| {
            let cells = (0..rows).map(|r| Cell::new(r as u8, c as u8)).collect();
            product(ConstraintKind::ColProduct, cells, self.cols()[c])
        }));
        let cells = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| Cell::new(r as u8, c as u8)))
            .collect();
        Constraints {
            rows,
            cols,
            max_digit: crate::puzzle::crossproduct::DIGITS,
            cells,
            givens: Vec::new(),
            list,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_gives_its_products() {
        let p = CrossProduct::from_table(&[vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]).unwrap();
        assert_eq!(p.rows(), &[6, 120, 504]);
        assert_eq!(p.cols(), &[28, 80, 162]);
        assert_eq!(p.to_string(), "cols 28 80 162\nrows 6 120 504\n");
        assert!(CrossProduct::from_table(&[vec![1, 2], vec![3]]).is_none());
        assert!(CrossProduct::from_table(&[vec![0]]).is_none());
    }

    #[test]
    fn structural_errors() {
        assert_eq!(
            CrossProduct::new(vec![], vec![1]).unwrap_err().to_string(),
            "the table needs at least one row"
        );
        assert_eq!(
            CrossProduct::new(vec![1, 0], vec![1])
                .unwrap_err()
                .to_string(),
            "row 2 has product 0 (digits are 1..=9)"
        );
        assert_eq!(
            CrossProduct::new(vec![1], vec![1; 65])
                .unwrap_err()
                .to_string(),
            "65 columns (at most 64 allowed)"
        );
    }
}
