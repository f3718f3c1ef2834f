//! # The solver phase: reasons from cores
//!
//! When no constraint alone (nor a pair, pointing or a fish) forces anything, every open
//! candidate not in a model found so far is probed under all constraints (after the first
//! time, the likeliest to give small cores first: [`Explainer::cores`]); the smallest few
//! cores are shrunk to minimal reasons and the smallest wins.

use super::{
    digits, technique, trial, Cell, End, ExplainError, Explainer, Method, Next, Probe, Technique,
    CORES_SHRUNK,
};

/// The size of the best reason so far above which no further core is shrunk.
const SHRINK_ANOTHER_BELOW: usize = 10;

/// A core more than this many times the size of the best reason so far is not shrunk:
/// shrinking takes a solver call per constraint, and a core of forty constraints ends
/// near thirty, not below a reason of ten.
const CORE_OVER_REASON: usize = 2;

/// How many candidates with the smallest cores at the last solver phase the next one asks
/// again, besides those of changed cells ([`Explainer::cores`]).
const ASKED_AGAIN: usize = 48;

impl Explainer<'_> {
    /// The solver's deduction with the smallest reason, or the end: no solution, or no
    /// deduction forced (every open candidate is in some solution: not unique).
    pub(super) fn solver_phase(&mut self, undecided: usize) -> Result<Next, ExplainError> {
        let all = self.active();
        let grid = self.doms.len();
        let known = self.model_now();
        let covered = match known {
            Some(seen) => seen,
            None => match self
                .sat
                .probe(&all, None, grid)
                .map_err(ExplainError::solver)?
            {
                Probe::Possible(seen) => {
                    self.known = Some(seen.clone());
                    seen
                }
                Probe::Impossible(_) => return Ok(Next::End(End::NoSolution)),
            },
        };
        let plain = self.method == Method::PlainMus;
        if !plain {
            // Open candidates outside the first model, cells then digits in order: for a
            // unique puzzle, exactly the impossible ones. The rungs, cheapest first: house
            // sums, cage combinations in a house, bounded trials, nested trials (a cell of
            // two or three candidates all of whose digits fail after the assumption), pairs
            // of constraints by the solver (a call per open candidate and pair); the
            // solver's cores over every constraint last.
            let open: Vec<(usize, u8)> = self.open(&covered);
            if let Some((i, d, reason)) = self.house_sum()? {
                self.stats.solver_calls = self.sat.calls;
                let t = self.shape(&reason, i);
                return Ok(Next::Step(self.apply(i, 1 << d, reason, t)));
            }
            if let Some((i, d, reason)) = self.house_combo()? {
                self.stats.solver_calls = self.sat.calls;
                let t = self.shape(&reason, i);
                return Ok(Next::Step(self.apply(i, 1 << d, reason, t)));
            }
            if let Some(t) = self.trial(&open)? {
                self.stats.solver_calls = self.sat.calls;
                let named = trial::named(self.shape(&t.reason, t.i), t.depth);
                return Ok(Next::Step(self.apply(t.i, 1 << t.d, t.reason, named)));
            }
            if let Some(t) = self.nested(&open)? {
                self.stats.solver_calls = self.sat.calls;
                let named = trial::named(self.shape(&t.reason, t.i), t.depth);
                return Ok(Next::Step(self.apply(t.i, 1 << t.d, t.reason, named)));
            }
            if let Some((i, d, pair)) = self.pair(&open)? {
                self.stats.solver_calls = self.sat.calls;
                let t = self.shape(&pair, i);
                return Ok(Next::Step(self.apply(i, 1 << d, pair.to_vec(), t)));
            }
        }
        let mut cores = self.cores(&all, covered)?;
        if plain {
            cores.iter_mut().for_each(|c| c.2.clone_from(&all));
        }
        cores.sort_by_key(|c| c.2.len());
        let shrink = if plain { cores.len() } else { CORES_SHRUNK };
        let mut best: Option<(usize, u8, Vec<usize>)> = None;
        for (i, d, core) in cores.into_iter().take(shrink) {
            // A large reason took many checks and the larger cores would take more, for
            // a reason few people could read anyway: the first one stands.
            if !plain
                && best.as_ref().is_some_and(|b| {
                    b.2.len() > SHRINK_ANOTHER_BELOW || core.len() > CORE_OVER_REASON * b.2.len()
                })
            {
                break;
            }
            let reason = if plain {
                self.sat
                    .mus(core, (i, d), grid, false)
                    .map_err(ExplainError::solver)?
            } else {
                self.minimal(core, (i, d))?
            };
            let better = best
                .as_ref()
                .is_none_or(|b| (reason.len(), i, d) < (b.2.len(), b.0, b.1));
            if better {
                best = Some((i, d, reason));
            }
        }
        self.stats.solver_calls = self.sat.calls;
        Ok(match best {
            Some((i, d, reason)) => {
                let gone = if plain {
                    1 << d
                } else {
                    self.all_but_one(i, d, &reason)?
                };
                // The house sums came before: a core of sums and houses is no sum rule
                // that rung knows, so it is named for what it is, a combination.
                let t = match self.shape(&reason, i) {
                    Technique::InniesOuties => Technique::Combination {
                        constraints: u8::try_from(reason.len()).unwrap_or(u8::MAX),
                    },
                    t => t,
                };
                Next::Step(self.apply(i, gone, reason, t))
            }
            None => Next::End(End::NotUnique { undecided }),
        })
    }

    /// The digits a reason eliminates at grid index `i`: `d`, or every candidate but one
    /// when the reason (minimal for `d`) also rules out all the others but one, so that
    /// one step places the cell. Still minimal: without any one of its constraints, `d`
    /// is possible again.
    fn all_but_one(&mut self, i: usize, d: u8, reason: &[usize]) -> Result<u32, ExplainError> {
        let grid = self.doms.len();
        let others = self.doms[i] & !(1 << d);
        let mut kept = 0u32;
        for e in digits(others) {
            if let Probe::Possible(_) = self
                .sat
                .probe(reason, Some((i, e as u8)), grid)
                .map_err(ExplainError::solver)?
            {
                kept |= 1 << e;
                if kept.count_ones() > 1 {
                    return Ok(1 << d);
                }
            }
        }
        Ok(if kept.count_ones() == 1 {
            self.doms[i] & !kept
        } else {
            1 << d
        })
    }

    /// The technique of a reason of several constraints at grid index `i`, by its shape.
    fn shape(&self, reason: &[usize], i: usize) -> Technique {
        let cols = self.model.cols;
        let cell = Cell::new((i / cols) as u8, (i % cols) as u8);
        let list: Vec<_> = reason.iter().map(|&k| &self.model.list[k]).collect();
        technique::shape(&list, cell)
    }

    /// The open candidates (grid index, digit) of undecided cells outside `covered`.
    fn open(&self, covered: &[u32]) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for c in &self.model.cells {
            let i = c.index(self.model.cols);
            if self.doms[i].count_ones() >= 2 {
                out.extend(digits(self.doms[i] & !covered[i]).map(|d| (i, d as u8)));
            }
        }
        out
    }

    /// Open candidates that are impossible under the constraints `all`, with a core; each
    /// model found widens `covered` and saves the calls for what it covers.
    ///
    /// After a first pass over every open candidate, a pass asks first only those likely
    /// to give the smallest cores: the [`ASKED_AGAIN`] with the smallest cores last time,
    /// those never asked, and those of cells changed since. The rest are asked only when
    /// these give no core.
    fn cores(
        &mut self,
        all: &[usize],
        mut covered: Vec<u32>,
    ) -> Result<Vec<(usize, u8, Vec<usize>)>, ExplainError> {
        let width = usize::from(self.model.max_digit) + 1;
        let open = self.open(&covered);
        let mut by_size: Vec<usize> = open
            .iter()
            .map(|&(i, d)| usize::from(self.core_sizes[i * width + usize::from(d)]))
            .filter(|&s| s > 0)
            .collect();
        by_size.sort_unstable();
        let below = by_size.get(ASKED_AGAIN).copied().unwrap_or(usize::MAX);
        // The plain baseline shrinks every impossible candidate's core: it asks them all.
        let plain = self.method == Method::PlainMus;
        let asked_first = |&(i, d): &(usize, u8)| {
            let size = self.core_sizes[i * width + usize::from(d)];
            plain || size == 0 || usize::from(size) < below || self.changed[i] > self.cores_at
        };
        let (first, rest): (Vec<_>, Vec<_>) = open.into_iter().partition(asked_first);
        self.cores_at = self.applied;
        let mut cores = self.cores_of(all, &first, &mut covered)?;
        if cores.is_empty() {
            cores = self.cores_of(all, &rest, &mut covered)?;
        }
        Ok(cores)
    }

    /// The cores of the candidates `cands` that are impossible under `all`, skipping those
    /// `covered` by a model found on the way.
    fn cores_of(
        &mut self,
        all: &[usize],
        cands: &[(usize, u8)],
        covered: &mut [u32],
    ) -> Result<Vec<(usize, u8, Vec<usize>)>, ExplainError> {
        let grid = self.doms.len();
        let width = usize::from(self.model.max_digit) + 1;
        let mut cores = Vec::new();
        for &(i, d) in cands {
            if covered[i] & (1 << d) != 0 {
                continue;
            }
            match self.sat.probe(all, Some((i, d)), grid) {
                Ok(Probe::Possible(seen)) => {
                    covered.iter_mut().zip(seen).for_each(|(a, b)| *a |= b);
                }
                Ok(Probe::Impossible(core)) => {
                    let size = u16::try_from(core.len()).unwrap_or(u16::MAX).max(1);
                    self.core_sizes[i * width + usize::from(d)] = size;
                    cores.push((i, d, core));
                }
                Err(e) => return Err(ExplainError::solver(e)),
            }
        }
        Ok(cores)
    }
}
