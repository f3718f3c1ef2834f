//! # Kakuro text format (`.kakuro`)
//!
//! ```text
//! ; comments are lines starting with ';'
//!   #   #   # 20\  6\
//!   #  6\ 7\8   .   .
//! \16   .   .   .   .
//! \11   .   .   .   .
//!  \4   .   .   #   #
//! ```
//!
//! One line per row of squares, whitespace-separated, every row the same length: `#` is a
//! blocked square, `.` a white square, and `D\A` a clue square where `D` is the sum of the
//! run below and `A` the sum of the run to the right; either number may be left out
//! (`17\`, `\10`), not both. Blank lines are ignored.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{nothing_found, tokens, ParseError, ParseErrorKind, Pos, Token};
use crate::puzzle::kakuro::{Dir, Kakuro, KakuroError, Square, MAX_DIM};

/// What went wrong while reading a Kakuro (`.kakuro` text).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KakuroParseError {
    /// A row with a different number of squares than the first row.
    #[error("row has {found} squares, expected {expected} like the first row (line {first_line})")]
    RaggedRow {
        /// Squares in this row.
        found: usize,
        /// Squares in the first row.
        expected: usize,
        /// Line of the first row.
        first_line: usize,
    },
    /// A token that is not `#`, `.` or a clue.
    #[error("unknown square '{}' (expected '#', '.' or a clue such as 17\\, \\10 or 23\\16)", crate::parse::clip(.0))]
    UnknownToken(String),
    /// A clue square `\` with neither number.
    #[error("clue square '\\' gives no sum (write '#' for a blocked square)")]
    EmptyClue,
    /// A clue number that does not fit in 32 bits.
    #[error("clue number '{}' is too large", crate::parse::clip(.0))]
    ClueOverflow(String),
    /// A semantic problem (clue without run, run without clue, impossible sum…).
    #[error("{0}")]
    Kakuro(KakuroError),
}

/// Where a square was written: its token's start, and the column of its across number.
#[derive(Clone, Copy, Debug)]
struct Written {
    pos: Pos,
    across_col: usize,
}

/// Parses a Kakuro grid.
///
/// # Errors
/// The first syntax or validation problem, with its position (no path; the caller adds it).
pub(crate) fn parse(text: &str) -> Result<Kakuro, ParseError> {
    let mut squares: Vec<Vec<Square>> = Vec::new();
    let mut written: Vec<Vec<Written>> = Vec::new();
    let mut first_line = 0;
    let mut last_pos = Pos::new(1, 1);
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with(';') {
            continue;
        }
        let toks = tokens(line, i + 1, 1);
        let Some(first) = toks.first() else {
            continue;
        };
        last_pos = first.pos;
        if let Some(expected) = squares.first().map(Vec::len) {
            check_width(&toks, expected, first_line)?;
        } else {
            first_line = i + 1;
        }
        let mut row = Vec::with_capacity(toks.len());
        let mut row_pos = Vec::with_capacity(toks.len());
        for tok in &toks {
            let (square, across_col) = parse_square(*tok)?;
            row.push(square);
            row_pos.push(Written {
                pos: tok.pos,
                across_col,
            });
        }
        squares.push(row);
        written.push(row_pos);
    }
    if squares.is_empty() {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    }
    let (rows, cols) = (squares.len(), squares[0].len());
    let grid = Grid::from_rows(squares).ok_or_else(|| {
        // check_width makes this unreachable; report it rather than panic.
        ParseError::new(last_pos, ParseErrorKind::Empty)
    })?;
    Kakuro::new(grid).map_err(|e| locate(e, &written, rows, cols))
}

fn check_width(toks: &[Token<'_>], expected: usize, first_line: usize) -> Result<(), ParseError> {
    if toks.len() == expected {
        return Ok(());
    }
    let pos = match toks.get(expected) {
        Some(extra) => extra.pos,
        None => toks.last().map_or(Pos::new(1, 1), |t| end_of(*t)),
    };
    Err(ParseError::new(
        pos,
        KakuroParseError::RaggedRow {
            found: toks.len(),
            expected,
            first_line,
        },
    ))
}

/// Reads one square; also returns the column where its across number starts.
fn parse_square(tok: Token<'_>) -> Result<(Square, usize), ParseError> {
    let unknown = || ParseError::new(tok.pos, KakuroParseError::UnknownToken(tok.text.into()));
    match tok.text {
        "#" => return Ok((Square::Blocked, tok.pos.col)),
        "." => return Ok((Square::White, tok.pos.col)),
        _ => {}
    }
    let (down, across) = tok.text.split_once('\\').ok_or_else(unknown)?;
    let is_number = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !is_number(down) || !is_number(across) {
        return Err(unknown());
    }
    if down.is_empty() && across.is_empty() {
        return Err(ParseError::new(tok.pos, KakuroParseError::EmptyClue));
    }
    // `down` is ASCII, so its length in bytes is its length in characters.
    let across_col = tok.pos.col + down.len() + 1;
    let number = |s: &str, col: usize| -> Result<Option<u32>, ParseError> {
        if s.is_empty() {
            return Ok(None);
        }
        s.parse().map(Some).map_err(|_| {
            ParseError::new(
                Pos::new(tok.pos.line, col),
                KakuroParseError::ClueOverflow(s.into()),
            )
        })
    };
    let down = number(down, tok.pos.col)?;
    let across = number(across, across_col)?;
    Ok((Square::Clue { down, across }, across_col))
}

fn end_of(t: Token<'_>) -> Pos {
    Pos::new(t.pos.line, t.pos.col + t.text.chars().count())
}

/// Turns a semantic error into a positioned parse error.
fn locate(e: KakuroError, written: &[Vec<Written>], rows: usize, cols: usize) -> ParseError {
    let at = |c: Cell| written[usize::from(c.row)][usize::from(c.col)];
    let number = |c: Cell, dir: Dir| {
        let w = at(c);
        match dir {
            Dir::Down => w.pos,
            Dir::Across => Pos::new(w.pos.line, w.across_col),
        }
    };
    let pos = match &e {
        KakuroError::TooLarge { .. } if rows > MAX_DIM => written[MAX_DIM][0].pos,
        KakuroError::TooLarge { .. } => written[0][MAX_DIM.min(cols - 1)].pos,
        KakuroError::NoWhiteCells => written[0][0].pos,
        KakuroError::ClueWithoutRun { clue, dir, .. }
        | KakuroError::RunTooLong { clue, dir, .. }
        | KakuroError::ImpossibleSum { clue, dir, .. } => number(*clue, *dir),
        KakuroError::RunWithoutClue { start, .. } => at(*start).pos,
    };
    ParseError::new(pos, KakuroParseError::Kakuro(e))
}

/// The `.kakuro` text of the puzzle (see `to_text`); parsing it gives the puzzle back.
impl std::fmt::Display for Kakuro {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_text(self))
    }
}

/// Writes a puzzle in the `.kakuro` format: one line per row, every square right-aligned
/// to the widest one (`#`, `.`, `D\A` with an absent number left out); [`parse`] reads it
/// back to an equal puzzle.
#[must_use]
pub(crate) fn to_text(puzzle: &Kakuro) -> String {
    let squares = puzzle.squares();
    let token = |sq: Square| match sq {
        Square::Blocked => "#".to_string(),
        Square::White => ".".to_string(),
        Square::Clue { down, across } => {
            let n = |x: Option<u32>| x.map_or_else(String::new, |v| v.to_string());
            format!("{}\\{}", n(down), n(across))
        }
    };
    let rows: Vec<Vec<String>> = squares
        .iter_rows()
        .map(|row| row.iter().map(|&sq| token(sq)).collect())
        .collect();
    let width = rows.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// True when `text` looks like a Kakuro grid: some line (outside `;` comments) consists of
/// squares only (`#`, `.`, clues) and has at least one clue. KenKen text never does.
#[must_use]
pub(crate) fn looks_like_kakuro(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .any(|line| {
            let toks = tokens(line, 1, 1);
            let squares: Option<Vec<Square>> = toks
                .iter()
                .map(|t| parse_square(*t).ok().map(|s| s.0))
                .collect();
            squares.is_some_and(|s| s.iter().any(|q| matches!(q, Square::Clue { .. })))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "\
; a comment
  #   #   # 20\\  6\\
  #  6\\ 7\\8   .   .
\\16   .   .   .   .
\\11   .   .   .   .
 \\4   .   .   #   #
";

    #[test]
    fn reads_the_easy_sample() {
        let k = parse(EASY).unwrap();
        assert_eq!((k.rows(), k.cols()), (5, 5));
        assert_eq!(k.white_cells().len(), 12);
        assert_eq!(k.runs().len(), 8);
        assert_eq!(
            *k.squares().get(Cell::new(1, 2)),
            Square::Clue {
                down: Some(7),
                across: Some(8)
            }
        );
    }

    #[test]
    fn printing_parses_back() {
        let k = parse(EASY).unwrap();
        let text = k.to_string();
        assert!(text.starts_with("  #   #   # 20\\  6\\\n"), "{text}");
        assert_eq!(parse(&text).unwrap(), k);
    }

    #[test]
    fn sniffing() {
        assert!(looks_like_kakuro(EASY));
        assert!(!looks_like_kakuro("# comment\nsize 4\n7 + A1 B1"));
        assert!(!looks_like_kakuro("# . #"));
    }

    #[test]
    fn across_number_position() {
        let e = parse("# 3\\99999999999\n").unwrap_err();
        assert_eq!(e.pos, Pos::new(1, 5));
        assert_eq!(
            e.kind,
            ParseErrorKind::Kakuro(KakuroParseError::ClueOverflow("99999999999".into()))
        );
    }
}
