//! # Solving a puzzle given as a string
//!
//! Parses a KenKen written inline (Peter Norvig's first puzzle), proves with the embedded
//! SAT solver that it has exactly one solution, draws it, and checks that the native
//! propagation engine finds the same grid. Any other answer exits non-zero.
//!
//! `cargo run --example solve_string`

use std::error::Error;

use cagesat::{Engine, EngineOptions, Outcome, Puzzle};

/// Cages as `target op cells`; `=` is a given digit.
const PUZZLE: &str = "\
size 4
7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3
";

fn main() -> Result<(), Box<dyn Error>> {
    // No path: the format is guessed from the text (here KenKen); `false`: lenient parsing.
    let puzzle = Puzzle::parse(PUZZLE)?;
    let opts = EngineOptions::default();

    let (outcome, stats) = Engine::Varisat.prove_unique(&puzzle, &opts)?;
    let Outcome::Solved { grid, unique, .. } = outcome else {
        return Err("varisat: no solution".into());
    };
    if unique != Some(true) {
        return Err("varisat: the solution is not unique".into());
    }
    print!("{}", puzzle.render_text(Some(&grid)));
    if let Some((vars, clauses)) = stats.cnf() {
        println!("varisat: unique solution ({vars} variables, {clauses} clauses)");
    }

    let (native, stats) = Engine::Native.prove_unique(&puzzle, &opts)?;
    if native.grid() != Some(&grid) || native.label() != "unique" {
        return Err(format!("native engine disagrees: {}", native.label()).into());
    }
    let nodes = stats.nodes().unwrap_or_default();
    println!("native:  the same unique solution (search nodes: {nodes})");
    Ok(())
}
