//! The assembly on Kakuro runs, forcing each run encoding (selectors, pair, fixed, MDD) on
//! every run: pinned family counts, and exactly the brute-force solutions under every
//! at-most-one encoding. The default choice per run is tested through the public API in
//! `tests/it/kakuro_encoding.rs`; the other kinds through the DIMACS goldens and counts
//! (`tests/it/golden_dimacs.rs`, the kinds' modules in `tests/it`).

use std::collections::BTreeSet;

use super::model::{assemble, CnfChoices};
use crate::answer::SatResult;
use crate::backend::testing;
use crate::cnf::AmoEncoding;
use crate::encode::sum::RunEncoding;
use crate::encode::{EncodeOptions, Encoding};
use crate::grid::Grid;
use crate::kind::verify;
use crate::puzzle::Puzzle;

const EIGHT_SOLUTIONS: &str = "#  10\\ 10\\\n\\10  .  .\n\\10  .  .\n";

fn parse(text: &str) -> Puzzle {
    crate::puzzle::Puzzle::parse_with(
        text,
        &crate::parse::ParseOptions::default().path("t.kakuro"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// The puzzle's CNF with every run written as `choice`.
fn encode_with(p: &Puzzle, opts: &EncodeOptions, choice: RunEncoding) -> Encoding {
    let choices = CnfChoices::default();
    assemble(&p.constraints(), &choices, opts, &|_, _| choice).unwrap()
}

/// The non-empty families: `(name, vars, clauses)`.
fn families(enc: &Encoding) -> Vec<(&'static str, usize, usize)> {
    enc.families()
        .iter()
        .filter(|f| f.stats.vars + f.stats.clauses > 0)
        .map(|f| (f.name, f.stats.vars, f.stats.clauses))
        .collect()
}

#[test]
fn pinned_counts_with_selectors() {
    // Four Pair runs with U = {1,2,3,4,6,7,8,9}, forced to selectors: 4 combinations per run.
    let enc = encode_with(
        &parse(EIGHT_SOLUTIONS),
        &EncodeOptions::default(),
        RunEncoding::Selectors,
    );
    assert_eq!(
        families(&enc),
        [
            ("cell", 0, 148),
            ("run-amo", 0, 32),
            ("run-prune", 0, 8),
            ("run-select", 16, 32),
            ("run-cover", 0, 32),
            ("run-some", 0, 4),
            ("run-support", 0, 64),
            ("run-need", 0, 32),
        ]
    );
    assert_eq!(enc.stats().vars, 36 + 16);
}

/// Every filling of the model's cells with 1..=9 that the independent checker accepts.
fn brute_force(p: &Puzzle) -> BTreeSet<Vec<Vec<u8>>> {
    let m = p.constraints();
    let white = &m.cells;
    assert!(white.len() <= 6, "too many cells for brute force");
    let mut grid = Grid::filled(m.rows, m.cols, 0u8);
    let mut out = BTreeSet::new();
    for code in 0..9usize.pow(white.len() as u32) {
        let mut c = code;
        for &cell in white {
            grid.set(cell, (c % 9) as u8 + 1);
            c /= 9;
        }
        if verify(p, &grid).is_ok() {
            let _ = out.insert(grid.to_rows());
        }
    }
    out
}

/// Every grid of `enc` (blocking each on its x literals), each verified and distinct.
fn enumerate(p: &Puzzle, enc: &Encoding) -> BTreeSet<Vec<Vec<u8>>> {
    let mut solver = testing::solver(&enc.formula);
    let mut out = BTreeSet::new();
    while let SatResult::Sat(model) = solver.solve_under(&[]).unwrap() {
        let grid = enc.map.decode(&model).unwrap();
        verify(p, &grid).unwrap();
        let block: Vec<_> = enc.map.chosen(&grid).into_iter().map(|l| !l).collect();
        solver.add_clause(&block);
        assert!(out.insert(grid.to_rows()), "solution repeated");
    }
    out
}

fn cross_check(text: &str, expected: usize) {
    let p = parse(text);
    let want = brute_force(&p);
    assert_eq!(want.len(), expected, "brute force count for\n{text}");
    let choices = [
        RunEncoding::Selectors,
        RunEncoding::Pair,
        RunEncoding::Fixed,
        RunEncoding::Mdd,
    ];
    for amo in [AmoEncoding::Auto, AmoEncoding::Sequential] {
        let opts = EncodeOptions {
            amo,
            ..EncodeOptions::default()
        };
        for choice in choices {
            let enc = encode_with(&p, &opts, choice);
            assert_eq!(enumerate(&p, &enc), want, "{choice:?} {amo:?}\n{text}");
        }
    }
}

#[test]
fn every_forced_run_encoding_matches_brute_force() {
    cross_check("#  3\\ 3\\\n\\3  .  .\n\\3  .  .\n", 2);
    cross_check(EIGHT_SOLUTIONS, 8);
    cross_check("#  4\\ 3\\\n\\3  .  .\n\\4  .  .\n", 1);
    cross_check("#  4\\ 4\\\n\\3  .  .\n\\5  .  .\n", 0);
    // Across runs of 3 (selectors), down runs of 2 (pairs).
    cross_check("#  7\\ 8\\ 9\\\n\\12  .  .  .\n\\12  .  .  .\n", 16);
    // Down runs of 3 (fixed, selectors), across runs of 2 (fixed, pairs).
    cross_check("#  6\\ 9\\\n\\4  .  .\n\\5  .  .\n\\6  .  .\n", 2);
}
