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
    display_name, fail, read_text, records, stopped_status, Limits, SolverArgs, EXIT_OK, EXIT_UNSAT,
};
use cagesat::puzzle::Overlay;
use cagesat::setter::{self, Candidates, SetterError, State};
use cagesat::{Cell, EngineOptions, Grid, Puzzle, Stop};

/// `candidates` options.
#[derive(Debug, Args)]
pub(crate) struct CandidatesArgs {
    /// Puzzle file (`-` reads standard input), Keen game ID or puzz.link URL; a collection
    /// (one puzzle per line) is streamed, each puzzle answered before the next line is read.
    pub file: PathBuf,
    /// A partly filled grid (a person's progress): a file (`-`: standard input) or the grid
    /// itself, one row per line, digits separated by spaces or run together, `.` for an
    /// empty square (given on the command line, also all squares on one line). The
    /// candidates extend its entries; entries in no solution are named as wrong.
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
    match candidates_inner(args, interrupt, out, err) {
        Ok(status) => status,
        Err(error) => setter_fail(err, &error),
    }
}

fn candidates_inner(
    args: &CandidatesArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> anyhow::Result<u8> {
    let state_file = args.state.as_deref().filter(|p| is_state_file(p));
    super::stdin_once(std::iter::once(args.file.as_path()).chain(state_file))?;
    let engine = args.solver.engine()?;
    let inputs = super::inputs::Inputs::open(std::slice::from_ref(&args.file), args.strict);
    let many = inputs.many();
    if many && (args.state.is_some() || args.svg.is_some()) {
        anyhow::bail!(
            "cagesat: --state and --svg are for one puzzle; {} holds several, one per line (a collection)",
            display_name(&args.file),
        );
    }
    let mut status = EXIT_OK;
    // A collection is read a line at a time: each puzzle's answer is written (and flushed)
    // before the next line is read.
    for input in inputs {
        if interrupt.is_requested() || super::output_closed() {
            break;
        }
        let one = candidates_one(args, (&engine, interrupt), &input, out);
        let code = match one {
            Ok(code) => code,
            // One puzzle of a collection fails: say so, and go on with the next.
            Err(error) if many => {
                if args.json {
                    let mut record = Vec::new();
                    super::error_record(&mut record, &input.file, &error);
                    let at = input.line.unwrap_or(0);
                    out.write_all(&records::with_line(&record, true, at))?;
                }
                setter_fail(err, &error)
            }
            Err(error) => return Err(error),
        };
        status = super::worse(status, code);
        if let Err(e) = out.flush() {
            return Ok(super::worse(status, super::write_failed(err, e)));
        }
    }
    Ok(status)
}

/// Whether `--state`'s value names a file (`-` is standard input) rather than being the
/// grid itself.
fn is_state_file(value: &Path) -> bool {
    value == Path::new("-") || value.is_file()
}

/// `--state`'s grid: the file it names, or the value itself (rows on lines, or one line of
/// all the squares, split into rows of the puzzle's width).
fn state_text(value: &Path, puzzle: &Puzzle) -> anyhow::Result<(String, Option<PathBuf>)> {
    if is_state_file(value) {
        return Ok((read_text(value)?, Some(value.to_path_buf())));
    }
    let text = value.to_string_lossy().to_string();
    let (_, cols) = puzzle.shape();
    let squares: Vec<char> = text.trim().chars().collect();
    let one_line = !text.trim().contains(['\n', ' ']) && cols > 0;
    if one_line && squares.len() % cols == 0 && squares.len() > cols {
        let rows: Vec<String> = squares
            .chunks(cols)
            .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        return Ok((rows.join("\n") + "\n", None));
    }
    Ok((text, None))
}

/// The candidates of one puzzle.
fn candidates_one(
    args: &CandidatesArgs,
    (engine, interrupt): (&cagesat::Engine, &Stop),
    input: &super::inputs::Input,
    out: &mut impl Write,
) -> anyhow::Result<u8> {
    let puzzle = input.load(args.strict)?;
    let state = match &args.state {
        None => None,
        Some(value) => {
            let (text, path) = state_text(value, &puzzle)?;
            let name = path.unwrap_or_else(|| PathBuf::from("<state>"));
            let state = State::parse(&text, &puzzle).map_err(|e| e.with_path(Some(&name)))?;
            Some(state)
        }
    };
    let opts = EngineOptions {
        stop: Limits::new(interrupt, args.solver.timeout)?.for_puzzle(),
        ..EngineOptions::default()
    };
    let name = input.name();
    let found = setter::candidates(&puzzle, state.as_ref(), engine, &opts)
        .with_context(|| format!("{name}: candidates"))?;
    if let Some(path) = &args.svg {
        write_svg(&puzzle, &found, path, out)?;
    }
    if args.json {
        let record = Record {
            file: &input.file,
            candidates: CandidateMap(&found),
            unique: found.unique(),
            solutions_seen: found.solutions_seen,
            wrong: state.as_ref().map(|_| pairs(&found.wrong)),
            reason: reason(&puzzle, &found),
        };
        let mut line = Vec::new();
        records::write_line(&mut line, &record)?;
        if let Some(at) = input.line {
            line = records::with_line(&line, true, at);
        }
        out.write_all(&line)?;
    } else {
        let why = reason(&puzzle, &found);
        write_text(out, &name, &found, state.is_some(), why.as_deref())?;
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
    /// Why there is no solution, when one line can say it.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// Why `puzzle` has no solution ([`setter::no_solution_reason`]), when `found` says it has
/// none and the reason is simple.
fn reason(puzzle: &cagesat::Puzzle, found: &Candidates) -> Option<String> {
    if found.solvable() {
        return None;
    }
    setter::no_solution_reason(puzzle).map(|r| r.to_string())
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

/// The text report: the grid of candidate sets, then the verdict (with `reason`, when there
/// is no solution and a simple reason).
fn write_text(
    out: &mut impl Write,
    name: &str,
    found: &Candidates,
    with_state: bool,
    reason: Option<&str>,
) -> anyhow::Result<()> {
    writeln!(out, "== {name}")?;
    if !found.solvable() {
        match reason {
            Some(reason) => writeln!(out, "no solution: {reason}")?,
            None => writeln!(out, "no solution")?,
        }
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
