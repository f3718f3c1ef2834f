//! # The SAT solve loop
//!
//! Every place that asks a CDCL solver for grids (the SAT engine's cubes, a session's
//! shared Latin square, both generators' uniqueness checkers) runs this one loop: solve
//! under the assumptions, decode the model into a grid through the one-hot map, let the
//! caller block it, hand it to the caller's visitor (which verifies, counts, or keeps it),
//! and repeat until no grid is left, the visitor breaks, or the solver gives up. The
//! blocking step and the visitor are generic, so the loop costs no dynamic dispatch beyond
//! the solver call itself.

use std::ops::ControlFlow;

use crate::answer::SatResult;
use crate::backend::Backend;
use crate::cnf::{Lit, OneHot};
use crate::engine::EngineError;
use crate::grid::Grid;
use crate::stop::Stop;

/// How a [`find_grids`] loop ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum LoopEnd<B> {
    /// No grid is left under the assumptions (the solver answered UNSAT).
    Exhausted,
    /// The visitor broke with this value.
    Broke(B),
    /// The solver gave up because `stop` was requested.
    Stopped,
}

/// Asks `backend` for grids under `assumptions` until none is left: each model is decoded
/// through `map`, handed to `block` (which adds whatever clause excludes it, or nothing)
/// and then to `visit`.
///
/// # Errors
/// Backend failures, a model that is not a grid, and [`EngineError::GaveUp`] when the
/// solver answers unknown with no stop requested.
pub(crate) fn find_grids<B>(
    backend: &mut dyn Backend,
    map: &OneHot,
    assumptions: &[Lit],
    stop: &Stop,
    mut block: impl FnMut(&mut dyn Backend, &OneHot, &Grid<u8>),
    mut visit: impl FnMut(Grid<u8>) -> ControlFlow<B>,
) -> Result<LoopEnd<B>, EngineError> {
    loop {
        let answer = backend
            .solve_under(assumptions)
            .map_err(|source| EngineError::Backend {
                solver: backend.name().to_string(),
                source,
            })?;
        match answer {
            SatResult::Sat(model) => {
                let grid = map.decode(&model)?;
                block(backend, map, &grid);
                if let ControlFlow::Break(b) = visit(grid) {
                    return Ok(LoopEnd::Broke(b));
                }
            }
            SatResult::Unsat => return Ok(LoopEnd::Exhausted),
            SatResult::Unknown if stop.is_requested() => return Ok(LoopEnd::Stopped),
            SatResult::Unknown => {
                return Err(EngineError::GaveUp {
                    engine: backend.name().to_string(),
                })
            }
        }
    }
}
