//! # The pair family: relations between two cells
//!
//! Unequal's signs and bars relate two cells (one digit smaller than the other, the two
//! differing by exactly 1 or not), and so do a variant's dots, signs, whispers, palindromes
//! and anti-knight moves: one [`Relation`] each, with one predicate
//! ([`Relation::holds`]) that the CNF support encoding reads too. [`filter`] keeps arc
//! consistency on one pair: a digit stays in a cell while the other cell has a digit that
//! goes with it (bit tricks for the common relations, the predicate for the rest).

use crate::native::domains::Mask;
use crate::puzzle::{ConstraintKind, Relation};

/// The relation a constraint kind states, if it is one of Unequal's (a variant's relation
/// is its rule's, [`crate::puzzle::RuleKind::Pair`]).
pub(crate) fn relation_of(kind: ConstraintKind) -> Option<Relation> {
    match kind {
        ConstraintKind::Less => Some(Relation::Less),
        ConstraintKind::Adjacent => Some(Relation::DiffIs(1)),
        ConstraintKind::NotAdjacent => Some(Relation::DiffNot(1)),
        _ => None,
    }
}

/// The digits of `mine` with a partner in `other` (`mine` first when `first`).
fn supported(rel: Relation, mine: Mask, other: Mask, first: bool) -> Mask {
    match rel {
        Relation::Equal => mine & other,
        Relation::Differ if other.count_ones() == 1 => mine & !other,
        Relation::Differ => mine,
        Relation::Less if other == 0 => 0,
        // Below the other's largest digit, or above its smallest.
        Relation::Less if first => {
            let top = Mask::BITS - 1 - other.leading_zeros();
            mine & ((1 << top) - 1)
        }
        Relation::Less => {
            let low = other.trailing_zeros();
            mine & !((2 << low) - 1)
        }
        Relation::DiffIs(1) => mine & (other << 1 | other >> 1),
        Relation::DiffNot(1) => {
            let mut out = 0;
            let mut m = mine;
            while m != 0 {
                let d = m.trailing_zeros();
                m &= m - 1;
                let near = (1 << d) << 1 | (1 << d) >> 1;
                if other & !near != 0 {
                    out |= 1 << d;
                }
            }
            out
        }
        _ => {
            let mut out = 0;
            let mut m = mine;
            while m != 0 {
                let d = m.trailing_zeros();
                m &= m - 1;
                let mut o = other;
                while o != 0 {
                    let e = o.trailing_zeros();
                    o &= o - 1;
                    let (a, b) = if first { (d, e) } else { (e, d) };
                    if rel.holds(a as u8, b as u8) {
                        out |= 1 << d;
                        break;
                    }
                }
            }
            out
        }
    }
}

/// Arc consistency on the pair `doms = [first, second]`; `false` when a cell empties.
pub(crate) fn filter(rel: Relation, doms: &mut [Mask]) -> bool {
    let [a, b] = doms else {
        return false;
    };
    loop {
        let na = supported(rel, *a, *b, true);
        let nb = supported(rel, *b, na, false);
        if na == 0 || nb == 0 {
            return false;
        }
        let changed = na != *a || nb != *b;
        *a = na;
        *b = nb;
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_brute_force() {
        let rels = [
            Relation::Less,
            Relation::DiffIs(1),
            Relation::DiffNot(1),
            Relation::Equal,
            Relation::Differ,
            Relation::DiffAtLeast(3),
            Relation::RatioIs(2),
            Relation::RatioNot(2),
            Relation::SumIs(5),
            Relation::SumNot(5),
        ];
        for rel in rels {
            for a in 1u32..32 {
                for b in 1u32..32 {
                    let (ma, mb) = (a << 1, b << 1);
                    let mut want = [0 as Mask; 2];
                    for x in 1..=5 {
                        for y in 1..=5 {
                            if ma >> x & 1 == 1 && mb >> y & 1 == 1 && rel.holds(x as u8, y as u8) {
                                want[0] |= 1 << x;
                                want[1] |= 1 << y;
                            }
                        }
                    }
                    let mut got = [ma, mb];
                    let ok = filter(rel, &mut got);
                    assert_eq!(ok, want[0] != 0, "{rel:?} {ma:b} {mb:b}");
                    if ok {
                        assert_eq!(got, want, "{rel:?} {ma:b} {mb:b}");
                    }
                }
            }
        }
    }
}
