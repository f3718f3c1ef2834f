//! # Puzzle → CNF
//!
//! One module per constraint family: `houses` (exactly-one per cell, row, column, box and
//! diagonal), `cage` (cages with a relation, from their allowed tuples or an automaton;
//! `lines` adds their cage–line clauses), `sum` (distinct sums: Kakuro runs, Killer
//! cages), `product` (line products), `visibility` (Towers clues), `order` (pair
//! relations), `rules` (the variant families) and `derived` (sums derived over houses).
//! One assembly, `model`, walks a puzzle's model family by family and calls them; a kind
//! brings only its choices among a family's encodings (`encodings/cnf.md`). An
//! [`Encoding`] bundles the
//! formula, the one-hot map that reads models back into grids, the size of every clause
//! family (so the documentation in `encodings/` can be checked against the code), the
//! auxiliary variable ranges, and how each part of the puzzle was written
//! ([`Encoding::written`]); `dimacs_comments` turns the last three into the DIMACS header.

pub(crate) mod cage;
pub(crate) mod derived;
pub(crate) mod houses;
pub(crate) mod lines;
pub(crate) mod model;
#[cfg(test)]
mod model_tests;
mod options;
pub(crate) mod order;
pub(crate) mod product;
pub(crate) mod rules;
pub(crate) mod sum;
pub(crate) mod visibility;

use thiserror::Error;

pub use crate::cnf::{AmoEncoding, CnfFormula, EncodeStats};
// Named here so that every type in this module's signatures can be named by callers.
pub use crate::cnf::dimacs::AnswerError;
pub use crate::cnf::mdd::MddError;
pub use crate::cnf::table::TableStats;
pub use crate::cnf::{DecodeError, OneHot};
pub use crate::tuples::TupleError;
pub use options::{
    CageLines, ConstraintEncoding, CrossProductOptions, DerivedSums, EncodeOptions, KakuroOptions,
    KenKenOptions, SudokuOptions,
};

/// Encoding failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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

/// How many constraints of one part of a puzzle were written in one form, e.g. 14 KenKen
/// cages as tuple tables. Encoders record this as they write; the DIMACS header prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// The part, e.g. `cages` or `rows/columns exactly-one per digit`.
    pub part: &'static str,
    /// The form, singular and plural: `["as a tuple table", "as tuple tables"]`; empty
    /// when the part's name says it all (`cages with cage-line clauses: 3`).
    pub form: [&'static str; 2],
    /// How many constraints of the part were written in this form.
    pub count: usize,
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
    /// Auxiliary variables by role, in index order: together with the x variables they
    /// cover every variable exactly once.
    pub aux: Vec<AuxRange>,
    /// How each part of the puzzle was written, in the order the parts were first recorded
    /// ([`Encoding::tally`]).
    pub written: Vec<Written>,
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
            written: Vec::new(),
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
        self.push_aux(start, end, role);
        r
    }

    /// Records the variables `start..end` (none when empty) under `role`, merging with the
    /// previous range when it has the same role and ends at `start`.
    fn push_aux(&mut self, start: usize, end: usize, role: &'static str) {
        if end > start {
            match self.aux.last_mut() {
                Some(last) if last.role == role && last.end == start => last.end = end,
                _ => self.aux.push(AuxRange { start, end, role }),
            }
        }
    }

    /// Adds `count` constraints of `part` written in `form` (singular, plural). A zero
    /// count only fixes where the part and form appear in the header.
    pub fn tally(&mut self, part: &'static str, form: [&'static str; 2], count: usize) {
        if let Some(w) = self
            .written
            .iter_mut()
            .find(|w| w.part == part && w.form == form)
        {
            w.count += count;
        } else {
            self.written.push(Written { part, form, count });
        }
    }

    /// Records `groups` exactly-one groups of `k` literals each under `part`, by the form
    /// `crate::cnf::card::exactly_one` writes for them with `amo`.
    pub fn tally_exactly_one(
        &mut self,
        part: &'static str,
        amo: AmoEncoding,
        k: usize,
        groups: usize,
    ) {
        let form = match k {
            0 => ["as the empty clause", "as empty clauses"],
            1 => ["as a unit clause", "as unit clauses"],
            _ => amo_form(amo, k),
        };
        self.tally(part, form, groups);
    }

    /// Records `groups` at-most-one groups of `k` literals each under `part`, by the form
    /// `crate::cnf::card::at_most_one` writes for them with `amo`.
    pub fn tally_at_most_one(
        &mut self,
        part: &'static str,
        amo: AmoEncoding,
        k: usize,
        groups: usize,
    ) {
        let form = match k {
            0 | 1 => ["with no clause", "with no clause"],
            _ => amo_form(amo, k),
        };
        self.tally(part, form, groups);
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

/// The form name of an at-most-one over `k ≥ 2` literals.
fn amo_form(amo: AmoEncoding, k: usize) -> [&'static str; 2] {
    match amo.written(k) {
        Some(AmoEncoding::Sequential) => ["sequential (ladder)", "sequential (ladder)"],
        _ => ["pairwise", "pairwise"],
    }
}

/// The `c` comment lines that start a DIMACS export: the puzzle, the options in the
/// command line's spelling (only those that change this kind's formula), what was written
/// for each part ([`Encoding::written`]), the meaning of every x variable (`x 17 B3=4`) and
/// the auxiliary ranges with their roles (`aux 217-313 cage tuple selector`, the last lines).
#[must_use]
pub(crate) fn dimacs_comments(title: &str, options: &str, enc: &Encoding) -> Vec<String> {
    let d = usize::from(enc.map.digits());
    let mut lines = vec![
        format!("cagesat {title}"),
        format!("options: {options}"),
        format!("encoding: one-hot x(cell,digit); {}", written_summary(enc)),
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

/// `cages: 14 as tuple tables, 1 as a layered automaton (MDD); next part: none`, from
/// [`Encoding::written`] (forms with a zero count are left out).
fn written_summary(enc: &Encoding) -> String {
    let mut parts: Vec<(&str, Vec<String>)> = Vec::new();
    for w in &enc.written {
        let i = match parts.iter().position(|(p, _)| *p == w.part) {
            Some(i) => i,
            None => {
                parts.push((w.part, Vec::new()));
                parts.len() - 1
            }
        };
        match w.form[usize::from(w.count != 1)] {
            _ if w.count == 0 => {}
            "" => parts[i].1.push(w.count.to_string()),
            form => parts[i].1.push(format!("{} {form}", w.count)),
        }
    }
    parts
        .iter()
        .map(|(part, forms)| {
            if forms.is_empty() {
                format!("{part}: none")
            } else {
                format!("{part}: {}", forms.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}
