//! # CrossProduct text format
//!
//! ```text
//! # comments start with '#', anywhere on a line
//! # solutions: 1            (headers like this are comments to the parser)
//! cols 6615 15552 420
//! rows 210 144 54 135 4 49
//! ```
//!
//! `cols` lists the C column products (left to right) and `rows` the R row products (top
//! to bottom), each exactly once, in either order, keywords case-insensitive. Products are
//! positive whole numbers that fit in 64 bits, separated by spaces or commas, optionally in
//! brackets after an optional `=` or `:` (`rows [6, 120, 504]`; a bracketed list may span
//! lines). Peter Norvig's Python notation, rows first, is read too
//! (`[210, 144, 54, 135, 4, 49], [6615, 15552, 420]`, `Puzzle([…], […])`:
//! [`super::crossproduct_list`]).

use thiserror::Error;

use crate::parse::crossproduct_list::{lex, parse_list, parse_lists, starts_list, Lexeme};
use crate::parse::{nothing_found, ParseError, Pos};
use crate::puzzle::crossproduct::{CrossProduct, CrossProductError};

/// What went wrong while reading a CrossProduct (`.crossproduct` text).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CrossProductParseError {
    /// A line that is neither `rows` nor `cols`.
    #[error("unknown line '{}' (expected 'rows' or 'cols')", crate::parse::clip(.0))]
    UnknownLine(String),
    /// A `rows` or `cols` line given twice.
    #[error("'{keyword}' given twice (first at {first})")]
    DuplicateLine {
        /// `rows` or `cols`.
        keyword: &'static str,
        /// Where the first one is.
        first: Pos,
    },
    /// No `rows` or no `cols` line.
    #[error("missing '{0}' line (the {what} products)", what = if *.0 == "rows" { "row" } else { "column" })]
    MissingLine(&'static str),
    /// A `rows` or `cols` line without products.
    #[error("'{0}' line lists no products")]
    NoProducts(&'static str),
    /// A product that is not a number.
    #[error("bad product '{}' (expected a positive whole number)", crate::parse::clip(.0))]
    BadProduct(String),
    /// A product that is zero or negative.
    #[error("product must be positive, found '{}'", crate::parse::clip(.0))]
    NonPositiveProduct(String),
    /// A product that does not fit in 64 bits.
    #[error("product '{}' is too large (limit {max})", crate::parse::clip(.0), max = u64::MAX)]
    ProductOverflow(String),
    /// A structural rule (table size).
    #[error("{0}")]
    CrossProduct(CrossProductError),
    /// Something out of place in a product list.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What may come here.
        expected: &'static str,
        /// What came (quoted), or `the end of the text`.
        found: String,
    },
    /// A second puzzle after the first (one puzzle per text).
    #[error("a second puzzle (one puzzle per file)")]
    SecondPuzzle,
}

/// True when the text starts (after comments) with `rows` or `cols`, or with a puzzle in
/// Norvig's list notation (`[`, `(`, `Puzzle`).
#[must_use]
pub(crate) fn looks_like(text: &str) -> bool {
    let lx = lex(text);
    starts_list(&lx)
        || lx.first().is_some_and(|t| {
            t.text.eq_ignore_ascii_case("rows") || t.text.eq_ignore_ascii_case("cols")
        })
}

/// A product list as written.
struct Line {
    keyword_pos: Pos,
    products: Vec<u64>,
}

/// Parses a CrossProduct description.
///
/// # Errors
/// The first syntax or validation problem, with its position (no path; the caller adds it).
pub(crate) fn parse(text: &str) -> Result<CrossProduct, ParseError> {
    let lx = lex(text);
    let end = Pos::new(text.lines().count().max(1), 1);
    if lx.is_empty() {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    }
    let (rows, cols) = if starts_list(&lx) {
        // Where the text ends: just after its last lexeme.
        let last = lx[lx.len() - 1];
        let eof = Pos::new(last.pos.line, last.pos.col + last.text.chars().count());
        let ((rows, rows_pos), (cols, cols_pos)) = parse_lists(&lx, eof)?;
        let line = |products, keyword_pos| Line {
            keyword_pos,
            products,
        };
        (line(rows, rows_pos), line(cols, cols_pos))
    } else {
        keyword_lines(&lx, end)?
    };
    let (rows_pos, cols_pos) = (rows.keyword_pos, cols.keyword_pos);
    CrossProduct::new(rows.products, cols.products).map_err(|e| {
        let pos = match e {
            CrossProductError::TooMany { what: "rows", .. } => rows_pos,
            _ => cols_pos,
        };
        ParseError::new(pos, CrossProductParseError::CrossProduct(e))
    })
}

/// The `rows` and `cols` lines, in either order.
fn keyword_lines(lx: &[Lexeme<'_>], end: Pos) -> Result<(Line, Line), ParseError> {
    let mut rows: Option<Line> = None;
    let mut cols: Option<Line> = None;
    let mut i = 0;
    while let Some(first) = lx.get(i) {
        let (slot, keyword) = if first.text.eq_ignore_ascii_case("rows") {
            (&mut rows, "rows")
        } else if first.text.eq_ignore_ascii_case("cols") {
            (&mut cols, "cols")
        } else {
            let kind = CrossProductParseError::UnknownLine(first.text.to_string());
            return Err(ParseError::new(first.pos, kind));
        };
        if let Some(prev) = slot {
            let kind = CrossProductParseError::DuplicateLine {
                keyword,
                first: prev.keyword_pos,
            };
            return Err(ParseError::new(first.pos, kind));
        }
        let (line, next) = parse_line(lx, i, keyword, end)?;
        *slot = Some(line);
        i = next;
    }
    let cols =
        cols.ok_or_else(|| ParseError::new(end, CrossProductParseError::MissingLine("cols")))?;
    let rows =
        rows.ok_or_else(|| ParseError::new(end, CrossProductParseError::MissingLine("rows")))?;
    Ok((rows, cols))
}

/// The products after the keyword at `lx[i]`: a bracketed list (which may span lines), or
/// the rest of the keyword's line (commas between products allowed); an `=` or `:` may come
/// first. Answers the line and the index after it.
fn parse_line(
    lx: &[Lexeme<'_>],
    i: usize,
    keyword: &'static str,
    end: Pos,
) -> Result<(Line, usize), ParseError> {
    let first = lx[i];
    let mut j = i + 1;
    let same_line = |j: usize| lx.get(j).filter(|l| l.pos.line == first.pos.line);
    if same_line(j).is_some_and(|l| l.is('=') || l.is(':')) {
        j += 1;
    }
    let mut products = Vec::new();
    if same_line(j).is_some_and(|l| l.is('[')) {
        (products, j) = parse_list(lx, j, end)?;
        if let Some(extra) = lx.get(j).filter(|l| l.pos.line == lx[j - 1].pos.line) {
            let kind = CrossProductParseError::Expected {
                expected: "the end of the line after the list",
                found: format!("'{}'", extra.text),
            };
            return Err(ParseError::new(extra.pos, kind));
        }
    } else {
        while let Some(t) = same_line(j) {
            if !t.is(',') {
                products.push(parse_product(t.text).map_err(|k| ParseError::new(t.pos, k))?);
            }
            j += 1;
        }
    }
    if products.is_empty() {
        return Err(ParseError::new(
            first.pos,
            CrossProductParseError::NoProducts(keyword),
        ));
    }
    let line = Line {
        keyword_pos: first.pos,
        products,
    };
    Ok((line, j))
}

/// One product: a positive whole number that fits in 64 bits.
pub(crate) fn parse_product(text: &str) -> Result<u64, CrossProductParseError> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CrossProductParseError::BadProduct(text.to_string()));
    }
    if text.starts_with('-') || digits.bytes().all(|b| b == b'0') {
        return Err(CrossProductParseError::NonPositiveProduct(text.to_string()));
    }
    text.parse::<u64>()
        .map_err(|_| CrossProductParseError::ProductOverflow(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_the_sample() {
        let p =
            parse("# sample\ncols 6615 15552 420 # trailing\nROWS 210 144 54 135 4 49\n").unwrap();
        assert_eq!(p.cols(), &[6615, 15552, 420]);
        assert_eq!(p.rows(), &[210, 144, 54, 135, 4, 49]);
        assert!(looks_like("# x\n\n  rows 1\ncols 1"));
        assert!(!looks_like("size 4\n"));
    }

    #[test]
    fn large_products_parse_up_to_u64() {
        let p = parse("cols 1853020188851841\nrows 18446744073709551615").unwrap();
        assert_eq!(p.cols(), &[9u64.pow(16)]);
        assert_eq!(p.rows(), &[u64::MAX]);
    }

    #[test]
    fn errors_have_exact_messages_and_positions() {
        assert_eq!(
            err("cols 2 3\nrows 6 18446744073709551616\n"),
            "<stdin>:2:8: product '18446744073709551616' is too large (limit 18446744073709551615)"
        );
        assert_eq!(
            err("cols 0 3\nrows 6\n"),
            "<stdin>:1:6: product must be positive, found '0'"
        );
        assert_eq!(
            err("cols 2 -3\nrows 6\n"),
            "<stdin>:1:8: product must be positive, found '-3'"
        );
        assert_eq!(
            err("cols 2 3x\nrows 6\n"),
            "<stdin>:1:8: bad product '3x' (expected a positive whole number)"
        );
        assert_eq!(
            err("cols 2 3\n# no rows\n"),
            "<stdin>:2:1: missing 'rows' line (the row products)"
        );
        assert_eq!(
            err("rows 6\n"),
            "<stdin>:1:1: missing 'cols' line (the column products)"
        );
        assert_eq!(err(""), "<stdin>:1:1: no puzzle found (the file is empty)");
        assert_eq!(
            err("cols 2 3\n  rows\n"),
            "<stdin>:2:3: 'rows' line lists no products"
        );
        assert_eq!(
            err("cols 2 3\nrows 6\ncols 4"),
            "<stdin>:3:1: 'cols' given twice (first at 1:1)"
        );
        assert_eq!(
            err("cols 2\nsize 4\n"),
            "<stdin>:2:1: unknown line 'size' (expected 'rows' or 'cols')"
        );
        assert_eq!(
            err("cols [2, 3] 4\nrows 6\n"),
            "<stdin>:1:13: expected the end of the line after the list, found '4'"
        );
        assert_eq!(
            err("cols [2 3]\nrows 6\n"),
            "<stdin>:1:9: expected ',' or ']' after a product, found '3'"
        );
        let many = format!("cols 1\nrows{}\n", " 1".repeat(65));
        assert_eq!(err(&many), "<stdin>:2:1: 65 rows (at most 64 allowed)");
    }

    #[test]
    fn norvigs_list_notation_reads_rows_then_columns() {
        let want = parse("rows 210 144 54 135 4 49\ncols 6615 15552 420").unwrap();
        for text in [
            "[210, 144, 54, 135, 4, 49], [6615, 15552, 420]",
            " Puzzle([210, 144, 54, 135, 4, 49], [6615, 15552, 420]),",
            "(Puzzle(row_prods=[210, 144, 54, 135, 4, 49], col_prods=[6615, 15552, 420]),",
            "Puzzle(col_prods=[6615, 15552, 420], row_prods=[210, 144, 54, 135, 4, 49])",
            "p = Puzzle([210, 144, 54, 135, 4, 49,],\n  [6615, 15552, 420]))",
            "rows [210, 144, 54, 135, 4, 49]\ncols: [6615, 15552, 420]",
            "cols = [6615,\n 15552, 420]  # a list may span lines\nrows 210, 144, 54, 135, 4, 49",
        ] {
            assert_eq!(parse(text).unwrap(), want, "{text}");
            assert!(looks_like(text), "{text}");
        }
    }

    #[test]
    fn bad_lists_are_positioned_errors() {
        for (text, message) in [
            (
                "[6, 120 504], [1]",
                "1:9: expected ',' or ']' after a product, found '504'",
            ),
            (
                "[6, 120, 504]",
                "1:14: missing 'cols' line (the column products)",
            ),
            (
                "[6, x], [1]",
                "1:5: bad product 'x' (expected a positive whole number)",
            ),
            ("[6], [0]", "1:7: product must be positive, found '0'"),
            (
                "[6], [1",
                "1:8: expected ',' or ']' after a product, found the end of the text",
            ),
            (
                "[6], [1]]",
                "1:9: expected the end of the puzzle, found ']'",
            ),
            (
                "[6] [1]",
                "1:5: expected ',' between the two lists, found '['",
            ),
            ("Puzzle[6]", "1:7: expected '(' after 'Puzzle', found '['"),
            (
                "Puzzle(x=[6], [1])",
                "1:8: expected 'row_prods' or 'col_prods', found 'x'",
            ),
            (
                "[6], row_prods=[1]",
                "1:16: 'rows' given twice (first at 1:1)",
            ),
            (
                "[6], (1)",
                "1:6: expected '[' (a list of products), found '('",
            ),
            (
                "([1], [1]),\n([2], [2])",
                "2:1: a second puzzle (one puzzle per file)",
            ),
            ("[], []", "1:5: the table needs at least one row"),
        ] {
            assert_eq!(err(text), format!("<stdin>:{message}"), "{text}");
        }
    }
}
