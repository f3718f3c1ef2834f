//! # Solution grids as text
//!
//! One row per line, digits either separated by whitespace (`4 2 3 1`) or run together
//! (`4231`, only for digits 1..9). `#` and `.` stand for cells without a digit (Kakuro's
//! blocked and clue cells). Blank lines are skipped, and so are comment lines: lines starting
//! with `#` that hold anything but `#`, `.` and numbers.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{nothing_found, tokens, ParseError, Pos};

/// What went wrong while reading a solution grid (`.solution` text, `--block`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolutionParseError {
    /// A solution token is not a digit.
    #[error("bad digit '{}' in solution", crate::parse::clip(.0))]
    BadDigit(String),
    /// A solution row has the wrong length.
    #[error("solution row has {found} digits, expected {expected}")]
    RaggedSolution {
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A solution does not fit the puzzle.
    #[error("solution is {rows}x{cols}, the puzzle is {want_rows}x{want_cols}")]
    SolutionShape {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
        /// Rows expected.
        want_rows: usize,
        /// Columns expected.
        want_cols: usize,
    },
    /// A solution digit is outside the puzzle's digits.
    #[error("digit {digit} at {cell} is outside 1..={max}")]
    SolutionDigit {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The largest digit.
        max: u8,
    },
    /// A digit on a square that holds none (a Kakuro clue or blocked square).
    #[error("{cell} is not a digit square: write '.' there")]
    NotADigitSquare {
        /// The square.
        cell: Cell,
    },
}

/// A parsed solution and where each value was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SolutionText {
    /// The values.
    pub grid: Grid<u8>,
    /// The position of each value in the text.
    pub pos: Grid<Pos>,
}

impl SolutionText {
    /// Checks that the grid is `rows`×`cols`.
    ///
    /// # Errors
    /// [`SolutionParseError::SolutionShape`] at the grid's first value.
    pub(crate) fn expect_shape(&self, rows: usize, cols: usize) -> Result<(), ParseError> {
        if self.grid.rows() == rows && self.grid.cols() == cols {
            return Ok(());
        }
        let kind = SolutionParseError::SolutionShape {
            rows: self.grid.rows(),
            cols: self.grid.cols(),
            want_rows: rows,
            want_cols: cols,
        };
        Err(ParseError::new(*self.pos.get(Cell::new(0, 0)), kind))
    }
}

/// Parses a solution grid (digits 1..=99; 0, `.` and `#` stand for cells without a digit).
///
/// # Errors
/// Non-digit tokens and ragged rows, with their positions.
pub fn parse_solution(text: &str) -> Result<Grid<u8>, ParseError> {
    parse_solution_text(text).map(|s| s.grid)
}

/// [`parse_solution`], also giving the position of every value.
///
/// # Errors
/// Non-digit tokens and ragged rows, with their positions.
pub(crate) fn parse_solution_text(text: &str) -> Result<SolutionText, ParseError> {
    let text = super::strip_bom(text);
    let mut rows: Vec<Vec<u8>> = Vec::new();
    let mut positions: Vec<Vec<Pos>> = Vec::new();
    let mut width: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let toks = tokens(line, line_no, 1);
        let cell_token = |t: &str| t == "#" || t == "." || t.bytes().all(|b| b.is_ascii_digit());
        if toks.is_empty()
            || (toks[0].text.starts_with('#') && !toks.iter().all(|t| cell_token(t.text)))
        {
            continue;
        }
        let mut row = Vec::new();
        let mut at = Vec::new();
        if toks.len() == 1 && toks[0].text.chars().count() > 1 && cell_token(toks[0].text) {
            for (j, ch) in toks[0].text.chars().enumerate() {
                let d = ch
                    .to_digit(10)
                    .ok_or_else(|| bad(Pos::new(line_no, j + 1), ch.to_string()))?;
                row.push(d as u8);
                at.push(Pos::new(line_no, j + toks[0].pos.col));
            }
        } else {
            for t in &toks {
                let v = if t.text == "." || t.text == "#" {
                    Some(0)
                } else {
                    t.text.parse::<u8>().ok().filter(|&d| d < 100)
                };
                row.push(v.ok_or_else(|| bad(t.pos, t.text.to_string()))?);
                at.push(t.pos);
            }
        }
        match width {
            Some(w) if w != row.len() => {
                return Err(ParseError::new(
                    Pos::new(line_no, 1),
                    SolutionParseError::RaggedSolution {
                        expected: w,
                        found: row.len(),
                    },
                ))
            }
            _ => width = Some(row.len()),
        }
        rows.push(row);
        positions.push(at);
    }
    let empty = || ParseError::new(Pos::new(1, 1), nothing_found(text));
    if rows.is_empty() {
        return Err(empty());
    }
    Ok(SolutionText {
        grid: Grid::from_rows(rows).ok_or_else(empty)?,
        pos: Grid::from_rows(positions).ok_or_else(empty)?,
    })
}

fn bad(pos: Pos, text: String) -> ParseError {
    ParseError::new(pos, SolutionParseError::BadDigit(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ParseErrorKind;

    #[test]
    fn both_layouts() {
        let a = parse_solution("# s\n4 2\n1 3\n").unwrap();
        let b = parse_solution_text("42\n13\n").unwrap();
        assert_eq!(a, b.grid);
        assert_eq!(*b.pos.get(crate::grid::Cell::new(1, 1)), Pos::new(2, 2));
        assert_eq!(a.to_rows(), vec![vec![4, 2], vec![1, 3]]);
    }

    #[test]
    fn kakuro_rows_are_not_comments() {
        let s = parse_solution("# source: x\n# # 1\n# 2 3\n").unwrap();
        assert_eq!(s.to_rows(), vec![vec![0, 0, 1], vec![0, 2, 3]]);
    }

    #[test]
    fn errors_have_positions() {
        let e = parse_solution("4 2\n1 x\n").unwrap_err();
        assert_eq!(
            (e.pos, e.kind),
            (
                Pos::new(2, 3),
                ParseErrorKind::Solution(SolutionParseError::BadDigit("x".into()))
            )
        );
        let e = parse_solution("4 2\n1\n").unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 1));
    }
}
