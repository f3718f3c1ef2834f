//! # Cage–line reasoning ("pointing")
//!
//! When two or more cells of a cage share a row (or column), the cage's tuples decide whether
//! digit d lands in that part of the line. For each such (cage, line, d) with tuples on both
//! sides, one variable `u` says "the cage puts d in this line":
//!
//! - `¬s_t ∨ u` for every tuple t with d in the line,
//! - `u ∨ ⋁{s_t : t has no d in the line}`,
//! - `¬u ∨ ¬x(c, d)` for every cell c of the line outside the cage.
//!
//! When every remaining tuple has d in the line, unit propagation sets `u` and removes d from
//! the rest of the line (Sudoku's pointing / box–line interaction, with cages as boxes); a d
//! placed elsewhere in the line removes those tuples. When all tuples agree, no variable is
//! needed: the outside cells lose d by unit clauses (`static`).

use crate::cnf::{EncodeStats, ExtendFormula, Lit, OneHot};
use crate::grid::Cell;
use crate::tuples::Tuples;

/// Sizes of the line reasoning of one cage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineStats {
    /// `u` variables and their clauses.
    pub linked: EncodeStats,
    /// Unit clauses from lines where every tuple agrees.
    pub fixed: usize,
}

/// Writes the cage–line clauses for one cage of an N×N grid.
pub(crate) fn encode_cage_lines(
    f: &mut impl ExtendFormula,
    map: &OneHot,
    n: usize,
    cells: &[Cell],
    tuples: &Tuples,
    selectors: &[Lit],
) -> LineStats {
    let mut stats = LineStats::default();
    if tuples.len() < 2 || selectors.len() != tuples.len() {
        return stats; // fixed cages are handled by unit clauses already
    }
    for by_row in [true, false] {
        let key = |c: &Cell| if by_row { c.row } else { c.col };
        let mut lines: Vec<u8> = cells.iter().map(key).collect();
        lines.sort_unstable();
        lines.dedup();
        for line in lines {
            let inside: Vec<usize> = (0..cells.len())
                .filter(|&i| key(&cells[i]) == line)
                .collect();
            if inside.len() < 2 {
                continue;
            }
            let outside: Vec<Cell> = (0..n as u8)
                .map(|i| {
                    if by_row {
                        Cell::new(line, i)
                    } else {
                        Cell::new(i, line)
                    }
                })
                .filter(|c| !cells.contains(c))
                .collect();
            if outside.is_empty() {
                continue;
            }
            for d in 1..=map.digits() {
                let has: Vec<bool> = tuples
                    .iter()
                    .map(|t| inside.iter().any(|&i| t[i] == d))
                    .collect();
                let count = has.iter().filter(|&&h| h).count();
                if count == 0 {
                    continue;
                }
                if count == tuples.len() {
                    for &c in &outside {
                        f.add_clause(&[!map.lit(c, d)]);
                        stats.fixed += 1;
                    }
                    continue;
                }
                let u = f.new_lit();
                stats.linked.vars += 1;
                let mut without = vec![u];
                for (t, &h) in has.iter().enumerate() {
                    if h {
                        f.add_clause(&[!selectors[t], u]);
                        stats.linked.clauses += 1;
                    } else {
                        without.push(selectors[t]);
                    }
                }
                f.add_clause(&without);
                stats.linked.clauses += 1;
                for &c in &outside {
                    f.add_clause(&[!u, !map.lit(c, d)]);
                    stats.linked.clauses += 1;
                }
            }
        }
    }
    stats
}
