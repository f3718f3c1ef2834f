//! # Bounded trials: a candidate assumed, the constraints propagated to a contradiction
//!
//! When no constraint alone, no pair, no fish and no house sum forces anything, each open
//! candidate outside the solver's first model is assumed in turn and every constraint's
//! arc consistency ([`supported`]) is run in rounds: a round runs every constraint one of
//! whose cells changed in the round before. A constraint left with no filling is a
//! contradiction: the candidate goes. Its **depth** is the number of rounds it took,
//! reported in [`Technique::Trial`]; the shallowest wins. Houses run by singles first, by
//! their full arc consistency only when no trial fails so.
//!
//! A **nested trial** comes after them (and before pairs of constraints and the solver's
//! cores): the assumption propagated to its end without contradiction, then a
//! cell of two or three candidates of what is left all of whose digits fail in turn (the
//! fewest candidates first); its depth adds the
//! rounds of the assumption and of the longer branch.
//!
//! The candidates whose trials failed in a full pass are kept and tried first at the next
//! steps: removing candidates only makes a trial fail sooner, so most trial steps need no
//! pass over every open candidate.
//!
//! A full pass still tries some five hundred candidates on a hard Killer, nearly all of
//! which hold. For each that held, the fixpoint it reached is kept (and for a nested
//! trial, per branch cell, the fixpoint of a digit that held there). The propagators are
//! monotone and only narrow, so the trial at later candidates ends in the greatest fixpoint
//! below both the candidates now and the one kept: the kept one less what has gone since,
//! propagated from the cells that lost a digit, says whether the trial still holds in a
//! few propagator runs. Only a trial that then fails runs from scratch, for its depth and
//! constraints, so every outcome is the one without the kept fixpoints (a test checks it
//! along a whole path). On Tarek's line 1 that took the explanation from 7.5 s to 4.3 s.
//!
//! The constraints that narrowed a cell on the way (and the one that failed) force the
//! elimination between them; the solver shrinks that set to a minimal reason, with calls
//! over those few constraints only, so the step's reason meets the replay's rules
//! ([`crate::Puzzle::replay`]).

use super::{supported, ExplainError, Explainer, Technique};

/// The rounds a trial may take, and whether houses run their full arc consistency (naked
/// and hidden sets) rather than singles alone, tried in this order: the second only when no
/// trial fails within the first. A trial's depth is the round its contradiction came in,
/// and the shallowest wins, so one pass of the most rounds finds what smaller budgets would.
const BUDGETS: [(usize, bool); 2] = [(24, false), (24, true)];

/// Where in [`BUDGETS`] houses run their full arc consistency, as nested trials do.
const STRONG: usize = 1;

/// The rounds of a nested trial's propagations, each to its end in practice.
const NESTED_ROUNDS: usize = 64;

/// Where the candidates whose nested trials failed are kept in `Explainer::failing`.
pub(super) const NESTED: usize = BUDGETS.len();

/// The most cells a nested trial branches on.
const NESTED_BRANCHES: usize = 40;

/// The most candidates of a cell a nested trial branches on: every one must fail.
const NESTED_MOST_CANDIDATES: u32 = 3;

/// A trial's contradiction: its rounds and the constraints that took part (`None`: none).
type Contradiction = Option<(usize, Vec<usize>)>;

/// Per branch cell (grid index) of one candidate's nested trial, the fixpoint a digit
/// there reached without contradiction.
pub(super) type Branches = Vec<(usize, Box<[u32]>)>;

/// What a fixpoint kept from an earlier pass says of a trial now
/// ([`Explainer::narrowed`]).
enum Kept {
    /// Nothing it holds has gone since: the trial still ends there, without contradiction.
    Same,
    /// The trial still holds, and ends in this fixpoint.
    Holds(Vec<u32>),
    /// The trial may fail: run it from scratch.
    Unknown,
}

/// The work lists of one propagation ([`Explainer::run_cells`]), kept between calls.
#[derive(Default)]
pub(super) struct Scratch {
    /// Per propagator, whether it is queued.
    dirty: Vec<bool>,
    /// The propagators queued for the next round.
    queued: Vec<usize>,
    /// The propagators of this round.
    todo: Vec<usize>,
    /// The candidates of one propagator's cells, and what it keeps of them.
    now: Vec<u32>,
    sup: Vec<u32>,
    /// One propagator's cells.
    cells: Vec<usize>,
}

/// A failed trial: its depth, grid index, digit and the constraints that took part.
type Failed = (usize, usize, u8, Vec<usize>);

/// What propagating from an assumption ends in.
pub(super) enum Ran {
    /// A contradiction in the round given; the constraints that narrowed a cell on the way
    /// (and the one that failed), in order.
    Fails(usize, Vec<usize>),
    /// No contradiction within the rounds: the candidates left, the rounds taken and, per
    /// constraint, whether it narrowed a cell.
    Holds(Vec<u32>, usize, Vec<bool>),
}

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
    /// trial fails within the largest budget. The candidates whose trials failed in the
    /// last full pass of a budget are tried first, alone: fewer candidates only make a
    /// trial fail sooner, so most steps need no pass over every open candidate.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn trial(
        &mut self,
        open: &[(usize, u8)],
    ) -> Result<Option<TrialStep>, ExplainError> {
        for (at, (rounds, strong)) in BUDGETS.into_iter().enumerate() {
            let cached: Vec<(usize, u8)> = self.failing[at]
                .iter()
                .copied()
                .filter(|c| open.contains(c))
                .collect();
            let mut held = std::mem::take(&mut self.held[at]);
            held.resize(self.doms.len() * self.width(), None);
            let mut best = self.best_trial(&cached, (rounds, strong), &mut held).0;
            if best.is_none() {
                let (found, failing) = self.best_trial(open, (rounds, strong), &mut held);
                best = found;
                self.failing[at] = failing;
            }
            self.held[at] = held;
            if let Some((depth, i, d, used)) = best {
                self.failing[at].retain(|&c| c != (i, d));
                let used = self.shrink(i, d, used, strong);
                let reason = self.minimal(used, (i, d))?;
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

    /// The trial among `cands` that fails in the fewest rounds (then with the fewest
    /// constraints): (depth, grid index, digit, constraints); and every candidate whose
    /// trial fails.
    ///
    /// `held` keeps, per candidate at `i * width + d`, the fixpoint its last trial of this
    /// budget reached without contradiction, and is brought up to date. Propagation only
    /// narrows and its propagators are monotone, so from the candidates now the trial ends
    /// in the greatest fixpoint below both them and that one: the old fixpoint less what has
    /// gone since, propagated from the cells that lost a digit, decides whether it holds in
    /// a few runs where the trial from scratch takes many rounds. A trial that then fails
    /// runs again from scratch, for its depth and its constraints: the outcome is the same
    /// as without `held`.
    fn best_trial(
        &self,
        cands: &[(usize, u8)],
        budget: (usize, bool),
        held: &mut [Option<Box<[u32]>>],
    ) -> (Option<Failed>, Vec<(usize, u8)>) {
        let (rounds, _) = budget;
        let width = self.width();
        let all = vec![true; self.model.list.len()];
        let mut best: Option<Failed> = None;
        let mut failing = Vec::new();
        for &(i, d) in cands {
            if self.stop.is_requested() {
                break;
            }
            let slot = i * width + usize::from(d);
            if let Some(fixpoint) = held[slot].take() {
                match self.narrowed(&fixpoint, &self.doms, budget, &all) {
                    Kept::Same => {
                        held[slot] = Some(fixpoint);
                        continue;
                    }
                    Kept::Holds(after) => {
                        held[slot] = Some(after.into_boxed_slice());
                        continue;
                    }
                    Kept::Unknown => {}
                }
            }
            let mut doms = self.doms.clone();
            doms[i] = 1 << d;
            match self.run_from(doms, i, budget, &all) {
                Ran::Fails(depth, used) => {
                    failing.push((i, d));
                    if best
                        .as_ref()
                        .is_none_or(|b| (depth, used.len()) < (b.0, b.3.len()))
                    {
                        best = Some((depth, i, d, used));
                    }
                }
                Ran::Holds(after, last, _) => {
                    held[slot] = (last < rounds).then(|| after.into_boxed_slice());
                }
            }
        }
        (best, failing)
    }

    /// The first elimination of a house sum (the smallest rules first, then their cells and
    /// digits in order), with a minimal reason among the rule's sources.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn house_sum(&mut self) -> Result<Option<(usize, u8, Vec<usize>)>, ExplainError> {
        let mut found = None;
        for (r, rule) in self.sums.iter().enumerate() {
            let first = *self.sum_cache[r].get_or_insert_with(|| {
                let cells = rule.cells.iter().map(|c| c.0);
                first_gone(&self.doms, cells, rule.supported(&self.doms))
            });
            if let Some((i, d)) = first {
                found = Some((i, d, rule.sources.clone()));
                break;
            }
        }
        self.made_minimal(found)
    }

    /// The first elimination of a house's cage combinations (the rules in order, then
    /// their cells and digits), with a minimal reason among the house and its cages.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn house_combo(&mut self) -> Result<Option<(usize, u8, Vec<usize>)>, ExplainError> {
        let mut found = None;
        for (r, rule) in self.combos.iter().enumerate() {
            let first = *self.combo_cache[r].get_or_insert_with(|| {
                let cells = rule.cells.iter().copied();
                first_gone(&self.doms, cells, rule.supported(&self.doms))
            });
            if let Some((i, d)) = first {
                found = Some((i, d, rule.sources.clone()));
                break;
            }
        }
        self.made_minimal(found)
    }

    /// A rule's elimination with its sources shrunk to a minimal reason.
    fn made_minimal(
        &mut self,
        found: Option<(usize, u8, Vec<usize>)>,
    ) -> Result<Option<(usize, u8, Vec<usize>)>, ExplainError> {
        let Some((i, d, sources)) = found else {
            return Ok(None);
        };
        let reason = self.minimal(sources, (i, d))?;
        Ok(Some((i, d, reason)))
    }

    /// The constraints `used` of a failed trial of digit `d` at grid index `i`, less each
    /// one without which a trial (of the largest budget, over the rest) still fails: a
    /// small set for the solver to make minimal, with easy calls.
    fn shrink(&self, i: usize, d: u8, used: Vec<usize>, strong: bool) -> Vec<usize> {
        let rounds = (BUDGETS[BUDGETS.len() - 1].0, strong);
        self.shrink_by(used, &|allowed| self.assume_in(i, d, rounds, allowed))
    }

    /// The constraints `used`, less each one without which `fails` (over the rest) still
    /// finds a contradiction, keeping the smaller set it then names.
    fn shrink_by(&self, used: Vec<usize>, fails: &dyn Fn(&[bool]) -> Contradiction) -> Vec<usize> {
        let mut allowed = vec![false; self.model.list.len()];
        used.iter().for_each(|&k| allowed[k] = true);
        let mut kept = used;
        let mut at = 0;
        while at < kept.len() {
            let k = kept[at];
            allowed[k] = false;
            match fails(&allowed) {
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

    /// The first of the `open` candidates (those of two-candidate cells first) whose
    /// nested trial fails ([`Explainer::nested_in`]), with a minimal reason. As with
    /// [`Explainer::trial`], those that failed in the last full pass are tried first; a
    /// full pass tries every candidate and keeps those that fail.
    ///
    /// # Errors
    /// [`ExplainError::Solver`] when the solver fails while shrinking the reason.
    pub(super) fn nested(
        &mut self,
        open: &[(usize, u8)],
    ) -> Result<Option<TrialStep>, ExplainError> {
        let cached: Vec<(usize, u8)> = self.failing[NESTED]
            .iter()
            .copied()
            .filter(|c| open.contains(c))
            .collect();
        let mut branches = std::mem::take(&mut self.branches);
        branches.resize_with(self.doms.len() * self.width(), Vec::new);
        let mut found = cached
            .iter()
            .find_map(|&(i, d)| self.nested_kept(i, d, &mut branches).map(|f| (i, d, f)));
        if found.is_none() {
            let mut order = open.to_vec();
            order.sort_by_key(|&(i, _)| self.doms[i].count_ones());
            let mut failing = Vec::new();
            for (i, d) in order {
                if self.stop.is_requested() {
                    break;
                }
                if let Some(f) = self.nested_kept(i, d, &mut branches) {
                    failing.push((i, d));
                    found = found.or(Some((i, d, f)));
                }
            }
            self.failing[NESTED] = failing;
        }
        self.branches = branches;
        let Some((i, d, (depth, used))) = found else {
            return Ok(None);
        };
        self.failing[NESTED].retain(|&c| c != (i, d));
        let used = self.shrink_by(used, &|allowed| self.nested_in(i, d, allowed));
        let reason = self.minimal(used, (i, d))?;
        Ok(Some(TrialStep {
            i,
            d,
            reason,
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
        }))
    }

    /// A nested trial over the constraints `allowed`: digit `d` assumed at grid index `i`
    /// and propagated (houses by their full arc consistency) to its end; when that holds,
    /// a cell of two or three candidates of what is left (the fewest first, then the changed
    /// ones) all of whose digits
    /// fail in turn. The rounds (the first propagation's and the longer branch's) and the
    /// constraints that took part, or `None`.
    fn nested_in(&self, i: usize, d: u8, allowed: &[bool]) -> Option<(usize, Vec<usize>)> {
        let mut doms = self.doms.clone();
        doms[i] = 1 << d;
        let budget = (NESTED_ROUNDS, true);
        let (after, rounds, used) = match self.run_from(doms, i, budget, allowed) {
            Ran::Fails(round, used) => return Some((round, used)),
            Ran::Holds(after, rounds, used) => (after, rounds, used),
        };
        for j in self.branch_cells(i, &after) {
            let mut all = used.clone();
            let mut deepest = 0;
            let every = super::digits(after[j]).all(|e| {
                let mut branch = after.clone();
                branch[j] = 1 << e;
                match self.run_from(branch, j, budget, allowed) {
                    Ran::Fails(round, more) => {
                        deepest = deepest.max(round);
                        more.iter().for_each(|&k| all[k] = true);
                        true
                    }
                    Ran::Holds(..) => false,
                }
            });
            if every {
                let list = (0..all.len()).filter(|&k| all[k]).collect();
                return Some((rounds + deepest, list));
            }
        }
        None
    }

    /// [`Explainer::nested_in`] over every constraint, deciding first from what the last
    /// passes kept whether it holds: the assumption's fixpoint from the strong trials'
    /// pass at these candidates (`held`), and per branch cell the fixpoint of a digit that
    /// held there (`branches`, brought up to date as in [`Explainer::best_trial`]). Only
    /// a nested trial that fails runs from scratch, for its depth and its constraints: the
    /// outcome is the same as [`Explainer::nested_in`]'s.
    fn nested_kept(
        &self,
        i: usize,
        d: u8,
        branches: &mut [Branches],
    ) -> Option<(usize, Vec<usize>)> {
        let all = vec![true; self.model.list.len()];
        let slot = i * self.width() + usize::from(d);
        let budget = (NESTED_ROUNDS, true);
        // The strong trials' pass ran at these candidates just before; a fixpoint kept
        // from an earlier one (a pass cut short by a stop) is not used.
        let after = match self.held[STRONG].get(slot) {
            Some(Some(fixpoint)) if fixpoint.iter().zip(&self.doms).all(|(&f, &n)| f & !n == 0) => {
                fixpoint.to_vec()
            }
            _ => {
                let mut doms = self.doms.clone();
                doms[i] = 1 << d;
                match self.run_from(doms, i, budget, &all) {
                    Ran::Fails(round, used) => return Some((round, used)),
                    Ran::Holds(after, ..) => after,
                }
            }
        };
        let kept = &mut branches[slot];
        for j in self.branch_cells(i, &after) {
            // A digit that held at this cell before, and holds still.
            if let Some(at) = kept.iter().position(|(c, _)| *c == j) {
                match self.narrowed(&kept[at].1, &after, budget, &all) {
                    Kept::Same => continue,
                    Kept::Holds(now) => {
                        kept[at].1 = now.into_boxed_slice();
                        continue;
                    }
                    Kept::Unknown => {
                        let _ = kept.swap_remove(at);
                    }
                }
            }
            let mut holding = None;
            for e in super::digits(after[j]) {
                let mut branch = after.clone();
                branch[j] = 1 << e;
                if let Ran::Holds(now, last, _) = self.run_from(branch, j, budget, &all) {
                    holding = Some((now, last));
                    break;
                }
            }
            match holding {
                Some((now, last)) => {
                    if last < NESTED_ROUNDS {
                        kept.push((j, now.into_boxed_slice()));
                    }
                }
                None => return self.nested_in(i, d, &all),
            }
        }
        None
    }

    /// What the fixpoint `kept` of an earlier trial says of the same trial started from
    /// the candidates `now` (narrower than that trial's start): the greatest fixpoint below
    /// both, from the kept one less what `now` has not, propagated from the cells that
    /// lost a digit (see [`Explainer::best_trial`]).
    fn narrowed(&self, kept: &[u32], now: &[u32], budget: (usize, bool), allowed: &[bool]) -> Kept {
        let doms: Vec<u32> = kept.iter().zip(now).map(|(&k, &n)| k & n).collect();
        let changed: Vec<usize> = (0..doms.len()).filter(|&j| doms[j] != kept[j]).collect();
        if changed.is_empty() {
            return Kept::Same;
        }
        // A cell emptied already: the trial fails now, which only a run from scratch says
        // with its depth (the propagation notices only the cells it empties itself).
        if changed.iter().any(|&j| doms[j] == 0) {
            return Kept::Unknown;
        }
        match self.run_cells(doms, &changed, budget, allowed) {
            Ran::Holds(after, last, _) if last < budget.0 => Kept::Holds(after),
            _ => Kept::Unknown,
        }
    }

    /// The cells a nested trial of grid index `i` branches on, from the candidates `after`
    /// its assumption left: two or three candidates, the fewest first, then those changed.
    fn branch_cells(&self, i: usize, after: &[u32]) -> Vec<usize> {
        let mut branch: Vec<usize> = (0..after.len())
            .filter(|&j| {
                j != i
                    && after[j].count_ones() >= 2
                    && after[j].count_ones() <= NESTED_MOST_CANDIDATES
            })
            .collect();
        branch.sort_by_key(|&j| (after[j].count_ones(), after[j] == self.doms[j]));
        branch.truncate(NESTED_BRANCHES);
        branch
    }

    /// Assumes digit `d` at grid index `i` and propagates over the constraints `allowed`
    /// (and the house sums whose sources all are) for at most `rounds` rounds (houses by
    /// their full arc consistency when `strong`, else by singles): the round of the
    /// contradiction and the constraints that took part, or `None`.
    fn assume_in(
        &self,
        i: usize,
        d: u8,
        budget: (usize, bool),
        allowed: &[bool],
    ) -> Option<(usize, Vec<usize>)> {
        let mut doms = self.doms.clone();
        doms[i] = 1 << d;
        match self.run_from(doms, i, budget, allowed) {
            Ran::Fails(round, used) => Some((round, used)),
            Ran::Holds(..) => None,
        }
    }

    /// Propagates the candidates `doms`, changed at grid index `from`, for at most
    /// `rounds` rounds over the constraints `allowed` (and the house sums whose sources all
    /// are); houses by their full arc consistency when `strong`, else by singles.
    pub(super) fn run_from(
        &self,
        doms: Vec<u32>,
        from: usize,
        budget: (usize, bool),
        allowed: &[bool],
    ) -> Ran {
        self.run_cells(doms, &[from], budget, allowed)
    }

    /// [`Explainer::run_from`] with the candidates `doms` changed at every grid index of
    /// `from`.
    fn run_cells(
        &self,
        mut doms: Vec<u32>,
        from: &[usize],
        (rounds, strong): (usize, bool),
        allowed: &[bool],
    ) -> Ran {
        let n = self.model.list.len();
        let sums = n + self.sums.len();
        let all = sums + self.combos.len();
        // A question's own house sums come last (`Explainer::set_sums`); their sources are
        // the set's, so they all run.
        let extra = self.set_sums.borrow();
        let mut scratch = self.scratch.borrow_mut();
        let Scratch {
            dirty,
            queued,
            todo,
            now,
            sup,
            cells,
        } = &mut *scratch;
        dirty.clear();
        dirty.resize(all + extra.len(), false);
        self.allow(allowed);
        let live = self.live.borrow();
        let live = &live.1;
        // The propagators marked in `dirty`, each once, in no order; only those that run.
        queued.clear();
        for &j in from {
            self.touch(j, usize::MAX, (dirty, queued), (live, &extra));
        }
        let mut used = vec![false; n];
        let mut last = 0;
        for round in 1..=rounds {
            todo.clear();
            std::mem::swap(todo, queued);
            todo.iter().for_each(|&k| dirty[k] = false);
            if todo.is_empty() {
                break;
            }
            todo.sort_unstable();
            last = round;
            for &k in todo.iter() {
                cells.clear();
                if k < n {
                    cells.extend_from_slice(&self.members[k]);
                } else if k < sums {
                    cells.extend(self.sums[k - n].cells.iter().map(|c| c.0));
                } else if k < all {
                    cells.extend_from_slice(&self.combos[k - sums].cells);
                } else {
                    cells.extend(extra[k - all].cells.iter().map(|c| c.0));
                }
                now.clear();
                now.extend(cells.iter().map(|&j| doms[j]));
                let sources: Option<&[usize]> = if k < n {
                    let c = &self.model.list[k];
                    if c.kind.is_group() && !strong {
                        *sup = singles(now);
                    } else {
                        let sets = self.sets[k].as_deref();
                        if !self.remembered(k, now, sup, || supported(c, now, sets)) {
                            continue;
                        }
                    }
                    None
                } else if k < sums {
                    let rule = &self.sums[k - n];
                    if !self.remembered(k, now, sup, || Some(rule.supported(&doms))) {
                        continue;
                    }
                    Some(&rule.sources)
                } else if k < all {
                    let rule = &self.combos[k - sums];
                    if !self.remembered(k, now, sup, || Some(rule.supported(&doms))) {
                        continue;
                    }
                    Some(&rule.sources)
                } else {
                    // Not remembered: the same index is another rule in another question.
                    let rule = &extra[k - all];
                    *sup = rule.supported(&doms);
                    Some(&rule.sources)
                };
                for (&j, &keep) in cells.iter().zip(sup.iter()) {
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
                        return Ran::Fails(round, (0..n).filter(|&x| used[x]).collect());
                    }
                    doms[j] = left;
                    self.touch(j, k, (dirty, queued), (live, &extra));
                }
            }
        }
        Ran::Holds(doms, last, used)
    }

    /// Propagator `k`'s answer over the candidates `now` of its cells, into `sup`: the one
    /// remembered ([`super::memo::Memo`]), or `compute`'s, then remembered. `false` (and
    /// `sup` as it was) when `compute` has none.
    fn remembered(
        &self,
        k: usize,
        now: &[u32],
        sup: &mut Vec<u32>,
        compute: impl FnOnce() -> Option<Vec<u32>>,
    ) -> bool {
        if let Some(kept) = self.memo.borrow().get(k, now) {
            sup.clear();
            sup.extend_from_slice(kept);
            return true;
        }
        let Some(computed) = compute() else {
            return false;
        };
        self.memo.borrow_mut().put(k, now, &computed);
        *sup = computed;
        true
    }

    /// Which propagators run under the constraints `allowed` (`Explainer::live`): a
    /// constraint in the solver and allowed, a rule whose sources all are.
    pub(super) fn allow(&self, allowed: &[bool]) {
        let mut cache = self.live.borrow_mut();
        if cache.0 == allowed {
            return;
        }
        let n = self.model.list.len();
        let (key, live) = &mut *cache;
        key.clear();
        key.extend_from_slice(allowed);
        live.clear();
        live.extend((0..n).map(|k| allowed[k] && self.sat.has(k)));
        let sources = |s: &[usize]| s.iter().all(|&x| allowed[x]);
        live.extend(self.sums.iter().map(|r| sources(&r.sources)));
        live.extend(self.combos.iter().map(|r| sources(&r.sources)));
    }

    /// Marks the propagators on grid index `j` but `k` that run (`live`) as to run, in
    /// `dirty` and, the first time, in `queued`; a question's own house sums `extra` after
    /// the others.
    fn touch(
        &self,
        j: usize,
        k: usize,
        (dirty, queued): (&mut [bool], &mut Vec<usize>),
        (live, extra): (&[bool], &[super::sums::SumRule]),
    ) {
        let all = self.model.list.len() + self.sums.len() + self.combos.len();
        let own = (0..extra.len())
            .filter(|&r| extra[r].cells.iter().any(|c| c.0 == j))
            .map(|r| all + r);
        for p in self.props_of_cell[j].iter().copied().chain(own) {
            if p != k && !dirty[p] && live.get(p).is_none_or(|&on| on) {
                dirty[p] = true;
                queued.push(p);
            }
        }
    }
}

/// The first of `cells` (grid indices, with the digits `sup` each keeps) that loses a
/// digit while it has two or more: the cell and its lowest digit going.
fn first_gone(
    doms: &[u32],
    cells: impl Iterator<Item = usize>,
    sup: Vec<u32>,
) -> Option<(usize, u8)> {
    cells.zip(sup).find_map(|(i, keep)| {
        let gone = doms[i] & !keep;
        (gone != 0 && doms[i].count_ones() >= 2).then(|| (i, gone.trailing_zeros() as u8))
    })
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
            let mut places = (0..doms.len()).filter(|&j| out[j] & bit != 0);
            match (places.next(), places.next()) {
                (None, _) => out.iter_mut().for_each(|o| *o = 0),
                (Some(j), None) => out[j] &= bit,
                _ => {}
            }
        }
    } else if (union.count_ones() as usize) < doms.len() {
        out.iter_mut().for_each(|o| *o = 0);
    }
    out
}
#[cfg(test)]
pub(super) mod tests {
    use super::super::memo::Memo;
    use super::super::Next;
    use super::*;
    use crate::puzzle::Puzzle;

    /// Line `n` (from 1) of Tarek's 42 Killers.
    pub(in crate::setter::explain::steps) fn tarek_line(n: usize) -> Puzzle {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/collections/tarek-42.killers"
        );
        let text = std::fs::read_to_string(path).expect("reads");
        let line = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .nth(n - 1)
            .expect("a line of the file");
        let opts = crate::ParseOptions::default().kind("killer-short");
        Puzzle::parse_with(line.trim(), &opts).expect("parses")
    }

    /// The fixpoints kept from earlier passes change no outcome: along Tarek's line 30,
    /// wherever the path reaches the trials, every open candidate's trial of each budget
    /// (with what the passes kept, from as many steps back as they were) gives the same
    /// best trial and the same failing candidates as with nothing kept, and as with no
    /// propagator's answer remembered ([`Memo::off`]); its nested trial the same depth and
    /// constraints as [`Explainer::nested_in`] from scratch.
    #[test]
    fn kept_fixpoints_change_no_outcome() {
        let puzzle = tarek_line(30);
        let opts = super::super::ExplainOptions::default();
        let mut ex = Explainer::new(&puzzle, None, &opts)
            .expect("builds")
            .expect("no contradiction");
        let all = vec![true; ex.model.list.len()];
        let slots = ex.doms.len() * ex.width();
        let (mut checked, mut warm, mut remembered) = (0, 0, 0);
        for step in 0.. {
            if ex.finished().expect("verifies").is_some() {
                break;
            }
            match ex.single() {
                Some(Next::End(end)) => panic!("ended {end:?}"),
                Some(Next::Step(_)) => continue,
                None => {}
            }
            let at_trials = ex.house_sum().expect("asks").is_none()
                && ex.house_combo().expect("asks").is_none();
            if at_trials && step % 8 == 0 {
                let covered = ex.model_now().expect("the solution still fits");
                let open = ex.open(&covered);
                for (at, (rounds, strong)) in BUDGETS.into_iter().enumerate() {
                    let mut kept = ex.held[at].clone();
                    kept.resize(slots, None);
                    warm += kept.iter().flatten().count();
                    let with = ex.best_trial(&open, (rounds, strong), &mut kept);
                    let without = ex.best_trial(&open, (rounds, strong), &mut vec![None; slots]);
                    assert_eq!(with, without, "step {step}, budget {at}");
                    // Nor do the propagators' remembered answers.
                    remembered += ex.memo.borrow().kept();
                    let memo = ex.memo.replace(Memo::off());
                    let computed = ex.best_trial(&open, (rounds, strong), &mut vec![None; slots]);
                    let _ = ex.memo.replace(memo);
                    assert_eq!(
                        with, computed,
                        "step {step}, budget {at}, nothing remembered"
                    );
                    ex.held[at] = kept;
                }
                let mut branches = ex.branches.clone();
                branches.resize_with(slots, Vec::new);
                for &(i, d) in &open {
                    let kept = ex.nested_kept(i, d, &mut branches);
                    assert_eq!(kept, ex.nested_in(i, d, &all), "step {step}, ({i}, {d})");
                }
                ex.branches = branches;
                checked += 1;
            }
            let undecided = ex.undecided();
            if let Next::End(end) = ex.solver_phase(undecided).expect("steps") {
                panic!("ended {end:?}");
            }
        }
        assert!(
            checked >= 5 && warm > 0 && remembered > 0,
            "{checked} states, {warm} kept, {remembered} answers remembered"
        );
    }

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
