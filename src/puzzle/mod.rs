//! # Puzzle models
//!
//! Plain data for each puzzle kind, with semantic validation and no CNF. Parsers in
//! `crate::parse` build these; encoders in `crate::encode` read them.

pub(crate) mod crossproduct;
pub(crate) mod kakuro;
pub(crate) mod kenken;
mod overlay;
pub(crate) mod sudoku;

pub use crossproduct::{CrossProduct, CrossProductError};
pub use kakuro::{Kakuro, KakuroError, Square};
pub use kenken::{Cage, KenKen, KenKenError, Op};
pub use overlay::Overlay;
pub use sudoku::{Killer, KillerCage, Sudoku, SudokuError};

/// Any puzzle the project understands. Each kind implements the crate's one kind trait
/// (`crate::kind`), where the only `match` over this enum lives.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Puzzle {
    /// A KenKen puzzle.
    KenKen(KenKen),
    /// A Kakuro puzzle.
    Kakuro(Kakuro),
    /// A CrossProduct puzzle.
    CrossProduct(CrossProduct),
    /// A Sudoku.
    Sudoku(Sudoku),
    /// A Killer Sudoku.
    Killer(Killer),
}
