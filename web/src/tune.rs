//! # Harder and easier: one given fewer or one more, proven unique
//!
//! For a unique puzzle with givens (a Sudoku of any form, a Killer, Towers, Unequal):
//! [`harder`] takes away the one given whose absence leaves the puzzle unique (proven by
//! counting to 2) and hardest; [`easier`] adds the solution's digit on the one empty cell
//! that leaves it easiest (a unique puzzle stays unique with a digit of its solution added).
//! How hard is what Grade says: the grade level, then the score of the hardest step of the
//! step-by-step path (`grade --technique`); a path that does not solve the puzzle counts
//! as harder than any that does.

use cagesat::grade::Level;
use cagesat::puzzle::{Killer, Sudoku};
use cagesat::setter::explain::{explain, End, ExplainOptions};
use cagesat::{Cell, Engine, EngineOptions, Grid, Puzzle};
use serde_json::{json, Value};

use crate::actions::{failure, with_puzzle};

/// The puzzle's givens, when its kind has them.
fn givens(p: &Puzzle) -> Option<Vec<(Cell, u8)>> {
    match p {
        Puzzle::Sudoku(s) => Some(s.given_cells()),
        Puzzle::Killer(k) => Some(k.sudoku().given_cells()),
        Puzzle::Towers(t) => Some(t.given_cells()),
        Puzzle::Unequal(u) => Some(u.given_cells()),
        _ => None,
    }
}

/// The same puzzle with `set` as its givens.
fn with_givens(p: &Puzzle, set: &[(Cell, u8)]) -> Option<Puzzle> {
    let sudoku = |s: &Sudoku| s.with_givens(set).ok();
    match p {
        Puzzle::Sudoku(s) => sudoku(s).map(Puzzle::Sudoku),
        Puzzle::Killer(k) => sudoku(k.sudoku())
            .and_then(|s| Killer::new(s, k.cages().to_vec()).ok())
            .map(Puzzle::Killer),
        // Towers and Unequal write givens over the old ones: start from none.
        Puzzle::Towers(t) => t
            .with_givens(&[])
            .and_then(|t| t.with_givens(set))
            .map(Puzzle::Towers),
        Puzzle::Unequal(u) => u
            .with_givens(&[])
            .and_then(|u| u.with_givens(set))
            .map(Puzzle::Unequal),
        _ => None,
    }
}

/// How hard a puzzle is: its grade level and the score of the hardest step of the path
/// (`u32::MAX` when the path does not solve it), and both in words.
struct Hardness {
    key: (Option<Level>, u32),
    words: String,
}

fn hardness(p: &Puzzle) -> Result<Hardness, String> {
    let g = p.grade().map_err(|e| e.to_string())?;
    let level = g.level_name().unwrap_or("unsat").to_string();
    let ex = explain(p, None, &ExplainOptions::default()).map_err(|e| e.to_string())?;
    let hardest = match ex.end {
        End::Solved(_) => ex.hardest(),
        _ => None,
    };
    Ok(match hardest {
        Some(t) => Hardness {
            key: (g.level, t.score()),
            words: format!(
                "{level} · hardest step {} (score {})",
                t.name(),
                t.score_text()
            ),
        },
        None => Hardness {
            key: (g.level, u32::MAX),
            words: format!("{level} · the step-by-step path does not solve it"),
        },
    })
}

/// Whether `p` has exactly one solution, and that solution.
fn unique(p: &Puzzle) -> Result<Option<Grid<u8>>, String> {
    let opts = EngineOptions::default();
    let (n, _) = Engine::Auto
        .count(p, &opts, Some(2))
        .map_err(|e| e.to_string())?;
    if n.count != 1 {
        return Ok(None);
    }
    let (outcome, _) = Engine::Auto.solve(p, &opts).map_err(|e| e.to_string())?;
    Ok(outcome.grid().cloned())
}

/// A unique puzzle's givens, its solution and how hard it is.
struct Start {
    set: Vec<(Cell, u8)>,
    solution: Grid<u8>,
    now: Hardness,
}

/// The unique puzzle's givens, solution and hardness, or the page's refusal.
fn start(p: &Puzzle, what: &str) -> Result<Start, Value> {
    let Some(set) = givens(p) else {
        return Err(failure(&format!(
            "{what}: works by givens, which a {} has none of",
            p.kind()
        )));
    };
    let solution = match unique(p) {
        Ok(Some(grid)) => grid,
        Ok(None) => {
            return Err(failure(&format!(
                "{what}: the puzzle is not unique (Repair makes it so)"
            )))
        }
        Err(e) => return Err(failure(&format!("{what}: {e}"))),
    };
    let now = hardness(p).map_err(|e| failure(&format!("{what}: {e}")))?;
    Ok(Start { set, solution, now })
}

/// The answer with the new puzzle's text (as Repair's: the page loads `text`).
fn answer(q: &Puzzle, status: String, change: String) -> Value {
    json!({
        "ok": true,
        "status": status,
        "text": crate::generate::text_of(q),
        "change": change,
    })
}

/// One given fewer: the one whose absence leaves the puzzle unique and hardest (see the
/// module notes).
#[must_use]
pub fn harder(text: &str) -> Value {
    with_puzzle(text, |p| {
        let Start { set, now, .. } = match start(p, "harder") {
            Ok(s) => s,
            Err(e) => return e,
        };
        let mut best: Option<(Hardness, Puzzle, (Cell, u8))> = None;
        for (i, &given) in set.iter().enumerate() {
            let mut fewer = set.clone();
            let _ = fewer.remove(i);
            let Some(q) = with_givens(p, &fewer) else {
                continue;
            };
            match unique(&q) {
                Ok(Some(_)) => {}
                Ok(None) => continue,
                Err(e) => return failure(&format!("harder: {e}")),
            }
            let h = match hardness(&q) {
                Ok(h) => h,
                Err(e) => return failure(&format!("harder: {e}")),
            };
            if best.as_ref().is_none_or(|(b, _, _)| h.key > b.key) {
                best = Some((h, q, given));
            }
        }
        match best {
            None => failure("harder: every given is needed (none can go and leave it unique)"),
            Some((h, q, (cell, d))) => {
                let change = format!("{}={d}", cell.label());
                answer(
                    &q,
                    format!(
                        "harder: without {change}, still unique; {} (was {})",
                        h.words, now.words
                    ),
                    change,
                )
            }
        }
    })
}

/// One given more: the solution's digit on the empty cell that leaves the puzzle easiest
/// (see the module notes).
#[must_use]
pub fn easier(text: &str) -> Value {
    with_puzzle(text, |p| {
        let Start { set, solution, now } = match start(p, "easier") {
            Ok(s) => s,
            Err(e) => return e,
        };
        let mut best: Option<(Hardness, Puzzle, (Cell, u8))> = None;
        for r in 0..solution.rows() {
            for c in 0..solution.cols() {
                let cell = Cell::new(r as u8, c as u8);
                if set.iter().any(|&(g, _)| g == cell) {
                    continue;
                }
                let given = (cell, *solution.get(cell));
                let mut more = set.clone();
                more.push(given);
                let Some(q) = with_givens(p, &more) else {
                    continue;
                };
                let h = match hardness(&q) {
                    Ok(h) => h,
                    Err(e) => return failure(&format!("easier: {e}")),
                };
                if best.as_ref().is_none_or(|(b, _, _)| h.key < b.key) {
                    best = Some((h, q, given));
                }
            }
        }
        match best {
            None => failure("easier: every cell is given"),
            Some((h, q, (cell, d))) => {
                let change = format!("{}={d}", cell.label());
                answer(
                    &q,
                    format!(
                        "easier: with {change}, unique; {} (was {})",
                        h.words, now.words
                    ),
                    change,
                )
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/../tests/data/{path}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("test data")
    }

    fn given_count(text: &str) -> usize {
        givens(&Puzzle::parse(text).unwrap()).unwrap().len()
    }

    #[test]
    fn harder_takes_a_given_away_and_easier_adds_one_both_unique() {
        let text = read("sudoku/gen-6x6-s2.sudoku");
        let p = Puzzle::parse(&text).unwrap();
        let before = hardness(&p).unwrap().key;
        let h = harder(&text);
        if h["ok"] == true {
            let t = h["text"].as_str().unwrap();
            assert_eq!(given_count(t), given_count(&text) - 1, "{h}");
            let q = Puzzle::parse(t).unwrap();
            assert!(unique(&q).unwrap().is_some(), "{h}");
            assert!(hardness(&q).unwrap().key >= before, "{h}");
            assert!(
                h["status"].as_str().unwrap().starts_with(&format!(
                    "harder: without {}, still unique; ",
                    h["change"].as_str().unwrap()
                )),
                "{h}"
            );
        } else {
            // A generated puzzle may be minimal: then it says so.
            assert_eq!(
                h["status"],
                "harder: every given is needed (none can go and leave it unique)"
            );
        }
        let e = easier(&text);
        assert_eq!(e["ok"], true, "{e}");
        let t = e["text"].as_str().unwrap();
        assert_eq!(given_count(t), given_count(&text) + 1, "{e}");
        let q = Puzzle::parse(t).unwrap();
        let solution = unique(&q).unwrap().expect("unique");
        assert_eq!(Some(solution), unique(&p).unwrap());
        assert!(hardness(&q).unwrap().key <= before, "{e}");
    }

    #[test]
    fn a_puzzle_with_several_solutions_or_no_givens_is_refused_by_name() {
        let open = harder("size 4\nboxes 2x2\n3 A1 A2\n");
        assert_eq!(
            open["status"],
            "harder: the puzzle is not unique (Repair makes it so)"
        );
        let keen = easier(&read("kenken/norvig/norvig-07-6x6.kenken"));
        assert_eq!(
            keen["status"],
            "easier: works by givens, which a kenken has none of"
        );
    }
}
