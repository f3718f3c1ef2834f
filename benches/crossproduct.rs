#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]
//! CrossProduct benchmarks, sized like Norvig's notebook timings: 1000 random 5×3 puzzles
//! (his Python: 1.56 s), 20 random 10×3 (134 ms with his row reordering), random 10×6 and
//! 10×10, and counting all 36,685 solutions of his reorder puzzle. "Solve" means the first
//! verified solution, including encoding.

use std::hint::black_box;
use std::time::Duration;

use cagesat::encode::{encode, EncodeOptions};
use cagesat::generate::crossproduct::random_table;
use cagesat::native::{self, NativeOptions};
use cagesat::parse::parse_puzzle;
use cagesat::puzzle::{CrossProduct, Puzzle};
use cagesat::rng::SplitMix64;
use cagesat::solve::{solve_puzzle, Enumerator, Outcome, SolveOptions, VarisatBackend};
use criterion::{criterion_group, criterion_main, Criterion};

fn random_puzzles(n: usize, rows: usize, cols: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let t = random_table(&mut rng, rows, cols);
            Puzzle::CrossProduct(CrossProduct::from_table(&t).expect("valid table"))
        })
        .collect()
}

fn solve_all(puzzles: &[Puzzle]) {
    for p in puzzles {
        let (outcome, _) =
            solve_puzzle(p, VarisatBackend::new(), &SolveOptions::default()).expect("solves");
        assert!(matches!(outcome, Outcome::Solved { .. }));
        let _ = black_box(outcome);
    }
}

/// The same puzzles with the native engine (first verified solution).
fn solve_all_native(puzzles: &[Puzzle]) {
    for p in puzzles {
        let (outcome, _) = native::solve(p, &NativeOptions::default()).expect("solves");
        assert!(matches!(outcome, Outcome::Solved { .. }));
        let _ = black_box(outcome);
    }
}

fn solve_random(c: &mut Criterion) {
    let mut g = c.benchmark_group("crossproduct-solve");
    let _ = g.sample_size(10).warm_up_time(Duration::from_secs(1));
    for (n, rows, cols) in [(1000, 5, 3), (20, 10, 3), (5, 10, 6), (2, 10, 10)] {
        let puzzles = random_puzzles(n, rows, cols, 2021);
        let _ = g.bench_function(format!("{n} random {rows}x{cols}"), |b| {
            b.iter(|| solve_all(&puzzles));
        });
        let _ = g.bench_function(format!("{n} random {rows}x{cols} native"), |b| {
            b.iter(|| solve_all_native(&puzzles));
        });
    }
    g.finish();
}

fn count_reorder(c: &mut Criterion) {
    let path = "tests/data/crossproduct/seeds/norvig-reorder-10x3.crossproduct";
    let text = std::fs::read_to_string(path).expect("data file");
    let stated: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("# solutions:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("solutions header");
    let puzzle = parse_puzzle(&text, Some(std::path::Path::new(path)), false).expect("parses");
    let mut g = c.benchmark_group("crossproduct-count");
    let _ = g
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(1));
    let _ = g.bench_function("all solutions of norvig-reorder-10x3", |b| {
        b.iter(|| {
            let enc = encode(&puzzle, &EncodeOptions::default()).expect("encodes");
            let mut it = Enumerator::new(VarisatBackend::new(), &enc.formula, &enc.map);
            let mut n = 0;
            while it.next_grid().expect("solver").is_some() {
                n += 1;
            }
            assert_eq!(n, stated);
        });
    });
    g.finish();
}

criterion_group!(benches, solve_random, count_reorder);
criterion_main!(benches);
