//! # The native engine: constraint propagation and search
//!
//! A solver written for the puzzles themselves, sharing only the puzzle model, the cage
//! tuple enumeration ([`crate::tuples`], the meaning of a cage) and the independent checker
//! with the SAT path. Domains are bitsets ([`domains`]); propagators are all-different on
//! lines ([`alldiff`]: naked and hidden singles, naked pairs/triples), generalised arc
//! consistency on cage tables ([`cage`]), and sum/product bounds for cages with too many
//! tuples ([`bounds`]); [`search`] is depth-first with smallest-domain branching.
//!
//! Kakuro ([`kakuro`]) and CrossProduct ([`crossproduct`]) have a smaller model of their own: one exact
//! arc-consistency filter per run, row or column, run to a fixpoint and searched by
//! [`lines`].
//!
//! Every solution returned has passed [`crate::verify::verify`].
//!
//! ## Example Usage
//! ```
//! use cagesat::native::{self, NativeOptions};
//! use cagesat::parse::parse_puzzle;
//! use cagesat::solve::Outcome;
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let puzzle = parse_puzzle(text, None, false).unwrap();
//! let opts = NativeOptions { check_unique: true, ..NativeOptions::default() };
//! let (outcome, stats) = native::solve(&puzzle, &opts).unwrap();
//! let Outcome::Solved { grid, unique } = outcome else { panic!("no solution") };
//! assert_eq!(grid.to_rows()[0], vec![4, 2, 3, 1]);
//! assert_eq!(unique, Some(true));
//! assert!(stats.nodes >= 1);
//! assert_eq!(native::count(&puzzle, u64::MAX).unwrap().0, 1);
//! ```
//!
//! ## References
//! - P. Norvig, "KenKen" notebook (constraint propagation and search), 2016/2021.
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets, cage interactions).

pub mod alldiff;
pub mod bounds;
pub mod cage;
pub mod crossproduct;
pub mod domains;
pub mod kakuro;
pub mod lines;
pub mod propagate;
pub mod search;

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::grid::Grid;
use crate::puzzle::{KenKen, Puzzle};
use crate::solve::Outcome;
use crate::verify::{verify, VerifyError};

pub use domains::{Conflict, Domains, Mask};
pub use propagate::{Model, State};
pub use search::Search;

/// Default [`NativeOptions::tuple_limit`]. Lower than the CNF encoder's limit: a table
/// is filtered at every propagation, and enumerating a huge cage only to give up costs
/// more than the bounds reasoning that replaces it. The shipped corpus tops out at 2,406
/// tuples per cage; a 9-cell `+` cage has 362,880.
pub const NATIVE_TUPLE_LIMIT: usize = 10_000;

/// Native engine choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeOptions {
    /// Look for a second solution.
    pub check_unique: bool,
    /// Cages with more allowed tuples than this use bounds reasoning instead of a table.
    pub tuple_limit: usize,
    /// Largest naked subset looked for on a line (2 = pairs, 3 = triples; below 2: none).
    pub max_subset: usize,
}

impl Default for NativeOptions {
    fn default() -> Self {
        NativeOptions {
            check_unique: false,
            tuple_limit: NATIVE_TUPLE_LIMIT,
            max_subset: 3,
        }
    }
}

/// The native engine cannot answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NativeError {
    /// The puzzle kind has no native model yet.
    #[error("the native engine does not support {kind} puzzles (use --engine sat)")]
    Unsupported {
        /// The puzzle kind, as in [`Puzzle::kind`].
        kind: &'static str,
    },
    /// A solution failed the independent checker: the engine is wrong.
    #[error("native answer failed independent verification: {0}")]
    Verify(#[from] VerifyError),
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

/// Solves `puzzle`; with `check_unique`, goes on to look for a second solution. Every
/// solution found is verified independently.
///
/// # Errors
/// [`NativeError::Unsupported`] for kinds without a native model (none at present);
/// [`NativeError::Verify`] when an answer breaks a rule.
pub fn solve(puzzle: &Puzzle, opts: &NativeOptions) -> Result<(Outcome, NativeStats), NativeError> {
    let limit = if opts.check_unique { 2 } else { 1 };
    let (mut grids, stats) = solutions(puzzle, opts, limit)?;
    let outcome = if grids.is_empty() {
        Outcome::Unsat
    } else {
        let unique = opts.check_unique.then_some(grids.len() == 1);
        Outcome::Solved {
            grid: grids.swap_remove(0),
            unique,
        }
    };
    Ok((outcome, stats))
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer means "at least"
/// when it equals `limit`). Every solution is verified.
///
/// # Errors
/// As [`solve`].
pub fn count(puzzle: &Puzzle, limit: u64) -> Result<(u64, NativeStats), NativeError> {
    let mut stats = NativeStats::default();
    let mut found = 0u64;
    let mut failed = None;
    if limit > 0 {
        run(puzzle, &NativeOptions::default(), &mut stats, &mut |grid| {
            if let Err(e) = verify(puzzle, &grid) {
                failed = Some(e);
                return false;
            }
            found += 1;
            found < limit
        })?;
    }
    if let Some(e) = failed {
        return Err(e.into());
    }
    stats.solutions = found;
    Ok((found, stats))
}

/// Up to `limit` verified solutions of `puzzle`, in search order.
///
/// # Errors
/// As [`solve`].
pub fn solutions(
    puzzle: &Puzzle,
    opts: &NativeOptions,
    limit: u64,
) -> Result<(Vec<Grid<u8>>, NativeStats), NativeError> {
    let mut stats = NativeStats::default();
    let mut grids = Vec::new();
    let mut failed = None;
    if limit == 0 {
        return Ok((grids, stats));
    }
    run(puzzle, opts, &mut stats, &mut |grid| {
        if let Err(e) = verify(puzzle, &grid) {
            failed = Some(e);
            return false;
        }
        grids.push(grid);
        (grids.len() as u64) < limit
    })?;
    match failed {
        Some(e) => Err(e.into()),
        None => {
            stats.solutions = grids.len() as u64;
            Ok((grids, stats))
        }
    }
}

/// Builds the model of `puzzle` and searches, recording effort and time in `stats`.
fn run(
    puzzle: &Puzzle,
    opts: &NativeOptions,
    stats: &mut NativeStats,
    on_solution: &mut dyn FnMut(Grid<u8>) -> bool,
) -> Result<(), NativeError> {
    match puzzle {
        Puzzle::KenKen(k) => run_kenken(k, opts, stats, on_solution),
        Puzzle::Kakuro(k) => {
            let t0 = Instant::now();
            let model = kakuro::KakuroModel::new(k);
            let root = model.root();
            stats.setup_time = t0.elapsed();
            run_lines(&model.net, &model, root, stats, &mut |doms| {
                on_solution(model.grid(doms))
            });
        }
        Puzzle::CrossProduct(p) => {
            let t0 = Instant::now();
            let model = crossproduct::CrossProductModel::new(p);
            let root = model.root();
            stats.setup_time = t0.elapsed();
            run_lines(&model.net, &model, root, stats, &mut |doms| {
                on_solution(model.grid(doms))
            });
        }
    }
    Ok(())
}

/// Searches a line network (Kakuro, CrossProduct), recording effort and time in `stats`.
fn run_lines<F: lines::LineFilter>(
    net: &lines::Network,
    filter: &F,
    root: Vec<Mask>,
    stats: &mut NativeStats,
    on_solution: &mut dyn FnMut(&[Mask]) -> bool,
) {
    let t1 = Instant::now();
    let mut search = lines::LineSearch::new(net, filter);
    let _ = search.run(root, on_solution);
    stats.nodes = search.nodes;
    stats.backtracks = search.backtracks;
    stats.propagations = search.propagations;
    stats.solve_time = t1.elapsed();
}

/// Builds the KenKen model and searches, recording effort and time in `stats`.
fn run_kenken(
    k: &KenKen,
    opts: &NativeOptions,
    stats: &mut NativeStats,
    on_solution: &mut dyn FnMut(Grid<u8>) -> bool,
) {
    let t0 = Instant::now();
    let (mut model, root) = Model::new(k, opts.tuple_limit, opts.max_subset);
    stats.bounds_cages = model.bounds_cages();
    stats.setup_time = t0.elapsed();
    let t1 = Instant::now();
    let mut search = Search::new(&mut model);
    let _ = search.run(root, on_solution);
    stats.nodes = search.nodes;
    stats.backtracks = search.backtracks;
    stats.propagations = search.propagations();
    stats.solve_time = t1.elapsed();
}
