//! # A Killer's derived sums → CNF
//!
//! The native engine derives sums over several houses (innies and outies of growing unions
//! of rows, columns and boxes; `crate::model::derived`): `Σ plus − Σ minus = total`, each
//! holding in every solution. This module writes them as clauses ([`CellSum`]: the kind's
//! seam hands over the sums the model derives, the same the native engine uses), so the CNF
//! learns what a solver would otherwise have to find by conflicts. See `encodings/sudoku.md` (families `derived-sum-run` and `derived-sum-mdd`,
//! and the measurement that sets [`DerivedSums::Auto`]).
//!
//! - A sum with no `minus` cells whose cells all lie in one house (their digits differ) is a
//!   distinct run, written like a cage by [`encode_run`] (`derived-sum-run`: its families
//!   together).
//! - Any other sum is a layered automaton over partial sums ([`Mdd::sum`]) on the values `d`
//!   of a `plus` cell and `N + 1 − d` of a `minus` cell, whose total is
//!   `total + |minus|·(N + 1)` (`derived-sum-mdd`): unit propagation keeps it arc consistent,
//!   digits free to repeat.
//!
//! Only sums of at most [`MAX_CELLS`] cells are written. Every derived sum is implied by the
//! houses and the cages, so counts never change; an automaton that grows too large is left
//! out (that too is sound).

use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::sum::{combinations_of, encode_run, RunEncoding};
use crate::encode::{DerivedSums, EncodeOptions, Encoding};
use crate::grid::Cell;

/// The most cells of a derived sum written with [`DerivedSums::On`].
pub(crate) const MAX_CELLS: usize = 9;

/// The most cells of a derived sum written with [`DerivedSums::Auto`]: on Tarek's 42 hard
/// Killers the sums of up to 3 cells cut CPU time most on both varisat and CaDiCaL (about
/// 2.5× less than none); larger ones add clauses that cost more than they save
/// (`encodings/sudoku.md`, "Derived sums: measured").
pub(crate) const AUTO_MAX_CELLS: usize = 3;

/// Names of the clause families, in the order they first appear.
pub(crate) const DERIVED_FAMILIES: [&str; 2] = ["derived-sum-run", "derived-sum-mdd"];

/// Header part of the derived sums ([`Encoding::tally`]).
const PART: &str = "derived sums";
const RUN: [&str; 2] = ["as a distinct run", "as distinct runs"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
/// Auxiliary role of the runs' ladders, selectors and automata.
const AUX: &str = "derived sum ladder, selector or automaton";

/// The most cells a derived sum may have to be written under `choice` on a grid of side
/// `n` (0: none). `auto` writes them on 9×9 grids only, where they were measured.
#[must_use]
pub(crate) fn max_cells(choice: DerivedSums, n: usize) -> usize {
    match choice {
        DerivedSums::Off => 0,
        DerivedSums::Auto if n == 9 => AUTO_MAX_CELLS,
        DerivedSums::Auto => 0,
        DerivedSums::On => MAX_CELLS,
    }
}

/// A derived sum over grid cells: `Σ plus − Σ minus = total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CellSum {
    /// The cells added.
    pub(crate) plus: Vec<Cell>,
    /// The cells subtracted.
    pub(crate) minus: Vec<Cell>,
    /// The total.
    pub(crate) total: i64,
    /// Whether the `plus` cells all lie in one house (their digits differ).
    pub(crate) one_house: bool,
}

/// Writes the `sums` (digits 1..=`n`) that have at most `max_cells` cells; returns how
/// many were written.
pub(crate) fn encode_derived(
    enc: &mut Encoding,
    n: usize,
    sums: &[CellSum],
    max_cells: usize,
    opts: &EncodeOptions,
) -> usize {
    let mut written = 0;
    for d in sums {
        let len = d.plus.len() + d.minus.len();
        if len == 0 || len > max_cells {
            continue;
        }
        let wrote = if d.minus.is_empty() && d.one_house {
            distinct(enc, n, d, opts)
        } else {
            automaton(enc, n, d)
        };
        written += usize::from(wrote);
    }
    written
}

/// The one-hot literals of `cells` (digits 1..=N).
fn lits_of(enc: &Encoding, cells: &[Cell]) -> Vec<Vec<Lit>> {
    cells.iter().map(|&c| enc.map.cell_lits(c)).collect()
}

/// Writes `d` (no minus cells, all in one house) as a distinct run.
fn distinct(enc: &mut Encoding, n: usize, d: &CellSum, opts: &EncodeOptions) -> bool {
    let (Ok(max), Ok(total)) = (u8::try_from(n), u32::try_from(d.total)) else {
        return automaton(enc, n, d);
    };
    let x = lits_of(enc, &d.plus);
    let combos = combinations_of(max, d.plus.len(), total);
    let choice = if combos.len() > opts.tuple_limit {
        RunEncoding::Mdd
    } else {
        RunEncoding::default_over(n, d.plus.len(), &combos)
    };
    let fam = enc.with_aux(AUX, |f, _| encode_run(f, &x, &combos, choice, opts.amo));
    let total = fam
        .as_array()
        .into_iter()
        .fold(EncodeStats::default(), |mut a, s| {
            a += s;
            a
        });
    enc.record(DERIVED_FAMILIES[0], total);
    enc.tally(PART, RUN, 1);
    true
}

/// Writes `d` as a layered automaton over partial sums of `d` or `N + 1 − d`.
fn automaton(enc: &mut Encoding, n: usize, d: &CellSum) -> bool {
    let cells: Vec<Cell> = d.plus.iter().chain(&d.minus).copied().collect();
    let lits = lits_of(enc, &cells);
    let values: Vec<Vec<u64>> = (0..cells.len())
        .map(|i| {
            (1..=n as u64)
                .map(|v| {
                    if i < d.plus.len() {
                        v
                    } else {
                        n as u64 + 1 - v
                    }
                })
                .collect()
        })
        .collect();
    let shift = (d.minus.len() as i64).checked_mul(n as i64 + 1);
    let target = shift.and_then(|s| d.total.checked_add(s));
    let Some(target) = target.and_then(|t| u64::try_from(t).ok()) else {
        // A negative total cannot be made: the puzzle has no solution.
        enc.formula.add_clause(&[]);
        enc.record(
            DERIVED_FAMILIES[1],
            EncodeStats {
                vars: 0,
                clauses: 1,
            },
        );
        enc.tally(PART, AUTOMATON, 1);
        return true;
    };
    let Ok(mdd) = Mdd::sum(&values, target, DEFAULT_NODE_LIMIT) else {
        return false;
    };
    let st = enc.with_aux(AUX, |f, _| encode_mdd(f, &lits, &mdd));
    enc.record(DERIVED_FAMILIES[1], st.total());
    enc.tally(PART, AUTOMATON, 1);
    true
}
