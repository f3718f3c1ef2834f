//! # Kakuro
//!
//! A rectangle of squares: blocked squares, clue squares and white squares. White squares get
//! digits 1..=9. Every maximal horizontal or vertical run of white squares starts right
//! after a clue square that gives its sum (the "down" number for the run below it, the
//! "across" number for the run to its right); a run repeats no digit.
//!
//! The model is strict: every maximal run of white squares (including runs of one square)
//! must have a clue. Hence every white square lies in exactly one across run and one down
//! run, and a white square outside every run cannot occur: it would first be reported as
//! [`KakuroError::RunWithoutClue`].

use std::fmt;

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::puzzle::Op;
use crate::puzzle::{Constraint, ConstraintKind, Constraints};

/// Longest run (there are nine digits and a run repeats none).
pub(crate) const MAX_RUN: usize = 9;

/// Largest number of rows or columns (cells are indexed with `u8`).
pub(crate) const MAX_DIM: usize = 255;

/// One square of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Square {
    /// A blocked square without clues (`#`).
    Blocked,
    /// A white square to fill (`.`).
    White,
    /// A clue square `D\A`: `down` is the sum of the run below, `across` the sum of the run
    /// to the right.
    Clue {
        /// Sum of the run below, if any.
        down: Option<u32>,
        /// Sum of the run to the right, if any.
        across: Option<u32>,
    },
}

/// The direction of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Dir {
    /// Left to right, clued by the across number.
    Across,
    /// Top to bottom, clued by the down number.
    Down,
}

impl Dir {
    /// One step in this direction from `cell`, if it stays inside `rows`×`cols`.
    #[must_use]
    pub fn step(self, cell: Cell, rows: usize, cols: usize) -> Option<Cell> {
        let (r, c) = (usize::from(cell.row), usize::from(cell.col));
        let (r, c) = match self {
            Dir::Across => (r, c.checked_add(1)?),
            Dir::Down => (r.checked_add(1)?, c),
        };
        (r < rows && c < cols).then(|| Cell::new(r as u8, c as u8))
    }

    /// One step against this direction from `cell`, if it stays inside the grid.
    #[must_use]
    pub fn back(self, cell: Cell) -> Option<Cell> {
        match self {
            Dir::Across => Some(Cell::new(cell.row, cell.col.checked_sub(1)?)),
            Dir::Down => Some(Cell::new(cell.row.checked_sub(1)?, cell.col)),
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::Across => "across",
            Dir::Down => "down",
        })
    }
}

impl Square {
    /// The clue number for runs in direction `dir`, if this square gives one.
    #[must_use]
    pub fn clue(self, dir: Dir) -> Option<u32> {
        match (self, dir) {
            (Square::Clue { across, .. }, Dir::Across) => across,
            (Square::Clue { down, .. }, Dir::Down) => down,
            _ => None,
        }
    }
}

/// A clued run of white cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// Direction of the run.
    pub dir: Dir,
    /// The clue square just before the run.
    pub clue: Cell,
    /// The sum the digits must reach.
    pub sum: u8,
    /// The white cells, in reading order (1..=9 of them).
    pub cells: Vec<Cell>,
}

/// Smallest and largest sum of `len` distinct digits 1..=9 (`None` when `len` is 0 or > 9).
#[must_use]
pub(crate) fn sum_range(len: usize) -> Option<(u32, u32)> {
    if len == 0 || len > MAX_RUN {
        return None;
    }
    let k = len as u32;
    Some((k * (k + 1) / 2, k * (19 - k) / 2))
}

/// A semantic problem in a Kakuro grid. Cells point at squares so that a parser can map
/// them back to tokens.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KakuroError {
    /// More than `MAX_DIM` rows or columns.
    #[error("grid is {rows}x{cols}, larger than the limit {MAX_DIM}x{MAX_DIM}")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The grid has no white square.
    #[error("puzzle has no white squares")]
    NoWhiteCells,
    /// A clue number with no white square after it in its direction.
    #[error("{dir} clue {sum} has no white square {where_}", where_ = next_name(*.dir))]
    ClueWithoutRun {
        /// The clue square.
        clue: Cell,
        /// Which of its numbers.
        dir: Dir,
        /// The number.
        sum: u32,
    },
    /// A maximal run of white squares not preceded by a clue square with a number for it.
    #[error("{dir} run of length {len} starting here has no clue")]
    RunWithoutClue {
        /// The run's first cell.
        start: Cell,
        /// Its direction.
        dir: Dir,
        /// Its length.
        len: usize,
    },
    /// A run longer than nine squares.
    #[error("{dir} run of length {len} is longer than {MAX_RUN}")]
    RunTooLong {
        /// The clue square.
        clue: Cell,
        /// Direction.
        dir: Dir,
        /// Length.
        len: usize,
    },
    /// No set of distinct digits of the run's length has the clue's sum.
    #[error(
        "{dir} clue {sum} is impossible for a run of length {len} (distinct digits 1..9 give {lo}..={hi})",
        lo = sum_range(*.len).map_or(0, |r| r.0),
        hi = sum_range(*.len).map_or(0, |r| r.1)
    )]
    ImpossibleSum {
        /// The clue square.
        clue: Cell,
        /// Direction.
        dir: Dir,
        /// The clue number.
        sum: u32,
        /// Run length.
        len: usize,
    },
}

fn next_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Across => "to its right",
        Dir::Down => "below it",
    }
}

/// A validated Kakuro puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kakuro {
    squares: Grid<Square>,
    runs: Vec<Run>,
    white: Vec<Cell>,
}

impl Kakuro {
    /// Validates a grid of squares and finds its runs.
    ///
    /// # Errors
    /// The first problem in row-major order of the square where it is detected (a clue's
    /// problems at the clue, an unclued run at its first square).
    pub fn new(squares: Grid<Square>) -> Result<Self, KakuroError> {
        let (rows, cols) = (squares.rows(), squares.cols());
        if rows > MAX_DIM || cols > MAX_DIM {
            return Err(KakuroError::TooLarge { rows, cols });
        }
        let mut runs = Vec::new();
        let mut white = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let cell = Cell::new(r as u8, c as u8);
                for dir in [Dir::Across, Dir::Down] {
                    match *squares.get(cell) {
                        Square::White => check_clued(&squares, cell, dir)?,
                        sq => {
                            if let Some(sum) = sq.clue(dir) {
                                runs.push(clued_run(&squares, cell, dir, sum)?);
                            }
                        }
                    }
                }
                if *squares.get(cell) == Square::White {
                    white.push(cell);
                }
            }
        }
        if white.is_empty() {
            return Err(KakuroError::NoWhiteCells);
        }
        Ok(Kakuro {
            squares,
            runs,
            white,
        })
    }

    /// The squares.
    #[must_use]
    pub fn squares(&self) -> &Grid<Square> {
        &self.squares
    }

    /// Number of rows (clue rows included).
    #[must_use]
    pub fn rows(&self) -> usize {
        self.squares.rows()
    }

    /// Number of columns (clue columns included).
    #[must_use]
    pub fn cols(&self) -> usize {
        self.squares.cols()
    }

    /// The runs, ordered by clue square (row-major), across before down.
    #[must_use]
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The white cells in row-major order.
    #[must_use]
    pub fn white_cells(&self) -> &[Cell] {
        &self.white
    }
}

/// The run after the clue at `clue` in direction `dir`, checked.
fn clued_run(squares: &Grid<Square>, clue: Cell, dir: Dir, sum: u32) -> Result<Run, KakuroError> {
    let cells = white_from(squares, dir.step(clue, squares.rows(), squares.cols()), dir);
    let len = cells.len();
    if len == 0 {
        return Err(KakuroError::ClueWithoutRun { clue, dir, sum });
    }
    if len > MAX_RUN {
        return Err(KakuroError::RunTooLong { clue, dir, len });
    }
    match sum_range(len) {
        Some((lo, hi)) if (lo..=hi).contains(&sum) => Ok(Run {
            dir,
            clue,
            sum: sum as u8,
            cells,
        }),
        _ => Err(KakuroError::ImpossibleSum {
            clue,
            dir,
            sum,
            len,
        }),
    }
}

/// The white squares from `start` on in direction `dir`, up to the first non-white one.
fn white_from(squares: &Grid<Square>, start: Option<Cell>, dir: Dir) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut at = start;
    while let Some(cell) = at.filter(|&c| *squares.get(c) == Square::White) {
        cells.push(cell);
        at = dir.step(cell, squares.rows(), squares.cols());
    }
    cells
}

/// A white cell that starts a run in `dir` must follow a clue square with a number for it.
fn check_clued(squares: &Grid<Square>, cell: Cell, dir: Dir) -> Result<(), KakuroError> {
    let before = dir.back(cell).map(|b| *squares.get(b));
    match before {
        Some(Square::White) => Ok(()),
        Some(sq) if sq.clue(dir).is_some() => Ok(()),
        _ => Err(KakuroError::RunWithoutClue {
            start: cell,
            dir,
            len: white_from(squares, Some(cell), dir).len(),
        }),
    }
}

impl Kakuro {
    /// The runs, across ones first, each group in clue order.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let mut runs: Vec<&crate::puzzle::kakuro::Run> = self.runs().iter().collect();
        runs.sort_by_key(|r| (r.dir == Dir::Down, r.clue));
        let list = runs
            .into_iter()
            .map(|run| Constraint {
                kind: ConstraintKind::Run,
                cells: run.cells.clone(),
                op: Some(Op::Add),
                target: Some(u64::from(run.sum)),
                distinct: true,
                rule: None,
            })
            .collect();
        Constraints {
            rows: self.rows(),
            cols: self.cols(),
            max_digit: 9,
            cells: self.white_cells().to_vec(),
            givens: Vec::new(),
            list,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue(down: Option<u32>, across: Option<u32>) -> Square {
        Square::Clue { down, across }
    }

    #[test]
    fn sum_ranges() {
        assert_eq!(sum_range(1), Some((1, 9)));
        assert_eq!(sum_range(2), Some((3, 17)));
        assert_eq!(sum_range(9), Some((45, 45)));
        assert_eq!(sum_range(0), None);
        assert_eq!(sum_range(10), None);
    }

    #[test]
    fn runs_are_found() {
        use Square::{Blocked as B, White as W};
        let g = Grid::from_rows(vec![
            vec![B, clue(Some(4), None), clue(Some(3), None)],
            vec![clue(None, Some(3)), W, W],
            vec![clue(None, Some(4)), W, W],
        ])
        .unwrap();
        let k = Kakuro::new(g).unwrap();
        assert_eq!(k.runs().len(), 4);
        assert_eq!(k.white_cells().len(), 4);
        assert_eq!(k.runs()[0].dir, Dir::Down);
        assert_eq!(k.runs()[0].cells, vec![Cell::new(1, 1), Cell::new(2, 1)]);
        assert_eq!(k.runs()[2].dir, Dir::Across);
        assert_eq!(k.runs()[2].sum, 3);
    }

    #[test]
    fn isolated_white_square_has_no_clue() {
        use Square::{Blocked as B, White as W};
        let g = Grid::from_rows(vec![vec![B, B, B], vec![B, W, B]]).unwrap();
        assert_eq!(
            Kakuro::new(g),
            Err(KakuroError::RunWithoutClue {
                start: Cell::new(1, 1),
                dir: Dir::Across,
                len: 1
            })
        );
    }
}
