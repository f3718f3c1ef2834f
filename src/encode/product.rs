//! # Products: the family's CNF
//!
//! Lines of cells whose digits 1..=9 multiply to a target (a CrossProduct's rows and
//! columns). See `encodings/crossproduct.md` for the numbering and the size of every clause
//! family. Families, in the order written ([`encode_products`]):
//! - `prime-prune`: `¬x(r, c, d)` when `d` does not divide every product the cell is in
//!   (e.g. no 5 in a line whose product has no factor 5);
//! - `filter-prune` (with the line filter, [`LineForm`]'s second part): `¬x(r, c, d)` for the
//!   digits the native line filter removes on top of that;
//! - `cell`: exactly one of the surviving digits per cell (no uniqueness along rows or
//!   columns);
//! - line by line, in the order given (a CrossProduct's rows, then its columns), over the digits that survive `prime-prune`, either the
//!   allowed-tuple encoding (`table-prune`, `table-fix`, `table-select`, `table-some`,
//!   `table-support`, see [`crate::cnf::table`]) or the layered automaton of the product
//!   (`mdd-node`, `mdd-edge`, `mdd-out`, `mdd-in`, `mdd-support`, `mdd-prune`, see
//!   [`crate::cnf::mdd`]), chosen by [`ConstraintEncoding`].
//!
//! With [`ConstraintEncoding::Auto`] a line uses whichever of the two is smaller
//! ([`tuples_are_smaller`]).
//!
//! Auxiliary variables follow the x variables in the same order: the cells' ladders (only
//! when a sequential at-most-one is written), then line by line its selectors or its
//! automaton's nodes and edges.

use std::collections::VecDeque;

use crate::cnf::card::exactly_one;
use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::table::encode_table;
use crate::cnf::{EncodeStats, ExtendFormula, Lit, OneHot};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::product::{Digits, Lattice, Scratch};
use crate::puzzle::crossproduct::DIGITS;
use crate::tuples::Tuples;

/// One product: its name in errors (`row 2`), its cells and the product.
pub(crate) struct Line {
    pub(crate) name: String,
    pub(crate) cells: Vec<Cell>,
    pub(crate) product: u64,
}

/// How the lines are written: the encoding of each line and whether the line filter runs
/// first.
pub(crate) type LineForm = (ConstraintEncoding, bool);

/// Writes the products over a `rows`×`cols` grid of digits 1..=9 (each cell in any number
/// of lines; a CrossProduct's rows and columns): a cell keeps the digits dividing every
/// product it is in. `form` says how each line is written and whether the line filter runs.
///
/// # Errors
/// [`EncodeError::LineTooLarge`] when a line written as tuples (forced, or chosen by
/// `auto` as the smaller) has more than `opts.tuple_limit` fillings; [`EncodeError::Mdd`] when a line's automaton exceeds its
/// node limit.
pub(crate) fn encode_products(
    rows: usize,
    cols: usize,
    lines: &[Line],
    (constraint, line_filter): LineForm,
    opts: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    let mut enc = Encoding::new(OneHot::full(rows, cols, DIGITS));
    let cell = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    // g[r][c]: the greatest common divisor of the products the cell is in.
    let mut g = vec![vec![0_u64; cols]; rows];
    for line in lines {
        for at in &line.cells {
            let v = &mut g[usize::from(at.row)][usize::from(at.col)];
            *v = gcd(*v, line.product);
        }
    }
    // prime[r][c]: digits dividing every product of the cell.
    let prime: Vec<Vec<Vec<u8>>> = g
        .iter()
        .map(|row| {
            row.iter()
                .map(|&g| (1..=DIGITS).filter(|&d| g % u64::from(d) == 0).collect())
                .collect()
        })
        .collect();
    let mut domain = prime.clone();
    if line_filter {
        filter_domains(lines, cols, &mut domain);
    }
    enc.tally(BY_PRIMES, ["", ""], 0);
    if line_filter {
        enc.tally(BY_FILTER, ["", ""], 0);
    }
    // Removed digits become unit clauses; exactly-one ranges over the survivors only.
    for (r, (row_prime, row_domain)) in prime.iter().zip(&domain).enumerate() {
        for (c, (kept_prime, kept)) in row_prime.iter().zip(row_domain).enumerate() {
            let at = cell(r, c);
            let (mut by_prime, mut by_filter) = (0, 0);
            for d in 1..=DIGITS {
                if !kept_prime.contains(&d) {
                    by_prime += 1;
                } else if !kept.contains(&d) {
                    by_filter += 1;
                } else {
                    continue;
                }
                let x = enc.map.lit(at, d);
                enc.formula.add_clause(&[!x]);
            }
            enc.record("prime-prune", clauses(by_prime));
            enc.tally(BY_PRIMES, ["", ""], by_prime);
            if line_filter {
                enc.record("filter-prune", clauses(by_filter));
                enc.tally(BY_FILTER, ["", ""], by_filter);
            }
            let s = enc.with_aux("cell ladder", |f, map| {
                let lits: Vec<Lit> = kept.iter().map(|&d| map.lit(at, d)).collect();
                exactly_one(f, &lits, opts.amo)
            });
            enc.record("cell", s);
            enc.tally_exactly_one("cells exactly-one", opts.amo, kept.len(), 1);
        }
    }
    enc.tally(LINES, TABLE, 0);
    enc.tally(LINES, AUTOMATON, 0);
    for line in lines {
        let mdd = line_mdd(line, &domain)?;
        encode_line(&mut enc, line, &domain, &mdd, constraint, opts)?;
    }
    Ok(enc)
}

/// Header parts and forms ([`Encoding::tally`]).
const BY_PRIMES: &str = "digits removed by prime factors";
const BY_FILTER: &str = "digits removed by the line filter";
const LINES: &str = "rows/columns";
const TABLE: [&str; 2] = ["as a tuple table", "as tuple tables"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];

fn encode_line(
    enc: &mut Encoding,
    line: &Line,
    domain: &[Vec<Vec<u8>>],
    mdd: &Mdd<u64>,
    constraint: ConstraintEncoding,
    opts: &EncodeOptions,
) -> Result<(), EncodeError> {
    let digits: Vec<&Vec<u8>> = line
        .cells
        .iter()
        .map(|c| &domain[usize::from(c.row)][usize::from(c.col)])
        .collect();
    let lits: Vec<Vec<Lit>> = line
        .cells
        .iter()
        .zip(&digits)
        .map(|(&c, ds)| ds.iter().map(|&d| enc.map.lit(c, d)).collect())
        .collect();
    let use_tuples = match constraint {
        ConstraintEncoding::Tuples => true,
        ConstraintEncoding::Mdd => false,
        ConstraintEncoding::Auto => tuples_are_smaller(mdd, line.cells.len()),
    };
    if use_tuples {
        let tuples = mdd
            .tuples(opts.tuple_limit)
            .ok_or_else(|| EncodeError::LineTooLarge {
                line: line.name.clone(),
                limit: opts.tuple_limit,
            })?;
        // Tuple entries are 1-based indices into each position's literal list.
        let mut flat = Tuples::new(line.cells.len());
        let mut row = Vec::with_capacity(line.cells.len());
        for t in &tuples {
            row.clear();
            row.extend(t.iter().map(|&j| j as u8 + 1));
            flat.push(&row);
        }
        let tuples = flat;
        let t = enc.with_aux("line tuple selector", |f, _| {
            encode_table(f, &lits, &tuples)
        });
        enc.tally(LINES, TABLE, 1);
        enc.record_table(
            [
                "table-prune",
                "table-fix",
                "table-select",
                "table-some",
                "table-support",
            ],
            &t,
        );
    } else {
        let m = enc.with_aux("line automaton node/edge", |f, _| encode_mdd(f, &lits, mdd));
        enc.tally(LINES, AUTOMATON, 1);
        enc.record(
            "mdd-node",
            EncodeStats {
                vars: m.nodes,
                clauses: m.root,
            },
        );
        enc.record(
            "mdd-edge",
            EncodeStats {
                vars: m.edges,
                clauses: m.edge,
            },
        );
        enc.record("mdd-out", clauses(m.out));
        enc.record("mdd-in", clauses(m.into));
        enc.record("mdd-support", clauses(m.support));
        enc.record("mdd-prune", clauses(m.prune));
    }
    Ok(())
}

/// True when the tuple encoding of a `k`-cell line has no more variables plus clauses than
/// the MDD encoding of `mdd`. Both have one support clause per used digit and one prune
/// clause per unused one, so only the rest is compared: T fillings cost T selectors,
/// k·T select clauses and 1 at-least-one clause; N nodes (F of them final) and E edges cost
/// N + E variables and 1 + 3E + (N − F) + (N − 1) clauses.
#[must_use]
pub(crate) fn tuples_are_smaller(mdd: &Mdd<u64>, k: usize) -> bool {
    let t = mdd.count_paths();
    let (n, e) = (mdd.node_count() as u128, mdd.edge_count() as u128);
    let f = mdd.layer(mdd.positions()).len() as u128;
    let table = t * (k as u128 + 1) + 1;
    let automaton = 3 * n + 4 * e - f;
    table <= automaton
}

/// The automaton of a line's product over the current domains.
fn line_mdd(line: &Line, domain: &[Vec<Vec<u8>>]) -> Result<Mdd<u64>, EncodeError> {
    let values: Vec<Vec<u64>> = line
        .cells
        .iter()
        .map(|c| {
            domain[usize::from(c.row)][usize::from(c.col)]
                .iter()
                .map(|&d| u64::from(d))
                .collect()
        })
        .collect();
    Mdd::product(&values, line.product, DEFAULT_NODE_LIMIT).map_err(|source| EncodeError::Mdd {
        line: line.name.clone(),
        source,
    })
}

/// Removes every digit that no filling of one of its lines supports, until nothing changes
/// (exact arc consistency on each line constraint by [`Lattice::filter`], with a work list:
/// a line is checked again when a crossing line shrinks one of its cells). A line without
/// fillings empties its cells' domains.
fn filter_domains(lines: &[Line], cols: usize, domain: &mut [Vec<Vec<u8>>]) {
    let to_mask = |ds: &Vec<u8>| ds.iter().fold(0, |m: Digits, &d| m | 1 << d);
    let mut masks: Vec<Digits> = domain.iter().flatten().map(to_mask).collect();
    let lattices: Vec<Lattice> = lines.iter().map(|l| Lattice::new(l.product)).collect();
    let mut scratch = Scratch::default();
    let mut queued = vec![true; lines.len()];
    let mut queue: VecDeque<usize> = (0..lines.len()).collect();
    let mut buf = Vec::new();
    let rows = domain.len();
    let at = |c: &Cell| usize::from(c.row) * cols + usize::from(c.col);
    while let Some(l) = queue.pop_front() {
        queued[l] = false;
        buf.clear();
        buf.extend(lines[l].cells.iter().map(|c| masks[at(c)]));
        if !lattices[l].filter(&mut buf, &mut scratch) {
            buf.fill(0);
        }
        for (c, &m) in lines[l].cells.iter().zip(&buf) {
            if masks[at(c)] == m {
                continue;
            }
            masks[at(c)] = m;
            let crossing = if l < rows {
                rows + usize::from(c.col)
            } else {
                usize::from(c.row)
            };
            if !queued[crossing] {
                queued[crossing] = true;
                queue.push_back(crossing);
            }
        }
    }
    for (ds, m) in domain.iter_mut().flatten().zip(masks) {
        ds.retain(|&d| m & 1 << d != 0);
    }
}

/// Whether the row products `rows` and the column products `cols` of one grid can agree:
/// both multiply out to the same number, which has no prime factor above 7 (every digit's
/// does not). When they cannot, no table has these products, whatever the lines allow one
/// by one.
pub(crate) fn products_agree(rows: &[u64], cols: &[u64]) -> bool {
    let totals = |products: &[u64]| -> Option<[u32; 4]> {
        let mut sums = [0u32; 4];
        for &p in products {
            let mut rest = p;
            for (sum, prime) in sums.iter_mut().zip([2u64, 3, 5, 7]) {
                while rest != 0 && rest % prime == 0 {
                    rest /= prime;
                    *sum += 1;
                }
            }
            if rest != 1 {
                return None;
            }
        }
        Some(sums)
    };
    match (totals(rows), totals(cols)) {
        (Some(r), Some(c)) => r == c,
        _ => false,
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn clauses(clauses: usize) -> EncodeStats {
    EncodeStats { vars: 0, clauses }
}

#[cfg(test)]
mod tests {
    use super::products_agree;

    #[test]
    fn totals_must_agree_prime_by_prime() {
        // The table 1 2 3 / 4 5 6 / 7 8 9.
        assert!(products_agree(&[6, 120, 504], &[28, 80, 162]));
        // Same overall product 2^7·3^4·5·7 split differently is still consistent.
        assert!(products_agree(&[6, 120, 504], &[28, 160, 81]));
        // One more factor 2 on a column: no table.
        assert!(!products_agree(&[6, 120, 504], &[56, 80, 162]));
        // A factor 3 moved for a factor 2: same number of factors, still no table.
        assert!(!products_agree(&[6, 120, 504], &[28, 80, 108]));
        // Primes above 7 (in matching amounts, even) make no table either.
        assert!(!products_agree(&[11], &[11]));
        // A zero product has no prime factorisation: no table, and no endless division.
        assert!(!products_agree(&[0], &[0]));
    }
}
