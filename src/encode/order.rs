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

/// A relation between the digits of two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relation {
    /// The first is smaller.
    Less,
    /// They differ by exactly 1.
    Adjacent,
    /// They do not differ by 1.
    NotAdjacent,
}

impl Relation {
    fn holds(self, a: u8, b: u8) -> bool {
        match self {
            Relation::Less => a < b,
            Relation::Adjacent => a.abs_diff(b) == 1,
            Relation::NotAdjacent => a.abs_diff(b) != 1,
        }
    }

    /// The clause family's name.
    pub(crate) fn family(self) -> &'static str {
        match self {
            Relation::Less => "less",
            Relation::Adjacent => "adjacent",
            Relation::NotAdjacent => "nonadjacent",
        }
    }
}

/// Writes every pair `(first, second, relation)` over digits `1..=n` into `enc`.
pub(crate) fn encode_pairs(enc: &mut Encoding, n: u8, pairs: &[(Cell, Cell, Relation)]) {
    let mut clause: Vec<Lit> = Vec::with_capacity(usize::from(n) + 1);
    for &(a, b, rel) in pairs {
        let mut clauses = 0;
        for (me, other, first) in [(a, b, true), (b, a, false)] {
            for d in 1..=n {
                clause.clear();
                clause.push(!enc.map.lit(me, d));
                for e in 1..=n {
                    let ok = if first {
                        rel.holds(d, e)
                    } else {
                        rel.holds(e, d)
                    };
                    if ok {
                        clause.push(enc.map.lit(other, e));
                    }
                }
                enc.formula.add_clause(&clause);
                clauses += 1;
            }
        }
        enc.record(rel.family(), EncodeStats { vars: 0, clauses });
    }
    for rel in [Relation::Less, Relation::Adjacent, Relation::NotAdjacent] {
        let count = pairs.iter().filter(|p| p.2 == rel).count();
        if count > 0 {
            let part = match rel {
                Relation::Less => "signs",
                Relation::Adjacent => "bars",
                Relation::NotAdjacent => "unbarred neighbours",
            };
            enc.tally(part, ["by its supports", "by their supports"], count);
        }
    }
}
