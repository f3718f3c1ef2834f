//! # KenKen as SVG
//!
//! As puzzle books and Keen draw it: a thin grid, thick walls between cages (merged into
//! maximal straight segments) inside a thick frame, each cage's clue (`12×`, `3−`, `2÷`, `5+`,
//! a given or a cage without operator as its bare number) in the top-left corner of its top-left cell, and the solution
//! digits centred.

use crate::grid::{Cell, Grid};
use crate::puzzle::{KenKen, Op, Overlay};
use crate::render::svg::doc::{self, Anchor, Svg};
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

/// Internal cage walls as segments in grid units (x = column line, y = row line): first the
/// horizontal ones row line by row line, then the vertical ones column line by column line.
#[must_use]
pub(crate) fn wall_segments(cage_of: &Grid<usize>) -> Vec<(usize, usize, usize, usize)> {
    let (rows, cols) = (cage_of.rows(), cage_of.cols());
    let at = |r: usize, c: usize| *cage_of.get(Cell::new(r as u8, c as u8));
    let mut out = Vec::new();
    for r in 1..rows {
        let wall = |c: usize| at(r - 1, c) != at(r, c);
        for (start, end) in runs(cols, wall) {
            out.push((start, r, end, r));
        }
    }
    for c in 1..cols {
        let wall = |r: usize| at(r, c - 1) != at(r, c);
        for (start, end) in runs(rows, wall) {
            out.push((c, start, c, end));
        }
    }
    out
}

/// Maximal runs `[start, end)` of indices `0..len` where `on` holds.
fn runs(len: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for i in 0..=len {
        match (start, i < len && on(i)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_merge_into_straight_segments() {
        // A B B
        // A C B
        // D D B
        let g = Grid::from_rows(vec![vec![0, 1, 1], vec![0, 2, 1], vec![3, 3, 1]]).unwrap();
        assert_eq!(
            wall_segments(&g),
            vec![
                (1, 1, 2, 1), // under the top B
                (0, 2, 2, 2), // above D D
                (1, 0, 1, 2), // A | B, A | C
                (2, 1, 2, 3), // C | B, D | B
            ]
        );
    }

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
