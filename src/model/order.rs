//! # The order family: relations between two neighbouring cells
//!
//! Unequal's signs and bars relate two cells: one digit smaller than the other
//! ([`Relation::Less`]), the two differing by exactly 1 ([`Relation::Adjacent`]), or not
//! differing by 1 ([`Relation::NotAdjacent`], every unbarred pair of the adjacent mode).
//! [`filter`] keeps arc consistency on one such pair: a digit stays in a cell while the
//! other cell has a digit that goes with it.

use crate::native::domains::Mask;
use crate::puzzle::ConstraintKind;

/// How the digits of two cells relate.
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
    /// The relation a constraint kind states, if it is one of these.
    pub(crate) fn of(kind: ConstraintKind) -> Option<Relation> {
        match kind {
            ConstraintKind::Less => Some(Relation::Less),
            ConstraintKind::Adjacent => Some(Relation::Adjacent),
            ConstraintKind::NotAdjacent => Some(Relation::NotAdjacent),
            _ => None,
        }
    }

    /// Whether digits `a` (first cell) and `b` (second) satisfy the relation.
    #[cfg(test)]
    fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Relation::Less => a < b,
            Relation::Adjacent => a.abs_diff(b) == 1,
            Relation::NotAdjacent => a.abs_diff(b) != 1,
        }
    }
}

/// The digits of `mine` with a partner in `other` (`mine` first when `first`).
fn supported(rel: Relation, mine: Mask, other: Mask, first: bool) -> Mask {
    match rel {
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
        Relation::Adjacent => mine & (other << 1 | other >> 1),
        Relation::NotAdjacent => {
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
        let rels = [Relation::Less, Relation::Adjacent, Relation::NotAdjacent];
        for rel in rels {
            for a in 1u32..32 {
                for b in 1u32..32 {
                    let (ma, mb) = (a << 1, b << 1);
                    let mut want = [0 as Mask; 2];
                    for x in 1..=5 {
                        for y in 1..=5 {
                            if ma >> x & 1 == 1 && mb >> y & 1 == 1 && rel.holds(x, y) {
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
