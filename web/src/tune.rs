//! # Harder and easier: one change, proven unique
//!
//! The page's Harder and Easier buttons call the library's [`cagesat::setter::tune`]: one
//! change that keeps a unique puzzle unique and moves its grade (a given out or in for
//! Sudoku, Killer, Towers and Unequal; cages merged or split, under each kind's rules, for
//! KenKen and for a Killer without givens). The status says the change and how hard the
//! puzzle is before and after, as Grade says it: the grade level and the hardest step of
//! the step-by-step path (`grade --technique`).

use cagesat::setter::{self, Direction, SetterError, TuneOptions};
use cagesat::Puzzle;
use serde_json::{json, Value};

use crate::actions::{failure, with_puzzle};
use crate::export::hardness;

/// The answer with the new puzzle's text (as Repair's: the page loads `text`).
fn answer(q: &Puzzle, status: String, change: String) -> Value {
    json!({
        "ok": true,
        "status": status,
        "text": crate::generate::text_of(q),
        "change": change,
    })
}

/// One change in `direction` (see the module notes).
fn tuned(text: &str, direction: Direction) -> Value {
    with_puzzle(text, |p| {
        let what = direction.name();
        match setter::tune(p, direction, &TuneOptions::default()) {
            Ok(t) => {
                let words = |p: &Puzzle| hardness(p).map_or_else(|e| e, |h| h.words);
                let status = format!(
                    "{what}: {}, still unique; {} (was {})",
                    t.change,
                    words(&t.puzzle),
                    words(p)
                );
                answer(&t.puzzle, status, t.change)
            }
            Err(SetterError::NotUnique) => failure(&format!(
                "{what}: the puzzle is not unique (Repair makes it so)"
            )),
            Err(e) => failure(&format!("{what}: {e}")),
        }
    })
}

/// One change that makes the puzzle harder and keeps it unique.
#[must_use]
pub fn harder(text: &str) -> Value {
    tuned(text, Direction::Harder)
}

/// One change that makes the puzzle easier and keeps it unique.
#[must_use]
pub fn easier(text: &str) -> Value {
    tuned(text, Direction::Easier)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::{Engine, EngineOptions};

    fn read(path: &str) -> String {
        std::fs::read_to_string(format!(
            "{}/../tests/data/{path}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("test data")
    }

    fn unique(text: &str) -> bool {
        let p = Puzzle::parse(text).unwrap();
        let (n, _) = Engine::Auto
            .count(&p, &EngineOptions::default(), Some(2))
            .unwrap();
        n.count == 1
    }

    #[test]
    fn easier_then_harder_on_a_sudoku_and_a_kenken_stay_unique() {
        let text = read("sudoku/gen-6x6-s2.sudoku");
        let e = easier(&text);
        assert_eq!(e["ok"], true, "{e}");
        let change = e["change"].as_str().unwrap();
        assert!(change.starts_with("wrote in the given "), "{e}");
        assert!(
            e["status"]
                .as_str()
                .unwrap()
                .starts_with(&format!("easier: {change}, still unique; ")),
            "{e}"
        );
        let t = e["text"].as_str().unwrap();
        assert!(unique(t), "{t}");
        let h = harder(t);
        assert_eq!(h["ok"], true, "{h}");
        assert!(unique(h["text"].as_str().unwrap()), "{h}");

        let keen = read("kenken/norvig/norvig-07-6x6.kenken");
        let e = easier(&keen);
        assert_eq!(e["ok"], true, "{e}");
        assert!(
            e["change"].as_str().unwrap().starts_with("split cage "),
            "{e}"
        );
        assert!(unique(e["text"].as_str().unwrap()), "{e}");
    }

    #[test]
    fn a_puzzle_with_several_solutions_or_a_kind_without_changes_is_refused_by_name() {
        let open = harder("size 4\nboxes 2x2\n3 A1 A2\n");
        assert_eq!(
            open["status"],
            "harder: the puzzle is not unique (Repair makes it so)"
        );
        let kakuro = easier(&read("kakuro/panpapag_easy_5x5.kakuro"));
        assert_eq!(
            kakuro["status"],
            "easier: no single change makes this kakuro easier and keeps it unique"
        );
    }
}
