#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]
//! Setter tools: the true candidates of a unique 9×9 Keen KenKen (the target: 5 ms
//! median) by the default method ([`Method::Covering`]: one model marks all its pairs, then
//! one question for "any pair not seen yet") beside the plain method that asks every
//! (cell, digit) pair alone ([`Method::EveryPair`]) and the pair-by-pair method that skips
//! pairs a model showed ([`Method::PerPair`]), on `auto`, varisat and the DPLL walk, with
//! `prove_unique` (one solution and the search for a second) as the floor; a CrossProduct
//! with several solutions; and one repair.

use std::hint::black_box;
use std::time::Duration;

use cagesat::puzzle::Sudoku;
use cagesat::setter::{self, Method, RepairOptions};
use cagesat::{Engine, EngineOptions, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion};

fn load(path: &str) -> Puzzle {
    Puzzle::read(path).expect("a shipped puzzle")
}

/// Candidates of `puzzle` by `engine` and `method`; the answer must be as `unique` says.
fn run(puzzle: &Puzzle, engine: &Engine, method: Method, unique: bool) {
    let c = setter::candidates_by(puzzle, None, engine, &EngineOptions::default(), method)
        .expect("candidates");
    assert_eq!(c.unique(), unique);
    let _ = black_box(c);
}

fn candidates_9x9(c: &mut Criterion) {
    let puzzle = load("tests/data/kenken/keen/9x9-x-01.kenken");
    let mut g = c.benchmark_group("candidates 9x9 keen (unique)");
    let _ = g.sample_size(20).warm_up_time(Duration::from_secs(1));
    let opts = EngineOptions::default();
    let _ = g.bench_function("prove_unique auto (reference)", |b| {
        b.iter(|| black_box(Engine::Auto.prove_unique(&puzzle, &opts).expect("solves")));
    });
    for engine in [Engine::Auto, Engine::Varisat, Engine::Dpll] {
        for method in [Method::Covering, Method::PerPair, Method::EveryPair] {
            let name = format!("{} {method:?}", engine.name());
            let _ = g.bench_function(name, |b| b.iter(|| run(&puzzle, &engine, method, true)));
        }
    }
    g.finish();
}

/// A shipped CrossProduct with several solutions (the kind the corpus has them in), native
/// beside `auto`; and one repair: a 4×4 Sudoku with two of its givens.
fn candidates_several(c: &mut Criterion) {
    let path = "tests/data/crossproduct/generated/gen_crossproduct_5x3_s1050320.crossproduct";
    let puzzle = load(path);
    let count = Engine::Dpll
        .count(&puzzle, &EngineOptions::default(), None)
        .expect("counts")
        .0;
    assert!(
        count.complete && count.count > 1,
        "{} solutions",
        count.count
    );
    let mut g = c.benchmark_group(format!(
        "candidates 5x3 crossproduct, {} solutions",
        count.count
    ));
    let _ = g.sample_size(20).warm_up_time(Duration::from_secs(1));
    for engine in [Engine::Auto, Engine::Native] {
        for method in [Method::Covering, Method::EveryPair] {
            let name = format!("{} {method:?}", engine.name());
            let _ = g.bench_function(name, |b| b.iter(|| run(&puzzle, &engine, method, false)));
        }
    }
    g.finish();
    let sudoku = load("tests/data/sudoku/gen-4x4-s1.sudoku");
    let s = sudoku.as_sudoku().expect("a Sudoku");
    let two = Sudoku::new(s.size(), s.boxes(), &s.given_cells()[..2]).expect("valid");
    let two = Puzzle::Sudoku(two);
    let mut g = c.benchmark_group("repair");
    let _ = g.sample_size(20).warm_up_time(Duration::from_secs(1));
    let _ = g.bench_function("4x4 sudoku with 2 givens", |b| {
        b.iter(|| {
            let r = setter::repair(&two, &RepairOptions::default()).expect("repairs");
            assert!(!r.givens.is_empty());
            let _ = black_box(r);
        });
    });
    g.finish();
}

criterion_group!(benches, candidates_9x9, candidates_several);
criterion_main!(benches);
