//! `--jobs N`: many puzzle files on several threads, output in input order.
//!
//! Each file is worked on by one of `N` threads (each with its own state, e.g. a
//! [`cagesat::Session`]), and the results are handed back in input order as soon as a file
//! and every file before it are done, so the output is the same bytes as with `--jobs 1`
//! (timings aside) and still streams. A file that fails or times out never stops the
//! others. No new dependency: a shared counter hands out the files, which balances loads as
//! well as a work-stealing pool does for jobs this coarse.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use cagesat::engine::{ParallelMode, ParallelOptions, Threads};
use clap::{Args, ValueEnum};

/// The number of threads for `--jobs`: as asked, else one per core.
pub(crate) fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(cores)
}

/// The cores of this machine (1 when it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// `--threads` and `--split`: one puzzle on several threads (`solve`, `count`).
#[derive(Debug, Args)]
pub(crate) struct ThreadArgs {
    /// Threads per puzzle on the CDCL solvers (varisat, cadical), and for counting with the
    /// dpll walk (cubes of digits of the cells with the fewest left; ignored by the native
    /// engine, external and SMT solvers) [default: the cores, divided among the files worked
    /// on at once (--jobs), for KenKen from 10×10, which `auto` sends to CDCL: for count, and
    /// for solve and --unique on cadical, whose threads share what they learn; one for solve
    /// and --unique on varisat (two threads measured no faster than one) and for other
    /// puzzles]. With --threads and no --jobs, files run on cores / threads jobs, so puzzles
    /// and threads share the cores.
    #[arg(long, value_name = "N", value_parser = super::at_least_one::<usize>,
          allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// How threads share one puzzle: cubes (cube and conquer: the puzzle cut into parts
    /// that partition its grids, on a shared queue), portfolio (differently configured
    /// solvers on the whole puzzle, the first to finish answers; on cadical they share
    /// short learnt clauses and the solutions found; counts beyond two solutions use
    /// cubes), auto (portfolio for solve and --unique, cubes for count).
    #[arg(long, value_enum, default_value_t = SplitArg::Auto)]
    pub split: SplitArg,
}

/// `--split` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SplitArg {
    /// Portfolio for one or two solutions, cubes for counting.
    Auto,
    /// Cube and conquer.
    Cubes,
    /// A portfolio of solvers.
    Portfolio,
}

impl ThreadArgs {
    /// The files worked on at once: `--jobs` as asked; else the cores, or with `--threads`
    /// the cores divided by the threads per puzzle (at least one).
    pub(crate) fn jobs(&self, asked: Option<usize>) -> usize {
        asked.unwrap_or_else(|| match self.threads {
            Some(t) => (cores() / t).max(1),
            None => cores(),
        })
    }

    /// The library's options for `files` files worked on `jobs` at a time: `--threads` as
    /// asked, else every core where `auto` sends the puzzle to CDCL, shared by the files run
    /// at once (cores / jobs, at least one).
    pub(crate) fn parallel(&self, files: usize, jobs: usize) -> ParallelOptions {
        let at_once = if files > 1 { jobs.clamp(1, files) } else { 1 };
        let threads = match self.threads {
            Some(n) => Threads::Given(n),
            None => Threads::Auto {
                cores: (cores() / at_once).max(1),
            },
        };
        let mode = match self.split {
            SplitArg::Auto => ParallelMode::Auto,
            SplitArg::Cubes => ParallelMode::Cubes,
            SplitArg::Portfolio => ParallelMode::Portfolio,
        };
        ParallelOptions { threads, mode }
    }
}

/// How many items past the oldest unemitted one a thread may start, per thread: results
/// that finish early wait for it in memory, so this bounds what a slow item holds back.
const AHEAD_PER_JOB: usize = 4;

/// The items of [`in_order_stream`] not yet started, with the index of the next one.
struct Feed<I> {
    items: I,
    next: usize,
}

/// How far [`in_order_stream`] got: the results emitted so far, and whether to stop. Kept
/// apart from the [`Feed`], whose lock a thread holds while it reads the next item (which
/// may wait on a pipe), so emitting a result never waits for a read.
#[derive(Default)]
struct Emitted {
    count: usize,
    halt: bool,
}

/// Runs `work` on every item on up to `jobs` threads (each with state from `init`) and
/// calls `emit` with each result in input order; when `emit` breaks, no further item
/// starts (running ones finish; their results are dropped). Items are read as they are
/// needed (a collection's lines, from a file or a pipe): an item is taken from `items` only when a thread is free for it and it
/// is less than `jobs × 4` items past the oldest result not yet emitted, so memory stays
/// bounded however many items there are, and each result is emitted as soon as it and the
/// items before it are done.
pub(crate) fn in_order_stream<T: Send, S, R: Send>(
    items: impl Iterator<Item = T> + Send,
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, T) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> ControlFlow<()>,
) {
    let jobs = jobs.max(1);
    if jobs == 1 {
        let mut state = init();
        for (i, item) in items.enumerate() {
            if emit(i, work(&mut state, i, item)).is_break() {
                return;
            }
        }
        return;
    }
    let window = jobs.saturating_mul(AHEAD_PER_JOB);
    let feed = Mutex::new(Feed { items, next: 0 });
    let emitted = (Mutex::new(Emitted::default()), Condvar::new());
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (feed, emitted, init, work) = (&feed, &emitted, &init, &work);
            let _ = scope.spawn(move || {
                let mut state = init();
                while let Some((i, item)) = take(feed, emitted, window) {
                    if tx.send((i, work(&mut state, i, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut ready = BTreeMap::new();
        let mut wanted = 0;
        for (i, result) in rx {
            let _ = ready.insert(i, result);
            while let Some(result) = ready.remove(&wanted) {
                let flow = emit(wanted, result);
                wanted += 1;
                let mut e = lock(&emitted.0);
                e.count = wanted;
                e.halt |= flow.is_break();
                drop(e);
                emitted.1.notify_all();
                if flow.is_break() {
                    return;
                }
            }
        }
    });
}

/// The next item for a thread of [`in_order_stream`], once it is within `window` items of
/// the oldest result not yet emitted; `None` when the items are done or the run halts.
fn take<I: Iterator>(
    feed: &Mutex<Feed<I>>,
    (emitted, moved): &(Mutex<Emitted>, Condvar),
    window: usize,
) -> Option<(usize, I::Item)> {
    let mut f = lock(feed);
    let mut e = lock(emitted);
    while !e.halt && f.next >= e.count.saturating_add(window) {
        e = moved.wait(e).unwrap_or_else(PoisonError::into_inner);
    }
    if e.halt {
        return None;
    }
    drop(e);
    let item = f.items.next()?;
    let i = f.next;
    f.next += 1;
    Some((i, item))
}

/// Locks `m`, whatever a panicking thread left behind.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_back_in_input_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            in_order_stream(
                items.iter(),
                jobs,
                || 0u64,
                |calls, i, &x| {
                    *calls += 1;
                    // Uneven work, so later items often finish first.
                    std::thread::sleep(std::time::Duration::from_micros((x * 37) % 300));
                    (i, x * x)
                },
                |i, (j, sq)| {
                    assert_eq!(i, j);
                    seen.push(sq);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(
                seen,
                items.iter().map(|x| x * x).collect::<Vec<_>>(),
                "{jobs}"
            );
        }
    }

    #[test]
    fn a_break_stops_new_items() {
        let items: Vec<u32> = (0..1000).collect();
        let started = AtomicUsize::new(0);
        let mut emitted = 0;
        in_order_stream(
            items.iter(),
            2,
            || (),
            |(), _, _| {
                let _ = started.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_millis(1));
            },
            |i, ()| {
                emitted += 1;
                if i == 9 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(emitted, 10);
        // Ten emitted, a few more in flight on the two threads: nowhere near all of them.
        assert!(started.load(Ordering::Relaxed) < 100);
    }

    /// A stream of items is read as threads are free for them, never far ahead of the
    /// results emitted: with a slow first item, the others wait within the window.
    #[test]
    fn a_stream_is_read_a_window_ahead_of_what_is_emitted() {
        let read = AtomicUsize::new(0);
        let items = (0..1000u64).inspect(|_| {
            let _ = read.fetch_add(1, Ordering::Relaxed);
        });
        let mut emitted = Vec::new();
        let mut most_read = 0;
        in_order_stream(
            items,
            3,
            || (),
            |(), i, x| {
                if i == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                x * 2
            },
            |i, y| {
                if i == 0 {
                    most_read = read.load(Ordering::Relaxed);
                }
                emitted.push(y);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(emitted, (0..1000u64).map(|x| x * 2).collect::<Vec<_>>());
        // While item 0 slept, at most the window (3 × 4 items) was read.
        assert!(most_read <= 3 * AHEAD_PER_JOB, "{most_read}");
    }

    /// Puzzles and threads share the cores: one file gets them all, files run at once
    /// divide them, and `--threads` without `--jobs` divides the jobs instead.
    #[test]
    fn threads_and_jobs_share_the_cores() {
        let args = |threads| ThreadArgs {
            threads,
            split: SplitArg::Auto,
        };
        let all = cores();
        let auto = |opts: ParallelOptions| match opts.threads {
            Threads::Auto { cores } => cores,
            other => panic!("{other:?}"),
        };
        assert_eq!(auto(args(None).parallel(1, 8)), all);
        assert_eq!(auto(args(None).parallel(10, 1)), all);
        assert_eq!(auto(args(None).parallel(10, 2)), (all / 2).max(1));
        assert_eq!(auto(args(None).parallel(3, 1000)), (all / 3).max(1));
        assert_eq!(args(Some(3)).parallel(10, 2).threads, Threads::Given(3));
        assert_eq!(args(None).jobs(None), all);
        assert_eq!(args(Some(2)).jobs(None), (all / 2).max(1));
        assert_eq!(args(Some(2)).jobs(Some(5)), 5);
    }
}
