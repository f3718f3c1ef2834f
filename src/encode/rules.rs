//! # A variant's rules → CNF, read from the model
//!
//! The variant constraints of a puzzle are written from its model (the constraints a
//! variant lowers to, `crate::puzzle::Variant::lower`), one family at a time, over the
//! one-hot x(cell, d):
//!
//! - a relation between two cells ([`RuleKind::Pair`]) by its supports
//!   ([`crate::encode::order::encode_pair`]: 2N clauses, arc consistency by unit
//!   propagation, as the native filter);
//! - a rule over a line ([`RuleKind::Line`]) as its layered automaton (`crate::line`, the
//!   automaton the native filter walks) with the MDD encoding of `crate::cnf::mdd`; a sum
//!   line in its linear form (`crate::line::linear_form`), its runs of cells sharing a house
//!   kept distinct (`distinct_runs`); a renban line of two or three cells as its pairs
//!   (`renban_pairwise`);
//! - a distinct group ([`RuleKind::Distinct`]): each digit at most once (exactly once when
//!   the group has N cells), with the puzzle's at-most-one encoding.
//!
//! Each constraint's clauses are counted under the clause family of its setter's name
//! (`crate::puzzle::family::cnf_name`: `thermometer`, `white-dot`, `anti-knight`, …).

use std::collections::HashMap;

use crate::cnf::card::{at_most_one, exactly_one};
use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::order::{encode_pair, encode_supports};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::line::{linear_form, Automaton, Linear};
use crate::puzzle::{Constraint, ConstraintKind, LineRule, RuleKind};

/// Writes every variant constraint of `list` (digits `1..=n`) into `enc`; nothing when
/// there is none.
///
/// # Errors
/// [`EncodeError::Mdd`] when a line's automaton exceeds the node limit.
pub(crate) fn encode_rules(
    enc: &mut Encoding,
    n: u8,
    list: &[Constraint],
    opts: &EncodeOptions,
) -> Result<(), EncodeError> {
    // The box of every cell (a jigsaw's region): a line's sum bounds count the cells of a
    // box as distinct digits.
    // Rows and columns do the same: three partitions of the cells into distinct digits.
    let mut parts: [HashMap<Cell, usize>; 3] = Default::default();
    for (part, kind) in parts.iter_mut().zip([
        ConstraintKind::Box,
        ConstraintKind::Row,
        ConstraintKind::Column,
    ]) {
        for (i, c) in list
            .iter()
            .filter(|c| c.kind == kind && c.distinct)
            .enumerate()
        {
            for &cell in &c.cells {
                let _ = part.insert(cell, i);
            }
        }
    }
    // The houses (each digit once): a sum line covering most of one is rewritten by it.
    let houses: Vec<Vec<Cell>> = list
        .iter()
        .filter(|c| c.kind.is_group() && c.distinct && c.cells.len() == usize::from(n))
        .map(|c| c.cells.clone())
        .collect();
    let mut count = 0usize;
    for c in list {
        let Some(rule) = c
            .rule
            .as_ref()
            .filter(|_| c.kind == ConstraintKind::Variant)
        else {
            continue;
        };
        count += 1;
        let name = crate::puzzle::family::cnf_name(rule.name);
        match &rule.kind {
            RuleKind::Pair(rel) => {
                let (a, b) = (c.cells[0], c.cells[1]);
                let map = &enc.map;
                let clauses = encode_pair(&mut enc.formula, |c, d| map.lit(c, d), n, (a, b, *rel));
                enc.record(name, EncodeStats { vars: 0, clauses });
            }
            RuleKind::Line(line) => {
                if let Some((cells, coefs, target)) = linear_form(line, &c.cells, &houses, n) {
                    let parts_of: Vec<Vec<usize>> =
                        parts.iter().map(|part| groups(&cells, part)).collect();
                    let a = Linear::new(coefs, target, n, &parts_of);
                    let len = cells.len();
                    let plain = build_line(
                        c,
                        len,
                        n,
                        a.start(),
                        |p, s, d| a.step(p, s, d),
                        Linear::accept,
                    )?;
                    let cont = distinct_runs(&cells, &parts, RUN_MIN);
                    let step = |pos: usize, (s, m): (i64, u64), d: u8| {
                        let m = if cont[pos] { m } else { 0 };
                        if m >> d & 1 == 1 {
                            return None;
                        }
                        let next = if cont.get(pos + 1) == Some(&true) {
                            m | 1 << d
                        } else {
                            0
                        };
                        a.step(pos, s, d).map(|s| (s, next))
                    };
                    let cap = plain.node_count().saturating_mul(RUN_GROWTH);
                    let ran = cont
                        .contains(&true)
                        .then(|| {
                            build_line(c, len, n, (a.start(), 0), step, |(s, _)| Linear::accept(s))
                        })
                        .and_then(Result::ok)
                        .filter(|m| m.node_count() <= cap);
                    match ran {
                        Some(mdd) => write_mdd(enc, name, &cells, n, &mdd),
                        None => write_mdd(enc, name, &cells, n, &plain),
                    }
                } else if *line == LineRule::Consecutive && renban_pairwise(c.cells.len(), n) {
                    let k = c.cells.len();
                    let mut clauses = 0;
                    for (i, &a) in c.cells.iter().enumerate() {
                        for &b in &c.cells[i + 1..] {
                            let map = &enc.map;
                            clauses += encode_supports(
                                &mut enc.formula,
                                |c, d| map.lit(c, d),
                                n,
                                (a, b),
                                |x, y| x != y && usize::from(x.abs_diff(y)) < k,
                            );
                        }
                    }
                    enc.record(name, EncodeStats { vars: 0, clauses });
                } else {
                    let mut a = Automaton::new(line, c.cells.len());
                    for part in &parts {
                        a = a.with_boxes(&groups(&c.cells, part), n);
                    }
                    let step = |pos, s, d| a.step(pos, s, d);
                    write_line(enc, name, c, &c.cells, n, a.start(), step, |s| a.accept(s))?;
                }
                if *line == LineRule::Consecutive {
                    let stats = enc.with_aux("renban digits on the line", |f, map| {
                        let lits: Vec<Vec<Lit>> = c
                            .cells
                            .iter()
                            .map(|&cell| (1..=n).map(|d| map.lit(cell, d)).collect())
                            .collect();
                        digits_on_line(f, &lits)
                    });
                    enc.record(name, stats);
                }
            }
            RuleKind::Distinct => {
                let house = c.cells.len() == usize::from(n);
                let stats = enc.with_aux("variant region ladder", |f, map| {
                    let mut total = EncodeStats::default();
                    for d in 1..=n {
                        let lits: Vec<Lit> = c.cells.iter().map(|&cell| map.lit(cell, d)).collect();
                        total += if house {
                            exactly_one(f, &lits, opts.amo)
                        } else {
                            at_most_one(f, &lits, opts.amo)
                        };
                    }
                    total
                });
                enc.record(name, stats);
            }
        }
    }
    if count > 0 {
        enc.tally(
            "variant constraints",
            ["from the model's rules", "from the model's rules"],
            count,
        );
    }
    Ok(())
}

/// Whether a renban line of `k` cells is written as its pairs (each two cells distinct and
/// less than `k` apart, the supports of each pair: ISS's `BinaryPairwise`) rather than as
/// its automaton: lines of two and three cells. Pairs and automaton say the same (`k`
/// distinct digits spanning less than `k` are consecutive); over Hard renban 1 and 2 (lines
/// of 2–3 cells) the pairs measured 1.5–2.5× faster on CaDiCaL, over Leven's lines of four
/// 5× more conflicts.
fn renban_pairwise(k: usize, n: u8) -> bool {
    k <= 3 && k <= usize::from(n)
}

/// A renban line of more than N/2 cells: its digits as variables `y(d)` ("digit `d` is on the line", `lits[i][d − 1]`
/// the cells' one-hot literals): `x(cell, d) → y(d)`, `y(d) → ⋁ x(cell, d)`, the digits
/// every run of `k` consecutive digits of `1..=N` holds (`N − k + 1 ≤ d ≤ k`) as units, no
/// two digits `k` or more apart, and no gap between two digits on the line (ISS reasons on
/// the line's range the same way). The line's automaton already holds the rule; these
/// give the solver the words for it.
fn digits_on_line(f: &mut impl ExtendFormula, lits: &[Vec<Lit>]) -> EncodeStats {
    let k = lits.len();
    let n = lits.first().map_or(0, Vec::len);
    // Short lines hold no digit for sure; there the variables only slowed CaDiCaL down
    // (ISS's Hard renban 2, lines of 2 and 3 cells: 19.6 s -> 39.0 s).
    if 2 * k <= n || k > n {
        return EncodeStats::default();
    }
    let y: Vec<Lit> = (0..n).map(|_| f.new_lit()).collect();
    let mut clauses = 0usize;
    let mut any = Vec::with_capacity(k + 1);
    for (d, &yd) in y.iter().enumerate() {
        any.clear();
        any.push(!yd);
        for cell in lits {
            f.add_clause(&[!cell[d], yd]);
            any.push(cell[d]);
        }
        f.add_clause(&any);
        clauses += k + 1;
        if d + k >= n && d < k {
            f.add_clause(&[yd]);
            clauses += 1;
        }
    }
    for (d, &yd) in y.iter().enumerate() {
        for (e, &ye) in y.iter().enumerate().skip(d + 1) {
            if e - d >= k {
                f.add_clause(&[!yd, !ye]);
                clauses += 1;
            } else {
                for &ym in &y[d + 1..e] {
                    f.add_clause(&[!yd, !ye, ym]);
                    clauses += 1;
                }
            }
        }
    }
    EncodeStats { vars: n, clauses }
}

/// The fewest cells of a run that a sum line's automaton keeps distinct (runs of two, on
/// the little killers' diagonals, doubled Hailstone's variables for no fewer conflicts).
const RUN_MIN: usize = 3;

/// How many times the nodes of a sum line's plain automaton its automaton with distinct
/// runs may have (Long sums 1 needs 2.4×: 12,433 → 1,730 conflicts on its uniqueness proof).
const RUN_GROWTH: usize = 6;

/// Which of `cells` (distinct cells, in order) continue a run of cells that share a house
/// of `parts` pairwise (so hold distinct digits): `cont[i]` when cell `i` shares a house
/// with each cell of the run before it; runs of fewer than `min` cells are left out.
fn distinct_runs(cells: &[Cell], parts: &[HashMap<Cell, usize>], min: usize) -> Vec<bool> {
    let mut cont = vec![false; cells.len()];
    let mut begin = 0;
    for i in 1..=cells.len() {
        let shares = |j: usize| {
            parts.iter().any(|part| {
                let (a, b) = (part.get(&cells[i]), part.get(&cells[j]));
                a.is_some() && a == b
            })
        };
        if i < cells.len() && (begin..i).all(shares) {
            cont[i] = true;
        } else {
            if i - begin < min {
                cont[begin..i].fill(false);
            }
            begin = i;
        }
    }
    cont
}

/// The group of each of `cells` in a partition of the grid into houses (`part`: cell →
/// house); a cell in none gets a group of its own.
fn groups(cells: &[Cell], part: &HashMap<Cell, usize>) -> Vec<usize> {
    cells
        .iter()
        .enumerate()
        .map(|(j, cell)| part.get(cell).copied().unwrap_or(usize::MAX - j))
        .collect()
}

/// Writes the MDD of a line rule over `cells` (digits `1..=n` each), built from an
/// automaton's `start`, `step` and `accept`, as the family `name`; `c` names the line in
/// an error.
#[allow(
    clippy::too_many_arguments,
    reason = "the automaton's three parts, the cells and the family: bundling them adds a type used once"
)]
fn write_line<S: Copy + Eq + std::hash::Hash>(
    enc: &mut Encoding,
    name: &'static str,
    c: &Constraint,
    cells: &[Cell],
    n: u8,
    start: S,
    step: impl FnMut(usize, S, u8) -> Option<S>,
    accept: impl Fn(S) -> bool,
) -> Result<(), EncodeError> {
    let mdd = build_line(c, cells.len(), n, start, step, accept)?;
    write_mdd(enc, name, cells, n, &mdd);
    Ok(())
}

/// The MDD of an automaton's `start`, `step` and `accept` over `len` cells of digits
/// `1..=n`; `c` names the line in an error.
fn build_line<S: Copy + Eq + std::hash::Hash>(
    c: &Constraint,
    len: usize,
    n: u8,
    start: S,
    step: impl FnMut(usize, S, u8) -> Option<S>,
    accept: impl Fn(S) -> bool,
) -> Result<Mdd<S>, EncodeError> {
    let values = vec![(1..=n).collect::<Vec<u8>>(); len];
    Mdd::build(&values, start, step, accept, DEFAULT_NODE_LIMIT).map_err(|source| {
        EncodeError::Mdd {
            line: c.to_string(),
            source,
        }
    })
}

/// Writes `mdd` over `cells` (digits `1..=n`) as the family `name`.
fn write_mdd<S>(enc: &mut Encoding, name: &'static str, cells: &[Cell], n: u8, mdd: &Mdd<S>) {
    let stats = enc.with_aux("variant line automaton", |f, map| {
        let lits: Vec<Vec<Lit>> = cells
            .iter()
            .map(|&cell| (1..=n).map(|d| map.lit(cell, d)).collect())
            .collect();
        encode_mdd(f, &lits, mdd)
    });
    enc.record(name, stats.total());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs follow the houses the cells share, each cell sharing one with every cell of
    /// its run; runs shorter than the least are dropped.
    #[test]
    fn distinct_runs_follow_shared_houses() {
        let mut rows = HashMap::new();
        let mut boxes = HashMap::new();
        for r in 0..9u8 {
            for col in 0..9u8 {
                let _ = rows.insert(Cell::new(r, col), usize::from(r));
                let _ = boxes.insert(Cell::new(r, col), usize::from(r / 3 * 3 + col / 3));
            }
        }
        let parts = [rows, boxes];
        // Two cells of row 0 and one of row 1, all in box 0; then row 1's fourth cell
        // (sharing no house with the first cell: a new run), two more of box 1, and a cell
        // of box 2 sharing no house with them.
        let cells =
            [(0, 0), (0, 1), (1, 2), (1, 3), (1, 4), (2, 5), (2, 6)].map(|(r, c)| Cell::new(r, c));
        let cont = distinct_runs(&cells, &parts, 2);
        assert_eq!(cont, [false, true, true, false, true, true, false]);
        let cont = distinct_runs(&cells, &parts, 3);
        assert_eq!(cont, [false, true, true, false, true, true, false]);
        let cont = distinct_runs(&cells, &parts, 4);
        assert_eq!(cont, [false; 7]);
    }
}
