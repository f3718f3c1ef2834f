//! # Fillings by the model's bitset search
//!
//! Shrinking a large reason asks, for each of its constraints, whether the others let the
//! cell take a digit in question ([`super::minimal`]). When the answer is yes, a filling
//! shows it; on Tarek's hard Killers such a filling of forty-odd constraints took the
//! incremental solver up to four seconds, and a placement's shrinking asks some forty of
//! these questions. The bitset search the native engine runs on Sudoku and Killer
//! ([`crate::model::houses`]: singles, box–line, sums by their digit sets, the innies and
//! outies of the constraints it is given) finds many such fillings in milliseconds, so in
//! the sets too large for the explainer's own search it is asked before the solver, within
//! [`BACKTRACKS`], over the question's constraints alone and the current candidates, near
//! the last filling found for the same cell (its digits tried first: that filling meets
//! every constraint of the set but at most one). What it finds is checked against every
//! constraint of the set by the explainer's own propagators before it is used; what it
//! does not find within its budget, and every question whose answer is no (whose core the
//! solver gives), goes to the solver as before.
//!
//! Box–line reduction over part of a model needed one change in the board
//! ([`crate::model::board`]): a segment whose region or line the present houses do not
//! cover has no intersection (with a box left out, the old board ruled out fillings that
//! exist).
//!
//! Only models the bitset search takes (houses and distinct sums over a full square grid)
//! are asked: for the others, and for a set holding a constraint no family of the model
//! lowers, the solver answers alone.

use super::Explainer;
use crate::model::board::Board;
use crate::model::houses::Search;
use crate::model::Lowered;
use crate::puzzle::Constraints;

/// The backtracks one question's search may take before the solver answers instead.
/// Measured on Tarek's lines 38, 39 and 41 (2026-11-30, each question's time traced, the
/// bitset search's and the solver's together): 3,000 backtracks 101.9 s, 10,000 114.0 s;
/// each searching first near the last filling found for the same cell, 105.8 s and 91.7 s
/// (20,000: 89.7 s, with more spent on the fillings it misses). On line 39 alone, with the
/// search asked in every set, 20,000 found 122 of the 143 fillings the shrinkings needed
/// (median 6 ms, the slowest 0.47 s) and spent about 0.5 s on each it missed.
const BACKTRACKS: u64 = 10_000;

/// The backtracks the search that rates a search step ([`Explainer::search_depth`]) may
/// take: past them the step's reason is shrunk as a combination's instead.
const SEARCH_BACKTRACKS: u64 = 100_000;

impl Explainer<'_> {
    /// A filling of the constraints `set` alone with grid index `i` on a digit of
    /// `within`, by the bitset search from the current candidates (grid-indexed bits,
    /// every cell decided); `None` when the model is not one the search takes, or it finds
    /// none within [`BACKTRACKS`] (there may still be one).
    pub(super) fn bitset_filling(
        &self,
        set: &[usize],
        (i, within): (usize, u32),
    ) -> Option<Vec<u32>> {
        let cols = self.model.cols;
        // Near the last filling this step's shrinkings found for the same cell: it meets
        // every constraint of the set but at most one.
        let near = self.fillings.iter().rev().find(|f| f.0 == i);
        let (lowered, found) =
            self.bitset_search(set, (i, within), BACKTRACKS, |search, lowered| {
                if let Some((_, _, near)) = near {
                    search.hint = Some(lowered.cells.iter().map(|c| near[c.index(cols)]).collect());
                }
                let mut found = None;
                let _ = search.run(&mut |doms, _| {
                    found = Some(doms.to_vec());
                    false
                });
                found
            })?;
        let mut filling = self.doms.clone();
        for (c, &m) in lowered.cells.iter().zip(&found?) {
            filling[c.index(cols)] = m;
        }
        // Never trust the search: the explainer's own propagators check every constraint.
        let met = set.iter().all(|&k| self.unmet(k, &filling) == Some(false));
        (met && filling[i] & within != 0).then_some(filling)
    }

    /// The depth of a search step ([`crate::puzzle::Technique::Search`]): the levels of
    /// the bitset search's tree, from the current candidates, that shows no filling of the
    /// constraints `set` puts grid index `i` on a digit of `within`. `None` when the model
    /// is not one the search takes, the search finds a filling (the solver said there is
    /// none: the step is then left to the solver's shrinking), or it runs past
    /// [`SEARCH_BACKTRACKS`].
    pub(super) fn search_depth(&self, set: &[usize], (i, within): (usize, u32)) -> Option<u8> {
        let (_, depth) = self.bitset_search(set, (i, within), SEARCH_BACKTRACKS, |search, _| {
            let mut filled = false;
            let done = search.run(&mut |_, _| {
                filled = true;
                false
            });
            (done && !filled).then_some(search.depth)
        })?;
        u8::try_from(depth?).ok()
    }

    /// Runs `go` on the bitset search over the constraints `set` alone, from the current
    /// candidates with grid index `i` on a digit of `within`, within `budget` backtracks;
    /// `None` when the model is not one the search takes (or a cell has no candidate).
    fn bitset_search<T>(
        &self,
        set: &[usize],
        (i, within): (usize, u32),
        budget: u64,
        go: impl FnOnce(&mut Search<'_>, &Lowered) -> T,
    ) -> Option<(Lowered, T)> {
        let cols = self.model.cols;
        let part = Constraints {
            rows: self.model.rows,
            cols,
            max_digit: self.model.max_digit,
            cells: self.model.cells.clone(),
            givens: Vec::new(),
            list: set.iter().map(|&k| self.model.list[k].clone()).collect(),
        };
        let lowered = Lowered::new(&part)?;
        if !lowered.bitset_search() {
            return None;
        }
        let board = Board::new(&lowered)?;
        let mut root: Vec<u32> = lowered
            .cells
            .iter()
            .map(|c| self.doms[c.index(cols)])
            .collect();
        let at = lowered.cells.iter().position(|c| c.index(cols) == i)?;
        root[at] &= within;
        // The search expects every cell to have a candidate (as `model::run` checks).
        if root.contains(&0) {
            return None;
        }
        let mut search = Search::new(&board, &root);
        search.budget = budget;
        search.stop = self.stop.clone();
        let out = go(&mut search, &lowered);
        Some((lowered, out))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{explainer_of, Probe, SUDOKU};

    /// The bitset search over part of a model agrees with the solver: Project Euler's
    /// Sudoku with A1 on any digit but its solution's (4), under 300 subsets of its 27
    /// houses drawn at random (a fixed seed), from 6 houses to all. Where the solver finds
    /// a filling the search finds one (a Sudoku is small enough for its budget) that meets
    /// every constraint of the set with A1 off 4; where the solver finds none, neither
    /// does the search. Both answers occur. Each filling found is kept as the step's
    /// shrinkings keep theirs, so the later searches start near it.
    #[test]
    fn fillings_of_part_of_a_model_agree_with_the_solver() {
        let puzzle = crate::puzzle::Puzzle::parse(SUDOKU).expect("parses");
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let grid = ex.doms.len();
        let (i, within) = (0, ex.doms[0] & !(1 << 4));
        let mut rng = crate::rng::SplitMix64::new(36);
        let (mut yes, mut no) = (0, 0);
        for t in 0..300 {
            let keep = 6 + t % (all.len() - 5);
            let mut set = all.clone();
            while set.len() > keep {
                let at = usize::try_from(rng.below(set.len() as u64)).expect("fits");
                let _ = set.remove(at);
            }
            let searched = ex.bitset_filling(&set, (i, within));
            match ex.sat.probe_within(&set, (i, within), grid).expect("asks") {
                Probe::Possible(_) => {
                    yes += 1;
                    let filling = searched.expect("the search finds a filling too");
                    assert_ne!(filling[i] & within, 0);
                    for &k in &set {
                        assert_eq!(ex.unmet(k, &filling), Some(false), "{k} unmet in {set:?}");
                    }
                    ex.fillings.push((i, set[0], filling));
                }
                Probe::Impossible(_) => {
                    no += 1;
                    assert_eq!(searched, None, "{set:?}");
                }
            }
        }
        assert!(yes > 0 && no > 0, "{yes} with a filling, {no} without");
    }
}
