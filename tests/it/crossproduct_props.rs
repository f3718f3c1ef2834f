//! Property tests: on random small tables (at most 3×3) and random small products, every
//! engine's solution count equals the brute force of `tests/common/brute.rs` (SAT under
//! every line encoding, with and without the line filter), and printing a puzzle then
//! parsing it gives it back.

use crate::common;

use cagesat::puzzle::CrossProduct;
use cagesat::{encode::ConstraintEncoding, Engine, Puzzle};
use common::crossproduct::configs;
use common::{brute, exact_count};
use proptest::prelude::*;

const SAT_CONFIGS: [(ConstraintEncoding, bool); 4] = [
    (ConstraintEncoding::Auto, true),
    (ConstraintEncoding::Tuples, true),
    (ConstraintEncoding::Mdd, true),
    (ConstraintEncoding::Mdd, false),
];

/// Every engine's count under each of its configurations equals the brute-force count
/// (returned).
fn check_counts(rows: &[u64], cols: &[u64]) -> Result<u64, TestCaseError> {
    let puzzle = Puzzle::CrossProduct(CrossProduct::new(rows.to_vec(), cols.to_vec()).unwrap());
    let want = brute::count(&puzzle);
    for engine in Engine::builtin() {
        for opts in configs(&engine, &SAT_CONFIGS) {
            let got = exact_count(&engine, &puzzle, &opts);
            prop_assert_eq!(got, want, "{} {:?}", engine.name(), opts.encode);
        }
    }
    Ok(want)
}

fn table() -> impl Strategy<Value = Vec<Vec<u8>>> {
    (1usize..=3, 1usize..=3)
        .prop_flat_map(|(r, c)| prop::collection::vec(prop::collection::vec(1u8..=9, c), r))
}

#[test]
fn brute_force_counts_norvigs_multi_puzzle() {
    // Norvig's "multi" puzzle (rows and columns 8 8 1) has 4 solutions.
    let p = CrossProduct::from_table(&[vec![1, 8, 1], vec![8, 1, 1], vec![1, 1, 1]]).unwrap();
    assert_eq!(brute::count(&Puzzle::CrossProduct(p)), 4);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_tables_count_like_brute_force(t in table()) {
        let p = CrossProduct::from_table(&t).unwrap();
        prop_assert!(check_counts(p.rows(), p.cols())? >= 1);
    }

    #[test]
    fn random_products_count_like_brute_force(
        rows in prop::collection::vec(1u64..=200, 1..=3),
        cols in prop::collection::vec(1u64..=200, 1..=3),
    ) {
        let _ = check_counts(&rows, &cols)?;
    }

    #[test]
    fn print_then_parse_round_trips(t in table()) {
        let p = CrossProduct::from_table(&t).unwrap();
        let back = Puzzle::parse(&p.to_string()).unwrap();
        prop_assert_eq!(back, Puzzle::CrossProduct(p));
    }
}
