//! # Arithmetic cages over a Latin square
//!
//! A model made of the `n` rows and `n` columns of an `n`×`n` Latin square and of cages
//! that tile it, each with an operator and a target and digits free to repeat inside it
//! (a KenKen, whatever kind lowered it), is searched by the cage engine of
//! [`crate::native`]: generalised arc consistency on each cage's allowed tuples (sum and
//! product bounds where the tuples are too many), all-different on the lines, and a
//! dom/wdeg search. [`shape_of`] recognises such a model from its constraints alone.

use crate::grid::Cell;
use crate::puzzle::{Cage, ConstraintKind, Constraints};

/// A Latin square tiled by cages: its side, its cages, and the model's givens.
pub(crate) type CageSquare = (usize, Vec<Cage>, Vec<(Cell, u8)>);

/// The side and the cages of `model` when it is a Latin square tiled by arithmetic cages
/// (module notes), with the givens of the model as fixed cells; `None` otherwise.
pub(crate) fn shape_of(model: &Constraints) -> Option<CageSquare> {
    let n = usize::from(model.max_digit);
    if n == 0 || model.rows != n || model.cols != n || model.cells.len() != n * n {
        return None;
    }
    let inside = |c: Cell| usize::from(c.row) < n && usize::from(c.col) < n;
    let mut seen = vec![false; n * n];
    for &c in &model.cells {
        if !inside(c) || std::mem::replace(&mut seen[c.index(n)], true) {
            return None;
        }
    }
    let (mut rows, mut cols) = (vec![false; n], vec![false; n]);
    let mut caged = vec![false; n * n];
    let mut cages = Vec::new();
    for c in &model.list {
        match c.kind {
            ConstraintKind::Row | ConstraintKind::Column => {
                let row = c.kind == ConstraintKind::Row;
                let line = |cell: &Cell| usize::from(if row { cell.row } else { cell.col });
                let first = line(c.cells.first()?);
                let mut across = vec![false; n];
                for cell in &c.cells {
                    let other = usize::from(if row { cell.col } else { cell.row });
                    if line(cell) != first
                        || other >= n
                        || std::mem::replace(&mut across[other], true)
                    {
                        return None;
                    }
                }
                let lines = if row { &mut rows } else { &mut cols };
                if c.cells.len() != n || first >= n || std::mem::replace(&mut lines[first], true) {
                    return None;
                }
            }
            ConstraintKind::Cage if !c.distinct && !c.cells.is_empty() => {
                for &cell in &c.cells {
                    if !inside(cell) || std::mem::replace(&mut caged[cell.index(n)], true) {
                        return None;
                    }
                }
                cages.push(Cage {
                    op: c.op?,
                    target: c.target?,
                    cells: c.cells.clone(),
                });
            }
            _ => return None,
        }
    }
    let complete = |v: &[bool]| v.iter().all(|&b| b);
    (complete(&rows) && complete(&cols) && complete(&caged))
        .then(|| (n, cages, model.givens.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Constraint, Puzzle};

    fn constraints(text: &str) -> Constraints {
        Puzzle::parse(text).expect("parses").constraints()
    }

    #[test]
    fn a_kenken_is_a_latin_square_tiled_by_cages() {
        let model = constraints("size 2\n1 = a1\n2 = b1\n3 + a2 b2\n");
        let (n, cages, givens) = shape_of(&model).expect("a KenKen's model");
        assert_eq!((n, cages.len(), givens.len()), (2, 3, 0));
        assert_eq!(cages[2].target, 3);
    }

    #[test]
    fn a_missing_line_an_uncovered_cell_or_a_box_is_refused() {
        let full = constraints("size 2\n1 = a1\n2 = b1\n3 + a2 b2\n");
        let mut no_row = full.clone();
        no_row
            .list
            .retain(|c| c.kind != ConstraintKind::Row || c.cells[0].row != 1);
        assert!(shape_of(&no_row).is_none());
        let mut uncovered = full.clone();
        let _ = uncovered.list.remove(0);
        assert!(shape_of(&uncovered).is_none());
        let mut diagonal = full.clone();
        diagonal.list.push(Constraint {
            kind: ConstraintKind::Diagonal,
            cells: vec![Cell::new(0, 0), Cell::new(1, 1)],
            op: None,
            target: None,
            distinct: true,
            rule: None,
        });
        assert!(shape_of(&diagonal).is_none(), "a diagonal is not a line");
    }
}
