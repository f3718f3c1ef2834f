//! # The one constraint that is impossible alone
//!
//! When the live check finds no solution, the setter wants to know why. Often one cage, run
//! or product cannot hold whatever the rest of the grid does (`7 + A1` on a 4×4, `3 / A1 A2`
//! in a 2×2 row): this module finds the first such constraint of the puzzle's named
//! constraints ([`cagesat::Puzzle::constraints`]) by a small search over its own cells only,
//! with the digits `1..=max_digit`, the givens, and the rule that two of its cells in one
//! row, column or box differ. The search is bounded (a constraint it cannot decide in
//! [`BUDGET`] steps counts as possible), so the answer is a hint, never a false accusation.

use cagesat::puzzle::{Constraint, ConstraintKind, Constraints, Op};
use cagesat::Cell;

/// Search steps per constraint before it is given the benefit of the doubt.
pub const BUDGET: u32 = 200_000;

/// The first constraint that no digits of its own cells satisfy.
#[must_use]
pub fn first_impossible(all: &Constraints) -> Option<&Constraint> {
    all.list.iter().find(|c| impossible(c, all))
}

/// Whether `c` alone has no assignment (within the budget).
fn impossible(c: &Constraint, all: &Constraints) -> bool {
    // Only the arithmetic constraints are searched here (not a Towers clue).
    let arithmetic = matches!(
        c.kind,
        ConstraintKind::Cage
            | ConstraintKind::Run
            | ConstraintKind::RowProduct
            | ConstraintKind::ColProduct
    );
    if !arithmetic || c.target.is_none() || c.cells.is_empty() {
        return false;
    }
    let lines: Vec<&Constraint> = all
        .list
        .iter()
        .filter(|l| {
            matches!(
                l.kind,
                ConstraintKind::Row | ConstraintKind::Column | ConstraintKind::Box
            )
        })
        .collect();
    let apart = |a: Cell, b: Cell| {
        c.distinct
            || lines
                .iter()
                .any(|l| l.cells.contains(&a) && l.cells.contains(&b))
    };
    let mut search = Search {
        c,
        max: all.max_digit,
        given: c
            .cells
            .iter()
            .map(|cell| all.givens.iter().find(|(g, _)| g == cell).map(|&(_, d)| d))
            .collect(),
        apart: c
            .cells
            .iter()
            .map(|&a| c.cells.iter().map(|&b| a != b && apart(a, b)).collect())
            .collect(),
        digits: Vec::with_capacity(c.cells.len()),
        steps: 0,
    };
    !search.any()
}

struct Search<'a> {
    c: &'a Constraint,
    max: u8,
    given: Vec<Option<u8>>,
    /// `apart[i][j]`: cells `i` and `j` must differ.
    apart: Vec<Vec<bool>>,
    digits: Vec<u8>,
    steps: u32,
}

impl Search<'_> {
    /// Whether some completion of `digits` satisfies the constraint (or the budget ran out).
    fn any(&mut self) -> bool {
        self.steps += 1;
        if self.steps > BUDGET {
            return true;
        }
        let i = self.digits.len();
        if i == self.c.cells.len() {
            return holds(self.c, &self.digits);
        }
        let choices: Vec<u8> = match self.given[i] {
            Some(d) => vec![d],
            None => (1..=self.max).collect(),
        };
        for d in choices {
            if (0..i).any(|j| self.apart[i][j] && self.digits[j] == d) {
                continue;
            }
            self.digits.push(d);
            let ok = self.hopeful() && self.any();
            let _ = self.digits.pop();
            if ok {
                return true;
            }
        }
        false
    }

    /// Whether the digits so far can still reach a sum or product target.
    fn hopeful(&self) -> bool {
        let target = self.c.target.unwrap_or(0);
        let left = (self.c.cells.len() - self.digits.len()) as u64;
        let sum: u64 = self.digits.iter().map(|&d| u64::from(d)).sum();
        let product = || {
            self.digits
                .iter()
                .try_fold(1u64, |p, &d| p.checked_mul(u64::from(d)))
        };
        match (self.c.kind, self.c.op) {
            (ConstraintKind::Run, _) | (ConstraintKind::Cage, Some(Op::Add)) => {
                sum + left <= target && sum + left * u64::from(self.max) >= target
            }
            (ConstraintKind::RowProduct | ConstraintKind::ColProduct, _)
            | (ConstraintKind::Cage, Some(Op::Mul)) => {
                product().is_some_and(|p| p != 0 && target % p == 0)
            }
            _ => true,
        }
    }
}

/// Whether `digits` on the constraint's cells meet its target.
fn holds(c: &Constraint, digits: &[u8]) -> bool {
    let target = c.target.unwrap_or(0);
    let ds: Vec<u64> = digits.iter().map(|&d| u64::from(d)).collect();
    let sum: u64 = ds.iter().sum();
    let product = ds.iter().try_fold(1u64, |p, &d| p.checked_mul(d));
    let max = ds.iter().copied().max().unwrap_or(0);
    let add = sum == target;
    let mul = product == Some(target);
    let sub = 2 * max >= sum && 2 * max - sum == target;
    let div = product.is_some_and(|p| {
        let rest = p / max.max(1);
        rest != 0 && max % rest == 0 && max / rest == target
    });
    match (c.kind, c.op) {
        (ConstraintKind::Run, _) => add,
        (ConstraintKind::RowProduct | ConstraintKind::ColProduct, _) => mul,
        (_, Some(Op::Add)) => add,
        (_, Some(Op::Mul)) => mul,
        (_, Some(Op::Sub)) => sub,
        (_, Some(Op::Div)) => div,
        (_, Some(Op::Given)) => ds.len() == 1 && ds[0] == target,
        _ => add || mul || sub || div,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::Puzzle;

    /// The first constraint impossible alone in `text` with the target of its constraint
    /// number `k` replaced by `target` (the parser itself refuses a cage no digits can make,
    /// so the impossible ones are made here).
    fn named(text: &str, k: usize, target: u64) -> Option<String> {
        let p = Puzzle::parse(text).unwrap();
        let mut model = p.constraints();
        model.list[k].target = Some(target);
        first_impossible(&model).map(ToString::to_string)
    }

    #[test]
    fn impossible_cages_and_runs_are_named() {
        let two = "size 2\n3 + A1 A2\n3 + B1 B2";
        assert_eq!(named(two, 1, 5).as_deref(), Some("cage 5+ B1 B2"));
        assert_eq!(named(two, 0, 3), None);
        // A row's two cells cannot both be 2: 4 = 2 × 2 is impossible in one row.
        let products = "size 2\n2 * A1 A2\n2 * B1 B2";
        assert_eq!(named(products, 0, 4).as_deref(), Some("cage 4× A1 A2"));
        // Cells in different rows and columns may repeat: 2 × 2 is fine.
        assert_eq!(named("size 2\n2 * A1 B2\n1 * A2\n2 * B1", 0, 4), None);
        // The parser names such a cage first, at its place.
        let e = Puzzle::parse("size 2\n3 / A1 A2\n3 + B1 B2").unwrap_err();
        assert_eq!(
            e.to_string(),
            "<stdin>:2:1: cage 3/ at A1 cannot be made by 2 digits 1..=2"
        );
    }
}
