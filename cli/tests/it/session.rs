//! Sessions (one solver per KenKen side, puzzles under activation literals; one DPLL Latin
//! square per side, cloned for each puzzle) give the same
//! answers as fresh engines: on every KenKen corpus, interleaved sizes, more puzzles than
//! one solver takes before it is rebuilt, unsolvable puzzles, counts, and other kinds
//! passed through.

use crate::common;

use std::path::PathBuf;

use cagesat::{Count, Engine, EngineOptions, Outcome, Puzzle, Session};

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(format!("tests/data/{dir}"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

fn kenkens() -> Vec<(PathBuf, Puzzle)> {
    [
        "kenken/keen",
        "kenken/norvig",
        "kenken/public",
        "kenken/wolfram",
        "kenken/unsat",
    ]
    .iter()
    .flat_map(|d| files(d, "kenken"))
    .map(|p| {
        let puzzle = Puzzle::read(&p).unwrap();
        (p, puzzle)
    })
    .collect()
}

fn engines() -> Vec<Engine> {
    let mut e = vec![Engine::Varisat, Engine::Auto, Engine::Dpll];
    if cfg!(feature = "cadical") {
        e.push(Engine::Cadical);
    }
    e
}

/// The same answers, puzzle by puzzle, as a fresh engine: each grid verified (the engine
/// layer does it) and equal to the fresh engine's when unique; the same uniqueness verdict.
fn same_answers(puzzles: &[(PathBuf, Puzzle)], engine: &Engine, min_unique: usize) {
    let opts = EngineOptions::default();
    let mut session = Session::new(engine.clone());
    let mut solved = 0;
    for (path, puzzle) in puzzles {
        let (fresh, _) = engine.prove_unique(puzzle, &opts).unwrap();
        let (shared, _) = session.prove_unique(puzzle, &opts).unwrap();
        match (&fresh, &shared) {
            (
                Outcome::Solved {
                    grid: a,
                    unique: Some(true),
                    ..
                },
                Outcome::Solved {
                    grid: b,
                    unique: Some(true),
                    ..
                },
            ) => {
                assert_eq!(a, b, "{}", path.display());
                solved += 1;
            }
            (
                Outcome::Solved {
                    unique: Some(false),
                    ..
                },
                Outcome::Solved {
                    unique: Some(false),
                    ..
                },
            )
            | (Outcome::Unsat, Outcome::Unsat) => {}
            _ => panic!("{}: fresh {fresh:?}, session {shared:?}", path.display()),
        }
    }
    assert!(solved >= min_unique, "only {solved} unique puzzles");
}

#[test]
fn a_session_answers_every_kenken_corpus_as_a_fresh_engine_does() {
    let puzzles = kenkens();
    for engine in engines() {
        same_answers(&puzzles, &engine, 100);
    }
}

#[test]
fn sizes_interleaved_and_a_rebuilt_solver_change_nothing() {
    // Alternate sides (each change rebuilds the solver), then run far more same-side
    // puzzles in a row than one solver takes before it is rebuilt.
    let all = kenkens();
    let mut interleaved: Vec<(PathBuf, Puzzle)> = Vec::new();
    let (small, large): (Vec<_>, Vec<_>) = all.iter().cloned().partition(|(p, _)| {
        p.to_string_lossy().contains("4x4") || p.to_string_lossy().contains("5x5")
    });
    for (a, b) in small.iter().zip(&large) {
        interleaved.push(a.clone());
        interleaved.push(b.clone());
    }
    for engine in [Engine::Varisat, Engine::Dpll] {
        same_answers(&interleaved, &engine, 40);
    }
    let nines: Vec<(PathBuf, Puzzle)> = all
        .iter()
        .filter(|(p, _)| p.to_string_lossy().contains("keen/9x9"))
        .cloned()
        .collect();
    assert!(!nines.is_empty());
    let repeated: Vec<(PathBuf, Puzzle)> = nines.iter().cycle().take(300).cloned().collect();
    for engine in [Engine::Varisat, Engine::Dpll] {
        same_answers(&repeated, &engine, 300);
    }
}

/// A 4×4 whose cages are its rows, each `10 +`: every Latin square of order 4 fits.
const ROWS_4X4: &str =
    "size 4\n10 + a1 b1 c1 d1\n10 + a2 b2 c2 d2\n10 + a3 b3 c3 d3\n10 + a4 b4 c4 d4\n";

#[test]
fn counts_in_a_session_are_exact_and_do_not_leak_into_the_next_puzzle() {
    let rows = Puzzle::parse(ROWS_4X4).unwrap();
    let keen = Puzzle::read("tests/data/kenken/keen/4x4-e-00.kenken").unwrap();
    let opts = EngineOptions::default();
    for engine in engines() {
        let mut session = Session::new(engine.clone());
        for _ in 0..3 {
            // 576 Latin squares of order 4; then a unique 4×4 in the same solver; again.
            let (count, _) = session.count(&rows, &opts, None).unwrap();
            assert_eq!(
                count,
                Count {
                    count: 576,
                    complete: true,
                    stopped: None
                },
                "{}",
                engine.name()
            );
            let (count, _) = session.count(&rows, &opts, Some(10)).unwrap();
            assert_eq!((count.count, count.complete), (10, false));
            let (keen_count, _) = session.count(&keen, &opts, None).unwrap();
            assert_eq!((keen_count.count, keen_count.complete), (1, true));
            // Solve + uniqueness run in the shared solver: two grids blocked under the
            // rows puzzle's activation literal must not cut into the next puzzle.
            let (rows_unique, _) = session.prove_unique(&rows, &opts).unwrap();
            assert!(matches!(
                rows_unique,
                Outcome::Solved {
                    unique: Some(false),
                    ..
                }
            ));
            let (keen_unique, _) = session.prove_unique(&keen, &opts).unwrap();
            assert!(matches!(
                keen_unique,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ));
        }
    }
}

#[test]
fn other_kinds_and_engines_pass_through_a_session() {
    let opts = EngineOptions::default();
    let kakuro = files("kakuro", "kakuro");
    let crossproduct = files("crossproduct/seeds", "crossproduct");
    for engine in [Engine::Native, Engine::Varisat, Engine::Auto] {
        let mut session = Session::new(engine.clone());
        for path in kakuro.iter().chain(&crossproduct).take(12) {
            let puzzle = Puzzle::read(path).unwrap();
            let (fresh, _) = engine.count(&puzzle, &opts, Some(50)).unwrap();
            let (shared, _) = session.count(&puzzle, &opts, Some(50)).unwrap();
            assert_eq!(fresh, shared, "{} {}", engine.name(), path.display());
        }
    }
}

#[test]
fn a_cage_the_encoder_refuses_is_the_same_error_and_the_session_goes_on() {
    let opts = EngineOptions {
        encode: {
            let mut opts = cagesat::encode::EncodeOptions::default()
                .with_constraint(cagesat::encode::ConstraintEncoding::Tuples);
            opts.tuple_limit = 3;
            opts
        },
        ..Default::default()
    };
    let rows = Puzzle::parse(ROWS_4X4).unwrap();
    let keen = Puzzle::read("tests/data/kenken/keen/4x4-e-00.kenken").unwrap();
    let mut session = Session::new(Engine::Varisat);
    let fresh = Engine::Varisat.prove_unique(&rows, &opts).unwrap_err();
    let shared = session.prove_unique(&rows, &opts).unwrap_err();
    assert_eq!(fresh.to_string(), shared.to_string());
    let default = EngineOptions::default();
    let (after, _) = session.prove_unique(&keen, &default).unwrap();
    assert!(matches!(
        after,
        Outcome::Solved {
            unique: Some(true),
            ..
        }
    ));
}

/// `solve` over many files shares one solver per side; its output (text and JSON answers)
/// is the same as that of fresh solvers (a time limit on varisat makes every puzzle fresh).
#[test]
fn solve_over_many_files_prints_what_fresh_solvers_print() {
    let mut paths: Vec<String> = kenkens()
        .into_iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    paths.truncate(60);
    let run = |extra: &[&str]| {
        let mut args = vec!["solve", "--unique", "--backend", "varisat"];
        args.extend_from_slice(extra);
        args.extend(paths.iter().map(String::as_str));
        common::cli::run(args)
    };
    let shared = run(&[]);
    let fresh = run(&["--timeout", "1000"]);
    assert_eq!(shared.code, fresh.code, "{}", shared.stderr);
    assert!(shared.stdout.lines().count() > 300, "{}", shared.stdout);
    assert_eq!(shared.stdout, fresh.stdout);
    let answers = |extra: &[&str]| {
        let mut with_json = vec!["--json"];
        with_json.extend_from_slice(extra);
        run(&with_json)
            .json_lines()
            .into_iter()
            .map(|mut v| {
                let _ = v.as_object_mut().unwrap().remove("stats");
                v
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(answers(&[]), answers(&["--timeout", "1000"]));
}

/// A session solves the CNF a fresh engine would: the same number of variables and clauses
/// (cage–line clauses included from side 10, where the session leaves the Latin square
/// unshared rather than drop them).
#[test]
fn a_session_solves_the_same_cnf_as_a_fresh_engine() {
    let opts = EngineOptions::default();
    let paths = [
        "tests/data/kenken/keen/9x9-h-00.kenken",
        "tests/data/kenken/keen/6x6-n-01.kenken",
        "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken",
        "tests/data/kenken/generated/gen_kenken_12x12_s12003.kenken",
    ];
    for engine in engines() {
        let mut session = Session::new(engine.clone());
        for path in paths {
            let puzzle = Puzzle::read(path).unwrap();
            let (_, fresh) = engine.prove_unique(&puzzle, &opts).unwrap();
            let (_, shared) = session.prove_unique(&puzzle, &opts).unwrap();
            assert_eq!(shared.cnf(), fresh.cnf(), "{} on {path}", engine.name());
        }
    }
}
