//! # Kakuro drawing
//!
//! One text line per row of squares, every square boxed: blocked squares shaded `░`, clue
//! squares showing `D\A` as in the file, white squares their digit (blank without a
//! solution).

use crate::grid::{Cell, Grid};
use crate::puzzle::kakuro::{Kakuro, Square};

/// Draws a Kakuro with its solution (or without, when `grid` is `None`).
#[must_use]
pub(crate) fn kakuro(puzzle: &Kakuro, grid: Option<&Grid<u8>>) -> String {
    let squares = puzzle.squares();
    let (rows, cols) = (squares.rows(), squares.cols());
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let text = |cell: Cell| match *squares.get(cell) {
        Square::Blocked => None,
        Square::White => Some(grid.map_or_else(String::new, |g| g.get(cell).to_string())),
        Square::Clue { down, across } => {
            let n = |x: Option<u32>| x.map_or_else(String::new, |v| v.to_string());
            Some(format!("{}\\{}", n(down), n(across)))
        }
    };
    let width = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter_map(|(r, c)| text(at(r, c)))
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(3)
        + 2;
    let border = |left: char, mid: char, right: char| {
        let mut line = String::new();
        line.push(left);
        for c in 0..cols {
            line.extend(std::iter::repeat_n('─', width));
            line.push(if c + 1 == cols { right } else { mid });
        }
        line.push('\n');
        line
    };
    let mut out = border('┌', '┬', '┐');
    for r in 0..rows {
        out.push('│');
        for c in 0..cols {
            match text(at(r, c)) {
                None => out.extend(std::iter::repeat_n('░', width)),
                Some(t) => out.push_str(&format!("{t:^width$}")),
            }
            out.push('│');
        }
        out.push('\n');
        out.push_str(&if r + 1 == rows {
            border('└', '┴', '┘')
        } else {
            border('├', '┼', '┤')
        });
    }
    out
}

/// The solution in the file's shape: white squares as their digit, all others `None`.
#[must_use]
pub(crate) fn kakuro_cells(puzzle: &Kakuro, grid: &Grid<u8>) -> Vec<Vec<Option<u8>>> {
    let squares = puzzle.squares();
    (0..squares.rows())
        .map(|r| {
            (0..squares.cols())
                .map(|c| {
                    let cell = Cell::new(r as u8, c as u8);
                    (*squares.get(cell) == Square::White).then(|| *grid.get(cell))
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_drawing() {
        let clue = |down, across| Square::Clue { down, across };
        let (b, w) = (Square::Blocked, Square::White);
        let k = Kakuro::new(
            Grid::from_rows(vec![
                vec![b, clue(Some(4), None), clue(Some(3), None)],
                vec![clue(None, Some(3)), w, w],
                vec![clue(None, Some(4)), w, w],
            ])
            .unwrap(),
        )
        .unwrap();
        let g = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 1, 2], vec![0, 3, 1]]).unwrap();
        let expected = "\
┌─────┬─────┬─────┐
│░░░░░│ 4\\  │ 3\\  │
├─────┼─────┼─────┤
│ \\3  │  1  │  2  │
├─────┼─────┼─────┤
│ \\4  │  3  │  1  │
└─────┴─────┴─────┘
";
        assert_eq!(kakuro(&k, Some(&g)), expected);
        assert_eq!(
            serde_json::json!(kakuro_cells(&k, &g)).to_string(),
            "[[null,null,null],[null,1,2],[null,3,1]]"
        );
    }
}
