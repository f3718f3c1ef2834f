//! # A CNF formula in two flat arrays
//!
//! The formula every encoder writes and every backend reads: all literals one after another,
//! and where each clause ends. It keeps `varisat-formula`'s interface (it is an
//! [`ExtendFormula`] sink, and [`CnfFormula::iter`] gives the clauses as slices) in half the
//! memory per clause (one end offset instead of a range), which matters on the largest CNFs:
//! a 20×20 CrossProduct has about ten million clauses, most of them binary.

use std::fmt;

use crate::cnf::{ExtendFormula, Lit, Var};

/// A formula in conjunctive normal form.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct CnfFormula {
    var_count: usize,
    lits: Vec<Lit>,
    /// Where each clause ends in `lits` (it starts where the one before ends).
    ends: Vec<usize>,
}

impl CnfFormula {
    /// An empty formula over no variables.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of variables: every variable index in the formula is below it.
    #[must_use]
    pub fn var_count(&self) -> usize {
        self.var_count
    }

    /// Raises the number of variables to `count` (never lowers it).
    pub fn set_var_count(&mut self, count: usize) {
        self.var_count = self.var_count.max(count);
    }

    /// The number of clauses.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no clause.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Reserves room for `clauses` more clauses with `lits` literals in all.
    pub fn reserve(&mut self, clauses: usize, lits: usize) {
        self.ends.reserve(clauses);
        self.lits.reserve(lits);
    }

    /// The variable count, all literals one after another, and where each clause ends.
    pub(crate) fn into_parts(self) -> (usize, Vec<Lit>, Vec<usize>) {
        (self.var_count, self.lits, self.ends)
    }

    /// The clauses, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &[Lit]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(start, end)| &self.lits[start..end])
    }
}

impl ExtendFormula for CnfFormula {
    #[inline]
    fn add_clause(&mut self, clause: &[Lit]) {
        if let Some(top) = clause.iter().map(|l| l.index() + 1).max() {
            self.var_count = self.var_count.max(top);
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    fn new_var(&mut self) -> Var {
        let var = Var::from_index(self.var_count);
        self.var_count += 1;
        var
    }
}

impl fmt::Debug for CnfFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CnfFormula")
            .field("var_count", &self.var_count)
            .field("clauses", &self.iter().collect::<Vec<_>>())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clauses come back as added, empty ones included; variables count the largest index.
    #[test]
    fn clauses_come_back_as_added() {
        let l = |i: usize, positive: bool| Lit::from_index(i, positive);
        let clauses = vec![vec![l(0, true), l(3, false)], vec![], vec![l(1, true)]];
        let mut f = CnfFormula::new();
        assert!(f.is_empty());
        for c in &clauses {
            f.add_clause(c);
        }
        assert_eq!(f.len(), 3);
        assert_eq!(f.var_count(), 4);
        assert_eq!(f.iter().map(<[Lit]>::to_vec).collect::<Vec<_>>(), clauses);
        f.set_var_count(2);
        assert_eq!(f.var_count(), 4);
        assert_eq!(f.new_var(), Var::from_index(4));
        assert_eq!(f.var_count(), 5);
    }
}
