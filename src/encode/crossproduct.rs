//! # CrossProduct encoder
//!
//! See `encodings/crossproduct.md` for the numbering and the size of every clause family.
//! Families, in the order written:
//! - `cell`: exactly one digit per cell (no uniqueness along rows or columns);
//! - `prime-prune`: `¬x(r, c, d)` when `d` does not divide both the row and the column
//!   product (e.g. no 5 in a line whose product has no factor 5);
//! - per row, then per column, over the digits that survive `prime-prune`, either the
//!   allowed-tuple encoding (`table-prune`, `table-fix`, `table-select`, `table-some`,
//!   `table-support`, see [`crate::cnf::table`]) or the layered automaton of the product
//!   (`mdd-node`, `mdd-edge`, `mdd-out`, `mdd-in`, `mdd-support`, `mdd-prune`, see
//!   [`crate::cnf::mdd`]), chosen by [`ConstraintEncoding`].
//!
//! With [`ConstraintEncoding::Auto`] a line uses tuples when it has at most
//! [`AUTO_TUPLE_MAX`] allowed fillings, the automaton otherwise.

use crate::cnf::card::exactly_one;
use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::table::encode_table;
use crate::cnf::{CnfFormula, EncodeStats, ExtendFormula, Lit, OneHot};
use crate::encode::{ConstraintEncoding, EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::puzzle::crossproduct::{CrossProduct, DIGITS};

/// Lines with at most this many allowed fillings use the tuple encoding under `Auto`.
pub const AUTO_TUPLE_MAX: u128 = 16;

/// One row or column: its cells and product.
struct Line {
    name: String,
    cells: Vec<Cell>,
    product: u64,
}

/// Encodes a CrossProduct puzzle.
///
/// # Errors
/// [`EncodeError::LineTooLarge`] when the tuple encoding is forced on a line with more than
/// `opts.tuple_limit` fillings; [`EncodeError::Mdd`] when a line's automaton exceeds its
/// node limit.
pub fn encode(puzzle: &CrossProduct, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let (rows, cols) = puzzle.dims();
    let map = OneHot::full(rows, cols, DIGITS);
    let mut formula = CnfFormula::new();
    formula.set_var_count(map.var_count());
    let mut enc = Encoding {
        formula: CnfFormula::new(),
        map,
        families: Vec::new(),
    };
    let cell = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    // domain[r][c]: digits dividing both products.
    let mut domain = vec![vec![Vec::new(); cols]; rows];
    for (r, row_domains) in domain.iter_mut().enumerate() {
        for (c, digits) in row_domains.iter_mut().enumerate() {
            let at = cell(r, c);
            let s = exactly_one(&mut formula, &enc.map.cell_lits(at), opts.amo);
            enc.record("cell", s);
            let g = gcd(puzzle.rows()[r], puzzle.cols()[c]);
            let mut pruned = 0;
            for d in 1..=DIGITS {
                if g % u64::from(d) == 0 {
                    digits.push(d);
                } else {
                    formula.add_clause(&[!enc.map.lit(at, d)]);
                    pruned += 1;
                }
            }
            enc.record("prime-prune", clauses(pruned));
        }
    }
    let mut lines: Vec<Line> = (0..rows)
        .map(|r| Line {
            name: format!("row {}", r + 1),
            cells: (0..cols).map(|c| cell(r, c)).collect(),
            product: puzzle.rows()[r],
        })
        .collect();
    lines.extend((0..cols).map(|c| Line {
        name: format!("column {}", c + 1),
        cells: (0..rows).map(|r| cell(r, c)).collect(),
        product: puzzle.cols()[c],
    }));
    for line in &lines {
        encode_line(&mut formula, &mut enc, line, &domain, opts)?;
    }
    enc.formula = formula;
    Ok(enc)
}

fn encode_line(
    formula: &mut CnfFormula,
    enc: &mut Encoding,
    line: &Line,
    domain: &[Vec<Vec<u8>>],
    opts: &EncodeOptions,
) -> Result<(), EncodeError> {
    let digits: Vec<&Vec<u8>> = line
        .cells
        .iter()
        .map(|c| &domain[usize::from(c.row)][usize::from(c.col)])
        .collect();
    let values: Vec<Vec<u64>> = digits
        .iter()
        .map(|ds| ds.iter().map(|&d| u64::from(d)).collect())
        .collect();
    let lits: Vec<Vec<Lit>> = line
        .cells
        .iter()
        .zip(&digits)
        .map(|(&c, ds)| ds.iter().map(|&d| enc.map.lit(c, d)).collect())
        .collect();
    let mdd = Mdd::product(&values, line.product, DEFAULT_NODE_LIMIT).map_err(|source| {
        EncodeError::Mdd {
            line: line.name.clone(),
            source,
        }
    })?;
    let use_tuples = match opts.constraint {
        ConstraintEncoding::Tuples => true,
        ConstraintEncoding::Mdd => false,
        ConstraintEncoding::Auto => mdd.count_paths() <= AUTO_TUPLE_MAX,
    };
    if use_tuples {
        let tuples = mdd
            .tuples(opts.tuple_limit)
            .ok_or_else(|| EncodeError::LineTooLarge {
                line: line.name.clone(),
                limit: opts.tuple_limit,
            })?;
        // Tuple entries are 1-based indices into each position's literal list.
        let tuples: Vec<Vec<u8>> = tuples
            .iter()
            .map(|t| t.iter().map(|&j| j as u8 + 1).collect())
            .collect();
        let t = encode_table(formula, &lits, &tuples);
        enc.record("table-prune", clauses(t.prune));
        enc.record("table-fix", clauses(t.fix));
        enc.record(
            "table-select",
            EncodeStats {
                vars: t.selectors,
                clauses: t.select,
            },
        );
        enc.record("table-some", clauses(t.some));
        enc.record("table-support", clauses(t.support));
    } else {
        let m = encode_mdd(formula, &lits, &mdd);
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

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn clauses(clauses: usize) -> EncodeStats {
    EncodeStats { vars: 0, clauses }
}
