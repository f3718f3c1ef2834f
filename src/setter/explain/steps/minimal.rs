//! # Minimal reasons, by the explainer's own search first
//!
//! A step's reason must be minimal: without any one of its constraints the step no longer
//! follows ([`crate::Puzzle::replay`] checks it). Shrinking a set of constraints to such a
//! reason asks, for each constraint, "without it, does some filling of the others' cells
//! take the digit?". The solver answers that, but on a hard Killer each such call over
//! thirty or forty constraints costs tens of milliseconds. Most answers are easier:
//! - the constraints' propagation from the assumption (`run_from`, houses by their full
//!   arc consistency, house sums included) reaches a contradiction: the constraint is not
//!   needed, and the constraints that took part replace the set;
//! - a depth-first search over the set's cells, propagating at every node, finds a filling
//!   within [`SEARCH_NODES`] nodes: the constraint is needed; or exhausts the tree: it is
//!   not.
//!
//! Both propagate the set's own house sums beside the puzzle's
//! ([`super::sums::rules_within`]): where the set leaves out a cage that sticks out of a
//! union of its houses, the puzzle's outies do not apply, but the set's do, and a linear
//! argument the solver takes up to seconds to find is then a propagation.
//! What the search leaves open goes next to the native engine's bitset search over the
//! set's constraints alone ([`super::bitset`]), which finds most of the fillings that show
//! a constraint needed in milliseconds where the solver took up to seconds; only what
//! neither settles goes to the solver, whose core then replaces the set.
//! Before any question, a constraint that the rest implies by counting (a band's third row
//! beside its other rows and boxes; a cage beside the other cages of its box) goes at once
//! (`implied`): the solver proves those slowly.
//! When the solver answers with a filling instead (the constraint is needed), that filling
//! is turned one cell at a time: a change that leaves exactly one other constraint unmet
//! shows that one needed too, with no call (model rotation, [`Explainer::rotate`]).
//! Dropping constraints never makes one that was needed unneeded (a filling without it
//! stays a filling with fewer constraints), so one pass in order is enough. In sets larger
//! than the search takes, after two go in a row the next unneeded ones are asked in groups
//! of two, four and so on while they go (one question for a run of them); a group that
//! stays is asked one by one. Every filling that showed a constraint needed is kept
//! (`Explainer::fillings`): the step hands them on as its witnesses, which the replay
//! checks in place of searching for them.

use super::trial::Ran;
use super::{digits, sums, supported, ExplainError, Explainer, Probe};

/// The nodes one search may visit before the solver answers instead.
const SEARCH_NODES: usize = 400;

/// The most constraints a set may have for `check` to search it: on Tarek's Killers a
/// set of 35 or more ran out of nodes 43 times in 46 (the solver then answers anyway),
/// one of 30 to 34 found a filling 83 times in 244, one of 10 to 14 696 times in 809.
const SEARCH_BELOW: usize = 35;

/// Rounds enough for a propagation to reach its fixpoint.
const FIXPOINT: usize = 10_000;

/// The most single-cell changes one shrinking tries while rotating fillings
/// ([`Explainer::rotate`]).
const MOST_TURNS: usize = 20_000;

/// The answer to "without these constraints, can the cell still take no digit?"
enum Answer {
    /// It cannot: a smaller set that forces it (sorted).
    Smaller(Vec<usize>),
    /// It can: the explainer's search found this filling.
    Searched(Vec<u32>),
    /// It can: the solver found this filling (model rotation may turn it).
    Solved(Vec<u32>),
}

/// The answer to "with only these constraints, can the cell take the digit?"
pub(super) enum Check {
    /// No: propagation alone empties a cell; the constraints that took part.
    Fails(Vec<usize>),
    /// No: the search tried every filling.
    Exhausted,
    /// Yes: the search found a filling (grid-indexed bits, the set's cells decided).
    Filled(Vec<u32>),
    /// The search ran out of nodes.
    Open,
}

impl Explainer<'_> {
    /// A minimal subset of `core` (constraint indices) under which digit `d` is impossible
    /// at grid index `i`, by deletion in order; the caller knows `core` forces it.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails on a question the search left open.
    pub(super) fn minimal(
        &mut self,
        core: Vec<usize>,
        (i, d): (usize, u8),
    ) -> Result<Vec<usize>, ExplainError> {
        self.minimal_within(core, (i, 1 << d))
    }

    /// A minimal subset of `core` under which grid index `i` can take no digit of
    /// `within` (bit d for digit d), by deletion in order: one digit is an elimination's
    /// question, every candidate but one a placement's. The caller knows `core` forces it.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails on a question the search left open.
    pub(super) fn minimal_within(
        &mut self,
        core: Vec<usize>,
        (i, within): (usize, u32),
    ) -> Result<Vec<usize>, ExplainError> {
        let n = self.model.list.len();
        let mut core = core;
        core.sort_unstable();
        core.dedup();
        // The constraints found needed by rotating a filling: no question for them.
        let mut needed = vec![false; n];
        let mut turns = MOST_TURNS;
        let mut at = 0;
        // Constraints dropped together after two drops in a row: a run of unneeded ones
        // goes in one question (on Tarek's Killers a placement's core of 51 began with
        // seven cages, each dropped by a call of 0.1–0.4 s). Later in such a core one
        // constraint in three or four goes, and a group of two asked after each single
        // drop stayed every time (13 questions of 62 on line 19's placement): so one drop
        // alone does not start a group. A group that cannot go is asked again one by one.
        // Only in sets the search leaves to the solver: in smaller ones a question is
        // cheap and a group that stays costs one more (Tarek's 1 and 13 took 10% longer
        // with groups everywhere).
        let mut group = 1usize;
        let mut streak = 0usize;
        while at < core.len() {
            let k = core[at];
            if needed[k] {
                at += 1;
                continue;
            }
            // The rest implies it: it goes without a question.
            if self.implied(k, &core) {
                let _ = core.remove(at);
                streak += 1;
                group = if streak >= 2 { 2 } else { 1 };
                continue;
            }
            if group > 1 && core.len() > SEARCH_BELOW {
                let many: Vec<usize> = core[at..]
                    .iter()
                    .copied()
                    .filter(|&x| !needed[x])
                    .take(group)
                    .collect();
                if many.len() > 1 {
                    match self.drop_group(&core, &many, (i, within))? {
                        Some(fewer) => {
                            let last = many[many.len() - 1];
                            at = fewer.iter().position(|&x| x > last).unwrap_or(fewer.len());
                            core = fewer;
                            group = group.saturating_mul(2);
                        }
                        None => {
                            group = 1;
                            streak = 0;
                        }
                    }
                    continue;
                }
            }
            let rest: Vec<usize> = core.iter().copied().filter(|&x| x != k).collect();
            let smaller = match self.ask(&rest, (i, within))? {
                Answer::Smaller(fewer) => Some(fewer),
                Answer::Searched(filling) => {
                    self.fillings.push((i, k, filling));
                    None
                }
                Answer::Solved(filling) => {
                    self.fillings.push((i, k, filling.clone()));
                    let turned = self.rotate(&core, (k, filling), i, &mut needed, &mut turns);
                    self.fillings.extend(turned);
                    None
                }
            };
            match smaller {
                // `k` is needed: so it stays in every smaller set.
                None => {
                    needed[k] = true;
                    at += 1;
                    streak = 0;
                }
                Some(fewer) => {
                    at = fewer.iter().position(|&x| x > k).unwrap_or(fewer.len());
                    core = fewer;
                    streak += 1;
                    group = if streak >= 2 { 2 } else { 1 };
                }
            }
        }
        Ok(core)
    }

    /// `core` less the constraints `many` (two or more, none known needed), when grid index
    /// `i` still takes no digit of `within` under it: the smaller set (a core of it, sorted).
    /// `None` when it can.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails on a question the search left open.
    fn drop_group(
        &mut self,
        core: &[usize],
        many: &[usize],
        (i, within): (usize, u32),
    ) -> Result<Option<Vec<usize>>, ExplainError> {
        let rest: Vec<usize> = core.iter().copied().filter(|x| !many.contains(x)).collect();
        Ok(match self.ask(&rest, (i, within))? {
            Answer::Smaller(fewer) => Some(fewer),
            Answer::Searched(_) | Answer::Solved(_) => None,
        })
    }

    /// With only the constraints `set`, can grid index `i` take a digit of `within`? The
    /// explainer's propagation and search answer first, the solver what they leave open:
    /// a filling that shows it (grid-indexed bits, the set's cells decided), or `None`.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails.
    pub(super) fn filling(
        &mut self,
        set: &[usize],
        (i, within): (usize, u32),
    ) -> Result<Option<Vec<u32>>, ExplainError> {
        Ok(match self.ask(set, (i, within))? {
            Answer::Smaller(_) => None,
            Answer::Searched(filling) | Answer::Solved(filling) => Some(filling),
        })
    }

    /// With only the constraints `rest`, can grid index `i` take a digit of `within`? The
    /// explainer's propagation and search first (sets below [`SEARCH_BELOW`]), then the
    /// bitset search for a filling, the solver for what they leave open.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails.
    fn ask(&mut self, rest: &[usize], (i, within): (usize, u32)) -> Result<Answer, ExplainError> {
        let mut allowed = vec![false; self.model.list.len()];
        rest.iter().for_each(|&x| allowed[x] = true);
        let nodes = if rest.len() < SEARCH_BELOW {
            SEARCH_NODES
        } else {
            0
        };
        Ok(match self.check_own_sums(&allowed, i, within, nodes) {
            Check::Filled(filling) => Answer::Searched(filling),
            Check::Fails(fewer) => Answer::Smaller(fewer),
            Check::Exhausted => Answer::Smaller(rest.to_vec()),
            // Sets the explainer's search leaves alone: there, a filling took the solver
            // seconds. In smaller sets it answers in milliseconds, and the questions it
            // answers make its later ones faster (asking the bitset search first there
            // took Tarek's line 26 from 5.7 s of the solver's calls to 8.3 s).
            Check::Open => match (nodes == 0)
                .then(|| self.bitset_filling(rest, (i, within)))
                .flatten()
            {
                Some(filling) => Answer::Solved(filling),
                None => match self
                    .sat
                    .probe_within(rest, (i, within), self.doms.len())
                    .map_err(ExplainError::solver)?
                {
                    Probe::Possible(filling) => Answer::Solved(filling),
                    Probe::Impossible(mut fewer) => {
                        fewer.sort_unstable();
                        Answer::Smaller(fewer)
                    }
                },
            },
        })
    }

    /// With only the constraints `allowed` (and the house sums of theirs), can grid index
    /// `i` take a digit of `within`? Propagation first, then a search over their cells of
    /// at most `nodes` nodes.
    pub(super) fn check(&self, allowed: &[bool], i: usize, within: u32, nodes: usize) -> Check {
        let mut doms = self.doms.clone();
        doms[i] &= within;
        let after = match self.run_from(doms, i, (FIXPOINT, true), allowed) {
            Ran::Fails(_, used) => return Check::Fails(used),
            Ran::Holds(after, ..) => after,
        };
        let mut cells: Vec<usize> = (0..allowed.len())
            .filter(|&k| allowed[k])
            .flat_map(|k| self.members[k].iter().copied())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let mut budget = nodes;
        match self.fill(after, &cells, allowed, &mut budget) {
            Some(Some(filling)) => Check::Filled(filling),
            Some(None) => Check::Exhausted,
            None => Check::Open,
        }
    }

    /// [`Explainer::check`] with the set's own house sums beside the puzzle's
    /// ([`sums::rules_within`]: unions of the set's houses less the set's cages, where a
    /// cage of the puzzle that the set leaves out makes other outies). A linear argument
    /// of that kind took the solver 0.3–1.2 s a question. They were first added only where
    /// the plain check left a question open; added from the start, a question needs one
    /// search where it took two (Tarek's 42 side by side: 3% less CPU, 27 paths the same).
    fn check_own_sums(&self, allowed: &[bool], i: usize, within: u32, nodes: usize) -> Check {
        // The puzzle's sums that run under the set (`Explainer::allow`, which the check's
        // propagation asks for the same set anyway): the set's equal ones are not added.
        self.allow(allowed);
        let own: Vec<sums::SumRule> = {
            let live = self.live.borrow();
            let puzzle = &live.1[self.model.list.len()..][..self.sums.len()];
            sums::rules_within(&self.model, &self.members, allowed)
                .into_iter()
                .filter(|r| r.sources.iter().all(|&k| self.sat.has(k)))
                .filter(|r| {
                    !self
                        .sums
                        .iter()
                        .zip(puzzle)
                        .any(|(s, &on)| on && s.cells == r.cells && s.total == r.total)
                })
                .collect()
        };
        if own.is_empty() {
            return self.check(allowed, i, within, nodes);
        }
        *self.set_sums.borrow_mut() = own;
        let checked = self.check(allowed, i, within, nodes);
        self.set_sums.borrow_mut().clear();
        checked
    }

    /// Model rotation (Marques-Silva and Lynce): `filling` meets every constraint of
    /// `core` but `broken`, with grid index `i` on the digit in question. A change of one
    /// other cell to another of its candidates that leaves exactly one constraint of
    /// `core` unmet, not yet known needed, shows that one needed as well (without it,
    /// that filling takes the digit): marked in `needed`, and the changed filling is
    /// rotated in turn. At most `turns` changes in all. Returns each constraint so marked,
    /// with the filling that showed it (`i` first: the question's grid index).
    fn rotate(
        &self,
        core: &[usize],
        (broken, filling): (usize, Vec<u32>),
        i: usize,
        needed: &mut [bool],
        turns: &mut usize,
    ) -> Vec<(usize, usize, Vec<u32>)> {
        let mut found = Vec::new();
        let mut in_core = vec![false; needed.len()];
        core.iter().for_each(|&k| in_core[k] = true);
        let mut cells: Vec<usize> = core
            .iter()
            .flat_map(|&k| self.members[k].iter().copied())
            .filter(|&j| j != i)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        // A witness keeps every cell within its candidates.
        if cells.iter().any(|&j| filling[j] & !self.doms[j] != 0) {
            return found;
        }
        let mut todo = vec![(broken, filling)];
        while let Some((broken, mut filling)) = todo.pop() {
            for &j in &cells {
                let was = filling[j];
                if was.count_ones() != 1 {
                    continue;
                }
                for e in digits(self.doms[j] & !was) {
                    if *turns == 0 {
                        return found;
                    }
                    *turns -= 1;
                    filling[j] = 1 << e;
                    // The constraints unmet now: those on j that the change breaks, and
                    // `broken` unless the change mends it.
                    let on_j = &self.of_cell[j];
                    let mut unmet = usize::from(!on_j.contains(&broken));
                    let mut only = broken;
                    for &c in on_j.iter().filter(|&&c| in_core[c]) {
                        match self.unmet(c, &filling) {
                            Some(false) => {}
                            Some(true) => {
                                unmet += 1;
                                only = c;
                            }
                            None => unmet = 2,
                        }
                        if unmet > 1 {
                            break;
                        }
                    }
                    if unmet == 1 && !needed[only] && only != broken {
                        needed[only] = true;
                        found.push((i, only, filling.clone()));
                        todo.push((only, filling.clone()));
                    }
                    filling[j] = was;
                }
            }
        }
        found
    }

    /// Whether constraint `k` has no filling from the candidates `doms` (grid-indexed);
    /// `None` when it is beyond [`supported`].
    pub(super) fn unmet(&self, k: usize, doms: &[u32]) -> Option<bool> {
        let now: Vec<u32> = self.members[k].iter().map(|&j| doms[j]).collect();
        let sup = supported(&self.model.list[k], &now, self.sets[k].as_deref())?;
        Some(sup.contains(&0))
    }

    /// Depth first over `cells` from the propagated candidates `doms`, branching on the
    /// cell with the fewest: `Some(Some(filling))` when a filling meets every allowed
    /// constraint, `Some(None)` when none does, `None` when the nodes run out (or a
    /// constraint cannot be checked here).
    fn fill(
        &self,
        doms: Vec<u32>,
        cells: &[usize],
        allowed: &[bool],
        budget: &mut usize,
    ) -> Option<Option<Vec<u32>>> {
        let pick = cells
            .iter()
            .copied()
            .filter(|&j| doms[j].count_ones() > 1)
            .min_by_key(|&j| doms[j].count_ones());
        let Some(j) = pick else {
            return self.holds(&doms, allowed).map(|ok| ok.then_some(doms));
        };
        for e in digits(doms[j]) {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let mut child = doms.clone();
            child[j] = 1 << e;
            if let Ran::Holds(after, ..) = self.run_from(child, j, (FIXPOINT, true), allowed) {
                match self.fill(after, cells, allowed, budget) {
                    Some(None) => {}
                    found => return found,
                }
            }
        }
        Some(None)
    }

    /// Whether the decided cells `doms` meet every allowed constraint; `None` when one is
    /// beyond [`supported`].
    fn holds(&self, doms: &[u32], allowed: &[bool]) -> Option<bool> {
        for (k, c) in self.model.list.iter().enumerate() {
            if !allowed[k] {
                continue;
            }
            let now: Vec<u32> = self.members[k].iter().map(|&j| doms[j]).collect();
            let sup = supported(c, &now, self.sets[k].as_deref())?;
            if sup.iter().zip(&now).any(|(s, n)| s != n) {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{explainer_of, SUDOKU};
    use super::*;
    use crate::puzzle::Puzzle;

    /// Every constraint that rotating a solver's filling marks needed is needed: without
    /// it, the cell can take a digit of the question. The question is A1's placement
    /// (anything but 4), over a minimal reason for it and three constraints more that it
    /// does not need (each three of those in turn: which fillings rotate depends on the
    /// reason found); each constraint dropped in turn whose rest the solver fills is
    /// rotated.
    #[test]
    fn rotation_marks_only_needed_constraints() {
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let grid = ex.doms.len();
        let (i, within) = (0, ex.doms[0] & !(1 << 4));
        let reason = ex
            .minimal_within(all.clone(), (i, within))
            .expect("shrinks");
        let extra: Vec<usize> = all
            .iter()
            .copied()
            .filter(|k| !reason.contains(k))
            .collect();
        let (mut rotated, mut marked) = (0, 0);
        for three in extra.chunks_exact(3) {
            let mut core = reason.clone();
            core.extend(three);
            core.sort_unstable();
            let without = |k: usize| core.iter().copied().filter(|&x| x != k).collect::<Vec<_>>();
            for &k in &core {
                let probe = ex.sat.probe_within(&without(k), (i, within), grid);
                let Probe::Possible(filling) = probe.expect("asks") else {
                    continue;
                };
                rotated += 1;
                let mut needed = vec![false; ex.model.list.len()];
                let mut turns = MOST_TURNS;
                let _ = ex.rotate(&core, (k, filling), i, &mut needed, &mut turns);
                for c in (0..needed.len()).filter(|&c| needed[c]) {
                    marked += 1;
                    let probe = ex.sat.probe_within(&without(c), (i, within), grid);
                    assert!(
                        matches!(probe.expect("asks"), Probe::Possible(_)),
                        "rotating the filling without {k} marked {c} needed"
                    );
                }
            }
        }
        assert!(
            rotated > 0 && marked > 0,
            "{rotated} fillings, {marked} marks"
        );
    }

    /// A pair's kept filling answers a question asked again only while it fits the
    /// candidates: along Project Euler's Sudoku's path, the pairs are asked about the
    /// solution's digits; every kept filling that still fits meets both constraints of its
    /// pair with the digit in question, and asking afresh finds the digit possible too.
    /// Some fillings fit after the steps and some no longer do.
    #[test]
    fn a_kept_pair_filling_stands_only_while_it_fits() {
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let width = usize::from(ex.model.max_digit) + 1;
        let (mut fit, mut gone) = (0, 0);
        let solution = ex.known.clone().expect("a solution");
        for _ in 0..12 {
            // The solution's digits: every pair takes them, so each question keeps a filling.
            let open: Vec<(usize, u8)> = (0..ex.doms.len())
                .filter(|&i| ex.doms[i].count_ones() > 1)
                .map(|i| (i, solution[i].trailing_zeros() as u8))
                .collect();
            assert_eq!(ex.pair(&open).expect("asks"), None);
            let Ok(super::super::Next::Step(_)) = ex.next() else {
                break;
            };
            for i in 0..ex.doms.len() {
                for (j, p) in ex.pairs[i].clone().into_iter().enumerate() {
                    for d in 1..width {
                        let Some(kept) = ex.pair_fillings[i][j * width + d].clone() else {
                            continue;
                        };
                        let cells: Vec<usize> = ex.pair_cells(p).collect();
                        if !cells
                            .iter()
                            .zip(kept.iter())
                            .all(|(&c, &b)| ex.doms[c] & b != 0)
                        {
                            gone += 1;
                            continue;
                        }
                        fit += 1;
                        let mut grid = ex.doms.clone();
                        cells
                            .iter()
                            .zip(kept.iter())
                            .for_each(|(&c, &b)| grid[c] = b);
                        assert_eq!(grid[i], 1 << d, "{p:?} at {i}");
                        for &k in &p {
                            assert_eq!(ex.unmet(k, &grid), Some(false), "{p:?} at {i}, {d}");
                        }
                        let again = ex.filling(&p, (i, 1 << d)).expect("asks");
                        assert!(again.is_some(), "{p:?} at {i}, {d}");
                    }
                }
            }
        }
        assert!(fit > 0 && gone > 0, "{fit} fit, {gone} no longer do");
    }

    /// A question whose answer is a linear argument over the set alone. On Tarek's line 26
    /// a trial's reason was being shrunk over rows 1–4 and the cages that fill them, all but
    /// the cage C9 D9 (its 16 is what 7 and 9 make), one of them sticking out to E6: rows
    /// 1–4 less those cages leave `C9 + D9 − E6 = 10`, so with C9 and D9 on 7 or 9, E6 is
    /// even. The puzzle's own house sums lack that equation (they take the cage C9 D9 as
    /// well); the set's have it, and with them the explainer answers what its propagation
    /// left open, as the solver does; an even digit stays possible for both.
    #[test]
    fn the_sets_own_house_sums_answer_a_linear_question() {
        use crate::puzzle::ConstraintKind;
        let puzzle = super::super::trial::tests::tarek_line(26);
        let mut ex = explainer_of(&puzzle);
        let grid = ex.doms.len();
        let (c9, d9, e6) = (2 * 9 + 8, 3 * 9 + 8, 4 * 9 + 5);
        let kind = |k: usize| ex.model.list[k].kind;
        let inside = |k: usize| ex.members[k].iter().all(|&j| j < 36);
        let set: Vec<usize> = (0..ex.model.list.len())
            .filter(|&k| {
                (kind(k) == ConstraintKind::Row && inside(k))
                    || (kind(k) == ConstraintKind::Cage
                        && !ex.members[k].contains(&c9)
                        && (inside(k) || ex.members[k].contains(&e6)))
            })
            .collect();
        let mut covered = vec![false; grid];
        for &k in set.iter().filter(|&&k| kind(k) == ConstraintKind::Cage) {
            ex.members[k].iter().for_each(|&j| covered[j] = true);
        }
        let open: Vec<usize> = (0..36).filter(|&j| !covered[j]).collect();
        assert_eq!(open, vec![c9, d9]);
        let mut allowed = vec![false; ex.model.list.len()];
        set.iter().for_each(|&k| allowed[k] = true);
        let rule = |r: &sums::SumRule| r.cells == [(c9, 1), (d9, 1), (e6, -1)] && r.total == 10;
        let own = sums::rules_within(&ex.model, &ex.members, &allowed);
        assert!(own.iter().any(rule), "{own:?}");
        assert!(!ex.sums.iter().any(rule));
        for j in [c9, d9] {
            for d in digits(ex.doms[j] & !(1 << 7 | 1 << 9)) {
                ex.sat.eliminate(j, d as u8);
            }
            ex.doms[j] &= 1 << 7 | 1 << 9;
        }
        let odd = ex.doms[e6] & 0b10_1010_1010;
        assert_eq!(odd.count_ones(), 5);
        assert!(matches!(ex.check(&allowed, e6, odd, 0), Check::Open));
        let Check::Fails(used) = ex.check_own_sums(&allowed, e6, odd, 0) else {
            panic!("the set's own sums leave E6 odd");
        };
        assert!(used.iter().all(|k| allowed[*k]), "{used:?}");
        // The solver takes seconds to prove the odd digits out (what this is for); that the
        // set's sums hold is `own_house_sums_hold_on_the_solution`.
        let even = 1 << 6;
        assert!(!matches!(
            ex.check_own_sums(&allowed, e6, even, 0),
            Check::Fails(_) | Check::Exhausted
        ));
        assert!(matches!(
            ex.sat.probe_within(&set, (e6, even), grid).expect("asks"),
            Probe::Possible(_)
        ));
    }

    /// Every house sum of a set of constraints follows from them: on Tarek's line 26, for
    /// 300 random sets of its constraints, each of the set's own sums has its sources in
    /// the set and holds on the puzzle's solution (which meets every constraint).
    #[test]
    fn own_house_sums_hold_on_the_solution() {
        let puzzle = super::super::trial::tests::tarek_line(26);
        let ex = explainer_of(&puzzle);
        let solution = ex.known.clone().expect("a solution");
        let n = ex.model.list.len();
        let mut rng = crate::rng::SplitMix64::new(26);
        let mut rules = 0;
        for _ in 0..300 {
            // Most constraints in: unions of houses need every house of theirs.
            let allowed: Vec<bool> = (0..n).map(|_| rng.below(8) != 0).collect();
            for rule in sums::rules_within(&ex.model, &ex.members, &allowed) {
                rules += 1;
                assert!(rule.sources.iter().all(|&k| allowed[k]), "{rule:?}");
                let sum: i64 = rule
                    .cells
                    .iter()
                    .map(|&(j, a)| a * i64::from(solution[j].trailing_zeros()))
                    .sum();
                assert_eq!(sum, rule.total, "{rule:?}");
            }
        }
        assert!(rules > 1_000, "{rules} rules");
    }

    /// A group of unneeded constraints goes in one question, with a set no larger than the
    /// core less the group; a group with a needed one stays.
    #[test]
    fn a_group_goes_together_or_stays() {
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let (i, within) = (0, ex.doms[0] & !(1 << 4));
        let reason = ex
            .minimal_within(all.clone(), (i, within))
            .expect("shrinks");
        let extra: Vec<usize> = all
            .iter()
            .copied()
            .filter(|k| !reason.contains(k))
            .collect();
        let mut core = reason.clone();
        core.extend(&extra[..3]);
        core.sort_unstable();
        let fewer = ex
            .drop_group(&core, &extra[..3], (i, within))
            .expect("asks")
            .expect("the three go");
        assert!(fewer.iter().all(|k| reason.contains(k)), "{fewer:?}");
        for &k in &reason {
            let stays = ex
                .drop_group(&core, &[k, extra[0]], (i, within))
                .expect("asks");
            assert_eq!(stays, None, "{k}");
        }
    }
}
