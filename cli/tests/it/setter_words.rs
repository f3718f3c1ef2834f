//! The setter's loop on the command line (issue 53): `generate killer` makes Killers in the
//! published style unless `--givens` or `--single-cages` allow otherwise, and `explain`,
//! `hint` and `candidates` say why a Killer whose cage sums total 406 has no solution.

use cagesat::generate::SudokuVariant;
use cagesat::puzzle::Killer;
use cagesat::{ParseOptions, Puzzle, Stop};

use crate::common::cli::{run, TempDir};

/// The Killers of a `generate killer` run's output (blank-line separated).
fn killers(stdout: &str) -> Vec<Killer> {
    stdout
        .split("\n\n")
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            let p = Puzzle::parse_with(t, &ParseOptions::default().path("g.killer"))
                .unwrap_or_else(|e| panic!("{t}\n{e}"));
            p.as_killer().expect("a Killer").clone()
        })
        .collect()
}

/// By default no givens and no one-cell cages (the header says the options); `--givens
/// --single-cages --max-cage 4` is the old style, with both; `generate sudoku` refuses the
/// Killer options by name.
#[test]
fn generate_killer_styles() {
    let r = run(["generate", "killer", "--seed", "1", "--count", "3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("--seed 1 --max-cage 6\n"), "{}", r.stdout);
    let made = killers(&r.stdout);
    assert_eq!(made.len(), 3);
    for k in &made {
        assert!(k.sudoku().given_cells().is_empty(), "{}", r.stdout);
        assert!(k.cages().iter().all(|c| (2..=6).contains(&c.cells.len())));
    }
    let r = run([
        "generate",
        "killer",
        "--seed",
        "1",
        "--max-cage",
        "4",
        "--givens",
        "--single-cages",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("--max-cage 4 --givens --single-cages\n"),
        "{}",
        r.stdout
    );
    let old = &killers(&r.stdout)[0];
    assert!(
        old.cages().iter().any(|c| c.cells.len() == 1),
        "{}",
        r.stdout
    );
    let r = run(["generate", "sudoku", "--single-cages"]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "cagesat: generate sudoku: --single-cages is for `generate killer` only\n"
    );
}

/// A generated Killer with one cage sum raised by 1: the sums total 406. `explain`, `hint`
/// and `candidates` exit 1 and say so.
#[test]
fn a_killer_totalling_406_says_why() {
    let (k, _) = Killer::generate_variant(9, 3, 6, SudokuVariant::default(), &Stop::new()).unwrap();
    let mut cages = k.cages().to_vec();
    let at = cages.iter().position(|c| c.sum < 17).unwrap();
    cages[at].sum += 1;
    let wrong = Killer::new(k.sudoku().clone(), cages).unwrap();
    let dir = TempDir::new();
    let path = dir.write("k406.killer", &wrong.to_text());
    let why = "no solution: the cage sums total 406, but every 9x9 grid totals 405";
    for command in ["explain", "hint"] {
        let r = run([command, path.as_str()]);
        assert_eq!(r.code, Some(1), "{command}: {}", r.stderr);
        assert_eq!(
            r.stdout.lines().last(),
            Some(why),
            "{command}: {}",
            r.stdout
        );
    }
    let r = run(["candidates", path.as_str()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains(&format!("\n{why}\n")), "{}", r.stdout);
    let r = run(["candidates", "--json", path.as_str()]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert_eq!(
        r.json()["reason"],
        "the cage sums total 406, but every 9x9 grid totals 405"
    );
}

/// `hint` on a Killer writes its cage as a Killer cage: a sum, no `+`.
#[test]
fn killer_hints_have_no_plus() {
    let r = run(["explain", "tests/data/killer/gen-9x9-s13.killer"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("cage "), "{}", r.stdout);
    assert!(!r.stdout.contains('+'), "{}", r.stdout);
}
