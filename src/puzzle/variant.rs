//! # Variant Sudoku constraints, as setters draw them
//!
//! A [`Variant`] is one constraint of a variant Sudoku in the setter's vocabulary
//! (a thermometer, an arrow, a Kropki dot, a little killer, …), with its cells in the order
//! the rule reads them. It is plain data: the parsers build it, the independent verifier
//! checks a grid against it from its definition below, and [`Variant::lower`] turns it into
//! constraints of the model's families ([`crate::puzzle::Rule`]: relations between two
//! cells, rules over lines of cells, distinct groups), which the native filters and the CNF
//! and SMT-LIB encoders read. Adding a constraint is a variant here (its meaning, its
//! checks, its lowering) and a rule in the verifier; a line family (cells along a line and
//! at most one number) adds its entry to [`crate::puzzle::family`], which every format,
//! the drawings and the CNF naming read, and nothing else (the tests there walk every
//! entry through all of them); other families also teach their formats and drawing.
//!
//! Cells are 0-based; outside clues (little killers, sandwiches, X-sums, skyscrapers) list
//! the cells they sum or see, from the clue's side.

use std::fmt;

use thiserror::Error;

use crate::grid::Cell;
use crate::puzzle::constraint::{Constraint, ConstraintKind, Rule, RuleKind};
use crate::puzzle::rule::{LineRule, Relation};

/// A dot or sign between two orthogonal neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dot {
    /// A white Kropki dot: the digits differ by the value (1 unless told).
    White(u8),
    /// A black Kropki dot: one digit is the value times the other (2 unless told).
    Black(u8),
    /// An XV sign (X = 10, V = 5) or any sum dot: the digits add up to the value.
    Sum(u8),
}

impl Dot {
    /// The white dot (difference 1).
    pub const WHITE: Dot = Dot::White(1);
    /// The black dot (ratio 2).
    pub const BLACK: Dot = Dot::Black(2);
    /// The X (sum 10).
    pub const X: Dot = Dot::Sum(10);
    /// The V (sum 5).
    pub const V: Dot = Dot::Sum(5);

    /// What the dot says of its two digits.
    #[must_use]
    pub fn relation(self) -> Relation {
        match self {
            Dot::White(k) => Relation::DiffIs(k),
            Dot::Black(k) => Relation::RatioIs(k),
            Dot::Sum(k) => Relation::SumIs(k),
        }
    }

    /// What a pair without the dot says, under the negative rule ("all dots are given").
    #[must_use]
    pub fn negation(self) -> Relation {
        match self {
            Dot::White(k) => Relation::DiffNot(k),
            Dot::Black(k) => Relation::RatioNot(k),
            Dot::Sum(k) => Relation::SumNot(k),
        }
    }

    /// Whether the two dots are of one family (Kropki: white and black; XV: sums), whose
    /// negative rules exempt every pair carrying a dot of the family.
    #[must_use]
    pub fn same_family(self, other: Dot) -> bool {
        matches!(
            (self, other),
            (Dot::White(_) | Dot::Black(_), Dot::White(_) | Dot::Black(_))
                | (Dot::Sum(_), Dot::Sum(_))
        )
    }

    /// The setter's name: `white dot`, `black dot`, `X`, `V`, `sum 7 dot`, `difference 3
    /// dot`, `ratio 3 dot`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Dot::White(1) => "white dot".into(),
            Dot::Black(2) => "black dot".into(),
            Dot::Sum(10) => "X".into(),
            Dot::Sum(5) => "V".into(),
            Dot::White(k) => format!("difference {k} dot"),
            Dot::Black(k) => format!("ratio {k} dot"),
            Dot::Sum(k) => format!("sum {k} dot"),
        }
    }
}

/// One variant constraint (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// The cell holds one of these digits (pencilmark givens).
    Candidates {
        /// The cell.
        cell: Cell,
        /// Its allowed digits, ascending.
        digits: Vec<u8>,
    },
    /// The cell holds an even digit (`even: true`) or an odd one.
    Parity {
        /// The cell.
        cell: Cell,
        /// Even (a square) or odd (a circle).
        even: bool,
    },
    /// Cells a knight's move apart hold different digits.
    AntiKnight,
    /// Cells a king's move apart (diagonal neighbours) hold different digits.
    AntiKing,
    /// Orthogonal neighbours do not hold consecutive digits.
    NonConsecutive,
    /// A long diagonal holds distinct digits: the main one (top left to bottom right) or the
    /// anti-diagonal (`anti: true`, top right to bottom left).
    Diagonal {
        /// Which diagonal.
        anti: bool,
    },
    /// The four windows of Windoku (9×9: the 3×3 squares at rows and columns 2–4 and 6–8)
    /// each hold distinct digits.
    Windoku,
    /// Any group of cells with distinct digits (an extra region, a cage without a sum).
    Region(Vec<Cell>),
    /// A cage: distinct digits, adding up to the sum when it has one.
    Cage {
        /// The cells.
        cells: Vec<Cell>,
        /// The sum, if drawn.
        sum: Option<u32>,
    },
    /// A dot or sign between two orthogonal neighbours.
    Dot {
        /// The two cells.
        cells: [Cell; 2],
        /// What it says.
        dot: Dot,
    },
    /// Every pair of orthogonal neighbours with no dot of this dot's family breaks its
    /// relation ("all dots are given").
    NegativeDots(Dot),
    /// The first cell's digit is greater than the second's.
    GreaterThan([Cell; 2]),
    /// The four cells of a 2×2 square include these digits (1 to 4 of them).
    Quadruple {
        /// The four cells.
        cells: [Cell; 4],
        /// The digits, a digit listed twice appearing twice.
        digits: Vec<u8>,
    },
    /// A thermometer: digits strictly increase from the bulb (the first cell).
    Thermo(Vec<Cell>),
    /// An arrow: the circle's digits (a pill of 2 or 3 cells reads as one number) equal the
    /// sum of the line's (digits may repeat).
    Arrow {
        /// The circle or pill, most significant digit first.
        circle: Vec<Cell>,
        /// The line.
        line: Vec<Cell>,
    },
    /// A double arrow: the two ends add up to the sum of the cells between them.
    DoubleArrow(Vec<Cell>),
    /// A German whisper (`diff` 5) or any difference line: neighbours on the line differ by
    /// at least `diff`.
    Whisper {
        /// The cells.
        cells: Vec<Cell>,
        /// The least difference.
        diff: u8,
    },
    /// A renban line: distinct consecutive digits in any order.
    Renban(Vec<Cell>),
    /// A palindrome: the line reads the same from both ends.
    Palindrome(Vec<Cell>),
    /// A between line: the cells between the two ends hold digits strictly between theirs.
    Between(Vec<Cell>),
    /// A lockout line: the ends differ by at least `diff` (4 as usually set), and the cells
    /// between them hold digits outside the ends' range.
    Lockout {
        /// The cells, ends first and last.
        cells: Vec<Cell>,
        /// The least difference of the ends.
        diff: u8,
    },
    /// A region-sum line: the line's segments in each box it passes through have one sum.
    RegionSum(Vec<Cell>),
    /// A zipper line: cells at the same distance from the centre add up to the same total,
    /// the centre's digit when the line has a middle cell.
    Zipper(Vec<Cell>),
    /// An entropic line: any three cells in a row on the line hold one low, one middle and
    /// one high digit (thirds of `1..=N`).
    Entropic(Vec<Cell>),
    /// A modular line: any `modulus` cells in a row on the line hold digits with distinct
    /// residues (`modulus` 3 as usually set).
    Modular {
        /// The cells.
        cells: Vec<Cell>,
        /// The modulus.
        modulus: u8,
    },
    /// A Nabner line: no two digits on the line are equal or consecutive (every pair of
    /// its cells, not only neighbours).
    Nabner(Vec<Cell>),
    /// A little killer: the digits along the diagonal add up to the sum (they may repeat).
    LittleKiller {
        /// The cells along the diagonal, from the clue.
        cells: Vec<Cell>,
        /// The sum.
        sum: u32,
    },
    /// A sandwich clue: the digits between the 1 and the N of the row or column add up to
    /// the sum.
    Sandwich {
        /// The row's or column's cells.
        cells: Vec<Cell>,
        /// The sum.
        sum: u32,
    },
    /// An X-sum clue: the first X cells from the clue add up to the sum, X being the first
    /// cell's digit.
    XSum {
        /// The row's or column's cells, from the clue.
        cells: Vec<Cell>,
        /// The sum.
        sum: u32,
    },
    /// A skyscraper clue: this many cells are seen from the clue (taller than every cell
    /// before them).
    Skyscraper {
        /// The row's or column's cells, from the clue.
        cells: Vec<Cell>,
        /// Towers seen.
        count: u8,
    },
}

/// A variant constraint that does not fit its grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A cell outside the grid.
    #[error("{variant}: cell {cell} is outside the {size}x{size} grid")]
    CellOutside {
        /// The variant's name.
        variant: String,
        /// The cell.
        cell: Cell,
        /// The side.
        size: usize,
    },
    /// A cell listed twice.
    #[error("{variant}: cell {cell} is listed twice")]
    Repeated {
        /// The variant's name.
        variant: String,
        /// The cell.
        cell: Cell,
    },
    /// Too few or too many cells.
    #[error("{variant} at {cell}: {cells} cells ({expected})")]
    Length {
        /// The variant's name.
        variant: String,
        /// Its first cell.
        cell: Cell,
        /// Cells it has.
        cells: usize,
        /// What it needs, in words.
        expected: &'static str,
    },
    /// Two cells that must be orthogonal neighbours are not.
    #[error("{variant}: cells {a} and {b} are not orthogonal neighbours")]
    NotAdjacent {
        /// The variant's name.
        variant: String,
        /// The first cell.
        a: Cell,
        /// The second.
        b: Cell,
    },
    /// A digit or value out of range.
    #[error("{variant} at {cell}: {what}")]
    Value {
        /// The variant's name.
        variant: String,
        /// Its first cell.
        cell: Cell,
        /// What is wrong, in words.
        what: String,
    },
    /// A constraint the grid's size cannot have.
    #[error("{variant} needs a 9x9 grid (this one is {size}x{size})")]
    Size {
        /// The variant's name.
        variant: String,
        /// The side.
        size: usize,
    },
}

impl Variant {
    /// The setter's name for it (`thermometer`, `arrow`, `German whisper`, `difference 3
    /// dot`, …): its [family](Variant::family), told apart where a parameter changes what
    /// setters call it.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Variant::Diagonal { anti: true } => "anti-diagonal".into(),
            Variant::Windoku => "windoku".into(),
            Variant::Dot { dot, .. } => dot.name(),
            Variant::NegativeDots(dot) => format!("no {}", dot.name()),
            Variant::Whisper { diff: 5, .. } => "German whisper".into(),
            other => other.family().into(),
        }
    }

    /// The family's name, the same for every parameter (`diagonal` for both diagonals,
    /// `window` for a windoku's regions, `whisper` for any difference): the label of its
    /// constraints in reasons and the name of its steps' technique (the names
    /// `Technique::from_name` reads back).
    #[must_use]
    pub fn family(&self) -> &'static str {
        match self {
            Variant::Candidates { .. } => "candidates",
            Variant::Parity { even: true, .. } => "even cell",
            Variant::Parity { even: false, .. } => "odd cell",
            Variant::AntiKnight => "anti-knight",
            Variant::AntiKing => "anti-king",
            Variant::NonConsecutive => "non-consecutive",
            Variant::Diagonal { .. } => "diagonal",
            Variant::Windoku => "window",
            Variant::Region(_) => "extra region",
            Variant::Cage { .. } => "cage",
            Variant::Dot { dot, .. } => match dot {
                Dot::White(_) => "white dot",
                Dot::Black(_) => "black dot",
                Dot::Sum(10) => "X",
                Dot::Sum(5) => "V",
                Dot::Sum(_) => "sum dot",
            },
            Variant::NegativeDots(dot) => match dot {
                Dot::White(_) => "no white dot",
                Dot::Black(_) => "no black dot",
                Dot::Sum(10) => "no X",
                Dot::Sum(5) => "no V",
                Dot::Sum(_) => "no sum dot",
            },
            Variant::GreaterThan(_) => "greater-than sign",
            Variant::Quadruple { .. } => "quadruple",
            Variant::Thermo(_) => "thermometer",
            Variant::Arrow { .. } => "arrow",
            Variant::DoubleArrow(_) => "double arrow",
            Variant::Whisper { .. } => "whisper",
            Variant::Renban(_) => "renban",
            Variant::Palindrome(_) => "palindrome",
            Variant::Between(_) => "between line",
            Variant::Lockout { .. } => "lockout line",
            Variant::RegionSum(_) => "region-sum line",
            Variant::Zipper(_) => "zipper line",
            Variant::Entropic(_) => "entropic line",
            Variant::Modular { .. } => "modular line",
            Variant::Nabner(_) => "nabner line",
            Variant::LittleKiller { .. } => "little killer",
            Variant::Sandwich { .. } => "sandwich",
            Variant::XSum { .. } => "X-sum",
            Variant::Skyscraper { .. } => "skyscraper",
        }
    }

    /// Every cell the constraint names, in its order (none for the global rules).
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Variant::Candidates { cell, .. } | Variant::Parity { cell, .. } => vec![*cell],
            Variant::AntiKnight
            | Variant::AntiKing
            | Variant::NonConsecutive
            | Variant::Diagonal { .. }
            | Variant::Windoku
            | Variant::NegativeDots(_) => Vec::new(),
            Variant::Dot { cells, .. } | Variant::GreaterThan(cells) => cells.to_vec(),
            Variant::Quadruple { cells, .. } => cells.to_vec(),
            Variant::Arrow { circle, line } => [circle.as_slice(), line].concat(),
            Variant::Region(cells)
            | Variant::Cage { cells, .. }
            | Variant::Thermo(cells)
            | Variant::DoubleArrow(cells)
            | Variant::Whisper { cells, .. }
            | Variant::Renban(cells)
            | Variant::Palindrome(cells)
            | Variant::Between(cells)
            | Variant::Lockout { cells, .. }
            | Variant::RegionSum(cells)
            | Variant::Zipper(cells)
            | Variant::Entropic(cells)
            | Variant::Modular { cells, .. }
            | Variant::Nabner(cells)
            | Variant::LittleKiller { cells, .. }
            | Variant::Sandwich { cells, .. }
            | Variant::XSum { cells, .. }
            | Variant::Skyscraper { cells, .. } => cells.clone(),
        }
    }

    /// Checks the constraint against a grid of side `size`: cells inside and not repeated,
    /// lengths, neighbours where the rule needs them, digits and values in range.
    ///
    /// # Errors
    /// The first problem found.
    pub fn check(&self, size: usize) -> Result<(), VariantError> {
        let name = self.name();
        let cells = self.cells();
        let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
        let mut seen: Vec<Cell> = Vec::with_capacity(cells.len());
        for &cell in &cells {
            if usize::from(cell.row) >= size || usize::from(cell.col) >= size {
                return Err(VariantError::CellOutside {
                    variant: name,
                    cell,
                    size,
                });
            }
            if seen.contains(&cell) {
                return Err(VariantError::Repeated {
                    variant: name,
                    cell,
                });
            }
            seen.push(cell);
        }
        let length = |min: usize, max: usize, expected: &'static str| {
            if cells.len() < min || cells.len() > max {
                Err(VariantError::Length {
                    variant: name.clone(),
                    cell: first,
                    cells: cells.len(),
                    expected,
                })
            } else {
                Ok(())
            }
        };
        let value = |ok: bool, what: String| {
            if ok {
                Ok(())
            } else {
                Err(VariantError::Value {
                    variant: name.clone(),
                    cell: first,
                    what,
                })
            }
        };
        let n = u8::try_from(size).unwrap_or(u8::MAX);
        match self {
            Variant::Candidates { digits, .. } => value(
                !digits.is_empty() && digits.iter().all(|&d| (1..=n).contains(&d)),
                format!("candidates must be digits 1..={size}"),
            ),
            Variant::Windoku if size != 9 => Err(VariantError::Size {
                variant: name,
                size,
            }),
            Variant::Region(_) | Variant::Cage { sum: None, .. } => length(1, size, "1 to N cells"),
            Variant::Cage { sum: Some(sum), .. } => {
                length(1, size, "1 to N cells")?;
                let k = cells.len() as u32;
                let n = size as u32;
                let (lo, hi) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
                value(
                    (lo..=hi).contains(sum),
                    format!("sum {sum} is not {k} distinct digits (sums {lo}..={hi})"),
                )
            }
            Variant::Dot { cells: [a, b], dot } => {
                let k = match dot {
                    Dot::White(k) | Dot::Black(k) | Dot::Sum(k) => *k,
                };
                if !a.is_adjacent(*b) {
                    return Err(VariantError::NotAdjacent {
                        variant: name,
                        a: *a,
                        b: *b,
                    });
                }
                value(k > 0, format!("a {} needs a value above 0", dot.name()))
            }
            Variant::GreaterThan([a, b]) if !a.is_adjacent(*b) => Err(VariantError::NotAdjacent {
                variant: name,
                a: *a,
                b: *b,
            }),
            Variant::Quadruple { cells, digits } => {
                let rows = cells.iter().map(|c| c.row).collect::<Vec<_>>();
                let cols = cells.iter().map(|c| c.col).collect::<Vec<_>>();
                let (r0, c0) = (rows.iter().min(), cols.iter().min());
                let square = matches!((r0, c0), (Some(&r0), Some(&c0)) if cells.iter().all(|c| c.row - r0 <= 1 && c.col - c0 <= 1));
                value(square, "the four cells must form a 2x2 square".into())?;
                value(
                    (1..=4).contains(&digits.len()) && digits.iter().all(|&d| (1..=n).contains(&d)),
                    format!("a quadruple holds 1 to 4 digits 1..={size}"),
                )
            }
            Variant::Thermo(_)
            | Variant::Renban(_)
            | Variant::Palindrome(_)
            | Variant::RegionSum(_)
            | Variant::Zipper(_)
            | Variant::Entropic(_)
            | Variant::Nabner(_) => length(2, usize::MAX, "at least 2"),
            Variant::Whisper { diff, .. } => {
                length(2, usize::MAX, "at least 2")?;
                value(*diff > 0, "a whisper's difference must be above 0".into())
            }
            Variant::Modular { modulus, .. } => {
                length(2, usize::MAX, "at least 2")?;
                value(
                    *modulus > 1,
                    "a modular line's modulus must be above 1".into(),
                )
            }
            Variant::Arrow { circle, line } => {
                value(
                    (1..=3).contains(&circle.len()),
                    "an arrow's circle or pill has 1 to 3 cells".into(),
                )?;
                value(!line.is_empty(), "an arrow needs a line".into())
            }
            Variant::DoubleArrow(_) | Variant::Between(_) | Variant::Lockout { .. } => {
                length(3, usize::MAX, "at least 3: two ends and a cell between")
            }
            Variant::LittleKiller { .. } | Variant::Sandwich { .. } | Variant::XSum { .. } => {
                length(1, size, "1 to N cells")
            }
            Variant::Skyscraper { count, .. } => {
                length(1, size, "1 to N cells")?;
                value(
                    (1..=n).contains(count),
                    format!("a skyscraper clue is 1..={size}"),
                )
            }
            _ => Ok(()),
        }
    }

    /// The constraint as constraints of the model's families, on a grid of side `size`
    /// whose box (or jigsaw region) of a cell is `box_of`. The global rules (anti-knight,
    /// anti-king, non-consecutive, negative dots) name every pair they constrain, except
    /// pairs in one box (their digits already differ) for anti-knight and anti-king;
    /// `dots` are the puzzle's dots, which the negative rules leave alone.
    #[must_use]
    pub fn lower(
        &self,
        size: usize,
        box_of: &dyn Fn(Cell) -> usize,
        dots: &[([Cell; 2], Dot)],
    ) -> Vec<Constraint> {
        let name = self.family();
        let pair = |a: Cell, b: Cell, rel: Relation| rule(name, vec![a, b], RuleKind::Pair(rel));
        let line = |cells: Vec<Cell>, r: LineRule| rule(name, cells, RuleKind::Line(r));
        let n = size as u8;
        let all = || (0..n).flat_map(move |r| (0..n).map(move |c| Cell::new(r, c)));
        let offsets = |deltas: &[(i8, i8)]| {
            let mut out = Vec::new();
            for a in all() {
                for &(dr, dc) in deltas {
                    let (r, c) = (a.row as i8 + dr, a.col as i8 + dc);
                    if r < 0 || c < 0 || r >= n as i8 || c >= n as i8 {
                        continue;
                    }
                    let b = Cell::new(r as u8, c as u8);
                    if a < b && box_of(a) != box_of(b) {
                        out.push((a, b));
                    }
                }
            }
            out
        };
        let ends_first = |cells: &[Cell]| -> Vec<Cell> {
            let mut out = vec![cells[0], cells[cells.len() - 1]];
            out.extend(&cells[1..cells.len() - 1]);
            out
        };
        match self {
            Variant::Candidates { cell, digits } => {
                vec![line(vec![*cell], LineRule::OneOf(digits.clone()))]
            }
            Variant::Parity { cell, even } => {
                let digits = (1..=n).filter(|d| (d % 2 == 0) == *even).collect();
                vec![line(vec![*cell], LineRule::OneOf(digits))]
            }
            Variant::AntiKnight => {
                let knight = [(1, 2), (2, 1), (1, -2), (2, -1)];
                offsets(&knight)
                    .into_iter()
                    .map(|(a, b)| pair(a, b, Relation::Differ))
                    .collect()
            }
            Variant::AntiKing => offsets(&[(1, 1), (1, -1)])
                .into_iter()
                .map(|(a, b)| pair(a, b, Relation::Differ))
                .collect(),
            Variant::NonConsecutive => {
                let mut out = Vec::new();
                for a in all() {
                    for b in [Cell::new(a.row, a.col + 1), Cell::new(a.row + 1, a.col)] {
                        if b.row < n && b.col < n {
                            out.push(pair(a, b, Relation::DiffNot(1)));
                        }
                    }
                }
                out
            }
            Variant::Diagonal { anti } => {
                let cells = (0..n)
                    .map(|i| Cell::new(i, if *anti { n - 1 - i } else { i }))
                    .collect();
                vec![rule(name, cells, RuleKind::Distinct)]
            }
            Variant::Windoku => [1u8, 5]
                .iter()
                .flat_map(|&r0| [1u8, 5].map(move |c0| (r0, c0)))
                .map(|(r0, c0)| {
                    let cells = (0..9).map(|i| Cell::new(r0 + i / 3, c0 + i % 3)).collect();
                    rule(name, cells, RuleKind::Distinct)
                })
                .collect(),
            Variant::Region(cells) | Variant::Cage { cells, sum: None } => {
                vec![rule(name, cells.clone(), RuleKind::Distinct)]
            }
            Variant::Cage {
                cells,
                sum: Some(sum),
            } => vec![
                rule(name, cells.clone(), RuleKind::Distinct),
                line(cells.clone(), LineRule::Sum(*sum)),
            ],
            Variant::Dot { cells: [a, b], dot } => vec![pair(*a, *b, dot.relation())],
            Variant::NegativeDots(dot) => {
                let marked = |a: Cell, b: Cell| {
                    dots.iter().any(|&([x, y], d)| {
                        d.same_family(*dot) && ((x, y) == (a, b) || (x, y) == (b, a))
                    })
                };
                let mut out = Vec::new();
                for a in all() {
                    for b in [Cell::new(a.row, a.col + 1), Cell::new(a.row + 1, a.col)] {
                        if b.row < n && b.col < n && !marked(a, b) {
                            out.push(pair(a, b, dot.negation()));
                        }
                    }
                }
                out
            }
            Variant::GreaterThan([a, b]) => vec![pair(*b, *a, Relation::Less)],
            Variant::Quadruple { cells, digits } => {
                vec![line(cells.to_vec(), LineRule::Contains(digits.clone()))]
            }
            Variant::Thermo(cells) => vec![line(cells.clone(), LineRule::Increasing)],
            Variant::Arrow { circle, line: l } => {
                let cells = [circle.as_slice(), l].concat();
                let circle = circle.len() as u8;
                vec![line(cells, LineRule::Arrow { circle })]
            }
            Variant::DoubleArrow(cells) => vec![line(ends_first(cells), LineRule::EndsSum)],
            Variant::Whisper { cells, diff } => cells
                .windows(2)
                .map(|w| pair(w[0], w[1], Relation::DiffAtLeast(*diff)))
                .collect(),
            Variant::Renban(cells) => vec![line(cells.clone(), LineRule::Consecutive)],
            Variant::Palindrome(cells) => {
                let k = cells.len();
                (0..k / 2)
                    .map(|i| pair(cells[i], cells[k - 1 - i], Relation::Equal))
                    .collect()
            }
            Variant::Between(cells) => vec![line(ends_first(cells), LineRule::Between)],
            Variant::Lockout { cells, diff } => {
                vec![line(ends_first(cells), LineRule::Lockout(*diff))]
            }
            Variant::RegionSum(cells) => {
                let mut lens: Vec<u8> = Vec::new();
                let mut last = None;
                for &c in cells {
                    let b = box_of(c);
                    match lens.last_mut() {
                        Some(len) if last == Some(b) => *len += 1,
                        _ => lens.push(1),
                    }
                    last = Some(b);
                }
                vec![line(cells.clone(), LineRule::EqualSegments(lens))]
            }
            Variant::Zipper(cells) => {
                let k = cells.len();
                let mut order = Vec::with_capacity(k);
                for i in 0..k / 2 {
                    order.push(cells[i]);
                    order.push(cells[k - 1 - i]);
                }
                let centre = k % 2 == 1;
                if centre {
                    order.push(cells[k / 2]);
                }
                vec![line(order, LineRule::Zipper { centre })]
            }
            Variant::Entropic(cells) => vec![line(cells.clone(), LineRule::Entropic(n))],
            Variant::Modular { cells, modulus } => {
                vec![line(cells.clone(), LineRule::Modular(*modulus))]
            }
            Variant::Nabner(cells) => {
                let mut out = Vec::new();
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        out.push(pair(a, b, Relation::DiffAtLeast(2)));
                    }
                }
                out
            }
            Variant::LittleKiller { cells, sum } => vec![line(cells.clone(), LineRule::Sum(*sum))],
            Variant::Sandwich { cells, sum } => {
                vec![line(
                    cells.clone(),
                    LineRule::Sandwich { sum: *sum, max: n },
                )]
            }
            Variant::XSum { cells, sum } => vec![line(cells.clone(), LineRule::XSum(*sum))],
            Variant::Skyscraper { cells, count } => {
                vec![line(cells.clone(), LineRule::Visible(*count))]
            }
        }
    }
}

/// A model constraint of a variant's family.
fn rule(name: &'static str, cells: Vec<Cell>, kind: RuleKind) -> Constraint {
    Constraint {
        kind: ConstraintKind::Variant,
        cells,
        op: None,
        target: None,
        distinct: matches!(kind, RuleKind::Distinct),
        rule: Some(Rule { name, kind }),
    }
}

impl fmt::Display for Variant {
    /// `thermometer A1 A2 A3`, `anti-knight`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())?;
        for c in self.cells() {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxes9(c: Cell) -> usize {
        usize::from(c.row / 3) * 3 + usize::from(c.col / 3)
    }

    #[test]
    fn every_family_name_is_a_label_and_every_label_a_family() {
        let c = |r: u8, k: u8| Cell::new(r, k);
        let line = || vec![c(0, 0), c(0, 1), c(0, 2)];
        let dots = [Dot::WHITE, Dot::Black(2), Dot::X, Dot::Sum(5), Dot::Sum(7)];
        let mut examples = vec![
            Variant::Candidates {
                cell: c(0, 0),
                digits: vec![1, 2],
            },
            Variant::Parity {
                cell: c(0, 0),
                even: true,
            },
            Variant::Parity {
                cell: c(0, 0),
                even: false,
            },
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
            Variant::Diagonal { anti: false },
            Variant::Diagonal { anti: true },
            Variant::Windoku,
            Variant::Region(line()),
            Variant::Cage {
                cells: line(),
                sum: None,
            },
            Variant::GreaterThan([c(0, 0), c(0, 1)]),
            Variant::Quadruple {
                cells: [c(0, 0), c(0, 1), c(1, 0), c(1, 1)],
                digits: vec![1],
            },
            Variant::Thermo(line()),
            Variant::Arrow {
                circle: vec![c(1, 1)],
                line: line(),
            },
            Variant::DoubleArrow(line()),
            Variant::Whisper {
                cells: line(),
                diff: 5,
            },
            Variant::Renban(line()),
            Variant::Palindrome(line()),
            Variant::Between(line()),
            Variant::Lockout {
                cells: line(),
                diff: 4,
            },
            Variant::RegionSum(line()),
            Variant::Zipper(line()),
            Variant::Entropic(line()),
            Variant::Nabner(line()),
            Variant::Modular {
                cells: line(),
                modulus: 3,
            },
            Variant::LittleKiller {
                cells: line(),
                sum: 6,
            },
            Variant::Sandwich {
                cells: line(),
                sum: 6,
            },
            Variant::XSum {
                cells: line(),
                sum: 6,
            },
            Variant::Skyscraper {
                cells: line(),
                count: 2,
            },
        ];
        for dot in dots {
            examples.push(Variant::Dot {
                cells: [c(0, 0), c(0, 1)],
                dot,
            });
            examples.push(Variant::NegativeDots(dot));
        }
        for v in &examples {
            let line = crate::puzzle::family::line_of(v);
            assert_eq!(crate::puzzle::family::is_line(v), line.is_some(), "{v:?}");
            assert!(line.is_none_or(|(l, _, _)| l.name == v.family()), "{v:?}");
        }
        let families: std::collections::BTreeSet<&str> =
            examples.iter().map(Variant::family).collect();
        let labels: std::collections::BTreeSet<&str> = crate::puzzle::family::labels().collect();
        assert_eq!(families, labels);
        assert_eq!(
            labels.len(),
            crate::puzzle::family::labels().count(),
            "a label listed twice"
        );
        // Names differ from the family only where a parameter changes what setters say.
        let named: Vec<String> = examples.iter().map(Variant::name).collect();
        for want in [
            "anti-diagonal",
            "windoku",
            "German whisper",
            "sum 7 dot",
            "no V",
        ] {
            assert!(
                named.iter().any(|n| n == want),
                "{want} not among {named:?}"
            );
        }
    }

    #[test]
    fn global_rules_name_each_pair_once() {
        let knight = Variant::AntiKnight.lower(9, &boxes9, &[]);
        // 4(n-1)(n-2) knight moves on an n×n board; 8 in each 3×3 box.
        assert_eq!(knight.len(), 4 * 8 * 7 - 9 * 8);
        let nc = Variant::NonConsecutive.lower(9, &boxes9, &[]);
        assert_eq!(nc.len(), 2 * 9 * 8);
        let dots = [([Cell::new(0, 0), Cell::new(0, 1)], Dot::BLACK)];
        assert_eq!(
            Variant::NegativeDots(Dot::WHITE)
                .lower(9, &boxes9, &dots)
                .len(),
            143
        );
        assert_eq!(
            Variant::NegativeDots(Dot::X).lower(9, &boxes9, &dots).len(),
            144
        );
    }

    #[test]
    fn region_sum_lines_cut_at_box_borders() {
        let cells = [(0, 1), (0, 2), (0, 3), (1, 3)].map(|(r, c)| Cell::new(r, c));
        let v = Variant::RegionSum(cells.to_vec()).lower(9, &boxes9, &[]);
        let want = Some(Rule {
            name: "region-sum line",
            kind: RuleKind::Line(LineRule::EqualSegments(vec![2, 2])),
        });
        assert_eq!(v[0].rule, want);
    }

    #[test]
    fn checks_name_the_problem() {
        let v = Variant::Dot {
            cells: [Cell::new(0, 0), Cell::new(1, 1)],
            dot: Dot::WHITE,
        };
        assert_eq!(
            v.check(9).unwrap_err().to_string(),
            "white dot: cells A1 and B2 are not orthogonal neighbours"
        );
        let t = Variant::Thermo(vec![Cell::new(0, 0), Cell::new(0, 9)]);
        assert_eq!(
            t.check(9).unwrap_err().to_string(),
            "thermometer: cell A10 is outside the 9x9 grid"
        );
    }
}
