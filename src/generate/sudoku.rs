//! # Generating Sudoku and Killer Sudoku
//!
//! Seeded and reproducible ([`SplitMix64`]). A solution grid is a shuffled pattern grid
//! (bands, rows within bands, stacks, columns within stacks and digits permuted). A Sudoku
//! then loses its givens in random order while it stays unique, so every given left is
//! needed; a Killer Sudoku is cut into random connected cages of distinct digits (at most
//! `max_cage` cells) and gets givens in random order until it is unique. Uniqueness is
//! proven by the native engine, and every puzzle's solution passes the verifier.

use crate::answer::Outcome;
use crate::engine::{Engine, EngineOptions};
use crate::grid::{Cell, Grid};
use crate::puzzle::sudoku::default_boxes;
use crate::puzzle::{Killer, KillerCage, Puzzle, Sudoku, SudokuError};
use crate::rng::SplitMix64;

/// Whether `puzzle` has exactly one solution (the native engine's proof).
fn unique(puzzle: &Puzzle) -> bool {
    matches!(
        Engine::Native.prove_unique(puzzle, &EngineOptions::default()),
        Ok((
            Outcome::Solved {
                unique: Some(true),
                ..
            },
            _
        ))
    )
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

impl Sudoku {
    /// A unique Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution;
    /// no given can be removed without losing uniqueness.
    ///
    /// # Errors
    /// [`SudokuError::Size`] for other sides.
    pub fn generate(size: usize, seed: u64) -> Result<(Sudoku, Grid<u8>), SudokuError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        let mut rng = SplitMix64::new(seed);
        let solution = full_grid(&mut rng, size, boxes);
        let all = Sudoku::new(size, boxes, &[])?.cells();
        let mut kept = all.clone();
        for cell in shuffled(&mut rng, all) {
            let without: Vec<Cell> = kept.iter().copied().filter(|&c| c != cell).collect();
            let s = Sudoku::new(size, boxes, &givens_at(&solution, &without))?;
            if unique(&Puzzle::Sudoku(s)) {
                kept = without;
            }
        }
        Ok((
            Sudoku::new(size, boxes, &givens_at(&solution, &kept))?,
            solution,
        ))
    }
}

impl Killer {
    /// A unique Killer Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution:
    /// random connected cages of 1..=`max_cage` cells with distinct digits, and as few
    /// givens as the random order needs for uniqueness.
    ///
    /// # Errors
    /// [`SudokuError::Size`] for sides without standard boxes.
    pub fn generate(
        size: usize,
        seed: u64,
        max_cage: usize,
    ) -> Result<(Killer, Grid<u8>), SudokuError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        let mut rng = SplitMix64::new(seed);
        let solution = full_grid(&mut rng, size, boxes);
        let cells = Sudoku::new(size, boxes, &[])?.cells();
        let mut free = Grid::filled(size, size, true);
        let mut cages = Vec::new();
        for start in shuffled(&mut rng, cells.clone()) {
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
        let mut order = shuffled(&mut rng, cells);
        let mut given = Vec::new();
        loop {
            let s = Sudoku::new(size, boxes, &givens_at(&solution, &given))?;
            let k = Killer::new(s, cages.clone())?;
            if unique(&Puzzle::Killer(k.clone())) {
                return Ok((k, solution));
            }
            let Some(c) = order.pop() else {
                return Ok((k, solution)); // every cell given: unique by then
            };
            given.push(c);
        }
    }
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
    use crate::parse::sudoku::{parse_killer, parse_sudoku};

    #[test]
    fn generated_puzzles_are_unique_minimal_and_round_trip() {
        for size in [4, 6, 9] {
            let (s, solution) = Sudoku::generate(size, 7).unwrap();
            assert_eq!(parse_sudoku(&s.to_text()).unwrap(), s);
            assert!(unique(&Puzzle::Sudoku(s.clone())));
            assert!(crate::kind::verify(&Puzzle::Sudoku(s.clone()), &solution).is_ok());
            // Minimal: dropping any given loses uniqueness.
            let givens = s.given_cells();
            let (c0, _) = givens[0];
            let fewer: Vec<_> = givens.iter().copied().filter(|&(c, _)| c != c0).collect();
            let t = Sudoku::new(size, s.boxes(), &fewer).unwrap();
            assert!(!unique(&Puzzle::Sudoku(t)));
            let (k, solution) = Killer::generate(size, 7, 4).unwrap();
            assert_eq!(parse_killer(&k.to_text()).unwrap(), k);
            assert!(unique(&Puzzle::Killer(k.clone())));
            assert!(crate::kind::verify(&Puzzle::Killer(k), &solution).is_ok());
        }
        assert_eq!(
            Sudoku::generate(9, 3).unwrap(),
            Sudoku::generate(9, 3).unwrap()
        );
        assert!(Killer::generate(10, 1, 4).is_err());
        assert!(Sudoku::generate(5, 1).is_err());
    }
}
