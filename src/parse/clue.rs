//! # KenKen clues as people write them
//!
//! The head of a cage line is a target and an operator, written apart (`10 * A1 A2`,
//! `10 x A1 A2`) or together (`10* A1 A2`, `10x`, `10×`, `12+`, `3-`, `3−`, `2/`, `2÷`,
//! `5=`, `12?`). An operator left out entirely (`12 A1 A2`) is read as `?` (any of
//! `+ - * /`) and reported as a [`ParseWarning`] unless `?` is written.
//!
//! A target that no digits of the cage can make (`8 - F1 F2` on a 6×6) is an error at the
//! target ([`impossible`]).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::grid::Cell;
use crate::parse::{ParseError, Pos, Token};
use crate::puzzle::kenken::{Cage, Op};
use crate::tuples::cage_tuples;

/// The head of a cage line: its target token's text, the operator and where the cells
/// start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Head<'a> {
    /// The target, as written (without a glued operator).
    pub target: Token<'a>,
    /// The operator; `None` when none is written (then read as [`Op::Any`]).
    pub op: Option<Op>,
    /// Where the operator is (after the target when it is left out).
    pub op_pos: Pos,
    /// The index of the first cell token.
    pub first_cell: usize,
}

/// Splits the head of a cage line (its tokens, at least one): the target, with an operator
/// glued to its end or in the next token.
///
/// # Errors
/// An unknown operator token (neither an operator nor a cell), positioned at it; the token
/// is returned as written so the caller can build its own message.
pub(crate) fn split<'a>(toks: &[Token<'a>]) -> Result<Head<'a>, Token<'a>> {
    let Some(&first) = toks.first() else {
        return Err(Token {
            text: "",
            pos: Pos::new(1, 1),
        });
    };
    if let Some((target, op)) = glued(first.text) {
        let col = first.pos.col + target.chars().count();
        return Ok(Head {
            target: Token {
                text: target,
                pos: first.pos,
            },
            op: Some(op),
            op_pos: Pos::new(first.pos.line, col),
            first_cell: 1,
        });
    }
    let end = Pos::new(first.pos.line, first.pos.col + first.text.chars().count());
    let Some(&next) = toks.get(1) else {
        return Ok(Head {
            target: first,
            op: None,
            op_pos: end,
            first_cell: 1,
        });
    };
    match Op::parse(next.text) {
        Some(op) => Ok(Head {
            target: first,
            op: Some(op),
            op_pos: next.pos,
            first_cell: 2,
        }),
        None if Cell::parse_label(next.text).is_some() => Ok(Head {
            target: first,
            op: None,
            op_pos: end,
            first_cell: 1,
        }),
        None => Err(next),
    }
}

/// `10*` → (`10`, `*`): a token of digits followed by one operator character.
fn glued(text: &str) -> Option<(&str, Op)> {
    let (i, last) = text.char_indices().last()?;
    let target = &text[..i];
    let digits = target.strip_prefix(['+', '-']).unwrap_or(target);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Op::parse(last.encode_utf8(&mut [0; 4])).map(|op| (target, op))
}

/// Whether no digits `1..=n` in the cage's cells (distinct along rows and columns) make its
/// target: the search for two solutions of the cage ends with none. A search too large to
/// finish says nothing (`false`).
#[must_use]
pub(crate) fn impossible(cage: &Cage, n: usize) -> bool {
    let Ok(n) = u8::try_from(n) else {
        return false;
    };
    match cage_tuples(cage, n, 1) {
        Ok(tuples) => tuples.is_empty(),
        Err(_) => false,
    }
}

/// A problem worth saying that does not stop the puzzle from being read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWarningKind {
    /// A KenKen cage with several cells and no operator written: read as `?`.
    #[error("cage {target} has no operator; it is read as '?' (any of + - * /): write '{target} ?' to say so, or add the operator")]
    MissingOperator {
        /// The cage's target.
        target: u64,
    },
}

/// A warning with its place, printed as `file:line:col: warning: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseWarning {
    /// The file, or `None` for standard input / in-memory text.
    pub path: Option<PathBuf>,
    /// Where the problem is.
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseWarningKind,
}

impl ParseWarning {
    /// Builds a warning without a path.
    #[must_use]
    pub fn new(pos: Pos, kind: ParseWarningKind) -> Self {
        ParseWarning {
            path: None,
            pos,
            kind,
        }
    }

    /// Attaches the file name.
    #[must_use]
    pub fn with_path(mut self, path: Option<&Path>) -> Self {
        self.path = path.map(Path::to_path_buf);
        self
    }
}

impl fmt::Display for ParseWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => write!(f, "{}:", p.display())?,
            None => write!(f, "<stdin>:")?,
        }
        write!(f, "{}: warning: {}", self.pos, self.kind)
    }
}

/// The error for a cage whose target cannot be made, at its target.
pub(crate) fn impossible_error(cage: &Cage, n: usize, pos: Pos) -> ParseError {
    ParseError::new(
        pos,
        crate::parse::KenKenParseError::ImpossibleCage {
            target: cage.target,
            op: cage.op,
            cells: cage.cells.len(),
            anchor: cage.anchor(),
            size: n,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::tokens;

    fn head(line: &str) -> (String, Option<Op>, usize, usize) {
        let toks = tokens(line, 1, 1);
        let h = split(&toks).unwrap();
        (h.target.text.to_string(), h.op, h.op_pos.col, h.first_cell)
    }

    #[test]
    fn glued_and_apart() {
        assert_eq!(head("10* A1 A2"), ("10".into(), Some(Op::Mul), 3, 1));
        assert_eq!(head("10× A1 A2"), ("10".into(), Some(Op::Mul), 3, 1));
        assert_eq!(head("3− A1 A2"), ("3".into(), Some(Op::Sub), 2, 1));
        assert_eq!(head("10 x A1 A2"), ("10".into(), Some(Op::Mul), 4, 2));
        assert_eq!(head("12 A1 A2"), ("12".into(), None, 3, 1));
        assert_eq!(head("12? A1 A2"), ("12".into(), Some(Op::Any), 3, 1));
        assert!(split(&tokens("3 % A1", 1, 1)).is_err());
    }
}
