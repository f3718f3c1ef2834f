//! # The SAT path
//!
//! Encode the puzzle ([`crate::encode`]), load the CNF into a [`Backend`], and find grids one
//! after another: each model is decoded through the one-hot map and blocked with a clause
//! over its chosen x(cell, digit) literals only (never auxiliary variables), so the
//! enumeration counts distinct grids. Verification happens once, in the engine layer above.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::answer::SatResult;
use crate::backend::Backend;
use crate::cnf::{EncodeStats, Lit, OneHot};
use crate::encode::{encode, EncodeOptions};
use crate::engine::EngineError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::stop::Stop;

/// Sizes and times of one SAT run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SatStats {
    /// CNF size.
    pub cnf: EncodeStats,
    /// Time spent encoding.
    pub encode_time: Duration,
    /// Time spent in the solver (all calls).
    pub solve_time: Duration,
}

/// The clause that excludes `grid`: the negation of its chosen x(cell, digit) literals.
pub(crate) fn blocking_clause(map: &OneHot, grid: &Grid<u8>) -> Vec<Lit> {
    map.chosen(grid).into_iter().map(|l| !l).collect()
}

/// Encodes `puzzle` and enumerates its grids with `backend`, handing each to `visit` until
/// it breaks, `stop` is requested, or no grid is left (then `complete` is true).
///
/// # Errors
/// Encoding limits, backend failures, "gave up" answers and models that are not grids.
pub(crate) fn enumerate<B: Backend>(
    puzzle: &Puzzle,
    mut backend: B,
    opts: &EncodeOptions,
    stop: &Stop,
    visit: &mut dyn FnMut(Grid<u8>) -> ControlFlow<()>,
) -> Result<(bool, SatStats), EngineError> {
    let t0 = Instant::now();
    let enc = encode(puzzle, opts)?;
    let mut stats = SatStats {
        cnf: enc.stats(),
        encode_time: t0.elapsed(),
        solve_time: Duration::ZERO,
    };
    let t1 = Instant::now();
    backend.add_formula(&enc.formula);
    let backend_error = |b: &B, source| EngineError::Backend {
        solver: b.name().to_string(),
        source,
    };
    let complete = loop {
        match backend.solve().map_err(|e| backend_error(&backend, e))? {
            SatResult::Sat(model) => {
                let grid = enc.map.decode(&model)?;
                backend.add_clause(&blocking_clause(&enc.map, &grid));
                if visit(grid).is_break() {
                    break false;
                }
            }
            SatResult::Unsat => break true,
            SatResult::Unknown if stop.is_requested() => break false,
            SatResult::Unknown => {
                return Err(EngineError::GaveUp {
                    engine: backend.name().to_string(),
                })
            }
        }
    };
    stats.solve_time = t1.elapsed();
    Ok((complete, stats))
}
