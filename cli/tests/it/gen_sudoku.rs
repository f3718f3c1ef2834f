//! `generate sudoku` and `generate killer`: each puzzle parses, is unique on two engines,
//! and has the `--difficulty` asked for by `grade` (a Killer in the published style too:
//! no givens, no one-cell cages); bad sizes are one-line errors.

use cagesat::grade::{Level, Scale};
use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};

use crate::common::cli::{run, TempDir};

/// The puzzles of a generator run's output (blank-line separated), parsed as `name`.
fn puzzles(stdout: &str, name: &str) -> Vec<Puzzle> {
    stdout
        .split("\n\n")
        .filter(|t| !t.trim().is_empty())
        .map(|t| Puzzle::parse_with(t, &ParseOptions::default().path(name)).unwrap())
        .collect()
}

fn unique_everywhere(p: &Puzzle) {
    for engine in [Engine::Native, Engine::Varisat, Engine::Auto] {
        let (outcome, _) = engine.prove_unique(p, &EngineOptions::default()).unwrap();
        assert!(
            matches!(
                outcome,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ),
            "{}: {}",
            engine.name(),
            outcome.label()
        );
    }
}

#[test]
fn generated_sudokus_have_the_asked_level() {
    for (level, want) in [
        ("singles", Level::Singles),
        ("subsets", Level::Subsets),
        ("box-line", Level::Interactions),
    ] {
        let r = run([
            "generate", "sudoku", "--size", "9", "--seed", "1", "--count", "2",
        ]
        .into_iter()
        .chain(["--difficulty", level]));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let ps = puzzles(&r.stdout, "x.sudoku");
        assert_eq!(ps.len(), 2);
        for p in &ps {
            unique_everywhere(p);
            let g = p.grade().unwrap();
            assert_eq!(g.scale, Scale::Houses, "a Sudoku grade");
            assert_eq!(g.level, Some(want), "{level}");
        }
        assert!(r.stdout.contains(&format!("grade: {level}")));
    }
}

#[test]
fn generated_killers_are_unique_and_written_to_files() {
    let dir = TempDir::new();
    let r = run([
        "generate",
        "killer",
        "--size",
        "16",
        "--seed",
        "15",
        "--count",
        "1",
        // The old style (givens, one-cell cages) keeps a 16x16 quick: without givens it
        // takes some 26 s of CPU (issue 53).
        "--givens",
        "--single-cages",
        "--out",
        dir.path("k").as_str(),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(dir.path("k/killer_16x16_s15.killer")).unwrap();
    let p = Puzzle::parse_with(&text, &ParseOptions::default().path("x.killer")).unwrap();
    unique_everywhere(&p);
    let solution = std::fs::read_to_string(dir.path("k/killer_16x16_s15.solution")).unwrap();
    let grid = cagesat::Grid::from_rows(
        solution
            .lines()
            .map(|l| l.split_whitespace().map(|d| d.parse().unwrap()).collect())
            .collect(),
    )
    .unwrap();
    assert!(p.verify(&grid).is_ok());
    let r = run(["generate", "killer", "--size", "4", "--seed", "3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    unique_everywhere(&puzzles(&r.stdout, "x.killer")[0]);
}

/// Killers in the published style (issue 53): ten by default and ten of each
/// `--difficulty` but `singles` (four: about 2 s of CPU each), every one without givens and
/// one-cell cages, unique on the native engine, varisat and `auto`, graded at the level
/// asked, with cages mostly of 2 to 4 cells and few of 6.
#[test]
fn generated_killers_have_no_givens_no_single_cages_and_the_asked_level() {
    let mut sizes = [0usize; 7];
    for (difficulty, count) in [
        (None, 10),
        (Some(("singles", Level::Singles)), 4),
        (Some(("subsets", Level::Subsets)), 10),
        (Some(("box-line", Level::Interactions)), 10),
        (Some(("search", Level::Search)), 10),
    ] {
        let count_arg = count.to_string();
        let mut args = vec!["generate", "killer", "--seed", "1", "--count", &count_arg];
        if let Some((name, _)) = difficulty {
            args.extend(["--difficulty", name]);
        }
        let r = run(&args);
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        let made = puzzles(&r.stdout, "x.killer");
        assert_eq!(made.len(), count, "{args:?}");
        for p in &made {
            let k = p.as_killer().expect("a Killer");
            assert!(k.sudoku().given_cells().is_empty(), "{args:?}: givens");
            for c in k.cages() {
                assert!((2..=6).contains(&c.cells.len()), "{args:?}: a cage {c:?}");
                sizes[c.cells.len()] += 1;
            }
            unique_everywhere(p);
            if let Some((name, level)) = difficulty {
                assert_eq!(p.grade().unwrap().level, Some(level), "{name}");
                assert!(r.stdout.contains(&format!("grade: {name}\n")));
            }
        }
    }
    let all: usize = sizes.iter().sum();
    assert!(
        sizes[6] * 10 <= all && sizes[2..=4].iter().sum::<usize>() * 10 >= all * 7,
        "cage sizes 0..=6: {sizes:?}"
    );
}

#[test]
fn bad_sizes_and_unreachable_levels_are_one_line_errors() {
    let r = run(["generate", "sudoku", "--size", "5"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unsupported size 5"), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let r = run([
        "generate",
        "sudoku",
        "--size",
        "4",
        "--difficulty",
        "box-line",
        "--max-attempts",
        "3",
    ]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("no sudoku of level box-line among seeds 1..3"),
        "{}",
        r.stderr
    );
}

/// A time limit ends a generation whose givens are not settled: exit 3 and one line saying
/// how far it got (a 16×16 Killer with cages of up to nine cells takes minutes); a bad limit
/// is a usage error.
#[test]
fn a_time_limit_ends_a_long_killer_generation() {
    let r = run([
        "generate",
        "killer",
        "--size",
        "16",
        "--max-cage",
        "9",
        "--timeout",
        "0.5",
    ]);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("stopped (timeout) before the puzzle was proven unique (uniqueness checks: "),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    let r = run(["generate", "sudoku", "--timeout", "0"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
}
