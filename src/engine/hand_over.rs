//! # The hand-over: a cheap search under a budget, then CDCL
//!
//! `auto` starts most puzzles on a search that is cheap when it works (the native engine's
//! on Sudoku and Killer, the DPLL walk on the rest) and hands the puzzle to CDCL when that
//! search runs past its budget. [`HandOver`] is that composite for any first stage
//! ([`Budgeted`]), and owns the protocol:
//!
//! - the first stage runs under its budget as tree 0 of the duplicate check
//!   ([`super::distinct`]), every grid going straight to the caller's visitor, which counts
//!   them and breaks at the caller's limit; the grids are remembered;
//! - once it has found [`AUTO_DPLL_PROVEN`] grids (many grids cheaply: its best case) the
//!   budget is lifted: in place where the stage can ([`Budgeted::lift`]), the grids then
//!   forgotten; otherwise the stage is broken off and run again without a budget as tree 1
//!   ([`Budgeted::again`]), the grids met before passed over;
//! - past its budget, CDCL searches anew as tree 1 with the grids found so far blocked and
//!   not visited again, so every grid reaches the visitor exactly once and the limit left is
//!   the visitor's own count;
//! - a stop request, or the visitor breaking (the limit reached), ends it where it is.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::backend::Walk;
use crate::engine::distinct::Tree;
use crate::engine::engines::Cdcl;
use crate::engine::enumerate::{Enumerator, RunResult, Visitor};
use crate::engine::sat::SatStats;
use crate::engine::{EngineError, EngineOptions, EngineStats, AUTO_DPLL_PROVEN};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The tree of the first stage's run.
const FIRST: u32 = 0;

/// The tree of the search after it: the first stage again, or CDCL.
const SECOND: u32 = 1;

// The second search starts a new tree, which the duplicate check allows only while it
// remembers every grid found before.
const _: () = assert!(AUTO_DPLL_PROVEN as u64 <= crate::engine::distinct::EARLY);

/// A search that runs under a budget: the first stage of a [`HandOver`].
pub(crate) trait Budgeted {
    /// One run's budget; the visitor may lift it ([`Budgeted::lift`]) while the run goes on.
    type Budget;
    /// The stage's effort.
    type Stats: Default;

    /// The budget of a run of a puzzle asked for up to `limit` grids.
    fn budget(&self, opts: &EngineOptions, limit: Option<u64>) -> Self::Budget;

    /// Whether `budget` limits the run at all (where not, the grids are not remembered).
    fn limits(budget: &Self::Budget) -> bool;

    /// Lifts `budget` for the rest of the run, in place; false where this stage cannot
    /// (the hand-over then breaks the run off and asks for [`Budgeted::again`]).
    fn lift(budget: &Self::Budget) -> bool;

    /// Runs on `puzzle` under the budget of `at` as its tree, handing each grid to `visit`;
    /// says how the run ended: complete, stopped (a stop request, or `visit` broke), or over its
    /// budget.
    ///
    /// # Errors
    /// The stage's own failure.
    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        at: (&Self::Budget, u32),
        visit: Visitor<'_>,
    ) -> Result<(Walk, Self::Stats), EngineError>;

    /// Runs on `puzzle` again without a budget, as the tree of `at` (on the threads its
    /// budget was made for), handing every grid to `visit`; says whether it was complete.
    ///
    /// # Errors
    /// The stage's own failure.
    fn again(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        at: (&Self::Budget, u32),
        visit: Visitor<'_>,
    ) -> Result<(bool, Self::Stats), EngineError>;

    /// The effort of the first run and the run again, together.
    fn joined(first: Self::Stats, again: Self::Stats) -> Self::Stats;

    /// The stage's effort as the engine's.
    fn engine_stats(stats: Self::Stats) -> EngineStats;

    /// Adds the time of the stage's run (`first`) to CDCL's effort after it.
    fn add_time(first: &Self::Stats, cdcl: &mut SatStats);
}

/// `auto`'s composite: the first stage `A` under its budget, then the CDCL `fallback`.
pub(crate) struct HandOver<A> {
    /// The cheap search tried first.
    pub(crate) first: A,
    /// Where the puzzle goes past the first stage's budget.
    pub(crate) fallback: Cdcl,
}

impl<A: Budgeted> HandOver<A> {
    /// `first`, then `fallback`.
    pub(crate) fn new(first: A, fallback: Cdcl) -> Self {
        HandOver { first, fallback }
    }
}

impl<A: Budgeted> Enumerator for HandOver<A> {
    fn name(&self) -> &str {
        "auto"
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let budget = self.first.budget(opts, limit);
        let mut remember = A::limits(&budget);
        let mut known = Vec::new();
        let mut outer = ControlFlow::Continue(());
        let mut broke_off = false;
        let (end, first) = self
            .first
            .run(puzzle, opts, (&budget, FIRST), &mut |grid, at| {
                if remember {
                    known.push(grid.clone());
                }
                outer = visit(grid, at);
                if remember && known.len() >= AUTO_DPLL_PROVEN {
                    if !A::lift(&budget) {
                        // Many grids: run again without a budget (below) rather than remember
                        // them all.
                        broke_off = true;
                        return ControlFlow::Break(());
                    }
                    remember = false;
                    known = Vec::new();
                }
                outer
            })?;
        let again = broke_off && outer.is_continue() && !opts.stop.is_requested();
        if end == Walk::Stopped && again {
            let known: HashSet<&Grid<u8>> = known.iter().collect();
            let how = (&budget, SECOND);
            let (complete, second) = self.first.again(puzzle, opts, how, &mut |grid, at| {
                if known.contains(&grid) {
                    ControlFlow::Continue(())
                } else {
                    visit(grid, at)
                }
            })?;
            return Ok((complete, A::engine_stats(A::joined(first, second))));
        }
        if end != Walk::OverBudget {
            return Ok((end == Walk::Complete, A::engine_stats(first)));
        }
        let tree = Tree {
            id: SECOND,
            cube: &[],
        };
        let (complete, mut stats) =
            self.fallback
                .run_knowing(puzzle, opts, (tree, known), visit)?;
        A::add_time(&first, &mut stats);
        Ok((complete, EngineStats::Sat(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        A::engine_stats(A::Stats::default())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::collections::BTreeSet;
    use std::rc::Rc;

    use super::*;
    use crate::backend::{self, SolverChoice};
    use crate::engine::engines::{BudgetedNative, BudgetedWalk, FreshWalk};
    use crate::engine::Threads;
    use crate::grid::Cell;
    use crate::kind::native_enumerate;
    use crate::native::NativeStats;

    /// Every `n`×`n` grid of the digits 1 to `n` with no digit twice in a row or column.
    fn latin_squares(n: usize) -> Vec<Grid<u8>> {
        fn fill(grid: &mut Grid<u8>, at: usize, out: &mut Vec<Grid<u8>>) {
            let n = grid.rows();
            if at == n * n {
                out.push(grid.clone());
                return;
            }
            let (row, col) = (at / n, at % n);
            let cell = Cell::new(row as u8, col as u8);
            for d in 1..=n as u8 {
                let clash = (0..row).any(|r| *grid.get(Cell::new(r as u8, col as u8)) == d)
                    || (0..col).any(|c| *grid.get(Cell::new(row as u8, c as u8)) == d);
                if !clash {
                    grid.set(cell, d);
                    fill(grid, at + 1, out);
                    grid.set(cell, 0);
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut Grid::filled(n, n, 0), 0, &mut out);
        out
    }

    /// The solutions of a 4×4 `puzzle` by brute force: the Latin squares its independent
    /// verifier accepts.
    fn brute_force(puzzle: &Puzzle) -> u64 {
        let squares = latin_squares(4);
        assert_eq!(squares.len(), 576);
        squares.iter().filter(|g| puzzle.verify(g).is_ok()).count() as u64
    }

    /// What a watched first stage did in its last run.
    #[derive(Debug, Default)]
    struct Log {
        /// Grids it handed on.
        grids: usize,
        /// How it ended.
        end: Option<Walk>,
        /// Whether it was run again without a budget.
        again: bool,
    }

    /// A first stage that logs its runs.
    struct Watched<A> {
        inner: A,
        log: Rc<RefCell<Log>>,
    }

    impl<A: Budgeted> Budgeted for Watched<A> {
        type Budget = A::Budget;
        type Stats = A::Stats;

        fn budget(&self, opts: &EngineOptions, limit: Option<u64>) -> A::Budget {
            self.inner.budget(opts, limit)
        }

        fn limits(budget: &A::Budget) -> bool {
            A::limits(budget)
        }

        fn lift(budget: &A::Budget) -> bool {
            A::lift(budget)
        }

        fn run(
            &mut self,
            puzzle: &Puzzle,
            opts: &EngineOptions,
            at: (&A::Budget, u32),
            visit: Visitor<'_>,
        ) -> Result<(Walk, A::Stats), EngineError> {
            let mut grids = 0;
            let ran = self.inner.run(puzzle, opts, at, &mut |grid, at| {
                grids += 1;
                visit(grid, at)
            });
            let end = ran.as_ref().ok().map(|(end, _)| *end);
            *self.log.borrow_mut() = Log {
                grids,
                end,
                again: false,
            };
            ran
        }

        fn again(
            &mut self,
            puzzle: &Puzzle,
            opts: &EngineOptions,
            at: (&A::Budget, u32),
            visit: Visitor<'_>,
        ) -> Result<(bool, A::Stats), EngineError> {
            self.log.borrow_mut().again = true;
            self.inner.again(puzzle, opts, at, visit)
        }

        fn joined(first: A::Stats, again: A::Stats) -> A::Stats {
            A::joined(first, again)
        }

        fn engine_stats(stats: A::Stats) -> EngineStats {
            A::engine_stats(stats)
        }

        fn add_time(first: &A::Stats, cdcl: &mut SatStats) {
            A::add_time(first, cdcl);
        }
    }

    /// What the hand-overs of a sweep did: the grids found before each hand-over to CDCL,
    /// and how often the budget was lifted in place or the first stage run again.
    #[derive(Debug, Default)]
    struct Seen {
        handed_after: BTreeSet<usize>,
        lifted: usize,
        again: usize,
    }

    /// Counts `puzzle` (`want` solutions) with `first` then `fallback`, for all grids and
    /// for three, and logs what the hand-over did.
    fn count_with<A: Budgeted>(
        puzzle: &Puzzle,
        opts: &EngineOptions,
        (first, fallback): (A, &SolverChoice),
        want: u64,
        seen: &mut Seen,
    ) {
        let log = Rc::new(RefCell::new(Log::default()));
        let watched = Watched {
            inner: first,
            log: Rc::clone(&log),
        };
        let mut auto = HandOver::new(watched, Cdcl::new(fallback.clone()));
        for limit in [None, Some(3)] {
            let (got, _) = auto
                .count(puzzle, opts, limit)
                .expect("no repeated or wrong grid");
            let what = format!("{limit:?}: {:?}", log.borrow());
            match limit {
                None => assert_eq!((got.count, got.complete), (want, true), "{what}"),
                Some(l) => assert_eq!(got.count, want.min(l), "{what}"),
            }
            let log = log.borrow();
            match log.end {
                Some(Walk::OverBudget) => {
                    let _ = seen.handed_after.insert(log.grids);
                }
                Some(Walk::Complete) if log.grids > AUTO_DPLL_PROVEN => seen.lifted += 1,
                _ => {}
            }
            seen.again += usize::from(log.again);
        }
    }

    /// A first stage over its budget after `k` grids: the native search, broken off before
    /// the grid after the `k`th (so a hand-over after exactly `k` grids, wherever `k` falls
    /// in the search), and run again without that budget.
    struct AfterK(usize);

    impl AfterK {
        /// The native search as tree `tree`, over its budget after `k` grids (`None`: none).
        fn search(
            puzzle: &Puzzle,
            opts: &EngineOptions,
            (k, tree): (Option<usize>, u32),
            visit: Visitor<'_>,
        ) -> (Walk, NativeStats) {
            let tree = Tree {
                id: tree,
                cube: &[],
            };
            let (mut found, mut over, mut broke) = (0, false, false);
            let (complete, stats) =
                native_enumerate(puzzle, &opts.native, &opts.stop, &mut |grid, path| {
                    if k == Some(found) {
                        over = true;
                        return ControlFlow::Break(());
                    }
                    found += 1;
                    let flow = visit(grid, tree.at(path));
                    broke |= flow.is_break();
                    flow
                });
            let end = match (complete, over, broke) {
                (true, _, _) => Walk::Complete,
                (_, true, _) => Walk::OverBudget,
                _ => Walk::Stopped,
            };
            (end, stats)
        }
    }

    impl Budgeted for AfterK {
        type Budget = usize;
        type Stats = NativeStats;

        fn budget(&self, _: &EngineOptions, _: Option<u64>) -> usize {
            self.0
        }

        fn limits(_: &usize) -> bool {
            true
        }

        fn lift(_: &usize) -> bool {
            false
        }

        fn run(
            &mut self,
            puzzle: &Puzzle,
            opts: &EngineOptions,
            (k, tree): (&usize, u32),
            visit: Visitor<'_>,
        ) -> Result<(Walk, NativeStats), EngineError> {
            Ok(Self::search(puzzle, opts, (Some(*k), tree), visit))
        }

        fn again(
            &mut self,
            puzzle: &Puzzle,
            opts: &EngineOptions,
            (_, tree): (&usize, u32),
            visit: Visitor<'_>,
        ) -> Result<(bool, NativeStats), EngineError> {
            let (end, stats) = Self::search(puzzle, opts, (None, tree), visit);
            Ok((end == Walk::Complete, stats))
        }

        fn joined(_: NativeStats, again: NativeStats) -> NativeStats {
            again
        }

        fn engine_stats(stats: NativeStats) -> EngineStats {
            EngineStats::Native(stats)
        }

        fn add_time(_: &NativeStats, _: &mut SatStats) {}
    }

    /// A 4×4 KenKen: the cages of `first_row`, then every other row a `10+` cage.
    fn kenken_4x4(first_row: &str) -> Puzzle {
        let rest = "10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n10 + D1 D2 D3 D4\n";
        Puzzle::parse(&format!("size 4\n{first_row}\n{rest}")).expect("parses")
    }

    /// A 4×4 Sudoku: `first_row`, then empty rows.
    fn sudoku_4x4(first_row: &str) -> Puzzle {
        let rest = ". . . .\n. . . .\n. . . .\n";
        Puzzle::parse(&format!("{first_row}\n{rest}")).expect("parses")
    }

    /// A hand-over to CDCL after exactly k grids, for every k from none to all of them,
    /// answers exactly the brute-force count: each grid once, none missed, the limit kept
    /// (CDCL starts with the k grids blocked and the visitor's count at k); from
    /// [`AUTO_DPLL_PROVEN`] grids on, the first stage is run again instead (576 grids of
    /// the KenKen whose rows are all `10+`).
    #[test]
    fn a_hand_over_after_k_grids_counts_exactly() {
        let puzzles = [
            kenken_4x4("1 - A1 A2\n2 / A3 A4"),
            sudoku_4x4("1 . . ."),
            kenken_4x4("10 + A1 A2 A3 A4"),
        ];
        let fallbacks = backend::embedded();
        let mut seen = Seen::default();
        for puzzle in &puzzles {
            let want = brute_force(puzzle);
            assert!(want > 3, "{puzzle}: {want}");
            let all = usize::try_from(want).expect("small");
            // Every k where the grids are few; else the first few, around the threshold of
            // the run again, and the end.
            let ks: BTreeSet<usize> = if all <= 100 {
                (0..=all + 1).collect()
            } else {
                (0..=5).chain(250..=260).chain(all - 2..=all + 1).collect()
            };
            for k in ks {
                for fallback in &fallbacks {
                    let before = seen.handed_after.len();
                    count_with(
                        puzzle,
                        &EngineOptions::default(),
                        (AfterK(k), fallback),
                        want,
                        &mut seen,
                    );
                    if k < all.min(AUTO_DPLL_PROVEN) {
                        assert!(seen.handed_after.contains(&k), "{puzzle}: {k}: {seen:?}");
                    } else {
                        assert_eq!(seen.handed_after.len(), before, "{puzzle}: {k}");
                    }
                }
            }
        }
        assert!(seen.again > 0, "{seen:?}");
    }

    /// Budgets from none to past every search these puzzles need, and one lifted only by
    /// the grids found.
    fn budgets() -> impl Iterator<Item = u64> {
        (0..=40).chain([1_000_000, u64::MAX])
    }

    /// Whatever the budget, the threads and the limit, `auto`'s first stages (the walk on
    /// 4×4 KenKens, the native search on 4×4 Sudokus) hand over with the brute-force count:
    /// before their first grid, after many (the budget lifted in place, or the stage run
    /// again), or never.
    #[test]
    fn every_budget_of_the_first_stages_counts_exactly() {
        let kenkens = [
            kenken_4x4("10 + A1 A2 A3 A4"),
            kenken_4x4("3 + A1 A2\n7 + A3 A4"),
            kenken_4x4("1 - A1 A2\n2 / A3 A4"),
        ];
        let fallbacks = backend::embedded();
        let mut seen = Seen::default();
        for puzzle in &kenkens {
            let want = brute_force(puzzle);
            for threads in [1, 2] {
                let mut opts = EngineOptions::default();
                opts.parallel.threads = Threads::Given(threads);
                for budget in budgets() {
                    for fallback in &fallbacks {
                        let walk = BudgetedWalk {
                            walk: FreshWalk,
                            fixed: Some(budget),
                        };
                        count_with(puzzle, &opts, (walk, fallback), want, &mut seen);
                    }
                }
            }
        }
        for first_row in [". . . .", "1 . . .", "1 2 . ."] {
            let puzzle = sudoku_4x4(first_row);
            let want = brute_force(&puzzle);
            let opts = EngineOptions::default();
            for budget in budgets() {
                for fallback in &fallbacks {
                    let native = BudgetedNative { backtracks: budget };
                    count_with(&puzzle, &opts, (native, fallback), want, &mut seen);
                }
            }
        }
        // The sweep met every way of handing over.
        assert!(seen.handed_after.contains(&0), "{seen:?}");
        assert!(seen.lifted > 0 && seen.again > 0, "{seen:?}");
    }
}
