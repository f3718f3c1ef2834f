//! # Variant constraint lines of the `.sudoku` and `.killer` formats
//!
//! One line per constraint, a keyword then its values and cells (see
//! `encodings/sudoku.md`, "Variant constraints", which a test holds to the line families'
//! keywords in `crate::puzzle::family`); for example:
//!
//! ```text
//! thermo A1 A2 A3            arrow A1 : B2 C3          arrow A1 A2 : B3 C3 (a pill)
//! doublearrow A1 A2 A3       whisper A1 A2 (5)         whisper 3 A1 A2
//! renban A1 A2               palindrome A1 A2 A3       between A1 A2 A3
//! lockout 4 A1 A2 A3         regionsum A1 A2 A3        zipper A1 A2 A3
//! entropic A1 A2 A3          modular 3 A1 A2 A3        region A1 B2 C3
//! cage A1 A2 (no sum)        cage 10 A1 A2             candidates A1 1 3
//! even A1                    odd A1                    greater A1 A2 (A1 > A2)
//! dot white A1 A2            dot black A1 A2           dot x A1 A2     dot v A1 A2
//! dot white 3 A1 A2          dot black 3 A1 A2         dot sum 7 A1 A2
//! negative white             negative x                negative sum 7 (all dots given)
//! quad A1 A2 B1 B2 : 1 2     littlekiller 23 A1 B2     sandwich 15 A1 A2 … A9
//! xsum 20 A1 A2 … A9         skyscraper 3 A1 A2 … A9   antiknight  antiking
//! nonconsecutive             diagonal                  antidiagonal    windoku
//! ```
//!
//! Cells of outside clues are listed from the clue.

use crate::grid::Cell;
use crate::parse::{clip, ParseError, Pos, Token};
use crate::puzzle::family::{self, Param};
use crate::puzzle::{Dot, Variant};

/// The keywords that start a variant line, besides the line families' (`family::LINES`).
const KEYWORDS: &[&str] = &[
    "arrow",
    "region",
    "cage",
    "candidates",
    "even",
    "odd",
    "greater",
    "dot",
    "negative",
    "quad",
    "littlekiller",
    "sandwich",
    "xsum",
    "skyscraper",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "diagonal",
    "antidiagonal",
    "windoku",
];

/// Whether a content line is a variant line (its first word is a keyword).
pub(crate) fn is_variant_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .map(str::to_ascii_lowercase)
        .is_some_and(|w| KEYWORDS.contains(&w.as_str()) || family::by_text(&w).is_some())
}

/// A problem of a variant line, at a token.
fn bad(pos: Pos, message: String) -> ParseError {
    ParseError::new(pos, crate::parse::SudokuParseError::Variant(message))
}

/// Reads a variant line's tokens (the first is its keyword).
///
/// # Errors
/// A bad number, cell or shape, at its token.
pub(crate) fn parse_variant(toks: &[Token<'_>]) -> Result<Variant, ParseError> {
    let key = toks[0].text.to_ascii_lowercase();
    let end = toks.last().map_or(toks[0].pos, |t| t.pos);
    let mut rest = &toks[1..];
    let number = |t: &Token<'_>| -> Result<u32, ParseError> {
        t.text
            .parse::<u32>()
            .ok()
            .filter(|&v| v <= 100_000)
            .ok_or_else(|| {
                bad(
                    t.pos,
                    format!("bad number '{}' in a {key} line", clip(t.text)),
                )
            })
    };
    let small = |t: &Token<'_>| -> Result<u8, ParseError> {
        number(t).and_then(|v| {
            u8::try_from(v).map_err(|_| bad(t.pos, format!("'{}' is above 255", clip(t.text))))
        })
    };
    let cells = |ts: &[Token<'_>]| -> Result<Vec<Cell>, ParseError> {
        ts.iter()
            .map(|t| {
                Cell::parse_label(t.text).ok_or_else(|| {
                    bad(
                        t.pos,
                        format!(
                            "bad cell name '{}' (expected a row letter and a column number, e.g. B3)",
                            clip(t.text)
                        ),
                    )
                })
            })
            .collect()
    };
    let is_number =
        |t: Option<&Token<'_>>| t.is_some_and(|t| t.text.starts_with(|c: char| c.is_ascii_digit()));
    let lead = |rest: &mut &[Token<'_>], what: &str| -> Result<u32, ParseError> {
        match rest.first() {
            Some(t) if is_number(Some(t)) => {
                *rest = &rest[1..];
                number(t)
            }
            _ => Err(bad(end, format!("a {key} line needs its {what} first"))),
        }
    };
    let colon = |ts: &[Token<'_>]| -> Result<usize, ParseError> {
        ts.iter()
            .position(|t| t.text == ":")
            .ok_or_else(|| bad(end, format!("a {key} line has ':' between its parts")))
    };
    let dot = |rest: &mut &[Token<'_>]| -> Result<Dot, ParseError> {
        let Some(kind) = rest.first() else {
            return Err(bad(
                end,
                format!("a {key} line names its dot: white, black, x, v or sum"),
            ));
        };
        *rest = &rest[1..];
        let value = |rest: &mut &[Token<'_>], default: Option<u8>| -> Result<u8, ParseError> {
            match (rest.first(), default) {
                (Some(t), _) if is_number(Some(t)) => {
                    *rest = &rest[1..];
                    small(t)
                }
                (_, Some(d)) => Ok(d),
                (_, None) => Err(bad(kind.pos, "a sum dot needs its sum".into())),
            }
        };
        match kind.text.to_ascii_lowercase().as_str() {
            "white" => Ok(Dot::White(value(rest, Some(1))?)),
            "black" => Ok(Dot::Black(value(rest, Some(2))?)),
            "x" => Ok(Dot::X),
            "v" => Ok(Dot::V),
            "sum" => Ok(Dot::Sum(value(rest, None)?)),
            other => Err(bad(
                kind.pos,
                format!(
                    "unknown dot '{}' (expected white, black, x, v or sum)",
                    clip(other)
                ),
            )),
        }
    };
    let two = |cs: Vec<Cell>| -> Result<[Cell; 2], ParseError> {
        <[Cell; 2]>::try_from(cs).map_err(|_| bad(end, format!("a {key} line has two cells")))
    };
    let one = |cs: Vec<Cell>| -> Result<Cell, ParseError> {
        match cs.as_slice() {
            [c] => Ok(*c),
            _ => Err(bad(end, format!("a {key} line has one cell"))),
        }
    };
    let bare = |rest: &[Token<'_>], v: Variant| match rest.first() {
        Some(t) => Err(bad(
            t.pos,
            format!("unexpected '{}' after {key}", clip(t.text)),
        )),
        None => Ok(v),
    };
    if let Some(line) = family::by_text(&key) {
        let param = match line.param {
            Param::None => 0,
            Param::Lead {
                default: Some(d), ..
            } if !is_number(rest.first()) => d,
            Param::Lead { what, .. } => u8::try_from(lead(&mut rest, what)?).unwrap_or(u8::MAX),
        };
        return Ok((line.make)(cells(rest)?, param));
    }
    let v = match key.as_str() {
        "arrow" => {
            let at = colon(rest)?;
            Variant::Arrow {
                circle: cells(&rest[..at])?,
                line: cells(&rest[at + 1..])?,
            }
        }
        "region" => Variant::Region(cells(rest)?),
        "cage" => {
            let sum = if is_number(rest.first()) {
                Some(lead(&mut rest, "sum")?)
            } else {
                None
            };
            Variant::Cage {
                cells: cells(rest)?,
                sum,
            }
        }
        "candidates" => {
            let (cell, ds) = rest
                .split_first()
                .ok_or_else(|| bad(end, "a candidates line has a cell then digits".into()))?;
            let cell = one(cells(std::slice::from_ref(cell))?)?;
            let digits = ds.iter().map(small).collect::<Result<Vec<u8>, _>>()?;
            Variant::Candidates { cell, digits }
        }
        "even" | "odd" => Variant::Parity {
            cell: one(cells(rest)?)?,
            even: key == "even",
        },
        "greater" => Variant::GreaterThan(two(cells(rest)?)?),
        "dot" => {
            let dot = dot(&mut rest)?;
            Variant::Dot {
                cells: two(cells(rest)?)?,
                dot,
            }
        }
        "negative" => {
            let dot = dot(&mut rest)?;
            bare(rest, Variant::NegativeDots(dot))?
        }
        "quad" => {
            let at = colon(rest)?;
            let (cs, ds) = (cells(&rest[..at])?, &rest[at + 1..]);
            let cells = <[Cell; 4]>::try_from(cs)
                .map_err(|_| bad(end, "a quad line has four cells".into()))?;
            let digits = ds.iter().map(small).collect::<Result<Vec<u8>, _>>()?;
            Variant::Quadruple { cells, digits }
        }
        "littlekiller" | "sandwich" | "xsum" => {
            let sum = lead(&mut rest, "sum")?;
            let cells = cells(rest)?;
            match key.as_str() {
                "littlekiller" => Variant::LittleKiller { cells, sum },
                "sandwich" => Variant::Sandwich { cells, sum },
                _ => Variant::XSum { cells, sum },
            }
        }
        "skyscraper" => {
            let count = lead(&mut rest, "count")?;
            Variant::Skyscraper {
                cells: cells(rest)?,
                count: u8::try_from(count).unwrap_or(u8::MAX),
            }
        }
        "antiknight" => bare(rest, Variant::AntiKnight)?,
        "antiking" => bare(rest, Variant::AntiKing)?,
        "nonconsecutive" => bare(rest, Variant::NonConsecutive)?,
        "diagonal" => bare(rest, Variant::Diagonal { anti: false })?,
        "antidiagonal" => bare(rest, Variant::Diagonal { anti: true })?,
        "windoku" => bare(rest, Variant::Windoku)?,
        _ => {
            return Err(bad(
                toks[0].pos,
                format!("unknown constraint '{}'", clip(toks[0].text)),
            ))
        }
    };
    Ok(v)
}

/// `A1 A2 …`.
fn labels(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The dot's words: `white`, `black 3`, `x`, `sum 7`.
fn dot_words(dot: Dot) -> String {
    match dot {
        Dot::WHITE => "white".into(),
        Dot::BLACK => "black".into(),
        Dot::X => "x".into(),
        Dot::V => "v".into(),
        Dot::White(k) => format!("white {k}"),
        Dot::Black(k) => format!("black {k}"),
        Dot::Sum(k) => format!("sum {k}"),
    }
}

/// The variant as its line of the `.sudoku` and `.killer` formats (without the newline),
/// which the parser reads back: `thermo A1 A2 A3`, `dot white 3 A1 A2`.
///
/// ```
/// use cagesat::parse::variant_line;
/// use cagesat::puzzle::{Dot, Variant};
/// use cagesat::Cell;
///
/// let x = Variant::Dot { cells: [Cell::new(0, 0), Cell::new(0, 1)], dot: Dot::X };
/// assert_eq!(variant_line(&x), "dot x A1 A2");
/// ```
#[must_use]
pub fn variant_line(v: &Variant) -> String {
    let digits = |ds: &[u8]| ds.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    if let Some((line, cells, p)) = family::line_of(v) {
        return match line.param {
            Param::Lead { default, .. } if default != Some(p) => {
                format!("{} {p} {}", line.text, labels(cells))
            }
            _ => format!("{} {}", line.text, labels(cells)),
        };
    }
    match v {
        Variant::Candidates { cell, digits: ds } => format!("candidates {cell} {}", digits(ds)),
        Variant::Parity { cell, even } => format!("{} {cell}", if *even { "even" } else { "odd" }),
        Variant::AntiKnight => "antiknight".into(),
        Variant::AntiKing => "antiking".into(),
        Variant::NonConsecutive => "nonconsecutive".into(),
        Variant::Diagonal { anti: false } => "diagonal".into(),
        Variant::Diagonal { anti: true } => "antidiagonal".into(),
        Variant::Windoku => "windoku".into(),
        Variant::Region(cells) => format!("region {}", labels(cells)),
        Variant::Cage { cells, sum: None } => format!("cage {}", labels(cells)),
        Variant::Cage {
            cells,
            sum: Some(s),
        } => format!("cage {s} {}", labels(cells)),
        Variant::Dot { cells, dot } => format!("dot {} {}", dot_words(*dot), labels(cells)),
        Variant::NegativeDots(dot) => format!("negative {}", dot_words(*dot)),
        Variant::GreaterThan(cells) => format!("greater {}", labels(cells)),
        Variant::Quadruple { cells, digits: ds } => {
            format!("quad {} : {}", labels(cells), digits(ds))
        }
        Variant::Arrow { circle, line } => format!("arrow {} : {}", labels(circle), labels(line)),
        Variant::LittleKiller { cells, sum } => format!("littlekiller {sum} {}", labels(cells)),
        Variant::Sandwich { cells, sum } => format!("sandwich {sum} {}", labels(cells)),
        Variant::XSum { cells, sum } => format!("xsum {sum} {}", labels(cells)),
        Variant::Skyscraper { cells, count } => format!("skyscraper {count} {}", labels(cells)),
        // The line families are written above.
        _ => v.to_string(),
    }
}

/// Every variant's line, each ending in a newline.
pub(crate) fn variant_lines(vs: &[Variant]) -> String {
    vs.iter().map(|v| variant_line(v) + "\n").collect()
}
