//! # Puzzle generators
//!
//! Seeded, reproducible generators (one file per puzzle kind) built on [`crate::rng`].

pub mod keen_id;
pub mod kenken;
pub mod latin;

use thiserror::Error;

use crate::solve::SolveError;

pub use kenken::{generate_kenken, GeneratedKenKen, KenKenParams};

/// Generation failed.
#[derive(Debug, Error)]
pub enum GenerateError {
    /// Encoding or solving a candidate failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The parameters describe no valid puzzle (e.g. zero rows).
    #[error("invalid parameters: {0}")]
    Params(String),
}
