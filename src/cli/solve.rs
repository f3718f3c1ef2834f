//! `solve` and `count`.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;
use serde_json::json;

use super::{
    display_name, fail, load, Files, FormulaArgs, SolverArgs, EXIT_ERROR, EXIT_OK, EXIT_UNSAT,
};
use cagesat::{render_json, render_text, Count, Engine, EngineStats, Outcome, Puzzle};

/// `solve` options.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    /// Input files.
    #[command(flatten)]
    pub input: Files,
    /// Formula options.
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Solver choice.
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Also check that the solution is unique.
    #[arg(long)]
    pub unique: bool,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also draw each solved puzzle as SVG: to this file for one input, else into this
    /// directory as STEM.svg (see `svg_out.rs`).
    #[arg(long, value_name = "PATH")]
    pub svg: Option<std::path::PathBuf>,
}

/// `count` options.
#[derive(Debug, Args)]
pub(crate) struct CountArgs {
    /// Input files.
    #[command(flatten)]
    pub input: Files,
    /// Formula options.
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Solver choice.
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Stop after this many solutions (default: count all).
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also print every solution found.
    #[arg(long)]
    pub print_solutions: bool,
}

/// Runs `per_file` on every input, reporting errors (one line on stderr, and a JSON record
/// with `--json`) without stopping; returns the worst exit status.
fn each_file<W: Write, E: Write>(
    files: &Files,
    json: bool,
    out: &mut W,
    err: &mut E,
    mut per_file: impl FnMut(&str, &std::path::Path, &mut W) -> anyhow::Result<u8>,
) -> u8 {
    let mut status = EXIT_OK;
    for path in &files.files {
        let name = display_name(path);
        let code = match per_file(&name, path, out) {
            Ok(code) => code,
            Err(error) => {
                if json {
                    let message = format!("{error:#}");
                    let record = json!({"file": name, "status": "error", "error": message});
                    let _ = writeln!(out, "{record}");
                }
                fail(err, &error)
            }
        };
        status = status.max(code);
    }
    status
}

/// The engine the options ask for, or `None` after reporting why not.
fn engine_or_report(solver: &SolverArgs, err: &mut impl Write) -> Option<Engine> {
    solver.engine().map_err(|error| fail(err, &error)).ok()
}

/// `cagesat solve`.
pub(super) fn solve_files(args: &SolveArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let opts = args.formula.engine_options();
    let many = args.input.files.len() > 1;
    let Some(engine) = engine_or_report(&args.solver, err) else {
        return EXIT_ERROR;
    };
    let mut svg = args
        .svg
        .as_deref()
        .map(|p| super::svg_out::SvgTarget::new(p, args.input.files.len()));
    let mut index = 0;
    each_file(&args.input, args.json, out, err, |name, path, out| {
        index += 1;
        let puzzle = load(path, args.formula.strict)?;
        let answer = if args.unique {
            engine.prove_unique(&puzzle, &opts)
        } else {
            engine.solve(&puzzle, &opts)
        };
        let (outcome, stats) = answer.with_context(|| name.to_string())?;
        if let (Some(svg), Outcome::Solved { grid, .. }) = (svg.as_mut(), &outcome) {
            svg.write(path, index, name, &puzzle, grid)?;
        }
        let written = if args.json {
            writeln!(out, "{}", solve_json(name, &puzzle, &outcome, &stats))
        } else {
            write_solve_text(out, many.then_some(name), &puzzle, &outcome)
        };
        written.context("cagesat: cannot write output")?;
        Ok(match outcome {
            Outcome::Solved { .. } => EXIT_OK,
            Outcome::Unsat => EXIT_UNSAT,
        })
    })
}

/// `cagesat count`: exit 0 when at least one solution exists, 1 when none.
pub(super) fn count_files(args: &CountArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let opts = args.formula.engine_options();
    let many = args.input.files.len() > 1;
    let Some(engine) = engine_or_report(&args.solver, err) else {
        return EXIT_ERROR;
    };
    each_file(&args.input, args.json, out, err, |name, path, out| {
        let puzzle = load(path, args.formula.strict)?;
        let mut solutions = Vec::new();
        let (count, stats) = engine
            .enumerate(&puzzle, &opts, args.limit, |g| {
                if args.print_solutions {
                    solutions.push(g.clone());
                }
            })
            .with_context(|| name.to_string())?;
        let written = if args.json {
            let mut v = count_json(name, &puzzle, count, &stats);
            if args.print_solutions {
                v["solutions"] = solutions.iter().map(|g| render_json(&puzzle, g)).collect();
            }
            writeln!(out, "{v}")
        } else {
            write_count_text(out, many.then_some(name), &puzzle, count, &solutions)
        };
        written.context("cagesat: cannot write output")?;
        Ok(if count.count == 0 {
            EXIT_UNSAT
        } else {
            EXIT_OK
        })
    })
}

/// The JSON record of a solve.
pub(super) fn solve_json(
    name: &str,
    puzzle: &Puzzle,
    outcome: &Outcome,
    stats: &EngineStats,
) -> serde_json::Value {
    let (status, solution, unique) = match outcome {
        Outcome::Solved { grid, unique } => ("solved", render_json(puzzle, grid), json!(unique)),
        Outcome::Unsat => ("unsat", json!(null), json!(null)),
    };
    json!({
        "file": name,
        "kind": puzzle.kind(),
        "status": status,
        "solution": solution,
        "unique": unique,
        "stats": stats.to_json(),
    })
}

fn count_json(name: &str, puzzle: &Puzzle, count: Count, stats: &EngineStats) -> serde_json::Value {
    json!({
        "file": name,
        "kind": puzzle.kind(),
        "count": count.count,
        "complete": count.complete,
        "stats": stats.to_json(),
    })
}

/// The text report of a solve.
pub(super) fn write_solve_text(
    out: &mut impl Write,
    header: Option<&str>,
    puzzle: &Puzzle,
    outcome: &Outcome,
) -> io::Result<()> {
    if let Some(name) = header {
        writeln!(out, "== {name}")?;
    }
    match outcome {
        Outcome::Solved { grid, unique } => {
            write!(out, "{}", render_text(puzzle, Some(grid)))?;
            match unique {
                Some(true) => writeln!(out, "solved (unique)"),
                Some(false) => writeln!(out, "solved (multiple solutions)"),
                None => writeln!(out, "solved"),
            }
        }
        Outcome::Unsat => writeln!(out, "no solution"),
    }
}

fn write_count_text(
    out: &mut impl Write,
    header: Option<&str>,
    puzzle: &Puzzle,
    count: Count,
    solutions: &[cagesat::Grid<u8>],
) -> io::Result<()> {
    if let Some(name) = header {
        writeln!(out, "== {name}")?;
    }
    for (i, g) in solutions.iter().enumerate() {
        writeln!(out, "solution {}:", i + 1)?;
        write!(out, "{}", render_text(puzzle, Some(g)))?;
    }
    let noun = if count.count == 1 {
        "solution"
    } else {
        "solutions"
    };
    if count.complete {
        writeln!(out, "{} {noun}", count.count)
    } else {
        writeln!(out, "at least {} {noun} (stopped at --limit)", count.count)
    }
}
