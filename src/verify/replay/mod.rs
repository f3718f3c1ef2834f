//! # Replaying an explanation
//!
//! Checks a path of steps (`crate::puzzle::Step`) against a puzzle's named constraints, with
//! nothing but the constraints' meaning and its own search (or, for large reasons, its own
//! CNF and a checked refutation), so that a bug in the explainer (or in the encoder and
//! tuple machinery it uses) cannot hide a wrong step. From the
//! candidates left by the steps before it, each step must be:
//! - **known**: every constraint of its reason is one of the puzzle's;
//! - **forced**: no filling of the reason's cells from their candidates satisfies all the
//!   reason's constraints and contradicts the step (the cell takes the eliminated digit, or a
//!   digit other than the placed one);
//! - **minimal**: without any one constraint of the reason, such a filling exists. A
//!   filling handed over with the path (the explainer's witnesses, [`Witnesses`]) stands
//!   for the search once checked against the constraints' meaning (`witnessed`); one that
//!   fails the check is ignored. A search step's reason is not claimed minimal
//!   ([`crate::puzzle::Technique::Search`]): only that it is forced is checked.
//!
//! The search is a backtracking over the reason's cells that, at every node, narrows the
//! candidates by each constraint's arc consistency computed from its meaning (houses by
//! matching, sum cages by their digit sets, the rest by enumeration), by the sums that
//! the reason's houses less its sum cages add up to (innies and outies) and by each full
//! house split into the sum cages inside it (disjoint digit sets), until nothing changes
//! (`propagate`, `sums`, `houses`); complete constraints are checked with the verifier's
//! own arithmetic. A chain of deductions, such as a trial's or a house sum's, is so proved
//! by propagation at the root, without branching. It branches fail first (fewest
//! candidates per failure its constraints caused). The minimality searches, which expect a
//! filling, restart with a larger node limit, so that one early wrong choice does not leave
//! them in a dead end, and start from the filling the one before found; the forced check,
//! which expects none, explores its tree once (`search`).
//!
//! A forced check on a reason of many constraints (a placement's core of forty, on a hard
//! Killer) could keep that search busy for many minutes. So the forced check's search first
//! runs with a budget of nodes ([`FORCED_NODES`]); past it, for reasons of groups and sums of
//! distinct digits, the replay writes the question as CNF of its own, from the constraints'
//! meaning, and takes it as forced when an embedded solver's LRAT proof passes the
//! project's independent checker (`certificate`, [`crate::lrat`]); otherwise the whole
//! search decides.

mod certificate;
mod fits;

pub(crate) use certificate::Refute;
mod houses;
mod propagate;
mod search;
mod sums;

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::puzzle::{Action, Constraint, Constraints, Step, Witnesses};

use fits::fits;
use search::{contradiction, contradiction_within, holds_values, Expect};

/// Why a path is rejected. Steps are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The starting grid has the wrong shape.
    #[error("the state is {rows}x{cols}, expected {want_rows}x{want_cols}")]
    Shape {
        /// Rows found.
        rows: usize,
        /// Columns found.
        cols: usize,
        /// Rows expected.
        want_rows: usize,
        /// Columns expected.
        want_cols: usize,
    },
    /// The starting grid holds a digit the puzzle does not allow there.
    #[error("the state has {digit} at {cell}, which takes no such digit")]
    BadStart {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// A reason names a constraint the puzzle does not have.
    #[error("step {step}: '{constraint}' is not a constraint of the puzzle")]
    UnknownConstraint {
        /// The step.
        step: usize,
        /// The constraint, as text.
        constraint: String,
    },
    /// The step's digit is not a candidate of its cell, or the cell is already decided.
    #[error("step {step}: {digit} is not an open candidate of {cell}")]
    NotACandidate {
        /// The step.
        step: usize,
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
    },
    /// The reason does not force the step: a filling contradicts it.
    #[error("step {step} ({text}) is not forced by its reason: {witness}")]
    NotForced {
        /// The step.
        step: usize,
        /// The step, as text.
        text: String,
        /// A filling of the reason's cells that satisfies it and contradicts the step.
        witness: String,
    },
    /// The reason is not minimal: the step follows without one of its constraints.
    #[error("step {step} ({text}) follows without '{dropped}': the reason is not minimal")]
    NotMinimal {
        /// The step.
        step: usize,
        /// The step, as text.
        text: String,
        /// The constraint that can be dropped.
        dropped: String,
    },
    /// The step's named technique does not fit its reason's shape.
    #[error("step {step} ({text}) cannot be a {technique}: {why}")]
    WrongTechnique {
        /// The step.
        step: usize,
        /// The step, as text.
        text: String,
        /// The technique named.
        technique: String,
        /// What the reason lacks.
        why: &'static str,
    },
    /// The end of the path fails the verifier.
    #[error("the grid at the end of the path is wrong: {0}")]
    Wrong(#[source] crate::verify::VerifyError),
}

/// The candidates of every cell of the puzzle (bit d for digit d), row-major over the grid;
/// 0 outside the puzzle's cells.
#[derive(Clone, Debug)]
pub(super) struct Candidates {
    cols: usize,
    bits: Vec<u32>,
}

impl Candidates {
    pub(super) fn at(&self, c: Cell) -> u32 {
        self.bits[c.index(self.cols)]
    }
    fn set(&mut self, c: Cell, v: u32) {
        self.bits[c.index(self.cols)] = v;
    }
}

/// Replays `path` from `start` (0 = empty; `None`: the puzzle alone). Returns the grid when
/// every cell is decided at the end (not yet verified: the caller runs the verifier), or
/// `None`.
///
/// # Errors
/// The first step that fails, as a [`ReplayError`].
pub(crate) fn replay(
    model: &Constraints,
    start: Option<&Grid<u8>>,
    (path, witnesses): (&[Step], &[Witnesses]),
    refute: Option<Refute<'_>>,
) -> Result<Option<Grid<u8>>, ReplayError> {
    let mut cands = start_candidates(model, start)?;
    for (i, step) in path.iter().enumerate() {
        let given = witnesses.get(i).map_or(&[][..], Vec::as_slice);
        check_step(model, &cands, (i + 1, step), given, refute)?;
        let bit = 1u32 << step.digit;
        let now = cands.at(step.cell);
        cands.set(
            step.cell,
            match step.action {
                Action::Place => bit,
                Action::Eliminate => now & !bit,
            },
        );
    }
    if model.cells.iter().any(|&c| cands.at(c).count_ones() != 1) {
        return Ok(None);
    }
    let mut grid = Grid::filled(model.rows, model.cols, 0u8);
    for &c in &model.cells {
        grid.set(c, cands.at(c).trailing_zeros() as u8);
    }
    Ok(Some(grid))
}

/// Whether a checked certificate shows `reason` ruling out `against` (bits) at `cell` from
/// the puzzle's givens alone: for the tests of the refuters the layers above hand in.
#[cfg(test)]
pub(crate) fn certified_from_givens(
    model: &Constraints,
    reason: &[&Constraint],
    at: (Cell, u32),
    refute: Refute<'_>,
) -> bool {
    let cands = start_candidates(model, None).expect("the givens fit");
    certificate::refuted(refute, reason, &cands, at, model.max_digit)
}

fn start_candidates(
    model: &Constraints,
    start: Option<&Grid<u8>>,
) -> Result<Candidates, ReplayError> {
    let all = ((1u32 << (model.max_digit + 1)) - 1) & !1;
    let mut cands = Candidates {
        cols: model.cols,
        bits: vec![0; model.rows * model.cols],
    };
    for &c in &model.cells {
        cands.set(c, all);
    }
    let mut fixed: Vec<(Cell, u8)> = model.givens.clone();
    if let Some(g) = start {
        if g.rows() != model.rows || g.cols() != model.cols {
            return Err(ReplayError::Shape {
                rows: g.rows(),
                cols: g.cols(),
                want_rows: model.rows,
                want_cols: model.cols,
            });
        }
        for r in 0..g.rows() {
            for c in 0..g.cols() {
                let cell = Cell::new(r as u8, c as u8);
                if *g.get(cell) != 0 {
                    fixed.push((cell, *g.get(cell)));
                }
            }
        }
    }
    for (cell, digit) in fixed {
        let bit = 1u32.checked_shl(u32::from(digit)).unwrap_or(0);
        if cands.at(cell) & bit == 0 {
            return Err(ReplayError::BadStart { cell, digit });
        }
        cands.set(cell, bit);
    }
    Ok(cands)
}

/// The nodes a forced check's search may visit before a certificate is asked for
/// ([`certificate`]): a reason a search proves in milliseconds (at its root, most) takes
/// fewer.
const FORCED_NODES: usize = 2_000;

fn check_step(
    model: &Constraints,
    cands: &Candidates,
    (number, step): (usize, &Step),
    witnesses: &[Option<Grid<u8>>],
    refute: Option<Refute<'_>>,
) -> Result<(), ReplayError> {
    for c in &step.reason {
        if !model.list.contains(c) {
            return Err(ReplayError::UnknownConstraint {
                step: number,
                constraint: c.to_string(),
            });
        }
    }
    let now = cands.at(step.cell);
    let bit = 1u32.checked_shl(u32::from(step.digit)).unwrap_or(0);
    if now & bit == 0 || now.count_ones() < 2 {
        return Err(ReplayError::NotACandidate {
            step: number,
            cell: step.cell,
            digit: step.digit,
        });
    }
    // The fillings that contradict the step.
    let against = match step.action {
        Action::Place => now & !bit,
        Action::Eliminate => bit,
    };
    let reason: Vec<&Constraint> = step.reason.iter().collect();
    // A short search first (a chain of deductions is proved at its root); past its nodes
    // a checked certificate, and the whole search only when there is none.
    let at = (step.cell, against);
    let forced = match contradiction_within(&reason, cands, at, model.max_digit, FORCED_NODES) {
        Some(answer) => answer,
        None if refute
            .is_some_and(|r| certificate::refuted(r, &reason, cands, at, model.max_digit)) =>
        {
            None
        }
        None => contradiction(&reason, cands, at, model.max_digit, Expect::Nothing),
    };
    if let Some(witness) = forced {
        return Err(ReplayError::NotForced {
            step: number,
            text: step.to_string(),
            witness: search::text(&witness),
        });
    }
    // A search step ([`crate::puzzle::Technique::Search`]) is not claimed minimal: no
    // constraint is dropped.
    let drops = match step.technique {
        crate::puzzle::Technique::Search { .. } => 0,
        _ => reason.len(),
    };
    let mut guide = Vec::new();
    for drop in 0..drops {
        let rest: Vec<&Constraint> = (0..reason.len())
            .filter(|&i| i != drop)
            .map(|i| reason[i])
            .collect();
        // A filling given for this constraint, checked, stands for the search.
        if let Some(Some(w)) = witnesses.get(drop) {
            if let Some(filling) = witnessed(&rest, cands, (step.cell, against), w) {
                guide = filling;
                continue;
            }
        }
        // A filling without one constraint breaks that one: it guides the next search,
        // which needs only the next constraint broken instead.
        let got = contradiction(
            &rest,
            cands,
            (step.cell, against),
            model.max_digit,
            Expect::Filling(&guide),
        );
        let Some(filling) = got else {
            return Err(ReplayError::NotMinimal {
                step: number,
                text: step.to_string(),
                dropped: reason[drop].to_string(),
            });
        };
        guide = filling;
    }
    if let Err(why) = fits(step) {
        return Err(ReplayError::WrongTechnique {
            step: number,
            text: step.to_string(),
            technique: step.technique.name(),
            why,
        });
    }
    Ok(())
}

/// The filling `w` restricted to the cells of `rest` and `cell`, when it shows `rest` not
/// forcing the step: each of those cells holds one of its candidates, `cell` one of
/// `against`, and every constraint of `rest` holds on its digits (the verifier's own
/// arithmetic); `None` otherwise.
fn witnessed(
    rest: &[&Constraint],
    cands: &Candidates,
    (cell, against): (Cell, u32),
    w: &Grid<u8>,
) -> Option<Vec<(Cell, u8)>> {
    if w.cols() != cands.cols || w.rows() * w.cols() != cands.bits.len() {
        return None;
    }
    let digit = |c: Cell| -> Option<u8> {
        let d = *w.get(c);
        let bit = 1u32.checked_shl(u32::from(d))?;
        (d != 0 && cands.at(c) & bit != 0).then_some(d)
    };
    let at = digit(cell)?;
    if against & (1 << at) == 0 {
        return None;
    }
    let mut filling = vec![(cell, at)];
    for c in rest {
        let mut values = Vec::with_capacity(c.cells.len());
        for &x in &c.cells {
            let d = digit(x)?;
            values.push(u64::from(d));
            if !filling.iter().any(|f| f.0 == x) {
                filling.push((x, d));
            }
        }
        if !holds_values(c, &values) {
            return None;
        }
    }
    Some(filling)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{ConstraintKind, Op};

    /// Row A of a 4×4 grid, and the cage A1 + A2 = 3.
    fn row_and_cage() -> (Constraint, Constraint) {
        let row = Constraint {
            kind: ConstraintKind::Row,
            cells: (0..4).map(|c| Cell::new(0, c)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        };
        let cage = Constraint {
            kind: ConstraintKind::Cage,
            cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            op: Some(Op::Add),
            target: Some(3),
            distinct: true,
            rule: None,
        };
        (row, cage)
    }

    fn grid(row: [u8; 4]) -> Grid<u8> {
        let mut g = Grid::filled(4, 4, 0u8);
        for (c, &d) in row.iter().enumerate() {
            g.set(Cell::new(0, c as u8), d);
        }
        g
    }

    /// The step "A1 ≠ 3 by the cage": without the cage, the row alone lets A1 be 3, and a
    /// filling that says so stands; one that breaks the row, leaves a cell out, puts A1 on
    /// a digit the step keeps, or uses a digit no longer a candidate does not.
    #[test]
    fn a_witness_stands_only_when_it_meets_the_rest_and_contradicts_the_step() {
        let (row, _) = row_and_cage();
        let mut cands = Candidates {
            cols: 4,
            bits: vec![0b11110; 16],
        };
        let step = (Cell::new(0, 0), 1u32 << 3);
        let rest = [&row];
        let good = witnessed(&rest, &cands, step, &grid([3, 1, 2, 4]));
        assert_eq!(
            good.map(|f| search::text(&f)),
            Some("A1=3 A2=1 A3=2 A4=4".to_string())
        );
        for bad in [[3, 1, 3, 4], [3, 1, 2, 0], [1, 3, 2, 4]] {
            assert_eq!(witnessed(&rest, &cands, step, &grid(bad)), None, "{bad:?}");
        }
        // A digit eliminated before the step.
        cands.set(Cell::new(0, 3), 0b00110);
        assert_eq!(witnessed(&rest, &cands, step, &grid([3, 1, 2, 4])), None);
        // A grid of another shape.
        assert_eq!(
            witnessed(&rest, &cands, step, &Grid::filled(3, 3, 1u8)),
            None
        );
    }

    /// The forced check's first search gives up past its nodes: on an empty 4×4 Latin
    /// square, "A1 is 1" needs branching to find its filling.
    #[test]
    fn a_short_search_gives_up_past_its_nodes() {
        let line = |kind, at: fn(u8, u8) -> Cell| {
            (0..4)
                .map(|a| Constraint {
                    kind,
                    cells: (0..4).map(|b| at(a, b)).collect(),
                    op: None,
                    target: None,
                    distinct: true,
                    rule: None,
                })
                .collect::<Vec<_>>()
        };
        let mut list = line(ConstraintKind::Row, Cell::new);
        list.extend(line(ConstraintKind::Column, |a, b| Cell::new(b, a)));
        let reason: Vec<&Constraint> = list.iter().collect();
        let cands = Candidates {
            cols: 4,
            bits: vec![0b11110; 16],
        };
        let at = (Cell::new(0, 0), 1 << 1);
        assert_eq!(contradiction_within(&reason, &cands, at, 4, 1), None);
        let found = contradiction_within(&reason, &cands, at, 4, 10_000);
        assert!(matches!(found, Some(Some(_))), "{found:?}");
    }

    /// Forged fillings for an unneeded constraint are refused, so the replay still finds
    /// the reason not minimal; forged ones for a needed constraint cost a search and
    /// change nothing.
    #[test]
    fn a_forged_witness_changes_no_verdict() {
        let (row, cage) = row_and_cage();
        let model = Constraints {
            rows: 4,
            cols: 4,
            max_digit: 4,
            cells: (0..4).map(|c| Cell::new(0, c)).collect(),
            givens: Vec::new(),
            list: vec![row.clone(), cage.clone()],
        };
        let step = Step {
            cell: Cell::new(0, 0),
            digit: 3,
            action: Action::Eliminate,
            reason: vec![cage.clone(), row.clone()],
            technique: crate::puzzle::Technique::CageCombinations,
        };
        let forged: Witnesses = vec![Some(grid([3, 1, 2, 4])), Some(grid([3, 0, 1, 2]))];
        let got = replay(
            &model,
            None,
            (std::slice::from_ref(&step), std::slice::from_ref(&forged)),
            None,
        );
        assert!(
            matches!(&got, Err(ReplayError::NotMinimal { dropped, .. }) if *dropped == row.to_string()),
            "{got:?}"
        );
        let mut minimal = step;
        minimal.reason = vec![cage];
        let plain = replay(&model, None, (std::slice::from_ref(&minimal), &[]), None);
        assert_eq!(plain, Ok(None));
        assert_eq!(replay(&model, None, (&[minimal], &[forged]), None), plain);
    }
}
