//! `grade`: the weakest propagation level that solves each puzzle, and whether unit
//! propagation on its CNF does. The levels that apply depend on the puzzle's families (its
//! [`Scale`]: cages, runs, houses), so a run over several kinds prints one table per scale
//! (KenKen's cages first, then Kakuro's runs, then the houses of Sudoku, Killer, Towers and
//! Unequal), each in input order.

use std::io::Write;
use std::ops::ControlFlow;

use super::records::GradeRecord;
use super::{fail, stopped_status, Files, Limits, EXIT_OK, EXIT_UNSAT};
use cagesat::engine::StopReason;
use cagesat::grade::{Grade, KeenDifficulty, Matrix, Root, Scale};
use cagesat::puzzle::{Puzzle, Technique};
use cagesat::setter::explain::{explain, End, ExplainOptions};
use cagesat::Stop;
use clap::Args;

/// `grade` options.
#[derive(Debug, Args)]
pub(crate) struct GradeArgs {
    /// Input files.
    #[command(flatten)]
    pub input: Files,
    /// Print one JSON object per puzzle (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Print only the agreement matrix of Keen's difficulty (from file names like
    /// `6x6-h-02.kenken`) against the grade (KenKen only; other files are left out).
    #[arg(long, conflicts_with = "json")]
    pub matrix: bool,
    /// Also explain each puzzle step by step (as `explain` does) and print its hardest
    /// technique and score beside the level (`-` when the path does not solve it). Slow on
    /// large puzzles: a 16x16 Sudoku takes minutes.
    #[arg(long, conflicts_with = "matrix")]
    pub technique: bool,
    /// Time limit in seconds per puzzle for `--technique`'s path: the hardest technique of
    /// the steps found so far is printed with `(timeout)` (exit 3).
    #[arg(
        long,
        value_name = "SECS",
        allow_negative_numbers = true,
        requires = "technique"
    )]
    pub timeout: Option<f64>,
}

/// The hardest technique of a puzzle's path, and what stopped the path early, if anything.
type Hardest = (Option<Technique>, Option<StopReason>);

/// One row of the text table.
struct Row {
    file: String,
    size: String,
    /// Tatham's level (`-` for kinds without one).
    difficulty: String,
    level: String,
    /// With `--technique`: the hardest technique and its score (`-` for none).
    technique: Option<[String; 2]>,
    cnf_up: &'static str,
    fixed: Vec<String>,
}

pub(super) fn grade_files(
    args: &GradeArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let limits = match args
        .input
        .check()
        .and_then(|()| Limits::new(interrupt, args.timeout))
    {
        Ok(limits) => limits,
        Err(error) => return fail(err, &error),
    };
    let mut status = EXIT_OK;
    let mut tables: Vec<(Scale, Vec<Row>)> =
        Scale::ALL.into_iter().map(|s| (s, Vec::new())).collect();
    let mut matrix = Matrix::default();
    let mut outside = 0usize;
    let inputs = super::inputs::Inputs::open(&args.input.files, false);
    let progress = match inputs.known_len() {
        Some(n) => super::progress::Progress::items(n, "puzzles"),
        None => super::progress::Progress::counter("puzzles"),
    };
    let mut broken = None;
    // Grading runs on `--jobs` threads, a collection read as its lines are graded; the
    // table is built in input order (`--json` lines are written as they are done).
    super::batch::in_order_stream(
        inputs.into_iter(),
        super::batch::jobs(args.input.jobs),
        || (),
        |(), _, input| {
            // After Ctrl-C or SIGTERM no further puzzle starts.
            if limits.interrupted() {
                return None;
            }
            let name = input.name();
            let graded = input
                .load(false)
                .map_err(anyhow::Error::from)
                .and_then(|p| match p.grade() {
                    Ok(g) => Ok((p, g)),
                    Err(e) => Err(anyhow::Error::new(e).context(name.clone())),
                })
                .and_then(|(p, g)| {
                    let hardest = if args.technique {
                        let stop = limits.for_puzzle();
                        Some(hardest(&p, stop).map_err(|e| e.context(name.clone()))?)
                    } else {
                        None
                    };
                    Ok((p, g, hardest))
                });
            Some(((input.file.clone(), input.line), name, graded))
        },
        |_, done| {
            let Some(((file, line_no), name, graded)) = done else {
                status = super::worse(status, super::EXIT_INTERRUPTED);
                return ControlFlow::Break(());
            };
            progress.inc();
            let (puzzle, g, hardest) = match graded {
                Ok(pg) => pg,
                Err(error) => {
                    if args.json {
                        let mut record = Vec::new();
                        super::error_record(&mut record, &file, &error);
                        if let Some(at) = line_no {
                            record = super::records::with_line(&record, true, at);
                        }
                        let _ = out.write_all(&record);
                    }
                    status = status.max(fail(err, &error));
                    return ControlFlow::Continue(());
                }
            };
            if g.level.is_none() {
                status = status.max(EXIT_UNSAT);
            }
            if let Some((_, Some(why))) = hardest {
                status = super::worse(status, stopped_status(why));
            }
            if args.matrix {
                match KeenDifficulty::from_file_name(&name) {
                    Some(keen) if g.scale == Scale::Cages => matrix.add(keen, &g),
                    _ => outside += 1,
                }
            } else if args.json {
                let file = &file;
                let mut record = grade_record(file, &puzzle, &g);
                if let Some((h, stopped)) = hardest {
                    record.technique = Some(h.map(Technique::name));
                    record.score = Some(h.map(|t| f64::from(t.score()) / 10.0));
                    record.stopped = stopped.map(StopReason::name);
                }
                let mut line = Vec::new();
                let _ = super::records::write_line(&mut line, &record);
                if let Some(at) = line_no {
                    line = super::records::with_line(&line, true, at);
                }
                if let Err(e) = out.write_all(&line).and_then(|()| out.flush()) {
                    broken = Some(e);
                    return ControlFlow::Break(());
                }
            } else {
                if let Some((_, rows)) = tables.iter_mut().find(|(s, _)| *s == g.scale) {
                    let mut row = row(name, &puzzle, &g);
                    row.technique = hardest.map(|h| match h {
                        (Some(t), None) => [t.name(), t.score_text()],
                        (Some(t), Some(why)) => {
                            [format!("{} ({})", t.name(), why.name()), t.score_text()]
                        }
                        (None, Some(why)) => [format!("({})", why.name()), "-".to_string()],
                        (None, None) => ["-".to_string(), "-".to_string()],
                    });
                    rows.push(row);
                }
            }
            ControlFlow::Continue(())
        },
    );
    drop(progress);
    if let Some(e) = broken {
        return status.max(super::write_failed(err, e));
    }
    let written = if args.matrix {
        if outside > 0 {
            let _ = writeln!(
                err,
                "cagesat: {outside} file(s) not named NxN-D-II (D in e n h x u), left out of the matrix"
            );
        }
        write!(out, "{}", matrix.to_text())
    } else if args.json {
        Ok(())
    } else {
        write_tables(out, &tables)
    };
    if let Err(e) = written {
        return status.max(super::write_failed(err, e));
    }
    status
}

fn level_name(g: &Grade) -> String {
    g.level_name().unwrap_or("unsat").to_string()
}

/// The hardest technique of the puzzle's step-by-step path (`explain`), `None` when the path
/// does not solve it; when `stop` ends the path early, the hardest of the steps found so far
/// and why it stopped.
///
/// # Errors
/// The explanation failed.
fn hardest(puzzle: &Puzzle, stop: Stop) -> anyhow::Result<Hardest> {
    let opts = ExplainOptions {
        stop,
        ..ExplainOptions::default()
    };
    let ex = explain(puzzle, None, &opts)?;
    Ok(match ex.end {
        End::Solved(_) => (ex.hardest(), None),
        End::Stopped => (ex.hardest(), opts.stop.reason()),
        _ => (None, None),
    })
}

fn row(file: String, puzzle: &Puzzle, g: &Grade) -> Row {
    Row {
        file,
        size: puzzle.size_label(),
        difficulty: g
            .difficulty
            .as_ref()
            .map_or("-", |d| d.level.name())
            .to_string(),
        level: level_name(g),
        technique: None,
        cnf_up: if g.cnf_up.solves() { "yes" } else { "no" },
        fixed: fixed_counts(&g.roots, g.cells),
    }
}

/// The table of each scale that has rows, in [`Scale::ALL`] order (cages, runs, houses), a
/// blank line between two; the cage table alone (its header) when there are no rows at all.
fn write_tables(out: &mut impl Write, tables: &[(Scale, Vec<Row>)]) -> std::io::Result<()> {
    let none = tables.iter().all(|(_, rows)| rows.is_empty());
    let mut first = true;
    for (i, (scale, rows)) in tables.iter().enumerate() {
        if rows.is_empty() && !(none && i == 0) {
            continue;
        }
        if !first {
            writeln!(out)?;
        }
        first = false;
        let levels = scale.propagation().iter().map(|&l| scale.name(l)).collect();
        write_table(out, levels, rows)?;
    }
    Ok(())
}

fn fixed_counts<L>(roots: &[(L, Root)], cells: usize) -> Vec<String> {
    roots
        .iter()
        .map(|(_, r)| format!("{}/{cells}", r.fixed(cells)))
        .collect()
}

fn write_table(out: &mut impl Write, levels: Vec<&str>, rows: &[Row]) -> std::io::Result<()> {
    let techniques = rows.iter().any(|r| r.technique.is_some());
    // Tatham's level, where the table has a kind of his (KenKen, Sudoku, Killer).
    let difficulty = rows.iter().any(|r| r.difficulty != "-");
    let mut header = vec!["file", "size"];
    if difficulty {
        header.push("difficulty");
    }
    header.push("level");
    if techniques {
        header.extend(["technique", "score"]);
    }
    header.push("cnf-up");
    header.extend(levels);
    let cells = |r: &Row| -> Vec<String> {
        let mut v = vec![r.file.clone(), r.size.clone()];
        if difficulty {
            v.push(r.difficulty.clone());
        }
        v.push(r.level.clone());
        if techniques {
            v.extend(r.technique.clone().unwrap_or_default());
        }
        v.push(r.cnf_up.to_string());
        v.extend(r.fixed.iter().cloned());
        v
    };
    let table: Vec<Vec<String>> = rows.iter().map(cells).collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |fields: &[&str]| -> String {
        let mut s = String::new();
        for (i, (f, w)) in fields.iter().zip(&widths).enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            if i == 0 {
                s.push_str(&format!("{f:<w$}"));
            } else {
                s.push_str(&format!("{f:>w$}"));
            }
        }
        s.trim_end().to_string()
    };
    writeln!(out, "{}", line(&header))?;
    for r in &table {
        let fields: Vec<&str> = r.iter().map(String::as_str).collect();
        writeln!(out, "{}", line(&fields))?;
    }
    Ok(())
}

/// A grade's JSON record: `level` and the keys of `fixed` are the scale's level names, and
/// `box_box_needed` (a deduction of the cage scale) is null on the other scales.
fn grade_record<'a>(name: &'a str, puzzle: &Puzzle, g: &Grade) -> GradeRecord<'a> {
    GradeRecord {
        box_box_needed: (g.scale == Scale::Cages).then(|| g.needs_box_pairs()),
        cells: g.cells,
        difficulty: g.difficulty.as_ref().map(|d| d.level.name()),
        difficulty_rule: g.difficulty.as_ref().map(|d| d.rule.clone()),
        difficulty_score: g.difficulty.as_ref().map(|d| f64::from(d.score) / 10.0),
        cnf_up_fixed: g.cnf_up.fixed(g.cells),
        cnf_up_solves: g.cnf_up.solves(),
        file: name,
        fixed: g
            .roots
            .iter()
            .map(|(l, r)| (g.scale.name(*l), r.fixed(g.cells)))
            .collect(),
        kind: puzzle.kind(),
        level: level_name(g),
        score: None,
        size: puzzle.size_label(),
        stopped: None,
        technique: None,
    }
}
