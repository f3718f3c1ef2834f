//! # KenKen
//!
//! An N×N Latin square divided into cages; each cage has a target and an operator.
//! `-` and `/` on more than two cells are read left to right with any cell first
//! (`6-3-2-1`), and a one-cell cage with any operator means the cell equals the target.
//! A cage may hide its operator ([`Op::Any`], written `?` or left out, as janko.at's
//! Kendoku print it): it holds when some operator among `+ - * /` gives the target.

use std::fmt;

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::puzzle::constraint::{latin_lines, square_cells};
use crate::puzzle::{Constraint, ConstraintKind, Constraints};

/// Largest supported side length (row letters A..Z).
pub(crate) const MAX_SIZE: usize = 26;

/// A cage operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Op {
    /// Sum of the cells.
    Add,
    /// One cell minus all the others, any cell first.
    Sub,
    /// Product of the cells.
    Mul,
    /// One cell divided by all the others, any cell first.
    Div,
    /// A given: the single cell equals the target.
    Given,
    /// No operator shown (`?`): the cage holds when some operator among `+ - * /` (each
    /// read as above) gives the target. On one cell, a given.
    Any,
}

impl Op {
    /// The four arithmetic operators an operator-less cage ([`Op::Any`]) may stand for.
    pub const ARITHMETIC: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    /// Parses an operator token: `+ - * x X × / ÷ = ?` (and the Unicode minus `−`).
    #[must_use]
    pub fn parse(token: &str) -> Option<Op> {
        Some(match token {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "*" | "x" | "X" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" => Op::Given,
            "?" => Op::Any,
            _ => return None,
        })
    }

    /// The canonical ASCII symbol.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => '*',
            Op::Div => '/',
            Op::Given => '=',
            Op::Any => '?',
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cage: cells that combine to `target` under `op`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The operator.
    pub op: Op,
    /// The target value (always positive).
    pub target: u64,
    /// The cells, in the order written.
    pub cells: Vec<Cell>,
}

impl Cage {
    /// The operator that actually applies: a one-cell cage is a given whatever its symbol.
    #[must_use]
    pub fn effective_op(&self) -> Op {
        if self.cells.len() == 1 {
            Op::Given
        } else {
            self.op
        }
    }

    /// The top-left cell (smallest row, then smallest column), where the clue is drawn.
    #[must_use]
    pub fn anchor(&self) -> Cell {
        self.cells.iter().copied().min().unwrap_or(Cell::new(0, 0))
    }

    /// True when the cells form one edge-connected region.
    #[must_use]
    pub fn is_contiguous(&self) -> bool {
        let Some(&first) = self.cells.first() else {
            return true;
        };
        let mut seen = vec![first];
        let mut frontier = vec![first];
        while let Some(c) = frontier.pop() {
            for &n in &self.cells {
                if !seen.contains(&n) && c.is_adjacent(n) {
                    seen.push(n);
                    frontier.push(n);
                }
            }
        }
        seen.len() == self.cells.len()
    }
}

/// A semantic problem in a KenKen description. Indices refer to the cage list (0-based) and
/// the cell's position inside its cage, so a parser can point at the offending token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KenKenError {
    /// The size is 0 or larger than `MAX_SIZE`.
    #[error("size {size} is out of range (1..={MAX_SIZE})")]
    BadSize {
        /// The size given.
        size: usize,
    },
    /// A cage has no cells.
    #[error("cage has no cells")]
    EmptyCage {
        /// Cage index.
        cage: usize,
    },
    /// A cell lies outside the grid.
    #[error("cell {cell} is outside the {size}x{size} grid")]
    CellOutsideGrid {
        /// The cell.
        cell: Cell,
        /// Grid size.
        size: usize,
        /// Cage index.
        cage: usize,
        /// Position of the cell within the cage.
        index: usize,
    },
    /// A cell is listed twice in the same cage.
    #[error("cell {cell} appears twice in the same cage")]
    DuplicateCellInCage {
        /// The cell.
        cell: Cell,
        /// Cage index.
        cage: usize,
        /// Position of the second occurrence within the cage.
        index: usize,
    },
    /// A cell belongs to two cages.
    #[error("cell {cell} is already in another cage")]
    CellInTwoCages {
        /// The cell.
        cell: Cell,
        /// The earlier cage.
        first_cage: usize,
        /// The later cage.
        cage: usize,
        /// Position of the cell within the later cage.
        index: usize,
    },
    /// A cell belongs to no cage.
    #[error("cell {cell} is in no cage")]
    CellInNoCage {
        /// The cell.
        cell: Cell,
    },
    /// An `=` cage has more than one cell.
    #[error("'=' cage has {cells} cells (it must have exactly one)")]
    GivenWithManyCells {
        /// Number of cells.
        cells: usize,
        /// Cage index.
        cage: usize,
    },
    /// A target is zero.
    #[error("target must be positive")]
    NonPositiveTarget {
        /// Cage index.
        cage: usize,
    },
    /// `--strict`: a cage is not edge-connected.
    #[error("cage is not contiguous")]
    NonContiguousCage {
        /// Cage index.
        cage: usize,
    },
}

/// A validated KenKen puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KenKen {
    size: usize,
    cages: Vec<Cage>,
}

impl KenKen {
    /// Validates and builds a puzzle. With `strict`, non-contiguous cages are rejected.
    ///
    /// # Errors
    /// The first [`KenKenError`] found, in cage order.
    pub fn new(size: usize, cages: Vec<Cage>, strict: bool) -> Result<Self, KenKenError> {
        if size == 0 || size > MAX_SIZE {
            return Err(KenKenError::BadSize { size });
        }
        let mut owner: Grid<Option<usize>> = Grid::filled(size, size, None);
        for (ci, cage) in cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(KenKenError::EmptyCage { cage: ci });
            }
            if cage.target == 0 {
                return Err(KenKenError::NonPositiveTarget { cage: ci });
            }
            if cage.op == Op::Given && cage.cells.len() > 1 {
                return Err(KenKenError::GivenWithManyCells {
                    cells: cage.cells.len(),
                    cage: ci,
                });
            }
            for (index, &cell) in cage.cells.iter().enumerate() {
                if usize::from(cell.row) >= size || usize::from(cell.col) >= size {
                    return Err(KenKenError::CellOutsideGrid {
                        cell,
                        size,
                        cage: ci,
                        index,
                    });
                }
                match *owner.get(cell) {
                    Some(first) if first == ci => {
                        return Err(KenKenError::DuplicateCellInCage {
                            cell,
                            cage: ci,
                            index,
                        })
                    }
                    Some(first_cage) => {
                        return Err(KenKenError::CellInTwoCages {
                            cell,
                            first_cage,
                            cage: ci,
                            index,
                        })
                    }
                    None => owner.set(cell, Some(ci)),
                }
            }
            if strict && !cage.is_contiguous() {
                return Err(KenKenError::NonContiguousCage { cage: ci });
            }
        }
        for row in 0..size {
            for col in 0..size {
                let cell = Cell::new(row as u8, col as u8);
                if owner.get(cell).is_none() {
                    return Err(KenKenError::CellInNoCage { cell });
                }
            }
        }
        Ok(KenKen { size, cages })
    }

    /// Side length N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cages, in input order.
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// For each cell, the index of its cage.
    #[must_use]
    pub fn cage_of(&self) -> Grid<usize> {
        let mut g = Grid::filled(self.size, self.size, 0);
        for (i, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                g.set(c, i);
            }
        }
        g
    }
}

impl KenKen {
    /// The cages, then the rows and columns.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        cages_and_lines(self.size(), self.cages())
    }
}

/// The model of an `n`×`n` KenKen's `cages` (a drawn one's too, with cells in none): the
/// cages, then the rows and columns.
pub(crate) fn cages_and_lines(n: usize, cages: &[Cage]) -> Constraints {
    let mut list: Vec<Constraint> = cages
        .iter()
        .map(|cage| Constraint {
            kind: ConstraintKind::Cage,
            cells: cage.cells.clone(),
            op: Some(cage.effective_op()),
            target: Some(cage.target),
            distinct: false,
            rule: None,
        })
        .collect();
    list.extend(latin_lines(n));
    Constraints {
        rows: n,
        cols: n,
        max_digit: n as u8,
        cells: square_cells(n),
        givens: Vec::new(),
        list,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Op, target: u64, cells: &[(u8, u8)]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        }
    }

    #[test]
    fn contiguity() {
        assert!(cage(Op::Add, 3, &[(0, 0), (0, 1), (1, 1)]).is_contiguous());
        assert!(!cage(Op::Add, 3, &[(0, 0), (1, 1)]).is_contiguous());
    }

    #[test]
    fn one_cell_cage_is_a_given() {
        assert_eq!(cage(Op::Sub, 8, &[(1, 2)]).effective_op(), Op::Given);
        assert_eq!(cage(Op::Sub, 1, &[(1, 2), (1, 3)]).effective_op(), Op::Sub);
        assert_eq!(cage(Op::Any, 8, &[(1, 2)]).effective_op(), Op::Given);
        assert_eq!(cage(Op::Any, 1, &[(1, 2), (1, 3)]).effective_op(), Op::Any);
        assert_eq!(Op::parse("?"), Some(Op::Any));
        assert_eq!(Op::Any.symbol(), '?');
    }

    #[test]
    fn strict_rejects_non_contiguous() {
        let cages = vec![
            cage(Op::Add, 3, &[(0, 0), (1, 1)]),
            cage(Op::Add, 3, &[(0, 1), (1, 0)]),
        ];
        assert!(KenKen::new(2, cages.clone(), false).is_ok());
        assert_eq!(
            KenKen::new(2, cages, true),
            Err(KenKenError::NonContiguousCage { cage: 0 })
        );
    }
}
