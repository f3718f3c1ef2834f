//! # Checking an Unequal grid
//!
//! The independent verifier: it reads the puzzle and the grid and nothing else. The Latin
//! square and givens are checked by the shared check of `crate::verify::square`; each
//! pair of orthogonal neighbours is checked here against its mark (or, in the adjacent
//! mode, against the absence of one: Tatham's rule that unbarred neighbours do not differ
//! by 1).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Mark, Unequal};
use crate::verify::square::verify_square;
use crate::verify::VerifyError;

/// Checks `grid` against `u`: shape, digits, givens, rows, columns and every pair.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify(u: &Unequal, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let n = u.size();
    verify_square(n, &u.given_cells(), grid)?;
    for r in 0..n {
        for c in 0..n {
            let here = Cell::new(r as u8, c as u8);
            let right = (c + 1 < n).then(|| (Cell::new(r as u8, (c + 1) as u8), u.right(here)));
            let below = (r + 1 < n).then(|| (Cell::new((r + 1) as u8, c as u8), u.down(here)));
            for (there, mark) in right.into_iter().chain(below) {
                let (a, b) = (*grid.get(here), *grid.get(there));
                let (ok, rule) = match mark {
                    Mark::Less => (a < b, "first < second"),
                    Mark::Greater => (a > b, "first > second"),
                    Mark::Bar => (a.abs_diff(b) == 1, "differ by 1"),
                    _ if u.adjacent() => (a.abs_diff(b) != 1, "not differ by 1 (no bar)"),
                    _ => (true, ""),
                };
                if !ok {
                    return Err(VerifyError::Mark {
                        first: here,
                        second: there,
                        a,
                        b,
                        rule,
                    });
                }
            }
        }
    }
    Ok(())
}
