//! # CrossProduct as SVG
//!
//! The table with a thin grid inside a thick frame, each row's product to its right and each
//! column's product below it, and the solution's digits when given. Cells widen to fit the
//! longest column product.

use crate::grid::Grid;
use crate::puzzle::{CrossProduct, Overlay};
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::{digits, frame, overlay, thin_grid, Layout, CELL};

/// Font size of the products.
const PRODUCT: i64 = 18;
/// Gap between the table and its products.
const GAP: i64 = 10;

/// Draws a CrossProduct table, with its solution when `grid` is given, decorated with `ov`.
#[must_use]
pub(crate) fn crossproduct(puzzle: &CrossProduct, grid: Option<&Grid<u8>>, ov: &Overlay) -> String {
    let (rows, cols) = (puzzle.rows().len(), puzzle.cols().len());
    let width_of = |p: &u64| p.to_string().len() as i64 * PRODUCT * 6 / 10;
    let widest_col = puzzle.cols().iter().map(width_of).max().unwrap_or(0);
    let widest_row = puzzle.rows().iter().map(width_of).max().unwrap_or(0);
    let cell_w = CELL.max(widest_col + 12);
    let layout = Layout::with_cell(rows, cols, cell_w, CELL);
    let mut svg = Svg::new(
        layout.width(GAP + widest_row),
        layout.height(GAP + PRODUCT + 4),
        &format!("CrossProduct {rows}x{cols}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    thin_grid(&mut svg, &layout);
    frame(&mut svg, &layout);
    let (right, bottom) = layout.far();
    svg.group("row-products", &doc::font(doc::INK, true));
    for (r, product) in puzzle.rows().iter().enumerate() {
        let (_, y) = layout.point(0, r);
        let baseline = y + CELL / 2 + PRODUCT * 7 / 20;
        svg.text(
            right + GAP,
            baseline,
            Anchor::Start,
            PRODUCT,
            &product.to_string(),
        );
    }
    svg.group("col-products", &doc::font(doc::INK, true));
    for (c, product) in puzzle.cols().iter().enumerate() {
        let (x, _) = layout.point(c, 0);
        let centre = x + cell_w / 2;
        svg.text(
            centre,
            bottom + GAP + PRODUCT,
            Anchor::Middle,
            PRODUCT,
            &product.to_string(),
        );
    }
    if let Some(g) = grid {
        digits(&mut svg, &layout, g, |_| true);
    }
    overlay::overlay(&mut svg, &layout, ov, |c| {
        grid.is_some_and(|g| *g.get(c) != 0)
    });
    svg.finish()
}
