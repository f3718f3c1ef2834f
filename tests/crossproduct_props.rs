//! Property tests: on random small tables (at most 3×3) and random small products, the
//! number of solutions found by SAT enumeration (under every line encoding) equals a
//! brute-force count (with and without the line filter), and printing a puzzle then parsing it gives it back.

mod common;

use cagesat::encode::{ConstraintEncoding, EncodeOptions};
use cagesat::parse::parse_puzzle;
use cagesat::puzzle::{CrossProduct, Puzzle};
use common::crossproduct::enumerate;
use proptest::prelude::*;

/// Brute force, independent of the library: every row filling (all 9^C digit tuples with
/// the row's product), combined over the rows, keeping tables whose columns multiply right.
fn brute_count(rows: &[u64], cols: &[u64]) -> usize {
    let c = cols.len();
    let all: Vec<Vec<u64>> = (0..9usize.pow(c as u32))
        .map(|mut n| {
            (0..c)
                .map(|_| {
                    let d = (n % 9) as u64 + 1;
                    n /= 9;
                    d
                })
                .collect()
        })
        .collect();
    let fillers: Vec<Vec<&Vec<u64>>> = rows
        .iter()
        .map(|&p| {
            all.iter()
                .filter(|t| t.iter().product::<u64>() == p)
                .collect()
        })
        .collect();
    fn go(i: usize, fillers: &[Vec<&Vec<u64>>], left: &mut Vec<u64>) -> usize {
        if i == fillers.len() {
            return usize::from(left.iter().all(|&l| l == 1));
        }
        let mut n = 0;
        for t in &fillers[i] {
            if t.iter().zip(left.iter()).all(|(&d, &l)| l % d == 0) {
                for (l, &d) in left.iter_mut().zip(t.iter()) {
                    *l /= d;
                }
                n += go(i + 1, fillers, left);
                for (l, &d) in left.iter_mut().zip(t.iter()) {
                    *l *= d;
                }
            }
        }
        n
    }
    go(0, &fillers, &mut cols.to_vec())
}

fn sat_count(rows: &[u64], cols: &[u64]) -> Vec<usize> {
    let puzzle = Puzzle::CrossProduct(CrossProduct::new(rows.to_vec(), cols.to_vec()).unwrap());
    [
        (ConstraintEncoding::Auto, true),
        (ConstraintEncoding::Tuples, true),
        (ConstraintEncoding::Mdd, true),
        (ConstraintEncoding::Mdd, false),
    ]
    .into_iter()
    .map(|(constraint, line_filter)| {
        let opts = EncodeOptions {
            constraint,
            line_filter,
            ..EncodeOptions::default()
        };
        enumerate(&puzzle, &opts, usize::MAX).len()
    })
    .collect()
}

fn table() -> impl Strategy<Value = Vec<Vec<u8>>> {
    (1usize..=3, 1usize..=3)
        .prop_flat_map(|(r, c)| prop::collection::vec(prop::collection::vec(1u8..=9, c), r))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_tables_count_like_brute_force(t in table()) {
        let p = CrossProduct::from_table(&t).unwrap();
        let want = brute_count(p.rows(), p.cols());
        prop_assert!(want >= 1);
        prop_assert_eq!(sat_count(p.rows(), p.cols()), vec![want; 4]);
    }

    #[test]
    fn random_products_count_like_brute_force(
        rows in prop::collection::vec(1u64..=200, 1..=3),
        cols in prop::collection::vec(1u64..=200, 1..=3),
    ) {
        let want = brute_count(&rows, &cols);
        prop_assert_eq!(sat_count(&rows, &cols), vec![want; 4]);
    }

    #[test]
    fn print_then_parse_round_trips(t in table()) {
        let p = CrossProduct::from_table(&t).unwrap();
        let back = parse_puzzle(&p.to_string(), None, false).unwrap();
        prop_assert_eq!(back, Puzzle::CrossProduct(p));
    }
}
