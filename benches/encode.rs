//! Encoding alone: `cagesat::encode` with default options on the 100 Keen 9×9 puzzles of
//! `benches/data/keen600.txt`. Issue #12 asks for a 9×9 encode in ≤ 0.1 ms; besides
//! criterion's figure for the whole hundred, prints the mean per puzzle to stderr.
//!
//! `cargo bench --bench encode`.

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::time::Instant;

use cagesat::{encode::EncodeOptions, parse::parse_keen_id, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion};

/// The puzzles of side `n` among the 600 Keen game IDs.
fn keen(n: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string("benches/data/keen600.txt").unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|id| parse_keen_id(id.trim()).unwrap())
        .filter(|k| k.size() == n)
        .map(Puzzle::KenKen)
        .collect()
}

fn bench(c: &mut Criterion) {
    let nines = keen(9);
    assert_eq!(nines.len(), 100, "keen600 holds 100 puzzles of side 9");
    let opts = EncodeOptions::default();
    let encode_all = || {
        for p in &nines {
            let _ = std::hint::black_box(p.encode(&opts).unwrap());
        }
    };
    let first = Instant::now();
    let _ = nines[0].encode(&opts).unwrap();
    let first = first.elapsed();
    let passes = 100;
    let t0 = Instant::now();
    (0..passes).for_each(|_| encode_all());
    let per = t0.elapsed().as_secs_f64() * 1e6 / (passes * nines.len()) as f64;
    eprintln!(
        "summary encode 9x9: {} puzzles, mean {per:.1} µs per encode (first in process {:.1} µs)",
        nines.len(),
        first.as_secs_f64() * 1e6
    );
    let mut g = c.benchmark_group("encode");
    let _ = g.sample_size(20);
    let _ = g.bench_function("keen9x9-100-puzzles", |b| b.iter(encode_all));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
