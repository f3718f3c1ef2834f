//! # Grading Sudoku and Killer Sudoku: which deductions solve it without search
//!
//! A Sudoku's grade is the weakest [`SudokuLevel`] of root propagation that fixes every
//! cell, as for KenKen ([`super::Level`]) and Kakuro ([`super::KakuroLevel`]). The levels
//! follow the order of the usual human technique lists (Sudoku Wiki, HoDoKu) and are
//! cumulative, each adding deductions to the previous one, run to a fixpoint from full
//! candidates (givens fixed):
//!
//! 1. [`SudokuLevel::Singles`]: *naked singles* (a fixed digit leaves the cell's row,
//!    column and box) and *hidden singles* (a digit that only one cell of a row, column or
//!    box can take goes there). For a Killer Sudoku each cage adds its *combination
//!    filter*: a combination (a set of distinct digits with the cage's sum) is compatible
//!    when it holds the cage's fixed digits and meets every cell's candidates; cells keep
//!    the digits of compatible combinations, and a digit every compatible combination
//!    holds that only one cage cell can take is placed there (the cage's hidden single).
//! 2. [`SudokuLevel::Subsets`]: + *naked pairs and triples* on rows, columns and boxes
//!    (two or three cells whose candidates together are two or three digits take them;
//!    the unit's other cells lose them).
//! 3. [`SudokuLevel::BoxLine`]: + *box–line reduction*: a digit a box holds only where it
//!    meets a row or column leaves the rest of that line (pointing), and one a line holds
//!    only inside one box leaves the rest of the box (claiming).
//! 4. [`SudokuLevel::Search`]: none of the above fixes every cell (X-wings, chains, or
//!    guessing are needed).
//!
//! Every level is sound, so when one fixes every cell the grid is the only solution; it
//! is still checked by the independent verifier. As for the other kinds, the grade also
//! reports whether unit propagation on the puzzle's CNF (default options) fixes every cell.
//! The levels are written up with examples in `encodings/sudoku.md`.
//!
//! ## Example Usage
//! ```
//! use cagesat::grade::{PuzzleGrade, SudokuLevel};
//! use cagesat::{ParseOptions, Puzzle};
//!
//! let text = ". 2 3 4\n3 4 . 2\n2 1 4 3\n4 . 2 1\n";
//! let puzzle = Puzzle::parse_with(text, &ParseOptions::default().path("x.sudoku")).unwrap();
//! let PuzzleGrade::Sudoku(g) = puzzle.grade().unwrap() else { panic!() };
//! assert_eq!(g.level, Some(SudokuLevel::Singles));
//! ```

use std::fmt;

use super::Root;

/// A set of Sudoku deductions, weakest first; each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum SudokuLevel {
    /// Naked and hidden singles (and each Killer cage's combination filter).
    Singles,
    /// + naked pairs and triples.
    Subsets,
    /// + box–line reduction (pointing and claiming).
    BoxLine,
    /// Propagation alone does not solve the puzzle.
    Search,
}

impl SudokuLevel {
    /// Every level, weakest first.
    pub const ALL: [SudokuLevel; 4] = [
        SudokuLevel::Singles,
        SudokuLevel::Subsets,
        SudokuLevel::BoxLine,
        SudokuLevel::Search,
    ];
    /// The propagation levels (all but [`SudokuLevel::Search`]).
    pub const PROPAGATION: [SudokuLevel; 3] = [
        SudokuLevel::Singles,
        SudokuLevel::Subsets,
        SudokuLevel::BoxLine,
    ];

    /// The name used in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SudokuLevel::Singles => "singles",
            SudokuLevel::Subsets => "subsets",
            SudokuLevel::BoxLine => "box-line",
            SudokuLevel::Search => "search",
        }
    }

    /// The level named `name` (as [`SudokuLevel::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<SudokuLevel> {
        SudokuLevel::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl fmt::Display for SudokuLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The grade of one Sudoku or Killer Sudoku.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuGrade {
    /// The weakest level that solves it ([`SudokuLevel::Search`] if none does), or `None`
    /// when propagation proves that it has no solution.
    pub level: Option<SudokuLevel>,
    /// Root propagation at each of [`SudokuLevel::PROPAGATION`], in that order.
    pub roots: Vec<(SudokuLevel, Root)>,
    /// Unit propagation on the CNF.
    pub cnf_up: Root,
    /// Number of cells.
    pub cells: usize,
}

impl SudokuGrade {
    /// The root result of `level` (`None` for [`SudokuLevel::Search`]).
    #[must_use]
    pub fn root(&self, level: SudokuLevel) -> Option<&Root> {
        self.roots.iter().find(|(l, _)| *l == level).map(|(_, r)| r)
    }
}
