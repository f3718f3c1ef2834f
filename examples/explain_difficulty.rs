//! How the largest reason of an explained path (`setter::explain`) agrees with `grade` and
//! with Keen's own levels on the 90 shipped Keen puzzles (`tests/data/kenken/keen`): one
//! line per puzzle, then a table of the largest reason per Keen level and per grade.
//!
//! `cargo run --release --example explain_difficulty` (the table in `encodings/explain.md`).

use std::collections::BTreeMap;
use std::time::Instant;

use cagesat::setter::explain::{explain, ExplainOptions};
use cagesat::Puzzle;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = "tests/data/kenken/keen";
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "kenken"))
        .collect();
    paths.sort();
    let levels = ["e", "n", "h", "x", "u"];
    // (keen level, largest reason) -> puzzles; (grade, largest reason) -> puzzles.
    let mut by_keen: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut by_grade: BTreeMap<(String, usize), usize> = BTreeMap::new();
    let mut largest_seen = 0;
    // Keen level or grade -> (puzzles, steps whose reason has two or more constraints).
    let mut multi: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    println!("puzzle\tkeen\tgrade\tsteps\tsolver_steps\tlargest\tms");
    for path in &paths {
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let keen = name.split('-').nth(1).unwrap_or("?").to_string();
        let level = levels
            .iter()
            .position(|l| *l == keen)
            .unwrap_or(levels.len());
        let puzzle = Puzzle::read(path)?;
        let grade = puzzle.grade()?.level_name().unwrap_or("none").to_string();
        let start = Instant::now();
        let ex = explain(&puzzle, None, &ExplainOptions::default())?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        assert_eq!(puzzle.replay(None, &ex.steps)?, ex.end.grid().cloned());
        let largest = ex.largest_reason();
        largest_seen = largest_seen.max(largest);
        *by_keen.entry((level, largest)).or_default() += 1;
        *by_grade.entry((grade.clone(), largest)).or_default() += 1;
        let several = ex.steps.iter().filter(|s| s.reason.len() >= 2).count();
        for key in [format!("keen {keen}"), format!("grade {grade}")] {
            let e = multi.entry(key).or_default();
            *e = (e.0 + 1, e.1 + several);
        }
        println!(
            "{name}\t{keen}\t{grade}\t{}\t{}\t{largest}\t{ms:.1}",
            ex.steps.len(),
            ex.stats.solver_steps
        );
    }
    let header: Vec<String> = (1..=largest_seen).map(|k| format!("| {k} ")).collect();
    println!("\n| Keen level {}|", header.concat());
    for (i, l) in levels.iter().enumerate() {
        let row: Vec<String> = (1..=largest_seen)
            .map(|k| format!("| {} ", by_keen.get(&(i, k)).copied().unwrap_or(0)))
            .collect();
        println!("| {l} {}|", row.concat());
    }
    println!("\n| grade {}|", header.concat());
    let grades: std::collections::BTreeSet<&String> = by_grade.keys().map(|k| &k.0).collect();
    for g in grades {
        let row: Vec<String> = (1..=largest_seen)
            .map(|k| format!("| {} ", by_grade.get(&(g.clone(), k)).copied().unwrap_or(0)))
            .collect();
        println!("| {g} {}|", row.concat());
    }
    println!("\n| puzzles of | count | mean steps with a reason of 2+ |");
    println!("|---|---|---|");
    for (key, (n, several)) in &multi {
        println!("| {key} | {n} | {:.1} |", *several as f64 / *n as f64);
    }
    Ok(())
}
