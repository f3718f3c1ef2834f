//! `solve` and `count`.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Mutex;

use super::batch::{self, ThreadArgs};
use super::inputs::{Input, Inputs};
use super::progress::Progress;
use super::records::{
    self, CertificateRecord, CountOpening, CountRecord, CountTotals, GridJson, SolveRecord,
};
use super::{
    fail, stopped_status, worse, Files, FormulaArgs, Limits, SolverArgs, EXIT_ERROR, EXIT_OK,
    EXIT_UNSAT,
};
use anyhow::{bail, Context};
use cagesat::{
    engine::{EngineStats, StopReason},
    proof::{check_prover, write_certificate_with, Certificate},
    Count, Engine, Grid, Outcome, Puzzle, Session, Stop,
};
use clap::Args;

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
    /// Threads per puzzle.
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Also check that the solution is unique.
    #[arg(long)]
    pub unique: bool,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also draw each solved puzzle as SVG: to this file for one input, else into this
    /// directory as STEM.svg; with --unique and a second solution, the cells where the two
    /// differ are outlined. `--svg -` writes the picture of one puzzle to standard output
    /// instead of the text grid (not with --json); the verdict line (`FILE: solved`, `FILE:
    /// no solution`, …) then goes to standard error.
    #[arg(long, value_name = "PATH")]
    pub svg: Option<std::path::PathBuf>,
    /// Write a certificate of the answer (implies --unique; one puzzle): PREFIX.cnf, the
    /// CNF with the found solution blocked (or the plain CNF when there is none), and
    /// PREFIX.lrat, an LRAT proof that it is unsatisfiable, written by the engine's own
    /// solver (varisat or cadical; auto: the one its rule picks; other engines are
    /// refused); check with `check-proof`.
    #[arg(long, value_name = "PREFIX")]
    pub proof: Option<String>,
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
    /// Threads per puzzle.
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Stop after this many solutions, at least 1. Without --limit every solution is counted,
    /// which may run long: use --limit K to stop after K, and --progress to see the count and
    /// its rate.
    #[arg(long, value_name = "K", value_parser = super::at_least_one::<u64>,
          allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also print every solution found.
    #[arg(long)]
    pub print_solutions: bool,
}

/// Runs `per_file` on every input (each file, and each puzzle of a collection file, read
/// as it comes: see `inputs.rs`), reporting errors (one line on stderr, and a JSON record
/// with `--json`) without stopping; returns the worst exit status. After an interrupt no
/// further input starts. With `--jobs N` above 1 and several inputs, inputs run on `N`
/// threads (each with its own state from `init`) and each one's output is buffered and
/// written in input order, so the bytes are those of `--jobs 1`; otherwise output streams
/// straight to `out`. Either way each result is written (and flushed) as soon as it and
/// those before it are done, and a collection is read only a few lines ahead of the
/// results. The JSON records of a collection's puzzle carry its `line`.
fn each_file<W: Write, E: Write, S>(
    (inputs, jobs): (Inputs, usize),
    limits: &Limits,
    json: bool,
    out: &mut W,
    err: &mut E,
    init: impl Fn() -> S + Sync,
    per_file: impl Fn(&mut S, usize, &Input, &mut dyn Write) -> anyhow::Result<u8> + Sync,
) -> u8 {
    let mut status = EXIT_OK;
    let progress = match inputs.known_len() {
        Some(n) => Progress::items(n, "puzzles"),
        None => Progress::counter("puzzles"),
    };
    // One input's run: its output (held back for a collection's line, to add the line
    // to its JSON records), its error, and its status.
    let run_one =
        |state: &mut S, index: usize, input: &Input, o: &mut dyn Write, mut e: &mut dyn Write| {
            let mut held = Vec::new();
            let code = {
                let mut sink: &mut dyn Write = if input.line.is_some() {
                    &mut held
                } else {
                    &mut *o
                };
                match per_file(state, index, input, sink) {
                    Ok(code) => code,
                    Err(error) => {
                        if json {
                            super::error_record(&mut sink, &input.file, &error);
                        }
                        fail(&mut e, &error)
                    }
                }
            };
            if let Some(line) = input.line {
                let _ = o.write_all(&records::with_line(&held, json, line));
            }
            code
        };
    if jobs == 1 || !inputs.many() {
        let mut state = init();
        for (index, input) in inputs.into_iter().enumerate() {
            if limits.interrupted() || super::output_closed() {
                break;
            }
            progress.message(&input.name());
            let code = run_one(&mut state, index, &input, out, err);
            status = worse(status, code);
            // A pipe's reader sees each puzzle's answer as soon as it is done.
            if let Err(e) = out.flush() {
                status = worse(status, super::write_failed(err, e));
                break;
            }
            progress.inc();
        }
        return status;
    }
    batch::in_order_stream(
        inputs.into_iter(),
        jobs,
        init,
        |state, index, input| {
            if limits.interrupted() || super::output_closed() {
                return None;
            }
            let (mut o, mut e) = (Vec::new(), Vec::new());
            let code = run_one(state, index, &input, &mut o, &mut e);
            Some((o, e, code))
        },
        |_, done| {
            let Some((o, e, code)) = done else {
                return ControlFlow::Break(());
            };
            if let Err(x) = out.write_all(&o).and_then(|()| out.flush()) {
                status = worse(status, super::write_failed(err, x));
                return ControlFlow::Break(());
            }
            let _ = err.write_all(&e);
            status = worse(status, code);
            progress.inc();
            ControlFlow::Continue(())
        },
    );
    status
}

/// The engine and limits the options ask for, or `None` after reporting why not.
fn engine_or_report(
    solver: &SolverArgs,
    interrupt: &Stop,
    err: &mut impl Write,
) -> Option<(Engine, Limits)> {
    let checked = solver
        .engine()
        .and_then(|e| Ok((e, Limits::new(interrupt, solver.timeout)?)));
    checked.map_err(|error| fail(err, &error)).ok()
}

/// `cagesat solve`.
pub(super) fn solve_files(
    args: &SolveArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if let Err(error) = check_solve_args(args) {
        return fail(err, &error);
    }
    let inputs = Inputs::open(&args.input.files, args.formula.strict);
    let jobs = args.threads.jobs(args.input.jobs);
    let mut opts = args.formula.engine_options();
    opts.parallel = args.threads.parallel(inputs.at_once(), jobs);
    let many = inputs.many();
    if many && (args.proof.is_some() || args.svg.as_deref().is_some_and(super::is_stdout)) {
        let error = anyhow::anyhow!(
            "cagesat: --proof and --svg - are for one puzzle; the input holds several, one per line (a collection)"
        );
        return fail(err, &error);
    }
    let unique = args.unique || args.proof.is_some();
    let Some((engine, limits)) = engine_or_report(&args.solver, interrupt, err) else {
        return EXIT_ERROR;
    };
    // The proof is the answering engine's own: one that writes none is refused up front.
    if args.proof.is_some() {
        if let Err(e) = check_prover(&engine) {
            return fail(err, &anyhow::anyhow!("cagesat: --proof: {e}"));
        }
    }
    // Many KenKens of one side share one incremental solver (same answers, less set-up):
    // one session per thread.
    let svg_stdout = args.svg.as_deref().is_some_and(super::is_stdout);
    let svg = super::output_path(args.svg.as_deref())
        .map(|p| Mutex::new(super::svg_out::SvgTarget::new(p, usize::from(many) + 1)));
    each_file(
        (inputs, jobs),
        &limits,
        args.json,
        out,
        err,
        || (Session::new(engine.clone()), opts.clone()),
        |(session, opts), index, input, out| {
            let (name, path) = (&input.name(), input.path.as_path());
            let puzzle = input.load(args.formula.strict)?;
            opts.stop = limits.for_puzzle();
            let answer = if unique {
                session.prove_unique(&puzzle, opts)
            } else {
                session.solve(&puzzle, opts)
            };
            let (outcome, stats) = answer.with_context(|| name.to_string())?;
            if let (Some(svg), Outcome::Solved { grid, .. }) = (svg.as_ref(), &outcome) {
                let mut svg = svg
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                svg.write(
                    (path, input.line),
                    (index + 1, name),
                    &puzzle,
                    grid,
                    &outcome.differences(),
                )?;
            }
            let certificate = match &args.proof {
                Some(prefix) => certify(prefix, (&engine, &puzzle), &outcome, opts)?,
                None => None,
            };
            let written = if svg_stdout {
                // The picture alone on standard output; what the text would say after the
                // grid goes to standard error, after the file's name.
                let mut report = Vec::new();
                write_verdict(
                    &mut report,
                    &puzzle,
                    &outcome,
                    args.proof.as_deref(),
                    certificate,
                )
                .and_then(|()| {
                    let text = String::from_utf8_lossy(&report);
                    let mut e = io::stderr().lock();
                    text.lines().try_for_each(|l| writeln!(e, "{name}: {l}"))
                })
                .context("cagesat: cannot write the verdict")?;
                match &outcome {
                    Outcome::Solved { grid, .. } => {
                        let svg = super::svg_out::solved_svg(&puzzle, grid, &outcome.differences());
                        out.write_all(svg.as_bytes())
                    }
                    _ => Ok(()),
                }
            } else if args.json {
                let mut record = solve_record(&input.file, &puzzle, &outcome, &stats);
                if let Some(prefix) = &args.proof {
                    record.certificate = Some(certificate.map(|c| CertificateRecord {
                        clauses: c.clauses,
                        cnf: format!("{prefix}.cnf"),
                        lrat: format!("{prefix}.lrat"),
                        proof_bytes: c.proof_bytes,
                        prover: c.prover,
                        vars: c.vars,
                    }));
                }
                records::write_line(out, &record)
            } else {
                write_solve_text(out, many.then_some(name), &puzzle, &outcome)
                    .and_then(|()| write_certificate_line(out, args.proof.as_deref(), certificate))
            };
            written.context("cagesat: cannot write output")?;
            Ok(match outcome {
                Outcome::Solved { .. } => EXIT_OK,
                Outcome::Unsat => EXIT_UNSAT,
                Outcome::Stopped { reason, .. } => stopped_status(reason),
                _ => EXIT_UNSAT,
            })
        },
    )
}

/// Refuses option combinations `solve` cannot honour, before any file is read.
fn check_solve_args(args: &SolveArgs) -> anyhow::Result<()> {
    args.input.check()?;
    let many = args.input.files.len() > 1;
    if many && args.proof.is_some() {
        bail!("cagesat: --proof writes the certificate of one puzzle: give one file");
    }
    if args.proof.as_deref() == Some("-") {
        bail!(
            "cagesat: --proof writes two files, PREFIX.cnf and PREFIX.lrat: give it a prefix, not -"
        );
    }
    if args.svg.as_deref().is_some_and(super::is_stdout) {
        if args.json {
            bail!(
                "cagesat: --svg - writes the picture to standard output; it cannot be combined with --json"
            );
        }
        if many {
            bail!(
                "cagesat: --svg - writes one picture to standard output: give one file, or a directory for several"
            );
        }
    }
    Ok(())
}

/// The `certificate: …` line of `solve --proof`'s text report (nothing without `--proof`).
fn write_certificate_line(
    out: &mut (impl Write + ?Sized),
    proof: Option<&str>,
    certificate: Option<Certificate>,
) -> io::Result<()> {
    match (proof, certificate) {
        (Some(prefix), Some(c)) => writeln!(
            out,
            "certificate: {prefix}.cnf ({} clauses) and {prefix}.lrat ({} bytes, LRAT by {})",
            c.clauses, c.proof_bytes, c.prover
        ),
        (Some(_), None) => writeln!(out, "certificate: none (not unique)"),
        _ => Ok(()),
    }
}

/// What the text report says after the grid (the verdict, and the certificate line), for
/// `--svg -`, where the picture takes the grid's place.
fn write_verdict(
    out: &mut (impl Write + ?Sized),
    puzzle: &Puzzle,
    outcome: &Outcome,
    proof: Option<&str>,
    certificate: Option<Certificate>,
) -> io::Result<()> {
    let mut text = Vec::new();
    write_solve_text(&mut text, None, puzzle, outcome)?;
    let text = String::from_utf8_lossy(&text);
    if let Some(last) = text.lines().last() {
        writeln!(out, "{last}")?;
    }
    write_certificate_line(out, proof, certificate)
}

/// Writes `PREFIX.cnf` and `PREFIX.lrat` for a unique or unsolvable puzzle; `None` (and no
/// files) when the puzzle has several solutions or the run stopped.
fn certify(
    prefix: &str,
    (engine, puzzle): (&Engine, &Puzzle),
    outcome: &Outcome,
    opts: &cagesat::EngineOptions,
) -> anyhow::Result<Option<Certificate>> {
    let grid = match outcome {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } => Some(grid),
        Outcome::Unsat => None,
        _ => return Ok(None),
    };
    let create = |ext: &str| {
        let path = format!("{prefix}.{ext}");
        std::fs::File::create(&path)
            .map(io::BufWriter::new)
            .with_context(|| format!("cagesat: cannot write {path}"))
    };
    let (mut cnf, mut lrat) = (create("cnf")?, create("lrat")?);
    let c = write_certificate_with(engine, puzzle, grid, &opts.encode, &mut cnf, &mut lrat)
        .context("cagesat: certificate")?;
    cnf.flush()
        .and_then(|()| lrat.flush())
        .with_context(|| format!("cagesat: cannot write {prefix}.cnf / {prefix}.lrat"))?;
    Ok(Some(c))
}

/// `cagesat count`: exit 0 when at least one solution exists, 1 when none, 3 (130) when a
/// time limit (an interrupt) ended the count. Solutions are printed as they are found, so
/// memory does not grow with their number.
pub(super) fn count_files(
    args: &CountArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    if let Err(error) = args.input.check() {
        return fail(err, &error);
    }
    let inputs = Inputs::open(&args.input.files, args.formula.strict);
    let jobs = args.threads.jobs(args.input.jobs);
    let mut opts = args.formula.engine_options();
    opts.parallel = args.threads.parallel(inputs.at_once(), jobs);
    let many = inputs.many();
    let Some((engine, limits)) = engine_or_report(&args.solver, interrupt, err) else {
        return EXIT_ERROR;
    };
    each_file(
        (inputs, jobs),
        &limits,
        args.json,
        out,
        err,
        || opts.clone(),
        |opts, _, input, out| {
            let name = &input.name();
            let puzzle = input.load(args.formula.strict)?;
            opts.stop = limits.for_puzzle();
            let shown = if args.json { &input.file } else { name };
            let mut printer = SolutionPrinter::new(args, shown, many, &puzzle, &opts.stop);
            // One file: solutions so far and their rate (many files: puzzles done, above).
            let counter = if many {
                Progress::hidden()
            } else {
                Progress::counter("solutions")
            };
            let counted = engine.enumerate(&puzzle, opts, args.limit, |g| {
                counter.inc();
                printer.print(out, g);
            });
            drop(counter);
            let failed = printer.failed.take();
            let (count, stats) = match counted {
                Ok(c) => c,
                Err(e) => {
                    // Close a JSON record that was already opened, so the output stays valid.
                    printer.abandon(out);
                    return Err(anyhow::Error::new(e).context(name.to_string()));
                }
            };
            if let Some(e) = failed {
                return Err(anyhow::Error::new(e).context("cagesat: cannot write output"));
            }
            printer
                .finish(out, &puzzle, count, &stats)
                .context("cagesat: cannot write output")?;
            Ok(match count.stopped {
                Some(reason) => stopped_status(reason),
                None if count.count == 0 => EXIT_UNSAT,
                None => EXIT_OK,
            })
        },
    )
}

/// Writes `count`'s output as solutions arrive: text blocks, or one JSON record whose
/// `solutions` array is streamed.
struct SolutionPrinter<'a> {
    json: bool,
    print: bool,
    name: &'a str,
    header: bool,
    puzzle: &'a Puzzle,
    printed: u64,
    opened: bool,
    failed: Option<io::Error>,
    /// Requested when output fails, so the enumeration ends (its error is then reported).
    stop: Stop,
}

impl<'a> SolutionPrinter<'a> {
    fn new(args: &CountArgs, name: &'a str, many: bool, puzzle: &'a Puzzle, stop: &Stop) -> Self {
        SolutionPrinter {
            json: args.json,
            print: args.print_solutions,
            name,
            header: many,
            puzzle,
            printed: 0,
            opened: false,
            failed: None,
            stop: stop.clone(),
        }
    }

    /// Writes what comes before the first solution (once).
    fn open(&mut self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        if self.opened {
            return Ok(());
        }
        self.opened = true;
        if self.json {
            if self.print {
                let opening = records::members(&CountOpening {
                    file: self.name,
                    kind: self.puzzle.kind(),
                });
                write!(out, "{{{opening},\"solutions\":[")?;
            }
        } else if self.header {
            writeln!(out, "== {}", self.name)?;
        }
        Ok(())
    }

    fn print(&mut self, out: &mut (impl Write + ?Sized), grid: &Grid<u8>) {
        if !self.print || self.failed.is_some() {
            return;
        }
        let written = self.open(out).and_then(|()| {
            self.printed += 1;
            if self.json {
                let sep = if self.printed > 1 { "," } else { "" };
                write!(out, "{sep}{}", self.puzzle.render_json(grid))
            } else {
                writeln!(out, "solution {}:", self.printed)?;
                write!(out, "{}", self.puzzle.render_text(Some(grid)))
            }
        });
        if let Err(e) = written {
            self.failed = Some(e);
            self.stop.request();
        }
    }

    /// Ends a streamed JSON record after an error, so the line stays valid JSON.
    fn abandon(&mut self, out: &mut (impl Write + ?Sized)) {
        if self.opened && self.json && self.print {
            let _ = writeln!(out, "],\"status\":\"error\"}}");
        }
    }

    fn finish(
        &mut self,
        out: &mut (impl Write + ?Sized),
        puzzle: &Puzzle,
        count: Count,
        stats: &EngineStats,
    ) -> io::Result<()> {
        self.open(out)?;
        if !self.json {
            return write_count_tail(out, count);
        }
        let totals = CountTotals {
            complete: count.complete,
            count: count.count,
            stats: stats.into(),
            stopped: count.stopped.map(StopReason::name),
        };
        if !self.print {
            return records::write_line(out, &CountRecord::new(self.name, puzzle.kind(), totals));
        }
        // The record was opened with `file`, `kind` and the streamed `solutions`.
        writeln!(out, "],{}}}", records::members(&totals))
    }
}

/// The JSON record of a solve.
pub(super) fn solve_record<'a>(
    name: &'a str,
    puzzle: &Puzzle,
    outcome: &'a Outcome,
    stats: &EngineStats,
) -> SolveRecord<'a> {
    // Rows of digits (every kind but Kakuro) are written straight from the grid.
    let json = |g: &'a Grid<u8>| {
        if puzzle.json_is_rows() {
            GridJson::Rows(g)
        } else {
            GridJson::Drawn(puzzle.render_json(g))
        }
    };
    let (status, solution, unique) = match outcome {
        Outcome::Solved { grid, unique, .. } => ("solved", Some(grid), *unique),
        Outcome::Unsat => ("unsat", None, None),
        Outcome::Stopped { grid, reason } => (reason.name(), grid.as_ref(), None),
        other => (other.label(), None, None),
    };
    let second = outcome.second();
    SolveRecord {
        certificate: None,
        differ: second.map(|_| labels(&outcome.differences())),
        file: name,
        kind: puzzle.kind(),
        second: second.map(json),
        solution: solution.map_or(GridJson::Drawn(serde_json::Value::Null), json),
        stats: stats.into(),
        status,
        unique,
    }
}

/// The text report of a solve.
pub(super) fn write_solve_text(
    out: &mut (impl Write + ?Sized),
    header: Option<&str>,
    puzzle: &Puzzle,
    outcome: &Outcome,
) -> io::Result<()> {
    if let Some(name) = header {
        writeln!(out, "== {name}")?;
    }
    match outcome {
        Outcome::Solved { grid, unique, .. } => {
            write!(out, "{}", puzzle.render_text(Some(grid)))?;
            match unique {
                Some(true) => writeln!(out, "solved (unique)")?,
                Some(false) => writeln!(out, "solved (multiple solutions)")?,
                None => writeln!(out, "solved")?,
            }
            write_second(out, puzzle, outcome)
        }
        Outcome::Unsat => writeln!(out, "no solution"),
        Outcome::Stopped { grid, reason } => {
            if let Some(grid) = grid {
                write!(out, "{}", puzzle.render_text(Some(grid)))?;
                writeln!(out, "solved (uniqueness unknown: {})", reason.name())
            } else {
                writeln!(out, "no answer ({})", reason.name())
            }
        }
        other => writeln!(out, "no answer ({})", other.label()),
    }
}

/// The labels of `cells` (`A1`, `B2`, …).
fn labels(cells: &[cagesat::Cell]) -> Vec<String> {
    cells.iter().map(|c| c.label()).collect()
}

/// After a failed uniqueness check: the second solution, with the cells where it differs
/// from the first named and marked (`*` after each of their digits).
fn write_second(
    out: &mut (impl Write + ?Sized),
    puzzle: &Puzzle,
    outcome: &Outcome,
) -> io::Result<()> {
    let Some(second) = outcome.second() else {
        return Ok(());
    };
    let differ = outcome.differences();
    writeln!(
        out,
        "second solution, differing in {} cells ({}, marked *):",
        differ.len(),
        labels(&differ).join(" ")
    )?;
    let first = outcome.grid().map(|g| puzzle.render_text(Some(g)));
    let second = puzzle.render_text(Some(second));
    write!(
        out,
        "{}",
        mark_changes(first.as_deref().unwrap_or(""), &second)
    )
}

/// `second` (a drawing of the second solution) with a `*` after every run of characters
/// that differ from `first` (the same puzzle drawn with the first solution), in the space
/// that follows it: the drawings share their layout, so what differs is the digits of the
/// cells that differ.
fn mark_changes(first: &str, second: &str) -> String {
    let mut out = String::with_capacity(second.len() + 16);
    let mut first_lines = first.lines();
    for line in second.lines() {
        let old: Vec<char> = first_lines.next().unwrap_or("").chars().collect();
        let mut in_run = false;
        for (i, c) in line.chars().enumerate() {
            let differs = old.get(i) != Some(&c);
            out.push(if in_run && !differs && c == ' ' {
                '*'
            } else {
                c
            });
            in_run = differs;
        }
        out.push('\n');
    }
    out
}

/// The last line of `count`'s text report.
fn write_count_tail(out: &mut (impl Write + ?Sized), count: Count) -> io::Result<()> {
    let noun = if count.count == 1 {
        "solution"
    } else {
        "solutions"
    };
    match (count.complete, count.stopped) {
        (true, _) => writeln!(out, "{} {noun}", count.count),
        (false, Some(reason)) => writeln!(
            out,
            "at least {} {noun} (stopped: {})",
            count.count,
            reason.name()
        ),
        (false, None) => writeln!(out, "at least {} {noun} (stopped at --limit)", count.count),
    }
}

#[cfg(test)]
mod tests {
    use super::mark_changes;

    #[test]
    fn changed_digits_get_a_star_in_the_space_after_them() {
        let first = "1 8 1 │ 8\n8 1 1 │ 8\n";
        let second = "2 4 1 │ 8\n4 2 1 │ 8\n";
        assert_eq!(mark_changes(first, second), "2*4*1 │ 8\n4*2*1 │ 8\n");
        let first = "│  3     1  │\n│ 10  │\n";
        let second = "│  1     3  │\n│  9  │\n";
        assert_eq!(mark_changes(first, second), "│  1*    3* │\n│  9* │\n");
        assert_eq!(mark_changes("a\n", "a\n"), "a\n");
    }
}
