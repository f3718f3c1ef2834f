//! # The editor's side of the worker: the model it draws and the live check
//!
//! The page's editor (`www/editor.js`) keeps a puzzle as plain data and writes the text
//! format as it is drawn; text typed or pasted into the box comes back here and is answered
//! with the same data ([`model`]), so the editor redraws what the library read. After every
//! edit the page asks for the live check ([`check`]): `unique`, `no solution` (naming the
//! constraint that is impossible alone, when one is: [`crate::impossible`]) or
//! `N solutions` with the ambiguous cells (those that take more than one digit over the
//! solutions, [`setter::candidates`]).
//!
//! The model's JSON: `kind`, `rows`, `cols`, `box` (`[rows, cols]` of a Sudoku box),
//! `cages` (`{clue, cells}`, the clue as the editor takes it: `12+`, `3-`, `5=`, `7?`, or a
//! Killer sum `15`), `givens` (`{"A1": 5}`), `diagonals` (Sudoku and Killer: whether both
//! long diagonals hold distinct digits, Sudoku X and Killer X), `variants` (Sudoku and
//! Killer: the variant constraints, each its line of the text format,
//! [`cagesat::parse::variant_line`]: `thermo A1 A2 A3`, `dot white A1 A2`), `squares` (Kakuro: per row, `"."` for a white
//! square, `"#"` for a blocked one and `"D\\A"` for a clue), `rowClues`, `colClues`
//! (CrossProduct), `regions` (a jigsaw Sudoku or Killer: per row each cell's region, `null`
//! for boxes), `clues` (Towers: `top`, `bottom`, `left`, `right`, 0 for no clue), `adjacent`
//! and `marks` (Unequal: `{"A1 A2": "<"}`).

use cagesat::parse::variant_line;
use cagesat::puzzle::{Mark, Overlay, Square};
use cagesat::setter;
use cagesat::{Cell, Engine, EngineOptions, Grid, Puzzle};
use serde_json::{json, Map, Value};

use crate::actions::{cells, failure, with_puzzle};

/// Solutions counted by the live check before it says `N+ solutions`.
pub const CHECK_LIMIT: u64 = 1000;

/// The editor's data for `puzzle` (see the module notes): the library's sketch of it
/// ([`Puzzle::sketch`]), each part the puzzle has under its field.
#[must_use]
pub fn model(puzzle: &Puzzle) -> Value {
    let (rows, cols) = puzzle.shape();
    let mut m = Map::new();
    let _ = m.insert("kind".into(), json!(puzzle.kind()));
    let _ = m.insert("rows".into(), json!(rows));
    let _ = m.insert("cols".into(), json!(cols));
    if let Some(set) = puzzle.givens() {
        let _ = m.insert("givens".into(), givens(&set));
    }
    let sketch = puzzle.sketch();
    let mut put = |key: &str, value: Value| {
        let _ = m.insert(key.into(), value);
    };
    if let Some(b) = sketch.boxes {
        put("box", json!(b));
        put("regions", json!(sketch.regions.map(Grid::to_rows)));
    }
    if let Some(d) = sketch.diagonals {
        put("diagonals", json!(d));
    }
    if let Some(v) = sketch.variants {
        put(
            "variants",
            json!(v.iter().map(variant_line).collect::<Vec<_>>()),
        );
    }
    if let Some(cages) = sketch.cages {
        let cage = |(clue, cells): (String, &[Cell])| json!({"clue": clue, "cells": labels(cells)});
        put("cages", Value::Array(cages.into_iter().map(cage).collect()));
    }
    if let Some(squares) = sketch.squares {
        let row = |row: &[Square]| row.iter().map(|&s| square(s)).collect::<Vec<_>>();
        put(
            "squares",
            json!(squares.iter_rows().map(row).collect::<Vec<_>>()),
        );
    }
    if let Some((rows, cols)) = sketch.line_clues {
        put("rowClues", json!(rows));
        put("colClues", json!(cols));
    }
    if let Some(sides) = sketch.side_clues {
        let mut clues = Map::new();
        for (side, v) in sides {
            let _ = clues.insert(side.name().to_string(), json!(v));
        }
        put("clues", Value::Object(clues));
    }
    if let Some(a) = sketch.adjacent {
        put("adjacent", json!(a));
    }
    if let Some(marks) = sketch.marks {
        put("marks", self::marks(&marks));
    }
    Value::Object(m)
}

/// The labels of `cells` (`["A1", "A2"]`).
fn labels(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|c| c.label()).collect()
}

/// Unequal's marks between neighbours (`{"A1 A2": "<"}`, the first cell left of or above
/// the second; `<` it is smaller, `>` greater, `|` a bar).
fn marks(pairs: &[(Cell, Cell, Mark)]) -> Value {
    // Filled by insertion: a `Map` collected from an iterator sorts, and each iterator type
    // brings its own copy of the sort into the page's WebAssembly.
    let mut marks = Map::new();
    for &(a, b, mark) in pairs {
        let sign = match mark {
            Mark::Less => "<",
            Mark::Greater => ">",
            Mark::Bar => "|",
            _ => continue,
        };
        let _ = marks.insert(format!("{} {}", a.label(), b.label()), json!(sign));
    }
    Value::Object(marks)
}

/// `{"A1": 5, …}`.
fn givens(given: &[(Cell, u8)]) -> Value {
    let mut map = Map::new();
    for (c, d) in given {
        let _ = map.insert(c.label(), json!(d));
    }
    Value::Object(map)
}

/// A Kakuro square as the editor writes it.
fn square(s: Square) -> String {
    let n = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
    match s {
        Square::White => ".".into(),
        Square::Clue { down, across } => format!("{}\\{}", n(down), n(across)),
        _ => "#".into(),
    }
}

/// The live check of the text: the model, and `unique` / `no solution` / `N solutions`
/// (counted up to [`CHECK_LIMIT`]) with the ambiguous cells (`ambiguous`, labels), and the
/// picture with them shaded.
#[must_use]
pub fn check(text: &str) -> Value {
    let puzzle = match crate::input::read(text) {
        Ok(puzzle) => puzzle,
        // A KenKen while it is drawn: the cells in no cage are free.
        Err(e) if crate::partial::only_uncaged(&e) => {
            return match crate::partial::read(text, e) {
                Ok(p) => crate::partial::check(&p),
                Err(e) => failure(&e.to_string()),
            }
        }
        Err(e) => return failure(&e.to_string()),
    };
    check_puzzle(&puzzle)
}

/// [`check`] of a puzzle read.
fn check_puzzle(puzzle: &Puzzle) -> Value {
    {
        let opts = EngineOptions::default();
        let counted = match Engine::Auto.count(puzzle, &opts, Some(CHECK_LIMIT)) {
            Ok((n, _)) => n,
            Err(e) => return failure(&format!("error: {e}")),
        };
        let mut answer = json!({
            "ok": true,
            "kind": puzzle.kind(),
            "size": puzzle.size_label(),
            "model": model(puzzle),
            "count": counted.count,
            "ambiguous": [],
        });
        let status = match (counted.count, counted.complete) {
            (0, _) => match crate::impossible::first_impossible(&puzzle.constraints()) {
                Some(c) => format!("no solution: {c} is impossible alone"),
                None => "no solution".to_string(),
            },
            (1, _) => "unique".to_string(),
            (n, true) => format!("{n} solutions"),
            (n, false) => format!("{n}+ solutions"),
        };
        let mut overlay = Overlay::default();
        if counted.count > 1 {
            match setter::candidates(puzzle, None, &Engine::Auto, &opts) {
                Ok(found) => {
                    let grid = found.grid();
                    overlay.shaded = cells(grid).filter(|&c| grid.get(c).len() > 1).collect();
                    let open: Vec<String> = overlay.shaded.iter().map(|c| c.label()).collect();
                    answer["ambiguous"] = json!(open);
                }
                Err(e) => return failure(&format!("error: {e}")),
            }
        }
        answer["status"] = json!(status);
        answer["svg"] = json!(puzzle.render_svg_with(None, &overlay));
        answer
    }
}

/// The library's picture of the puzzle (for the SVG export and the printed page).
#[must_use]
pub fn svg(text: &str) -> Value {
    with_puzzle(
        text,
        |puzzle| json!({"ok": true, "status": "svg", "svg": puzzle.render_svg_with(None, &Overlay::default())}),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_holds_every_cage_and_given() {
        let p = Puzzle::parse("size 2\n3 + A1 A2\n2 = B1\n1 = B2").unwrap();
        let m = model(&p);
        assert_eq!(m["kind"], "kenken");
        assert_eq!(m["cages"][0], json!({"clue": "3+", "cells": ["A1", "A2"]}));
        assert_eq!(m["cages"][1]["clue"], "2=");
        let k = Puzzle::parse("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n").unwrap();
        let x = Puzzle::parse("diagonals\n1 . . .\n. . . .\n. . . .\n. . . .\n").unwrap();
        assert_eq!(model(&x)["diagonals"], true);
        let plain = Puzzle::parse("1 . . .\n. . . .\n. . . .\n. . . .\n").unwrap();
        assert_eq!(model(&plain)["diagonals"], false);
        assert_eq!(model(&plain)["variants"], json!([]));
        let thermo =
            Puzzle::parse(". . . .\n. . . .\n. . . .\n. . . .\nthermo A1 A2 B2\ndot x C1 C2\n")
                .unwrap();
        assert_eq!(
            model(&thermo)["variants"],
            json!(["thermo A1 A2 B2", "dot x C1 C2"])
        );
        assert_eq!(
            model(&k)["squares"],
            json!([["#", "3\\", "4\\"], ["\\3", ".", "."], ["\\4", ".", "."]])
        );
    }

    #[test]
    fn towers_unequal_and_jigsaw_models() {
        let t = Puzzle::parse("towers:3:1///////////,a2g").unwrap();
        let m = model(&t);
        assert_eq!(m["clues"]["top"], json!([1, 0, 0]), "{m}");
        assert_eq!(m["clues"]["right"], json!([0, 0, 0]), "{m}");
        assert_eq!(m["givens"], json!({"A2": 2}), "{m}");
        let u = Puzzle::parse("kind unequal\nsize 3\n.>. .\n\n. 2 .\n    v\n. . .\n").unwrap();
        let m = model(&u);
        assert_eq!(m["marks"], json!({"A1 A2": ">", "B3 C3": ">"}), "{m}");
        assert_eq!(m["adjacent"], false);
        let a = Puzzle::parse("kind unequal\nsize 2 adjacent\n.|.\n-\n. .\n").unwrap();
        assert_eq!(model(&a)["marks"], json!({"A1 A2": "|", "A1 B1": "|"}));
        let j = Puzzle::parse(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../tests/data/solo/6x6-jigsaw.sudoku"
            ))
            .unwrap(),
        )
        .unwrap();
        assert_eq!(model(&j)["regions"][2], json!([2, 2, 2, 3, 4, 4]));
        assert_eq!(
            model(&Puzzle::parse("1 . . .\n. . . .\n. . . .\n. . . .\n").unwrap())["regions"],
            Value::Null
        );
    }

    #[test]
    fn the_check_names_the_ambiguous_cells() {
        let two = check("size 2\n3 + A1 A2\n3 + B1 B2\n");
        assert_eq!(two["status"], "2 solutions");
        assert_eq!(two["ambiguous"], json!(["A1", "A2", "B1", "B2"]));
        let one = check("size 2\n3 + A1 A2\n1 = B1\n2 = B2\n");
        assert_eq!(
            (
                one["status"].as_str(),
                one["ambiguous"].as_array().map(Vec::len)
            ),
            (Some("unique"), Some(0))
        );
        // A cage no digits can make is the parser's positioned error, as on the command line.
        let none = check("size 2\n3 + A1 A2\n4 * B1 B2\n");
        assert_eq!(
            none["status"],
            "puzzle:3:1: cage 4* at B1 cannot be made by 2 digits 1..=2"
        );
        // Cells in no cage are free (web/src/partial.rs).
        let drawn = check("size 2\n3 + A1 A2\n");
        assert_eq!(drawn["status"], "2 solutions (2 cells in no cage yet)");
        let bad = check("size 2\n3 + A1 A2 A3\n");
        assert_eq!(bad["ok"], false);
        assert!(
            bad["status"].as_str().unwrap().starts_with("puzzle:"),
            "{bad}"
        );
    }
}
