//! # The engines' primitives
//!
//! One [`Enumerator`] per way of solving: [`NativeSearch`], [`Cdcl`] over any
//! [`Backend`](crate::backend::Backend) (varisat, CaDiCaL, an external solver: one
//! implementation, parameterised by the [`SolverChoice`] it builds its solver from),
//! [`DpllWalk`] and [`SmtScripts`]; and the first stages of `auto`'s [`HandOver`] to CDCL:
//! [`BudgetedNative`] (Sudoku, Killer) and [`BudgetedWalk`], the DPLL walk under a conflict
//! budget. The walks come from a [`Walker`], so a session can walk its shared Latin square
//! with the same primitives.
//!
//! [`HandOver`]: crate::engine::hand_over::HandOver

use std::cell::Cell;
use std::time::Duration;

use crate::backend::{self, Dpll, SmtSolver, SolverChoice, Walk};
use crate::cnf::OneHot;
use crate::engine::distinct::{Address, Tree};
use crate::engine::enumerate::{Enumerator, RunResult, Visitor};
use crate::engine::hand_over::Budgeted;
use crate::engine::parallel::{self, Threads};
use crate::engine::parallel_walk;
use crate::engine::sat::{self, SatStats};
use crate::engine::smt::{self, SmtRunStats};
use crate::engine::{
    plan, EngineError, EngineOptions, EngineStats, AUTO_DPLL_CLAUSES_PER_CONFLICT,
    AUTO_DPLL_CONFLICTS,
};
use crate::grid::Grid;
use crate::kind::native_enumerate;
use crate::native::NativeStats;
use crate::puzzle::Puzzle;
use crate::stop::Instant;

/// The native propagation-and-search engine ([`crate::native`]).
pub(crate) struct NativeSearch;

impl Enumerator for NativeSearch {
    fn name(&self) -> &str {
        "native"
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        _: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let tree = Tree::default();
        let mut visit = |grid, path: &[_]| visit(grid, tree.at(path));
        let (complete, stats) = native_enumerate(puzzle, &opts.native, &opts.stop, &mut visit);
        Ok((complete, EngineStats::Native(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        EngineStats::Native(NativeStats::default())
    }
}

/// `auto`'s first stage on Sudoku and Killer Sudoku ([`HandOver`]): the native engine's
/// search under a backtrack budget
/// ([`AUTO_NATIVE_BACKTRACKS`](crate::engine::AUTO_NATIVE_BACKTRACKS)), run again without
/// one once many grids were found cheaply. The budget is far above what the shipped and
/// benchmarked puzzles need (at most 673 backtracks); puzzles with few givens and large cages
/// can send the native search into subtrees it does not leave for minutes, where CDCL
/// answers in a second.
///
/// [`HandOver`]: crate::engine::hand_over::HandOver
pub(crate) struct BudgetedNative {
    /// Its backtrack budget: [`AUTO_NATIVE_BACKTRACKS`](crate::engine::AUTO_NATIVE_BACKTRACKS),
    /// but smaller in tests of the hand-over.
    pub(crate) backtracks: u64,
}

impl BudgetedNative {
    /// The native search of `puzzle` under `opts.native` with `budget` (`None`: none), as tree
    /// `tree`; how it ended.
    fn search(
        puzzle: &Puzzle,
        opts: &EngineOptions,
        (budget, tree): (Option<u64>, u32),
        visit: Visitor<'_>,
    ) -> (Walk, NativeStats) {
        let mut native = opts.native;
        native.backtrack_budget = budget;
        let tree = Tree {
            id: tree,
            cube: &[],
        };
        let mut broke = false;
        let (complete, stats) = native_enumerate(puzzle, &native, &opts.stop, &mut |grid, path| {
            let flow = visit(grid, tree.at(path));
            broke |= flow.is_break();
            flow
        });
        let end = if complete {
            Walk::Complete
        } else if broke || opts.stop.is_requested() {
            Walk::Stopped
        } else {
            Walk::OverBudget
        };
        (end, stats)
    }
}

impl Budgeted for BudgetedNative {
    type Budget = u64;
    type Stats = NativeStats;

    fn budget(&self, _: &EngineOptions, _: Option<u64>) -> u64 {
        self.backtracks
    }

    fn limits(_: &u64) -> bool {
        true
    }

    /// The native search reads its budget once, at its start.
    fn lift(_: &u64) -> bool {
        false
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        (budget, tree): (&u64, u32),
        visit: Visitor<'_>,
    ) -> Result<(Walk, NativeStats), EngineError> {
        Ok(Self::search(puzzle, opts, (Some(*budget), tree), visit))
    }

    fn again(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        (_, tree): (&u64, u32),
        visit: Visitor<'_>,
    ) -> Result<(bool, NativeStats), EngineError> {
        let (end, stats) = Self::search(puzzle, opts, (None, tree), visit);
        Ok((end == Walk::Complete, stats))
    }

    /// The second search's effort, with the first's time.
    fn joined(first: NativeStats, mut again: NativeStats) -> NativeStats {
        again.solve_time += first.setup_time + first.solve_time;
        again
    }

    fn engine_stats(stats: NativeStats) -> EngineStats {
        EngineStats::Native(stats)
    }

    fn add_time(first: &NativeStats, cdcl: &mut SatStats) {
        cdcl.solve_time += first.setup_time + first.solve_time;
    }
}

/// The one-hot CNF enumerated cube by cube ([`sat::enumerate`]) on a fresh CDCL solver.
#[derive(Clone, Debug)]
pub(crate) struct Cdcl {
    choice: SolverChoice,
}

impl Cdcl {
    /// CDCL on solvers of `choice`.
    pub(crate) fn new(choice: SolverChoice) -> Self {
        Cdcl { choice }
    }

    /// Enumerates `puzzle` on a fresh solver as `tree`, with the grids of `known` (found by
    /// an earlier engine) blocked from the start and not visited.
    pub(crate) fn run_knowing(
        &self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        known: (Tree<'_>, Vec<Grid<u8>>),
        visit: Visitor<'_>,
    ) -> Result<(bool, SatStats), EngineError> {
        let solver =
            backend::new(&self.choice, &opts.stop).map_err(|source| EngineError::Backend {
                solver: self.choice.name().to_string(),
                source,
            })?;
        // The encoding measured best for this solver (`auto` families resolved per backend).
        let work = puzzle.as_kind().workload();
        let encode = plan::encode_options_for(&self.choice, work, &opts.encode);
        sat::enumerate(puzzle, solver, &encode, &opts.stop, known, visit)
    }
}

impl Enumerator for Cdcl {
    fn name(&self) -> &str {
        self.choice.name()
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let threads = parallel::threads_for(puzzle, opts, limit, &self.choice);
        let embedded = !matches!(self.choice, SolverChoice::External { .. });
        // For measurements only (`benches/modes40.sh`): `CAGESAT_PORTFOLIO_ONE=1` sends one
        // thread through the portfolio too (one member), to time the members' machinery.
        let one_member = threads == 1 && std::env::var_os("CAGESAT_PORTFOLIO_ONE").is_some();
        let (complete, stats) = if (threads > 1 || one_member) && embedded {
            parallel::enumerate(puzzle, &self.choice, opts, (threads, limit), visit)?
        } else {
            self.run_knowing(puzzle, opts, Default::default(), visit)?
        };
        Ok((complete, EngineStats::Sat(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        EngineStats::Sat(SatStats::default())
    }
}

/// A source of DPLL walks of a puzzle under a conflict budget: how each ended, and its
/// effort.
pub(crate) trait Walker {
    /// The walk's formula for `puzzle`, loaded and not yet walked, its one-hot map, and the
    /// formula's size and encoding time.
    ///
    /// # Errors
    /// Encoding limits.
    fn prepare(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Dpll, OneHot, SatStats), EngineError>;

    /// Walks `puzzle`, handing each grid to `visit`, until the walk ends (complete,
    /// stopped, broken off, or past `budget`); on `threads` threads (when more than one;
    /// the walk then has no budget) as tree `tree`.
    ///
    /// # Errors
    /// Encoding limits and models that are not grids.
    fn walk(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        (budget, threads, tree): (&WalkBudget, usize, u32),
        visit: Visitor<'_>,
    ) -> Result<(Walk, SatStats), EngineError> {
        let (mut dpll, map, mut stats) = self.prepare(puzzle, opts)?;
        budget.fit(stats.cnf.clauses);
        let t1 = Instant::now();
        let walk = if threads > 1 {
            parallel_walk::walk(dpll, &map, (threads, tree), &opts.stop, visit)
        } else {
            sat::walk_dpll(&mut dpll, &map, &opts.stop, &budget.conflicts, visit)
        };
        stats.solve_time += t1.elapsed();
        Ok((walk?, stats))
    }
}

/// Walks of a fresh encoding of each puzzle.
pub(crate) struct FreshWalk;

impl Walker for FreshWalk {
    fn prepare(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Dpll, OneHot, SatStats), EngineError> {
        sat::prepare_dpll(puzzle, &opts.encode)
    }
}

/// The project's DPLL enumerator walked to its end: one walk of the search tree finds every
/// grid.
pub(crate) struct DpllWalk<W>(pub(crate) W);

impl<W: Walker> Enumerator for DpllWalk<W> {
    fn name(&self) -> &str {
        "dpll"
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let how = (&WalkBudget::unlimited(), walk_threads(opts, limit), 0);
        let (walk, stats) = self.0.walk(puzzle, opts, how, visit)?;
        Ok((walk == Walk::Complete, EngineStats::Sat(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        EngineStats::Sat(SatStats::default())
    }
}

/// `auto`'s first stage where it starts with the DPLL walk ([`HandOver`]): the walk under its
/// budget ([`WalkBudget::auto`]), lifted in place once it has found
/// [`AUTO_DPLL_PROVEN`](crate::engine::AUTO_DPLL_PROVEN) grids (many grids cheaply: the
/// walk's best case), or walked again on every thread where the count runs on several.
///
/// [`HandOver`]: crate::engine::hand_over::HandOver
pub(crate) struct BudgetedWalk<W> {
    /// Where the walks come from.
    pub(crate) walk: W,
    /// A fixed conflict budget instead of [`WalkBudget::auto`] (tests of the hand-over).
    pub(crate) fixed: Option<u64>,
}

impl<W: Walker> BudgetedWalk<W> {
    /// The walks of `walk` under `auto`'s budget.
    pub(crate) fn new(walk: W) -> Self {
        BudgetedWalk { walk, fixed: None }
    }
}

impl<W: Walker> Budgeted for BudgetedWalk<W> {
    /// The conflicts allowed, and the threads a walk without a budget runs on.
    type Budget = (WalkBudget, usize);
    type Stats = SatStats;

    fn budget(&self, opts: &EngineOptions, limit: Option<u64>) -> (WalkBudget, usize) {
        let budget = self.fixed.map_or_else(WalkBudget::auto, WalkBudget::fixed);
        (budget, walk_threads(opts, limit))
    }

    fn limits((budget, _): &(WalkBudget, usize)) -> bool {
        budget.conflicts.get() != u64::MAX
    }

    /// In place on one thread; on several, the walk is run again on all of them.
    fn lift((budget, threads): &(WalkBudget, usize)) -> bool {
        if *threads > 1 {
            return false;
        }
        budget.conflicts.set(u64::MAX);
        true
    }

    /// On one thread: a walk with a budget is not shared.
    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        ((budget, _), tree): (&(WalkBudget, usize), u32),
        visit: Visitor<'_>,
    ) -> Result<(Walk, SatStats), EngineError> {
        self.walk.walk(puzzle, opts, (budget, 1, tree), visit)
    }

    fn again(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        ((_, threads), tree): (&(WalkBudget, usize), u32),
        visit: Visitor<'_>,
    ) -> Result<(bool, SatStats), EngineError> {
        let how = (&WalkBudget::unlimited(), *threads, tree);
        let (walk, stats) = self.walk.walk(puzzle, opts, how, visit)?;
        Ok((walk == Walk::Complete, stats))
    }

    /// The first walk's formula and encoding time, both walks' solving time.
    fn joined(mut first: SatStats, again: SatStats) -> SatStats {
        first.solve_time += again.solve_time;
        first
    }

    fn engine_stats(stats: SatStats) -> EngineStats {
        EngineStats::Sat(stats)
    }

    fn add_time(first: &SatStats, cdcl: &mut SatStats) {
        cdcl.encode_time += first.encode_time;
        cdcl.solve_time += first.solve_time;
    }
}

/// The threads a DPLL walk of a puzzle asked for `limit` grids runs on: more than one only
/// for counting (a limit above two: a search for one or two grids ends too soon to share)
/// and only as many as the options name ([`Threads::Given`]; `auto` keeps the walk on one
/// thread: the puzzles it walks are answered in milliseconds unless counted).
fn walk_threads(opts: &EngineOptions, limit: Option<u64>) -> usize {
    match opts.parallel.threads {
        _ if limit.is_some_and(|l| l <= 2) => 1,
        Threads::Given(n) => n.max(1),
        _ => 1,
    }
}

/// The SMT-LIB script ([`crate::smtlib`]) solved by z3 or cvc5, one process per query.
pub(crate) struct SmtScripts {
    /// Which solver.
    pub(crate) solver: SmtSolver,
    /// Time limit per solver call.
    pub(crate) timeout: Option<Duration>,
}

impl Enumerator for SmtScripts {
    fn name(&self) -> &str {
        self.solver.program()
    }

    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        _: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        let smt = (&opts.smt, &opts.stop);
        let mut visit = |grid| visit(grid, Address::Unordered);
        let (complete, stats) = smt::enumerate(puzzle, self.solver, self.timeout, smt, &mut visit)?;
        Ok((complete, EngineStats::Smt(stats)))
    }

    fn idle_stats(&self) -> EngineStats {
        EngineStats::Smt(SmtRunStats::default())
    }
}

/// The conflicts a DPLL walk may meet before it gives up ([`Walk::OverBudget`]).
#[derive(Debug)]
pub(crate) struct WalkBudget {
    /// Conflicts allowed; read at every conflict, so a visitor may lift it (`u64::MAX`).
    pub(crate) conflicts: Cell<u64>,
    /// When set, the walk may also meet one conflict per this many clauses of its formula
    /// ([`WalkBudget::fit`]).
    clauses_per_conflict: Option<u64>,
}

impl WalkBudget {
    /// No limit ([`DpllWalk`]).
    pub(crate) fn unlimited() -> Self {
        WalkBudget::fixed(u64::MAX)
    }

    /// Exactly `conflicts`, whatever the formula.
    pub(crate) fn fixed(conflicts: u64) -> Self {
        WalkBudget {
            conflicts: Cell::new(conflicts),
            clauses_per_conflict: None,
        }
    }

    /// `auto`'s budget: [`AUTO_DPLL_CONFLICTS`], or one conflict per
    /// [`AUTO_DPLL_CLAUSES_PER_CONFLICT`] clauses when that is more. Handing over costs a
    /// new encoding and a CDCL solver loaded with it, both in proportion to the formula, so
    /// a large formula earns the walk a longer try: on a random 20×20 CrossProduct (7.3 M
    /// clauses, 7,280 conflicts allowed) the hand-over to varisat takes 2–3 s and 750 MB,
    /// the walk a millisecond or two per ten conflicts and no memory beyond its formula.
    pub(crate) fn auto() -> Self {
        WalkBudget {
            conflicts: Cell::new(AUTO_DPLL_CONFLICTS),
            clauses_per_conflict: Some(AUTO_DPLL_CLAUSES_PER_CONFLICT),
        }
    }

    /// Raises the budget to what a formula of `clauses` clauses earns (see
    /// [`WalkBudget::auto`]); called by the walk once the formula is built.
    pub(crate) fn fit(&self, clauses: usize) {
        if let Some(per) = self.clauses_per_conflict {
            let earned = u64::try_from(clauses).unwrap_or(u64::MAX) / per;
            if earned > self.conflicts.get() {
                self.conflicts.set(earned);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::backend::Dpll;
    use crate::encode::EncodeOptions;
    use crate::engine::hand_over::HandOver;
    use crate::stop::Stop;

    /// A unique Keen 9×9 (`tests/data/kenken/keen/9x9-x-01.kenken`).
    const KEEN_9X9: &str = "size 9\n16 + A1 A2 A3; 15 + A4 B4; 1 - A5 B5; 24 * A6 A7 A8\n\
        2016 * A9 B8 B9 C8 C9; 5 - B1 C1; 5 + B2 C2; 8 * B3 C3 C4; 63 * B6 B7 C7\n\
        7 - C5 D5; 18 + C6 D6 D7 D8; 24 * D1 D2; 3 - D3 E3; 28 * D4 E4 F4; 2 - D9 E9\n\
        18 + E1 E2 F1 F2; 42 * E5 F5 F6; 24 * E6 E7; 13 + E8 F8; 3 - F3 G3; 24 * F7 G7\n\
        24 + F9 G8 G9 H8 I8; 15 + G1 H1; 6 + G2 H2; 108 * G4 G5 H5; 4 - G6 H6; 5 - H3 I3\n\
        3 - H4 I4; 7 - H7 I7; 10 + H9 I9; 1 - I1 I2; 2 / I5 I6";

    /// The conflicts the DPLL walk on `puzzle` meets before its first grid, and in all.
    fn walk_conflicts(puzzle: &Puzzle) -> (u64, u64) {
        let enc = puzzle.encode(&EncodeOptions::default()).expect("encodes");
        let unlimited = Cell::new(u64::MAX);
        let walk = |first_only: bool| {
            let mut dpll = Dpll::new(&enc.formula, enc.map.cells().len(), 9);
            let _ = dpll.enumerate(&Stop::new(), &unlimited, &mut |_| {
                if first_only {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            dpll.conflicts()
        };
        (walk(true), walk(false))
    }

    /// `auto`'s walk budget: the floor for formulas up to a million clauses, then one
    /// conflict per thousand clauses; a fixed budget ignores the formula; lifting it holds.
    #[test]
    fn the_auto_budget_grows_with_the_formula() {
        let budget = WalkBudget::auto();
        budget.fit(10_000);
        assert_eq!(budget.conflicts.get(), AUTO_DPLL_CONFLICTS);
        budget.fit(7_283_512);
        assert_eq!(budget.conflicts.get(), 7_283);
        budget.fit(3_000_000);
        assert_eq!(budget.conflicts.get(), 7_283, "never lowered");
        budget.conflicts.set(u64::MAX);
        budget.fit(usize::MAX);
        assert_eq!(budget.conflicts.get(), u64::MAX);
        let fixed = WalkBudget::fixed(3);
        fixed.fit(1 << 40);
        assert_eq!(fixed.conflicts.get(), 3);
    }

    /// Whatever the DPLL budget, the hand-over to CDCL finds the one grid exactly once:
    /// before the first grid (nothing known), and after it (the grid is blocked, not found
    /// again, and the uniqueness proof is CDCL's).
    #[test]
    fn the_hand_over_to_cdcl_keeps_answers_exact() {
        let puzzle = crate::puzzle::Puzzle::parse(KEEN_9X9).expect("parses");
        let (first, total) = walk_conflicts(&puzzle);
        // Budgets below `first` hand over with nothing known, from `first` on with the grid.
        assert!(first > 0 && first < total, "{first} then {total} conflicts");
        let opts = EngineOptions::default();
        let fallbacks = backend::embedded();
        for budget in [0, first - 1, first, total - 1, total] {
            for fallback in &fallbacks {
                let walk = BudgetedWalk {
                    walk: FreshWalk,
                    fixed: Some(budget),
                };
                let mut auto = HandOver::new(walk, Cdcl::new(fallback.clone()));
                let (got, _) = auto
                    .enumerate(&puzzle, &opts, None, |_| {})
                    .expect("no repeated or wrong grid");
                assert_eq!((got.count, got.complete), (1, true), "budget {budget}");
            }
        }
    }

    /// A 6×6 Sudoku with only its first `givens` givens (reading order) of a generated one.
    fn sudoku_6x6_with(givens: usize) -> Puzzle {
        let (full, _) = crate::puzzle::Sudoku::generate(6, 2).expect("6x6 generates");
        let kept: Vec<_> = full.given_cells().into_iter().take(givens).collect();
        let s = crate::puzzle::Sudoku::new(6, full.boxes(), &kept).expect("valid");
        Puzzle::Sudoku(s)
    }

    /// Whatever the native budget, `auto` on a Sudoku counts exactly: the hand-over to CDCL
    /// with the grids found so far blocked (few grids), or the native search again without a
    /// budget (many grids), never a grid twice or one missed.
    #[test]
    fn the_native_hand_over_keeps_counts_exact() {
        let opts = EngineOptions::default();
        let mut handed_over = 0;
        for givens in [0, 5, 7, 9] {
            let puzzle = sudoku_6x6_with(givens);
            if givens == 0 {
                // The empty 6×6 Sudoku: too many grids to count here; look for two.
                let native = BudgetedNative { backtracks: 0 };
                let mut auto = HandOver::new(native, Cdcl::new(SolverChoice::Varisat));
                let (got, stats) = auto.count(&puzzle, &opts, Some(2)).expect("counts");
                assert_eq!((got.count, got.complete), (2, false));
                assert!(matches!(stats, EngineStats::Sat(_)), "{stats:?}");
                continue;
            }
            let (want, _) = NativeSearch
                .count(&puzzle, &opts, None)
                .expect("native counts");
            assert!(want.complete && want.count > 1, "{givens}: {want:?}");
            for budget in [0, 1, 2, 5, 20, 100, 1_000, u64::MAX] {
                let native = BudgetedNative { backtracks: budget };
                let mut auto = HandOver::new(native, Cdcl::new(SolverChoice::Varisat));
                let (got, stats) = auto
                    .count(&puzzle, &opts, None)
                    .expect("no repeated or wrong grid");
                assert_eq!(
                    (got.count, got.complete),
                    (want.count, true),
                    "{givens} givens, budget {budget}"
                );
                handed_over += usize::from(matches!(stats, EngineStats::Sat(_)));
            }
        }
        assert!(handed_over > 0, "some budget handed over to CDCL");
    }

    /// A 16×16 Killer Sudoku with 16 givens and cages of up to six cells, met while
    /// generating (`tests/data/killer-hard/few-givens-16x16.killer`): the native search alone ran
    /// for minutes before issue 38 (it now proves it unique in 35 backtracks, with the sums
    /// derived over several houses, the cells' priorities and refuted digits propagated);
    /// with a budget well below that, `auto` hands it to CDCL, which proves it unique.
    #[test]
    fn auto_hands_a_killer_the_native_search_cannot_finish_to_cdcl() {
        let text = include_str!("../../tests/data/killer-hard/few-givens-16x16.killer");
        let puzzle = Puzzle::parse(text).expect("parses");
        // A deadline turns a hang (no hand-over) into a failure.
        let deadline = crate::stop::Instant::now() + Duration::from_secs(120);
        let opts = EngineOptions {
            stop: Stop::new().with_deadline(deadline),
            ..EngineOptions::default()
        };
        let native = BudgetedNative { backtracks: 10 };
        let mut auto = HandOver::new(native, Cdcl::new(SolverChoice::Varisat));
        let (outcome, stats) = auto.prove_unique(&puzzle, &opts).expect("answers");
        let crate::answer::Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } = outcome
        else {
            panic!("not proven unique: {outcome:?}")
        };
        assert!(puzzle.verify(&grid).is_ok());
        assert!(matches!(stats, EngineStats::Sat(_)), "{stats:?}");
    }
}
