//! `cagesat grade` on Kakuro: exact levels on every shipped Kakuro, each level adding
//! deductions, generated puzzles, and the command line (table and JSON).
//!
//! The levels (defined in `src/grade/kakuro.rs`): `singles` (naked singles, combination
//! union, hidden singles), `subsets` (+ naked pairs/triples), `run-gac` (+ arc consistency
//! on every run), `sac` (+ singleton arc consistency), else `search`.

use crate::common;

use cagesat::generate::{generate_kakuro, KakuroParams};
use cagesat::grade::{Grade, Level, Root, Scale};
use cagesat::Puzzle;
use common::cli::run;

fn graded(path: &str) -> (Puzzle, Grade) {
    let puzzle = common::load(path);
    let Puzzle::Kakuro(k) = &puzzle else {
        panic!("{path}: not a Kakuro")
    };
    let g = k.grade().unwrap_or_else(|e| panic!("{path}: {e}"));
    (puzzle, g)
}

/// Stronger levels never fix fewer squares; a level that solves implies every stronger one
/// does; a solving level's grid passes the checker.
fn assert_monotone(path: &str, puzzle: &Puzzle, g: &Grade) {
    assert_eq!(g.scale, Scale::Runs, "{path}");
    let fixed: Vec<usize> = g.roots.iter().map(|(_, r)| r.fixed(g.cells)).collect();
    assert!(fixed.windows(2).all(|w| w[0] <= w[1]), "{path}: {fixed:?}");
    let level = g.level.unwrap();
    for (l, r) in &g.roots {
        assert_eq!(r.solves(), *l >= level, "{path}: {l} vs grade {level}");
        if let Root::Solved(grid) = r {
            puzzle.verify(grid).unwrap();
        }
    }
}

/// `kakuro_grade!(name, "file", level)`: the grade of `tests/data/kakuro/file.kakuro`, as
/// computed by the grader when these tests were written (pinned so that a change to a
/// deduction shows up here).
macro_rules! kakuro_grade {
    ($name:ident, $path:literal, $level:expr) => {
        #[test]
        fn $name() {
            let path = concat!("tests/data/kakuro/", $path, ".kakuro");
            let (puzzle, g) = graded(path);
            assert_monotone(path, &puzzle, &g);
            assert_eq!(g.level, Some($level), "{path}");
        }
    };
}

use Level::{Gac as RunGac, Sac, Singles};
// The PanPapag puzzles (easy, intermediate and hard for its backtracking solver) all fall to
// the combination table and singles.
kakuro_grade!(panpapag_easy_5x5, "panpapag_easy_5x5", Singles);
kakuro_grade!(
    panpapag_intermediate_7x7,
    "panpapag_intermediate_7x7",
    Singles
);
kakuro_grade!(panpapag_hard_12x10, "panpapag_hard_12x10", Singles);
// The generated corpus needs arc consistency on runs, four of them the one-step lookahead.
kakuro_grade!(
    gen_12x12_s51200,
    "generated/gen_kakuro_12x12_s51200",
    RunGac
);
kakuro_grade!(
    gen_12x12_s51203,
    "generated/gen_kakuro_12x12_s51203",
    RunGac
);
kakuro_grade!(gen_16x16_s51600, "generated/gen_kakuro_16x16_s51600", Sac);
kakuro_grade!(
    gen_16x16_s51603,
    "generated/gen_kakuro_16x16_s51603",
    RunGac
);
kakuro_grade!(
    gen_20x20_s52000,
    "generated/gen_kakuro_20x20_s52000",
    RunGac
);
kakuro_grade!(
    gen_20x20_s52003,
    "generated/gen_kakuro_20x20_s52003",
    RunGac
);
kakuro_grade!(gen_25x25_s52500, "generated/gen_kakuro_25x25_s52500", Sac);
kakuro_grade!(
    gen_25x25_s52503,
    "generated/gen_kakuro_25x25_s52503",
    RunGac
);
kakuro_grade!(gen_30x30_s53000, "generated/gen_kakuro_30x30_s53000", Sac);
kakuro_grade!(gen_30x30_s53100, "generated/gen_kakuro_30x30_s53100", Sac);

#[test]
fn every_shipped_kakuro_is_graded_here() {
    let n = common::assert_every_file_listed(
        include_str!("grade_kakuro.rs"),
        "tests/data/kakuro",
        &["", "generated"],
        "kakuro",
    );
    assert_eq!(n, 13);
}

/// One puzzle where every level adds deductions: 29, 63, 81 then all 102 squares fixed.
#[test]
fn each_level_adds_deductions() {
    let (_, g) = graded("tests/data/kakuro/generated/gen_kakuro_16x16_s51600.kakuro");
    let fixed: Vec<usize> = g.roots.iter().map(|(_, r)| r.fixed(g.cells)).collect();
    assert_eq!(fixed, [29, 63, 81, 102]);
    assert!(!g.cnf_up.solves());
}

#[test]
fn generated_puzzles_grade_as_promised() {
    for (size, seed) in [(8, 1), (12, 2), (20, 3)] {
        let logic = generate_kakuro(&KakuroParams {
            seed,
            ..KakuroParams::new(size, size)
        })
        .unwrap();
        let g = logic.puzzle.grade().unwrap();
        assert!(g.level <= Some(RunGac), "{size} s{seed}: {:?}", g.level);
        let Some(Root::Solved(grid)) = g.root(RunGac) else {
            panic!("run-gac solves it")
        };
        assert_eq!(*grid, logic.solution);
    }
}

const EASY: &str = "tests/data/kakuro/panpapag_easy_5x5.kakuro";
const HARD: &str = "tests/data/kakuro/panpapag_hard_12x10.kakuro";
const SAC_30: &str = "tests/data/kakuro/generated/gen_kakuro_30x30_s53000.kakuro";
const KENKEN: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";

#[test]
fn cli_table_and_json() {
    let o = run(["grade", EASY, KENKEN, SAC_30, HARD]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let lines: Vec<Vec<&str>> = o
        .stdout
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    // The KenKen table, a blank line, then the Kakuro table in input order.
    assert_eq!(lines[0][7], "cage-gac");
    assert_eq!(lines[1][0], KENKEN);
    assert!(lines[2].is_empty());
    assert_eq!(
        lines[3],
        ["file", "size", "level", "cnf-up", "singles", "subsets", "run-gac", "sac"]
    );
    assert_eq!(
        lines[4],
        [EASY, "5x5", "singles", "yes", "12/12", "12/12", "12/12", "12/12"]
    );
    assert_eq!(lines[5][..4], [SAC_30, "30x30", "sac", "no"]);
    assert_eq!(lines[5][7], "375/375");
    assert_eq!(lines[6][..3], [HARD, "12x10", "singles"]);
    assert_eq!(lines.len(), 7);

    let o = run(["grade", "--json", SAC_30, EASY]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let v = o.json_lines();
    assert_eq!(v[0]["file"], SAC_30);
    assert_eq!(v[0]["kind"], "kakuro");
    assert_eq!(v[0]["size"], "30x30");
    assert_eq!(v[0]["level"], "sac");
    assert_eq!(v[0]["cnf_up_solves"], false);
    assert_eq!(v[0]["box_box_needed"], serde_json::Value::Null);
    assert_eq!(v[0]["cells"], 375);
    assert_eq!(v[0]["fixed"]["sac"], 375);
    assert_eq!(v[1]["level"], "singles");
    assert_eq!(v[1]["fixed"]["run-gac"], 12);

    // Kakuro files stay out of Keen's matrix.
    let o = run(["grade", "--matrix", EASY]);
    assert_eq!(o.code, Some(0));
    assert!(o.stderr.contains("1 file(s) not named"), "{}", o.stderr);
}

#[test]
fn cli_contradiction_is_unsat() {
    // Two runs of two squares with sum 3 ({1, 2}) crossing two down runs with sum 17
    // ({8, 9}): singles find the clash.
    let tmp = common::cli::TempDir::new();
    let path = tmp.path("clash.kakuro");
    std::fs::write(&path, "#  17\\  17\\\n\\3   .   .\n\\3   .   .\n").unwrap();
    let o = run(["grade", "--json", &path]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    assert_eq!(o.json_lines()[0]["level"], "unsat");
}
