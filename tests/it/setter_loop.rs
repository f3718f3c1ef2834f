//! A setter's loop (issue 53): generated Killers in the published style (no givens, no
//! one-cell cages, unique by the native engine and varisat, verified), a Repair that keeps
//! KenKen's rules on Norvig's 6×6 with two cages merged, hints in setters' words on Tatham's
//! Basic Solo puzzles (eliminations are not singles, Killer cages carry no `+`), and the
//! reason a Killer whose cage sums total 406 has no solution.

use std::time::Instant;

use cagesat::generate::{SudokuVariant, DEFAULT_KILLER_MAX_CAGE};
use cagesat::puzzle::{Action, Killer, KillerCage, Op, Technique};
use cagesat::setter::explain::{explain, End, ExplainOptions};
use cagesat::setter::{self, RepairOptions};
use cagesat::{Engine, EngineOptions, Grid, ParseOptions, Puzzle, Stop};

/// `puzzle` is unique on `engine` with `solution`.
#[track_caller]
fn unique_on(engine: &Engine, puzzle: &Puzzle, solution: &Grid<u8>) {
    let (outcome, _) = engine
        .prove_unique(puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()));
    assert_eq!(outcome.label(), "unique", "{}\n{puzzle}", engine.name());
    assert_eq!(outcome.grid(), Some(solution), "{}", engine.name());
}

/// Ten 9×9 Killers of seeds 1..=10: no givens, no one-cell cages, cages of 2..=6 cells
/// mostly of 2–4 with some of 5 or more; each unique on the native engine and on varisat,
/// its solution passing the verifier, and its text reading back as the same puzzle.
#[test]
fn generated_killers_look_published_and_are_unique_on_two_engines() {
    let stop = Stop::new();
    let mut sizes = [0usize; 10];
    let mut seconds = Vec::new();
    for seed in 1..=10 {
        let t = Instant::now();
        let (k, solution) = Killer::generate_variant(
            9,
            seed,
            DEFAULT_KILLER_MAX_CAGE,
            SudokuVariant::default(),
            &stop,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        seconds.push(t.elapsed().as_secs_f64());
        assert!(k.sudoku().given_cells().is_empty(), "seed {seed}: givens");
        for cage in k.cages() {
            let n = cage.cells.len();
            assert!(
                (2..=DEFAULT_KILLER_MAX_CAGE).contains(&n),
                "seed {seed}: {n}"
            );
            sizes[n] += 1;
        }
        let puzzle = Puzzle::Killer(k.clone());
        assert_eq!(puzzle.verify(&solution), Ok(()), "seed {seed}");
        let named = ParseOptions::default().path("g.killer");
        let again = Puzzle::parse_with(&k.to_text(), &named).unwrap();
        assert_eq!(again, puzzle, "seed {seed}");
        unique_on(&Engine::Native, &again, &solution);
        unique_on(&Engine::Varisat, &again, &solution);
    }
    let all: usize = sizes.iter().sum();
    let small: usize = sizes[2..=4].iter().sum();
    let large: usize = sizes[5..].iter().sum();
    assert!(small * 10 >= all * 8, "cage sizes {sizes:?}");
    assert!(large > 0, "cage sizes {sizes:?}");
    seconds.sort_by(f64::total_cmp);
    eprintln!(
        "10 Killers: cage sizes {sizes:?}; seconds median {:.2}, max {:.2}",
        seconds[5], seconds[9]
    );
}

/// Norvig's 6×6 with `20 × A4 B4` and `6 × A5 A6 B6 C6` merged into `16 + A4 B4 A5 A6 B6
/// C6`: two solutions. A4 given would leave `B4` cut off from the rest of the cage; the
/// repair keeps every cage contiguous and `−`/`÷` cages on two cells, so the result reads
/// with `--strict`, is unique on two engines, and its Keen ID reads back as the same puzzle.
#[test]
fn repair_keeps_kenkens_rules() {
    let text = std::fs::read_to_string("tests/data/kenken/norvig/norvig-07-6x6.kenken").unwrap();
    let merged = text.replace("20 × A4 B4; 6 × A5 A6 B6 C6;", "16 + A4 B4 A5 A6 B6 C6;");
    assert_ne!(merged, text);
    let puzzle = Puzzle::parse(&merged).unwrap();
    let (count, _) = Engine::Auto
        .count(&puzzle, &EngineOptions::default(), None)
        .unwrap();
    assert_eq!((count.count, count.complete), (2, true));
    let r = setter::repair(&puzzle, &RepairOptions::default()).unwrap();
    assert!(!r.givens.is_empty());
    let written = r.puzzle.to_string();
    let strict = ParseOptions::default().strict(true);
    let again = Puzzle::parse_with(&written, &strict).unwrap_or_else(|e| panic!("{written}\n{e}"));
    assert_eq!(again, r.puzzle, "{written}");
    let k = again.as_kenken().expect("a KenKen");
    for cage in k.cages() {
        assert!(cage.is_contiguous(), "{written}");
        if matches!(cage.op, Op::Sub | Op::Div) {
            assert_eq!(cage.cells.len(), 2, "{written}");
        }
    }
    assert_eq!(again.verify(&r.solution), Ok(()));
    unique_on(&Engine::Native, &again, &r.solution);
    unique_on(&Engine::Varisat, &again, &r.solution);
    let id = again.to_game_id().expect("a Keen ID");
    let from_id = Puzzle::parse(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
    unique_on(&Engine::Native, &from_id, &r.solution);
    // The same cages, a one-cell cage being a given whatever its operator (Keen writes
    // it as `+`).
    let cages = |p: &Puzzle| {
        let mut v: Vec<(Vec<cagesat::Cell>, String, u64)> = p
            .as_kenken()
            .expect("a KenKen")
            .cages()
            .iter()
            .map(|c| {
                let mut cells = c.cells.clone();
                cells.sort();
                let op = if cells.len() == 1 {
                    "=".into()
                } else {
                    format!("{:?}", c.op)
                };
                (cells, op, c.target)
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(cages(&from_id), cages(&again), "{id}");
}

/// The Solo IDs of a file of `tests/data` (lines after `#` comments).
fn solo_ids(path: &str) -> Vec<Puzzle> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Puzzle::parse(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Tatham's Basic Solo puzzles: on each whole path (replayed by the checker), no
/// elimination is called a single and every single places a digit; eliminations by one
/// house are named `elimination`.
#[test]
fn eliminations_on_basic_solo_are_not_singles() {
    let mut puzzles = solo_ids("tests/data/solo-basic/sudoku.txt");
    puzzles.extend(solo_ids("tests/data/techniques/solo-3x3db.txt"));
    assert_eq!(puzzles.len(), 11);
    let (mut eliminations, mut placements) = (0, 0);
    for puzzle in &puzzles {
        let ex = explain(puzzle, None, &ExplainOptions::default()).unwrap();
        let End::Solved(grid) = &ex.end else {
            panic!("{puzzle}: {:?}", ex.end)
        };
        assert_eq!(puzzle.replay(None, &ex.steps), Ok(Some(grid.clone())));
        for step in &ex.steps {
            let single = matches!(
                step.technique,
                Technique::NakedSingle | Technique::HiddenSingle
            );
            let text = step.to_string();
            match step.action {
                Action::Eliminate => {
                    assert!(!single && !text.contains("single"), "{text}");
                    eliminations += usize::from(step.technique == Technique::Elimination);
                }
                _ => placements += usize::from(single),
            }
        }
    }
    assert!(
        eliminations > 0 && placements > 0,
        "{eliminations} {placements}"
    );
}

/// Tatham's Basic Killer Solo puzzles: every hint and every step of the path writes a Killer
/// cage as its sum alone (`cage 15 A1 B1`), never with a `+`.
#[test]
fn killer_hints_write_killer_cages() {
    let puzzles = solo_ids("tests/data/solo-basic/killer.txt");
    assert_eq!(puzzles.len(), 3);
    let mut cages = 0;
    for puzzle in &puzzles {
        assert!(puzzle.as_killer().is_some());
        let ex = explain(puzzle, None, &ExplainOptions::default()).unwrap();
        assert!(matches!(ex.end, End::Solved(_)), "{:?}", ex.end);
        for step in &ex.steps {
            let text = step.to_string();
            assert!(!text.contains('+'), "{text}");
            cages += usize::from(text.contains("cage "));
        }
    }
    assert!(cages > 0);
}

/// A Killer whose cages cover the grid with sums totalling 406: no solution, and the
/// reason says so; the same Killer totalling 405 has none to give.
#[test]
fn a_killer_totalling_406_says_so() {
    let stop = Stop::new();
    let (k, _) = Killer::generate_variant(9, 3, 6, SudokuVariant::default(), &stop).unwrap();
    assert_eq!(setter::no_solution_reason(&Puzzle::Killer(k.clone())), None);
    let mut cages: Vec<KillerCage> = k.cages().to_vec();
    let at = cages
        .iter()
        .position(|c| c.cells.len() >= 2 && c.sum < 17)
        .unwrap();
    cages[at].sum += 1;
    let wrong = Puzzle::Killer(Killer::new(k.sudoku().clone(), cages).unwrap());
    assert_eq!(
        setter::no_solution_reason(&wrong)
            .map(|r| r.to_string())
            .as_deref(),
        Some("the cage sums total 406, but every 9x9 grid totals 405")
    );
    let ex = explain(&wrong, None, &ExplainOptions::default()).unwrap();
    assert_eq!(ex.end, End::NoSolution);
}

/// A KenKen with two `=` cages of one digit in a row: the repeated given is the reason.
#[test]
fn a_repeated_given_is_the_reason() {
    let p = Puzzle::parse("size 3\n1 = A1\n1 = A2\n3 + A3 B3\n9 + B1 B2 C1 C2 C3").unwrap();
    assert_eq!(
        setter::no_solution_reason(&p)
            .map(|r| r.to_string())
            .as_deref(),
        Some("1 is given twice in row A (A1 and A2)")
    );
}
