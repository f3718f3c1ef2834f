//! # KenKen drawing

use crate::grid::{Cell, Grid};
use crate::puzzle::{KenKen, Op};
use crate::render::draw_regions;

/// Draws a solved (or unsolved, with `None`) KenKen with its cages.
#[must_use]
pub(crate) fn kenken(puzzle: &KenKen, grid: Option<&Grid<u8>>) -> String {
    let cage_of = puzzle.cage_of();
    let label = |cell: Cell| {
        let cage = &puzzle.cages()[*cage_of.get(cell)];
        if cage.anchor() == cell {
            match cage.effective_op() {
                // A cage without operator shows its target alone.
                Op::Any => cage.target.to_string(),
                op => format!("{}{}", cage.target, op.symbol()),
            }
        } else {
            String::new()
        }
    };
    let value = |cell: Cell| grid.map_or_else(String::new, |g| g.get(cell).to_string());
    draw_regions(&cage_of, label, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Cage;

    #[test]
    fn two_by_two_drawing() {
        let cages = vec![
            Cage {
                op: Op::Add,
                target: 3,
                cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            },
            Cage {
                op: Op::Given,
                target: 2,
                cells: vec![Cell::new(1, 0)],
            },
            Cage {
                op: Op::Given,
                target: 1,
                cells: vec![Cell::new(1, 1)],
            },
        ];
        let k = KenKen::new(2, cages, true).unwrap();
        let g = Grid::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
        let text = kenken(&k, Some(&g));
        let expected = "\
┌───────────┐
│ 3+        │
│  1     2  │
├─────┬─────┤
│ 2=  │ 1=  │
│  2  │  1  │
└─────┴─────┘
";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_hidden_operator_shows_the_target_alone() {
        let cages = vec![
            Cage {
                op: Op::Any,
                target: 3,
                cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            },
            Cage {
                op: Op::Any,
                target: 1,
                cells: vec![Cell::new(1, 0), Cell::new(1, 1)],
            },
        ];
        let k = KenKen::new(2, cages, true).unwrap();
        let text = kenken(&k, None);
        assert!(text.contains("│ 3 "), "{text}");
        assert!(text.contains("│ 1 "), "{text}");
        assert!(!text.contains('?'), "{text}");
    }
}
