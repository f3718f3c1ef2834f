//! # True candidates
//!
//! The digits each cell takes in at least one solution: the puzzle is unique exactly when
//! every cell has one. Every solution found marks all its (cell, digit) pairs as seen, so
//! one model answers for a whole grid of pairs; what is left is asked of the engine
//! ([`Method`]):
//!
//! - [`Method::Covering`] (the default): one question per round, *a solution holding at
//!   least one pair not seen yet*; each answer marks at least one new pair, and "none" rules
//!   out every pair left at once. A unique puzzle costs two calls (one walk, on the DPLL
//!   engines: it goes on past the first solution to look for a second). Once a model shows a
//!   single new pair (many solutions, alike), the rest is asked pair by pair, which costs
//!   less there (a 10×10 CrossProduct: 505 list questions, 33 s on varisat; pair by pair
//!   297, 7 s). Engines that cannot take a list in one search (the native engine) ask one
//!   pair at a time from the start;
//! - [`Method::PerPair`]: every pair not seen yet asked alone, under assumptions;
//! - [`Method::EveryPair`]: every pair asked alone, whatever earlier models showed (the
//!   plain method, kept as the reference for tests and benchmarks).
//!
//! With a [`State`] (a person's progress), the candidates are those of the solutions that
//! extend its entries. When no solution extends them all, the entries whose digit appears
//! in no solution of the puzzle are named ([`Candidates::wrong`]) and the candidates extend
//! the other entries; when even those contradict each other (possible only on a puzzle with
//! several solutions), the candidates are the puzzle's own and
//! [`Candidates::state_applied`] is false.

use std::collections::HashSet;

use crate::engine::{Engine, EngineOptions};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::setter::oracle::{oracle, Oracle};
use crate::setter::{SetterError, State};

/// [`Method::Covering`] goes on to ask pair by pair once a model shows fewer new pairs
/// than this.
const COVERING_MIN_NEW: usize = 2;

/// How the pairs no model has shown yet are asked (see the module notes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// A solution holding any pair not seen yet, one question per round.
    #[default]
    Covering,
    /// Each pair not seen yet, alone.
    PerPair,
    /// Every pair alone, whatever the models showed.
    EveryPair,
}

/// The true candidates of a puzzle (and state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    cells: Grid<Vec<u8>>,
    /// Distinct solutions the engine handed over (each verified): at least 1 when solvable.
    pub solutions_seen: u64,
    /// The state's entries whose digit appears in no solution of the puzzle (row-major).
    pub wrong: Vec<(Cell, u8)>,
    /// Whether the candidates extend the state's entries (all, or all but the wrong ones);
    /// false without a state and when the entries that are not wrong contradict each other.
    pub state_applied: bool,
    /// Questions asked of the engine.
    pub queries: u64,
    /// The distinct solutions seen, in the order found.
    pub(crate) seen: Vec<Grid<u8>>,
}

impl Candidates {
    /// The candidate digits of `cell`, smallest first (empty on a square that holds no
    /// digit, and everywhere when there is no solution).
    #[must_use]
    pub fn get(&self, cell: Cell) -> &[u8] {
        self.cells.get(cell)
    }

    /// The candidates of every square.
    #[must_use]
    pub fn grid(&self) -> &Grid<Vec<u8>> {
        &self.cells
    }

    /// Whether some solution exists (with the state's entries, when they are applied).
    #[must_use]
    pub fn solvable(&self) -> bool {
        self.solutions_seen > 0
    }

    /// Whether exactly one solution exists: solvable, and every cell has one candidate.
    #[must_use]
    pub fn unique(&self) -> bool {
        self.solvable() && self.cells.iter_rows().flatten().all(|c| c.len() <= 1)
    }

    /// The digit of `cell` when it has exactly one candidate.
    #[must_use]
    pub fn decided(&self, cell: Cell) -> Option<u8> {
        match self.get(cell) {
            [d] => Some(*d),
            _ => None,
        }
    }

    /// A verified solution (the first found), when there is one.
    #[must_use]
    pub fn solution(&self) -> Option<&Grid<u8>> {
        self.seen.first()
    }
}

/// The true candidates of `puzzle` (extending `state`'s entries, see the module notes),
/// computed by `engine` with [`Method::Covering`].
///
/// ```
/// use cagesat::{setter, Cell, Engine, EngineOptions, Puzzle};
///
/// // Two solutions: 12/21 and 21/12.
/// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n3 + B1 B2")?;
/// let c = setter::candidates(&puzzle, None, &Engine::Auto, &EngineOptions::default())?;
/// assert_eq!(c.get(Cell::new(0, 0)), &[1, 2]);
/// assert!(!c.unique());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`candidates_by`].
pub fn candidates(
    puzzle: &Puzzle,
    state: Option<&State>,
    engine: &Engine,
    opts: &EngineOptions,
) -> Result<Candidates, SetterError> {
    candidates_by(puzzle, state, engine, opts, Method::default())
}

/// [`candidates`] by a chosen [`Method`].
///
/// # Errors
/// [`SetterError::Unsupported`] for the SMT engines; [`SetterError::Stopped`] when
/// `opts.stop` ends the run (no partial answer is returned: it could be wrong); the
/// engine's failures, and any grid that fails the independent verifier.
pub fn candidates_by(
    puzzle: &Puzzle,
    state: Option<&State>,
    engine: &Engine,
    opts: &EngineOptions,
    method: Method,
) -> Result<Candidates, SetterError> {
    let mut oracle = oracle(puzzle, engine, opts)?;
    compute(puzzle, state, oracle.as_mut(), method)
}

/// [`candidates_by`] on an oracle already built.
pub(crate) fn compute(
    puzzle: &Puzzle,
    state: Option<&State>,
    oracle: &mut dyn Oracle,
    method: Method,
) -> Result<Candidates, SetterError> {
    let map = puzzle.one_hot();
    let entries = state.map(State::entries).unwrap_or_default();
    let (rows, cols) = map.dims();
    let mut cover = Cover::new(map.cells().to_vec(), map.digits(), rows, cols);
    // Without a state, one walk that goes on past the first solution answers a unique
    // puzzle at once (engines that search that way).
    let two = if entries.is_empty() && method == Method::Covering {
        oracle.find_two(&[])?
    } else {
        None
    };
    let (wrong, applied) = match two {
        Some(grids) => {
            let more = grids.len() > 1;
            for grid in grids {
                let _ = cover.mark(grid);
            }
            if more {
                cover.complete(oracle, &[], method)?;
            }
            (Vec::new(), false)
        }
        None => {
            let (base, first, wrong, applied) = settle_state(oracle, &entries)?;
            if let Some(grid) = first {
                let _ = cover.mark(grid);
                cover.complete(oracle, &base, method)?;
            }
            (wrong, applied)
        }
    };
    Ok(Candidates {
        cells: cover.candidates(),
        solutions_seen: cover.grids.len() as u64,
        wrong,
        state_applied: applied,
        queries: oracle.calls(),
        seen: cover.grids,
    })
}

/// What the candidates extend: the entries kept, a first solution holding them (none when
/// the puzzle has no solution), the wrong entries, and whether the state is applied.
type Settled = (Vec<(Cell, u8)>, Option<Grid<u8>>, Vec<(Cell, u8)>, bool);

/// Sorts the state's entries into kept and wrong (see the module notes).
fn settle_state(oracle: &mut dyn Oracle, entries: &[(Cell, u8)]) -> Result<Settled, SetterError> {
    if !entries.is_empty() {
        if let Some(grid) = oracle.find(entries, &[])? {
            return Ok((entries.to_vec(), Some(grid), Vec::new(), true));
        }
    }
    let Some(free) = oracle.find(&[], &[])? else {
        return Ok((Vec::new(), None, entries.to_vec(), false));
    };
    if entries.is_empty() {
        return Ok((Vec::new(), Some(free), Vec::new(), false));
    }
    let mut found = vec![free];
    let mut wrong = Vec::new();
    for &(cell, d) in entries {
        if found.iter().any(|g| *g.get(cell) == d) {
            continue;
        }
        match oracle.find(&[(cell, d)], &[])? {
            Some(g) => found.push(g),
            None => wrong.push((cell, d)),
        }
    }
    let kept: Vec<(Cell, u8)> = entries
        .iter()
        .filter(|e| !wrong.contains(e))
        .copied()
        .collect();
    if !kept.is_empty() {
        if let Some(grid) = oracle.find(&kept, &[])? {
            return Ok((kept, Some(grid), wrong, true));
        }
    }
    let applied = kept.is_empty();
    let first = found.swap_remove(0);
    Ok((Vec::new(), Some(first), wrong, applied))
}

/// The pairs seen so far, and the distinct solutions that showed them.
struct Cover {
    cells: Vec<Cell>,
    digits: u8,
    /// Bit `d` of a cell: digit `d` was seen there.
    seen: Grid<u64>,
    grids: Vec<Grid<u8>>,
    known: HashSet<Vec<u8>>,
}

impl Cover {
    fn new(cells: Vec<Cell>, digits: u8, rows: usize, cols: usize) -> Self {
        Cover {
            cells,
            digits,
            seen: Grid::filled(rows, cols, 0),
            grids: Vec::new(),
            known: HashSet::new(),
        }
    }

    /// Marks every pair of `grid` (a new solution, or one seen before); answers how many
    /// pairs were new.
    fn mark(&mut self, grid: Grid<u8>) -> usize {
        let mut new = 0;
        for &c in &self.cells {
            let old = *self.seen.get(c);
            let m = old | 1u64 << *grid.get(c);
            new += usize::from(m != old);
            self.seen.set(c, m);
        }
        let key: Vec<u8> = self.cells.iter().map(|&c| *grid.get(c)).collect();
        if self.known.insert(key) {
            self.grids.push(grid);
        }
        new
    }

    fn is_seen(&self, (c, d): (Cell, u8)) -> bool {
        *self.seen.get(c) >> d & 1 == 1
    }

    /// Every pair of the cells not fixed by `base`, in row-major then digit order.
    fn pairs(&self, base: &[(Cell, u8)]) -> Vec<(Cell, u8)> {
        let fixed: HashSet<Cell> = base.iter().map(|&(c, _)| c).collect();
        let mut out = Vec::new();
        for &c in self.cells.iter().filter(|c| !fixed.contains(c)) {
            out.extend((1..=self.digits).map(|d| (c, d)));
        }
        out
    }

    /// Asks `oracle` for every pair no solution has shown yet, by `method`.
    fn complete(
        &mut self,
        oracle: &mut dyn Oracle,
        base: &[(Cell, u8)],
        method: Method,
    ) -> Result<(), SetterError> {
        let pairs = self.pairs(base);
        let mut question = base.to_vec();
        if method == Method::Covering && oracle.takes_lists() {
            loop {
                let unseen: Vec<(Cell, u8)> = pairs
                    .iter()
                    .copied()
                    .filter(|&p| !self.is_seen(p))
                    .collect();
                if unseen.is_empty() {
                    return Ok(());
                }
                match oracle.find(base, &unseen)? {
                    // A model that shows a single new pair: the solutions are many and
                    // alike, and asking pair by pair costs less (see `Method::Covering`).
                    Some(grid) => {
                        if self.mark(grid) < COVERING_MIN_NEW {
                            break;
                        }
                    }
                    None => return Ok(()),
                }
            }
        }
        for pair in pairs {
            if method != Method::EveryPair && self.is_seen(pair) {
                continue;
            }
            question.push(pair);
            let answer = oracle.find(&question, &[])?;
            let _ = question.pop();
            if let Some(grid) = answer {
                let _ = self.mark(grid);
            }
        }
        Ok(())
    }

    /// The candidate lists: the digits seen in each cell.
    fn candidates(&self) -> Grid<Vec<u8>> {
        let (rows, cols) = (self.seen.rows(), self.seen.cols());
        let mut out = Grid::filled(rows, cols, Vec::new());
        for &c in &self.cells {
            let m = *self.seen.get(c);
            out.set(c, (1..=self.digits).filter(|&d| m >> d & 1 == 1).collect());
        }
        out
    }
}
