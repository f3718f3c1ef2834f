//! # Kakuro generator with guaranteed uniqueness
//!
//! 1. A random shape ([`super::kakuro_shape`]): the frame row and column, black squares
//!    drawn with 180° symmetry, fixed up so that every run has 2..=9 squares.
//! 2. A random filling ([`super::kakuro_fill`]): digits 1..=9, none twice in a run, then
//!    tightened by local search (simulated annealing) towards clues with few combinations
//!    of digits and squares whose two runs leave few digits in common.
//! 3. Clues: every black square that starts a run gets that run's sum.
//! 4. Uniqueness by blocking clauses, incrementally, as the KenKen generator does it: one
//!    embedded solver holds "one digit per square" for every square white in the first
//!    shape. Each run's clauses carry their own activation literal, and so does the
//!    blocking clause that excludes the current filling on the current white squares, so a
//!    check is one `solve` under the activation literals of the current runs and blocking
//!    clause; what changes is retired (its literal fixed false) and re-added, and learned
//!    clauses carry over. While the check finds another solution, pick a square where the
//!    two differ and change the puzzle there: mostly give that square the digit (unused in
//!    its runs) that leaves its runs tightest, which changes the two clues through it and
//!    so excludes the other solution; now and then, and always late in the loop, blacken
//!    the square with its mirror image ([`Shape::blacken`]: the runs through it split,
//!    runs of one square are blackened too, so the shape rules still hold and the filling
//!    stays valid). Every puzzle returned has been proven unique this way, and every other
//!    solution found is verified by the independent checker.
//! 5. With [`KakuroParams::logic_solvable`] (the default), before each SAT check the native
//!    engine's root propagation (arc consistency on every run, to a fixpoint: the `run-gac`
//!    level of [`crate::grade`]) must fix every white square; a few of the squares it
//!    leaves open are repaired the same way per round. Sound propagation that fixes every
//!    square already implies uniqueness, so the one SAT proof that follows is quick, and
//!    propagation rounds are cheaper than SAT checks: a 30×30 takes well under a second.
//!    Without it, only uniqueness is enforced (every round is a SAT check).
//!
//! A shape with fewer than half of the inner squares white (among the first 50 drawn), one
//! that loses more than half of its white squares to repairs, or one whose filling fails,
//! is dropped and a new one drawn (tiny grids often need several).

use std::fmt::Write as _;

use crate::engine::EngineError;
use crate::generate::kakuro_check::Checker;
use crate::generate::kakuro_fill::{random_filling, RunIndex};
use crate::generate::kakuro_shape::Shape;
use crate::generate::latin::shuffle;
use crate::generate::GenerateError;
use crate::grade::{Level, Scale};
use crate::grid::{Cell, Grid};
use crate::model::network::{ModelNetwork, Rules};
use crate::model::Lowered;
use crate::native::lines::LineSearch;
use crate::puzzle::kakuro::{Kakuro, Square, MAX_DIM};
use crate::rng::SplitMix64;
use crate::stop::{Stop, StopReason};

/// Smallest number of rows and columns, frame included (two by two white squares inside).
pub const MIN_KAKURO_DIM: usize = 3;

/// Largest number of rows and columns the generator accepts, frame included.
pub const MAX_KAKURO_GEN_DIM: usize = 64;

/// Rounds of [`RunIndex::tighten`] per white square of a new filling.
const TIGHTEN_ROUNDS_PER_SQUARE: usize = 200;

/// A new shape must have at least 1/this of the inner squares white.
const MIN_WHITE_DIVISOR: usize = 2;

/// For this many shapes, sparse ones are drawn again.
const PICKY_SHAPES: u64 = 50;

/// Shapes drawn before the generator gives up.
const MAX_SHAPES: u64 = 10_000;

/// Generator parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KakuroParams {
    /// Rows, the frame row of clues included (`MIN_KAKURO_DIM..=MAX_KAKURO_GEN_DIM`).
    pub rows: usize,
    /// Columns, the frame column of clues included.
    pub cols: usize,
    /// Random seed: the same parameters give the same puzzle.
    pub seed: u64,
    /// Require the puzzle to be solved by root propagation (arc consistency on every run,
    /// the `run-gac` level of [`crate::grade`]) before the SAT uniqueness proof (the
    /// default). Without it, only uniqueness is enforced.
    pub logic_solvable: bool,
    /// Keep only a puzzle whose [`crate::grade`] level is exactly this one (solved by root
    /// propagation at this level, not at the one below): seeds `seed`, `seed + 1`, … are
    /// tried, at most [`KakuroParams::max_attempts`] of them. With a level up to `run-gac`
    /// every attempt is made logic-solvable; with `sac` or `search`, only unique
    /// ([`KakuroParams::logic_solvable`] is then ignored). The level is one of the run
    /// scale's ([`Scale::Runs`]); another is a [`GenerateError::Params`].
    pub difficulty: Option<Level>,
    /// Seeds tried before giving up when a [`KakuroParams::difficulty`] is asked.
    pub max_attempts: u64,
}

impl KakuroParams {
    /// A `rows`×`cols` puzzle (frame included) from seed 1, solvable without search.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Self {
        KakuroParams {
            rows,
            cols,
            seed: 1,
            logic_solvable: true,
            difficulty: None,
            max_attempts: DEFAULT_KAKURO_MAX_ATTEMPTS,
        }
    }
}

/// Default [`KakuroParams::max_attempts`].
pub const DEFAULT_KAKURO_MAX_ATTEMPTS: u64 = 200;

/// A generated puzzle with its (unique) solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedKakuro {
    /// The puzzle.
    pub puzzle: Kakuro,
    /// Its only solution (0 on squares that are not white).
    pub solution: Grid<u8>,
    /// Shapes drawn (the last one made the puzzle).
    pub shapes: u64,
    /// SAT uniqueness checks run on the last shape.
    pub checks: u64,
    /// Repairs on the last shape that changed a digit.
    pub digit_changes: usize,
    /// Squares blackened by repairs on the last shape.
    pub blackened: usize,
    /// The seed that made it (the params' seed unless a difficulty made it try more).
    pub seed: u64,
    /// Seeds tried (1 unless a difficulty is asked).
    pub attempts: u64,
}

impl GeneratedKakuro {
    /// The `.solution` file text: one line per row, `#` for every square that is not white,
    /// the digit otherwise.
    #[must_use]
    pub fn solution_text(&self) -> String {
        let squares = self.puzzle.squares();
        let mut s = String::new();
        for r in 0..squares.rows() {
            let row: Vec<String> = (0..squares.cols())
                .map(|c| {
                    let cell = Cell::new(r as u8, c as u8);
                    match squares.get(cell) {
                        Square::White => self.solution.get(cell).to_string(),
                        _ => "#".to_string(),
                    }
                })
                .collect();
            let _ = writeln!(s, "{}", row.join(" "));
        }
        s
    }
}

/// Generates one unique puzzle.
///
/// # Errors
/// [`GenerateError::Params`] for dimensions outside
/// `MIN_KAKURO_DIM..=MAX_KAKURO_GEN_DIM`, [`GenerateError::TooFewUnique`] when no shape out
/// of 10,000 gives a unique puzzle, and solver failures.
pub fn generate_kakuro(params: &KakuroParams) -> Result<GeneratedKakuro, GenerateError> {
    generate_kakuro_until(params, &Stop::new())
}

/// [`generate_kakuro`] under `stop`: checked between repairs and inside every uniqueness
/// check (the SAT solver is given the stop).
///
/// # Errors
/// As [`generate_kakuro`], [`GenerateError::KakuroStopped`] (how many shapes, checks and
/// repairs were made) when `stop` ends the run, and [`GenerateError::KakuroAttempts`] when
/// no seed of [`KakuroParams::max_attempts`] gives the [`KakuroParams::difficulty`] asked.
pub fn generate_kakuro_until(
    params: &KakuroParams,
    stop: &Stop,
) -> Result<GeneratedKakuro, GenerateError> {
    let Some(level) = params.difficulty else {
        return generate_one(params, stop);
    };
    if !Scale::Runs.has(level) {
        return Err(GenerateError::Params(format!(
            "a Kakuro is graded singles, subsets, run-gac, sac or search, not {level}"
        )));
    }
    let attempts = params.max_attempts.max(1);
    for attempt in 0..attempts {
        let one = KakuroParams {
            seed: params.seed.wrapping_add(attempt),
            logic_solvable: level <= Level::Gac,
            difficulty: None,
            ..params.clone()
        };
        let mut g = generate_one(&one, stop)?;
        if g.puzzle.grade()?.level == Some(level) {
            g.attempts = attempt + 1;
            return Ok(g);
        }
    }
    Err(GenerateError::KakuroAttempts {
        rows: params.rows,
        cols: params.cols,
        level,
        first_seed: params.seed,
        attempts,
    })
}

/// One puzzle from `params.seed` (the difficulty is not looked at).
fn generate_one(params: &KakuroParams, stop: &Stop) -> Result<GeneratedKakuro, GenerateError> {
    let (rows, cols) = (params.rows, params.cols);
    let dims = MIN_KAKURO_DIM..=MAX_KAKURO_GEN_DIM;
    if !dims.contains(&rows) || !dims.contains(&cols) {
        return Err(GenerateError::Params(format!(
            "size {rows}x{cols} (rows and columns must be \
             {MIN_KAKURO_DIM}..={MAX_KAKURO_GEN_DIM}, the clue row and column included)"
        )));
    }
    let mut rng = SplitMix64::new(params.seed);
    let mut progress = Progress::default();
    while progress.shapes < MAX_SHAPES {
        progress = Progress {
            shapes: progress.shapes + 1,
            ..Progress::default()
        };
        let shape = Shape::random(rows, cols, &mut rng);
        // A shape whose largest group of white squares is small is drawn again (for a
        // while: thin grids such as 3×64 never have more).
        let inner = (rows - 1) * (cols - 1);
        let sparse = shape.white_count() * MIN_WHITE_DIVISOR < inner;
        if shape.white_count() == 0 || (sparse && progress.shapes <= PICKY_SHAPES) {
            continue;
        }
        let Some(mut digits) = random_filling(&shape, &mut rng) else {
            continue;
        };
        let index = RunIndex::new(&shape);
        index.tighten(
            &mut digits,
            TIGHTEN_ROUNDS_PER_SQUARE * shape.white_count(),
            &mut rng,
        );
        let mut state = State {
            initial_white: shape.white_count(),
            shape,
            digits,
            index,
        };
        if let Some(g) = state.make_unique(params, &mut rng, stop, &mut progress)? {
            return Ok(g);
        }
    }
    Err(GenerateError::TooFewUnique {
        found: 0,
        wanted: 1,
        attempts: progress.shapes,
    })
}

/// How far a run got.
#[derive(Debug, Default)]
struct Progress {
    shapes: u64,
    checks: u64,
    /// Repairs on this shape (digit changes and blackenings).
    repairs: usize,
    digit_changes: usize,
    blackened: usize,
}

impl Progress {
    fn stopped(&self, reason: StopReason) -> GenerateError {
        GenerateError::KakuroStopped {
            reason,
            shapes: self.shapes,
            checks: self.checks,
            repairs: self.repairs,
        }
    }
}

/// One shape and its filling, being made unique.
struct State {
    shape: Shape,
    digits: Vec<u8>,
    index: RunIndex,
    initial_white: usize,
}

impl State {
    /// Repairs until the puzzle is proven unique (`Some`), or gives the shape up (`None`)
    /// when repairs blackened more than half of its white squares.
    fn make_unique(
        &mut self,
        params: &KakuroParams,
        rng: &mut SplitMix64,
        stop: &Stop,
        progress: &mut Progress,
    ) -> Result<Option<GeneratedKakuro>, GenerateError> {
        let mut checker = Checker::new(&self.puzzle(), stop)?;
        loop {
            if let Some(reason) = stop.reason() {
                return Err(progress.stopped(reason));
            }
            if self.shape.white_count() * 2 < self.initial_white {
                return Ok(None);
            }
            let puzzle = self.puzzle();
            let mut open = if params.logic_solvable {
                open_squares(&puzzle, self.shape.cols)
            } else {
                Vec::new()
            };
            if params.logic_solvable && !open.is_empty() {
                shuffle(rng, &mut open);
                for &i in open.iter().take(1 + open.len() / 32) {
                    if self.shape.white[i] {
                        self.repair_at(i, rng, progress);
                    }
                }
                continue;
            }
            progress.checks += 1;
            let other = match checker.other_solution(&puzzle, &self.solution()) {
                Err(GenerateError::Engine(e)) if matches!(*e, EngineError::GaveUp { .. }) => {
                    let reason = stop.reason().unwrap_or(StopReason::Interrupted);
                    return Err(progress.stopped(reason));
                }
                other => other?,
            };
            let Some(other) = other else {
                return Ok(Some(GeneratedKakuro {
                    puzzle,
                    solution: self.solution(),
                    shapes: progress.shapes,
                    checks: progress.checks,
                    digit_changes: progress.digit_changes,
                    blackened: progress.blackened,
                    seed: params.seed,
                    attempts: 1,
                }));
            };
            let cols = self.shape.cols;
            let diff: Vec<usize> = (0..self.digits.len())
                .filter(|&i| self.shape.white[i] && *other.get(cell_of(i, cols)) != self.digits[i])
                .collect();
            let i = diff[rng.below(diff.len() as u64) as usize];
            self.repair_at(i, rng, progress);
        }
    }

    /// Changes the puzzle at white square `i`: mostly a new digit there (the one leaving
    /// its runs tightest, [`RunIndex::best_change`]), sometimes (always, late in the loop)
    /// a black square ([`Shape::blacken`]).
    fn repair_at(&mut self, i: usize, rng: &mut SplitMix64, progress: &mut Progress) {
        progress.repairs += 1;
        let late = progress.repairs > LATE_REPAIRS_PER_SQUARE * self.initial_white;
        if !late && rng.below(BLACKEN_ONE_IN) != 0 {
            if let Some((d, _)) = self.index.best_change(i, &mut self.digits, rng) {
                self.digits[i] = d;
                progress.digit_changes += 1;
                return;
            }
        }
        for j in self.shape.blacken(i, rng) {
            self.digits[j] = 0;
            progress.blackened += 1;
        }
        self.index = RunIndex::new(&self.shape);
    }

    /// The filling as a grid (0 on black squares).
    fn solution(&self) -> Grid<u8> {
        let rows: Vec<Vec<u8>> = self
            .digits
            .chunks(self.shape.cols)
            .map(<[u8]>::to_vec)
            .collect();
        Grid::from_rows(rows).expect("rectangular")
    }

    /// The puzzle of the current shape and filling.
    fn puzzle(&self) -> Kakuro {
        puzzle_of(&self.shape, &self.digits)
    }
}

/// One repair in this many blackens a square (the others change a digit).
const BLACKEN_ONE_IN: u64 = 64;

/// After this many repairs per white square of the shape, every repair blackens.
const LATE_REPAIRS_PER_SQUARE: usize = 8;

fn cell_of(i: usize, cols: usize) -> Cell {
    Cell::new((i / cols) as u8, (i % cols) as u8)
}

/// The Kakuro of a shape and its filling: each black square that starts a run clues it.
pub(crate) fn puzzle_of(shape: &Shape, digits: &[u8]) -> Kakuro {
    let (rows, cols) = (shape.rows, shape.cols);
    debug_assert!(rows <= MAX_DIM && cols <= MAX_DIM);
    let sum_from = |i: usize, step: usize| -> Option<u32> {
        let next = i + step;
        let same_line = if step == 1 {
            next % cols != 0
        } else {
            next < rows * cols
        };
        (same_line && shape.white[next]).then(|| {
            shape
                .run_through(next, step)
                .iter()
                .map(|&j| u32::from(digits[j]))
                .sum()
        })
    };
    let squares: Vec<Vec<Square>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let i = r * cols + c;
                    if shape.white[i] {
                        return Square::White;
                    }
                    match (sum_from(i, cols), sum_from(i, 1)) {
                        (None, None) => Square::Blocked,
                        (down, across) => Square::Clue { down, across },
                    }
                })
                .collect()
        })
        .collect();
    Kakuro::new(Grid::from_rows(squares).expect("rectangular")).expect("a valid generated Kakuro")
}

/// White squares (row-major indices in the full grid) that root propagation (arc
/// consistency on every run) leaves open; every white square on a conflict (impossible for
/// a puzzle built from a filling, since the deductions are sound).
fn open_squares(puzzle: &Kakuro, cols: usize) -> Vec<usize> {
    let Some(lowered) = Lowered::new(&puzzle.constraints()) else {
        return puzzle.white_cells().iter().map(|c| c.index(cols)).collect();
    };
    let model = ModelNetwork::new(&lowered, Rules::SOLVE);
    let mut doms = model.root(&lowered);
    let solved = LineSearch::new(model.net(), &model).propagate(&mut doms);
    puzzle
        .white_cells()
        .iter()
        .zip(&doms)
        .filter(|&(_, m)| !solved || m.count_ones() > 1)
        .map(|(c, _)| c.index(cols))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::verify;
    use crate::puzzle::Puzzle;

    #[test]
    fn small_puzzles_are_unique_and_reproducible() {
        for (rows, cols, seed) in [(3, 3, 1), (4, 6, 2), (8, 8, 3)] {
            let params = KakuroParams {
                seed,
                ..KakuroParams::new(rows, cols)
            };
            let g = generate_kakuro(&params).unwrap();
            verify(&Puzzle::Kakuro(g.puzzle.clone()), &g.solution).unwrap();
            assert_eq!(generate_kakuro(&params).unwrap(), g);
        }
    }

    #[test]
    fn bad_sizes_are_errors() {
        for (rows, cols) in [(2, 5), (5, 65)] {
            let e = generate_kakuro(&KakuroParams::new(rows, cols)).unwrap_err();
            assert!(matches!(e, GenerateError::Params(_)), "{e}");
        }
    }
}
