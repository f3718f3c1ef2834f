//! # Houses: the all-different family's CNF
//!
//! A house holds each digit exactly once (rows and columns of a Latin square, boxes and
//! diagonals of a Sudoku). Families, in the order written: `cell` (exactly one digit per
//! cell), `row`, `col` (each digit exactly once per row and per column) in one pass over a
//! Latin square ([`encode_latin`]); any other houses, such as boxes and diagonals, one family
//! each ([`encode_houses`]). The sizes are in `encodings/kenken.md` and
//! `encodings/sudoku.md`.

use crate::cnf::card::exactly_one;
use crate::cnf::{EncodeStats, Lit, OneHot};
use crate::encode::{EncodeOptions, Encoding};
use crate::grid::Cell;

/// The Latin-square part alone: x variables, `cell`, `row` and `col` families.
///
/// Each family is written in one pass (one auxiliary range, one record), with room for
/// its clauses reserved up front: on a 9×9 this part is most of the formula.
#[must_use]
pub(crate) fn encode_latin(n: usize, opts: &EncodeOptions) -> Encoding {
    let digits = n as u8;
    let mut enc = Encoding::new(OneHot::full(n, n, digits));
    // Pairwise groups of n literals: 1 + n(n−1)/2 clauses and n² literals each; ladders
    // are smaller.
    let groups = 3 * n * n;
    enc.formula
        .reserve(groups * (1 + n * n.saturating_sub(1) / 2), groups * n * n);
    let cell = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let mut lits: Vec<Lit> = Vec::with_capacity(n);
    let s = enc.with_aux("cell ladder", |f, map| {
        let mut total = EncodeStats::default();
        for r in 0..n {
            for c in 0..n {
                lits.clear();
                lits.extend((1..=digits).map(|d| map.lit(cell(r, c), d)));
                total += exactly_one(f, &lits, opts.amo);
            }
        }
        total
    });
    enc.record("cell", s);
    enc.tally_exactly_one("cells exactly-one", opts.amo, n, n * n);
    for (name, role, by_row) in [("row", "row ladder", true), ("col", "col ladder", false)] {
        let s =
            enc.with_aux(role, |f, map| {
                let mut total = EncodeStats::default();
                for line in 0..n {
                    for d in 1..=digits {
                        lits.clear();
                        lits.extend((0..n).map(|i| {
                            map.lit(if by_row { cell(line, i) } else { cell(i, line) }, d)
                        }));
                        total += exactly_one(f, &lits, opts.amo);
                    }
                }
                total
            });
        enc.record(name, s);
        enc.tally_exactly_one("rows/columns exactly-one per digit", opts.amo, n, n * n);
    }
    enc
}

/// Names of a house family: the clause family, the role of its ladders' auxiliary
/// variables, and its part of the DIMACS header.
pub(crate) type House = (&'static str, &'static str, &'static str);

/// Writes each digit exactly once in each of `groups` (houses of N cells, N the digits of
/// the map) as one family named by `house` (boxes, diagonals).
pub(crate) fn encode_houses(
    enc: &mut Encoding,
    groups: &[Vec<Cell>],
    (family, aux, part): House,
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
