//! The Kakuro generator: the shape rules it guarantees, valid and unique puzzles (by the
//! native engine and by varisat), reproducible output, and the command line.
//!
//! Shape rules checked on every generated puzzle (see `src/generate/kakuro_shape.rs`):
//! the top row and the left column hold no white square; every maximal run of white
//! squares, across and down, has 2..=9 squares; the white squares are 180° symmetric
//! (square (r, c) of the inner part and (rows − r, cols − c) are both white or both not).

use crate::common;

use cagesat::generate::{generate_kakuro, GeneratedKakuro, KakuroParams};
use cagesat::grade::Level;
use cagesat::puzzle::{Kakuro, Square};
use cagesat::{Cell, Engine, EngineOptions, Outcome, Puzzle};
use common::cli::{run, TempDir};

fn white(k: &Kakuro, r: usize, c: usize) -> bool {
    *k.squares().get(Cell::new(r as u8, c as u8)) == Square::White
}

/// The shape rules of the module docs.
fn assert_shape_rules(k: &Kakuro) {
    let (rows, cols) = (k.rows(), k.cols());
    assert!(
        (0..cols).all(|c| !white(k, 0, c)),
        "white square in the top row"
    );
    assert!(
        (0..rows).all(|r| !white(k, r, 0)),
        "white square in the left column"
    );
    for run in k.runs() {
        assert!((2..=9).contains(&run.cells.len()), "{run:?}");
    }
    for r in 1..rows {
        for c in 1..cols {
            assert_eq!(white(k, r, c), white(k, rows - r, cols - c), "({r}, {c})");
        }
    }
}

fn check(rows: usize, cols: usize, seed: u64, logic_solvable: bool) -> GeneratedKakuro {
    let params = KakuroParams {
        rows,
        cols,
        seed,
        logic_solvable,
        ..KakuroParams::new(rows, cols)
    };
    let g = generate_kakuro(&params).unwrap();
    let puzzle = Puzzle::Kakuro(g.puzzle.clone());
    assert_eq!((g.puzzle.rows(), g.puzzle.cols()), (rows, cols));
    assert_shape_rules(&g.puzzle);
    puzzle.verify(&g.solution).unwrap();
    // Independently re-proven unique by both kinds of engine, with the generator's solution.
    for engine in [Engine::Native, Engine::Varisat] {
        let (outcome, _) = engine
            .prove_unique(&puzzle, &EngineOptions::default())
            .unwrap();
        let expected = Outcome::Solved {
            grid: g.solution.clone(),
            unique: Some(true),
            second: None,
        };
        assert_eq!(
            outcome,
            expected,
            "{rows}x{cols} s{seed}: {}",
            engine.name()
        );
    }
    // Printing and parsing back gives the same puzzle; the same seed gives the same bytes.
    let text = g.puzzle.to_string();
    assert_eq!(Puzzle::parse(&text).unwrap(), puzzle);
    let again = generate_kakuro(&params).unwrap();
    assert_eq!(again, g);
    assert_eq!(again.puzzle.to_string(), text);
    if logic_solvable {
        let grade = g.puzzle.grade().unwrap();
        assert!(grade.level <= Some(Level::Gac), "{:?}", grade.level);
    }
    g
}

#[test]
fn small_puzzles_obey_the_rules_and_are_unique() {
    for (rows, cols, seed) in [(3, 3, 1), (4, 6, 2), (6, 5, 3), (8, 8, 4), (10, 10, 5)] {
        for logic_solvable in [true, false] {
            let _ = check(rows, cols, seed, logic_solvable);
        }
    }
}

#[test]
fn medium_and_30x30_puzzles_are_unique() {
    let _ = check(16, 12, 7, false);
    let _ = check(20, 20, 8, true);
    for seed in [1, 2] {
        let g = check(30, 30, seed, true);
        // A real puzzle, not a few leftover squares.
        assert!(
            g.puzzle.white_cells().len() >= 150,
            "{}",
            g.puzzle.white_cells().len()
        );
    }
}

#[test]
#[ignore = "release-mode corpus run: many seeds and sizes"]
fn many_seeds_and_sizes() {
    for seed in 1..=10 {
        for (rows, cols) in [(5, 5), (9, 13), (15, 15), (25, 30), (30, 30)] {
            let _ = check(rows, cols, seed, seed % 2 == 0);
        }
    }
}

#[test]
fn seeds_change_the_puzzle() {
    let a = generate_kakuro(&KakuroParams::new(10, 10)).unwrap();
    let b = generate_kakuro(&KakuroParams {
        seed: 2,
        ..KakuroParams::new(10, 10)
    })
    .unwrap();
    assert_ne!(a.puzzle, b.puzzle);
}

#[test]
fn cli_writes_files_that_parse_back_and_solve_uniquely() {
    let tmp = TempDir::new();
    let dir = tmp.path("out");
    let o = run([
        "generate", "kakuro", "--rows", "9", "--cols", "11", "--seed", "5", "--count", "2",
        "--out", &dir,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    for seed in [5, 6] {
        let path = format!("{dir}/kakuro_9x11_s{seed}.kakuro");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(&format!(
            "; generated: cagesat {} generate kakuro --rows 9 --cols 11 --seed {seed}\n",
            env!("CARGO_PKG_VERSION")
        )));
        // Checks the `.solution` file beside it too.
        for engine in [Engine::Native, Engine::Varisat] {
            common::check_unique_with_known_solution(&engine, &path);
        }
    }
    // Printing to stdout gives the same bytes as the file for the same seed.
    let o = run([
        "generate", "kakuro", "--rows", "9", "--cols", "11", "--seed", "6",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let written = std::fs::read_to_string(format!("{dir}/kakuro_9x11_s6.kakuro")).unwrap();
    assert_eq!(o.stdout, written);
    // Several puzzles on stdout are separated by a blank line, and `--allow-search` is
    // recorded in the header.
    let o = run([
        "generate",
        "kakuro",
        "--rows",
        "5",
        "--cols",
        "5",
        "--count",
        "2",
        "--allow-search",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.stdout.matches("--allow-search\n").count(), 2);
    assert_eq!(o.stdout.matches("\n\n; generated").count(), 1);
}

#[test]
fn cli_rejects_bad_sizes_in_one_line() {
    for (rows, cols) in [("2", "5"), ("5", "65"), ("0", "0")] {
        let o = run(["generate", "kakuro", "--rows", rows, "--cols", cols]);
        assert_eq!(o.code, Some(2), "{rows}x{cols}");
        assert_eq!(o.stderr.lines().count(), 1, "{}", o.stderr);
        assert!(
            o.stderr.contains(&format!(
                "invalid parameters: size {rows}x{cols} (rows and columns must be 3..=64"
            )),
            "{}",
            o.stderr
        );
        assert!(o.stdout.is_empty());
    }
    // Just inside the limits.
    let o = run(["generate", "kakuro", "--rows", "3", "--cols", "64"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let o = run(["generate", "kakuro", "--rows", "5"]);
    assert_eq!(o.code, Some(2), "--cols is required");
}

#[test]
fn cli_timeout_says_how_far_it_got() {
    let o = run([
        "generate",
        "kakuro",
        "--rows",
        "30",
        "--cols",
        "30",
        "--timeout",
        "0.000001",
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert!(
        o.stderr.starts_with(
            "cagesat: puzzle 1 of 1 (seed 1): stopped (timeout) before the puzzle was proven \
             unique (shapes drawn: "
        ),
        "{}",
        o.stderr
    );
}

#[test]
fn difficulty_keeps_only_that_grade_and_names_the_seed_used() {
    let o = run([
        "generate",
        "kakuro",
        "--rows",
        "7",
        "--cols",
        "7",
        "--seed",
        "1",
        "--count",
        "2",
        "--difficulty",
        "sac",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let puzzles: Vec<&str> = o.stdout.split("\n\n").collect();
    assert_eq!(puzzles.len(), 2, "{}", o.stdout);
    let mut last = 0;
    for text in puzzles {
        let header = text.lines().next().unwrap();
        let seed: u64 = header
            .split("--seed ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{header}"));
        assert!(
            header.ends_with(&format!("--seed {seed} --difficulty sac")),
            "{header}"
        );
        assert!(seed > last, "{header}");
        last = seed;
        let Puzzle::Kakuro(k) = Puzzle::parse(text).unwrap() else {
            panic!("not a Kakuro")
        };
        assert_eq!(k.grade().unwrap().level, Some(Level::Sac));
    }
}

#[test]
fn an_unreachable_difficulty_is_an_error_naming_level_and_bound() {
    let o = run([
        "generate",
        "kakuro",
        "--rows",
        "4",
        "--cols",
        "4",
        "--difficulty",
        "search",
        "--max-attempts",
        "3",
    ]);
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert_eq!(o.stderr.lines().count(), 1, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("no 4x4 Kakuro graded search among seeds 1..=3 (--max-attempts 3;"),
        "{}",
        o.stderr
    );
    assert!(o.stdout.is_empty());
}
