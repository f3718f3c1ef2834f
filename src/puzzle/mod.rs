//! # Puzzle models
//!
//! Plain data for each puzzle kind, with semantic validation and no CNF. Parsers in
//! `crate::parse` build these; encoders in `crate::encode` read them.

pub(crate) mod crossproduct;
pub(crate) mod kakuro;
pub(crate) mod kenken;

pub use crossproduct::{CrossProduct, CrossProductError};
pub use kakuro::{Kakuro, KakuroError, Square};
pub use kenken::{Cage, KenKen, KenKenError, Op};

/// Any puzzle the project understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Puzzle {
    /// A KenKen puzzle.
    KenKen(KenKen),
    /// A Kakuro puzzle.
    Kakuro(Kakuro),
    /// A CrossProduct puzzle.
    CrossProduct(CrossProduct),
}

impl Puzzle {
    /// Short lowercase name of the puzzle kind, as used in JSON output.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Puzzle::KenKen(_) => "kenken",
            Puzzle::Kakuro(_) => "kakuro",
            Puzzle::CrossProduct(_) => "crossproduct",
        }
    }

    /// Human-readable size, e.g. `6x6`.
    #[must_use]
    pub fn size_label(&self) -> String {
        match self {
            Puzzle::KenKen(k) => format!("{0}x{0}", k.size()),
            Puzzle::Kakuro(k) => format!("{}x{}", k.rows(), k.cols()),
            Puzzle::CrossProduct(p) => format!("{}x{}", p.rows().len(), p.cols().len()),
        }
    }
}
