//! # Naming a step's technique
//!
//! A step's [`Technique`] follows from its reason, its action and the candidates before it:
//! - one house (a row, column, box or diagonal with as many cells as digits): the
//!   elimination of digit d at cell i is a **naked set** of size k when k other cells of the
//!   house hold only k digits between them, d among them, and a **hidden set** of size k
//!   when k digits other than d have only k places in the house, i among them; the smallest
//!   k wins (naked on ties). k = 1 is an **elimination** (the digit is placed elsewhere
//!   in the house, or another digit has no other place): singles are placements only. A
//!   placement is a hidden single when its digit has one place left in the house, else the
//!   hardest of the eliminations it makes (a naked single when each is k = 1);
//! - one cage or run: cage combinations; one product: line product; one Towers clue: tower
//!   clue; one Unequal sign or bar: inequality;
//! - several constraints, by their shape alone ([`shape`]): a box and a line are pointing
//!   (the cell in the line, outside the box) or claiming (the reverse); a cage and a house
//!   are cage and line; k rows with k columns are a fish; three or more sums and houses are
//!   innies and outies; anything else is a combination of N constraints.

use std::ops::ControlFlow;

use crate::grid::Cell;
use crate::native::alldiff::hall_sets;
use crate::puzzle::{Constraint, ConstraintKind, Op, Technique};

use super::gac::digits;

/// The technique of a deduction of the one constraint `c`: at position `at` of its cells
/// (candidates `doms`, before the step), the digits `gone` go; `place` when that leaves one.
pub(super) fn single(c: &Constraint, doms: &[u32], at: usize, gone: u32, place: bool) -> Technique {
    if !c.kind.is_group() {
        return shape(&[c], c.cells.get(at).copied().unwrap_or(Cell::new(0, 0)));
    }
    if place {
        let left = doms[at] & !gone;
        if doms.iter().filter(|&&x| x & left != 0).count() == 1 {
            return Technique::HiddenSingle;
        }
        return digits(gone & doms[at])
            .map(|d| house(doms, at, d))
            .max_by_key(|t| t.score())
            .unwrap_or(Technique::NakedSingle);
    }
    match house(doms, at, gone.trailing_zeros()) {
        // Singles are placements: an elimination that one house makes alone is named so.
        Technique::NakedSingle | Technique::HiddenSingle => Technique::Elimination,
        t => t,
    }
}

/// The easiest set of one house that removes digit `d` at position `at` of `doms`.
pub(super) fn house(doms: &[u32], at: usize, d: u32) -> Technique {
    let full = doms.iter().fold(0u32, |a, &x| a | x).count_ones() as usize == doms.len();
    for k in 1..doms.len() {
        if naked(doms, at, d, k) {
            return match k {
                1 => Technique::NakedSingle,
                k => Technique::NakedSet { size: k as u8 },
            };
        }
        if full && hidden(doms, at, d, k) {
            return match k {
                1 => Technique::HiddenSingle,
                k => Technique::HiddenSet { size: k as u8 },
            };
        }
    }
    Technique::Combination { constraints: 1 }
}

/// Do `k` cells other than `at` hold only `k` digits between them, `d` among them (a naked
/// set, [`hall_sets`] over the cells' candidates)?
fn naked(doms: &[u32], at: usize, d: u32, k: usize) -> bool {
    let cells: Vec<u32> = (0..doms.len())
        .filter(|&j| j != at && doms[j] != 0 && doms[j].count_ones() as usize <= k)
        .map(|j| doms[j])
        .collect();
    exactly(&cells, k, 1 << d)
}

/// Do `k` digits other than `d` have only `k` places in the house, `at` among them (a hidden
/// set, [`hall_sets`] over the digits' places)?
fn hidden(doms: &[u32], at: usize, d: u32, k: usize) -> bool {
    let all = doms.iter().fold(0u32, |a, &x| a | x);
    let places: Vec<u32> = digits(all & !(1 << d))
        .map(|e| {
            (0..doms.len())
                .filter(|&j| doms[j] & (1 << e) != 0)
                .fold(0u32, |m, j| m | (1 << j))
        })
        .filter(|m| m.count_ones() as usize <= k)
        .collect();
    exactly(&places, k, 1 << at)
}

/// Is there a Hall set of `k` of `masks` whose union holds exactly `k` bits, `bit` among
/// them?
fn exactly(masks: &[u32], k: usize, bit: u32) -> bool {
    hall_sets(masks, k, &mut |set| {
        if set.digits.count_ones() as usize == k && set.digits & bit != 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// The technique of a reason by its shape alone: one constraint that is not a house, or
/// several (the step at `cell`).
pub(super) fn shape(reason: &[&Constraint], cell: Cell) -> Technique {
    let n = reason.len();
    let is = |k: ConstraintKind| reason.iter().filter(|c| c.kind == k).count();
    let line = |k: ConstraintKind| matches!(k, ConstraintKind::Row | ConstraintKind::Column);
    let sum = |c: &Constraint| {
        c.kind == ConstraintKind::Run || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add))
    };
    if n == 1 {
        return match reason[0].kind {
            ConstraintKind::Cage | ConstraintKind::Run => Technique::CageCombinations,
            ConstraintKind::RowProduct | ConstraintKind::ColProduct => Technique::LineProduct,
            ConstraintKind::Visible => Technique::TowerClue,
            ConstraintKind::Less | ConstraintKind::Adjacent | ConstraintKind::NotAdjacent => {
                Technique::Inequality
            }
            ConstraintKind::Variant => match &reason[0].rule {
                Some(rule) => Technique::Variant { rule: rule.name },
                None => Technique::Combination { constraints: 1 },
            },
            _ => Technique::Combination { constraints: 1 },
        };
    }
    if n == 2 {
        let boxed = reason.iter().find(|c| c.kind == ConstraintKind::Box);
        let lined = reason.iter().find(|c| line(c.kind));
        if let (Some(b), Some(l)) = (boxed, lined) {
            let (in_b, in_l) = (b.cells.contains(&cell), l.cells.contains(&cell));
            if in_l && !in_b {
                return Technique::Pointing;
            }
            if in_b && !in_l {
                return Technique::Claiming;
            }
        }
        if is(ConstraintKind::Cage) == 1 && reason.iter().any(|c| c.kind.is_group()) {
            return Technique::CageAndLine;
        }
    }
    let (rows, cols) = (is(ConstraintKind::Row), is(ConstraintKind::Column));
    // A fish clears its cover lines outside its base lines: the cell is in one line.
    let on = reason
        .iter()
        .filter(|c| line(c.kind) && c.cells.contains(&cell))
        .count();
    if rows == cols && rows >= 2 && rows + cols == n && on == 1 {
        return Technique::Fish { size: rows as u8 };
    }
    if n >= 3 && reason.iter().any(|c| sum(c)) && reason.iter().all(|c| sum(c) || c.kind.is_group())
    {
        return Technique::InniesOuties;
    }
    Technique::Combination {
        constraints: u8::try_from(n).unwrap_or(u8::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, &d| m | (1 << d))
    }

    fn house_of(kind: ConstraintKind, cells: &[(u8, u8)]) -> Constraint {
        Constraint {
            kind,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }

    fn row(n: u8) -> Constraint {
        house_of(
            ConstraintKind::Row,
            &(0..n).map(|c| (0, c)).collect::<Vec<_>>(),
        )
    }

    fn elim(doms: &[&[u32]], at: usize, d: u32) -> Technique {
        let doms: Vec<u32> = doms.iter().map(|x| bits(x)).collect();
        single(&row(doms.len() as u8), &doms, at, 1 << d, false)
    }

    #[test]
    fn singles() {
        // 2 is placed in the second cell: it goes from the first, which keeps 1.
        assert_eq!(
            elim(&[&[1, 2], &[2], &[1, 3, 4], &[1, 3, 4]], 0, 2),
            Technique::Elimination
        );
        // Placing the first cell's last candidate is the naked single.
        let doms = [
            bits(&[1, 2]),
            bits(&[2]),
            bits(&[1, 3, 4]),
            bits(&[1, 3, 4]),
        ];
        let t = single(&row(4), &doms, 0, bits(&[2]), true);
        assert_eq!(t, Technique::NakedSingle);
        // 1 has one place (the first cell): placing it removes 2.
        let doms = [bits(&[1, 2]), bits(&[2, 3]), bits(&[3, 4]), bits(&[2, 4])];
        let t = single(&row(4), &doms, 0, bits(&[2]), true);
        assert_eq!(t, Technique::HiddenSingle);
        // The same elimination, seen as an elimination: 2 goes because 1 must be there.
        assert_eq!(
            elim(&[&[1, 2], &[2, 3], &[3, 4], &[2, 4]], 0, 2),
            Technique::Elimination
        );
    }

    #[test]
    fn naked_and_hidden_sets() {
        let pair: [&[u32]; 4] = [&[1, 2, 3], &[2, 3], &[2, 3], &[1, 4]];
        assert_eq!(elim(&pair, 0, 2), Technique::NakedSet { size: 2 });
        let hidden: [&[u32]; 6] = [
            &[1, 2, 5],
            &[1, 2, 6],
            &[3, 4, 5, 6],
            &[3, 4, 5, 6],
            &[3, 4, 5, 6],
            &[3, 4, 5, 6],
        ];
        assert_eq!(elim(&hidden, 0, 5), Technique::HiddenSet { size: 2 });
        let triple: [&[u32]; 6] = [
            &[1, 2, 3, 4],
            &[1, 2],
            &[2, 3],
            &[1, 3],
            &[4, 5, 6],
            &[4, 5, 6],
        ];
        assert_eq!(elim(&triple, 0, 1), Technique::NakedSet { size: 3 });
        // A placement is as hard as its hardest elimination: 4 stays at the first cell
        // after the triple removes 1, 2 and 3 (4 has two places, so not a hidden single).
        let doms: Vec<u32> = triple.iter().map(|x| bits(x)).collect();
        let t = single(&row(6), &doms, 0, bits(&[1, 2, 3]), true);
        assert_eq!(t, Technique::NakedSet { size: 3 });
    }

    #[test]
    fn shapes() {
        let b = house_of(ConstraintKind::Box, &[(0, 0), (0, 1), (1, 0), (1, 1)]);
        let r = row(4);
        assert_eq!(shape(&[&b, &r], Cell::new(0, 3)), Technique::Pointing);
        assert_eq!(shape(&[&r, &b], Cell::new(1, 0)), Technique::Claiming);
        let col = |c: u8| house_of(ConstraintKind::Column, &[(0, c), (1, c), (2, c), (3, c)]);
        let row_at = |r: u8| house_of(ConstraintKind::Row, &[(r, 0), (r, 1), (r, 2), (r, 3)]);
        let fish = [&row_at(0), &row_at(2), &col(1), &col(3)];
        assert_eq!(shape(&fish, Cell::new(1, 1)), Technique::Fish { size: 2 });
        // A cell on a base line and a cover line is no fish's elimination.
        assert_eq!(
            shape(&fish, Cell::new(0, 1)),
            Technique::Combination { constraints: 4 }
        );
        let cage = Constraint {
            kind: ConstraintKind::Cage,
            cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            op: Some(Op::Add),
            target: Some(5),
            distinct: false,
            rule: None,
        };
        assert_eq!(
            shape(&[&cage], Cell::new(0, 0)),
            Technique::CageCombinations
        );
        assert_eq!(shape(&[&cage, &r], Cell::new(0, 3)), Technique::CageAndLine);
        assert_eq!(
            shape(&[&cage, &r, &col(0)], Cell::new(2, 0)),
            Technique::InniesOuties
        );
        let product = Constraint {
            kind: ConstraintKind::RowProduct,
            op: Some(Op::Mul),
            ..cage.clone()
        };
        assert_eq!(shape(&[&product], Cell::new(0, 0)), Technique::LineProduct);
        assert_eq!(
            shape(&[&product, &col(0), &col(1)], Cell::new(0, 0)),
            Technique::Combination { constraints: 3 }
        );
        let less = Constraint {
            kind: ConstraintKind::Less,
            op: None,
            ..cage.clone()
        };
        assert_eq!(shape(&[&less], Cell::new(0, 0)), Technique::Inequality);
        let seen = Constraint {
            kind: ConstraintKind::Visible,
            op: None,
            ..cage
        };
        assert_eq!(shape(&[&seen], Cell::new(0, 0)), Technique::TowerClue);
    }
}
