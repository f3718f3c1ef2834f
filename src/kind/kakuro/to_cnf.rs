//! # Kakuro as CNF: cells, then runs
//!
//! See `encodings/kakuro.md` for the numbering, every clause family with its count formula,
//! and worked counts. Variables: x(cell, d) for the white cells only, row-major, digits
//! 1..=9 ([`OneHot::new`]); then the ladders of the cells' exactly-ones (only with
//! `--amo sequential`); then run by run its auxiliaries ([`crate::encode::sum`]).
//! Families, in the order written: `cell` (exactly one digit per white cell), then per run
//! the distinct-sum families.

use crate::cnf::card::exactly_one;
use crate::cnf::OneHot;
use crate::encode::sum::{encode_sums, DigitSet, RunEncoding};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::puzzle::kakuro::Kakuro;

/// Encodes a Kakuro puzzle, each run as `opts.kakuro.constraint` says: `Auto` is the default
/// choice per run ([`RunEncoding::default_for`]), `Tuples` one selector per combination,
/// `Mdd` the layered sum automaton.
///
/// # Errors
/// None at present (every validated run has at most 12 combinations); the signature matches
/// the other encoders.
pub(crate) fn encode(puzzle: &Kakuro, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    encode_with(puzzle, opts, |len, combos| match opts.kakuro.constraint {
        ConstraintEncoding::Auto => RunEncoding::default_for(len, combos),
        ConstraintEncoding::Tuples => RunEncoding::Selectors,
        ConstraintEncoding::Mdd => RunEncoding::Mdd,
    })
}

/// Encodes a Kakuro puzzle, asking `choose` how to encode each run (given its length and
/// its combinations). A choice that does not fit the run falls back as
/// [`RunEncoding::resolve`] says.
///
/// # Errors
/// None at present; see [`encode`].
pub(crate) fn encode_with(
    puzzle: &Kakuro,
    opts: &EncodeOptions,
    choose: impl Fn(usize, &[DigitSet]) -> RunEncoding,
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
    let runs = puzzle
        .runs()
        .iter()
        .map(|run| (run.cells.as_slice(), u32::from(run.sum)));
    encode_sums(&mut enc, runs, opts.amo, choose);
    Ok(enc)
}
