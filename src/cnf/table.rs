//! # Table constraints: a list of allowed tuples
//!
//! Positions `i = 0..k` each have one-hot literals `x(i, d)`; the constraint says the
//! chosen digits form one of the listed tuples. Clause families:
//!
//! - **prune**: `¬x(i, d)` for every digit `d` that no tuple has at position `i`;
//! - when there is exactly one tuple: **fix** `x(i, t_i)` for every position, nothing else;
//! - otherwise one selector `s_t` per tuple with
//!   - **select** `¬s_t ∨ x(i, t_i)` (k clauses per tuple),
//!   - **some** `s_1 ∨ … ∨ s_T` (one clause),
//!   - **support** `¬x(i, d) ∨ ⋁{s_t : t_i = d}` for every supported (i, d).
//!
//! With the cells' exactly-one constraints, unit propagation on this encoding maintains
//! generalised arc consistency on the table. An empty table writes the empty clause.
//!
//! ## References
//! I. P. Gent, C. Jefferson, I. Miguel, P. Nightingale, *Data Structures for Generalised Arc
//! Consistency for Extensional Constraints*, AAAI 2007; the "support encoding" of
//! Bacchus, *GAC via unit propagation*, CP 2007.

use crate::cnf::{EncodeStats, ExtendFormula, Lit};
use crate::tuples::Tuples;

/// Sizes of a table encoding, by clause family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Selector variables.
    pub selectors: usize,
    /// Unit clauses removing unsupported digits.
    pub prune: usize,
    /// Unit clauses fixing the single tuple.
    pub fix: usize,
    /// Selector-implies-literal clauses.
    pub select: usize,
    /// At-least-one-selector clauses (0 or 1).
    pub some: usize,
    /// Support clauses.
    pub support: usize,
}

impl TableStats {
    /// Total clauses and variables.
    #[must_use]
    pub fn total(&self) -> EncodeStats {
        EncodeStats {
            vars: self.selectors,
            clauses: self.prune + self.fix + self.select + self.some + self.support,
        }
    }
}

/// Writes the table constraint. `lits[i][d - 1]` is x(i, d); `tuples` hold digits `1..=D`.
///
/// # Panics
/// Panics when the tuples' arity differs from the number of positions or a digit is out of
/// range of `lits[i]`.
pub(crate) fn encode_table(
    f: &mut impl ExtendFormula,
    lits: &[Vec<Lit>],
    tuples: &Tuples,
) -> TableStats {
    encode_table_with_selectors(f, lits, tuples).0
}

/// [`encode_table`], also returning the selector of each tuple (empty when there are fewer
/// than two tuples and no selectors are needed), so callers can add reasoning over tuples.
///
/// # Panics
/// As [`encode_table`].
pub(crate) fn encode_table_with_selectors(
    f: &mut impl ExtendFormula,
    lits: &[Vec<Lit>],
    tuples: &Tuples,
) -> (TableStats, Vec<Lit>) {
    let mut stats = TableStats::default();
    if tuples.is_empty() {
        f.add_clause(&[]);
        stats.some = 1;
        return (stats, Vec::new());
    }
    assert_eq!(tuples.arity(), lits.len(), "tuple length");
    // Supporters of (i, d) as one array grouped by slot: slot (i, d) is `base[i] + d − 1`,
    // its tuples are `supporters[start[slot]..start[slot + 1]]`, in tuple order.
    let mut base = Vec::with_capacity(lits.len() + 1);
    base.push(0);
    for l in lits {
        base.push(base[base.len() - 1] + l.len());
    }
    let slots = base[lits.len()];
    let slot = |i: usize, d: u8| base[i] + usize::from(d) - 1;
    let mut start = vec![0usize; slots + 1];
    for t in tuples.iter() {
        for (i, &d) in t.iter().enumerate() {
            assert!(usize::from(d) <= lits[i].len(), "digit out of range");
            start[slot(i, d) + 1] += 1;
        }
    }
    for s in 1..=slots {
        start[s] += start[s - 1];
    }
    for i in 0..lits.len() {
        for d0 in 0..lits[i].len() {
            if start[base[i] + d0] == start[base[i] + d0 + 1] {
                f.add_clause(&[!lits[i][d0]]);
                stats.prune += 1;
            }
        }
    }
    if tuples.len() == 1 {
        for (i, &d) in tuples.get(0).iter().enumerate() {
            f.add_clause(&[lits[i][usize::from(d) - 1]]);
            stats.fix += 1;
        }
        return (stats, Vec::new());
    }
    let selectors: Vec<Lit> = (0..tuples.len()).map(|_| f.new_lit()).collect();
    stats.selectors = selectors.len();
    let mut fill = start.clone();
    let mut supporters = vec![Lit::from_index(0, true); tuples.len() * tuples.arity()];
    for (t, &s) in tuples.iter().zip(&selectors) {
        for (i, &d) in t.iter().enumerate() {
            f.add_clause(&[!s, lits[i][usize::from(d) - 1]]);
            let at = &mut fill[slot(i, d)];
            supporters[*at] = s;
            *at += 1;
        }
    }
    stats.select = tuples.len() * tuples.arity();
    f.add_clause(&selectors);
    stats.some = 1;
    let mut clause = Vec::new();
    for i in 0..lits.len() {
        for d0 in 0..lits[i].len() {
            let sup = &supporters[start[base[i] + d0]..start[base[i] + d0 + 1]];
            if sup.is_empty() {
                continue;
            }
            clause.clear();
            clause.push(!lits[i][d0]);
            clause.extend_from_slice(sup);
            f.add_clause(&clause);
            stats.support += 1;
        }
    }
    (stats, selectors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::testing;
    use crate::cnf::{card, AmoEncoding, CnfFormula};

    /// The encoding plus exactly-one per position accepts exactly the listed tuples.
    #[test]
    fn accepts_exactly_the_tuples() {
        let rows = [[1, 2, 3], [3, 1, 1], [2, 2, 2]];
        let tuples = Tuples::from_rows(3, &rows);
        let mut f = CnfFormula::new();
        let lits: Vec<Vec<Lit>> = (0..3)
            .map(|_| (0..3).map(|_| f.new_lit()).collect())
            .collect();
        for l in &lits {
            let _ = card::exactly_one(&mut f, l, AmoEncoding::Pairwise);
        }
        let stats = encode_table(&mut f, &lits, &tuples);
        assert_eq!(stats.selectors, 3);
        assert_eq!(stats.select, 9);
        assert_eq!(stats.prune, 1); // only position 1 lacks a digit (3)
        for a in 1..=3u8 {
            for b in 1..=3u8 {
                for c in 1..=3u8 {
                    let assumed = [
                        lits[0][usize::from(a - 1)],
                        lits[1][usize::from(b - 1)],
                        lits[2][usize::from(c - 1)],
                    ];
                    assert_eq!(
                        testing::satisfiable(&f, &assumed),
                        tuples.contains(&[a, b, c])
                    );
                }
            }
        }
    }

    #[test]
    fn empty_table_is_unsat() {
        let mut f = CnfFormula::new();
        let lits = vec![vec![f.new_lit()]];
        let _ = encode_table(&mut f, &lits, &Tuples::new(1));
        assert!(!testing::satisfiable(&f, &[]));
    }
}
