//! `survey`: how often random puzzles have a unique solution (CrossProduct).
//!
//! Argument parsing and printing only; the work is done by [`cagesat::survey`].

use std::io::Write;

use clap::{Args, ValueEnum};

use super::{EncodingArg, EXIT_ERROR, EXIT_OK};
use cagesat::encode::EncodeOptions;
use cagesat::generate::survey::survey_crossproduct_with;

/// Puzzle kinds that can be surveyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SurveyKind {
    /// CrossProduct tables.
    Crossproduct,
}

/// `survey` options.
#[derive(Debug, Args)]
pub(crate) struct SurveyArgs {
    /// Puzzle kind (only `crossproduct` so far).
    #[arg(value_enum)]
    pub kind: SurveyKind,
    /// Random puzzles per size, at least 1.
    #[arg(long, default_value_t = 200, value_parser = super::at_least_one::<usize>,
          allow_negative_numbers = true)]
    pub samples: usize,
    /// Sizes as ROWSxCOLS, comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = parse_size, allow_hyphen_values = true,
          default_value = "3x3,3x4,4x3,3x5,5x3,4x4,6x3")]
    pub sizes: Vec<(usize, usize)>,
    /// Generator seed.
    #[arg(long, default_value_t = 0, value_parser = super::not_negative::<u64>,
          allow_negative_numbers = true)]
    pub seed: u64,
    /// Print one JSON object per size (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Line constraint encoding.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    pub encoding: EncodingArg,
}

/// Parses `RxC`.
///
/// # Errors
/// A message for malformed sizes.
fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let (r, c) = s
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("bad size '{s}' (expected ROWSxCOLS, e.g. 5x3)"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("bad size '{s}' (expected ROWSxCOLS, e.g. 5x3)"))
    };
    Ok((num(r)?, num(c)?))
}

fn encode_opts(e: EncodingArg) -> EncodeOptions {
    EncodeOptions::default().with_constraint(e.into())
}

/// Runs `survey`; returns the exit status.
pub(super) fn survey(args: &SurveyArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let SurveyKind::Crossproduct = args.kind;
    let progress =
        super::progress::Progress::items(args.sizes.len().saturating_mul(args.samples), "samples");
    let surveyed = survey_crossproduct_with(
        &args.sizes,
        args.samples,
        args.seed,
        &encode_opts(args.encoding),
        &mut || progress.inc(),
    );
    drop(progress);
    let rows = match surveyed {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "cagesat: {e}");
            return EXIT_ERROR;
        }
    };
    let mut text = String::new();
    if args.json {
        for r in &rows {
            let line = serde_json::to_string(r).unwrap_or_default();
            text.push_str(&line);
            text.push('\n');
        }
    } else {
        text.push_str("size   cells  samples  unique   rate   95% CI (Wilson)\n");
        for r in &rows {
            text.push_str(&format!(
                "{:<6} {:>5} {:>8} {:>7} {:>6.1}%  [{:.1}%, {:.1}%]\n",
                format!("{}x{}", r.rows, r.cols),
                r.rows * r.cols,
                r.samples,
                r.unique,
                100.0 * r.rate,
                100.0 * r.low,
                100.0 * r.high
            ));
        }
    }
    if let Err(e) = out.write_all(text.as_bytes()) {
        return super::write_failed(err, e);
    }
    EXIT_OK
}
