//! Helpers shared by the integration tests.
#![allow(dead_code, reason = "each test crate uses a different subset")]

use std::path::Path;

use cagesat::grid::Grid;
use cagesat::parse::parse_puzzle;
use cagesat::puzzle::Puzzle;
use cagesat::solve::{solve_puzzle, Outcome, SolveOptions, VarisatBackend};
use cagesat::verify::verify;

/// Parses a puzzle file from the repository.
pub(crate) fn load(path: &str) -> Puzzle {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_puzzle(&text, Some(Path::new(path)), false).unwrap_or_else(|e| panic!("{e}"))
}

/// Reads a solution file (one row per line, digits separated or run together; see
/// [`cagesat::parse::solution`]); `None` when there is no such file.
pub(crate) fn read_solution(path: &Path) -> Option<Grid<u8>> {
    let text = std::fs::read_to_string(path).ok()?;
    let parsed = cagesat::parse::solution::parse_solution(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(parsed.grid)
}

/// Solves a file (no uniqueness check) and returns the verified grid.
pub(crate) fn solve_file(path: &str) -> Grid<u8> {
    let puzzle = load(path);
    let (outcome, _) = solve_puzzle(&puzzle, VarisatBackend::new(), &SolveOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    match outcome {
        Outcome::Solved { grid, .. } => grid,
        Outcome::Unsat => panic!("{path}: no solution"),
    }
}

/// Solves with the uniqueness check; the answer must be unique, verified, and equal to the
/// shipped solution (`.sol` or `.solution`) when there is one.
pub(crate) fn check_unique_with_known_solution(path: &str) {
    let puzzle = load(path);
    let opts = SolveOptions {
        check_unique: true,
        ..SolveOptions::default()
    };
    let (outcome, _) = solve_puzzle(&puzzle, VarisatBackend::new(), &opts)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let Outcome::Solved { grid, unique } = outcome else {
        panic!("{path}: no solution");
    };
    verify(&puzzle, &grid).unwrap();
    assert_eq!(unique, Some(true), "{path}: not unique");
    for ext in ["sol", "solution"] {
        if let Some(known) = read_solution(&Path::new(path).with_extension(ext)) {
            assert_eq!(grid, known, "{path}: differs from the shipped .{ext}");
        }
    }
}

pub(crate) mod crossproduct;
