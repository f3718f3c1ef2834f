//! # Drawing an [`Overlay`]
//!
//! Two layers around a kind's own picture: the underlay (shaded cells, tinted groups) right
//! after the white background, so that walls, clues and digits stay on top of it; the overlay
//! (pencil marks, red outlines of marked cells) last.

use crate::grid::{Cell, Grid};
use crate::puzzle::Overlay;
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::Layout;

/// Fill of shaded cells.
const SHADED: &str = "#ececec";
/// Tints of highlighted groups, one per group in turn.
const TINTS: &[&str] = &[
    "#ffd54f", "#4fc3f7", "#81c784", "#f06292", "#ba68c8", "#ff8a65", "#a1887f", "#90a4ae",
];
/// Outline of marked cells.
const MARK: &str = "#d32f2f";
/// Colour of pencil marks.
const PENCIL: &str = "#555555";

/// Draws the shaded cells and the tinted groups.
pub(crate) fn underlay(svg: &mut Svg, layout: &Layout, overlay: &Overlay) {
    if !overlay.shaded.is_empty() {
        svg.group("shaded", &format!("fill=\"{SHADED}\" stroke=\"none\""));
        for &cell in &overlay.shaded {
            cell_rect(svg, layout, cell, 0);
        }
    }
    for (i, group) in overlay.groups.iter().enumerate() {
        let tint = TINTS[i % TINTS.len()];
        svg.group(
            &format!("highlight group-{i}"),
            &format!("fill=\"{tint}\" fill-opacity=\"0.45\" stroke=\"none\""),
        );
        for &cell in group {
            cell_rect(svg, layout, cell, 0);
        }
    }
}

/// Draws the pencil marks (in cells `has_digit` rejects) and the marked cells' outlines.
pub(crate) fn overlay(
    svg: &mut Svg,
    layout: &Layout,
    overlay: &Overlay,
    has_digit: impl Fn(Cell) -> bool,
) {
    if let Some(marks) = &overlay.marks {
        pencil_marks(svg, layout, marks, has_digit);
    }
    if !overlay.marked.is_empty() {
        svg.group("marked", &doc::stroke(MARK, 3));
        for &cell in &overlay.marked {
            cell_rect(svg, layout, cell, 4);
        }
    }
}

/// Small digits on a k×k lattice inside each cell (k = ⌈√largest digit⌉), digit d at
/// position d − 1 in reading order, as pencil marks are written by hand, below the corner
/// where a cage's clue sits.
fn pencil_marks(
    svg: &mut Svg,
    layout: &Layout,
    marks: &Grid<Vec<u8>>,
    has_digit: impl Fn(Cell) -> bool,
) {
    let largest = marks
        .iter_rows()
        .flatten()
        .flat_map(|digits| digits.iter().copied())
        .max()
        .unwrap_or(1);
    let mut k: i64 = 1;
    while k * k < i64::from(largest) {
        k += 1;
    }
    let (w, h) = layout.cell_size();
    // The lattice keeps clear of the clue in the cell's top-left corner: it fills the
    // cell's width and its lower 70%.
    let (top, room) = (h * 3 / 10, h * 7 / 10);
    let size = (room / k).clamp(6, 16) * 17 / 20;
    svg.group("candidates", &doc::font(PENCIL, false));
    for r in 0..marks.rows() {
        for c in 0..marks.cols() {
            let cell = Cell::new(r as u8, c as u8);
            if has_digit(cell) {
                continue;
            }
            let (x, y) = layout.corner(cell);
            for &d in marks.get(cell) {
                let i = i64::from(d.max(1)) - 1;
                let (col, row) = (i % k, i / k);
                let cx = x + w * (2 * col + 1) / (2 * k);
                let cy = y + top + room * (2 * row + 1) / (2 * k) + size * 7 / 20;
                svg.text(cx, cy, Anchor::Middle, size, &d.to_string());
            }
        }
    }
}

/// A cell's square, `inset` pixels inside its edges.
fn cell_rect(svg: &mut Svg, layout: &Layout, cell: Cell, inset: i64) {
    let (x, y) = layout.corner(cell);
    let (w, h) = layout.cell_size();
    svg.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset);
}
