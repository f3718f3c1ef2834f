//! # Drawing Sudoku and Killer Sudoku
//!
//! Text: the grid with walls between boxes (Sudoku) or between cages with each cage's sum
//! in its top-left cell (Killer, drawn like KenKen cages), givens or solution digits in the
//! cells; a jigsaw's regions are walled like cages. SVG: a thin grid, thick box (or jigsaw
//! region) walls, Killer cages as dashed walls with their sums,
//! the variant constraints (thermometers, arrows, dots, lines, outside clues, …; see
//! [`crate::render::svg::variant`]) and the givens (or the solution) centred. The text lists
//! the variant constraints under the grid, one a line.

use crate::grid::{Cell, Grid};
use crate::puzzle::Variant;
use crate::puzzle::{Killer, Overlay, Sudoku};
use crate::render::draw_regions;
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::walls::wall_segments;
use crate::render::svg::{digits, frame, overlay, thin_grid, variant, Layout, CELL};

/// The digit shown in `cell`: the solution's, else the given (blank when none).
fn shown(s: &Sudoku, grid: Option<&Grid<u8>>, cell: Cell) -> String {
    let d = grid.map_or_else(|| *s.givens().get(cell), |g| *g.get(cell));
    if d == 0 {
        String::new()
    } else {
        d.to_string()
    }
}

/// A Sudoku as text: one line per row, box walls drawn, `.` for an empty square.
#[must_use]
pub(crate) fn sudoku_text(s: &Sudoku, grid: Option<&Grid<u8>>) -> String {
    if s.regions().is_some() {
        return jigsaw_text(s, grid);
    }
    let n = s.size();
    let (br, bc) = s.boxes();
    let w = if n > 9 { 2 } else { 1 };
    let seg = "\u{2500}".repeat(bc * (w + 1) + 1);
    let rule =
        |l: char, m: &str, r: char| format!("{l}{}{r}\n", vec![seg.as_str(); n / bc].join(m));
    let mut out = rule('\u{250c}', "\u{252c}", '\u{2510}');
    for r in 0..n {
        if r > 0 && r % br == 0 {
            out += &rule('\u{251c}', "\u{253c}", '\u{2524}');
        }
        out.push('\u{2502}');
        for c in 0..n {
            let d = shown(s, grid, Cell::new(r as u8, c as u8));
            let d = if d.is_empty() { ".".to_string() } else { d };
            out += &format!(" {d:>w$}");
            if (c + 1) % bc == 0 {
                out += " \u{2502}";
            }
        }
        out.push('\n');
    }
    out += &rule('\u{2514}', "\u{2534}", '\u{2518}');
    if s.diagonals() {
        out += "diagonals\n";
    }
    out += &variant_lines(s.variants());
    out
}

/// One line per variant constraint: its name, its value when it has one, its cells.
fn variant_lines(variants: &[Variant]) -> String {
    let mut out = String::new();
    for v in variants {
        let line = crate::puzzle::family::line_of(v);
        let value = match v {
            _ if line.is_some() => line.and_then(|(l, _, p)| {
                (l.param != crate::puzzle::family::Param::None).then(|| p.to_string())
            }),
            Variant::Candidates { digits, .. } | Variant::Quadruple { digits, .. } => Some(
                digits
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(""),
            ),
            Variant::Cage { sum, .. } => sum.map(|s| s.to_string()),
            Variant::LittleKiller { sum, .. }
            | Variant::Sandwich { sum, .. }
            | Variant::XSum { sum, .. } => Some(sum.to_string()),
            Variant::Skyscraper { count, .. } => Some(count.to_string()),
            _ => None,
        };
        out += &v.name();
        if let Some(value) = value {
            out += &format!(" {value}");
        }
        for c in v.cells() {
            out += &format!(" {c}");
        }
        out.push('\n');
    }
    out
}

/// A jigsaw Sudoku as text: region walls drawn like cage walls, `.` for an empty square.
fn jigsaw_text(s: &Sudoku, grid: Option<&Grid<u8>>) -> String {
    let value = |cell| {
        let d = shown(s, grid, cell);
        if d.is_empty() {
            ".".to_string()
        } else {
            d
        }
    };
    let mut out = draw_regions(&s.box_grid(), |_| String::new(), value);
    if s.diagonals() {
        out += "diagonals\n";
    }
    out += &variant_lines(s.variants());
    out
}

/// A Killer Sudoku as text, cage walls and sums drawn.
#[must_use]
pub(crate) fn killer_text(k: &Killer, grid: Option<&Grid<u8>>) -> String {
    let region = k.cage_grid();
    let label = |cell: Cell| {
        k.cages()
            .get(*region.get(cell))
            .filter(|cage| cage.anchor() == cell)
            .map_or_else(String::new, |cage| cage.sum.to_string())
    };
    let (r, c) = k.sudoku().boxes();
    let mut out = draw_regions(&region, label, |cell| shown(k.sudoku(), grid, cell));
    match k.sudoku().regions() {
        Some(_) => out += &crate::parse::regions::regions_block(k.sudoku()),
        None => out += &format!("boxes {r}x{c}\n"),
    }
    if k.sudoku().diagonals() {
        out += "diagonals\n";
    }
    out += &variant_lines(k.sudoku().variants());
    out
}

/// Thick lines along the segments of `region`'s walls.
fn walls(svg: &mut Svg, layout: &Layout, region: &Grid<usize>) {
    for (x1, y1, x2, y2) in wall_segments(region) {
        let (ax, ay) = layout.point(x1, y1);
        let (bx, by) = layout.point(x2, y2);
        svg.line(ax, ay, bx, by);
    }
}

/// A Sudoku or Killer Sudoku as SVG.
#[must_use]
pub(crate) fn svg(
    s: &Sudoku,
    killer: Option<&Killer>,
    grid: Option<&Grid<u8>>,
    ov: &Overlay,
) -> String {
    let n = s.size();
    let variants = s.variants();
    let border = if variant::has_outside(variants) {
        variant::OUTSIDE
    } else {
        0
    };
    let layout = Layout::new(n, n, CELL).with_border(border);
    let caption = variant::caption(variants);
    let title = match (killer.is_some(), s.diagonals()) {
        (true, false) => "Killer Sudoku",
        (true, true) => "Killer Sudoku X",
        (false, false) => "Sudoku",
        (false, true) => "Sudoku X",
    };
    let title = if s.regions().is_some() {
        format!("Jigsaw {title}")
    } else {
        title.to_string()
    };
    let mut svg = Svg::new(
        layout.width(0),
        layout.height(variant::caption_room(&caption)),
        &format!("{title} {n}x{n}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    variant::under(&mut svg, &layout, variants);
    thin_grid(&mut svg, &layout);
    if s.diagonals() {
        // Sudoku X: both long diagonals, light, under everything else.
        svg.group("diagonals", &doc::stroke("#7090c0", 2));
        let (ax, ay) = layout.point(0, 0);
        let (bx, by) = layout.point(n, n);
        svg.line(ax, ay, bx, by);
        let (ax, ay) = layout.point(n, 0);
        let (bx, by) = layout.point(0, n);
        svg.line(ax, ay, bx, by);
    }
    if let Some(k) = killer {
        let attrs = format!("{} stroke-dasharray=\"6 4\"", doc::stroke("#b03030", 2));
        svg.group("cage-walls", &attrs);
        walls(&mut svg, &layout, &k.cage_grid());
    }
    variant::cages(&mut svg, &layout, n, variants);
    // Boxes, or a jigsaw's regions: thick walls between cells of different ones.
    svg.group("box-walls", &doc::stroke(doc::INK, 4));
    walls(&mut svg, &layout, &s.box_grid());
    frame(&mut svg, &layout);
    variant::over(&mut svg, &layout, variants);
    variant::outside(&mut svg, &layout, n, variants);
    if grid.is_none() {
        variant::candidates(&mut svg, &layout, variants);
    }
    if let Some(k) = killer {
        svg.group("clues", &doc::font(doc::INK, false));
        for cage in k.cages() {
            let label = cage.sum.to_string();
            let size = doc::fitting_size(label.chars().count(), CELL - 8, 15);
            let (x, y) = layout.corner(cage.anchor());
            svg.text(x + 4, y + 4 + size, Anchor::Start, size, &label);
        }
    }
    match grid {
        Some(g) => digits(&mut svg, &layout, g, |_| true),
        None => digits(&mut svg, &layout, s.givens(), |c| *s.givens().get(c) != 0),
    }
    let shown = grid.unwrap_or(s.givens());
    overlay::overlay(&mut svg, &layout, ov, |c| *shown.get(c) != 0);
    variant::draw_caption(&mut svg, &layout, &caption);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sudoku_text_has_box_walls() {
        let s = Sudoku::new(4, (2, 2), &[(Cell::new(0, 0), 1), (Cell::new(3, 3), 2)]).unwrap();
        let want = "\
┌─────┬─────┐
│ 1 . │ . . │
│ . . │ . . │
├─────┼─────┤
│ . . │ . . │
│ . . │ . 2 │
└─────┴─────┘
";
        assert_eq!(sudoku_text(&s, None), want);
    }
}
