//! # Sum cages: distinct sums over the digits of a square
//!
//! A cage of distinct digits with a sum (a Killer's) is written as a run
//! ([`encode_run`]) over the digits 1..=max(9, N) of an N×N square: on a grid of N < 9 the
//! digits above N of every cage cell are one false variable (`cage-false`, written once),
//! which `cage-prune` then excludes; on a grid of N > 9 (12×12, 16×16) the cages draw from
//! the digits 1..=N (up to 526 combinations a cage). Families, cage by cage, in the order
//! of the run families: [`CAGE_FAMILIES`]. `--encoding tuples` on a cage with more
//! combinations than the tuple limit is an error ([`TupleError::TooMany`]); `auto` takes the
//! automaton there. See `encodings/sudoku.md` for the sizes.

use super::run::{encode_run, RunEncoding};
use super::sets::{combinations_of, DigitSet};
use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::puzzle::Constraint;
use crate::tuples::TupleError;

/// Names of the cage families, in the order of the run families of [`encode_run`].
const CAGE_FAMILIES: [&str; 10] = [
    "cage-amo",
    "cage-prune",
    "cage-must",
    "cage-pair",
    "cage-select",
    "cage-cover",
    "cage-some",
    "cage-support",
    "cage-need",
    "cage-mdd",
];

/// Header part of the cages and its forms.
const CAGES: &str = "cages";
const SELECTORS: [&str; 2] = ["with combination selectors", "with combination selectors"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
const PAIR: [&str; 2] = ["as pair clauses", "as pair clauses"];
const FIXED: [&str; 2] = ["fixed (one combination)", "fixed (one combination)"];

/// Writes each sum cage of `cages` (distinct digits with a sum, on an N×N square) into
/// `enc`, as `constraint` chooses.
///
/// # Errors
/// [`TupleError::TooMany`] when `ConstraintEncoding::Tuples` meets a cage with more
/// combinations than `opts.tuple_limit`.
pub(crate) fn encode_sum_cages(
    enc: &mut Encoding,
    n: usize,
    cages: &[&Constraint],
    constraint: ConstraintEncoding,
    opts: &EncodeOptions,
) -> Result<(), EncodeError> {
    for form in [SELECTORS, AUTOMATON, PAIR, FIXED] {
        enc.tally(CAGES, form, 0);
    }
    // Digits above N: one false variable stands for all of them.
    let pad = (n < 9 && !cages.is_empty()).then(|| {
        enc.with_aux("cage digit above N (false)", |f, _| {
            let v = f.new_lit();
            f.add_clause(&[!v]);
            v
        })
    });
    if pad.is_some() {
        enc.record(
            "cage-false",
            EncodeStats {
                vars: 1,
                clauses: 1,
            },
        );
    }
    for cage in cages {
        let (combos, choice) = cage_choice(cage, n, constraint, opts)?;
        let x: Vec<Vec<Lit>> = cage
            .cells
            .iter()
            .map(|&c| {
                let mut lits = enc.map.cell_lits(c);
                lits.extend(pad.iter().copied().cycle().take(9usize.saturating_sub(n)));
                lits
            })
            .collect();
        let fam = enc.with_aux("cage ladder, selector or automaton", |f, _| {
            encode_run(f, &x, &combos, choice, opts.amo)
        });
        let form = match fam.used {
            Some(RunEncoding::Selectors) => SELECTORS,
            Some(RunEncoding::Mdd) => AUTOMATON,
            Some(RunEncoding::Pair) => PAIR,
            Some(RunEncoding::Fixed) | None => FIXED,
        };
        enc.tally(CAGES, form, 1);
        for (name, stats) in CAGE_FAMILIES.iter().zip(fam.as_array()) {
            enc.record(name, stats);
        }
    }
    Ok(())
}

/// The combinations of `cage` on a grid of side `n` and how to encode them.
fn cage_choice(
    cage: &Constraint,
    n: usize,
    constraint: ConstraintEncoding,
    opts: &EncodeOptions,
) -> Result<(Vec<DigitSet>, RunEncoding), EncodeError> {
    let max = u8::try_from(n).unwrap_or(u8::MAX);
    let len = cage.cells.len();
    let sum = u32::try_from(cage.target.unwrap_or(0)).unwrap_or(u32::MAX);
    let combos = combinations_of(max, len, sum);
    let too_many = combos.len() > opts.tuple_limit;
    let choice = match constraint {
        ConstraintEncoding::Auto if too_many => RunEncoding::Mdd,
        ConstraintEncoding::Auto => RunEncoding::default_over(n.max(9), len, &combos),
        ConstraintEncoding::Tuples if too_many => {
            return Err(EncodeError::Tuples(TupleError::TooMany {
                anchor: cage.cells.iter().copied().min().unwrap_or(Cell::new(0, 0)),
                cells: len,
                limit: opts.tuple_limit,
            }))
        }
        ConstraintEncoding::Tuples => RunEncoding::Selectors,
        ConstraintEncoding::Mdd => RunEncoding::Mdd,
    };
    Ok((combos, choice))
}
