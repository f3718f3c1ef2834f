//! # CrossProduct list notation
//!
//! Peter Norvig's CrossProduct notebook writes a puzzle as Python: two lists of products,
//! rows first (`Puzzle = namedtuple('Puzzle', 'row_prods, col_prods')`). Pasted as it
//! appears there, each of these is one puzzle:
//!
//! ```text
//! [210, 144, 54, 135, 4, 49], [6615, 15552, 420]
//!  Puzzle([135, 45, 64, 280, 70], [3000, 3969, 640]),
//! (Puzzle(row_prods=[280, 168, 162, 360, 60, 256, 126], col_prods=[183708, 245760, 117600]),
//! puzz = Puzzle([6, 120, 504], [28, 80, 162])
//! ```
//!
//! Lists may span lines and end with a comma; `rows [6, 120, 504]` and `cols: [...]` are the
//! keyword lines with a list ([`super::crossproduct`]). Around one puzzle, opening
//! parentheses before it and commas or closing parentheses after it are left over from
//! the enclosing Python and skipped; a second puzzle in the same text is an error, as is
//! anything else, at its line and column.

use crate::parse::crossproduct::{parse_product, CrossProductParseError};
use crate::parse::{ParseError, Pos};

/// A piece of the text: a word (a number, a keyword, a name) or one of `[ ] ( ) , = :`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lexeme<'a> {
    /// The text (one character for punctuation).
    pub(crate) text: &'a str,
    /// Where it starts.
    pub(crate) pos: Pos,
}

impl Lexeme<'_> {
    /// True for the punctuation character `c`.
    pub(crate) fn is(&self, c: char) -> bool {
        self.text.len() == 1 && self.text.starts_with(c)
    }

    /// True for a word (not punctuation).
    pub(crate) fn is_word(&self) -> bool {
        !self.text.starts_with(is_punct)
    }
}

fn is_punct(c: char) -> bool {
    matches!(c, '[' | ']' | '(' | ')' | ',' | '=' | ':')
}

/// The lexemes of `text`, with `#` comments (to the end of the line) left out.
pub(crate) fn lex(text: &str) -> Vec<Lexeme<'_>> {
    let mut out = Vec::new();
    for (i, full) in text.lines().enumerate() {
        let line = full.split('#').next().unwrap_or("");
        let mut start: Option<(usize, usize)> = None; // (byte, col)
        for (col, (byte, ch)) in (1..).zip(line.char_indices()) {
            if ch.is_whitespace() || is_punct(ch) {
                if let Some((b, c)) = start.take() {
                    out.push(Lexeme {
                        text: &line[b..byte],
                        pos: Pos::new(i + 1, c),
                    });
                }
                if is_punct(ch) {
                    out.push(Lexeme {
                        text: &line[byte..byte + ch.len_utf8()],
                        pos: Pos::new(i + 1, col),
                    });
                }
            } else if start.is_none() {
                start = Some((byte, col));
            }
        }
        if let Some((b, c)) = start {
            out.push(Lexeme {
                text: &line[b..],
                pos: Pos::new(i + 1, c),
            });
        }
    }
    out
}

/// True when the lexemes start a puzzle in list notation: `[`, `(`, `Puzzle`, or a name
/// assigned one (`puzz = Puzzle(…)`).
pub(crate) fn starts_list(lx: &[Lexeme<'_>]) -> bool {
    let at = |i: usize| lx.get(i).map(|l| l.text);
    match at(0) {
        Some("[" | "(" | "Puzzle") => true,
        // `rows = [...]` is a keyword line; `puzz = Puzzle(...)` a named puzzle.
        Some(name) => {
            !name.eq_ignore_ascii_case("rows")
                && !name.eq_ignore_ascii_case("cols")
                && at(1) == Some("=")
                && matches!(at(2), Some("[" | "(" | "Puzzle"))
        }
        None => false,
    }
}

/// A list `[p, p, …]` starting at `lx[i]` (which is `[`): the products and the index after
/// the closing `]`.
///
/// # Errors
/// Bad products, and anything but `,` or `]` after a product, at its position.
pub(crate) fn parse_list(
    lx: &[Lexeme<'_>],
    i: usize,
    end: Pos,
) -> Result<(Vec<u64>, usize), ParseError> {
    let mut products = Vec::new();
    let mut i = i + 1;
    loop {
        let Some(t) = lx.get(i) else {
            return Err(expected("a product or ']'", None, end));
        };
        if t.is(']') {
            return Ok((products, i + 1));
        }
        if !t.is_word() {
            return Err(expected("a product or ']'", Some(t), end));
        }
        products.push(parse_product(t.text).map_err(|k| ParseError::new(t.pos, k))?);
        match lx.get(i + 1) {
            Some(n) if n.is(',') => i += 2,
            Some(n) if n.is(']') => return Ok((products, i + 2)),
            other => return Err(expected("',' or ']' after a product", other, end)),
        }
    }
}

/// The error "expected …, found …" at the lexeme found (or at `end` when there is none).
fn expected(what: &'static str, found: Option<&Lexeme<'_>>, end: Pos) -> ParseError {
    let kind = CrossProductParseError::Expected {
        expected: what,
        found: found.map_or_else(
            || "the end of the text".to_string(),
            |l| format!("'{}'", l.text),
        ),
    };
    ParseError::new(found.map_or(end, |l| l.pos), kind)
}

/// A product list with where it was named: `(products, position)`.
pub(crate) type Named = (Vec<u64>, Pos);

/// Reads one puzzle in list notation: `(rows, cols)`, each with the position of its list.
///
/// # Errors
/// Anything out of place, bad products, a list named twice or missing, and a second
/// puzzle, at their positions.
pub(crate) fn parse_lists(lx: &[Lexeme<'_>], end: Pos) -> Result<(Named, Named), ParseError> {
    let mut i = 0;
    // `puzz = Puzzle(…)`, `puzzles = (Puzzle(…), …)`: the name is not the puzzle's.
    if lx.first().is_some_and(Lexeme::is_word) && lx.get(1).is_some_and(|l| l.is('=')) {
        i += 2;
    }
    while lx.get(i).is_some_and(|l| l.is('(')) {
        i += 1;
    }
    let called = lx.get(i).is_some_and(|l| l.text == "Puzzle");
    if called {
        match lx.get(i + 1) {
            Some(l) if l.is('(') => i += 2,
            other => return Err(expected("'(' after 'Puzzle'", other, end)),
        }
    }
    let mut slots: [Option<Named>; 2] = [None, None];
    let mut positional = 0;
    while slots.iter().any(Option::is_none) {
        let (slot, at) = match (lx.get(i), lx.get(i + 1)) {
            (Some(name), Some(eq)) if name.is_word() && eq.is('=') => {
                let slot = match name.text {
                    "row_prods" | "rows" => 0,
                    "col_prods" | "cols" => 1,
                    _ => return Err(expected("'row_prods' or 'col_prods'", Some(name), end)),
                };
                (slot, i + 2)
            }
            _ => {
                positional += 1;
                (positional - 1, i)
            }
        };
        let open = match lx.get(at) {
            Some(l) if l.is('[') => l,
            other => return Err(expected("'[' (a list of products)", other, end)),
        };
        let (products, next) = parse_list(lx, at, end)?;
        if let Some((_, first)) = &slots[slot] {
            let keyword = if slot == 0 { "rows" } else { "cols" };
            let kind = CrossProductParseError::DuplicateLine {
                keyword,
                first: *first,
            };
            return Err(ParseError::new(open.pos, kind));
        }
        slots[slot] = Some((products, open.pos));
        i = next;
        if slots.iter().any(Option::is_none) {
            match lx.get(i) {
                Some(l) if l.is(',') => i += 1,
                other => {
                    let missing = if slots[0].is_none() { "rows" } else { "cols" };
                    if other.is_none() || other.is_some_and(|l| l.is(')')) {
                        let kind = CrossProductParseError::MissingLine(missing);
                        return Err(ParseError::new(other.map_or(end, |l| l.pos), kind));
                    }
                    return Err(expected("',' between the two lists", other, end));
                }
            }
        }
    }
    trailing(&lx[i..], end)?;
    let [rows, cols] = slots;
    match (rows, cols) {
        (Some(rows), Some(cols)) => Ok((rows, cols)),
        (None, _) => Err(ParseError::new(
            end,
            CrossProductParseError::MissingLine("rows"),
        )),
        (_, None) => Err(ParseError::new(
            end,
            CrossProductParseError::MissingLine("cols"),
        )),
    }
}

/// What may follow a puzzle: commas and closing parentheses of the enclosing Python.
fn trailing(rest: &[Lexeme<'_>], end: Pos) -> Result<(), ParseError> {
    let Some(at) = rest.iter().position(|l| !l.is(',') && !l.is(')')) else {
        return Ok(());
    };
    match rest[at..].iter().find(|l| !l.is('(')) {
        Some(l) if l.text == "Puzzle" || l.is('[') => Err(ParseError::new(
            rest[at].pos,
            CrossProductParseError::SecondPuzzle,
        )),
        _ => Err(expected("the end of the puzzle", Some(&rest[at]), end)),
    }
}
