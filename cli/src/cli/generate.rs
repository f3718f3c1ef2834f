//! `generate`: new puzzles, seeded and reproducible.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use clap::{Args, Subcommand};

use super::gen_out::{GenOut, Made};
use super::{fail, Limits, EXIT_OK};
use cagesat::generate::{
    default_max_givens, generate_kenken_until, hide_operators, keen_id, GenerateError,
    KenKenParams, SplitMix64,
};
use cagesat::grade::{KeenDifficulty, Level, Scale};
use cagesat::puzzle::Op;
use cagesat::{Puzzle, Stop};

/// `generate` options.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
    /// Which puzzle kind.
    #[command(subcommand)]
    pub kind: GenerateKind,
}

/// Puzzle kinds that can be generated.
#[derive(Debug, Subcommand)]
pub(crate) enum GenerateKind {
    /// KenKen puzzles, each proven unique.
    Kenken(KenKenGenArgs),
    /// CrossProduct puzzles from random digit tables (optionally only unique ones).
    Crossproduct(super::gen_crossproduct::CrossProductGenArgs),
    /// Kakuro puzzles (random symmetric shape, runs of 2..=9 squares), each proven unique.
    Kakuro(super::gen_kakuro::KakuroGenArgs),
    /// Sudoku puzzles with minimal givens, each proven unique by two engines.
    Sudoku(super::gen_sudoku::SudokuGenArgs),
    /// Killer Sudoku puzzles, each proven unique by two engines.
    Killer(super::gen_sudoku::SudokuGenArgs),
    /// Towers (Skyscrapers) puzzles with minimal clues, each proven unique by two engines.
    Towers(super::gen_tatham::LatinGenArgs),
    /// Unequal (Futoshiki) puzzles, or the adjacent mode, each proven unique by two engines.
    Unequal(super::gen_tatham::UnequalGenArgs),
}

/// `generate kenken` options.
#[derive(Debug, Args)]
pub(crate) struct KenKenGenArgs {
    /// Side length (1..=26): `generate kenken 6`, or `--size 6`.
    #[arg(value_name = "SIZE", value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true, required_unless_present = "size",
          conflicts_with = "size")]
    pub size_arg: Option<usize>,
    /// Side length (1..=26), the same as the SIZE argument.
    #[arg(long, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub size: Option<usize>,
    /// Seed, count, output directory and time limit.
    #[command(flatten)]
    pub run: super::gen_args::GenRunArgs,
    /// Largest cage.
    #[arg(long, default_value_t = 5, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub max_cage: usize,
    /// Operators that may appear, e.g. "+-*/", "+*" or "-/". `-` and `/` fit only two-cell
    /// cages: without `+` and `*`, cages have at most two cells and a pair no allowed
    /// operator describes becomes two givens.
    #[arg(long, default_value = "+-*/", allow_hyphen_values = true)]
    pub ops: String,
    /// Accept puzzles that need search (only uniqueness is enforced). By default puzzles
    /// must also be solvable by root propagation (`grade` level `box` or lower), which keeps
    /// the uniqueness proof fast. Ignored with --difficulty.
    #[arg(long)]
    pub allow_search: bool,
    /// The exact `grade` level: solved by root propagation at LEVEL and not at the level
    /// below (search: unique, and not solved at box). One of singles, subsets, cage-gac,
    /// box, search, or Keen's names: easy (singles), normal (subsets), hard (cage-gac),
    /// extreme (box), unreasonable (search).
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    /// The most one-cell cages (givens); uniqueness is repaired by merging, splitting and
    /// re-operating cages first. Default: 0 up to 9x9, size*size/6 above; any number when
    /// --ops has neither + nor * (a pair that - and / cannot describe becomes two givens).
    #[arg(long, value_name = "N", value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub max_givens: Option<usize>,
    /// Then hide as many operators as possible while the puzzle stays unique (cage by cage
    /// in the order written, each hidden cage checked unique by the CDCL checker and the
    /// native engine); hidden cages are written `12 ? A1 A2`.
    #[arg(long)]
    pub hide_operators: bool,
}

pub(super) fn generate(
    args: &GenerateArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    match &args.kind {
        GenerateKind::Kenken(a) => match kenken(a, interrupt, out) {
            Ok(()) => EXIT_OK,
            Err(error) => fail_or_stopped(err, &error),
        },
        GenerateKind::Crossproduct(a) => {
            super::gen_crossproduct::crossproduct(a, interrupt, out, err)
        }
        GenerateKind::Kakuro(a) => match super::gen_kakuro::kakuro(a, interrupt, out) {
            Ok(()) => EXIT_OK,
            Err(error) => fail_or_stopped(err, &error),
        },
        GenerateKind::Sudoku(a) => super::gen_sudoku::generate(a, false, interrupt, out, err),
        GenerateKind::Killer(a) => super::gen_sudoku::generate(a, true, interrupt, out, err),
        GenerateKind::Towers(a) => super::gen_tatham::towers(a, interrupt, out, err),
        GenerateKind::Unequal(a) => super::gen_tatham::unequal(a, interrupt, out, err),
    }
}

/// Reports a failed generator run: a stop (time limit, interrupt) exits 3 (130) after
/// saying how far the run got, anything else is an error (2).
pub(super) fn fail_or_stopped(err: &mut impl Write, error: &anyhow::Error) -> u8 {
    let reason = error
        .chain()
        .find_map(|e| match e.downcast_ref::<GenerateError>() {
            Some(GenerateError::KenKenStopped { reason, .. })
            | Some(GenerateError::KakuroStopped { reason, .. })
            | Some(GenerateError::CrossProductStopped { reason, .. })
            | Some(GenerateError::SudokuStopped { reason, .. }) => Some(*reason),
            _ => None,
        });
    let status = fail(err, error);
    reason.map_or(status, super::stopped_status)
}

fn parse_level(text: &str) -> Result<Level, String> {
    Scale::Cages
        .level(text)
        .or_else(|| KeenDifficulty::from_name(text).map(KeenDifficulty::level))
        .ok_or_else(|| {
            format!(
                "unknown level '{text}' (expected singles, subsets, cage-gac, box, search, \
             or easy, normal, hard, extreme, unreasonable)"
            )
        })
}

fn parse_ops(text: &str) -> anyhow::Result<Vec<Op>> {
    let mut ops = Vec::new();
    for ch in text.chars() {
        let op = Op::parse(&ch.to_string())
            .filter(|&op| !matches!(op, Op::Given | Op::Any))
            .ok_or_else(|| {
                anyhow!("cagesat: --ops: unknown operator '{ch}' (expected some of + - * /)")
            })?;
        if !ops.contains(&op) {
            ops.push(op);
        }
    }
    if ops.is_empty() {
        bail!("cagesat: --ops: give at least one operator");
    }
    Ok(ops)
}

fn kenken(a: &KenKenGenArgs, interrupt: &Stop, out: &mut impl Write) -> anyhow::Result<()> {
    let limits = Limits::new(interrupt, a.run.timeout)?;
    let ops = parse_ops(&a.ops)?;
    // clap requires one of the two.
    let size = a.size.or(a.size_arg).unwrap_or_default();
    let params = KenKenParams {
        size,
        max_cage: a.max_cage,
        max_givens: a
            .max_givens
            .unwrap_or_else(|| default_max_givens(size, &ops)),
        ops,
        logic_solvable: !a.allow_search,
        difficulty: a.difficulty,
    };
    let no_line = if a.hide_operators {
        Some("a Keen ID, the one-line form of a KenKen, cannot hold hidden operators")
    } else if !(3..=9).contains(&size) {
        Some("a Keen ID, the one-line form of a KenKen, holds sizes 3 to 9")
    } else {
        None
    };
    let mut sink = GenOut::open(a.run.out.as_deref(), "kenken", no_line)?;
    let progress = super::progress::Progress::items(a.run.count_usize(), "puzzles");
    for i in 0..a.run.count {
        let seed = a.run.seed_or(1).wrapping_add(i);
        let t = Instant::now();
        let stop = limits.for_puzzle();
        let context = || format!("cagesat: puzzle {} of {} (seed {seed})", i + 1, a.run.count);
        let g = generate_kenken_until(&params, &mut SplitMix64::new(seed), &stop)
            .with_context(context)?;
        let (puzzle, hidden_note) = if a.hide_operators {
            let h = hide_operators(&g.puzzle, &g.solution, &stop).with_context(context)?;
            let note = format!(
                "# operators hidden: {} of {} (each kept unique by the CDCL checker and the native engine){}\n",
                h.hidden,
                h.candidates,
                if h.complete { "" } else { "; stopped early" }
            );
            (h.puzzle, note)
        } else {
            (g.puzzle, String::new())
        };
        let givens = puzzle.cages().iter().filter(|c| c.cells.len() == 1).count();
        let mut text = format!(
            "# generated: cagesat {} generate kenken --size {} --seed {seed} --max-cage {} --ops \"{}\"{}{}\n\
             # unique: yes ({}); grade: {}; givens: {givens}; attempts: {}; repairs: {}; {:.0} ms\n{hidden_note}",
            env!("CARGO_PKG_VERSION"),
            size,
            a.max_cage,
            a.ops,
            a.difficulty.map_or(String::new(), |l| {
                format!(" --difficulty {}", Scale::Cages.name(l))
            }),
            if a.hide_operators { " --hide-operators" } else { "" },
            if g.native_proof {
                "CDCL checker: second solve UNSAT; native engine: unique"
            } else {
                "CDCL checker: second solve UNSAT"
            },
            Scale::Cages.name(g.level),
            g.attempts,
            g.repairs,
            t.elapsed().as_secs_f64() * 1e3
        );
        if let Some(id) = keen_id(&puzzle) {
            text.push_str(&format!("# keen: {id}\n"));
        }
        text.push_str(&puzzle.to_string());
        let made = Made {
            name: &format!("kenken_{0}x{0}_s{seed}", size),
            ext: "kenken",
            text: &text,
            puzzle: &Puzzle::KenKen(puzzle),
            solution: &g.solution,
            seed,
        };
        sink.put(out, &made, i + 1 == a.run.count)?;
        progress.inc();
    }
    Ok(())
}

pub(super) fn write_file(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("cagesat: cannot write {}", path.display()))
}
