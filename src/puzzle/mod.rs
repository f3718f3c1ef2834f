//! # Puzzle models
//!
//! Plain data for each puzzle kind, with semantic validation and no CNF. Parsers in
//! `crate::parse` build these; encoders in `crate::encode` read them. Each kind's model is its
//! folder's `puzzle.rs` (`src/kind/<kind>/puzzle.rs`), named here by its kind
//! (`puzzle::kenken`); the constraint model they lower to, the variants and the techniques are
//! here.

pub(crate) mod constraint;
pub(crate) mod family;
mod overlay;
pub(crate) mod rule;
mod sketch;
mod technique;
pub(crate) mod variant;

// Each kind's model lives in its folder (`src/kind/<kind>/puzzle.rs`); its old path stays.
pub(crate) use crate::kind::crossproduct::puzzle as crossproduct;
pub(crate) use crate::kind::kakuro::puzzle as kakuro;
pub(crate) use crate::kind::kenken::puzzle as kenken;
pub(crate) use crate::kind::sudoku::puzzle as sudoku;
pub(crate) use crate::kind::towers::puzzle as towers;
pub(crate) use crate::kind::unequal::puzzle as unequal;

pub use constraint::{
    Action, Constraint, ConstraintKind, Constraints, Rule, RuleKind, Step, Witnesses,
};
pub use crossproduct::{CrossProduct, CrossProductError};
pub use kakuro::{Dir, Kakuro, KakuroError, Run, Square};
pub use kenken::{Cage, KenKen, KenKenError, Op};
pub use overlay::Overlay;
pub use rule::{LineRule, Relation};
pub use sketch::Sketch;
pub use sudoku::{Killer, KillerCage, Sudoku, SudokuError};
pub use technique::{Level, Technique};
pub use towers::{Side, Towers, MAX_TOWERS_SIDE};
pub use unequal::{Mark, Unequal, MAX_UNEQUAL_SIDE};
pub use variant::{Dot, Variant, VariantError};

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
    /// A Towers (Skyscrapers) puzzle.
    Towers(Towers),
    /// An Unequal (Futoshiki) puzzle, or its adjacent mode.
    Unequal(Unequal),
}

/// One puzzle kind as the front ends list it: the one list of kinds that help texts, the
/// README, Python and the page are checked against (`cli/tests/it/lists.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KindInfo {
    /// The name [`Puzzle::kind`] gives, also the text format's file extension (`killer`).
    pub name: &'static str,
    /// The kind as people write it (`Killer Sudoku`).
    pub title: &'static str,
    /// Variants read as this kind, as people write them (empty when none).
    pub variants: &'static [&'static str],
}

/// Every puzzle kind, in the order front ends list them.
pub const KINDS: &[KindInfo] = &[
    KindInfo {
        name: "kenken",
        title: "KenKen",
        variants: &[],
    },
    KindInfo {
        name: "kakuro",
        title: "Kakuro",
        variants: &[],
    },
    KindInfo {
        name: "crossproduct",
        title: "CrossProduct",
        variants: &[],
    },
    KindInfo {
        name: "sudoku",
        title: "Sudoku",
        variants: &["Sudoku X", "Jigsaw Sudoku", "Variant Sudoku"],
    },
    KindInfo {
        name: "killer",
        title: "Killer Sudoku",
        variants: &["Killer X", "Jigsaw Killer"],
    },
    KindInfo {
        name: "towers",
        title: "Towers",
        variants: &["Skyscrapers"],
    },
    KindInfo {
        name: "unequal",
        title: "Unequal",
        variants: &["Futoshiki", "Adjacent"],
    },
];

/// The titles of [`KINDS`] as a list in prose: `KenKen, Kakuro, … and Killer Sudoku`.
#[must_use]
pub fn kinds_in_prose() -> String {
    let titles: Vec<&str> = KINDS.iter().map(|k| k.title).collect();
    match titles.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}
