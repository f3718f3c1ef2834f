//! # Checking a Towers grid
//!
//! The independent verifier: it reads the puzzle and the grid and nothing else. The Latin
//! square and givens are checked by the shared check of `crate::verify::square`; each
//! clue's line is walked here from its side, counting the towers taller than all before.

use crate::grid::{Cell, Grid};
use crate::puzzle::{Side, Towers};
use crate::verify::square::verify_square;
use crate::verify::VerifyError;

/// Checks `grid` against `t`: shape, digits, givens, rows, columns and every clue.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify(t: &Towers, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let n = t.size();
    verify_square(n, &t.given_cells(), grid)?;
    for side in Side::ALL {
        for i in 0..n {
            let clue = t.clue(side, i);
            if clue == 0 {
                continue;
            }
            // The line from the clue inward, computed here from the side.
            let cell = |j: usize| match side {
                Side::Top => Cell::new(j as u8, i as u8),
                Side::Bottom => Cell::new((n - 1 - j) as u8, i as u8),
                Side::Left => Cell::new(i as u8, j as u8),
                _ => Cell::new(i as u8, (n - 1 - j) as u8),
            };
            let mut tallest = 0;
            let mut seen = 0;
            for j in 0..n {
                let h = *grid.get(cell(j));
                if h > tallest {
                    tallest = h;
                    seen += 1;
                }
            }
            if seen != usize::from(clue) {
                let line = match side {
                    Side::Top | Side::Bottom => format!("column {}", i + 1),
                    _ => format!("row {}", Cell::row_label(i as u8)),
                };
                return Err(VerifyError::Visible {
                    side: side.name(),
                    line,
                    clue,
                    seen,
                });
            }
        }
    }
    Ok(())
}
