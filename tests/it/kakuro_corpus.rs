//! The Kakuro corpus over every engine: each shipped puzzle is solved by each engine
//! (varisat, cadical and native), proven unique, passes the independent checker, and equals its
//! `.solution` file (`#` for non-white squares, digits for white ones). Tiny grids count
//! exactly, against the brute force of `tests/common/brute.rs`.

use crate::common;

use std::path::Path;

use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};
use common::{assert_worked, brute, exact_count, load, read_solution};

fn check(engine: &Engine, path: &str) {
    let puzzle = load(path);
    assert_eq!(puzzle.kind(), "kakuro", "{path}: not read as a Kakuro");
    let (outcome, stats) = engine
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_worked(&stats, path);
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{path}: no solution");
    };
    puzzle.verify(&grid).unwrap();
    assert_eq!(unique, Some(true), "{path}: not unique");
    // The shipped file is itself a solution: its `#` squares (read as 0) are exactly the
    // non-white squares, and its digits fill every run.
    let known = read_solution(&Path::new(path).with_extension("solution")).unwrap();
    puzzle
        .verify(&known)
        .unwrap_or_else(|e| panic!("{path}: .solution: {e}"));
    assert_eq!(grid, known, "{path}: differs from the shipped .solution");
}

/// `kakuro!(name, "file")`: `tests/data/kakuro/file.kakuro` against `file.solution`, with
/// each engine (tests `name::varisat`, `name::cadical`, `name::dpll`, `name::native`, `name::auto`).
macro_rules! kakuro {
    ($name:ident, $path:literal) => {
        engine_test!($name, |e| check(
            e,
            concat!("tests/data/kakuro/", $path, ".kakuro")
        ));
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
fn every_shipped_kakuro_has_a_line() {
    let n = common::assert_every_file_listed(
        include_str!("kakuro_corpus.rs"),
        "tests/data/kakuro",
        &["", "generated"],
        "kakuro",
    );
    assert_eq!(n, 13);
}

/// The engine's exact count of a Kakuro given as text, checked against the brute force.
fn count(engine: &Engine, text: &str) -> u64 {
    let puzzle = Puzzle::parse_with(text, &ParseOptions::default().path("tiny.kakuro")).unwrap();
    let n = exact_count(engine, &puzzle, &EngineOptions::default());
    assert_eq!(n, brute::count(&puzzle), "{}: brute force", engine.name());
    n
}

engine_test!(counts_on_tiny_grids, |e| {
    // a + b = 3, c + d = 4, a + c = 4, b + d = 3: only 1 2 / 3 1.
    assert_eq!(count(e, "#   4\\  3\\\n\\3  .  .\n\\4  .  .\n"), 1);
    // Every line 4 = 1 + 3: two ways.
    assert_eq!(count(e, "#   4\\  4\\\n\\4  .  .\n\\4  .  .\n"), 2);
    // Every line 10: a, 10 - a / 10 - a, a for a ≠ 5.
    assert_eq!(count(e, "#  10\\ 10\\\n\\10 .  .\n\\10 .  .\n"), 8);
    // A 3x3 block of runs summing to 15 each: many fillings (the brute force has the
    // exact number).
    let n = count(
        e,
        "#  15\\ 15\\ 15\\\n\\15 .  .  .\n\\15 .  .  .\n\\15 .  .  .\n",
    );
    assert!(n > 8, "{n}");
    // Rows 1 + 2, so the columns cannot make 4 with distinct digits.
    assert_eq!(count(e, "#   4\\  4\\\n\\3  .  .\n\\3  .  .\n"), 0);
});
