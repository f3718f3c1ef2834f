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

use cagesat::generate::{random_table, SplitMix64};
use cagesat::puzzle::CrossProduct;
use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};
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

/// The first verified solution of every puzzle, with `engine`.
fn solve_all(engine: &Engine, puzzles: &[Puzzle]) {
    let opts = EngineOptions::default();
    for p in puzzles {
        let (outcome, _) = engine.solve(p, &opts).expect("solves");
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
            b.iter(|| solve_all(&Engine::Varisat, &puzzles));
        });
        let _ = g.bench_function(format!("{n} random {rows}x{cols} native"), |b| {
            b.iter(|| solve_all(&Engine::Native, &puzzles));
        });
    }
    g.finish();
}

fn count_reorder(c: &mut Criterion) {
    let path = "tests/data/crossproduct/seeds/norvig-reorder-10x3.crossproduct";
    let text = std::fs::read_to_string(path).expect("data file");
    let stated: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("# solutions:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("solutions header");
    let puzzle = Puzzle::parse_with(&text, &ParseOptions::default().path(path)).expect("parses");
    let mut g = c.benchmark_group("crossproduct-count");
    let _ = g
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(1));
    let _ = g.bench_function("all solutions of norvig-reorder-10x3", |b| {
        b.iter(|| {
            let (count, _) = Engine::Varisat
                .count(&puzzle, &EngineOptions::default(), None)
                .expect("counts");
            assert_eq!((count.count, count.complete), (stated, true));
        });
    });
    g.finish();
}

criterion_group!(benches, solve_random, count_reorder);
criterion_main!(benches);
