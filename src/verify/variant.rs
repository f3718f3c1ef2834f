//! # Checking variant Sudoku constraints
//!
//! The verifier's rule for every [`Variant`]: each is checked against a full grid from
//! its definition (the docs of `crate::puzzle::Variant`), with code of its own: nothing
//! here reads the model's relations or line rules, nor the variants' lowering. The boxes
//! a region-sum line is cut by are computed from the side and box shape (or read from a
//! jigsaw's region map), as the Sudoku verifier does.

use crate::grid::{Cell, Grid};
use crate::puzzle::{Dot, Sudoku, Variant};
use crate::verify::VerifyError;

/// Checks `grid` (N×N, digits 1..=N, checked before) against every variant of `s`.
///
/// # Errors
/// The first variant broken, naming it, its cells and their digits.
pub(crate) fn verify_variants(s: &Sudoku, grid: &Grid<u8>) -> Result<(), VerifyError> {
    let dots: Vec<([Cell; 2], Dot)> = s
        .variants()
        .iter()
        .filter_map(|v| match v {
            Variant::Dot { cells, dot } => Some((*cells, *dot)),
            _ => None,
        })
        .collect();
    for v in s.variants() {
        check(v, s, grid, &dots)?;
    }
    Ok(())
}

/// The error for `v` broken at `cells`.
fn broken(v: &Variant, cells: &[Cell], detail: String) -> VerifyError {
    VerifyError::Variant {
        name: v.name(),
        cells: cells.to_vec(),
        detail,
    }
}

/// Every cell of an N×N grid, row by row.
fn all_cells(n: usize) -> impl Iterator<Item = Cell> {
    (0..n).flat_map(move |r| (0..n).map(move |c| Cell::new(r as u8, c as u8)))
}

/// The cell `(dr, dc)` from `a`, when inside the N×N grid.
fn step(a: Cell, dr: i32, dc: i32, n: usize) -> Option<Cell> {
    let (r, c) = (i32::from(a.row) + dr, i32::from(a.col) + dc);
    let n = i32::try_from(n).ok()?;
    ((0..n).contains(&r) && (0..n).contains(&c)).then(|| Cell::new(r as u8, c as u8))
}

/// Whether two digits are a dot's pair: differ by `k` (white), one `k` times the other
/// (black), add up to `k` (sum).
fn dot_holds(dot: Dot, a: u8, b: u8) -> bool {
    let (a, b) = (u32::from(a), u32::from(b));
    match dot {
        Dot::White(k) => a.abs_diff(b) == u32::from(k),
        Dot::Black(k) => a * u32::from(k) == b || b * u32::from(k) == a,
        Dot::Sum(k) => a + b == u32::from(k),
    }
}

/// Whether two dots are of one family (Kropki: white and black; XV: sums).
fn kin(a: Dot, b: Dot) -> bool {
    matches!(
        (a, b),
        (Dot::White(_) | Dot::Black(_), Dot::White(_) | Dot::Black(_)) | (Dot::Sum(_), Dot::Sum(_))
    )
}

/// The sum of the digits of `cells`.
fn sum_of(grid: &Grid<u8>, cells: &[Cell]) -> u32 {
    cells.iter().map(|&c| u32::from(*grid.get(c))).sum()
}

/// The digits of `cells`, for messages.
fn digits(grid: &Grid<u8>, cells: &[Cell]) -> Vec<u8> {
    cells.iter().map(|&c| *grid.get(c)).collect()
}

/// An error naming the first two cells of `cells` with one digit, if any.
fn distinct(v: &Variant, grid: &Grid<u8>, cells: &[Cell]) -> Result<(), VerifyError> {
    for (i, &a) in cells.iter().enumerate() {
        if let Some(&b) = cells[i + 1..].iter().find(|&&b| grid.get(a) == grid.get(b)) {
            return Err(broken(v, &[a, b], format!("digit {} repeats", grid.get(a))));
        }
    }
    Ok(())
}

/// The region (box or jigsaw region) of each cell, as a number.
fn region_of(s: &Sudoku, c: Cell) -> usize {
    match s.regions() {
        Some(map) => usize::from(*map.get(c)),
        None => {
            let (br, bc) = s.boxes();
            let per_row = s.size() / bc.max(1);
            usize::from(c.row) / br.max(1) * per_row + usize::from(c.col) / bc.max(1)
        }
    }
}

/// Checks one variant.
#[allow(
    clippy::too_many_lines,
    reason = "one arm per variant, each its definition"
)]
fn check(
    v: &Variant,
    s: &Sudoku,
    grid: &Grid<u8>,
    dots: &[([Cell; 2], Dot)],
) -> Result<(), VerifyError> {
    let n = s.size();
    let d = |c: Cell| *grid.get(c);
    let fail = |cells: &[Cell], detail: String| Err(broken(v, cells, detail));
    match v {
        Variant::Candidates { cell, digits } => {
            if !digits.contains(&d(*cell)) {
                return fail(&[*cell], format!("{} is not one of {digits:?}", d(*cell)));
            }
        }
        Variant::Parity { cell, even } => {
            if (d(*cell) % 2 == 0) != *even {
                return fail(
                    &[*cell],
                    format!("{} is not {}", d(*cell), if *even { "even" } else { "odd" }),
                );
            }
        }
        Variant::AntiKnight | Variant::AntiKing => {
            let moves: &[(i32, i32)] = if matches!(v, Variant::AntiKnight) {
                &[(1, 2), (2, 1), (1, -2), (2, -1)]
            } else {
                &[(1, 1), (1, -1)]
            };
            for a in all_cells(n) {
                for &(dr, dc) in moves {
                    if let Some(b) = step(a, dr, dc, n) {
                        if d(a) == d(b) {
                            return fail(&[a, b], format!("both hold {}", d(a)));
                        }
                    }
                }
            }
        }
        Variant::NonConsecutive => {
            for a in all_cells(n) {
                for b in [step(a, 0, 1, n), step(a, 1, 0, n)].into_iter().flatten() {
                    if d(a).abs_diff(d(b)) == 1 {
                        return fail(&[a, b], format!("{} and {} are consecutive", d(a), d(b)));
                    }
                }
            }
        }
        Variant::Diagonal { anti } => {
            let cells: Vec<Cell> = (0..n)
                .map(|i| Cell::new(i as u8, if *anti { (n - 1 - i) as u8 } else { i as u8 }))
                .collect();
            distinct(v, grid, &cells)?;
        }
        Variant::Windoku => {
            for r0 in [1u8, 5] {
                for c0 in [1u8, 5] {
                    let cells: Vec<Cell> = (0..9u8)
                        .map(|i| Cell::new(r0 + i / 3, c0 + i % 3))
                        .filter(|c| usize::from(c.row) < n && usize::from(c.col) < n)
                        .collect();
                    distinct(v, grid, &cells)?;
                }
            }
        }
        Variant::Region(cells) => distinct(v, grid, cells)?,
        Variant::Cage { cells, sum } => {
            distinct(v, grid, cells)?;
            if let Some(sum) = sum {
                if sum_of(grid, cells) != *sum {
                    return fail(
                        cells,
                        format!("{:?} do not add up to {sum}", digits(grid, cells)),
                    );
                }
            }
        }
        Variant::Dot { cells: [a, b], dot } => {
            if !dot_holds(*dot, d(*a), d(*b)) {
                return fail(&[*a, *b], format!("{} and {} break it", d(*a), d(*b)));
            }
        }
        Variant::NegativeDots(dot) => {
            for a in all_cells(n) {
                for b in [step(a, 0, 1, n), step(a, 1, 0, n)].into_iter().flatten() {
                    let marked = dots
                        .iter()
                        .any(|&([x, y], e)| kin(e, *dot) && ((x, y) == (a, b) || (x, y) == (b, a)));
                    if !marked && dot_holds(*dot, d(a), d(b)) {
                        return fail(
                            &[a, b],
                            format!(
                                "{} and {} would need a {} between them",
                                d(a),
                                d(b),
                                dot.name()
                            ),
                        );
                    }
                }
            }
        }
        Variant::GreaterThan([a, b]) => {
            if d(*a) <= d(*b) {
                return fail(
                    &[*a, *b],
                    format!("{} is not greater than {}", d(*a), d(*b)),
                );
            }
        }
        Variant::Quadruple {
            cells,
            digits: want,
        } => {
            let mut have = digits(grid, cells);
            for w in want {
                match have.iter().position(|x| x == w) {
                    Some(i) => {
                        let _ = have.swap_remove(i);
                    }
                    None => {
                        return fail(
                            cells,
                            format!("{:?} do not include {want:?}", digits(grid, cells)),
                        )
                    }
                }
            }
        }
        Variant::Thermo(cells) => {
            if let Some(w) = cells.windows(2).find(|w| d(w[0]) >= d(w[1])) {
                return fail(w, format!("{} then {} does not increase", d(w[0]), d(w[1])));
            }
        }
        Variant::Arrow { circle, line } => {
            let number = circle.iter().fold(0u64, |acc, &c| {
                acc.saturating_mul(10).saturating_add(u64::from(d(c)))
            });
            let total = u64::from(sum_of(grid, line));
            if number != total {
                let all = [circle.as_slice(), line].concat();
                return fail(
                    &all,
                    format!("the circle reads {number}, the line adds up to {total}"),
                );
            }
        }
        Variant::DoubleArrow(cells) => {
            let (ends, mid) = match cells.as_slice() {
                [first, mid @ .., last] => (d(*first) as u32 + d(*last) as u32, sum_of(grid, mid)),
                _ => (0, 0),
            };
            if ends != mid {
                return fail(
                    cells,
                    format!("the ends add up to {ends}, the cells between to {mid}"),
                );
            }
        }
        Variant::Whisper { cells, diff } => {
            if let Some(w) = cells.windows(2).find(|w| d(w[0]).abs_diff(d(w[1])) < *diff) {
                return fail(
                    w,
                    format!("{} and {} are less than {diff} apart", d(w[0]), d(w[1])),
                );
            }
        }
        Variant::Renban(cells) => {
            distinct(v, grid, cells)?;
            let ds = digits(grid, cells);
            let (lo, hi) = (
                ds.iter().min().copied().unwrap_or(0),
                ds.iter().max().copied().unwrap_or(0),
            );
            if usize::from(hi - lo) + 1 != cells.len() {
                return fail(cells, format!("{ds:?} are not consecutive"));
            }
        }
        Variant::Palindrome(cells) => {
            let k = cells.len();
            for i in 0..k / 2 {
                let (a, b) = (cells[i], cells[k - 1 - i]);
                if d(a) != d(b) {
                    return fail(&[a, b], format!("{} and {} should be equal", d(a), d(b)));
                }
            }
        }
        Variant::Between(cells) | Variant::Lockout { cells, .. } => {
            let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
                return Ok(());
            };
            let (lo, hi) = (d(first).min(d(last)), d(first).max(d(last)));
            if let Variant::Lockout { diff, .. } = v {
                if hi - lo < *diff {
                    return fail(
                        &[first, last],
                        format!("the ends {lo} and {hi} are less than {diff} apart"),
                    );
                }
            }
            for &c in &cells[1..cells.len() - 1] {
                let x = d(c);
                let inside = lo < x && x < hi;
                let ok = match v {
                    Variant::Between(_) => inside,
                    _ => x < lo || x > hi,
                };
                if !ok {
                    return fail(
                        &[c],
                        format!(
                            "{x} is not {} the ends {lo} and {hi}",
                            if matches!(v, Variant::Between(_)) {
                                "between"
                            } else {
                                "outside"
                            }
                        ),
                    );
                }
            }
        }
        Variant::RegionSum(cells) => {
            let mut sums: Vec<(Cell, u32)> = Vec::new();
            let mut last = None;
            for &c in cells {
                let r = region_of(s, c);
                match sums.last_mut() {
                    Some((_, total)) if last == Some(r) => *total += u32::from(d(c)),
                    _ => sums.push((c, u32::from(d(c)))),
                }
                last = Some(r);
            }
            if let Some(w) = sums.windows(2).find(|w| w[0].1 != w[1].1) {
                return fail(
                    &[w[0].0, w[1].0],
                    format!(
                        "the segment from {} adds up to {}, the one from {} to {}",
                        w[0].0, w[0].1, w[1].0, w[1].1
                    ),
                );
            }
        }
        Variant::Nabner(cells) => {
            for (i, &a) in cells.iter().enumerate() {
                if let Some(&b) = cells[i + 1..].iter().find(|&&b| d(a).abs_diff(d(b)) < 2) {
                    return fail(
                        &[a, b],
                        format!("{} and {} are equal or consecutive", d(a), d(b)),
                    );
                }
            }
        }
        Variant::Zipper(cells) => {
            let k = cells.len();
            let target = if k % 2 == 1 {
                u32::from(d(cells[k / 2]))
            } else {
                u32::from(d(cells[0])) + u32::from(d(cells[k - 1]))
            };
            for i in 0..k / 2 {
                let (a, b) = (cells[i], cells[k - 1 - i]);
                let total = u32::from(d(a)) + u32::from(d(b));
                if total != target {
                    return fail(&[a, b], format!("{} + {} is not {target}", d(a), d(b)));
                }
            }
        }
        Variant::Entropic(cells) => {
            let third = |x: u8| (usize::from(x) - 1) * 3 / n.max(1);
            for w in cells.windows(3) {
                let t = [third(d(w[0])), third(d(w[1])), third(d(w[2]))];
                if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
                    return fail(
                        w,
                        format!(
                            "{:?} are not one low, one middle and one high",
                            digits(grid, w)
                        ),
                    );
                }
            }
        }
        Variant::Modular { cells, modulus } => {
            let k = usize::from(*modulus).min(cells.len()).max(1);
            for w in cells.windows(k) {
                let residues: Vec<u8> = w.iter().map(|&c| d(c) % modulus).collect();
                if (0..k).any(|i| residues[i + 1..].contains(&residues[i])) {
                    return fail(
                        w,
                        format!("{:?} repeat a residue modulo {modulus}", digits(grid, w)),
                    );
                }
            }
        }
        Variant::LittleKiller { cells, sum } => {
            if sum_of(grid, cells) != *sum {
                return fail(
                    cells,
                    format!("{:?} do not add up to {sum}", digits(grid, cells)),
                );
            }
        }
        Variant::Sandwich { cells, sum } => {
            let at = |x: usize| cells.iter().position(|&c| usize::from(d(c)) == x);
            let total = match (at(1), at(n)) {
                (Some(a), Some(b)) => Some(sum_of(grid, &cells[a.min(b) + 1..a.max(b)])),
                _ => None,
            };
            if total != Some(*sum) {
                return fail(
                    cells,
                    format!(
                        "between the 1 and the {n} of {:?} is not {sum}",
                        digits(grid, cells)
                    ),
                );
            }
        }
        Variant::XSum { cells, sum } => {
            let x = cells.first().map_or(0, |&c| usize::from(d(c)));
            let total = (x <= cells.len()).then(|| sum_of(grid, &cells[..x]));
            if total != Some(*sum) {
                return fail(
                    cells,
                    format!(
                        "the first {x} of {:?} do not add up to {sum}",
                        digits(grid, cells)
                    ),
                );
            }
        }
        Variant::Skyscraper { cells, count } => {
            let mut tallest = 0;
            let mut seen = 0usize;
            for &c in cells {
                if d(c) > tallest {
                    tallest = d(c);
                    seen += 1;
                }
            }
            if seen != usize::from(*count) {
                return fail(
                    cells,
                    format!("{seen} seen in {:?}, not {count}", digits(grid, cells)),
                );
            }
        }
    }
    Ok(())
}
