//! # The options every generator shares
//!
//! `generate kenken|kakuro|crossproduct|sudoku|killer|towers|unequal` each flatten
//! [`GenRunArgs`] (`--seed`, `--count`, `--out`, `--timeout`), and those that try several
//! seeds or tables per puzzle flatten [`AttemptArgs`] (`--max-attempts`), so the options
//! read and are explained the same way everywhere.

use std::path::PathBuf;

use clap::Args;

/// `--seed`, `--count`, `--out` and `--timeout`.
#[derive(Debug, Args)]
pub(crate) struct GenRunArgs {
    /// Random seed (default 1; `crossproduct`: 0): the first puzzle is made from it, each
    /// next one from the seed after the one the previous puzzle used.
    #[arg(long, value_parser = super::not_negative::<u64>, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = super::not_negative::<u64>,
          allow_negative_numbers = true)]
    pub count: u64,
    /// Write the puzzles to disk instead of printing. A directory (an existing one, or a
    /// name without an extension) gets each puzzle and its solution (NAME.EXT, with the
    /// kind's extension, and NAME.solution). A file name with an extension (list.txt,
    /// hard.sudokus) gets one collection, a puzzle per line in its kind's one-line form
    /// (81-character Sudoku, short Killer, Keen ID, Solo, Towers or Unequal ID, puzz.link
    /// or f-puzzles link), then its solution and seed, which `solve`, `count`, `grade` and
    /// `candidates` read puzzle by puzzle; CrossProduct, and KenKen beyond 9x9 or with
    /// hidden operators, have none and are refused.
    #[arg(long, value_name = "DIR|FILE.EXT")]
    pub out: Option<PathBuf>,
    /// Time limit per puzzle, in seconds: a puzzle not settled by then ends the run with how
    /// far it got (uniqueness checks, repairs, tables drawn) and exit status 3; puzzles
    /// already made are kept.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub timeout: Option<f64>,
}

impl GenRunArgs {
    /// The seed asked for, or the generator's `default`.
    pub(crate) fn seed_or(&self, default: u64) -> u64 {
        self.seed.unwrap_or(default)
    }

    /// `--count` as a `usize` (saturating).
    pub(crate) fn count_usize(&self) -> usize {
        usize::try_from(self.count).unwrap_or(usize::MAX)
    }
}

/// `--max-attempts`.
#[derive(Debug, Args)]
pub(crate) struct AttemptArgs {
    /// Seeds tried per puzzle before giving up when a level is asked (`--difficulty`;
    /// default 200), or, for `crossproduct`, tables drawn before giving up (default
    /// 100,000).
    #[arg(long, value_parser = super::not_negative::<u64>, allow_negative_numbers = true)]
    pub max_attempts: Option<u64>,
}

impl AttemptArgs {
    /// The attempts asked for, or the generator's `default`.
    pub(crate) fn or(&self, default: u64) -> u64 {
        self.max_attempts.unwrap_or(default)
    }
}
