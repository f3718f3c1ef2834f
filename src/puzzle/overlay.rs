//! # Decorations drawn over a puzzle's picture
//!
//! What the setter tools add to a puzzle's SVG: pencil marks (the candidates of undecided
//! cells), shaded cells, highlighted groups of cells (a hint's reason, one group per
//! constraint) and marked cells (where two solutions differ, a wrong entry, an added given).
//! Plain data; [`Puzzle::render_svg_with`](crate::Puzzle::render_svg_with) draws it.

use crate::grid::{Cell, Grid};

/// Decorations for [`Puzzle::render_svg_with`](crate::Puzzle::render_svg_with). Start from
/// [`Overlay::default`] (nothing) and fill in what to draw.
///
/// ```
/// use cagesat::{puzzle::Overlay, Cell, Puzzle};
///
/// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n3 + B1 B2")?;
/// let mut overlay = Overlay::default();
/// overlay.marked = vec![Cell::parse_label("A1").unwrap()];
/// let svg = puzzle.render_svg_with(None, &overlay);
/// assert!(svg.contains("<g class=\"marked\""));
/// # Ok::<(), cagesat::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Overlay {
    /// Small candidate digits (pencil marks) per cell, drawn in the cells that show no digit.
    pub marks: Option<Grid<Vec<u8>>>,
    /// Cells shaded light grey (for example the cells not yet decided).
    pub shaded: Vec<Cell>,
    /// Groups of cells tinted, each group in its own colour (for example the constraints of a
    /// hint's reason, one group per constraint).
    pub groups: Vec<Vec<Cell>>,
    /// Cells outlined in red (for example where two solutions differ, or added givens).
    pub marked: Vec<Cell>,
}

impl Overlay {
    /// Whether the overlay draws nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.marks.is_none()
            && self.shaded.is_empty()
            && self.groups.is_empty()
            && self.marked.is_empty()
    }
}
