//! Operator-less KenKen cages (`12 ? A1 A2`, or `12 A1 A2`; issue #23): the cage holds when
//! some operator among `+ - * /` gives the target.
//!
//! - The done-when of the issue: KenKen of the shipped corpora (every Norvig puzzle, every
//!   Keen 4×4 to 7×7) with their operators hidden by the generator's routine
//!   ([`hide_operators`]) solve with the same unique answer on every engine of the matrix,
//!   and on z3 and cvc5 through SMT-LIB.
//! - Engine counts agree with the brute-force oracle on 4×4 puzzles with every operator
//!   hidden (several solutions each).
//! - Certificates (LRAT through the CNF) check, and grading works.

use std::path::Path;
use std::sync::OnceLock;

use cagesat::generate::hide_operators;
use cagesat::proof::check_lrat;
use cagesat::puzzle::{KenKen, Op};
use cagesat::{
    encode::EncodeOptions, engine::SmtSolver, proof::write_certificate, Engine, EngineOptions,
    Grid, Outcome, Puzzle, Stop,
};

use crate::common::{self, brute};

/// The corpus files of the sample: every Norvig puzzle and every Keen 4×4 to 7×7.
fn corpus() -> Vec<String> {
    let mut files = Vec::new();
    for (dir, keep) in [
        (
            "tests/data/kenken/norvig",
            &(|_: &str| true) as &dyn Fn(&str) -> bool,
        ),
        ("tests/data/kenken/keen", &|name: &str| {
            ["4x4-", "5x5-", "6x6-", "7x7-"]
                .iter()
                .any(|p| name.starts_with(p))
        }),
    ] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".kenken") && keep(&name) {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
}

/// A puzzle of the sample with its operators hidden, its only solution, and how many of
/// its operators were hidden out of how many could be.
struct Hidden {
    path: String,
    puzzle: Puzzle,
    solution: Grid<u8>,
    hidden: usize,
    candidates: usize,
}

/// The sample, hidden once for all the tests of this binary.
fn hidden_corpus() -> &'static [Hidden] {
    static CORPUS: OnceLock<Vec<Hidden>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        corpus()
            .into_iter()
            .map(|path| {
                let puzzle = Puzzle::read(Path::new(&path)).unwrap();
                let (outcome, _) = Engine::Varisat
                    .prove_unique(&puzzle, &EngineOptions::default())
                    .unwrap();
                let Outcome::Solved {
                    grid,
                    unique: Some(true),
                    ..
                } = outcome
                else {
                    panic!("{path}: not unique: {outcome:?}");
                };
                let k = puzzle.as_kenken().unwrap();
                let h = hide_operators(k, &grid, &Stop::new()).unwrap();
                assert!(h.complete, "{path}");
                Hidden {
                    path,
                    puzzle: Puzzle::KenKen(h.puzzle),
                    solution: grid,
                    hidden: h.hidden,
                    candidates: h.candidates,
                }
            })
            .collect()
    })
}

/// The same puzzle with every operator of a cage of two or more cells hidden.
fn all_hidden(k: &KenKen) -> Puzzle {
    let cages = k
        .cages()
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if c.cells.len() > 1 {
                c.op = Op::Any;
            }
            c
        })
        .collect();
    Puzzle::KenKen(KenKen::new(k.size(), cages, false).unwrap())
}

#[test]
fn the_sample_hides_operators_and_stays_unique() {
    let sample = hidden_corpus();
    assert_eq!(sample.len(), 10 + 4 * 15);
    let (hidden, candidates): (usize, usize) = sample
        .iter()
        .fold((0, 0), |(h, c), x| (h + x.hidden, c + x.candidates));
    for side in 4..=8 {
        let of: Vec<&Hidden> = sample
            .iter()
            .filter(|h| h.puzzle.as_kenken().unwrap().size() == side)
            .collect();
        let (h, c) = of
            .iter()
            .fold((0, 0), |(h, c), x| (h + x.hidden, c + x.candidates));
        eprintln!(
            "{side}x{side}: {} puzzles, {h} of {c} operators hidden",
            of.len()
        );
    }
    // Hiding is worth it: most puzzles lose operators, and a hidden one is marked `?`.
    assert!(hidden * 4 > candidates, "{hidden} of {candidates}");
    for h in sample {
        let k = h.puzzle.as_kenken().unwrap();
        let marked = k.cages().iter().filter(|c| c.op == Op::Any).count();
        assert_eq!(marked, h.hidden, "{}", h.path);
        // The text form reads back to the same puzzle.
        let text = k.to_string();
        assert_eq!(text.matches(" ? ").count(), h.hidden, "{}", h.path);
        let again = Puzzle::parse(&text).unwrap();
        assert_eq!(&again, &h.puzzle, "{}", h.path);
    }
    // Deterministic: hiding again gives the same puzzle.
    let first = &sample[0];
    let original = Puzzle::read(Path::new(&first.path)).unwrap();
    let again =
        hide_operators(original.as_kenken().unwrap(), &first.solution, &Stop::new()).unwrap();
    assert_eq!(Puzzle::KenKen(again.puzzle), first.puzzle);
}

/// The done-when of issue #23: every hidden-operator puzzle of the sample has the same
/// unique answer on `engine`.
fn same_unique_answer(engine: &Engine) {
    for h in hidden_corpus() {
        let (outcome, stats) = engine
            .prove_unique(&h.puzzle, &EngineOptions::default())
            .unwrap_or_else(|e| panic!("{}: {}: {e}", h.path, engine.name()));
        common::assert_worked(&stats, &h.path);
        match outcome {
            Outcome::Solved {
                grid,
                unique: Some(true),
                ..
            } => assert_eq!(grid, h.solution, "{}: {}", h.path, engine.name()),
            other => panic!("{}: {}: {other:?}", h.path, engine.name()),
        }
    }
}

engine_test!(hidden_corpus_unique, same_unique_answer);

#[test]
fn hidden_corpus_unique_on_smt_solvers() {
    for solver in [SmtSolver::Z3, SmtSolver::Cvc5] {
        let engine = Engine::Smt {
            solver,
            timeout: None,
        };
        // The SMT path starts a solver process per query: the puzzles up to 6×6.
        for h in hidden_corpus()
            .iter()
            .filter(|h| h.puzzle.as_kenken().unwrap().size() <= 6)
            .step_by(3)
        {
            match engine.prove_unique(&h.puzzle, &EngineOptions::default()) {
                Ok((
                    Outcome::Solved {
                        grid,
                        unique: Some(true),
                        ..
                    },
                    _,
                )) => assert_eq!(grid, h.solution, "{}: {}", h.path, engine.name()),
                // A machine without this solver skips it.
                Err(e) if e.to_string().contains("not found") => break,
                other => panic!("{}: {}: {other:?}", h.path, engine.name()),
            }
        }
    }
}

/// Every 4×4 of the corpus with all its operators hidden: `engine` counts (and lists) the
/// brute-force solutions exactly.
fn counts_match_brute_force(engine: &Engine) {
    let mut several = 0;
    for path in corpus().iter().filter(|p| p.contains("4x4")) {
        let k = Puzzle::read(Path::new(path)).unwrap();
        let puzzle = all_hidden(k.as_kenken().unwrap());
        let mut want = brute::solutions(&puzzle);
        let (mut got, count) = common::solutions(engine, &puzzle, &EngineOptions::default(), None);
        assert!(count.complete, "{path}");
        want.sort_by_key(|g| format!("{g:?}"));
        got.sort_by_key(|g| format!("{g:?}"));
        assert_eq!(got, want, "{path}: {}", engine.name());
        several += usize::from(want.len() > 1);
    }
    assert!(several >= 3, "{several}");
}

engine_test!(all_hidden_4x4_counts, counts_match_brute_force);

#[test]
fn certificates_check_for_hidden_operator_puzzles() {
    for h in hidden_corpus().iter().step_by(7) {
        let (mut cnf, mut lrat) = (Vec::new(), Vec::new());
        let _ = write_certificate(
            &h.puzzle,
            Some(&h.solution),
            &EncodeOptions::default(),
            &mut cnf,
            &mut lrat,
        )
        .unwrap();
        let (cnf, lrat) = (
            String::from_utf8(cnf).unwrap(),
            String::from_utf8(lrat).unwrap(),
        );
        let _ = check_lrat(&cnf, &lrat).unwrap_or_else(|e| panic!("{}: {e}", h.path));
    }
}

#[test]
fn grading_reads_hidden_operators() {
    for h in hidden_corpus().iter().step_by(5) {
        let g = h
            .puzzle
            .grade()
            .unwrap_or_else(|e| panic!("{}: {e}", h.path));
        assert!(g.level_name().is_some(), "{}: {g:?}", h.path);
    }
    // With every operator hidden a Keen 4x4 has many solutions: grading still answers.
    let k = Puzzle::read(Path::new("tests/data/kenken/keen/4x4-e-00.kenken")).unwrap();
    let _ = all_hidden(k.as_kenken().unwrap()).grade().unwrap();
}
