//! # Generating Sudoku and Killer Sudoku
//!
//! Seeded and reproducible ([`SplitMix64`]). A solution grid is a shuffled pattern grid
//! (bands, rows within bands, stacks, columns within stacks and digits permuted); an X
//! variant's (both diagonals distinct, [`SudokuVariant::diagonals`]) is `auto`'s
//! first solution from a random permutation on the main diagonal, its digits permuted. A Killer
//! Sudoku is then cut into random connected cages of distinct digits (at most `max_cage`
//! cells). Both start with every cell given and lose givens in random order while they stay
//! unique, so every given left is needed. Uniqueness is proven by `auto` (the native engine,
//! handing over to CDCL past its backtrack budget), and every puzzle's solution passes the
//! verifier.
//!
//! Removing givens, rather than adding them until the puzzle is unique, keeps every
//! uniqueness check on a puzzle at most one given short of a unique one. Checks on puzzles
//! with few givens and many solutions are what a depth-first search can lose itself in: a
//! 16×16 Killer with cages of up to six cells and no givens ran for minutes (session 12).

use crate::answer::Outcome;
use crate::engine::{Engine, EngineOptions};
use crate::generate::GenerateError;
use crate::grid::{Cell, Grid};
use crate::puzzle::sudoku::default_boxes;
use crate::puzzle::{Killer, KillerCage, Puzzle, Sudoku, SudokuError};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// Uniqueness checks under one stop, counted for the report of a stopped run.
struct Checker<'a> {
    stop: &'a Stop,
    checks: u64,
}

impl Checker<'_> {
    /// Whether `puzzle` has exactly one solution: [`Engine::Auto`]'s proof, which is the
    /// native engine's unless its search runs past its backtrack budget (CDCL's then).
    ///
    /// # Errors
    /// [`GenerateError::SudokuStopped`] when the stop came before the proof.
    fn unique(&mut self, puzzle: &Puzzle) -> Result<bool, GenerateError> {
        let opts = EngineOptions {
            stop: self.stop.clone(),
            ..EngineOptions::default()
        };
        let answer = Engine::Auto.prove_unique(puzzle, &opts);
        if let Some(reason) = self.stop.reason() {
            return Err(GenerateError::SudokuStopped {
                reason,
                checks: self.checks,
            });
        }
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
}

/// The givens of `solution` left after trying to remove each of `cells`, in random order,
/// from `puzzle(givens)` while it stays unique.
///
/// # Errors
/// Invalid puzzles, and stops.
fn minimal_givens(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: Vec<Cell>,
    checker: &mut Checker<'_>,
    puzzle: impl Fn(&[(Cell, u8)]) -> Result<Puzzle, SudokuError>,
) -> Result<Vec<(Cell, u8)>, GenerateError> {
    let mut kept = cells.clone();
    for cell in shuffled(rng, cells) {
        let without: Vec<Cell> = kept.iter().copied().filter(|&c| c != cell).collect();
        if checker.unique(&puzzle(&givens_at(solution, &without))?)? {
            kept = without;
        }
    }
    Ok(givens_at(solution, &kept))
}

/// `items` in a random order.
fn shuffled<T>(rng: &mut SplitMix64, mut items: Vec<T>) -> Vec<T> {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
    items
}

/// A random full grid of side `n` with boxes `br`×`bc`.
fn full_grid(rng: &mut SplitMix64, n: usize, (br, bc): (usize, usize)) -> Grid<u8> {
    let order = |rng: &mut SplitMix64, groups: usize, size: usize| -> Vec<usize> {
        let outer = shuffled(rng, (0..groups).collect());
        outer
            .into_iter()
            .flat_map(|g| {
                let inner = shuffled(rng, (0..size).collect());
                inner.into_iter().map(move |i| g * size + i)
            })
            .collect()
    };
    let rows = order(rng, n / br, br);
    let cols = order(rng, n / bc, bc);
    let digits = shuffled(rng, (1..=n as u8).collect());
    let rows = rows
        .iter()
        .map(|&r| {
            cols.iter()
                .map(|&c| digits[(bc * (r % br) + r / br + c) % n])
                .collect()
        })
        .collect();
    Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(n, n, 1))
}

/// The givens of `grid` at `cells`.
fn givens_at(grid: &Grid<u8>, cells: &[Cell]) -> Vec<(Cell, u8)> {
    cells.iter().map(|&c| (c, *grid.get(c))).collect()
}

/// What a generated Sudoku or Killer Sudoku has beyond its side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SudokuVariant {
    /// Both long diagonals hold distinct digits (Sudoku X, Killer X).
    pub diagonals: bool,
}

impl SudokuVariant {
    /// The X variant: both long diagonals distinct.
    #[must_use]
    pub fn diagonals() -> Self {
        SudokuVariant { diagonals: true }
    }

    /// The empty grid of this variant.
    fn empty(self, size: usize, boxes: (usize, usize)) -> Result<Sudoku, SudokuError> {
        self.grid(size, boxes, &[])
    }

    /// The grid of this variant with `givens`.
    fn grid(
        self,
        size: usize,
        boxes: (usize, usize),
        givens: &[(Cell, u8)],
    ) -> Result<Sudoku, SudokuError> {
        let s = Sudoku::new(size, boxes, givens)?;
        if self.diagonals {
            s.with_diagonals()
        } else {
            Ok(s)
        }
    }

    /// A random full grid of this variant.
    fn solution(
        self,
        rng: &mut SplitMix64,
        size: usize,
        boxes: (usize, usize),
        stop: &Stop,
    ) -> Result<Grid<u8>, GenerateError> {
        if !self.diagonals {
            return Ok(full_grid(rng, size, boxes));
        }
        let opts = EngineOptions {
            stop: stop.clone(),
            ..EngineOptions::default()
        };
        // A permutation on the main diagonal leaves an X grid open but seldom blocks it
        // (4x4: some do); a few tries find one that completes.
        for _ in 0..64 {
            let digits = shuffled(rng, (1..=size as u8).collect());
            let givens: Vec<(Cell, u8)> = (0..size)
                .map(|i| (Cell::new(i as u8, i as u8), digits[i]))
                .collect();
            let puzzle = Puzzle::Sudoku(self.grid(size, boxes, &givens)?);
            let (outcome, _) = Engine::Auto.solve(&puzzle, &opts)?;
            if let Some(reason) = stop.reason() {
                return Err(GenerateError::SudokuStopped { reason, checks: 0 });
            }
            if let Outcome::Solved { grid, .. } = outcome {
                let relabel = shuffled(rng, (1..=size as u8).collect());
                let rows = grid
                    .iter_rows()
                    .map(|row| row.iter().map(|&d| relabel[usize::from(d) - 1]).collect())
                    .collect();
                return Ok(Grid::from_rows(rows).unwrap_or(grid));
            }
        }
        Err(GenerateError::Sudoku(SudokuError::Size { size }))
    }
}

impl Sudoku {
    /// A unique Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution;
    /// no given can be removed without losing uniqueness.
    ///
    /// # Errors
    /// [`GenerateError::Sudoku`] ([`SudokuError::Size`]) for other sides.
    pub fn generate(size: usize, seed: u64) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        Self::generate_until(size, seed, &Stop::new())
    }

    /// [`Sudoku::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Sudoku::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        seed: u64,
        stop: &Stop,
    ) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        Self::generate_variant(size, seed, SudokuVariant::default(), stop)
    }

    /// [`Sudoku::generate_until`] of a variant (Sudoku X: [`SudokuVariant::diagonals`]).
    ///
    /// # Errors
    /// As [`Sudoku::generate_until`].
    pub fn generate_variant(
        size: usize,
        seed: u64,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        let mut rng = SplitMix64::new(seed);
        let solution = variant.solution(&mut rng, size, boxes, stop)?;
        let cells = variant.empty(size, boxes)?.cells();
        let mut checker = Checker { stop, checks: 0 };
        let givens = minimal_givens(&mut rng, &solution, cells, &mut checker, |givens| {
            Ok(Puzzle::Sudoku(variant.grid(size, boxes, givens)?))
        })?;
        Ok((variant.grid(size, boxes, &givens)?, solution))
    }
}

impl Killer {
    /// A unique Killer Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution:
    /// random connected cages of 1..=`max_cage` cells with distinct digits, and givens of
    /// which none can be removed without losing uniqueness (often none at all).
    ///
    /// # Errors
    /// [`GenerateError::Sudoku`] for sides without standard boxes.
    pub fn generate(
        size: usize,
        seed: u64,
        max_cage: usize,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        Self::generate_until(size, seed, max_cage, &Stop::new())
    }

    /// [`Killer::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Killer::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        seed: u64,
        max_cage: usize,
        stop: &Stop,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        Self::generate_variant(size, seed, max_cage, SudokuVariant::default(), stop)
    }

    /// [`Killer::generate_until`] of a variant (Killer X: [`SudokuVariant::diagonals`]).
    ///
    /// # Errors
    /// As [`Killer::generate_until`].
    pub fn generate_variant(
        size: usize,
        seed: u64,
        max_cage: usize,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        let mut rng = SplitMix64::new(seed);
        let solution = variant.solution(&mut rng, size, boxes, stop)?;
        let cells = variant.empty(size, boxes)?.cells();
        let cages = cages(&mut rng, &solution, &cells, max_cage);
        let killer =
            |givens: &[(Cell, u8)]| Killer::new(variant.grid(size, boxes, givens)?, cages.clone());
        let mut checker = Checker { stop, checks: 0 };
        let givens = minimal_givens(&mut rng, &solution, cells, &mut checker, |givens| {
            Ok(Puzzle::Killer(killer(givens)?))
        })?;
        Ok((killer(&givens)?, solution))
    }
}

/// Random connected cages of 1..=`max_cage` cells covering `cells`, each with distinct
/// digits of `solution` and their sum.
fn cages(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: &[Cell],
    max_cage: usize,
) -> Vec<KillerCage> {
    let size = solution.rows();
    let mut free = Grid::filled(size, size, true);
    let mut cages = Vec::new();
    for start in shuffled(rng, cells.to_vec()) {
        if !*free.get(start) {
            continue;
        }
        let want = 1 + rng.below(max_cage.max(1) as u64) as usize;
        let mut cage = vec![start];
        free.set(start, false);
        while cage.len() < want {
            let used: Vec<u8> = cage.iter().map(|&c| *solution.get(c)).collect();
            let mut next: Vec<Cell> = cage
                .iter()
                .flat_map(|&c| neighbours(c, size))
                .filter(|&c| *free.get(c) && !used.contains(solution.get(c)))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let c = next[rng.below(next.len() as u64) as usize];
            free.set(c, false);
            cage.push(c);
        }
        cage.sort_unstable();
        let sum = cage.iter().map(|&c| u32::from(*solution.get(c))).sum();
        cages.push(KillerCage { sum, cells: cage });
    }
    cages
}

/// The orthogonal neighbours of `c` in an `n`×`n` grid.
fn neighbours(c: Cell, n: usize) -> Vec<Cell> {
    let (r, col) = (usize::from(c.row), usize::from(c.col));
    let mut out = Vec::new();
    if r > 0 {
        out.push(Cell::new(c.row - 1, c.col));
    }
    if r + 1 < n {
        out.push(Cell::new(c.row + 1, c.col));
    }
    if col > 0 {
        out.push(Cell::new(c.row, c.col - 1));
    }
    if col + 1 < n {
        out.push(Cell::new(c.row, c.col + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::killer::parse_killer;
    use crate::parse::sudoku::parse_sudoku;

    fn unique(puzzle: &Puzzle) -> bool {
        let stop = Stop::new();
        Checker {
            stop: &stop,
            checks: 0,
        }
        .unique(puzzle)
        .unwrap()
    }

    /// `puzzle` without its first given is not unique (and it had one to lose), or it has
    /// no given at all.
    fn minimal(givens: &[(Cell, u8)], without: impl Fn(&[(Cell, u8)]) -> Puzzle) -> bool {
        givens.iter().all(|&(c0, _)| {
            let fewer: Vec<_> = givens.iter().copied().filter(|&(c, _)| c != c0).collect();
            !unique(&without(&fewer))
        })
    }

    #[test]
    fn generated_puzzles_are_unique_minimal_and_round_trip() {
        for size in [4, 6, 9] {
            let (s, solution) = Sudoku::generate(size, 7).unwrap();
            assert_eq!(parse_sudoku(&s.to_text()).unwrap(), s);
            assert!(unique(&Puzzle::Sudoku(s.clone())));
            assert!(crate::kind::verify(&Puzzle::Sudoku(s.clone()), &solution).is_ok());
            // Minimal: dropping any given loses uniqueness.
            assert!(minimal(&s.given_cells(), |g| Puzzle::Sudoku(
                Sudoku::new(size, s.boxes(), g).unwrap()
            )));
            for max_cage in [1, 4, 9] {
                let (k, solution) = Killer::generate(size, 7, max_cage).unwrap();
                assert_eq!(parse_killer(&k.to_text()).unwrap(), k);
                assert!(unique(&Puzzle::Killer(k.clone())));
                assert!(crate::kind::verify(&Puzzle::Killer(k.clone()), &solution).is_ok());
                assert!(k.cages().iter().all(|c| c.cells.len() <= max_cage));
                let givens = k.sudoku().given_cells();
                assert!(minimal(&givens, |g| Puzzle::Killer(
                    Killer::new(
                        Sudoku::new(size, k.sudoku().boxes(), g).unwrap(),
                        k.cages().to_vec()
                    )
                    .unwrap()
                )));
            }
        }
        assert_eq!(
            Sudoku::generate(9, 3).unwrap(),
            Sudoku::generate(9, 3).unwrap()
        );
        assert_eq!(
            Killer::generate(9, 3, 5).unwrap(),
            Killer::generate(9, 3, 5).unwrap()
        );
        assert!(matches!(
            Killer::generate(10, 1, 4),
            Err(GenerateError::Sudoku(SudokuError::Size { size: 10 }))
        ));
        assert!(Sudoku::generate(5, 1).is_err());
    }

    #[test]
    fn x_variants_are_unique_with_their_diagonals_and_verified() {
        let stop = Stop::new();
        let x = SudokuVariant::diagonals();
        for size in [4, 6, 9] {
            let (s, solution) = Sudoku::generate_variant(size, 11, x, &stop).unwrap();
            assert!(s.diagonals());
            assert_eq!(parse_sudoku(&s.to_text()).unwrap(), s);
            assert!(unique(&Puzzle::Sudoku(s.clone())));
            assert!(crate::kind::verify(&Puzzle::Sudoku(s.clone()), &solution).is_ok());
            let (k, solution) = Killer::generate_variant(size, 11, 4, x, &stop).unwrap();
            assert!(k.sudoku().diagonals());
            assert_eq!(parse_killer(&k.to_text()).unwrap(), k);
            assert!(unique(&Puzzle::Killer(k.clone())));
            assert!(crate::kind::verify(&Puzzle::Killer(k), &solution).is_ok());
        }
    }

    #[test]
    fn a_stop_ends_generation_with_the_checks_made() {
        let stop = Stop::new();
        stop.request();
        for killer in [false, true] {
            let made = if killer {
                Killer::generate_until(16, 1, 6, &stop).map(|_| ())
            } else {
                Sudoku::generate_until(16, 1, &stop).map(|_| ())
            };
            assert!(matches!(
                made,
                Err(GenerateError::SudokuStopped {
                    reason: crate::stop::StopReason::Interrupted,
                    checks: 0
                })
            ));
        }
    }
}
