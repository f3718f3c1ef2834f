//! Native engine versus embedded SAT (varisat), both with the uniqueness check unless
//! the name says `first`: Norvig's ten puzzles one by one and all together, and the Keen
//! samples grouped by size and difficulty (three puzzles per group).

#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented function"
)]

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use cagesat::{Engine, EngineOptions, ParseOptions, Puzzle};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn load(path: &Path) -> Puzzle {
    let text = std::fs::read_to_string(path).expect("readable puzzle");
    Puzzle::parse_with(&text, &ParseOptions::default().path(path)).expect("valid puzzle")
}

fn files(dir: &str, prefix: &str) -> Vec<(String, Puzzle)> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "kenken"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            (
                p.file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                load(p),
            )
        })
        .collect()
}

/// Solves every puzzle with `engine`: the first verified solution, plus the search for a
/// second one when `check_unique`.
fn solve_all(engine: &Engine, puzzles: &[(String, Puzzle)], check_unique: bool) {
    let opts = EngineOptions::default();
    for (_, p) in puzzles {
        let p = black_box(p);
        let answer = if check_unique {
            engine.prove_unique(p, &opts)
        } else {
            engine.solve(p, &opts)
        };
        let _ = black_box(answer.expect("engine solves"));
    }
}

/// The two engines compared, under their benchmark labels.
const ENGINES: [(&str, Engine); 2] = [("native", Engine::Native), ("sat", Engine::Varisat)];

fn norvig(c: &mut Criterion) {
    let ten = files("tests/data/kenken/norvig", "norvig-");
    let mut g = c.benchmark_group("norvig");
    for (name, p) in &ten {
        let one = [(name.clone(), p.clone())];
        for (label, engine) in &ENGINES {
            let _ = g.bench_with_input(BenchmarkId::new(*label, name), &one, |b, one| {
                b.iter(|| solve_all(engine, one, true));
            });
        }
    }
    for (run, unique) in [("all-ten-first", false), ("all-ten-unique", true)] {
        for (label, engine) in &ENGINES {
            let _ = g.bench_function(BenchmarkId::new(*label, run), |b| {
                b.iter(|| solve_all(engine, &ten, unique));
            });
        }
    }
    g.finish();
}

fn keen(c: &mut Criterion) {
    let mut g = c.benchmark_group("keen");
    for size in 4..=9 {
        for diff in ["e", "n", "h", "x", "u"] {
            let group = format!("{size}x{size}-{diff}");
            let three = files("tests/data/kenken/keen", &format!("{group}-"));
            for (label, engine) in &ENGINES {
                let _ = g.bench_with_input(BenchmarkId::new(*label, &group), &three, |b, p| {
                    b.iter(|| solve_all(engine, p, true));
                });
            }
        }
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = norvig, keen
}
criterion_main!(benches);
