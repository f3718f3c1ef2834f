//! CrossProduct test helpers: header counts, solution lists, the engine configurations.

use std::path::Path;

use cagesat::{
    encode::{ConstraintEncoding, EncodeOptions},
    Engine, EngineOptions, Grid,
};

/// The `# solutions:` header: `Exact(K)` or `AtLeast(K)` (`>=K`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stated {
    /// Exactly this many solutions.
    Exact(usize),
    /// At least this many (counting was stopped).
    AtLeast(usize),
}

/// Reads the `# solutions:` header of a puzzle file, if any.
pub(crate) fn stated_count(path: &str) -> Option<Stated> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let value = text
        .lines()
        .find_map(|l| l.strip_prefix("# solutions:"))?
        .trim();
    Some(match value.strip_prefix(">=") {
        Some(v) => Stated::AtLeast(v.trim().parse().unwrap()),
        None => Stated::Exact(value.parse().unwrap()),
    })
}

/// Reads a `.solutions` file: grids separated by blank lines.
pub(crate) fn read_solutions(path: &Path) -> Option<Vec<Grid<u8>>> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut grids = Vec::new();
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for line in text.lines().map(str::trim).chain([""]) {
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !rows.is_empty() {
                grids.push(Grid::from_rows(std::mem::take(&mut rows)).unwrap());
            }
        } else {
            rows.push(
                line.split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect(),
            );
        }
    }
    Some(grids)
}

/// The options to run `engine` under: every listed SAT encoding (constraint encoding and
/// line filter) for a SAT engine, the defaults for the native engine (which has no CNF).
pub(crate) fn configs(engine: &Engine, sat: &[(ConstraintEncoding, bool)]) -> Vec<EngineOptions> {
    if *engine == Engine::Native {
        return vec![EngineOptions::default()];
    }
    sat.iter()
        .map(|&(constraint, line_filter)| EngineOptions {
            encode: {
                let mut opts = EncodeOptions::default().with_constraint(constraint);
                opts.crossproduct.line_filter = line_filter;
                opts
            },
            ..EngineOptions::default()
        })
        .collect()
}
