//! # Killer Sudoku text
//!
//! `.killer`: `size N`, an optional `boxes RxC` (or a jigsaw's `regions` block), an optional
//! `diagonals` line (Killer X), cages `SUM CELL…` and givens `D = CELL`, one per line; lines
//! starting with `#` are comments. Variant constraints (thermometers, dots, …) are one line
//! each, anywhere after `size` (`crate::parse::variant_text`). The grid rules and the text helpers are shared with the
//! `.sudoku` reader (`crate::parse::sudoku`).

use std::collections::HashMap;

use thiserror::Error;

use crate::grid::Cell;
use crate::parse::regions::{is_regions, parse_map, regions_block, RegionMap};
use crate::parse::sudoku::content;
use crate::parse::variant_text::{is_variant_line, parse_variant, variant_lines};
use crate::parse::{clip, nothing_found, strip_bom, tokens, ParseError, Pos, Token};
use crate::puzzle::sudoku::{default_boxes, Killer, KillerCage, Sudoku, SudokuError};
use crate::puzzle::Variant;

/// A Killer Sudoku file's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerParseError {
    /// The first line is not `size N`.
    #[error("expected 'size N' first, found '{}'", clip(.0))]
    MissingSize(String),
    /// A bad side.
    #[error("bad size '{}' (expected a number 1..=16)", clip(.0))]
    BadSize(String),
    /// `size`, `boxes` or `diagonals` twice, or `boxes` after a cage.
    #[error("'{0}' given twice or after the cages")]
    Repeated(&'static str),
    /// A bad `boxes` value.
    #[error("bad boxes '{}' (expected ROWSxCOLS, e.g. 3x3)", clip(.0))]
    BadBoxes(String),
    /// A line that is neither a cage nor a given.
    #[error("bad cage sum '{}' (expected a positive whole number, or a given 'D = CELL')", clip(.0))]
    BadSum(String),
    /// A bad cell name.
    #[error("bad cell name '{}' (expected a row letter and a column number, e.g. B3)", clip(.0))]
    BadCell(String),
    /// A given that is not a digit of the grid.
    #[error("bad given '{}' (expected a digit 1..={size})", clip(.token))]
    BadDigit {
        /// The token.
        token: String,
        /// The side.
        size: usize,
    },
    /// A given without exactly one cell.
    #[error("a given is 'D = CELL' with one cell")]
    BadGiven,
    /// A cage without cells.
    #[error("cage has no cells")]
    NoCells,
    /// Both `boxes` and `regions`.
    #[error("a jigsaw has 'regions' in place of 'boxes', not both")]
    BoxesAndRegions,
    /// Something after the value of a `size`/`boxes` line.
    #[error("unexpected '{}' after the value", clip(.0))]
    Trailing(String),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Whether `text` is unmistakably a Killer Sudoku: `size N` first and a `boxes` line, or a
/// jigsaw's `regions` line (KenKen files start with `size N` too, and their cages may lack
/// operators).
#[must_use]
pub(crate) fn looks_like_killer(text: &str) -> bool {
    let lines = content(strip_bom(text));
    let first = |l: &str| l.split_whitespace().next().map(str::to_ascii_lowercase);
    lines.first().and_then(|(_, l)| first(l)).as_deref() == Some("size")
        && lines
            .iter()
            .any(|(_, l)| matches!(first(l).as_deref(), Some("boxes" | "regions")))
}

/// A positioned Killer error.
fn kerr(pos: Pos, e: KillerParseError) -> ParseError {
    ParseError::new(pos, e)
}

/// The single value of a `size`/`boxes` line.
fn value<'a>(
    toks: &[Token<'a>],
    err: impl Fn(String) -> KillerParseError,
) -> Result<Token<'a>, ParseError> {
    match toks {
        [key] => Err(kerr(key.pos, err(String::new()))),
        [_, v] => Ok(*v),
        [_, _, extra, ..] => Err(kerr(
            extra.pos,
            KillerParseError::Trailing(extra.text.to_string()),
        )),
        [] => Err(kerr(Pos::new(1, 1), err(String::new()))),
    }
}

/// A cell name.
fn cell(t: Token<'_>) -> Result<Cell, ParseError> {
    Cell::parse_label(t.text).ok_or_else(|| kerr(t.pos, KillerParseError::BadCell(t.text.into())))
}

/// Parses `.killer` text.
///
/// # Errors
/// A positioned [`ParseError`] for the first bad line or rule.
pub(crate) fn parse_killer(text: &str) -> Result<Killer, ParseError> {
    let text = strip_bom(text);
    let lines = content(text);
    let Some(&(first_no, first)) = lines.first() else {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    };
    let toks = tokens(first, first_no, 1);
    if !toks[0].text.eq_ignore_ascii_case("size") {
        return Err(kerr(
            toks[0].pos,
            KillerParseError::MissingSize(toks[0].text.into()),
        ));
    }
    let v = value(&toks, KillerParseError::BadSize)?;
    let size_pos = v.pos;
    let n = v
        .text
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=16).contains(n))
        .ok_or_else(|| kerr(v.pos, KillerParseError::BadSize(v.text.into())))?;
    let mut boxes = None;
    let mut diagonals = false;
    let mut cages = Vec::new();
    let mut givens = Vec::new();
    let mut at: HashMap<Cell, Pos> = HashMap::new();
    let mut regions: Option<RegionMap> = None;
    let mut variants: Vec<(Variant, Pos)> = Vec::new();
    let mut i = 1;
    while let Some(&(no, line)) = lines.get(i) {
        i += 1;
        let toks = tokens(line, no, 1);
        let head = toks[0];
        if head.text.eq_ignore_ascii_case("size") {
            return Err(kerr(head.pos, KillerParseError::Repeated("size")));
        }
        if is_regions(line) {
            if regions.is_some() {
                return Err(kerr(head.pos, KillerParseError::Repeated("regions")));
            }
            if boxes.is_some() {
                return Err(kerr(head.pos, KillerParseError::BoxesAndRegions));
            }
            let end = (i + n).min(lines.len());
            regions = Some(parse_map(&lines[i..end], n, head.pos)?);
            i = end;
            continue;
        }
        if head.text.eq_ignore_ascii_case("diagonals") {
            if diagonals {
                return Err(kerr(head.pos, KillerParseError::Repeated("diagonals")));
            }
            if let Some(extra) = toks.get(1) {
                return Err(kerr(
                    extra.pos,
                    KillerParseError::Trailing(extra.text.to_string()),
                ));
            }
            diagonals = true;
            continue;
        }
        if head.text.eq_ignore_ascii_case("boxes") {
            if boxes.is_some() || !cages.is_empty() || !givens.is_empty() {
                return Err(kerr(head.pos, KillerParseError::Repeated("boxes")));
            }
            if regions.is_some() {
                return Err(kerr(head.pos, KillerParseError::BoxesAndRegions));
            }
            let v = value(&toks, KillerParseError::BadBoxes)?;
            let bad = || kerr(v.pos, KillerParseError::BadBoxes(v.text.into()));
            let (r, c) = v.text.split_once(['x', 'X']).ok_or_else(bad)?;
            let dim = |s: &str| s.parse::<usize>().ok().filter(|d| (1..=16).contains(d));
            boxes = Some((dim(r).ok_or_else(bad)?, dim(c).ok_or_else(bad)?, v.pos));
            continue;
        }
        if is_variant_line(line) {
            let v = parse_variant(&toks)?;
            variants.push((v, head.pos));
            continue;
        }
        if toks.get(1).is_some_and(|t| t.text == "=") {
            let rest = &toks[2..];
            let [c] = rest else {
                let pos = rest.get(1).map_or(toks[1].pos, |t| t.pos);
                return Err(kerr(pos, KillerParseError::BadGiven));
            };
            let c_cell = cell(*c)?;
            let digit = head
                .text
                .parse::<u8>()
                .ok()
                .filter(|&d| d >= 1 && usize::from(d) <= n)
                .ok_or_else(|| {
                    kerr(
                        head.pos,
                        KillerParseError::BadDigit {
                            token: head.text.into(),
                            size: n,
                        },
                    )
                })?;
            let _ = at.insert(c_cell, c.pos);
            givens.push((c_cell, digit));
            continue;
        }
        let sum = head
            .text
            .parse::<u32>()
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| kerr(head.pos, KillerParseError::BadSum(head.text.into())))?;
        if toks.len() < 2 {
            return Err(kerr(head.pos, KillerParseError::NoCells));
        }
        let mut cells = Vec::with_capacity(toks.len() - 1);
        for t in &toks[1..] {
            let c = cell(*t)?;
            let _ = at.insert(c, t.pos);
            if cells.contains(&c) {
                return Err(kerr(
                    t.pos,
                    KillerParseError::Rule(SudokuError::CellTwiceInCage { cell: c }),
                ));
            }
            cells.push(c);
        }
        cages.push(KillerCage { sum, cells });
    }
    if let Some(map) = &regions {
        let mut sudoku =
            Sudoku::jigsaw(n, &map.map, &givens).map_err(|e| kerr_rule(e, size_pos, &at, map))?;
        if diagonals {
            sudoku = sudoku
                .with_diagonals()
                .map_err(|e| kerr_rule(e, size_pos, &at, map))?;
        }
        let sudoku = with_variant_lines(sudoku, variants)?;
        return Killer::new(sudoku, cages).map_err(|e| kerr_rule(e, size_pos, &at, map));
    }
    let (box_dims, box_pos) = match boxes {
        Some((r, c, pos)) => ((r, c), pos),
        None => (
            default_boxes(n).ok_or_else(|| {
                kerr(
                    size_pos,
                    KillerParseError::Rule(SudokuError::Size { size: n }),
                )
            })?,
            size_pos,
        ),
    };
    let rule = |e: SudokuError| {
        let pos = match &e {
            SudokuError::Boxes { .. } => Some(box_pos),
            SudokuError::Size { .. } | SudokuError::KillerSize { .. } => Some(size_pos),
            _ => e.cell().and_then(|c| at.get(&c).copied()),
        };
        kerr(pos.unwrap_or(size_pos), KillerParseError::Rule(e))
    };
    let mut sudoku = Sudoku::new(n, box_dims, &givens).map_err(rule)?;
    if diagonals {
        sudoku = sudoku.with_diagonals().map_err(rule)?;
    }
    let sudoku = with_variant_lines(sudoku, variants)?;
    Killer::new(sudoku, cages).map_err(rule)
}

/// `sudoku` with the variants of its lines, each checked at its line.
pub(crate) fn with_variant_lines(
    mut sudoku: Sudoku,
    variants: Vec<(Variant, Pos)>,
) -> Result<Sudoku, ParseError> {
    for (v, pos) in variants {
        sudoku = sudoku
            .with_variants([v])
            .map_err(|e| kerr(pos, KillerParseError::Rule(e)))?;
    }
    Ok(sudoku)
}

/// A broken rule of a jigsaw Killer, at the region letter, the cell it names or `size`.
fn kerr_rule(
    e: SudokuError,
    size_pos: Pos,
    at: &HashMap<Cell, Pos>,
    map: &RegionMap,
) -> ParseError {
    let pos = map
        .pos_of(&e)
        .or_else(|| e.cell().and_then(|c| at.get(&c).copied()));
    kerr(pos.unwrap_or(size_pos), KillerParseError::Rule(e))
}

impl Killer {
    /// The puzzle in the `.killer` text format; it reads back as the same Killer whatever
    /// the file's name (the `boxes` line is always written).
    #[must_use]
    pub fn to_text(&self) -> String {
        let s = self.sudoku();
        let mut out = format!("size {}\n", s.size());
        // Always written, default boxes too: the `boxes` line is what tells a Killer from a
        // KenKen when the text travels without its file name (pasted, piped, pickled).
        match s.regions() {
            Some(_) => out += &regions_block(s),
            None => out += &format!("boxes {}x{}\n", s.boxes().0, s.boxes().1),
        }
        if s.diagonals() {
            out += "diagonals\n";
        }
        for cage in self.cages() {
            let cells: Vec<String> = cage.cells.iter().map(ToString::to_string).collect();
            out += &format!("{} {}\n", cage.sum, cells.join(" "));
        }
        for (c, d) in s.given_cells() {
            out += &format!("{d} = {c}\n");
        }
        out + &variant_lines(s.variants())
    }
}
