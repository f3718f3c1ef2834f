//! The KenKen generator: seeded, valid, unique; Keen game IDs match Keen's own.

use crate::common;

use cagesat::generate::{generate_kenken, keen_id, KenKenParams, SplitMix64};
use cagesat::puzzle::Op;
use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};
use common::cli::{run, TempDir};

#[test]
fn keen_ids_match_keens_own_for_every_sample() {
    let mut checked = 0;
    for e in std::fs::read_dir("tests/data/kenken/keen").unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "kenken") {
            continue;
        }
        let Puzzle::KenKen(k) = common::load(path.to_str().unwrap()) else {
            panic!("not a KenKen")
        };
        let expected = std::fs::read_to_string(path.with_extension("keen")).unwrap();
        assert_eq!(
            keen_id(&k).as_deref(),
            Some(expected.trim()),
            "{}",
            path.display()
        );
        checked += 1;
    }
    assert_eq!(checked, 90);
}

fn check_generated(n: usize, seed: u64, max_cage: usize, ops: Vec<Op>) {
    for logic_solvable in [true, false] {
        check_generated_with(n, seed, max_cage, ops.clone(), logic_solvable);
    }
}

fn check_generated_with(n: usize, seed: u64, max_cage: usize, ops: Vec<Op>, logic_solvable: bool) {
    let params = KenKenParams {
        max_cage,
        ops: ops.clone(),
        logic_solvable,
        ..KenKenParams::new(n)
    };
    let g = generate_kenken(&params, &mut SplitMix64::new(seed)).unwrap();
    let puzzle = Puzzle::KenKen(g.puzzle.clone());
    puzzle.verify(&g.solution).unwrap();
    for cage in g.puzzle.cages() {
        assert!(cage.cells.len() <= max_cage);
        assert!(cage.is_contiguous());
        assert!(
            cage.op == Op::Given || ops.contains(&cage.op),
            "{:?}",
            cage.op
        );
    }
    // Independently re-proven unique by every engine, with the generator's solution.
    for engine in Engine::builtin() {
        let (outcome, _) = engine
            .prove_unique(&puzzle, &EngineOptions::default())
            .unwrap();
        assert_eq!(
            outcome,
            Outcome::Solved {
                grid: g.solution.clone(),
                unique: Some(true),
                second: None,
            },
            "{}",
            engine.name()
        );
    }
    // Printing and parsing back (strictly: every cage contiguous) gives the same puzzle.
    let text = g.puzzle.to_string();
    assert_eq!(
        Puzzle::parse_with(&text, &ParseOptions::default().strict(true)).unwrap(),
        puzzle
    );
    // Reproducible.
    let again = generate_kenken(&params, &mut SplitMix64::new(seed)).unwrap();
    assert_eq!(again.puzzle, g.puzzle);
    if n <= 9 {
        assert!(keen_id(&g.puzzle).is_some());
    }
    if logic_solvable {
        // Root propagation (grade level `box` or below) solves it, without search.
        let grade = puzzle.grade().unwrap();
        assert_eq!(
            grade.scale,
            cagesat::grade::Scale::Cages,
            "{n}x{n} seed {seed}: no KenKen grade"
        );
        assert!(
            grade
                .level
                .is_some_and(|l| l < cagesat::grade::Level::Search),
            "{n}x{n} seed {seed}"
        );
    }
}

#[test]
fn generated_puzzles_are_valid_unique_and_reproducible() {
    let all = vec![Op::Add, Op::Sub, Op::Mul, Op::Div];
    for (n, seed) in [(4, 1), (5, 2), (6, 3), (7, 4), (9, 5)] {
        check_generated(n, seed, 5, all.clone());
    }
    check_generated(6, 9, 3, vec![Op::Add]);
    check_generated(6, 10, 2, vec![Op::Sub, Op::Div]);
}

#[test]
#[ignore = "release-mode corpus run: large generated sizes"]
fn generates_large_unique_puzzles() {
    let all = vec![Op::Add, Op::Sub, Op::Mul, Op::Div];
    // Unique 16x16 with the default logic gate; the search-allowing variant only at 12x12
    // (its final uniqueness proof can take minutes at 16x16, see the issue notes).
    check_generated_with(16, 2, 5, all.clone(), true);
    check_generated(12, 1, 5, all.clone());
}

#[test]
fn cli_writes_puzzles_that_parse_back_and_solve_uniquely() {
    let tmp = TempDir::new();
    // `--out` creates the directory.
    let dir = tmp.path("out");
    let o = run([
        "generate", "kenken", "--size", "5", "--seed", "11", "--count", "2", "--out", &dir,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    for seed in [11, 12] {
        let path = format!("{dir}/kenken_5x5_s{seed}.kenken");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("# keen: 5:"), "{text}");
        for engine in Engine::builtin() {
            common::check_unique_with_known_solution(&engine, &path);
        }
    }
    // Printing to stdout gives the same puzzle as the file for the same seed.
    let o = run(["generate", "kenken", "--size", "5", "--seed", "12"]);
    let written = std::fs::read_to_string(format!("{dir}/kenken_5x5_s12.kenken")).unwrap();
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("# unique"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&o.stdout), body(&written));

    let o = run(["generate", "kenken", "--size", "5", "--ops", "+%"]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "cagesat: --ops: unknown operator '%' (expected some of + - * /)\n"
    );
}

/// `--hide-operators`: the same puzzle as without the flag, with operators replaced by `?`
/// while it stays unique (every engine agrees on its one answer); the same seed gives the
/// same output; `?` is refused in `--ops`.
#[test]
fn hide_operators_keeps_the_puzzle_and_its_answer() {
    let body = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    for (size, seed) in [(4, 1), (6, 3), (7, 8)] {
        let (size, seed) = (size.to_string(), seed.to_string());
        let args = ["generate", "kenken", "--size", &size, "--seed", &seed];
        let plain = run(args);
        let hidden = run(args.iter().copied().chain(["--hide-operators"]));
        assert_eq!(hidden.code, Some(0), "{}", hidden.stderr);
        assert!(
            hidden.stdout.contains("--hide-operators\n"),
            "{}",
            hidden.stdout
        );
        assert!(
            hidden.stdout.contains("# operators hidden: "),
            "{}",
            hidden.stdout
        );
        assert!(!hidden.stdout.contains("# keen:"), "{}", hidden.stdout);
        let (plain_body, hidden_body) = (body(&plain.stdout), body(&hidden.stdout));
        assert_eq!(plain_body.len(), hidden_body.len());
        let mut count = 0;
        for (p, h) in plain_body.iter().zip(&hidden_body) {
            if p != h {
                // `12 + A1 A2` became `12 ? A1 A2`.
                let (pw, hw): (Vec<&str>, Vec<&str>) =
                    (p.split(' ').collect(), h.split(' ').collect());
                assert_eq!(
                    (pw.len(), pw[0], hw[1]),
                    (hw.len(), hw[0], "?"),
                    "{p} / {h}"
                );
                assert_eq!(pw[2..], hw[2..]);
                count += 1;
            }
        }
        assert!(count > 0, "{}", hidden.stdout);
        let puzzle =
            Puzzle::parse_with(&hidden.stdout, &ParseOptions::default().strict(true)).unwrap();
        let plain =
            Puzzle::parse_with(&plain.stdout, &ParseOptions::default().strict(true)).unwrap();
        let want = Engine::Varisat
            .prove_unique(&plain, &EngineOptions::default())
            .unwrap()
            .0;
        for engine in Engine::builtin() {
            let (got, _) = engine
                .prove_unique(&puzzle, &EngineOptions::default())
                .unwrap();
            assert_eq!(got, want, "{}", engine.name());
            assert!(matches!(
                got,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ));
        }
        // Reproducible.
        let again = run(args.iter().copied().chain(["--hide-operators"]));
        assert_eq!(body(&again.stdout), hidden_body);
    }
    let o = run(["generate", "kenken", "--size", "5", "--ops", "+?"]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("unknown operator '?'"), "{}", o.stderr);
}

/// `--difficulty` (a level or Keen's name for it) gives that exact grade and no givens; the
/// header says so; an unknown level is refused in one line.
#[test]
fn cli_difficulty_gives_the_grade_asked_without_givens() {
    for (asked, level) in [("hard", "cage-gac"), ("box", "box"), ("easy", "singles")] {
        let o = run([
            "generate",
            "kenken",
            "--size",
            "6",
            "--seed",
            "2",
            "--difficulty",
            asked,
        ]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let want = format!("; grade: {level}; givens: 0;");
        assert!(o.stdout.contains(&want), "{}", o.stdout);
        assert!(
            o.stdout.contains(&format!("--difficulty {level}\n")),
            "{}",
            o.stdout
        );
        let puzzle = Puzzle::parse_with(&o.stdout, &ParseOptions::default().strict(true)).unwrap();
        let g = puzzle.grade().unwrap();
        assert_eq!(g.scale, cagesat::grade::Scale::Cages, "no KenKen grade");
        assert_eq!(g.level_name(), Some(level));
    }
    let o = run([
        "generate",
        "kenken",
        "--size",
        "6",
        "--difficulty",
        "medium",
    ]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.contains("unknown level 'medium' (expected singles, subsets, cage-gac, box, search, or easy, normal, hard, extreme, unreasonable)"),
        "{}",
        o.stderr
    );
    // Givens when asked for: at most that many.
    let o = run([
        "generate",
        "kenken",
        "--size",
        "7",
        "--seed",
        "4",
        "--max-givens",
        "3",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let Puzzle::KenKen(k) = Puzzle::parse(&o.stdout).unwrap() else {
        panic!("not a KenKen")
    };
    assert!(k.cages().iter().filter(|c| c.cells.len() == 1).count() <= 3);
}
