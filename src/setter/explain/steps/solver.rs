//! # The solver phase: reasons from cores
//!
//! When no constraint alone (nor a pair, pointing or a fish) forces anything, every open
//! candidate not in a model found so far is probed under all constraints (after the first
//! time, the likeliest to give small cores first: [`Explainer::cores`]); the smallest few
//! cores are shrunk to minimal reasons and the smallest wins. When even the smallest core
//! is large, a cell of those cores is placed instead, with one reason for all its digits
//! that go ([`Explainer::placement`]): the core itself, as a search step
//! ([`Technique::Search`]), when the native bitset search over it refutes the other digits
//! ([`Explainer::search_depth`]); else the core shrunk.

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

/// The size of the smallest core from which the solver phase looks for a placement
/// ([`Explainer::placement`]).
const PLACE_FROM: usize = 16;

/// How many cells the solver phase asks for a placement.
const PLACE_CELLS: usize = 3;

/// A placement's core may be at most this ratio (numerator, denominator) of the smallest
/// core's size.
const PLACE_OVER: (usize, usize) = (5, 4);

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
        if !plain {
            if let Some((i, within, core)) = self.placement(&all, &cores)? {
                // No reason below sixteen constraints: a search step, its core not shrunk
                // (on Tarek's Killers cores of 44–51 constraints, whose shrinking took up
                // to a minute a step, for a reason of 33–38).
                if let Some(depth) = self.search_depth(&core, (i, within)) {
                    self.stats.solver_calls = self.sat.calls;
                    let t = Technique::Search { depth };
                    return Ok(Next::Step(self.apply(i, within, core, t)));
                }
                let reason = self.minimal_within(core, (i, within))?;
                self.stats.solver_calls = self.sat.calls;
                let t = self.combination(&reason, i);
                return Ok(Next::Step(self.apply(i, within, reason, t)));
            }
        }
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
                let t = self.combination(&reason, i);
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

    /// The technique of a solver's reason at grid index `i`: its shape, but a combination
    /// where that shape is a house sum. The house sums came before: a core of sums and
    /// houses is no sum rule that rung knows, so it is named for what it is.
    fn combination(&self, reason: &[usize], i: usize) -> Technique {
        match self.shape(reason, i) {
            Technique::InniesOuties => Technique::Combination {
                constraints: u8::try_from(reason.len()).unwrap_or(u8::MAX),
            },
            t => t,
        }
    }

    /// A placement in place of a large core's elimination: when the smallest core has
    /// [`PLACE_FROM`] constraints or more, the cells of the smallest cores (at most
    /// [`PLACE_CELLS`] of them, three candidates or more each) are asked whether they can
    /// take any digit but the one of the solution found before. A core for that question
    /// not much larger than the smallest ([`PLACE_OVER`]) is shrunk instead: one step, and
    /// one shrinking, where the eliminations would take one each (on Tarek's Killers a
    /// stuck cell lost six digits, one reason of 35 constraints after another). The
    /// placement's grid index, the digits it removes and its core.
    fn placement(
        &mut self,
        all: &[usize],
        cores: &[(usize, u8, Vec<usize>)],
    ) -> Result<Option<(usize, u32, Vec<usize>)>, ExplainError> {
        let Some(smallest) = cores.first().map(|c| c.2.len()) else {
            return Ok(None);
        };
        if smallest < PLACE_FROM {
            return Ok(None);
        }
        let Some(known) = self.model_now() else {
            return Ok(None);
        };
        let grid = self.doms.len();
        let mut asked: Vec<usize> = Vec::new();
        let mut best: Option<(usize, u32, Vec<usize>)> = None;
        for &(i, _, _) in cores {
            if asked.len() == PLACE_CELLS {
                break;
            }
            if asked.contains(&i) || self.doms[i].count_ones() < 3 {
                continue;
            }
            asked.push(i);
            let keep = known[i] & self.doms[i];
            if keep.count_ones() != 1 {
                continue;
            }
            let within = self.doms[i] & !keep;
            let probe = self.sat.probe_within(all, (i, within), grid);
            if let Probe::Impossible(core) = probe.map_err(ExplainError::solver)? {
                if best.as_ref().is_none_or(|b| core.len() < b.2.len()) {
                    best = Some((i, within, core));
                }
            }
        }
        Ok(best.filter(|b| b.2.len() * PLACE_OVER.1 <= smallest * PLACE_OVER.0))
    }

    /// The technique of a reason of several constraints at grid index `i`, by its shape.
    fn shape(&self, reason: &[usize], i: usize) -> Technique {
        let cols = self.model.cols;
        let cell = Cell::new((i / cols) as u8, (i % cols) as u8);
        let list: Vec<_> = reason.iter().map(|&k| &self.model.list[k]).collect();
        technique::shape(&list, cell)
    }

    /// The open candidates (grid index, digit) of undecided cells outside `covered`.
    pub(super) fn open(&self, covered: &[u32]) -> Vec<(usize, u8)> {
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

#[cfg(test)]
mod tests {
    use super::super::{explainer_of, SUDOKU};
    use super::*;
    use crate::puzzle::{Action, Puzzle};

    /// A placement's question (any digit but the solution's) is impossible under every
    /// constraint; its core, shrunk, places the cell in one step that the independent
    /// replay proves forced and minimal.
    #[test]
    fn a_placement_places_the_cell_with_a_minimal_reason() {
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let grid = ex.doms.len();
        let (i, four) = (0, 1u32 << 4);
        let within = ex.doms[i] & !four;
        assert_eq!(within.count_ones(), 8);
        // Without a core of size 16 or more no placement is looked for.
        let small = vec![(i, 1, vec![all[0]])];
        assert!(ex.placement(&all, &small).expect("asks").is_none());
        let large = vec![(i, 1, all.clone())];
        let (at, gone, core) = ex.placement(&all, &large).expect("asks").expect("places");
        assert_eq!((at, gone), (i, within));
        let Probe::Impossible(_) = ex.sat.probe_within(&all, (i, within), grid).expect("asks")
        else {
            panic!("A1 takes only 4");
        };
        // A digit the cell can take is possible.
        let Probe::Possible(_) = ex
            .sat
            .probe_within(&all, (i, within | four), grid)
            .expect("asks")
        else {
            panic!("A1 takes 4");
        };
        let reason = ex.minimal_within(core, (i, within)).expect("shrinks");
        assert!(reason.len() >= 2, "{reason:?}");
        let t = ex.combination(&reason, i);
        let step = ex.apply(i, within, reason, t);
        assert_eq!((step.action, step.digit), (Action::Place, 4));
        assert_eq!(puzzle.replay(None, std::slice::from_ref(&step)), Ok(None));
        // One constraint short, the reason no longer forces it.
        let mut short = step.clone();
        let _ = short.reason.pop();
        assert!(puzzle.replay(None, &[short]).is_err());
    }

    /// A placement's core as a search step: the bitset search over every house refutes
    /// A1's other digits (and finds a filling, so no depth, when 4 is among them). The
    /// step stands unshrunk and carries no witnesses; the independent replay proves it
    /// forced and does not ask it minimal, though it is not: the same reason named a
    /// combination is refused as not minimal, and a search step whose reason does not
    /// force the placement is refused as not forced.
    #[test]
    fn a_search_step_is_forced_but_not_claimed_minimal() {
        use crate::verify::replay::ReplayError;
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let (i, four) = (0, 1u32 << 4);
        let within = ex.doms[i] & !four;
        assert_eq!(ex.search_depth(&all, (i, within | four)), None);
        let depth = ex.search_depth(&all, (i, within)).expect("refuted");
        assert!(depth >= 1);
        let step = ex.apply(i, within, all.clone(), Technique::Search { depth });
        assert_eq!((step.action, step.digit), (Action::Place, 4));
        assert_eq!(step.reason.len(), 27);
        assert!(ex.witnesses.is_empty());
        assert_eq!(puzzle.replay(None, std::slice::from_ref(&step)), Ok(None));
        let mut named = step.clone();
        named.technique = Technique::Combination { constraints: 27 };
        assert!(
            matches!(
                puzzle.replay(None, &[named]),
                Err(ReplayError::NotMinimal { step: 1, .. })
            ),
            "27 houses are more than A1 = 4 needs"
        );
        let mut weak = step;
        weak.reason.truncate(2);
        assert!(matches!(
            puzzle.replay(None, &[weak]),
            Err(ReplayError::NotForced { step: 1, .. })
        ));
    }

    /// A KenKen's cages are no model the bitset search takes: a placement there has no
    /// search depth, though its other digits are impossible, so its core is shrunk as
    /// before.
    #[test]
    fn a_kenken_placement_is_no_search_step() {
        let puzzle = Puzzle::parse(
            "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; \
             12 * C3 C4 D4; 2 / D2 D3",
        )
        .expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let grid = ex.doms.len();
        let Probe::Possible(model) = ex.sat.probe(&all, None, grid).expect("asks") else {
            panic!("the puzzle has a solution");
        };
        let within = ex.doms[0] & !model[0];
        assert_ne!(within, 0);
        let Probe::Impossible(_) = ex.sat.probe_within(&all, (0, within), grid).expect("asks")
        else {
            panic!("the puzzle is unique");
        };
        assert_eq!(ex.search_depth(&all, (0, within)), None);
    }
}
