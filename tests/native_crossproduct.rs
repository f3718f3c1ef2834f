//! The native engine on CrossProduct: exact counts on the seeds (and the set of solutions
//! where a `.solutions` file lists them), uniqueness and the `.solution` on the public
//! puzzles, the stated counts of the generated ones, and native count == SAT count on
//! random small tables.

mod common;

use std::collections::HashSet;
use std::path::Path;

use cagesat::encode::EncodeOptions;
use cagesat::grid::Grid;
use cagesat::native::{self, NativeOptions};
use cagesat::puzzle::{CrossProduct, Puzzle};
use cagesat::solve::{Outcome, VarisatBackend};
use cagesat::verify::verify;
use common::crossproduct::{read_solutions, stated_count, Stated};
use proptest::prelude::*;

/// All solutions natively (each verified by the engine), checked to be distinct.
fn all_solutions(puzzle: &Puzzle, path: &str) -> Vec<Grid<u8>> {
    let (grids, stats) = native::solutions(puzzle, &NativeOptions::default(), u64::MAX)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(stats.solutions, grids.len() as u64);
    let distinct: HashSet<&Grid<u8>> = grids.iter().collect();
    assert_eq!(distinct.len(), grids.len(), "{path}: a solution repeats");
    grids
}

/// Seeds: the stated count, and the listed solutions when a `.solutions` file exists.
fn check_seed(path: &str) {
    let puzzle = common::load(path);
    let Some(Stated::Exact(want)) = stated_count(path) else {
        panic!("{path}: no exact count stated");
    };
    let (n, stats) = native::count(&puzzle, u64::MAX).unwrap();
    assert_eq!(n, want as u64, "{path}: native count");
    assert!(stats.nodes >= 1 && stats.propagations >= 1);
    if let Some(mut listed) = read_solutions(&Path::new(path).with_extension("solutions")) {
        let mut got = all_solutions(&puzzle, path);
        got.sort_by_key(Grid::to_rows);
        listed.sort_by_key(Grid::to_rows);
        assert_eq!(got, listed, "{path}: differs from the .solutions file");
    }
}

/// Public puzzles: unique and equal to `.solution`, unless the header says there are
/// several solutions (then not unique, as the SAT tests also require).
fn check_public(path: &str) {
    let puzzle = common::load(path);
    let text = std::fs::read_to_string(path).unwrap();
    let multiple = text
        .lines()
        .any(|l| l.starts_with('#') && l.contains("multiple solutions"));
    let opts = NativeOptions {
        check_unique: true,
        ..NativeOptions::default()
    };
    let (outcome, _) = native::solve(&puzzle, &opts).unwrap();
    let Outcome::Solved { grid, unique } = outcome else {
        panic!("{path}: no solution");
    };
    verify(&puzzle, &grid).unwrap();
    if multiple {
        assert_eq!(unique, Some(false), "{path}: header says several solutions");
    } else {
        assert_eq!(unique, Some(true), "{path}: not unique");
        let known = common::read_solution(&Path::new(path).with_extension("solution")).unwrap();
        assert_eq!(grid, known, "{path}: differs from the .solution");
    }
}

macro_rules! seed {
    ($name:ident, $file:literal) => {
        #[test]
        fn $name() {
            check_seed(concat!(
                "tests/data/crossproduct/seeds/",
                $file,
                ".crossproduct"
            ));
        }
    };
}

macro_rules! public {
    ($name:ident, $file:literal) => {
        #[test]
        fn $name() {
            check_public(concat!(
                "tests/data/crossproduct/public/",
                $file,
                ".crossproduct"
            ));
        }
    };
}

seed!(seed_norvig_3x3, "norvig-3x3");
seed!(seed_norvig_4col, "norvig-4col");
seed!(seed_norvig_7x3, "norvig-7x3");
seed!(seed_norvig_7x7_twice, "norvig-7x7-twice");
seed!(seed_norvig_multi_4, "norvig-multi-4");
seed!(seed_norvig_reorder_10x3, "norvig-reorder-10x3");
seed!(seed_norvig_unsolvable, "norvig-unsolvable");
seed!(seed_riddler_1, "riddler-1");
seed!(seed_riddler_2, "riddler-2");
seed!(seed_riddler_3, "riddler-3");

public!(public_norvig_example_5x3, "norvig_example_5x3");
public!(public_norvig_random_10x6, "norvig_random_10x6");
public!(public_norvig_wellformed_01_5x3, "norvig_wellformed_01_5x3");
public!(public_norvig_wellformed_02_5x3, "norvig_wellformed_02_5x3");
public!(public_norvig_wellformed_03_5x3, "norvig_wellformed_03_5x3");
public!(public_norvig_wellformed_04_5x3, "norvig_wellformed_04_5x3");
public!(public_norvig_wellformed_05_5x3, "norvig_wellformed_05_5x3");
public!(public_norvig_wellformed_06_5x3, "norvig_wellformed_06_5x3");
public!(public_norvig_wellformed_07_5x3, "norvig_wellformed_07_5x3");
public!(public_norvig_wellformed_08_5x3, "norvig_wellformed_08_5x3");
public!(public_norvig_wellformed_09_5x3, "norvig_wellformed_09_5x3");
public!(public_norvig_wellformed_10_5x3, "norvig_wellformed_10_5x3");
public!(public_norvig_wellformed_11_5x3, "norvig_wellformed_11_5x3");
public!(public_norvig_wellformed_12_5x3, "norvig_wellformed_12_5x3");
public!(public_norvig_wellformed_13_5x3, "norvig_wellformed_13_5x3");
public!(public_norvig_wellformed_14_5x3, "norvig_wellformed_14_5x3");
public!(public_norvig_wellformed_15_6x3, "norvig_wellformed_15_6x3");
public!(public_norvig_wellformed_16_6x3, "norvig_wellformed_16_6x3");
public!(
    riddler_2021_01_15_classic_8x3,
    "riddler_2021-01-15_classic_8x3"
);
public!(
    riddler_2021_02_05_express_5x3,
    "riddler_2021-02-05_express_5x3"
);
public!(
    riddler_2021_02_12_express_6x3,
    "riddler_2021-02-12_express_6x3"
);
public!(
    riddler_2021_02_19_express_7x3,
    "riddler_2021-02-19_express_7x3"
);
public!(
    riddler_2021_02_26_express_4x4,
    "riddler_2021-02-26_express_4x4"
);

#[test]
fn every_seed_and_public_file_has_a_test() {
    let count = |dir: &str| {
        std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| {
                let p = e.as_ref().unwrap().path();
                p.extension().is_some_and(|x| x == "crossproduct")
            })
            .count()
    };
    assert_eq!(count("tests/data/crossproduct/seeds"), 10);
    assert_eq!(count("tests/data/crossproduct/public"), 23);
}

/// Generated puzzles: the stated count (exact, or at least K), and the generating table
/// is among the solutions.
#[test]
fn generated_counts() {
    let mut checked = 0;
    for entry in std::fs::read_dir("tests/data/crossproduct/generated").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "crossproduct") {
            continue;
        }
        let name = path.to_str().unwrap();
        let puzzle = common::load(name);
        let known = common::read_solution(&path.with_extension("solution")).unwrap();
        match stated_count(name).unwrap() {
            Stated::Exact(want) => {
                let grids = all_solutions(&puzzle, name);
                assert_eq!(grids.len(), want, "{name}");
                assert!(grids.contains(&known), "{name}: generating table missing");
            }
            Stated::AtLeast(want) => {
                let (n, _) = native::count(&puzzle, want as u64).unwrap();
                assert_eq!(n, want as u64, "{name}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 91, "generated CrossProducts checked");
}

/// Counts a table's puzzle with both engines (the SAT count capped at `cap`).
fn both_counts(table: &[Vec<u8>], cap: u64) -> (u64, u64) {
    let puzzle = Puzzle::CrossProduct(CrossProduct::from_table(table).unwrap());
    let (native, _) = native::count(&puzzle, cap).unwrap();
    let (sat, _) = cagesat::solve::enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        Some(cap),
        |_| {},
    )
    .unwrap();
    (native, sat.count)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn native_count_equals_sat_count(
        table in (1usize..=3, 1usize..=4).prop_flat_map(|(r, c)| {
            proptest::collection::vec(proptest::collection::vec(1u8..=9, c), r)
        })
    ) {
        let (native, sat) = both_counts(&table, 2000);
        prop_assert!(native >= 1);
        prop_assert_eq!(native, sat);
    }
}

#[test]
fn known_tables_count_the_same_with_both_engines() {
    // Norvig's "multi" puzzle (rows and columns 8 8 1): 4 solutions.
    let multi = [vec![1, 8, 1], vec![8, 1, 1], vec![1, 1, 1]];
    assert_eq!(both_counts(&multi, 100), (4, 4));
    let (n, s) = both_counts(&[vec![2, 3, 4], vec![6, 1, 2]], 5000);
    assert_eq!(n, s);
    assert!(n > 1, "{n}");
}
