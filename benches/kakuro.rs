//! Kakuro: encode + solve + uniqueness check, per puzzle of `tests/data/kakuro/`.
//!
//! Besides criterion's per-puzzle estimates, prints a summary first: each puzzle's median
//! over [`SUMMARY_REPS`] runs, then the median and maximum of those medians.
#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion};

/// Runs per puzzle for the printed summary.
const SUMMARY_REPS: usize = 15;

fn corpus() -> Vec<(String, Puzzle)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kakuro");
    let mut files: Vec<PathBuf> = [root.clone(), root.join("generated")]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("corpus directory"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "kakuro"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable puzzle");
            let puzzle =
                Puzzle::parse_with(&text, &ParseOptions::default().path(&p)).expect("valid puzzle");
            let name = p
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into());
            (name, puzzle)
        })
        .collect()
}

fn solve_unique(puzzle: &Puzzle) {
    let (outcome, _) = Engine::Varisat
        .prove_unique(puzzle, &EngineOptions::default())
        .expect("solves");
    assert!(matches!(
        outcome,
        Outcome::Solved {
            unique: Some(true),
            ..
        }
    ));
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn summary(puzzles: &[(String, Puzzle)]) {
    let mut medians = Vec::new();
    println!("kakuro solve+unique, median of {SUMMARY_REPS} runs:");
    for (name, puzzle) in puzzles {
        let times = (0..SUMMARY_REPS)
            .map(|_| {
                let t = Instant::now();
                solve_unique(puzzle);
                t.elapsed()
            })
            .collect();
        let m = median(times);
        println!("  {name:<32} {:>9.3} ms", m.as_secs_f64() * 1e3);
        medians.push(m);
    }
    let max = medians.iter().max().copied().unwrap_or_default();
    println!(
        "  per-puzzle median {:.3} ms, max {:.3} ms",
        median(medians).as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
}

fn bench(c: &mut Criterion) {
    let puzzles = corpus();
    summary(&puzzles);
    let mut group = c.benchmark_group("kakuro_solve_unique");
    let _ = group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for (name, puzzle) in &puzzles {
        let _ = group.bench_function(name.as_str(), |b| b.iter(|| solve_unique(puzzle)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
