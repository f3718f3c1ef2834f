//! # DPLL enumeration: every model of a CNF, projected on the cell variables
//!
//! A small solver of the project's own for *enumeration*: Davis–Putnam–Logemann–Loveland search
//! with two watched literals and chronological backtracking, no learning and no restarts.
//! It walks the search tree once: after a model it backtracks to the last decision on a
//! projected variable and flips it, which is exactly what a blocking clause over the
//! decisions would do, so no blocking clause is ever stored and memory is that of the
//! formula however many models there are.
//!
//! Decisions go to the projected variables first, one *group* (the x(cell, ·) literals of
//! one cell) at a time, trying its lowest digit. The group chosen is the open one with the
//! fewest open literals per unit of *weight* (dom/wdeg, the conflict-directed rule of
//! constraint solvers): a group's weight is 1 plus the conflicts met while it held the
//! newest projected decision, so cells whose choices keep failing are decided earlier, and
//! ties go to the first group. On random 20×20 CrossProducts this turned the walk's worst
//! cases from 10 s into under a second (`encodings/backends.md`); with all weights 1 it is the
//! smallest-domain rule. Once every projected variable is assigned, the auxiliary variables
//! (tuple selectors, automaton nodes) are completed the same way, and the first completion found is the model of that projection:
//! the search then returns to the last projected decision, so each grid comes once.
//!
//! Each model costs a few hundred propagations rather than a solver call, which is what
//! makes counting tens of thousands of grids fast, and loading a formula is two passes over
//! flat arrays, which makes small puzzles cheap; but without learning, search on hard
//! instances is exponential where CDCL is not, so the engine layer uses it where
//! measurement says it wins, with a conflict budget (`encodings/backends.md`).
//!
//! ## References
//! - M. Davis, G. Logemann, D. Loveland, *A machine program for theorem-proving*, CACM 1962.
//! - S. Möhle, A. Biere, *Backing Backtracking*, SAT 2019 (chronological backtracking).
//! - F. Boussemart, F. Hemery, C. Lecoutre, L. Sais, *Boosting systematic search by weighting
//!   constraints*, ECAI 2004 (dom/wdeg; here the weight sits on the cell decided last before
//!   a conflict, not on a constraint).
//! - O. Grumberg, A. Schuster, A. Yadgar, *Memory efficient all-solutions SAT solver and its
//!   application for reachability analysis*, FMCAD 2004 (blocking by decisions).

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::cnf::{CnfFormula, Lit};
use crate::stop::Stop;

/// Value of an unassigned variable.
const OPEN: i8 = 0;

/// How many decisions go by between two looks at the stop request.
const STOP_EVERY: u64 = 1024;

/// One decision level.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The decided literal.
    decision: Lit,
    /// Where the level starts on the trail.
    trail_start: usize,
    /// The decision is already the second branch (nothing left to try here).
    flipped: bool,
    /// The decision is on a projected variable.
    projected: bool,
}

/// A CNF ready for enumeration (see the module notes). Cloning one before its walk and
/// adding clauses to the clone ([`Dpll::add_formula`]) shares the loading of a common part.
#[derive(Clone)]
pub(crate) struct Dpll {
    /// Per variable: 1 true, -1 false, 0 open.
    value: Vec<i8>,
    /// The clauses not in `implied` (three or more literals; binary ones too when added by
    /// [`Dpll::add_formula`]), one after another; the first two are watched.
    lits: Vec<Lit>,
    /// Where each long clause starts in `lits` (one more entry: the end of the last).
    starts: Vec<u32>,
    /// Per literal code `c`: the long clauses to visit when that literal becomes true are
    /// `watch[watch_start[c]..][..watch_len[c]]`; the room reserved is the number of long
    /// clauses holding the negated literal, which no list can outgrow.
    watch: Vec<u32>,
    watch_start: Vec<u32>,
    watch_len: Vec<u32>,
    /// Per literal code `c`: `implied[implied_start[c]..implied_start[c + 1]]` are the
    /// literals implied when that literal becomes true (the binary clauses).
    implied_start: Vec<u32>,
    implied: Vec<Lit>,
    /// The projected literals, group after group.
    groups: Vec<Lit>,
    /// Length of each group.
    group_len: usize,
    /// Number of projected variables (the first ones).
    projected: usize,
    trail: Vec<Lit>,
    head: usize,
    levels: Vec<Level>,
    /// Per variable: it occurs in some clause (the others are fixed when the walk starts).
    used: Vec<bool>,
    /// The formula is unsatisfiable before any decision.
    refuted: bool,
    /// Conflicts met so far.
    conflicts: u64,
    /// Per group: 1 + the conflicts met while it held the newest projected decision.
    weight: Vec<u32>,
}

/// The decisions on projected variables leading to a model, outermost first: each literal
/// as decided, and whether it is its level's second branch ([`Dpll::enumerate_paths`]).
pub(crate) type Decisions<'a> = &'a [(Lit, bool)];

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Every model was visited.
    Complete,
    /// The visitor broke off, or a stop was requested.
    Stopped,
    /// The conflict budget ran out: the search is hard for a solver that does not learn.
    OverBudget,
}

impl Dpll {
    /// Loads `formula`, whose first `groups * group_len` variables are projected, in groups
    /// of `group_len` (variable `g * group_len + i` is literal `i` of group `g`).
    pub(crate) fn new(formula: &CnfFormula, groups: usize, group_len: usize) -> Self {
        Dpll::from_formula(formula.clone(), groups, group_len)
    }

    /// As [`Dpll::new`], taking the formula: its literal array becomes the store of the
    /// long clauses (compacted in place) and the rest is freed as soon as it is read, so the
    /// formula and the walk's copy of it are never both whole in memory.
    pub(crate) fn from_formula(formula: CnfFormula, groups: usize, group_len: usize) -> Self {
        let projected = groups * group_len;
        let vars = formula.var_count().max(projected);
        let mut dpll = Dpll {
            value: vec![OPEN; vars],
            lits: Vec::new(),
            starts: vec![0],
            watch: Vec::new(),
            watch_start: Vec::new(),
            watch_len: Vec::new(),
            implied_start: Vec::new(),
            implied: Vec::new(),
            groups: (0..projected).map(|i| Lit::from_index(i, true)).collect(),
            group_len,
            projected,
            trail: Vec::with_capacity(vars),
            head: 0,
            levels: Vec::new(),
            used: vec![false; vars],
            refuted: false,
            conflicts: 0,
            weight: vec![1; groups],
        };
        // Two passes over the binary clauses: count the implications of each literal,
        // then place them (no copy of the clause list is kept in between).
        let mut start = vec![0u32; 2 * vars + 1];
        let mut clause = Vec::new();
        for c in formula.iter() {
            if normalize(c, &mut clause) {
                if let [a, b] = *clause {
                    start[(!a).code()] += 1;
                    start[(!b).code()] += 1;
                }
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        dpll.implied = vec![Lit::from_index(0, true); start[2 * vars] as usize];
        let (_, mut lits, ends) = formula.into_parts();
        let (mut begin, mut kept) = (0, 0);
        for end in ends {
            let read = normalize(&lits[begin..end], &mut clause);
            begin = end;
            if !read {
                continue; // a tautology
            }
            for l in &clause {
                dpll.used[l.index()] = true;
            }
            match *clause {
                [] => dpll.refuted = true,
                [unit] => dpll.root_assign(unit),
                [a, b] => {
                    // `start[c]` holds the end of literal c's block (running sums of the
                    // counts); filling each block from its end leaves it at the block's start.
                    for (from, to) in [(!a, b), (!b, a)] {
                        let end = &mut start[from.code()];
                        *end -= 1;
                        dpll.implied[*end as usize] = to;
                    }
                }
                _ => {
                    // Kept clauses never outrun the reading position.
                    lits[kept..kept + clause.len()].copy_from_slice(&clause);
                    kept += clause.len();
                    let end = u32::try_from(kept).expect("literal count fits u32");
                    dpll.starts.push(end);
                }
            }
        }
        lits.truncate(kept);
        lits.shrink_to_fit();
        dpll.lits = lits;
        dpll.implied_start = start;
        dpll.rebuild_watches();
        dpll
    }

    /// Adds the clauses of `formula` before the walk; its variables may go beyond this
    /// formula's. Its binary clauses are watched like the long ones.
    pub(crate) fn add_formula(&mut self, formula: &CnfFormula) {
        debug_assert!(self.levels.is_empty(), "clauses are added before the walk");
        let old = self.value.len();
        let vars = formula.var_count().max(old);
        self.value.resize(vars, OPEN);
        let end = u32::try_from(self.implied.len()).expect("literal count fits u32");
        self.implied_start.resize(2 * vars + 1, end);
        self.used.resize(vars, false);
        let mut clause = Vec::new();
        for c in formula.iter() {
            if !normalize(c, &mut clause) {
                continue;
            }
            for l in &clause {
                self.used[l.index()] = true;
            }
            match *clause {
                [] => self.refuted = true,
                [unit] => self.root_assign(unit),
                _ => self.add_long(&clause),
            }
        }
        self.rebuild_watches();
    }

    /// Lays out the watch lists of the long clauses, each watched on its first two
    /// literals.
    fn rebuild_watches(&mut self) {
        let codes = 2 * self.value.len();
        let mut start = vec![0u32; codes + 1];
        for &l in &self.lits {
            start[(!l).code() + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        self.watch = vec![0; self.lits.len()];
        self.watch_len = vec![0; codes];
        for (id, &s) in self.starts[..self.starts.len() - 1].iter().enumerate() {
            for &l in &self.lits[s as usize..s as usize + 2] {
                let c = (!l).code();
                self.watch[(start[c] + self.watch_len[c]) as usize] = id as u32;
                self.watch_len[c] += 1;
            }
        }
        self.watch_start = start;
    }

    /// Adds a clause of two or more literals (watched once [`Dpll::rebuild_watches`] runs).
    fn add_long(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        let end = u32::try_from(self.lits.len()).expect("literal count fits u32");
        self.starts.push(end);
    }

    /// Assigns a literal before any decision; a contradiction refutes the formula.
    fn root_assign(&mut self, lit: Lit) {
        match self.lit_value(lit) {
            OPEN => self.assign(lit),
            1 => {}
            _ => self.refuted = true,
        }
    }

    #[inline]
    fn lit_value(&self, lit: Lit) -> i8 {
        let v = self.value[lit.index()];
        if lit.is_positive() {
            v
        } else {
            -v
        }
    }

    #[inline]
    fn assign(&mut self, lit: Lit) {
        self.value[lit.index()] = if lit.is_positive() { 1 } else { -1 };
        self.trail.push(lit);
    }

    /// Unit propagation of everything on the trail not yet propagated; false on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let (from, to) = (
                self.implied_start[p.code()],
                self.implied_start[p.code() + 1],
            );
            for i in from as usize..to as usize {
                let q = self.implied[i];
                match self.lit_value(q) {
                    OPEN => self.assign(q),
                    1 => {}
                    _ => return self.conflict(),
                }
            }
            if !self.propagate_long(p) {
                return self.conflict();
            }
        }
        true
    }

    /// Ends propagation after a conflict (the levels above are undone next).
    fn conflict(&mut self) -> bool {
        self.conflicts += 1;
        if let Some(level) = self.levels.iter().rev().find(|l| l.projected) {
            let group = level.decision.index() / self.group_len.max(1);
            self.weight[group] = self.weight[group].saturating_add(1);
        }
        self.head = self.trail.len();
        false
    }

    /// Visits the long clauses watching `!p` now that `p` is true; false on a conflict.
    fn propagate_long(&mut self, p: Lit) -> bool {
        let c = p.code();
        let base = self.watch_start[c] as usize;
        let n = self.watch_len[c] as usize;
        let false_lit = !p;
        let (mut i, mut j) = (0, 0);
        let mut ok = true;
        while i < n {
            let id = self.watch[base + i];
            i += 1;
            let s = self.starts[id as usize] as usize;
            let e = self.starts[id as usize + 1] as usize;
            if self.lits[s] == false_lit {
                self.lits.swap(s, s + 1);
            }
            let first = self.lits[s];
            if self.lit_value(first) == 1 {
                self.watch[base + j] = id;
                j += 1;
                continue;
            }
            if let Some(k) = (s + 2..e).find(|&k| self.lit_value(self.lits[k]) != -1) {
                self.lits.swap(s + 1, k);
                // Another list (the new watch is not false, so it is not `!p`).
                let other = (!self.lits[s + 1]).code();
                let slot = self.watch_start[other] + self.watch_len[other];
                self.watch[slot as usize] = id;
                self.watch_len[other] += 1;
                continue;
            }
            self.watch[base + j] = id;
            j += 1;
            if self.lit_value(first) == -1 {
                ok = false;
                break;
            }
            self.assign(first);
        }
        while i < n {
            self.watch[base + j] = self.watch[base + i];
            i += 1;
            j += 1;
        }
        self.watch_len[c] = j as u32;
        ok
    }

    /// Opens a decision level for `lit`.
    fn decide(&mut self, lit: Lit, flipped: bool, projected: bool) {
        self.levels.push(Level {
            decision: lit,
            trail_start: self.trail.len(),
            flipped,
            projected,
        });
        self.assign(lit);
    }

    /// Undoes the newest level and returns it.
    fn pop_level(&mut self) -> Option<Level> {
        let level = self.levels.pop()?;
        for lit in self.trail.drain(level.trail_start..) {
            self.value[lit.index()] = OPEN;
        }
        self.head = self.trail.len();
        Some(level)
    }

    /// Goes back to the newest decision with an untried branch and takes that branch;
    /// false when there is none (the search is over).
    fn backtrack(&mut self) -> bool {
        while let Some(level) = self.pop_level() {
            if !level.flipped {
                self.decide(!level.decision, true, level.projected);
                return true;
            }
        }
        false
    }

    /// The next decision: in the open group with the fewest open literals per unit of
    /// weight, its first open literal (true); once every projected variable is set, the
    /// first open auxiliary variable (false). `None` when every variable is set.
    fn next_decision(&self) -> Option<(Lit, bool)> {
        if self.trail.len() == self.value.len() {
            return None;
        }
        // (open literals, weight, first open literal) of the best group so far.
        let mut best: Option<(u64, u64, Lit)> = None;
        let groups = self.groups.chunks_exact(self.group_len.max(1));
        for (group, &weight) in groups.zip(&self.weight) {
            let mut open = 0;
            let mut first = None;
            let mut set = false;
            for &l in group {
                match self.lit_value(l) {
                    OPEN => {
                        open += 1;
                        first = first.or(Some(l));
                    }
                    1 => set = true,
                    _ => {}
                }
            }
            let Some(first) = first else { continue };
            if set {
                // The cell has its digit; the open literal can only be false.
                return Some((!first, true));
            }
            let (open, weight) = (open as u64, u64::from(weight));
            // open / weight < best_open / best_weight, without division.
            if best.is_none_or(|(n, w, _)| open * w < n * weight) {
                best = Some((open, weight, first));
            }
        }
        if let Some((_, _, lit)) = best {
            return Some((lit, true));
        }
        let aux = (self.projected..self.value.len()).find(|&v| self.value[v] == OPEN)?;
        Some((Lit::from_index(aux, false), false))
    }

    /// After unit propagation at the root, the literals of each projected group that are
    /// not false (a cell's digits still possible), or `None` when propagation refutes the
    /// formula. Call before the walk.
    pub(crate) fn root_open(&mut self) -> Option<Vec<Vec<Lit>>> {
        debug_assert!(self.levels.is_empty(), "called before the walk");
        if self.refuted || !self.propagate() {
            self.refuted = true;
            return None;
        }
        let groups = self.groups.chunks_exact(self.group_len.max(1));
        Some(
            groups
                .map(|g| {
                    g.iter()
                        .copied()
                        .filter(|&l| self.lit_value(l) >= 0)
                        .collect()
                })
                .collect(),
        )
    }

    /// Makes every literal of `lits` true at the root (a cube the walk is confined to).
    /// Call before the walk.
    pub(crate) fn assume_root(&mut self, lits: &[Lit]) {
        debug_assert!(self.levels.is_empty(), "called before the walk");
        for &lit in lits {
            self.root_assign(lit);
        }
    }

    /// Conflicts met so far.
    #[cfg(test)]
    pub(crate) fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// Calls `visit` with the true projected literals of every model, each projection once,
    /// until it breaks, `stop` is requested, or more than `max_conflicts` conflicts were met
    /// (read at every conflict, so the visitor may raise it).
    pub(crate) fn enumerate(
        &mut self,
        stop: &Stop,
        max_conflicts: &Cell<u64>,
        visit: &mut dyn FnMut(&[Lit]) -> ControlFlow<()>,
    ) -> Walk {
        self.enumerate_paths(stop, max_conflicts, &mut |model, _| visit(model))
    }

    /// [`Dpll::enumerate`], handing `visit` each model's path too: the decisions on projected
    /// variables that lead to it, outermost first, each as decided and with whether it is
    /// its level's second branch (the first branch's negation, taken after it). Models come
    /// in the depth-first order of these paths.
    pub(crate) fn enumerate_paths(
        &mut self,
        stop: &Stop,
        max_conflicts: &Cell<u64>,
        visit: &mut dyn FnMut(&[Lit], Decisions<'_>) -> ControlFlow<()>,
    ) -> Walk {
        // An auxiliary variable in no clause takes any value: fix it, or it doubles models.
        for v in self.projected..self.value.len() {
            if !self.used[v] {
                self.root_assign(Lit::from_index(v, false));
            }
        }
        if self.refuted || !self.propagate() {
            return Walk::Complete;
        }
        let mut model = Vec::with_capacity(self.projected);
        let mut path = Vec::new();
        let mut steps = 0u64;
        loop {
            steps += 1;
            if steps % STOP_EVERY == 0 && stop.is_requested() {
                return Walk::Stopped;
            }
            if !self.propagate() {
                if self.conflicts > max_conflicts.get() {
                    return Walk::OverBudget;
                }
                if !self.backtrack() {
                    return Walk::Complete;
                }
                continue;
            }
            if let Some((lit, projected)) = self.next_decision() {
                self.decide(lit, false, projected);
                continue;
            }
            model.clear();
            model.extend(self.groups.iter().filter(|&&l| self.lit_value(l) == 1));
            path.clear();
            path.extend(
                self.levels
                    .iter()
                    .filter(|l| l.projected)
                    .map(|l| (l.decision, l.flipped)),
            );
            if visit(&model, &path).is_break() {
                return Walk::Stopped;
            }
            // This projection is done: drop the auxiliary decisions that completed it.
            while self.levels.last().is_some_and(|l| !l.projected) {
                let _ = self.pop_level();
            }
            if !self.backtrack() {
                return Walk::Complete;
            }
        }
    }
}

/// Copies `clause` into `out` without repeated literals; false when it is a tautology.
fn normalize(clause: &[Lit], out: &mut Vec<Lit>) -> bool {
    out.clear();
    if let [a, b] = *clause {
        if a == !b {
            return false;
        }
        out.push(a);
        if b != a {
            out.push(b);
        }
        return true;
    }
    out.extend_from_slice(clause);
    out.sort_unstable();
    out.dedup();
    !out.windows(2).any(|w| w[0].var() == w[1].var())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ExtendFormula;
    use crate::rng::SplitMix64;
    use std::collections::BTreeSet;

    /// The projections on the first `k` variables of the models of `clauses` over `n`
    /// variables, by brute force.
    fn brute(n: usize, k: usize, clauses: &[Vec<Lit>]) -> BTreeSet<Vec<bool>> {
        (0..1u32 << n)
            .filter(|bits| {
                clauses.iter().all(|c| {
                    c.iter()
                        .any(|l| (bits >> l.index() & 1 == 1) == l.is_positive())
                })
            })
            .map(|bits| (0..k).map(|v| bits >> v & 1 == 1).collect())
            .collect()
    }

    fn projections(n: usize, k: usize, clauses: &[Vec<Lit>]) -> (Vec<Vec<bool>>, bool) {
        let mut f = CnfFormula::new();
        f.set_var_count(n);
        for c in clauses {
            f.add_clause(c);
        }
        let mut dpll = Dpll::new(&f, k, 1);
        let mut found = Vec::new();
        let walk = dpll.enumerate(&Stop::new(), &Cell::new(u64::MAX), &mut |model| {
            let mut p = vec![false; k];
            for l in model {
                p[l.index()] = true;
            }
            found.push(p);
            ControlFlow::Continue(())
        });
        (found, walk == Walk::Complete)
    }

    /// A clause of 1 to `max_len` random literals over `vars` variables.
    fn random_clause(rng: &mut SplitMix64, vars: usize, max_len: u64) -> Vec<Lit> {
        let len = 1 + (rng.next_u64() % max_len) as usize;
        (0..len)
            .map(|_| {
                let v = (rng.next_u64() % vars as u64) as usize;
                Lit::from_index(v, rng.next_u64() % 2 == 0)
            })
            .collect()
    }

    /// Random CNFs of 1- to 4-literal clauses: the enumeration finds exactly the brute-force
    /// projections, each once, for every projection size.
    #[test]
    fn enumerates_each_projected_model_once() {
        let mut rng = SplitMix64::new(7);
        for round in 0..400 {
            let n = 1 + (rng.next_u64() % 10) as usize;
            let m = (rng.next_u64() % (3 * n as u64 + 2)) as usize;
            let clauses: Vec<Vec<Lit>> = (0..m).map(|_| random_clause(&mut rng, n, 4)).collect();
            for k in 0..=n {
                let expected = brute(n, k, &clauses);
                let (found, complete) = projections(n, k, &clauses);
                assert!(complete);
                let set: BTreeSet<Vec<bool>> = found.iter().cloned().collect();
                assert_eq!(
                    set.len(),
                    found.len(),
                    "round {round}: a projection came twice"
                );
                assert_eq!(set, expected, "round {round}, n {n}, k {k}: {clauses:?}");
            }
        }
    }

    /// A formula loaded in two parts, the second through a clone, has the models of the whole.
    #[test]
    fn a_clone_with_added_clauses_walks_the_whole_formula() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let n = 2 + (rng.next_u64() % 8) as usize;
            let k = 1 + (rng.next_u64() % n as u64) as usize;
            let clause = |rng: &mut SplitMix64, vars: usize| random_clause(rng, vars, 3);
            // The first part uses the projected variables only; the second all of them.
            let first: Vec<Vec<Lit>> = (0..k).map(|_| clause(&mut rng, k)).collect();
            let second: Vec<Vec<Lit>> = (0..n).map(|_| clause(&mut rng, n)).collect();
            let mut base = CnfFormula::new();
            base.set_var_count(k);
            first.iter().for_each(|c| base.add_clause(c));
            let mut more = CnfFormula::new();
            more.set_var_count(n);
            second.iter().for_each(|c| more.add_clause(c));
            let loaded = Dpll::new(&base, k, 1);
            let mut dpll = loaded.clone();
            dpll.add_formula(&more);
            let mut found = BTreeSet::new();
            let walk = dpll.enumerate(&Stop::new(), &Cell::new(u64::MAX), &mut |model| {
                let mut p = vec![false; k];
                model.iter().for_each(|l| p[l.index()] = true);
                assert!(found.insert(p), "a projection came twice");
                ControlFlow::Continue(())
            });
            assert_eq!(walk, Walk::Complete);
            let all: Vec<Vec<Lit>> = first.into_iter().chain(second).collect();
            assert_eq!(found, brute(n, k, &all));
        }
    }

    /// An empty clause, and contradicting units, refute the formula at once.
    #[test]
    fn refuted_formulas_have_no_model() {
        let a = Lit::from_index(0, true);
        for clauses in [vec![vec![]], vec![vec![a], vec![!a]]] {
            let (found, complete) = projections(1, 1, &clauses);
            assert!(complete);
            assert!(found.is_empty());
        }
    }

    /// Past its conflict budget the walk gives up; a visitor can lift the budget.
    #[test]
    fn the_conflict_budget_ends_a_walk_unless_lifted() {
        // Pigeonhole 4 into 3 (4 groups of 3, at most one pigeon per hole): no model, and
        // DPLL needs conflicts to see it.
        let mut f = CnfFormula::new();
        let x = |p: usize, h: usize| Lit::from_index(3 * p + h, true);
        for p in 0..4 {
            f.add_clause(&[x(p, 0), x(p, 1), x(p, 2)]);
        }
        for h in 0..3 {
            for p in 0..4 {
                for q in p + 1..4 {
                    f.add_clause(&[!x(p, h), !x(q, h)]);
                }
            }
        }
        let mut dpll = Dpll::new(&f, 4, 3);
        let walk = dpll.enumerate(&Stop::new(), &Cell::new(2), &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(walk, Walk::OverBudget);
        assert_eq!(dpll.conflicts(), 3);
        let mut dpll = Dpll::new(&f, 4, 3);
        let walk = dpll.enumerate(&Stop::new(), &Cell::new(u64::MAX), &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(walk, Walk::Complete);
        assert!(dpll.conflicts() > 3);
        // Every conflict came after a decision and weighs on one group.
        let bumps: u64 = dpll.weight.iter().map(|&w| u64::from(w - 1)).sum();
        assert_eq!(bumps, dpll.conflicts());
    }

    /// The next group is the one with the fewest open literals per unit of weight, the first
    /// such on ties.
    #[test]
    fn weight_steers_the_choice_of_group() {
        // Three cells of two digits, and a third digit open for the last cell only.
        let mut f = CnfFormula::new();
        f.set_var_count(9);
        f.add_clause(&[!Lit::from_index(2, true)]);
        f.add_clause(&[!Lit::from_index(5, true)]);
        let mut dpll = Dpll::new(&f, 3, 3);
        assert!(dpll.propagate());
        let x = |v: usize| Some((Lit::from_index(v, true), true));
        assert_eq!(
            dpll.next_decision(),
            x(0),
            "2/1 ties 2/1 and is below 3/1: the first"
        );
        dpll.weight[2] = 2;
        assert_eq!(dpll.next_decision(), x(6), "3/2 is below 2/1");
        dpll.weight[1] = 2;
        assert_eq!(dpll.next_decision(), x(3), "2/2 is below 3/2");
        dpll.weight[0] = 2;
        assert_eq!(dpll.next_decision(), x(0), "2/2 ties 2/2: the first");
    }

    /// A stop requested before the start ends a long enumeration at its first look.
    #[test]
    fn a_requested_stop_ends_the_enumeration() {
        let mut big = CnfFormula::new();
        big.set_var_count(40);
        let mut dpll = Dpll::new(&big, 40, 1);
        let stop = Stop::new();
        stop.request();
        let mut n = 0u64;
        let walk = dpll.enumerate(&stop, &Cell::new(u64::MAX), &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(walk, Walk::Stopped);
        assert!(n < 2 * STOP_EVERY, "{n}");
    }
}
