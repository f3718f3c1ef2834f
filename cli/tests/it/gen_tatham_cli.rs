//! `generate towers`, `generate unequal [--adjacent]` and `generate sudoku --jigsaw`
//! (issue 41): the output parses, each puzzle is unique on two engines and its solution file
//! passes the verifier, the same seed prints the same puzzles, `--difficulty` gives the
//! level asked, and bad arguments are one-line errors with exit status 2.

use cagesat::grade::{Level, Scale};
use cagesat::{Engine, EngineOptions, Grid, Outcome, ParseOptions, Puzzle};

use crate::common::cli::{run, TempDir};

/// The puzzles of a generator run's output, parsed as `name`. Each starts with its
/// `# generated:` line (an Unequal grid has blank lines of its own where no mark stands
/// between two rows, so blank lines do not separate puzzles).
fn puzzles(stdout: &str, name: &str) -> Vec<Puzzle> {
    stdout
        .split("# generated:")
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            let text = format!("# generated:{t}");
            Puzzle::parse_with(&text, &ParseOptions::default().path(name)).unwrap()
        })
        .collect()
}

/// The grid both engines find, each proving it unique.
fn unique_grid(p: &Puzzle) -> Grid<u8> {
    let mut grids = Vec::new();
    for engine in [Engine::Native, Engine::Varisat] {
        let (outcome, _) = engine.prove_unique(p, &EngineOptions::default()).unwrap();
        let Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } = outcome
        else {
            panic!("{}: {}", engine.name(), outcome.label())
        };
        grids.push(grid);
    }
    assert_eq!(grids[0], grids[1]);
    grids.remove(0)
}

#[test]
fn printed_puzzles_parse_are_unique_and_reproducible() {
    for (args, name, count) in [
        (
            &["towers", "5", "--seed", "2", "--count", "3"][..],
            "x.towers",
            3,
        ),
        (
            &["unequal", "--size", "5", "--count", "2"][..],
            "x.unequal",
            2,
        ),
        (
            &["unequal", "4", "--adjacent", "--count", "2"][..],
            "x.unequal",
            2,
        ),
        (
            &["sudoku", "--jigsaw", "--size", "6", "--count", "2"][..],
            "x.sudoku",
            2,
        ),
    ] {
        let r = run(["generate"].iter().chain(args));
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        let ps = puzzles(&r.stdout, name);
        assert_eq!(ps.len(), count, "{args:?}");
        for p in &ps {
            let _ = unique_grid(p);
        }
        assert!(r.stdout.contains("# unique: yes (auto and varisat agree)"));
        let again = run(["generate"].iter().chain(args));
        assert_eq!(
            again.stdout, r.stdout,
            "{args:?}: the same seed, the same puzzles"
        );
    }
    let r = run(["generate", "unequal", "4", "--adjacent"]);
    let p = &puzzles(&r.stdout, "x.unequal")[0];
    assert!(p.as_unequal().is_some_and(|u| u.adjacent()));
    let r = run(["generate", "sudoku", "--jigsaw", "--size", "6"]);
    assert!(r.stdout.contains("--jigsaw") && r.stdout.contains("\nregions\n"));
}

#[test]
fn out_writes_the_puzzle_and_its_solution() {
    let dir = TempDir::new();
    for (args, file) in [
        (&["towers", "4", "--seed", "7"][..], "towers_4x4_s7.towers"),
        (
            &["unequal", "4", "--seed", "7"][..],
            "unequal_4x4_s7.unequal",
        ),
        (
            &["unequal", "4", "--seed", "7", "--adjacent"][..],
            "unequal_adjacent_4x4_s7.unequal",
        ),
        (
            &["sudoku", "--jigsaw", "--size", "4", "--seed", "7"][..],
            "sudoku_jigsaw_4x4_s7.sudoku",
        ),
    ] {
        let out = dir.path("g");
        let r = run(["generate"]
            .iter()
            .chain(args)
            .chain(&["--out", out.as_str()]));
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty());
        let text = std::fs::read_to_string(dir.path(&format!("g/{file}"))).unwrap();
        let p = Puzzle::parse_with(&text, &ParseOptions::default().path(file)).unwrap();
        let solution = file.rsplit_once('.').unwrap().0.to_string() + ".solution";
        let solution = std::fs::read_to_string(dir.path(&format!("g/{solution}"))).unwrap();
        let grid = cagesat::parse::parse_solution(&solution).unwrap();
        p.verify(&grid).unwrap();
        assert_eq!(unique_grid(&p), grid);
    }
}

#[test]
fn difficulty_gives_the_level_asked() {
    for (kind, level, want) in [
        ("towers", "singles", Level::Singles),
        ("unequal", "search", Level::Search),
    ] {
        let r = run(["generate", kind, "5", "--count", "2", "--difficulty", level]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        for p in puzzles(&r.stdout, &format!("x.{kind}")) {
            let g = p.grade().unwrap();
            assert_eq!(g.scale, Scale::Houses, "a grade");
            assert_eq!(g.level, Some(want), "{kind} {level}");
        }
        assert!(r.stdout.contains(&format!("--difficulty {level}")));
    }
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for (args, says) in [
        (
            &["towers", "10"][..],
            "size 10 is out of range (expected 3..=9)",
        ),
        (
            &["unequal", "2", "--adjacent"][..],
            "size 2 is out of range",
        ),
        (
            &["towers", "5", "--difficulty", "box-line"][..],
            "--difficulty box-line needs boxes",
        ),
        (
            &["sudoku", "--jigsaw", "--size", "12"][..],
            "jigsaw size 12 (expected 4..=9)",
        ),
        (
            &["killer", "--jigsaw"][..],
            "--jigsaw is for `generate sudoku` only",
        ),
        (&["towers", "5", "--timeout", "0"][..], "--timeout"),
    ] {
        let r = run(["generate"].iter().chain(args));
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty());
    }
}
