//! # Hints with reasons
//!
//! [`hint`] finds the next deduction of a puzzle from a person's progress, and [`explain`]
//! repeats it until every cell is decided: a path of [`Step`]s, each placing or eliminating
//! one digit of one cell, with its reason, a smallest set of the puzzle's named
//! constraints ([`crate::puzzle::Constraint`]: cages, rows, columns, boxes, Kakuro runs,
//! CrossProduct products) that forces it given the candidates the steps before it left. The
//! path ends in the verified solution, or says why it cannot: no solution, or no deduction
//! forced (several solutions).
//!
//! Reasons are found in layers (`steps`): one constraint at a time by arc consistency, and
//! only when no constraint alone forces anything, minimal unsatisfiable subsets over
//! activation literals on the incremental solver (`mus`). [`crate::Puzzle::replay`] checks
//! a path with code that shares nothing with either (`encodings/explain.md`).
//!
//! ```
//! use cagesat::setter::explain::{explain, End, ExplainOptions};
//! use cagesat::Puzzle;
//!
//! let puzzle = Puzzle::parse("size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3")?;
//! let path = explain(&puzzle, None, &ExplainOptions::default())?;
//! assert!(matches!(path.end, End::Solved(_)));
//! println!("{}", path.steps[0]); // C2 = 3: cage combinations in cage 3= C2
//! assert_eq!(path.steps[0].technique.name(), "cage combinations");
//! assert_eq!(puzzle.replay(None, &path.steps)?, path.end.grid().cloned());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod fish;
mod gac;
mod mus;
mod steps;
mod technique;
mod wrong;

use std::ops::ControlFlow;

use thiserror::Error;

use crate::backend::BackendError;
use crate::grid::{Cell, Grid};
use crate::puzzle::{Puzzle, Step, Witnesses};
use crate::stop::Stop;
use crate::verify::VerifyError;

pub use crate::puzzle::{Action, Constraint, ConstraintKind, Constraints, Level, Technique};
pub use crate::verify::replay::ReplayError;

use steps::{Explainer, Next};
pub use wrong::{
    from_progress, from_progress_each, wrong_entries, Progress, WrongEntry, Wrongness,
};

/// How reasons are searched for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// One constraint at a time first, the solver's cores only when that is stuck.
    #[default]
    Layered,
    /// The baseline: every impossible candidate's reason shrunk from all constraints by
    /// plain deletion, at every step.
    PlainMus,
}

/// Options of [`hint`] and [`explain`].
#[derive(Clone, Debug, Default)]
pub struct ExplainOptions {
    /// How reasons are searched for.
    pub method: Method,
    /// Ends the path early ([`End::Stopped`]) when requested.
    pub stop: Stop,
}

/// How a path ends.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// Every cell is decided; the grid passed the verifier.
    Solved(Grid<u8>),
    /// A hint: more steps follow.
    Open,
    /// The puzzle (with the state) has no solution.
    NoSolution,
    /// No deduction is forced but cells are open: every open candidate is in some
    /// solution, so the puzzle has several.
    NotUnique {
        /// Cells still open.
        undecided: usize,
    },
    /// A stop request ended the path.
    Stopped,
}

impl End {
    /// The solution, when the path reached it.
    #[must_use]
    pub fn grid(&self) -> Option<&Grid<u8>> {
        match self {
            End::Solved(g) => Some(g),
            _ => None,
        }
    }
}

/// What finding the path took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplainStats {
    /// Steps whose reason is one constraint, found by arc consistency.
    pub single_steps: usize,
    /// Steps found by the solver.
    pub solver_steps: usize,
    /// Solver calls.
    pub solver_calls: u64,
}

/// A path of deductions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Per step, the fillings found while shrinking its reason that show it minimal
    /// (empty, or `None` for a constraint, where there were none): what
    /// [`Puzzle::replay_witnessed`] checks in place of searching.
    pub witnesses: Vec<Witnesses>,
    /// How it ends.
    pub end: End,
    /// What it took.
    pub stats: ExplainStats,
}

impl Explanation {
    /// The hardest technique on the path (the highest score; `None` without steps): the
    /// puzzle's grade on the scale of [`crate::puzzle::Technique::score`] when the path
    /// starts from the puzzle alone.
    #[must_use]
    pub fn hardest(&self) -> Option<crate::puzzle::Technique> {
        self.steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| t.score())
    }

    /// The largest reason on the path (0 without steps): a difficulty measure.
    #[must_use]
    pub fn largest_reason(&self) -> usize {
        self.steps.iter().map(|s| s.reason.len()).max().unwrap_or(0)
    }
}

/// Why no path could be made.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The state has the wrong shape.
    #[error("the state is {rows}x{cols}, expected {want_rows}x{want_cols}")]
    Shape {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
        /// Rows expected.
        want_rows: usize,
        /// Columns expected.
        want_cols: usize,
    },
    /// The state holds a digit outside the cell's range, or in a square without a digit.
    #[error("the state has {digit} at {cell}, which takes no such digit")]
    BadState {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// The SAT solver failed.
    #[error("the solver failed")]
    Solver(#[source] BackendError),
    /// The decided grid fails the verifier (a bug: every step is forced).
    #[error("the path ends in a wrong grid")]
    Wrong(#[source] VerifyError),
    /// The state's entries could not be checked against the puzzle's solutions.
    #[error("cannot check the state: {0}")]
    Check(#[source] crate::setter::SetterError),
}

impl ExplainError {
    fn solver(e: BackendError) -> Self {
        ExplainError::Solver(e)
    }
}

/// The next deduction from `state` (0 = an empty cell; `None`: the puzzle alone): a path of
/// at most one step, ending [`End::Open`] when more follow.
///
/// # Errors
/// [`ExplainError`] for a bad state or a failing solver.
pub fn hint(
    puzzle: &Puzzle,
    state: Option<&Grid<u8>>,
    opts: &ExplainOptions,
) -> Result<Explanation, ExplainError> {
    walk(puzzle, state, opts, Some(1), &mut |_| {
        ControlFlow::Continue(())
    })
}

/// The whole path from `state` (0 = an empty cell; `None`: the puzzle alone) until every
/// cell is decided, or until no deduction is forced.
///
/// # Errors
/// [`ExplainError`] for a bad state or a failing solver.
pub fn explain(
    puzzle: &Puzzle,
    state: Option<&Grid<u8>>,
    opts: &ExplainOptions,
) -> Result<Explanation, ExplainError> {
    walk(
        puzzle,
        state,
        opts,
        None,
        &mut |_| ControlFlow::Continue(()),
    )
}

/// The path of at most `most` steps, each handed to `on_step` as soon as it is found (a
/// caller that prints them as they come); `on_step` breaking ends the path
/// [`End::Stopped`], that step included.
fn walk(
    puzzle: &Puzzle,
    state: Option<&Grid<u8>>,
    opts: &ExplainOptions,
    most: Option<usize>,
    on_step: &mut dyn FnMut(&Step) -> ControlFlow<()>,
) -> Result<Explanation, ExplainError> {
    let mut steps = Vec::new();
    let mut witnesses = Vec::new();
    let mut ex = match Explainer::new(puzzle, state, opts)? {
        Ok(ex) => ex,
        Err(end) => {
            return Ok(Explanation {
                steps,
                witnesses: Vec::new(),
                end,
                stats: ExplainStats::default(),
            })
        }
    };
    // A stop request makes the solver give up mid-call: that is the end `Stopped`, with
    // the steps found so far, not an error.
    let stopped = |e: ExplainError| {
        if opts.stop.is_requested() {
            Ok(End::Stopped)
        } else {
            Err(e)
        }
    };
    let end = match ex.solvable() {
        Err(e) => stopped(e)?,
        Ok(false) => End::NoSolution,
        Ok(true) => loop {
            if opts.stop.is_requested() {
                break End::Stopped;
            }
            if most.is_some_and(|m| steps.len() >= m) {
                // The last step allowed may have decided the last cell.
                break match ex.finished()? {
                    Some(grid) => End::Solved(grid),
                    None => End::Open,
                };
            }
            match ex.next() {
                Ok(Next::Step(step)) => {
                    let flow = on_step(&step);
                    steps.push(step);
                    witnesses.push(std::mem::take(&mut ex.witnesses));
                    if flow.is_break() {
                        break End::Stopped;
                    }
                }
                Ok(Next::End(end)) => break end,
                Err(e) => break stopped(e)?,
            }
        },
    };
    Ok(Explanation {
        steps,
        witnesses,
        end,
        stats: ex.stats,
    })
}
