//! `compare`: every engine on every puzzle, side by side.

use std::io::Write;
use std::ops::ControlFlow;

use clap::{Args, ValueEnum};

use super::{parse_timeout, Files, FormulaArgs, EXIT_ERROR, EXIT_OK};
use crate::compare::{self, CompareOptions};
use cagesat::{Engine, Stop};

/// `compare` options.
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    /// Input files.
    #[command(flatten)]
    pub input: Files,
    /// Formula options (SAT engines).
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Built-in engines to run (default: all; `sat` is every embedded SAT backend, `auto`
    /// the default one chosen per puzzle).
    #[arg(long, value_enum, value_delimiter = ',', default_values_t = [CompareEngineArg::Native, CompareEngineArg::Sat])]
    pub engines: Vec<CompareEngineArg>,
    /// Also run this external SAT solver (repeatable), e.g. `cadical`; `z3` and `cvc5` run
    /// the SMT-LIB script.
    #[arg(long = "solver", value_name = "CMD")]
    pub solvers: Vec<String>,
    /// Time limit per run (each engine on each puzzle, each repetition), in seconds; a run
    /// that runs out is reported as `timeout` and the comparison goes on.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Runs per puzzle and engine, at least 1; the median time is reported.
    #[arg(long, default_value_t = 1, value_parser = super::at_least_one::<usize>,
          allow_negative_numbers = true)]
    pub repeat: usize,
    /// Print one JSON object per (puzzle, engine) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write a self-contained HTML report here: time per puzzle against size for each
    /// engine (log scales), total time per engine, and the table (a file: not `-`).
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<std::path::PathBuf>,
}

/// `compare --engines` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CompareEngineArg {
    /// Constraint propagation and search.
    Native,
    /// Every embedded SAT engine (varisat, cadical when built in, and dpll).
    Sat,
    /// The CNF with the embedded varisat.
    Varisat,
    /// The CNF with the embedded CaDiCaL.
    Cadical,
    /// The CNF enumerated by cagesat's own DPLL.
    Dpll,
    /// The default embedded backend, chosen per puzzle (`--backend auto`).
    Auto,
}

impl CompareEngineArg {
    /// Whether this value selects the built-in `engine`.
    fn selects(self, engine: &Engine) -> bool {
        match self {
            CompareEngineArg::Native => *engine == Engine::Native,
            CompareEngineArg::Sat => {
                matches!(engine, Engine::Varisat | Engine::Cadical | Engine::Dpll)
            }
            CompareEngineArg::Varisat => *engine == Engine::Varisat,
            CompareEngineArg::Cadical => *engine == Engine::Cadical,
            CompareEngineArg::Dpll => *engine == Engine::Dpll,
            CompareEngineArg::Auto => *engine == Engine::Auto,
        }
    }
}

pub(super) fn compare_files(
    args: &CompareArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let checked = args.input.check().and_then(|()| {
        if args.report.as_deref().is_some_and(super::is_stdout) {
            anyhow::bail!(
                "cagesat: --report writes an HTML file and standard output holds the table: give it a file name, not -"
            );
        }
        parse_timeout(args.timeout)
    });
    let timeout = match checked {
        Ok(t) => t,
        Err(error) => return super::fail(err, &error),
    };
    let mut engines: Vec<Engine> = Engine::builtin()
        .into_iter()
        .filter(|e| args.engines.iter().any(|a| a.selects(e)))
        .collect();
    // Asked for by name but not built in: run it anyway, so the table says why it failed.
    if args.engines.contains(&CompareEngineArg::Cadical) && !engines.contains(&Engine::Cadical) {
        engines.push(Engine::Cadical);
    }
    if args.engines.contains(&CompareEngineArg::Auto) {
        engines.push(Engine::Auto);
    }
    engines.extend(
        args.solvers
            .iter()
            .map(|cmd| match super::smt::smt_solver(cmd) {
                Some(solver) => Engine::Smt {
                    solver,
                    timeout: None,
                },
                None => Engine::External {
                    command: cmd.clone(),
                    timeout: None,
                },
            }),
    );
    let mut opts = CompareOptions {
        repeat: args.repeat,
        engine: args.formula.engine_options(),
        engines,
        timeout,
    };
    opts.engine.stop = interrupt.clone();
    let mut status = EXIT_OK;
    let mut done = Vec::new();
    let inputs = super::inputs::Inputs::open(&args.input.files, args.formula.strict);
    let progress = match inputs.known_len() {
        Some(n) => super::progress::Progress::items(n, "puzzles"),
        None => super::progress::Progress::counter("puzzles"),
    };
    // Each puzzle's comparison on one of `--jobs` threads (timings then share the cores);
    // results in input order. A collection's puzzles are read as they are compared, each
    // named `FILE:LINE`.
    super::batch::in_order_stream(
        inputs.into_iter(),
        super::batch::jobs(args.input.jobs),
        || (),
        |(), _, input| {
            if interrupt.is_requested() {
                return None;
            }
            let mut e = Vec::new();
            let compared = match input.load(args.formula.strict) {
                Ok(puzzle) => {
                    let c = compare::compare_puzzle(&input.name(), &puzzle, &opts);
                    Ok((c, puzzle))
                }
                Err(error) => Err(super::fail(&mut e, &error.into())),
            };
            Some((compared, e))
        },
        |_, result| {
            let Some((compared, e)) = result else {
                status = super::worse(status, super::EXIT_INTERRUPTED);
                return ControlFlow::Break(());
            };
            let _ = err.write_all(&e);
            progress.inc();
            let (c, puzzle) = match compared {
                Ok(cp) => cp,
                Err(code) => {
                    status = super::worse(status, code);
                    return ControlFlow::Continue(());
                }
            };
            if c.disagreement.is_some() || c.runs.iter().any(|r| r.result.is_err()) {
                status = super::worse(status, EXIT_ERROR);
            }
            let stopped = |r: &compare::EngineRun| matches!(&r.result, Ok(m) if matches!(m.outcome, cagesat::Outcome::Stopped { .. }));
            if c.runs.iter().any(stopped) {
                status = super::worse(status, super::EXIT_STOPPED);
            }
            if args.json {
                for record in compare::records(&c, &puzzle) {
                    if let Err(e) = writeln!(out, "{record}") {
                        status = super::worse(status, super::write_failed(err, e));
                        return ControlFlow::Break(());
                    }
                }
            }
            done.push(c);
            ControlFlow::Continue(())
        },
    );
    drop(progress);
    if interrupt.is_requested() {
        status = super::worse(status, super::EXIT_INTERRUPTED);
    }
    if let Some(path) = &args.report {
        let title = format!("cagesat compare: {} puzzles", done.len());
        if let Err(e) = std::fs::write(path, compare::render_html(&done, &title)) {
            let e =
                anyhow::Error::new(e).context(format!("cagesat: cannot write {}", path.display()));
            status = super::worse(status, super::fail(err, &e));
        }
    }
    if super::output_closed() {
        return status;
    }
    if !args.json {
        if let Err(e) = write!(out, "{}", compare::render_table(&done)) {
            return super::worse(status, super::write_failed(err, e));
        }
    }
    status
}
