//! CrossProduct test helpers: header counts, solution lists, full enumeration.

use std::collections::HashSet;
use std::path::Path;

use cagesat::encode::{encode, EncodeOptions};
use cagesat::grid::Grid;
use cagesat::puzzle::Puzzle;
use cagesat::solve::{Enumerator, VarisatBackend};
use cagesat::verify::verify;

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

/// Enumerates up to `cap` solutions with blocking clauses; every one is verified by the
/// independent checker and all must be distinct.
pub(crate) fn enumerate(puzzle: &Puzzle, opts: &EncodeOptions, cap: usize) -> Vec<Grid<u8>> {
    let enc = encode(puzzle, opts).unwrap();
    let mut it = Enumerator::new(VarisatBackend::new(), &enc.formula, &enc.map);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    while out.len() < cap {
        let Some(grid) = it.next_grid().unwrap() else {
            break;
        };
        verify(puzzle, &grid).unwrap_or_else(|e| panic!("{e}"));
        assert!(seen.insert(grid.clone()), "solution enumerated twice");
        out.push(grid);
    }
    out
}
