//! # Bounded trials: a candidate assumed, the constraints propagated to a contradiction
//!
//! When no constraint alone, no pair, no fish and no house sum forces anything, each open
//! candidate outside the solver's first model is assumed in turn and every constraint's
//! arc consistency ([`supported`]) is run in rounds: a round runs every constraint one of
//! whose cells changed in the round before. A constraint left with no filling is a
//! contradiction: the candidate goes. Its **depth** is the number of rounds it took,
//! reported in [`Technique::Trial`]; the rounds allowed start small and grow only when no
//! candidate fails within them.
//!
//! The constraints that narrowed a cell on the way (and the one that failed) force the
//! elimination between them; the solver shrinks that set to a minimal reason, with calls
//! over those few constraints only, so the step's reason meets the replay's rules
//! ([`crate::Puzzle::replay`]).

use super::{supported, ExplainError, Explainer, Technique};

/// The rounds a trial may take, and whether houses run their full arc consistency (naked
/// and hidden sets) rather than singles alone, tried in this order: each budget only when
/// the one before found no contradiction.
const BUDGETS: [(usize, bool); 5] = [(2, false), (4, false), (8, false), (24, false), (24, true)];

/// An elimination found by a trial: grid index, digit, the reason (constraint indices,
/// minimal) and the rounds it took.
pub(super) struct TrialStep {
    pub(super) i: usize,
    pub(super) d: u8,
    pub(super) reason: Vec<usize>,
    pub(super) depth: u8,
}

impl Explainer<'_> {
    /// The first of the `open` candidates (grid index, digit; impossible ones) whose trial
    /// fails within the smallest budget that any does, with a minimal reason; `None` when no
    /// trial fails within the largest budget.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn trial(
        &mut self,
        open: &[(usize, u8)],
    ) -> Result<Option<TrialStep>, ExplainError> {
        let grid = self.doms.len();
        for (rounds, strong) in BUDGETS {
            let mut best: Option<(usize, usize, u8, Vec<usize>)> = None;
            for &(i, d) in open {
                if let Some((depth, used)) = self.assume(i, d, rounds, strong) {
                    if best
                        .as_ref()
                        .is_none_or(|b| (depth, used.len()) < (b.0, b.3.len()))
                    {
                        best = Some((depth, i, d, used));
                    }
                    if depth == 1 {
                        break;
                    }
                }
            }
            if let Some((depth, i, d, used)) = best {
                let used = self.shrink(i, d, used, strong);
                let reason = self
                    .sat
                    .mus(used, (i, d), grid, true)
                    .map_err(ExplainError::solver)?;
                return Ok(Some(TrialStep {
                    i,
                    d,
                    reason,
                    depth: u8::try_from(depth).unwrap_or(u8::MAX),
                }));
            }
        }
        Ok(None)
    }

    /// The first elimination of a house sum (the smallest rules first, then their cells and
    /// digits in order), with a minimal reason among the rule's sources.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn house_sum(&mut self) -> Result<Option<(usize, u8, Vec<usize>)>, ExplainError> {
        let grid = self.doms.len();
        let mut found = None;
        'rules: for rule in &self.sums {
            let sup = rule.supported(&self.doms);
            for (&(i, _), keep) in rule.cells.iter().zip(sup) {
                let gone = self.doms[i] & !keep;
                if gone != 0 && self.doms[i].count_ones() >= 2 {
                    found = Some((i, gone.trailing_zeros() as u8, rule.sources.clone()));
                    break 'rules;
                }
            }
        }
        let Some((i, d, sources)) = found else {
            return Ok(None);
        };
        let reason = self
            .sat
            .mus(sources, (i, d), grid, true)
            .map_err(ExplainError::solver)?;
        Ok(Some((i, d, reason)))
    }

    /// Assumes digit `d` at grid index `i` and propagates for at most `rounds` rounds (houses
    /// by their full arc consistency when `strong`, else by singles): the
    /// round of the contradiction and the constraints that took part, or `None`. The
    /// propagators are the constraints, then the house sums (`sums`), each as its sources.
    pub(super) fn assume(
        &self,
        i: usize,
        d: u8,
        rounds: usize,
        strong: bool,
    ) -> Option<(usize, Vec<usize>)> {
        let allowed = vec![true; self.model.list.len()];
        self.assume_in(i, d, (rounds, strong), &allowed)
    }

    /// The constraints `used` of a failed trial of digit `d` at grid index `i`, less each
    /// one without which a trial (of the largest budget, over the rest) still fails: a
    /// small set for the solver to make minimal, with easy calls.
    fn shrink(&self, i: usize, d: u8, used: Vec<usize>, strong: bool) -> Vec<usize> {
        let rounds = (BUDGETS[BUDGETS.len() - 1].0, strong);
        let mut allowed = vec![false; self.model.list.len()];
        used.iter().for_each(|&k| allowed[k] = true);
        let mut kept = used;
        let mut at = 0;
        while at < kept.len() {
            let k = kept[at];
            allowed[k] = false;
            match self.assume_in(i, d, rounds, &allowed) {
                Some((_, fewer)) => {
                    allowed.iter_mut().for_each(|a| *a = false);
                    fewer.iter().for_each(|&x| allowed[x] = true);
                    // `fewer` is in order: go on after `k`.
                    at = fewer.iter().position(|&x| x > k).unwrap_or(fewer.len());
                    kept = fewer;
                }
                None => {
                    allowed[k] = true;
                    at += 1;
                }
            }
        }
        kept
    }

    /// [`Explainer::assume`] with only the constraints `allowed` (and the house sums whose
    /// sources all are).
    fn assume_in(
        &self,
        i: usize,
        d: u8,
        (rounds, strong): (usize, bool),
        allowed: &[bool],
    ) -> Option<(usize, Vec<usize>)> {
        let mut doms = self.doms.clone();
        doms[i] = 1 << d;
        let n = self.model.list.len();
        let all = n + self.sums.len();
        let mut dirty = vec![false; all];
        let live: Vec<bool> = (0..all)
            .map(|k| {
                if k < n {
                    allowed[k] && self.sat.has(k)
                } else {
                    self.sums[k - n].sources.iter().all(|&x| allowed[x])
                }
            })
            .collect();
        self.touch(i, usize::MAX, &mut dirty);
        let mut used = vec![false; n];
        for round in 1..=rounds {
            let todo: Vec<usize> = (0..all).filter(|&k| dirty[k] && live[k]).collect();
            if todo.is_empty() {
                return None;
            }
            dirty.iter_mut().for_each(|x| *x = false);
            for k in todo {
                let (cells, sup, sources): (Vec<usize>, Vec<u32>, Option<&[usize]>) = if k < n {
                    let cells = self.members[k].clone();
                    let now: Vec<u32> = cells.iter().map(|&j| doms[j]).collect();
                    let c = &self.model.list[k];
                    let sup = if c.kind.is_group() && !strong {
                        singles(&now)
                    } else {
                        match supported(c, &now) {
                            Some(sup) => sup,
                            None => continue,
                        }
                    };
                    (cells, sup, None)
                } else {
                    let rule = &self.sums[k - n];
                    let cells = rule.cells.iter().map(|c| c.0).collect();
                    (cells, rule.supported(&doms), Some(&rule.sources))
                };
                for (&j, &keep) in cells.iter().zip(&sup) {
                    let was = doms[j];
                    let left = was & keep;
                    if left == was {
                        continue;
                    }
                    match sources {
                        Some(list) => list.iter().for_each(|&s| used[s] = true),
                        None => used[k] = true,
                    }
                    if left == 0 {
                        return Some((round, (0..n).filter(|&x| used[x]).collect()));
                    }
                    doms[j] = left;
                    self.touch(j, k, &mut dirty);
                }
            }
        }
        None
    }

    /// Marks the propagators on grid index `j` but `k` as to run.
    fn touch(&self, j: usize, k: usize, dirty: &mut [bool]) {
        let n = self.model.list.len();
        for &other in &self.of_cell[j] {
            dirty[other] |= other != k && self.sat.has(other);
        }
        for &r in &self.sums_of_cell[j] {
            dirty[n + r] |= n + r != k;
        }
    }
}

/// The technique of a trial's step: the shape of its reason when that is an intersection
/// or a fish (a reason of two constraints, or rows and columns only), else a trial of
/// `depth` rounds.
pub(super) fn named(shape: Technique, depth: u8) -> Technique {
    match shape {
        Technique::Pointing
        | Technique::Claiming
        | Technique::CageAndLine
        | Technique::Fish { .. } => shape,
        _ => Technique::Trial { depth },
    }
}

/// Naked and hidden singles of one house, a cheaper stand-in for its arc consistency in a
/// trial: a decided cell's digit leaves the others; a digit with one place left is placed
/// there; a digit with no place, or two cells holding one digit, empties a cell.
fn singles(doms: &[u32]) -> Vec<u32> {
    let mut out = doms.to_vec();
    let union = doms.iter().fold(0u32, |m, &d| m | d);
    for (j, &d) in doms.iter().enumerate() {
        if d.count_ones() == 1 {
            for (k, o) in out.iter_mut().enumerate() {
                if k != j {
                    *o &= !d;
                }
            }
        }
    }
    // As many cells as digits: each digit has a place.
    if union.count_ones() as usize == doms.len() {
        let mut d = union;
        while d != 0 {
            let bit = d & d.wrapping_neg();
            d &= d - 1;
            let places: Vec<usize> = (0..doms.len()).filter(|&j| out[j] & bit != 0).collect();
            match places.as_slice() {
                [] => out.iter_mut().for_each(|o| *o = 0),
                [j] => out[*j] &= bit,
                _ => {}
            }
        }
    } else if (union.count_ones() as usize) < doms.len() {
        out.iter_mut().for_each(|o| *o = 0);
    }
    out
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_place_and_clear_a_house() {
        // 1 is decided in the first cell; 3 has one place left (the third).
        let doms = [0b10, 0b110, 0b1110, 0b10110];
        assert_eq!(singles(&doms), vec![0b10, 0b100, 0b1000, 0b10000]);
        // Two cells decided on one digit empty the house.
        assert_eq!(singles(&[0b10, 0b10, 0b1100, 0b11000]), vec![0, 0, 0, 0]);
        // Three digits between four cells: no filling.
        assert_eq!(singles(&[0b110, 0b110, 0b1110, 0b1110]), vec![0; 4]);
    }

    #[test]
    fn a_trial_keeps_the_easier_names_of_its_reason() {
        assert_eq!(named(Technique::Pointing, 3), Technique::Pointing);
        assert_eq!(
            named(Technique::InniesOuties, 3),
            Technique::Trial { depth: 3 }
        );
        assert_eq!(
            named(Technique::Combination { constraints: 5 }, 2),
            Technique::Trial { depth: 2 }
        );
    }
}
