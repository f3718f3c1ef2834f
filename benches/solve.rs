//! Solve + uniqueness check with the embedded SAT solver, per puzzle, over the Keen samples
//! and Norvig's ten puzzles. Besides criterion's per-puzzle figures, prints a summary
//! (median and maximum over puzzles of each puzzle's median time) to stderr.
//!
//! `cargo bench --bench solve` (add `-- keen/6x6` to filter).

#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cagesat::{
    parse::parse_keen_id, Engine, EngineOptions, Outcome, ParseOptions, Puzzle, Session,
};
use criterion::{criterion_group, criterion_main, Criterion};

fn corpus(dir: &str) -> Vec<(String, Puzzle)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "kenken"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let puzzle = Puzzle::parse_with(&text, &ParseOptions::default().path(&p)).unwrap();
            (stem(&p), puzzle)
        })
        .collect()
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

fn solve_unique(p: &Puzzle) {
    let (outcome, _) = Engine::Varisat
        .prove_unique(p, &EngineOptions::default())
        .unwrap();
    assert!(matches!(
        outcome,
        Outcome::Solved {
            unique: Some(true),
            ..
        }
    ));
}

/// Median of `runs` timings of one puzzle.
fn median_time(p: &Puzzle, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            solve_unique(p);
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn summary(name: &str, puzzles: &[(String, Puzzle)]) {
    let mut per: Vec<(Duration, &str)> = puzzles
        .iter()
        .map(|(n, p)| (median_time(p, 21), n.as_str()))
        .collect();
    per.sort();
    let total: Duration = per.iter().map(|(t, _)| *t).sum();
    let (max, worst) = per[per.len() - 1];
    eprintln!(
        "summary {name}: {} puzzles, median {:.3} ms, max {:.3} ms ({worst}), total {:.3} ms",
        per.len(),
        per[per.len() / 2].0.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3,
    );
}

fn bench(c: &mut Criterion) {
    for (group, dir) in [
        ("norvig", "tests/data/kenken/norvig"),
        ("keen", "tests/data/kenken/keen"),
    ] {
        let puzzles = corpus(dir);
        summary(group, &puzzles);
        let mut g = c.benchmark_group(group);
        let _ = g
            .sample_size(10)
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(300));
        for (name, p) in &puzzles {
            let _ = g.bench_function(name.as_str(), |b| b.iter(|| solve_unique(p)));
        }
        g.finish();
        if group == "keen" {
            batch(c, "keen", &puzzles);
            batch(c, "keen600", &keen600());
        }
        if group == "norvig" {
            let all: Vec<&Puzzle> = puzzles.iter().map(|(_, p)| p).collect();
            let _ = c.bench_function("norvig/all-ten", |b| {
                b.iter(|| all.iter().for_each(|p| solve_unique(p)));
            });
        }
    }
}

/// The 600 Keen puzzles of `benches/data/keen600.txt` (game IDs, 100 per side 4..9).
fn keen600() -> Vec<(String, Puzzle)> {
    let text = std::fs::read_to_string("benches/data/keen600.txt").unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, id)| {
            let k = parse_keen_id(id.trim()).unwrap();
            (format!("keen600-{i}"), Puzzle::KenKen(k))
        })
        .collect()
}

/// A whole corpus solved + proven unique in one go: each engine fresh per puzzle, and each
/// embedded backend through a [`Session`] (one solver per side). Prints the totals (median
/// of 11 passes each) to stderr and benchmarks the session passes.
fn batch(c: &mut Criterion, group: &str, puzzles: &[(String, Puzzle)]) {
    let opts = EngineOptions::default();
    let fresh = |engine: &Engine| {
        for (_, p) in puzzles {
            let (o, _) = engine.prove_unique(p, &opts).unwrap();
            assert!(matches!(
                o,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ));
        }
    };
    let shared = |engine: &Engine| {
        let mut session = Session::new(engine.clone());
        for (_, p) in puzzles {
            let (o, _) = session.prove_unique(p, &opts).unwrap();
            assert!(matches!(
                o,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ));
        }
    };
    let median = |run: &dyn Fn()| {
        let mut t: Vec<Duration> = (0..11)
            .map(|_| {
                let t0 = Instant::now();
                run();
                t0.elapsed()
            })
            .collect();
        t.sort();
        t[5].as_secs_f64() * 1e3
    };
    let mut line = format!("summary {group} batch ({} puzzles, ms):", puzzles.len());
    let mut engines = Engine::builtin();
    engines.push(Engine::Auto);
    for engine in engines {
        line += &format!(" {} {:.1}", engine.name(), median(&|| fresh(&engine)));
        if !matches!(engine, Engine::Native | Engine::Dpll) {
            line += &format!(", session {:.1};", median(&|| shared(&engine)));
        }
    }
    eprintln!("{line}");
    for engine in Engine::builtin() {
        if !matches!(engine, Engine::Native | Engine::Dpll) {
            let name = format!("{group}/batch/session-{}", engine.name());
            let mut g = c.benchmark_group(group);
            let _ = g.sample_size(10);
            let _ = g.bench_function(&name, |b| b.iter(|| shared(&engine)));
            g.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
