//! # Generating Unequal (Futoshiki), and its adjacent mode
//!
//! Seeded and reproducible ([`SplitMix64`]). A random Latin square (`latin.rs`) is the
//! solution, with every digit given and every mark it implies shown: a sign between each
//! pair of neighbours, or in the adjacent mode a bar between each pair that differs by 1.
//! Then, while the puzzle stays unique (`auto` at each step, varisat on the final puzzle,
//! `removal.rs`):
//!
//! - comparison mode: the givens are removed in random order, then the signs;
//! - adjacent mode: only givens are removed. A pair without a bar says its digits do *not*
//!   differ by 1, so every bar and every gap carries information and removing a bar would
//!   change the puzzle, not hide a clue; Simon Tatham's Unequal keeps every mark in this
//!   mode too (`unequal.c`, `gg_remove_clue`: "never remove clues in adjacent mode"). The marks alone never suffice
//!   (`d ↦ N+1−d` keeps every difference), so at least one given stays.
//!
//! Every clue left is needed: removing any one of them loses uniqueness.

use crate::generate::removal::{
    confirm, remove_group_while_unique, remove_while_unique, shuffled_indices, Checker,
};
use crate::generate::{latin_solution, GenerateError};
use crate::grid::Grid;
use crate::puzzle::{Mark, Puzzle, Unequal};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// The sides `generate unequal` makes (those of Tatham's Unequal).
pub const UNEQUAL_GEN_SIDES: std::ops::RangeInclusive<usize> = 3..=9;

/// The mark between digits `a` and `b` (`b` right of or below `a`), in the mode asked.
fn mark(a: u8, b: u8, adjacent: bool) -> Mark {
    if adjacent {
        if a.abs_diff(b) == 1 {
            Mark::Bar
        } else {
            Mark::None
        }
    } else if a < b {
        Mark::Less
    } else {
        Mark::Greater
    }
}

/// The puzzle of `solution` (side `n`) showing the clues marked in `kept`: the N² givens,
/// then the N² marks toward the right, then the N² marks downwards, each row-major (a mark
/// off the grid is never shown).
fn build(
    n: usize,
    adjacent: bool,
    solution: &Grid<u8>,
    kept: &[bool],
) -> Result<Unequal, GenerateError> {
    let digits: Vec<u8> = solution.iter_rows().flatten().copied().collect();
    let a = n * n;
    let shown = |k: usize, m: Mark| if kept[k] { m } else { Mark::None };
    let givens = (0..a)
        .map(|i| if kept[i] { digits[i] } else { 0 })
        .collect();
    let right = (0..a)
        .map(|i| match i % n + 1 < n {
            true => shown(a + i, mark(digits[i], digits[i + 1], adjacent)),
            false => Mark::None,
        })
        .collect();
    let down = (0..a)
        .map(|i| match i + n < a {
            true => shown(2 * a + i, mark(digits[i], digits[i + n], adjacent)),
            false => Mark::None,
        })
        .collect();
    Unequal::new(n, adjacent, givens, right, down)
        .ok_or_else(|| GenerateError::Params(format!("unequal size {n}")))
}

impl Unequal {
    /// A unique Unequal puzzle of side `size` ([`UNEQUAL_GEN_SIDES`]) from `seed`, in the
    /// adjacent mode or not, with its solution; no clue can be removed without losing
    /// uniqueness (in the adjacent mode: no given).
    ///
    /// # Errors
    /// [`GenerateError::Params`] for other sides; [`GenerateError::Unconfirmed`] if the two
    /// engines disagree.
    pub fn generate(
        size: usize,
        adjacent: bool,
        seed: u64,
    ) -> Result<(Unequal, Grid<u8>), GenerateError> {
        Self::generate_until(size, adjacent, seed, &Stop::new())
    }

    /// [`Unequal::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Unequal::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        adjacent: bool,
        seed: u64,
        stop: &Stop,
    ) -> Result<(Unequal, Grid<u8>), GenerateError> {
        let mut rng = SplitMix64::new(seed);
        let solution = latin_solution("unequal", size, UNEQUAL_GEN_SIDES, &mut rng)?;
        let a = size * size;
        let givens = shuffled_indices(&mut rng, a);
        let mut checker = Checker::new(stop);
        let puzzle = |k: &[bool]| Ok(Puzzle::Unequal(build(size, adjacent, &solution, k)?));
        let kept = vec![true; 3 * a];
        let kept = if adjacent {
            // The marks alone never suffice: no group removal.
            remove_while_unique(kept, &givens, &mut checker, puzzle)?
        } else {
            let signs: Vec<usize> = shuffled_indices(&mut rng, 2 * a)
                .into_iter()
                .map(|k| a + k)
                .collect();
            let kept = remove_group_while_unique(kept, &givens, &mut checker, puzzle)?;
            remove_while_unique(kept, &signs, &mut checker, puzzle)?
        };
        let unequal = build(size, adjacent, &solution, &kept)?;
        confirm(&Puzzle::Unequal(unequal.clone()), &solution, &checker)?;
        Ok((unequal, solution))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_digits_and_the_mode() {
        assert_eq!(mark(1, 3, false), Mark::Less);
        assert_eq!(mark(3, 1, false), Mark::Greater);
        assert_eq!(mark(2, 3, true), Mark::Bar);
        assert_eq!(mark(4, 3, true), Mark::Bar);
        assert_eq!(mark(1, 3, true), Mark::None);
    }

    #[test]
    fn sides_out_of_range_are_errors() {
        for size in [0, 2, 10] {
            assert!(matches!(
                Unequal::generate(size, false, 1),
                Err(GenerateError::Params(_))
            ));
        }
    }
}
