//! `candidates`: the true candidates of every cell (the digits it takes in at least one
//! solution), optionally for a person's partly filled grid (`--state`), whose wrong entries
//! are named. Text, `--json`, and `--svg` (decided cells show their digit; the others are
//! shaded with their candidates as pencil marks; wrong entries are outlined).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::{
    display_name, fail, load, read_text, records, stopped_status, Limits, SolverArgs, EXIT_OK,
    EXIT_UNSAT,
};
use cagesat::puzzle::Overlay;
use cagesat::setter::{self, Candidates, SetterError, State};
use cagesat::{Cell, EngineOptions, Grid, Puzzle, Stop};

/// `candidates` options.
#[derive(Debug, Args)]
pub(crate) struct CandidatesArgs {
    /// Puzzle file (`-` reads standard input), Keen game ID or puzz.link URL.
    pub file: PathBuf,
    /// A partly filled grid (a person's progress): one row per line, digits separated by
    /// spaces or run together, `.` for an empty square. The candidates extend its entries;
    /// entries in no solution are named as wrong.
    #[arg(long, value_name = "GRID")]
    pub state: Option<PathBuf>,
    /// Which engine answers.
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Print one JSON object: `{"file":…,"candidates":{"A1":[1,3],…},"unique":…,
    /// "solutions_seen":K}`, with `"wrong":[{"cell":…,"digit":…}]` when `--state` is given.
    #[arg(long)]
    pub json: bool,
    /// Also draw the candidates as an SVG picture to this file (`-`: standard output).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
}

/// `cagesat candidates`.
pub(super) fn candidates(
    args: &CandidatesArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match candidates_inner(args, interrupt, out) {
        Ok(status) => status,
        Err(error) => setter_fail(err, &error),
    }
}

fn candidates_inner(
    args: &CandidatesArgs,
    interrupt: &Stop,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    super::stdin_once(std::iter::once(args.file.as_path()).chain(args.state.as_deref()))?;
    let engine = args.solver.engine()?;
    let puzzle = load(&args.file, args.strict)?;
    let state = match &args.state {
        None => None,
        Some(path) => {
            let text = read_text(path)?;
            let state = State::parse(&text, &puzzle).map_err(|e| e.with_path(Some(path)))?;
            Some(state)
        }
    };
    let opts = EngineOptions {
        stop: Limits::new(interrupt, args.solver.timeout)?.for_puzzle(),
        ..EngineOptions::default()
    };
    let name = display_name(&args.file);
    let found = setter::candidates(&puzzle, state.as_ref(), &engine, &opts)
        .with_context(|| format!("{name}: candidates"))?;
    if let Some(path) = &args.svg {
        write_svg(&puzzle, &found, path, out)?;
    }
    if args.json {
        let record = Record {
            file: &name,
            candidates: CandidateMap(&found),
            unique: found.unique(),
            solutions_seen: found.solutions_seen,
            wrong: state.as_ref().map(|_| pairs(&found.wrong)),
        };
        records::write_line(out, &record)?;
    } else {
        write_text(out, &name, &found, state.is_some())?;
    }
    Ok(if found.solvable() {
        EXIT_OK
    } else {
        EXIT_UNSAT
    })
}

/// The `--json` record.
#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    candidates: CandidateMap<'a>,
    unique: bool,
    solutions_seen: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    wrong: Option<Vec<Pair>>,
}

/// A (cell, digit) in JSON: `{"cell":"B3","digit":4}`.
#[derive(Serialize)]
pub(crate) struct Pair {
    cell: String,
    digit: u8,
}

/// The JSON form of (cell, digit) pairs.
pub(crate) fn pairs(list: &[(Cell, u8)]) -> Vec<Pair> {
    list.iter()
        .map(|&(c, d)| Pair {
            cell: c.label(),
            digit: d,
        })
        .collect()
}

/// The candidates as a JSON object in row-major order (`{"A1":[1,3],…}`), squares that hold
/// no digit left out.
struct CandidateMap<'a>(&'a Candidates);

impl Serialize for CandidateMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let grid = self.0.grid();
        let mut map = s.serialize_map(None)?;
        for (cell, digits) in cells(grid) {
            if !digits.is_empty() {
                map.serialize_entry(&cell.label(), digits)?;
            }
        }
        map.end()
    }
}

/// Every square of `grid` with its value, row-major.
fn cells<T>(grid: &Grid<T>) -> impl Iterator<Item = (Cell, &T)> {
    grid.iter_rows().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .map(move |(c, v)| (Cell::new(r as u8, c as u8), v))
    })
}

/// One square's candidates as text: digits run together (`13`), comma-separated past 9
/// (`10,12`), `#` on a square that holds none, `-` in a cell with none (no solution).
fn set_text(digits: &[u8], holds: bool) -> String {
    if !holds {
        return "#".into();
    }
    if digits.is_empty() {
        return "-".into();
    }
    let parts: Vec<String> = digits.iter().map(u8::to_string).collect();
    if digits.iter().all(|&d| d <= 9) {
        parts.concat()
    } else {
        parts.join(",")
    }
}

/// The text report: the grid of candidate sets, then the verdict.
fn write_text(
    out: &mut impl Write,
    name: &str,
    found: &Candidates,
    with_state: bool,
) -> anyhow::Result<()> {
    writeln!(out, "== {name}")?;
    if !found.solvable() {
        writeln!(out, "no solution")?;
        return Ok(());
    }
    let grid = found.grid();
    let texts: Vec<Vec<String>> = grid
        .iter_rows()
        .map(|row| row.iter().map(|ds| set_text(ds, !ds.is_empty())).collect())
        .collect();
    let width = texts.iter().flatten().map(String::len).max().unwrap_or(1);
    let head: Vec<String> = (1..=grid.cols()).map(|c| format!("{c:<width$}")).collect();
    writeln!(out, "   {}", head.join(" ").trim_end())?;
    for (r, row) in texts.iter().enumerate() {
        let line: Vec<String> = row.iter().map(|t| format!("{t:<width$}")).collect();
        let label = Cell::row_label(r as u8);
        writeln!(out, "{label:<2} {}", line.join(" ").trim_end())?;
    }
    let verdict = if found.unique() { "yes" } else { "no" };
    let seen = found.solutions_seen;
    let noun = if seen == 1 { "solution" } else { "solutions" };
    writeln!(out, "unique: {verdict} ({seen} {noun} seen)")?;
    if with_state {
        let wrong: Vec<String> = found
            .wrong
            .iter()
            .map(|(c, d)| format!("{c} = {d}"))
            .collect();
        let listed = if wrong.is_empty() {
            "none".to_string()
        } else {
            wrong.join(", ")
        };
        writeln!(out, "wrong: {listed}")?;
        if !found.state_applied {
            writeln!(
                out,
                "(the other entries contradict each other: candidates without them)"
            )?;
        }
    }
    Ok(())
}

/// Draws the candidates: decided cells with their digit, the others shaded with pencil
/// marks, wrong entries outlined.
fn write_svg(
    puzzle: &Puzzle,
    found: &Candidates,
    path: &Path,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let grid = found.grid();
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut decided = Grid::filled(rows, cols, 0u8);
    let mut overlay = Overlay::default();
    for (cell, digits) in cells(grid) {
        match digits.as_slice() {
            [d] => decided.set(cell, *d),
            [] => {}
            _ => overlay.shaded.push(cell),
        }
    }
    overlay.marks = Some(grid.clone());
    overlay.marked = found.wrong.iter().map(|&(c, _)| c).collect();
    let svg = puzzle.render_svg_with(Some(&decided), &overlay);
    write_output(path, &svg, out)
}

/// Reports a setter tool's failure on one line, with its exit status: 1 when the puzzle has
/// no solution, 3 (or 130) when a time limit (or an interrupt) stopped the run, else 2.
pub(crate) fn setter_fail(err: &mut impl Write, error: &anyhow::Error) -> u8 {
    let status = error
        .chain()
        .find_map(|e| match e.downcast_ref::<SetterError>() {
            Some(SetterError::Stopped { reason }) => Some(stopped_status(*reason)),
            Some(SetterError::NoSolution) => Some(EXIT_UNSAT),
            _ => None,
        });
    match status {
        Some(status) => {
            let _ = writeln!(err, "{error:#}");
            status
        }
        None => fail(err, error),
    }
}

/// Writes `text` to `path` (`-`: to `out`).
pub(crate) fn write_output(path: &Path, text: &str, out: &mut impl Write) -> anyhow::Result<()> {
    match super::output_path(Some(path)) {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
        }
        None => out
            .write_all(text.as_bytes())
            .context("cagesat: cannot write output"),
    }
}
