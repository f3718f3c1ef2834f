//! # 600 Keen puzzles solved and proven unique
//!
//! Reads the 600 Keen game IDs of `benches/data/keen600.txt` (100 per side 4..9), and for
//! each one parses `keen:ID` and proves the puzzle unique with [`Engine::Auto`], the same loop
//! `python/bench/overhead.py` runs through the Python module; it prints the median time of
//! the passes (`--passes N`, default 5) so the script can set the two side by side. Exits
//! non-zero unless every puzzle has exactly one solution.
//!
//! `cargo run --release --example keen600 -- --passes 5`

use std::error::Error;
use std::time::{Duration, Instant};

use cagesat::{Engine, EngineOptions, Outcome, Puzzle};

/// One pass over every ID: parse, then solve + prove unique.
fn pass(ids: &[String]) -> Result<Duration, Box<dyn Error>> {
    let opts = EngineOptions::default();
    let start = Instant::now();
    for id in ids {
        let puzzle = Puzzle::parse(&format!("keen:{id}"))?;
        let (outcome, _) = Engine::Auto.prove_unique(&puzzle, &opts)?;
        if !matches!(
            outcome,
            Outcome::Solved {
                unique: Some(true),
                ..
            }
        ) {
            return Err(format!("keen:{id} is {}", outcome.label()).into());
        }
    }
    Ok(start.elapsed())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let passes = match args.iter().position(|a| a == "--passes") {
        Some(i) => args.get(i + 1).ok_or("--passes N")?.parse()?,
        None => 5,
    };
    let text = std::fs::read_to_string("benches/data/keen600.txt")?;
    let ids: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut times = (0..passes.max(1))
        .map(|_| pass(&ids))
        .collect::<Result<Vec<_>, _>>()?;
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "keen600 rust: {} puzzles, solve + unique, median of {} passes: {:.1} ms",
        ids.len(),
        times.len(),
        median.as_secs_f64() * 1e3
    );
    Ok(())
}
