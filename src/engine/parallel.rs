//! # One puzzle on several threads
//!
//! The CDCL engines (varisat, CaDiCaL) can spread one puzzle over several threads in two
//! ways ([`ParallelMode`]):
//!
//! - **Cube and conquer** (Heule, Kullmann, Wieringa, Biere: "Cube and Conquer: Guiding
//!   CDCL SAT Solvers by Lookaheads", HVC 2011): the puzzle is cut into top-level cubes that
//!   partition its grids ([`TopCubes`]), listed up front; each of N workers owns one
//!   incremental solver loaded once with the formula, takes cubes from a shared queue (an
//!   atomic index) and enumerates each under its assumptions with the same sub-cube walk as
//!   the single-threaded engine ([`sat::enumerate_cubes`]). Counts and uniqueness proofs
//!   stay exact because the cubes partition the grids.
//! - **Portfolio** (Hamadi, Jabbour, Sais: "ManySAT: a Parallel SAT Solver", JSAT 2009):
//!   N differently configured solvers ([`portfolio`](super::portfolio)) run on the whole
//!   puzzle; the first to finish answers and the others are stopped. On CaDiCaL the
//!   members share their short learnt clauses and the grids they find (Plingeling's
//!   sharing; `backend/share.rs` has the soundness argument; session 18 added importing
//!   them during search through CaDiCaL's external propagator, `backend/cadical.rs`).
//!
//! Either way the grids reach the calling thread over a channel ([`Found`]), where the
//! caller's visitor runs: verification, the duplicate check and the limit stay where they
//! are for every engine ([`Enumerator::enumerate`](super::enumerate::Enumerator)). When the
//! visitor breaks (the limit is reached) every worker is told to stop through a [`Stop`] of
//! their own; the caller's `Stop` (a deadline, Ctrl-C) is forwarded to it, so it still ends
//! everything and the answer still says why.
//!
//! Stopping is prompt on CaDiCaL, which polls its stop during search. varisat cannot be
//! interrupted inside a call, so each varisat worker runs its solver on a thread of its own
//! (the backend's deadline mode): a stopped worker returns at once and its solver finishes
//! the call in the background, its work lost.
//!
//! ## Measured
//!
//! `solve --unique` of the twelve hard 20×20 KenKen of `benches/data/kenken-hard-20` on
//! CaDiCaL, 2 threads against 1, on a 2-core machine (`encodings/backends.md`, "One puzzle
//! on several threads"): a portfolio without sharing took 1.04× the time of one thread, cube
//! and conquer 3.2× (each cube's refutation costs nearly as much as the whole puzzle's); the
//! portfolio whose members share clauses and grids 0.64–0.69× (the hardest puzzle,
//! `gen_kenken_20x20_s20000`, 0.60×). Hence `auto`: the portfolio for one or two grids, and
//! [`Threads::Auto`] gives it every core on CaDiCaL. Counting many grids is where cubes pay:
//! 1,942 grids of a 6×6 CrossProduct in 0.13 s on 2 threads against 0.23 s on one. The
//! statistics of a portfolio are those of its member 0 (the caller's encoding), whichever
//! member answers.
//!
//! The statistics keep their shape: the formula's size, its encoding time, and as solving
//! time the wall time of the parallel phase (cube phase included), not a sum over threads.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Duration;

use crate::answer::SatResult;
use crate::backend::{self, Backend, BackendError, SolverChoice};
use crate::cnf::{CnfFormula, Lit, OneHot};
use crate::encode::Encoding;
use crate::engine::cubes::TopCubes;
use crate::engine::distinct::{address, Address, OwnedPath, Tree};
use crate::engine::enumerate::Visitor;
use crate::engine::sat::{self, timed_encode, SatStats, CUBE_SOLUTIONS};
use crate::engine::{plan, portfolio, EngineError, EngineOptions};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::stop::{Instant, Stop};

/// How many threads one puzzle runs on ([`EngineOptions::parallel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Threads {
    /// This many threads on the CDCL engines (varisat, CaDiCaL); one for every other
    /// engine. `Given(1)`, the default, is the single-threaded engine itself.
    Given(usize),
    /// `cores` threads where the `auto` rule sends the puzzle to CDCL
    /// ([`Engine::auto_backend`](crate::Engine::auto_backend): KenKen of side 10 and up)
    /// and more threads were measured to pay: counting (more than two grids asked), with
    /// cubes; and a search of one or two grids (solve, uniqueness) on CaDiCaL, whose
    /// portfolio members share what they learn (module notes). One thread for a search of
    /// one or two grids on varisat (its portfolio shares nothing and was measured no
    /// faster than one solver) and for puzzles the DPLL walk or the native engine answer in
    /// milliseconds, where loading more solvers costs more than it saves.
    Auto {
        /// The cores one puzzle may use.
        cores: usize,
    },
}

impl Default for Threads {
    fn default() -> Self {
        Threads::Given(1)
    }
}

/// How several threads share one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParallelMode {
    /// A portfolio for a search of one or two grids (solve, uniqueness), cube and conquer
    /// for counting (measured: module notes).
    #[default]
    Auto,
    /// Cube and conquer: top-level cubes on a shared queue.
    Cubes,
    /// A portfolio of differently configured solvers; the first to finish answers (on
    /// CaDiCaL they share short learnt clauses and the grids found). A count
    /// beyond two grids is done with cubes (every member would have to hold every grid).
    Portfolio,
}

/// Options for running one puzzle on several threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParallelOptions {
    /// How many threads.
    pub threads: Threads,
    /// How they share the puzzle.
    pub mode: ParallelMode,
}

/// Top-level cubes made per thread: enough that a hard cube does not leave the other
/// threads idle for long, few enough that each solver learns within a cube.
pub(crate) const CUBES_PER_THREAD: usize = 8;

/// Grids that may wait in the channel before the workers wait for the caller.
const CHANNEL: usize = 1024;

/// How often the caller looks at its stop while no grid comes.
const POLL: Duration = Duration::from_millis(5);

/// A grid found by a worker, sent to the calling thread.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    /// The index of the top-level cube it lies in ([`TopCubes::cubes`]; 0 for a portfolio).
    pub(crate) cube: usize,
    /// Its path in the cube's tree of sub-cubes.
    pub(crate) path: OwnedPath,
    /// The grid.
    pub(crate) grid: Grid<u8>,
}

/// The threads `opts` give `puzzle` with the CDCL solver `choice`, asked for up to `limit`
/// grids.
pub(crate) fn threads_for(
    puzzle: &Puzzle,
    opts: &EngineOptions,
    limit: Option<u64>,
    choice: &SolverChoice,
) -> usize {
    let counting = limit.is_none_or(|l| l > 2);
    let pays = counting || backend::shares_clauses(choice);
    match opts.parallel.threads {
        Threads::Given(n) => n.max(1),
        Threads::Auto { cores } if pays && super::sent_to_cdcl(puzzle) => cores.max(1),
        Threads::Auto { .. } => 1,
    }
}

/// Enumerates `puzzle` with solvers of `choice` on `threads` threads (two or more), handing
/// each grid to `visit` on the calling thread; answers whether the enumeration is complete.
///
/// # Errors
/// Encoding limits, backend failures, "gave up" answers and models that are not grids.
pub(crate) fn enumerate(
    puzzle: &Puzzle,
    choice: &SolverChoice,
    opts: &EngineOptions,
    (threads, limit): (usize, Option<u64>),
    visit: Visitor<'_>,
) -> Result<(bool, SatStats), EngineError> {
    // The encoding measured best for this solver, as on one thread.
    let mut opts = opts.clone();
    let work = puzzle.as_kind().workload();
    opts.encode = plan::encode_options_for(choice, work, &opts.encode);
    let opts = &opts;
    let few = limit.is_some_and(|l| l <= 2);
    match opts.parallel.mode {
        ParallelMode::Auto | ParallelMode::Portfolio if few => {
            portfolio::enumerate(puzzle, choice, opts, (threads, limit), visit)
        }
        _ => conquer(puzzle, choice, opts, threads, visit),
    }
}

/// The stop the workers share: requested when the caller's is (forwarded by [`pump`]) or
/// when the caller has what it needs; due at the caller's deadline. It always has a
/// deadline, so that varisat runs on a thread of its own and a stopped call returns at once.
pub(crate) fn worker_stop(caller: &Stop) -> Stop {
    const FAR: Duration = Duration::from_secs(365 * 24 * 3600);
    let stop = Stop::new().with_deadline(caller.deadline().unwrap_or_else(|| Instant::now() + FAR));
    if caller.is_requested() {
        stop.request();
    }
    stop
}

/// Hands the grids from `found` to `visit` until every sender is gone; requests `workers`
/// when the visitor breaks (later grids are dropped) or `caller` is requested. Answers
/// whether the visitor broke (then the enumeration is not complete, however far the
/// workers got).
pub(crate) fn pump<T>(
    found: &Receiver<T>,
    caller: &Stop,
    workers: &Stop,
    mut visit: impl FnMut(T) -> ControlFlow<()>,
) -> bool {
    let mut open = true;
    loop {
        match found.recv_timeout(POLL) {
            Ok(item) => {
                if open && visit(item).is_break() {
                    open = false;
                    workers.request();
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return !open,
        }
        if caller.is_requested() {
            workers.request();
        }
    }
}

/// The groups of cells the cubes are made of ([`TopCubes::split`]): a KenKen's cages, the
/// rows and columns of other puzzles.
fn groups(puzzle: &Puzzle, map: &OneHot) -> Vec<Vec<Cell>> {
    if let Some(groups) = puzzle.as_kind().cube_groups() {
        return groups;
    }
    let cells = map.cells();
    let lines = |key: fn(&Cell) -> u8| {
        let mut keys: Vec<u8> = cells.iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        keys.into_iter()
            .map(move |k| cells.iter().copied().filter(|c| key(c) == k).collect())
    };
    lines(|c| c.row).chain(lines(|c| c.col)).collect()
}

/// Cube and conquer: the top-level cubes of `puzzle` on `threads` workers.
fn conquer(
    puzzle: &Puzzle,
    choice: &SolverChoice,
    opts: &EngineOptions,
    threads: usize,
    visit: Visitor<'_>,
) -> Result<(bool, SatStats), EngineError> {
    let (enc, mut stats) = timed_encode(puzzle, &opts.encode)?;
    let t1 = Instant::now();
    let target = threads.saturating_mul(CUBES_PER_THREAD);
    let top = TopCubes::split(&enc.formula, &enc.map, &groups(puzzle, &enc.map), target);
    let workers = worker_stop(&opts.stop);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::sync_channel::<Found>(CHANNEL);
    let job = Conquest {
        choice,
        enc: &enc,
        top: &top,
        next: &next,
        stop: &workers,
    };
    let (broke, results) = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(top.cubes.len()))
            .map(|_| {
                let tx = tx.clone();
                s.spawn(move || job.work(&tx))
            })
            .collect();
        drop(tx);
        // The check of each grid (`distinct`) sees its cube: the cubes assign the same
        // cells, each grid must lie in its own, and inside it the sub-cube path holds.
        let broke = pump(&rx, &opts.stop, &workers, |found| {
            let tree = Tree {
                id: 0,
                cube: &top.cubes[found.cube],
            };
            visit(found.grid, address(&tree, &found.path))
        });
        (broke, joined(handles))
    });
    stats.solve_time = t1.elapsed();
    let mut done = 0;
    for result in results {
        done += result?;
    }
    // A visitor that broke (the limit) leaves the count incomplete, even when the workers
    // had walked every cube by then.
    Ok((!broke && done == top.cubes.len(), stats))
}

/// The results of scoped worker threads; a worker's panic goes on in the caller.
pub(crate) fn joined<T>(handles: Vec<std::thread::ScopedJoinHandle<'_, T>>) -> Vec<T> {
    handles
        .into_iter()
        .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
        .collect()
}

/// What every cube-and-conquer worker shares.
#[derive(Clone, Copy)]
struct Conquest<'a> {
    choice: &'a SolverChoice,
    enc: &'a Encoding,
    top: &'a TopCubes,
    /// The next cube to take.
    next: &'a AtomicUsize,
    stop: &'a Stop,
}

impl Conquest<'_> {
    /// One worker: a solver loaded once, then cubes from the queue until none is left or
    /// the run stops; answers how many cubes it enumerated completely. A failure stops the
    /// other workers.
    fn work(self, found: &SyncSender<Found>) -> Result<usize, EngineError> {
        let result = self.cubes(found);
        if result.is_err() {
            self.stop.request();
        }
        result
    }

    fn cubes(self, found: &SyncSender<Found>) -> Result<usize, EngineError> {
        let backend =
            backend::new(self.choice, self.stop).map_err(|source| EngineError::Backend {
                solver: self.choice.name().to_string(),
                source,
            })?;
        let mut solver = Tracked::new(backend, &self.enc.formula);
        let mut done = 0;
        loop {
            let cube = self.next.fetch_add(1, Ordering::Relaxed);
            if cube >= self.top.cubes.len() || self.stop.is_requested() {
                return Ok(done);
            }
            let root = self.top.lits(&self.enc.map, cube);
            let first_free = solver.next_free;
            let mut send = |grid, at: Address<'_>| {
                let path = at.path().map(<[_]>::to_vec);
                match found.send(Found { cube, path, grid }) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            };
            let complete = sat::enumerate_cubes(
                &mut solver,
                &self.enc.map,
                (first_free, CUBE_SOLUTIONS),
                self.stop,
                Default::default(),
                &mut send,
                &root,
            )?;
            if !complete {
                return Ok(done);
            }
            done += 1;
        }
    }
}

/// A backend that notes the largest variable it has seen, so that each cube's walk takes
/// activation variables no earlier walk on the same solver used (a retired activation
/// literal is false for good).
pub(crate) struct Tracked {
    inner: Box<dyn Backend>,
    /// One past the largest variable index seen.
    pub(crate) next_free: usize,
}

impl Tracked {
    /// `inner` loaded with `formula`.
    pub(crate) fn new(mut inner: Box<dyn Backend>, formula: &CnfFormula) -> Self {
        inner.add_formula(formula);
        Tracked {
            inner,
            next_free: formula.var_count(),
        }
    }

    fn note(&mut self, lits: &[Lit]) {
        for l in lits {
            self.next_free = self.next_free.max(l.index() + 1);
        }
    }
}

impl Backend for Tracked {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.note(clause);
        self.inner.add_clause(clause);
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        self.note(assumptions);
        self.inner.solve_under(assumptions)
    }

    fn set_stop(&mut self, stop: Stop) {
        self.inner.set_stop(stop);
    }

    fn failed(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        self.inner.failed(assumptions)
    }
}
