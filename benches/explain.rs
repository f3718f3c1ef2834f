//! Hints and explained paths (`setter::explain`): a hint on a 9×9 Keen, the whole path of a
//! 9×9 Keen "hard" and of a 6×6, each with the layered method and, beside it, the plain
//! deletion-based MUS loop (every impossible candidate's reason shrunk from all constraints
//! at every step; on a 6×6 hint and a whole 4×4, as it takes over a minute per 9×9 step). The
//! issue's targets: hint ≤ 200 ms, 9×9 hard path ≤ 2 s, 6×6 ≤ 100 ms.

#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;
use std::time::Duration;

use cagesat::setter::explain::{explain, hint, ExplainOptions, Method};
use cagesat::Puzzle;
use criterion::{criterion_group, criterion_main, Criterion};

fn opts(method: Method) -> ExplainOptions {
    ExplainOptions {
        method,
        ..ExplainOptions::default()
    }
}

fn bench(c: &mut Criterion) {
    let hard9 = Puzzle::read("tests/data/kenken/keen/9x9-h-00.kenken").expect("puzzle");
    let six = Puzzle::read("tests/data/kenken/keen/6x6-h-00.kenken").expect("puzzle");
    let four = Puzzle::read("tests/data/kenken/keen/4x4-x-00.kenken").expect("puzzle");
    let mut g = c.benchmark_group("explain");
    let _ = g.sample_size(10).measurement_time(Duration::from_secs(5));
    let layered = opts(Method::Layered);
    let plain = opts(Method::PlainMus);
    let _ = g.bench_function("hint_9x9_h/layered", |b| {
        b.iter(|| hint(black_box(&hard9), None, &layered).expect("hint"));
    });
    let _ = g.bench_function("explain_6x6_h/layered", |b| {
        b.iter(|| explain(black_box(&six), None, &layered).expect("path"));
    });
    let _ = g.bench_function("explain_9x9_h/layered", |b| {
        b.iter(|| explain(black_box(&hard9), None, &layered).expect("path"));
    });
    // The plain deletion-based MUS loop costs seconds per step on a 6x6 and over a minute
    // on a 9x9: beside the layered method on the 6x6 hint and the whole 4x4.
    for (name, o) in [("layered", &layered), ("plain_mus", &plain)] {
        let _ = g.bench_function(format!("hint_6x6_h/{name}"), |b| {
            b.iter(|| hint(black_box(&six), None, o).expect("hint"));
        });
        let _ = g.bench_function(format!("explain_4x4_x/{name}"), |b| {
            b.iter(|| explain(black_box(&four), None, o).expect("path"));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
