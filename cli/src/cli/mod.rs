//! # Command-line interface
//!
//! `cagesat solve|count|compare|encode|decode|generate|survey|grade|render|convert|candidates|hint|explain|repair|
//! check-proof|completions|man`, over the library's
//! public API only. [`run`] writes results to `out` and one-line diagnostics to `err` (an
//! error and its causes, `context: cause`), and returns the process exit status: 0 solved,
//! 1 no solution (not an error), 2 bad input or failure.

mod batch;
mod candidates;
mod cnf_header;
mod compare;
mod completions;
mod convert;
mod dimacs;
mod explain;
mod gen_args;
mod gen_crossproduct;
mod gen_kakuro;
mod gen_out;
mod gen_sudoku;
mod gen_tatham;
mod generate;
mod grade;
mod inputs;
mod keen_arg;
mod progress;
mod proof;
mod records;
mod render;
mod repair;
mod smt;
mod solve;
mod survey;
mod svg_out;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::{Args, Parser, Subcommand, ValueEnum};

use cagesat::{
    encode::{AmoEncoding, CageLines, ConstraintEncoding, DerivedSums, EncodeError, EncodeOptions},
    engine::{EngineError, StopReason},
    Engine, EngineOptions, ParseError, Puzzle, Stop,
};

/// Exit status: solved.
pub(crate) const EXIT_OK: u8 = 0;
/// Exit status: no solution.
pub(crate) const EXIT_UNSAT: u8 = 1;
/// Exit status: bad input or failure.
pub(crate) const EXIT_ERROR: u8 = 2;
/// Exit status: a time limit ended a run before its answer was complete.
pub(crate) const EXIT_STOPPED: u8 = 3;
/// Exit status: Ctrl-C or SIGTERM ended the run (128 + SIGINT, as shells report it).
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// Limits and exit statuses, shown after `cagesat --help` (`docs/limits.md`
/// says the same at length; `cli/tests/it/limits_documented.rs` checks both against the code).
const LIMITS_HELP: &str = "\
Limits:
  KenKen sides 1..=26; Keen game IDs 3..=9; CrossProduct tables up to 64x64 with products
  below 2^64; Kakuro grids up to 255x255 with runs of 1..=9 squares; generate kakuro
  3..=64 rows and columns; generate towers and unequal sides 3..=9, generate sudoku
  --jigsaw sides 4..=9.
  Cage encodings: 200000 allowed tuples (--encoding tuples), 100000 automaton nodes;
  beyond them the error names the cage and --engine native solves the puzzle.
  --timeout SECS bounds every engine per puzzle (explain, hint and grade --technique: the
  path); count --limit K stops after K solutions.

Exit status:
  0 solved, 1 no solution, 2 bad input or failure, 3 a --timeout ended a puzzle early
  (what was found is printed), 130 Ctrl-C or SIGTERM (every command stops within a second
  and prints what it found, marked interrupted). A reader that closes the output early
  (| head) ends the run quietly, with the status of what was written before.";

/// The one-line description of `cagesat --help`, naming every kind of the library's list.
fn about() -> String {
    format!(
        "Compile grid number puzzles ({}, with the X variants) into SAT and solve them",
        cagesat::puzzle::kinds_in_prose()
    )
}

/// The kinds `grade` classifies, from the library's list (CrossProduct has no grader).
fn grade_about() -> String {
    let kinds: Vec<&str> = cagesat::puzzle::KINDS
        .iter()
        .filter(|k| k.name != "crossproduct")
        .map(|k| k.title)
        .collect();
    format!(
        "Classify puzzles ({}) by the weakest propagation level that solves them without search",
        kinds.join(", ")
    )
}

/// What `count` counts with, from the library's list of engines.
fn count_about() -> String {
    let engines = Engine::builtin();
    let names: Vec<&str> = engines.iter().map(Engine::name).collect();
    format!(
        "Count solutions with any engine ({}, or an external --solver); `--limit K` stops after K",
        names.join(", ")
    )
}

/// Compile grid number puzzles into SAT and solve them.
#[derive(Debug, Parser)]
#[command(name = "cagesat", version, about = about(), after_help = LIMITS_HELP)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Draw no progress on standard error (progress is drawn only when it is a terminal).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Show progress on standard error even when it is not a terminal (a script, a
    /// notebook, a log): there, a plain line every 2 seconds (`count`: solutions so far and
    /// their rate; several files: puzzles done); not with --quiet.
    #[arg(long, global = true, conflicts_with = "quiet")]
    pub progress: bool,
    /// Read every input as this kind (`kenken`, `killer`, `sudoku`, `kakuro`,
    /// `crossproduct`, `keen`, `solo`, `url`, `killer-short`, `fpuzzles`, `sudokupad`, `iss`, `towers`, `unequal`) instead of recognising it
    /// by its extension or its text; a first line `kind NAME` in a file does the same.
    #[arg(long = "kind", id = "input_kind", global = true, value_name = "KIND")]
    pub input_kind: Option<String>,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Solve puzzles and print verified solutions.
    Solve(solve::SolveArgs),
    /// Run every engine on each puzzle (with the uniqueness check) and tabulate.
    Compare(compare::CompareArgs),
    /// Count solutions.
    #[command(about = count_about())]
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
    /// Classify puzzles by the weakest propagation level that solves them without search.
    #[command(about = grade_about())]
    Grade(grade::GradeArgs),
    /// Check an LRAT certificate (from `solve --proof`) against its CNF with the
    /// independent checker: exit 0 `verified`, exit 1 naming the first failing step.
    CheckProof(proof::CheckProofArgs),
    /// Draw a puzzle (optionally with a solution) as an SVG picture.
    Render(render::RenderArgs),
    /// The next deduction from a puzzle (or a person's progress, --state), with its reason:
    /// a smallest set of the puzzle's constraints that forces it.
    Hint(explain::ExplainArgs),
    /// Every deduction until the puzzle is solved, each with its reason (exit 1: no
    /// solution; a puzzle with several solutions ends where nothing is forced).
    Explain(explain::ExplainArgs),
    /// Write a puzzle in another form: its kind's text format, a puzz.link URL (Kakuro), or a
    /// game ID of Simon Tatham's (Keen, Solo, Towers, Unequal).
    Convert(convert::ConvertArgs),
    /// The true candidates of every cell: the digits it takes in at least one solution
    /// (for a partly filled grid with --state, naming its wrong entries).
    Candidates(candidates::CandidatesArgs),
    /// The fewest givens that make a puzzle with several solutions unique, and the
    /// repaired puzzle, proven unique.
    Repair(repair::RepairArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff; `cagesat man | man -l -`).
    Man(completions::ManArgs),
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
    /// Killer Sudoku: the sums derived over several houses (innies and outies) as clauses
    /// (`auto`: on 9×9, sums of up to 3 cells, where they pay; `on`: up to 9 cells).
    #[arg(long, value_enum, default_value_t = DerivedSumsArg::Auto)]
    pub derived_sums: DerivedSumsArg,
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
        let mut opts = EncodeOptions::default().with_constraint(self.encoding.into());
        opts.amo = self.amo.into();
        opts.kenken.cage_lines = self.cage_lines.into();
        opts.sudoku.derived_sums = self.derived_sums.into();
        opts.crossproduct.line_filter = !self.no_line_filter;
        opts
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
pub(crate) enum EncodingArg {
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
    /// Embedded SAT solver for `--engine sat` [default: auto: chosen per puzzle by a
    /// measured rule: Sudoku and Killer Sudoku on the native engine's dedicated search,
    /// handing over to varisat after 30,000 backtracks; the dpll walk first (KenKen up to 9×9, Kakuro, CrossProduct), handing over to CDCL when
    /// it meets 1,000 conflicts (one per 1,000 clauses on larger CNFs); KenKen from 10×10 on
    /// CDCL: cadical from side 17, varisat below].
    #[arg(long, value_enum)]
    pub backend: Option<BackendArg>,
    /// External SAT solver command instead of an embedded one, e.g. `cadical` or
    /// `"minisat {in} {out}"` ({in}: CNF file, {out}: result file); `z3` and `cvc5` solve
    /// the SMT-LIB script instead of the CNF.
    #[arg(long, value_name = "CMD")]
    pub solver: Option<String>,
    /// Time limit per puzzle, in seconds, for every engine; a puzzle that runs out reports
    /// status `timeout` (exit 3) with what was found so far.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
}

impl SolverArgs {
    /// The engine these options ask for.
    ///
    /// # Errors
    /// `--solver` or `--backend` with `--engine native`, `--backend` with `--solver`, or an
    /// invalid timeout.
    pub(crate) fn engine(&self) -> anyhow::Result<Engine> {
        let _ = parse_timeout(self.timeout)?;
        match (&self.solver, self.engine) {
            (Some(_), EngineArg::Native) => {
                bail!("cagesat: --solver runs a SAT solver; it cannot be combined with --engine native")
            }
            (None, EngineArg::Native) if self.backend.is_some() => {
                bail!("cagesat: --backend chooses a SAT solver; it cannot be combined with --engine native")
            }
            (Some(_), EngineArg::Sat) if self.backend.is_some() => {
                bail!(
                    "cagesat: --backend chooses an embedded SAT solver; it cannot be combined with --solver"
                )
            }
            (Some(cmd), EngineArg::Sat) if smt::smt_solver(cmd).is_some() => Ok(Engine::Smt {
                solver: smt::smt_solver(cmd).expect("checked by the guard"),
                timeout: None,
            }),
            (Some(cmd), EngineArg::Sat) => Ok(Engine::External {
                command: cmd.clone(),
                timeout: None,
            }),
            (None, EngineArg::Sat) => Ok(self.backend.unwrap_or(BackendArg::Auto).into()),
            (None, EngineArg::Native) => Ok(Engine::Native),
        }
    }
}

/// Parses a count that must be 1 or more (`--limit`, `--repeat`, `--samples`): 0 would
/// run nothing and report it as a result.
///
/// # Errors
/// Text that is not a whole number, and 0.
pub(crate) fn at_least_one<T>(s: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
    T::Err: std::fmt::Display,
{
    if is_negative::<T>(s) {
        return Err("must be at least 1".into());
    }
    let v: T = s.trim().parse().map_err(|e| format!("{e}"))?;
    if v < T::from(1) {
        return Err("must be at least 1".into());
    }
    Ok(v)
}

/// Parses a whole number that may be 0 (sizes, seeds, counts whose range the generators
/// check themselves): a negative number is named as such, not as a bad digit.
///
/// # Errors
/// Text that is not a whole number, and negative numbers.
pub(crate) fn not_negative<T>(s: &str) -> Result<T, String>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    if is_negative::<T>(s) {
        return Err("must not be negative".into());
    }
    s.trim().parse().map_err(|e| format!("{e}"))
}

/// True when `s` is `-` followed by a number of type `T` (`-1`, `-0` aside: that is 0).
fn is_negative<T: std::str::FromStr>(s: &str) -> bool {
    s.trim()
        .strip_prefix('-')
        .is_some_and(|n| n.parse::<T>().is_ok() && !n.trim_start_matches('0').is_empty())
}

/// Checks a `--timeout` value.
fn parse_timeout(t: Option<f64>) -> anyhow::Result<Option<Duration>> {
    let Some(t) = t else { return Ok(None) };
    if !(t.is_finite() && t > 0.0) {
        bail!("cagesat: --timeout must be a positive number of seconds, not {t}");
    }
    // Beyond what a `Duration` holds (about 585 billion years) is no limit at all.
    Ok(Duration::try_from_secs_f64(t).ok())
}

/// What ends a puzzle's run early: the process-wide interrupt (Ctrl-C, SIGTERM) and the
/// per-puzzle `--timeout`.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    interrupt: Stop,
    timeout: Option<Duration>,
}

impl Limits {
    /// `--timeout` checked, sharing `interrupt`.
    fn new(interrupt: &Stop, timeout: Option<f64>) -> anyhow::Result<Self> {
        Ok(Limits {
            interrupt: interrupt.clone(),
            timeout: parse_timeout(timeout)?,
        })
    }

    /// A stop for one puzzle's run: interrupted with the process, due after the timeout.
    fn for_puzzle(&self) -> Stop {
        let due = self.timeout.and_then(|t| Instant::now().checked_add(t));
        match due {
            Some(deadline) => self.interrupt.clone().with_deadline(deadline),
            None => self.interrupt.clone(),
        }
    }

    /// True once the process was asked to stop: no further puzzle should start.
    fn interrupted(&self) -> bool {
        self.interrupt.is_requested()
    }
}

/// The worse of two exit statuses, for commands over several puzzles: solved < no
/// solution < stopped by the time limit < failed < interrupted.
pub(crate) fn worse(a: u8, b: u8) -> u8 {
    let rank = |s: u8| match s {
        EXIT_OK => 0,
        EXIT_UNSAT => 1,
        EXIT_STOPPED => 2,
        EXIT_ERROR => 3,
        _ => 4,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// The exit status of a run that `reason` stopped.
fn stopped_status(reason: StopReason) -> u8 {
    match reason {
        StopReason::Timeout => EXIT_STOPPED,
        StopReason::Interrupted => EXIT_INTERRUPTED,
        _ => EXIT_STOPPED,
    }
}

/// `--engine` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum EngineArg {
    /// Constraint propagation and search.
    Native,
    /// One-hot CNF and a SAT solver (embedded: `--backend`; external: `--solver`).
    Sat,
}

/// `--backend` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum BackendArg {
    /// Per puzzle, by the measured rule (see the backends table in docs/commands.md).
    Auto,
    /// varisat (pure Rust).
    Varisat,
    /// CaDiCaL (C++, built in unless the crate was built without the `cadical` feature).
    Cadical,
    /// cagesat's own DPLL enumerator: no solver calls per solution, for counting.
    Dpll,
}

impl From<BackendArg> for Engine {
    fn from(a: BackendArg) -> Self {
        match a {
            BackendArg::Auto => Engine::Auto,
            BackendArg::Varisat => Engine::Varisat,
            BackendArg::Cadical => Engine::Cadical,
            BackendArg::Dpll => Engine::Dpll,
        }
    }
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

impl From<CageLinesArg> for CageLines {
    fn from(a: CageLinesArg) -> Self {
        match a {
            CageLinesArg::Auto => CageLines::Auto,
            CageLinesArg::On => CageLines::On,
            CageLinesArg::Off => CageLines::Off,
        }
    }
}

/// `--derived-sums` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum DerivedSumsArg {
    /// On 9×9 grids, sums of up to 3 cells (where they pay).
    Auto,
    /// Sums of up to 9 cells.
    On,
    /// Never.
    Off,
}

impl From<DerivedSumsArg> for DerivedSums {
    fn from(a: DerivedSumsArg) -> Self {
        match a {
            DerivedSumsArg::Auto => DerivedSums::Auto,
            DerivedSumsArg::On => DerivedSums::On,
            DerivedSumsArg::Off => DerivedSums::Off,
        }
    }
}

/// `--amo` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum AmoArg {
    /// Pairwise up to 10 literals, sequential above (KenKen on varisat and CaDiCaL: always pairwise, as measured).
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

/// Parses the command line. Help and version go to stdout (exit 0); a usage error is
/// printed as clap writes it, with the first line's `error: ` replaced by `cagesat: ` (one
/// prefix for every error), and gives exit 2.
///
/// # Errors
/// The exit status when the program should end here.
pub(crate) fn parse_args() -> Result<Cli, u8> {
    Cli::try_parse().map_err(|e| {
        if !e.use_stderr() {
            let _ = e.print();
            return EXIT_OK;
        }
        let text = e.render().to_string();
        match text.strip_prefix("error: ") {
            Some(rest) => eprint!("cagesat: {rest}"),
            None => eprint!("{text}"),
        }
        EXIT_ERROR
    })
}

/// Runs a parsed command line; returns the exit status.
///
/// `interrupt` is requested when the process should stop (Ctrl-C, SIGTERM): the running
/// puzzle ends like a timeout, with what it found, and no further puzzle starts.
pub(crate) fn run(cli: &Cli, interrupt: &Stop, out: &mut impl Write, err: &mut impl Write) -> u8 {
    progress::set_mode(cli.quiet, cli.progress);
    if let Some(kind) = &cli.input_kind {
        let _ = KIND.set(kind.clone());
    }
    match &cli.command {
        Command::Solve(args) => solve::solve_files(args, interrupt, out, err),
        Command::Count(args) => solve::count_files(args, interrupt, out, err),
        Command::Compare(args) => compare::compare_files(args, interrupt, out, err),
        Command::Encode(args) => dimacs::encode(args, out, err),
        Command::Decode(args) => dimacs::decode(args, out, err),
        Command::Generate(args) => generate::generate(args, interrupt, out, err),
        Command::Survey(args) => survey::survey(args, out, err),
        Command::Grade(args) => grade::grade_files(args, interrupt, out, err),
        Command::Render(args) => render::render(args, out, err),
        Command::Hint(args) => explain::run(args, false, interrupt, out, err),
        Command::Explain(args) => explain::run(args, true, interrupt, out, err),
        Command::Convert(args) => convert::convert(args, out, err),
        Command::Candidates(args) => candidates::candidates(args, interrupt, out, err),
        Command::Repair(args) => repair::repair(args, interrupt, out, err),
        Command::CheckProof(args) => proof::check_proof(args, out, err),
        Command::Completions(args) => completions::completions(args, out),
        Command::Man(args) => completions::man(args, out, err),
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

pub(crate) use cagesat::parse::read_text;

/// True for `-` given as an output path: standard output.
pub(crate) fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// An output path, `None` for `-` (standard output, as when the option is left out).
pub(crate) fn output_path(path: Option<&Path>) -> Option<&Path> {
    path.filter(|p| !is_stdout(p))
}

/// Refuses standard input (`-`) named more than once among `inputs`: it can be read only
/// once, and the second reading would find it empty.
///
/// # Errors
/// `cagesat: standard input (-) is named twice; …`.
pub(crate) fn stdin_once<'a>(inputs: impl IntoIterator<Item = &'a Path>) -> anyhow::Result<()> {
    let named = inputs.into_iter().filter(|p| *p == Path::new("-")).count();
    if named > 1 {
        bail!("cagesat: standard input (-) is named twice; it can be read only once");
    }
    Ok(())
}

/// Reads and parses one puzzle file (`-` = stdin), or a Keen game ID given in place of a
/// file (`keen:6:…` or `6:…`, when no such file exists; see `keen_arg.rs`).
///
/// # Errors
/// Unreadable files and parse errors, positioned.
pub(crate) fn load(path: &Path, strict: bool) -> Result<Puzzle, ParseError> {
    if let Some(parsed) = keen_arg::keen_id_arg(path) {
        return parsed;
    }
    if let Some(parsed) = keen_arg::url_arg(path) {
        return parsed;
    }
    if let Some(parsed) = inputs::one_line_arg(path, strict) {
        return parsed;
    }
    let (puzzle, warnings) = Puzzle::read_with_warnings(path, &parse_options(strict))?;
    report_warnings(&warnings);
    Ok(puzzle)
}

/// The format `--kind` names, for every input of the run (set once, before any is read).
static KIND: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The parse options of every input: `--strict`, and `--kind` when given.
pub(crate) fn parse_options(strict: bool) -> cagesat::ParseOptions {
    let opts = cagesat::ParseOptions::default().strict(strict);
    match KIND.get() {
        Some(kind) => opts.kind(kind.clone()),
        None => opts,
    }
}

/// Parses text with `opts`, printing its warnings to standard error.
///
/// # Errors
/// The parse error, positioned.
pub(crate) fn parse_reporting(
    text: &str,
    opts: &cagesat::ParseOptions,
) -> Result<Puzzle, ParseError> {
    let (puzzle, warnings) = Puzzle::parse_with_warnings(text, opts)?;
    report_warnings(&warnings);
    Ok(puzzle)
}

/// Prints warnings to standard error, one line each (`file:line:col: warning: …`).
fn report_warnings(warnings: &[cagesat::parse::ParseWarning]) {
    for w in warnings {
        eprintln!("{w}");
    }
}

/// Writes an error and its causes on one line (`context: cause: …`) to `err` and returns
/// [`EXIT_ERROR`]. Every such line starts with where the problem is (the rule of
/// `docs/commands.md`): `file:line:col: ` for a position in a file, `file: ` for a whole
/// file, `cagesat: ` for anything else. An encoding limit also says that the native engine
/// has none.
fn fail(err: &mut impl Write, error: &anyhow::Error) -> u8 {
    if is_broken_pipe(error) {
        OUTPUT_CLOSED.store(true, Ordering::Relaxed);
        return EXIT_OK;
    }
    let hint = if is_encoding_limit(error) {
        " (the native engine, --engine native, has no such limit)"
    } else {
        ""
    };
    let _ = writeln!(err, "{error:#}{hint}");
    EXIT_ERROR
}

/// Set once standard output is closed by its reader (`cagesat … | head`).
static OUTPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// True once a write found standard output closed by its reader: the run ends quietly (no
/// message, no further puzzle) with the status of what was written before (`docs/commands.md`'s
/// rule, as ripgrep does).
pub(crate) fn output_closed() -> bool {
    OUTPUT_CLOSED.load(Ordering::Relaxed)
}

/// True when `error` comes from writing to a pipe whose reader has gone.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    let broken = Some(std::io::ErrorKind::BrokenPipe);
    error.chain().any(|e| {
        e.downcast_ref::<std::io::Error>().map(std::io::Error::kind) == broken
            || e.downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == broken
    })
}

/// Writes the failure of `file` as a JSON record (`{"file":…,"status":"error","error":…}`,
/// as `solve`, `count` and `decode --json` report it) to `out`, unless `out` is closed.
pub(crate) fn error_record(out: &mut impl Write, file: &str, error: &anyhow::Error) {
    if is_broken_pipe(error) || output_closed() {
        return;
    }
    let record = records::ErrorRecord {
        error: format!("{error:#}"),
        file,
        status: "error",
    };
    let _ = records::write_line(out, &record);
}

/// Reports a failed write of results: quietly when the reader has gone, else as an error.
pub(crate) fn write_failed(err: &mut impl Write, e: std::io::Error) -> u8 {
    fail(
        err,
        &anyhow::Error::new(e).context("cagesat: cannot write output"),
    )
}

/// True when `error` is an encoder limit (tuple cap, automaton size): the formula could not
/// be written, though the puzzle may be fine.
fn is_encoding_limit(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.is::<EncodeError>()
            || matches!(
                e.downcast_ref::<EngineError>(),
                Some(EngineError::Encode(_))
            )
    })
}

/// A list of input files for the commands that take several.
#[derive(Debug, Args)]
pub(crate) struct Files {
    /// Puzzle files (`-` reads standard input). A collection (a file of one-line puzzles, one
    /// per line) is streamed: each line's puzzle is answered, with its `line`, before the
    /// next line is read.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Work on this many files at once (default: one per core); the output is the same,
    /// in input order (timings aside). With several jobs each file's output is held until
    /// the file is done; `--jobs 1` streams solutions as they are found.
    #[arg(long, short = 'j', value_name = "N", value_parser = at_least_one::<usize>,
          allow_negative_numbers = true)]
    pub jobs: Option<usize>,
}

impl Files {
    /// Checks the list before any file is read: standard input at most once.
    ///
    /// # Errors
    /// See [`stdin_once`].
    pub(crate) fn check(&self) -> anyhow::Result<()> {
        stdin_once(self.files.iter().map(PathBuf::as_path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command-line name clap gives `value`.
    fn clap_name(value: &impl ValueEnum) -> String {
        let possible = value.to_possible_value().expect("no value is hidden");
        possible.get_name().to_string()
    }

    /// Every value of a mirror enum converts to the library value of the same name, so the
    /// flags and the library's reports (`name()`) spell each choice alike.
    #[test]
    fn mirror_values_have_the_library_names() {
        for &a in AmoArg::value_variants() {
            assert_eq!(clap_name(&a), AmoEncoding::from(a).name());
        }
        for &a in DerivedSumsArg::value_variants() {
            assert_eq!(clap_name(&a), DerivedSums::from(a).name());
        }
        for &a in CageLinesArg::value_variants() {
            assert_eq!(clap_name(&a), CageLines::from(a).name());
        }
        for &a in EncodingArg::value_variants() {
            assert_eq!(clap_name(&a), ConstraintEncoding::from(a).name());
        }
        for &a in BackendArg::value_variants() {
            assert_eq!(clap_name(&a), Engine::from(a).name());
        }
        for &a in smt::ProductArg::value_variants() {
            let form: cagesat::smt::ProductForm = a.into();
            assert_eq!(clap_name(&a), form.name());
        }
    }

    /// `--solver z3` and `--solver cvc5` name the SMT solvers, by their program names.
    #[test]
    fn smt_solvers_by_program_name() {
        for solver in [
            cagesat::engine::SmtSolver::Z3,
            cagesat::engine::SmtSolver::Cvc5,
        ] {
            assert_eq!(smt::smt_solver(solver.program()), Some(solver));
            assert_eq!(
                smt::smt_solver(&format!(" {} ", solver.program())),
                Some(solver)
            );
        }
        assert_eq!(smt::smt_solver("cadical"), None);
        assert_eq!(smt::smt_solver("z3 -smt2"), None);
    }
}
