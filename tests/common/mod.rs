//! Helpers shared by the integration tests. They use only the crate's public API.
#![allow(dead_code, reason = "each test crate uses a different subset")]

pub(crate) mod brute;
pub(crate) mod cli;
pub(crate) mod crossproduct;

use std::path::Path;

use cagesat::{read_puzzle, Engine, EngineOptions, Grid, Outcome, Puzzle};

/// Instantiates the items given once per built-in engine, as modules `varisat` and
/// `native`; inside, `engine()` is that module's engine (rustsat's `gen_tests!` idea).
#[macro_export]
macro_rules! per_engine {
    ($($body:item)*) => {
        mod varisat {
            #[allow(unused_imports, reason = "not every body uses every import")]
            use super::*;
            fn engine() -> cagesat::Engine {
                cagesat::Engine::Varisat
            }
            $($body)*
        }
        mod native {
            #[allow(unused_imports, reason = "not every body uses every import")]
            use super::*;
            fn engine() -> cagesat::Engine {
                cagesat::Engine::Native
            }
            $($body)*
        }
    };
}

/// Parses a puzzle file from the repository.
pub(crate) fn load(path: &str) -> Puzzle {
    read_puzzle(Path::new(path), false).unwrap_or_else(|e| panic!("{e}"))
}

/// Reads a solution file (one row per line, digits separated or run together; see
/// [`cagesat::parse_solution`]); `None` when there is no such file.
pub(crate) fn read_solution(path: &Path) -> Option<Grid<u8>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(cagesat::parse_solution(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Solves a file with `engine` (no uniqueness check) and returns the verified grid.
pub(crate) fn solve_file(engine: &Engine, path: &str) -> Grid<u8> {
    let puzzle = load(path);
    let (outcome, _) = engine
        .solve(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    match outcome {
        Outcome::Solved { grid, .. } => grid,
        Outcome::Unsat => panic!("{path}: no solution"),
    }
}

/// Solves with the uniqueness check; the answer must be unique, verified, and equal to the
/// shipped solution (`.sol` or `.solution`) when there is one.
pub(crate) fn check_unique_with_known_solution(engine: &Engine, path: &str) {
    let puzzle = load(path);
    let (outcome, _) = engine
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let Outcome::Solved { grid, unique } = outcome else {
        panic!("{path}: no solution");
    };
    cagesat::verify(&puzzle, &grid).unwrap();
    assert_eq!(unique, Some(true), "{path}: not unique");
    for ext in ["sol", "solution"] {
        if let Some(known) = read_solution(&Path::new(path).with_extension(ext)) {
            assert_eq!(grid, known, "{path}: differs from the shipped .{ext}");
        }
    }
}
