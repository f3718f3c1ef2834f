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
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

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

/// Runs `work` on every item on up to `jobs` threads (each with state from `init`) and
/// calls `emit` with each result in input order. When `emit` breaks, no further item
/// starts (running ones finish; their results are dropped).
pub(crate) fn in_order<T: Sync, S, R: Send>(
    items: &[T],
    jobs: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, &T) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> ControlFlow<()>,
) {
    let jobs = jobs.clamp(1, items.len().max(1));
    if jobs == 1 {
        let mut state = init();
        for (i, item) in items.iter().enumerate() {
            if emit(i, work(&mut state, i, item)).is_break() {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, halt, init, work) = (&next, &halt, &init, &work);
            let _ = scope.spawn(move || {
                let mut state = init();
                while !halt.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
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
                if emit(wanted, result).is_break() {
                    halt.store(true, Ordering::Relaxed);
                    return;
                }
                wanted += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_input_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            in_order(
                &items,
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
        in_order(
            &items,
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
