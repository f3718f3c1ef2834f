//! # f-puzzles links and JSON
//!
//! `https://www.f-puzzles.com/?load=DATA` (also SudokuPad's `…/fpuzzlesDATA`), where DATA is
//! lz-string's base64 of the puzzle's JSON, or that JSON itself (`{"size":9,…}`).
//!
//! ## What is read
//! - `size` (1 to 16) and `grid`: a cell's `value` is a given unless `given` is false;
//!   `region` (0-based) makes a jigsaw (regions that tile the grid as boxes are boxes; the
//!   default boxes are f-puzzles', e.g. 2×3 for 6×6, 2×4 for 8×8); `givenPencilMarks` are
//!   [`Variant::Candidates`].
//! - `killercage` with a `value`: Killer cages (cages that overlap become
//!   [`Variant::Cage`]s of a Sudoku); without one: [`Variant::Cage`] without a sum.
//! - `diagonal-` (top left to bottom right) and `diagonal+` (top right to bottom left):
//!   both make Sudoku X, one is [`Variant::Diagonal`].
//! - `antiknight`, `antiking`; `nonconsecutive` (no consecutive neighbours; with
//!   difference dots or `negative: ["ratio"]` it is the white dots' negative rule);
//!   `negative`: `"ratio"` (no black dot of each ratio shown, 2 when none is),
//!   `"xv"` (no X and no V).
//! - `difference` (white dot, `value` 1 unless given), `ratio` (black dot, 2 unless given),
//!   `xv` (`X` or `V`), `quadruple` (`values`), `odd`, `even`, `extraregion` (the four
//!   windows of a 9×9 together read as windoku).
//! - Lines, one constraint per entry of `lines`: `thermometer`, `arrow` (circle `cells`,
//!   each line starting in the circle), `palindrome`, `betweenline`, and the keys of the
//!   f-puzzles "NewConstraints" and "LockoutLines" user scripts: `renban`, `whispers`
//!   (`value`: the least difference, half the size rounded up unless given; also
//!   `germanwhispers`, `dutchwhispers`), `regionsumline`, `entropicline`, `modularline`
//!   (modulus 3), `zipperline`, `doublearrow`, `lockout` (ends at least half the size
//!   rounded down apart), `nabner`.
//! - Outside clues: `littlekillersum` (`cell` outside the grid, `direction` `UL`, `UR`,
//!   `DL`, `DR`), `sandwichsum`, `xsum`, `skyscraper` (`cell` outside the grid: `R0Cc`
//!   reads column c down, `R(N+1)Cc` up, `RrC0` row r rightwards, `RrC(N+1)` leftwards).
//!
//! ## Coloured lines
//! f-puzzles itself draws the lines it lacks as cosmetic `line`s; the user scripts write one
//! beside each line of theirs (`outlineC`, and `fromConstraint` naming the constraint), and
//! SudokuPad shows them. A `line` whose cells repeat a line read from a key is that line's
//! drawing and adds nothing; any other `line` is read by its `fromConstraint`, or else by
//! its colour, the scripts' own: the `fpuzzles` entries of `crate::puzzle::family::LINES`
//! (listed in `encodings/sudoku.md`, which a test holds to the table); the Dutch whisper's
//! `#FF9A00` is one less than the German.
//!
//! A line of any other colour is refused, naming its colour, as are every other rule
//! (`minimum`, `maximum`, `clone`, `disjointgroups`, the indexers, slow thermometers, …)
//! and cosmetic `circle`, `rectangle`, `text` and `cage` entries that no read rule drew (a
//! cosmetic may state a rule); titles, authors, rules text, solutions, pencil marks and
//! colours are ignored.

use serde_json::{Map, Value};
use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::parse::{clip, ParseError, Pos};
pub(crate) use crate::puzzle::family::german;
use crate::puzzle::family::{self, FpValue, Line};
use crate::puzzle::sudoku::{Killer, KillerCage, Sudoku, SudokuError};
use crate::puzzle::variant::{Dot, Variant};
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
    /// An entry of a known feature that does not make sense.
    #[error("f-puzzles '{}': {what}", clip(.feature))]
    Bad {
        /// The JSON key.
        feature: String,
        /// What is wrong, in words.
        what: String,
    },
    /// A cosmetic line whose colour names no rule cagesat knows.
    #[error("an f-puzzles 'line' of colour '{}' at {cell} has no rule cagesat knows (it reads renban #F067F0, German whisper #67F067, Dutch whisper #FF9A00, region sum #2ECBFF, entropic #FFCCAA, modular #33BBBB, zipper #CDB1EC, double arrow #C54B8B, lockout #006CBA, nabner #C9C883)", clip(.colour))]
    UnknownLine {
        /// The line's `outlineC`.
        colour: String,
        /// Its first cell.
        cell: Cell,
    },
    /// A rule of the puzzle is broken.
    #[error(transparent)]
    Rule(#[from] SudokuError),
}

/// Keys that describe the puzzle without adding a rule, or that are read on their own.
const IGNORED: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "activeConstraints",
    "customConstraintDefinitions",
    "version",
];

/// Rules f-puzzles (or its scripts) has that cagesat's models lack, with the reason.
const REFUSED: &[(&str, &str)] = &[
    ("minimum", "minimum cells are not in cagesat's models"),
    ("maximum", "maximum cells are not in cagesat's models"),
    ("clone", "clones are not in cagesat's models"),
    (
        "disjointgroups",
        "disjoint groups are not in cagesat's models",
    ),
    ("rowindexer", "indexer cells are not in cagesat's models"),
    ("columnindexer", "indexer cells are not in cagesat's models"),
    ("boxindexer", "indexer cells are not in cagesat's models"),
    (
        "slowthermometer",
        "slow thermometers are not in cagesat's models",
    ),
    ("fogofwar", "fog of war is not a rule cagesat knows"),
    ("foglight", "fog of war is not a rule cagesat knows"),
];

/// The diagonals' keys: main (top-left to bottom-right) and anti.
const DIAGONALS: [&str; 2] = ["diagonal-", "diagonal+"];

/// Keys of a grid cell that add no rule (`region` and `givenPencilMarks` are read).
const CELL_IGNORED: &[&str] = &[
    "value",
    "given",
    "region",
    "givenPencilMarks",
    "centerPencilMarks",
    "cornerPencilMarks",
    "candidates",
    "highlight",
    "c",
    "cArray",
];

/// The user scripts' other keys read as lines: German and Dutch whispers.
const WHISPER_KEYS: [&str; 2] = ["germanwhispers", "dutchwhispers"];

/// The Dutch whisper's colour and script name.
pub(crate) const DUTCH: (&str, &str) = ("#FF9A00", "Dutch Whispers");

/// Other keys read here.
const READ: &[&str] = &[
    "killercage",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "negative",
    "difference",
    "ratio",
    "xv",
    "quadruple",
    "odd",
    "even",
    "extraregion",
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "line",
    "cage",
    "circle",
    "text",
    "rectangle",
];

/// The user scripts' names of outside clues and circles that draw a read rule.
const COSMETIC_OF: &[&str] = &["X Sum", "Skyscraper", "Double Arrow", "Lockout"];

/// f-puzzles' boxes of a side: (rows, columns), the rows the largest divisor not above
/// the square root.
pub(crate) fn fpuzzles_boxes(size: usize) -> (usize, usize) {
    let mut h = (1..=size).take_while(|h| h * h <= size).last().unwrap_or(1);
    while h > 1 && size % h != 0 {
        h -= 1;
    }
    (h, size / h.max(1))
}

/// The four windows of windoku, each in reading order.
pub(crate) fn windows() -> [Vec<Cell>; 4] {
    [(1u8, 1u8), (1, 5), (5, 1), (5, 5)]
        .map(|(r0, c0)| (0..9).map(|i| Cell::new(r0 + i / 3, c0 + i % 3)).collect())
}

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
pub(crate) fn percent_decode(s: &str) -> String {
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
pub(crate) fn decompress(data: &str) -> Option<String> {
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
    let (start, trimmed) = Pos::of_trimmed(text);
    let (pos, json) = match link_data(trimmed) {
        Some((offset, data)) => {
            let pos = start.right(offset);
            let json = decompress(data).ok_or(ParseError::new(pos, FpuzzlesError::Decompress))?;
            (pos, json)
        }
        None => (start, trimmed.to_string()),
    };
    from_json(&json).map_err(|e| ParseError::new(pos, e))
}

/// The puzzle a f-puzzles JSON text describes.
///
/// # Errors
/// As [`parse`], without a position.
pub(crate) fn from_json(json: &str) -> Result<Puzzle, FpuzzlesError> {
    let value: Value =
        serde_json::from_str(json).map_err(|e| FpuzzlesError::Json(e.to_string()))?;
    let root = value.as_object().ok_or(FpuzzlesError::Field("size"))?;
    from_map(root)
}

/// The puzzle of an f-puzzles JSON object.
pub(crate) fn from_map(root: &Map<String, Value>) -> Result<Puzzle, FpuzzlesError> {
    let size = root
        .get("size")
        .and_then(Value::as_u64)
        .and_then(|s| usize::try_from(s).ok())
        .filter(|&s| (1..=16).contains(&s))
        .ok_or(FpuzzlesError::Field("size"))?;
    refuse_features(root)?;
    let r = Reader { root, size };
    let grid = r.grid()?;
    let mut sudoku = r.sudoku(&grid)?;
    let on = |key: &str| root.get(key).is_some_and(present);
    let (main, anti) = (on(DIAGONALS[0]), on(DIAGONALS[1]));
    let mut variants = Vec::new();
    if main && anti {
        sudoku = sudoku.with_diagonals()?;
    } else if main || anti {
        variants.push(Variant::Diagonal { anti });
    }
    variants.extend(grid.candidates);
    variants.extend(r.variants()?);
    let (cages, plain) = r.cages()?;
    Ok(killer_or_sudoku(
        sudoku.with_variants(variants)?,
        cages,
        plain,
    )?)
}

/// The puzzle of a Sudoku with cages that have sums (`cages`) and cages without
/// (`plain`): a Killer when the summed cages do not overlap, else a Sudoku whose cages are
/// all variant constraints (overlapping cages are not a Killer's). SudokuPad's reader
/// shares it.
///
/// # Errors
/// A rule of the puzzle is broken (a cage's cell outside the grid, a repeated given, …).
pub(crate) fn killer_or_sudoku(
    sudoku: Sudoku,
    cages: Vec<KillerCage>,
    plain: Vec<Variant>,
) -> Result<Puzzle, SudokuError> {
    if cages.is_empty() {
        return Ok(Puzzle::Sudoku(sudoku.with_variants(plain)?));
    }
    let with_plain = sudoku.clone().with_variants(plain.clone())?;
    match Killer::new(with_plain, cages.clone()) {
        Ok(k) => Ok(Puzzle::Killer(k)),
        Err(SudokuError::CellInTwoCages { .. }) => {
            let as_variants = cages.into_iter().map(|c| Variant::Cage {
                cells: c.cells,
                sum: Some(c.sum),
            });
            let all: Vec<Variant> = as_variants.chain(plain).collect();
            Ok(Puzzle::Sudoku(sudoku.with_variants(all)?))
        }
        Err(e) => Err(e),
    }
}

/// Whether a JSON value says "present": true, a non-empty array, object or string.
pub(crate) fn present(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

/// Refuses every key that is neither read nor ignored.
fn refuse_features(root: &Map<String, Value>) -> Result<(), FpuzzlesError> {
    for (key, v) in root {
        let k = key.as_str();
        if !present(v) {
            continue;
        }
        if let Some((_, reason)) = REFUSED.iter().find(|(r, _)| *r == k) {
            return Err(FpuzzlesError::Unsupported {
                feature: key.clone(),
                reason,
            });
        }
        let known = IGNORED.contains(&k)
            || DIAGONALS.contains(&k)
            || READ.contains(&k)
            || WHISPER_KEYS.contains(&k)
            || family::LINES.iter().any(|l| l.fpuzzles.key == k);
        if !known {
            return Err(FpuzzlesError::Unsupported {
                feature: key.clone(),
                reason: "not an f-puzzles rule cagesat knows",
            });
        }
    }
    Ok(())
}

/// What the `grid` holds.
struct GridData {
    /// The given digits.
    givens: Vec<(Cell, u8)>,
    /// Each cell's `region`, when any cell has one.
    regions: Option<Grid<u8>>,
    /// The cells' `givenPencilMarks`.
    candidates: Vec<Variant>,
}

/// Reads one f-puzzles object.
struct Reader<'a> {
    /// The JSON object.
    root: &'a Map<String, Value>,
    /// The side.
    size: usize,
}

/// A number written as a JSON number or string (`"15"`), `None` when absent or empty.
fn number(v: Option<&Value>, feature: &str) -> Result<Option<u32>, FpuzzlesError> {
    let text = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    };
    text.trim()
        .parse::<u32>()
        .map(Some)
        .map_err(|_| FpuzzlesError::Bad {
            feature: feature.to_string(),
            what: format!("'{}' is not a number", clip(&text)),
        })
}

/// A number that fits a byte.
fn small(v: u32, feature: &str) -> Result<u8, FpuzzlesError> {
    u8::try_from(v).map_err(|_| FpuzzlesError::Bad {
        feature: feature.to_string(),
        what: format!("{v} is too large"),
    })
}

/// `R3C12` → (3, 12), 1-based, any numbers.
fn rc(name: &str) -> Option<(usize, usize)> {
    let upper = name.trim().to_ascii_uppercase();
    let rest = upper.strip_prefix('R')?;
    let (r, c) = rest.split_once('C')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// `R3C12` → the cell (0-based inside).
fn cell(name: &str, size: usize) -> Result<Cell, FpuzzlesError> {
    let bad = || FpuzzlesError::BadCell {
        name: name.to_string(),
        size,
    };
    let (r, c) = rc(name).ok_or_else(bad)?;
    if !(1..=size).contains(&r) || !(1..=size).contains(&c) {
        return Err(bad());
    }
    // r, c <= size <= 16.
    Ok(Cell::new((r - 1) as u8, (c - 1) as u8))
}

/// A JSON value's cell name.
fn cell_of(v: &Value, size: usize) -> Result<Cell, FpuzzlesError> {
    cell(v.as_str().unwrap_or_default(), size)
}

/// The entries of an array key (none when absent).
fn entries<'v>(
    root: &'v Map<String, Value>,
    key: &'static str,
) -> Result<&'v [Value], FpuzzlesError> {
    match root.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(FpuzzlesError::Field(key)),
    }
}

/// An entry's cell list under `field`.
fn cell_list(
    entry: &Value,
    field: &str,
    key: &'static str,
    size: usize,
) -> Result<Vec<Cell>, FpuzzlesError> {
    entry
        .get(field)
        .and_then(Value::as_array)
        .ok_or(FpuzzlesError::Field(key))?
        .iter()
        .map(|c| cell_of(c, size))
        .collect()
}

/// An entry's `lines`.
fn line_list(
    entry: &Value,
    key: &'static str,
    size: usize,
) -> Result<Vec<Vec<Cell>>, FpuzzlesError> {
    entry
        .get("lines")
        .and_then(Value::as_array)
        .ok_or(FpuzzlesError::Field(key))?
        .iter()
        .map(|line| {
            line.as_array()
                .ok_or(FpuzzlesError::Field(key))?
                .iter()
                .map(|c| cell_of(c, size))
                .collect()
        })
        .collect()
}

/// The cells a clue outside the grid at `name` sees along `(dr, dc)`, from the clue.
fn ray(name: &str, (dr, dc): (i32, i32), size: usize) -> Result<Vec<Cell>, FpuzzlesError> {
    let bad = || FpuzzlesError::BadCell {
        name: name.to_string(),
        size,
    };
    let (r, c) = rc(name).ok_or_else(bad)?;
    let n = size as i32;
    let (mut r, mut c) = (
        i32::try_from(r).map_err(|_| bad())? - 1,
        i32::try_from(c).map_err(|_| bad())? - 1,
    );
    let inside = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
    if inside(r, c) || r < -1 || c < -1 || r > n || c > n {
        return Err(bad());
    }
    let mut out = Vec::new();
    loop {
        r += dr;
        c += dc;
        if !inside(r, c) {
            break;
        }
        // 0 <= r, c < size <= 16.
        out.push(Cell::new(r as u8, c as u8));
    }
    Ok(out)
}

/// The direction a row or column clue outside the grid at `name` reads in.
fn side(name: &str, size: usize) -> Result<(i32, i32), FpuzzlesError> {
    let bad = || FpuzzlesError::BadCell {
        name: name.to_string(),
        size,
    };
    let (r, c) = rc(name).ok_or_else(bad)?;
    let n1 = size + 1;
    match (r, c) {
        (0, c) if (1..=size).contains(&c) => Ok((1, 0)),
        (r, c) if r == n1 && (1..=size).contains(&c) => Ok((-1, 0)),
        (r, 0) if (1..=size).contains(&r) => Ok((0, 1)),
        (r, c) if c == n1 && (1..=size).contains(&r) => Ok((0, -1)),
        _ => Err(bad()),
    }
}

impl Reader<'_> {
    /// The givens, regions and given pencil marks of `grid`.
    fn grid(&self) -> Result<GridData, FpuzzlesError> {
        let size = self.size;
        let rows = self
            .root
            .get("grid")
            .and_then(Value::as_array)
            .filter(|r| r.len() == size)
            .ok_or(FpuzzlesError::Field("grid"))?;
        let mut out = GridData {
            givens: Vec::new(),
            regions: None,
            candidates: Vec::new(),
        };
        let (h, w) = fpuzzles_boxes(size);
        let mut regions = Grid::filled(size, size, 0u8);
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|c| c.len() == size)
                .ok_or(FpuzzlesError::Field("grid"))?;
            for (c, square) in row.iter().enumerate() {
                // r, c < size <= 16.
                let at = Cell::new(r as u8, c as u8);
                regions.set(at, ((r / h) * h + c / w) as u8);
                let Some(square) = square.as_object() else {
                    continue;
                };
                if let Some(key) = square
                    .iter()
                    .find(|(k, v)| !CELL_IGNORED.contains(&k.as_str()) && present(v))
                {
                    return Err(FpuzzlesError::Unsupported {
                        feature: format!("grid.{}", key.0),
                        reason: "not an f-puzzles cell rule cagesat knows",
                    });
                }
                if let Some(region) = square.get("region").filter(|v| !v.is_null()) {
                    let id = region
                        .as_u64()
                        .and_then(|i| u8::try_from(i).ok())
                        .filter(|&i| usize::from(i) < size)
                        .ok_or_else(|| FpuzzlesError::Bad {
                            feature: "grid.region".into(),
                            what: format!(
                                "region '{}' at {at} (expected 0..{size})",
                                clip(&region.to_string())
                            ),
                        })?;
                    regions.set(at, id);
                    out.regions = Some(regions.clone());
                }
                if let Some(marks) = square.get("givenPencilMarks").filter(|v| present(v)) {
                    let mut digits = marks
                        .as_array()
                        .ok_or(FpuzzlesError::Field("grid.givenPencilMarks"))?
                        .iter()
                        .map(|d| digit(d, size))
                        .collect::<Result<Vec<u8>, _>>()?;
                    digits.sort_unstable();
                    digits.dedup();
                    out.candidates
                        .push(Variant::Candidates { cell: at, digits });
                }
                if square.get("given").and_then(Value::as_bool) == Some(false) {
                    continue;
                }
                let Some(v) = square.get("value").filter(|v| !v.is_null()) else {
                    continue;
                };
                out.givens.push((at, digit(v, size)?));
            }
        }
        if out.regions.is_some() {
            out.regions = Some(regions);
        }
        Ok(out)
    }

    /// The Sudoku of the grid: boxes when the regions tile the grid as boxes, else a
    /// jigsaw.
    fn sudoku(&self, grid: &GridData) -> Result<Sudoku, FpuzzlesError> {
        let size = self.size;
        let Some(regions) = &grid.regions else {
            return Ok(Sudoku::new(size, fpuzzles_boxes(size), &grid.givens)?);
        };
        let cells: Vec<Cell> = (0..size)
            .flat_map(|r| (0..size).map(move |c| Cell::new(r as u8, c as u8)))
            .collect();
        let shapes = (1..=size).filter(|h| size % h == 0).map(|h| (h, size / h));
        for (h, w) in shapes {
            let same = |a: Cell, b: Cell| {
                let boxed = |x: Cell| (usize::from(x.row) / h, usize::from(x.col) / w);
                (boxed(a) == boxed(b)) == (regions.get(a) == regions.get(b))
            };
            if cells.iter().all(|&a| cells.iter().all(|&b| same(a, b))) {
                return Ok(Sudoku::new(size, (h, w), &grid.givens)?);
            }
        }
        Ok(Sudoku::jigsaw(size, regions, &grid.givens)?)
    }

    /// The Killer cages with sums, and the cages without.
    fn cages(&self) -> Result<(Vec<KillerCage>, Vec<Variant>), FpuzzlesError> {
        let mut sums = Vec::new();
        let mut plain = Vec::new();
        for cage in entries(self.root, "killercage")? {
            let cells = cell_list(cage, "cells", "killercage", self.size)?;
            match number(cage.get("value"), "killercage")? {
                Some(sum) => sums.push(KillerCage { sum, cells }),
                None => plain.push(Variant::Cage { cells, sum: None }),
            }
        }
        Ok((sums, plain))
    }

    /// Every other rule, in a fixed order of families.
    fn variants(&self) -> Result<Vec<Variant>, FpuzzlesError> {
        let (root, size) = (self.root, self.size);
        let on = |key: &str| root.get(key).is_some_and(present);
        let mut out = Vec::new();
        if on("antiknight") {
            out.push(Variant::AntiKnight);
        }
        if on("antiking") {
            out.push(Variant::AntiKing);
        }
        // Dots.
        let mut dots = Vec::new();
        for (key, default) in [("difference", 1u32), ("ratio", 2)] {
            for e in entries(root, key)? {
                let cells = self.pair(e, key)?;
                let k = small(number(e.get("value"), key)?.unwrap_or(default), key)?;
                let dot = if key == "difference" {
                    Dot::White(k)
                } else {
                    Dot::Black(k)
                };
                dots.push(Variant::Dot { cells, dot });
            }
        }
        for e in entries(root, "xv")? {
            let cells = self.pair(e, "xv")?;
            let dot = match e.get("value").and_then(Value::as_str).map(str::trim) {
                Some("X" | "x") => Dot::X,
                Some("V" | "v") => Dot::V,
                other => {
                    return Err(FpuzzlesError::Bad {
                        feature: "xv".into(),
                        what: format!("'{}' is neither X nor V", clip(other.unwrap_or(""))),
                    })
                }
            };
            dots.push(Variant::Dot { cells, dot });
        }
        let negative: Vec<&str> = entries(root, "negative")?
            .iter()
            .map(|v| v.as_str().unwrap_or("?"))
            .collect();
        if let Some(bad) = negative.iter().find(|n| !["ratio", "xv"].contains(n)) {
            return Err(FpuzzlesError::Bad {
                feature: "negative".into(),
                what: format!("'{}' is not 'ratio' or 'xv'", clip(bad)),
            });
        }
        let has = |f: fn(&Dot) -> bool| {
            dots.iter()
                .any(|d| matches!(d, Variant::Dot { dot, .. } if f(dot)))
        };
        let neg_ratio = negative.contains(&"ratio");
        if on("nonconsecutive") {
            if neg_ratio || has(|d| matches!(d, Dot::White(_))) {
                out.push(Variant::NegativeDots(Dot::WHITE));
            } else {
                out.push(Variant::NonConsecutive);
            }
        }
        if neg_ratio {
            let mut ratios: Vec<u8> = dots
                .iter()
                .filter_map(|d| match d {
                    Variant::Dot {
                        dot: Dot::Black(k), ..
                    } => Some(*k),
                    _ => None,
                })
                .collect();
            ratios.sort_unstable();
            ratios.dedup();
            if ratios.is_empty() {
                ratios.push(2);
            }
            out.extend(
                ratios
                    .into_iter()
                    .map(|k| Variant::NegativeDots(Dot::Black(k))),
            );
        }
        if negative.contains(&"xv") {
            out.push(Variant::NegativeDots(Dot::X));
            out.push(Variant::NegativeDots(Dot::V));
        }
        out.extend(dots);
        // Cells and regions.
        for (key, even) in [("odd", false), ("even", true)] {
            for e in entries(root, key)? {
                let cell = cell_of(e.get("cell").unwrap_or(&Value::Null), size)?;
                out.push(Variant::Parity { cell, even });
            }
        }
        let mut regions = Vec::new();
        for e in entries(root, "extraregion")? {
            regions.push(cell_list(e, "cells", "extraregion", size)?);
        }
        let windows = windows();
        let windoku = size == 9
            && windows.iter().all(|w| {
                regions.iter().any(|r| {
                    let mut s = r.clone();
                    s.sort_unstable();
                    s == *w
                })
            });
        if windoku {
            regions.retain(|r| {
                let mut s = r.clone();
                s.sort_unstable();
                !windows.contains(&s)
            });
            out.push(Variant::Windoku);
        }
        out.extend(regions.into_iter().map(Variant::Region));
        for e in entries(root, "quadruple")? {
            let cells = cell_list(e, "cells", "quadruple", size)?;
            let cells: [Cell; 4] = cells
                .try_into()
                .map_err(|c: Vec<Cell>| FpuzzlesError::Bad {
                    feature: "quadruple".into(),
                    what: format!("{} cells (expected 4)", c.len()),
                })?;
            let digits = e
                .get("values")
                .and_then(Value::as_array)
                .ok_or(FpuzzlesError::Field("quadruple"))?
                .iter()
                .map(|d| digit(d, size))
                .collect::<Result<Vec<u8>, _>>()?;
            out.push(Variant::Quadruple { cells, digits });
        }
        // Arrows.
        for e in entries(root, "arrow")? {
            let circle = cell_list(e, "cells", "arrow", size)?;
            for line in line_list(e, "arrow", size)? {
                let line: Vec<Cell> = line
                    .into_iter()
                    .skip_while(|c| circle.contains(c))
                    .collect();
                out.push(Variant::Arrow {
                    circle: circle.clone(),
                    line,
                });
            }
        }
        // Lines.
        let mut drawn: Vec<(&str, Vec<Cell>)> = Vec::new();
        for kind in family::LINES {
            let key = kind.fpuzzles.key;
            for e in entries(root, key)? {
                let value = number(e.get("value"), key)?;
                for line in line_list(e, key, size)? {
                    drawn.push((key, line.clone()));
                    out.push(self.line(kind, line, value, key)?);
                }
            }
        }
        for (i, key) in WHISPER_KEYS.into_iter().enumerate() {
            let diff = german(size).saturating_sub(i as u8);
            for e in entries(root, key)? {
                // The whisper family: the one the Dutch whisper's script name draws.
                let kind =
                    family::by_drawing(Some(DUTCH.1), "").ok_or(FpuzzlesError::Field(key))?;
                for line in line_list(e, key, size)? {
                    drawn.push((kind.fpuzzles.key, line.clone()));
                    out.push(self.line(kind, line, Some(u32::from(diff)), key)?);
                }
            }
        }
        for e in entries(root, "line")? {
            out.extend(self.cosmetic_line(e, &drawn)?);
        }
        // Outside clues.
        for e in entries(root, "littlekillersum")? {
            let name = e.get("cell").and_then(Value::as_str).unwrap_or_default();
            let dir = match e.get("direction").and_then(Value::as_str) {
                Some("UL") => (-1, -1),
                Some("UR") => (-1, 1),
                Some("DL") => (1, -1),
                Some("DR") => (1, 1),
                other => {
                    return Err(FpuzzlesError::Bad {
                        feature: "littlekillersum".into(),
                        what: format!(
                            "direction '{}' (expected UL, UR, DL or DR)",
                            clip(other.unwrap_or(""))
                        ),
                    })
                }
            };
            let Some(sum) = number(e.get("value"), "littlekillersum")? else {
                continue;
            };
            let cells = ray(name, dir, size)?;
            if cells.is_empty() {
                return Err(FpuzzlesError::Bad {
                    feature: "littlekillersum".into(),
                    what: format!("the arrow at '{}' points at no cell", clip(name)),
                });
            }
            out.push(Variant::LittleKiller { cells, sum });
        }
        for key in ["sandwichsum", "xsum", "skyscraper"] {
            for e in entries(root, key)? {
                let name = e.get("cell").and_then(Value::as_str).unwrap_or_default();
                let dir = side(name, size)?;
                let Some(v) = number(e.get("value"), key)? else {
                    continue;
                };
                let cells = ray(name, dir, size)?;
                out.push(match key {
                    "sandwichsum" => Variant::Sandwich { cells, sum: v },
                    "xsum" => Variant::XSum { cells, sum: v },
                    _ => Variant::Skyscraper {
                        cells,
                        count: small(v, key)?,
                    },
                });
            }
        }
        self.cosmetics()?;
        Ok(out)
    }

    /// The two cells of a dot.
    fn pair(&self, e: &Value, key: &'static str) -> Result<[Cell; 2], FpuzzlesError> {
        let cells = cell_list(e, "cells", key, self.size)?;
        cells.try_into().map_err(|c: Vec<Cell>| FpuzzlesError::Bad {
            feature: key.into(),
            what: format!("{} cells (expected 2)", c.len()),
        })
    }

    /// One line of a family.
    fn line(
        &self,
        kind: &Line,
        cells: Vec<Cell>,
        value: Option<u32>,
        key: &str,
    ) -> Result<Variant, FpuzzlesError> {
        let param = match (kind.fpuzzles.value, value) {
            (FpValue::Read(_), Some(v)) => small(v, key)?,
            _ => kind.fpuzzles_default(self.size),
        };
        Ok((kind.make)(cells, param))
    }

    /// A cosmetic `line`: nothing when it draws a line already read, else the line its
    /// `fromConstraint` or colour names.
    fn cosmetic_line(
        &self,
        e: &Value,
        drawn: &[(&str, Vec<Cell>)],
    ) -> Result<Vec<Variant>, FpuzzlesError> {
        let colour = e
            .get("outlineC")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_ascii_uppercase();
        let from = e.get("fromConstraint").and_then(Value::as_str);
        let kind = family::by_drawing(from, &colour);
        let mut out = Vec::new();
        for line in line_list(e, "line", self.size)? {
            let Some(kind) = kind else {
                if let Some(f) = from {
                    if let Some((_, reason)) = REFUSED
                        .iter()
                        .find(|(k, _)| k.eq_ignore_ascii_case(&f.replace(' ', "")))
                    {
                        return Err(FpuzzlesError::Unsupported {
                            feature: format!("line ({f})"),
                            reason,
                        });
                    }
                }
                return Err(FpuzzlesError::UnknownLine {
                    colour: e
                        .get("outlineC")
                        .and_then(Value::as_str)
                        .unwrap_or("none")
                        .to_string(),
                    cell: line.first().copied().unwrap_or(Cell::new(0, 0)),
                });
            };
            let mut reversed = line.clone();
            reversed.reverse();
            let key = kind.fpuzzles.key;
            if drawn.contains(&(key, line.clone())) || drawn.contains(&(key, reversed)) {
                continue;
            }
            let dutch = from == Some(DUTCH.1) || (from.is_none() && colour == DUTCH.0);
            let value = dutch.then(|| u32::from(german(self.size).saturating_sub(1)));
            out.push(self.line(kind, line, value, key)?);
        }
        Ok(out)
    }

    /// Refuses cosmetic circles, rectangles, texts and cages that no read rule drew
    /// (SudokuPad's metadata cages, `title: …` and the like, are not rules).
    fn cosmetics(&self) -> Result<(), FpuzzlesError> {
        for key in ["circle", "rectangle", "text", "cage"] {
            for e in entries(self.root, key)? {
                let from = e.get("fromConstraint").and_then(Value::as_str);
                if from.is_some_and(|f| COSMETIC_OF.contains(&f)) {
                    continue;
                }
                let value = e.get("value").and_then(Value::as_str).unwrap_or_default();
                let meta = key == "cage"
                    && value.split_once(": ").is_some_and(|(k, _)| {
                        !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric())
                    });
                if meta {
                    continue;
                }
                let at = e
                    .get("cells")
                    .and_then(Value::as_array)
                    .and_then(|c| c.first())
                    .and_then(Value::as_str)
                    .unwrap_or("?");
                return Err(FpuzzlesError::Bad {
                    feature: key.into(),
                    what: format!(
                        "a cosmetic {key} at {} may state a rule cagesat cannot read",
                        clip(at)
                    ),
                });
            }
        }
        Ok(())
    }
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
    }

    #[test]
    fn boxes_as_fpuzzles_draws_them() {
        assert_eq!(fpuzzles_boxes(6), (2, 3));
        assert_eq!(fpuzzles_boxes(8), (2, 4));
        assert_eq!(fpuzzles_boxes(9), (3, 3));
        assert_eq!(fpuzzles_boxes(5), (1, 5));
        assert_eq!(fpuzzles_boxes(12), (3, 4));
        assert_eq!(fpuzzles_boxes(16), (4, 4));
    }

    #[test]
    fn clues_outside_read_towards_the_grid() {
        assert_eq!(
            ray("R0C1", (1, 1), 4).unwrap(),
            vec![Cell::new(0, 1), Cell::new(1, 2), Cell::new(2, 3)]
        );
        assert_eq!(side("R5C2", 4).unwrap(), (-1, 0));
        assert_eq!(
            ray("R5C2", (-1, 0), 4).unwrap(),
            (0..4).rev().map(|r| Cell::new(r, 1)).collect::<Vec<_>>()
        );
        assert!(ray("R2C2", (1, 1), 4).is_err());
        assert!(side("R0C0", 4).is_err());
    }
}
