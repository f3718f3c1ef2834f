//! # Unequal (Futoshiki), and its adjacent mode
//!
//! An N×N Latin square of digits `1..=N`, some given, with marks between orthogonal
//! neighbours. In the comparison mode a mark is a sign: one digit is greater than the
//! other. In the adjacent mode a mark is a bar: the two digits differ by exactly 1, and —
//! Simon Tatham's rule (`unequal.c`, `check_num_adj`) — two neighbours *without* a bar must
//! not differ by 1. Read by `crate::parse::unequal` (text and game ID).

use crate::grid::Cell;
use crate::puzzle::constraint::{latin_square, square_cells, square_givens, square_with};
use crate::puzzle::{Constraint, ConstraintKind, Constraints};

/// Largest side read (one character a digit; Tatham's Unequal makes 3..=9 by default).
pub const MAX_UNEQUAL_SIDE: usize = 9;

/// The mark between a cell and its neighbour to the right or below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Mark {
    /// No mark (in the adjacent mode: the digits do not differ by 1).
    #[default]
    None,
    /// The cell is smaller than its neighbour.
    Less,
    /// The cell is greater than its neighbour.
    Greater,
    /// The digits differ by exactly 1 (adjacent mode).
    Bar,
}

/// An Unequal puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unequal {
    size: usize,
    adjacent: bool,
    givens: Vec<u8>,
    right: Vec<Mark>,
    down: Vec<Mark>,
}

impl Unequal {
    /// A puzzle of side `size` in the adjacent mode or not, with `givens` row-major (0 =
    /// empty) and each cell's mark toward its right neighbour (`right`) and the cell below
    /// (`down`), row-major; `None` when a length or value is out of range, a mark points off
    /// the grid, or a mark does not belong to the mode (bars only in the adjacent mode, signs
    /// only outside it).
    #[must_use]
    pub fn new(
        size: usize,
        adjacent: bool,
        givens: Vec<u8>,
        right: Vec<Mark>,
        down: Vec<Mark>,
    ) -> Option<Unequal> {
        let a = size.checked_mul(size)?;
        let fits = |m: Mark| match m {
            Mark::None => true,
            Mark::Bar => adjacent,
            Mark::Less | Mark::Greater => !adjacent,
        };
        let ok = (1..=MAX_UNEQUAL_SIDE).contains(&size)
            && givens.len() == a
            && right.len() == a
            && down.len() == a
            && givens.iter().all(|&g| usize::from(g) <= size)
            && right.iter().chain(&down).all(|&m| fits(m))
            && (0..a).all(|i| {
                (i % size + 1 < size || right[i] == Mark::None)
                    && (i / size + 1 < size || down[i] == Mark::None)
            });
        ok.then_some(Unequal {
            size,
            adjacent,
            givens,
            right,
            down,
        })
    }

    /// The side N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the puzzle is in the adjacent mode (bars, not signs).
    #[must_use]
    pub fn adjacent(&self) -> bool {
        self.adjacent
    }

    /// The given digit of `cell`; 0 when none.
    #[must_use]
    pub fn given(&self, cell: Cell) -> u8 {
        self.givens.get(cell.index(self.size)).copied().unwrap_or(0)
    }

    /// The same puzzle with the givens `set` added (a cell's new digit replaces its old
    /// one); `None` when a cell is off the grid or a digit above the side.
    #[must_use]
    pub fn with_givens(&self, set: &[(Cell, u8)]) -> Option<Unequal> {
        let givens = square_with(self.size, &self.givens, set)?;
        Unequal::new(
            self.size,
            self.adjacent,
            givens,
            self.right.clone(),
            self.down.clone(),
        )
    }

    /// The given cells and digits, row-major.
    #[must_use]
    pub fn given_cells(&self) -> Vec<(Cell, u8)> {
        square_givens(self.size, &self.givens)
    }

    /// The mark between `cell` and its right neighbour.
    #[must_use]
    pub fn right(&self, cell: Cell) -> Mark {
        self.right
            .get(cell.index(self.size))
            .copied()
            .unwrap_or_default()
    }

    /// The mark between `cell` and the cell below it.
    #[must_use]
    pub fn down(&self, cell: Cell) -> Mark {
        self.down
            .get(cell.index(self.size))
            .copied()
            .unwrap_or_default()
    }

    /// Every pair of orthogonal neighbours (the right one or the lower one second) and
    /// the mark between them, row-major, right before down.
    #[must_use]
    pub fn pairs(&self) -> Vec<(Cell, Cell, Mark)> {
        let n = self.size;
        let mut out = Vec::new();
        for c in square_cells(n) {
            if usize::from(c.col) + 1 < n {
                out.push((c, Cell::new(c.row, c.col + 1), self.right(c)));
            }
            if usize::from(c.row) + 1 < n {
                out.push((c, Cell::new(c.row + 1, c.col), self.down(c)));
            }
        }
        out
    }

    /// The rows and columns, then one constraint per sign (`less`, smaller cell first), or
    /// in the adjacent mode one per neighbouring pair (`adjacent` for a bar, `nonadjacent`
    /// for none), with the givens as facts.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let marks = self.pairs().into_iter().filter_map(|(a, b, mark)| {
            let (kind, cells) = match mark {
                Mark::Less => (ConstraintKind::Less, vec![a, b]),
                Mark::Greater => (ConstraintKind::Less, vec![b, a]),
                Mark::Bar => (ConstraintKind::Adjacent, vec![a, b]),
                Mark::None if self.adjacent => (ConstraintKind::NotAdjacent, vec![a, b]),
                Mark::None => return None,
            };
            Some(Constraint {
                kind,
                cells,
                op: None,
                target: None,
                distinct: false,
                rule: None,
            })
        });
        latin_square(self.size, &self.givens, marks)
    }
}
