//! # KenKen generator: no givens, a chosen difficulty, uniqueness proven twice
//!
//! As Simon Tatham's Keen does, each attempt starts from a random Latin square
//! ([`super::latin`]) and a random partition into cages with Keen's clue choices
//! ([`super::kenken_cages`]); by default no cage has a single cell, so there are no givens.
//! Then, where Keen only retries, the attempt is steered:
//!
//! 1. **Repair** until the puzzle meets its target. For a propagation level of
//!    [`crate::grade`] (`singles` … `box`), root propagation at that level must fix every
//!    cell; a cell it leaves open is repaired (its cage merged with a neighbour, given
//!    another operator, or the cell paired with a neighbour in a new two-cell cage). For
//!    `search`, the incremental CDCL checker ([`super::kenken_check`]) must find no second
//!    solution; a cell where the second solution differs is repaired. A given is added only
//!    when [`KenKenParams::max_givens`] allows one, and only late in the attempt; one-cell
//!    cages beyond that bound join a neighbouring cage.
//! 2. **Harden** when a difficulty is asked ([`KenKenParams::difficulty`]) and the puzzle is
//!    already solved one level below: random weakenings (merge two cages, change an
//!    operator) are kept while the puzzle still meets its target, until the level below no
//!    longer solves it. The grade is then exactly the level asked, as Keen guarantees its
//!    levels by solving at the level and failing at the one below.
//! 3. **Prove** uniqueness with two engines that share nothing but the cage tuples: the CDCL
//!    checker and the native engine ([`super::kenken_check::unique_by_both`]). (On grids
//!    above 9×9 whose target is `search`, the native engine's search may be long, and the
//!    CDCL proof alone is kept.)
//!
//! An attempt that does not reach its target within a bound on repairs and weakenings is
//! dropped, and a new square is drawn; after [`MAX_ATTEMPTS`] attempts the run ends with
//! [`GenerateError::KenKenAttempts`], never a hang.
//!
//! Without a difficulty, the target is `box` (or, with [`KenKenParams::logic_solvable`]
//! off, `search` without the lower bound); then grids of side 10 and up are repaired by
//! propagation until at most an eighth of the cells is open before the SAT checks, so a
//! 20×20 is made in seconds.

use crate::engine::{EngineError, EngineOptions};
use crate::generate::kenken_cages::{Repair, State};
use crate::generate::kenken_check::{unique_by_both, Checker};
use crate::generate::latin::{random_latin_square, shuffle};
use crate::generate::GenerateError;
use crate::grade::{Level, Prepared, Scale};
use crate::grid::{Cell, Grid};
use crate::puzzle::{KenKen, Op};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// Generator parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KenKenParams {
    /// Side length.
    pub size: usize,
    /// Largest cage.
    pub max_cage: usize,
    /// Operators that may appear (givens always may).
    pub ops: Vec<Op>,
    /// Without a [`KenKenParams::difficulty`]: require the puzzle to be solvable by root
    /// propagation (the `box` level of [`crate::grade`]), as Keen requires its puzzles to be
    /// solvable by its own deductions. Without it, only uniqueness is enforced. Ignored when
    /// a difficulty is given.
    pub logic_solvable: bool,
    /// The exact grade wanted: the puzzle is solved by root propagation at this level and
    /// not at the level below (for [`Level::Search`]: unique, and not solved at `box`). The
    /// level is one of the cage scale's ([`Scale::Cages`]); another is a
    /// [`GenerateError::Params`].
    pub difficulty: Option<Level>,
    /// The most one-cell cages (givens) a puzzle may have; see [`default_max_givens`].
    pub max_givens: usize,
}

impl KenKenParams {
    /// Keen-like defaults for size `n`: cages up to 5 cells, all four operators, no
    /// difficulty (any level up to `box`), [`default_max_givens`] givens.
    #[must_use]
    pub fn new(size: usize) -> Self {
        KenKenParams {
            size,
            max_cage: 5,
            ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div],
            logic_solvable: true,
            difficulty: None,
            max_givens: default_max_givens(size, &[Op::Add]),
        }
    }
}

/// The default bound on givens for a side and the allowed operators: none up to 9×9 (Keen's
/// sizes, where Keen has none either); above, one cell in six (a 16×16 may have 42, a 20×20
/// 66): with one in 25 a 16×16 was not made in two minutes, with one in six it takes
/// seconds, and givens are still added only after `8n` reshaping repairs. Without `+` and
/// `*` (only `-` and `/`, which fit only pairs), no bound: a pair that no allowed operator
/// describes must become two givens.
#[must_use]
pub fn default_max_givens(size: usize, ops: &[Op]) -> usize {
    if !ops.iter().any(|op| matches!(op, Op::Add | Op::Mul)) {
        size * size
    } else if size <= 9 {
        0
    } else {
        size * size / 6
    }
}

/// A generated puzzle with its (unique) solution.
#[derive(Clone, Debug)]
pub struct GeneratedKenKen {
    /// The puzzle.
    pub puzzle: KenKen,
    /// Its only solution.
    pub solution: Grid<u8>,
    /// How many repair steps the last attempt needed.
    pub repairs: usize,
    /// Attempts (fresh squares) drawn, this one included.
    pub attempts: usize,
    /// Its grade: the weakest propagation level that solves it, or [`Level::Search`].
    pub level: Level,
    /// Whether the native engine proved it unique as well as the CDCL checker.
    pub native_proof: bool,
}

/// Fresh squares drawn for one puzzle before giving up.
pub const MAX_ATTEMPTS: usize = 400;

/// Repairs per attempt, per cell.
const REPAIRS_PER_CELL: usize = 2;

/// Weakenings tried per attempt, per cell.
const WEAKENINGS_PER_CELL: usize = 2;

/// Generates one unique puzzle.
///
/// # Errors
/// Bad parameters (size outside 1..=26, `max_cage` 0), solver failures, and
/// [`GenerateError::KenKenAttempts`] when no attempt reaches the target.
pub fn generate_kenken(
    params: &KenKenParams,
    rng: &mut SplitMix64,
) -> Result<GeneratedKenKen, GenerateError> {
    generate_kenken_until(params, rng, &Stop::new())
}

/// [`generate_kenken`] under `stop`: checked between repairs and inside every uniqueness
/// check (the SAT solver is given the stop).
///
/// # Errors
/// As [`generate_kenken`], and [`GenerateError::KenKenStopped`] (how many uniqueness checks
/// and repairs were made) when `stop` ends the run.
pub fn generate_kenken_until(
    params: &KenKenParams,
    rng: &mut SplitMix64,
    stop: &Stop,
) -> Result<GeneratedKenKen, GenerateError> {
    let n = params.size;
    if n == 0 || n > crate::puzzle::kenken::MAX_SIZE {
        return Err(GenerateError::Params(format!("size {n} is outside 1..=26")));
    }
    if params.max_cage == 0 {
        return Err(GenerateError::Params(
            "the largest cage size must be at least 1".into(),
        ));
    }
    if params.max_cage == 1 && params.max_givens < n * n {
        return Err(GenerateError::Params(format!(
            "cages of one cell are givens: a largest cage of 1 needs --max-givens {} or more",
            n * n
        )));
    }
    if let Some(level) = params.difficulty.filter(|&l| !Scale::Cages.has(l)) {
        return Err(GenerateError::Params(format!(
            "a KenKen is graded singles, subsets, cage-gac, box or search, not {level}"
        )));
    }
    let mut run = Run {
        params,
        target: params.difficulty.unwrap_or(if params.logic_solvable {
            Level::Interactions
        } else {
            Level::Search
        }),
        stop,
        checks: 0,
        repairs: 0,
    };
    for attempt in 1..=MAX_ATTEMPTS {
        let square = random_latin_square(n, rng);
        let solution = Grid::from_rows(square).expect("square");
        let mut checker = Checker::new(&solution, stop)?;
        let state = State::new(params, solution, params.max_givens > 0, rng);
        run.repairs = 0;
        let Some((state, puzzle)) = run.attempt(state, &mut checker, rng)? else {
            continue;
        };
        return run.prove(state, puzzle, &mut checker, attempt);
    }
    Err(GenerateError::KenKenAttempts {
        size: n,
        level: run.target,
        exact: params.difficulty.is_some(),
        attempts: MAX_ATTEMPTS,
    })
}

/// One generator run: its parameters and counters.
struct Run<'a> {
    params: &'a KenKenParams,
    /// The level the puzzle must be solved at.
    target: Level,
    stop: &'a Stop,
    checks: u64,
    repairs: usize,
}

impl Run<'_> {
    fn stopped(&self) -> Result<(), GenerateError> {
        match self.stop.reason() {
            Some(reason) => Err(GenerateError::KenKenStopped {
                reason,
                checks: self.checks,
                repairs: self.repairs,
            }),
            None => Ok(()),
        }
    }

    /// Repairs, then hardens when a difficulty is asked; `None` when the attempt fails.
    fn attempt(
        &mut self,
        mut state: State,
        checker: &mut Checker,
        rng: &mut SplitMix64,
    ) -> Result<Option<(State, KenKen)>, GenerateError> {
        let n = self.params.size;
        let limit = REPAIRS_PER_CELL * n * n + 8 * n;
        let puzzle = loop {
            self.stopped()?;
            if self.repairs > limit {
                return Ok(None);
            }
            let puzzle = state.puzzle(rng);
            let givens = state.given_cells();
            if givens.len() > self.params.max_givens {
                let i = givens[rng.below(givens.len() as u64) as usize];
                state.join(i, rng);
                self.repairs += 1;
                continue;
            }
            let open = self.open(&puzzle, &state.solution, checker, rng)?;
            if open.is_empty() {
                break puzzle;
            }
            let how = Repair {
                given: givens.len() < self.params.max_givens,
                strong: self.target == Level::Singles,
            };
            for &i in open.iter().take(1 + open.len() / 32) {
                state.repair_at(i, self.repairs, how, rng);
                self.repairs += 1;
            }
        };
        match self.params.difficulty {
            Some(level) if too_easy(&puzzle, level) => self.harden(state, checker, rng),
            _ => Ok(Some((state, puzzle))),
        }
    }

    /// Cells to repair: those propagation at the target leaves open, or (at `search`)
    /// those where a second solution differs (shuffled); empty when the target is met.
    fn open(
        &mut self,
        puzzle: &KenKen,
        solution: &Grid<u8>,
        checker: &mut Checker,
        rng: &mut SplitMix64,
    ) -> Result<Vec<usize>, GenerateError> {
        let n = self.params.size;
        if self.target < Level::Search {
            let mut open = open_cells(puzzle, self.target);
            shuffle(rng, &mut open);
            return Ok(open);
        }
        // Search allowed: on large grids propagation guides the repairs until few cells
        // are open, so the SAT checks that follow are short.
        if n >= SEARCH_GUIDE_MIN_SIZE && self.params.difficulty.is_none() {
            let mut open = open_cells(puzzle, Level::Interactions);
            if open.len() > n * n / SEARCH_GUIDE_OPEN_FRACTION {
                shuffle(rng, &mut open);
                return Ok(open);
            }
        }
        self.checks += 1;
        let other = match checker.other_solution(puzzle) {
            Err(GenerateError::Engine(e)) if matches!(*e, EngineError::GaveUp { .. }) => {
                self.stopped()?;
                return Err(GenerateError::Engine(e));
            }
            other => other?,
        };
        let Some(other) = other else {
            return Ok(Vec::new());
        };
        let at = |i: usize| Cell::new((i / n) as u8, (i % n) as u8);
        let diff: Vec<usize> = (0..n * n)
            .filter(|&i| other.get(at(i)) != solution.get(at(i)))
            .collect();
        Ok(vec![diff[rng.below(diff.len() as u64) as usize]])
    }

    /// Weakens `state` while it still meets the target, until the level below the asked
    /// difficulty no longer solves it; `None` when the weakenings run out first.
    fn harden(
        &mut self,
        mut state: State,
        checker: &mut Checker,
        rng: &mut SplitMix64,
    ) -> Result<Option<(State, KenKen)>, GenerateError> {
        let n = self.params.size;
        let level = self.target;
        for _ in 0..WEAKENINGS_PER_CELL * n * n {
            self.stopped()?;
            let mut next = state.clone();
            if !next.weaken(rng) {
                continue;
            }
            let puzzle = next.puzzle(rng);
            if next.given_cells().len() > self.params.max_givens
                || !self.open(&puzzle, &next.solution, checker, rng)?.is_empty()
            {
                continue;
            }
            state = next;
            if !too_easy(&puzzle, level) {
                return Ok(Some((state, puzzle)));
            }
        }
        Ok(None)
    }

    /// The second proof, and the result.
    fn prove(
        &mut self,
        state: State,
        puzzle: KenKen,
        checker: &mut Checker,
        attempts: usize,
    ) -> Result<GeneratedKenKen, GenerateError> {
        let n = self.params.size;
        let level = grade_level(&puzzle);
        let native = n <= 9 || level < Level::Search;
        let unique = if native {
            let opts = EngineOptions {
                stop: self.stop.clone(),
                ..EngineOptions::default()
            };
            unique_by_both(checker, &puzzle, &opts)?
        } else {
            self.checks += 1;
            Some(checker.other_solution(&puzzle)?.is_none())
        };
        match unique {
            Some(true) => Ok(GeneratedKenKen {
                puzzle,
                solution: state.solution,
                repairs: self.repairs,
                attempts,
                level,
                native_proof: native,
            }),
            Some(false) => Err(GenerateError::Params(
                "a puzzle solved by sound propagation has a second solution".into(),
            )),
            None => {
                self.stopped()?;
                Err(GenerateError::Params("the uniqueness proof gave up".into()))
            }
        }
    }
}

/// True when the level below `level` already solves the puzzle (never for `singles`).
fn too_easy(puzzle: &KenKen, level: Level) -> bool {
    Scale::Cages
        .below(level)
        .is_some_and(|below| open_cells(puzzle, below).is_empty())
}

/// The weakest propagation level that solves the puzzle, or [`Level::Search`].
fn grade_level(puzzle: &KenKen) -> Level {
    Scale::Cages
        .propagation()
        .iter()
        .copied()
        .find(|&l| open_cells(puzzle, l).is_empty())
        .unwrap_or(Level::Search)
}

/// The smallest side for which the generator with search allowed still lets propagation
/// guide its repairs (below it, SAT checks are quick anyway).
const SEARCH_GUIDE_MIN_SIZE: usize = 10;

/// With search allowed on large grids, repairs follow propagation until at most
/// 1/this of the cells is left open.
const SEARCH_GUIDE_OPEN_FRACTION: usize = 8;

/// Cells (row-major indices) that root propagation at `level` leaves open; none when propagation finds a contradiction (impossible for a puzzle built
/// from a solution, since the deductions are sound; SAT then decides).
fn open_cells(puzzle: &KenKen, level: Level) -> Vec<usize> {
    let n = puzzle.size();
    let cells = (0..n * n).map(|i| Cell::new((i / n) as u8, (i % n) as u8));
    match Prepared::new(puzzle).fixpoint(level) {
        Ok(d) => cells
            .enumerate()
            .filter(|&(_, c)| d.value(d.index(c)).is_none())
            .map(|(i, _)| i)
            .collect(),
        Err(_) => Vec::new(),
    }
}
