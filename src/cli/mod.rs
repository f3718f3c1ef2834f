//! # Command-line interface
//!
//! `cagesat solve|count|compare|encode|decode|generate|survey|grade`, over the library's
//! public API only. [`run`] writes results to `out` and one-line diagnostics to `err` (an
//! error and its causes, `context: cause`), and returns the process exit status: 0 solved,
//! 1 no solution (not an error), 2 bad input or failure.

mod compare;
mod dimacs;
mod gen_crossproduct;
mod generate;
mod grade;
mod smt;
mod solve;
mod survey;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::bail;
use clap::{Args, Parser, Subcommand, ValueEnum};

use cagesat::{
    read_puzzle, AmoEncoding, CageLines, ConstraintEncoding, EncodeOptions, Engine, EngineOptions,
    ParseError, Puzzle,
};

/// Exit status: solved.
pub(crate) const EXIT_OK: u8 = 0;
/// Exit status: no solution.
pub(crate) const EXIT_UNSAT: u8 = 1;
/// Exit status: bad input or failure.
pub(crate) const EXIT_ERROR: u8 = 2;

/// Compile grid arithmetic puzzles into SAT and solve them.
#[derive(Debug, Parser)]
#[command(name = "cagesat", version, about)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Solve puzzles and print verified solutions.
    Solve(solve::SolveArgs),
    /// Run every engine on each puzzle (with the uniqueness check) and tabulate.
    Compare(compare::CompareArgs),
    /// Count solutions with blocking clauses.
    Count(solve::CountArgs),
    /// Write a puzzle's CNF as DIMACS (or, with `--format smtlib`, an SMT-LIB 2 script).
    Encode(dimacs::EncodeArgs),
    /// Read an external solver's answer (DIMACS, or z3/cvc5 for the SMT-LIB script) and print
    /// the verified grid.
    Decode(dimacs::DecodeArgs),
    /// Generate new puzzles.
    Generate(generate::GenerateArgs),
    /// Estimate how often random puzzles have a unique solution.
    Survey(survey::SurveyArgs),
    /// Classify KenKens by the weakest propagation level that solves them without search.
    Grade(grade::GradeArgs),
}

/// Options that change the formula (they must match between `encode` and `decode`).
#[derive(Debug, Args)]
pub(crate) struct FormulaArgs {
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
    /// At-most-one encoding for cells, rows and columns.
    #[arg(long, value_enum, default_value_t = AmoArg::Auto)]
    pub amo: AmoArg,
    /// KenKen cage–line ("pointing") clauses: `auto` writes them for sizes 10 and up.
    #[arg(long, value_enum, default_value_t = CageLinesArg::Auto)]
    pub cage_lines: CageLinesArg,
    /// Encoding of arithmetic constraints: KenKen `+`/`*` cages, Kakuro runs and CrossProduct
    /// rows and columns (`auto` chooses per constraint).
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub encoding: EncodingArg,
    /// CrossProduct: skip the native line filter (arc consistency on each row and column
    /// before encoding).
    #[arg(long)]
    pub no_line_filter: bool,
}

impl FormulaArgs {
    fn encode_options(&self) -> EncodeOptions {
        EncodeOptions {
            amo: self.amo.into(),
            cage_lines: match self.cage_lines {
                CageLinesArg::Auto => CageLines::Auto,
                CageLinesArg::On => CageLines::On,
                CageLinesArg::Off => CageLines::Off,
            },
            constraint: self.encoding.into(),
            line_filter: !self.no_line_filter,
            ..EncodeOptions::default()
        }
    }

    fn engine_options(&self) -> EngineOptions {
        EngineOptions {
            encode: self.encode_options(),
            ..EngineOptions::default()
        }
    }
}

/// `--encoding` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EncodingArg {
    /// Per constraint: tables unless large (KenKen cages), the smaller of the two
    /// (CrossProduct lines, Kakuro runs).
    Auto,
    /// Always the allowed-tuple (table) encoding; for Kakuro runs, one selector per digit
    /// combination.
    Tuples,
    /// Always the layered automaton (MDD) encoding.
    Mdd,
}

impl From<EncodingArg> for ConstraintEncoding {
    fn from(a: EncodingArg) -> Self {
        match a {
            EncodingArg::Auto => ConstraintEncoding::Auto,
            EncodingArg::Tuples => ConstraintEncoding::Tuples,
            EncodingArg::Mdd => ConstraintEncoding::Mdd,
        }
    }
}

/// Which engine answers.
#[derive(Debug, Args)]
pub(crate) struct SolverArgs {
    /// Solving engine: the one-hot CNF with a SAT solver, or native propagation and search.
    #[arg(long, value_enum, default_value_t = EngineArg::Sat)]
    pub engine: EngineArg,
    /// External SAT solver command instead of the embedded varisat, e.g. `cadical` or
    /// `"minisat {in} {out}"` ({in}: CNF file, {out}: result file); `z3` and `cvc5` solve
    /// the SMT-LIB script instead of the CNF.
    #[arg(long, value_name = "CMD")]
    pub solver: Option<String>,
    /// Time limit per external solver call, in seconds.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
}

impl SolverArgs {
    /// The engine these options ask for.
    ///
    /// # Errors
    /// `--solver` with `--engine native`, or an invalid timeout.
    pub(crate) fn engine(&self) -> anyhow::Result<Engine> {
        let timeout = parse_timeout(self.timeout)?;
        match (&self.solver, self.engine) {
            (Some(_), EngineArg::Native) => {
                bail!("--solver runs a SAT solver; it cannot be combined with --engine native")
            }
            (Some(cmd), EngineArg::Sat) if smt::smt_solver(cmd).is_some() => Ok(Engine::Smt {
                solver: smt::smt_solver(cmd).expect("checked by the guard"),
                timeout,
            }),
            (Some(cmd), EngineArg::Sat) => Ok(Engine::External {
                command: cmd.clone(),
                timeout,
            }),
            (None, EngineArg::Sat) => Ok(Engine::Varisat),
            (None, EngineArg::Native) => Ok(Engine::Native),
        }
    }
}

/// Checks a `--timeout` value.
fn parse_timeout(t: Option<f64>) -> anyhow::Result<Option<Duration>> {
    match t {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            bail!("--timeout must be a positive number of seconds, not {t}")
        }
        t => Ok(t.map(Duration::from_secs_f64)),
    }
}

/// `--engine` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum EngineArg {
    /// Constraint propagation and search.
    Native,
    /// One-hot CNF and a SAT solver (embedded varisat, or `--solver`).
    Sat,
}

/// `--cage-lines` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CageLinesArg {
    /// For sizes 10 and up.
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
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

/// Runs a parsed command line; returns the exit status.
pub(crate) fn run(cli: &Cli, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match &cli.command {
        Command::Solve(args) => solve::solve_files(args, out, err),
        Command::Count(args) => solve::count_files(args, out, err),
        Command::Compare(args) => compare::compare_files(args, out, err),
        Command::Encode(args) => dimacs::encode(args, out, err),
        Command::Decode(args) => dimacs::decode(args, out, err),
        Command::Generate(args) => generate::generate(args, out, err),
        Command::Survey(args) => survey::survey(args, out, err),
        Command::Grade(args) => grade::grade_files(args, out, err),
    }
}

/// The display name of an input path (`<stdin>` for `-`).
#[must_use]
pub(crate) fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

pub(crate) use cagesat::read_text;

/// Reads and parses one puzzle file (`-` = stdin).
///
/// # Errors
/// Unreadable files and parse errors, positioned.
pub(crate) fn load(path: &Path, strict: bool) -> Result<Puzzle, ParseError> {
    read_puzzle(path, strict)
}

/// Writes a failure line to `err` and returns [`EXIT_ERROR`].
/// Writes an error and its causes on one line (`context: cause: …`) to `err` and returns
/// [`EXIT_ERROR`].
fn fail(err: &mut impl Write, error: &anyhow::Error) -> u8 {
    let _ = writeln!(err, "{error:#}");
    EXIT_ERROR
}

/// A list of input files for the commands that take several.
#[derive(Debug, Args)]
pub(crate) struct Files {
    /// Puzzle files (`-` reads standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}
