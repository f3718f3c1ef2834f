//! # KenKen as SVG
//!
//! As puzzle books and Keen draw it: a thin grid, thick walls between cages (merged into
//! maximal straight segments, `crate::render::svg::walls`) inside a thick frame, each cage's
//! clue (`12×`, `3−`, `2÷`, `5+`, a given or a cage without operator as its bare number) in
//! the top-left corner of its top-left cell, and the solution digits centred.

use crate::grid::Grid;
use crate::puzzle::{KenKen, Op, Overlay};
use crate::render::svg::doc::{self, Anchor, Svg};
use crate::render::svg::walls::wall_segments;
use crate::render::svg::{digits, frame, overlay, thin_grid, Layout, CELL};

/// The clue as printed: target and operator sign; a given shows its number only.
#[must_use]
pub(crate) fn clue_label(target: u64, op: Op) -> String {
    let sign = match op {
        Op::Add => "+",
        Op::Sub => "\u{2212}",
        Op::Mul => "\u{d7}",
        Op::Div => "\u{f7}",
        Op::Given | Op::Any => "",
    };
    format!("{target}{sign}")
}

/// Draws a KenKen, with its solution when `grid` is given, decorated with `ov`.
#[must_use]
pub(crate) fn kenken(puzzle: &KenKen, grid: Option<&Grid<u8>>, ov: &Overlay) -> String {
    let n = puzzle.size();
    let layout = Layout::new(n, n, CELL);
    let mut svg = Svg::new(
        layout.width(0),
        layout.height(0),
        &format!("KenKen {n}x{n}"),
    );
    overlay::underlay(&mut svg, &layout, ov);
    thin_grid(&mut svg, &layout);
    let cage_of = puzzle.cage_of();
    walls(&mut svg, &layout, &cage_of);
    frame(&mut svg, &layout);
    svg.group("clues", &doc::font(doc::INK, false));
    for cage in puzzle.cages() {
        let anchor = cage.anchor();
        let label = clue_label(cage.target, cage.effective_op());
        let size = doc::fitting_size(label.chars().count(), CELL - 8, 15);
        let (x, y) = layout.corner(anchor);
        svg.text(x + 4, y + 4 + size, Anchor::Start, size, &label);
    }
    if let Some(g) = grid {
        digits(&mut svg, &layout, g, |_| true);
    }
    overlay::overlay(&mut svg, &layout, ov, |c| {
        grid.is_some_and(|g| *g.get(c) != 0)
    });
    svg.finish()
}

/// The thick walls between cages, each a maximal straight run of cell edges.
fn walls(svg: &mut Svg, layout: &Layout, cage_of: &Grid<usize>) {
    svg.group("cage-walls", &doc::stroke(doc::INK, 4));
    for (x1, y1, x2, y2) in wall_segments(cage_of) {
        let (ax, ay) = layout.point(x1, y1);
        let (bx, by) = layout.point(x2, y2);
        svg.line(ax, ay, bx, by);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_labels() {
        assert_eq!(clue_label(12, Op::Mul), "12×");
        assert_eq!(clue_label(3, Op::Sub), "3−");
        assert_eq!(clue_label(2, Op::Div), "2÷");
        assert_eq!(clue_label(5, Op::Add), "5+");
        assert_eq!(clue_label(4, Op::Given), "4");
        assert_eq!(clue_label(12, Op::Any), "12");
    }
}
