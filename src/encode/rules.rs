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
//!   automaton the native filter walks) with the MDD encoding of `crate::cnf::mdd`;
//! - a distinct group ([`RuleKind::Distinct`]): each digit at most once (exactly once when
//!   the group has N cells), with the puzzle's at-most-one encoding.
//!
//! Each constraint's clauses are counted under the clause family of its setter's name
//! ([`family`]: `thermometer`, `white-dot`, `anti-knight`, …).

use std::collections::HashMap;

use crate::cnf::card::{at_most_one, exactly_one};
use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::order::encode_pair;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grid::Cell;
use crate::line::{linear_form, Automaton, Linear};
use crate::puzzle::{Constraint, ConstraintKind, LineRule, RuleKind};

/// The clause family of a variant's constraints, by the setter's name of the variant.
#[must_use]
pub(crate) fn family(name: &str) -> &'static str {
    match name {
        "candidates" => "candidates",
        "even cell" => "even",
        "odd cell" => "odd",
        "anti-knight" => "anti-knight",
        "anti-king" => "anti-king",
        "non-consecutive" => "non-consecutive",
        "diagonal" => "variant-diagonal",
        "window" => "window",
        "extra region" => "extra-region",
        "cage" => "variant-cage",
        "white dot" => "white-dot",
        "black dot" => "black-dot",
        "X" => "x-sign",
        "V" => "v-sign",
        "sum dot" => "sum-dot",
        "no white dot" => "no-white-dot",
        "no black dot" => "no-black-dot",
        "no X" => "no-x-sign",
        "no V" => "no-v-sign",
        "no sum dot" => "no-sum-dot",
        "greater-than sign" => "greater-than",
        "quadruple" => "quadruple",
        "thermometer" => "thermometer",
        "arrow" => "arrow",
        "double arrow" => "double-arrow",
        "whisper" => "whisper",
        "renban" => "renban",
        "palindrome" => "palindrome",
        "between line" => "between-line",
        "lockout line" => "lockout-line",
        "region-sum line" => "region-sum-line",
        "zipper line" => "zipper-line",
        "entropic line" => "entropic-line",
        "modular line" => "modular-line",
        "little killer" => "little-killer",
        "sandwich" => "sandwich",
        "X-sum" => "x-sum",
        "skyscraper" => "skyscraper",
        _ => "variant",
    }
}

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
        let name = family(rule.name);
        match &rule.kind {
            RuleKind::Pair(rel) => {
                let (a, b) = (c.cells[0], c.cells[1]);
                let map = &enc.map;
                let clauses = encode_pair(&mut enc.formula, |c, d| map.lit(c, d), n, (a, b, *rel));
                enc.record(name, EncodeStats { vars: 0, clauses });
            }
            RuleKind::Line(line) => {
                if let Some((cells, coefs, target)) = linear_form(line, &c.cells, &houses, n) {
                    let parts: Vec<Vec<usize>> =
                        parts.iter().map(|part| groups(&cells, part)).collect();
                    let a = Linear::new(coefs, target, n, &parts);
                    let step = |pos, s, d| a.step(pos, s, d);
                    write_line(enc, name, c, &cells, n, a.start(), step, Linear::accept)?;
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
    let values = vec![(1..=n).collect::<Vec<u8>>(); cells.len()];
    let mdd = Mdd::build(&values, start, step, accept, DEFAULT_NODE_LIMIT).map_err(|source| {
        EncodeError::Mdd {
            line: c.to_string(),
            source,
        }
    })?;
    let stats = enc.with_aux("variant line automaton", |f, map| {
        let lits: Vec<Vec<Lit>> = cells
            .iter()
            .map(|&cell| (1..=n).map(|d| map.lit(cell, d)).collect())
            .collect();
        encode_mdd(f, &lits, &mdd)
    });
    enc.record(name, stats.total());
    Ok(())
}
