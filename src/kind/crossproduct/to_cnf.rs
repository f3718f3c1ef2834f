//! # CrossProduct as CNF: its rows and columns as products
//!
//! The rows, then the columns, handed to the product family ([`crate::encode::product`]);
//! `encodings/crossproduct.md` gives every clause family and its size.

use crate::cnf::OneHot;
use crate::cnf::{EncodeStats, ExtendFormula};
use crate::encode::product::{encode_products, Line};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::puzzle::crossproduct::{CrossProduct, DIGITS};

/// Encodes a CrossProduct puzzle.
///
/// # Errors
/// As [`encode_products`].
pub(crate) fn encode(puzzle: &CrossProduct, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let (rows, cols) = puzzle.dims();
    if !puzzle.totals_agree() {
        // No table has these row and column products: the empty clause says so at once,
        // instead of a search that can take minutes on a large table.
        let mut enc = Encoding::new(OneHot::full(rows, cols, DIGITS));
        enc.formula.add_clause(&[]);
        enc.record(
            "totals",
            EncodeStats {
                vars: 0,
                clauses: 1,
            },
        );
        return Ok(enc);
    }
    let cell = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let mut lines: Vec<Line> = (0..rows)
        .map(|r| Line {
            name: format!("row {}", r + 1),
            cells: (0..cols).map(|c| cell(r, c)).collect(),
            product: puzzle.rows()[r],
        })
        .collect();
    lines.extend((0..cols).map(|c| Line {
        name: format!("column {}", c + 1),
        cells: (0..rows).map(|r| cell(r, c)).collect(),
        product: puzzle.cols()[c],
    }));
    let form = (opts.crossproduct.constraint, opts.crossproduct.line_filter);
    encode_products(rows, cols, &lines, form, opts)
}
