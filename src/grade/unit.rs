//! # Unit propagation on a CNF formula
//!
//! The closure of a formula under the unit rule: a clause whose literals are all false but
//! one forces that one. [`unit_propagate`] computes it with two watched literals per clause
//! (the scheme of Chaff): a clause is only visited when one of its two watched literals
//! becomes false, and then either finds another literal to watch, or forces (or conflicts
//! on) the other watched literal. Each clause is cleaned first: repeated literals collapse,
//! and a clause holding both `l` and `¬l` is dropped (always true).
//!
//! The result does not depend on the order of propagation: it is either a conflict (some
//! clause has every literal false) or the unique least set of literals closed under the
//! unit rule.
//!
//! ## References
//! - M. W. Moskewicz, C. F. Madigan, Y. Zhao, L. Zhang, S. Malik, "Chaff: engineering an
//!   efficient SAT solver", DAC 2001 (two watched literals).

use crate::cnf::{CnfFormula, Lit};

/// The outcome of unit propagation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Propagated {
    /// Some clause has every literal false: the formula (with the assumptions) is unsat.
    Conflict,
    /// The closure under the unit rule.
    Fixpoint(Assignment),
}

/// A partial assignment, by 0-based variable index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Assignment {
    values: Vec<Option<bool>>,
}

impl Assignment {
    /// The value of `lit`, if its variable is assigned.
    #[must_use]
    pub(crate) fn value(&self, lit: Lit) -> Option<bool> {
        self.values
            .get(lit.index())
            .copied()
            .flatten()
            .map(|v| v == lit.is_positive())
    }

    #[cfg(test)]
    /// The true literals, by variable index.
    #[must_use]
    pub(crate) fn true_lits(&self) -> Vec<Lit> {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|v| Lit::from_index(i, v)))
            .collect()
    }

    #[cfg(test)]
    /// How many variables are assigned.
    #[must_use]
    pub(crate) fn assigned(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }
}

/// The unit-propagation closure of `formula`.
#[must_use]
pub(crate) fn unit_propagate(formula: &CnfFormula) -> Propagated {
    unit_propagate_with(formula, &[])
}

/// The unit-propagation closure of `formula` plus the unit clauses `assumptions`.
#[must_use]
pub(crate) fn unit_propagate_with(formula: &CnfFormula, assumptions: &[Lit]) -> Propagated {
    let vars = assumptions
        .iter()
        .map(|l| l.index() + 1)
        .chain(formula.iter().flat_map(|c| c.iter().map(|l| l.index() + 1)))
        .fold(formula.var_count(), usize::max);
    let mut up = Watches::new(vars);
    for &l in assumptions {
        if !up.enqueue(l) {
            return Propagated::Conflict;
        }
    }
    for clause in formula.iter() {
        if !up.add_clause(clause) {
            return Propagated::Conflict;
        }
    }
    if up.propagate() {
        Propagated::Fixpoint(Assignment { values: up.values })
    } else {
        Propagated::Conflict
    }
}

/// Clauses with two watched literals each (positions 0 and 1 of the clause).
struct Watches {
    values: Vec<Option<bool>>,
    lits: Vec<Lit>,
    /// Start and end of each clause in `lits`.
    ranges: Vec<(u32, u32)>,
    /// `watching[code(l)]`: the clauses that watch `l`.
    watching: Vec<Vec<u32>>,
    trail: Vec<Lit>,
}

impl Watches {
    fn new(vars: usize) -> Self {
        Watches {
            values: vec![None; vars],
            lits: Vec::new(),
            ranges: Vec::new(),
            watching: vec![Vec::new(); 2 * vars],
            trail: Vec::new(),
        }
    }

    fn value(&self, l: Lit) -> Option<bool> {
        self.values[l.index()].map(|v| v == l.is_positive())
    }

    /// Makes `l` true; false when it is already false.
    fn enqueue(&mut self, l: Lit) -> bool {
        match self.value(l) {
            Some(v) => v,
            None => {
                self.values[l.index()] = Some(l.is_positive());
                self.trail.push(l);
                true
            }
        }
    }

    /// Adds a clause (cleaned); false on an empty clause or a unit clause already false.
    fn add_clause(&mut self, clause: &[Lit]) -> bool {
        let mut c: Vec<Lit> = clause.to_vec();
        c.sort_unstable_by_key(|l| l.code());
        c.dedup();
        if c.windows(2).any(|w| w[0].var() == w[1].var()) {
            return true; // l ∨ ¬l
        }
        match c.len() {
            0 => false,
            1 => self.enqueue(c[0]),
            _ => {
                let ci = self.ranges.len() as u32;
                let start = self.lits.len() as u32;
                self.watching[c[0].code()].push(ci);
                self.watching[c[1].code()].push(ci);
                self.lits.extend_from_slice(&c);
                self.ranges.push((start, self.lits.len() as u32));
                true
            }
        }
    }

    /// Propagates the trail to a fixpoint; false on a conflict.
    fn propagate(&mut self) -> bool {
        let mut head = 0;
        while head < self.trail.len() {
            let falsified = !self.trail[head];
            head += 1;
            if !self.visit(falsified) {
                return false;
            }
        }
        true
    }

    /// Visits the clauses watching `falsified`, which just became false.
    fn visit(&mut self, falsified: Lit) -> bool {
        let mut list = std::mem::take(&mut self.watching[falsified.code()]);
        let mut keep = 0;
        let mut ok = true;
        for j in 0..list.len() {
            let ci = list[j];
            if !ok {
                list[keep] = ci;
                keep += 1;
                continue;
            }
            let (s, e) = self.ranges[ci as usize];
            let (s, e) = (s as usize, e as usize);
            if self.lits[s] == falsified {
                self.lits.swap(s, s + 1);
            }
            let other = self.lits[s];
            if self.value(other) == Some(true) {
                list[keep] = ci;
                keep += 1;
                continue;
            }
            if let Some(k) = (s + 2..e).find(|&k| self.value(self.lits[k]) != Some(false)) {
                self.lits.swap(s + 1, k);
                self.watching[self.lits[s + 1].code()].push(ci);
                continue;
            }
            list[keep] = ci;
            keep += 1;
            ok = self.enqueue(other);
        }
        list.truncate(keep);
        self.watching[falsified.code()] = list;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ExtendFormula;
    use proptest::prelude::*;

    fn lit(d: isize) -> Lit {
        Lit::from_dimacs(d)
    }

    fn formula(clauses: &[&[isize]]) -> CnfFormula {
        let mut f = CnfFormula::new();
        for c in clauses {
            let c: Vec<Lit> = c.iter().map(|&d| lit(d)).collect();
            f.add_clause(&c);
        }
        f
    }

    fn fixed(p: &Propagated) -> Vec<isize> {
        match p {
            Propagated::Conflict => panic!("unexpected conflict"),
            Propagated::Fixpoint(a) => a.true_lits().iter().map(|l| l.to_dimacs()).collect(),
        }
    }

    #[test]
    fn implications_chain() {
        // 1, 1 → 2, 2 → 3, (2 ∧ 3) → ¬4, 4 ∨ 5 ∨ 6: 1 2 3 ¬4 fixed, 5 and 6 open.
        let f = formula(&[&[1], &[-1, 2], &[-2, 3], &[-2, -3, -4], &[4, 5, 6]]);
        let p = unit_propagate(&f);
        assert_eq!(fixed(&p), vec![1, 2, 3, -4]);
        let Propagated::Fixpoint(a) = p else {
            unreachable!()
        };
        assert_eq!(a.value(lit(5)), None);
        assert_eq!(a.value(lit(-4)), Some(true));
        assert_eq!(a.assigned(), 4);
        // Assuming ¬5 forces 6.
        assert_eq!(
            fixed(&unit_propagate_with(&f, &[lit(-5)])),
            vec![1, 2, 3, -4, -5, 6]
        );
    }

    #[test]
    fn conflicts() {
        assert_eq!(
            unit_propagate(&formula(&[&[1], &[-1]])),
            Propagated::Conflict
        );
        assert_eq!(unit_propagate(&formula(&[&[]])), Propagated::Conflict);
        // 1 → 2, 1 → 3, 2 ∧ 3 → ¬1.
        let f = formula(&[&[1], &[-1, 2], &[-1, 3], &[-2, -3, -1]]);
        assert_eq!(unit_propagate(&f), Propagated::Conflict);
        let f = formula(&[&[1, 2], &[1, -2]]);
        assert_eq!(unit_propagate_with(&f, &[lit(-1)]), Propagated::Conflict);
        assert_eq!(fixed(&unit_propagate(&f)), Vec::<isize>::new());
    }

    #[test]
    fn tautologies_and_repeats() {
        let f = formula(&[&[1, -1, 2], &[3, 3], &[-3, 2, 2, -3]]);
        assert_eq!(fixed(&unit_propagate(&f)), vec![2, 3]);
    }

    /// The closure by scanning every clause until nothing changes.
    fn scan_closure(clauses: &[Vec<isize>], vars: usize) -> Option<Vec<Option<bool>>> {
        let mut v: Vec<Option<bool>> = vec![None; vars + 1];
        let val = |v: &[Option<bool>], l: isize| v[l.unsigned_abs()].map(|b| b == (l > 0));
        loop {
            let mut changed = false;
            for c in clauses {
                if c.iter().any(|&l| val(&v, l) == Some(true)) {
                    continue;
                }
                let open: Vec<isize> = c
                    .iter()
                    .copied()
                    .filter(|&l| val(&v, l).is_none())
                    .collect();
                match open.as_slice() {
                    [] => return None,
                    [l] => {
                        v[l.unsigned_abs()] = Some(*l > 0);
                        changed = true;
                    }
                    [first, rest @ ..] if rest.iter().all(|l| l == first) => {
                        v[first.unsigned_abs()] = Some(*first > 0);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Some(v);
            }
        }
    }

    fn clause_strategy(vars: usize) -> impl Strategy<Value = Vec<isize>> {
        prop::collection::vec((1..=vars as isize, any::<bool>()), 0..4).prop_map(|ls| {
            ls.into_iter()
                .map(|(v, s)| if s { v } else { -v })
                .collect()
        })
    }

    proptest! {
        #[test]
        fn equals_the_scanning_closure(
            clauses in prop::collection::vec(clause_strategy(8), 0..24)
        ) {
            let refs: Vec<&[isize]> = clauses.iter().map(Vec::as_slice).collect();
            let f = formula(&refs);
            let got = unit_propagate(&f);
            match scan_closure(&clauses, 8) {
                None => prop_assert_eq!(got, Propagated::Conflict),
                Some(v) => {
                    let Propagated::Fixpoint(a) = got else {
                        return Err(TestCaseError::fail("conflict not in the reference"));
                    };
                    for var in 1..=8isize {
                        prop_assert_eq!(a.value(lit(var)), v[var as usize], "variable {}", var);
                    }
                }
            }
        }
    }
}
