//! # Hiding KenKen operators
//!
//! [`hide_operators`] turns a unique KenKen into a harder one of the janko.at kind: cage by
//! cage, in the puzzle's order (the cages sorted by their top-left cell, as the generator
//! writes them), it replaces the operator by `?` ([`Op::Any`]) and keeps the change when the
//! puzzle still has exactly one solution, greedily. Uniqueness is checked by two engines
//! that share nothing but the cage tuples: the generator's incremental CDCL checker (the
//! Latin square with the solution blocked, cages under activation literals) and the native
//! propagation-and-search engine; a cage is hidden only when both prove the puzzle unique.
//! One-cell cages (givens) keep their `=`. The same puzzle always gives the same result.

use crate::engine::{EngineError, EngineOptions};
use crate::generate::kenken_check::{unique_by_both, Checker};
use crate::generate::GenerateError;
use crate::grid::Grid;
use crate::kind::verify;
use crate::puzzle::{KenKen, Op, Puzzle};
use crate::stop::Stop;

/// A puzzle with some operators hidden.
#[derive(Clone, Debug)]
pub struct HiddenOperators {
    /// The puzzle, still unique, with hidden operators written `?`.
    pub puzzle: KenKen,
    /// How many operators were hidden.
    pub hidden: usize,
    /// How many cages could have been hidden (cages of two or more cells with an operator).
    pub candidates: usize,
    /// False when `stop` ended the run early (the cages left keep their operators).
    pub complete: bool,
}

/// Hides as many operators of `puzzle` as it can while it stays unique (see the module
/// documentation); `solution` must be its only solution. Cages whose hidden form cannot be
/// encoded (too many allowed tuples) keep their operator. When `stop` fires, the puzzle
/// found so far (unique) is returned with `complete` false.
///
/// # Errors
/// [`GenerateError::Params`] when `solution` does not solve `puzzle` or `puzzle` has
/// another solution; solver failures; an [`EngineError::Verify`] when an engine finds a grid
/// the checker rejects.
pub fn hide_operators(
    puzzle: &KenKen,
    solution: &Grid<u8>,
    stop: &Stop,
) -> Result<HiddenOperators, GenerateError> {
    let not_unique = || GenerateError::Params("the puzzle does not have this one solution".into());
    verify(&Puzzle::KenKen(puzzle.clone()), solution).map_err(|_| not_unique())?;
    let mut checker = Checker::new(solution, stop)?;
    if checker.other_solution(puzzle)?.is_some() {
        return Err(not_unique());
    }
    let opts = EngineOptions {
        stop: stop.clone(),
        ..EngineOptions::default()
    };
    let mut cages = puzzle.cages().to_vec();
    let candidates: Vec<usize> = (0..cages.len())
        .filter(|&i| cages[i].cells.len() > 1 && cages[i].op != Op::Any)
        .collect();
    let (mut hidden, mut complete) = (0, true);
    for &i in &candidates {
        if stop.reason().is_some() {
            complete = false;
            break;
        }
        let shown = cages[i].op;
        cages[i].op = Op::Any;
        let candidate =
            KenKen::new(puzzle.size(), cages.clone(), false).expect("only an operator changed");
        match unique_by_both(&mut checker, &candidate, &opts) {
            Ok(Some(true)) => hidden += 1,
            Ok(Some(false)) => cages[i].op = shown,
            // Stopped: keep the operator and end.
            Ok(None) => {
                cages[i].op = shown;
                complete = false;
                break;
            }
            // Too many allowed tuples for the hidden form: keep the operator.
            Err(GenerateError::Engine(e)) if matches!(*e, EngineError::Encode(_)) => {
                cages[i].op = shown;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(HiddenOperators {
        puzzle: KenKen::new(puzzle.size(), cages, false).expect("only operators changed"),
        hidden,
        candidates: candidates.len(),
        complete,
    })
}
