//! Harder and easier (`cagesat::setter::tune`): the changed puzzle is one change away from
//! the original (a given out or in, two cages merged, a cage split), keeps the kind's
//! rules, is unique with the original's solution (proven again by another engine on the
//! puzzle read back from its text), and its grade moved the asked way or stayed.

use cagesat::puzzle::Puzzle;
use cagesat::setter::{self, Direction, SetterError, TuneOptions};
use cagesat::{Engine, EngineOptions, Outcome};

fn read(path: &str) -> Puzzle {
    Puzzle::read(std::path::Path::new(path)).unwrap_or_else(|e| panic!("{e}"))
}

/// The first puzzle of Tarek's collection (short Killer format, no givens).
fn tarek_first() -> Puzzle {
    let text = std::fs::read_to_string("tests/data/collections/tarek-42.killers").unwrap();
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.is_empty())
        .unwrap();
    Puzzle::parse(line).unwrap()
}

/// The level and the cells the weakest level fixes, as the grade reports them.
fn hardness(p: &Puzzle) -> (usize, usize) {
    let g = p.grade().unwrap();
    let level = cagesat::grade::Level::ALL
        .iter()
        .position(|l| Some(*l) == g.level)
        .map_or(0, |i| i + 1);
    let fixed = g.roots.first().map_or(0, |(_, r)| r.fixed(g.cells));
    (level, fixed)
}

/// Checks a tuned puzzle: read back from its text, the native engine proves it unique with
/// the original's solution, and its grade did not move the wrong way.
fn check(original: &Puzzle, direction: Direction) -> setter::Tuned {
    let tuned = setter::tune(original, direction, &TuneOptions::default())
        .unwrap_or_else(|e| panic!("{direction:?}: {e}"));
    let back = Puzzle::parse(&tuned.puzzle.to_string()).unwrap();
    let (outcome, _) = Engine::Native
        .prove_unique(&back, &EngineOptions::default())
        .unwrap();
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{direction:?}: {} has no solution", tuned.change);
    };
    assert_eq!(unique, Some(true), "{}", tuned.change);
    back.verify(&grid).unwrap();
    assert_eq!(grid, tuned.solution, "{}", tuned.change);
    let (before, after) = (hardness(original), hardness(&back));
    match direction {
        Direction::Harder => assert!(
            after.0 > before.0 || (after.0 == before.0 && after.1 <= before.1),
            "{}: {before:?} -> {after:?}",
            tuned.change
        ),
        _ => assert!(
            after.0 < before.0 || (after.0 == before.0 && after.1 >= before.1),
            "{}: {before:?} -> {after:?}",
            tuned.change
        ),
    }
    tuned
}

#[test]
fn sudoku_gains_or_loses_one_given() {
    // The generator's Sudokus are minimal: no given can go, and tune says so.
    let p = read("tests/data/sudoku/gen-9x9-s3.sudoku");
    let e = setter::tune(&p, Direction::Harder, &TuneOptions::default()).unwrap_err();
    assert!(matches!(e, SetterError::NoTuning { .. }), "{e}");
    let givens = p.as_sudoku().unwrap().given_cells().len();
    let easier = check(&p, Direction::Easier);
    assert_eq!(
        easier.puzzle.as_sudoku().unwrap().given_cells().len(),
        givens + 1
    );
    assert!(
        easier.change.starts_with("wrote in the given "),
        "{}",
        easier.change
    );
    // With one given more, one can go again (at least the one written in).
    let harder = check(&easier.puzzle, Direction::Harder);
    assert_eq!(
        harder.puzzle.as_sudoku().unwrap().given_cells().len(),
        givens
    );
    assert!(
        harder.change.starts_with("took out the given "),
        "{}",
        harder.change
    );
}

#[test]
fn killer_without_givens_splits_a_cage_into_killer_cages() {
    let p = tarek_first();
    let Puzzle::Killer(k) = &p else {
        panic!("not a Killer")
    };
    assert!(k.sudoku().given_cells().is_empty());
    let easier = check(&p, Direction::Easier);
    let Puzzle::Killer(e) = &easier.puzzle else {
        panic!("not a Killer")
    };
    assert_eq!(e.cages().len(), k.cages().len() + 1);
    assert!(e.sudoku().given_cells().is_empty());
    assert!(
        e.cages().iter().all(|c| c.cells.len() >= 2),
        "{}",
        easier.change
    );
    assert!(
        easier.change.starts_with("split cage "),
        "{}",
        easier.change
    );
}

#[test]
fn kenken_merges_and_splits_keep_keens_rules() {
    let p = read("tests/data/kenken/norvig/norvig-07-6x6.kenken");
    let n = p.as_kenken().unwrap().cages().len();
    for (direction, cages) in [(Direction::Easier, n + 1), (Direction::Harder, n - 1)] {
        let t = check(&p, direction);
        let k = t.puzzle.as_kenken().unwrap();
        assert_eq!(k.cages().len(), cages, "{}", t.change);
        // Keen's rules: contiguous cages, − and ÷ on two cells only (strict reading).
        let text = t.puzzle.to_string();
        let _strict = cagesat::puzzle::KenKen::new(6, k.cages().to_vec(), true).unwrap();
        assert!(
            Puzzle::parse_with(&text, &cagesat::ParseOptions::default().strict(true)).is_ok(),
            "{text}"
        );
    }
}

#[test]
fn refusals_name_the_reason() {
    let kakuro = read("tests/data/kakuro/panpapag_easy_5x5.kakuro");
    let e = setter::tune(&kakuro, Direction::Harder, &TuneOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "no single change makes this kakuro harder and keeps it unique"
    );
    let many = Puzzle::parse("size 3\n3 = A1\n3 + A2 A3\n6 + B1 B2 B3\n6 + C1 C2 C3").unwrap();
    let e = setter::tune(&many, Direction::Easier, &TuneOptions::default()).unwrap_err();
    assert!(matches!(e, SetterError::NotUnique), "{e}");
    let none = read("tests/data/kenken/unsat/2x2-no-solution.kenken");
    let e = setter::tune(&none, Direction::Harder, &TuneOptions::default()).unwrap_err();
    assert!(matches!(e, SetterError::NoSolution), "{e}");
    let smt = TuneOptions {
        engine: Engine::Smt {
            solver: cagesat::engine::SmtSolver::Z3,
            timeout: None,
        },
        ..TuneOptions::default()
    };
    let e = setter::tune(&kakuro, Direction::Easier, &smt).unwrap_err();
    assert_eq!(
        e.to_string(),
        "engine z3 answers no setter questions (candidates, repair, harder or easier): use a SAT engine or native"
    );
}
