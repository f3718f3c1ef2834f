//! # Drawing variant Sudoku constraints
//!
//! Each family in the style setters know from f-puzzles and SudokuPad, in its own group
//! (`<g class="thermo">`, `whisper`, `kropki`, `little-killer`, …) so tools and tests find
//! it. Under the grid: extra regions and windoku windows shaded, even cells as grey squares,
//! odd cells as grey circles. Over it: diagonals; cages as dashed inset walls with their sums;
//! thermometers (a bulb and a thick grey line); arrows (an empty circle, or a pill for two or
//! three cells, and a line ending in an arrowhead); double arrows (circles at both ends);
//! lines coloured by family (the colours of `crate::puzzle::family::LINES`: renban purple,
//! whisper green, palindrome grey, between with circles and lockout with diamonds at the
//! ends, region-sum blue, zipper lavender, entropic orange, modular teal, …); Kropki dots (white and black circles on the edge), XV letters,
//! greater-than chevrons pointing at the smaller digit, quadruple circles on the corner with
//! their digits. Outside the grid, in a border the picture grows for them: little killers
//! (the sum and a diagonal arrow), sandwich, X-sum and skyscraper numbers. The global rules
//! (anti-knight, anti-king, non-consecutive, the negative dot rules) are a caption below.

use super::doc::{self, Anchor, Svg};
use super::Layout;
use crate::grid::Cell;
use crate::puzzle::family::{self, Drawing, Line};
use crate::puzzle::{Dot, Variant};

/// The room the picture grows on every side of the grid when there are outside clues.
pub(crate) const OUTSIDE: i64 = 40;
/// Height of one caption line.
const CAPTION: i64 = 20;
/// Font size of outside clues.
const CLUE: i64 = 18;

const THERMO: &str = "#c8c8c8";
const ARROW: &str = "#8c8c8c";
const CAGE: &str = "#b03030";
const SHADE: &str = "#cfcfcf";

/// Whether any variant is a clue outside the grid (the picture then grows [`OUTSIDE`]).
#[must_use]
pub(crate) fn has_outside(variants: &[Variant]) -> bool {
    variants.iter().any(|v| {
        matches!(
            v,
            Variant::LittleKiller { .. }
                | Variant::Sandwich { .. }
                | Variant::XSum { .. }
                | Variant::Skyscraper { .. }
        )
    })
}

/// The global rules in words, for the caption (empty when there are none).
#[must_use]
pub(crate) fn caption(variants: &[Variant]) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for v in variants {
        let rule = match v {
            Variant::AntiKnight | Variant::AntiKing | Variant::NonConsecutive => v.name(),
            Variant::NegativeDots(d) => format!("all {}s given", d.name()),
            _ => continue,
        };
        if !rules.contains(&rule) {
            rules.push(rule);
        }
    }
    if rules.is_empty() {
        Vec::new()
    } else {
        vec![rules.join(", ")]
    }
}

/// The height the caption needs below the grid.
#[must_use]
pub(crate) fn caption_room(lines: &[String]) -> i64 {
    if lines.is_empty() {
        0
    } else {
        lines.len() as i64 * CAPTION + 8
    }
}

fn centre(layout: &Layout, cell: Cell) -> (i64, i64) {
    layout.centre(cell)
}

fn cell_w(layout: &Layout) -> i64 {
    layout.cell_size().0
}

/// The midpoint of the edge between two neighbours.
fn edge(layout: &Layout, a: Cell, b: Cell) -> (i64, i64) {
    let (ax, ay) = centre(layout, a);
    let (bx, by) = centre(layout, b);
    ((ax + bx) / 2, (ay + by) / 2)
}

/// The point `len` pixels from `from` towards `to`.
fn towards(from: (i64, i64), to: (i64, i64), len: i64) -> (i64, i64) {
    let (dx, dy) = ((to.0 - from.0) as f64, (to.1 - from.1) as f64);
    let d = dx.hypot(dy);
    if d == 0.0 {
        return from;
    }
    let k = len as f64 / d;
    (
        from.0 + (dx * k).round() as i64,
        from.1 + (dy * k).round() as i64,
    )
}

/// The two ends of an arrowhead at `tip`, coming from `from`.
fn head(from: (i64, i64), tip: (i64, i64), size: i64) -> [(i64, i64); 3] {
    let (dx, dy) = ((tip.0 - from.0) as f64, (tip.1 - from.1) as f64);
    let d = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / d, dy / d);
    let s = size as f64;
    let p = |side: f64| {
        (
            tip.0 + (-ux * s + side * -uy * s * 0.7).round() as i64,
            tip.1 + (-uy * s + side * ux * s * 0.7).round() as i64,
        )
    };
    [p(1.0), tip, p(-1.0)]
}

fn line_attrs(colour: &str, width: i64) -> String {
    format!(
        "stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\" fill=\"none\""
    )
}

/// The cells' centres.
fn points(layout: &Layout, cells: &[Cell]) -> Vec<(i64, i64)> {
    cells.iter().map(|&c| centre(layout, c)).collect()
}

/// Shading under the grid: extra regions, windoku windows, even and odd cells.
pub(crate) fn under(svg: &mut Svg, layout: &Layout, variants: &[Variant]) {
    let w = cell_w(layout);
    let shade_cells = |svg: &mut Svg, class: &str, fill: &str, cells: &[Cell]| {
        svg.group(class, &format!("fill=\"{fill}\" stroke=\"none\""));
        for &c in cells {
            let (x, y) = layout.corner(c);
            svg.rect(x, y, w, w);
        }
    };
    for v in variants {
        match v {
            Variant::Windoku => {
                let mut cells = Vec::new();
                for r in [1, 2, 3, 5, 6, 7] {
                    for c in [1, 2, 3, 5, 6, 7] {
                        cells.push(Cell::new(r, c));
                    }
                }
                shade_cells(svg, "windoku", "#dfe9f5", &cells);
            }
            Variant::Region(cells) => shade_cells(svg, "extra-region", "#e6e0f2", cells),
            _ => {}
        }
    }
    let parity = |even: bool| {
        variants.iter().filter_map(move |v| match v {
            Variant::Parity { cell, even: e } if *e == even => Some(*cell),
            _ => None,
        })
    };
    if parity(true).next().is_some() {
        svg.group("even", &format!("fill=\"{SHADE}\" stroke=\"none\""));
        for c in parity(true) {
            let (x, y) = layout.corner(c);
            svg.rect(x + w / 5, y + w / 5, w - 2 * (w / 5), w - 2 * (w / 5));
        }
    }
    if parity(false).next().is_some() {
        svg.group("odd", &format!("fill=\"{SHADE}\" stroke=\"none\""));
        for c in parity(false) {
            let (x, y) = centre(layout, c);
            svg.circle(x, y, w * 3 / 10, "");
        }
    }
}

/// Cages: dashed walls inset in their cells, with their sums; diagonals.
pub(crate) fn cages(svg: &mut Svg, layout: &Layout, n: usize, variants: &[Variant]) {
    let w = cell_w(layout);
    for v in variants {
        if let Variant::Diagonal { anti } = v {
            svg.group("diagonal", &doc::stroke("#7090c0", 2));
            let (ax, ay) = layout.point(if *anti { n } else { 0 }, 0);
            let (bx, by) = layout.point(if *anti { 0 } else { n }, n);
            svg.line(ax, ay, bx, by);
        }
    }
    let cages: Vec<(&Vec<Cell>, Option<u32>)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::Cage { cells, sum } => Some((cells, *sum)),
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return;
    }
    let inset = 5;
    svg.group(
        "cage",
        &format!("{} stroke-dasharray=\"5 4\"", doc::stroke(CAGE, 2)),
    );
    for (cells, _) in &cages {
        for &c in cells.iter() {
            let (x, y) = layout.corner(c);
            let has = |dr: i32, dc: i32| {
                let (r, col) = (i32::from(c.row) + dr, i32::from(c.col) + dc);
                cells
                    .iter()
                    .any(|o| i32::from(o.row) == r && i32::from(o.col) == col)
            };
            // Each wall runs the cell's side, reaching into the neighbour's inset where the
            // cage goes on past the corner.
            let (l, r) = (x + inset, x + w - inset);
            let (t, b) = (y + inset, y + w - inset);
            let (lx, rx) = (
                if has(0, -1) { x } else { l },
                if has(0, 1) { x + w } else { r },
            );
            let (ty, by) = (
                if has(-1, 0) { y } else { t },
                if has(1, 0) { y + w } else { b },
            );
            if !has(-1, 0) {
                svg.line(lx, t, rx, t);
            }
            if !has(1, 0) {
                svg.line(lx, b, rx, b);
            }
            if !has(0, -1) {
                svg.line(l, ty, l, by);
            }
            if !has(0, 1) {
                svg.line(r, ty, r, by);
            }
        }
    }
    svg.group("cage-sums", &doc::font(doc::INK, false));
    for (cells, sum) in &cages {
        let (Some(sum), Some(anchor)) = (sum, cells.iter().min_by_key(|c| (c.row, c.col))) else {
            continue;
        };
        let label = sum.to_string();
        let size = doc::fitting_size(label.chars().count(), w / 2, 13);
        let (x, y) = layout.corner(*anchor);
        svg.text(x + 7, y + 6 + size, Anchor::Start, size, &label);
    }
}

/// A line family: every instance in one group.
fn lines<'a>(
    svg: &mut Svg,
    layout: &Layout,
    class: &str,
    colour: &str,
    list: impl Iterator<Item = &'a [Cell]>,
) {
    let mut first = true;
    for cells in list {
        if first {
            svg.group(class, &line_attrs(colour, cell_w(layout) / 8));
            first = false;
        }
        svg.polyline(&points(layout, cells), "");
    }
}

/// Lines, thermometers, arrows, dots, signs and quadruples, over the grid.
pub(crate) fn over(svg: &mut Svg, layout: &Layout, variants: &[Variant]) {
    let w = cell_w(layout);
    let pick = |f: fn(&Variant) -> Option<&[Cell]>| variants.iter().filter_map(f);
    // The coloured lines of the line families, by layer.
    let layer = |l: &Line| match l.drawing {
        Drawing::Line { layer, .. } => Some(layer),
        _ => None,
    };
    let top = family::LINES.iter().filter_map(layer).max().unwrap_or(0);
    for k in 0..=top {
        for line in family::LINES.iter().filter(|l| layer(l) == Some(k)) {
            if let Drawing::Line { class, colour, .. } = line.drawing {
                let list = variants
                    .iter()
                    .filter_map(|v| (line.parts)(v).map(|(cells, _)| cells));
                lines(svg, layout, class, colour, list);
            }
        }
    }
    // Between lines (circles at the ends) and lockout lines (diamonds at the ends).
    let ends = |svg: &mut Svg, class: &str, colour: &str, list: Vec<&[Cell]>, diamond: bool| {
        if list.is_empty() {
            return;
        }
        svg.group(class, &line_attrs(colour, w / 10));
        let r = w * 3 / 8;
        for cells in &list {
            let pts = points(layout, cells);
            if let (Some(&a), Some(&b)) = (pts.get(1), pts.get(pts.len().wrapping_sub(2))) {
                let inner: Vec<(i64, i64)> = if pts.len() > 2 {
                    let mut v = vec![towards(pts[0], a, r)];
                    v.extend_from_slice(&pts[1..pts.len() - 1]);
                    v.push(towards(pts[pts.len() - 1], b, r));
                    v
                } else {
                    vec![towards(pts[0], a, r), towards(a, pts[0], r)]
                };
                svg.polyline(&inner, "");
            }
            for &(x, y) in [pts.first(), pts.last()].into_iter().flatten() {
                let ground = "fill=\"#ffffff\" stroke-width=\"3\"";
                if diamond {
                    svg.polygon_with(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)], ground);
                } else {
                    svg.circle(x, y, r, ground);
                }
            }
        }
    };
    for line in family::LINES {
        if let Drawing::Ends {
            class,
            colour,
            diamond,
        } = line.drawing
        {
            let list: Vec<&[Cell]> = variants
                .iter()
                .filter_map(|v| (line.parts)(v).map(|(cells, _)| cells))
                .collect();
            ends(svg, class, colour, list, diamond);
        }
    }
    // Thermometers: a bulb and a thick line.
    let thermos: Vec<&[Cell]> = pick(|v| match v {
        Variant::Thermo(c) => Some(c),
        _ => None,
    })
    .collect();
    if !thermos.is_empty() {
        svg.group("thermo", &line_attrs(THERMO, w / 4));
        for cells in &thermos {
            let pts = points(layout, cells);
            svg.polyline(&pts, "");
            if let Some(&(x, y)) = pts.first() {
                svg.circle(
                    x,
                    y,
                    w * 3 / 10,
                    &format!("fill=\"{THERMO}\" stroke=\"none\""),
                );
            }
        }
    }
    arrows(svg, layout, variants);
    dots(svg, layout, variants);
}

/// Arrows (a circle or pill and a line with an arrowhead) and double arrows.
fn arrows(svg: &mut Svg, layout: &Layout, variants: &[Variant]) {
    let w = cell_w(layout);
    let r = w * 2 / 5;
    let mut opened = false;
    for v in variants {
        let (circle, line, double): (&[Cell], &[Cell], bool) = match v {
            Variant::Arrow { circle, line } => (circle, line, false),
            Variant::DoubleArrow(cells) if cells.len() >= 2 => (&cells[..1], &cells[1..], true),
            _ => continue,
        };
        if !opened {
            svg.group("arrow", &line_attrs(ARROW, 3));
            opened = true;
        }
        let ground = "fill=\"#ffffff\"";
        // The circle, or the pill around its cells.
        if circle.len() == 1 {
            let (x, y) = centre(layout, circle[0]);
            svg.circle(x, y, r, ground);
        } else if let (Some(r0), Some(r1), Some(c0), Some(c1)) = (
            circle.iter().map(|c| c.row).min(),
            circle.iter().map(|c| c.row).max(),
            circle.iter().map(|c| c.col).min(),
            circle.iter().map(|c| c.col).max(),
        ) {
            let (x0, y0) = layout.corner(Cell::new(r0, c0));
            let (x1, y1) = layout.corner(Cell::new(r1, c1));
            let inset = w / 2 - r;
            svg.round_rect(
                x0 + inset,
                y0 + inset,
                x1 - x0 + w - 2 * inset,
                y1 - y0 + w - 2 * inset,
                r,
                ground,
            );
        }
        let Some(&first) = line.first() else {
            continue;
        };
        // The line leaves the circle cell nearest its first cell, from the circle's edge.
        let from = circle
            .iter()
            .min_by_key(|c| {
                (i32::from(c.row) - i32::from(first.row)).pow(2)
                    + (i32::from(c.col) - i32::from(first.col)).pow(2)
            })
            .copied()
            .unwrap_or(first);
        let mut pts = vec![towards(centre(layout, from), centre(layout, first), r)];
        pts.extend(points(layout, line));
        if double {
            // The last cell is the second circle: stop at its edge.
            if let (Some(&end), Some(&last)) = (line.last(), pts.get(pts.len().wrapping_sub(2))) {
                let c = centre(layout, end);
                let n = pts.len();
                pts[n - 1] = towards(c, last, r);
                svg.circle(c.0, c.1, r, ground);
            }
            svg.polyline(&pts, "");
        } else {
            svg.polyline(&pts, "");
            if let (Some(&tip), Some(&prev)) = (pts.last(), pts.get(pts.len().wrapping_sub(2))) {
                svg.polyline(&head(prev, tip, w / 6), "");
            }
        }
    }
}

/// Kropki dots, XV signs, greater-than signs and quadruples.
fn dots(svg: &mut Svg, layout: &Layout, variants: &[Variant]) {
    let kropki: Vec<([Cell; 2], Dot)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::Dot { cells, dot } if !matches!(dot, Dot::Sum(_)) => Some((*cells, *dot)),
            _ => None,
        })
        .collect();
    if !kropki.is_empty() {
        svg.group("kropki", &doc::stroke(doc::INK, 2));
        for ([a, b], dot) in &kropki {
            let (x, y) = edge(layout, *a, *b);
            let fill = if matches!(dot, Dot::Black(_)) {
                doc::INK
            } else {
                "#ffffff"
            };
            let big = !matches!(dot, Dot::White(1) | Dot::Black(2));
            svg.circle(x, y, if big { 10 } else { 7 }, &format!("fill=\"{fill}\""));
        }
        // A dot of another difference or ratio carries it.
        let odd: Vec<_> = kropki
            .iter()
            .filter_map(|([a, b], dot)| match dot {
                Dot::White(k) if *k != 1 => Some((edge(layout, *a, *b), *k, true)),
                Dot::Black(k) if *k != 2 => Some((edge(layout, *a, *b), *k, false)),
                _ => None,
            })
            .collect();
        for white in [true, false] {
            let ink = if white { doc::INK } else { "#ffffff" };
            let mut opened = false;
            for &((x, y), k, on_white) in &odd {
                if on_white != white {
                    continue;
                }
                if !opened {
                    svg.group("kropki-values", &doc::font(ink, true));
                    opened = true;
                }
                svg.text(x, y + 4, Anchor::Middle, 11, &k.to_string());
            }
        }
    }
    let sums: Vec<([Cell; 2], u8)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::Dot {
                cells,
                dot: Dot::Sum(k),
            } => Some((*cells, *k)),
            _ => None,
        })
        .collect();
    if !sums.is_empty() {
        svg.group("xv", &doc::font(doc::INK, true));
        for ([a, b], k) in &sums {
            let (x, y) = edge(layout, *a, *b);
            let label = match k {
                10 => "X".to_string(),
                5 => "V".to_string(),
                _ => k.to_string(),
            };
            svg.text(x, y + 7, Anchor::Middle, 20, &label);
        }
    }
    let signs: Vec<[Cell; 2]> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::GreaterThan(cells) => Some(*cells),
            _ => None,
        })
        .collect();
    if !signs.is_empty() {
        svg.group("greater-than", &line_attrs(doc::INK, 2));
        for [a, b] in &signs {
            // The chevron's point faces the smaller digit.
            let mid = edge(layout, *a, *b);
            let pts = head(centre(layout, *a), towards(mid, centre(layout, *b), 5), 10);
            svg.polyline(&pts, "");
        }
    }
    let quads: Vec<(&[Cell; 4], &Vec<u8>)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::Quadruple { cells, digits } => Some((cells, digits)),
            _ => None,
        })
        .collect();
    if !quads.is_empty() {
        svg.group("quadruple", &doc::stroke(doc::INK, 1));
        let corner = |cells: &[Cell; 4]| {
            let r = cells.iter().map(|c| c.row).max().unwrap_or(0);
            let c = cells.iter().map(|c| c.col).max().unwrap_or(0);
            layout.corner(Cell::new(r, c))
        };
        for (cells, _) in &quads {
            let (x, y) = corner(cells);
            svg.circle(x, y, 15, "fill=\"#ffffff\"");
        }
        svg.group("quadruple-digits", &doc::font(doc::INK, false));
        for (cells, digits) in &quads {
            let (x, y) = corner(cells);
            let text: Vec<String> = digits.iter().map(u8::to_string).collect();
            let (top, bottom) = text.split_at(text.len().min(2));
            if bottom.is_empty() {
                svg.text(x, y + 4, Anchor::Middle, 11, &top.join(" "));
            } else {
                svg.text(x, y - 1, Anchor::Middle, 11, &top.join(" "));
                svg.text(x, y + 10, Anchor::Middle, 11, &bottom.join(" "));
            }
        }
    }
}

/// Where a clue outside the grid sits: the centre of the square one step before `cells`'
/// first cell, against their direction (into the border).
fn outside_spot(layout: &Layout, n: usize, cells: &[Cell]) -> ((i64, i64), (i64, i64)) {
    let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
    let n = n as i64;
    let (r, c) = (i64::from(first.row), i64::from(first.col));
    let inward = |i: i64| {
        if i == 0 {
            1
        } else if i == n - 1 {
            -1
        } else {
            0
        }
    };
    let (dr, dc) = match cells.get(1) {
        Some(s) => (
            (i64::from(s.row) - r).signum(),
            (i64::from(s.col) - c).signum(),
        ),
        None => (inward(r), inward(c)),
    };
    let w = cell_w(layout);
    let b = layout.border();
    let (left, top) = layout.point(0, 0);
    let at = |i: i64, origin: i64| {
        if i < 0 {
            origin - b / 2
        } else if i >= n {
            origin + n * w + b / 2
        } else {
            origin + i * w + w / 2
        }
    };
    ((at(c - dc, left), at(r - dr, top)), (dc, dr))
}

/// An outside clue family's cells and value, when the variant is of it.
type Clue = fn(&Variant) -> Option<(&[Cell], u32)>;

/// Little killers, sandwiches, X-sums and skyscrapers, in the border.
pub(crate) fn outside(svg: &mut Svg, layout: &Layout, n: usize, variants: &[Variant]) {
    let families: [(&str, Clue); 3] = [
        ("sandwich", |v| match v {
            Variant::Sandwich { cells, sum } => Some((cells, *sum)),
            _ => None,
        }),
        ("x-sum", |v| match v {
            Variant::XSum { cells, sum } => Some((cells, *sum)),
            _ => None,
        }),
        ("skyscraper", |v| match v {
            Variant::Skyscraper { cells, count } => Some((cells, u32::from(*count))),
            _ => None,
        }),
    ];
    for (class, pick) in families {
        let clues: Vec<_> = variants.iter().filter_map(pick).collect();
        if clues.is_empty() {
            continue;
        }
        svg.group(class, &doc::font(doc::INK, true));
        for (cells, value) in clues {
            let ((x, y), _) = outside_spot(layout, n, cells);
            svg.text(
                x,
                y + CLUE * 7 / 20,
                Anchor::Middle,
                CLUE,
                &value.to_string(),
            );
        }
    }
    let killers: Vec<(&[Cell], u32)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::LittleKiller { cells, sum } => Some((cells.as_slice(), *sum)),
            _ => None,
        })
        .collect();
    if killers.is_empty() {
        return;
    }
    svg.group("little-killer", &doc::font(doc::INK, true));
    let spots: Vec<_> = killers
        .iter()
        .map(|(cells, sum)| (outside_spot(layout, n, cells), *sum))
        .collect();
    for (((x, y), (dx, dy)), sum) in &spots {
        // The sum sits back from the corner the arrow leaves by.
        svg.text(
            x - dx * 6,
            y - dy * 6 + 16 * 7 / 20,
            Anchor::Middle,
            16,
            &sum.to_string(),
        );
    }
    svg.group("little-killer-arrows", &line_attrs(doc::INK, 2));
    for (((x, y), (dx, dy)), _) in &spots {
        let from = (x + dx * 9, y + dy * 9);
        let tip = (x + dx * 18, y + dy * 18);
        svg.polyline(&[from, tip], "");
        svg.polyline(&head(from, tip, 6), "");
    }
}

/// Pencilmark candidates, small along the top of their cells (drawn without a solution).
pub(crate) fn candidates(svg: &mut Svg, layout: &Layout, variants: &[Variant]) {
    let marks: Vec<(Cell, &Vec<u8>)> = variants
        .iter()
        .filter_map(|v| match v {
            Variant::Candidates { cell, digits } => Some((*cell, digits)),
            _ => None,
        })
        .collect();
    if marks.is_empty() {
        return;
    }
    let w = cell_w(layout);
    svg.group("candidates", &doc::font("#5a5a5a", false));
    for (cell, digits) in marks {
        let text: String = digits.iter().map(u8::to_string).collect();
        let size = doc::fitting_size(text.chars().count(), w - 8, 12);
        let (x, y) = layout.corner(cell);
        svg.text(x + w / 2, y + w - 6, Anchor::Middle, size, &text);
    }
}

/// The caption below the grid.
pub(crate) fn draw_caption(svg: &mut Svg, layout: &Layout, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    svg.group("caption", &doc::font(doc::INK, false));
    let (left, _) = layout.point(0, 0);
    let (_, bottom) = layout.far();
    for (i, line) in lines.iter().enumerate() {
        let y = bottom + layout.border() + 20 + i as i64 * CAPTION;
        svg.text(left, y, Anchor::Start, 14, line);
    }
}
