//! # f-puzzles links and JSON
//!
//! `https://www.f-puzzles.com/?load=DATA` (also SudokuPad's `…/fpuzzlesDATA`), where DATA is
//! lz-string's base64 of the puzzle's JSON, or that JSON itself (`{"size":9,…}`). Read:
//! `size`, the given digits of `grid` (`value` of a cell, unless `given` is false), and
//! `killercage` (`cells` like `R1C1`, `value` the sum). The diagonals (`diagonal+`,
//! `diagonal-`) and every other rule are refused, naming the feature; titles, authors,
//! pencil marks and colours are ignored.

use serde_json::{Map, Value};
use thiserror::Error;

use crate::grid::Cell;
use crate::parse::diagonal::{with_diagonals, Refusal};
use crate::parse::{clip, ParseError, Pos};
use crate::puzzle::sudoku::{default_boxes, Killer, KillerCage, Sudoku, SudokuError};
use crate::puzzle::Puzzle;

/// An f-puzzles link's or JSON's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FpuzzlesError {
    /// The link's data is not lz-string base64 of UTF-16 text.
    #[error("the f-puzzles link's data does not decompress (is the link complete?)")]
    Decompress,
    /// The text is not JSON.
    #[error("the f-puzzles data is not JSON: {0}")]
    Json(String),
    /// A field missing or of the wrong type.
    #[error("the f-puzzles data has no valid '{0}'")]
    Field(&'static str),
    /// A cell name that is not `RnCm` inside the grid.
    #[error("bad f-puzzles cell '{}' (expected R1C1..R{size}C{size})", clip(.name))]
    BadCell {
        /// The name.
        name: String,
        /// The grid's side.
        size: usize,
    },
    /// A digit outside 1..=size.
    #[error("bad f-puzzles value '{}' (expected 1..={size})", clip(.value))]
    BadValue {
        /// The value as written.
        value: String,
        /// The grid's side.
        size: usize,
    },
    /// A rule the Sudoku and Killer models do not have.
    #[error("the f-puzzles feature '{}' is not supported: {reason}", clip(.feature))]
    Unsupported {
        /// The JSON key.
        feature: String,
        /// Why, in words.
        reason: &'static str,
    },
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Keys that describe the puzzle without adding a rule.
const IGNORED: &[&str] = &[
    "size",
    "grid",
    "killercage",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The diagonals' keys: main (top-left to bottom-right) and anti.
const DIAGONALS: [&str; 2] = ["diagonal-", "diagonal+"];

/// Keys of a grid cell that add no rule.
const CELL_IGNORED: &[&str] = &[
    "value",
    "given",
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
    "givenPencilMarks",
    "highlight",
    "c",
];

/// The link data of an f-puzzles or SudokuPad URL: what follows `load=` or `fpuzzles`.
fn link_data(text: &str) -> Option<(usize, &str)> {
    let t = text.trim();
    if !(t.starts_with("http") || t.starts_with("www.") || t.starts_with("f-puzzles")) {
        return None;
    }
    for key in ["?load=", "&load=", "/fpuzzles", "?fpuzzles"] {
        if let Some(i) = t.find(key) {
            let start = i + key.len();
            let end = t[start..].find('&').map_or(t.len(), |e| start + e);
            return Some((t[..start].chars().count(), &t[start..end]));
        }
    }
    None
}

/// Whether `text` is an f-puzzles (or SudokuPad f-puzzles) link, or f-puzzles JSON.
#[must_use]
pub(crate) fn looks_like(text: &str) -> bool {
    let t = text.trim();
    let link = link_data(t).is_some()
        && (t.contains("f-puzzles.com") || t.contains("sudokupad") || t.contains("fpuzzles"));
    link || (t.starts_with('{') && t.contains("\"size\"") && t.contains("\"grid\""))
}

/// Undoes `%XX` escapes (the link's data is base64, whose `+ / =` may arrive escaped).
fn percent_decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let hex = rest.get(i + 1..i + 3);
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) if b.is_ascii() => {
                out.push(char::from(b));
                rest = &rest[i + 3..];
            }
            _ => {
                out.push('%');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decompresses a link's data to its JSON text.
fn decompress(data: &str) -> Option<String> {
    let data = percent_decode(data).replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&data)?;
    String::from_utf16(&wide).ok()
}

/// Parses an f-puzzles link or JSON into a Sudoku or Killer Sudoku.
///
/// # Errors
/// Undecodable data, JSON without a size or grid, bad cells or values, features the models
/// lack; the position is the start of the link's data (f-puzzles data has no lines).
pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let lead = text.len() - text.trim_start().len();
    let line = text[..lead].matches('\n').count() + 1;
    let col = text[..lead]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    let trimmed = text.trim();
    let (pos, json) = match link_data(trimmed) {
        Some((offset, data)) => {
            let pos = Pos::new(line, col + offset);
            let json = decompress(data).ok_or(ParseError::new(pos, FpuzzlesError::Decompress))?;
            (pos, json)
        }
        None => (Pos::new(line, col), trimmed.to_string()),
    };
    from_json(&json).map_err(|e| ParseError::new(pos, e))
}

/// The puzzle a f-puzzles JSON text describes.
fn from_json(json: &str) -> Result<Puzzle, FpuzzlesError> {
    let value: Value =
        serde_json::from_str(json).map_err(|e| FpuzzlesError::Json(e.to_string()))?;
    let root = value.as_object().ok_or(FpuzzlesError::Field("size"))?;
    let size = root
        .get("size")
        .and_then(Value::as_u64)
        .and_then(|s| usize::try_from(s).ok())
        .filter(|&s| (1..=16).contains(&s))
        .ok_or(FpuzzlesError::Field("size"))?;
    refuse_features(root)?;
    let givens = givens(root, size)?;
    let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
    let sudoku = Sudoku::new(size, boxes, &givens)?;
    let cages = cages(root, size)?;
    let puzzle = if cages.is_empty() {
        Puzzle::Sudoku(sudoku)
    } else {
        Puzzle::Killer(Killer::new(sudoku, cages)?)
    };
    let on = |key: &str| root.get(key).is_some_and(present);
    let (main, anti) = (on(DIAGONALS[0]), on(DIAGONALS[1]));
    with_diagonals(puzzle, main, anti).map_err(|refusal| match refusal {
        Refusal::NotYet(reason) => FpuzzlesError::Unsupported {
            feature: (if main { DIAGONALS[0] } else { DIAGONALS[1] }).to_string(),
            reason,
        },
        Refusal::Rule(e) => FpuzzlesError::Rule(e),
    })
}

/// Whether a JSON value says "present": true, a non-empty array, object or string.
fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

/// Refuses every rule the models do not have.
fn refuse_features(root: &Map<String, Value>) -> Result<(), FpuzzlesError> {
    for (key, v) in root {
        if IGNORED.contains(&key.as_str()) || DIAGONALS.contains(&key.as_str()) || !present(v) {
            continue;
        }
        return Err(FpuzzlesError::Unsupported {
            feature: key.clone(),
            reason: "cagesat reads givens, Killer cages and the diagonals only",
        });
    }
    Ok(())
}

/// The given digits of `grid`.
fn givens(root: &Map<String, Value>, size: usize) -> Result<Vec<(Cell, u8)>, FpuzzlesError> {
    let rows = root
        .get("grid")
        .and_then(Value::as_array)
        .filter(|r| r.len() == size)
        .ok_or(FpuzzlesError::Field("grid"))?;
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|c| c.len() == size)
            .ok_or(FpuzzlesError::Field("grid"))?;
        for (c, square) in row.iter().enumerate() {
            let Some(square) = square.as_object() else {
                continue;
            };
            if let Some(key) = square
                .iter()
                .find(|(k, v)| !CELL_IGNORED.contains(&k.as_str()) && present(v))
            {
                return Err(FpuzzlesError::Unsupported {
                    feature: format!("grid.{}", key.0),
                    reason: "irregular regions and cell rules are not read",
                });
            }
            if square.get("given").and_then(Value::as_bool) == Some(false) {
                continue;
            }
            let Some(v) = square.get("value") else {
                continue;
            };
            let d = digit(v, size)?;
            // r, c < size <= 16.
            out.push((Cell::new(r as u8, c as u8), d));
        }
    }
    Ok(out)
}

/// A digit 1..=size, written as a number or a string.
fn digit(v: &Value, size: usize) -> Result<u8, FpuzzlesError> {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|&d| d >= 1 && usize::from(d) <= size)
        .ok_or(FpuzzlesError::BadValue { value: text, size })
}

/// `R3C12` → the cell (0-based inside).
fn cell(name: &str, size: usize) -> Result<Cell, FpuzzlesError> {
    let bad = || FpuzzlesError::BadCell {
        name: name.to_string(),
        size,
    };
    let upper = name.to_ascii_uppercase();
    let rest = upper.strip_prefix('R').ok_or_else(bad)?;
    let (r, c) = rest.split_once('C').ok_or_else(bad)?;
    let index = |s: &str| {
        s.parse::<usize>()
            .ok()
            .filter(|&i| i >= 1 && i <= size)
            .and_then(|i| u8::try_from(i - 1).ok())
    };
    Ok(Cell::new(
        index(r).ok_or_else(bad)?,
        index(c).ok_or_else(bad)?,
    ))
}

/// The Killer cages.
fn cages(root: &Map<String, Value>, size: usize) -> Result<Vec<KillerCage>, FpuzzlesError> {
    let Some(list) = root.get("killercage") else {
        return Ok(Vec::new());
    };
    let list = list.as_array().ok_or(FpuzzlesError::Field("killercage"))?;
    let mut out = Vec::with_capacity(list.len());
    for cage in list {
        let cage = cage.as_object().ok_or(FpuzzlesError::Field("killercage"))?;
        let cells = cage
            .get("cells")
            .and_then(Value::as_array)
            .ok_or(FpuzzlesError::Field("killercage"))?
            .iter()
            .map(|c| cell(c.as_str().unwrap_or_default(), size))
            .collect::<Result<Vec<Cell>, _>>()?;
        let sum = match cage.get("value") {
            Some(v) if present(v) => {
                let text = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                text.trim().parse::<u32>().ok().filter(|&s| s > 0).ok_or(
                    FpuzzlesError::BadValue {
                        value: text,
                        size: size * (size + 1) / 2,
                    },
                )?
            }
            _ => {
                return Err(FpuzzlesError::Unsupported {
                    feature: "killercage".into(),
                    reason: "a cage without a sum",
                })
            }
        };
        out.push(KillerCage { sum, cells });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_link() {
        let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]}"#;
        let p = parse(json).unwrap();
        assert_eq!(p.kind(), "killer");
        let link = format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(json)
        );
        assert!(looks_like(&link));
        assert_eq!(parse(&link).unwrap(), p);
        let x = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal+":true}"#;
        assert_eq!(
            parse(x).unwrap_err().to_string(),
            "<stdin>:1:1: the f-puzzles feature 'diagonal+' is not supported: one diagonal alone is not in cagesat's Sudoku and Killer models (both are: Sudoku X / Killer X)"
        );
    }
}
