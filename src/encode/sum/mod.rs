//! # Distinct sums: the family's CNF
//!
//! Cells with distinct digits 1..=9 adding up to a target: Kakuro runs and Killer cages. See
//! `encodings/kakuro.md` for every clause family with its count formula, and worked counts.
//! Run by run ([`encode_sums`]): its auxiliaries, the ladders of `run-amo` (only with
//! `--amo sequential` and three or more cells), then its selectors or automaton nodes and
//! edges; `Fixed` and `Pair` runs add none. Families, per run (`run.rs`): `run-amo`,
//! `run-prune`, `run-must`, then the families of the run's [`RunEncoding`] (`run-pair`, or
//! `run-select`, `run-cover`, `run-some`, `run-support`, `run-need`). Sum cages (a
//! Killer's) are runs over the digits of a square, with their own family names
//! ([`encode_sum_cages`]).
//!
//! ## References
//! I. P. Gent, C. Jefferson, I. Miguel, P. Nightingale, *Data Structures for Generalised Arc
//! Consistency for Extensional Constraints*, AAAI 2007 (selector/support encodings);
//! C. Bessiere, G. Katsirelos, N. Narodytska, C.-G. Quimper, T. Walsh, *Decompositions of
//! All Different, Global Cardinality and Related Constraints*, IJCAI 2009 (why the direct
//! all-different encoding is not GAC).

mod cage;
mod run;
mod sets;

pub(crate) use cage::encode_sum_cages;
pub(crate) use run::{encode_run, RunEncoding, RUN_FAMILIES};
pub(crate) use sets::{combinations, combinations_of, DigitSet};

use crate::cnf::{AmoEncoding, Lit};
use crate::encode::Encoding;
use crate::grid::Cell;

/// Writes each distinct sum (its cells and target) into `enc`, asking `choose` how to
/// encode it (given its length and its digit combinations). A choice that does not fit the
/// sum falls back as [`RunEncoding::resolve`] says.
pub(crate) fn encode_sums<'a>(
    enc: &mut Encoding,
    runs: impl IntoIterator<Item = (&'a [Cell], u32)>,
    amo: AmoEncoding,
    choose: impl Fn(usize, &[DigitSet]) -> RunEncoding,
) {
    for form in [SELECTORS, AUTOMATON, PAIR, FIXED] {
        enc.tally(RUNS, form, 0);
    }
    for (cells, sum) in runs {
        let combos = combinations(cells.len(), sum);
        let choice = choose(cells.len(), &combos);
        let x: Vec<Vec<Lit>> = cells.iter().map(|&c| enc.map.cell_lits(c)).collect();
        let start = enc.formula.var_count();
        let fam = encode_run(&mut enc.formula, &x, &combos, choice, amo);
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
        enc.tally_at_most_one("run digits at-most-one", amo, cells.len(), fam.amo_groups);
        for (name, stats) in RUN_FAMILIES.iter().zip(fam.as_array()) {
            enc.record(name, stats);
        }
    }
}

/// Header part and forms of the runs ([`Encoding::tally`]).
const RUNS: &str = "runs";
const SELECTORS: [&str; 2] = ["with combination selectors", "with combination selectors"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
const PAIR: [&str; 2] = ["as pair clauses", "as pair clauses"];
const FIXED: [&str; 2] = ["fixed (one combination)", "fixed (one combination)"];

#[cfg(test)]
mod tests;
