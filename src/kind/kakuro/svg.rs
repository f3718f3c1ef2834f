//! # Kakuro as SVG
//!
//! Blocked squares are dark. A clue square is split by its diagonal (top-left to
//! bottom-right): the down sum sits in the bottom-left triangle, the across sum in the
//! top-right one, and a triangle without a sum is dark. White squares hold the solution's
//! digits when given.

use crate::grid::{Cell, Grid};
use crate::puzzle::kakuro::{Kakuro, Square};
use crate::puzzle::Overlay;
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::{digits, frame, overlay, thin_grid, Layout, CELL};

/// Draws a Kakuro, with its solution when `grid` is given, decorated with `ov`.
#[must_use]
pub(crate) fn kakuro(puzzle: &Kakuro, grid: Option<&Grid<u8>>, ov: &Overlay) -> String {
    let squares = puzzle.squares();
    let (rows, cols) = (squares.rows(), squares.cols());
    let layout = Layout::new(rows, cols, CELL);
    let mut svg = Svg::new(
        layout.width(0),
        layout.height(0),
        &format!("Kakuro {rows}x{cols}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    let cells: Vec<(Cell, Square)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| Cell::new(r as u8, c as u8)))
        .map(|cell| (cell, *squares.get(cell)))
        .collect();
    svg.group(
        "clue-squares",
        &format!("fill=\"{}\" stroke=\"none\"", doc::SHADE),
    );
    for &(cell, sq) in &cells {
        if matches!(sq, Square::Clue { .. }) {
            let (x, y) = layout.corner(cell);
            svg.rect(x, y, CELL, CELL);
        }
    }
    svg.group(
        "blocked",
        &format!("fill=\"{}\" stroke=\"none\"", doc::DARK),
    );
    for &(cell, sq) in &cells {
        let (x, y) = layout.corner(cell);
        match sq {
            Square::Blocked => svg.rect(x, y, CELL, CELL),
            Square::Clue { down, across } => {
                if down.is_none() {
                    svg.polygon(&[(x, y), (x, y + CELL), (x + CELL, y + CELL)]);
                }
                if across.is_none() {
                    svg.polygon(&[(x, y), (x + CELL, y), (x + CELL, y + CELL)]);
                }
            }
            Square::White => {}
        }
    }
    thin_grid(&mut svg, &layout);
    svg.group("diagonals", &doc::stroke(doc::INK, 1));
    for &(cell, sq) in &cells {
        if matches!(sq, Square::Clue { .. }) {
            let (x, y) = layout.corner(cell);
            svg.line(x, y, x + CELL, y + CELL);
        }
    }
    frame(&mut svg, &layout);
    svg.group("clues", &doc::font(doc::INK, true));
    for &(cell, sq) in &cells {
        let Square::Clue { down, across } = sq else {
            continue;
        };
        let (x, y) = layout.corner(cell);
        if let Some(d) = down {
            let text = d.to_string();
            let size = doc::fitting_size(text.chars().count(), CELL / 2 - 2, 17);
            svg.text(x + CELL * 5 / 16, y + CELL - 8, Anchor::Middle, size, &text);
        }
        if let Some(a) = across {
            let text = a.to_string();
            let size = doc::fitting_size(text.chars().count(), CELL / 2 - 2, 17);
            svg.text(
                x + CELL * 11 / 16,
                y + 8 + size,
                Anchor::Middle,
                size,
                &text,
            );
        }
    }
    if let Some(g) = grid {
        digits(&mut svg, &layout, g, |cell| {
            *squares.get(cell) == Square::White
        });
    }
    overlay::overlay(&mut svg, &layout, ov, |c| {
        grid.is_some_and(|g| *g.get(c) != 0)
    });
    svg.finish()
}
