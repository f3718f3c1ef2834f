//! # Guarded constraints on one incremental solver
//!
//! Both generators check uniqueness of many similar puzzles on one solver: each constraint
//! (a KenKen cage, a Kakuro run) is added once with its own activation literal and solved
//! under the literals of the constraints the current puzzle has. A constraint the puzzle no
//! longer has is retired for good: its literal is fixed false, which satisfies all its
//! clauses. [`Guards`] keeps the literals and, so that the solver sees the same clauses and
//! assumptions in the same order on every run with the same seed, hands them out sorted
//! (a `HashMap`'s order changes from one process to the next).

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use crate::cnf::Lit;

/// The activation literal of every constraint added so far.
#[derive(Debug)]
pub(crate) struct Guards<K> {
    active: HashMap<K, Lit>,
}

/// What a puzzle asks of [`Guards`]: literals to fix false, and constraints to add.
#[derive(Debug)]
pub(crate) struct Changes<K> {
    /// The literals of constraints the puzzle no longer has, sorted; each is now forgotten.
    pub retired: Vec<Lit>,
    /// Constraints of the puzzle not added yet, in the puzzle's order.
    pub new: Vec<K>,
}

impl<K: Eq + Hash + Clone> Guards<K> {
    /// No constraint yet.
    pub(crate) fn new() -> Self {
        Guards {
            active: HashMap::new(),
        }
    }

    /// Compares the constraints added so far with `wanted` (the current puzzle's).
    pub(crate) fn changes<'a>(&mut self, wanted: impl IntoIterator<Item = &'a K>) -> Changes<K>
    where
        K: 'a,
    {
        let wanted: Vec<&K> = wanted.into_iter().collect();
        let keep: HashSet<&K> = wanted.iter().copied().collect();
        let mut retired: Vec<Lit> = Vec::new();
        self.active.retain(|k, lit| {
            let kept = keep.contains(k);
            if !kept {
                retired.push(*lit);
            }
            kept
        });
        retired.sort_unstable();
        let mut seen = HashSet::new();
        let new = wanted
            .into_iter()
            .filter(|k| !self.active.contains_key(*k) && seen.insert(*k))
            .cloned()
            .collect();
        Changes { retired, new }
    }

    /// Records the literal of a constraint just added.
    pub(crate) fn insert(&mut self, key: K, lit: Lit) {
        let _ = self.active.insert(key, lit);
    }

    /// The literals of every active constraint, sorted: the assumptions of the next solve.
    pub(crate) fn assumptions(&self) -> Vec<Lit> {
        let mut lits: Vec<Lit> = self.active.values().copied().collect();
        lits.sort_unstable();
        lits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(i: usize) -> Lit {
        Lit::from_index(i, true)
    }

    #[test]
    fn retired_and_new_constraints_come_sorted_and_once() {
        let mut g: Guards<&str> = Guards::new();
        let c = g.changes(&["b", "a", "b"]);
        assert!(c.retired.is_empty());
        assert_eq!(c.new, vec!["b", "a"]);
        g.insert("b", lit(7));
        g.insert("a", lit(3));
        g.insert("c", lit(5));
        g.insert("d", lit(1));
        assert_eq!(g.assumptions(), vec![lit(1), lit(3), lit(5), lit(7)]);
        let c = g.changes(&["a", "e"]);
        assert_eq!(c.retired, vec![lit(1), lit(5), lit(7)]);
        assert_eq!(c.new, vec!["e"]);
        assert_eq!(g.assumptions(), vec![lit(3)]);
    }
}
