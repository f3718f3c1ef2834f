//! # Drawing puzzles as SVG
//!
//! Self-contained, deterministic SVG pictures of every puzzle kind, drawn the way puzzle books
//! and Simon Tatham's Keen draw them (one file per kind, in its folder: `src/kind/<kind>/`):
//! KenKen cages with thick walls and their clues, Kakuro clue squares split by a diagonal,
//! CrossProduct tables with their products around them. Solution digits are centred in their
//! cells when a grid is given. Row letters (`A`, `B`, …) run down the left of the grid and
//! column numbers (`1`, `2`, …) along its top, in a gutter outside the frame, so that a cell is
//! found by the name the text format and every message give it (`B3`); a kind's own clues
//! (Kakuro's clue squares inside the grid, CrossProduct's products right of and below it) never
//! meet them. Elements sit in named groups (`<g class="grid">`, `cage-walls`, `frame`,
//! `labels`, `clues`, `digits`, …) so that tools and tests can find them.

pub(crate) mod doc;
pub(crate) mod overlay;
pub(crate) mod variant;
pub(crate) mod walls;

use crate::grid::{Cell, Grid};
use doc::{Anchor, Svg};

/// Side of a square cell, in pixels.
pub(crate) const CELL: i64 = 64;
/// Blank border around the picture.
pub(crate) const MARGIN: i64 = 8;
/// Room for the row letters left of the grid and the column numbers above it.
pub(crate) const GUTTER: i64 = 24;
/// Font size of the row and column labels.
const LABEL: i64 = 14;
/// Colour of the row and column labels: quieter than clues and digits.
const LABEL_INK: &str = "#6a6a6a";

/// Where the cells of a rows×cols grid sit in the picture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    rows: usize,
    cols: usize,
    cell_w: i64,
    cell_h: i64,
    /// Room on every side between the grid and the labels (for clues outside the grid).
    border: i64,
}

impl Layout {
    /// A grid of square cells.
    pub(crate) fn new(rows: usize, cols: usize, cell: i64) -> Self {
        Layout {
            rows,
            cols,
            cell_w: cell,
            cell_h: cell,
            border: 0,
        }
    }

    /// The same layout with `border` pixels of room on every side of the grid, inside the
    /// row and column labels (where clues outside the grid go).
    pub(crate) fn with_border(self, border: i64) -> Self {
        Layout { border, ..self }
    }

    /// The room on every side of the grid (see [`Layout::with_border`]).
    pub(crate) fn border(&self) -> i64 {
        self.border
    }

    /// A grid of cells `cell_w` wide and `cell_h` high.
    pub(crate) fn with_cell(rows: usize, cols: usize, cell_w: i64, cell_h: i64) -> Self {
        Layout {
            rows,
            cols,
            cell_w,
            cell_h,
            border: 0,
        }
    }

    /// The picture's width with `extra` pixels right of the grid (the row labels' gutter
    /// included).
    pub(crate) fn width(&self, extra: i64) -> i64 {
        2 * MARGIN + GUTTER + 2 * self.border + self.cols as i64 * self.cell_w + extra
    }

    /// The picture's height with `extra` pixels below the grid (the column labels' gutter
    /// included).
    pub(crate) fn height(&self, extra: i64) -> i64 {
        2 * MARGIN + GUTTER + 2 * self.border + self.rows as i64 * self.cell_h + extra
    }

    /// The pixel position of grid line crossing (column line `x`, row line `y`).
    pub(crate) fn point(&self, x: usize, y: usize) -> (i64, i64) {
        (
            MARGIN + GUTTER + self.border + x as i64 * self.cell_w,
            MARGIN + GUTTER + self.border + y as i64 * self.cell_h,
        )
    }

    /// The top-left corner of a cell.
    pub(crate) fn corner(&self, cell: Cell) -> (i64, i64) {
        self.point(usize::from(cell.col), usize::from(cell.row))
    }

    /// The centre of a cell.
    pub(crate) fn centre(&self, cell: Cell) -> (i64, i64) {
        let (x, y) = self.corner(cell);
        (x + self.cell_w / 2, y + self.cell_h / 2)
    }

    /// A cell's width and height.
    pub(crate) fn cell_size(&self) -> (i64, i64) {
        (self.cell_w, self.cell_h)
    }

    /// The far corner of the grid (right, bottom).
    pub(crate) fn far(&self) -> (i64, i64) {
        self.point(self.cols, self.rows)
    }
}

/// Thin lines on every internal row and column boundary.
pub(crate) fn thin_grid(svg: &mut Svg, layout: &Layout) {
    svg.group("grid", &doc::stroke(doc::THIN, 1));
    let (right, bottom) = layout.far();
    for r in 1..layout.rows {
        let (x, y) = layout.point(0, r);
        svg.line(x, y, right, y);
    }
    for c in 1..layout.cols {
        let (x, y) = layout.point(c, 0);
        svg.line(x, y, x, bottom);
    }
}

/// The thick outer frame, with the row and column labels outside it ([`labels`]).
pub(crate) fn frame(svg: &mut Svg, layout: &Layout) {
    svg.group("frame", &doc::stroke(doc::INK, 4));
    let (x, y) = layout.point(0, 0);
    let (right, bottom) = layout.far();
    svg.rect(x, y, right - x, bottom - y);
    labels(svg, layout);
}

/// The row letters centred in the gutter left of each row and the column numbers centred
/// above each column, as the text format names cells (`A1` is the top-left cell).
pub(crate) fn labels(svg: &mut Svg, layout: &Layout) {
    svg.group("labels", &doc::font(LABEL_INK, false));
    let (left, top) = layout.point(0, 0);
    let (cell_w, cell_h) = layout.cell_size();
    // Clear of the frame's 4-pixel stroke, which is centred on the grid's edge.
    let above = top - layout.border - LABEL / 2 - 2;
    for c in 0..layout.cols {
        let (x, _) = layout.point(c, 0);
        svg.text(
            x + cell_w / 2,
            above,
            Anchor::Middle,
            LABEL,
            &(c + 1).to_string(),
        );
    }
    let beside = left - layout.border - GUTTER / 2 - 2;
    for r in 0..layout.rows {
        let (_, y) = layout.point(0, r);
        let name = Cell::row_label(u8::try_from(r).unwrap_or(u8::MAX));
        let size = doc::fitting_size(name.len(), GUTTER - 4, LABEL);
        svg.text(
            beside,
            y + cell_h / 2 + size * 7 / 20,
            Anchor::Middle,
            size,
            &name,
        );
    }
}

/// The solution's digits, centred, in the cells `show` accepts (a 0 is an empty cell).
pub(crate) fn digits(svg: &mut Svg, layout: &Layout, grid: &Grid<u8>, show: impl Fn(Cell) -> bool) {
    svg.group("digits", &doc::font(doc::DIGIT, false));
    let size = layout.cell_h * 9 / 16;
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let cell = Cell::new(r as u8, c as u8);
            if !show(cell) || *grid.get(cell) == 0 {
                continue;
            }
            let (x, y) = layout.centre(cell);
            let baseline = y + size * 7 / 20 + layout.cell_h / 16;
            svg.text(
                x,
                baseline,
                Anchor::Middle,
                size,
                &grid.get(cell).to_string(),
            );
        }
    }
}
