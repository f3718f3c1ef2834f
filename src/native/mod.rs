//! # The native engine: constraint propagation and search
//!
//! Solvers written for the puzzles themselves, beside the SAT path rather than above or
//! below it: they share the cage tuple enumeration ([`crate::tuples`], the meaning of a
//! cage) with the encoder, and nothing with the SAT backends. Domains are bitsets
//! ([`domains`]). Two searches live here, both entered from the constraint model
//! (`crate::model::run`), which reads only a puzzle's constraints and picks by their
//! families:
//!
//! - the *cage engine* ([`run_cages`]) for a Latin square tiled by arithmetic cages whose
//!   digits may repeat (KenKen): all-different on lines ([`alldiff`]: naked and hidden
//!   singles, naked pairs/triples), generalised arc consistency on cage tables ([`cage`]),
//!   sum/product bounds for cages with too many tuples ([`bounds`]), and a depth-first
//!   [`search`] with dom/wdeg branching;
//! - the *line network* ([`lines`], [`run_lines`]) that the model's families fill with
//!   their filters (Kakuro, CrossProduct, Towers, Unequal, and Sudoku with cells fixed in
//!   advance); the model has its own bitset searches for houses and sums.
//!
//! [`enumerate`] is the engine's one primitive: it hands every solution it finds to a
//! visitor. The engine layer ([`crate::engine`]) verifies each one independently and
//! derives solving, uniqueness and counting from it.
//!
//! ## References
//! - P. Norvig, "KenKen" notebook (constraint propagation and search), 2016/2021.
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets, cage interactions).

pub(crate) mod alldiff;
pub(crate) mod bounds;
pub(crate) mod cage;
pub(crate) mod domains;
pub(crate) mod lines;
pub(crate) mod propagate;
pub(crate) mod search;

use std::time::Duration;

use crate::grid::{Cell, Grid};
use crate::puzzle::Cage;
use crate::stop::{Instant, Stop};
use crate::tree::{self, OnGrid};

pub(crate) use domains::Mask;
pub(crate) use propagate::Model;
pub(crate) use search::Search;

/// Default [`NativeOptions::tuple_limit`]. Lower than the CNF encoder's limit: a table
/// is filtered at every propagation, and enumerating a huge cage only to give up costs
/// more than the bounds reasoning that replaces it. The shipped corpus tops out at 2,406
/// tuples per cage; a 9-cell `+` cage has 362,880.
pub(crate) const NATIVE_TUPLE_LIMIT: usize = 10_000;

/// Native engine choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeOptions {
    /// KenKen cages with more allowed tuples than this use bounds reasoning instead of a
    /// table.
    pub tuple_limit: usize,
    /// Largest naked subset looked for on a KenKen line (2 = pairs, 3 = triples; below 2:
    /// none).
    pub max_subset: usize,
    /// Kinds searched on the constraint model (all but KenKen): backtracks after which the
    /// search gives up, unfinished
    /// (`None`: no limit). [`crate::Engine::Auto`] sets it and hands the puzzle to CDCL
    /// when it is reached.
    pub backtrack_budget: Option<u64>,
}

impl Default for NativeOptions {
    fn default() -> Self {
        NativeOptions {
            tuple_limit: NATIVE_TUPLE_LIMIT,
            max_subset: 3,
            backtrack_budget: None,
        }
    }
}

/// Effort and time of one native run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NativeStats {
    /// Search nodes (the root counts as one).
    pub nodes: u64,
    /// Nodes whose propagation failed.
    pub backtracks: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Cages handled by bounds instead of a table.
    pub bounds_cages: usize,
    /// Time spent building the model (tuple enumeration).
    pub setup_time: Duration,
    /// Time spent propagating and searching.
    pub solve_time: Duration,
}

impl NativeStats {
    /// Setup plus search time.
    #[must_use]
    pub fn total_time(&self) -> Duration {
        self.setup_time + self.solve_time
    }
}

/// Narrows `root` (one mask per cell, numbered by `index`) to the digits of `fixed`;
/// `false` when one leaves no digit (a cell outside the puzzle, a digit out of range):
/// then no solution extends `fixed`.
fn fix_root(
    root: &mut [Mask],
    fixed: &[(Cell, u8)],
    index: impl Fn(Cell) -> Option<usize>,
) -> bool {
    for &(cell, d) in fixed {
        let Some(i) = index(cell) else { return false };
        if d == 0 || d > 31 {
            return false;
        }
        root[i] &= domains::bit(d);
        if root[i] == 0 {
            return false;
        }
    }
    true
}

/// Searches a line network (Kakuro, CrossProduct, Sudoku with cages or fixed cells) from
/// `root` narrowed to `fixed` (cells numbered by `index`; the search's cell `i` is
/// `cell(i)`), handing each solution to `on_solution` as the grid `grid` makes of its masks,
/// with its path; gives up, unfinished, after `budget` backtracks; records effort and time in
/// `stats`. Answers whether the search is complete (it is at once when `fixed` leaves a cell
/// no digit: no solution extends it).
pub(crate) fn run_lines<F, G, I, C>(
    (net, filter, grid): (&lines::Network, &F, G),
    (mut root, fixed): (Vec<Mask>, &[(Cell, u8)]),
    (index, cell): (I, C),
    (stop, budget, stats): (&Stop, u64, &mut NativeStats),
    on_solution: OnGrid<'_>,
) -> bool
where
    F: lines::LineFilter,
    G: Fn(&[Mask]) -> Grid<u8>,
    I: Fn(Cell) -> Option<usize>,
    C: Fn(usize) -> Cell,
{
    if !fix_root(&mut root, fixed, index) {
        return true;
    }
    let t1 = Instant::now();
    let mut search = lines::LineSearch::new(net, filter);
    search.stop = stop.clone();
    search.budget = budget;
    let mut path = Vec::new();
    let complete = search.run(root, &mut |doms, choices| {
        tree::branches(choices, &cell, &mut path);
        on_solution(grid(doms), &path)
    });
    stats.nodes = search.nodes;
    stats.backtracks = search.backtracks;
    stats.propagations = search.propagations;
    stats.solve_time = t1.elapsed();
    complete
}

/// Builds the cage engine's model of the `n`×`n` Latin square tiled by `cages` and
/// searches the grids holding every (cell, digit) of `fixed`, recording effort and time in
/// `stats` (`crate::model::run` sends it the models `crate::model::cages` recognises).
pub(crate) fn run_cages(
    (n, cages): (usize, &[Cage]),
    opts: &NativeOptions,
    fixed: &[(Cell, u8)],
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> bool {
    let t0 = Instant::now();
    let (mut model, mut root) = Model::new(n, cages, opts.tuple_limit, opts.max_subset);
    stats.bounds_cages = model.bounds_cages();
    stats.setup_time = t0.elapsed();
    for &(cell, d) in fixed {
        let inside = usize::from(cell.row) < n && usize::from(cell.col) < n;
        let i = cell.index(n);
        if !inside
            || d == 0
            || usize::from(d) > n
            || root.doms.restrict(i, domains::bit(d)).is_err()
        {
            return true;
        }
    }
    let t1 = Instant::now();
    let mut search = Search::new(&mut model);
    search.stop = stop.clone();
    let mut path = Vec::new();
    let complete = search.run(root, &mut |grid, choices| {
        tree::branches(choices, tree::row_major(n), &mut path);
        on_solution(grid, &path)
    });
    stats.nodes = search.nodes;
    stats.backtracks = search.backtracks;
    stats.propagations = search.propagations();
    stats.solve_time = t1.elapsed();
    complete
}
