//! # Drawing Unequal
//!
//! Text: Tatham's drawing (digits or `.`, signs `<` `>` `^` `v` or bars `|` `-` between
//! neighbours), with the solution's digits when given. SVG: a grid of separate squares
//! with the signs (or bars) in the gaps, givens bold, the solution's other digits in the
//! digit colour.

use crate::grid::{Cell, Grid};
use crate::puzzle::{Mark, Overlay, Unequal};
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::{frame, overlay, thin_grid, Layout, CELL};

/// The puzzle as text (Tatham's drawing), with its solution when `grid` is given.
#[must_use]
pub(crate) fn text(u: &Unequal, grid: Option<&Grid<u8>>) -> String {
    let n = u.size();
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let mut out = String::new();
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            let d = grid.map_or_else(|| u.given(at(r, c)), |g| *g.get(at(r, c)));
            line.push(if d == 0 { '.' } else { (b'0' + d) as char });
            if c + 1 < n {
                line.push(match u.right(at(r, c)) {
                    Mark::Less => '<',
                    Mark::Greater => '>',
                    Mark::Bar => '|',
                    _ => ' ',
                });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 < n {
            let marks: Vec<String> = (0..n)
                .map(|c| {
                    match u.down(at(r, c)) {
                        Mark::Less => "^",
                        Mark::Greater => "v",
                        Mark::Bar => "-",
                        _ => " ",
                    }
                    .to_string()
                })
                .collect();
            out.push_str(marks.join(" ").trim_end());
            out.push('\n');
        }
    }
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
