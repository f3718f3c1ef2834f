//! # Removing clues while a puzzle stays unique
//!
//! The Towers, Unequal and jigsaw Sudoku generators share one pattern (that of
//! `sudoku.rs`): start from a solution with every clue shown, try to remove each clue in a
//! given order, and keep a removal when the puzzle is still unique, proven by `auto` (the
//! native engine, handing over to CDCL past its backtrack budget). Removing only narrows the
//! information, so a clue kept once is needed at the end too: one pass leaves a minimal
//! set. [`confirm`] then asks a second engine, varisat, for the same grid and no other.

use crate::answer::Outcome;
use crate::engine::{Engine, EngineOptions};
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// Uniqueness checks under one stop, counted for the report of a stopped run.
pub(crate) struct Checker<'a> {
    /// The time limit and interrupt of the run.
    pub(crate) stop: &'a Stop,
    /// Checks finished.
    pub(crate) checks: u64,
}

impl<'a> Checker<'a> {
    /// No check yet, under `stop`.
    pub(crate) fn new(stop: &'a Stop) -> Self {
        Checker { stop, checks: 0 }
    }

    /// The error of a run that `stop` ended, when it did.
    fn stopped(&self) -> Result<(), GenerateError> {
        match self.stop.reason() {
            Some(reason) => Err(GenerateError::SudokuStopped {
                reason,
                checks: self.checks,
            }),
            None => Ok(()),
        }
    }

    /// The engine options of every check: the default ones under the run's stop.
    fn options(&self) -> EngineOptions {
        EngineOptions {
            stop: self.stop.clone(),
            ..EngineOptions::default()
        }
    }

    /// Whether `puzzle` has exactly one solution, by [`Engine::Auto`].
    ///
    /// # Errors
    /// Engine failures, and [`GenerateError::SudokuStopped`] when the stop came first.
    pub(crate) fn unique(&mut self, puzzle: &Puzzle) -> Result<bool, GenerateError> {
        let answer = Engine::Auto.prove_unique(puzzle, &self.options());
        self.stopped()?;
        self.checks += 1;
        Ok(matches!(
            answer?,
            (
                Outcome::Solved {
                    unique: Some(true),
                    ..
                },
                _
            )
        ))
    }

    /// The first solution `auto` finds of `puzzle`, `None` when it has none.
    ///
    /// # Errors
    /// As [`Checker::unique`].
    pub(crate) fn solve(&mut self, puzzle: &Puzzle) -> Result<Option<Grid<u8>>, GenerateError> {
        let answer = Engine::Auto.solve(puzzle, &self.options());
        self.stopped()?;
        Ok(match answer?.0 {
            Outcome::Solved { grid, .. } => Some(grid),
            _ => None,
        })
    }
}

/// Which of the clues `0..kept.len()` are left after trying to remove each of `order`
/// (clue indices) in turn from `build(kept)` while `checker` proves it unique; clues not in
/// `order` stay as they are.
///
/// # Errors
/// What `build` and the checks return.
pub(crate) fn remove_while_unique(
    mut kept: Vec<bool>,
    order: &[usize],
    checker: &mut Checker<'_>,
    build: impl Fn(&[bool]) -> Result<Puzzle, GenerateError>,
) -> Result<Vec<bool>, GenerateError> {
    for &i in order {
        if !kept.get(i).copied().unwrap_or(false) {
            continue;
        }
        kept[i] = false;
        if !checker.unique(&build(&kept)?)? {
            kept[i] = true;
        }
    }
    Ok(kept)
}

/// [`remove_while_unique`] over `order`, first trying to remove all of `order` at once:
/// one check instead of one per clue when none of them is needed (a Towers with all its
/// clues seldom needs a given). The result is the same as clue by clue, since a clue that
/// can go with all the others gone can go alone.
///
/// # Errors
/// As [`remove_while_unique`].
pub(crate) fn remove_group_while_unique(
    kept: Vec<bool>,
    order: &[usize],
    checker: &mut Checker<'_>,
    build: impl Fn(&[bool]) -> Result<Puzzle, GenerateError>,
) -> Result<Vec<bool>, GenerateError> {
    let mut without = kept.clone();
    for &i in order {
        if let Some(k) = without.get_mut(i) {
            *k = false;
        }
    }
    if checker.unique(&build(&without)?)? {
        return Ok(without);
    }
    remove_while_unique(kept, order, checker, build)
}

/// `puzzle` is unique by a second engine too: varisat finds `solution` and proves there is
/// no other (every answer it gives has passed the verifier).
///
/// # Errors
/// [`GenerateError::Unconfirmed`] when varisat answers otherwise, engine failures, and
/// [`GenerateError::SudokuStopped`] when `stop` came first.
pub(crate) fn confirm(
    puzzle: &Puzzle,
    solution: &Grid<u8>,
    checker: &Checker<'_>,
) -> Result<(), GenerateError> {
    let answer = Engine::Varisat.prove_unique(puzzle, &checker.options());
    checker.stopped()?;
    match answer?.0 {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } if grid == *solution => Ok(()),
        other => Err(GenerateError::Unconfirmed {
            answer: other.label(),
        }),
    }
}

/// `0..n` in a random order.
pub(crate) fn shuffled_indices(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    crate::generate::latin::shuffle(rng, &mut items);
    items
}
