//! `repair`: the fewest givens (KenKen `=` cages; Sudoku, Killer, Towers and Unequal digits) that make a
//! puzzle with several solutions unique, and the repaired puzzle, proven unique.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::candidates::{pairs, setter_fail, write_output, Pair};
use super::{at_least_one, display_name, load, records, Limits, SolverArgs, EXIT_OK};
use cagesat::puzzle::Overlay;
use cagesat::setter::{self, Repair, RepairOptions, DEFAULT_MAX_GIVENS};
use cagesat::{EngineOptions, Stop};

/// `repair` options.
#[derive(Debug, Args)]
pub(crate) struct RepairArgs {
    /// Puzzle file (`-` reads standard input), Keen game ID or puzz.link URL.
    pub file: PathBuf,
    /// Which engine answers.
    #[command(flatten)]
    pub solver: SolverArgs,
    /// The largest number of givens searched (every smaller set is tried first).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GIVENS,
          value_parser = at_least_one::<usize>, allow_negative_numbers = true)]
    pub max_givens: usize,
    /// Print one JSON object: `{"file":…,"givens":[{"cell":"B3","digit":4},…],"unique":true}`.
    #[arg(long)]
    pub json: bool,
    /// Write the repaired puzzle to this file (`-`: standard output) instead of printing
    /// it after the givens.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Also draw the repaired puzzle as an SVG picture, the added givens outlined
    /// (`-`: standard output).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
}

/// The `--json` record.
#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    givens: Vec<Pair>,
    unique: bool,
}

/// `cagesat repair`.
pub(super) fn repair(
    args: &RepairArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match repair_inner(args, interrupt, out) {
        Ok(()) => EXIT_OK,
        Err(error) => setter_fail(err, &error),
    }
}

fn repair_inner(args: &RepairArgs, interrupt: &Stop, out: &mut impl Write) -> anyhow::Result<()> {
    let engine = args.solver.engine()?;
    let puzzle = load(&args.file, args.strict)?;
    let opts = RepairOptions {
        engine,
        max_givens: args.max_givens,
        engine_opts: EngineOptions {
            stop: Limits::new(interrupt, args.solver.timeout)?.for_puzzle(),
            ..EngineOptions::default()
        },
    };
    let name = display_name(&args.file);
    let repaired = setter::repair(&puzzle, &opts).with_context(|| format!("{name}: repair"))?;
    if let Some(path) = &args.svg {
        let mut overlay = Overlay::default();
        overlay.marked = repaired.givens.iter().map(|&(c, _)| c).collect();
        let svg = repaired.puzzle.render_svg_with(None, &overlay);
        write_output(path, &svg, out)?;
    }
    let text = repaired.puzzle.to_string();
    if let Some(path) = &args.output {
        write_output(path, &text, out)?;
    }
    if args.json {
        let record = Record {
            file: &name,
            givens: pairs(&repaired.givens),
            unique: true,
        };
        records::write_line(out, &record)?;
    } else {
        write_text(out, &name, &repaired, args.output.is_none())?;
    }
    Ok(())
}

/// The text report: the givens, then the repaired puzzle unless it went to a file.
fn write_text(
    out: &mut impl Write,
    name: &str,
    r: &Repair,
    with_puzzle: bool,
) -> anyhow::Result<()> {
    writeln!(out, "== {name}")?;
    if r.givens.is_empty() {
        writeln!(out, "already unique: no givens needed")?;
        return Ok(());
    }
    let n = r.givens.len();
    let noun = if n == 1 { "given makes" } else { "givens make" };
    let list: Vec<String> = r.givens.iter().map(|(c, d)| format!("{c} = {d}")).collect();
    writeln!(
        out,
        "{n} {noun} it unique (no fewer do): {}",
        list.join(", ")
    )?;
    if with_puzzle {
        writeln!(out, "repaired puzzle:")?;
        write!(out, "{}", r.puzzle)?;
        if !r.puzzle.to_string().ends_with('\n') {
            writeln!(out)?;
        }
    }
    Ok(())
}
