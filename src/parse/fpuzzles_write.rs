//! # Writing f-puzzles links
//!
//! The other direction of [`crate::parse::fpuzzles`]: a Sudoku or Killer Sudoku (boxes or
//! jigsaw regions, givens, cages with or without sums, one-cell cages, every variant
//! constraint f-puzzles or its user scripts hold) as f-puzzles JSON, or as a link
//! (`https://www.f-puzzles.com/?load=…`, lz-string base64 of the JSON). The lines of the
//! user scripts (renban, whispers, region sums, …) are written under their keys and, beside
//! them, as the coloured cosmetic `line` the scripts write, so that f-puzzles without the
//! scripts and SudokuPad draw them; the reader takes that drawing for the line it draws.
//!
//! What f-puzzles cannot hold is refused by name, never dropped: greater-than signs, sum
//! dots other than X and V, negative rules other than f-puzzles' own, modular lines of
//! another modulus, lockout lines of another difference, outside clues that do not cover a
//! whole row, column or diagonal from the edge. Every written puzzle is read back and
//! compared, rule by rule, before it is handed out.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};
use thiserror::Error;

use crate::grid::Cell;
use crate::parse::fpuzzles::{fpuzzles_boxes, from_json, german, windows, DUTCH};
use crate::puzzle::family::{self, FpValue, Line};
use crate::puzzle::sudoku::Sudoku;
use crate::puzzle::variant::{Dot, Variant};
use crate::puzzle::Puzzle;

/// Why a puzzle has no f-puzzles form.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FpuzzlesWriteError {
    /// A kind f-puzzles does not hold.
    #[error("f-puzzles holds Sudoku and Killer Sudoku, not {0}")]
    Kind(&'static str),
    /// A constraint f-puzzles cannot hold.
    #[error("f-puzzles cannot hold the {what}: {reason}")]
    Cannot {
        /// The constraint, as cagesat names it (`greater-than sign A1 A2`).
        what: String,
        /// Why, in words.
        reason: String,
    },
}

/// The f-puzzles link of a Sudoku or Killer Sudoku, which [`Puzzle::parse`] reads back to
/// the same rules; `None` for puzzles f-puzzles cannot hold ([`to_fpuzzles_link`] says why).
///
/// ```
/// use cagesat::Puzzle;
///
/// let p = Puzzle::parse("1.....3..4.....2")?;
/// let link = cagesat::parse::fpuzzles_link(&p).expect("a 4x4 Sudoku");
/// assert!(link.starts_with("https://www.f-puzzles.com/?load="));
/// assert_eq!(Puzzle::parse(&link)?, p);
/// # Ok::<(), cagesat::ParseError>(())
/// ```
#[must_use]
pub fn fpuzzles_link(puzzle: &Puzzle) -> Option<String> {
    to_fpuzzles_link(puzzle).ok()
}

/// The f-puzzles link of a Sudoku or Killer Sudoku (see [`to_fpuzzles_json`]).
///
/// # Errors
/// As [`to_fpuzzles_json`].
pub fn to_fpuzzles_link(puzzle: &Puzzle) -> Result<String, FpuzzlesWriteError> {
    let text = to_fpuzzles_json(puzzle)?;
    Ok(format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(text.as_str())
    ))
}

/// The f-puzzles JSON of a Sudoku or Killer Sudoku, read back and checked to hold the same
/// rules (its variant constraints come back grouped by family, in the reader's order).
///
/// # Errors
/// [`FpuzzlesWriteError::Kind`] for other kinds, [`FpuzzlesWriteError::Cannot`] naming the
/// first constraint f-puzzles cannot hold.
pub fn to_fpuzzles_json(puzzle: &Puzzle) -> Result<String, FpuzzlesWriteError> {
    let (sudoku, cages) = match puzzle {
        Puzzle::Sudoku(s) => (s, &[][..]),
        Puzzle::Killer(k) => (k.sudoku(), k.cages()),
        other => return Err(FpuzzlesWriteError::Kind(other.kind())),
    };
    let n = sudoku.size();
    let mut w = Writer {
        root: Map::new(),
        marks: BTreeMap::new(),
        negative: Vec::new(),
        size: n,
    };
    let _ = w.root.insert("size".into(), json!(n));
    for cage in cages {
        let cells: Vec<String> = cage.cells.iter().map(|&c| name(c)).collect();
        w.push(
            "killercage",
            json!({ "cells": cells, "value": cage.sum.to_string() }),
        );
    }
    if sudoku.diagonals() {
        w.flag("diagonal+");
        w.flag("diagonal-");
    }
    for v in sudoku.variants() {
        w.variant(v)?;
    }
    if !w.negative.is_empty() {
        let negative = std::mem::take(&mut w.negative);
        let _ = w.root.insert("negative".into(), json!(negative));
    }
    let grid = w.grid(sudoku);
    let _ = w.root.insert("grid".into(), grid);
    let text = Value::Object(w.root).to_string();
    check(puzzle, &text)?;
    Ok(text)
}

/// Builds the JSON.
struct Writer {
    /// The object so far.
    root: Map<String, Value>,
    /// Pencil-mark givens by cell.
    marks: BTreeMap<Cell, Vec<u8>>,
    /// The `negative` rules.
    negative: Vec<&'static str>,
    /// The side.
    size: usize,
}

/// A refusal of `v` for `reason`.
fn cannot(v: &Variant, reason: &str) -> FpuzzlesWriteError {
    FpuzzlesWriteError::Cannot {
        what: v.to_string(),
        reason: reason.to_string(),
    }
}

impl Writer {
    /// Appends to the array under `key`.
    fn push(&mut self, key: &str, v: Value) {
        let entry = self
            .root
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(a) = entry {
            a.push(v);
        }
    }

    /// Sets `key` to true.
    fn flag(&mut self, key: &str) {
        let _ = self.root.insert(key.to_string(), json!(true));
    }

    /// A line under `key`, with the user scripts' cosmetic drawing in `colour` when it has
    /// one.
    fn line(
        &mut self,
        key: &str,
        cells: &[Cell],
        value: Option<u8>,
        drawing: Option<(&str, &str)>,
    ) {
        let names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
        let mut entry = json!({ "lines": [names] });
        if let (Some(v), Value::Object(o)) = (value, &mut entry) {
            let _ = o.insert("value".into(), json!(v.to_string()));
        }
        self.push(key, entry);
        if let Some((colour, from)) = drawing {
            self.push(
                "line",
                json!({ "lines": [names], "outlineC": colour, "width": 0.15625, "fromConstraint": from }),
            );
        }
    }

    /// Writes one variant constraint.
    fn variant(&mut self, v: &Variant) -> Result<(), FpuzzlesWriteError> {
        let n = self.size;
        let cells_of = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| name(c)).collect() };
        if let Some((line, cells, p)) = family::line_of(v) {
            return self.family_line(v, line, cells, p);
        }
        match v {
            Variant::Candidates { cell, digits } => {
                if self.marks.insert(*cell, digits.clone()).is_some() {
                    return Err(cannot(v, "f-puzzles holds one pencil-mark list per cell"));
                }
            }
            Variant::Parity { cell, even } => {
                self.push(
                    if *even { "even" } else { "odd" },
                    json!({ "cell": name(*cell) }),
                );
            }
            Variant::AntiKnight => self.flag("antiknight"),
            Variant::AntiKing => self.flag("antiking"),
            Variant::NonConsecutive => self.flag("nonconsecutive"),
            Variant::Diagonal { anti } => self.flag(if *anti { "diagonal+" } else { "diagonal-" }),
            Variant::Windoku => {
                for w in windows() {
                    self.push("extraregion", json!({ "cells": cells_of(&w) }));
                }
            }
            Variant::Region(cells) => self.push("extraregion", json!({ "cells": cells_of(cells) })),
            Variant::Cage { cells, sum } => {
                let mut entry = json!({ "cells": cells_of(cells) });
                if let (Some(s), Value::Object(o)) = (sum, &mut entry) {
                    let _ = o.insert("value".into(), json!(s.to_string()));
                }
                self.push("killercage", entry);
            }
            Variant::Dot { cells, dot } => {
                let cells = cells_of(cells);
                match *dot {
                    Dot::White(1) => self.push("difference", json!({ "cells": cells })),
                    Dot::White(k) => self.push(
                        "difference",
                        json!({ "cells": cells, "value": k.to_string() }),
                    ),
                    Dot::Black(2) => self.push("ratio", json!({ "cells": cells })),
                    Dot::Black(k) => {
                        self.push("ratio", json!({ "cells": cells, "value": k.to_string() }))
                    }
                    Dot::Sum(10) => self.push("xv", json!({ "cells": cells, "value": "X" })),
                    Dot::Sum(5) => self.push("xv", json!({ "cells": cells, "value": "V" })),
                    _ => return Err(cannot(v, "f-puzzles' XV signs are X (10) and V (5) only")),
                }
            }
            Variant::NegativeDots(dot) => match dot {
                Dot::White(1) => self.flag("nonconsecutive"),
                Dot::Black(_) if !self.negative.contains(&"ratio") => self.negative.push("ratio"),
                Dot::Sum(5 | 10) if !self.negative.contains(&"xv") => self.negative.push("xv"),
                Dot::Black(_) | Dot::Sum(5 | 10) => {}
                _ => {
                    return Err(cannot(
                        v,
                        "f-puzzles' negative rules are nonconsecutive, ratio and XV",
                    ))
                }
            },
            Variant::GreaterThan(_) => {
                return Err(cannot(v, "f-puzzles has no greater-than signs"))
            }
            Variant::Quadruple { cells, digits } => {
                self.push(
                    "quadruple",
                    json!({ "cells": cells_of(cells), "values": digits }),
                );
            }
            Variant::Arrow { circle, line } => {
                // The line starts in the circle's cell next to its first cell.
                let first = line.first().copied();
                let start = circle
                    .iter()
                    .copied()
                    .find(|&c| {
                        first.is_some_and(|f| {
                            c.row.abs_diff(f.row) <= 1 && c.col.abs_diff(f.col) <= 1
                        })
                    })
                    .or_else(|| circle.last().copied());
                let path: Vec<Cell> = start.into_iter().chain(line.iter().copied()).collect();
                self.push(
                    "arrow",
                    json!({ "cells": cells_of(circle), "lines": [cells_of(&path)] }),
                );
            }
            Variant::LittleKiller { cells, sum } => {
                let (clue, dir) = little_killer(cells, n).ok_or_else(|| {
                    cannot(
                        v,
                        "an f-puzzles little killer sums a whole diagonal from outside the grid",
                    )
                })?;
                let direction = match dir {
                    (-1, -1) => "UL",
                    (-1, 1) => "UR",
                    (1, -1) => "DL",
                    _ => "DR",
                };
                self.push(
                    "littlekillersum",
                    json!({ "cell": outside_name(clue), "direction": direction, "value": sum.to_string() }),
                );
            }
            Variant::Sandwich { cells, sum } => {
                self.outside(v, "sandwichsum", cells, *sum, None)?
            }
            Variant::XSum { cells, sum } => self.outside(v, "xsum", cells, *sum, Some("X Sum"))?,
            Variant::Skyscraper { cells, count } => {
                self.outside(
                    v,
                    "skyscraper",
                    cells,
                    u32::from(*count),
                    Some("Skyscraper"),
                )?;
            }
            // The line families are written above.
            _ => return Err(cannot(v, "not a constraint f-puzzles holds")),
        }
        Ok(())
    }

    /// A line family's line under its key, with the cosmetic line its script draws; a
    /// double arrow also with its two circles.
    fn family_line(
        &mut self,
        v: &Variant,
        line: &Line,
        cells: &[Cell],
        p: u8,
    ) -> Result<(), FpuzzlesWriteError> {
        let n = self.size;
        let value = match line.fpuzzles.value {
            FpValue::None => None,
            FpValue::Read(_) => Some(p),
            FpValue::Fixed(f, _) if p == f(n) => None,
            FpValue::Fixed(_, reason) => return Err(cannot(v, reason)),
        };
        let dutch = matches!(v, Variant::Whisper { .. }) && p.checked_add(1) == Some(german(n));
        let drawing = if dutch {
            Some(DUTCH)
        } else {
            line.fpuzzles_drawing()
        };
        self.line(line.fpuzzles.key, cells, value, drawing);
        if let (Variant::DoubleArrow(_), Some((colour, from))) = (v, drawing) {
            for end in [cells.first(), cells.last()].into_iter().flatten() {
                self.push(
                    "circle",
                    json!({ "cells": [name(*end)], "baseC": colour, "outlineC": colour, "width": 0.85, "height": 0.85, "fromConstraint": from }),
                );
            }
        }
        Ok(())
    }

    /// A row or column clue outside the grid.
    fn outside(
        &mut self,
        v: &Variant,
        key: &str,
        cells: &[Cell],
        value: u32,
        script: Option<&str>,
    ) -> Result<(), FpuzzlesWriteError> {
        let clue = row_clue(cells, self.size).ok_or_else(|| {
            cannot(
                v,
                "an f-puzzles outside clue sees a whole row or column from one end",
            )
        })?;
        let cell = outside_name(clue);
        self.push(key, json!({ "cell": cell, "value": value.to_string() }));
        if let Some(from) = script {
            self.push(
                "text",
                json!({ "cells": [cell], "value": value.to_string(), "fontC": "#000000", "size": 0.7, "fromConstraint": from }),
            );
        }
        Ok(())
    }

    /// The `grid` rows: givens, regions where the boxes are not f-puzzles' own, pencil-mark
    /// givens.
    fn grid(&self, sudoku: &Sudoku) -> Value {
        let n = sudoku.size();
        let regions = sudoku.regions().is_some() || sudoku.boxes() != fpuzzles_boxes(n);
        let rows: Vec<Value> = (0..n)
            .map(|r| {
                let squares: Vec<Value> = (0..n)
                    .map(|c| {
                        // r, c < n <= 16.
                        let cell = Cell::new(r as u8, c as u8);
                        let mut square = Map::new();
                        let d = *sudoku.givens().get(cell);
                        if d != 0 {
                            let _ = square.insert("value".into(), json!(d));
                            let _ = square.insert("given".into(), json!(true));
                        }
                        if regions {
                            let _ = square.insert("region".into(), json!(sudoku.box_of(cell)));
                        }
                        if let Some(marks) = self.marks.get(&cell) {
                            let _ = square.insert("givenPencilMarks".into(), json!(marks));
                        }
                        Value::Object(square)
                    })
                    .collect();
                Value::Array(squares)
            })
            .collect();
        Value::Array(rows)
    }
}

/// A cell as f-puzzles names it: `R1C1`, 1-based.
fn name(cell: Cell) -> String {
    format!("R{}C{}", u32::from(cell.row) + 1, u32::from(cell.col) + 1)
}

/// A place outside the grid (0-based, -1 or N for the rows and columns around it) as
/// f-puzzles names it: `R0C3`.
fn outside_name((r, c): (i32, i32)) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// The clue outside the grid and the direction of a little killer over `cells`, when they
/// are a whole diagonal from the edge.
fn little_killer(cells: &[Cell], n: usize) -> Option<((i32, i32), (i32, i32))> {
    let first = *cells.first()?;
    let dirs: Vec<(i32, i32)> = match cells.get(1) {
        Some(b) => vec![(
            i32::from(b.row) - i32::from(first.row),
            i32::from(b.col) - i32::from(first.col),
        )],
        None => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
    };
    dirs.into_iter()
        .filter(|(dr, dc)| dr.abs() == 1 && dc.abs() == 1)
        .find_map(|d| whole_ray(cells, d, n).map(|clue| (clue, d)))
}

/// The clue outside the grid of a whole row or column read from one end.
fn row_clue(cells: &[Cell], n: usize) -> Option<(i32, i32)> {
    if cells.len() != n || n < 2 {
        return None;
    }
    let (a, b) = (cells[0], cells[1]);
    let d = (
        i32::from(b.row) - i32::from(a.row),
        i32::from(b.col) - i32::from(a.col),
    );
    if d.0.abs() + d.1.abs() != 1 {
        return None;
    }
    whole_ray(cells, d, n)
}

/// The place outside the grid from which `cells` are every cell along `d` to the far edge.
fn whole_ray(cells: &[Cell], (dr, dc): (i32, i32), n: usize) -> Option<(i32, i32)> {
    let n = i32::try_from(n).ok()?;
    let first = cells.first()?;
    let (r0, c0) = (i32::from(first.row) - dr, i32::from(first.col) - dc);
    let inside = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
    if inside(r0, c0) {
        return None;
    }
    let mut k = 0;
    let (mut r, mut c) = (r0 + dr, c0 + dc);
    while inside(r, c) {
        let cell = cells.get(k)?;
        if (i32::from(cell.row), i32::from(cell.col)) != (r, c) {
            return None;
        }
        k += 1;
        r += dr;
        c += dc;
    }
    (k == cells.len()).then_some((r0, c0))
}

/// Side, givens, each cell's box, and each constraint as (`Debug` form, name).
type Rules = (usize, Vec<(Cell, u8)>, Vec<usize>, Vec<(String, String)>);

/// The rules of a puzzle in a form two readings of it share: side, givens, regions, and
/// each constraint (Killer cages as cages, the windows as regions, unordered cells sorted),
/// with its name, sorted.
fn rules(puzzle: &Puzzle) -> Option<Rules> {
    let (sudoku, cages) = match puzzle {
        Puzzle::Sudoku(s) => (s, &[][..]),
        Puzzle::Killer(k) => (k.sudoku(), k.cages()),
        _ => return None,
    };
    let mut all: Vec<Variant> = Vec::new();
    if sudoku.diagonals() {
        all.push(Variant::Diagonal { anti: false });
        all.push(Variant::Diagonal { anti: true });
    }
    all.extend(cages.iter().map(|c| Variant::Cage {
        cells: c.cells.clone(),
        sum: Some(c.sum),
    }));
    let dots = !sudoku.dots().is_empty();
    for v in sudoku.variants() {
        match v {
            Variant::Windoku => all.extend(windows().into_iter().map(Variant::Region)),
            Variant::NegativeDots(Dot::White(1)) if !dots => all.push(Variant::NonConsecutive),
            other => all.push(other.clone()),
        }
    }
    let mut out: Vec<(String, String)> = all
        .into_iter()
        .map(|v| {
            let shown = v.to_string();
            let v = match v {
                Variant::Region(mut cells) => {
                    cells.sort_unstable();
                    Variant::Region(cells)
                }
                Variant::Cage { mut cells, sum } => {
                    cells.sort_unstable();
                    Variant::Cage { cells, sum }
                }
                other => other,
            };
            (format!("{v:?}"), shown)
        })
        .collect();
    out.sort_unstable();
    let boxes = sudoku
        .cells()
        .into_iter()
        .map(|c| sudoku.box_of(c))
        .collect();
    Some((sudoku.size(), sudoku.given_cells(), boxes, out))
}

/// Reads `text` back and compares its rules with `puzzle`'s.
fn check(puzzle: &Puzzle, text: &str) -> Result<(), FpuzzlesWriteError> {
    let back = from_json(text).map_err(|e| FpuzzlesWriteError::Cannot {
        what: "puzzle".into(),
        reason: e.to_string(),
    })?;
    let (want, got) = (rules(puzzle), rules(&back));
    if want == got {
        return Ok(());
    }
    let (what, reason) = match (&want, &got) {
        (Some(w), Some(g)) => match w.3.iter().find(|r| !g.3.contains(r)) {
            Some(lost) => (lost.1.clone(), "it does not read back the same".to_string()),
            None => match g.3.iter().find(|r| !w.3.contains(r)) {
                Some(extra) => (
                    "puzzle".to_string(),
                    format!("it would read back with an added {}", extra.1),
                ),
                None => (
                    "puzzle's grid".to_string(),
                    "it does not read back the same".to_string(),
                ),
            },
        },
        _ => ("puzzle".to_string(), "it does not read back".to_string()),
    };
    Err(FpuzzlesWriteError::Cannot { what, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_clues_name_their_place() {
        let col: Vec<Cell> = (0..4).rev().map(|r| Cell::new(r, 2)).collect();
        assert_eq!(row_clue(&col, 4), Some((4, 2)));
        assert_eq!(outside_name((4, 2)), "R5C3");
        let diag = [Cell::new(0, 1), Cell::new(1, 2), Cell::new(2, 3)];
        assert_eq!(little_killer(&diag, 4), Some(((-1, 0), (1, 1))));
        assert_eq!(little_killer(&diag[..2], 4), None);
        assert_eq!(
            little_killer(&[Cell::new(0, 3)], 4),
            Some(((-1, 2), (1, 1)))
        );
    }
}
