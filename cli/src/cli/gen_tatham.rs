//! `generate towers` and `generate unequal`: seeded Latin-square puzzles of Simon Tatham's
//! family, each proven unique by two engines (`auto` while clues are removed, varisat on
//! the result; both in the library), optionally of one `grade` level, under `--timeout` and
//! Ctrl-C.
//!
//! Argument parsing and printing only; the puzzles, of the level asked, come from the
//! library's [`cagesat::generate::generate`].

use std::io::Write;
use std::ops::RangeInclusive;

use anyhow::{bail, Context};
use clap::Args;

use super::gen_sudoku::{generated, Difficulty};
use super::{Limits, EXIT_OK};
use cagesat::generate::{GenerateSpec, TOWERS_GEN_SIDES, UNEQUAL_GEN_SIDES};
use cagesat::grade::{Level, Scale};
use cagesat::{Puzzle, Stop};

/// `generate towers` options, shared by `generate unequal`.
#[derive(Debug, Args)]
pub(crate) struct LatinGenArgs {
    /// Side length (3..=9): `generate towers 6`, or `--size 6`.
    #[arg(value_name = "SIZE", value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true, required_unless_present = "size",
          conflicts_with = "size")]
    pub size_arg: Option<usize>,
    /// Side length (3..=9), the same as the SIZE argument.
    #[arg(long, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub size: Option<usize>,
    /// Seed, count, output directory and time limit.
    #[command(flatten)]
    pub run: super::gen_args::GenRunArgs,
    /// Attempts per puzzle.
    #[command(flatten)]
    pub attempts: super::gen_args::AttemptArgs,
    /// Keep only puzzles of this `grade` level (seeds that give another level are skipped);
    /// box-line never differs from subsets here (no boxes), so it is refused.
    #[arg(long, value_enum)]
    pub difficulty: Option<Difficulty>,
}

/// `generate unequal` options.
#[derive(Debug, Args)]
pub(crate) struct UnequalGenArgs {
    #[command(flatten)]
    pub common: LatinGenArgs,
    /// The adjacent mode: bars between neighbours that differ by 1, and no bar means they
    /// do not (every mark is shown; only givens are removed, as in Tatham's Unequal).
    #[arg(long)]
    pub adjacent: bool,
}

/// Which generator a run uses.
#[derive(Clone, Copy, Debug)]
enum Which {
    Towers,
    Unequal { adjacent: bool },
}

impl Which {
    /// The kind's name (also the file extension).
    fn kind(self) -> &'static str {
        match self {
            Which::Towers => "towers",
            Which::Unequal { .. } => "unequal",
        }
    }

    /// The sides the library makes.
    fn sides(self) -> RangeInclusive<usize> {
        match self {
            Which::Towers => TOWERS_GEN_SIDES,
            Which::Unequal { .. } => UNEQUAL_GEN_SIDES,
        }
    }

    /// Whether the adjacent mode is asked.
    fn adjacent(self) -> bool {
        matches!(self, Which::Unequal { adjacent: true })
    }
}

/// Runs `generate towers`; returns the exit status.
pub(super) fn towers(
    a: &LatinGenArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    finish(run(a, Which::Towers, interrupt, out), interrupt, err)
}

/// Runs `generate unequal`; returns the exit status.
pub(super) fn unequal(
    a: &UnequalGenArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let which = Which::Unequal {
        adjacent: a.adjacent,
    };
    finish(run(&a.common, which, interrupt, out), interrupt, err)
}

/// The exit status of a run's result, its error reported.
fn finish(result: anyhow::Result<()>, interrupt: &Stop, err: &mut impl Write) -> u8 {
    match result {
        Ok(()) => EXIT_OK,
        Err(e) => {
            let status = super::generate::fail_or_stopped(err, &e);
            interrupt.reason().map_or(status, super::stopped_status)
        }
    }
}

/// The grade level of `puzzle` (search when propagation leaves it open).
fn level(puzzle: &Puzzle) -> anyhow::Result<Level> {
    Ok(puzzle.grade()?.level.unwrap_or(Level::Search))
}

/// `size` when the library makes it, else a one-line error.
fn checked_size(a: &LatinGenArgs, which: Which) -> anyhow::Result<usize> {
    // clap requires one of the two.
    let size = a.size.or(a.size_arg).unwrap_or_default();
    let sides = which.sides();
    if !sides.contains(&size) {
        bail!(
            "cagesat: generate {}: size {size} is out of range (expected {}..={})",
            which.kind(),
            sides.start(),
            sides.end()
        );
    }
    if a.difficulty == Some(Difficulty::BoxLine) {
        bail!(
            "cagesat: generate {}: --difficulty box-line needs boxes (use singles, subsets or search)",
            which.kind()
        );
    }
    Ok(size)
}

/// The `# generated` line's options after the size.
fn options_note(a: &LatinGenArgs, which: Which, seed: u64, level: Level) -> String {
    let mut note = format!(" --seed {seed}");
    if which.adjacent() {
        note.push_str(" --adjacent");
    }
    if a.difficulty.is_some() {
        note.push_str(&format!(" --difficulty {}", Scale::Houses.name(level)));
    }
    note
}

fn run(
    a: &LatinGenArgs,
    which: Which,
    interrupt: &Stop,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let size = checked_size(a, which)?;
    let kind = which.kind();
    let limits = Limits::new(interrupt, a.run.timeout)?;
    let mut sink = super::gen_out::GenOut::open(a.run.out.as_deref(), kind, None)?;
    let mut seed = a.run.seed_or(1);
    for i in 0..a.run.count {
        if interrupt.is_requested() {
            bail!("cagesat: stopped after {i} of {} puzzles", a.run.count);
        }
        let stop = limits.for_puzzle();
        let mut spec = GenerateSpec::new(size);
        spec.seed = seed;
        spec.adjacent = which.adjacent();
        spec.level = a.difficulty.map(Difficulty::level);
        spec.max_attempts = Some(a.attempts.or(200));
        let context = || format!("cagesat: generate {kind} --size {size} --seed {seed}");
        let made = generated(kind, &spec, &stop, a.attempts.or(200), context)?;
        let level = match made.level {
            Some(level) => level,
            None => level(&made.puzzle).with_context(context)?,
        };
        let used = made.seed;
        seed = used.wrapping_add(1);
        let text = format!(
            "# generated: cagesat {} generate {kind} --size {size}{}\n\
             # unique: yes (auto and varisat agree); grade: {}\n{}",
            env!("CARGO_PKG_VERSION"),
            options_note(a, which, used, level),
            Scale::Houses.name(level),
            made.puzzle,
        );
        let mode = if which.adjacent() { "_adjacent" } else { "" };
        let made = super::gen_out::Made {
            name: &format!("{kind}{mode}_{size}x{size}_s{used}"),
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
