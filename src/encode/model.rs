//! # The model → CNF: one assembly over the families
//!
//! Every kind reaches CNF through [`encode_model`]: it walks the puzzle's model
//! ([`Constraints`]) family by family and hands each family present to its encoder, the
//! way `crate::smtlib` writes one section per family. A kind brings no code, only its
//! [`CnfChoices`] (which of a family's encodings it takes, chosen by measurement; the
//! table is in `encodings/cnf.md`). The sections, in the order written (each family's
//! clauses and auxiliary variables follow the ones before):
//!
//! 1. the cells: with line products, the product family writes them over the digits the
//!    products allow ([`crate::encode::product`]); a Latin square's cells, rows and columns
//!    in one pass ([`encode_latin`]); otherwise exactly one digit per cell of the model (a
//!    Kakuro's white cells), then any rows and columns as houses;
//! 2. the other houses: boxes, then diagonals ([`encode_houses`]);
//! 3. the givens, one unit clause each;
//! 4. the variant rules ([`crate::encode::rules`]);
//! 5. the cages with an operator (tables or automata, then cage–line clauses:
//!    [`crate::encode::cage`]);
//! 6. the cages of distinct digits with a sum ([`crate::encode::sum::encode_sum_cages`]);
//! 7. the runs, in the reading order of their clue squares ([`crate::encode::sum`]);
//! 8. the visibility clues ([`crate::encode::visibility`]);
//! 9. the pair relations ([`crate::encode::order`]);
//! 10. the sums derived over several houses, after sum cages ([`crate::encode::derived`]).

use crate::cnf::card::exactly_one;
use crate::cnf::{EncodeStats, ExtendFormula, OneHot};
use crate::encode::cage::encode_cages;
use crate::encode::derived::{self, CellSum};
use crate::encode::houses::{encode_houses, encode_latin, House};
use crate::encode::order::encode_pairs;
use crate::encode::product::{encode_products, products_agree, Line};
use crate::encode::rules::encode_rules;
use crate::encode::sum::{encode_sum_cages, encode_sums, DigitSet, RunEncoding};
use crate::encode::visibility::encode_clues;
use crate::encode::Encoding;
use crate::encode::{CageLines, ConstraintEncoding, DerivedSums, EncodeError, EncodeOptions};
use crate::grid::{Cell, Grid};
use crate::puzzle::{Cage, Constraint, ConstraintKind, Constraints, Op, Relation};

/// What a kind chooses among its families' encodings: data, not code (the table of every
/// kind's choices is in `encodings/cnf.md`). A choice matters only where the model has the
/// family it is about.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CnfChoices {
    /// How cages, runs and product lines of several cells are written (the kind's
    /// `--encoding`).
    pub(crate) constraint: ConstraintEncoding,
    /// Cage–line clauses after the cages with an operator (`--cage-lines`).
    pub(crate) cage_lines: CageLines,
    /// The sums derived over several houses, after the sum cages (`--derived-sums`).
    pub(crate) derived_sums: DerivedSums,
    /// Where those sums come from: the model's deduction (`crate::model::derived`), which
    /// sits above the encoders and is handed down. None: no derived sums.
    pub(crate) derive: Option<DeriveSums>,
    /// The line filter of the products (`--no-line-filter` turns it off).
    pub(crate) line_filter: bool,
    /// The sections the DIMACS header names even when the puzzle has none of them.
    pub(crate) named: &'static [Section],
}

impl Default for CnfChoices {
    fn default() -> Self {
        CnfChoices {
            constraint: ConstraintEncoding::Auto,
            cage_lines: CageLines::Auto,
            derived_sums: DerivedSums::Off,
            derive: None,
            line_filter: true,
            named: &[],
        }
    }
}

/// The sums a model derives over grid cells (`None` when it does not lower).
pub(crate) type DeriveSums = fn(&Constraints) -> Option<Vec<CellSum>>;

/// A section of the assembly that a kind may name in the header when it is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Section {
    /// The givens (`givens: none`).
    Givens,
    /// The cages of distinct digits with a sum (`cages: none`).
    SumCages,
    /// The visibility clues (`visibility clues: none`).
    Clues,
}

/// Encodes the model `m` with the kind's `choices`.
///
/// # Errors
/// [`EncodeError::Tuples`] when a cage or line written as a table has more allowed tuples
/// than `opts.tuple_limit`; [`EncodeError::LineTooLarge`] and [`EncodeError::Mdd`] as the
/// product, cage and visibility families say.
pub(crate) fn encode_model(
    m: &Constraints,
    choices: &CnfChoices,
    opts: &EncodeOptions,
) -> Result<Encoding, EncodeError> {
    let constraint = choices.constraint;
    assemble(m, choices, opts, &|len, combos| match constraint {
        ConstraintEncoding::Auto => RunEncoding::default_for(len, combos),
        ConstraintEncoding::Tuples => RunEncoding::Selectors,
        ConstraintEncoding::Mdd => RunEncoding::Mdd,
    })
}

/// [`encode_model`], asking `run` how to encode each run (given its length and its
/// combinations).
pub(crate) fn assemble(
    m: &Constraints,
    choices: &CnfChoices,
    opts: &EncodeOptions,
    run: &dyn Fn(usize, &[DigitSet]) -> RunEncoding,
) -> Result<Encoding, EncodeError> {
    let n = usize::from(m.max_digit);
    let mut enc = match products(m, choices, opts)? {
        Some(enc) => enc,
        None => cells(m, opts),
    };
    for (kind, house) in [
        (ConstraintKind::Box, BOX),
        (ConstraintKind::Diagonal, DIAGONAL),
    ] {
        let groups = cells_of(m, |c| c.kind == kind);
        if !groups.is_empty() {
            encode_houses(&mut enc, &groups, house, opts);
        }
    }
    if !m.givens.is_empty() || choices.named.contains(&Section::Givens) {
        givens(&mut enc, &m.givens);
    }
    if m.list.iter().any(|c| c.kind == ConstraintKind::Variant) {
        encode_rules(&mut enc, m.max_digit, &m.list, opts)?;
    }
    let sums = cages(&mut enc, m, choices, opts)?;
    runs(&mut enc, m, opts, run);
    let clues: Vec<(Vec<Cell>, u8)> = of(m, ConstraintKind::Visible)
        .map(|c| (c.cells.clone(), small(c.target)))
        .collect();
    if !clues.is_empty() || choices.named.contains(&Section::Clues) {
        encode_clues(&mut enc, n, &clues)?;
    }
    let pairs: Vec<(Cell, Cell, Relation)> = m.list.iter().filter_map(pair).collect();
    encode_pairs(&mut enc, m.max_digit, &pairs);
    let max_cells = derived::max_cells(choices.derived_sums, n);
    if let Some(derive) = choices.derive.filter(|_| sums && max_cells > 0) {
        // The sums the model derives (as the native engine does), handed to the encoder.
        let derived_sums = derive(m).unwrap_or_default();
        let _ = derived::encode_derived(&mut enc, n, &derived_sums, max_cells, opts);
    }
    Ok(enc)
}

/// The cages with an operator, then the cages of distinct digits with a sum; returns
/// whether the sum cages' section was written.
fn cages(
    enc: &mut Encoding,
    m: &Constraints,
    choices: &CnfChoices,
    opts: &EncodeOptions,
) -> Result<bool, EncodeError> {
    let n = usize::from(m.max_digit);
    let op_cages: Vec<Cage> = of(m, ConstraintKind::Cage)
        .filter(|c| !is_sum_cage(c))
        .map(|c| Cage {
            op: c.op.unwrap_or(Op::Any),
            target: c.target.unwrap_or(0),
            cells: c.cells.clone(),
        })
        .collect();
    if !op_cages.is_empty() {
        encode_cages(
            enc,
            n,
            &op_cages,
            (choices.constraint, choices.cage_lines),
            opts,
        )?;
    }
    let sum_cages: Vec<&Constraint> = of(m, ConstraintKind::Cage)
        .filter(|c| is_sum_cage(c))
        .collect();
    let sums = !sum_cages.is_empty() || choices.named.contains(&Section::SumCages);
    if sums {
        encode_sum_cages(enc, n, &sum_cages, choices.constraint, opts)?;
    }
    Ok(sums)
}

/// The constraints of `kind`, in the model's order.
fn of(m: &Constraints, kind: ConstraintKind) -> impl Iterator<Item = &Constraint> {
    m.list.iter().filter(move |c| c.kind == kind)
}

/// The cells of every constraint that `keep` accepts, in the model's order.
fn cells_of(m: &Constraints, keep: impl Fn(&Constraint) -> bool) -> Vec<Vec<Cell>> {
    m.list
        .iter()
        .filter(|c| keep(c))
        .map(|c| c.cells.clone())
        .collect()
}

/// A Killer's cage: distinct digits with a sum.
fn is_sum_cage(c: &Constraint) -> bool {
    c.distinct && c.op == Some(Op::Add)
}

/// A target that fits a digit's type (saturating).
fn small(target: Option<u64>) -> u8 {
    u8::try_from(target.unwrap_or(0)).unwrap_or(u8::MAX)
}

/// A pair relation of the model as `(first, second, relation)`.
fn pair(c: &Constraint) -> Option<(Cell, Cell, Relation)> {
    let rel = match c.kind {
        ConstraintKind::Less => Relation::Less,
        ConstraintKind::Adjacent => Relation::DiffIs(1),
        ConstraintKind::NotAdjacent => Relation::DiffNot(1),
        _ => return None,
    };
    match c.cells[..] {
        [a, b] => Some((a, b, rel)),
        _ => None,
    }
}

/// Names of the house families: (family, auxiliary role, header part).
const ROW: House = ("row", "row ladder", "rows/columns exactly-one per digit");
const COLUMN: House = ("col", "col ladder", "rows/columns exactly-one per digit");
const BOX: House = ("box", "box ladder", "boxes exactly-one per digit");
const DIAGONAL: House = (
    "diagonal",
    "diagonal ladder",
    "diagonals exactly-one per digit",
);

/// The cells without products: a Latin square's cells, rows and columns in one pass, or
/// exactly one digit per cell of the model and then its rows and columns as houses.
fn cells(m: &Constraints, opts: &EncodeOptions) -> Encoding {
    if is_latin_square(m) {
        return encode_latin(m.rows, opts);
    }
    let digits = m.max_digit;
    let mut enc = Encoding::new(OneHot::new(m.rows, m.cols, digits, m.cells.clone()));
    let s = enc.with_aux("cell ladder", |f, map| {
        let mut total = EncodeStats::default();
        for &cell in map.cells() {
            total += exactly_one(f, &map.cell_lits(cell), opts.amo);
        }
        total
    });
    enc.record("cell", s);
    // A grid where some squares take no digit (a Kakuro's black squares) names its cells
    // white.
    let part = if m.cells.len() == m.rows * m.cols {
        "cells exactly-one"
    } else {
        "white cells exactly-one"
    };
    enc.tally_exactly_one(part, opts.amo, usize::from(digits), m.cells.len());
    for (kind, house) in [(ConstraintKind::Row, ROW), (ConstraintKind::Column, COLUMN)] {
        let groups = cells_of(m, |c| c.kind == kind);
        if !groups.is_empty() {
            encode_houses(&mut enc, &groups, house, opts);
        }
    }
    enc
}

/// Whether the model's cells, rows and columns are those of an N×N Latin square (N the
/// largest digit), rows then columns in order, as [`encode_latin`] writes them.
fn is_latin_square(m: &Constraints) -> bool {
    let n = usize::from(m.max_digit);
    if m.rows != n || m.cols != n || m.cells.len() != n * n {
        return false;
    }
    let line = |kind, i: usize| -> Vec<Cell> {
        (0..n)
            .map(|j| match kind {
                ConstraintKind::Row => Cell::new(i as u8, j as u8),
                _ => Cell::new(j as u8, i as u8),
            })
            .collect()
    };
    [ConstraintKind::Row, ConstraintKind::Column]
        .into_iter()
        .all(|kind| {
            let lines: Vec<&Constraint> = of(m, kind).collect();
            lines.len() == n
                && lines
                    .iter()
                    .enumerate()
                    .all(|(i, c)| c.cells == line(kind, i))
        })
}

/// One unit clause per given (family `given`).
fn givens(enc: &mut Encoding, givens: &[(Cell, u8)]) {
    for &(c, d) in givens {
        let lit = enc.map.lit(c, d);
        enc.formula.add_clause(&[lit]);
    }
    enc.record(
        "given",
        EncodeStats {
            vars: 0,
            clauses: givens.len(),
        },
    );
    enc.tally(
        "givens",
        ["as a unit clause", "as unit clauses"],
        givens.len(),
    );
}

/// The model's row and column products (cells and all), or `None` when it has none.
fn products(
    m: &Constraints,
    choices: &CnfChoices,
    opts: &EncodeOptions,
) -> Result<Option<Encoding>, EncodeError> {
    let is_product = |c: &&Constraint| {
        matches!(
            c.kind,
            ConstraintKind::RowProduct | ConstraintKind::ColProduct
        )
    };
    if !m.list.iter().any(|c| is_product(&c)) {
        return Ok(None);
    }
    let targets = |kind| {
        of(m, kind)
            .map(|c| c.target.unwrap_or(0))
            .collect::<Vec<_>>()
    };
    let (rows, cols) = (m.rows, m.cols);
    if !products_agree(
        &targets(ConstraintKind::RowProduct),
        &targets(ConstraintKind::ColProduct),
    ) {
        // No table has these row and column products: the empty clause says so at once,
        // instead of a search that can take minutes on a large table.
        let mut enc = Encoding::new(OneHot::new(rows, cols, m.max_digit, m.cells.clone()));
        enc.formula.add_clause(&[]);
        enc.record(
            "totals",
            EncodeStats {
                vars: 0,
                clauses: 1,
            },
        );
        return Ok(Some(enc));
    }
    let lines: Vec<Line> = m
        .list
        .iter()
        .filter(is_product)
        .map(|c| {
            let first = c.cells.first().copied().unwrap_or(Cell::new(0, 0));
            let name = match c.kind {
                ConstraintKind::RowProduct => format!("row {}", first.row + 1),
                _ => format!("column {}", first.col + 1),
            };
            Line {
                name,
                cells: c.cells.clone(),
                product: c.target.unwrap_or(0),
            }
        })
        .collect();
    let form = (choices.constraint, choices.line_filter);
    encode_products(rows, cols, &lines, form, opts).map(Some)
}

/// The runs (distinct digits with a sum), in the reading order of their clue squares,
/// across before down where one square clues both.
fn runs(
    enc: &mut Encoding,
    m: &Constraints,
    opts: &EncodeOptions,
    run: &dyn Fn(usize, &[DigitSet]) -> RunEncoding,
) {
    let list = runs_in_order(m);
    if list.is_empty() {
        return;
    }
    let sums = list.iter().map(|c| {
        let sum = u32::try_from(c.target.unwrap_or(0)).unwrap_or(u32::MAX);
        (c.cells.as_slice(), sum)
    });
    encode_sums(enc, sums, opts.amo, run);
}

/// The model's runs in the reading order of their clue squares, across before down.
fn runs_in_order(m: &Constraints) -> Vec<&Constraint> {
    let mut list: Vec<&Constraint> = of(m, ConstraintKind::Run).collect();
    let mut white = Grid::filled(m.rows, m.cols, false);
    for &c in &m.cells {
        white.set(c, true);
    }
    // A stable sort: two one-cell runs of one cell keep the model's order.
    list.sort_by_key(|c| clue_square(&c.cells, &white));
    list
}

/// The square before a run (left of an across run, above a down run) and whether the run
/// is down. A run of one cell is down when a white square is beside it (its across run has
/// more cells), across otherwise.
fn clue_square(cells: &[Cell], white: &Grid<bool>) -> (Cell, bool) {
    let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
    let is_white = |row: Option<u8>, col: Option<u8>| match (row, col) {
        (Some(r), Some(c)) if usize::from(r) < white.rows() && usize::from(c) < white.cols() => {
            *white.get(Cell::new(r, c))
        }
        _ => false,
    };
    let down = match cells.get(1) {
        Some(next) => next.col == first.col,
        None => {
            let r = Some(first.row);
            is_white(r, first.col.checked_sub(1)) || is_white(r, first.col.checked_add(1))
        }
    };
    let clue = if down {
        Cell::new(first.row.wrapping_sub(1), first.col)
    } else {
        Cell::new(first.row, first.col.wrapping_sub(1))
    };
    (clue, down)
}

#[cfg(test)]
mod tests {
    use super::runs_in_order;
    use crate::puzzle::Puzzle;

    /// The runs in the order the assembly writes them are the puzzle's runs in its own
    /// order (by clue square, across before down), one-cell runs included.
    #[test]
    fn runs_are_written_in_the_order_of_their_clue_squares() {
        for text in [
            "#  10\\ 10\\\n\\10  .  .\n\\10  .  .\n",
            // One-cell across runs beside a down run of two.
            "#  3\\  #\n\\1  .  #\n\\2  .  #\n",
            // One-cell down runs above an across run of two.
            "#  1\\  2\\\n\\3  .  .\n",
        ] {
            let opts = crate::parse::ParseOptions::default().path("t.kakuro");
            let p = Puzzle::parse_with(text, &opts).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let m = p.constraints();
            let written: Vec<_> = runs_in_order(&m)
                .iter()
                .map(|c| (c.cells.clone(), c.target))
                .collect();
            let kakuro = p.as_kakuro().expect("a Kakuro");
            let own: Vec<_> = kakuro
                .runs()
                .iter()
                .map(|r| (r.cells.clone(), Some(u64::from(r.sum))))
                .collect();
            assert_eq!(written, own, "{text}");
            // The model lists across runs first: the order is the assembly's own.
            let listed: Vec<_> = m.list.iter().map(|c| (c.cells.clone(), c.target)).collect();
            assert_ne!(listed, own, "{text}");
        }
    }
}
