//! # Puzzle → CNF
//!
//! Each puzzle kind has its encoder (one file per kind). An [`Encoding`] bundles the
//! formula, the one-hot map that reads models back into grids, and the size of every clause
//! family, so the documentation in `encodings/` can be checked against the code.

pub(crate) mod crossproduct;
pub(crate) mod kakuro;
pub(crate) mod kenken;
pub(crate) mod lines;

use thiserror::Error;

use crate::cnf::mdd::MddError;
use crate::cnf::table::TableStats;
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
    /// Cage–line ("pointing") reasoning clauses for KenKen (see `lines`).
    pub cage_lines: CageLines,
    /// How arithmetic line constraints are written (CrossProduct rows and columns).
    pub constraint: ConstraintEncoding,
    /// CrossProduct: before writing clauses, remove digits that some row or column cannot
    /// use given the other cells' digits, repeatedly (arc consistency on each line).
    pub line_filter: bool,
}

/// When KenKen cage–line clauses are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CageLines {
    /// For sizes `kenken::CAGE_LINES_MIN_SIZE` and up, where they pay.
    #[default]
    Auto,
    /// Always (the strongest unit propagation).
    On,
    /// Never.
    Off,
}

/// How an arithmetic constraint over several cells is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConstraintEncoding {
    /// Tuples for constraints with few allowed tuples, the layered automaton otherwise.
    #[default]
    Auto,
    /// Always the allowed-tuple (table) encoding (`crate::cnf::table`).
    Tuples,
    /// Always the layered automaton (MDD) encoding (`crate::cnf::mdd`).
    Mdd,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            amo: AmoEncoding::Auto,
            tuple_limit: DEFAULT_TUPLE_LIMIT,
            cage_lines: CageLines::Auto,
            constraint: ConstraintEncoding::Auto,
            line_filter: true,
        }
    }
}

/// Encoding failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EncodeError {
    /// A constraint has too many allowed tuples.
    #[error(transparent)]
    Tuples(#[from] TupleError),
    /// A line constraint has too many allowed tuples for the forced tuple encoding.
    #[error("{line} has more than {limit} allowed tuples (too many for the tuple encoding)")]
    LineTooLarge {
        /// "row 3" or "column 2".
        line: String,
        /// The limit that was exceeded.
        limit: usize,
    },
    /// A layered automaton grew too large.
    #[error("{line}")]
    Mdd {
        /// "row 3" or "column 2".
        line: String,
        /// What happened.
        source: MddError,
    },
}

/// One named clause family and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// Family name, as used in `encodings/*.md`.
    pub name: &'static str,
    /// Its variables and clauses.
    pub stats: EncodeStats,
}

/// A contiguous range of auxiliary variables (0-based indices, end exclusive) and their role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuxRange {
    /// First variable index.
    pub start: usize,
    /// One past the last variable index.
    pub end: usize,
    /// What the variables mean (the clause family that introduced them).
    pub role: &'static str,
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
    /// Auxiliary variables by role, in index order.
    pub aux: Vec<AuxRange>,
}

impl Encoding {
    /// An empty formula whose first variables are the one-hot x variables of `map`.
    #[must_use]
    pub fn new(map: OneHot) -> Self {
        let mut formula = CnfFormula::new();
        formula.set_var_count(map.var_count());
        Encoding {
            formula,
            map,
            families: Vec::new(),
            aux: Vec::new(),
        }
    }

    /// Runs `write` on the formula and records the auxiliary variables it created (if any)
    /// under `role`, merging with the previous range when it has the same role.
    pub fn with_aux<R>(
        &mut self,
        role: &'static str,
        write: impl FnOnce(&mut CnfFormula, &OneHot) -> R,
    ) -> R {
        let start = self.formula.var_count();
        let r = write(&mut self.formula, &self.map);
        let end = self.formula.var_count();
        if end > start {
            match self.aux.last_mut() {
                Some(last) if last.role == role && last.end == start => last.end = end,
                _ => self.aux.push(AuxRange { start, end, role }),
            }
        }
        r
    }

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

    /// Records the five families of a table encoding under the given names (prune, fix,
    /// select — with the selector variables —, some, support).
    pub fn record_table(&mut self, names: [&'static str; 5], t: &TableStats) {
        let c = |clauses| EncodeStats { vars: 0, clauses };
        self.record(names[0], c(t.prune));
        self.record(names[1], c(t.fix));
        self.record(
            names[2],
            EncodeStats {
                vars: t.selectors,
                clauses: t.select,
            },
        );
        self.record(names[3], c(t.some));
        self.record(names[4], c(t.support));
    }

    /// Every clause family and its size, in the order written (the x variables are not a
    /// family).
    #[must_use]
    pub fn families(&self) -> &[Family] {
        &self.families
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

/// The `c` comment lines that start a DIMACS export: the puzzle, the options, the meaning
/// of every x variable (`x 17 B3=4`) and the auxiliary ranges with their roles.
#[must_use]
pub(crate) fn dimacs_comments(
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
) -> Vec<String> {
    let d = usize::from(enc.map.digits());
    let mut lines = vec![
        format!("cagesat {} {}", puzzle.kind(), puzzle.size_label()),
        format!(
            "encoding: one-hot x(cell,digit), exactly-one per cell; at-most-one {:?}; tables of allowed tuples",
            opts.amo
        ),
        format!(
            "variables 1..{}: x(cell,d) = position(cell)*{d} + d, cells in row-major order; lines 'x VAR CELL=DIGIT'",
            enc.map.var_count()
        ),
    ];
    for (p, &cell) in enc.map.cells().iter().enumerate() {
        for digit in 1..=d {
            lines.push(format!("x {} {cell}={digit}", p * d + digit));
        }
    }
    for a in &enc.aux {
        lines.push(format!("aux {}-{} {}", a.start + 1, a.end, a.role));
    }
    lines
}

/// Encodes any puzzle.
///
/// # Errors
/// [`EncodeError`] when a constraint exceeds the encoder's limits.
pub fn encode(puzzle: &Puzzle, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    match puzzle {
        Puzzle::KenKen(k) => kenken::encode(k, opts),
        Puzzle::Kakuro(k) => kakuro::encode(k, opts),
        Puzzle::CrossProduct(p) => crossproduct::encode(p, opts),
    }
}
