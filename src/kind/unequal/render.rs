//! # Drawing Unequal
//!
//! Text: Tatham's drawing (digits or `.`, signs `<` `>` `^` `v` or bars `|` `-` between
//! neighbours), with the solution's digits when given. SVG: a grid of separate squares
//! with the signs (or bars) in the gaps, givens bold, the solution's other digits in the
//! digit colour.

use crate::grid::Grid;
use crate::puzzle::{Mark, Overlay, Unequal};
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::{frame, overlay, thin_grid, Layout, CELL};

/// The puzzle as text (Tatham's drawing), with its solution when `grid` is given.
#[must_use]
pub(crate) fn text(u: &Unequal, grid: Option<&Grid<u8>>) -> String {
    let mut out =
        crate::parse::unequal::drawing(u, |c| grid.map_or_else(|| u.given(c), |g| *g.get(c)));
    if u.adjacent() {
        out.push_str("adjacent mode: a bar joins digits that differ by 1, and only those\n");
    }
    out
}

/// The puzzle as SVG, with its solution (or a partial grid) when `grid` is given.
#[must_use]
pub(crate) fn svg(u: &Unequal, grid: Option<&Grid<u8>>, ov: &Overlay) -> String {
    let n = u.size();
    let layout = Layout::new(n, n, CELL);
    let title = if u.adjacent() {
        "Unequal (adjacent)"
    } else {
        "Unequal"
    };
    let mut svg = Svg::new(
        layout.width(0),
        layout.height(0),
        &format!("{title} {n}x{n}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    thin_grid(&mut svg, &layout);
    frame(&mut svg, &layout);
    let sign = CELL * 3 / 8;
    svg.group("signs", &doc::font("#b03030", true));
    for (a, b, mark) in u.pairs() {
        let (ax, ay) = layout.centre(a);
        let (bx, by) = layout.centre(b);
        let (x, y) = ((ax + bx) / 2, (ay + by) / 2);
        let across = a.row == b.row;
        let glyph = match (mark, across) {
            (Mark::Less, true) => "<",
            (Mark::Greater, true) => ">",
            (Mark::Less, false) => "\u{2227}",
            (Mark::Greater, false) => "\u{2228}",
            _ => continue,
        };
        svg.text(x, y + sign * 7 / 20, Anchor::Middle, sign, glyph);
    }
    svg.group("bars", &doc::stroke("#b03030", 5));
    for (a, b, mark) in u.pairs() {
        if mark != Mark::Bar {
            continue;
        }
        let (ax, ay) = layout.centre(a);
        let (bx, by) = layout.centre(b);
        let (x, y) = ((ax + bx) / 2, (ay + by) / 2);
        let half = CELL / 5;
        if a.row == b.row {
            svg.line(x, y - half, x, y + half);
        } else {
            svg.line(x - half, y, x + half, y);
        }
    }
    crate::kind::latin_square::draw_digits(&mut svg, &layout, n, &u.given_cells(), grid, ov);
    svg.finish()
}
