//! `generate sudoku` and `generate killer`: seeded puzzles, each proven unique by two
//! engines (`auto` in the generator: the native search, handing over to CDCL past its
//! backtrack budget; then varisat, which must find the same grid and no second one),
//! optionally of one `grade` level, under `--timeout` and Ctrl-C.
//!
//! Argument parsing, the difficulty filter and printing only; the puzzles come from
//! [`cagesat::puzzle::Sudoku::generate_variant`] and
//! [`cagesat::puzzle::Killer::generate_styled`] (`--diagonals`: the X variants; a Killer
//! has no givens and no one-cell cages unless `--givens` or `--single-cages` allow them).

use std::io::Write;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};

use super::{Limits, EXIT_OK};
use cagesat::generate::{KillerStyle, SudokuVariant, DEFAULT_KILLER_MAX_CAGE};
use cagesat::grade::{Level, Scale};
use cagesat::puzzle::{Killer, Sudoku};
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

/// The puzzle of `seed`, made under `stop` (the time limit and the interrupt), checked
/// unique by varisat under `interrupt` (the generator proved it with `auto`: the native
/// engine, or CDCL where the native search ran past its budget) and graded.
fn make(
    a: &SudokuGenArgs,
    killer: bool,
    seed: u64,
    (stop, interrupt): (&Stop, &Stop),
) -> anyhow::Result<Made> {
    let variant = if a.diagonals {
        SudokuVariant::diagonals()
    } else {
        SudokuVariant::default()
    };
    let (puzzle, solution) = if a.jigsaw {
        let (s, g) = Sudoku::generate_jigsaw(a.size, seed, variant, stop)?;
        (Puzzle::Sudoku(s), g)
    } else if killer {
        let style = KillerStyle::new(a.max_cage)
            .with_givens(a.givens)
            .with_single_cages(a.single_cages)
            .with_level(a.difficulty.map(Difficulty::level));
        let (k, g) = Killer::generate_styled(a.size, seed, style, variant, stop)?;
        (Puzzle::Killer(k), g)
    } else {
        let (s, g) = Sudoku::generate_variant(a.size, seed, variant, stop)?;
        (Puzzle::Sudoku(s), g)
    };
    let opts = EngineOptions {
        stop: interrupt.clone(),
        ..EngineOptions::default()
    };
    let (outcome, _) = Engine::Varisat.prove_unique(&puzzle, &opts)?;
    if let Some(reason) = interrupt.reason() {
        bail!(
            "seed {seed}: stopped ({}) before varisat confirmed the puzzle",
            reason.name()
        );
    }
    match outcome {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } if grid == solution => {}
        other => bail!(
            "seed {seed}: varisat does not confirm the generator's unique solution ({})",
            other.label()
        ),
    }
    let level = puzzle.grade()?.level.unwrap_or(Level::Search);
    Ok(Made {
        puzzle,
        solution,
        level,
    })
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
        let first = seed;
        let stop = limits.for_puzzle();
        let made = loop {
            if interrupt.is_requested() {
                bail!("cagesat: stopped after {i} of {} puzzles", a.run.count);
            }
            let made = make(a, killer, seed, (&stop, interrupt))
                .with_context(|| format!("cagesat: generate {kind} --size {}", a.size))?;
            seed = seed.wrapping_add(1);
            if a.difficulty.is_none_or(|d| d.level() == made.level) {
                break made;
            }
            if seed.wrapping_sub(first) >= a.attempts.or(200).max(1) {
                bail!(
                    "cagesat: no {kind} of level {} among seeds {first}..{} (--max-attempts {})",
                    made_level_name(a),
                    seed - 1,
                    a.attempts.or(200)
                );
            }
        };
        let used = seed - 1;
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

fn made_level_name(a: &SudokuGenArgs) -> &'static str {
    a.difficulty
        .map_or("any", |d| Scale::Houses.name(d.level()))
}
