//! Towers and Unequal through the binary: shipped `.towers`/`.unequal` files and game IDs
//! given in place of a file are solved (unique, equal to the `.sol` beside them, on the
//! native engine and on varisat), `convert --to id` writes the ID back, `render` draws them,
//! bad input exits 2 with one positioned line, and z3 and cvc5 solve the SMT-LIB script
//! when installed.

use std::process::Command;

use cagesat::{engine::SmtSolver, Engine, EngineOptions, Outcome};

use crate::common;
use common::cli::run;

const FILES: &[&str] = &[
    "../tests/data/towers/tatham-5de.towers",
    "../tests/data/unequal/tatham-5dk.unequal",
    "../tests/data/unequal/tatham-5ade.unequal",
];

/// The rows of a `.sol` file beside `path`.
fn solution(path: &str) -> Vec<Vec<u8>> {
    let sol = std::path::Path::new(path).with_extension("sol");
    std::fs::read_to_string(sol)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().map(|d| d.parse().unwrap()).collect())
        .collect()
}

fn rows(json: &serde_json::Value) -> Vec<Vec<u8>> {
    serde_json::from_value(json["solution"].clone()).unwrap()
}

#[test]
fn shipped_files_and_their_ids_solve_uniquely_on_both_engines() {
    for path in FILES {
        let want = solution(path);
        for engine in ["native", "sat"] {
            let o = run(["solve", "--unique", "--json", "--engine", engine, path]);
            assert_eq!(o.code, Some(0), "{path} {engine}: {}", o.stderr);
            let j = o.json();
            assert_eq!(rows(&j), want, "{path} {engine}");
            assert_eq!(j["unique"], true, "{path} {engine}");
        }
        let id = run(["convert", "--to", "id", path]);
        assert_eq!(id.code, Some(0), "{}", id.stderr);
        let id = id.stdout.trim().to_string();
        // Bare, as Tatham's games read it; the file's first line names the game.
        let game = if path.ends_with(".towers") {
            "towers"
        } else {
            "unequal"
        };
        assert!(id.starts_with("5"), "{id}");
        let first_line = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            first_line.lines().next().unwrap(),
            format!("# {game}:{id}"),
            "{path}"
        );
        // The ID in place of a file, with and without its prefix.
        for arg in [format!("{game}:{id}"), id.clone()] {
            let o = run(["solve", "--json", &arg]);
            assert_eq!(o.code, Some(0), "{arg}: {}", o.stderr);
            assert_eq!(rows(&o.json()), want, "{arg}");
        }
        let svg = run(["render", path]);
        assert_eq!(svg.code, Some(0), "{}", svg.stderr);
        assert!(
            svg.stdout.contains("<svg") && svg.stdout.contains("</svg>"),
            "{path}"
        );
    }
}

#[test]
fn bad_ids_and_files_exit_2_with_their_position() {
    let o = run(["solve", "towers:4:1/2/5/1////////////"]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr.trim(),
        "<arg>:1:14: clue '5' is out of range (expected 1..=4)"
    );
    let o = run(["solve", "5:0R,0,0X,0,0"]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr.trim(),
        "<arg>:1:9: unexpected 'X' (expected flags U R D L or ',' after a cell)"
    );
    let dir = common::cli::TempDir::new();
    let bad = dir.write("bad.unequal", "size 3\n.>.<.\n\n. 2 .\n  |\n. . .\n");
    let o = run(["solve", &bad]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr.trim(),
        format!("{bad}:5:3: unexpected '|' (expected '^', 'v' or a space)")
    );
    // A puzzle with no solution: exit 1.
    let o = run(["solve", "towers:3:3/3/3/3////////"]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
}

/// True when `name` can be run; otherwise skips loudly (or fails under CI).
fn have(name: &str) -> bool {
    let found = Command::new(name).arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed but CI is set"
        );
        eprintln!("SKIPPED: {name} is not installed (apt-get install {name})");
    }
    found
}

#[test]
fn z3_and_cvc5_solve_the_smtlib_scripts() {
    for solver in SmtSolver::ALL {
        if !have(solver.program()) {
            continue;
        }
        let smt = Engine::Smt {
            solver,
            timeout: None,
        };
        for path in FILES {
            let puzzle = cagesat::Puzzle::read(path).unwrap();
            let (outcome, _) = smt
                .prove_unique(&puzzle, &EngineOptions::default())
                .unwrap();
            let Outcome::Solved { grid, unique, .. } = outcome else {
                panic!("{solver} on {path}: no solution");
            };
            assert_eq!(
                (grid.to_rows(), unique),
                (solution(path), Some(true)),
                "{solver} {path}"
            );
        }
    }
}
