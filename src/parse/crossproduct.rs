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
//! positive whole numbers that fit in 64 bits.

use thiserror::Error;

use crate::parse::{nothing_found, tokens, ParseError, Pos, Token};
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
}

/// True when the first non-comment token of `text` is `rows` or `cols`.
#[must_use]
pub(crate) fn looks_like(text: &str) -> bool {
    text.lines()
        .filter_map(|l| l.split('#').next()?.split_whitespace().next())
        .next()
        .is_some_and(|t| t.eq_ignore_ascii_case("rows") || t.eq_ignore_ascii_case("cols"))
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
    let mut rows: Option<Line> = None;
    let mut cols: Option<Line> = None;
    let mut line_count = 0;
    for (i, full_line) in text.lines().enumerate() {
        line_count = i + 1;
        let line = full_line.split('#').next().unwrap_or("");
        let toks = tokens(line, i + 1, 1);
        let Some((first, rest)) = toks.split_first() else {
            continue;
        };
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
        *slot = Some(parse_line(first, rest, keyword)?);
    }
    if rows.is_none() && cols.is_none() {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    }
    let end = Pos::new(line_count.max(1), 1);
    let cols =
        cols.ok_or_else(|| ParseError::new(end, CrossProductParseError::MissingLine("cols")))?;
    let rows =
        rows.ok_or_else(|| ParseError::new(end, CrossProductParseError::MissingLine("rows")))?;
    let (rows_pos, cols_pos) = (rows.keyword_pos, cols.keyword_pos);
    CrossProduct::new(rows.products, cols.products).map_err(|e| {
        let pos = match e {
            CrossProductError::TooMany { what: "rows", .. } => rows_pos,
            _ => cols_pos,
        };
        ParseError::new(pos, CrossProductParseError::CrossProduct(e))
    })
}

fn parse_line(
    first: &Token<'_>,
    rest: &[Token<'_>],
    keyword: &'static str,
) -> Result<Line, ParseError> {
    if rest.is_empty() {
        return Err(ParseError::new(
            first.pos,
            CrossProductParseError::NoProducts(keyword),
        ));
    }
    let products = rest
        .iter()
        .map(|t| parse_product(t).map_err(|kind| ParseError::new(t.pos, kind)))
        .collect::<Result<Vec<u64>, ParseError>>()?;
    Ok(Line {
        keyword_pos: first.pos,
        products,
    })
}

fn parse_product(t: &Token<'_>) -> Result<u64, CrossProductParseError> {
    let text = t.text;
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
        let many = format!("cols 1\nrows{}\n", " 1".repeat(65));
        assert_eq!(err(&many), "<stdin>:2:1: 65 rows (at most 64 allowed)");
    }
}
