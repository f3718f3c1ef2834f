//! # Wrong entries of a person's progress
//!
//! Before a hint from a state that no solution extends, its wrong entries are named
//! ([`wrong_entries`]): an entry is wrong when its digit is in no solution of the puzzle
//! (the true candidates, `crate::setter::candidates`). On a unique puzzle the answer names
//! the solution's digit (`A9 = 4 is wrong: the solution has 7`); otherwise it names a house
//! where the entry repeats another (`A9 = 4 contradicts row A with A3 = 4`), or says that no
//! solution has it.

use std::fmt;

use crate::engine::{Engine, EngineOptions};
use crate::grid::Cell;
use crate::puzzle::{Constraint, Puzzle};
use crate::setter::{candidates, SetterError, State};

/// Why an entry is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Wrongness {
    /// The puzzle is unique and its solution has this digit there.
    Solution(u8),
    /// The entry repeats another entry's digit in a constraint of distinct digits.
    Clash {
        /// The constraint.
        constraint: Constraint,
        /// The other entry's cell.
        other: Cell,
    },
    /// No solution of the puzzle has the digit there.
    NoSolution,
}

/// An entry of a state that is in no solution of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongEntry {
    /// The cell.
    pub cell: Cell,
    /// The digit written there.
    pub digit: u8,
    /// Why it is wrong.
    pub why: Wrongness,
}

impl fmt::Display for WrongEntry {
    /// `A9 = 4 is wrong: the solution has 7`, `A9 = 4 contradicts row A with A3 = 4`,
    /// `A9 = 4 is wrong: no solution has it`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cell, digit) = (self.cell.label(), self.digit);
        match &self.why {
            Wrongness::Solution(d) => write!(f, "{cell} = {digit} is wrong: the solution has {d}"),
            Wrongness::Clash { constraint, other } => write!(
                f,
                "{cell} = {digit} contradicts {constraint} with {} = {digit}",
                other.label()
            ),
            Wrongness::NoSolution => write!(f, "{cell} = {digit} is wrong: no solution has it"),
        }
    }
}

/// The entries of `state` whose digit is in no solution of `puzzle`, row-major (empty when
/// every entry is in some solution, even if they contradict each other together).
///
/// # Errors
/// [`SetterError`] when the engine fails or is stopped.
pub fn wrong_entries(puzzle: &Puzzle, state: &State) -> Result<Vec<WrongEntry>, SetterError> {
    let opts = EngineOptions::default();
    let found = candidates(puzzle, Some(state), &Engine::Auto, &opts)?;
    if found.wrong.is_empty() {
        return Ok(Vec::new());
    }
    let alone = candidates(puzzle, None, &Engine::Auto, &opts)?;
    let solution = alone.solution().filter(|_| alone.unique());
    let model = puzzle.constraints();
    let list = model.list;
    let mut entries = state.entries();
    entries.extend(model.givens);
    let clash = |cell: Cell, digit: u8| {
        list.iter()
            .filter(|c| c.distinct && c.cells.contains(&cell))
            .find_map(|c| {
                let other = entries
                    .iter()
                    .find(|&&(o, d)| o != cell && d == digit && c.cells.contains(&o))?;
                Some(Wrongness::Clash {
                    constraint: c.clone(),
                    other: other.0,
                })
            })
    };
    Ok(found
        .wrong
        .iter()
        .map(|&(cell, digit)| WrongEntry {
            cell,
            digit,
            why: match solution {
                Some(g) => Wrongness::Solution(*g.get(cell)),
                None => clash(cell, digit).unwrap_or(Wrongness::NoSolution),
            },
        })
        .collect())
}
