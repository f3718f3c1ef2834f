//! # Wrong entries of a person's progress
//!
//! Before a hint from a state that no solution extends, its wrong entries are named
//! ([`wrong_entries`]): an entry is wrong when its digit is in no solution of the puzzle
//! (the true candidates, `crate::setter::candidates`). On a unique puzzle the answer names
//! the solution's digit (`A9 = 4 is wrong: the solution has 7`); otherwise it names a house
//! where the entry repeats another (`A9 = 4 contradicts row A with A3 = 4`), or else the
//! fewest constraints that leave it no filling with the givens (`A9 = 4 is wrong: cage 12+ A9
//! B9, row A leave it no filling`: a minimal unsatisfiable subset, as for a step's reason).

use std::fmt;
use std::ops::ControlFlow;

use crate::engine::{Engine, EngineOptions};
use crate::grid::Cell;
use crate::puzzle::{Constraint, Constraints, Puzzle, Step};
use crate::setter::{candidates, SetterError, State};
use crate::stop::Stop;

use super::mus::{Probe, Sat};
use super::{walk, End, ExplainError, ExplainOptions, Explanation};

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
    /// With the givens, these constraints (a minimal set) have no filling with the entry.
    Reason(Vec<Constraint>),
    /// No solution of the puzzle has the digit there (when no smaller reason is found).
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
            Wrongness::Reason(reason) => {
                let names: Vec<String> = reason.iter().map(ToString::to_string).collect();
                let verb = if reason.len() == 1 { "leaves" } else { "leave" };
                write!(
                    f,
                    "{cell} = {digit} is wrong: {} {verb} it no filling",
                    names.join(", ")
                )
            }
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
    let mut entries = state.entries();
    entries.extend(model.givens.iter().copied());
    let clash = |cell: Cell, digit: u8| {
        model
            .list
            .iter()
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
    let mut sat = None;
    let mut out = Vec::with_capacity(found.wrong.len());
    for &(cell, digit) in &found.wrong {
        let why = match solution {
            Some(g) => Wrongness::Solution(*g.get(cell)),
            None => match clash(cell, digit) {
                Some(why) => why,
                None => reason(&model, &mut sat, cell, digit)
                    .map_or(Wrongness::NoSolution, Wrongness::Reason),
            },
        };
        out.push(WrongEntry { cell, digit, why });
    }
    Ok(out)
}

/// A minimal set of `model`'s constraints that, with the givens, leaves `digit` no place in
/// `cell`; `None` when the solver cannot be built or the encoded constraints allow it (a
/// cage too large to encode). The solver is built on first use and kept in `sat`.
fn reason(
    model: &Constraints,
    sat: &mut Option<Sat>,
    cell: Cell,
    digit: u8,
) -> Option<Vec<Constraint>> {
    if sat.is_none() {
        let mut s = Sat::new(model, &Stop::new()).ok()?;
        for &(c, d) in &model.givens {
            for gone in (1..=model.max_digit).filter(|&g| g != d) {
                s.eliminate(c.index(model.cols), gone);
            }
        }
        *sat = Some(s);
    }
    let s = sat.as_mut()?;
    let grid = model.rows * model.cols;
    let at = (cell.index(model.cols), digit);
    let all: Vec<usize> = (0..model.list.len()).collect();
    let Ok(Probe::Impossible(mut core)) = s.probe(&all, Some(at), grid) else {
        return None;
    };
    // Deletion keeps what it cannot drop: trying the constraints farthest from the cell
    // first leaves a reason near it (`B1 = 3` against `cage 3= A1` and column 1, not five
    // constraints around them).
    let far = distances(model, cell);
    core.sort_by_key(|&k| std::cmp::Reverse(far[k]));
    let mus = s.mus(core, at, grid, false).ok()?;
    Some(mus.into_iter().map(|k| model.list[k].clone()).collect())
}

/// Per constraint, how many shared cells away from `cell` it is: 0 when it holds the
/// cell, 1 when it shares a cell with one that does, and so on (`usize::MAX`: never).
fn distances(model: &Constraints, cell: Cell) -> Vec<usize> {
    let list = &model.list;
    let mut far = vec![usize::MAX; list.len()];
    let mut frontier: Vec<usize> = (0..list.len())
        .filter(|&k| list[k].cells.contains(&cell))
        .collect();
    let mut level = 0;
    while !frontier.is_empty() {
        for &k in &frontier {
            far[k] = level;
        }
        let mut next = Vec::new();
        for (k, c) in list.iter().enumerate() {
            let near = frontier
                .iter()
                .any(|&f| list[f].cells.iter().any(|x| c.cells.contains(x)));
            if far[k] == usize::MAX && near && !next.contains(&k) {
                next.push(k);
            }
        }
        frontier = next;
        level += 1;
    }
    far
}

/// A hint or a path from a person's progress ([`from_progress`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The entries no solution has, when no solution extends the state (else empty).
    pub wrong: Vec<WrongEntry>,
    /// The path: from the state, or without the wrong entries when there are some.
    pub path: Explanation,
}

/// The next step (`whole`: the whole path) from a person's progress `state` (`None`: the
/// puzzle alone): when no solution extends it, its wrong entries are named first
/// ([`wrong_entries`]) and the path goes on from the other entries; when every entry is in
/// some solution but they contradict each other together, the path ends
/// [`End::NoSolution`] with none named.
///
/// # Errors
/// [`ExplainError`] for a bad state or a failing solver; [`ExplainError::Check`] when the
/// entries cannot be checked.
pub fn from_progress(
    puzzle: &Puzzle,
    state: Option<&State>,
    opts: &ExplainOptions,
    whole: bool,
) -> Result<Progress, ExplainError> {
    from_progress_each(puzzle, state, opts, whole, &mut |_| {
        ControlFlow::Continue(())
    })
}

/// [`from_progress`], handing each step of the path from `state` as given to `on_step` as
/// soon as it is found, so that a caller can print the steps as they come; `on_step`
/// breaking ends the path [`End::Stopped`] (that step included). A state that no solution
/// extends ends its path before the first step, so the steps handed over are those of the
/// answer's path; the path from the state without its wrong entries is not handed over
/// (it is in the answer).
///
/// # Errors
/// As [`from_progress`].
pub fn from_progress_each(
    puzzle: &Puzzle,
    state: Option<&State>,
    opts: &ExplainOptions,
    whole: bool,
    on_step: &mut dyn FnMut(&Step) -> ControlFlow<()>,
) -> Result<Progress, ExplainError> {
    let most = if whole { None } else { Some(1) };
    let first = walk(puzzle, state.map(State::grid), opts, most, on_step)?;
    let Some(state) = state.filter(|_| first.end == End::NoSolution) else {
        return Ok(Progress {
            wrong: Vec::new(),
            path: first,
        });
    };
    let wrong = wrong_entries(puzzle, state).map_err(ExplainError::Check)?;
    if wrong.is_empty() {
        return Ok(Progress { wrong, path: first });
    }
    let cells: Vec<Cell> = wrong.iter().map(|w| w.cell).collect();
    let rest = state.without(&cells);
    let path = walk(puzzle, Some(rest.grid()), opts, most, &mut |_| {
        ControlFlow::Continue(())
    })?;
    Ok(Progress { wrong, path })
}
