//! # Play, hints from progress, Explain, Repair, exports
//!
//! What the page asks beyond the buttons of [`crate::actions`], each given the text box and
//! the page's extra data (`extra`: a JSON object; `progress` is the person's grid, rows of
//! digits with 0 for an empty cell):
//!
//! - `progress`: the wrong entries of the progress ([`setter::candidates`] with a
//!   [`State`]);
//! - `candidates`: the true candidates from the progress, and its wrong entries;
//! - `next`: the next placement from the progress, with the eliminations that lead to it
//!   ([`explain::explain`]), so that Hint moves on as digits are placed;
//! - `explain`: the whole path from the progress, step by step, each with its reason;
//! - `repair`: the fewest givens that make the puzzle unique ([`setter::repair`]), and the
//!   repaired text;
//! - exports: see [`crate::export`].

use cagesat::puzzle::{Action, Step};
use cagesat::setter::explain::{self, End, ExplainOptions};
use cagesat::setter::{self, RepairOptions, State};
use cagesat::{Engine, EngineOptions, Grid, Puzzle};
use serde_json::{json, Value};

use crate::actions::{failure, with_puzzle};
use crate::input::TEXT_NAME;

/// The progress grid in `extra`, or an empty one of the puzzle's shape.
fn progress(puzzle: &Puzzle, extra: &Value) -> Result<Grid<u8>, String> {
    let (rows, cols) = puzzle.shape();
    let Some(given) = extra.get("progress").filter(|p| !p.is_null()) else {
        return Ok(Grid::filled(rows, cols, 0));
    };
    let read: Option<Vec<Vec<u8>>> = serde_json::from_value(given.clone()).ok();
    match read.and_then(Grid::from_rows) {
        Some(g) if g.rows() == rows && g.cols() == cols => Ok(g),
        _ => Err(format!("the progress is not a {rows}x{cols} grid")),
    }
}

/// The progress as a [`State`] (its text read as a solution file is).
fn state(puzzle: &Puzzle, grid: &Grid<u8>) -> Result<State, String> {
    let text: Vec<String> = grid
        .to_rows()
        .iter()
        .map(|row| {
            let squares: Vec<String> = row
                .iter()
                .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
                .collect();
            squares.join(" ")
        })
        .collect();
    State::parse(&text.join("\n"), puzzle)
        .map_err(|e| e.with_path(Some(TEXT_NAME.as_ref())).to_string())
}

/// Runs `f` on the puzzle and its progress grid.
fn with_progress(text: &str, extra: &Value, f: impl FnOnce(&Puzzle, Grid<u8>) -> Value) -> Value {
    with_puzzle(text, |puzzle| match progress(puzzle, extra) {
        Ok(grid) => f(puzzle, grid),
        Err(e) => failure(&e),
    })
}

/// The entries of the progress that are in no solution (`wrong`, labels), and whether the
/// progress still leads to a solution.
#[must_use]
pub fn check_progress(text: &str, extra: &Value) -> Value {
    with_progress(text, extra, |puzzle, grid| {
        let state = match state(puzzle, &grid) {
            Ok(s) => s,
            Err(e) => return failure(&e),
        };
        let opts = EngineOptions::default();
        match setter::candidates(puzzle, Some(&state), &Engine::Auto, &opts) {
            Ok(found) => {
                let wrong: Vec<String> = found.wrong.iter().map(|(c, _)| c.label()).collect();
                let status = if wrong.is_empty() {
                    "no wrong entries".to_string()
                } else {
                    format!("wrong: {}", wrong.join(" "))
                };
                json!({"ok": true, "status": status, "wrong": wrong})
            }
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// The true candidates from the progress (every cell's digits over the solutions that keep
/// the person's entries), and the entries that are in no solution (`wrong`). Without
/// entries, [`crate::setter::candidates`].
#[must_use]
pub fn candidates(text: &str, extra: &Value) -> Value {
    with_progress(text, extra, |puzzle, grid| {
        if crate::actions::cells(&grid).all(|c| *grid.get(c) == 0) {
            return crate::setter::candidates(text);
        }
        let state = match state(puzzle, &grid) {
            Ok(s) => s,
            Err(e) => return failure(&e),
        };
        let opts = EngineOptions::default();
        match setter::candidates(puzzle, Some(&state), &Engine::Auto, &opts) {
            Ok(found) if !found.solvable() => {
                let wrong: Vec<String> = found.wrong.iter().map(|(c, _)| c.label()).collect();
                json!({"ok": true, "status": format!("candidates: no solution keeps these entries (wrong: {})", wrong.join(" ")), "wrong": wrong})
            }
            Ok(found) => {
                let mut answer =
                    crate::setter::candidates_picture(puzzle, found.grid(), found.solutions_seen);
                let wrong: Vec<String> = found.wrong.iter().map(|(c, _)| c.label()).collect();
                answer["wrong"] = json!(wrong);
                answer
            }
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// A step as the page draws it.
fn step_json(step: &Step) -> Value {
    json!({
        "text": step.to_string(),
        "cell": step.cell.label(),
        "digit": step.digit,
        "place": step.action == Action::Place,
        "reason": step.reason.iter().map(|c| c.cells.iter().map(|x| x.label()).collect::<Vec<_>>()).collect::<Vec<_>>(),
    })
}

/// How a path ends, in words.
fn end_words(end: &End) -> String {
    match end {
        End::NoSolution => "no solution from here".to_string(),
        End::NotUnique { undecided } => {
            format!("not unique: no deduction is forced and {undecided} cells are open")
        }
        End::Solved(_) => "solved".to_string(),
        End::Open => "more steps follow".to_string(),
        _ => "stopped".to_string(),
    }
}

/// The path from the progress, or the page's error.
/// The whole path from the progress; when no solution extends it, its wrong entries first
/// (`explain::from_progress`: the path then goes on from the other entries).
fn path(puzzle: &Puzzle, grid: &Grid<u8>) -> Result<explain::Progress, Value> {
    let state = state(puzzle, grid).map_err(|e| failure(&e))?;
    explain::from_progress(puzzle, Some(&state), &ExplainOptions::default(), true)
        .map_err(|e| failure(&format!("error: {e}")))
}

/// The wrong entries' sentences, each followed by `; ` (empty without any).
fn wrong_words(wrong: &[explain::WrongEntry]) -> String {
    wrong.iter().map(|w| format!("{w}; ")).collect()
}

/// The wrong entries' cells, as labels.
fn wrong_cells(wrong: &[explain::WrongEntry]) -> Vec<String> {
    wrong.iter().map(|w| w.cell.label()).collect()
}

/// The next placement from the progress (`step`), after the eliminations it needs.
#[must_use]
pub fn next(text: &str, extra: &Value) -> Value {
    with_progress(text, extra, |puzzle, grid| {
        let (wrong, ex) = match path(puzzle, &grid) {
            Ok(p) => (p.wrong, p.path),
            Err(e) => return e,
        };
        let (words, cells) = (wrong_words(&wrong), wrong_cells(&wrong));
        match ex.steps.iter().position(|s| s.action == Action::Place) {
            Some(i) => {
                let step = &ex.steps[i];
                let before = if i == 0 {
                    String::new()
                } else {
                    format!(" (after {i} eliminations)")
                };
                json!({"ok": true, "status": format!("hint: {words}{step}{before}"), "step": step_json(step), "wrong": cells})
            }
            None => {
                json!({"ok": true, "status": format!("hint: {words}{}", end_words(&ex.end)), "step": null, "wrong": cells})
            }
        }
    })
}

/// The whole path from the progress (`steps`), and how it ends (`end`).
#[must_use]
pub fn explain_path(text: &str, extra: &Value) -> Value {
    with_progress(text, extra, |puzzle, grid| {
        let (wrong, ex) = match path(puzzle, &grid) {
            Ok(p) => (p.wrong, p.path),
            Err(e) => return e,
        };
        let steps: Vec<Value> = ex.steps.iter().map(step_json).collect();
        json!({
            "ok": true,
            "status": format!("explain: {}{} steps, {}", wrong_words(&wrong), steps.len(), end_words(&ex.end)),
            "steps": steps,
            "end": end_words(&ex.end),
            "wrong": wrong_cells(&wrong),
        })
    })
}

/// The fewest givens that make the puzzle unique, and the repaired text.
#[must_use]
pub fn repair(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        match setter::repair(puzzle, &RepairOptions::default()) {
            Ok(r) if r.givens.is_empty() => {
                json!({"ok": true, "status": "repair: already unique", "text": null, "givens": []})
            }
            Ok(r) => {
                let givens: Vec<String> = r
                    .givens
                    .iter()
                    .map(|(c, d)| format!("{}={d}", c.label()))
                    .collect();
                json!({
                    "ok": true,
                    "status": format!("repair: {} makes it unique", givens.join(" ")),
                    "text": r.puzzle.to_string(),
                    "givens": givens,
                })
            }
            Err(e) => failure(&format!("repair: {e}")),
        }
    })
}

/// Counts the solutions, telling `tell` the running total every `every` solutions.
#[must_use]
pub fn count_with(text: &str, every: u64, mut tell: impl FnMut(u64)) -> Value {
    with_puzzle(text, |puzzle| {
        let mut seen = 0u64;
        let run = Engine::Auto.enumerate(puzzle, &EngineOptions::default(), None, |_| {
            seen += 1;
            if seen % every == 0 {
                tell(seen);
            }
        });
        match run {
            Ok((n, _)) => {
                let status = match n.count {
                    0 => "no solution".to_string(),
                    1 => "1 solution".to_string(),
                    k => format!("{k} solutions"),
                };
                json!({"ok": true, "status": status, "count": n.count})
            }
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::Cell;

    const TWO: &str = "size 2\n3 + A1 A2\n3 + B1 B2\n";
    const ONE: &str = "size 3\n3 = A1\n3 + A2 A3\n6 + B1 B2 B3\n6 + C1 C2 C3";

    #[test]
    fn wrong_entries_are_named() {
        let extra = json!({"progress": [[0, 0, 0], [3, 0, 0], [0, 0, 0]]});
        let v = check_progress(ONE, &extra);
        assert_eq!(v["wrong"], json!(["B1"]), "{v}");
        let right = json!({"progress": [[3, 0, 0], [0, 0, 0], [0, 0, 0]]});
        let c = candidates(ONE, &right);
        assert_eq!(c["candidates"][0][0], json!([3]), "{c}");
        assert_eq!(c["wrong"], json!([]), "{c}");
        let bad = check_progress(ONE, &json!({"progress": [[0]]}));
        assert_eq!(bad["ok"], false);
    }

    #[test]
    fn a_hint_names_the_wrong_entries_then_moves_on() {
        let extra = json!({"progress": [[0, 0, 0], [3, 0, 0], [0, 0, 0]]});
        let h = next(ONE, &extra);
        assert_eq!(h["wrong"], json!(["B1"]), "{h}");
        let status = h["status"].as_str().unwrap();
        assert!(status.starts_with("hint: B1 = 3 is wrong: "), "{status}");
        assert_ne!(h["step"], Value::Null, "{h}");
        let ex = explain_path(ONE, &extra);
        assert_eq!(ex["wrong"], json!(["B1"]), "{ex}");
        let status = ex["status"].as_str().unwrap();
        assert!(
            status.starts_with(
                "explain: B1 = 3 is wrong: cage 3= A1, column 1 leave it no filling; "
            ),
            "{status}"
        );
    }

    #[test]
    fn hints_move_on_with_the_progress() {
        let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
        let first = next(text, &json!({}));
        let step = &first["step"];
        assert_eq!(step["place"], true, "{first}");
        let cell = Cell::parse_label(step["cell"].as_str().unwrap()).unwrap();
        let mut grid = vec![vec![0u8; 4]; 4];
        grid[usize::from(cell.row)][usize::from(cell.col)] =
            u8::try_from(step["digit"].as_u64().unwrap()).unwrap();
        let second = next(text, &json!({ "progress": grid }));
        assert_ne!(second["step"]["cell"], step["cell"], "{second}");
        let all = explain_path(text, &json!({}));
        assert!(all["steps"].as_array().unwrap().len() >= 16, "{all}");
        assert_eq!(all["end"], "solved");
    }

    #[test]
    fn repair_makes_a_unique_puzzle() {
        let r = repair(TWO);
        let fixed = Puzzle::parse(r["text"].as_str().unwrap()).unwrap();
        let (n, _) = Engine::Auto
            .count(&fixed, &EngineOptions::default(), None)
            .unwrap();
        assert_eq!(n.count, 1);
        let mut seen = Vec::new();
        let c = count_with(TWO, 1, |n| seen.push(n));
        assert_eq!((c["count"].as_u64(), seen), (Some(2), vec![1, 2]));
        assert_eq!(
            crate::export::export("size 2\n3 + A1 A2\n3 + B1 B2\n")["keen"],
            json!(keen_id_of(TWO))
        );
    }

    fn keen_id_of(text: &str) -> Option<String> {
        match Puzzle::parse(text).unwrap() {
            Puzzle::KenKen(k) => cagesat::generate::keen_id(&k),
            _ => None,
        }
    }
}
