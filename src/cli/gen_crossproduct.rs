//! `generate crossproduct`: random digit tables turned into puzzles.
//!
//! Argument parsing and printing only; the work is done by
//! [`cagesat::generate::crossproduct`].

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{EncodingArg, EXIT_ERROR, EXIT_OK};
use cagesat::generate::{generate_crossproduct, CrossProductParams};
use cagesat::EncodeOptions;

/// `generate crossproduct` options.
#[derive(Debug, Args)]
pub(crate) struct CrossProductGenArgs {
    /// Table rows.
    #[arg(long, default_value_t = 5)]
    pub rows: usize,
    /// Table columns.
    #[arg(long, default_value_t = 3)]
    pub cols: usize,
    /// Generator seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Keep only puzzles with exactly one solution.
    #[arg(long)]
    pub unique: bool,
    /// Give up after drawing this many tables.
    #[arg(long, default_value_t = 100_000)]
    pub max_attempts: u64,
    /// Write NAME.crossproduct and NAME.solution files here instead of printing.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Line constraint encoding used for the uniqueness check.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub encoding: EncodingArg,
}

/// Runs `generate crossproduct`; returns the exit status.
pub(super) fn crossproduct(
    a: &CrossProductGenArgs,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let opts = EncodeOptions {
        constraint: a.encoding.into(),
        ..EncodeOptions::default()
    };
    let params = CrossProductParams {
        rows: a.rows,
        cols: a.cols,
        seed: a.seed,
        count: a.count,
        unique: a.unique,
        max_attempts: a.max_attempts,
    };
    let puzzles = match generate_crossproduct(&params, &opts) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "cagesat: {e}");
            return EXIT_ERROR;
        }
    };
    for g in &puzzles {
        let written = match &a.out {
            Some(dir) => std::fs::create_dir_all(dir)
                .and_then(|()| {
                    let stem = dir.join(g.stem());
                    std::fs::write(stem.with_extension("crossproduct"), g.file_text())?;
                    std::fs::write(stem.with_extension("solution"), g.solution_text())
                })
                .with_context(|| format!("cagesat: cannot write to {}", dir.display())),
            None => write!(out, "{}", g.file_text()).context("cagesat: cannot write output"),
        };
        if let Err(e) = written {
            return super::fail(err, &e);
        }
    }
    if let Some(dir) = &a.out {
        let _ = writeln!(out, "wrote {} puzzles to {}", puzzles.len(), dir.display());
    }
    EXIT_OK
}
