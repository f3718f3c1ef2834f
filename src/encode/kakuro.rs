//! # Kakuro encoder
//!
//! See `encodings/kakuro.md` for the numbering, every clause family with its count formula,
//! and worked counts. Variables: x(cell, d) for the white cells only, row-major, digits
//! 1..=9 ([`OneHot::new`]); then the ladders of the cells' exactly-ones (only with
//! `--amo sequential`); then run by run its auxiliaries: the ladders of `run-amo` (only with
//! `--amo sequential` and three or more cells), then its selectors (`Selectors`) or automaton
//! nodes and edges (`Mdd`). `Fixed` and `Pair` runs add none.
//! Families, in the order written:
//! - `cell`: exactly one digit per white cell;
//! - per run (`run.rs`): `run-amo`, `run-prune`, `run-must`, then the families of the run's
//!   [`RunEncoding`] (`run-pair`, or `run-select`, `run-cover`, `run-some`, `run-support`,
//!   `run-need`).
//!
//! ## References
//! I. P. Gent, C. Jefferson, I. Miguel, P. Nightingale, *Data Structures for Generalised Arc
//! Consistency for Extensional Constraints*, AAAI 2007 (selector/support encodings);
//! C. Bessiere, G. Katsirelos, N. Narodytska, C.-G. Quimper, T. Walsh, *Decompositions of
//! All Different, Global Cardinality and Related Constraints*, IJCAI 2009 (why the direct
//! all-different encoding is not GAC).

mod run;
mod sets;

pub(crate) use run::{encode_run, RunEncoding, RUN_FAMILIES};
pub(crate) use sets::{combinations, combinations_of, DigitSet};

use crate::cnf::card::exactly_one;
use crate::cnf::{Lit, OneHot};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::puzzle::kakuro::{Kakuro, Run};

/// Encodes a Kakuro puzzle, each run as `opts.kakuro.constraint` says: `Auto` is the default
/// choice per run ([`RunEncoding::default_for`]), `Tuples` one selector per combination,
/// `Mdd` the layered sum automaton.
///
/// # Errors
/// None at present (every validated run has at most 12 combinations); the signature matches
/// the other encoders.
pub(crate) fn encode(puzzle: &Kakuro, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    encode_with(puzzle, opts, |run, combos| match opts.kakuro.constraint {
        ConstraintEncoding::Auto => RunEncoding::default_for(run.cells.len(), combos),
        ConstraintEncoding::Tuples => RunEncoding::Selectors,
        ConstraintEncoding::Mdd => RunEncoding::Mdd,
    })
}

/// Encodes a Kakuro puzzle, asking `choose` how to encode each run (given the run and its
/// combinations). A choice that does not fit the run falls back as
/// [`RunEncoding::resolve`] says.
///
/// # Errors
/// None at present; see [`encode`].
pub(crate) fn encode_with(
    puzzle: &Kakuro,
    opts: &EncodeOptions,
    choose: impl Fn(&Run, &[DigitSet]) -> RunEncoding,
) -> Result<Encoding, EncodeError> {
    let map = OneHot::new(
        puzzle.rows(),
        puzzle.cols(),
        9,
        puzzle.white_cells().to_vec(),
    );
    let mut enc = Encoding::new(map);
    for &cell in puzzle.white_cells() {
        let s = enc.with_aux("cell ladder", |f, map| {
            exactly_one(f, &map.cell_lits(cell), opts.amo)
        });
        enc.record("cell", s);
        enc.tally_exactly_one("white cells exactly-one", opts.amo, 9, 1);
    }
    for form in [SELECTORS, AUTOMATON, PAIR, FIXED] {
        enc.tally(RUNS, form, 0);
    }
    for run in puzzle.runs() {
        let combos = combinations(run.cells.len(), u32::from(run.sum));
        let choice = choose(run, &combos);
        let x: Vec<Vec<Lit>> = run.cells.iter().map(|&c| enc.map.cell_lits(c)).collect();
        let start = enc.formula.var_count();
        let fam = run::encode_run(&mut enc.formula, &x, &combos, choice, opts.amo);
        // The run's ladders (run-amo) come first, then its selectors or automaton.
        let ladder_end = start + fam.amo.vars;
        enc.push_aux(start, ladder_end, "run ladder");
        let (form, role) = match fam.used {
            Some(RunEncoding::Selectors) => (SELECTORS, "run combination selector"),
            Some(RunEncoding::Mdd) => (AUTOMATON, "run automaton node/edge"),
            Some(RunEncoding::Pair) => (PAIR, "run pair"),
            Some(RunEncoding::Fixed) | None => (FIXED, "run fixed"),
        };
        let end = enc.formula.var_count();
        enc.push_aux(ladder_end, end, role);
        enc.tally(RUNS, form, 1);
        enc.tally_at_most_one(
            "run digits at-most-one",
            opts.amo,
            run.cells.len(),
            fam.amo_groups,
        );
        for (name, stats) in RUN_FAMILIES.iter().zip(fam.as_array()) {
            enc.record(name, stats);
        }
    }
    Ok(enc)
}

/// Header part and forms of the runs ([`Encoding::tally`]).
const RUNS: &str = "runs";
const SELECTORS: [&str; 2] = ["with combination selectors", "with combination selectors"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
const PAIR: [&str; 2] = ["as pair clauses", "as pair clauses"];
const FIXED: [&str; 2] = ["fixed (one combination)", "fixed (one combination)"];

#[cfg(test)]
mod run_tests;
#[cfg(test)]
mod tests;
