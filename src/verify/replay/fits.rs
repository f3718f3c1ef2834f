//! # Does a step's technique fit its reason?
//!
//! By the kinds and counts of the reason's constraints alone: a single needs one house, a
//! fish `k` rows and `k` columns, pointing a box and a line with the cell in the line.

use crate::puzzle::{Action, Constraint, ConstraintKind, Op, Step, Technique};

/// Does the step's technique fit its reason, by the kinds and counts of its constraints
/// alone? `Err` says what is missing.
pub(super) fn fits(step: &Step) -> Result<(), &'static str> {
    let r = &step.reason;
    let count = |k: ConstraintKind| r.iter().filter(|c| c.kind == k).count();
    let line = |c: &&Constraint| matches!(c.kind, ConstraintKind::Row | ConstraintKind::Column);
    let sum = |c: &Constraint| {
        c.kind == ConstraintKind::Run || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add))
    };
    let one = |ok: &dyn Fn(&Constraint) -> bool, why| match r.as_slice() {
        [c] if ok(c) => Ok(()),
        _ => Err(why),
    };
    match step.technique {
        Technique::NakedSingle | Technique::HiddenSingle => {
            one(&|c| c.kind.is_group(), "a single needs one house")
        }
        Technique::Elimination => one(&|c| c.kind.is_group(), "an elimination needs one house"),
        Technique::NakedSet { size } | Technique::HiddenSet { size } => one(
            &|c| c.kind.is_group() && size >= 2 && usize::from(size) < c.cells.len(),
            "a set needs one house with more cells than the set",
        ),
        Technique::Pointing | Technique::Claiming => {
            let boxed = r.iter().find(|c| c.kind == ConstraintKind::Box);
            let lined = r.iter().find(line);
            let (Some(b), Some(l)) = (boxed, lined) else {
                return Err("pointing and claiming need a box and a line");
            };
            let (in_b, in_l) = (b.cells.contains(&step.cell), l.cells.contains(&step.cell));
            let pointing = step.technique == Technique::Pointing;
            match (r.len(), pointing) {
                (2, true) if in_l && !in_b => Ok(()),
                (2, false) if in_b && !in_l => Ok(()),
                _ => Err("the cell must be in the line outside the box (pointing), or the reverse (claiming)"),
            }
        }
        Technique::Fish { size } => {
            let (rows, cols) = (count(ConstraintKind::Row), count(ConstraintKind::Column));
            let on = r
                .iter()
                .filter(|c| line(c) && c.cells.contains(&step.cell))
                .count();
            if size >= 2
                && rows == usize::from(size)
                && cols == rows
                && r.len() == rows + cols
                && on == 1
            {
                Ok(())
            } else {
                Err("a fish of k needs k rows and k columns and nothing else, the cell in one of them")
            }
        }
        Technique::CageCombinations => one(
            &|c| matches!(c.kind, ConstraintKind::Cage | ConstraintKind::Run),
            "cage combinations need one cage or run",
        ),
        Technique::CageAndLine => {
            if r.len() == 2
                && count(ConstraintKind::Cage) == 1
                && r.iter().any(|c| c.kind.is_group())
            {
                Ok(())
            } else {
                Err("cage and line needs a cage and one house")
            }
        }
        Technique::InniesOuties => {
            if r.len() >= 3 && r.iter().any(sum) && r.iter().all(|c| sum(c) || c.kind.is_group()) {
                Ok(())
            } else {
                Err("innies and outies need three or more sums and houses, one a sum")
            }
        }
        Technique::LineProduct => one(
            &|c| {
                matches!(
                    c.kind,
                    ConstraintKind::RowProduct | ConstraintKind::ColProduct
                )
            },
            "a line product needs one row or column product",
        ),
        Technique::TowerClue => one(
            &|c| c.kind == ConstraintKind::Visible,
            "a tower clue needs one Towers clue",
        ),
        Technique::Inequality => one(
            &|c| {
                matches!(
                    c.kind,
                    ConstraintKind::Less | ConstraintKind::Adjacent | ConstraintKind::NotAdjacent
                )
            },
            "an inequality needs one sign or bar",
        ),
        Technique::Variant { rule } => one(
            &|c| {
                c.kind == ConstraintKind::Variant && c.rule.as_ref().is_some_and(|r| r.name == rule)
            },
            "a variant step needs that one variant constraint",
        ),
        Technique::Trial { depth } => {
            if depth >= 1 && r.len() >= 2 {
                Ok(())
            } else {
                Err("a trial needs two or more constraints and a depth of one or more rounds")
            }
        }
        Technique::Search { depth } => {
            if depth >= 1 && r.len() >= 2 && step.action == Action::Place {
                Ok(())
            } else {
                Err("a search places its cell, by two or more constraints and a depth of one or more levels")
            }
        }
        Technique::Combination { constraints } => {
            if usize::from(constraints) == r.len() {
                Ok(())
            } else {
                Err("the count of constraints differs from the reason's")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn line(kind: ConstraintKind, at: u8) -> Constraint {
        let cells = (0..4)
            .map(|i| match kind {
                ConstraintKind::Row => Cell::new(at, i),
                _ => Cell::new(i, at),
            })
            .collect();
        Constraint {
            kind,
            cells,
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }

    fn fish_at(cell: Cell) -> Step {
        let (r, c) = (ConstraintKind::Row, ConstraintKind::Column);
        Step {
            cell,
            digit: 1,
            action: Action::Eliminate,
            reason: vec![line(r, 0), line(r, 2), line(c, 1), line(c, 3)],
            technique: Technique::Fish { size: 2 },
        }
    }

    #[test]
    fn a_fish_clears_a_cover_line_outside_its_base_lines() {
        assert_eq!(fits(&fish_at(Cell::new(1, 1))), Ok(()));
        // On a base line and a cover line, or on none: no fish.
        assert!(fits(&fish_at(Cell::new(0, 1))).is_err());
        assert!(fits(&fish_at(Cell::new(1, 0))).is_err());
        let mut three = fish_at(Cell::new(1, 1));
        three.technique = Technique::Fish { size: 3 };
        assert!(fits(&three).is_err());
    }

    #[test]
    fn a_trial_needs_two_constraints_and_a_depth() {
        let mut step = fish_at(Cell::new(1, 1));
        step.technique = Technique::Trial { depth: 3 };
        assert_eq!(fits(&step), Ok(()));
        step.technique = Technique::Trial { depth: 0 };
        assert!(fits(&step).is_err());
        step.technique = Technique::Trial { depth: 3 };
        step.reason.truncate(1);
        assert!(fits(&step).is_err());
    }

    #[test]
    fn a_search_places_by_two_constraints_and_a_depth() {
        let mut step = fish_at(Cell::new(1, 1));
        step.technique = Technique::Search { depth: 12 };
        assert!(fits(&step).is_err(), "an elimination");
        step.action = Action::Place;
        assert_eq!(fits(&step), Ok(()));
        step.technique = Technique::Search { depth: 0 };
        assert!(fits(&step).is_err());
        step.technique = Technique::Search { depth: 1 };
        step.reason.truncate(1);
        assert!(fits(&step).is_err());
    }
}
