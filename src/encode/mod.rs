//! # Puzzle → CNF
//!
//! Each puzzle kind has its encoder (one file per kind). An [`Encoding`] bundles the
//! formula, the one-hot map that reads models back into grids, and the size of every clause
//! family, so the documentation in `encodings/` can be checked against the code.

pub mod kakuro;
pub mod kenken;

use thiserror::Error;

use crate::cnf::{AmoEncoding, CnfFormula, EncodeStats, OneHot};
use crate::puzzle::Puzzle;
use crate::tuples::{TupleError, DEFAULT_TUPLE_LIMIT};

/// Encoding choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeOptions {
    /// At-most-one encoding for cells, rows and columns.
    pub amo: AmoEncoding,
    /// Largest number of allowed tuples per cage.
    pub tuple_limit: usize,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            amo: AmoEncoding::Auto,
            tuple_limit: DEFAULT_TUPLE_LIMIT,
        }
    }
}

/// Encoding failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// A constraint has too many allowed tuples.
    #[error(transparent)]
    Tuples(#[from] TupleError),
}

/// One named clause family and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// Family name, as used in `encodings/*.md`.
    pub name: &'static str,
    /// Its variables and clauses.
    pub stats: EncodeStats,
}

/// A puzzle's CNF.
#[derive(Debug)]
pub struct Encoding {
    /// The clauses.
    pub formula: CnfFormula,
    /// x(cell, digit) ⇄ variable.
    pub map: OneHot,
    /// Sizes by clause family, in the order written.
    pub families: Vec<Family>,
}

impl Encoding {
    /// Total variables and clauses.
    #[must_use]
    pub fn stats(&self) -> EncodeStats {
        EncodeStats {
            vars: self.formula.var_count(),
            clauses: self.formula.len(),
        }
    }

    /// Adds `stats` to the family called `name` (creating it if needed).
    pub fn record(&mut self, name: &'static str, stats: EncodeStats) {
        if let Some(f) = self.families.iter_mut().find(|f| f.name == name) {
            f.stats.vars += stats.vars;
            f.stats.clauses += stats.clauses;
        } else {
            self.families.push(Family { name, stats });
        }
    }

    /// The size of one family (zero when absent).
    #[must_use]
    pub fn family(&self, name: &str) -> EncodeStats {
        self.families
            .iter()
            .find(|f| f.name == name)
            .map_or_else(EncodeStats::default, |f| f.stats)
    }
}

/// Encodes any puzzle.
///
/// # Errors
/// [`EncodeError`] when a constraint exceeds the encoder's limits.
pub fn encode(puzzle: &Puzzle, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    match puzzle {
        Puzzle::KenKen(k) => kenken::encode(k, opts),
        Puzzle::Kakuro(k) => kakuro::encode(k, opts),
    }
}
