//! `compare`: every engine on every puzzle, side by side.

use std::io::Write;

use clap::Args;

use super::{
    display_name, load, parse_timeout, EngineArg, Files, FormulaArgs, EXIT_ERROR, EXIT_OK,
};
use cagesat::compare::{self, CompareOptions};
use cagesat::Engine;

/// `compare` options.
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    /// Input files.
    #[command(flatten)]
    pub input: Files,
    /// Formula options (SAT engines).
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Built-in engines to run (default: both).
    #[arg(long, value_enum, value_delimiter = ',', default_values = ["native", "sat"])]
    pub engines: Vec<EngineArg>,
    /// Also run this external SAT solver (repeatable), e.g. `cadical`; `z3` and `cvc5` run
    /// the SMT-LIB script.
    #[arg(long = "solver", value_name = "CMD")]
    pub solvers: Vec<String>,
    /// Time limit per external solver call, in seconds.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Runs per puzzle and engine; the median time is reported.
    #[arg(long, default_value_t = 1)]
    pub repeat: usize,
    /// Print one JSON object per (puzzle, engine) instead of the table.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn compare_files(args: &CompareArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let timeout = match parse_timeout(args.timeout) {
        Ok(t) => t,
        Err(error) => return super::fail(err, &error),
    };
    let mut engines: Vec<Engine> = Engine::builtin()
        .into_iter()
        .filter(|e| {
            args.engines.iter().any(|a| match a {
                EngineArg::Native => *e == Engine::Native,
                EngineArg::Sat => *e == Engine::Varisat,
            })
        })
        .collect();
    engines.extend(
        args.solvers
            .iter()
            .map(|cmd| match super::smt::smt_solver(cmd) {
                Some(solver) => Engine::Smt { solver, timeout },
                None => Engine::External {
                    command: cmd.clone(),
                    timeout,
                },
            }),
    );
    let opts = CompareOptions {
        repeat: args.repeat.max(1),
        engine: args.formula.engine_options(),
        engines,
    };
    let mut status = EXIT_OK;
    let mut done = Vec::new();
    for path in &args.input.files {
        let puzzle = match load(path, args.formula.strict) {
            Ok(p) => p,
            Err(e) => {
                status = super::fail(err, &e.into());
                continue;
            }
        };
        let c = compare::compare_puzzle(&display_name(path), &puzzle, &opts);
        if c.disagreement.is_some() || c.runs.iter().any(|r| r.result.is_err()) {
            status = EXIT_ERROR;
        }
        if args.json {
            for record in compare::records(&c, &puzzle) {
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
