//! # Candidates and hints: the one file to rewire
//!
//! The page's Candidates and Hint buttons land here, and only here.
//!
//! TO BE REPLACED when `cagesat::setter` lands: [`candidates`] by `cagesat::setter::candidates`
//! (logical candidates, not the union of solutions) and [`hint`] by the setter's hint/explain
//! (the next step and its reason, drawn as [`Overlay::groups`]). Until then, candidates are
//! the digits each cell takes in some solution, from an enumeration of at most
//! [`CANDIDATE_SOLUTIONS`] solutions, and Hint says it is not available. The JSON the page
//! reads stays as it is: `status`, `svg`, and `candidates` (per cell, the digits left).

use std::collections::BTreeSet;

use cagesat::puzzle::Overlay;
use cagesat::{Engine, EngineOptions, Grid, Puzzle};
use serde_json::{json, Value};

use crate::actions::{cells, failure, picture, with_puzzle};

/// Solutions the stand-in for candidates enumerates at most.
pub const CANDIDATE_SOLUTIONS: u64 = 1_000;

/// Per cell, the digits it takes in some solution (stand-in: see the module docs). A cell
/// with one candidate shows it as a digit, the others show their candidates as pencil marks.
#[must_use]
pub fn candidates(text: &str) -> Value {
    with_puzzle(text, |puzzle| {
        let (rows, cols) = puzzle.shape();
        let mut union = Grid::filled(rows, cols, BTreeSet::new());
        let run = Engine::Auto.enumerate(
            puzzle,
            &EngineOptions::default(),
            Some(CANDIDATE_SOLUTIONS),
            |g| {
                for cell in cells(g) {
                    let mut digits = union.get(cell).clone();
                    let _ = digits.insert(*g.get(cell));
                    union.set(cell, digits);
                }
            },
        );
        match run {
            Ok((n, _)) if n.count == 0 => picture(puzzle, "no solution", None, &Overlay::default()),
            Ok((n, _)) => candidates_picture(puzzle, &union, n.count, n.complete),
            Err(e) => failure(&format!("error: {e}")),
        }
    })
}

/// The picture of the candidates in `union` (from `solutions` solutions, all of them when
/// `complete`).
fn candidates_picture(
    puzzle: &Puzzle,
    union: &Grid<BTreeSet<u8>>,
    solutions: u64,
    complete: bool,
) -> Value {
    let mut decided = Grid::filled(union.rows(), union.cols(), 0u8);
    let mut marks = Grid::filled(union.rows(), union.cols(), Vec::new());
    let mut open = 0usize;
    for cell in cells(union) {
        let digits: Vec<u8> = union
            .get(cell)
            .iter()
            .copied()
            .filter(|&d| d != 0)
            .collect();
        match digits.as_slice() {
            [one] => decided.set(cell, *one),
            [] => {}
            _ => {
                open += 1;
                marks.set(cell, digits);
            }
        }
    }
    let status = if complete {
        format!("candidates: {open} cells open ({solutions} solutions)")
    } else {
        format!("candidates: {open} cells open in the first {solutions} solutions")
    };
    let mut overlay = Overlay::default();
    overlay.marks = Some(marks);
    let mut answer = picture(puzzle, &status, Some(&decided), &overlay);
    let shown: Vec<Vec<Vec<u8>>> = union
        .to_rows()
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|digits| digits.into_iter().filter(|&d| d != 0).collect())
                .collect()
        })
        .collect();
    answer["candidates"] = json!(shown);
    answer
}

/// The next logical step and its reason: not in this build yet (see the module docs).
#[must_use]
pub fn hint(text: &str) -> Value {
    with_puzzle(text, |_| failure("hint: not available in this build"))
}
