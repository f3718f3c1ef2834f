//! # KenKen text format
//!
//! ```text
//! # comments start with '#'
//! size 6
//! 11 + A1 B1
//! 2 / A2 A3; 20 * A4 B4        (Norvig's form: cages separated by ';')
//! 5 = D2
//! 12 ? C1 C2                   (operator hidden: some of + - * / gives 12)
//! 3 C3 D3                      (the same, with the operator left out)
//! ```
//!
//! Cells are a row letter (A = top) and a column number (1 = left), case-insensitive.
//! Operators: `+`, `-`, `*` (also `x X ×`), `/` (also `÷`), `=`, and `?` for a cage whose
//! operator is not shown ([`Op::Any`]); a cage whose second token is already a cell has no
//! operator either (`?`; on one cell, a given). The `size` line may be omitted when the
//! cages reveal it (the largest row or column used).

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::clue::{self, ParseWarning, ParseWarningKind};
use crate::parse::{nothing_found, tokens, ParseError, Pos, Token};
use crate::puzzle::kenken::{Cage, KenKen, KenKenError, Op, MAX_SIZE};

/// What went wrong while reading a KenKen (`.kenken` text; a Keen ID's cages too).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KenKenParseError {
    /// A `size` line and no cage.
    #[error("no cages found (the puzzle gives only its size)")]
    NoCages,
    /// The `size` line is malformed.
    #[error("bad size '{}' (expected a number 1..=26)", crate::parse::clip(.0))]
    BadSize(String),
    /// A second `size` line.
    #[error("size given twice")]
    DuplicateSize,
    /// A line of the Killer Sudoku format (`boxes`, `regions`, `diagonals`).
    #[error("'{0}' is a Killer Sudoku line, not a KenKen cage (read the file with --kind killer, or name it .killer)")]
    KillerLine(&'static str),
    /// The target is not a number.
    #[error("bad target '{}' (expected a positive whole number)", crate::parse::clip(.0))]
    BadTarget(String),
    /// The target is zero or negative.
    #[error("target must be positive, found '{}'", crate::parse::clip(.0))]
    NonPositiveTarget(String),
    /// The target does not fit in 64 bits.
    #[error("target '{}' is too large (limit {max})", crate::parse::clip(.0), max = u64::MAX)]
    TargetOverflow(String),
    /// The cage line has no operator.
    #[error("missing operator after the target")]
    MissingOperator,
    /// The operator is not one of `+ - * / =`.
    #[error("unknown operator '{}' (expected + - * / =)", crate::parse::clip(.0))]
    UnknownOperator(String),
    /// A cage has no cells.
    #[error("cage has no cells")]
    EmptyCage,
    /// A cell label is malformed.
    #[error("bad cell name '{}' (expected a row letter and a column number, e.g. B3)", crate::parse::clip(.0))]
    BadCell(String),
    /// A cell lies outside the grid.
    #[error("cell {cell} is outside the {size}x{size} grid")]
    CellOutsideGrid {
        /// The cell.
        cell: Cell,
        /// Grid size.
        size: usize,
    },
    /// A cell appears twice in one cage.
    #[error("cell {0} appears twice in the same cage")]
    DuplicateCellInCage(Cell),
    /// A cell appears in two cages.
    #[error("cell {cell} already in cage at {first}")]
    CellInTwoCages {
        /// The cell.
        cell: Cell,
        /// Where the earlier cage starts.
        first: Pos,
    },
    /// A cell is covered by no cage.
    #[error("cell {0} is in no cage")]
    CellInNoCage(Cell),
    /// An `=` cage with several cells.
    #[error("'=' cage has {0} cells (it must have exactly one)")]
    GivenWithManyCells(usize),
    /// `--strict`: a cage whose cells are not edge-connected.
    #[error("cage is not contiguous (rejected by --strict)")]
    NonContiguousCage,
    /// The size cannot be inferred from an empty puzzle or is out of range.
    #[error("{0}")]
    Puzzle(KenKenError),
    /// A cage whose target no digits of its cells can make.
    #[error("cage {target}{op} at {anchor} cannot be made by {cells} digits 1..={size}")]
    ImpossibleCage {
        /// The target.
        target: u64,
        /// The operator as written (`?` when none).
        op: Op,
        /// How many cells the cage has.
        cells: usize,
        /// The cage's top-left cell.
        anchor: Cell,
        /// The grid's side.
        size: usize,
    },
}

/// The first words of a Killer Sudoku's lines that no KenKen line has.
const KILLER_WORDS: [&str; 3] = ["boxes", "regions", "diagonals"];

/// A cage as written, with the positions of its tokens.
struct RawCage {
    cage: Cage,
    start: Pos,
    target_pos: Pos,
    op_pos: Pos,
    /// Whether an operator (`?` included) was written.
    op_written: bool,
    cell_pos: Vec<Pos>,
}

/// Parses a KenKen description.
///
/// # Errors
/// The first syntax or validation problem, with its position (no path; the caller adds it).
pub(crate) fn parse(text: &str, strict: bool) -> Result<KenKen, ParseError> {
    parse_with_warnings(text, strict).map(|read| read.puzzle)
}

/// A KenKen as read, with what is worth a warning.
#[derive(Clone, Debug)]
pub(crate) struct KenKenRead {
    /// The puzzle.
    pub puzzle: KenKen,
    /// Cages with several cells and no operator written (not even `?`).
    pub warnings: Vec<ParseWarning>,
    /// Whether no cage of several cells has an operator written (then the text may be a
    /// Killer Sudoku's).
    pub no_operators: bool,
}

/// Parses a KenKen description, keeping the warnings.
///
/// # Errors
/// As [`parse`]; also a cage whose target no digits of its cells can make.
pub(crate) fn parse_with_warnings(text: &str, strict: bool) -> Result<KenKenRead, ParseError> {
    let mut size: Option<(usize, Pos)> = None;
    let mut raw: Vec<RawCage> = Vec::new();
    for (i, full_line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = full_line.split('#').next().unwrap_or("");
        let toks = tokens(line, line_no, 1);
        if let Some(first) = toks.first() {
            if first.text.eq_ignore_ascii_case("size") {
                if size.is_some() {
                    return Err(ParseError::new(first.pos, KenKenParseError::DuplicateSize));
                }
                size = Some((parse_size(&toks)?, first.pos));
                continue;
            }
            if let Some(word) = KILLER_WORDS
                .iter()
                .find(|w| first.text.eq_ignore_ascii_case(w))
            {
                return Err(ParseError::new(
                    first.pos,
                    KenKenParseError::KillerLine(word),
                ));
            }
        }
        let mut col = 1;
        for segment in line.split(';') {
            let seg_toks = tokens(segment, line_no, col);
            col += segment.chars().count() + 1;
            if !seg_toks.is_empty() {
                raw.push(parse_cage(&seg_toks)?);
            }
        }
    }
    if raw.is_empty() {
        return Err(match size {
            Some((_, pos)) => ParseError::new(pos, KenKenParseError::NoCages),
            None => ParseError::new(Pos::new(1, 1), nothing_found(text)),
        });
    }
    let n = match size {
        Some((n, _)) => n,
        None => infer_size(&raw),
    };
    let size_pos = size.map_or(Pos::new(1, 1), |(_, p)| p);
    let cages: Vec<Cage> = raw.iter().map(|r| r.cage.clone()).collect();
    let puzzle = KenKen::new(n, cages, strict).map_err(|e| locate(e, &raw, size_pos))?;
    if let Some(r) = raw.iter().find(|r| clue::impossible(&r.cage, n)) {
        return Err(clue::impossible_error(&r.cage, n, r.target_pos));
    }
    let several = |r: &&RawCage| r.cage.cells.len() > 1;
    let warnings = raw
        .iter()
        .filter(several)
        .filter(|r| !r.op_written)
        .map(|r| {
            ParseWarning::new(
                r.op_pos,
                ParseWarningKind::MissingOperator {
                    target: r.cage.target,
                },
            )
        })
        .collect();
    let no_operators = raw.iter().filter(several).all(|r| !r.op_written);
    Ok(KenKenRead {
        puzzle,
        warnings,
        no_operators,
    })
}

/// The `.kenken` text of the puzzle (see `to_text`); parsing it gives the puzzle back.
impl std::fmt::Display for KenKen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_text(self))
    }
}

/// Writes a puzzle in the `.kenken` format (`size` line, then one cage per line in the
/// puzzle's order); [`parse`] reads it back to an equal puzzle.
#[must_use]
pub(crate) fn to_text(puzzle: &KenKen) -> String {
    let mut out = format!("size {}\n", puzzle.size());
    for cage in puzzle.cages() {
        out.push_str(&format!("{} {}", cage.target, cage.op.symbol()));
        for c in &cage.cells {
            out.push(' ');
            out.push_str(&c.label());
        }
        out.push('\n');
    }
    out
}

fn parse_size(toks: &[Token<'_>]) -> Result<usize, ParseError> {
    let Some(tok) = toks.get(1) else {
        return Err(ParseError::new(
            toks[0].pos,
            KenKenParseError::BadSize(String::new()),
        ));
    };
    let bad = || ParseError::new(tok.pos, KenKenParseError::BadSize(tok.text.to_string()));
    let n: usize = tok.text.parse().map_err(|_| bad())?;
    if n == 0 || n > MAX_SIZE {
        return Err(bad());
    }
    if let Some(extra) = toks.get(2) {
        return Err(ParseError::new(
            extra.pos,
            KenKenParseError::BadSize(extra.text.to_string()),
        ));
    }
    Ok(n)
}

fn parse_cage(toks: &[Token<'_>]) -> Result<RawCage, ParseError> {
    let head = match clue::split(toks) {
        Ok(head) => head,
        Err(bad) => {
            // A bad target is named first (the line may be no cage at all).
            let _ = parse_target(toks[0])?;
            return Err(ParseError::new(
                bad.pos,
                KenKenParseError::UnknownOperator(bad.text.to_string()),
            ));
        }
    };
    let t = head.target;
    let target = parse_target(t)?;
    if toks.len() <= head.first_cell {
        let last = toks[toks.len() - 1];
        let err = if head.op.is_some() {
            KenKenParseError::EmptyCage
        } else {
            KenKenParseError::MissingOperator
        };
        return Err(ParseError::new(end_of(last), err));
    }
    let first_cell = head.first_cell;
    let mut cells = Vec::with_capacity(toks.len() - first_cell);
    let mut cell_pos = Vec::with_capacity(toks.len() - first_cell);
    for tok in &toks[first_cell..] {
        let cell = Cell::parse_label(tok.text).ok_or_else(|| {
            ParseError::new(tok.pos, KenKenParseError::BadCell(tok.text.to_string()))
        })?;
        cells.push(cell);
        cell_pos.push(tok.pos);
    }
    Ok(RawCage {
        cage: Cage {
            op: head.op.unwrap_or(Op::Any),
            target,
            cells,
        },
        start: toks[0].pos,
        target_pos: t.pos,
        op_pos: head.op_pos,
        op_written: head.op.is_some(),
        cell_pos,
    })
}

fn parse_target(t: Token<'_>) -> Result<u64, ParseError> {
    let text = t.text;
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            t.pos,
            KenKenParseError::BadTarget(text.to_string()),
        ));
    }
    let is_zero = digits.bytes().all(|b| b == b'0');
    if text.starts_with('-') || is_zero {
        return Err(ParseError::new(
            t.pos,
            KenKenParseError::NonPositiveTarget(text.to_string()),
        ));
    }
    digits
        .parse::<u64>()
        .map_err(|_| ParseError::new(t.pos, KenKenParseError::TargetOverflow(text.to_string())))
}

fn end_of(t: Token<'_>) -> Pos {
    Pos::new(t.pos.line, t.pos.col + t.text.chars().count())
}

fn infer_size(raw: &[RawCage]) -> usize {
    raw.iter()
        .flat_map(|r| &r.cage.cells)
        .map(|c| usize::from(c.row.max(c.col)) + 1)
        .max()
        .unwrap_or(0)
}

/// Turns a semantic error into a positioned parse error.
fn locate(e: KenKenError, raw: &[RawCage], size_pos: Pos) -> ParseError {
    use KenKenParseError as K;
    let (pos, kind) = match e {
        KenKenError::CellOutsideGrid {
            cell,
            size,
            cage,
            index,
        } => (raw[cage].cell_pos[index], K::CellOutsideGrid { cell, size }),
        KenKenError::DuplicateCellInCage { cell, cage, index } => {
            (raw[cage].cell_pos[index], K::DuplicateCellInCage(cell))
        }
        KenKenError::CellInTwoCages {
            cell,
            first_cage,
            cage,
            index,
        } => (
            raw[cage].cell_pos[index],
            K::CellInTwoCages {
                cell,
                first: raw[first_cage].start,
            },
        ),
        KenKenError::CellInNoCage { cell } => (size_pos, K::CellInNoCage(cell)),
        KenKenError::GivenWithManyCells { cells, cage } => {
            (raw[cage].op_pos, K::GivenWithManyCells(cells))
        }
        KenKenError::NonPositiveTarget { cage } => (
            raw[cage].target_pos,
            K::NonPositiveTarget(raw[cage].cage.target.to_string()),
        ),
        KenKenError::NonContiguousCage { cage } => (raw[cage].start, K::NonContiguousCage),
        KenKenError::EmptyCage { cage } => (raw[cage].start, K::EmptyCage),
        e @ KenKenError::BadSize { .. } => (size_pos, K::Puzzle(e)),
    };
    ParseError::new(pos, kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ParseErrorKind;

    #[test]
    fn norvig_form_with_inferred_size() {
        let k = parse("7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 × C3 C4 D4; 2 / D2 D3", false)
            .unwrap();
        assert_eq!(k.size(), 4);
        assert_eq!(k.cages().len(), 8);
        assert_eq!(k.cages()[6].op, Op::Mul);
        assert_eq!(k.cages()[6].cells[2], Cell::new(3, 3));
    }

    #[test]
    fn operators_may_be_hidden_or_left_out() {
        let k = parse("size 2\n3 ? A1 A2\n3 b1 B2", false).unwrap();
        assert_eq!(k.cages()[0].op, Op::Any);
        assert_eq!(k.cages()[1].op, Op::Any);
        assert_eq!(k.cages()[1].cells, vec![Cell::new(1, 0), Cell::new(1, 1)]);
        // Written back with `?`, and read again to the same puzzle.
        let text = to_text(&k);
        assert_eq!(text, "size 2\n3 ? A1 A2\n3 ? B1 B2\n");
        assert_eq!(parse(&text, false).unwrap(), k);
        // One cell without an operator is a given.
        let k = parse("2 A1; 1 A2; 1 B1; 2 B2", false).unwrap();
        assert_eq!(k.cages()[0].effective_op(), Op::Given);
        // Positioned errors as before.
        let e = parse("size 2\n3 ?\n", false).unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 4));
        assert_eq!(e.kind, ParseErrorKind::KenKen(KenKenParseError::EmptyCage));
        let e = parse("size 2\n3 A1 2B", false).unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 6));
        assert_eq!(
            e.kind,
            ParseErrorKind::KenKen(KenKenParseError::BadCell("2B".into()))
        );
    }

    #[test]
    fn error_columns_count_characters() {
        let e = parse("size 2\n3 × A1 B1; 3 % A2 B2", false).unwrap_err();
        assert_eq!(e.pos, Pos::new(2, 14));
        assert_eq!(
            e.kind,
            ParseErrorKind::KenKen(KenKenParseError::UnknownOperator("%".into()))
        );
    }
}
