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

/// How hard a puzzle is, as Grade says it: Tatham's level in the kind's words where the
/// kind has one (Keen's for KenKen, Solo's for Sudoku and Killer), the grade level, and
/// the hardest step of the step-by-step path with its score.
pub(crate) struct Hardness {
    /// The whole line (`extreme · search · hardest step forcing chain (score 6.4)`).
    pub(crate) words: String,
    /// Tatham's level, when the kind has one.
    difficulty: Option<&'static str>,
    /// The grade level (`unsat` when propagation proves there is no solution).
    level: String,
    /// The hardest step's technique and score, `-` when the path does not solve it.
    technique: String,
    score: String,
}

/// The puzzle's [`Hardness`].
pub(crate) fn hardness(p: &Puzzle) -> Result<Hardness, String> {
    let g = p.grade().map_err(|e| e.to_string())?;
    let level = g.level_name().unwrap_or("unsat").to_string();
    let difficulty = g.difficulty.as_ref().map(|d| d.level.name());
    let ex = explain(p, None, &ExplainOptions::default()).map_err(|e| e.to_string())?;
    let hardest = match ex.end {
        End::Solved(_) => ex.hardest(),
        _ => None,
    };
    let head = match difficulty {
        Some(d) => format!("{d} · {level}"),
        None => level.clone(),
    };
    Ok(match hardest {
        Some(t) => Hardness {
            words: format!(
                "{head} · hardest step {} (score {})",
                t.name(),
                t.score_text()
            ),
            difficulty,
            level,
            technique: t.name().to_string(),
            score: t.score_text(),
        },
        None => Hardness {
            words: format!("{head} · the step-by-step path does not solve it"),
            difficulty,
            level,
            technique: "-".to_string(),
            score: "-".to_string(),
        },
    })
}

/// Grade: Tatham's level in the kind's words (where it has one), the grade level and the
/// hardest step of the step-by-step path with its score, as `grade` and
/// `grade --technique` give them.
#[must_use]
pub fn grade(text: &str) -> Value {
    with_puzzle(text, |p| {
        let h = match hardness(p) {
            Ok(h) => h,
            Err(e) => return failure(&format!("grade: {e}")),
        };
        let mut answer = picture(p, &format!("grade: {}", h.words), None, &Overlay::default());
        answer["difficulty"] = json!(h.difficulty);
        answer["level"] = json!(h.level);
        answer["technique"] = json!(h.technique);
        answer["score"] = json!(h.score);
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
        // Keen's level, as the library's grade gives it, first.
        let keen = Puzzle::parse(&read("kenken/norvig/norvig-07-6x6.kenken"))
            .unwrap()
            .grade()
            .unwrap()
            .difficulty
            .unwrap()
            .level
            .name();
        assert_eq!(g["difficulty"], keen, "{g}");
        assert!(
            status.starts_with(&format!("grade: {keen} · {level} · ")),
            "{status}"
        );
        assert!(
            status.ends_with(&format!("(score {})", g["score"].as_str().unwrap())),
            "{status}"
        );
        let bad = grade("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n");
        assert_eq!(bad["ok"], true, "{bad}");
        assert_eq!(bad["difficulty"], Value::Null, "{bad}");
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
