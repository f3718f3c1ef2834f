//! # Replaying an explanation
//!
//! Checks a path of steps (`crate::puzzle::Step`) against a puzzle's named constraints, with
//! nothing but the constraints' meaning and its own search, so that a bug in the explainer
//! (or in the encoder and tuple machinery it uses) cannot hide a wrong step. From the
//! candidates left by the steps before it, each step must be:
//! - **known**: every constraint of its reason is one of the puzzle's;
//! - **forced**: no filling of the reason's cells from their candidates satisfies all the
//!   reason's constraints and contradicts the step (the cell takes the eliminated digit, or a
//!   digit other than the placed one);
//! - **minimal**: without any one constraint of the reason, such a filling exists.
//!
//! The search is a backtracking over the reason's cells (fewest candidates first) with
//! forward checking on distinct cells, sum bounds and product divisibility; complete
//! constraints are checked with the verifier's own arithmetic.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::puzzle::{Action, Constraint, ConstraintKind, Constraints, Op, Step, Technique};
use crate::verify::kenken::op_holds;

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
struct Candidates {
    cols: usize,
    bits: Vec<u32>,
}

impl Candidates {
    fn at(&self, c: Cell) -> u32 {
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
    path: &[Step],
) -> Result<Option<Grid<u8>>, ReplayError> {
    let mut cands = start_candidates(model, start)?;
    for (i, step) in path.iter().enumerate() {
        check_step(model, &cands, i + 1, step)?;
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

fn check_step(
    model: &Constraints,
    cands: &Candidates,
    number: usize,
    step: &Step,
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
    if let Some(witness) = contradiction(&reason, cands, step.cell, against) {
        return Err(ReplayError::NotForced {
            step: number,
            text: step.to_string(),
            witness,
        });
    }
    for drop in 0..reason.len() {
        let rest: Vec<&Constraint> = (0..reason.len())
            .filter(|&i| i != drop)
            .map(|i| reason[i])
            .collect();
        if contradiction(&rest, cands, step.cell, against).is_none() {
            return Err(ReplayError::NotMinimal {
                step: number,
                text: step.to_string(),
                dropped: reason[drop].to_string(),
            });
        }
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

/// Does the step's technique fit its reason, by the kinds and counts of its constraints
/// alone? `Err` says what is missing.
fn fits(step: &Step) -> Result<(), &'static str> {
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
            if size >= 2 && rows == usize::from(size) && cols == rows && r.len() == rows + cols {
                Ok(())
            } else {
                Err("a fish of k needs k rows and k columns and nothing else")
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
        Technique::Combination { constraints } => {
            if usize::from(constraints) == r.len() {
                Ok(())
            } else {
                Err("the count of constraints differs from the reason's")
            }
        }
    }
}

/// A filling of the constraints' cells (and `cell`) from their candidates, with `cell`
/// restricted to `against`, that satisfies every constraint, as text (`A1=3 A2=1`); `None`
/// when there is none.
fn contradiction(
    reason: &[&Constraint],
    cands: &Candidates,
    cell: Cell,
    against: u32,
) -> Option<String> {
    let mut cells = vec![cell];
    for c in reason {
        for &x in &c.cells {
            if !cells.contains(&x) {
                cells.push(x);
            }
        }
    }
    let members: Vec<Vec<usize>> = reason
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|x| cells.iter().position(|y| y == x).unwrap_or(0))
                .collect()
        })
        .collect();
    let mut doms: Vec<u32> = cells.iter().map(|&c| cands.at(c)).collect();
    doms[0] &= against;
    let mut s = Search {
        reason,
        members: &members,
        assigned: vec![false; cells.len()],
    };
    if !s.run(&mut doms) {
        return None;
    }
    let text: Vec<String> = cells
        .iter()
        .zip(&doms)
        .map(|(c, d)| format!("{}={}", c.label(), d.trailing_zeros()))
        .collect();
    Some(text.join(" "))
}

struct Search<'a> {
    reason: &'a [&'a Constraint],
    /// `members[k]`: the positions of constraint k's cells.
    members: &'a [Vec<usize>],
    assigned: Vec<bool>,
}

impl Search<'_> {
    /// Extends the assignment to a filling of every cell; on success `doms` holds it.
    fn run(&mut self, doms: &mut Vec<u32>) -> bool {
        let next = (0..doms.len())
            .filter(|&v| !self.assigned[v])
            .min_by_key(|&v| doms[v].count_ones());
        let Some(v) = next else {
            return (0..self.reason.len()).all(|k| self.holds(k, doms));
        };
        let saved = doms.clone();
        let mut bits = doms[v];
        while bits != 0 {
            let d = bits.trailing_zeros();
            bits &= bits - 1;
            doms[v] = 1 << d;
            self.assigned[v] = true;
            if self.forward(v, d, doms) && self.run(doms) {
                return true;
            }
            self.assigned[v] = false;
            doms.clone_from(&saved);
        }
        false
    }

    /// Removes `d` from the other cells of `v`'s distinct constraints and checks the
    /// bounds of `v`'s constraints.
    fn forward(&self, v: usize, d: u32, doms: &mut [u32]) -> bool {
        for (k, c) in self.reason.iter().enumerate() {
            if !self.members[k].contains(&v) {
                continue;
            }
            if c.distinct {
                for &w in &self.members[k] {
                    if w != v {
                        doms[w] &= !(1 << d);
                        if doms[w] == 0 {
                            return false;
                        }
                    }
                }
            }
            if !self.feasible(k, doms) {
                return false;
            }
        }
        true
    }

    /// Can constraint `k` still hold: sum bounds, product divisibility, and the full
    /// check once all its cells are assigned.
    fn feasible(&self, k: usize, doms: &[u32]) -> bool {
        let cells = &self.members[k];
        if cells.iter().all(|&w| self.assigned[w]) {
            return self.holds(k, doms);
        }
        let c = self.reason[k];
        let target = c.target.unwrap_or(0);
        match (c.kind, c.op) {
            (ConstraintKind::Run, _) | (ConstraintKind::Cage, Some(Op::Add)) => {
                let lo: u64 = cells.iter().map(|&w| lowest(doms[w])).sum();
                let hi: u64 = cells.iter().map(|&w| highest(doms[w])).sum();
                lo <= target && target <= hi
            }
            (ConstraintKind::RowProduct | ConstraintKind::ColProduct, _)
            | (ConstraintKind::Cage, Some(Op::Mul)) => {
                let mut p: u64 = 1;
                for &w in cells.iter().filter(|&&w| self.assigned[w]) {
                    match p.checked_mul(lowest(doms[w])) {
                        Some(q) => p = q,
                        None => return false,
                    }
                }
                target % p == 0
            }
            _ => true,
        }
    }

    /// Does constraint `k` hold for the (fully assigned) digits?
    fn holds(&self, k: usize, doms: &[u32]) -> bool {
        let c = self.reason[k];
        let v: Vec<u64> = self.members[k].iter().map(|&w| lowest(doms[w])).collect();
        let distinct = (0..v.len()).all(|i| !v[..i].contains(&v[i]));
        if c.distinct && !distinct {
            return false;
        }
        let target = c.target.unwrap_or(0);
        match c.kind {
            ConstraintKind::Row
            | ConstraintKind::Column
            | ConstraintKind::Box
            | ConstraintKind::Diagonal => true,
            ConstraintKind::Run => v.iter().sum::<u64>() == target,
            ConstraintKind::RowProduct | ConstraintKind::ColProduct => {
                v.iter().try_fold(1u64, |p, &x| p.checked_mul(x)) == Some(target)
            }
            ConstraintKind::Cage => cage_holds(c.op, target, &v),
            ConstraintKind::Visible => {
                let mut tallest = 0;
                let seen = v.iter().filter(|&&x| {
                    let taller = x > tallest;
                    tallest = tallest.max(x);
                    taller
                });
                seen.count() as u64 == target
            }
            ConstraintKind::Less => v.len() == 2 && v[0] < v[1],
            ConstraintKind::Adjacent => v.len() == 2 && v[0].abs_diff(v[1]) == 1,
            ConstraintKind::NotAdjacent => v.len() == 2 && v[0].abs_diff(v[1]) != 1,
        }
    }
}

/// A cage's arithmetic, through the verifier's own evaluation of `+ - * /`.
fn cage_holds(op: Option<Op>, target: u64, v: &[u64]) -> bool {
    let t = i128::from(target);
    let v: Vec<i128> = v.iter().map(|&x| i128::from(x)).collect();
    match op {
        _ if v.len() == 1 => v[0] == t,
        Some(Op::Any) => Op::ARITHMETIC.into_iter().any(|op| op_holds(op, t, &v)),
        Some(op) => op_holds(op, t, &v),
        None => false,
    }
}

fn lowest(bits: u32) -> u64 {
    u64::from(bits.trailing_zeros())
}

fn highest(bits: u32) -> u64 {
    u64::from(31 - bits.leading_zeros())
}
