//! # What the buttons do
//!
//! Every action reads the text box ([`crate::input::read`]), runs the library with the
//! command line's default engine ([`Engine::Auto`]) and answers one JSON object for the page:
//! `ok`, a one-line `status` in the command line's words, the `svg` to show, and the data
//! behind the picture (`grid`: the solution shown, rows of digits; `candidates`: per cell the
//! digits left) so that tests read what the picture shows.

use cagesat::puzzle::Overlay;
use cagesat::{Cell, Count, Engine, EngineOptions, Grid, Outcome, Puzzle};
use serde_json::{json, Value};

use crate::input;

/// An action's answer: `ok` is false when the text did not parse or the engine failed, and
/// `status` is then the error's one line.
#[must_use]
pub fn failure(message: &str) -> Value {
    json!({ "ok": false, "status": message })
}

/// Runs `f` on the puzzle in `text`, or answers its parse error.
pub(crate) fn with_puzzle(text: &str, f: impl FnOnce(&Puzzle) -> Value) -> Value {
    match input::read(text) {
        Ok(puzzle) => f(&puzzle),
        Err(e) => failure(&e.to_string()),
    }
}

/// The answer `status` with the picture of `puzzle` (and `grid` drawn in it, when given).
pub(crate) fn picture(
    puzzle: &Puzzle,
    status: &str,
    grid: Option<&Grid<u8>>,
    overlay: &Overlay,
) -> Value {
    json!({
        "ok": true,
        "status": status,
        "kind": puzzle.kind(),
        "size": puzzle.size_label(),
        "svg": puzzle.render_svg_with(grid, overlay),
        "grid": grid.map(Grid::to_rows),
    })
}

/// The puzzle alone: its kind, size and picture.
#[must_use]
pub fn show(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        let status = format!("{} {}", puzzle.size_label(), puzzle.kind());
        picture(puzzle, &status, None, &Overlay::default())
    })
}

/// One solution (`solved` / `no solution`).
#[must_use]
pub fn solve(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        match Engine::Auto.solve(puzzle, &EngineOptions::default()) {
            Ok((Outcome::Solved { grid, .. }, _)) => {
                picture(puzzle, "solved", Some(&grid), &Overlay::default())
            }
            Ok((outcome, _)) => picture(puzzle, outcome.label(), None, &Overlay::default()),
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// One solution and whether there is a second (`solved (unique)` / `solved (multiple
/// solutions)`, the cells where the second differs outlined in red).
#[must_use]
pub fn unique(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        let mut grids = Vec::new();
        let run = Engine::Auto.enumerate(puzzle, &EngineOptions::default(), Some(2), |g| {
            grids.push(g.clone());
        });
        if let Err(e) = run {
            return failure(&format!("error: {e}"));
        }
        let mut overlay = Overlay::default();
        let status = match grids.as_slice() {
            [] => "no solution",
            [_] => "solved (unique)",
            [first, second, ..] => {
                overlay.marked = differing(first, second);
                "solved (multiple solutions)"
            }
        };
        picture(puzzle, status, grids.first(), &overlay)
    })
}

/// The cells where two grids of one shape differ.
fn differing(a: &Grid<u8>, b: &Grid<u8>) -> Vec<Cell> {
    cells(a).filter(|&c| a.get(c) != b.get(c)).collect()
}

/// Every cell of `grid`, row by row.
pub(crate) fn cells<T>(grid: &Grid<T>) -> impl Iterator<Item = Cell> {
    let index = |n: usize| (0..n).filter_map(|i| u8::try_from(i).ok());
    let cols = grid.cols();
    index(grid.rows()).flat_map(move |r| index(cols).map(move |c| Cell::new(r, c)))
}

/// Counts every solution (`N solutions`), as `cagesat count` does without `--limit`: Stop
/// ends a count that runs long.
#[must_use]
pub fn count(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        match Engine::Auto.count(puzzle, &EngineOptions::default(), None) {
            Ok((n, _)) => {
                let mut answer = picture(puzzle, &count_label(&n), None, &Overlay::default());
                answer["count"] = json!(n.count);
                answer
            }
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// `1 solution`, `12 solutions`, `no solution`.
fn count_label(n: &Count) -> String {
    match n.count {
        0 => "no solution".to_string(),
        1 => "1 solution".to_string(),
        k => format!("{k} solutions"),
    }
}
