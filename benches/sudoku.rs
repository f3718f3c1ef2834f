//! Sudoku and Killer Sudoku: solve + uniqueness check in-process with the default engine
//! (`auto`), for the 9×9 Killers, the 16×16 Killer and the 16×16 Sudoku of the shipped sample and the set of
//! the hardest generated 9×9 Sudokus in `benches/data/sudoku-hard-9x9.txt` (one per line).
//!
//! Besides criterion's estimates, prints a summary first: each puzzle's median over
//! [`SUMMARY_REPS`] runs per engine (auto, native, varisat), then the median of the medians.
#![allow(
    missing_docs,
    reason = "criterion's macros generate undocumented items"
)]

use std::path::Path;
use std::time::{Duration, Instant};

use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion};

/// Runs per puzzle for the printed summary.
const SUMMARY_REPS: usize = 21;

fn load(rel: &str) -> Puzzle {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&p).expect("readable puzzle");
    Puzzle::parse_with(&text, &ParseOptions::default().path(&p)).expect("valid puzzle")
}

/// The benchmark sets: name and puzzles.
fn sets() -> Vec<(&'static str, Vec<Puzzle>)> {
    let hard_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/sudoku-hard-9x9.txt");
    let hard = std::fs::read_to_string(hard_path)
        .expect("hard set")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            Puzzle::parse_with(l, &ParseOptions::default().path("x.sudoku")).expect("valid puzzle")
        })
        .collect();
    vec![
        (
            "killer_9x9",
            vec![
                load("tests/data/killer/gen-9x9-s13.killer"),
                load("tests/data/killer/gen-9x9-s14.killer"),
            ],
        ),
        (
            "killer_16x16",
            vec![load("tests/data/killer/gen-16x16-s16.killer")],
        ),
        (
            "sudoku_16x16",
            vec![load("tests/data/sudoku/gen-16x16-s6.sudoku")],
        ),
        ("sudoku_hard_9x9", hard),
    ]
}

fn solve_unique(engine: &Engine, puzzle: &Puzzle) {
    let (outcome, _) = engine
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

fn summary(sets: &[(&str, Vec<Puzzle>)]) {
    println!("sudoku solve+unique, median of {SUMMARY_REPS} runs per puzzle, then over the set:");
    for engine in [Engine::Auto, Engine::Native, Engine::Varisat] {
        for (name, puzzles) in sets {
            let medians: Vec<Duration> = puzzles
                .iter()
                .map(|p| {
                    median(
                        (0..SUMMARY_REPS)
                            .map(|_| {
                                let t = Instant::now();
                                solve_unique(&engine, p);
                                t.elapsed()
                            })
                            .collect(),
                    )
                })
                .collect();
            let max = medians.iter().max().copied().unwrap_or_default();
            println!(
                "  {:<8} {name:<16} {} puzzles: median {:.3} ms, max {:.3} ms",
                engine.name(),
                puzzles.len(),
                median(medians).as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    let sets = sets();
    summary(&sets);
    for (name, puzzles) in &sets {
        let mut group = c.benchmark_group(*name);
        let _ = group
            .sample_size(20)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for (i, puzzle) in puzzles.iter().enumerate() {
            let _ = group.bench_function(format!("auto/{i}"), |b| {
                b.iter(|| solve_unique(&Engine::Auto, puzzle));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
