//! `cagesat grade`: propagation levels on hand-made puzzles, Keen's difficulty on its corpus,
//! and the command line. The candidates left at each level are tested inside the grader
//! (`src/grade/levels_tests.rs`).

use crate::common;

use cagesat::grade::{Grade, KeenDifficulty, Level, Matrix, Root, Scale};
use cagesat::Puzzle;
use common::cli::run;

const KEEN_DIR: &str = "tests/data/kenken/keen";
const WOLFRAM_6: &str = "tests/data/kenken/wolfram/wolfram-6x6.kenken";
const NORVIG_1: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const KAKURO: &str = "tests/data/kakuro/panpapag_easy_5x5.kakuro";
const CROSSPRODUCT: &str = "tests/data/crossproduct/public/norvig_example_5x3.crossproduct";

/// The KenKen grade of `puzzle` (through [`Puzzle::grade`], which grades every kind).
fn grade(puzzle: &Puzzle) -> Result<Grade, Box<cagesat::grade::GradeError>> {
    let g = puzzle.grade()?;
    assert_eq!(g.scale, Scale::Cages, "not a KenKen grade: {g:?}");
    Ok(g)
}

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).unwrap()
}

/// 3×3, three givens. Row A: A1 = 1, A2 = 2 leave A3 = 3; column 1: C1 = 3; B3 loses 2
/// (row B) and 3 (column 3), so B3 = 1, then B2 = 3, C2 = 1, C3 = 2. The 6-cell cage adds
/// 3 + 3 + 1 + 3 + 1 + 2 = 13 and its candidate union is {1, 2, 3}: singles do everything.
const SINGLES_3: &str = "size 3\n1 = A1\n2 = A2\n2 = B1\n13 + A3 B3 B2 C3 C2 C1";

#[test]
fn line_singles_solve_a_hand_made_3x3() {
    let g = grade(&puzzle(SINGLES_3)).unwrap();
    assert_eq!(g.level, Some(Level::Singles));
    let Some(Root::Solved(grid)) = g.root(Level::Singles) else {
        panic!("singles should solve it")
    };
    assert_eq!(
        grid.to_rows(),
        vec![vec![1, 2, 3], vec![2, 3, 1], vec![3, 1, 2]]
    );
    assert!(g.cnf_up.solves(), "UP does naked and hidden singles");
}

/// Wolfram's 6×6: his post shows cage filtering with in-cage distinctness (GAC) plus naked
/// subsets stalling with two cells placed, and box–box interaction finishing it.
#[test]
fn wolfram_6x6_needs_box_box() {
    let g = grade(&common::load(WOLFRAM_6)).unwrap();
    assert_eq!(g.level, Some(Level::Interactions));
    assert!(g.needs_box_pairs());
    assert_eq!(g.root(Level::Gac).unwrap().fixed(36), 2);
    assert!(!g.cage_lines.as_ref().unwrap().solves());
    let Some(Root::Solved(grid)) = g.root(Level::Interactions) else {
        panic!("box should solve it")
    };
    common::load(WOLFRAM_6).verify(grid).unwrap();
}

#[test]
fn unsat_and_other_kinds() {
    // Two givens 1 in row A: singles find the clash.
    let g = grade(&puzzle("size 2\n1 = A1\n1 = A2\n3 + B1 B2")).unwrap();
    assert_eq!(g.level, None);
    assert_eq!(g.cnf_up, Root::Conflict);
    assert!(matches!(
        common::load(KAKURO).grade(),
        Ok(g) if g.scale == Scale::Runs
    ));
    let err = common::load(CROSSPRODUCT).grade().unwrap_err();
    assert_eq!(
        err.to_string(),
        "grade supports KenKen, Kakuro, Sudoku, Killer Sudoku, Towers and Unequal puzzles only, not crossproduct"
    );
}

fn keen_corpus() -> Vec<(String, KeenDifficulty, Grade)> {
    let mut files: Vec<String> = std::fs::read_dir(KEEN_DIR)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".kenken"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let keen = KeenDifficulty::from_file_name(&f).unwrap();
            let g = grade(&common::load(&f)).unwrap_or_else(|e| panic!("{f}: {e}"));
            (f, keen, g)
        })
        .collect()
}

/// Stronger levels never fix fewer cells; a level that solves implies every stronger one
/// does; UP on the CNF (singles, GAC on tables, cage–line clauses) never beats `box`.
fn assert_monotone(file: &str, g: &Grade) {
    let fixed: Vec<usize> = g.roots.iter().map(|(_, r)| r.fixed(g.cells)).collect();
    assert!(fixed.windows(2).all(|w| w[0] <= w[1]), "{file}: {fixed:?}");
    let level = g.level.unwrap();
    for (l, r) in &g.roots {
        assert_eq!(r.solves(), *l >= level, "{file}: {l} vs grade {level}");
    }
    assert!(
        g.cage_lines.as_ref().unwrap().fixed(g.cells) <= fixed[3],
        "{file}"
    );
    if g.cnf_up.solves() {
        assert!(
            level <= Level::Interactions,
            "{file}: UP solves but grade is {level}"
        );
    }
}

#[test]
fn keen_corpus_agrees_with_keen_difficulty() {
    let corpus = keen_corpus();
    assert_eq!(corpus.len(), 90);
    let mut m = Matrix::default();
    for (file, keen, g) in &corpus {
        assert_monotone(file, g);
        let level = g.level.unwrap();
        // Our `singles` is exactly Keen's Easy rule set, and Keen checks that each puzzle
        // of difficulty D > Easy fails at D - 1 (Normal and above fail at Easy).
        assert_eq!(
            level == Level::Singles,
            *keen == KeenDifficulty::Easy,
            "{file}: graded {level}"
        );
        // Keen's Normal is singles + cage GAC, which `cage-gac` contains; UP on the
        // support encoding does the same.
        if *keen <= KeenDifficulty::Normal {
            assert!(level <= Level::Gac, "{file}: graded {level}");
            assert!(g.cnf_up.solves(), "{file}: UP does not solve it");
        }
        m.add(*keen, g);
    }
    // The figures of the shipped corpus (they follow from the grades, pinned here).
    let expected = Matrix {
        counts: [
            [18, 0, 0, 0, 0],
            [0, 11, 7, 0, 0],
            [0, 7, 4, 5, 2],
            [0, 0, 0, 9, 9],
            [0, 0, 0, 11, 7],
        ],
        cnf_up: [18, 18, 15, 0, 0],
        box_pairs: [0, 0, 0, 9, 11],
        no_solution: [0; 5],
    };
    assert_eq!(m, expected, "\n{}", m.to_text());
}

#[test]
fn cli_table_json_errors_and_matrix() {
    let o = run(["grade", NORVIG_1, CROSSPRODUCT, WOLFRAM_6]);
    assert_eq!(o.code, Some(2), "the CrossProduct file is an error");
    let out = &o.stdout;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "header and two puzzles:\n{out}");
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "file",
            "size",
            "difficulty",
            "level",
            "cnf-up",
            "singles",
            "subsets",
            "cage-gac",
            "box"
        ]
    );
    // Wolfram's 6×6 needs box–box interaction (two cages sharing a line), which Keen's
    // rules do not have: by Keen's rules it is a guess.
    let wolfram: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(
        wolfram,
        [
            WOLFRAM_6,
            "6x6",
            "unreasonable",
            "box",
            "no",
            "2/36",
            "2/36",
            "2/36",
            "36/36"
        ]
    );
    assert_eq!(
        lines[1].rfind("4x4"),
        lines[2].rfind("6x6"),
        "aligned columns"
    );
    assert_eq!(o.stderr.lines().count(), 1, "{}", o.stderr);
    assert!(
        o.stderr
            .contains("grade supports KenKen, Kakuro, Sudoku, Killer Sudoku, Towers and Unequal puzzles only, not crossproduct"),
        "{}",
        o.stderr
    );

    let o = run(["grade", "--json", NORVIG_1, CROSSPRODUCT]);
    assert_eq!(o.code, Some(2));
    let v = o.json_lines();
    assert_eq!(v[0]["file"], NORVIG_1);
    assert_eq!(v[0]["kind"], "kenken");
    assert_eq!(v[0]["size"], "4x4");
    assert_eq!(v[0]["level"], "singles");
    assert_eq!(v[0]["difficulty"], "easy");
    assert_eq!(v[0]["difficulty_rule"], "cage combinations");
    assert_eq!(v[0]["difficulty_score"], 1.5);
    assert_eq!(v[0]["cnf_up_solves"], true);
    assert_eq!(v[0]["fixed"]["singles"], 16);
    assert_eq!(v[1]["status"], "error");

    let o = run([
        "grade",
        "--matrix",
        &format!("{KEEN_DIR}/4x4-e-00.kenken"),
        NORVIG_1,
    ]);
    assert_eq!(o.code, Some(0));
    let easy: Vec<&str> = o
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(easy, ["easy", "1", "0", "0", "0", "0", "1", "1", "0"]);
    assert!(o.stderr.contains("1 file(s) not named"));
}

/// `grade --technique` puts the hardest technique of the step-by-step path beside the level
/// (issue 39): Solo's Basic puzzles (`tests/data/techniques/make.sh`) need singles only, its
/// Extreme ones a set or a fish (score 3.0 and up); the text table gets two columns.
#[test]
fn technique_beside_the_level() {
    let singles = ["naked single", "hidden single"];
    let o = run([
        "grade",
        "--technique",
        "--json",
        "tests/data/techniques/solo-3x3db.txt",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let basic = o.json_lines();
    assert_eq!(basic.len(), 6);
    for r in &basic {
        let t = r["technique"].as_str().expect("a technique");
        assert!(singles.contains(&t), "{r}");
        assert!(r["score"].as_f64().is_some_and(|s| s <= 1.2), "{r}");
        assert_eq!(r["level"], "singles", "{r}");
        assert_eq!(r["difficulty"], "basic", "{r}");
    }
    let o = run([
        "grade",
        "--technique",
        "--json",
        "tests/data/techniques/solo-3x3de.txt",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let extreme = o.json_lines();
    assert_eq!(extreme.len(), 6);
    for r in &extreme {
        assert_eq!(r["difficulty"], "extreme", "{r}");
        let t = r["technique"].as_str().expect("a technique");
        assert!(!singles.contains(&t), "{r}");
        assert!(r["score"].as_f64().is_some_and(|s| s >= 3.0), "{r}");
    }
    // Without the flag the record has no such fields, and the same difficulty (one grade
    // per puzzle); the text table gets two columns.
    let o = run(["grade", "--json", "tests/data/techniques/solo-3x3db.txt"]);
    assert!(o.json_lines().iter().all(|r| r.get("technique").is_none()));
    let o = run(["grade", "--json", "tests/data/techniques/solo-3x3de.txt"]);
    let plain: Vec<_> = o
        .json_lines()
        .iter()
        .map(|r| r["difficulty"].clone())
        .collect();
    let with: Vec<_> = extreme.iter().map(|r| r["difficulty"].clone()).collect();
    assert_eq!(plain, with);
    let o = run(["grade", "--technique", NORVIG_1]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let header: Vec<&str> = o
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        header[2..7],
        ["difficulty", "level", "technique", "score", "cnf-up"],
        "{}",
        o.stdout
    );
}
