//! # Counting solutions with both engines
//!
//! Counts every solution of a random 5×3 CrossProduct (each row's and each column's digits
//! multiply to the given product) with the embedded SAT solver, which blocks each grid it
//! finds, and with the native engine, which searches exhaustively. Both counts must equal
//! 55, the figure an independent solver (CaDiCaL via PySAT) recorded for this puzzle in
//! `tests/data/crossproduct/generated/gen_crossproduct_5x3_s1050300.crossproduct`.
//! A capped count shows `complete: false`. Any other answer exits non-zero.
//!
//! `cargo run --example count`

use std::error::Error;

use cagesat::{Engine, EngineOptions, Puzzle};

const PUZZLE: &str = "\
cols 2016 648 3240
rows 48 81 162 210 32
";

/// The independent count.
const SOLUTIONS: u64 = 55;

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = Puzzle::parse(PUZZLE)?;
    let opts = EngineOptions::default();

    for engine in Engine::builtin() {
        let (count, stats) = engine.count(&puzzle, &opts, None)?;
        let ms = stats.time().as_secs_f64() * 1e3;
        println!(
            "{:<8} {} solutions, complete: {} ({ms:.1} ms)",
            engine.name(),
            count.count,
            count.complete
        );
        if (count.count, count.complete) != (SOLUTIONS, true) {
            return Err(format!("{}: expected all {SOLUTIONS} solutions", engine.name()).into());
        }
    }

    // With a limit, the count stops early and says it is not the whole story.
    let (capped, _) = Engine::Native.count(&puzzle, &opts, Some(10))?;
    println!(
        "native, limit 10: {} solutions, complete: {}",
        capped.count, capped.complete
    );
    if (capped.count, capped.complete) != (10, false) {
        return Err("the capped count should stop at 10".into());
    }
    Ok(())
}
