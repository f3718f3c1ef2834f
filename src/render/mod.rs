//! # Drawing grids as text
//!
//! Regions (KenKen cages) are outlined with box-drawing characters; edges between cells of the
//! same region are left blank. Each cell is two text lines: its label (the cage clue in the
//! region's top-left cell) and its value. Each kind's drawing is in its folder
//! (`src/kind/<kind>/render.rs`, its SVG beside it).

pub(crate) mod svg;

use crate::grid::{Cell, Grid};

/// Draws a grid. `region` gives each cell's region id, `label` the first text line of a
/// cell and `value` the second.
#[must_use]
pub(crate) fn draw_regions(
    region: &Grid<usize>,
    label: impl Fn(Cell) -> String,
    value: impl Fn(Cell) -> String,
) -> String {
    let (rows, cols) = (region.rows(), region.cols());
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let width = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| {
            label(at(r, c))
                .chars()
                .count()
                .max(value(at(r, c)).chars().count())
        })
        .max()
        .unwrap_or(1)
        .max(3)
        + 2;
    // wall_v(r, c): vertical wall on the left of column c in row r (c in 0..=cols).
    let wall_v = |r: usize, c: usize| {
        c == 0 || c == cols || region.get(at(r, c - 1)) != region.get(at(r, c))
    };
    // wall_h(r, c): horizontal wall above row r in column c (r in 0..=rows).
    let wall_h = |r: usize, c: usize| {
        r == 0 || r == rows || region.get(at(r - 1, c)) != region.get(at(r, c))
    };
    let mut out = String::new();
    for r in 0..=rows {
        // Border line above row r.
        for c in 0..=cols {
            let up = r > 0 && wall_v(r - 1, c);
            let down = r < rows && wall_v(r, c);
            let left = c > 0 && wall_h(r, c - 1);
            let right = c < cols && wall_h(r, c);
            out.push(junction(up, right, down, left));
            if c < cols {
                let ch = if wall_h(r, c) { '─' } else { ' ' };
                out.extend(std::iter::repeat_n(ch, width));
            }
        }
        out.push('\n');
        if r == rows {
            break;
        }
        for line in 0..2 {
            for c in 0..=cols {
                out.push(if wall_v(r, c) { '│' } else { ' ' });
                if c < cols {
                    let text = if line == 0 {
                        format!(" {:<w$}", label(at(r, c)), w = width - 1)
                    } else {
                        format!("{:^width$}", value(at(r, c)))
                    };
                    out.push_str(&text);
                }
            }
            out.push('\n');
        }
    }
    out
}

fn junction(up: bool, right: bool, down: bool, left: bool) -> char {
    match (up, right, down, left) {
        (false, false, false, false) => ' ',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╶',
        (false, false, true, false) => '╷',
        (false, false, false, true) => '╴',
        (true, false, true, false) => '│',
        (false, true, false, true) => '─',
        (false, true, true, false) => '┌',
        (false, false, true, true) => '┐',
        (true, true, false, false) => '└',
        (true, false, false, true) => '┘',
        (true, true, true, false) => '├',
        (true, false, true, true) => '┤',
        (false, true, true, true) => '┬',
        (true, true, false, true) => '┴',
        (true, true, true, true) => '┼',
    }
}
