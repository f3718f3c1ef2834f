//! # Sudoku and Killer Sudoku → CNF
//!
//! See `encodings/sudoku.md`. The variables are the one-hot x(cell, d), cells row-major,
//! digits 1..=N; the Latin square under the puzzle is written by the KenKen encoder's
//! [`encode_latin`] (families `cell`, `row`, `col`), then:
//! - `box`: each digit exactly once per box (`crate::cnf::card::exactly_one`);
//! - `diagonal` (X variants only): each digit exactly once on each long diagonal;
//! - `given`: one unit clause x(cell, d) per given;
//! - Killer only, cage by cage: the clauses of a Kakuro run over the cage's cells
//!   ([`encode_run`]: `cage-amo`, `cage-prune`, `cage-must`, then `cage-pair`, or
//!   `cage-select`, `cage-cover`, `cage-some`, `cage-support`, `cage-need`, or `cage-mdd`,
//!   as `--encoding` chooses, like Kakuro runs).
//!   A run is written over the digits
//!   1..=max(9, N): on a grid of N < 9 the digits above N of every cage cell are one false
//!   variable (`cage-false`, written once), which `cage-prune` then excludes; on a grid of
//!   N > 9 (12×12, 16×16) the cages draw from the digits 1..=N (up to 526 combinations a
//!   cage). `--encoding tuples` on a cage with more combinations than the tuple limit is an
//!   error ([`TupleError::TooMany`]); `auto` takes the automaton there.
//! - Killer only, with `--derived-sums` (`crate::encode::derived`): the sums derived over
//!   several houses, after the cages (`derived-sum-run`, `derived-sum-mdd`).
//!
//! Auxiliary variables follow the x variables: the ladders of sequential at-most-ones
//! (cells, rows, columns, boxes), the false variable, then each cage's ladders, selectors or
//! automaton, then the derived sums'.

use crate::cnf::card::exactly_one;
use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::derived;
use crate::encode::houses::encode_latin;
use crate::encode::rules::encode_rules;
use crate::encode::sum::{combinations_of, encode_run, DigitSet, RunEncoding};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::puzzle::{Killer, KillerCage, Sudoku};
use crate::tuples::TupleError;

/// Names of the cage families, in the order of the run families of [`encode_run`].
pub(crate) const CAGE_FAMILIES: [&str; 10] = [
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

/// Header part of the boxes ([`Encoding::tally`]).
const BOXES: &str = "boxes exactly-one per digit";
/// Header part of the diagonals of an X variant.
const DIAGONALS: &str = "diagonals exactly-one per digit";
/// Header part and form of the givens.
const GIVENS: &str = "givens";
const UNIT: [&str; 2] = ["as a unit clause", "as unit clauses"];
/// Header part of the cages.
const CAGES: &str = "cages";

/// Encodes a Sudoku: the Latin square, its boxes and its givens.
///
/// # Errors
/// None at present; the signature matches the other encoders.
pub(crate) fn encode_sudoku(s: &Sudoku, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let n = s.size();
    let mut enc = encode_latin(n, opts);
    let mut boxes = vec![Vec::new(); n];
    for c in s.cells() {
        boxes[s.box_of(c)].push(c);
    }
    houses(&mut enc, &boxes, ("box", "box ladder", BOXES), opts);
    let diagonals: Vec<Vec<Cell>> = s.diagonal_units().into_iter().map(|(_, c)| c).collect();
    if !diagonals.is_empty() {
        houses(
            &mut enc,
            &diagonals,
            ("diagonal", "diagonal ladder", DIAGONALS),
            opts,
        );
    }
    let givens = s.given_cells();
    for &(c, d) in &givens {
        let lit = enc.map.lit(c, d);
        enc.formula.add_clause(&[lit]);
    }
    enc.record(
        "given",
        EncodeStats {
            vars: 0,
            clauses: givens.len(),
        },
    );
    enc.tally(GIVENS, UNIT, givens.len());
    if !s.variants().is_empty() {
        encode_rules(&mut enc, n as u8, &s.constraints().list, opts)?;
    }
    Ok(enc)
}

/// Writes each digit exactly once in each of `groups` (houses of N cells) as clause family
/// `family`, its ladders' auxiliary range named `aux`, tallied under header part `part`.
fn houses(
    enc: &mut Encoding,
    groups: &[Vec<Cell>],
    (family, aux, part): (&'static str, &'static str, &'static str),
    opts: &EncodeOptions,
) {
    let n = enc.map.digits();
    let st = enc.with_aux(aux, |f, map| {
        let mut total = EncodeStats::default();
        for cells in groups {
            for d in 1..=n {
                let lits: Vec<Lit> = cells.iter().map(|&c| map.lit(c, d)).collect();
                total += exactly_one(f, &lits, opts.amo);
            }
        }
        total
    });
    enc.record(family, st);
    enc.tally_exactly_one(
        part,
        opts.amo,
        usize::from(n),
        usize::from(n) * groups.len(),
    );
}

/// Encodes a Killer Sudoku: the Sudoku, then each cage as a Kakuro run over the digits
/// 1..=max(9, N).
///
/// # Errors
/// [`TupleError::TooMany`] when `--encoding tuples` meets a cage with more combinations
/// than `opts.tuple_limit`.
pub(crate) fn encode_killer(k: &Killer, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let n = k.sudoku().size();
    let mut enc = encode_sudoku(k.sudoku(), opts)?;
    for form in [SELECTORS, AUTOMATON, PAIR, FIXED] {
        enc.tally(CAGES, form, 0);
    }
    // Digits above N: one false variable stands for all of them.
    let pad = (n < 9 && !k.cages().is_empty()).then(|| {
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
    for cage in k.cages() {
        let (combos, choice) = cage_choice(cage, n, opts)?;
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
    let max_cells = derived::max_cells(opts.sudoku.derived_sums, n);
    if max_cells > 0 {
        // The sums the model derives (as the native engine does), handed to the encoder.
        let sums = crate::model::derived::over_cells(&k.constraints()).unwrap_or_default();
        let _ = derived::encode_derived(&mut enc, n, &sums, max_cells, opts);
    }
    Ok(enc)
}

/// The combinations of `cage` on a grid of side `n` and how to encode them.
fn cage_choice(
    cage: &KillerCage,
    n: usize,
    opts: &EncodeOptions,
) -> Result<(Vec<DigitSet>, RunEncoding), EncodeError> {
    let max = u8::try_from(n).unwrap_or(u8::MAX);
    let combos = combinations_of(max, cage.cells.len(), cage.sum);
    let len = cage.cells.len();
    let too_many = combos.len() > opts.tuple_limit;
    let choice = match opts.kakuro.constraint {
        ConstraintEncoding::Auto if too_many => RunEncoding::Mdd,
        ConstraintEncoding::Auto => RunEncoding::default_over(n.max(9), len, &combos),
        ConstraintEncoding::Tuples if too_many => {
            return Err(EncodeError::Tuples(TupleError::TooMany {
                anchor: cage.anchor(),
                cells: len,
                limit: opts.tuple_limit,
            }))
        }
        ConstraintEncoding::Tuples => RunEncoding::Selectors,
        ConstraintEncoding::Mdd => RunEncoding::Mdd,
    };
    Ok((combos, choice))
}

const SELECTORS: [&str; 2] = ["with combination selectors", "with combination selectors"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
const PAIR: [&str; 2] = ["as pair clauses", "as pair clauses"];
const FIXED: [&str; 2] = ["fixed (one combination)", "fixed (one combination)"];
