//! `hint` and `explain`: the next deduction, or the whole path, each step with its reason
//! (text, `--json` one object per step, `--svg DIR` one picture per step).

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::{
    display_name, fail, load, read_text, records, stopped_status, Limits, EXIT_OK, EXIT_STOPPED,
    EXIT_UNSAT,
};
use cagesat::engine::StopReason;
use cagesat::puzzle::{Constraint, ConstraintKind, Overlay, Step};
use cagesat::setter::explain::{self, End, ExplainOptions, Explanation, Progress};
use cagesat::setter::State;
use cagesat::{Cell, Grid, Puzzle, Stop};

/// `hint` and `explain` options.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// Puzzle file (`-` reads standard input) or Keen game ID.
    pub file: PathBuf,
    /// A person's progress: a grid as `.solution` files hold it, `.` for an empty cell.
    #[arg(long, value_name = "GRID_FILE")]
    pub state: Option<PathBuf>,
    /// One JSON object per step: cell, digit, action and the reason's constraints.
    #[arg(long)]
    pub json: bool,
    /// Write one SVG per step into this folder (`step-001.svg`, …): the reason's
    /// constraints tinted, the step's cell outlined, the open cells' candidates pencilled.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// Time limit in seconds: the steps found so far are printed, then `stopped (timeout)
    /// after N steps` (exit 3; Ctrl-C or SIGTERM: `stopped (interrupted)`, exit 130).
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
}

/// One constraint of a reason, as JSON.
#[derive(Serialize)]
struct ConstraintRecord {
    kind: &'static str,
    cells: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    op: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<u64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    distinct: bool,
}

/// One step, as JSON.
#[derive(Serialize)]
struct StepRecord {
    step: usize,
    cell: String,
    digit: u8,
    action: &'static str,
    technique: String,
    score: f64,
    reason: Vec<ConstraintRecord>,
}

/// A wrong entry of the state, as JSON (before the steps).
#[derive(Serialize)]
struct WrongRecord {
    wrong: String,
    digit: u8,
    text: String,
}

/// The last line of `--json`: how the path ends and its hardest technique.
#[derive(Serialize)]
struct SummaryRecord {
    summary: String,
    steps: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
}

fn constraint_record(c: &Constraint) -> ConstraintRecord {
    let cage = c.kind == ConstraintKind::Cage;
    ConstraintRecord {
        kind: c.kind.name(),
        cells: c.cells.iter().map(|x| x.label()).collect(),
        op: c.op.filter(|_| cage).map(|op| op.symbol().to_string()),
        target: c.target,
        distinct: cage && c.distinct,
    }
}

fn step_record(number: usize, s: &Step) -> StepRecord {
    StepRecord {
        step: number,
        cell: s.cell.label(),
        digit: s.digit,
        action: s.action.name(),
        technique: s.technique.name(),
        score: f64::from(s.technique.score()) / 10.0,
        reason: s.reason.iter().map(constraint_record).collect(),
    }
}

/// `cagesat hint` (`whole` false) and `cagesat explain` (`whole` true).
pub(super) fn run(
    args: &ExplainArgs,
    whole: bool,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match run_inner(args, whole, interrupt, out) {
        Ok(code) => code,
        Err(error) => fail(err, &error),
    }
}

fn run_inner(
    args: &ExplainArgs,
    whole: bool,
    interrupt: &Stop,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    super::stdin_once(std::iter::once(args.file.as_path()).chain(args.state.as_deref()))?;
    let puzzle = load(&args.file, false)?;
    let state = match &args.state {
        None => None,
        Some(path) => {
            let text = read_text(path)?;
            let state = State::parse(&text, &puzzle)
                .map_err(|e| e.with_path(Some(path)))
                .map_err(anyhow::Error::new)?;
            Some(state)
        }
    };
    let opts = ExplainOptions {
        stop: Limits::new(interrupt, args.timeout)?.for_puzzle(),
        ..ExplainOptions::default()
    };
    let name = display_name(&args.file);
    // Each step is printed (and flushed) as soon as it is found: a reader sees the path grow,
    // a stop keeps what was printed, and a reader that has gone ends the path at once.
    let mut streamed = 0usize;
    let mut broken: Option<std::io::Error> = None;
    let found = explain::from_progress_each(&puzzle, state.as_ref(), &opts, whole, &mut |step| {
        streamed += 1;
        match write_step(out, args.json, streamed, step).and_then(|()| out.flush()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                broken = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = broken {
        return Err(anyhow::Error::new(e).context("cagesat: cannot write output"));
    }
    let Progress { wrong, path: ex } = found.with_context(|| format!("{name}: cannot explain"))?;
    // Wrong entries first; the path goes on from the other entries (its steps were not
    // handed over as they came: they follow here).
    for w in &wrong {
        if args.json {
            let record = WrongRecord {
                wrong: w.cell.label(),
                digit: w.digit,
                text: w.to_string(),
            };
            records::write_line(out, &record)?;
        } else {
            writeln!(out, "{w}")?;
        }
    }
    let printed = if wrong.is_empty() { streamed } else { 0 };
    for (i, step) in ex.steps.iter().enumerate().skip(printed) {
        write_step(out, args.json, i + 1, step)?;
    }
    let cells: Vec<Cell> = wrong.iter().map(|w| w.cell).collect();
    let state = state.map(|s| s.without(&cells));
    let state = state.map(|s| s.grid().clone());
    if let Some(dir) = &args.svg {
        write_svgs(&puzzle, state.as_ref(), &ex, dir)?;
    }
    let summary = summary(&ex, &puzzle, opts.stop.reason());
    if args.json {
        // The summary is the last record; standard error stays quiet (`… | head -1`).
        let record = SummaryRecord {
            summary,
            steps: ex.steps.len(),
            hardest: ex.hardest().map(|t| t.name()),
            score: ex.hardest().map(|t| f64::from(t.score()) / 10.0),
        };
        records::write_line(out, &record)?;
    } else {
        writeln!(out, "{summary}")?;
    }
    Ok(match ex.end {
        End::NoSolution => EXIT_UNSAT,
        End::Stopped => opts.stop.reason().map_or(EXIT_STOPPED, stopped_status),
        _ => EXIT_OK,
    })
}

/// Step `number` as a text line (`N. step`) or a JSON record.
fn write_step(out: &mut impl Write, json: bool, number: usize, step: &Step) -> std::io::Result<()> {
    if json {
        records::write_line(out, &step_record(number, step))
    } else {
        writeln!(out, "{number}. {step}")
    }
}

/// The last line: how the path ends (a stopped one says why: `timeout`, `interrupted`; for
/// no solution, the simple reason when there is one: [`cagesat::setter::no_solution_reason`]).
fn summary(ex: &Explanation, puzzle: &cagesat::Puzzle, stopped: Option<StopReason>) -> String {
    let n = ex.steps.len();
    let largest = ex.largest_reason();
    let hardest = ex
        .hardest()
        .map(|t| format!("; hardest: {t}, {}", t.score_text()))
        .unwrap_or_default();
    match &ex.end {
        End::Solved(_) => {
            format!("solved in {n} steps (largest reason: {largest} constraints{hardest})")
        }
        End::Open => "more steps follow (cagesat explain gives them all)".to_string(),
        End::NoSolution => match cagesat::setter::no_solution_reason(puzzle) {
            Some(reason) => format!("no solution: {reason}"),
            None => "no solution: no path exists".to_string(),
        },
        End::NotUnique { undecided } => format!(
            "not unique: after {n} steps no deduction is forced and {undecided} cells are open (several solutions)"
        ),
        End::Stopped => match stopped {
            Some(why) => format!("stopped ({}) after {n} steps", why.name()),
            None => format!("stopped after {n} steps"),
        },
        _ => format!("ended after {n} steps"),
    }
}

/// One SVG per step: the candidates before it pencilled in the open cells, the decided
/// digits drawn, the reason's constraints tinted and the step's cell outlined.
fn write_svgs(
    puzzle: &Puzzle,
    state: Option<&Grid<u8>>,
    ex: &Explanation,
    dir: &Path,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let model = puzzle.constraints();
    let all: Vec<u8> = (1..=model.max_digit).collect();
    let mut cands: Grid<Vec<u8>> = Grid::filled(model.rows, model.cols, Vec::new());
    for &c in &model.cells {
        cands.set(c, all.clone());
    }
    let fixed = model.givens.iter().copied().chain(
        model
            .cells
            .iter()
            .filter_map(|&c| state.map(|g| (c, *g.get(c))).filter(|p| p.1 != 0)),
    );
    for (c, d) in fixed {
        cands.set(c, vec![d]);
    }
    for (i, step) in ex.steps.iter().enumerate() {
        let mut grid = Grid::filled(model.rows, model.cols, 0u8);
        let mut shaded: Vec<Cell> = Vec::new();
        for &c in &model.cells {
            match cands.get(c).as_slice() {
                [d] => grid.set(c, *d),
                _ => shaded.push(c),
            }
        }
        let mut overlay = Overlay::default();
        overlay.marks = Some(cands.clone());
        overlay.shaded = shaded;
        overlay.groups = step.reason.iter().map(|c| c.cells.clone()).collect();
        overlay.marked = vec![step.cell];
        let path = dir.join(format!("step-{:03}.svg", i + 1));
        let svg = captioned(&puzzle.render_svg_with(Some(&grid), &overlay), step);
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        let mut now = cands.get(step.cell).clone();
        match step.action {
            cagesat::puzzle::Action::Place => now = vec![step.digit],
            _ => now.retain(|&d| d != step.digit),
        }
        cands.set(step.cell, now);
    }
    Ok(())
}

/// The SVG with the step (its technique and reason) as its `<title>` caption.
fn captioned(svg: &str, step: &Step) -> String {
    let text = step
        .to_string()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    match svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|end| at + end + 1))
    {
        Some(end) => format!("{}<title>{text}</title>{}", &svg[..end], &svg[end..]),
        None => svg.to_string(),
    }
}
