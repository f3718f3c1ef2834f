//! # puzz.link Kakuro URLs
//!
//! ```text
//! https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3
//! ```
//!
//! The format of pzprjs (`src/variety/kakuro.js`: `decodeKakuro`, `encodeKakuro`, `decval`,
//! `encval`), also served as `pzv.jp/p.html?`, with or without the scheme. `COLS/ROWS` count
//! the board without its outer clue row and column. The body walks the board row-major: a
//! character `k`..`z` is a run of 1..16 white squares, `.` a black square without clues, and
//! any other character starts a black square written as two values, **down sum first, then
//! right sum**. A value is `0`-`9`, `a`-`j` (10..19), `A`-`Z` (20..45), or `-`; `0` and `-`
//! mean no clue. After the board come the outer clues: one value per column whose first-row
//! square is white (its down sum, left to right), then one per row whose first-column square
//! is white (its right sum, top to bottom).
//!
//! cagesat's Kakuro grid holds the outer clues as its first row and column, so a board of
//! `COLS`×`ROWS` is a grid of (`ROWS`+1)×(`COLS`+1). Every valid Kakuro has no white square in
//! its first row or column (such a square would start a run with no clue before it), so every
//! Kakuro has a URL, and grid → URL → grid is the identity. Decoding is strict where pzprjs
//! is lenient: an unknown character, a board that ends early and text after the outer clues
//! are errors at their character offset.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{clip, ParseError, Pos};
use crate::puzzle::kakuro::{Dir, Kakuro, KakuroError, Square, MAX_DIM};

/// The prefixes a URL may start with, before `kakuro/`.
const PREFIXES: [&str; 4] = [
    "puzz.link/p?",
    "pzv.jp/p.html?",
    "pzprxs.vercel.app/p?",
    "p?",
];

/// The variety this module reads.
const VARIETY: &str = "kakuro";

/// What is wrong with a URL, and where (a 0-based character offset into the text as given).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind}")]
pub(crate) struct UrlError {
    /// Characters before the problem.
    pub(crate) offset: usize,
    /// The problem.
    pub(crate) kind: UrlErrorKind,
}

impl From<UrlError> for ParseError {
    fn from(e: UrlError) -> Self {
        ParseError::new(Pos::new(1, e.offset + 1), e.kind)
    }
}

/// The problems a puzz.link URL can have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum UrlErrorKind {
    /// Not of the form `[https://]puzz.link/p?VARIETY/COLS/ROWS/BODY`.
    #[error("not a puzz.link URL (expected puzz.link/p?kakuro/COLS/ROWS/BODY)")]
    NotAUrl,
    /// A puzz.link URL of another puzzle.
    #[error("puzz.link variety '{}' is not supported (only kakuro)", clip(.0))]
    Variety(String),
    /// The width or height is not a whole number in range.
    #[error("bad board {what} '{}' (expected 1..={max})", clip(text), max = MAX_DIM - 1)]
    Size {
        /// `width` or `height`.
        what: &'static str,
        /// The text found.
        text: String,
    },
    /// A character that is no square and no value.
    #[error("unexpected character '{}'", clip(&.0.to_string()))]
    Char(char),
    /// The body ends before every square of the board is described.
    #[error("the board ends after {found} of its {expected} squares")]
    ShortBoard {
        /// Squares described.
        found: usize,
        /// Squares on the board.
        expected: usize,
    },
    /// A run of white squares goes past the last square.
    #[error("{len} white squares from square {at} run past the board's {expected} squares")]
    LongRun {
        /// Squares in the run.
        len: usize,
        /// 1-based square where the run starts.
        at: usize,
        /// Squares on the board.
        expected: usize,
    },
    /// A black square's second value is missing.
    #[error("clue square without its right sum")]
    HalfClue,
    /// An outer clue is missing.
    #[error("missing the outer clue of {0}")]
    MissingOuter(String),
    /// Text after the last outer clue.
    #[error("unexpected '{}' after the last clue", clip(&.0.to_string()))]
    Trailing(char),
    /// The grid is not a valid Kakuro.
    #[error(transparent)]
    Kakuro(KakuroError),
}

/// True when `text` (trimmed) looks like a puzz.link URL of any variety (`puzz.link/p?…`,
/// `pzv.jp/p.html?…`, with or without the scheme): it is then read as one, whatever the
/// file is called, and its errors are reported at the URL's characters.
#[must_use]
pub fn looks_like_url(text: &str) -> bool {
    let rest = strip_scheme(text.trim());
    PREFIXES[..3].iter().any(|p| rest.starts_with(p))
}

/// `text` without `http://` or `https://`.
fn strip_scheme(text: &str) -> &str {
    text.strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .unwrap_or(text)
}

/// Reads a puzz.link Kakuro URL.
///
/// # Errors
/// The first problem, at its character offset (see [`UrlError`]).
pub(crate) fn decode(text: &str) -> Result<Kakuro, UrlError> {
    let start = text.chars().take_while(|c| c.is_whitespace()).count();
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    let err = |offset: usize, kind| UrlError {
        offset: start + offset,
        kind,
    };
    let after_scheme = text.len() - strip_scheme(text).len();
    let rest = &text[after_scheme..];
    let prefix = PREFIXES
        .iter()
        .find(|p| rest.starts_with(*p))
        .ok_or_else(|| err(0, UrlErrorKind::NotAUrl))?;
    // Every prefix and scheme is ASCII: byte offsets are character offsets up to here.
    let mut at = after_scheme + prefix.len();
    let field = |at: &mut usize| -> (usize, String) {
        let begin = *at;
        let mut s = String::new();
        while *at < chars.len() && chars[*at] != '/' {
            s.push(chars[*at]);
            *at += 1;
        }
        if *at < chars.len() {
            *at += 1;
        }
        (begin, s)
    };
    let (variety_at, variety) = field(&mut at);
    if variety != VARIETY {
        return Err(err(variety_at, UrlErrorKind::Variety(variety)));
    }
    let size = |what: &'static str, at: &mut usize| -> Result<usize, UrlError> {
        let (begin, s) = field(at);
        s.parse::<usize>()
            .ok()
            .filter(|n| (1..MAX_DIM).contains(n))
            .ok_or_else(|| err(begin, UrlErrorKind::Size { what, text: s }))
    };
    let cols = size("width", &mut at)?;
    let rows = size("height", &mut at)?;
    let total = rows * cols;
    // The board, then the outer clues; `origin` remembers which character wrote each square.
    let mut board = vec![Square::White; total];
    let mut origin = vec![at; total];
    let mut c = 0;
    while c < total {
        let Some(&ch) = chars.get(at) else {
            return Err(err(
                at,
                UrlErrorKind::ShortBoard {
                    found: c,
                    expected: total,
                },
            ));
        };
        match ch {
            'k'..='z' => {
                let len = usize::from(ch as u8 - b'k') + 1;
                if c + len > total {
                    let kind = UrlErrorKind::LongRun {
                        len,
                        at: c + 1,
                        expected: total,
                    };
                    return Err(err(at, kind));
                }
                origin[c..c + len].fill(at);
                c += len;
                at += 1;
            }
            '.' => {
                board[c] = Square::Blocked;
                origin[c] = at;
                c += 1;
                at += 1;
            }
            _ => {
                let down = value(ch).ok_or_else(|| err(at, UrlErrorKind::Char(ch)))?;
                let second = chars.get(at + 1).copied();
                let second = second.ok_or_else(|| err(at + 1, UrlErrorKind::HalfClue))?;
                let across =
                    value(second).ok_or_else(|| err(at + 1, UrlErrorKind::Char(second)))?;
                board[c] = clue(down, across);
                origin[c] = at;
                c += 1;
                at += 2;
            }
        }
    }
    let mut squares = Grid::filled(rows + 1, cols + 1, Square::Blocked);
    let mut origins = Grid::filled(rows + 1, cols + 1, 0);
    for (i, (&square, &from)) in board.iter().zip(&origin).enumerate() {
        let cell = cell(i / cols + 1, i % cols + 1);
        squares.set(cell, square);
        origins.set(cell, from);
    }
    let mut outer = |cell: Cell, name: String, at: &mut usize| -> Result<Option<u32>, UrlError> {
        let ch = chars
            .get(*at)
            .copied()
            .ok_or_else(|| err(*at, UrlErrorKind::MissingOuter(name)))?;
        let v = value(ch).ok_or_else(|| err(*at, UrlErrorKind::Char(ch)))?;
        origins.set(cell, *at);
        *at += 1;
        Ok(v)
    };
    for (x, square) in board.iter().take(cols).enumerate() {
        if *square == Square::White {
            let name = format!("column {}", x + 1);
            let down = outer(cell(0, x + 1), name, &mut at)?;
            squares.set(cell(0, x + 1), clue(down, None));
        }
    }
    for y in 0..rows {
        if board[y * cols] == Square::White {
            let name = format!("row {}", y + 1);
            let across = outer(cell(y + 1, 0), name, &mut at)?;
            squares.set(cell(y + 1, 0), clue(None, across));
        }
    }
    if let Some(&ch) = chars.get(at) {
        return Err(err(at, UrlErrorKind::Trailing(ch)));
    }
    Kakuro::new(squares).map_err(|e| {
        let offset = error_cell(&e).map_or(0, |c| *origins.get(c));
        err(offset, UrlErrorKind::Kakuro(e))
    })
}

/// The square a semantic error points at.
fn error_cell(e: &KakuroError) -> Option<Cell> {
    match e {
        KakuroError::ClueWithoutRun { clue, .. }
        | KakuroError::RunTooLong { clue, .. }
        | KakuroError::ImpossibleSum { clue, .. } => Some(*clue),
        KakuroError::RunWithoutClue { start, dir, .. } => dir.back(*start).or(Some(*start)),
        KakuroError::TooLarge { .. } | KakuroError::NoWhiteCells => None,
    }
}

/// The cell at `row`, `col` (both below [`MAX_DIM`], checked by the size limit).
fn cell(row: usize, col: usize) -> Cell {
    let narrow = |v: usize| u8::try_from(v).expect("sizes are below MAX_DIM");
    Cell::new(narrow(row), narrow(col))
}

/// A black square with these clues (none at all: a plain black square).
fn clue(down: Option<u32>, across: Option<u32>) -> Square {
    if down.is_none() && across.is_none() {
        Square::Blocked
    } else {
        Square::Clue { down, across }
    }
}

/// `decval`: `0`-`9`, `a`-`j`, `A`-`Z` and `-`; 0 and `-` are no clue. `None` for any other
/// character.
fn value(ch: char) -> Option<Option<u32>> {
    let v = match ch {
        '-' => 0,
        '0'..='9' => u32::from(ch) - u32::from('0'),
        'a'..='j' => u32::from(ch) - u32::from('a') + 10,
        'A'..='Z' => u32::from(ch) - u32::from('A') + 20,
        _ => return None,
    };
    Some((v != 0).then_some(v))
}

/// `encval`: 1..=19 as `1`-`9`, `a`-`j`; 20..=45 as `A`-`Z`; no clue (or a sum beyond 45,
/// which no run has) as `0`.
fn encval(v: Option<u32>) -> char {
    match v {
        Some(v @ 1..=9) => char::from(b'0' + v as u8),
        Some(v @ 10..=19) => char::from(b'a' + (v - 10) as u8),
        Some(v @ 20..=45) => char::from(b'A' + (v - 20) as u8),
        _ => '0',
    }
}

/// The URL of a Kakuro, `https://puzz.link/p?kakuro/COLS/ROWS/BODY`.
#[must_use]
pub(crate) fn encode(kakuro: &Kakuro) -> String {
    let squares = kakuro.squares();
    let (rows, cols) = (squares.rows() - 1, squares.cols() - 1);
    let mut body = String::new();
    let mut whites = 0u8;
    let flush = |body: &mut String, whites: &mut u8| {
        if *whites > 0 {
            body.push(char::from(b'k' + *whites - 1));
            *whites = 0;
        }
    };
    for r in 1..=rows {
        for c in 1..=cols {
            match *squares.get(cell(r, c)) {
                Square::White => {
                    whites += 1;
                    if whites == 16 {
                        flush(&mut body, &mut whites);
                    }
                }
                Square::Blocked => {
                    flush(&mut body, &mut whites);
                    body.push('.');
                }
                Square::Clue { down, across } => {
                    flush(&mut body, &mut whites);
                    body.push(encval(down));
                    body.push(encval(across));
                }
            }
        }
    }
    flush(&mut body, &mut whites);
    for c in 1..=cols {
        if *squares.get(cell(1, c)) == Square::White {
            body.push(encval(squares.get(cell(0, c)).clue(Dir::Down)));
        }
    }
    for r in 1..=rows {
        if *squares.get(cell(r, 1)) == Square::White {
            body.push(encval(squares.get(cell(r, 0)).clue(Dir::Across)));
        }
    }
    format!("https://puzz.link/p?{VARIETY}/{cols}/{rows}/{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pzprjs' own test puzzle.
    const PZPRJS: &str = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";

    #[test]
    fn pzprjs_example_round_trips() {
        let k = decode(PZPRJS).expect("decodes");
        assert_eq!((k.rows(), k.cols()), (6, 6));
        assert_eq!(encode(&k), PZPRJS);
        for form in [
            "puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3",
            "http://pzv.jp/p.html?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3",
            "  https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3\n",
        ] {
            assert_eq!(decode(form).expect("decodes"), k, "{form}");
        }
    }

    #[test]
    fn values_round_trip() {
        for v in 1..=45 {
            assert_eq!(value(encval(Some(v))), Some(Some(v)));
        }
        assert_eq!(value('0'), Some(None));
        assert_eq!(value('-'), Some(None));
        assert_eq!(value('!'), None);
    }

    #[test]
    fn errors_name_the_character() {
        let at = |url: &str| decode(url).map(|_| ()).unwrap_err();
        let e = at("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a!");
        assert_eq!((e.offset, e.kind), (55, UrlErrorKind::Char('!')));
        let e = at("https://puzz.link/p?sudoku/4/4/x");
        assert_eq!(e.offset, 20);
        let e = at("https://puzz.link/p?kakuro/5/x/48");
        assert_eq!(e.offset, 29);
        let e = at("https://puzz.link/p?kakuro/5/5/48la0");
        assert!(matches!(e.kind, UrlErrorKind::ShortBoard { .. }), "{e}");
        let e = at("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3x");
        assert_eq!((e.offset, e.kind), (56, UrlErrorKind::Trailing('x')));
        let e = at("https://puzz.link/p?kakuro/2/1/z");
        assert!(matches!(e.kind, UrlErrorKind::LongRun { .. }), "{e}");
        let e = at("example.com/kakuro");
        assert_eq!((e.offset, e.kind), (0, UrlErrorKind::NotAUrl));
        let e = at("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a");
        assert_eq!(e.offset, 55);
        assert_eq!(e.kind, UrlErrorKind::MissingOuter("row 3".to_string()));
        let e = at("https://puzz.link/p?kakuro/1/1/4");
        assert_eq!((e.offset, e.kind), (32, UrlErrorKind::HalfClue));
        // A well-formed URL of an invalid Kakuro: the error points at the clue square's
        // characters.
        let e = at("https://puzz.link/p?kakuro/2/1/30k5");
        assert_eq!(e.offset, 31, "{e}");
        assert!(matches!(e.kind, UrlErrorKind::Kakuro(_)), "{e}");
    }
}
