//! `generate kakuro`: random shapes and fillings made unique.
//!
//! Argument parsing and printing only; the work is done by
//! [`cagesat::generate::generate_kakuro_until`].

use std::io::Write;

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::Limits;
use cagesat::generate::{
    generate_kakuro_until, GeneratedKakuro, KakuroParams, DEFAULT_KAKURO_MAX_ATTEMPTS,
};
use cagesat::grade::{Level, Scale};
use cagesat::Stop;

/// `generate kakuro` options.
#[derive(Debug, Args)]
pub(crate) struct KakuroGenArgs {
    /// Rows, the clue row at the top included (3..=64).
    #[arg(long, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub rows: usize,
    /// Columns, the clue column at the left included (3..=64).
    #[arg(long, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub cols: usize,
    /// Seed, count, output directory and time limit.
    #[command(flatten)]
    pub run: super::gen_args::GenRunArgs,
    /// Attempts per puzzle.
    #[command(flatten)]
    pub attempts: super::gen_args::AttemptArgs,
    /// Accept puzzles that need search (only uniqueness is enforced). By default puzzles
    /// must also be solvable by root propagation (`grade` level `run-gac` or lower).
    #[arg(long)]
    pub allow_search: bool,
    /// Keep only puzzles of exactly this `grade` level (seeds that give another level are
    /// skipped; the next puzzle starts after the seed used). Replaces --allow-search: levels
    /// up to `run-gac` are made logic-solvable, `sac` and `search` only unique.
    #[arg(long, value_enum)]
    pub difficulty: Option<KakuroDifficulty>,
}

/// `--difficulty` values: the Kakuro `grade` levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum KakuroDifficulty {
    /// Naked singles and run combinations solve it.
    Singles,
    /// Naked pairs and triples on runs are needed.
    Subsets,
    /// Arc consistency on every run is needed.
    RunGac,
    /// Singleton arc consistency is needed.
    Sac,
    /// Root propagation alone does not solve it.
    Search,
}

impl KakuroDifficulty {
    fn level(self) -> Level {
        match self {
            KakuroDifficulty::Singles => Level::Singles,
            KakuroDifficulty::Subsets => Level::Subsets,
            KakuroDifficulty::RunGac => Level::Gac,
            KakuroDifficulty::Sac => Level::Sac,
            KakuroDifficulty::Search => Level::Search,
        }
    }
}

/// Runs `generate kakuro`, writing each puzzle as soon as it is made.
pub(super) fn kakuro(
    a: &KakuroGenArgs,
    interrupt: &Stop,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let limits = Limits::new(interrupt, a.run.timeout)?;
    let mut sink = super::gen_out::GenOut::open(a.run.out.as_deref(), "kakuro", None)?;
    let progress = super::progress::Progress::items(a.run.count_usize(), "puzzles");
    let mut next = a.run.seed_or(1);
    for i in 0..a.run.count {
        let params = KakuroParams {
            rows: a.rows,
            cols: a.cols,
            seed: next,
            logic_solvable: !a.allow_search,
            difficulty: a.difficulty.map(KakuroDifficulty::level),
            max_attempts: a.attempts.or(DEFAULT_KAKURO_MAX_ATTEMPTS),
        };
        let stop = limits.for_puzzle();
        let g = generate_kakuro_until(&params, &stop).with_context(|| {
            format!("cagesat: puzzle {} of {} (seed {next})", i + 1, a.run.count)
        })?;
        let seed = g.seed;
        next = seed.wrapping_add(1);
        let text = file_text(a, seed, &g);
        let made = super::gen_out::Made {
            name: &format!("kakuro_{}x{}_s{seed}", a.rows, a.cols),
            ext: "kakuro",
            text: &text,
            puzzle: &cagesat::Puzzle::Kakuro(g.puzzle.clone()),
            solution: &g.solution,
            seed,
        };
        sink.put(out, &made, i + 1 == a.run.count)?;
        progress.inc();
    }
    Ok(())
}

/// The `.kakuro` text with `;` header comments naming the generator and its parameters (no
/// timings, so the same seed gives the same bytes).
fn file_text(a: &KakuroGenArgs, seed: u64, g: &GeneratedKakuro) -> String {
    let search = match a.difficulty {
        Some(d) => format!(" --difficulty {}", Scale::Runs.name(d.level())),
        None if a.allow_search => " --allow-search".to_string(),
        None => String::new(),
    };
    format!(
        "; generated: cagesat {} generate kakuro --rows {} --cols {} --seed {seed}{search}\n\
         ; unique: yes (varisat: solution found, blocked, second solve UNSAT)\n\
         ; white squares: {}; runs: {}; shapes drawn: {}; uniqueness checks: {}; repairs: {} \
         digits changed, {} squares blackened\n{}",
        env!("CARGO_PKG_VERSION"),
        a.rows,
        a.cols,
        g.puzzle.white_cells().len(),
        g.puzzle.runs().len(),
        g.shapes,
        g.checks,
        g.digit_changes,
        g.blackened,
        g.puzzle
    )
}
