//! The ISS corpus (`tests/data/variant/iss/`, made by `benches/iss/extract.mjs` from the
//! Interactive Sudoku Solver's example puzzles and collections): every puzzle whose
//! constraints are all cagesat families, read from its ISS string, is solved, proven unique
//! and equal to ISS's solution (and verified, as every engine answer is); the same through
//! its f-puzzles link and its ISS string written back and read again. The few that take
//! seconds run in the ignored long test (release mode in CI).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::read_solution;

use cagesat::{Engine, EngineOptions, Outcome, Puzzle};

/// The corpus puzzles that take more than a second (`benches/iss/bench.sh`, session 23:
/// long sums 3 172 s, long sums 1 39 s, pencilmark sudoku 3 38 s, triple digits 34 s, the
/// others 1–10 s): the long run only, and there from their ISS strings alone.
const SLOW: &[&str] = &[
    "long-sums-3",
    "long-sums-1",
    "pencilmark-sudoku-3",
    "triple-digits",
    "hard-renban-3",
    "hard-renban-2",
    "hailstone-little-killer",
    "i-bet-someone-did-this-already",
    "hard-renban-1",
    "wecoc-2",
    "wecoc-1-mod-a",
    "wecoc-1",
];

fn corpus() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir("tests/data/variant/iss")
        .expect("the corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "iss"))
        .collect();
    out.sort();
    assert!(out.len() >= 90, "found only {} ISS puzzles", out.len());
    out
}

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// Proves `puzzle` unique on `auto` and checks the grid against the known solution.
fn unique_as_iss_solved_it(puzzle: &Puzzle, path: &Path, how: &str) -> Duration {
    let t = Instant::now();
    let (outcome, _) = Engine::Auto
        .prove_unique(puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{}: {how}: {e}", path.display()));
    let took = t.elapsed();
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{}: {how}: no solution", path.display());
    };
    assert_eq!(unique, Some(true), "{}: {how}: not unique", path.display());
    puzzle.verify(&grid).unwrap();
    let known = read_solution(&path.with_extension("solution")).expect("a .solution file");
    assert_eq!(grid, known, "{}: {how}: not ISS's solution", path.display());
    took
}

fn check(path: &Path) {
    let puzzle = Puzzle::read(path).unwrap_or_else(|e| panic!("{e}"));
    let took = unique_as_iss_solved_it(&puzzle, path, "ISS string");
    if SLOW.contains(&stem(path).as_str()) {
        eprintln!("{}: {took:?}", stem(path));
        return;
    }
    // Its f-puzzles link, read back, is the same puzzle to solve, unless f-puzzles has no
    // place for one of its constraints (refused by name: greater-than signs, or a rule that
    // would not read back the same).
    match cagesat::parse::to_fpuzzles_link(&puzzle) {
        Ok(link) => {
            let back = Puzzle::parse(&link).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let _ = unique_as_iss_solved_it(&back, path, "f-puzzles link");
        }
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.contains("f-puzzles cannot hold"),
                "{}: {text}",
                path.display()
            );
            eprintln!("{}: no f-puzzles link: {text}", stem(path));
        }
    }
    // Its ISS string, written and read back, is the same puzzle.
    let iss = cagesat::parse::iss_string(&puzzle).unwrap();
    assert_eq!(
        Puzzle::parse(&iss).unwrap(),
        puzzle,
        "{}: ISS string round trip",
        path.display()
    );
    eprintln!("{}: {took:?}", stem(path));
}

#[test]
fn every_iss_puzzle_is_unique_with_iss_solution() {
    for path in corpus()
        .iter()
        .filter(|p| !SLOW.contains(&stem(p).as_str()))
    {
        check(path);
    }
}

#[test]
#[ignore = "long: the corpus puzzles that take seconds (cargo test --release -- --ignored)"]
fn the_slow_iss_puzzles_too() {
    for path in corpus().iter().filter(|p| SLOW.contains(&stem(p).as_str())) {
        check(path);
    }
}

/// Twenty corpus puzzles that mix the families (XV, little killers, arrows, palindromes,
/// skyscrapers, overlapping cages, greater-than signs, parity, zippers, anti-knight with
/// non-consecutive, quadruples, between lines, windoku, 6×6 and 9×9), the ones z3 and cvc5
/// each solve in seconds (`solve --unique --solver z3|cvc5`, session 24: 0.2–9 s each).
const SMT_MIX: [&str; 20] = [
    "6x6",
    "6x6-between-odd-and-even",
    "xv-sudoku",
    "force-non-unit-coeff",
    "6x6-little-killer",
    "double-arrow",
    "classic-sudoku",
    "windoku",
    "sudoku-variants-series-013-palindrome-sudoku",
    "skyscraper",
    "killer-sudoku-overlap",
    "septa",
    "killer",
    "fortress",
    "killer-sudoku-gaps",
    "odd-even",
    "zipper-lines-tutorial",
    "anti-knight-anti-consecutive",
    "quadruple-repeated-values",
    "quadruple-x",
];

/// z3 and cvc5, on the SMT-LIB terms of twenty puzzles mixing families, agree with the
/// native engine and CaDiCaL: each proves the puzzle unique with ISS's solution.
#[test]
#[ignore = "long: two SMT solvers on twenty 6x6 and 9x9 puzzles, about a minute (cargo test --release -- --ignored)"]
fn smt_solvers_agree_with_native_and_cadical_on_twenty_mixed_puzzles() {
    use cagesat::engine::SmtSolver;
    let dir = Path::new("tests/data/variant/iss");
    let opts = EngineOptions::default();
    let mut engines = vec![Engine::Native, Engine::Cadical];
    for solver in SmtSolver::ALL {
        if std::process::Command::new(solver.program())
            .arg("--version")
            .output()
            .is_ok()
        {
            engines.push(Engine::Smt {
                solver,
                timeout: None,
            });
        } else {
            // CI installs both; a machine without one skips it, and says so.
            eprintln!("{solver} is not installed: skipped");
        }
    }
    for name in SMT_MIX {
        let path = dir.join(format!("{name}.iss"));
        let puzzle = Puzzle::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let known = read_solution(&path.with_extension("solution")).expect("a .solution file");
        for engine in &engines {
            let (outcome, _) = engine
                .prove_unique(&puzzle, &opts)
                .unwrap_or_else(|e| panic!("{name}: {}: {e}", engine.name()));
            let Outcome::Solved { grid, unique, .. } = outcome else {
                panic!("{name}: {}: no solution", engine.name());
            };
            assert_eq!(unique, Some(true), "{name}: {}", engine.name());
            assert_eq!(grid, known, "{name}: {}", engine.name());
        }
    }
}
