//! `generate sudoku` and `generate killer`: seeded puzzles, each proven unique by two
//! engines (`auto` in the generator: the native search, handing over to CDCL past its
//! backtrack budget; then varisat, which must find the same grid and no second one),
//! optionally of one `grade` level, under `--timeout` and Ctrl-C.
//!
//! Argument parsing, the varisat confirmation and printing only; the puzzles, of the level
//! asked, come from the library's [`cagesat::generate::generate`] (`--diagonals`: the X
//! variants; a Killer has no givens and no one-cell cages unless `--givens` or
//! `--single-cages` allow them).

use std::io::Write;

use anyhow::{anyhow, bail, Context};
use clap::{Args, ValueEnum};

use super::{Limits, EXIT_OK};
use cagesat::generate::{
    generate as make_puzzle, GenerateError, GenerateSpec, Generated, DEFAULT_KILLER_MAX_CAGE,
};
use cagesat::grade::{Level, Scale};
use cagesat::{Engine, EngineOptions, Grid, Outcome, Puzzle, Stop};

/// `generate sudoku` and `generate killer` options.
#[derive(Debug, Args)]
pub(crate) struct SudokuGenArgs {
    /// Side length: 4, 6, 9, 12 or 16 (boxes 2x2, 2x3, 3x3, 3x4, 4x4).
    #[arg(long, default_value_t = 9, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub size: usize,
    /// Seed, count, output directory and time limit.
    #[command(flatten)]
    pub run: super::gen_args::GenRunArgs,
    /// Attempts per puzzle.
    #[command(flatten)]
    pub attempts: super::gen_args::AttemptArgs,
    /// Keep only puzzles of this `grade` level (seeds that give another level are skipped).
    #[arg(long, value_enum)]
    pub difficulty: Option<Difficulty>,
    /// Sudoku X / Killer X: both long diagonals hold distinct digits too.
    #[arg(long)]
    pub diagonals: bool,
    /// Jigsaw Sudoku (Sudoku only, sides 4..=9): random connected regions of SIZE cells
    /// take the place of the boxes.
    #[arg(long)]
    pub jigsaw: bool,
    /// Largest cage (Killer only). Cage sizes are drawn like a published Killer's: mostly
    /// 2 to 4 cells, some of 5 and more.
    #[arg(long, default_value_t = DEFAULT_KILLER_MAX_CAGE,
          value_parser = super::not_negative::<usize>, allow_negative_numbers = true)]
    pub max_cage: usize,
    /// Killer only: allow givens (the cages are drawn once, then every given kept that
    /// uniqueness needs). By default a Killer has none: its cages alone make it unique.
    #[arg(long)]
    pub givens: bool,
    /// Killer only: allow one-cell cages (sizes drawn evenly from 1 to --max-cage). By
    /// default every cage has two or more cells.
    #[arg(long)]
    pub single_cages: bool,
}

/// `--difficulty` values: the Sudoku `grade` levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Difficulty {
    /// Naked and hidden singles solve it (and the cages' combinations, for Killer).
    Singles,
    /// Naked pairs and triples are needed.
    Subsets,
    /// Box–line reduction (pointing, claiming) is needed.
    BoxLine,
    /// Propagation alone does not solve it.
    Search,
}

impl Difficulty {
    pub(super) fn level(self) -> Level {
        match self {
            Difficulty::Singles => Level::Singles,
            Difficulty::Subsets => Level::Subsets,
            Difficulty::BoxLine => Level::Interactions,
            Difficulty::Search => Level::Search,
        }
    }
}

/// Runs `generate sudoku` (`killer` false) or `generate killer`; returns the exit status.
pub(super) fn generate(
    a: &SudokuGenArgs,
    killer: bool,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match run(a, killer, interrupt, out) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            let status = super::generate::fail_or_stopped(err, &e);
            interrupt.reason().map_or(status, super::stopped_status)
        }
    }
}

/// One generated puzzle: the puzzle, its solution and its grade level.
struct Made {
    puzzle: Puzzle,
    solution: Grid<u8>,
    level: Level,
}

/// The first puzzle from `seed` on of the level asked, made under `stop` (the time limit
/// and the interrupt), checked unique by varisat under `interrupt` (the generator proved it
/// with `auto`: the native engine, or CDCL where the native search ran past its budget)
/// and graded.
/// The library's generator on `kind`; its refusal when no seed reached the level is said
/// with the `--max-attempts` (`attempts`) that bounded the seeds, any other error under
/// `context`.
pub(super) fn generated(
    kind: &str,
    spec: &GenerateSpec,
    stop: &Stop,
    attempts: impl std::fmt::Display,
    context: impl FnOnce() -> String,
) -> anyhow::Result<Generated> {
    match make_puzzle(kind, spec, stop) {
        Err(GenerateError::LevelAttempts {
            level,
            first_seed,
            last_seed,
            ..
        }) => bail!(
            "cagesat: no {kind} of level {level} among seeds {first_seed}..{last_seed} \
             (--max-attempts {attempts})"
        ),
        made => made.with_context(context),
    }
}

fn make(
    a: &SudokuGenArgs,
    kind: &str,
    seed: u64,
    (stop, interrupt): (&Stop, &Stop),
) -> anyhow::Result<(Made, u64)> {
    let mut spec = GenerateSpec::new(a.size);
    spec.seed = seed;
    spec.level = a.difficulty.map(Difficulty::level);
    spec.max_attempts = Some(a.attempts.or(200));
    spec.diagonals = a.diagonals;
    spec.jigsaw = a.jigsaw;
    if kind == "killer" {
        spec.max_cage = Some(a.max_cage);
        spec.givens = a.givens;
        spec.single_cages = a.single_cages;
    }
    let context = || format!("cagesat: generate {kind} --size {}", a.size);
    let made = generated(kind, &spec, stop, a.attempts.or(200), context)?;
    let used = made.seed;
    let (puzzle, solution) = (made.puzzle, made.solution);
    let opts = EngineOptions {
        stop: interrupt.clone(),
        ..EngineOptions::default()
    };
    let (outcome, _) = Engine::Varisat
        .prove_unique(&puzzle, &opts)
        .with_context(context)?;
    if let Some(reason) = interrupt.reason() {
        return Err(anyhow!(
            "seed {used}: stopped ({}) before varisat confirmed the puzzle",
            reason.name()
        )
        .context(context()));
    }
    match outcome {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } if grid == solution => {}
        other => {
            return Err(anyhow!(
                "seed {used}: varisat does not confirm the generator's unique solution ({})",
                other.label()
            )
            .context(context()))
        }
    }
    let level = match made.level {
        Some(level) => level,
        None => puzzle
            .grade()
            .with_context(context)?
            .level
            .unwrap_or(Level::Search),
    };
    Ok((
        Made {
            puzzle,
            solution,
            level,
        },
        used,
    ))
}

fn run(
    a: &SudokuGenArgs,
    killer: bool,
    interrupt: &Stop,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let kind = if killer { "killer" } else { "sudoku" };
    if killer && a.jigsaw {
        bail!("cagesat: generate killer: --jigsaw is for `generate sudoku` only");
    }
    if !killer && (a.givens || a.single_cages) {
        let flag = if a.givens {
            "--givens"
        } else {
            "--single-cages"
        };
        bail!("cagesat: generate sudoku: {flag} is for `generate killer` only");
    }
    let limits = Limits::new(interrupt, a.run.timeout)?;
    let mut sink = super::gen_out::GenOut::open(a.run.out.as_deref(), kind, None)?;
    let mut seed = a.run.seed_or(1);
    for i in 0..a.run.count {
        if interrupt.is_requested() {
            bail!("cagesat: stopped after {i} of {} puzzles", a.run.count);
        }
        let stop = limits.for_puzzle();
        let (made, used) = make(a, kind, seed, (&stop, interrupt))?;
        seed = used.wrapping_add(1);
        let text = format!(
            "# generated: cagesat {} generate {kind} --size {} --seed {used}{}{}{}{}\n\
             # unique: yes (auto and varisat agree); grade: {}\n{}",
            env!("CARGO_PKG_VERSION"),
            a.size,
            if a.jigsaw { " --jigsaw" } else { "" },
            if a.diagonals { " --diagonals" } else { "" },
            if killer {
                format!(
                    " --max-cage {}{}{}",
                    a.max_cage,
                    if a.givens { " --givens" } else { "" },
                    if a.single_cages {
                        " --single-cages"
                    } else {
                        ""
                    }
                )
            } else {
                String::new()
            },
            a.difficulty
                .map(|_| format!(" --difficulty {}", Scale::Houses.name(made.level)))
                .unwrap_or_default(),
            Scale::Houses.name(made.level),
            made.puzzle
        );
        let jigsaw = if a.jigsaw { "_jigsaw" } else { "" };
        let made = super::gen_out::Made {
            name: &format!("{kind}{jigsaw}_{0}x{0}_s{used}", a.size),
            ext: kind,
            text: &text,
            puzzle: &made.puzzle,
            solution: &made.solution,
            seed: used,
        };
        sink.put(out, &made, i + 1 == a.run.count)?;
    }
    Ok(())
}
