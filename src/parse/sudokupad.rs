//! # SudokuPad links
//!
//! `https://sudokupad.app/PAYLOAD` or `https://sudokupad.app/?puzzleid=PAYLOAD` (also the
//! older `app.crackingthecryptic.com` and `sudokupad.svencodes.com` hosts), where PAYLOAD
//! is one of:
//! - `fpuzzles…` or `fpuz…`: an f-puzzles puzzle, lz-string base64 of its JSON, read as
//!   [`crate::parse::fpuzzles`] reads it;
//! - `scl…` or `ctc…`: SudokuPad's own format, lz-string base64 of a compact JSON (keys
//!   shortened, quotes single, empty objects left out), which describes what is drawn:
//!   `cells` (givens in `value`), `regions`, `cages` (`value`: a Killer cage's sum; cages
//!   without cells carry the title and rules), `lines`, `arrows`, `overlays` and
//!   `underlays`. Read as rules: the givens; the regions (boxes, or a jigsaw); cages with a
//!   sum (Killer cages), without one (distinct digits); grey lines (`#CFCFCF`) with a round
//!   bulb at one end (thermometers, from the bulb) and without (palindromes); lines of the
//!   colours [`crate::parse::fpuzzles`] reads (renban `#F067F0`, German whisper `#67F067`,
//!   …); the diagonals (blue `#34BBE6` lines from corner to corner); arrows from a round
//!   circle; white and black dots on a cell edge (a number in the dot is its difference or
//!   ratio), X and V on an edge; grey round and square marks in a cell (odd and even).
//!   Anything else drawn (a line of another colour, a text, a shape) is refused, naming it
//!   and where it is, since it may state a rule; a puzzle without regions (no boxes) too.
//!
//! SudokuPad's short links (`sudokupad.app/abc123`) name a puzzle kept on its server, which
//! cagesat does not fetch: they are refused with a word on how to get a full link.
//!
//! Written: [`to_sudokupad_link`], `https://sudokupad.app/fpuzzles` and the f-puzzles data
//! of [`crate::parse::to_fpuzzles_json`].

use serde_json::{Map, Value};
use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::fpuzzles::{self, fpuzzles_boxes, german, FpuzzlesError};
use crate::parse::fpuzzles_write::{to_fpuzzles_json, FpuzzlesWriteError};
use crate::parse::{clip, ParseError, Pos};
use crate::puzzle::family;
use crate::puzzle::sudoku::{KillerCage, Sudoku, SudokuError};
use crate::puzzle::variant::{Dot, Variant};
use crate::puzzle::Puzzle;

/// A SudokuPad link's problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SudokupadError {
    /// A link with no puzzle after the host.
    #[error("the SudokuPad link holds no puzzle (expected …/scl…, …/fpuzzles… or ?puzzleid=…)")]
    Empty,
    /// A short link naming a puzzle on SudokuPad's server.
    #[error("'{}' names a puzzle kept on SudokuPad's server, which cagesat does not fetch: open it in SudokuPad and share it as a full link (…/scl…), or export it to f-puzzles", clip(.0))]
    ShortId(String),
    /// The payload does not decompress.
    #[error("the SudokuPad link's data does not decompress (is the link complete?)")]
    Decompress,
    /// The decompressed text is not SudokuPad's compact JSON.
    #[error("the SudokuPad data is not JSON: {0}")]
    Json(String),
    /// A field missing or of the wrong type.
    #[error("the SudokuPad data has no valid '{0}'")]
    Field(&'static str),
    /// Something drawn that states no rule cagesat reads.
    #[error("{what} in the SudokuPad data is not read by cagesat (it may state a rule)")]
    Unsupported {
        /// What and where, in words (`a line of colour #123456 through R1C1`).
        what: String,
    },
    /// The f-puzzles payload's problem.
    #[error(transparent)]
    Fpuzzles(#[from] FpuzzlesError),
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// The hosts of SudokuPad links.
const HOSTS: [&str; 3] = [
    "sudokupad.app",
    "sudokupad.svencodes.com",
    "app.crackingthecryptic.com",
];

/// Whether `text` is a SudokuPad link.
#[must_use]
pub(crate) fn looks_like(text: &str) -> bool {
    let t = text.trim();
    let rest = t
        .strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"))
        .unwrap_or(t);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    !t.contains(char::is_whitespace) && HOSTS.iter().any(|h| rest.starts_with(h))
}

/// The payload of a link and its offset in characters from the link's start.
fn payload(link: &str) -> (usize, &str) {
    let chars = |s: &str| s.chars().count();
    if let Some(i) = link.find("puzzleid=") {
        let start = i + "puzzleid=".len();
        let end = link[start..]
            .find(['&', '#'])
            .map_or(link.len(), |e| start + e);
        return (chars(&link[..start]), &link[start..end]);
    }
    let after_scheme = link.find("://").map_or(0, |i| i + 3);
    let start = link[after_scheme..]
        .find('/')
        .map_or(link.len(), |i| after_scheme + i + 1);
    let mut start = start;
    for prefix in ["sudoku/", "puzzle/"] {
        if link[start..].starts_with(prefix) {
            start += prefix.len();
        }
    }
    let end = link[start..]
        .find(['?', '#'])
        .map_or(link.len(), |e| start + e);
    (chars(&link[..start]), &link[start..end])
}

/// Parses a SudokuPad link.
///
/// # Errors
/// A short link, undecodable data, anything drawn that is not read; the position is the
/// start of the link's puzzle data.
pub(crate) fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let (start, link) = Pos::of_trimmed(text);
    let (offset, data) = payload(link);
    let pos = start.right(offset);
    read(data).map_err(|e| ParseError::new(pos, e))
}

/// The puzzle of a link's payload.
fn read(data: &str) -> Result<Puzzle, SudokupadError> {
    if data.is_empty() {
        return Err(SudokupadError::Empty);
    }
    for prefix in ["fpuzzles", "fpuz"] {
        if let Some(rest) = data.strip_prefix(prefix) {
            let json = fpuzzles::decompress(rest).ok_or(FpuzzlesError::Decompress)?;
            return Ok(fpuzzles::from_json(&json)?);
        }
    }
    for prefix in ["scl", "ctc"] {
        if let Some(rest) = data.strip_prefix(prefix) {
            let text = fpuzzles::decompress(rest).ok_or(SudokupadError::Decompress)?;
            let value = Relaxed::new(&text).document()?;
            let value = unzip_keys(value);
            let root = value.as_object().ok_or(SudokupadError::Field("cells"))?;
            return Scl::read(root);
        }
    }
    Err(SudokupadError::ShortId(data.to_string()))
}

/// The SudokuPad link of a Sudoku or Killer Sudoku: `https://sudokupad.app/fpuzzles` and
/// the f-puzzles data, which [`Puzzle::parse`] reads back to the same rules.
///
/// # Errors
/// As [`to_fpuzzles_json`].
pub fn to_sudokupad_link(puzzle: &Puzzle) -> Result<String, FpuzzlesWriteError> {
    let json = to_fpuzzles_json(puzzle)?;
    Ok(format!(
        "https://sudokupad.app/fpuzzles{}",
        lz_str::compress_to_base64(json.as_str())
    ))
}

/// SudokuPad's short keys and the names they stand for.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// `v` with SudokuPad's short keys spelled out, at every depth.
fn unzip_keys(v: Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.into_iter().map(unzip_keys).collect()),
        Value::Object(o) => Value::Object(
            o.into_iter()
                .map(|(k, v)| {
                    let k = KEYS
                        .iter()
                        .find(|(short, _)| *short == k)
                        .map_or(k, |(_, long)| (*long).to_string());
                    (k, unzip_keys(v))
                })
                .collect(),
        ),
        other => other,
    }
}

/// A reader of SudokuPad's compact JSON: keys without quotes, strings in single quotes,
/// `t`/`f` for true and false, colours without quotes (`#0`, `#F`, `CFCFCF`), and empty
/// objects left out of arrays (`[,,{v:1}]`).
struct Relaxed {
    /// The text.
    chars: Vec<char>,
    /// The next character.
    at: usize,
}

impl Relaxed {
    /// A reader at the start of `text`.
    fn new(text: &str) -> Self {
        Relaxed {
            chars: text.chars().collect(),
            at: 0,
        }
    }

    /// An error at the current character.
    fn err(&self, what: &str) -> SudokupadError {
        SudokupadError::Json(format!("{what} at character {}", self.at + 1))
    }

    /// The next character that is not white space.
    fn peek(&mut self) -> Option<char> {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
        self.chars.get(self.at).copied()
    }

    /// The whole text as one value.
    fn document(&mut self) -> Result<Value, SudokupadError> {
        let v = self.value(false, 0)?;
        if self.peek().is_some() {
            return Err(self.err("text after the end"));
        }
        Ok(v)
    }

    /// One value (`in_object`: after a key, where a bare six-digit hex is a colour).
    fn value(&mut self, in_object: bool, depth: usize) -> Result<Value, SudokupadError> {
        if depth > 64 {
            return Err(self.err("nesting too deep"));
        }
        match self.peek() {
            None => Err(self.err("end of text")),
            Some('{') => {
                self.at += 1;
                let mut map = Map::new();
                loop {
                    match self.peek() {
                        Some('}') => {
                            self.at += 1;
                            return Ok(Value::Object(map));
                        }
                        Some(',') if !map.is_empty() => self.at += 1,
                        _ => {}
                    }
                    let key = match self.peek() {
                        Some(q @ ('\'' | '"')) => self.string(q)?,
                        Some(_) => self.bare(),
                        None => return Err(self.err("end of text in an object")),
                    };
                    if key.is_empty() || self.peek() != Some(':') {
                        return Err(self.err("expected a key and ':'"));
                    }
                    self.at += 1;
                    let v = self.value(true, depth + 1)?;
                    let _ = map.insert(key, v);
                    match self.peek() {
                        Some(',' | '}') => {}
                        _ => return Err(self.err("expected ',' or '}'")),
                    }
                }
            }
            Some('[') => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    match self.peek() {
                        // A slot left empty is an empty object.
                        Some(',') => {
                            items.push(Value::Object(Map::new()));
                            self.at += 1;
                        }
                        Some(']') => {
                            items.push(Value::Object(Map::new()));
                            self.at += 1;
                            return Ok(Value::Array(items));
                        }
                        Some(_) => {
                            items.push(self.value(false, depth + 1)?);
                            match self.peek() {
                                Some(',') => self.at += 1,
                                Some(']') => {
                                    self.at += 1;
                                    return Ok(Value::Array(items));
                                }
                                _ => return Err(self.err("expected ',' or ']'")),
                            }
                        }
                        None => return Err(self.err("end of text in an array")),
                    }
                }
            }
            Some(q @ ('\'' | '"')) => Ok(Value::String(self.string(q)?)),
            Some(_) => {
                let token = self.bare();
                bare_value(&token, in_object).ok_or_else(|| self.err("unknown value"))
            }
        }
    }

    /// A token up to the next delimiter.
    fn bare(&mut self) -> String {
        let mut out = String::new();
        while let Some(&c) = self.chars.get(self.at) {
            if matches!(c, ',' | ':' | '{' | '}' | '[' | ']' | '\'' | '"') || c.is_whitespace() {
                break;
            }
            out.push(c);
            self.at += 1;
        }
        out
    }

    /// A quoted string (the quote is the next character).
    fn string(&mut self, quote: char) -> Result<String, SudokupadError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let Some(&c) = self.chars.get(self.at) else {
                return Err(self.err("end of text in a string"));
            };
            self.at += 1;
            match c {
                c if c == quote => return Ok(out),
                '\\' => {
                    let Some(&e) = self.chars.get(self.at) else {
                        return Err(self.err("end of text in a string"));
                    };
                    self.at += 1;
                    match e {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' | 'f' => {}
                        'u' => {
                            let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                            self.at += 4;
                            let ch = u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .unwrap_or('\u{fffd}');
                            out.push(ch);
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
    }
}

/// The value of a bare token.
fn bare_value(token: &str, in_object: bool) -> Option<Value> {
    let hex6 = token.len() == 6 && token.chars().all(|c| c.is_ascii_hexdigit());
    match token {
        "t" | "true" => Some(Value::Bool(true)),
        "f" | "false" => Some(Value::Bool(false)),
        "null" => Some(Value::Null),
        "#0" => Some(Value::String("#000000".into())),
        "#F" => Some(Value::String("#FFFFFF".into())),
        _ if in_object && hex6 => Some(Value::String(format!("#{token}"))),
        _ if token.starts_with('#') => Some(Value::String(token.into())),
        _ => serde_json::from_str::<serde_json::Number>(token)
            .ok()
            .map(Value::Number),
    }
}

/// A number of a JSON value (a number or a numeric string).
fn num(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A colour, upper-case, without an alpha part (`#cfcfcfff` → `#CFCFCF`).
fn colour(v: Option<&Value>) -> String {
    let s = v
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_ascii_uppercase();
    let c: Vec<char> = s.chars().collect();
    match c.len() {
        9 => c[..7].iter().collect(),
        4 => format!("#{0}{0}{1}{1}{2}{2}", c[1], c[2], c[3]),
        _ => s,
    }
}

/// A point `[row, col]` in cell units.
fn point(v: &Value) -> Option<(f64, f64)> {
    let a = v.as_array()?;
    Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?))
}

/// Whether `x` is within a hundredth of `y`.
fn near(x: f64, y: f64) -> bool {
    (x - y).abs() < 0.01
}

/// Reads the JSON of an `scl` payload.
struct Scl<'a> {
    /// The JSON object.
    root: &'a Map<String, Value>,
    /// The side.
    size: usize,
    /// Underlays and overlays already read as part of another rule (by list and index).
    used: Vec<(&'static str, usize)>,
}

/// Top-level keys that add no rule.
const SCL_IGNORED: &[&str] = &[
    "id",
    "cellSize",
    "metadata",
    "settings",
    "title",
    "author",
    "rules",
    "videos",
    "solution",
    "duration",
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "overlays",
    "underlays",
];

impl Scl<'_> {
    /// The puzzle of the object.
    fn read(root: &Map<String, Value>) -> Result<Puzzle, SudokupadError> {
        if let Some((key, _)) = root
            .iter()
            .find(|(k, v)| !SCL_IGNORED.contains(&k.as_str()) && fpuzzles::present(v))
        {
            return Err(SudokupadError::Unsupported {
                what: format!("'{}'", clip(key)),
            });
        }
        let rows = root
            .get("cells")
            .and_then(Value::as_array)
            .filter(|r| (1..=16).contains(&r.len()))
            .ok_or(SudokupadError::Field("cells"))?;
        let size = rows.len();
        let mut s = Scl {
            root,
            size,
            used: Vec::new(),
        };
        let mut givens = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|c| c.len() == size)
                .ok_or(SudokupadError::Field("cells"))?;
            for (c, square) in row.iter().enumerate() {
                let Some(v) = num(square.get("value")) else {
                    continue;
                };
                let d = u8::try_from(v as i64)
                    .ok()
                    .filter(|&d| d >= 1 && usize::from(d) <= size && near(v, f64::from(d)))
                    .ok_or_else(|| SudokupadError::Unsupported {
                        what: format!("the value {v} in R{}C{}", r + 1, c + 1),
                    })?;
                // r, c < size <= 16.
                givens.push((Cell::new(r as u8, c as u8), d));
            }
        }
        let mut sudoku = s.sudoku(&givens)?;
        let mut variants = Vec::new();
        let (main, anti) = s.lines(&mut variants)?;
        if main && anti {
            sudoku = sudoku.with_diagonals()?;
        } else if main || anti {
            variants.insert(0, Variant::Diagonal { anti });
        }
        s.arrows(&mut variants)?;
        let (cages, plain) = s.cages()?;
        s.marks(&mut variants, &plain)?;
        Ok(fpuzzles::killer_or_sudoku(
            sudoku.with_variants(variants)?,
            cages,
            plain,
        )?)
    }

    /// The entries of a list.
    fn list(&self, key: &str) -> &[Value] {
        self.root
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }

    /// A cell `[row, col]` of a list of cells.
    fn cell(&self, v: &Value) -> Option<Cell> {
        let (r, c) = point(v)?;
        let ok = |x: f64| x >= 0.0 && x < self.size as f64 && near(x, x.round());
        (ok(r) && ok(c)).then(|| Cell::new(r.round() as u8, c.round() as u8))
    }

    /// The cell whose centre (or inside, with `floor`) a point is.
    fn centre(&self, (r, c): (f64, f64), floor: bool) -> Option<Cell> {
        let n = self.size as f64;
        let (fr, fc) = (r.floor(), c.floor());
        let inside = fr >= 0.0 && fc >= 0.0 && fr < n && fc < n;
        let centred = near(r, fr + 0.5) && near(c, fc + 0.5);
        (inside && (floor || centred)).then(|| Cell::new(fr as u8, fc as u8))
    }

    /// The Sudoku of the regions.
    fn sudoku(&self, givens: &[(Cell, u8)]) -> Result<Sudoku, SudokupadError> {
        let size = self.size;
        let regions = self.list("regions");
        if regions.is_empty() {
            return Err(SudokupadError::Unsupported {
                what: "a grid without regions (no boxes)".into(),
            });
        }
        let mut map = Grid::filled(size, size, u8::MAX);
        for (i, region) in regions.iter().enumerate() {
            for c in region.as_array().ok_or(SudokupadError::Field("regions"))? {
                let cell = self.cell(c).ok_or(SudokupadError::Field("regions"))?;
                map.set(cell, u8::try_from(i).unwrap_or(u8::MAX));
            }
        }
        let cells: Vec<Cell> = (0..size)
            .flat_map(|r| (0..size).map(move |c| Cell::new(r as u8, c as u8)))
            .collect();
        if let Some(&c) = cells.iter().find(|&&c| *map.get(c) == u8::MAX) {
            return Err(SudokupadError::Unsupported {
                what: format!(
                    "a grid whose cell R{}C{} is in no region",
                    c.row + 1,
                    c.col + 1
                ),
            });
        }
        let mut shapes: Vec<(usize, usize)> = vec![fpuzzles_boxes(size)];
        shapes.extend((1..=size).filter(|h| size % h == 0).map(|h| (h, size / h)));
        for (h, w) in shapes {
            let boxed = |x: Cell| (usize::from(x.row) / h, usize::from(x.col) / w);
            let same = |a: Cell, b: Cell| (boxed(a) == boxed(b)) == (map.get(a) == map.get(b));
            if cells.iter().all(|&a| cells.iter().all(|&b| same(a, b))) {
                return Ok(Sudoku::new(size, (h, w), givens)?);
            }
        }
        Ok(Sudoku::jigsaw(size, &map, givens)?)
    }

    /// The cells a line's way points pass through, straight segments filled in (the first
    /// point may lie off its cell's centre, as an arrow's does, with `loose_start`).
    fn path(&self, points: &[Value], loose_start: bool) -> Option<Vec<Cell>> {
        let mut out: Vec<Cell> = Vec::new();
        for (i, p) in points.iter().enumerate() {
            let cell = self.centre(point(p)?, loose_start && i == 0)?;
            if let Some(&last) = out.last() {
                let (dr, dc) = (
                    i32::from(cell.row) - i32::from(last.row),
                    i32::from(cell.col) - i32::from(last.col),
                );
                let steps = dr.abs().max(dc.abs());
                if steps == 0 || (dr != 0 && dc != 0 && dr.abs() != dc.abs()) {
                    if steps == 0 {
                        continue;
                    }
                    return None;
                }
                for k in 1..=steps {
                    let r = i32::from(last.row) + dr / steps * k;
                    let c = i32::from(last.col) + dc / steps * k;
                    out.push(Cell::new(r as u8, c as u8));
                }
            } else {
                out.push(cell);
            }
        }
        Some(out)
    }

    /// The index of a thermometer's bulb in `list` (a round mark wider than an odd cell's,
    /// 0.7) centred on `cell`'s centre and not yet used.
    fn bulb(&self, list: &'static str, cell: Cell) -> Option<usize> {
        self.list(list).iter().enumerate().position(|(i, o)| {
            let centre = point(o.get("center").unwrap_or(&Value::Null));
            !self.used.contains(&(list, i))
                && o.get("rounded").and_then(Value::as_bool) == Some(true)
                && centre.is_some_and(|(r, c)| {
                    near(r, f64::from(cell.row) + 0.5) && near(c, f64::from(cell.col) + 0.5)
                })
                && num(o.get("width")).is_some_and(|w| w > 0.78)
        })
    }

    /// The lines: thermometers, palindromes, coloured lines; returns whether the main and
    /// anti-diagonal are drawn.
    fn lines(&mut self, out: &mut Vec<Variant>) -> Result<(bool, bool), SudokupadError> {
        let n = self.size as f64;
        let (mut main, mut anti) = (false, false);
        for line in self.list("lines").to_vec() {
            let col = colour(line.get("color"));
            let points = line
                .get("wayPoints")
                .and_then(Value::as_array)
                .ok_or(SudokupadError::Field("lines"))?;
            let ends: Vec<(f64, f64)> = points.iter().filter_map(point).collect();
            if col == "#34BBE6" && ends.len() == 2 {
                let (a, b) = (ends[0], ends[1]);
                let corner = |p: (f64, f64), q: (f64, f64)| near(p.0, q.0) && near(p.1, q.1);
                if (corner(a, (0.0, 0.0)) && corner(b, (n, n)))
                    || (corner(b, (0.0, 0.0)) && corner(a, (n, n)))
                {
                    main = true;
                    continue;
                }
                if (corner(a, (0.0, n)) && corner(b, (n, 0.0)))
                    || (corner(b, (0.0, n)) && corner(a, (n, 0.0)))
                {
                    anti = true;
                    continue;
                }
            }
            let at = ends.first().map_or_else(
                || "?".to_string(),
                |&(r, c)| format!("R{}C{}", r.floor() + 1.0, c.floor() + 1.0),
            );
            let unknown = || SudokupadError::Unsupported {
                what: format!("a line of colour '{}' at {at}", clip(&col)),
            };
            let cells = self
                .path(points, false)
                .filter(|c| c.len() >= 2)
                .ok_or_else(unknown)?;
            let size = self.size;
            let v = match col.as_str() {
                "#CFCFCF" => {
                    let (first, last) = (cells[0], cells[cells.len() - 1]);
                    if let Some(i) = self.bulb("underlays", first) {
                        self.used.push(("underlays", i));
                        Variant::Thermo(cells)
                    } else if let Some(i) = self.bulb("underlays", last) {
                        self.used.push(("underlays", i));
                        Variant::Thermo(cells.into_iter().rev().collect())
                    } else {
                        Variant::Palindrome(cells)
                    }
                }
                // The Dutch whisper: one less than the German.
                c if c == fpuzzles::DUTCH.0 => Variant::Whisper {
                    cells,
                    diff: german(size).saturating_sub(1),
                },
                c => match family::by_drawing(None, c) {
                    Some(line) => (line.make)(cells, line.fpuzzles_default(size)),
                    None => return Err(unknown()),
                },
            };
            out.push(v);
        }
        Ok((main, anti))
    }

    /// The arrows, each from a round circle (or a pill) to the cells of its line.
    fn arrows(&mut self, out: &mut Vec<Variant>) -> Result<(), SudokupadError> {
        for arrow in self.list("arrows").to_vec() {
            let points = arrow
                .get("wayPoints")
                .and_then(Value::as_array)
                .ok_or(SudokupadError::Field("arrows"))?;
            let at = points.first().and_then(point).map_or_else(
                || "?".to_string(),
                |(r, c)| format!("R{}C{}", r.floor() + 1.0, c.floor() + 1.0),
            );
            let cells = self
                .path(points, true)
                .filter(|c| c.len() >= 2)
                .ok_or_else(|| SudokupadError::Unsupported {
                    what: format!(
                        "an arrow at {at} (not from a cell inside the grid through cell centres)"
                    ),
                })?;
            let start = cells[0];
            let circle = self
                .circle(start)
                .ok_or_else(|| SudokupadError::Unsupported {
                    what: format!("an arrow at {at} without a round circle"),
                })?;
            let line = cells
                .into_iter()
                .skip_while(|c| circle.contains(c))
                .collect();
            out.push(Variant::Arrow { circle, line });
        }
        Ok(())
    }

    /// The circle or pill (a round overlay) holding `cell`, its cells in reading order.
    fn circle(&mut self, cell: Cell) -> Option<Vec<Cell>> {
        for list in ["overlays", "underlays"] {
            for (i, o) in self.list(list).iter().enumerate() {
                if o.get("rounded").and_then(Value::as_bool) != Some(true) {
                    continue;
                }
                let Some((r, c)) = o.get("center").and_then(point) else {
                    continue;
                };
                let (w, h) = (
                    num(o.get("width")).unwrap_or(0.0),
                    num(o.get("height")).unwrap_or(0.0),
                );
                if w < 0.5 || h < 0.5 {
                    continue;
                }
                // A pill over k cells is k - 1 cells longer than a circle.
                let longer = |x: f64| (x - 0.75).round().clamp(0.0, 16.0);
                let (rows, cols) = (longer(h), longer(w));
                let (r0, c0) = (
                    (r - 0.5 - rows / 2.0).round(),
                    (c - 0.5 - cols / 2.0).round(),
                );
                let covered: Vec<Cell> = (0..=rows as i32)
                    .flat_map(|dr| {
                        (0..=cols as i32).map(move |dc| (r0 as i32 + dr, c0 as i32 + dc))
                    })
                    .filter(|&(r, c)| r >= 0 && c >= 0)
                    .map(|(r, c)| Cell::new(r as u8, c as u8))
                    .collect();
                if covered.contains(&cell) {
                    if !self.used.contains(&(list, i)) {
                        self.used.push((list, i));
                    }
                    return Some(covered);
                }
            }
        }
        None
    }

    /// The cages: Killer cages with sums, distinct groups without.
    fn cages(&mut self) -> Result<(Vec<KillerCage>, Vec<Variant>), SudokupadError> {
        let mut sums = Vec::new();
        let mut plain = Vec::new();
        for cage in self.list("cages") {
            let cells: Vec<Cell> = match cage.get("cells").and_then(Value::as_array) {
                Some(c) if !c.is_empty() => c
                    .iter()
                    .map(|v| self.cell(v).ok_or(SudokupadError::Field("cages")))
                    .collect::<Result<_, _>>()?,
                // Cages without cells hold the title, author and rules.
                _ => continue,
            };
            let at = format!("R{}C{}", cells[0].row + 1, cells[0].col + 1);
            if cage.get("hidden").and_then(Value::as_bool) == Some(true) {
                return Err(SudokupadError::Unsupported {
                    what: format!("a hidden cage at {at}"),
                });
            }
            let value = cage.get("sum").or_else(|| cage.get("value"));
            match value {
                None | Some(Value::Null) => {
                    if cage.get("unique").and_then(Value::as_bool) == Some(true) {
                        plain.push(Variant::Cage { cells, sum: None });
                    } else {
                        plain.push(Variant::Region(cells));
                    }
                }
                Some(Value::String(s)) if s.trim().is_empty() => {
                    plain.push(Variant::Cage { cells, sum: None });
                }
                Some(v) => {
                    let sum = num(Some(v))
                        .filter(|s| *s >= 1.0 && near(*s, s.round()))
                        .ok_or_else(|| SudokupadError::Unsupported {
                            what: format!(
                                "a cage at {at} whose value '{}' is no sum",
                                clip(&v.to_string())
                            ),
                        })?;
                    sums.push(KillerCage {
                        sum: sum as u32,
                        cells,
                    });
                }
            }
        }
        Ok((sums, plain))
    }

    /// Dots, X and V on cell edges, odd and even marks; refuses every other mark.
    fn marks(&mut self, out: &mut Vec<Variant>, regions: &[Variant]) -> Result<(), SudokupadError> {
        let size = self.size as f64;
        let in_region = |cell: Cell| {
            regions
                .iter()
                .any(|v| matches!(v, Variant::Region(c) if c.contains(&cell)))
        };
        for list in ["overlays", "underlays"] {
            for (i, o) in self.list(list).to_vec().into_iter().enumerate() {
                if self.used.contains(&(list, i)) {
                    continue;
                }
                let Some((r, c)) = o.get("center").and_then(point) else {
                    return Err(SudokupadError::Field("overlays"));
                };
                let (w, h) = (
                    num(o.get("width")).unwrap_or(0.0),
                    num(o.get("height")).unwrap_or(0.0),
                );
                let rounded = o.get("rounded").and_then(Value::as_bool) == Some(true);
                let text = match o.get("text") {
                    Some(Value::String(s)) => s.trim().to_string(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => String::new(),
                };
                let bg = colour(o.get("backgroundColor"));
                let at = format!("R{}C{}", r.floor() + 1.0, c.floor() + 1.0);
                // An edge between two cells: one coordinate whole, the other a half.
                let half = |x: f64| near(x, x.floor() + 0.5);
                let whole = |x: f64| near(x, x.round()) && x > 0.5 && x < size - 0.5;
                let edge = if half(r) && whole(c) {
                    let (row, col) = (r.floor() as u8, c.round() as u8);
                    Some([Cell::new(row, col - 1), Cell::new(row, col)])
                } else if whole(r) && half(c) {
                    let (row, col) = (r.round() as u8, c.floor() as u8);
                    Some([Cell::new(row - 1, col), Cell::new(row, col)])
                } else {
                    None
                };
                let centre = (half(r) && half(c) && r < size && c < size && r > 0.0 && c > 0.0)
                    .then(|| Cell::new(r.floor() as u8, c.floor() as u8));
                let value = text.parse::<u8>().ok();
                let v = match (edge, centre) {
                    (Some(cells), _) if rounded && w <= 0.45 && h <= 0.45 => {
                        match (bg.as_str(), value, text.is_empty()) {
                            ("#000000", Some(k), _) => Some(Variant::Dot {
                                cells,
                                dot: Dot::Black(k),
                            }),
                            ("#000000", None, true) => Some(Variant::Dot {
                                cells,
                                dot: Dot::BLACK,
                            }),
                            ("#FFFFFF", Some(k), _) => Some(Variant::Dot {
                                cells,
                                dot: Dot::White(k),
                            }),
                            ("#FFFFFF", None, true) => Some(Variant::Dot {
                                cells,
                                dot: Dot::WHITE,
                            }),
                            _ => None,
                        }
                    }
                    (Some(cells), _) if !rounded && (text == "X" || text == "x") => {
                        Some(Variant::Dot { cells, dot: Dot::X })
                    }
                    (Some(cells), _) if !rounded && (text == "V" || text == "v") => {
                        Some(Variant::Dot { cells, dot: Dot::V })
                    }
                    (_, Some(cell)) if bg == "#CFCFCF" && text.is_empty() && w < 0.8 && h < 0.8 => {
                        Some(Variant::Parity {
                            cell,
                            even: !rounded,
                        })
                    }
                    (_, Some(cell))
                        if list == "underlays" && !rounded && near(w, 1.0) && in_region(cell) =>
                    {
                        continue;
                    }
                    _ => None,
                };
                let v = v.ok_or_else(|| SudokupadError::Unsupported {
                    what: if text.is_empty() {
                        format!("a mark at {at}")
                    } else {
                        format!("a mark '{}' at {at}", clip(&text))
                    },
                })?;
                out.push(v);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_json_reads_as_sudokupad_writes_it() {
        let v = Relaxed::new(
            "{ce:[[{v:1},,],[,{v:'2'},]],l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[1.5,1.5]]}],x:t,y:#0}",
        )
        .document()
        .unwrap();
        let v = unzip_keys(v);
        assert_eq!(
            v.to_string(),
            r##"{"cells":[[{"value":1},{},{}],[{},{"value":"2"},{}]],"lines":[{"color":"#CFCFCF","thickness":21,"wayPoints":[[0.5,0.5],[1.5,1.5]]}],"x":true,"y":"#000000"}"##
        );
        assert!(Relaxed::new("{a:[1,2}").document().is_err());
    }

    #[test]
    fn broken_compact_json_is_an_error_never_a_panic() {
        let text = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:4}]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[0,1],[0,2]],v:5}],l:[{c:CFCFCF,th:21,wp:[[1.5,0.5],[2.5,0.5]]}],u:[{c2:CFCFCF,ct:[1.5,0.5],r:t,w:0.85,h:0.85}],a:[{wp:[[3.2,1.5],[3.5,2.5]]}],o:[{ct:[3.5,1.5],r:t,w:0.75,h:0.75},{c2:#0,ct:[2.5,3],r:t,w:0.3,h:0.3}]}";
        let chars: Vec<char> = text.chars().collect();
        let mut read_ok = 0;
        for i in 0..chars.len() {
            for with in [
                None,
                Some('9'),
                Some(','),
                Some(']'),
                Some('{'),
                Some('\''),
                Some('-'),
            ] {
                let mut c = chars.clone();
                match with {
                    None => {
                        let _ = c.remove(i);
                    }
                    Some(w) => c[i] = w,
                }
                let broken: String = c.into_iter().collect();
                let data = format!("scl{}", lz_str::compress_to_base64(broken.as_str()));
                read_ok += usize::from(read(&data).is_ok());
            }
        }
        assert!(read(&format!("scl{}", lz_str::compress_to_base64(text))).is_ok());
        assert!(read_ok > 0);
    }

    #[test]
    fn payloads_and_their_offsets() {
        assert_eq!(payload("https://sudokupad.app/sclABC?x=1"), (22, "sclABC"));
        assert_eq!(
            payload("https://sudokupad.app/?puzzleid=fpuzzlesN4Ig&setting=1"),
            (32, "fpuzzlesN4Ig")
        );
        assert_eq!(payload("https://sudokupad.app/sudoku/abc"), (29, "abc"));
        assert!(looks_like("sudokupad.app/scl"));
        assert!(!looks_like("https://www.f-puzzles.com/?load=N4Ig"));
    }
}
