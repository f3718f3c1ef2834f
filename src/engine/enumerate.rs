//! # One enumeration primitive, and everything derived from it
//!
//! Every engine is one [`Enumerator`]: given a puzzle, it finds grids and hands each to a
//! visitor until the visitor breaks or none is left, and says whether it proved there are
//! no more. What callers use is derived here once, for every engine alike:
//! [`Enumerator::enumerate`] verifies every grid with the independent checker
//! ([`crate::verify()`]), checks that no grid comes twice (from the grid's place in the
//! engine's search tree where it has one, in memory that does not grow with the count:
//! [`super::distinct`]) and stops at the limit;
//! [`Enumerator::solve`], [`Enumerator::prove_unique`] and [`Enumerator::count`] are
//! enumerations with a limit of one, two, or the caller's.

use std::ops::ControlFlow;

use crate::answer::{Count, Outcome};
use crate::engine::distinct::{Address, Clash, Distinct};
use crate::engine::{EngineError, EngineOptions, EngineStats};
use crate::grid::Grid;
use crate::kind::verify;
use crate::puzzle::Puzzle;
use crate::verify::VerifyError;

/// What an engine's primitive hands each grid it finds to, with where it found it;
/// `Break` ends the search.
pub(crate) type Visitor<'a> = &'a mut dyn FnMut(Grid<u8>, Address<'_>) -> ControlFlow<()>;

/// What a run of an engine's primitive answers: whether the enumeration is complete, and
/// the effort.
pub(crate) type RunResult = Result<(bool, EngineStats), EngineError>;

/// An engine's enumeration primitive, and the answers derived from it.
pub(crate) trait Enumerator {
    /// The engine's name in reports and errors.
    fn name(&self) -> &str;

    /// Finds grids of `puzzle` (asked for up to `limit`; the visitor breaks there) and hands
    /// each, unchecked, to `visit`; answers whether it proved there are no more.
    ///
    /// # Errors
    /// The engine's own failure (encoding limit, solver error, giving up).
    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult;

    /// The effort of a run that did nothing (a limit of zero).
    fn idle_stats(&self) -> EngineStats;

    /// Finds up to `limit` solutions of `puzzle` (all when `None`), calling `visit` on each.
    /// Every solution has passed the independent verifier and differs from the ones before;
    /// `complete` is true when the engine proved there are no more.
    ///
    /// # Errors
    /// The engine's own failure, or an answer that failed verification or came twice.
    fn enumerate(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        mut visit: impl FnMut(&Grid<u8>),
    ) -> Result<(Count, EngineStats), EngineError>
    where
        Self: Sized,
    {
        let mut count = 0u64;
        let mut seen = Distinct::new();
        let mut failure = None;
        let mut on_grid = |grid: Grid<u8>, at: Address<'_>| {
            if let Err(source) = verify(puzzle, &grid) {
                failure = Some(Failure::Verify(source));
                return ControlFlow::Break(());
            }
            if let Err(clash) = seen.check(&grid, at) {
                failure = Some(Failure::Clash(clash));
                return ControlFlow::Break(());
            }
            visit(&grid);
            count += 1;
            if limit.is_some_and(|l| count >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let (complete, stats) = if limit == Some(0) {
            (false, self.idle_stats())
        } else {
            self.run(puzzle, opts, limit, &mut on_grid)?
        };
        if let Some(failure) = failure {
            let engine = self.name().to_string();
            return Err(match failure {
                Failure::Verify(source) => EngineError::Verify { engine, source },
                Failure::Clash(Clash::Repeated) => EngineError::Repeated { engine },
                Failure::Clash(Clash::Disordered) => EngineError::Disordered { engine },
            });
        }
        let at_limit = limit.is_some_and(|l| count >= l);
        let stopped = if complete || at_limit {
            None
        } else {
            opts.stop.reason()
        };
        let count = Count {
            count,
            complete,
            stopped,
        };
        Ok((count, stats))
    }

    /// Finds one solution (`unique` is `None` in the answer).
    ///
    /// # Errors
    /// As [`Enumerator::enumerate`].
    fn solve(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError>
    where
        Self: Sized,
    {
        first(self, puzzle, opts, false)
    }

    /// Finds one solution and looks for a second (`unique` is `Some` in the answer).
    ///
    /// # Errors
    /// As [`Enumerator::enumerate`].
    fn prove_unique(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
    ) -> Result<(Outcome, EngineStats), EngineError>
    where
        Self: Sized,
    {
        first(self, puzzle, opts, true)
    }

    /// Counts the solutions, stopping at `limit` (then `complete` is false).
    ///
    /// # Errors
    /// As [`Enumerator::enumerate`].
    fn count(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
    ) -> Result<(Count, EngineStats), EngineError>
    where
        Self: Sized,
    {
        self.enumerate(puzzle, opts, limit, |_| {})
    }
}

impl<E: Enumerator + ?Sized> Enumerator for Box<E> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn run(
        &mut self,
        puzzle: &Puzzle,
        opts: &EngineOptions,
        limit: Option<u64>,
        visit: Visitor<'_>,
    ) -> RunResult {
        (**self).run(puzzle, opts, limit, visit)
    }
    fn idle_stats(&self) -> EngineStats {
        (**self).idle_stats()
    }
}

/// The limit a search for one solution (two with `check_unique`) asks for.
pub(crate) fn first_limit(check_unique: bool) -> Option<u64> {
    Some(if check_unique { 2 } else { 1 })
}

/// Why an enumeration failed its checks (the engine's name is added once it is known).
enum Failure {
    Verify(VerifyError),
    Clash(Clash),
}

/// [`Enumerator::solve`] or, with `check_unique`, [`Enumerator::prove_unique`].
fn first(
    engine: &mut impl Enumerator,
    puzzle: &Puzzle,
    opts: &EngineOptions,
    check_unique: bool,
) -> Result<(Outcome, EngineStats), EngineError> {
    let (mut first, mut second) = (None, None);
    let limit = first_limit(check_unique);
    let (count, stats) = engine.enumerate(puzzle, opts, limit, |g| {
        if first.is_none() {
            first = Some(g.clone());
        } else if second.is_none() {
            second = Some(g.clone());
        }
    })?;
    let outcome = match (first, count.stopped) {
        (grid, Some(reason)) => Outcome::Stopped { grid, reason },
        (None, None) => Outcome::Unsat,
        (Some(grid), None) => Outcome::Solved {
            grid,
            unique: check_unique.then_some(count.count == 1),
            // Two grids came only when uniqueness was asked (the limit is one otherwise).
            second: second.filter(|_| count.count >= 2),
        },
    };
    Ok((outcome, stats))
}
