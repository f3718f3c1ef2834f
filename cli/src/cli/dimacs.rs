//! `encode` and `decode`: the CNF leaves the process and comes back.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

use super::cnf_header::{
    check_header, highest_variable, options_for_vars, read_cnf_header, CnfHeader,
};
use super::{display_name, fail, load, read_text, FormulaArgs, EXIT_OK, EXIT_UNSAT};
use cagesat::{
    dimacs::{
        decode_blocked_answer, parse_blocked_solution, write_dimacs, write_dimacs_projected,
        DecodeAnswerError,
    },
    encode::Encoding,
    engine::{EngineStats, SatStats},
    Grid, Outcome, ParseError,
};

/// `encode` options.
#[derive(Debug, Args)]
pub(crate) struct EncodeArgs {
    /// Puzzle file (`-` reads standard input).
    pub file: PathBuf,
    /// Formula options.
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Write the CNF (or the `--stats` table) here instead of standard output (`-`: standard
    /// output).
    #[arg(short, long, value_name = "OUT.cnf")]
    pub output: Option<PathBuf>,
    /// Add a blocking clause that excludes the solution in this file (repeatable), so an
    /// external solver answers "is there another solution?".
    #[arg(long = "block", value_name = "FILE.solution")]
    pub block: Vec<PathBuf>,
    /// Print the size of every clause family as a table instead of the CNF.
    #[arg(long)]
    pub stats: bool,
    /// Output format: DIMACS CNF, or an SMT-LIB 2 script (`--format smtlib`).
    #[arg(long, value_enum, default_value_t = super::smt::FormatArg::Dimacs)]
    pub format: super::smt::FormatArg,
    /// SMT-LIB options.
    #[command(flatten)]
    pub smt: super::smt::SmtArgs,
    /// Add the model-counting competition's projection line (`c p show <x variables> 0`),
    /// so a projected model counter counts grids.
    #[arg(long)]
    pub projection: bool,
}

/// `decode` options.
#[derive(Debug, Args)]
pub(crate) struct DecodeArgs {
    /// Puzzle file the CNF was made from.
    pub file: PathBuf,
    /// The solver's answer (SAT-competition `s`/`v` lines or MiniSat's result file).
    pub model: PathBuf,
    /// Formula options (must match those given to `encode`).
    #[command(flatten)]
    pub formula: FormulaArgs,
    /// Print a JSON object instead of the drawn grid.
    #[arg(long)]
    pub json: bool,
    /// The answer's format: decided by content by default (z3/cvc5 print `sat` or `unsat`
    /// first, DIMACS solvers `s …` or `SAT`/`UNSAT`).
    #[arg(long, value_enum, default_value_t = super::smt::AnswerArg::Auto)]
    pub answer: super::smt::AnswerArg,
    /// The CNF the answer is to (`encode`'s output): the formula options are read from its
    /// header, and its `--block` count checked.
    #[arg(long, value_name = "FILE.cnf")]
    pub cnf: Option<PathBuf>,
    /// The answer is to `encode --block FILE.solution` (repeatable, the same files): the
    /// blocked grid is verified, then UNSAT means it is the only solution (`unique`) and a
    /// model is a second one.
    #[arg(long = "block", value_name = "FILE.solution")]
    pub block: Vec<PathBuf>,
}

/// `cagesat encode`.
pub(super) fn encode(args: &EncodeArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match encode_inner(args, out) {
        Ok(()) => EXIT_OK,
        Err(error) => fail(err, &error),
    }
}

fn encode_inner(args: &EncodeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    super::stdin_once(
        std::iter::once(args.file.as_path()).chain(args.block.iter().map(PathBuf::as_path)),
    )?;
    let name = display_name(&args.file);
    let puzzle = load(&args.file, args.formula.strict)?;
    if args.format == super::smt::FormatArg::Smtlib {
        return super::smt::encode_smtlib(args, &puzzle, out);
    }
    let opts = args.formula.encode_options();
    let enc = puzzle.encode(&opts).with_context(|| name.clone())?;
    let mut blocked = Vec::new();
    if !args.stats {
        for path in &args.block {
            blocked.push(blocked_solution(path, &enc)?);
        }
    }
    // The table (`--stats`) or the CNF, to `--output` or standard output.
    let write = |mut w: &mut dyn Write| -> std::io::Result<()> {
        if args.stats {
            write_stats(w, &enc)
        } else if args.projection {
            write_dimacs_projected(&mut w, &puzzle, &enc, &opts, &blocked)
        } else {
            write_dimacs(&mut w, &puzzle, &enc, &opts, &blocked)
        }
    };
    let written = match super::output_path(args.output.as_deref()) {
        Some(path) => File::create(path).and_then(|f| {
            let mut w = BufWriter::new(f);
            write(&mut w)?;
            w.flush()
        }),
        None => write(out),
    };
    written.with_context(|| {
        let target = args
            .output
            .as_deref()
            .map_or("output".into(), |p| p.display().to_string());
        format!("cagesat: cannot write {target}")
    })
}

fn write_stats(out: &mut dyn Write, enc: &Encoding) -> std::io::Result<()> {
    writeln!(out, "| family | vars | clauses |\n|---|---:|---:|")?;
    writeln!(out, "| `x` | {} | 0 |", enc.map.var_count())?;
    for f in &enc.families {
        writeln!(
            out,
            "| `{}` | {} | {} |",
            f.name, f.stats.vars, f.stats.clauses
        )?;
    }
    let t = enc.stats();
    writeln!(out, "| total | {} | {} |", t.vars, t.clauses)
}

/// The solution written in `path`, checked against the encoding's shape and digits.
fn blocked_solution(path: &Path, enc: &Encoding) -> anyhow::Result<Grid<u8>> {
    let text = read_text(path)?;
    Ok(parse_blocked_solution(enc, &text).map_err(|e: ParseError| e.with_path(Some(path)))?)
}

/// `cagesat decode`.
pub(super) fn decode(args: &DecodeArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let inputs = [args.file.as_path(), args.model.as_path()]
        .into_iter()
        .chain(args.cnf.as_deref())
        .chain(args.block.iter().map(PathBuf::as_path));
    if let Err(error) = super::stdin_once(inputs) {
        return fail(err, &error);
    }
    let name = display_name(&args.file);
    let run = || decode_inner(args, &name);
    match run() {
        Ok((puzzle, outcome, stats)) => {
            let written = if args.json {
                let record = super::solve::solve_record(&name, &puzzle, &outcome, &stats);
                super::records::write_line(out, &record)
            } else {
                super::solve::write_solve_text(out, None, &puzzle, &outcome)
            };
            if let Err(e) = written {
                return super::write_failed(err, e);
            }
            match outcome {
                Outcome::Solved { .. } => EXIT_OK,
                _ => EXIT_UNSAT,
            }
        }
        Err(error) => {
            if args.json {
                super::error_record(out, &name, &error);
            }
            fail(err, &error)
        }
    }
}

/// Reads and verifies the answer of `decode`: the puzzle, the outcome and the effort.
fn decode_inner(
    args: &DecodeArgs,
    name: &str,
) -> anyhow::Result<(cagesat::Puzzle, Outcome, EngineStats)> {
    let puzzle = load(&args.file, args.formula.strict)?;
    let model_name = display_name(&args.model);
    let text = read_text(&args.model)?;
    let header = match &args.cnf {
        Some(cnf) => {
            let header = read_cnf_header(cnf)?;
            check_header(cnf, &header, &puzzle, &args.formula.encode_options())?;
            Some(header)
        }
        None => None,
    };
    if super::smt::is_smt(args.answer, &text) {
        if !args.block.is_empty() || args.cnf.is_some() {
            bail!("cagesat: --block and --cnf read answers to a DIMACS CNF, not an SMT-LIB script");
        }
        let (outcome, stats) =
            super::smt::decode_smt(&puzzle, &text).with_context(|| model_name.clone())?;
        return Ok((puzzle, outcome, stats));
    }
    let opts = header
        .as_ref()
        .map_or_else(|| args.formula.encode_options(), |h| h.options);
    let enc = puzzle.encode(&opts).with_context(|| name.to_string())?;
    let mut blocked = Vec::new();
    for path in &args.block {
        blocked.push(blocked_solution(path, &enc)?);
    }
    let outcome = decode_blocked_answer(&puzzle, &enc, &blocked, &text).map_err(|e| {
        answer_error(
            e,
            args,
            &model_name,
            header.is_none(),
            (&puzzle, &enc, &text),
        )
    })?;
    if let Some(h) = &header {
        check_blocked_count(args, h, &outcome)?;
    }
    let stats = SatStats {
        cnf: enc.stats(),
        ..SatStats::default()
    };
    Ok((puzzle, outcome, EngineStats::Sat(stats)))
}

/// The error of a decode: a blocked grid that is no solution is blamed on its file; an
/// answer to a formula of another size (without `--cnf`) names the options that give that
/// size.
fn answer_error(
    error: DecodeAnswerError,
    args: &DecodeArgs,
    model_name: &str,
    hint: bool,
    (puzzle, enc, text): (&cagesat::Puzzle, &Encoding, &str),
) -> anyhow::Error {
    if let DecodeAnswerError::BlockedNotSolution { number, source } = error {
        let path = &args.block[number - 1];
        return anyhow::Error::new(source).context(format!(
            "{}: the blocked grid is not a solution of the puzzle",
            display_name(path)
        ));
    }
    // Only a model that is not of this formula's size can be of other options: one with a
    // literal beyond its variables, or one that stops short of them.
    let short = matches!(error, DecodeAnswerError::ShortModel { .. });
    let error = anyhow::Error::new(error).context(model_name.to_string());
    let vars = enc.stats().vars;
    let found = highest_variable(text);
    if !hint || !(short || found > vars) {
        return error;
    }
    let named = match options_for_vars(puzzle, enc.stats().clauses, found) {
        Some(list) if !list.is_empty() => format!(
            "; encode writes a formula of {found} variables for this puzzle with {}: pass those options to decode, or --cnf FILE.cnf to read them from the CNF's header",
            list.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(" or ")
        ),
        Some(_) => format!(
            "; no options of encode give a formula of {found} variables for this puzzle (is it the answer to another puzzle's CNF?)"
        ),
        None => "; pass the formula options given to encode, or --cnf FILE.cnf to read them from the CNF's header".to_string(),
    };
    anyhow::anyhow!("{error:#}{named}")
}

/// With `--cnf`: the `--block` files must be the CNF's blocked solutions (an UNSAT answer
/// to a CNF that blocks solutions means "no other", never "no solution").
fn check_blocked_count(
    args: &DecodeArgs,
    header: &CnfHeader,
    outcome: &Outcome,
) -> anyhow::Result<()> {
    let cnf = args.cnf.as_deref().map(display_name).unwrap_or_default();
    let given = args.block.len();
    match (header.blocked, given) {
        (0, 0) => Ok(()),
        (0, _) => bail!("{cnf}: the CNF blocks no solution (no 'c block' line): --block reads answers to `encode --block`"),
        (n, 0) if matches!(outcome, Outcome::Unsat) => bail!(
            "{cnf}: the CNF blocks {n} solution(s) ('c block' line), so UNSAT means there is none but those: pass them with --block FILE.solution"
        ),
        (_, 0) => Ok(()),
        (n, m) if n != m => bail!("{cnf}: the CNF blocks {n} solution(s), --block gives {m}"),
        _ => Ok(()),
    }
}
