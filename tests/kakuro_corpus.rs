//! Corpus tests: every shipped Kakuro solves, passes the independent checker, is unique,
//! and equals its `.solution` file (`#` for non-white squares, digits for white ones).

use std::path::Path;

use cagesat::grid::Grid;
use cagesat::parse::parse_puzzle;
use cagesat::puzzle::kakuro::Square;
use cagesat::puzzle::Puzzle;
use cagesat::solve::{solve_puzzle, Outcome, SolveOptions, VarisatBackend};
use cagesat::verify::verify;

/// Reads a `.solution` file: one row per line, `#` (stored as 0) or a digit per square.
fn read_solution(path: &Path) -> Grid<Option<u8>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let parsed = cagesat::parse::solution::parse_solution(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rows = parsed
        .grid
        .iter_rows()
        .map(|r| r.iter().map(|&d| (d != 0).then_some(d)).collect())
        .collect();
    Grid::from_rows(rows).expect("rectangular solution")
}

fn check(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzle =
        parse_puzzle(&text, Some(Path::new(path)), false).unwrap_or_else(|e| panic!("{e}"));
    let Puzzle::Kakuro(k) = &puzzle else {
        panic!("{path}: not read as a Kakuro");
    };
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
    let known = read_solution(&Path::new(path).with_extension("solution"));
    assert_eq!((known.rows(), known.cols()), (grid.rows(), grid.cols()));
    for (r, (want, got)) in known.iter_rows().zip(grid.iter_rows()).enumerate() {
        for (c, (w, &g)) in want.iter().zip(got).enumerate() {
            let white =
                *k.squares().get(cagesat::grid::Cell::new(r as u8, c as u8)) == Square::White;
            assert_eq!(
                w.is_some(),
                white,
                "{path}: square ({r},{c}) kind differs from .solution"
            );
            assert_eq!(
                w.unwrap_or(0),
                g,
                "{path}: square ({r},{c}) differs from .solution"
            );
        }
    }
}

/// `kakuro!(name, "file")`: `tests/data/kakuro/file.kakuro` against `file.solution`.
macro_rules! kakuro {
    ($name:ident, $path:literal) => {
        #[test]
        fn $name() {
            check(concat!("tests/data/kakuro/", $path, ".kakuro"));
        }
    };
}

kakuro!(panpapag_easy_5x5, "panpapag_easy_5x5");
kakuro!(panpapag_intermediate_7x7, "panpapag_intermediate_7x7");
kakuro!(panpapag_hard_12x10, "panpapag_hard_12x10");
kakuro!(gen_12x12_s51200, "generated/gen_kakuro_12x12_s51200");
kakuro!(gen_12x12_s51203, "generated/gen_kakuro_12x12_s51203");
kakuro!(gen_16x16_s51600, "generated/gen_kakuro_16x16_s51600");
kakuro!(gen_16x16_s51603, "generated/gen_kakuro_16x16_s51603");
kakuro!(gen_20x20_s52000, "generated/gen_kakuro_20x20_s52000");
kakuro!(gen_20x20_s52003, "generated/gen_kakuro_20x20_s52003");
kakuro!(gen_25x25_s52500, "generated/gen_kakuro_25x25_s52500");
kakuro!(gen_25x25_s52503, "generated/gen_kakuro_25x25_s52503");
kakuro!(gen_30x30_s53000, "generated/gen_kakuro_30x30_s53000");
kakuro!(gen_30x30_s53100, "generated/gen_kakuro_30x30_s53100");
