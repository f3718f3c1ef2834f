//! # Pieces shared by the Latin-square kinds of Simon Tatham (Towers, Unequal)
//!
//! Grading and the digits' drawing; each kind adds its own family. The CNF is the model's
//! (`crate::encode::model`); the verifier's Latin-square check is `crate::verify::square`.

use crate::encode::Encoding;
use crate::grid::{Cell, Grid};
use crate::verify::VerifyError;

/// Grades a Latin-square kind as Sudoku is graded: the one grader (`crate::grade`) on the
/// model's families (the houses, and the kind's own family filtered exactly: the house
/// scale, where `box-line` changes nothing without boxes), then unit propagation on the CNF
/// `enc`; every fixed grid passes `verify`.
///
/// # Errors
/// [`GradeError::Unsupported`](crate::grade::GradeError::Unsupported) when the model has a
/// family the network does not take, and the grader's errors.
pub(crate) fn grade(
    kind: &'static str,
    constraints: &crate::puzzle::Constraints,
    verify: &dyn Fn(&Grid<u8>) -> Result<(), VerifyError>,
    enc: Result<Encoding, crate::encode::EncodeError>,
) -> Result<crate::grade::Grade, crate::grade::GradeError> {
    let families = crate::grade::Families::model(kind, constraints)?;
    crate::grade::grade(&families, verify, enc)
}

/// Draws the givens (bold) of an `n`×`n` square, the other digits of `grid` when given, and
/// the overlay's marks: the end of the Towers and Unequal pictures.
pub(crate) fn draw_digits(
    svg: &mut crate::render::svg::doc::Svg,
    layout: &crate::render::svg::Layout,
    n: usize,
    givens: &[(Cell, u8)],
    grid: Option<&Grid<u8>>,
    ov: &crate::puzzle::Overlay,
) {
    use crate::render::svg::doc::{self, Anchor};
    use crate::render::svg::{digits, overlay, CELL};
    let mut given = Grid::filled(n, n, 0u8);
    for &(cell, d) in givens {
        given.set(cell, d);
    }
    svg.group("givens", &doc::font(doc::INK, true));
    let size = CELL * 9 / 16;
    for &(cell, d) in givens {
        let (x, y) = layout.centre(cell);
        svg.text(
            x,
            y + size * 7 / 20 + CELL / 16,
            Anchor::Middle,
            size,
            &d.to_string(),
        );
    }
    if let Some(g) = grid {
        digits(svg, layout, g, |c| *given.get(c) == 0);
    }
    let shown = grid.unwrap_or(&given);
    overlay::overlay(svg, layout, ov, |c| *shown.get(c) != 0);
}
