//! # Text formats
//!
//! Parsers turn text into the puzzle types of [`crate::puzzle`]. Every error carries a
//! 1-based line and column (counted in characters) and prints the way compilers do:
//! `file:line:col: message`.

pub(crate) mod clue;
pub mod collection;
pub(crate) mod crossproduct;
pub(crate) mod crossproduct_list;
pub(crate) mod diagonal;
pub(crate) mod export;
pub(crate) mod fpuzzles;
pub(crate) mod fpuzzles_write;
pub(crate) mod iss;
pub(crate) mod iss_write;
pub(crate) mod kakuro;
pub(crate) mod keen;
pub(crate) mod keen_write;
pub(crate) mod kenken;
pub(crate) mod killer;
pub(crate) mod killer_short;
pub(crate) mod puzzlink;
pub(crate) mod regions;
pub(crate) mod solo;
pub(crate) mod solo_write;
pub(crate) mod solution;
pub(crate) mod sudoku;
pub(crate) mod sudokupad;
pub(crate) mod tatham;
pub(crate) mod towers;
pub(crate) mod unequal;
pub(crate) mod variant_text;

use std::fmt;
use std::path::{Path, PathBuf};

use thiserror::Error;

pub use clue::{ParseWarning, ParseWarningKind};
pub use crossproduct::CrossProductParseError;
pub use export::{export, ExportError, ExportTarget};
pub use fpuzzles::FpuzzlesError;
pub use fpuzzles_write::{fpuzzles_link, to_fpuzzles_json, to_fpuzzles_link, FpuzzlesWriteError};
pub use iss::IssError;
pub use iss_write::{iss_string, IssWriteError};
pub use kakuro::KakuroParseError;
pub use keen::{looks_like_keen_id, parse_keen_id, KeenIdError};
pub use keen_write::keen_id;
pub use kenken::KenKenParseError;
pub use killer::KillerParseError;
pub use killer_short::KillerShortError;
pub use puzzlink::{looks_like_url as looks_like_puzzlink_url, UrlErrorKind};
pub use solo::{looks_like_solo_id, parse_solo_id, SoloIdError};
pub use solo_write::solo_id;
pub use solution::parse_solution;
pub use solution::SolutionParseError;
pub use sudoku::SudokuParseError;
pub use sudokupad::{to_sudokupad_link, SudokupadError};
pub use tatham::TathamParseError;
pub use towers::{looks_like_towers_id, parse_towers, towers_id, towers_text};
pub use unequal::{looks_like_unequal_id, parse_unequal, unequal_id, unequal_text};
pub use variant_text::variant_line;

/// A 1-based position in a text file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// Line, 1-based.
    pub line: usize,
    /// Column in characters, 1-based.
    pub col: usize,
}

impl Pos {
    /// Builds a position.
    #[must_use]
    pub const fn new(line: usize, col: usize) -> Self {
        Pos { line, col }
    }

    /// The position of `text`'s first character that is not white space, and `text`
    /// without its white space at both ends: where a one-item format (a link, a JSON
    /// document) starts, `offset` characters into it giving an error's position.
    pub(crate) fn of_trimmed(text: &str) -> (Self, &str) {
        let lead = &text[..text.len() - text.trim_start().len()];
        let line = lead.matches('\n').count() + 1;
        let col = lead.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (Pos { line, col }, text.trim())
    }

    /// This position moved `chars` characters right on its line.
    pub(crate) const fn right(self, chars: usize) -> Self {
        Pos {
            line: self.line,
            col: self.col + chars,
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// What went wrong while reading a puzzle: the problems every format shares, then one
/// nested enum per format. The message of each is the same as the nested one's.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The file could not be read (the error has no position: see [`ParseError::pos`]).
    #[error("cannot read file: {0}")]
    Io(String),
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The file holds nothing at all (a byte-order mark aside).
    #[error("no puzzle found (the file is empty)")]
    Empty,
    /// The file holds only whitespace.
    #[error("no puzzle found (the file has only blank lines)")]
    Blank,
    /// The file holds only comments and blank lines.
    #[error("no puzzle found (the file has only comments and blank lines)")]
    OnlyComments,
    /// A KenKen file's problem.
    #[error(transparent)]
    KenKen(#[from] KenKenParseError),
    /// A Kakuro file's problem.
    #[error(transparent)]
    Kakuro(#[from] KakuroParseError),
    /// A CrossProduct file's problem.
    #[error(transparent)]
    CrossProduct(#[from] CrossProductParseError),
    /// A Sudoku file's problem.
    #[error(transparent)]
    Sudoku(#[from] SudokuParseError),
    /// A Killer Sudoku file's problem.
    #[error(transparent)]
    Killer(#[from] KillerParseError),
    /// A solution file's problem.
    #[error(transparent)]
    Solution(#[from] SolutionParseError),
    /// A malformed Keen game ID.
    #[error("{0}")]
    KeenId(keen::KeenIdError),
    /// A malformed Solo game ID (Tatham's Sudoku).
    #[error("{0}")]
    SoloId(solo::SoloIdError),
    /// A bad puzz.link URL (its column is the character in the URL, counted from 1).
    #[error(transparent)]
    Url(#[from] UrlErrorKind),
    /// A short Killer or SudokuWiki Killer string's problem.
    #[error(transparent)]
    KillerShort(#[from] KillerShortError),
    /// An f-puzzles link's or JSON's problem.
    #[error(transparent)]
    Fpuzzles(#[from] FpuzzlesError),
    /// A SudokuPad link's problem (its column is the start of the link's puzzle data).
    #[error(transparent)]
    Sudokupad(#[from] SudokupadError),
    /// An Interactive Sudoku Solver string's or link's problem.
    #[error(transparent)]
    Iss(#[from] IssError),
    /// A Towers or Unequal game ID or text.
    #[error(transparent)]
    Tatham(#[from] TathamParseError),
    /// A collection (one puzzle per line) where one puzzle was expected.
    #[error("this text holds {0} puzzles, one per line (a collection): read it with `cagesat solve`, `count`, `grade` or `candidates`, or the library's Puzzle::read_all")]
    Collection(usize),
    /// Text that reads as two kinds of puzzle, and nothing says which is meant.
    #[error("this text reads as two kinds: {first} or {second}; choose one with --kind {first_name}|{second_name}, a first line 'kind {first_name}' or 'kind {second_name}', or the file's extension (.{first_name}, .{second_name})")]
    TwoKinds {
        /// The first reading, in words.
        first: &'static str,
        /// Its name (the format's extension).
        first_name: &'static str,
        /// The second reading, in words.
        second: &'static str,
        /// Its name.
        second_name: &'static str,
    },
    /// A `kind` line or option naming no format.
    #[error("unknown kind '{}' (expected one of {expected})", clip(.name))]
    UnknownKind {
        /// The name as written.
        name: String,
        /// The known names.
        expected: String,
    },
}

/// Longest token, in characters, that a message quotes whole; longer ones are cut with `…`.
pub(crate) const MAX_QUOTED_CHARS: usize = 40;

/// `token` as a message quotes it: at most [`MAX_QUOTED_CHARS`] characters (then `…`), with
/// control and invisible format characters (a byte-order mark) escaped.
pub(crate) fn clip(token: &str) -> String {
    let mut out = String::new();
    for (i, ch) in token.chars().enumerate() {
        if i == MAX_QUOTED_CHARS {
            out.push('…');
            break;
        }
        if ch.is_control() || matches!(ch, '\u{200b}'..='\u{200f}' | '\u{feff}') {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

/// Removes a UTF-8 byte-order mark (which some editors write) from the start of `text`.
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Why a parser that found no content in `text` found none: an empty file, one of blank
/// lines, or one of comments (every non-blank line the parser skipped was a comment).
pub(crate) fn nothing_found(text: &str) -> ParseErrorKind {
    if text.is_empty() {
        ParseErrorKind::Empty
    } else if text.trim().is_empty() {
        ParseErrorKind::Blank
    } else {
        ParseErrorKind::OnlyComments
    }
}

/// A parse error with its location.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ParseError {
    /// The file, or `None` for standard input / in-memory text.
    pub path: Option<PathBuf>,
    /// Where the problem is; line 0 (`Pos::default()`) when the error concerns the whole
    /// file and has no position ([`ParseErrorKind::Io`]), and is then not printed.
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// Builds an error without a path; [`ParseError::with_path`] adds it.
    #[must_use]
    pub fn new(pos: Pos, kind: impl Into<ParseErrorKind>) -> Self {
        ParseError {
            path: None,
            pos,
            kind: kind.into(),
        }
    }

    /// Attaches the file name.
    #[must_use]
    pub fn with_path(mut self, path: Option<&Path>) -> Self {
        self.path = path.map(Path::to_path_buf);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => write!(f, "{}:", p.display())?,
            None => write!(f, "<stdin>:")?,
        }
        if self.pos.line > 0 {
            write!(f, "{}:", self.pos)?;
        }
        write!(f, " {}", self.kind)
    }
}

/// A whitespace-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The token text.
    pub text: &'a str,
    /// Its position.
    pub pos: Pos,
}

/// Splits `segment` (which starts at character column `first_col` of line `line`) into
/// whitespace-separated tokens with their positions.
pub(crate) fn tokens(segment: &str, line: usize, first_col: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, col)
    for (col, (byte, ch)) in (first_col..).zip(segment.char_indices()) {
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push(Token {
                    text: &segment[b..byte],
                    pos: Pos::new(line, c),
                });
            }
        } else if start.is_none() {
            start = Some((byte, col));
        }
    }
    if let Some((b, c)) = start {
        out.push(Token {
            text: &segment[b..],
            pos: Pos::new(line, c),
        });
    }
    out
}

/// Reads a text file (`-` reads standard input).
///
/// # Errors
/// Unreadable files, as a [`ParseError`] naming the file and no position
/// ([`ParseErrorKind::Io`]); text that is not UTF-8, at the first bad byte
/// ([`ParseErrorKind::NotUtf8`]).
pub fn read_text(path: &Path) -> Result<String, ParseError> {
    use std::io::Read;
    let (bytes, name) = if path == Path::new("-") {
        let mut b = Vec::new();
        let r = std::io::stdin().read_to_end(&mut b);
        (r.map(|_| b), None)
    } else {
        (std::fs::read(path), Some(path))
    };
    let bytes = bytes.map_err(|e| {
        ParseError::new(Pos::default(), ParseErrorKind::Io(e.to_string())).with_path(name)
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The prefix is valid UTF-8 by construction.
        let before = std::str::from_utf8(good).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError::new(Pos::new(line, col), ParseErrorKind::NotUtf8).with_path(name)
    })
}

/// How to read a puzzle's text ([`Puzzle::parse_with`], [`Puzzle::read_with`]).
///
/// ```
/// use cagesat::parse::ParseOptions;
/// use cagesat::Puzzle;
///
/// let opts = ParseOptions::default().path("norvig.kenken").strict(true);
/// let err = Puzzle::parse_with("size 2\n3 + A1 B2\n3 + A2 B1", &opts).unwrap_err();
/// assert!(err.to_string().starts_with("norvig.kenken:2:"), "{err}");
/// ```
///
/// [`Puzzle::parse_with`]: crate::Puzzle::parse_with
/// [`Puzzle::read_with`]: crate::Puzzle::read_with
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// The file the text came from: errors name it, and its extension (`.kenken`, `.keen`,
    /// `.kakuro`, `.crossproduct`, `.sudoku`, `.killer`, `.url`) picks the format. Without it
    /// the format is recognised by the text.
    pub path: Option<PathBuf>,
    /// Reject KenKen cages whose cells are not connected.
    pub strict: bool,
    /// The format's name (`kenken`, `killer`, `sudoku`, …: the extensions), which wins
    /// over the extension and the text (`--kind`).
    pub kind: Option<String>,
}

impl ParseOptions {
    /// Names the file the text came from.
    #[must_use]
    pub fn path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Rejects KenKen cages whose cells are not connected (`--strict`).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// Names the format (`--kind`): `kenken`, `killer`, `sudoku`, `kakuro`, … (the
    /// extensions).
    #[must_use]
    pub fn kind(mut self, kind: impl Into<String>) -> Self {
        self.kind = Some(kind.into());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_character_columns() {
        let t = tokens("12 × C3  C4", 4, 1);
        let cols: Vec<_> = t.iter().map(|t| (t.text, t.pos.col)).collect();
        assert_eq!(cols, vec![("12", 1), ("×", 4), ("C3", 6), ("C4", 10)]);
    }

    #[test]
    fn display_is_compiler_style() {
        let e = ParseError::new(
            Pos::new(4, 9),
            KenKenParseError::UnknownOperator("%".into()),
        )
        .with_path(Some(Path::new("norvig.kenken")));
        assert_eq!(
            e.to_string(),
            "norvig.kenken:4:9: unknown operator '%' (expected + - * / =)"
        );
    }
}
