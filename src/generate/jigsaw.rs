//! # Generating jigsaw Sudoku
//!
//! Seeded and reproducible ([`SplitMix64`]). The regions start as the boxes (as rows for a
//! side without boxes) and are reshaped by random moves that keep every region at N
//! connected cells: a cell `a` on the border of its region `A` joins a neighbouring region
//! `B`, and a cell of `B` that touches `A` goes the other way; a move that disconnects
//! either region is undone. Not every layout can be filled, so a layout is filled by the
//! solver (`auto`) from a random permutation in its first region, and a layout that no
//! permutation tried completes is drawn again. Then, as for every Sudoku, all cells start
//! given and lose givens in random order while the puzzle stays unique (`auto` at each step,
//! varisat on the final puzzle, `removal.rs`), so every given left is needed.

use crate::generate::latin::shuffle;
use crate::generate::removal::{confirm, remove_while_unique, shuffled_indices, Checker};
use crate::generate::{check_side, GenerateError, SudokuVariant};
use crate::grid::{Cell, Grid};
use crate::puzzle::sudoku::default_boxes;
use crate::puzzle::{Puzzle, Sudoku};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// The sides `generate sudoku --jigsaw` makes.
pub const JIGSAW_GEN_SIDES: std::ops::RangeInclusive<usize> = 4..=9;

/// Region layouts drawn before giving up, and fillings tried on each.
const LAYOUTS: usize = 64;
const FILLS: usize = 4;

/// The orthogonal neighbours of cell index `i` in an `n`×`n` grid.
fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether the cells of region `id` in `reg` (side `n`) are connected.
fn connected(reg: &[usize], n: usize, id: usize) -> bool {
    let Some(first) = reg.iter().position(|&r| r == id) else {
        return true;
    };
    let mut seen = vec![false; reg.len()];
    seen[first] = true;
    let mut todo = vec![first];
    let mut count = 1;
    while let Some(i) = todo.pop() {
        for j in neighbours(i, n) {
            if reg[j] == id && !seen[j] {
                seen[j] = true;
                count += 1;
                todo.push(j);
            }
        }
    }
    count == reg.iter().filter(|&&r| r == id).count()
}

/// A random layout of `n` connected regions of `n` cells each, as each cell's region.
fn random_regions(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let (br, bc) = default_boxes(n).unwrap_or((1, n));
    let mut reg: Vec<usize> = (0..n * n)
        .map(|i| (i / n / br) * (n / bc) + (i % n) / bc)
        .collect();
    let pick = |rng: &mut SplitMix64, len: usize| rng.below(len as u64) as usize;
    for _ in 0..64 * n * n {
        let a = pick(rng, n * n);
        let near: Vec<usize> = neighbours(a, n).filter(|&j| reg[j] != reg[a]).collect();
        if near.is_empty() {
            continue;
        }
        let (from, to) = (reg[a], reg[near[pick(rng, near.len())]]);
        reg[a] = to;
        let back: Vec<usize> = (0..n * n)
            .filter(|&c| c != a && reg[c] == to && neighbours(c, n).any(|j| reg[j] == from))
            .collect();
        if back.is_empty() {
            reg[a] = from;
            continue;
        }
        let c = back[pick(rng, back.len())];
        reg[c] = from;
        if !connected(&reg, n, from) || !connected(&reg, n, to) {
            reg[a] = from;
            reg[c] = to;
        }
    }
    reg
}

/// The jigsaw of side `n` with `regions` and `givens`, of `variant`.
fn jigsaw(
    n: usize,
    regions: &Grid<u8>,
    givens: &[(Cell, u8)],
    variant: SudokuVariant,
) -> Result<Sudoku, GenerateError> {
    let s = Sudoku::jigsaw(n, regions, givens)?;
    Ok(if variant.diagonals {
        s.with_diagonals()?
    } else {
        s
    })
}

/// `reg` (side `n`) as a grid of region numbers.
fn region_grid(reg: &[usize], n: usize) -> Result<Grid<u8>, GenerateError> {
    let rows = reg
        .chunks(n)
        .map(|row| row.iter().map(|&r| r as u8).collect())
        .collect();
    Grid::from_rows(rows).ok_or_else(|| GenerateError::Params(format!("jigsaw size {n}")))
}

/// A random layout and a solution of it, filled by `auto`.
fn filled_layout(
    rng: &mut SplitMix64,
    n: usize,
    variant: SudokuVariant,
    checker: &mut Checker<'_>,
) -> Result<(Grid<u8>, Grid<u8>), GenerateError> {
    for _ in 0..LAYOUTS {
        let reg = random_regions(rng, n);
        let regions = region_grid(&reg, n)?;
        let first: Vec<Cell> = (0..n * n)
            .filter(|&i| reg[i] == reg[0])
            .map(|i| Cell::new((i / n) as u8, (i % n) as u8))
            .collect();
        for _ in 0..FILLS {
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            shuffle(rng, &mut digits);
            let givens: Vec<(Cell, u8)> = first.iter().copied().zip(digits).collect();
            // A permutation on a diagonal of an X variant may repeat a digit there.
            let Ok(puzzle) = jigsaw(n, &regions, &givens, variant) else {
                continue;
            };
            if let Some(grid) = checker.solve(&Puzzle::Sudoku(puzzle))? {
                return Ok((regions, grid));
            }
        }
    }
    Err(GenerateError::Params(format!(
        "no fillable {n}x{n} jigsaw layout in {LAYOUTS} draws"
    )))
}

impl Sudoku {
    /// A unique jigsaw Sudoku of side `size` ([`JIGSAW_GEN_SIDES`]) from `seed`, of
    /// `variant` (X: both diagonals distinct too), with its solution: random connected
    /// regions of `size` cells, and givens of which none can be removed without losing
    /// uniqueness.
    ///
    /// # Errors
    /// [`GenerateError::Params`] for other sides, [`GenerateError::Unconfirmed`] if the two
    /// engines disagree, and [`GenerateError::SudokuStopped`] when `stop` ends the run.
    pub fn generate_jigsaw(
        size: usize,
        seed: u64,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        check_side("jigsaw", size, JIGSAW_GEN_SIDES)?;
        let mut rng = SplitMix64::new(seed);
        let mut checker = Checker::new(stop);
        let (regions, solution) = filled_layout(&mut rng, size, variant, &mut checker)?;
        let cells: Vec<Cell> = (0..size * size)
            .map(|i| Cell::new((i / size) as u8, (i % size) as u8))
            .collect();
        let givens = |kept: &[bool]| -> Vec<(Cell, u8)> {
            cells
                .iter()
                .zip(kept)
                .filter(|(_, &k)| k)
                .map(|(&c, _)| (c, *solution.get(c)))
                .collect()
        };
        let order = shuffled_indices(&mut rng, cells.len());
        let kept = remove_while_unique(vec![true; cells.len()], &order, &mut checker, |k| {
            Ok(Puzzle::Sudoku(jigsaw(size, &regions, &givens(k), variant)?))
        })?;
        let sudoku = jigsaw(size, &regions, &givens(&kept), variant)?;
        confirm(&Puzzle::Sudoku(sudoku.clone()), &solution, &checker)?;
        Ok((sudoku, solution))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_have_n_connected_regions_of_n_cells() {
        for n in [4, 5, 6, 7, 9] {
            for seed in 0..5 {
                let reg = random_regions(&mut SplitMix64::new(seed), n);
                for id in 0..n {
                    assert_eq!(reg.iter().filter(|&&r| r == id).count(), n);
                    assert!(connected(&reg, n, id));
                }
            }
        }
        // Reshaped: not the boxes any more.
        let boxes = random_regions(&mut SplitMix64::new(1), 9);
        assert_ne!(
            boxes,
            (0..81)
                .map(|i| (i / 27) * 3 + (i % 9) / 3)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn disconnected_regions_are_seen() {
        assert!(!connected(&[0, 1, 1, 0], 2, 0));
        assert!(connected(&[0, 0, 1, 1], 2, 0));
    }
}
