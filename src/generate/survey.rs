//! # How often are random puzzles well-formed?
//!
//! For each table size, draws `samples` random CrossProduct puzzles (as
//! `crate::generate::crossproduct` does) and counts those with exactly one solution. The
//! rate comes with a 95% Wilson score interval. Each size has its own generator, seeded
//! with [`size_seed`], so adding a size does not change the others' samples.
//!
//! ## References
//! E. B. Wilson, *Probable Inference, the Law of Succession, and Statistical Inference*,
//! JASA 22 (1927); P. Norvig, *CrossProduct* (pytudes notebook, 2021).

use serde::Serialize;

use crate::encode::EncodeOptions;
use crate::generate::crossproduct::random_table;
use crate::generate::{is_unique, GenerateError};
use crate::puzzle::crossproduct::{CrossProduct, MAX_DIM};
use crate::puzzle::Puzzle;
use crate::rng::SplitMix64;

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// One size's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SurveyRow {
    /// Table rows.
    pub rows: usize,
    /// Table columns.
    pub cols: usize,
    /// Puzzles drawn.
    pub samples: usize,
    /// Puzzles with exactly one solution.
    pub unique: usize,
    /// `unique / samples`.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub low: f64,
    /// Upper end of the 95% Wilson interval.
    pub high: f64,
}

/// The Wilson score interval for `k` successes in `n` trials with normal quantile `z`;
/// `(0, 1)` when `n` is 0.
#[must_use]
pub fn wilson(k: usize, n: usize, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The generator seed used for one size: SplitMix64's first output for
/// `seed ⊕ (rows · 2^32 + cols)`.
#[must_use]
pub fn size_seed(seed: u64, rows: usize, cols: usize) -> u64 {
    SplitMix64::new(seed ^ ((rows as u64) << 32 | cols as u64)).next_u64()
}

/// Surveys every size in `sizes` (`(rows, cols)` pairs).
///
/// # Errors
/// [`GenerateError::Params`] for a size outside 1..=64 or with overflowing products;
/// solver failures.
pub fn survey_crossproduct(
    sizes: &[(usize, usize)],
    samples: usize,
    seed: u64,
    opts: &EncodeOptions,
) -> Result<Vec<SurveyRow>, GenerateError> {
    survey_crossproduct_with(sizes, samples, seed, opts, &mut || {})
}

/// As [`survey_crossproduct`], calling `on_sample` after every sample (for progress).
///
/// # Errors
/// As [`survey_crossproduct`].
pub fn survey_crossproduct_with(
    sizes: &[(usize, usize)],
    samples: usize,
    seed: u64,
    opts: &EncodeOptions,
    on_sample: &mut dyn FnMut(),
) -> Result<Vec<SurveyRow>, GenerateError> {
    sizes
        .iter()
        .map(|&(rows, cols)| {
            if !(1..=MAX_DIM).contains(&rows) || !(1..=MAX_DIM).contains(&cols) {
                return Err(GenerateError::Params(format!("size {rows}x{cols}")));
            }
            let mut rng = SplitMix64::new(size_seed(seed, rows, cols));
            let mut unique = 0;
            for _ in 0..samples {
                let table = random_table(&mut rng, rows, cols);
                let puzzle = CrossProduct::from_table(&table).ok_or_else(|| {
                    GenerateError::Params(format!("a {rows}x{cols} product overflows 64 bits"))
                })?;
                if is_unique(&Puzzle::CrossProduct(puzzle), opts)? {
                    unique += 1;
                }
                on_sample();
            }
            let (low, high) = wilson(unique, samples, Z95);
            let rate = if samples == 0 {
                0.0
            } else {
                unique as f64 / samples as f64
            };
            Ok(SurveyRow {
                rows,
                cols,
                samples,
                unique,
                rate,
                low,
                high,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 38 of 100: 95% Wilson interval ≈ [0.2910, 0.4779].
        let (lo, hi) = wilson(38, 100, Z95);
        assert!((lo - 0.2910).abs() < 1e-4, "{lo}");
        assert!((hi - 0.4779).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
        let (lo, _) = wilson(0, 50, Z95);
        assert!(lo.abs() < 1e-12, "{lo}");
    }

    #[test]
    fn survey_is_reproducible() {
        let opts = EncodeOptions::default();
        let a = survey_crossproduct(&[(2, 2), (3, 3)], 30, 5, &opts).unwrap();
        let b = survey_crossproduct(&[(3, 3)], 30, 5, &opts).unwrap();
        assert_eq!(a[1], b[0]);
        assert!(a.iter().all(|r| r.samples == 30 && r.unique <= 30));
        assert!(a.iter().all(|r| r.low <= r.rate && r.rate <= r.high));
    }
}
