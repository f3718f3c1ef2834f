//! # Command-line interface
//!
//! `cagesat solve FILE...` and friends. [`run`] writes results to `out` and one-line
//! diagnostics to `err`, and returns the process exit status: 0 solved, 1 no solution
//! (not an error), 2 bad input or failure.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::json;

use crate::cnf::AmoEncoding;
use crate::compare::{self, CompareOptions, Engine, EngineOptions, EngineStats};
use crate::encode::EncodeOptions;
use crate::parse::{parse_puzzle, ParseError, ParseErrorKind, Pos};
use crate::puzzle::Puzzle;
use crate::render;
use crate::solve::Outcome;

/// Exit status: solved.
pub const EXIT_OK: u8 = 0;
/// Exit status: no solution.
pub const EXIT_UNSAT: u8 = 1;
/// Exit status: bad input or failure.
pub const EXIT_ERROR: u8 = 2;

/// Compile grid arithmetic puzzles (KenKen) into SAT and solve them.
#[derive(Debug, Parser)]
#[command(name = "cagesat", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles (embedded SAT solver, or `--engine native`) and print verified solutions.
    Solve(SolveArgs),
    /// Run every engine on each puzzle (with the uniqueness check) and tabulate.
    Compare(CompareArgs),
}

/// Options shared by every command that reads puzzles.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzle files (`-` reads standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
    /// At-most-one encoding for cells, rows and columns.
    #[arg(long, value_enum, default_value_t = AmoArg::Auto)]
    pub amo: AmoArg,
}

/// `--amo` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AmoArg {
    /// Pairwise up to 10 literals, sequential above.
    Auto,
    /// Every pair excluded.
    Pairwise,
    /// Sinz's sequential counter.
    Sequential,
}

impl From<AmoArg> for AmoEncoding {
    fn from(a: AmoArg) -> Self {
        match a {
            AmoArg::Auto => AmoEncoding::Auto,
            AmoArg::Pairwise => AmoEncoding::Pairwise,
            AmoArg::Sequential => AmoEncoding::Sequential,
        }
    }
}

/// `solve` options.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Input files and parsing options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Also check that the solution is unique.
    #[arg(long)]
    pub unique: bool,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Solving engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Sat)]
    pub engine: EngineArg,
}

/// `--engine` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Constraint propagation and search.
    Native,
    /// One-hot CNF and the embedded SAT solver.
    Sat,
}

impl From<EngineArg> for Engine {
    fn from(a: EngineArg) -> Self {
        match a {
            EngineArg::Native => Engine::Native,
            EngineArg::Sat => Engine::Varisat,
        }
    }
}

/// `compare` options.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Input files and parsing options.
    #[command(flatten)]
    pub input: InputArgs,
    /// Runs per puzzle and engine; the median time is reported.
    #[arg(long, default_value_t = 1)]
    pub repeat: usize,
    /// Print one JSON object per (puzzle, engine) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs a parsed command line; returns the exit status.
pub fn run(cli: &Cli, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match &cli.command {
        Command::Solve(args) => solve_files(args, out, err),
        Command::Compare(args) => compare_files(args, out, err),
    }
}

/// The display name of an input path (`<stdin>` for `-`).
#[must_use]
pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads and parses one puzzle file (`-` = stdin).
///
/// # Errors
/// Unreadable files and parse errors, positioned.
pub fn load(path: &Path, strict: bool) -> Result<Puzzle, ParseError> {
    let (text, name) = if path == Path::new("-") {
        let mut s = String::new();
        let r = io::stdin().read_to_string(&mut s);
        (r.map(|_| s), None)
    } else {
        (std::fs::read_to_string(path), Some(path))
    };
    let text = text.map_err(|e| {
        ParseError::new(Pos::new(1, 1), ParseErrorKind::Io(e.to_string())).with_path(name)
    })?;
    parse_puzzle(&text, name, strict)
}

fn solve_files(args: &SolveArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let opts = engine_options(&args.input);
    let engine = Engine::from(args.engine);
    let many = args.input.files.len() > 1;
    let mut status = EXIT_OK;
    for path in &args.input.files {
        let name = display_name(path);
        let result = load(path, args.input.strict)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                engine
                    .solve(&p, args.unique, &opts)
                    .map(|r| (p, r))
                    .map_err(|e| format!("{name}: {e}"))
            });
        let code = match result {
            Ok((puzzle, (outcome, stats))) => {
                let code = match outcome {
                    Outcome::Solved { .. } => EXIT_OK,
                    Outcome::Unsat => EXIT_UNSAT,
                };
                let written = if args.json {
                    writeln!(out, "{}", solve_json(&name, &puzzle, &outcome, &stats))
                } else {
                    write_solve_text(out, many.then_some(&name), &puzzle, &outcome)
                };
                if let Err(e) = written {
                    let _ = writeln!(err, "cagesat: cannot write output: {e}");
                    return EXIT_ERROR;
                }
                code
            }
            Err(message) => {
                let _ = writeln!(err, "{message}");
                if args.json {
                    let record = json!({"file": name, "status": "error", "error": message});
                    let _ = writeln!(out, "{record}");
                }
                EXIT_ERROR
            }
        };
        status = status.max(code);
    }
    status
}

fn solve_json(
    name: &str,
    puzzle: &Puzzle,
    outcome: &Outcome,
    stats: &EngineStats,
) -> serde_json::Value {
    let (status, solution, unique) = match outcome {
        Outcome::Solved { grid, unique } => {
            ("solved", render::solution_json(puzzle, grid), json!(unique))
        }
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

fn write_solve_text(
    out: &mut impl Write,
    header: Option<&String>,
    puzzle: &Puzzle,
    outcome: &Outcome,
) -> io::Result<()> {
    if let Some(name) = header {
        writeln!(out, "== {name}")?;
    }
    match outcome {
        Outcome::Solved { grid, unique } => {
            write!(out, "{}", render::solution_text(puzzle, Some(grid)))?;
            match unique {
                Some(true) => writeln!(out, "solved (unique)"),
                Some(false) => writeln!(out, "solved (multiple solutions)"),
                None => writeln!(out, "solved"),
            }
        }
        Outcome::Unsat => writeln!(out, "no solution"),
    }
}

fn engine_options(input: &InputArgs) -> EngineOptions {
    EngineOptions {
        encode: EncodeOptions {
            amo: input.amo.into(),
            ..EncodeOptions::default()
        },
        ..EngineOptions::default()
    }
}

fn compare_files(args: &CompareArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let opts = CompareOptions {
        repeat: args.repeat.max(1),
        engine: engine_options(&args.input),
        ..CompareOptions::default()
    };
    let mut status = EXIT_OK;
    let mut done = Vec::new();
    for path in &args.input.files {
        let puzzle = match load(path, args.input.strict) {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(err, "{e}");
                status = EXIT_ERROR;
                continue;
            }
        };
        let c = compare::compare_puzzle(&display_name(path), &puzzle, &opts);
        if c.disagreement.is_some() || c.runs.iter().any(|r| r.result.is_err()) {
            status = EXIT_ERROR;
        }
        if args.json {
            for record in compare::table::records(&c, &puzzle) {
                if writeln!(out, "{record}").is_err() {
                    return EXIT_ERROR;
                }
            }
        }
        done.push(c);
    }
    if !args.json && write!(out, "{}", compare::render_table(&done)).is_err() {
        return EXIT_ERROR;
    }
    status
}
