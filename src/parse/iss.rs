//! # Interactive Sudoku Solver constraint strings
//!
//! The text the Interactive Sudoku Solver (ISS, sigh.github.io/Interactive-Sudoku-Solver)
//! shares in its URLs and files: items `.Name~arg~arg…` one after another, cells written
//! `R1C1` (row and column in base 17: `1`–`9`, then `a`–`g` for 10–16), givens and
//! pencilmarks in the nameless item `.~R1C1_5~R2C3_1_2`, the grid's side in `.Shape~6x6`
//! (9×9 when absent). Whitespace is ignored, lines starting with `#` are comments, and a
//! section (lines up to a blank line) may instead be a plain grid of N² digits (`.` or `0`
//! for an empty cell). A link `…/Interactive-Sudoku-Solver/?q=STRING` holds the string
//! URL-encoded; errors then give the character in the link.
//!
//! What is read, by ISS name: `Shape` (square, digits 1..N), givens and pencilmarks (a
//! pencilmark set of exactly the even or the odd digits is an even or odd cell), `Jigsaw`
//! with `NoBoxes` (a jigsaw; a `Jigsaw` without `NoBoxes` adds its regions as extra regions,
//! `NoBoxes` alone leaves rows and columns), `Cage` (with a sum: the Killer's cages; without
//! one, or sum 0: a distinct cage), `AllDifferent`, `Thermo`, `Arrow`, `PillArrow` (the pill
//! read in reading order, as ISS does), `DoubleArrow`, `Whisper` (difference 5 when omitted),
//! `Renban`, `Palindrome`, `Between`, `Lockout`, `RegionSumLine`, `Zipper`, `Entropic`,
//! `Modular`, `WhiteDot`, `BlackDot`, `X`, `V`, `GreaterThan` (one of each for every pair of
//! orthogonal neighbours among its cells, the earlier cell the greater), `StrictKropki`,
//! `StrictXV`, `Quad`, `LittleKiller`, `Sandwich`, `XSum`, `Skyscraper`, `AntiKnight`,
//! `AntiKing`, `AntiConsecutive`, `Windoku`, `Diagonal` (`1` is the anti-diagonal ╱, `-1`
//! the main one ╲). Every other ISS constraint is refused by name at its position.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{clip, nothing_found, strip_bom, ParseError, Pos};
use crate::puzzle::family::{self, Param};
use crate::puzzle::sudoku::{Killer, KillerCage, Sudoku, SudokuError};
use crate::puzzle::{Dot, Puzzle, Variant};

/// The ISS constraints read besides the line families' (`family::LINES`; the nameless
/// item is givens).
const READ: &[&str] = &[
    "",
    "Shape",
    "Jigsaw",
    "NoBoxes",
    "Cage",
    "AllDifferent",
    "Arrow",
    "PillArrow",
    "WhiteDot",
    "BlackDot",
    "X",
    "V",
    "GreaterThan",
    "StrictKropki",
    "StrictXV",
    "Quad",
    "LittleKiller",
    "Sandwich",
    "XSum",
    "Skyscraper",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "Windoku",
    "Diagonal",
];

/// The ISS constraints refused, by name.
const REFUSED: &[&str] = &[
    "Container",
    "Or",
    "And",
    "Replicate",
    "End",
    "SumLine",
    "Regex",
    "NFA",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "DisjointSets",
    "Doppelganger",
    "AntiTaxicab",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "ValueIndexing",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "Lunchbox",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "EqualSum",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "SearchPriority",
    "Var",
];

/// An ISS string's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IssError {
    /// Text that is neither `.Name~…` items nor a plain grid.
    #[error("expected an ISS constraint string ('.Name~arg…') or a grid of N×N digits")]
    NotIss,
    /// A name ISS does not have.
    #[error("unknown ISS constraint '{}'", clip(.0))]
    Unknown(String),
    /// An ISS constraint cagesat does not read.
    #[error("the ISS constraint '{}' is not supported: {reason}", clip(.name))]
    Unsupported {
        /// The ISS name.
        name: String,
        /// Why, in words.
        reason: &'static str,
    },
    /// A cell id that is not `RnCm` inside the grid.
    #[error("bad ISS cell '{}' (expected R1C1..R{last}C{last})", clip(.text), last = base17(*.size))]
    BadCell {
        /// The id as written.
        text: String,
        /// The grid's side.
        size: usize,
    },
    /// A number or value out of place.
    #[error("ISS {name}: bad {what} '{}'", clip(.text))]
    BadValue {
        /// The ISS name.
        name: String,
        /// What was expected, in words.
        what: &'static str,
        /// The text found.
        text: String,
    },
    /// Arguments of the wrong number or shape.
    #[error("ISS {name}: {problem}")]
    Args {
        /// The ISS name.
        name: String,
        /// What is wrong, in words.
        problem: String,
    },
    /// A shape cagesat does not read.
    #[error("ISS shape '{}' is not supported (square grids NxN up to 16x16, digits 1..N)", clip(.0))]
    Shape(String),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// `n` as ISS writes a row or column number in a cell id (base 17).
fn base17(n: usize) -> char {
    u32::try_from(n)
        .ok()
        .and_then(|n| char::from_digit(n, 17))
        .unwrap_or('?')
}

/// The boxes ISS gives an N×N grid (rows, columns), `None` when N has no proper split
/// (a prime side: no boxes).
pub(crate) fn iss_boxes(n: usize) -> Option<(usize, usize)> {
    let mut small = (1..=n).take_while(|s| s * s <= n).last().unwrap_or(1);
    while small >= 2 {
        if n % small == 0 {
            return Some((small, n / small));
        }
        small -= 1;
    }
    None
}

/// Whether `text` is an ISS string (its first non-comment line starts with `.` and a known
/// ISS name) or an ISS link.
pub(crate) fn looks_like(text: &str) -> bool {
    let t = strip_bom(text).trim();
    if link_query(t).is_some() {
        return true;
    }
    let Some(line) = t
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    let Some(rest) = line.strip_prefix('.') else {
        return false;
    };
    let name: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
    let after = rest[name.len()..].chars().next();
    let known = READ.contains(&name.as_str())
        || REFUSED.contains(&name.as_str())
        || family::by_iss(&name).is_some();
    if name.is_empty() {
        // Givens: `.~R1C1_5`.
        return rest.starts_with("~R") || rest.starts_with("~r");
    }
    known && after.is_none_or(|c| matches!(c, '~' | '.') || c.is_whitespace())
}

/// The byte offset of the `q` parameter's value in an ISS link.
fn link_query(t: &str) -> Option<usize> {
    if t.contains(char::is_whitespace) || !t.contains("Interactive-Sudoku-Solver") {
        return None;
    }
    let start = t.find("?q=").or_else(|| t.find("&q="))?;
    Some(start + 3)
}

/// A character of the string and where it was in the input.
type PosChar = (char, Pos);

/// One `.Name~arg~…` item.
struct Item {
    name: String,
    pos: Pos,
    args: Vec<(String, Pos)>,
}

/// Reads an ISS string or link.
///
/// # Errors
/// The first problem, at its line and column (in a link: line 1 and the character).
pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let text = strip_bom(text);
    let mut chars: Vec<PosChar> = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        for (j, ch) in line.trim_end_matches('\r').chars().enumerate() {
            chars.push((ch, Pos::new(i + 1, j + 1)));
        }
        chars.push(('\n', Pos::new(i + 1, line.chars().count() + 1)));
    }
    let _ = chars.pop();
    let trimmed = text.trim();
    if let Some(q) = link_query(trimmed) {
        let lead = chars.iter().take_while(|(c, _)| c.is_whitespace()).count();
        let skip = lead + trimmed[..q].chars().count();
        let query: Vec<PosChar> = chars[skip..]
            .iter()
            .copied()
            .take_while(|&(c, _)| !matches!(c, '&' | '#') && !c.is_whitespace())
            .collect();
        chars = percent_decode(&query);
    }
    // Lines, without comments; sections between blank lines.
    let mut sections: Vec<Vec<PosChar>> = vec![Vec::new()];
    for line in chars.split(|&(c, _)| c == '\n') {
        let content: Vec<PosChar> = line
            .iter()
            .copied()
            .filter(|(c, _)| !c.is_whitespace())
            .collect();
        if content.first().is_some_and(|&(c, _)| c == '#') {
            continue;
        }
        if content.is_empty() {
            if sections.last().is_some_and(|s| !s.is_empty()) {
                sections.push(Vec::new());
            }
            continue;
        }
        if let Some(s) = sections.last_mut() {
            s.extend(content);
        }
    }
    sections.retain(|s| !s.is_empty());
    if sections.is_empty() {
        return Err(ParseError::new(Pos::new(1, 1), nothing_found(text)));
    }
    let mut items: Vec<Item> = Vec::new();
    for section in &sections {
        let tilde = section.iter().any(|&(c, _)| c == '~');
        match (tilde, section[0].0) {
            (false, _) if plain_grid(section).is_some() => {
                items.extend(plain_grid(section).unwrap_or_default());
            }
            (_, '.') => items.extend(split_items(section)),
            _ => return Err(ParseError::new(section[0].1, IssError::NotIss)),
        }
    }
    build(&items)
}

/// Undoes `%XX` escapes and `+` (a space) in a link's query, keeping each character's
/// position (that of its first escape).
fn percent_decode(query: &[PosChar]) -> Vec<PosChar> {
    let mut out = Vec::new();
    let mut bytes: Vec<(u8, Pos)> = Vec::new();
    let mut i = 0;
    while i < query.len() {
        let (c, pos) = query[i];
        if c == '%' && i + 2 < query.len() {
            let hex: String = [query[i + 1].0, query[i + 2].0].iter().collect();
            if let Ok(b) = u8::from_str_radix(&hex, 16) {
                bytes.push((b, pos));
                i += 3;
                continue;
            }
        }
        let c = if c == '+' { ' ' } else { c };
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            bytes.push((b, pos));
        }
        i += 1;
    }
    let mut at = 0;
    while at < bytes.len() {
        let width = match bytes[at].0 {
            b if b < 0x80 => 1,
            b if b >= 0xf0 => 4,
            b if b >= 0xe0 => 3,
            _ => 2,
        };
        let end = (at + width).min(bytes.len());
        let chunk: Vec<u8> = bytes[at..end].iter().map(|&(b, _)| b).collect();
        let c = std::str::from_utf8(&chunk)
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{fffd}');
        out.push((c, bytes[at].1));
        at = end;
    }
    out
}

/// Splits a section starting with `.` into its items.
fn split_items(section: &[PosChar]) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    for &(c, pos) in section {
        match (c, items.last_mut()) {
            ('.', _) | (_, None) => items.push(Item {
                name: String::new(),
                pos,
                args: Vec::new(),
            }),
            ('~', Some(item)) => item.args.push((String::new(), pos)),
            (c, Some(item)) => match item.args.last_mut() {
                Some((text, at)) => {
                    if text.is_empty() {
                        *at = pos;
                    }
                    text.push(c);
                }
                None => item.name.push(c),
            },
        }
    }
    items
}

/// A plain grid of N² digits (one character for an empty cell), as a `Shape` item and a
/// givens item; or N² digits then a jigsaw layout of N² characters (N of each of N), with
/// `Jigsaw` and `NoBoxes` items. `None` for anything else.
fn plain_grid(section: &[PosChar]) -> Option<Vec<Item>> {
    let len = section.len();
    let square = |len: usize| (2..=16).find(|n| n * n == len);
    let (n, jigsaw) = match (square(len), len % 2 == 0 && square(len / 2).is_some()) {
        (Some(n), _) => (n, false),
        (None, true) => (square(len / 2)?, true),
        _ => return None,
    };
    let pos = section[0].1;
    let mut blank: Option<char> = None;
    let mut args = vec![(format!("{n}x{n}"), pos)];
    for (i, &(c, p)) in section[..n * n].iter().enumerate() {
        let v = if n < 10 {
            c.to_digit(10).filter(|&d| d >= 1 && d as usize <= n)
        } else if c.is_ascii_uppercase() {
            Some(u32::from(c) - u32::from('A') + 1).filter(|&d| d as usize <= n)
        } else {
            None
        };
        match v {
            Some(d) => {
                let cell = Cell::new((i / n) as u8, (i % n) as u8);
                args.push((format!("{}_{d}", cell_id(cell)), p));
            }
            None if blank.is_none() || blank == Some(c) => blank = Some(c),
            None => return None,
        }
    }
    let mut items = vec![Item {
        name: "\u{0}grid".into(),
        pos,
        args,
    }];
    if jigsaw {
        let layout: String = section[n * n..].iter().map(|&(c, _)| c).collect();
        let mut counts: Vec<(char, usize)> = Vec::new();
        for c in layout.chars() {
            match counts.iter_mut().find(|(x, _)| *x == c) {
                Some((_, k)) => *k += 1,
                None => counts.push((c, 1)),
            }
        }
        if counts.len() != n || counts.iter().any(|&(_, k)| k != n) {
            return None;
        }
        let at = section[n * n].1;
        items.push(Item {
            name: "Jigsaw".into(),
            pos: at,
            args: vec![(layout, at)],
        });
        items.push(Item {
            name: "NoBoxes".into(),
            pos: at,
            args: Vec::new(),
        });
    }
    Some(items)
}

/// The ISS id of a cell (`R1C1`, rows and columns past 9 as `a`–`g`).
pub(crate) fn cell_id(c: Cell) -> String {
    format!(
        "R{}C{}",
        base17(usize::from(c.row) + 1),
        base17(usize::from(c.col) + 1)
    )
}

/// Parses an ISS cell id on a grid of side `n`.
fn parse_cell(text: &str, pos: Pos, n: usize) -> Result<Cell, ParseError> {
    let bad = || {
        ParseError::new(
            pos,
            IssError::BadCell {
                text: text.into(),
                size: n,
            },
        )
    };
    let b = text.as_bytes();
    if b.len() != 4 || !matches!(b[0], b'R' | b'r') || !matches!(b[2], b'C' | b'c') {
        return Err(bad());
    }
    let digit = |c: u8| {
        char::from(c)
            .to_ascii_lowercase()
            .to_digit(17)
            .filter(|&d| d >= 1 && d as usize <= n)
            .map(|d| (d - 1) as u8)
    };
    match (digit(b[1]), digit(b[3])) {
        (Some(r), Some(c)) => Ok(Cell::new(r, c)),
        _ => Err(bad()),
    }
}

/// Parses an integer argument.
fn parse_int(name: &str, what: &'static str, text: &str, pos: Pos) -> Result<i64, ParseError> {
    text.parse::<i64>()
        .ok()
        .filter(|v| v.abs() < 1_000_000)
        .ok_or_else(|| {
            ParseError::new(
                pos,
                IssError::BadValue {
                    name: name.into(),
                    what,
                    text: text.into(),
                },
            )
        })
}

/// Parses an integer argument in `lo..=hi`.
fn parse_in(
    name: &str,
    what: &'static str,
    (text, pos): &(String, Pos),
    lo: i64,
    hi: i64,
) -> Result<i64, ParseError> {
    let v = parse_int(name, what, text, *pos)?;
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(ParseError::new(
            *pos,
            IssError::BadValue {
                name: name.into(),
                what,
                text: text.clone(),
            },
        ))
    }
}

/// The cells of a little killer clue that ISS keys by `start` (the diagonal's first cell,
/// from the clue), on a grid of side `n`.
pub(crate) fn little_killer(n: usize, start: Cell) -> Option<Vec<Cell>> {
    let (r, c) = (usize::from(start.row), usize::from(start.col));
    let last = n.checked_sub(1)?;
    let (dr, dc): (isize, isize) = if c == 0 && r < last {
        (1, 1)
    } else if c == last && r >= 1 && r < last {
        (-1, -1)
    } else if r == 0 && c >= 1 {
        (1, -1)
    } else if r == last && c >= 1 && c < last {
        (-1, 1)
    } else {
        return None;
    };
    let mut out = Vec::new();
    let (mut r, mut c) = (r as isize, c as isize);
    while r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n {
        out.push(Cell::new(r as u8, c as u8));
        r += dr;
        c += dc;
    }
    (out.len() > 1).then_some(out)
}

/// The cells of row or column `id` (`R3`, `C5`), forward (left to right, top to bottom)
/// or backward.
fn line_cells(id: &str, n: usize, forward: bool) -> Option<Vec<Cell>> {
    let (kind, num) = (id.get(..1)?, id.get(1..)?);
    let k: usize = num.parse().ok().filter(|&k| k >= 1 && k <= n)?;
    let mut cells: Vec<Cell> = (0..n)
        .map(|i| match kind {
            "R" | "r" => Cell::new((k - 1) as u8, i as u8),
            _ => Cell::new(i as u8, (k - 1) as u8),
        })
        .collect();
    if !matches!(kind, "R" | "r" | "C" | "c") {
        return None;
    }
    if !forward {
        cells.reverse();
    }
    Some(cells)
}

/// What the items say, gathered before the puzzle is built.
#[derive(Default)]
struct Gathered {
    givens: Vec<(Cell, u8, Pos)>,
    cages: Vec<(u32, Vec<Cell>, Pos)>,
    variants: Vec<(Variant, Pos)>,
    jigsaw: Option<(Grid<u8>, Pos, usize)>,
    no_boxes: Option<Pos>,
    region_sum: Option<Pos>,
}

/// Builds the puzzle from its items.
fn build(items: &[Item]) -> Result<Puzzle, ParseError> {
    // The side first, wherever the shape is.
    let mut n: Option<(usize, Pos)> = None;
    for item in items {
        if item.name != "Shape" && item.name != "\u{0}grid" {
            continue;
        }
        let (spec, pos) = item.args.first().cloned().unwrap_or_default();
        let spec_args = if item.name == "Shape" {
            &item.args[..]
        } else {
            &item.args[..1]
        };
        let side = shape_side(spec_args).ok_or_else(|| {
            let all: Vec<&str> = item.args.iter().map(|(a, _)| a.as_str()).collect();
            ParseError::new(item.pos, IssError::Shape(all.join("~")))
        })?;
        match n {
            Some((m, _)) if m != side => {
                return Err(ParseError::new(pos, IssError::Shape(spec)));
            }
            _ => n = Some((side, item.pos)),
        }
    }
    let n = n.map_or(9, |(n, _)| n);
    let mut g = Gathered::default();
    for item in items {
        read_item(item, n, &mut g)?;
    }
    let boxes = iss_boxes(n);
    let (sudoku, extra) = match (
        &g.jigsaw,
        g.no_boxes.or(boxes.map_or(Some(Pos::default()), |_| None)),
    ) {
        (Some((map, pos, _)), Some(_)) => {
            let s = Sudoku::jigsaw(n, map, &[])
                .map_err(|e| ParseError::new(*pos, IssError::Rule(e)))?;
            (s, Vec::new())
        }
        (jig, no_boxes) => {
            if let (Some(p), Some(_)) = (g.region_sum, no_boxes) {
                return Err(ParseError::new(
                    p,
                    IssError::Unsupported {
                        name: "RegionSumLine".into(),
                        reason:
                            "on a grid without boxes or jigsaw regions it constrains nothing in ISS",
                    },
                ));
            }
            let b = if no_boxes.is_some() {
                (1, n)
            } else {
                boxes.unwrap_or((1, n))
            };
            let s = Sudoku::new(n, b, &[])
                .map_err(|e| ParseError::new(Pos::new(1, 1), IssError::Rule(e)))?;
            let extra = match jig {
                Some((map, pos, at)) => {
                    let mut regions: Vec<Vec<Cell>> = Vec::new();
                    let mut ids: Vec<u8> = Vec::new();
                    for c in s.cells() {
                        let id = *map.get(c);
                        match ids.iter().position(|&x| x == id) {
                            Some(i) => regions[i].push(c),
                            None => {
                                ids.push(id);
                                regions.push(vec![c]);
                            }
                        }
                    }
                    regions
                        .into_iter()
                        .map(|r| (*at, Variant::Region(r), *pos))
                        .collect()
                }
                None => Vec::new(),
            };
            (s, extra)
        }
    };
    // Givens.
    let given_cells: Vec<(Cell, u8)> = g.givens.iter().map(|&(c, d, _)| (c, d)).collect();
    let at_cell = |cell: Option<Cell>, default: Pos| {
        cell.and_then(|c| {
            g.givens
                .iter()
                .find(|&&(x, _, _)| x == c)
                .map(|&(_, _, p)| p)
        })
        .unwrap_or(default)
    };
    let sudoku = sudoku.with_givens(&given_cells).map_err(|e| {
        let p = at_cell(e.cell(), g.givens.first().map_or(Pos::new(1, 1), |x| x.2));
        ParseError::new(p, IssError::Rule(e))
    })?;
    // Variants, the jigsaw's extra regions where the jigsaw was.
    let mut variants = g.variants;
    for (at, v, p) in extra.into_iter().rev() {
        variants.insert(at.min(variants.len()), (v, p));
    }
    let mut sudoku = sudoku;
    for (v, p) in variants {
        sudoku = sudoku
            .with_variants([v])
            .map_err(|e| ParseError::new(p, IssError::Rule(e)))?;
    }
    if g.cages.is_empty() {
        return Ok(Puzzle::Sudoku(sudoku));
    }
    let mut seen = Grid::filled(n, n, false);
    let overlap = g.cages.iter().flat_map(|c| c.1.iter()).any(|&c| {
        let twice = *seen.get(c);
        seen.set(c, true);
        twice
    });
    if overlap {
        // Overlapping cages are no Killer's: each is a cage constraint of its own.
        for (sum, cells, p) in g.cages {
            let v = Variant::Cage {
                cells,
                sum: Some(sum),
            };
            sudoku = sudoku
                .with_variants([v])
                .map_err(|e| ParseError::new(p, IssError::Rule(e)))?;
        }
        return Ok(Puzzle::Sudoku(sudoku));
    }
    let positions: Vec<(Vec<Cell>, Pos)> = g.cages.iter().map(|c| (c.1.clone(), c.2)).collect();
    let first = positions.first().map_or(Pos::new(1, 1), |c| c.1);
    let cages = g
        .cages
        .into_iter()
        .map(|(sum, cells, _)| KillerCage { sum, cells })
        .collect();
    Killer::new(sudoku, cages).map(Puzzle::Killer).map_err(|e| {
        let p = e
            .cell()
            .and_then(|c| positions.iter().find(|(cells, _)| cells.contains(&c)))
            .map_or(first, |x| x.1);
        ParseError::new(p, IssError::Rule(e))
    })
}

/// The side a `Shape` item (or a plain grid's) gives: `NxN`, then optionally `N` or `1-N`.
fn shape_side(args: &[(String, Pos)]) -> Option<usize> {
    let dims = &args.first()?.0;
    let (r, c) = dims.split_once('x')?;
    let n: usize = r.parse().ok().filter(|&n| (1..=16).contains(&n))?;
    if c.parse::<usize>().ok()? != n {
        return None;
    }
    match args.get(1).map(|(a, _)| a.as_str()) {
        None | Some("") => {}
        Some(range) if range == n.to_string() || range == format!("1-{n}") => {}
        Some(_) => return None,
    }
    // A grid type (`9x9~~Raw`) is refused.
    (args.len() <= 2).then_some(n)
}

/// Reads one item into `g`.
fn read_item(item: &Item, n: usize, g: &mut Gathered) -> Result<(), ParseError> {
    let name = item.name.as_str();
    let args = &item.args;
    let cells = |from: usize| -> Result<Vec<Cell>, ParseError> {
        args.iter()
            .skip(from)
            .map(|(a, p)| parse_cell(a, *p, n))
            .collect()
    };
    let args_err = |problem: String| {
        ParseError::new(
            item.pos,
            IssError::Args {
                name: name.into(),
                problem,
            },
        )
    };
    let no_args = || {
        if args.iter().all(|(a, _)| a.is_empty()) {
            Ok(())
        } else {
            Err(args_err("takes no arguments".into()))
        }
    };
    let first = |what: &'static str| -> Result<&(String, Pos), ParseError> {
        args.first()
            .ok_or_else(|| args_err(format!("needs its {what} first")))
    };
    macro_rules! push {
        ($v:expr) => {
            g.variants.push(($v, item.pos))
        };
    }
    let global = |g: &Gathered, v: &Variant| g.variants.iter().any(|(x, _)| x == v);
    match name {
        "Shape" => {}
        "" | "\u{0}grid" => {
            let skip = usize::from(!name.is_empty());
            for (a, p) in args.iter().skip(skip) {
                read_given(a, *p, n, g)?;
            }
        }
        "Jigsaw" => {
            if args.is_empty() || args.len() > 2 {
                return Err(args_err("expects one layout of N×N characters".into()));
            }
            let (layout, p) = &args[args.len() - 1];
            let chars: Vec<char> = layout.chars().collect();
            if chars.len() != n * n {
                return Err(ParseError::new(
                    *p,
                    IssError::Args {
                        name: name.into(),
                        problem: format!(
                            "the layout has {} cells, expected {}",
                            chars.len(),
                            n * n
                        ),
                    },
                ));
            }
            let mut ids: Vec<char> = Vec::new();
            let mut map = Grid::filled(n, n, 0u8);
            for (i, ch) in chars.iter().enumerate() {
                let id = ids.iter().position(|x| x == ch).unwrap_or_else(|| {
                    ids.push(*ch);
                    ids.len() - 1
                });
                map.set(
                    Cell::new((i / n) as u8, (i % n) as u8),
                    u8::try_from(id).unwrap_or(u8::MAX),
                );
            }
            g.jigsaw = Some((map, *p, g.variants.len()));
        }
        "NoBoxes" => {
            no_args()?;
            g.no_boxes = Some(item.pos);
        }
        "Cage" => {
            let (sum, p) = first("sum")?;
            let cs = cells(1)?;
            let sum = if sum.is_empty() {
                0
            } else {
                parse_in(name, "cage sum", &(sum.clone(), *p), 0, 100_000)?
            };
            if sum == 0 {
                push!(Variant::Cage {
                    cells: cs,
                    sum: None
                });
            } else {
                g.cages.push((sum as u32, cs, item.pos));
            }
        }
        "AllDifferent" => push!(Variant::Region(cells(0)?)),
        "Arrow" => {
            let cs = cells(0)?;
            if cs.len() < 2 {
                return Err(args_err("needs a circle and a line".into()));
            }
            push!(Variant::Arrow {
                circle: vec![cs[0]],
                line: cs[1..].to_vec(),
            });
        }
        "PillArrow" => {
            let k = parse_in(name, "pill size (2 or 3)", first("pill size")?, 2, 3)? as usize;
            let cs = cells(1)?;
            if cs.len() <= k {
                return Err(args_err("needs more cells than its pill".into()));
            }
            let mut pill = cs[..k].to_vec();
            pill.sort_unstable();
            let readable = pill.windows(2).all(|w| {
                let (a, b) = (w[0], w[1]);
                (b.row == a.row && b.col == a.col + 1)
                    || (b.col == a.col && b.row == a.row + 1)
                    || (b.row == a.row + 1 && b.col == a.col + 1)
            });
            if !readable {
                return Err(args_err(
                    "the pill's cells must be adjacent and in reading order when sorted".into(),
                ));
            }
            push!(Variant::Arrow {
                circle: pill,
                line: cs[k..].to_vec(),
            });
        }
        "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
            let cs = cells(0)?;
            let mut pairs = 0;
            for (i, &a) in cs.iter().enumerate() {
                for &b in &cs[i + 1..] {
                    if !a.is_adjacent(b) {
                        continue;
                    }
                    pairs += 1;
                    let dot = match name {
                        "WhiteDot" => Dot::WHITE,
                        "BlackDot" => Dot::BLACK,
                        "X" => Dot::X,
                        "V" => Dot::V,
                        _ => {
                            push!(Variant::GreaterThan([a, b]));
                            continue;
                        }
                    };
                    push!(Variant::Dot { cells: [a, b], dot });
                }
            }
            if pairs == 0 {
                return Err(args_err("has no two orthogonally adjacent cells".into()));
            }
        }
        "StrictKropki" | "StrictXV" => {
            no_args()?;
            let (a, b) = if name == "StrictKropki" {
                (Dot::WHITE, Dot::BLACK)
            } else {
                (Dot::X, Dot::V)
            };
            for d in [a, b] {
                let v = Variant::NegativeDots(d);
                if !global(g, &v) {
                    g.variants.push((v, item.pos));
                }
            }
        }
        "Quad" => {
            let (tl, p) = first("top-left cell")?;
            let c = parse_cell(tl, *p, n)?;
            if usize::from(c.row) + 1 >= n || usize::from(c.col) + 1 >= n {
                return Err(ParseError::new(
                    *p,
                    IssError::BadCell {
                        text: tl.clone(),
                        size: n - 1,
                    },
                ));
            }
            let digits = args[1..]
                .iter()
                .map(|a| parse_in(name, "digit", a, 1, n as i64).map(|d| d as u8))
                .collect::<Result<Vec<u8>, _>>()?;
            let (r, k) = (c.row, c.col);
            let cells = [
                Cell::new(r, k),
                Cell::new(r, k + 1),
                Cell::new(r + 1, k),
                Cell::new(r + 1, k + 1),
            ];
            push!(Variant::Quadruple { cells, digits });
        }
        "LittleKiller" => {
            if args.len() != 2 {
                return Err(args_err("expects a sum and a cell".into()));
            }
            let sum = parse_in(name, "sum", &args[0], 0, 100_000)? as u32;
            let (id, p) = &args[1];
            let start = parse_cell(id, *p, n)?;
            let cells = little_killer(n, start).ok_or_else(|| {
                ParseError::new(
                    *p,
                    IssError::Args {
                        name: name.into(),
                        problem: format!("no diagonal starts at {id}"),
                    },
                )
            })?;
            push!(Variant::LittleKiller { cells, sum });
        }
        "Sandwich" => {
            if args.len() != 2 {
                return Err(args_err(
                    "expects a sum and a row or column (R1, C1)".into(),
                ));
            }
            let sum = parse_in(name, "sum", &args[0], 0, 100_000)? as u32;
            let cells =
                line_cells(&args[1].0, n, true).ok_or_else(|| bad_line(name, &args[1], n))?;
            push!(Variant::Sandwich { cells, sum });
        }
        "XSum" | "Skyscraper" => {
            if args.is_empty() || args.len() > 3 {
                return Err(args_err(
                    "expects a row or column (R1, C1) and one or two clues".into(),
                ));
            }
            for (k, forward) in [(1, true), (2, false)] {
                let Some(arg) = args.get(k).filter(|(a, _)| !a.is_empty()) else {
                    continue;
                };
                let cells = line_cells(&args[0].0, n, forward)
                    .ok_or_else(|| bad_line(name, &args[0], n))?;
                let v = if name == "XSum" {
                    let sum = parse_in(name, "sum", arg, 1, 100_000)? as u32;
                    Variant::XSum { cells, sum }
                } else {
                    let count = parse_in(name, "count", arg, 1, n as i64)? as u8;
                    Variant::Skyscraper { cells, count }
                };
                push!(v);
            }
        }
        "AntiKnight" | "AntiKing" | "AntiConsecutive" | "Windoku" | "Diagonal" => {
            let v = match name {
                "AntiKnight" => Variant::AntiKnight,
                "AntiKing" => Variant::AntiKing,
                "AntiConsecutive" => Variant::NonConsecutive,
                "Windoku" => Variant::Windoku,
                _ => {
                    let d = parse_in(name, "direction (1 or -1)", first("direction")?, -1, 1)?;
                    if d == 0 {
                        return Err(ParseError::new(
                            args[0].1,
                            IssError::BadValue {
                                name: name.into(),
                                what: "direction (1 or -1)",
                                text: args[0].0.clone(),
                            },
                        ));
                    }
                    Variant::Diagonal { anti: d > 0 }
                }
            };
            if name != "Diagonal" {
                no_args()?;
            }
            if !global(g, &v) {
                push!(v);
            }
        }
        _ if family::by_iss(name).is_some() => {
            let Some(line) = family::by_iss(name) else {
                return Ok(());
            };
            let (param, from) = match line.param {
                Param::None => (0, 0),
                Param::Lead {
                    default: Some(d), ..
                } if args.first().is_none_or(|(a, _)| a.parse::<i64>().is_err()) => (d, 0),
                Param::Lead { what, least, .. } => {
                    let p = parse_in(name, what, first(what)?, i64::from(least), 255)?;
                    (u8::try_from(p).unwrap_or(u8::MAX), 1)
                }
            };
            let cs = cells(from)?;
            match (line.make)(cs, param) {
                // The line through a cell twice (ISS allows it: the rule is on
                // neighbours) is cut where a cell comes back, the pieces sharing a cell.
                Variant::Whisper { cells: all, diff } => {
                    let mut piece: Vec<Cell> = Vec::new();
                    for c in all {
                        if piece.contains(&c) {
                            let last = piece.last().copied();
                            push!(Variant::Whisper {
                                cells: std::mem::take(&mut piece),
                                diff,
                            });
                            piece.extend(last);
                        }
                        piece.push(c);
                    }
                    push!(Variant::Whisper { cells: piece, diff });
                }
                Variant::Entropic(cs) => {
                    if n != 9 {
                        return Err(args_err(
                            "ISS reads entropic lines on 9x9 grids only".into(),
                        ));
                    }
                    if cs.len() < 3 {
                        return Err(ParseError::new(
                            item.pos,
                            IssError::Unsupported {
                                name: name.into(),
                                reason: "a line of 2 cells (ISS: two different thirds) is not an entropic line of cagesat's (3 cells in a row)",
                            },
                        ));
                    }
                    push!(Variant::Entropic(cs));
                }
                v => {
                    if matches!(v, Variant::RegionSum(_)) && g.region_sum.is_none() {
                        g.region_sum = Some(item.pos);
                    }
                    push!(v);
                }
            }
        }
        _ if REFUSED.contains(&name) => {
            return Err(ParseError::new(
                item.pos,
                IssError::Unsupported {
                    name: name.into(),
                    reason: "cagesat has no such rule",
                },
            ));
        }
        _ => return Err(ParseError::new(item.pos, IssError::Unknown(name.into()))),
    }
    Ok(())
}

/// A row or column id that is not `R1`..`RN` or `C1`..`CN`.
fn bad_line(name: &str, (text, pos): &(String, Pos), n: usize) -> ParseError {
    ParseError::new(
        *pos,
        IssError::Args {
            name: name.into(),
            problem: format!(
                "bad row or column '{}' (expected R1..R{n} or C1..C{n})",
                clip(text)
            ),
        },
    )
}

/// Reads one value id `R1C1_5` or `R1C1_1_2` into the givens or a candidate variant.
fn read_given(text: &str, pos: Pos, n: usize, g: &mut Gathered) -> Result<(), ParseError> {
    let mut parts = text.split('_');
    let cell = parse_cell(parts.next().unwrap_or_default(), pos, n)?;
    let mut digits = Vec::new();
    for v in parts {
        let d = parse_in("given", "digit", &(v.to_string(), pos), 1, n as i64)? as u8;
        if !digits.contains(&d) {
            digits.push(d);
        }
    }
    digits.sort_unstable();
    let n8 = n as u8;
    let evens: Vec<u8> = (1..=n8).filter(|d| d % 2 == 0).collect();
    let odds: Vec<u8> = (1..=n8).filter(|d| d % 2 == 1).collect();
    match digits.len() {
        0 => {
            return Err(ParseError::new(
                pos,
                IssError::BadValue {
                    name: "given".into(),
                    what: "value (no digit)",
                    text: text.into(),
                },
            ))
        }
        1 => g.givens.push((cell, digits[0], pos)),
        _ if n >= 4 && digits == evens => {
            g.variants.push((Variant::Parity { cell, even: true }, pos))
        }
        _ if n >= 4 && digits == odds => g
            .variants
            .push((Variant::Parity { cell, even: false }, pos)),
        _ => g.variants.push((Variant::Candidates { cell, digits }, pos)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_as_iss_splits_them() {
        assert_eq!(iss_boxes(9), Some((3, 3)));
        assert_eq!(iss_boxes(6), Some((2, 3)));
        assert_eq!(iss_boxes(8), Some((2, 4)));
        assert_eq!(iss_boxes(12), Some((3, 4)));
        assert_eq!(iss_boxes(7), None);
    }

    #[test]
    fn little_killer_diagonals_from_their_clue() {
        let c = |r, k| Cell::new(r, k);
        assert_eq!(little_killer(9, c(0, 0)).map(|v| v.len()), Some(9));
        assert_eq!(little_killer(9, c(0, 1)), Some(vec![c(0, 1), c(1, 0)]));
        assert_eq!(little_killer(9, c(1, 8)), Some(vec![c(1, 8), c(0, 7)]));
        assert_eq!(little_killer(9, c(8, 7)), Some(vec![c(8, 7), c(7, 8)]));
        assert_eq!(little_killer(9, c(8, 0)), None);
        assert_eq!(little_killer(9, c(4, 4)), None);
    }

    #[test]
    fn recognises_iss_text_only() {
        assert!(looks_like(".Thermo~R1C1~R1C2"));
        assert!(looks_like(".~R1C1_5"));
        assert!(looks_like("# a comment\n.Shape~6x6.Cage~10~R1C1~R1C2"));
        assert!(looks_like(
            "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo~R1C1~R1C2"
        ));
        assert!(!looks_like("..3.5.....\n"));
        assert!(!looks_like(".Foo~R1C1"));
        assert!(!looks_like("size 9\n"));
    }
}
