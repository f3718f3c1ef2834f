//! # Shared pieces of the Towers and Unequal readers
//!
//! Both kinds come as Simon Tatham's game IDs (`[towers:]N[dD]:…`, `[unequal:]N[a][dD]:…`)
//! and as a text format of their own; this module holds their error type, the reading of
//! an ID's parameters, and a cursor that counts character columns.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{clip, ParseError, ParseErrorKind, Pos};

/// What is wrong with a Towers or Unequal puzzle (game ID or text).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TathamParseError {
    /// No puzzle at all.
    #[error("no {kind} puzzle found")]
    Missing {
        /// `Towers` or `Unequal`.
        kind: &'static str,
    },
    /// The game ID does not start with the grid size.
    #[error("expected the grid size at the start of the {kind} game ID ({form})")]
    NoSize {
        /// `Towers` or `Unequal`.
        kind: &'static str,
        /// The ID's form.
        form: &'static str,
    },
    /// The grid size is out of range.
    #[error("grid size {size} is out of range (expected 1..={max})")]
    BadSize {
        /// The size as written.
        size: String,
        /// The largest size read.
        max: usize,
    },
    /// Parameters after the size that the game does not know.
    #[error("unknown parameters '{}' (expected {expected})", clip(.text))]
    BadParams {
        /// The parameters as written.
        text: String,
        /// What may follow the size.
        expected: &'static str,
    },
    /// A random seed instead of a game ID.
    #[error("'#' starts a random seed, which only Tatham's game can expand; give the game ID (N:…) instead")]
    Seed,
    /// A clue, digit or cell entry is out of range or not a number.
    #[error("{what} '{}' is out of range (expected {expected})", clip(.text))]
    BadValue {
        /// `clue`, `digit`, `height`.
        what: &'static str,
        /// The text found.
        text: String,
        /// What is allowed.
        expected: String,
    },
    /// A character that has no place here.
    #[error("unexpected '{}' (expected {expected})", clip(.text))]
    Unexpected {
        /// The text found.
        text: String,
        /// What is allowed here.
        expected: &'static str,
    },
    /// Too few or too many items.
    #[error("expected {want} {what}, found {found}")]
    Count {
        /// `clues`, `cells`, `entries on this line`, `grid lines`.
        what: &'static str,
        /// How many there are.
        found: usize,
        /// How many there should be.
        want: usize,
    },
    /// A mark that points off the grid.
    #[error("the mark '{mark}' points off the grid")]
    OffGrid {
        /// The mark.
        mark: char,
    },
    /// Two cells' marks contradict each other.
    #[error("{0}")]
    Contradiction(String),
    /// Text after the puzzle.
    #[error("unexpected text after the puzzle")]
    TrailingText,
}

/// An error at `line`, `col`.
pub(crate) fn err(line: usize, col: usize, e: TathamParseError) -> ParseError {
    ParseError::new(Pos::new(line, col), ParseErrorKind::Tatham(e))
}

/// The non-blank, non-comment lines with their 1-based numbers.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (1..).zip(text.lines()).filter(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    })
}

/// Whether `line` (trimmed) starts with `prefix` followed by `:`, ignoring case.
fn has_prefix(line: &str, prefix: &str) -> bool {
    line.len() > prefix.len()
        && line.as_bytes()[prefix.len()] == b':'
        && line[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// A cursor over one line, counting 1-based character columns.
pub(crate) struct Cursor {
    chars: Vec<char>,
    pub(crate) at: usize,
    pub(crate) line: usize,
    first_col: usize,
}

impl Cursor {
    pub(crate) fn new(text: &str, line: usize, first_col: usize) -> Self {
        Cursor {
            chars: text.chars().collect(),
            at: 0,
            line,
            first_col,
        }
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    pub(crate) fn col(&self) -> usize {
        self.first_col + self.at
    }

    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }

    /// The run of characters from here that satisfy `keep`, consumed.
    pub(crate) fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek().filter(|&c| keep(c)) {
            out.push(c);
            self.at += 1;
        }
        out
    }

    /// The text from the cursor on.
    pub(crate) fn rest(&self) -> String {
        self.chars[self.at..].iter().collect()
    }

    /// An error at the cursor.
    pub(crate) fn err(&self, e: TathamParseError) -> ParseError {
        err(self.line, self.col(), e)
    }

    /// An error at column `col` of the cursor's line.
    pub(crate) fn err_at(&self, col: usize, e: TathamParseError) -> ParseError {
        err(self.line, col, e)
    }
}

/// The game ID's header.
pub(crate) struct Header {
    /// The side N.
    pub(crate) size: usize,
    /// Whether the parameters hold `a` (Unequal's adjacent mode).
    pub(crate) adjacent: bool,
}

/// How one game's IDs look.
pub(crate) struct IdForm {
    /// `towers`, `unequal`.
    pub(crate) prefix: &'static str,
    /// `Towers`, `Unequal`.
    pub(crate) kind: &'static str,
    /// The ID's form, for messages.
    pub(crate) form: &'static str,
    /// Whether `a` (adjacent mode) may follow the size.
    pub(crate) adjacent: bool,
    /// The difficulty letters after `d`.
    pub(crate) difficulties: &'static str,
    /// What may follow the size, for messages.
    pub(crate) params: &'static str,
    /// The largest side.
    pub(crate) max: usize,
}

/// Strips the form's prefix (`towers:`) from a trimmed line; whether there was one.
pub(crate) fn strip_prefix<'a>(line: &'a str, form: &IdForm) -> (&'a str, bool) {
    if has_prefix(line, form.prefix) {
        (&line[form.prefix.len() + 1..], true)
    } else {
        (line, false)
    }
}

/// Reads `[prefix:]N[a][dD]:` and leaves the cursor after the `:`.
pub(crate) fn header(cur: &mut Cursor, form: &IdForm) -> Result<Header, ParseError> {
    let rest: String = cur.chars[cur.at..].iter().collect();
    if strip_prefix(&rest, form).1 {
        cur.at += form.prefix.len() + 1;
    }
    let start = cur.col();
    let digits = cur.take_while(|c| c.is_ascii_digit());
    if digits.is_empty() {
        return Err(cur.err(TathamParseError::NoSize {
            kind: form.kind,
            form: form.form,
        }));
    }
    let size = digits.parse::<usize>().unwrap_or(usize::MAX);
    if size == 0 || size > form.max {
        return Err(cur.err_at(
            start,
            TathamParseError::BadSize {
                size: digits,
                max: form.max,
            },
        ));
    }
    let params_col = cur.col();
    let params = cur.take_while(|c| c != ':' && c != '#');
    let mut adjacent = false;
    let mut p = params.as_str();
    if form.adjacent {
        if let Some(rest) = p.strip_prefix('a') {
            adjacent = true;
            p = rest;
        }
    }
    let ok = match p.strip_prefix('d') {
        None => p.is_empty(),
        Some(d) => d.len() == 1 && form.difficulties.contains(d),
    };
    if !ok {
        return Err(cur.err_at(
            params_col,
            TathamParseError::BadParams {
                text: params,
                expected: form.params,
            },
        ));
    }
    match cur.bump() {
        Some(':') => Ok(Header { size, adjacent }),
        Some('#') => Err(cur.err_at(cur.col() - 1, TathamParseError::Seed)),
        _ => Err(cur.err(TathamParseError::Unexpected {
            text: String::new(),
            expected: "':' after the parameters",
        })),
    }
}

/// The one ID line of a text holding a game ID (blank and `#` lines skipped), with its line
/// number and the column of its first character.
///
/// # Errors
/// No line, or text after the ID.
pub(crate) fn id_line<'a>(
    text: &'a str,
    kind: &'static str,
) -> Result<(usize, usize, &'a str), ParseError> {
    let mut lines = content_lines(text);
    let Some((line_no, line)) = lines.next() else {
        let last = text.lines().count().max(1);
        return Err(err(last, 1, TathamParseError::Missing { kind }));
    };
    if let Some((extra, extra_line)) = lines.next() {
        let col = leading_ws(extra_line) + 1;
        return Err(err(extra, col, TathamParseError::TrailingText));
    }
    Ok((line_no, leading_ws(line) + 1, line.trim()))
}

/// Characters of leading white space.
pub(crate) fn leading_ws(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

/// Whether a trimmed line starts like the form's ID: `prefix:` (any case), or `N…:` with
/// only the form's parameter letters before the `:`.
pub(crate) fn looks_like_id(text: &str, form: &IdForm) -> bool {
    let Some((_, line)) = content_lines(text).next() else {
        return false;
    };
    let (rest, prefixed) = strip_prefix(line.trim(), form);
    if prefixed {
        return true;
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Some(colon) = rest.find(':') else {
        return false;
    };
    digits > 0
        && colon >= digits
        && rest[digits..colon].bytes().all(|b| {
            b == b'a' && form.adjacent || b == b'd' || form.difficulties.as_bytes().contains(&b)
        })
}

/// The block structure of a Tatham game ID (Keen's cages, Solo's regions and cages) for
/// `region`, a map of each cell's block: the internal vertical edges in reading order, then
/// the horizontal ones in transposed order, each wall written as the number of non-walls
/// before it (`_` = 0, `a` = 1, …, `y` = 25; `z` = 25 non-walls and no wall).
pub(crate) fn write_blocks(region: &Grid<usize>) -> String {
    let n = region.rows();
    let at = |i: usize| Cell::new((i / n) as u8, (i % n) as u8);
    let edges = 2 * n * n.saturating_sub(1);
    let mut out = String::new();
    let mut run = 0usize;
    for i in 0..=edges {
        let wall = if i == edges {
            true
        } else {
            let (a, b) = if i < n * (n - 1) {
                let (y, x) = (i / (n - 1), i % (n - 1));
                (y * n + x, y * n + x + 1)
            } else {
                let (x, y) = (i / (n - 1) - n, i % (n - 1));
                (y * n + x, (y + 1) * n + x)
            };
            region.get(at(a)) != region.get(at(b))
        };
        if wall {
            while run > 25 {
                out.push('z');
                run -= 25;
            }
            out.push(if run == 0 {
                '_'
            } else {
                char::from(b'a' + (run - 1) as u8)
            });
            run = 0;
        } else {
            run += 1;
        }
    }
    out
}
