//! # The options a CNF was written with
//!
//! `encode` records them in the CNF's header: `c cagesat kenken 4x4` (the puzzle),
//! `c options: --amo auto --cage-lines auto --encoding auto` (the formula options, in the
//! command line's spelling) and, with `--block`, `c block: the last 2 clause(s) exclude
//! given solutions`. `decode --cnf FILE.cnf` reads them back ([`read_cnf_header`]) instead
//! of asking for the same options again; without `--cnf`, an answer to a formula of another
//! size gets the options that give that size named ([`options_for_vars`]).

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{bail, Context};
use cagesat::{encode::EncodeOptions, Puzzle};
use clap::Parser;

use super::{display_name, FormulaArgs};

/// What a CNF's header says about how it was written.
#[derive(Debug)]
pub(crate) struct CnfHeader {
    /// The puzzle's kind and size (`kenken 4x4`).
    pub title: String,
    /// The formula options.
    pub options: EncodeOptions,
    /// How many solutions its last clauses exclude (`encode --block`).
    pub blocked: usize,
}

/// The formula options of the command line, parsed alone (the header's `c options:` line).
#[derive(Debug, Parser)]
#[command(no_binary_name = true)]
struct HeaderFlags {
    #[command(flatten)]
    formula: FormulaArgs,
}

/// Reads the header of `path`, a CNF written by `cagesat encode`, up to its `p cnf` line.
///
/// # Errors
/// Unreadable files, a file without cagesat's header lines, and options that are not the
/// command line's (`FILE:LINE:COL: message`).
pub(crate) fn read_cnf_header(path: &Path) -> anyhow::Result<CnfHeader> {
    let name = display_name(path);
    let file = File::open(path).with_context(|| format!("{name}: cannot read file"))?;
    let (mut title, mut options, mut blocked) = (None, None, 0);
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{name}: cannot read file"))?;
        let at = |col: usize| format!("{name}:{}:{col}", i + 1);
        let Some(comment) = line.strip_prefix('c') else {
            break;
        };
        let text = comment.trim_start();
        let col = line.len() - text.len() + 1;
        if let Some(t) = text.strip_prefix("cagesat ") {
            let _ = title.get_or_insert_with(|| t.trim().to_string());
        } else if let Some(flags) = text.strip_prefix("options:") {
            let flags_col = col + "options:".len() + (flags.len() - flags.trim_start().len());
            let parsed =
                parse_flags(flags).map_err(|e| anyhow::anyhow!("{}: {e}", at(flags_col)))?;
            options = Some(parsed);
        } else if let Some(rest) = text.strip_prefix("block: the last ") {
            let n = rest.split_whitespace().next().unwrap_or("");
            blocked = n.parse().map_err(|_| {
                anyhow::anyhow!(
                    "{}: '{n}' is not a clause count",
                    at(col + "block: the last ".len())
                )
            })?;
        }
    }
    let (Some(title), Some(options)) = (title, options) else {
        bail!(
            "{name}:1:1: no 'c cagesat …' and 'c options: …' header lines: not a CNF written by cagesat encode"
        );
    };
    Ok(CnfHeader {
        title,
        options,
        blocked,
    })
}

/// The options of a `c options:` line: `--amo auto --encoding mdd`, with an optional
/// `(tuple limit N)` (written when the library's tuple limit was changed).
fn parse_flags(flags: &str) -> Result<EncodeOptions, String> {
    let (flags, limit) = match flags.split_once("(tuple limit ") {
        Some((flags, rest)) => {
            let n = rest.trim().trim_end_matches(')');
            let n: usize = n
                .parse()
                .map_err(|_| format!("'{n}' is not a tuple limit"))?;
            (flags, Some(n))
        }
        None => (flags, None),
    };
    let parsed = HeaderFlags::try_parse_from(flags.split_whitespace()).map_err(|e| {
        let text = e.render().to_string();
        let first = text.lines().next().unwrap_or("").trim();
        format!(
            "options the command line does not know: {}",
            first.strip_prefix("error: ").unwrap_or(first)
        )
    })?;
    let mut options = parsed.formula.encode_options();
    if let Some(n) = limit {
        options.tuple_limit = n;
    }
    Ok(options)
}

/// Checks that `header` is of `puzzle`, and that `given` (the command line's formula
/// options) are the defaults or the header's own.
///
/// # Errors
/// A CNF of another puzzle, and options that contradict the header.
pub(crate) fn check_header(
    cnf: &Path,
    header: &CnfHeader,
    puzzle: &Puzzle,
    given: &EncodeOptions,
) -> anyhow::Result<()> {
    let name = display_name(cnf);
    let want = format!("{} {}", puzzle.kind(), puzzle.size_label());
    if header.title != want {
        bail!(
            "{name}: the CNF is of a {}, the puzzle a {want}",
            header.title
        );
    }
    if *given != EncodeOptions::default() && *given != header.options {
        bail!(
            "{name}: the CNF was written with {}, not {}: leave the formula options out with --cnf",
            puzzle.option_flags(&header.options),
            puzzle.option_flags(given)
        );
    }
    Ok(())
}

/// Formulas larger than this (clauses, with the options given) are not re-encoded with
/// every other option set to name the ones that match an answer.
const SEARCH_MAX_CLAUSES: usize = 2_000_000;

/// The option sets (as `encode` flags) under which `puzzle`'s formula has exactly `vars`
/// variables; `None` when the formula is too large to try them all.
pub(crate) fn options_for_vars(
    puzzle: &Puzzle,
    clauses: usize,
    vars: usize,
) -> Option<Vec<String>> {
    if clauses > SEARCH_MAX_CLAUSES {
        return None;
    }
    let mut tried: Vec<String> = Vec::new();
    let mut found = Vec::new();
    for amo in ["auto", "pairwise", "sequential"] {
        for encoding in ["auto", "tuples", "mdd"] {
            for cage_lines in ["auto", "on", "off"] {
                for filter in [None, Some("--no-line-filter")] {
                    let flags = [
                        "--amo",
                        amo,
                        "--encoding",
                        encoding,
                        "--cage-lines",
                        cage_lines,
                    ]
                    .into_iter()
                    .chain(filter);
                    let Ok(parsed) = HeaderFlags::try_parse_from(flags) else {
                        continue;
                    };
                    let opts = parsed.formula.encode_options();
                    let spelled = puzzle.option_flags(&opts);
                    if tried.contains(&spelled) {
                        continue;
                    }
                    tried.push(spelled.clone());
                    if puzzle
                        .encode(&opts)
                        .is_ok_and(|enc| enc.stats().vars == vars)
                    {
                        found.push(spelled);
                    }
                }
            }
        }
    }
    Some(found)
}

/// The highest variable an answer's model lines name (0 for none).
pub(crate) fn highest_variable(answer: &str) -> usize {
    answer
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('c'))
        .flat_map(|l| l.strip_prefix("v ").unwrap_or(l).split_whitespace())
        .filter_map(|t| t.parse::<i64>().ok())
        .map(|lit| usize::try_from(lit.unsigned_abs()).unwrap_or(usize::MAX))
        .max()
        .unwrap_or(0)
}
