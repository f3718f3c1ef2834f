//! # Named constraints
//!
//! Every puzzle kind is also a plain list of named constraints over the digits of its cells:
//! a KenKen is its rows, columns and cages; a Sudoku its rows, columns and boxes (a Killer
//! adds its cages); a Kakuro its runs; a CrossProduct its row and column products. The
//! explanations of `crate::setter` name these constraints as the reasons of their steps, and
//! the replay checker (`crate::verify`) reads them, so the list is plain data in this low
//! layer. Each kind lowers its own model into it, in its folder's `puzzle.rs`
//! (`constraints()`); the helpers the Latin-square kinds share (`latin_lines`,
//! `square_cells`, …) are here.
//!
//! The meaning of a [`Constraint`] is self-contained (a program outside cagesat can check
//! it from the fields alone):
//! - `row`, `column`, `box`, `diagonal`: the cells hold distinct digits;
//! - `cage`: the cells' digits give `target` under `op` (`-` and `/` read with any cell
//!   first, `?` any of `+ - * /`, `=` the one cell equals `target`); digits may repeat
//!   unless `distinct` (Killer Sudoku cages, `+` with distinct digits);
//! - `run` (Kakuro): distinct digits adding up to `target`;
//! - `rowproduct`, `colproduct` (CrossProduct): the digits multiply to `target`;
//! - `visible` (Towers): looking along the cells in their order, exactly `target` of them
//!   are taller than every cell before them (the first always is);
//! - `less` (Unequal): the first cell's digit is smaller than the second's;
//! - `adjacent` (Unequal, adjacent mode): the two digits differ by exactly 1;
//! - `nonadjacent` (Unequal, adjacent mode): the two digits do not differ by 1.
//!
//! The digits of every cell are `1..=`[`Constraints::max_digit`]; givens are facts, not
//! constraints.

use std::fmt;

use crate::grid::{Cell, Grid};
use crate::puzzle::rule::{LineRule, Relation};
use crate::puzzle::Op;
use crate::puzzle::Technique;

/// What a constraint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ConstraintKind {
    /// A KenKen or Killer Sudoku cage.
    Cage,
    /// A row's all-different.
    Row,
    /// A column's all-different.
    Column,
    /// A Sudoku box's all-different.
    Box,
    /// A long diagonal's all-different (Sudoku X, Killer X).
    Diagonal,
    /// A Kakuro run: distinct digits with a sum.
    Run,
    /// A CrossProduct row product.
    RowProduct,
    /// A CrossProduct column product.
    ColProduct,
    /// A Towers clue: how many of the line's cells are seen from its first end.
    Visible,
    /// An Unequal sign: the first cell is smaller than the second.
    Less,
    /// An Unequal bar (adjacent mode): the two digits differ by exactly 1.
    Adjacent,
    /// Two neighbours without a bar (adjacent mode): the digits do not differ by 1.
    NotAdjacent,
    /// A variant Sudoku constraint: its [`Rule`] says which family and what it states.
    Variant,
}

impl ConstraintKind {
    /// Whether the kind is a plain all-different group (a row, column, box or diagonal:
    /// distinct digits and nothing else).
    #[must_use]
    pub fn is_group(self) -> bool {
        matches!(
            self,
            ConstraintKind::Row
                | ConstraintKind::Column
                | ConstraintKind::Box
                | ConstraintKind::Diagonal
        )
    }

    /// The name used in JSON and text (`cage`, `row`, `column`, `box`, `diagonal`, `run`,
    /// `rowproduct`, `colproduct`, `visible`, `less`, `adjacent`, `nonadjacent`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::Cage => "cage",
            ConstraintKind::Row => "row",
            ConstraintKind::Column => "column",
            ConstraintKind::Box => "box",
            ConstraintKind::Diagonal => "diagonal",
            ConstraintKind::Run => "run",
            ConstraintKind::RowProduct => "rowproduct",
            ConstraintKind::ColProduct => "colproduct",
            ConstraintKind::Visible => "visible",
            ConstraintKind::Less => "less",
            ConstraintKind::Adjacent => "adjacent",
            ConstraintKind::NotAdjacent => "nonadjacent",
            ConstraintKind::Variant => "variant",
        }
    }
}

/// One named constraint of a puzzle (see the module docs for its meaning).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    /// What it is.
    pub kind: ConstraintKind,
    /// All its cells, in the puzzle's order.
    pub cells: Vec<Cell>,
    /// A cage's operator (`None` for the other kinds).
    pub op: Option<Op>,
    /// The cage's, run's or product's target (`None` for rows, columns and boxes).
    pub target: Option<u64>,
    /// Whether the cells hold distinct digits (rows, columns, boxes, runs, Killer cages).
    pub distinct: bool,
    /// A variant's rule and the setter's name for it (`None` for the other kinds).
    pub rule: Option<Rule>,
}

/// The family of a variant constraint and what it states, with the setter's name for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The setter's name (`thermometer`, `white dot`, `anti-knight`), as reasons print it.
    pub name: &'static str,
    /// The family and its data.
    pub kind: RuleKind,
}

/// The model family of a variant constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleKind {
    /// A relation between the digits of the two cells.
    Pair(Relation),
    /// A rule over the digits of the cells, read in their order.
    Line(LineRule),
    /// The cells hold distinct digits (a house when there are `max_digit` of them).
    Distinct,
}

impl Constraint {
    /// An all-different group of `kind` over `cells`.
    pub(crate) fn line(kind: ConstraintKind, cells: Vec<Cell>) -> Self {
        Constraint {
            kind,
            cells,
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }
}

impl fmt::Display for Constraint {
    /// `cage 12× C3 C4` (KenKen), `cage 12 C3 C4` (Killer), `row C`, `column 3`,
    /// `box A1-C3`, `run 17 B2 B3`, `row A product 24`, `3 visible from A2 down`, `A1 < A2`, `A1 ±1 B1`, `A1 ≠±1 B1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = || {
            self.cells
                .iter()
                .map(|c| c.label())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let first = self.cells.first().copied().unwrap_or(Cell::new(0, 0));
        let target = self.target.unwrap_or(0);
        match self.kind {
            ConstraintKind::Row => write!(f, "row {}", Cell::row_label(first.row)),
            ConstraintKind::Column => write!(f, "column {}", first.col + 1),
            ConstraintKind::Box | ConstraintKind::Diagonal => {
                let last = self.cells.last().copied().unwrap_or(first);
                let name = self.kind.name();
                write!(f, "{name} {}-{}", first.label(), last.label())
            }
            // A Killer cage (distinct digits with a sum) is written as Killers write it:
            // its sum alone, no operator.
            ConstraintKind::Cage if self.distinct && self.op == Some(Op::Add) => {
                write!(f, "cage {target} {}", cells())
            }
            ConstraintKind::Cage => {
                let op = match self.op {
                    Some(Op::Mul) => "×".to_string(),
                    Some(Op::Div) => "÷".to_string(),
                    Some(Op::Sub) => "−".to_string(),
                    Some(Op::Any) | None => String::new(),
                    Some(op) => op.symbol().to_string(),
                };
                write!(f, "cage {target}{op} {}", cells())
            }
            ConstraintKind::Run => write!(f, "run {target} {}", cells()),
            ConstraintKind::RowProduct => {
                write!(f, "row {} product {target}", Cell::row_label(first.row))
            }
            ConstraintKind::ColProduct => write!(f, "column {} product {target}", first.col + 1),
            ConstraintKind::Visible => {
                let dir = match self.cells.get(1) {
                    Some(next) if next.row > first.row => "down",
                    Some(next) if next.row < first.row => "up",
                    Some(next) if next.col < first.col => "left",
                    _ => "right",
                };
                write!(f, "{target} visible from {} {dir}", first.label())
            }
            ConstraintKind::Less | ConstraintKind::Adjacent | ConstraintKind::NotAdjacent => {
                let second = self.cells.get(1).copied().unwrap_or(first);
                let sign = match self.kind {
                    ConstraintKind::Less => "<",
                    ConstraintKind::Adjacent => "±1",
                    _ => "≠±1",
                };
                write!(f, "{} {sign} {}", first.label(), second.label())
            }
            ConstraintKind::Variant => {
                let name = self.rule.as_ref().map_or("variant", |r| r.name);
                write!(f, "{name} {}", cells())
            }
        }
    }
}

/// A puzzle as named constraints over cells with digits `1..=max_digit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// Rows of the puzzle's grid.
    pub rows: usize,
    /// Columns of the puzzle's grid.
    pub cols: usize,
    /// The largest digit (the smallest is 1).
    pub max_digit: u8,
    /// Every cell that takes a digit, row-major.
    pub cells: Vec<Cell>,
    /// Digits fixed by the puzzle (Sudoku and Killer givens).
    pub givens: Vec<(Cell, u8)>,
    /// The constraints, in a fixed order (the order reasons are listed in).
    pub list: Vec<Constraint>,
}

/// Rows and columns of an `n`×`n` Latin square.
pub(crate) fn latin_lines(n: usize) -> Vec<Constraint> {
    let n8 = n as u8;
    let mut out = Vec::with_capacity(2 * n);
    out.extend((0..n8).map(|r| {
        let cells = (0..n8).map(|c| Cell::new(r, c)).collect();
        Constraint::line(ConstraintKind::Row, cells)
    }));
    out.extend((0..n8).map(|c| {
        let cells = (0..n8).map(|r| Cell::new(r, c)).collect();
        Constraint::line(ConstraintKind::Column, cells)
    }));
    out
}

/// The nonzero entries of a row-major `n`×`n` list of digits (0 = none), as cells.
pub(crate) fn square_givens(n: usize, digits: &[u8]) -> Vec<(Cell, u8)> {
    square_cells(n)
        .into_iter()
        .zip(digits)
        .filter(|&(_, &d)| d != 0)
        .map(|(c, &d)| (c, d))
        .collect()
}

/// A row-major `n`×`n` list of digits (0 = none) with the digits of `set` written in (a
/// cell's new digit replaces its old one); `None` when a cell is off the grid or a digit
/// above `n`.
pub(crate) fn square_with(n: usize, digits: &[u8], set: &[(Cell, u8)]) -> Option<Vec<u8>> {
    let mut out = digits.to_vec();
    for &(c, d) in set {
        let inside = usize::from(c.row) < n && usize::from(c.col) < n;
        if !inside || usize::from(d) > n {
            return None;
        }
        *out.get_mut(c.index(n))? = d;
    }
    Some(out)
}

/// The model of an `n`×`n` Latin square with the `givens` (row-major, 0 = none): its rows
/// and columns, then `extra` (a kind's own constraints, in its order).
pub(crate) fn latin_square(
    n: usize,
    givens: &[u8],
    extra: impl IntoIterator<Item = Constraint>,
) -> Constraints {
    let mut list = latin_lines(n);
    list.extend(extra);
    Constraints {
        rows: n,
        cols: n,
        max_digit: n as u8,
        cells: square_cells(n),
        givens: square_givens(n, givens),
        list,
    }
}

/// The cells of an `n`×`n` grid, row-major.
pub(crate) fn square_cells(n: usize) -> Vec<Cell> {
    let n8 = n as u8;
    let mut out = Vec::with_capacity(n * n);
    for r in 0..n8 {
        out.extend((0..n8).map(|c| Cell::new(r, c)));
    }
    out
}

/// What a step of an explanation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// The cell takes the digit (every other candidate goes).
    Place,
    /// The digit is no longer a candidate of the cell.
    Eliminate,
}

impl Action {
    /// `place` or `eliminate`, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Action::Place => "place",
            Action::Eliminate => "eliminate",
        }
    }
}

/// One deduction: a digit placed in or eliminated from a cell, and its reason, a smallest
/// set of the puzzle's constraints that forces it given the candidates left by the steps
/// before it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The cell.
    pub cell: Cell,
    /// The digit placed or eliminated.
    pub digit: u8,
    /// Place or eliminate.
    pub action: Action,
    /// The constraints that force it, in the puzzle's order.
    pub reason: Vec<Constraint>,
    /// The technique a person would name it by (`crate::puzzle::technique`).
    pub technique: Technique,
}

/// Fillings that show a step's reason minimal, one per constraint of its reason, in the
/// reason's order (`None` where there is none): the grid's digits (0 where the filling says
/// nothing) meeting every constraint of the reason but that one, each cell of those
/// constraints on one of its candidates before the step, and the step's cell on a digit the
/// step rules out. The explainer keeps the fillings it found while shrinking the reason;
/// [`crate::Puzzle::replay_witnessed`] checks each with the constraints' own arithmetic and
/// searches only for those not given or not valid.
pub type Witnesses = Vec<Option<Grid<u8>>>;

impl fmt::Display for Step {
    /// `C3 = 4: cage and line in cage 12× C3 C4, row C` (`≠` for an elimination).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.action {
            Action::Place => "=",
            Action::Eliminate => "≠",
        };
        write!(
            f,
            "{} {sign} {}: {} in",
            self.cell.label(),
            self.digit,
            self.technique
        )?;
        for (i, c) in self.reason.iter().enumerate() {
            write!(f, "{}{c}", if i == 0 { " " } else { ", " })?;
        }
        Ok(())
    }
}
