//! # One constraint model under the kinds
//!
//! Every kind lowers its parsed puzzle, in one place ([`crate::puzzle::Constraints`], built by
//! the kind's `constraints()`), into a list of typed constraints over cells with digits
//! `1..=max_digit`. The reasoning here reads only that list, never a kind: it is sorted into
//! families ([`Lowered`]):
//!
//! - *houses*: all-different groups holding each digit once (rows and columns, the regions
//!   that rows and columns cross (boxes), and any other group of `max_digit` cells, such as
//!   the diagonals of an X variant);
//! - *distinct sums*: cells with distinct digits adding up to a target (Kakuro runs, Killer
//!   cages, and the sums [`implied`] derives from houses and cages: innies and outies; the
//!   sums [`derived`] finds over unions of several houses, digits free to repeat);
//! - *products*: cells whose digits multiply to a target (CrossProduct rows and columns);
//! - *visibility*: how many cells of a line are seen from its end (Towers clues,
//!   [`visibility`]);
//! - *order*: a relation between two cells (Unequal's signs and bars, [`order`]);
//! - *givens*: digits fixed in advance.
//!
//! A model of houses alone over a full grid up to 11×11 (classic Sudoku, Sudoku X, jigsaw)
//! takes the fast path of [`latin`] (one 128-bit word of cells per digit, no board to
//! build). Two searches run on the other families: [`houses`], a bitset search for models made of
//! houses and distinct sums over a full square grid (Sudoku, Killer and their X variants:
//! naked and hidden singles, box–line reduction, sums by their digit sets), and
//! [`network`], a line network with one filter per family ([`house`], [`sum`],
//! `crate::product`) for everything else and for grading. A Latin square tiled by
//! arithmetic cages whose digits may repeat (KenKen's `+ - × ÷ = ?`) is recognised by
//! [`cages`] and searched by the cage engine of `crate::native`. No kind brings a search
//! of its own: [`run`] picks by the families of the constraints alone, and Sudoku X and
//! Killer X are two more houses.

pub(crate) mod board;
pub(crate) mod cages;
pub(crate) mod derived;
pub(crate) mod hidden;
pub(crate) mod house;
pub(crate) mod houses;
pub(crate) mod implied;
pub(crate) mod latin;
pub(crate) mod line;
pub(crate) mod network;
pub(crate) mod order;
pub(crate) mod sum;
pub(crate) mod visibility;

use crate::grid::{Cell, Grid};
use crate::native::domains::{bit, full, min_digit, Mask};
use crate::native::{run_cages, NativeOptions, NativeStats};
use crate::puzzle::{ConstraintKind, Constraints, LineRule, Op, Relation, RuleKind};
use crate::stop::{Instant, Stop};
use crate::tree::{self, OnGrid};

/// A model sorted into the families the searches here reason with; cells are numbered in
/// the model's order (row-major).
#[derive(Clone, Debug)]
pub(crate) struct Lowered {
    /// The largest digit (every cell takes `1..=n`).
    pub(crate) n: usize,
    /// Rows and columns of the grid.
    pub(crate) shape: (usize, usize),
    /// The cells that take a digit, by number.
    pub(crate) cells: Vec<Cell>,
    /// The number of each square of the grid (row-major), `usize::MAX` where no cell is.
    index: Vec<usize>,
    /// The rows, then the columns: houses that cross the regions.
    pub(crate) lines: Vec<Vec<usize>>,
    /// How many of `lines` are rows (the rest are columns).
    pub(crate) rows: usize,
    /// Regions crossed by the lines (boxes).
    pub(crate) regions: Vec<Vec<usize>>,
    /// Other houses (diagonals).
    pub(crate) extra: Vec<Vec<usize>>,
    /// Distinct sums: cells and target.
    pub(crate) sums: Vec<(Vec<usize>, u32)>,
    /// Products: cells and target, and the kind of the constraint (rows and columns of a
    /// CrossProduct each tile the grid; [`implied::products_agree`] compares the tilings).
    pub(crate) products: Vec<(Vec<usize>, u64, ConstraintKind)>,
    /// Visibility clues: the line from the viewer outward, and the towers seen.
    pub(crate) visible: Vec<(Vec<usize>, u8)>,
    /// Relations between two cells.
    pub(crate) pairs: Vec<([usize; 2], Relation)>,
    /// Rules over lines of cells (a variant's thermometers, arrows, …), cells in the rule's
    /// order.
    pub(crate) automata: Vec<(Vec<usize>, LineRule)>,
    /// The candidates before propagation: the given digit, or every digit.
    pub(crate) root: Vec<Mask>,
}

impl Lowered {
    /// Sorts `model` into families; `None` when it holds a constraint no family here takes
    /// (a KenKen cage) or digits a mask cannot hold.
    pub(crate) fn new(model: &Constraints) -> Option<Self> {
        let n = usize::from(model.max_digit);
        let (rows, cols) = (model.rows, model.cols);
        if n == 0 || n >= Mask::BITS as usize {
            return None;
        }
        let mut index = vec![usize::MAX; rows.checked_mul(cols)?];
        for (i, c) in model.cells.iter().enumerate() {
            *index.get_mut(c.index(cols))? = i;
        }
        let mut out = Lowered {
            n,
            shape: (rows, cols),
            cells: model.cells.clone(),
            index,
            lines: Vec::new(),
            rows: 0,
            regions: Vec::new(),
            extra: Vec::new(),
            sums: Vec::new(),
            products: Vec::new(),
            visible: Vec::new(),
            pairs: Vec::new(),
            automata: Vec::new(),
            root: vec![full(n); model.cells.len()],
        };
        let mut columns = Vec::new();
        for c in &model.list {
            let cells = c
                .cells
                .iter()
                .map(|&cell| out.number(cell))
                .collect::<Option<Vec<usize>>>()?;
            let house = c.kind.is_group() && cells.len() == n;
            match c.kind {
                ConstraintKind::Row if house => out.lines.push(cells),
                ConstraintKind::Column if house => columns.push(cells),
                ConstraintKind::Box if house => out.regions.push(cells),
                _ if house => out.extra.push(cells),
                _ if c.distinct && c.op == Some(Op::Add) => {
                    let target = u32::try_from(c.target?).ok()?;
                    out.sums.push((cells, target));
                }
                // The product filter's digits are 1..=9 (`crate::product`).
                _ if !c.distinct && c.op == Some(Op::Mul) && n <= 9 => {
                    out.products.push((cells, c.target?, c.kind));
                }
                ConstraintKind::Visible => {
                    let clue = u8::try_from(c.target?).ok()?;
                    out.visible.push((cells, clue));
                }
                ConstraintKind::Variant => match (&c.rule.as_ref()?.kind, &cells[..]) {
                    (RuleKind::Pair(rel), &[a, b]) => out.pairs.push(([a, b], *rel)),
                    // Candidate digits of each cell (pencilmarks, even/odd cells) narrow
                    // its root domain instead of becoming a line.
                    (RuleKind::Line(LineRule::OneOf(digits)), _) => {
                        let allowed = digits.iter().fold(0, |m: Mask, &d| m | bit(d));
                        for &i in &cells {
                            out.root[i] &= allowed;
                        }
                    }
                    (RuleKind::Line(rule), _) => out.automata.push((cells, rule.clone())),
                    (RuleKind::Distinct, _) if cells.len() == n => out.extra.push(cells),
                    (RuleKind::Distinct, _) => {
                        for (i, &a) in cells.iter().enumerate() {
                            for &b in &cells[i + 1..] {
                                out.pairs.push(([a, b], Relation::Differ));
                            }
                        }
                    }
                    _ => return None,
                },
                kind => match (order::relation_of(kind), &cells[..]) {
                    (Some(rel), &[a, b]) => out.pairs.push(([a, b], rel)),
                    _ => return None,
                },
            }
        }
        out.rows = out.lines.len();
        out.lines.extend(columns);
        for &(cell, d) in &model.givens {
            let i = out.number(cell)?;
            out.root[i] &= bit(d);
        }
        Some(out)
    }

    /// The number of `cell`, `None` when it takes no digit.
    pub(crate) fn number(&self, cell: Cell) -> Option<usize> {
        let (rows, cols) = self.shape;
        if usize::from(cell.row) >= rows || usize::from(cell.col) >= cols {
            return None;
        }
        let i = self.index[cell.index(cols)];
        (i != usize::MAX).then_some(i)
    }

    /// Every house: lines, regions, then the others.
    pub(crate) fn houses(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.lines.iter().chain(&self.regions).chain(&self.extra)
    }

    /// Whether the model is houses, distinct sums and givens over a full square grid (what
    /// the bitset search of [`houses`] takes).
    pub(crate) fn bitset_search(&self) -> bool {
        self.products.is_empty()
            && self.visible.is_empty()
            && self.pairs.is_empty()
            && self.automata.is_empty()
            && self.shape == (self.n, self.n)
            && self.cells.len() == self.n * self.n
    }

    /// The grid of fixed candidates (0 where a cell is open or no cell is).
    pub(crate) fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let (rows, cols) = self.shape;
        let mut g = Grid::filled(rows, cols, 0);
        for (&c, &m) in self.cells.iter().zip(doms) {
            g.set(c, min_digit(m));
        }
        g
    }
}

/// Searches the model over the grids holding every (cell, digit) of `fixed`, recording
/// effort and time in `stats`: a Latin square tiled by arithmetic cages with the cage
/// engine (`crate::native::run_cages`), houses alone with [`latin`]'s fast path, houses and
/// distinct sums over a full square grid with the bitset search of [`houses`], anything
/// else (products, runs of a Kakuro, or cells `fixed` in advance, for the setter tools)
/// with the line network of [`network`]; the last two take the sums [`implied`] derives.
/// After `opts.backtrack_budget` backtracks (all but the cage engine) the search gives up,
/// unfinished. `None` when the model holds a family no search takes.
pub(crate) fn run(
    model: &Constraints,
    (fixed, opts): (&[(Cell, u8)], &NativeOptions),
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> Option<bool> {
    let budget = opts.backtrack_budget.unwrap_or(u64::MAX);
    let t0 = Instant::now();
    // Houses alone first (a Sudoku's model is no Latin square tiled by cages, and a batch of
    // Sudokus then builds nothing for the cage engine's test).
    if fixed.is_empty() {
        if let Some((shape, givens)) = latin::shape_of(model) {
            return Some(run_latin(
                &shape,
                &givens,
                (t0, budget),
                stop,
                stats,
                on_solution,
            ));
        }
    }
    if let Some((n, cages, givens)) = cages::shape_of(model) {
        let fixed = [givens.as_slice(), fixed].concat();
        let cages = (n, cages.as_slice());
        return Some(run_cages(cages, opts, &fixed, stop, stats, on_solution));
    }
    let lowered = Lowered::new(model)?;
    if lowered.root.contains(&0) {
        // A given outside its cell's candidates: no grid, found at the root.
        stats.setup_time = t0.elapsed();
        return Some(true);
    }
    let board = (lowered.bitset_search() && fixed.is_empty())
        .then(|| board::Board::cached(&lowered))
        .flatten();
    if let Some(board) = board {
        let n = lowered.n;
        stats.setup_time = t0.elapsed();
        let t1 = Instant::now();
        let mut search = houses::Search::new(&board, &lowered.root);
        search.stop = stop.clone();
        search.budget = budget;
        let mut path = Vec::new();
        let complete = search.run(&mut |doms, choices| {
            tree::branches(choices, tree::row_major(n), &mut path);
            on_solution(lowered.grid(doms), &path)
        });
        stats.nodes = search.nodes;
        stats.backtracks = search.backtracks;
        stats.propagations = search.propagations;
        stats.solve_time = t1.elapsed();
        return Some(complete);
    }
    let net = network::ModelNetwork::new(&lowered, network::Rules::SOLVE);
    stats.setup_time = t0.elapsed();
    Some(crate::native::run_lines(
        (net.net(), &net, |doms: &[Mask]| lowered.grid(doms)),
        (net.root(&lowered), fixed),
        (|c| lowered.number(c), |i| lowered.cells[i]),
        (stop, budget, stats),
        on_solution,
    ))
}

/// [`run`] on a model of houses alone ([`latin`]'s fast path), set up since `t0`.
fn run_latin(
    shape: &latin::Shape,
    givens: &[(usize, u8)],
    (t0, budget): (Instant, u64),
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> bool {
    let n = shape.n();
    stats.setup_time = t0.elapsed();
    let t1 = Instant::now();
    let (complete, effort) = latin::run(shape, givens, (stop, budget), &mut |digits, path| {
        let grid = Grid::from_row_major(n, n, digits.to_vec())
            .expect("the search hands n · n digits, row-major");
        on_solution(grid, path)
    });
    stats.nodes = effort.nodes;
    stats.backtracks = effort.backtracks;
    stats.propagations = effort.propagations;
    stats.solve_time = t1.elapsed();
    complete
}
