//! The native engine on Kakuro: every shipped puzzle is solved, unique, and equal to its
//! `.solution`; solution counts on tiny grids match the SAT enumeration.

use std::path::Path;

use cagesat::encode::EncodeOptions;
use cagesat::native::{self, NativeOptions};
use cagesat::parse::parse_puzzle;
use cagesat::parse::solution::parse_solution;
use cagesat::puzzle::Puzzle;
use cagesat::solve::{enumerate, Outcome, VarisatBackend};
use cagesat::verify::verify;

fn load(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_puzzle(&text, Some(Path::new(path)), false).unwrap_or_else(|e| panic!("{e}"))
}

fn check(path: &str) {
    let puzzle = load(path);
    assert_eq!(puzzle.kind(), "kakuro", "{path}");
    let opts = NativeOptions {
        check_unique: true,
        ..NativeOptions::default()
    };
    let (outcome, stats) = native::solve(&puzzle, &opts).unwrap_or_else(|e| panic!("{path}: {e}"));
    let Outcome::Solved { grid, unique } = outcome else {
        panic!("{path}: no solution");
    };
    verify(&puzzle, &grid).unwrap();
    assert_eq!(unique, Some(true), "{path}: not unique");
    assert!(stats.nodes >= 1 && stats.propagations >= 1, "{path}");
    let sol_path = Path::new(path).with_extension("solution");
    let text = std::fs::read_to_string(&sol_path).unwrap();
    let known = parse_solution(&text).unwrap().grid;
    assert_eq!(grid, known, "{path}: differs from the shipped .solution");
}

/// `kakuro!(name, "file")`: `tests/data/kakuro/file.kakuro`.
macro_rules! kakuro {
    ($name:ident, $path:literal) => {
        #[test]
        fn $name() {
            check(concat!("tests/data/kakuro/", $path, ".kakuro"));
        }
    };
}

kakuro!(panpapag_easy_5x5, "panpapag_easy_5x5");
kakuro!(panpapag_intermediate_7x7, "panpapag_intermediate_7x7");
kakuro!(panpapag_hard_12x10, "panpapag_hard_12x10");
kakuro!(gen_12x12_s51200, "generated/gen_kakuro_12x12_s51200");
kakuro!(gen_12x12_s51203, "generated/gen_kakuro_12x12_s51203");
kakuro!(gen_16x16_s51600, "generated/gen_kakuro_16x16_s51600");
kakuro!(gen_16x16_s51603, "generated/gen_kakuro_16x16_s51603");
kakuro!(gen_20x20_s52000, "generated/gen_kakuro_20x20_s52000");
kakuro!(gen_20x20_s52003, "generated/gen_kakuro_20x20_s52003");
kakuro!(gen_25x25_s52500, "generated/gen_kakuro_25x25_s52500");
kakuro!(gen_25x25_s52503, "generated/gen_kakuro_25x25_s52503");
kakuro!(gen_30x30_s53000, "generated/gen_kakuro_30x30_s53000");
kakuro!(gen_30x30_s53100, "generated/gen_kakuro_30x30_s53100");

#[test]
fn every_shipped_kakuro_has_a_test() {
    let mut files = Vec::new();
    for dir in ["tests/data/kakuro", "tests/data/kakuro/generated"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "kakuro") {
                files.push(path);
            }
        }
    }
    assert_eq!(files.len(), 13, "add a kakuro! line for each new file");
}

/// Native and SAT counts of a Kakuro given as text.
fn counts(text: &str) -> (u64, u64) {
    let puzzle = parse_puzzle(text, Some(Path::new("tiny.kakuro")), false).unwrap();
    let (native, _) = native::count(&puzzle, u64::MAX).unwrap();
    let (sat, _) = enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        None,
        |_| {},
    )
    .unwrap();
    assert!(sat.complete);
    (native, sat.count)
}

#[test]
fn counts_on_tiny_grids_match_sat() {
    // a + b = 3, c + d = 4, a + c = 4, b + d = 3: only 1 2 / 3 1.
    assert_eq!(counts("#   4\\  3\\\n\\3  .  .\n\\4  .  .\n"), (1, 1));
    // Every line 4 = 1 + 3: two ways.
    assert_eq!(counts("#   4\\  4\\\n\\4  .  .\n\\4  .  .\n"), (2, 2));
    // Every line 10: a, 10 - a / 10 - a, a for a ≠ 5.
    assert_eq!(counts("#  10\\ 10\\\n\\10 .  .\n\\10 .  .\n"), (8, 8));
    // A 3x3 block of runs summing to 15 each: many fillings.
    let (n, s) = counts("#  15\\ 15\\ 15\\\n\\15 .  .  .\n\\15 .  .  .\n\\15 .  .  .\n");
    assert_eq!(n, s);
    assert!(n > 8, "{n}");
    // Rows 1 + 2, so the columns cannot make 4 with distinct digits.
    let unsat = "#   4\\  4\\\n\\3  .  .\n\\3  .  .\n";
    assert_eq!(counts(unsat), (0, 0));
}
