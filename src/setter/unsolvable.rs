//! # Why a puzzle has no solution, when the reason is simple
//!
//! A solver's "no solution" says nothing a setter can act on. Some puzzles have no solution
//! for a reason one line can say, read from the named constraints
//! ([`crate::puzzle::Constraints`]) alone, without a solver:
//!
//! - a digit fixed twice in one house (two givens, or two `=` cages, in a row, column, box
//!   or diagonal);
//! - a sum cage or run whose target no digits of its size reach (distinct digits for a
//!   Killer cage or a Kakuro run: 1 + 2 + … up to n + (n − 1) + …; repeats allowed in a
//!   KenKen `+` cage: k..=k·n);
//! - sum cages that cover the grid exactly once, on a grid whose every row holds each digit
//!   once (Sudoku, Killer, KenKen): their targets must add up to rows · (1 + 2 + … + n)
//!   (405 on a 9×9), and they do not.
//!
//! [`no_solution_reason`] answers the first that holds (in that order), or `None`: the
//! puzzle may still have no solution, for a reason that takes a search to find.

use std::fmt;

use crate::grid::Cell;
use crate::puzzle::{Constraint, ConstraintKind, Op, Puzzle};

/// A one-line reason why a puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoSolutionReason {
    /// One digit is fixed in two cells of one house.
    RepeatedGiven {
        /// The digit.
        digit: u8,
        /// The house (`row A`, `column 3`, `box A1-C3`).
        house: String,
        /// The first cell holding it.
        first: Cell,
        /// The second cell holding it.
        second: Cell,
    },
    /// A sum cage or run whose target is out of reach for its cells.
    ImpossibleSum {
        /// The cage or run (`cage 46 A1 A2`, `cage 20+ A1 A2`, `run 2 B2 B3`).
        constraint: String,
        /// Its cells.
        cells: usize,
        /// Whether its digits are distinct.
        distinct: bool,
        /// The smallest sum its cells can have (`None` when no distinct digits fill it).
        min: Option<u64>,
        /// The largest.
        max: Option<u64>,
    },
    /// Sum cages cover the grid once, and their targets do not total the grid's.
    CageTotal {
        /// The targets' total.
        total: u64,
        /// What every solution's digits total.
        grid: u64,
        /// The grid's side (rows).
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

impl fmt::Display for NoSolutionReason {
    /// `the cage sums total 406, but every 9x9 grid totals 405`,
    /// `5 is given twice in row A (A1 and A4)`,
    /// `cage 46 A1 A2 cannot be 2 distinct digits (sums 3..=17)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoSolutionReason::RepeatedGiven {
                digit,
                house,
                first,
                second,
            } => write!(
                f,
                "{digit} is given twice in {house} ({} and {})",
                first.label(),
                second.label()
            ),
            NoSolutionReason::ImpossibleSum {
                constraint,
                cells,
                distinct,
                min,
                max,
            } => {
                let digits = if *distinct {
                    "distinct digits"
                } else {
                    "digits"
                };
                match (min, max) {
                    (Some(min), Some(max)) => write!(
                        f,
                        "{constraint} cannot be {cells} {digits} (sums {min}..={max})"
                    ),
                    _ => write!(f, "{constraint} has more cells than there are digits"),
                }
            }
            NoSolutionReason::CageTotal {
                total,
                grid,
                rows,
                cols,
            } => write!(
                f,
                "the cage sums total {total}, but every {rows}x{cols} grid totals {grid}"
            ),
        }
    }
}

/// The simple reason why `puzzle` has no solution, when one of the module notes' holds;
/// `None` otherwise (the puzzle may have solutions, or none for a deeper reason).
#[must_use]
pub fn no_solution_reason(puzzle: &Puzzle) -> Option<NoSolutionReason> {
    let model = puzzle.constraints();
    repeated_given(&model).or_else(|| {
        model
            .list
            .iter()
            .find_map(|c| impossible_sum(c, model.max_digit))
            .or_else(|| cage_total(&model))
    })
}

/// A digit fixed twice in one house: givens, and `=` cages.
fn repeated_given(model: &crate::puzzle::Constraints) -> Option<NoSolutionReason> {
    let mut fixed: Vec<(Cell, u8)> = model.givens.clone();
    fixed.extend(model.list.iter().filter_map(|c| {
        match (c.kind, c.op, &c.cells[..]) {
            (ConstraintKind::Cage, Some(Op::Given), [cell]) => c
                .target
                .and_then(|t| u8::try_from(t).ok())
                .map(|d| (*cell, d)),
            _ => None,
        }
    }));
    for house in model.list.iter().filter(|c| c.kind.is_group()) {
        let mut seen: Vec<(u8, Cell)> = Vec::new();
        for &cell in &house.cells {
            for &(c, d) in fixed.iter().filter(|(c, _)| *c == cell) {
                if let Some(&(_, first)) = seen.iter().find(|(e, f)| *e == d && *f != c) {
                    return Some(NoSolutionReason::RepeatedGiven {
                        digit: d,
                        house: house.to_string(),
                        first,
                        second: c,
                    });
                }
                seen.push((d, c));
            }
        }
    }
    None
}

/// Whether `c` is a sum: a `+` cage (KenKen or Killer) or a Kakuro run.
fn is_sum(c: &Constraint) -> bool {
    c.kind == ConstraintKind::Run || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add))
}

/// The smallest and largest sums of `k` digits `1..=n` (distinct or not); `None` when `k`
/// distinct digits do not exist.
fn sum_range(k: u64, n: u64, distinct: bool) -> Option<(u64, u64)> {
    if !distinct {
        return Some((k, k.checked_mul(n)?));
    }
    if k > n {
        return None;
    }
    let min = k.checked_mul(k + 1)? / 2;
    let max = k.checked_mul(2 * n + 1 - k)? / 2;
    Some((min, max))
}

/// The sum cage or run `c` when its target is out of reach.
fn impossible_sum(c: &Constraint, max_digit: u8) -> Option<NoSolutionReason> {
    if !is_sum(c) || c.cells.is_empty() {
        return None;
    }
    let target = c.target?;
    let k = c.cells.len() as u64;
    let range = sum_range(k, u64::from(max_digit), c.distinct);
    if range.is_some_and(|(min, max)| (min..=max).contains(&target)) {
        return None;
    }
    Some(NoSolutionReason::ImpossibleSum {
        constraint: c.to_string(),
        cells: c.cells.len(),
        distinct: c.distinct,
        min: range.map(|r| r.0),
        max: range.map(|r| r.1),
    })
}

/// Sum cages covering every cell once on a grid whose rows each hold every digit once,
/// with targets that do not total the grid's.
fn cage_total(model: &crate::puzzle::Constraints) -> Option<NoSolutionReason> {
    let n = usize::from(model.max_digit);
    let rows: Vec<&Constraint> = model
        .list
        .iter()
        .filter(|c| c.kind == ConstraintKind::Row)
        .collect();
    let latin = model.cols == n
        && rows.len() == model.rows
        && rows.iter().all(|r| r.cells.len() == n)
        && model.cells.len() == model.rows * model.cols;
    if !latin {
        return None;
    }
    let cages: Vec<&Constraint> = model
        .list
        .iter()
        .filter(|c| c.kind == ConstraintKind::Cage)
        .collect();
    let sum =
        |c: &&Constraint| c.op == Some(Op::Add) || (c.op == Some(Op::Given) && c.cells.len() == 1);
    if cages.is_empty() || !cages.iter().all(sum) {
        return None;
    }
    let mut covered = vec![false; model.rows * model.cols];
    for cell in cages.iter().flat_map(|c| &c.cells) {
        let at = cell.index(model.cols);
        if covered.get(at).copied().unwrap_or(true) {
            return None;
        }
        covered[at] = true;
    }
    if covered.iter().any(|&c| !c) {
        return None;
    }
    let total = cages
        .iter()
        .try_fold(0u64, |t, c| t.checked_add(c.target?))?;
    let line = (n as u64).checked_mul(n as u64 + 1)? / 2;
    let grid = line.checked_mul(model.rows as u64)?;
    (total != grid).then_some(NoSolutionReason::CageTotal {
        total,
        grid,
        rows: model.rows,
        cols: model.cols,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_ranges() {
        assert_eq!(sum_range(2, 9, true), Some((3, 17)));
        assert_eq!(sum_range(9, 9, true), Some((45, 45)));
        assert_eq!(sum_range(10, 9, true), None);
        assert_eq!(sum_range(3, 6, false), Some((3, 18)));
    }

    #[test]
    fn cage_sums_against_the_grid() {
        let cages = "size 4\nboxes 2x2\n3 A1 A2\n7 A3 A4\n7 B1 B2\n3 B3 B4\n";
        let rest = "5 C1 C2\n5 C3 C4\n5 D1 D2\n5 D3 D4\n";
        let p = |text: &str| Puzzle::parse(text).unwrap_or_else(|e| panic!("{e}"));
        // Eight cages over the 4x4 total 40 = 4 * (1 + 2 + 3 + 4): no simple reason.
        assert_eq!(no_solution_reason(&p(&format!("{cages}{rest}"))), None);
        let over = p(&format!("{cages}{}6 D3 D4\n", &rest[..24]));
        assert_eq!(
            no_solution_reason(&over).map(|r| r.to_string()).as_deref(),
            Some("the cage sums total 41, but every 4x4 grid totals 40")
        );
        // Cages short of the grid: nothing to compare.
        assert_eq!(no_solution_reason(&p(cages)), None);
    }
}
