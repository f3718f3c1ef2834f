//! # Exports to where puzzles are published, and the grade
//!
//! [`export`] answers every target at once, each either its text (`value`) or why the
//! target cannot hold the puzzle (`refused`, naming what it cannot hold, for the status
//! line): `fpuzzles` (an f-puzzles link, which SudokuPad also loads:
//! [`cagesat::parse::fpuzzles_link`]), `id` (Simon Tatham's game ID: Keen, Solo, Towers,
//! Unequal; [`Puzzle::to_game_id`]), `puzzlink` (a puzz.link URL, Kakuro:
//! [`Puzzle::to_puzzlink`]), `short` (the forum's short Killer string:
//! [`Puzzle::to_short_killer`]) and `text` (cagesat's text format). [`grade`] is the
//! command line's `grade --technique`: the level and the hardest technique of the
//! step-by-step path with its score.

use cagesat::puzzle::{Op, Overlay};
use cagesat::setter::explain::{explain, End, ExplainOptions};
use cagesat::{Cell, Puzzle};
use serde_json::{json, Map, Value};

use crate::actions::{failure, picture, with_puzzle};

/// The targets, in the order the page lists them: key and name.
pub const TARGETS: [(&str, &str); 5] = [
    ("fpuzzles", "f-puzzles link"),
    ("id", "Tatham game ID"),
    ("puzzlink", "puzz.link URL"),
    ("short", "short Killer string"),
    ("text", "text file"),
];

/// The puzzle as people name its kind.
fn title(p: &Puzzle) -> &'static str {
    match p {
        Puzzle::KenKen(_) => "KenKen",
        Puzzle::Kakuro(_) => "Kakuro",
        Puzzle::CrossProduct(_) => "CrossProduct",
        Puzzle::Sudoku(s) if s.regions().is_some() => "jigsaw Sudoku",
        Puzzle::Sudoku(_) => "Sudoku",
        Puzzle::Killer(_) => "Killer Sudoku",
        Puzzle::Towers(_) => "Towers",
        Puzzle::Unequal(_) => "Unequal",
        _ => "puzzle",
    }
}

/// Whether `cells` are connected through their sides (`corners`: also their corners).
fn connected(cells: &[Cell], corners: bool) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let near = |a: Cell, b: Cell| {
        let (dr, dc) = (a.row.abs_diff(b.row), a.col.abs_diff(b.col));
        dr.max(dc) == 1 && (corners || dr + dc == 1)
    };
    let mut reached = vec![first];
    let mut next = 0;
    while next < reached.len() {
        let from = reached[next];
        next += 1;
        for &c in cells {
            if !reached.contains(&c) && near(from, c) {
                reached.push(c);
            }
        }
    }
    reached.len() == cells.len()
}

/// Why the f-puzzles writer has no link for `p`.
fn fpuzzles_refusal(p: &Puzzle) -> String {
    let jigsaw = match p {
        Puzzle::Sudoku(s) => s.regions().is_some(),
        Puzzle::Killer(k) => k.sudoku().regions().is_some(),
        _ => false,
    };
    match p {
        _ if jigsaw => {
            "f-puzzles: this export has no jigsaw regions (the standard boxes only)".to_string()
        }
        Puzzle::Sudoku(_) | Puzzle::Killer(_) => {
            format!("f-puzzles: this {} cannot be written as a link", title(p))
        }
        _ => format!(
            "f-puzzles: holds a Sudoku or a Killer Sudoku, not a {}",
            title(p)
        ),
    }
}

/// Why Tatham's games have no ID for `p`.
fn id_refusal(p: &Puzzle) -> String {
    match p {
        Puzzle::KenKen(k) => {
            let n = k.size();
            if n > 9 {
                return format!("Tatham game ID: Keen goes up to 9x9, not {n}x{n}");
            }
            for cage in k.cages() {
                let at = cage.anchor().label();
                let cells = cage.cells.len();
                match cage.effective_op() {
                    Op::Sub | Op::Div if cells != 2 => {
                        return format!(
                            "Tatham game ID: Keen's - and / cages have two cells (cage {}{} at {at} has {cells})",
                            cage.target,
                            cage.op.symbol()
                        )
                    }
                    Op::Any => {
                        return format!(
                            "Tatham game ID: Keen has no cage without an operator (cage {}? at {at})",
                            cage.target
                        )
                    }
                    _ => {}
                }
            }
            "Tatham game ID: Keen cannot hold this KenKen".to_string()
        }
        Puzzle::Killer(k) => {
            let covered: Vec<Cell> = k.cages().iter().flat_map(|c| c.cells.clone()).collect();
            if let Some(cell) = k
                .sudoku()
                .cells()
                .into_iter()
                .find(|c| !covered.contains(c))
            {
                return format!(
                    "Tatham game ID: Solo's Killer cages cover every cell ({} is in no cage)",
                    cell.label()
                );
            }
            if let Some(cage) = k.cages().iter().find(|c| c.cells.len() == 1) {
                return format!(
                    "Tatham game ID: Solo has no one-cell cage (cage {} at {})",
                    cage.sum,
                    cage.anchor().label()
                );
            }
            if let Some(cage) = k.cages().iter().find(|c| !connected(&c.cells, false)) {
                return format!(
                    "Tatham game ID: Solo's cages are joined through their sides (cage {} at {} is not)",
                    cage.sum,
                    cage.anchor().label()
                );
            }
            "Tatham game ID: Solo cannot hold this Killer Sudoku".to_string()
        }
        Puzzle::Sudoku(s) if s.regions().is_some() => {
            "Tatham game ID: Solo's jigsaw regions are joined through their sides (one here is not)"
                .to_string()
        }
        Puzzle::Sudoku(_) => "Tatham game ID: Solo cannot hold this Sudoku".to_string(),
        _ => format!("Tatham game ID: Tatham's games have no {}", title(p)),
    }
}

/// Why the forum's short Killer string cannot hold `p`.
fn short_refusal(p: &Puzzle) -> String {
    let Puzzle::Killer(k) = p else {
        return format!(
            "short Killer string: holds a 9x9 Killer Sudoku, not a {}",
            title(p)
        );
    };
    let s = k.sudoku();
    let n = s.size();
    if n != 9 || s.boxes() != (3, 3) || s.regions().is_some() {
        return format!("short Killer string: holds a 9x9 Killer with 3x3 boxes, not {n}x{n}");
    }
    if s.diagonals() {
        return "short Killer string: has no diagonals (Killer X)".to_string();
    }
    if let Some((cell, d)) = s.given_cells().first() {
        return format!(
            "short Killer string: has no givens ({} = {d})",
            cell.label()
        );
    }
    if let Some(cage) = k.cages().iter().find(|c| c.sum > 45) {
        return format!(
            "short Killer string: sums go up to 45 (cage {} at {})",
            cage.sum,
            cage.anchor().label()
        );
    }
    if let Some(cage) = k.cages().iter().find(|c| !connected(&c.cells, true)) {
        return format!(
            "short Killer string: a cage's cells touch (cage {} at {} is in pieces)",
            cage.sum,
            cage.anchor().label()
        );
    }
    "short Killer string: cannot hold this Killer Sudoku".to_string()
}

/// One target's answer: `{"value": …}` or `{"refused": …}`.
fn target(value: Option<String>, refused: impl FnOnce() -> String) -> Value {
    match value {
        Some(v) => json!({ "value": v }),
        None => json!({ "refused": refused() }),
    }
}

/// Every export of the puzzle in `text` (see the module notes); `keen` and `puzzlink` as
/// before (the Keen ID of a KenKen, the puzz.link URL), `null` when there is none.
#[must_use]
pub fn export(text: &str) -> Value {
    with_puzzle(text, |p| {
        let mut targets = Map::new();
        let _ = targets.insert(
            "fpuzzles".into(),
            target(cagesat::parse::fpuzzles_link(p), || fpuzzles_refusal(p)),
        );
        let _ = targets.insert("id".into(), target(p.to_game_id(), || id_refusal(p)));
        let _ = targets.insert(
            "puzzlink".into(),
            target(p.to_puzzlink(), || {
                format!("puzz.link URL: written for a Kakuro, not a {}", title(p))
            }),
        );
        let _ = targets.insert(
            "short".into(),
            target(p.to_short_killer(), || short_refusal(p)),
        );
        let _ = targets.insert(
            "text".into(),
            json!({ "value": crate::generate::text_of(p), "ext": p.kind() }),
        );
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
        assert_eq!(
            answer["targets"]["short"]["refused"],
            "short Killer string: holds a 9x9 Killer with 3x3 boxes, not 4x4"
        );
        assert_eq!(
            answer["targets"]["id"]["refused"],
            "Tatham game ID: Solo's Killer cages cover every cell (A3 is in no cage)"
        );
        assert_eq!(
            answer["targets"]["puzzlink"]["refused"],
            "puzz.link URL: written for a Kakuro, not a Killer Sudoku"
        );
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
            "f-puzzles: holds a Sudoku or a Killer Sudoku, not a KenKen"
        );
        let text = answer["targets"]["text"]["value"].as_str().unwrap();
        assert_eq!(Puzzle::parse(text).unwrap(), p);
        let long = export(
            "size 4\n1 - A1 A2 A3\n3 = A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n10 + D1 D2 D3 D4\n",
        );
        assert_eq!(
            long["targets"]["id"]["refused"],
            "Tatham game ID: Keen's - and / cages have two cells (cage 1- at A1 has 3)"
        );
        let kakuro = export("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n");
        let url = kakuro["targets"]["puzzlink"]["value"].as_str().unwrap();
        assert_eq!(
            Puzzle::parse(url).unwrap(),
            Puzzle::parse("  #  3\\ 4\\\n\\3 .  .\n\\4 .  .\n").unwrap()
        );
        assert_eq!(
            kakuro["targets"]["id"]["refused"],
            "Tatham game ID: Tatham's games have no Kakuro"
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
