//! # Random CrossProduct puzzles
//!
//! A table of uniform random digits 1..=9 (drawn row-major from [`SplitMix64`] seeded with
//! the given seed) becomes the puzzle of its row and column products, as in Norvig's
//! notebook. Tables are drawn one after another from the same generator; `index` counts
//! them from 0, so `(seed, index)` identifies a puzzle. With `unique`, tables whose puzzle
//! has more than one solution are skipped.

use std::fmt::Write as _;

use crate::encode::EncodeOptions;
use crate::generate::{is_unique_until, GenerateError};
use crate::grid::Grid;
use crate::puzzle::crossproduct::{CrossProduct, DIGITS, MAX_DIM};
use crate::puzzle::Puzzle;
use crate::rng::SplitMix64;
use crate::stop::{Stop, StopReason};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossProductParams {
    /// Table rows.
    pub rows: usize,
    /// Table columns.
    pub cols: usize,
    /// Generator seed.
    pub seed: u64,
    /// Number of puzzles.
    pub count: usize,
    /// Keep only puzzles with exactly one solution.
    pub unique: bool,
    /// Largest number of tables to draw in total.
    pub max_attempts: u64,
}

impl Default for CrossProductParams {
    fn default() -> Self {
        CrossProductParams {
            rows: 5,
            cols: 3,
            seed: 0,
            count: 1,
            unique: false,
            max_attempts: 100_000,
        }
    }
}

/// One generated puzzle with the table it was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedCrossProduct {
    /// The puzzle.
    pub puzzle: CrossProduct,
    /// The generating table (a solution).
    pub table: Grid<u8>,
    /// Seed of the generator.
    pub seed: u64,
    /// Position of the table in the generator's sequence (0-based).
    pub index: u64,
    /// Whether uniqueness was checked (and holds).
    pub unique: bool,
}

impl GeneratedCrossProduct {
    /// A file name stem, e.g. `crossproduct_5x3_s42_7`.
    #[must_use]
    pub fn stem(&self) -> String {
        let (r, c) = self.puzzle.dims();
        format!("crossproduct_{r}x{c}_s{}_{}", self.seed, self.index)
    }

    /// The `.crossproduct` file text, with header comments naming the generator.
    #[must_use]
    pub fn file_text(&self) -> String {
        let (r, c) = self.puzzle.dims();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# generated: cagesat generate crossproduct (SplitMix64, digits 1..9 row-major)"
        );
        let _ = writeln!(
            s,
            "# params: rows={r} cols={c} seed={} index={}",
            self.seed, self.index
        );
        if self.unique {
            let _ = writeln!(s, "# solutions: 1");
        }
        s.push_str(&self.puzzle.to_string());
        s
    }

    /// The `.solution` file text: the generating table, one row per line.
    #[must_use]
    pub fn solution_text(&self) -> String {
        let mut s = String::new();
        for row in self.table.iter_rows() {
            let digits: Vec<String> = row.iter().map(u8::to_string).collect();
            let _ = writeln!(s, "{}", digits.join(" "));
        }
        s
    }
}

/// Draws one `rows`×`cols` table of digits 1..=9.
pub fn random_table(rng: &mut SplitMix64, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| rng.range(1, u64::from(DIGITS)) as u8)
                .collect()
        })
        .collect()
}

/// Generates `params.count` puzzles.
///
/// # Errors
/// [`GenerateError::Params`] for a size outside 1..=64 or a table whose products overflow
/// 64 bits; [`GenerateError::TooFewUnique`] when `unique` puzzles run out of attempts;
/// solver failures.
pub fn generate_crossproduct(
    params: &CrossProductParams,
    opts: &EncodeOptions,
) -> Result<Vec<GeneratedCrossProduct>, GenerateError> {
    let mut out = Vec::with_capacity(params.count);
    generate_crossproduct_until(params, opts, Stop::new, |g| out.push(g))?;
    Ok(out)
}

/// [`generate_crossproduct`] under a stop per puzzle (`new_stop` is called at the start
/// and after each puzzle made; the stop is checked between tables and inside each
/// uniqueness proof), handing each puzzle to `found` as soon as it is made, so a run that is
/// stopped keeps what it made.
///
/// # Errors
/// As [`generate_crossproduct`], and [`GenerateError::CrossProductStopped`] (how many
/// tables were drawn and puzzles made) when `stop` ends the run.
pub fn generate_crossproduct_until(
    params: &CrossProductParams,
    opts: &EncodeOptions,
    mut new_stop: impl FnMut() -> Stop,
    mut found: impl FnMut(GeneratedCrossProduct),
) -> Result<(), GenerateError> {
    let (rows, cols) = (params.rows, params.cols);
    if !(1..=MAX_DIM).contains(&rows) || !(1..=MAX_DIM).contains(&cols) {
        return Err(GenerateError::Params(format!(
            "size {rows}x{cols} (rows and columns must be 1..={MAX_DIM})"
        )));
    }
    let mut rng = SplitMix64::new(params.seed);
    let mut made = 0;
    let mut index = 0u64;
    let mut stop = new_stop();
    let stopped = |reason, made, index| GenerateError::CrossProductStopped {
        reason,
        found: made,
        wanted: params.count,
        attempts: index,
    };
    while made < params.count {
        if let Some(reason) = stop.reason() {
            return Err(stopped(reason, made, index));
        }
        if index >= params.max_attempts {
            return Err(GenerateError::TooFewUnique {
                found: made,
                wanted: params.count,
                attempts: index,
            });
        }
        let table = random_table(&mut rng, rows, cols);
        let puzzle = CrossProduct::from_table(&table).ok_or_else(|| {
            GenerateError::Params(format!("a {rows}x{cols} product overflows 64 bits"))
        })?;
        let this = index;
        index += 1;
        if params.unique {
            let p = Puzzle::CrossProduct(puzzle.clone());
            match is_unique_until(&p, opts, &stop)? {
                Some(true) => {}
                Some(false) => continue,
                None => {
                    let reason = stop.reason().unwrap_or(StopReason::Interrupted);
                    return Err(stopped(reason, made, this));
                }
            }
        }
        made += 1;
        stop = new_stop();
        found(GeneratedCrossProduct {
            puzzle,
            table: Grid::from_rows(table).expect("rectangular table"),
            seed: params.seed,
            index: this,
            unique: params.unique,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::is_unique;

    #[test]
    fn generation_is_reproducible_and_round_trips() {
        let params = CrossProductParams {
            rows: 4,
            cols: 3,
            seed: 9,
            count: 3,
            unique: true,
            ..CrossProductParams::default()
        };
        let a = generate_crossproduct(&params, &EncodeOptions::default()).unwrap();
        let b = generate_crossproduct(&params, &EncodeOptions::default()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        for g in &a {
            let parsed = crate::puzzle::Puzzle::parse(&g.file_text()).unwrap();
            assert_eq!(parsed, Puzzle::CrossProduct(g.puzzle.clone()));
            assert!(is_unique(&parsed, &EncodeOptions::default()).unwrap());
        }
    }

    #[test]
    fn bad_sizes_are_errors() {
        let params = CrossProductParams {
            rows: 0,
            ..CrossProductParams::default()
        };
        assert!(matches!(
            generate_crossproduct(&params, &EncodeOptions::default()),
            Err(GenerateError::Params(_))
        ));
    }
}
