//! # Generating Towers (Skyscrapers)
//!
//! Seeded and reproducible ([`SplitMix64`]). A random Latin square (`latin.rs`) is the
//! solution; every clue around it is computed and every height given. The givens are then
//! removed in random order while the puzzle stays unique, then the clues in random order:
//! so a puzzle keeps a given only where its clues cannot do the work, as in Simon Tatham's
//! Towers. Uniqueness is proven by `auto` at each step (`removal.rs`), and the final puzzle
//! again by varisat, which must find the same grid and no other. Every clue and given left
//! is needed: removing any one of them loses uniqueness.

use crate::generate::removal::{
    confirm, remove_group_while_unique, remove_while_unique, shuffled_indices, Checker,
};
use crate::generate::{latin_solution, GenerateError};
use crate::grid::Grid;
use crate::puzzle::{Puzzle, Side, Towers};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// The sides `generate towers` makes (those of Tatham's Towers).
pub const TOWERS_GEN_SIDES: std::ops::RangeInclusive<usize> = 3..=9;

/// How many towers are seen along `heights`, nearest first.
fn visible(heights: impl Iterator<Item = u8>) -> u8 {
    let mut tallest = 0;
    let mut seen = 0;
    for h in heights {
        if h > tallest {
            tallest = h;
            seen += 1;
        }
    }
    seen
}

/// The puzzle of `solution` (side `n`) showing the clues and givens marked in `kept`: the
/// 4N clues in the order of [`Side::ALL`], then the N² cells row-major.
fn build(n: usize, solution: &Grid<u8>, kept: &[bool]) -> Result<Towers, GenerateError> {
    let none = || vec![0; n];
    let blank = Towers::new(n, [none(), none(), none(), none()], vec![0; n * n]);
    let lines = blank.as_ref().map(|t| {
        Side::ALL
            .iter()
            .flat_map(|&side| (0..n).map(move |i| t.line(side, i)))
            .collect::<Vec<_>>()
    });
    let lines = lines.ok_or_else(|| GenerateError::Params(format!("towers size {n}")))?;
    let shown = |i: usize, v: u8| if kept[i] { v } else { 0 };
    let mut clues: [Vec<u8>; 4] = Default::default();
    for (k, line) in lines.iter().enumerate() {
        clues[k / n].push(shown(k, visible(line.iter().map(|&c| *solution.get(c)))));
    }
    let givens = solution
        .iter_rows()
        .flatten()
        .enumerate()
        .map(|(i, &v)| shown(4 * n + i, v))
        .collect();
    Towers::new(n, clues, givens).ok_or_else(|| GenerateError::Params(format!("towers size {n}")))
}

impl Towers {
    /// A unique Towers puzzle of side `size` ([`TOWERS_GEN_SIDES`]) from `seed`, with its
    /// solution; no clue or given can be removed without losing uniqueness.
    ///
    /// # Errors
    /// [`GenerateError::Params`] for other sides; [`GenerateError::Unconfirmed`] if the two
    /// engines disagree.
    pub fn generate(size: usize, seed: u64) -> Result<(Towers, Grid<u8>), GenerateError> {
        Self::generate_until(size, seed, &Stop::new())
    }

    /// [`Towers::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Towers::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        seed: u64,
        stop: &Stop,
    ) -> Result<(Towers, Grid<u8>), GenerateError> {
        let mut rng = SplitMix64::new(seed);
        let solution = latin_solution("towers", size, TOWERS_GEN_SIDES, &mut rng)?;
        let clues = 4 * size;
        let cells = size * size;
        // Givens first (all at once when the clues do without them), then clues, each in
        // random order.
        let givens: Vec<usize> = shuffled_indices(&mut rng, cells)
            .into_iter()
            .map(|i| clues + i)
            .collect();
        let order = shuffled_indices(&mut rng, clues);
        let mut checker = Checker::new(stop);
        let puzzle = |k: &[bool]| Ok(Puzzle::Towers(build(size, &solution, k)?));
        let kept = vec![true; clues + cells];
        let kept = remove_group_while_unique(kept, &givens, &mut checker, puzzle)?;
        let kept = remove_while_unique(kept, &order, &mut checker, puzzle)?;
        let towers = build(size, &solution, &kept)?;
        confirm(&Puzzle::Towers(towers.clone()), &solution, &checker)?;
        Ok((towers, solution))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visibility_counts_taller_towers_only() {
        assert_eq!(visible([1, 2, 3, 4].into_iter()), 4);
        assert_eq!(visible([4, 1, 2, 3].into_iter()), 1);
        assert_eq!(visible([2, 1, 4, 3].into_iter()), 2);
        assert_eq!(visible(std::iter::empty()), 0);
    }

    #[test]
    fn sides_out_of_range_are_errors() {
        for size in [0, 1, 2, 10] {
            assert!(matches!(
                Towers::generate(size, 1),
                Err(GenerateError::Params(_))
            ));
        }
    }
}
