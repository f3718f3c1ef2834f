//! # Candidates and hints: the setter tools on the page
//!
//! The page's Candidates and Hint buttons, over the library's setter tools
//! ([`cagesat::setter`]) with the command line's default engine: Candidates shows the true
//! candidates of every cell (the digits it takes in some solution: decided cells as digits,
//! the others shaded with pencil marks), Hint the next deduction with its reason, the
//! reason's constraints tinted one colour each and the cell outlined, in the words of
//! `cagesat hint`.

use cagesat::puzzle::Overlay;
use cagesat::setter::explain::{self, End, ExplainOptions};
use cagesat::setter::{self};
use cagesat::{Engine, EngineOptions, Grid, Puzzle};
use serde_json::{json, Value};

use crate::actions::{cells, failure, picture, with_puzzle};

/// Per cell, the digits it takes in some solution ([`setter::candidates`]). A cell with one
/// candidate shows it as a digit, the others show their candidates as pencil marks.
#[must_use]
pub fn candidates(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        match setter::candidates(puzzle, None, &Engine::Auto, &EngineOptions::default()) {
            Ok(found) if !found.solvable() => {
                picture(puzzle, "no solution", None, &Overlay::default())
            }
            Ok(found) => candidates_picture(puzzle, found.grid(), found.solutions_seen),
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// The picture of the candidates (`solutions` distinct solutions were seen on the way).
pub(crate) fn candidates_picture(puzzle: &Puzzle, found: &Grid<Vec<u8>>, solutions: u64) -> Value {
    let mut decided = Grid::filled(found.rows(), found.cols(), 0u8);
    let mut marks = Grid::filled(found.rows(), found.cols(), Vec::new());
    let mut overlay = Overlay::default();
    for cell in cells(found) {
        match found.get(cell).as_slice() {
            [one] => decided.set(cell, *one),
            [] => {}
            digits => {
                marks.set(cell, digits.to_vec());
                overlay.shaded.push(cell);
            }
        }
    }
    let open = overlay.shaded.len();
    let status = if open == 0 {
        "candidates: every cell decided (unique)".to_string()
    } else {
        format!("candidates: {open} cells open ({solutions} solutions seen)")
    };
    overlay.marks = Some(marks);
    let mut answer = picture(puzzle, &status, Some(&decided), &overlay);
    answer["candidates"] = json!(found.to_rows());
    answer
}

/// The next deduction and its reason ([`explain::hint`]), as `cagesat hint` words it.
#[must_use]
pub fn hint(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        let ex = match explain::hint(puzzle, None, &ExplainOptions::default()) {
            Ok(ex) => ex,
            Err(e) => return failure(&format!("error: {e}")),
        };
        let Some(step) = ex.steps.first() else {
            let status = match &ex.end {
                End::NoSolution => "no solution".to_string(),
                End::NotUnique { undecided } => {
                    format!("not unique: no deduction is forced and {undecided} cells are open")
                }
                End::Solved(_) => "solved: nothing left to deduce".to_string(),
                _ => "stopped".to_string(),
            };
            return picture(puzzle, &status, ex.end.grid(), &Overlay::default());
        };
        let mut overlay = Overlay::default();
        overlay.groups = step.reason.iter().map(|c| c.cells.clone()).collect();
        overlay.marked = vec![step.cell];
        // The status line names the technique (`hint: A1 = 3: hidden single in row A`).
        let mut answer = picture(puzzle, &format!("hint: {step}"), None, &overlay);
        answer["technique"] = json!(step.technique.name());
        answer
    })
}
