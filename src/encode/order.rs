//! # Relations between two cells → CNF
//!
//! Unequal's signs and bars are binary relations between the one-hot digits of two cells,
//! written by their *supports* (the support encoding): for every digit `d` of the first cell,
//! `¬x(a, d) ∨ ⋁{x(b, e) : R(d, e)}`, and for every digit `e` of the second,
//! `¬x(b, e) ∨ ⋁{x(a, d) : R(d, e)}`; a digit with no partner gets the unit clause
//! `¬x(a, d)`. That is 2N clauses a pair (families `less`, `adjacent`, `nonadjacent`), and
//! unit propagation keeps arc consistency on each pair, as the native filter
//! `crate::model::order` does.
//!
//! ## References
//! I. P. Gent, *Arc Consistency in SAT*, ECAI 2002 (the support encoding).

use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::encode::Encoding;
use crate::grid::Cell;
use crate::puzzle::Relation;

/// The clause family and the header part of one of Unequal's relations (a variant's
/// pairs are written by `crate::encode::rules`).
fn pair_names(rel: Relation) -> (&'static str, &'static str) {
    match rel {
        Relation::Less => ("less", "signs"),
        Relation::DiffIs(1) => ("adjacent", "bars"),
        _ => ("nonadjacent", "unbarred neighbours"),
    }
}

/// Writes the support clauses of `a R b` over digits `1..=n` into `f` (`x` gives each
/// cell's literal of a digit); returns the number of clauses (2N).
pub(crate) fn encode_pair(
    f: &mut impl ExtendFormula,
    x: impl Fn(Cell, u8) -> Lit,
    n: u8,
    (a, b, rel): (Cell, Cell, Relation),
) -> usize {
    encode_supports(f, x, n, (a, b), |d, e| rel.holds(d, e))
}

/// Writes the support clauses of the pair `(a, b)` under the predicate `holds(digit of a,
/// digit of b)` over digits `1..=n`: `x(a, d) → ⋁ x(b, e)` over the `e` that `d` allows,
/// and the same from `b`; returns the number of clauses (2N).
pub(crate) fn encode_supports(
    f: &mut impl ExtendFormula,
    x: impl Fn(Cell, u8) -> Lit,
    n: u8,
    (a, b): (Cell, Cell),
    holds: impl Fn(u8, u8) -> bool,
) -> usize {
    let mut clause: Vec<Lit> = Vec::with_capacity(usize::from(n) + 1);
    let mut clauses = 0;
    for (me, other, first) in [(a, b, true), (b, a, false)] {
        for d in 1..=n {
            clause.clear();
            clause.push(!x(me, d));
            for e in 1..=n {
                let ok = if first { holds(d, e) } else { holds(e, d) };
                if ok {
                    clause.push(x(other, e));
                }
            }
            f.add_clause(&clause);
            clauses += 1;
        }
    }
    clauses
}

/// Writes every pair `(first, second, relation)` over digits `1..=n` into `enc`.
pub(crate) fn encode_pairs(enc: &mut Encoding, n: u8, pairs: &[(Cell, Cell, Relation)]) {
    for &pair in pairs {
        let map = &enc.map;
        let clauses = encode_pair(&mut enc.formula, |c, d| map.lit(c, d), n, pair);
        enc.record(pair_names(pair.2).0, EncodeStats { vars: 0, clauses });
    }
    for rel in [Relation::Less, Relation::DiffIs(1), Relation::DiffNot(1)] {
        let count = pairs.iter().filter(|p| p.2 == rel).count();
        if count > 0 {
            let part = pair_names(rel).1;
            enc.tally(part, ["by its supports", "by their supports"], count);
        }
    }
}
