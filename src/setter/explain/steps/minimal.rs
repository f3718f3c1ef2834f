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
//! Only what the search leaves open goes to the solver, whose core then replaces the set.
//! Dropping constraints never makes one that was needed unneeded (a filling without it
//! stays a filling with fewer constraints), so one pass in order is enough.

use super::trial::Ran;
use super::{digits, supported, ExplainError, Explainer, Probe};

/// The nodes one search may visit before the solver answers instead.
const SEARCH_NODES: usize = 400;

/// The most constraints a set may have for `check` to search it: on Tarek's Killers a
/// set of 35 or more ran out of nodes 43 times in 46 (the solver then answers anyway),
/// one of 30 to 34 found a filling 83 times in 244, one of 10 to 14 696 times in 809.
const SEARCH_BELOW: usize = 35;

/// Rounds enough for a propagation to reach its fixpoint.
const FIXPOINT: usize = 10_000;

/// The answer to "with only these constraints, can the cell take the digit?"
pub(super) enum Check {
    /// No: propagation alone empties a cell; the constraints that took part.
    Fails(Vec<usize>),
    /// No: the search tried every filling.
    Exhausted,
    /// Yes: the search found a filling.
    Filled,
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
        let grid = self.doms.len();
        let n = self.model.list.len();
        let mut core = core;
        core.sort_unstable();
        core.dedup();
        let mut at = 0;
        while at < core.len() {
            let k = core[at];
            let rest: Vec<usize> = core.iter().copied().filter(|&x| x != k).collect();
            let mut allowed = vec![false; n];
            rest.iter().for_each(|&x| allowed[x] = true);
            let nodes = if rest.len() < SEARCH_BELOW {
                SEARCH_NODES
            } else {
                0
            };
            let smaller = match self.check(&allowed, i, d, nodes) {
                Check::Filled => None,
                Check::Fails(fewer) => Some(fewer),
                Check::Exhausted => Some(rest),
                Check::Open => match self
                    .sat
                    .probe(&rest, Some((i, d)), grid)
                    .map_err(ExplainError::solver)?
                {
                    Probe::Possible(_) => None,
                    Probe::Impossible(mut fewer) => {
                        fewer.sort_unstable();
                        Some(fewer)
                    }
                },
            };
            match smaller {
                // `k` is needed: so it stays in every smaller set.
                None => at += 1,
                Some(fewer) => {
                    at = fewer.iter().position(|&x| x > k).unwrap_or(fewer.len());
                    core = fewer;
                }
            }
        }
        Ok(core)
    }

    /// With only the constraints `allowed` (and the house sums of theirs), can grid index
    /// `i` take digit `d`? Propagation first, then a search over their cells of at most
    /// `nodes` nodes.
    pub(super) fn check(&self, allowed: &[bool], i: usize, d: u8, nodes: usize) -> Check {
        let mut doms = self.doms.clone();
        doms[i] = 1 << d;
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
            Some(true) => Check::Filled,
            Some(false) => Check::Exhausted,
            None => Check::Open,
        }
    }

    /// Depth first over `cells` from the propagated candidates `doms`, branching on the
    /// cell with the fewest: `Some(true)` when a filling meets every allowed constraint,
    /// `Some(false)` when none does, `None` when the nodes run out (or a constraint cannot
    /// be checked here).
    fn fill(
        &self,
        doms: Vec<u32>,
        cells: &[usize],
        allowed: &[bool],
        budget: &mut usize,
    ) -> Option<bool> {
        let pick = cells
            .iter()
            .copied()
            .filter(|&j| doms[j].count_ones() > 1)
            .min_by_key(|&j| doms[j].count_ones());
        let Some(j) = pick else {
            return self.holds(&doms, allowed);
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
                    Some(false) => {}
                    found => return found,
                }
            }
        }
        Some(false)
    }

    /// Whether the decided cells `doms` meet every allowed constraint; `None` when one is
    /// beyond [`supported`].
    fn holds(&self, doms: &[u32], allowed: &[bool]) -> Option<bool> {
        for (k, c) in self.model.list.iter().enumerate() {
            if !allowed[k] {
                continue;
            }
            let now: Vec<u32> = self.members[k].iter().map(|&j| doms[j]).collect();
            let sup = supported(c, &now)?;
            if sup.iter().zip(&now).any(|(s, n)| s != n) {
                return Some(false);
            }
        }
        Some(true)
    }
}
