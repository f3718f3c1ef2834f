//! `generate crossproduct`: random digit tables turned into puzzles.
//!
//! Argument parsing and printing only; the work is done by
//! [`cagesat::generate::crossproduct`].

use std::io::Write;

use anyhow::Context;
use clap::Args;

use super::{fail, EncodingArg, Limits, EXIT_OK};
use cagesat::generate::{generate_crossproduct_until, CrossProductParams, GenerateError};
use cagesat::{encode::EncodeOptions, Stop};

/// `generate crossproduct` options.
#[derive(Debug, Args)]
pub(crate) struct CrossProductGenArgs {
    /// Table rows.
    #[arg(long, default_value_t = 5, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub rows: usize,
    /// Table columns.
    #[arg(long, default_value_t = 3, value_parser = super::not_negative::<usize>,
          allow_negative_numbers = true)]
    pub cols: usize,
    /// Seed, count, output directory and time limit.
    #[command(flatten)]
    pub run: super::gen_args::GenRunArgs,
    /// Attempts per puzzle.
    #[command(flatten)]
    pub attempts: super::gen_args::AttemptArgs,
    /// Keep only puzzles with exactly one solution.
    #[arg(long)]
    pub unique: bool,
    /// Line constraint encoding used for the uniqueness check.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub encoding: EncodingArg,
}

/// Runs `generate crossproduct`; returns the exit status. Puzzles are written as they are
/// made, so a run that is stopped keeps them.
pub(super) fn crossproduct(
    a: &CrossProductGenArgs,
    interrupt: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let opts = EncodeOptions::default().with_constraint(a.encoding.into());
    let params = CrossProductParams {
        rows: a.rows,
        cols: a.cols,
        seed: a.run.seed_or(0),
        count: a.run.count_usize(),
        unique: a.unique,
        max_attempts: a.attempts.or(100_000),
    };
    let limits = match Limits::new(interrupt, a.run.timeout) {
        Ok(l) => l,
        Err(e) => return fail(err, &e),
    };
    let why = "CrossProduct has no one-line form";
    if let Err(e) = super::gen_out::GenOut::open(a.run.out.as_deref(), "crossproduct", Some(why)) {
        return fail(err, &e);
    }
    let mut written: anyhow::Result<()> = Ok(());
    let mut made = 0;
    let progress = super::progress::Progress::items(a.run.count_usize(), "puzzles");
    let run = generate_crossproduct_until(
        &params,
        &opts,
        || limits.for_puzzle(),
        |g| {
            if written.is_err() {
                return;
            }
            made += 1;
            progress.inc();
            written = match super::output_path(a.run.out.as_deref()) {
                Some(dir) => {
                    let stem = dir.join(g.stem());
                    std::fs::write(stem.with_extension("crossproduct"), g.file_text())
                        .and_then(|()| {
                            std::fs::write(stem.with_extension("solution"), g.solution_text())
                        })
                        .with_context(|| format!("cagesat: cannot write to {}", dir.display()))
                }
                None => write!(out, "{}", g.file_text()).context("cagesat: cannot write output"),
            };
        },
    );
    drop(progress);
    if let Err(e) = written {
        return fail(err, &e);
    }
    let mut status = EXIT_OK;
    if let Err(e) = run {
        // Running out of time or attempts while looking for unique tables: say why that
        // can take long.
        let (stopped, ran_out) = match &e {
            GenerateError::CrossProductStopped { reason, .. } => (Some(*reason), true),
            GenerateError::TooFewUnique { .. } => (None, true),
            _ => (None, false),
        };
        if ran_out {
            let hint = if a.unique {
                format!(
                    " (unique {0}x{1} tables may be rare: `cagesat survey crossproduct --sizes \
                     {0}x{1}` estimates how rare)",
                    a.rows, a.cols
                )
            } else {
                String::new()
            };
            let _ = writeln!(err, "cagesat: {e}{hint}");
            status = stopped.map_or(super::EXIT_ERROR, super::stopped_status);
        } else {
            status = fail(err, &anyhow::Error::new(e).context("cagesat"));
        }
    }
    if let Some(dir) = super::output_path(a.run.out.as_deref()) {
        let _ = writeln!(out, "wrote {made} puzzles to {}", dir.display());
    }
    status
}
