//! # Exports to where puzzles are published, and the grade
//!
//! [`export`] answers every target of [`TARGETS`] at once, each written by the library's
//! [`cagesat::parse::export`]: its text (`value`) or why the target cannot hold the puzzle
//! (`refused`, the library's [`cagesat::parse::ExportError`] naming what it cannot hold, for
//! the status line). The targets: `fpuzzles` (an f-puzzles link), `sudokupad` (a SudokuPad
//! link), `iss` (an Interactive Sudoku Solver constraint string), `id` (Simon Tatham's game
//! ID: Keen, Solo, Towers, Unequal), `puzzlink` (a puzz.link URL, Kakuro), `short` (the
//! forum's short Killer string) and `text` (cagesat's text format). [`grade`] is the
//! command line's `grade --technique`: the level and the hardest technique of the
//! step-by-step path with its score.

use cagesat::parse::ExportTarget;
use cagesat::puzzle::Overlay;
use cagesat::setter::explain::{explain, End, ExplainOptions};
use cagesat::Puzzle;
use serde_json::{json, Map, Value};

use crate::actions::{failure, picture, with_puzzle};

/// The targets, in the order the page lists them: key, the library's form and name.
pub const TARGETS: [(&str, ExportTarget, &str); 7] = [
    ("fpuzzles", ExportTarget::Fpuzzles, "f-puzzles link"),
    ("sudokupad", ExportTarget::SudokuPad, "SudokuPad link"),
    ("iss", ExportTarget::Iss, "ISS constraint string"),
    ("id", ExportTarget::Id, "Tatham game ID"),
    ("puzzlink", ExportTarget::Puzzlink, "puzz.link URL"),
    ("short", ExportTarget::Short, "short Killer string"),
    ("text", ExportTarget::Text, "text file"),
];

/// Every export of the puzzle in `text` (see the module notes); `keen` and `puzzlink` as
/// before (the Keen ID of a KenKen, the puzz.link URL), `null` when there is none.
#[must_use]
pub fn export(text: &str) -> Value {
    with_puzzle(text, |p| {
        let mut targets = Map::new();
        for (key, target, _) in TARGETS {
            let answer = match (target, cagesat::parse::export(p, target)) {
                // The text box has no file extension to tell a kind by.
                (ExportTarget::Text, Ok(_)) => {
                    json!({ "value": crate::generate::text_of(p), "ext": p.kind() })
                }
                (_, Ok(value)) => json!({ "value": value }),
                (_, Err(e)) => json!({ "refused": e.to_string() }),
            };
            let _ = targets.insert(key.into(), answer);
        }
        let keen = match p {
            Puzzle::KenKen(_) => p.to_game_id(),
            _ => None,
        };
        json!({
            "ok": true,
            "status": "export",
            "kind": p.kind(),
            "targets": targets,
            "keen": keen,
            "puzzlink": p.to_puzzlink(),
        })
    })
}

/// The grade of the puzzle in `text`: `grade: LEVEL · hardest TECHNIQUE SCORE` (the
/// command line's `grade --technique`), with `level`, `technique` and `score`.
#[must_use]
pub fn grade(text: &str) -> Value {
    with_puzzle(text, |p| {
        let g = match p.grade() {
            Ok(g) => g,
            Err(e) => return failure(&format!("grade: {e}")),
        };
        let level = g.level_name().unwrap_or("unsat").to_string();
        let hardest = match explain(p, None, &ExplainOptions::default()) {
            Ok(ex) => match ex.end {
                End::Solved(_) => ex.hardest(),
                _ => None,
            },
            Err(e) => return failure(&format!("grade: {e}")),
        };
        let (technique, score) = match hardest {
            Some(t) => (t.name().to_string(), t.score_text()),
            None => ("-".to_string(), "-".to_string()),
        };
        let status = match hardest {
            Some(_) => format!("grade: {level} · hardest step {technique} (score {score})"),
            None => format!("grade: {level} · the step-by-step path does not solve it"),
        };
        let mut answer = picture(p, &status, None, &Overlay::default());
        answer["level"] = json!(level);
        answer["technique"] = json!(technique);
        answer["score"] = json!(score);
        answer
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

    #[test]
    fn a_killer_with_a_given_and_a_one_cell_cage_exports_to_fpuzzles_and_back() {
        let text = "size 4\nboxes 2x2\n3 A1 A2\n7 B1 B2\n4 = C1\n";
        let answer = export(text);
        let link = answer["targets"]["fpuzzles"]["value"]
            .as_str()
            .expect("a link");
        let p = Puzzle::parse(text).unwrap();
        assert_eq!(Puzzle::parse(link).unwrap(), p, "{link}");
        // The library's words (`cagesat::parse::export`).
        assert_eq!(
            answer["targets"]["short"]["refused"],
            "the short Killer form holds grids of side 9, not 4x4"
        );
        assert_eq!(
            answer["targets"]["id"]["refused"],
            "Solo's game ID needs every cell in a cage: A3 is in none"
        );
        assert_eq!(
            answer["targets"]["puzzlink"]["refused"],
            "puzz.link holds Kakuro, not a 4x4 killer"
        );
        // SudokuPad loads the same data; ISS reads the Killer as its string.
        let pad = answer["targets"]["sudokupad"]["value"]
            .as_str()
            .expect("a link");
        assert_eq!(Puzzle::parse(pad).unwrap(), p, "{pad}");
        let iss = answer["targets"]["iss"]["value"]
            .as_str()
            .expect("a string");
        assert_eq!(Puzzle::parse(iss).unwrap(), p, "{iss}");
    }

    #[test]
    fn every_target_reads_back_or_names_what_it_cannot_hold() {
        let keen = read("kenken/norvig/norvig-07-6x6.kenken");
        let answer = export(&keen);
        let id = answer["targets"]["id"]["value"]
            .as_str()
            .expect("a Keen ID");
        let p = Puzzle::parse(&keen).unwrap();
        assert_eq!(Puzzle::parse(id).unwrap(), p);
        assert_eq!(
            answer["targets"]["fpuzzles"]["refused"],
            "f-puzzles holds Sudoku and Killer Sudoku, not a 6x6 kenken"
        );
        assert_eq!(
            answer["targets"]["iss"]["refused"],
            "an ISS string holds Sudoku and Killer Sudoku, not a 6x6 kenken"
        );
        let text = answer["targets"]["text"]["value"].as_str().unwrap();
        assert_eq!(Puzzle::parse(text).unwrap(), p);
        let long = export(
            "size 4\n1 - A1 A2 A3\n3 = A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n10 + D1 D2 D3 D4\n",
        );
        assert_eq!(
            long["targets"]["id"]["refused"],
            "Keen's game ID has - and / cages of two cells only: cage 1- at A1 has 3"
        );
        let kakuro = export("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n");
        let url = kakuro["targets"]["puzzlink"]["value"].as_str().unwrap();
        assert_eq!(
            Puzzle::parse(url).unwrap(),
            Puzzle::parse("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n").unwrap()
        );
        assert_eq!(
            kakuro["targets"]["id"]["refused"],
            "a Tatham game ID holds KenKen (Keen), Sudoku and Killer Sudoku (Solo), Towers and Unequal, not a 3x3 kakuro"
        );
    }

    #[test]
    fn the_grade_names_level_technique_and_score() {
        let g = grade(&read("kenken/norvig/norvig-07-6x6.kenken"));
        assert_eq!(g["ok"], true, "{g}");
        let status = g["status"].as_str().unwrap();
        let level = g["level"].as_str().unwrap();
        assert!(
            status.starts_with(&format!("grade: {level} · ")),
            "{status}"
        );
        assert!(
            status.ends_with(&format!("(score {})", g["score"].as_str().unwrap())),
            "{status}"
        );
        let bad = grade("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n");
        assert_eq!(bad["ok"], true, "{bad}");
        let product = grade("rows 6 6\ncols 6 6\n");
        assert_eq!(product["ok"], false, "{product}");
        assert!(
            product["status"]
                .as_str()
                .unwrap()
                .starts_with("grade: grade supports"),
            "{product}"
        );
    }
}
