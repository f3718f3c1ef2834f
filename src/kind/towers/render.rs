//! # Drawing Towers
//!
//! Text: the clues around the grid, the givens (or the solution) inside, `.` for nothing.
//! SVG: a thin grid in a thick frame, the clues outside each side, the givens bold and the
//! solution's other digits in the digit colour.

use crate::grid::{Cell, Grid};
use crate::puzzle::{Overlay, Side, Towers};
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::{frame, overlay, thin_grid, Layout, CELL};

/// Font size of the clues.
const CLUE: i64 = 20;
/// Room right of and below the grid for the right and bottom clues.
const ROOM: i64 = 30;

fn show(v: u8) -> String {
    if v == 0 {
        ".".to_string()
    } else {
        v.to_string()
    }
}

/// The puzzle as text, with its solution when `grid` is given.
#[must_use]
pub(crate) fn text(t: &Towers, grid: Option<&Grid<u8>>) -> String {
    let n = t.size();
    let clues = |side: Side| {
        let v: Vec<String> = (0..n).map(|i| show(t.clue(side, i))).collect();
        format!("    {}\n", v.join(" "))
    };
    let mut out = clues(Side::Top);
    out.push_str(&format!(
        "  \u{250c}{}\u{2510}\n",
        "\u{2500}".repeat(2 * n + 1)
    ));
    for r in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|c| {
                let cell = Cell::new(r as u8, c as u8);
                show(grid.map_or_else(|| t.given(cell), |g| *g.get(cell)))
            })
            .collect();
        out.push_str(&format!(
            "{} \u{2502} {} \u{2502} {}\n",
            show(t.clue(Side::Left, r)),
            cells.join(" "),
            show(t.clue(Side::Right, r))
        ));
    }
    out.push_str(&format!(
        "  \u{2514}{}\u{2518}\n",
        "\u{2500}".repeat(2 * n + 1)
    ));
    out.push_str(&clues(Side::Bottom));
    out
}

/// The puzzle as SVG, with its solution (or a partial grid) when `grid` is given.
#[must_use]
pub(crate) fn svg(t: &Towers, grid: Option<&Grid<u8>>, ov: &Overlay) -> String {
    let n = t.size();
    let layout = Layout::new(n, n, CELL);
    let mut svg = Svg::new(
        layout.width(ROOM),
        layout.height(ROOM),
        &format!("Towers {n}x{n}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    thin_grid(&mut svg, &layout);
    frame(&mut svg, &layout);
    svg.group("clues", &doc::font(doc::INK, true));
    let (left, top) = layout.point(0, 0);
    let (right, bottom) = layout.far();
    for side in Side::ALL {
        for i in 0..n {
            let clue = t.clue(side, i);
            if clue == 0 {
                continue;
            }
            let (cx, cy) = layout.centre(Cell::new(i as u8, i as u8));
            let baseline = cy + CLUE * 7 / 20;
            let (x, y) = match side {
                Side::Top => (cx, top - 6),
                Side::Bottom => (cx, bottom + 6 + CLUE),
                Side::Left => (left - 12, baseline),
                _ => (right + ROOM / 2, baseline),
            };
            svg.text(x, y, Anchor::Middle, CLUE, &clue.to_string());
        }
    }
    crate::kind::latin_square::draw_digits(&mut svg, &layout, n, &t.given_cells(), grid, ov);
    svg.finish()
}
