//! # The DPLL walk on several threads
//!
//! Counting walks the whole search tree, so it splits well: the cells with the fewest
//! digits left after root propagation are taken, smallest first, until their digit
//! combinations number at least [`CUBES_PER_THREAD`] per thread; each combination is a
//! *cube*. Workers take cubes from a shared counter, walk each on their own copy of the
//! loaded formula (the cube's digits made true at the root), and send every grid, with its
//! cube and its path inside the cube's tree, to the calling thread, which verifies and
//! counts it as for one thread. The cubes are all the combinations of digits of the same
//! cells, so no grid lies in two of them; the duplicate check sees each grid's cube and
//! path and confirms it ([`super::distinct`]), keeping nothing per grid.
//!
//! The channel is bounded, so workers wait for the caller instead of filling memory;
//! memory is one formula per thread. A visitor that breaks (a limit reached), a stop
//! request or a passed deadline ends every worker at its next look at the stop.
//!
//! ## References
//! - M. J. H. Heule, O. Kullmann, S. Wieringa, A. Biere, *Cube and Conquer: Guiding CDCL
//!   SAT Solvers by Lookaheads*, HVC 2011 (cubes as independent sub-problems).

use std::cell::Cell as StdCell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use crate::backend::{Dpll, Walk};
use crate::cnf::{Lit, OneHot};
use crate::engine::distinct::{Branch, Tree};
use crate::engine::enumerate::Visitor;
use crate::engine::{sat, EngineError};
use crate::grid::{Cell, Grid};
use crate::stop::Stop;

/// Cubes made per thread: enough that a thread finishing early finds more work.
pub(crate) const CUBES_PER_THREAD: usize = 16;

/// The most cubes made, whatever the thread count.
const MAX_CUBES: usize = 4096;

/// How many grids may wait in the channel for the calling thread.
const CHANNEL: usize = 1024;

/// How often the calling thread, waiting for grids, looks at the caller's stop.
const POLL: Duration = Duration::from_millis(20);

/// A grid found by a worker: its cube, its path inside the cube, the grid.
struct Found {
    cube: usize,
    path: Vec<Branch>,
    grid: Grid<u8>,
}

/// What a worker tells the calling thread.
enum Message {
    Grid(Found),
    /// The worker has no cube left; how its last walk ended.
    Done(Walk),
    Failed(EngineError),
}

/// The cubes of `dpll` (loaded, not yet walked) for `threads` threads: the cells split on
/// and the digit combinations, or `None` when root propagation refutes the formula.
fn cubes(dpll: &mut Dpll, map: &OneHot, threads: usize) -> Option<(Vec<Cell>, Vec<Vec<u8>>)> {
    let open = dpll.root_open()?;
    let mut cells: Vec<(usize, Cell, Vec<u8>)> = open
        .iter()
        .zip(map.cells())
        .filter(|(lits, _)| lits.len() > 1)
        .map(|(lits, &cell)| {
            let digits = lits
                .iter()
                .filter_map(|l| map.meaning(l.var()))
                .map(|m| m.1);
            (lits.len(), cell, digits.collect())
        })
        .collect();
    cells.sort_by_key(|c| c.0);
    let want = threads.saturating_mul(CUBES_PER_THREAD).min(MAX_CUBES);
    let mut combos: Vec<Vec<u8>> = vec![Vec::new()];
    let mut split = Vec::new();
    for (n, cell, digits) in cells {
        if combos.len() >= want || combos.len().saturating_mul(n) > MAX_CUBES {
            break;
        }
        split.push(cell);
        combos = combos
            .iter()
            .flat_map(|c| {
                digits.iter().map(move |&d| {
                    let mut next = c.clone();
                    next.push(d);
                    next
                })
            })
            .collect();
    }
    Some((split, combos))
}

/// Walks `dpll` (loaded with the puzzle; projected groups are the cells of `map`) on
/// `threads` threads, each grid to `visit` with its cube and path in tree `tree`, until the
/// walk ends ([`Walk::Complete`]), or `visit` breaks or `stop` is requested
/// ([`Walk::Stopped`]). The walk has no conflict budget.
///
/// # Errors
/// A model that is not a grid.
pub(crate) fn walk(
    mut dpll: Dpll,
    map: &OneHot,
    (threads, tree): (usize, u32),
    stop: &Stop,
    visit: Visitor<'_>,
) -> Result<Walk, EngineError> {
    let Some((cells, combos)) = cubes(&mut dpll, map, threads) else {
        return Ok(Walk::Complete);
    };
    let cube_lits = |i: usize| -> Vec<Lit> {
        cells
            .iter()
            .zip(&combos[i])
            .map(|(&c, &d)| map.lit(c, d))
            .collect()
    };
    let halt = match stop.deadline() {
        Some(d) => Stop::new().with_deadline(d),
        None => Stop::new(),
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::sync_channel::<Message>(CHANNEL);
    let workers = threads.clamp(1, combos.len());
    let cubes = combos.len();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (tx, dpll, halt) = (tx.clone(), &dpll, &halt);
            let (next, cube_lits) = (&next, &cube_lits);
            let _ = scope.spawn(move || {
                let message = work(dpll, map, (next, cubes), cube_lits, (stop, halt), &tx);
                let _ = tx.send(message);
            });
        }
        drop(tx);
        let cubes = (tree, &cells[..], &combos[..]);
        collect(&rx, workers, cubes, (stop, &halt), visit)
    })
}

/// One worker: takes cubes until none is left, a walk does not complete or the caller's
/// `stop` is requested (`halt` ends a walk between grids); sends each grid and answers how
/// its last walk ended.
fn work(
    base: &Dpll,
    map: &OneHot,
    (next, cubes): (&AtomicUsize, usize),
    cube_lits: &dyn Fn(usize) -> Vec<Lit>,
    (stop, halt): (&Stop, &Stop),
    tx: &mpsc::SyncSender<Message>,
) -> Message {
    loop {
        // The caller's stop is seen here and at every grid; between grids, through `halt`.
        if stop.is_requested() {
            return Message::Done(Walk::Stopped);
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= cubes {
            return Message::Done(Walk::Complete);
        }
        let mut dpll = base.clone();
        dpll.assume_root(&cube_lits(i));
        let unlimited = StdCell::new(u64::MAX);
        let mut failure = None;
        let mut path = Vec::new();
        let walk = dpll.enumerate_paths(halt, &unlimited, &mut |model, decisions| {
            if stop.is_requested() {
                return ControlFlow::Break(());
            }
            let grid = match map.decode(model) {
                Ok(grid) => grid,
                Err(e) => {
                    failure = Some(EngineError::from(e));
                    return ControlFlow::Break(());
                }
            };
            if let Err(e) = sat::decisions_to_branches(map, decisions, &mut path) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
            let found = Found {
                cube: i,
                path: path.clone(),
                grid,
            };
            match tx.send(Message::Grid(found)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        });
        if let Some(e) = failure {
            return Message::Failed(e);
        }
        if walk != Walk::Complete {
            return Message::Done(walk);
        }
    }
}

/// The calling thread's side: hands each grid to `visit` with its place in `tree`, forwards
/// the caller's `stop` to the workers (`halt`), and answers how the whole walk ended.
fn collect(
    rx: &mpsc::Receiver<Message>,
    workers: usize,
    (tree, cells, combos): (u32, &[Cell], &[Vec<u8>]),
    (stop, halt): (&Stop, &Stop),
    visit: Visitor<'_>,
) -> Result<Walk, EngineError> {
    let mut ended = Walk::Complete;
    let mut failure = None;
    let mut done = 0;
    let mut cube = Vec::with_capacity(cells.len());
    while done < workers {
        if stop.is_requested() {
            halt.request();
        }
        let message = match rx.recv_timeout(POLL) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        match message {
            Message::Grid(found) if ended == Walk::Complete && failure.is_none() => {
                cube.clear();
                cube.extend(
                    cells
                        .iter()
                        .copied()
                        .zip(combos[found.cube].iter().copied()),
                );
                let tree = Tree {
                    id: tree,
                    cube: &cube,
                };
                if visit(found.grid, tree.at(&found.path)).is_break() {
                    ended = Walk::Stopped;
                    halt.request();
                }
            }
            Message::Grid(_) => {}
            Message::Done(walk) => {
                done += 1;
                if walk != Walk::Complete && ended == Walk::Complete {
                    ended = walk;
                    halt.request();
                }
            }
            Message::Failed(e) => {
                done += 1;
                let _ = failure.get_or_insert(e);
                halt.request();
            }
        }
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(ended),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::EncodeOptions;
    use crate::engine::distinct::Distinct;
    use crate::kind::verify;
    use crate::puzzle::Puzzle;

    /// Norvig's CrossProduct with 36,685 solutions.
    const MANY: &str =
        include_str!("../../tests/data/crossproduct/seeds/norvig-reorder-10x3.crossproduct");

    /// The grids of `text` walked on `threads` threads up to `limit`, each verified and
    /// checked new: how many, and how the walk ended.
    fn walk_count(text: &str, threads: usize, limit: u64, stop: &Stop) -> (u64, Walk) {
        let puzzle = Puzzle::parse(text).expect("parses");
        let enc = puzzle.encode(&EncodeOptions::default()).expect("encodes");
        let (cells, digits) = (enc.map.cells().len(), usize::from(enc.map.digits()));
        let dpll = Dpll::from_formula(enc.formula, cells, digits);
        let mut check = Distinct::new();
        let mut n = 0;
        let walk = walk(dpll, &enc.map, (threads, 0), stop, &mut |grid, at| {
            verify(&puzzle, &grid).expect("a solution");
            check.check(&grid, at).expect("new, in its cube, in order");
            n += 1;
            if n >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .expect("walks");
        (n, walk)
    }

    /// On any number of threads every grid comes once, verified, and the count is exact.
    #[test]
    fn every_thread_count_finds_every_grid_once() {
        for threads in [1, 2, 3, 4] {
            let got = walk_count(MANY, threads, u64::MAX, &Stop::new());
            assert_eq!(got, (36_685, Walk::Complete), "{threads} threads");
        }
        let four = "cols 8 8 1\nrows 8 8 1\n";
        assert_eq!(
            walk_count(four, 2, u64::MAX, &Stop::new()),
            (4, Walk::Complete)
        );
        let none = "cols 7 8 1\nrows 8 8 1\n";
        assert_eq!(
            walk_count(none, 2, u64::MAX, &Stop::new()),
            (0, Walk::Complete)
        );
    }

    /// A visitor that breaks ends every worker: exactly the limit is visited.
    #[test]
    fn a_limit_ends_the_walk_on_every_thread() {
        for threads in [2, 3] {
            let got = walk_count(MANY, threads, 1000, &Stop::new());
            assert_eq!(got, (1000, Walk::Stopped), "{threads} threads");
        }
    }

    /// A stop requested before the walk ends it at once, as stopped.
    #[test]
    fn a_requested_stop_ends_the_walk() {
        let stop = Stop::new();
        stop.request();
        let (n, walk) = walk_count(MANY, 2, u64::MAX, &stop);
        assert_eq!(walk, Walk::Stopped);
        assert!(n < 36_685, "stopped before the end: {n}");
    }
}
