//! # SMT solver answers
//!
//! What z3 and cvc5 print for a script from [`super::Script`]: `sat` followed by the
//! `get-value` list `((c_A1 3) (c_A2 1) …)`, or `unsat` / `unknown` (possibly followed by
//! the `(error "…")` a solver prints when `get-value` has no model). Whitespace and line
//! breaks are free and `;` starts a comment; anything else is an error at its line and
//! column. [`values_to_grid`] maps the values back onto the script's cells.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::smtlib::{symbol, Script};

/// A position in the answer text (1-based line, 1-based column in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerPos {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

/// An SMT answer could not be read, or does not describe the script's cells.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SmtAnswerError {
    /// The answer is empty.
    #[error("empty answer (expected sat, unsat or unknown)")]
    Empty,
    /// Unexpected text at a position.
    #[error("line {}, column {}: expected {expected}, found {found}", pos.line, pos.col)]
    Unexpected {
        /// Where.
        pos: AnswerPos,
        /// What would have fit.
        expected: &'static str,
        /// What is there (`end of input` at the end).
        found: String,
    },
    /// A value names a symbol the script does not declare.
    #[error("line {}, column {}: unknown symbol '{name}'", pos.line, pos.col)]
    UnknownSymbol {
        /// Where.
        pos: AnswerPos,
        /// The symbol.
        name: String,
    },
    /// A cell is given two values.
    #[error("line {}, column {}: a second value for {name}", pos.line, pos.col)]
    Twice {
        /// Where.
        pos: AnswerPos,
        /// The symbol.
        name: String,
    },
    /// A value does not fit a digit.
    #[error("line {}, column {}: value {value} of {name} is not a digit", pos.line, pos.col)]
    NotADigit {
        /// Where.
        pos: AnswerPos,
        /// The symbol.
        name: String,
        /// The value.
        value: i128,
    },
    /// A cell has no value.
    #[error("the answer gives no value for {name}")]
    Missing {
        /// The symbol.
        name: String,
    },
}

/// A solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SmtAnswer {
    /// `sat` and the values of the `get-value` list, in order, with their positions.
    Sat(Vec<(String, i128, AnswerPos)>),
    /// `unsat`.
    Unsat,
    /// `unknown`.
    Unknown,
}

/// True when `text` looks like an SMT answer (its first token is `sat`, `unsat`, `unknown`
/// or `(`) rather than a DIMACS one.
pub(crate) fn looks_like_smt(text: &str) -> bool {
    let mut lx = Lexer::new(text);
    matches!(
        lx.next().map(|t| t.1),
        Some(Tok::Open) | Some(Tok::Atom("sat" | "unsat" | "unknown"))
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Open,
    Close,
    Atom(&'a str),
    Str(&'a str),
}

impl Tok<'_> {
    fn describe(self) -> String {
        match self {
            Tok::Open => "'('".into(),
            Tok::Close => "')'".into(),
            Tok::Atom(a) => format!("'{a}'"),
            Tok::Str(_) => "a string".into(),
        }
    }
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    col: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            at: 0,
            line: 1,
            col: 1,
        }
    }

    fn bump(&mut self, c: char) {
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn pos(&self) -> AnswerPos {
        AnswerPos {
            line: self.line,
            col: self.col,
        }
    }

    /// The next token and its position; `None` at the end. An unterminated string is an
    /// atom `"` (reported as unexpected by the parser).
    fn next(&mut self) -> Option<(AnswerPos, Tok<'a>)> {
        loop {
            match self.peek()? {
                c if c.is_whitespace() => self.bump(c),
                ';' => {
                    while let Some(c) = self.peek().filter(|&c| c != '\n') {
                        self.bump(c);
                    }
                }
                _ => break,
            }
        }
        let pos = self.pos();
        let start = self.at;
        let c = self.peek()?;
        self.bump(c);
        let tok = match c {
            '(' => Tok::Open,
            ')' => Tok::Close,
            '"' => {
                while let Some(c) = self.peek() {
                    self.bump(c);
                    if c == '"' {
                        return Some((pos, Tok::Str(&self.text[start..self.at])));
                    }
                }
                Tok::Atom("\"")
            }
            _ => {
                while let Some(c) = self
                    .peek()
                    .filter(|&c| !c.is_whitespace() && !"();\"".contains(c))
                {
                    self.bump(c);
                }
                Tok::Atom(&self.text[start..self.at])
            }
        };
        Some((pos, tok))
    }
}

/// Parses a solver's answer.
///
/// # Errors
/// [`SmtAnswerError`] at the first token that does not fit.
pub(crate) fn parse_smt_answer(text: &str) -> Result<SmtAnswer, SmtAnswerError> {
    let mut lx = Lexer::new(text);
    let mut p = Parser { lx: &mut lx };
    let Some((pos, first)) = p.lx.next() else {
        return Err(SmtAnswerError::Empty);
    };
    let answer = match first {
        Tok::Atom("sat") => SmtAnswer::Sat(p.values()?),
        Tok::Atom("unsat") => SmtAnswer::Unsat,
        Tok::Atom("unknown") => SmtAnswer::Unknown,
        t => return Err(unexpected(pos, "sat, unsat or unknown", Some(t))),
    };
    if !matches!(answer, SmtAnswer::Sat(_)) {
        // Only the solver's complaint that there is no model may follow.
        while let Some((pos, t)) = p.lx.next() {
            if t != Tok::Open {
                return Err(unexpected(pos, "end of input or (error \"…\")", Some(t)));
            }
            p.eat(|t| t == Tok::Atom("error"), "error")?;
            p.eat(|t| matches!(t, Tok::Str(_)), "a string")?;
            p.eat(|t| t == Tok::Close, "')'")?;
        }
        return Ok(answer);
    }
    if let Some((pos, t)) = p.lx.next() {
        return Err(unexpected(pos, "end of input", Some(t)));
    }
    Ok(answer)
}

fn unexpected(pos: AnswerPos, expected: &'static str, found: Option<Tok<'_>>) -> SmtAnswerError {
    SmtAnswerError::Unexpected {
        pos,
        expected,
        found: found.map_or_else(|| "end of input".into(), Tok::describe),
    }
}

struct Parser<'l, 'a> {
    lx: &'l mut Lexer<'a>,
}

impl<'a> Parser<'_, 'a> {
    /// The next token, which must satisfy `ok`.
    fn expect(
        &mut self,
        ok: impl Fn(Tok<'a>) -> bool,
        expected: &'static str,
    ) -> Result<(AnswerPos, Tok<'a>), SmtAnswerError> {
        let pos = self.lx.pos();
        match self.lx.next() {
            Some((pos, t)) if ok(t) => Ok((pos, t)),
            Some((pos, t)) => Err(unexpected(pos, expected, Some(t))),
            None => Err(unexpected(pos, expected, None)),
        }
    }

    /// Skips the next token, which must satisfy `ok`.
    fn eat(
        &mut self,
        ok: impl Fn(Tok<'a>) -> bool,
        expected: &'static str,
    ) -> Result<(), SmtAnswerError> {
        self.expect(ok, expected).map(|_| ())
    }

    /// `((sym value) …)`.
    fn values(&mut self) -> Result<Vec<(String, i128, AnswerPos)>, SmtAnswerError> {
        self.eat(|t| t == Tok::Open, "the get-value list '(('")?;
        let mut values = Vec::new();
        loop {
            let (pos, t) = self.expect(
                |t| matches!(t, Tok::Open | Tok::Close),
                "'(' or ')' in the get-value list",
            )?;
            if t == Tok::Close {
                return Ok(values);
            }
            let (_, name) = self.expect(|t| matches!(t, Tok::Atom(_)), "a symbol")?;
            let Tok::Atom(name) = name else {
                unreachable!("checked by expect")
            };
            let value = self.integer()?;
            self.eat(|t| t == Tok::Close, "')'")?;
            values.push((name.to_string(), value, pos));
        }
    }

    /// A numeral or `(- numeral)`.
    fn integer(&mut self) -> Result<i128, SmtAnswerError> {
        let numeral = |t: Tok<'_>| match t {
            Tok::Atom(a) => !a.is_empty() && a.len() < 30 && a.bytes().all(|b| b.is_ascii_digit()),
            _ => false,
        };
        let what = "an integer value";
        let (_, t) = self.expect(|t| numeral(t) || t == Tok::Open, what)?;
        let (t, negative) = if t == Tok::Open {
            self.eat(|t| t == Tok::Atom("-"), "'-'")?;
            let (_, t) = self.expect(numeral, what)?;
            self.eat(|t| t == Tok::Close, "')'")?;
            (t, true)
        } else {
            (t, false)
        };
        let Tok::Atom(a) = t else {
            unreachable!("checked by expect")
        };
        let v: i128 = a.parse().unwrap_or(i128::MAX);
        Ok(if negative { -v } else { v })
    }
}

/// The grid the values describe: every declared cell exactly once (cells not declared
/// hold 0).
///
/// # Errors
/// Unknown symbols, repeated or missing cells, values that are not digits.
pub(crate) fn values_to_grid(
    script: &Script,
    values: &[(String, i128, AnswerPos)],
) -> Result<Grid<u8>, SmtAnswerError> {
    let (rows, cols) = script.shape();
    let mut grid = Grid::filled(rows, cols, 0u8);
    let mut set = Grid::filled(rows, cols, false);
    for (name, value, pos) in values {
        let cell = name
            .strip_prefix("c_")
            .and_then(Cell::parse_label)
            .filter(|c| script.cells().contains(c))
            .filter(|&c| symbol(c) == *name);
        let Some(cell) = cell else {
            return Err(SmtAnswerError::UnknownSymbol {
                pos: *pos,
                name: name.clone(),
            });
        };
        if *set.get(cell) {
            return Err(SmtAnswerError::Twice {
                pos: *pos,
                name: name.clone(),
            });
        }
        let Ok(digit) = u8::try_from(*value) else {
            return Err(SmtAnswerError::NotADigit {
                pos: *pos,
                name: name.clone(),
                value: *value,
            });
        };
        set.set(cell, true);
        grid.set(cell, digit);
    }
    if let Some(&cell) = script.cells().iter().find(|&&c| !*set.get(c)) {
        return Err(SmtAnswerError::Missing { name: symbol(cell) });
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: usize, col: usize) -> AnswerPos {
        AnswerPos { line, col }
    }

    #[test]
    fn reads_z3_and_cvc5_layouts() {
        let z3 = "sat\n((c_A1 3)\n (c_A2 (- 1)))\n";
        let cvc5 = "sat\n((c_A1 3) (c_A2 (- 1)))";
        for text in [z3, cvc5] {
            let SmtAnswer::Sat(v) = parse_smt_answer(text).unwrap() else {
                panic!("sat expected")
            };
            let v: Vec<(String, i128)> = v.into_iter().map(|(n, x, _)| (n, x)).collect();
            assert_eq!(v, [("c_A1".to_string(), 3), ("c_A2".to_string(), -1)]);
        }
        let unsat = "unsat\n(error \"line 9 column 10: model is not available\")\n";
        assert_eq!(parse_smt_answer(unsat).unwrap(), SmtAnswer::Unsat);
        assert_eq!(
            parse_smt_answer("; c\nunknown").unwrap(),
            SmtAnswer::Unknown
        );
        assert!(looks_like_smt("\n  sat"));
        assert!(!looks_like_smt("s SATISFIABLE\nv 1 0"));
        assert!(!looks_like_smt("SAT\n1 -2 0"));
    }

    #[test]
    fn garbage_is_positioned() {
        let err = |t: &str| parse_smt_answer(t).unwrap_err();
        assert_eq!(err(""), SmtAnswerError::Empty);
        assert_eq!(
            err("maybe").to_string(),
            "line 1, column 1: expected sat, unsat or unknown, found 'maybe'"
        );
        assert_eq!(
            err("sat\n((c_A1 3)\n (c_A2 x))").to_string(),
            "line 3, column 8: expected an integer value, found 'x'"
        );
        assert_eq!(
            err("sat\n((c_A1 3)").to_string(),
            "line 2, column 10: expected '(' or ')' in the get-value list, found end of input"
        );
        assert_eq!(
            err("unsat\nsat").to_string(),
            "line 2, column 1: expected end of input or (error \"…\"), found 'sat'"
        );
        assert!(matches!(
            err("sat ((c_A1 1)) extra"),
            SmtAnswerError::Unexpected { pos: p, .. } if p == pos(1, 16)
        ));
    }
}
