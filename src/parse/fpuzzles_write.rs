//! # Writing f-puzzles links
//!
//! The other direction of [`crate::parse::fpuzzles`]: a Sudoku, Sudoku X, Killer or Killer
//! X with the standard boxes as an f-puzzles link (`https://www.f-puzzles.com/?load=…`,
//! lz-string base64 of the JSON `size`, `grid` with the given digits, `killercage` and the
//! two diagonals), the one-line form of the puzzles no shorter one holds (a Killer with
//! givens or one-cell cages beside the diagonals). Jigsaw Sudokus (f-puzzles `regions`)
//! and other kinds have none here.

use serde_json::{json, Map, Value};

use crate::grid::Cell;
use crate::puzzle::sudoku::Sudoku;
use crate::puzzle::Puzzle;

/// The f-puzzles link of a Sudoku or Killer Sudoku with the standard boxes, which
/// [`Puzzle::parse`] reads back to the same puzzle; `None` for other puzzles.
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
    let (sudoku, cages) = match puzzle {
        Puzzle::Sudoku(s) => (s, None),
        Puzzle::Killer(k) => (k.sudoku(), Some(k.cages())),
        _ => return None,
    };
    if sudoku.regions().is_some() {
        return None;
    }
    let mut root = Map::new();
    let _ = root.insert("size".into(), json!(sudoku.size()));
    let _ = root.insert("grid".into(), grid(sudoku));
    if let Some(cages) = cages {
        let list: Vec<Value> = cages
            .iter()
            .map(|c| {
                let cells: Vec<String> = c.cells.iter().map(|&cell| name(cell)).collect();
                json!({ "cells": cells, "value": c.sum.to_string() })
            })
            .collect();
        let _ = root.insert("killercage".into(), Value::Array(list));
    }
    if sudoku.diagonals() {
        let _ = root.insert("diagonal+".into(), json!(true));
        let _ = root.insert("diagonal-".into(), json!(true));
    }
    let text = Value::Object(root).to_string();
    Some(format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(text.as_str())
    ))
}

/// The `grid` rows: `{"value":D,"given":true}` for a given digit, `{}` for an empty square.
fn grid(sudoku: &Sudoku) -> Value {
    let rows: Vec<Value> = sudoku
        .givens()
        .iter_rows()
        .map(|row| {
            let squares: Vec<Value> = row
                .iter()
                .map(|&d| {
                    if d == 0 {
                        json!({})
                    } else {
                        json!({ "value": d, "given": true })
                    }
                })
                .collect();
            Value::Array(squares)
        })
        .collect();
    Value::Array(rows)
}

/// A cell as f-puzzles names it: `R1C1`, 1-based.
fn name(cell: Cell) -> String {
    format!("R{}C{}", u32::from(cell.row) + 1, u32::from(cell.col) + 1)
}
