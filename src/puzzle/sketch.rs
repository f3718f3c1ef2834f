//! # What an editor draws of a puzzle
//!
//! A puzzle's clues as plain data, whatever its kind: each part is there where the kind has
//! it and `None` elsewhere, so a front end that edits puzzles (the page's editor) draws them
//! without asking which kind it holds. [`Puzzle::sketch`](crate::Puzzle::sketch) answers it;
//! the givens and the shape are [`Puzzle::givens`](crate::Puzzle::givens) and
//! [`Puzzle::shape`](crate::Puzzle::shape).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Mark, Side, Square, Variant};

/// The clues of a puzzle as an editor draws them ([`Puzzle::sketch`](crate::Puzzle::sketch)).
///
/// ```
/// use cagesat::Puzzle;
///
/// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n2 = B1\n1 = B2")?;
/// let sketch = puzzle.sketch();
/// let cages = sketch.cages.expect("a KenKen has cages");
/// assert_eq!((cages[0].0.as_str(), cages[0].1.len()), ("3+", 2));
/// assert!(sketch.boxes.is_none());
/// # Ok::<(), cagesat::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sketch<'a> {
    /// The cages (KenKen, Killer Sudoku), each its clue as the text formats write it (`12+`,
    /// `3-`, `5=`, `7?`; a Killer sum `15`) and its cells.
    pub cages: Option<Vec<(String, &'a [Cell])>>,
    /// The box shape (rows, columns) of a Sudoku or Killer Sudoku.
    pub boxes: Option<(usize, usize)>,
    /// A jigsaw's region of every cell, numbered from 0 (`None` with boxes).
    pub regions: Option<&'a Grid<u8>>,
    /// Whether both long diagonals hold distinct digits (Sudoku and Killer Sudoku).
    pub diagonals: Option<bool>,
    /// The variant constraints (Sudoku and Killer Sudoku).
    pub variants: Option<&'a [Variant]>,
    /// A Kakuro's squares.
    pub squares: Option<&'a Grid<Square>>,
    /// A CrossProduct's row clues, then its column clues.
    pub line_clues: Option<(&'a [u64], &'a [u64])>,
    /// The clues around a Towers grid, per side, one per row or column (0 for none).
    pub side_clues: Option<Vec<(Side, Vec<u8>)>>,
    /// Whether an Unequal is the adjacent mode (bars between neighbours that differ by one).
    pub adjacent: Option<bool>,
    /// An Unequal's marks between neighbours: the first cell left of or above the second.
    pub marks: Option<Vec<(Cell, Cell, Mark)>>,
}
