//! # Checking a Sudoku or Killer Sudoku grid
//!
//! The independent verifier of both kinds: it reads the puzzle model and the grid and
//! nothing else (no encoder, no CNF, no native search). Rows, columns and boxes are
//! computed here from the side and the box shape, not taken from the model; so are the two
//! diagonals of an X variant. A jigsaw's regions are input, like its givens: they are read
//! from the puzzle's region map (`Sudoku::regions`), cell by cell. The variant constraints
//! (thermometers, dots, …) are checked last, each from its definition
//! (`crate::verify::variant`).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Killer, Sudoku};
use crate::verify::variant::verify_variants;
use crate::verify::VerifyError;

/// Checks `grid` against a Sudoku: shape, digits 1..=N, givens, rows, columns and boxes.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify_sudoku(s: &Sudoku, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let n = s.size();
    if grid.rows() != n || grid.cols() != n {
        return Err(VerifyError::Shape {
            rows: grid.rows(),
            cols: grid.cols(),
            want_rows: n,
            want_cols: n,
        });
    }
    // Most grids checked are right: one pass over the rows settles them; the checks below,
    // which name the first broken rule, run only when it finds something wrong.
    if one_pass(s, grid) {
        return verify_variants(s, grid);
    }
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    for r in 0..n {
        for c in 0..n {
            let cell = at(r, c);
            let v = *grid.get(cell);
            if v == 0 || usize::from(v) > n {
                return Err(VerifyError::OutOfRange {
                    cell,
                    value: v,
                    max: n as u8,
                });
            }
            let given = *s.givens().get(cell);
            if given != 0 && given != v {
                // A given is a one-cell `=` cage.
                return Err(VerifyError::Cage {
                    target: u64::from(given),
                    op: '=',
                    anchor: cell,
                    values: vec![v],
                });
            }
        }
    }
    let (br, bc) = s.boxes();
    let mut groups: Vec<(String, Vec<Cell>)> = Vec::new();
    for i in 0..n {
        groups.push((
            format!("row {}", Cell::row_label(i as u8)),
            (0..n).map(|j| at(i, j)).collect(),
        ));
        groups.push((
            format!("column {}", i + 1),
            (0..n).map(|j| at(j, i)).collect(),
        ));
    }
    if let Some(map) = s.regions() {
        // Jigsaw: the cells of each region number, read from the map.
        for id in 0..n {
            let cells: Vec<Cell> = (0..n)
                .flat_map(|r| (0..n).map(move |c| at(r, c)))
                .filter(|&cell| usize::from(*map.get(cell)) == id)
                .collect();
            let name = u8::try_from(id).map_or('?', |i| char::from(b'A'.saturating_add(i)));
            groups.push((format!("region {name}"), cells));
        }
    } else {
        let mut number = 0;
        for top in (0..n).step_by(br) {
            for left in (0..n).step_by(bc) {
                number += 1;
                let cells = (top..top + br)
                    .flat_map(|r| (left..left + bc).map(move |c| at(r, c)))
                    .collect();
                groups.push((format!("box {number}"), cells));
            }
        }
    }
    if s.diagonals() {
        // Sudoku X: both long diagonals, computed here from the side alone.
        groups.push((
            "the diagonal from the top left".to_string(),
            (0..n).map(|i| at(i, i)).collect(),
        ));
        groups.push((
            "the diagonal from the top right".to_string(),
            (0..n).map(|i| at(i, n - 1 - i)).collect(),
        ));
    }
    for (line, cells) in groups {
        distinct(grid, &cells, || line.clone())?;
    }
    verify_variants(s, grid)
}

/// The largest side [`one_pass`] takes (its digits, at most this, index a `u64`).
const MAX_ONE_PASS: usize = 63;

/// Whether `grid` (of the puzzle's side, checked before) breaks none of the rules of
/// [`verify_sudoku`], in one pass over its rows: every digit in `1..=n` and equal to its
/// given, and distinct in its row, column, box (or jigsaw region) and, for an X, diagonals,
/// each a bit mask of the digits seen. `false` also when the side is above
/// [`MAX_ONE_PASS`] or a region number is out of range: [`verify_sudoku`] then decides.
fn one_pass(s: &Sudoku, grid: &Grid<u8>) -> bool {
    let n = s.size();
    let (br, bc) = s.boxes();
    let givens = s.givens();
    if n > MAX_ONE_PASS || br == 0 || bc == 0 || givens.rows() != n || givens.cols() != n {
        return false;
    }
    let regions = s.regions();
    if regions.is_some_and(|m| m.rows() != n || m.cols() != n) {
        return false;
    }
    let mut region_rows = regions.map(Grid::iter_rows);
    let (mut cols, mut boxes) = ([0u64; MAX_ONE_PASS], [0u64; MAX_ONE_PASS]);
    let (mut down, mut up) = (0u64, 0u64);
    // The first box of the row's band, counted without a division.
    let (mut band, mut in_band) = (0, 0);
    for (r, (row, given_row)) in grid.iter_rows().zip(givens.iter_rows()).enumerate() {
        let ids = region_rows.as_mut().and_then(Iterator::next);
        let (mut seen, mut stack, mut in_stack) = (0u64, 0, 0);
        for (c, (&v, &g)) in row.iter().zip(given_row).enumerate() {
            if v == 0 || usize::from(v) > n || (g != 0 && g != v) {
                return false;
            }
            let b = 1u64 << v;
            let group = match ids {
                Some(ids) => usize::from(ids[c]),
                None => band + stack,
            };
            if group >= n || (seen | cols[c] | boxes[group]) & b != 0 {
                return false;
            }
            seen |= b;
            cols[c] |= b;
            boxes[group] |= b;
            in_stack += 1;
            if in_stack == bc {
                (stack, in_stack) = (stack + 1, 0);
            }
        }
        if s.diagonals() {
            let (d, u) = (1u64 << row[r], 1u64 << row[n - 1 - r]);
            if down & d != 0 || up & u != 0 {
                return false;
            }
            (down, up) = (down | d, up | u);
        }
        in_band += 1;
        if in_band == br {
            (band, in_band) = (band + n / bc, 0);
        }
    }
    true
}

/// An error unless the digits of `cells` are distinct.
fn distinct(grid: &Grid<u8>, cells: &[Cell], name: impl Fn() -> String) -> Result<(), VerifyError> {
    for (i, &a) in cells.iter().enumerate() {
        if let Some(&b) = cells[i + 1..].iter().find(|&&b| grid.get(b) == grid.get(a)) {
            return Err(VerifyError::Repeat {
                digit: *grid.get(a),
                line: name(),
                first: a,
                second: b,
            });
        }
    }
    Ok(())
}

/// Checks `grid` against a Killer Sudoku: the Sudoku, then every cage's distinct digits
/// and sum.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify_killer(k: &Killer, grid: &Grid<u8>) -> Result<(), VerifyError> {
    verify_sudoku(k.sudoku(), grid)?;
    for cage in k.cages() {
        let values: Vec<u8> = cage.cells.iter().map(|&c| *grid.get(c)).collect();
        let sum: u64 = values.iter().map(|&v| u64::from(v)).sum();
        let anchor = cage.cells.iter().copied().min().unwrap_or(Cell::new(0, 0));
        distinct(grid, &cage.cells, || format!("the cage at {anchor}"))?;
        if sum != u64::from(cage.sum) {
            return Err(VerifyError::Cage {
                target: u64::from(cage.sum),
                op: '+',
                anchor,
                values,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solved 9×9 grid: row `r` is the row above shifted by three, or by one across a band.
    fn solved() -> Grid<u8> {
        let rows = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| ((3 * r + r / 3 + c) % 9 + 1) as u8)
                    .collect()
            })
            .collect();
        Grid::from_rows(rows).expect("square")
    }

    /// The one pass accepts exactly the grids the named checks accept.
    #[test]
    fn one_pass_agrees_with_the_named_checks() {
        let grid = solved();
        let free = Sudoku::new(9, (3, 3), &[]).expect("a Sudoku");
        let given = Sudoku::new(9, (3, 3), &[(Cell::new(4, 4), *grid.get(Cell::new(4, 4)))])
            .expect("a Sudoku");
        let wrong_given = Sudoku::new(9, (3, 3), &[(Cell::new(0, 0), 9)]).expect("a Sudoku");
        assert!(one_pass(&free, &grid) && verify_sudoku(&free, &grid).is_ok());
        assert!(one_pass(&given, &grid));
        assert!(!one_pass(&wrong_given, &grid) && verify_sudoku(&wrong_given, &grid).is_err());
        // Each swap of two cells of a row keeps the row and breaks a column.
        for c in 1..9 {
            let mut bad = grid.clone();
            let (a, b) = (*grid.get(Cell::new(2, 0)), *grid.get(Cell::new(2, c)));
            bad.set(Cell::new(2, 0), b);
            bad.set(Cell::new(2, c), a);
            assert!(!one_pass(&free, &bad));
            assert!(verify_sudoku(&free, &bad).is_err());
        }
        // Rows shifted by one within a band: columns right, boxes wrong.
        let rows = (0..9)
            .map(|r| (0..9).map(|c| ((r + c) % 9 + 1) as u8).collect())
            .collect();
        let latin = Grid::from_rows(rows).expect("square");
        assert!(!one_pass(&free, &latin) && verify_sudoku(&free, &latin).is_err());
        let mut zero = grid.clone();
        zero.set(Cell::new(8, 8), 0);
        assert!(!one_pass(&free, &zero) && verify_sudoku(&free, &zero).is_err());
    }
}
