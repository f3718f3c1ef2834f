//! # Kakuro checker
//!
//! Walks from every clue square itself (it does not use the runs the puzzle model found):
//! the white squares after a clue, up to the next non-white square, must hold distinct
//! digits adding up to the clue. White squares hold 1..=9 and all other squares 0.

use crate::grid::{Cell, Grid};
use crate::puzzle::kakuro::{Kakuro, Square};
use crate::verify::{check_shape, VerifyError};

/// Checks a Kakuro solution (`grid` has the puzzle's shape; non-white squares hold 0).
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify_kakuro(k: &Kakuro, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let squares = k.squares();
    let (rows, cols) = (squares.rows(), squares.cols());
    check_shape(grid, rows, cols)?;
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    for r in 0..rows {
        for c in 0..cols {
            let value = *grid.get(at(r, c));
            let white = *squares.get(at(r, c)) == Square::White;
            if white && !(1..=9).contains(&value) {
                return Err(VerifyError::KakuroDigit {
                    row: r + 1,
                    col: c + 1,
                    value,
                });
            }
            if !white && value != 0 {
                return Err(VerifyError::KakuroFilledSquare {
                    row: r + 1,
                    col: c + 1,
                    value,
                });
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            let Square::Clue { down, across } = *squares.get(at(r, c)) else {
                continue;
            };
            if let Some(sum) = across {
                let cells = (c + 1..cols).map(|j| at(r, j));
                check_run(squares, grid, cells, sum, ("across", r, c))?;
            }
            if let Some(sum) = down {
                let cells = (r + 1..rows).map(|i| at(i, c));
                check_run(squares, grid, cells, sum, ("down", r, c))?;
            }
        }
    }
    Ok(())
}

/// The white squares at the start of `cells` must hold distinct digits summing to `sum`.
fn check_run(
    squares: &Grid<Square>,
    grid: &Grid<u8>,
    cells: impl Iterator<Item = Cell>,
    sum: u32,
    (dir, r, c): (&'static str, usize, usize),
) -> Result<(), VerifyError> {
    let values: Vec<u8> = cells
        .take_while(|&cell| *squares.get(cell) == Square::White)
        .map(|cell| *grid.get(cell))
        .collect();
    let total: u32 = values.iter().map(|&v| u32::from(v)).sum();
    let mut seen = [false; 256];
    let distinct = values
        .iter()
        .all(|&v| !std::mem::replace(&mut seen[usize::from(v)], true));
    if total == sum && distinct && !values.is_empty() {
        return Ok(());
    }
    Err(VerifyError::KakuroRun {
        dir,
        row: r + 1,
        col: c + 1,
        sum,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Kakuro {
        let clue = |down, across| Square::Clue { down, across };
        let (b, w) = (Square::Blocked, Square::White);
        Kakuro::new(
            Grid::from_rows(vec![
                vec![b, clue(Some(4), None), clue(Some(3), None)],
                vec![clue(None, Some(3)), w, w],
                vec![clue(None, Some(4)), w, w],
            ])
            .unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn accepts_the_solution_and_rejects_breaks() {
        let k = puzzle();
        let good = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 1, 2], vec![0, 3, 1]]).unwrap();
        assert_eq!(verify_kakuro(&k, &good), Ok(()));
        let bad_sum = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 2, 1], vec![0, 3, 1]]).unwrap();
        assert!(matches!(
            verify_kakuro(&k, &bad_sum),
            Err(VerifyError::KakuroRun { dir: "down", .. })
        ));
        let filled = Grid::from_rows(vec![vec![5, 0, 0], vec![0, 1, 2], vec![0, 3, 1]]).unwrap();
        assert_eq!(
            verify_kakuro(&k, &filled).unwrap_err().to_string(),
            "square at row 1, column 1 is not white but holds 5"
        );
        let zero = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 0, 3], vec![0, 3, 1]]).unwrap();
        assert!(matches!(
            verify_kakuro(&k, &zero),
            Err(VerifyError::KakuroDigit { value: 0, .. })
        ));
    }

    #[test]
    fn repeated_digits_break_a_run() {
        let clue = |down, across| Square::Clue { down, across };
        let (b, w) = (Square::Blocked, Square::White);
        let k = Kakuro::new(
            Grid::from_rows(vec![
                vec![b, clue(Some(4), None), clue(Some(4), None)],
                vec![clue(None, Some(4)), w, w],
                vec![clue(None, Some(4)), w, w],
            ])
            .unwrap(),
        )
        .unwrap();
        // 2+2 sums to 4 but repeats.
        let g = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 2, 2], vec![0, 2, 2]]).unwrap();
        assert_eq!(
            verify_kakuro(&k, &g).unwrap_err().to_string(),
            "down run after the clue at row 1, column 2 must be distinct digits summing to 4, found [2, 2]"
        );
    }
}
