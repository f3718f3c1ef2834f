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
//! - *distinct sums*: cells with distinct digits adding up to a target (Killer cages, and the
//!   sums [`implied`] derives from houses and cages: innies and outies);
//! - *givens*: digits fixed in advance.
//!
//! Two searches run on these families: [`houses`], a bitset search for models made of
//! houses alone (naked and hidden singles, box–line reduction), and [`network`], a line
//! network with one filter per family (houses, their intersections, distinct sums) for
//! everything else and for grading. A new kind whose model uses these families needs no
//! search of its own: Sudoku X and Killer X are two more houses.

pub(crate) mod houses;
pub(crate) mod implied;
pub(crate) mod network;

use crate::grid::{Cell, Grid};
use crate::native::domains::{bit, full, min_digit, Mask};
use crate::native::NativeStats;
use crate::puzzle::{ConstraintKind, Constraints, Op};
use crate::stop::{Instant, Stop};
use crate::tree::{self, OnGrid};

/// A model sorted into the families the searches here reason with; cells are numbered
/// row-major over a square grid of side `n` (the largest digit).
#[derive(Clone, Debug)]
pub(crate) struct Lowered {
    /// The side of the grid and the largest digit.
    pub(crate) n: usize,
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
    /// The candidates before propagation: the given digit, or every digit.
    pub(crate) root: Vec<Mask>,
}

impl Lowered {
    /// Sorts `model` into families; `None` when it holds a constraint no family here takes
    /// (a KenKen cage, a product) or its grid is not the `n`×`n` of its digits.
    pub(crate) fn new(model: &Constraints) -> Option<Self> {
        let n = usize::from(model.max_digit);
        if model.rows != n || model.cols != n || n == 0 || n >= Mask::BITS as usize {
            return None;
        }
        let mut out = Lowered {
            n,
            lines: Vec::new(),
            rows: 0,
            regions: Vec::new(),
            extra: Vec::new(),
            sums: Vec::new(),
            root: vec![full(n); n * n],
        };
        let mut columns = Vec::new();
        for c in &model.list {
            let cells: Vec<usize> = c.cells.iter().map(|&cell| cell.index(n)).collect();
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
                _ => return None,
            }
        }
        out.rows = out.lines.len();
        out.lines.extend(columns);
        for &(cell, d) in &model.givens {
            out.root[cell.index(n)] = bit(d);
        }
        Some(out)
    }

    /// Every house: lines, regions, then the others.
    pub(crate) fn houses(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.lines.iter().chain(&self.regions).chain(&self.extra)
    }

    /// The grid of fixed candidates (0 where a cell is open).
    pub(crate) fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let rows = doms
            .chunks(self.n)
            .map(|r| r.iter().map(|&m| min_digit(m)).collect())
            .collect();
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(self.n, self.n, 0))
    }
}

/// Searches the model, recording effort and time in `stats`: a model of houses alone with
/// the bitset search of [`houses`], anything else (cages, or cells `fixed` in advance, for
/// the setter tools) with the line network of [`network`] and the sums [`implied`] derives.
/// After `budget` backtracks the search gives up, unfinished. `None` when the model holds a
/// family neither search takes.
pub(crate) fn run(
    model: &Constraints,
    (fixed, budget): (&[(Cell, u8)], u64),
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> Option<bool> {
    let t0 = Instant::now();
    let lowered = Lowered::new(model)?;
    let n = lowered.n;
    if lowered.sums.is_empty() && fixed.is_empty() {
        let board = houses::Board::new(&lowered);
        stats.setup_time = t0.elapsed();
        let t1 = Instant::now();
        let mut search = houses::Search::new(&board);
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
    let net = network::HouseNetwork::new(&lowered, network::Rules::SOLVE);
    stats.setup_time = t0.elapsed();
    let index = |c: Cell| (usize::from(c.row) < n && usize::from(c.col) < n).then(|| c.index(n));
    Some(crate::native::run_lines(
        (net.net(), &net, |doms: &[Mask]| lowered.grid(doms)),
        (lowered.root.clone(), fixed),
        (index, tree::row_major(n)),
        (stop, budget, stats),
        on_solution,
    ))
}
