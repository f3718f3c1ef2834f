//! Generators under a time limit: they stop on time, say how far they got, keep what they
//! made and exit 3.

use crate::common;

use std::time::{Duration, Instant};

use cagesat::generate::{
    generate_crossproduct_until, generate_kenken_until, CrossProductParams, GenerateError,
    KenKenParams, SplitMix64,
};
use cagesat::{encode::EncodeOptions, engine::StopReason, Stop};
use common::cli::run;

#[test]
fn a_large_kenken_with_search_stops_at_its_timeout() {
    let start = Instant::now();
    let o = run([
        "generate",
        "kenken",
        "--size",
        "26",
        "--allow-search",
        "--seed",
        "3",
        "--timeout",
        "0.5",
    ]);
    let took = start.elapsed();
    assert!(took < Duration::from_secs(6), "took {took:?}");
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert_eq!(o.stdout, "");
    let line = o.stderr.trim_end();
    assert!(
        line.starts_with(
            "cagesat: puzzle 1 of 1 (seed 3): stopped (timeout) before the puzzle was proven \
             unique (uniqueness checks: "
        ) && line.contains(", repairs: "),
        "{line}"
    );
}

#[test]
fn a_20x20_kenken_with_search_allowed_is_made_and_proven_unique() {
    // Once more than ten minutes without output; propagation now guides the repairs until
    // few cells are open, and the checks run on the backend `auto` picks for the side.
    let mut params = KenKenParams::new(20);
    params.logic_solvable = false;
    for seed in [1, 3] {
        let made = generate_kenken_until(&params, &mut SplitMix64::new(seed), &Stop::new())
            .expect("a 20x20 puzzle");
        let puzzle = cagesat::Puzzle::KenKen(made.puzzle);
        let opts = cagesat::EngineOptions::default();
        let (count, _) = cagesat::Engine::Auto.count(&puzzle, &opts, None).unwrap();
        assert_eq!((count.count, count.complete), (1, true), "seed {seed}");
        let (outcome, _) = cagesat::Engine::Auto.solve(&puzzle, &opts).unwrap();
        let cagesat::Outcome::Solved { grid, .. } = outcome else {
            panic!("seed {seed}: {outcome:?}");
        };
        assert_eq!(grid, made.solution, "seed {seed}");
    }
}

#[test]
fn unique_crossproducts_stop_at_their_timeout_and_say_why() {
    let start = Instant::now();
    let o = run([
        "generate",
        "crossproduct",
        "--unique",
        "--rows",
        "10",
        "--cols",
        "10",
        "--timeout",
        "1",
    ]);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    let line = o.stderr.trim_end();
    assert!(
        line.starts_with("cagesat: stopped (timeout) (tables drawn: ")
            && line.contains("puzzles made: 0 of 1)")
            && line.ends_with("estimates how rare)"),
        "{line}"
    );
}

#[test]
fn the_timeout_is_per_puzzle_and_finished_puzzles_are_kept() {
    let o = run([
        "generate",
        "crossproduct",
        "--unique",
        "--rows",
        "3",
        "--cols",
        "3",
        "--count",
        "3",
        "--timeout",
        "30",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.stdout.matches("# solutions: 1").count(), 3);
    // A stop that is already requested: the library reports where it was.
    let stop = Stop::new();
    stop.request();
    let mut made = Vec::new();
    let params = CrossProductParams {
        unique: true,
        ..CrossProductParams::default()
    };
    let e = generate_crossproduct_until(
        &params,
        &EncodeOptions::default(),
        || stop.clone(),
        |g| {
            made.push(g);
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::CrossProductStopped {
                reason: StopReason::Interrupted,
                found: 0,
                wanted: 1,
                attempts: 0
            }
        ),
        "{e}"
    );
    assert!(made.is_empty());
    let e =
        generate_kenken_until(&KenKenParams::new(6), &mut SplitMix64::new(1), &stop).unwrap_err();
    assert!(
        matches!(
            e,
            GenerateError::KenKenStopped {
                reason: StopReason::Interrupted,
                checks: 0,
                repairs: 0
            }
        ),
        "{e}"
    );
}
