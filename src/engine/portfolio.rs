//! # A portfolio of solvers on one puzzle
//!
//! ManySAT's idea (Hamadi, Jabbour, Sais: "ManySAT: a Parallel SAT Solver", JSAT 2009):
//! run differently configured solvers on the same formula and take the first answer, since
//! one solver's run time varies with its configuration and even with the order of its
//! input; and Plingeling's (Biere, SAT competition 2013): let them share what they learn.
//!
//! On CaDiCaL the members share their short learnt clauses ([`backend::new_member`], the
//! soundness argument is in `backend/share.rs`; how a member adds the others' clauses, by
//! a new `solve` call or during search through CaDiCaL's external propagator, is in
//! `backend/cadical.rs`), which needs every member to load the same formula, variable for
//! variable. So they all take the caller's encoding
//! and differ in CaDiCaL's configuration (member 0 `default`, 1 `sat`, 2 `unsat`, and so on
//! in turn) and, from member 3 on, in the order of the clauses and of the literals in each
//! (shuffled with the member's number as seed), which changes the solver's watches and
//! first decisions.
//!
//! On the other solvers (varisat, external ones), which share nothing, the members are
//! the engine's own solver ([`SolverChoice`]) on
//!
//! 0. the caller's encoding, as the single-threaded engine solves it;
//! 1. the kind's second formula where it has one (`Kind::encoding_variant`: for KenKen
//!    the other choice of cage–line clauses, off where the caller's encoding writes them,
//!    on where not, which helps one solver and costs another, `encodings/backends.md`);
//!    for other kinds, member 2's kind of variant;
//! 2. and up: one of the two encodings, shuffled as above.
//!
//! Each member looks for up to `limit` grids (a portfolio is only used for one or two:
//! solve and uniqueness) and sends what it found when its search ends; the first to end
//! answers and the others are stopped.

use std::ops::ControlFlow;
use std::sync::{mpsc, OnceLock};

use crate::backend::Backend;
use crate::backend::{self, Exchange, SolverChoice};
use crate::cnf::{CnfFormula, ExtendFormula};
use crate::cnf::{OneHot, Var};
use crate::encode::EncodeOptions;
use crate::engine::distinct::{address, OwnedPath, Tree};
use crate::engine::enumerate::Visitor;
use crate::engine::parallel::{joined, pump, worker_stop};
use crate::engine::sat::{self, blocking_clause, timed_encode, SatStats, CUBE_SOLUTIONS};
use crate::engine::solve_loop::{find_grids, LoopEnd};
use crate::engine::{EngineError, EngineOptions};
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rng::SplitMix64;
use crate::stop::{Instant, Stop};

/// Clauses a sharing member loads between two looks at its stop.
const LOAD_CHUNK: usize = 4096;

/// What one member found: whether its search was complete, its grids, its effort.
type Answer = Result<(bool, Vec<(Grid<u8>, OwnedPath)>, SatStats), EngineError>;

/// One member of the portfolio.
#[derive(Clone, Copy, Debug)]
struct Member {
    encode: EncodeOptions,
    /// Seed of the clause shuffle; `None` keeps the encoder's order.
    shuffle: Option<u64>,
}

/// The portfolio's member `k` for `puzzle` under the caller's `encode`, on a solver whose
/// members share clauses or not (module notes).
fn member(puzzle: &Puzzle, encode: &EncodeOptions, k: usize, sharing: bool) -> Member {
    if sharing {
        // For measurements only (`benches/modes40.sh`): `CAGESAT_PORTFOLIO_SHUFFLE=n`
        // shuffles from member `n` on instead of 3.
        let from = std::env::var("CAGESAT_PORTFOLIO_SHUFFLE")
            .ok()
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(3);
        return Member {
            encode: *encode,
            shuffle: (k >= from).then_some(k as u64),
        };
    }
    let variant = puzzle.as_kind().encoding_variant(encode);
    let encode = match variant {
        Some(other) if k % 2 == 1 => other,
        _ => *encode,
    };
    let shuffled = k >= 2 || (k == 1 && variant.is_none());
    Member {
        encode,
        shuffle: shuffled.then_some(k as u64),
    }
}

/// Runs the portfolio on `threads` threads, each looking for up to `limit` grids (at most
/// two), and hands the first finished member's grids to `visit`.
///
/// # Errors
/// The first finished member's failure: encoding limits, backend failures, "gave up"
/// answers and models that are not grids.
pub(crate) fn enumerate(
    puzzle: &Puzzle,
    choice: &SolverChoice,
    opts: &EngineOptions,
    (threads, limit): (usize, Option<u64>),
    visit: Visitor<'_>,
) -> Result<(bool, SatStats), EngineError> {
    let t0 = Instant::now();
    let want = usize::try_from(limit.unwrap_or(2)).unwrap_or(usize::MAX);
    let workers = worker_stop(&opts.stop);
    let (tx, rx) = mpsc::channel::<Answer>();
    let mut first = None;
    let own = OnceLock::new();
    let exchange = Exchange::new(threads);
    let sharing = backend::shares_clauses(choice);
    let _: Vec<()> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let tx = tx.clone();
                let member = member(puzzle, &opts.encode, k, sharing);
                let (stop, own, exchange) = (&workers, &own, &exchange);
                s.spawn(move || {
                    let _ = tx.send(run_member(
                        puzzle,
                        choice,
                        (member, k, own),
                        (stop, exchange),
                        want,
                    ));
                })
            })
            .collect();
        drop(tx);
        let _ = pump(&rx, &opts.stop, &workers, |answer| {
            first = Some(answer);
            ControlFlow::Break(())
        });
        joined(handles)
    });
    let (complete, grids, mut stats) = first.expect("every member sends an answer")?;
    // The size and encoding time of the caller's own encoding (member 0's), whichever
    // member answered: the report is the same whoever wins.
    if let Some(own) = own.get() {
        stats.cnf = own.cnf;
        stats.encode_time = own.encode_time;
    }
    let tree = Tree::default();
    let mut broke = false;
    for (grid, path) in grids {
        if visit(grid, address(&tree, &path)).is_break() {
            broke = true;
            break;
        }
    }
    stats.solve_time = t0.elapsed().saturating_sub(stats.encode_time);
    Ok((complete && !broke, stats))
}

/// Member `k`'s search for up to `want` grids, sharing clauses through `exchange` where
/// its solver can; member 0 also leaves the size of its encoding in `own`.
///
/// # Errors
/// As [`enumerate`].
fn run_member(
    puzzle: &Puzzle,
    choice: &SolverChoice,
    (member, k, own): (Member, usize, &OnceLock<SatStats>),
    (stop, exchange): (&Stop, &std::sync::Arc<Exchange>),
    want: usize,
) -> Answer {
    let sharing = backend::shares_clauses(choice);
    let unordered = |grids: Vec<Grid<u8>>| grids.into_iter().map(|g| (g, None)).collect();
    // What a sharing member that stops before it searches answers: the grids published.
    let published = || Ok((false, unordered(exchange.grids(want)), SatStats::default()));
    let (mut enc, mut stats) = timed_encode(puzzle, &member.encode)?;
    if k == 0 {
        let _ = own.set(stats);
    }
    let t1 = Instant::now();
    if let Some(seed) = member.shuffle {
        enc.formula = shuffled(&enc.formula, seed);
    }
    let own_vars = enc.formula.var_count();
    let mut solver =
        backend::new_member(choice, stop, (exchange, k, own_vars)).map_err(|source| {
            EngineError::Backend {
                solver: choice.name().to_string(),
                source,
            }
        })?;
    for (i, clause) in enc.formula.iter().enumerate() {
        // Loading is long on large formulas: a member the others no longer need stops.
        if sharing && i % LOAD_CHUNK == 0 && stop.is_requested() {
            return published();
        }
        solver.add_clause(clause);
    }
    if sharing {
        let found = together(&mut *solver, &enc.map, (stop, exchange, k), want, own_vars);
        stats.solve_time = t1.elapsed();
        if found.is_err() {
            stop.request();
        }
        let (complete, grids) = found?;
        return Ok((complete, unordered(grids), stats));
    }
    let mut grids = Vec::new();
    let complete = sat::enumerate_cubes(
        &mut solver,
        &enc.map,
        (enc.formula.var_count(), CUBE_SOLUTIONS),
        stop,
        Default::default(),
        &mut |grid, at| {
            grids.push((grid, at.path().map(<[_]>::to_vec)));
            if grids.len() >= want {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
        &[],
    );
    stats.solve_time = t1.elapsed();
    if complete.is_err() {
        stop.request();
    }
    Ok((complete?, grids, stats))
}

/// Member `k`'s part in a search for up to `want` grids that the members make together
/// (`backend/share.rs`): each grid its solver finds is published, and its solver blocks
/// every published grid. Answers whether the search is complete (this solver found no
/// model beyond the grids it blocked, which are then all) and the grids: those blocked,
/// or the first `want` published. The formula's variables are `1..=own_vars` (DIMACS).
///
/// # Errors
/// Backend failures, "gave up" answers and models that are not grids.
fn together(
    solver: &mut dyn Backend,
    map: &OneHot,
    (stop, exchange, k): (&Stop, &Exchange, usize),
    want: usize,
    own_vars: usize,
) -> Result<(bool, Vec<Grid<u8>>), EngineError> {
    // The search runs under one assumption, a fresh variable in no clause, as one thread's
    // does (its cube's activation literal, `sat::enumerate_cubes`): CaDiCaL then skips,
    // among other things, its lucky phases at every `solve` call, and a member that
    // imports by restarting makes many calls. On the hard 20×20 set, pinned to one core,
    // half the CPU time of two members was 0.558 of one thread's with it and 0.654
    // without; on two free cores the gain did not show (encodings/backends.md, session 19).
    let fresh = [Var::from_index(own_vars).positive()];
    let end = find_grids(
        solver,
        map,
        &fresh,
        stop,
        |_, map, grid| {
            let _ = exchange.publish(grid, blocking_clause(map, grid));
        },
        |_| {
            if exchange.published() >= want {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )?;
    Ok(match end {
        LoopEnd::Exhausted => (true, exchange.grids(exchange.blocked(k))),
        LoopEnd::Broke(()) | LoopEnd::Stopped => (false, exchange.grids(want)),
    })
}

/// `formula` with its clauses, and the literals of each, in an order drawn from `seed`.
fn shuffled(formula: &CnfFormula, seed: u64) -> CnfFormula {
    let mut rng = SplitMix64::new(seed);
    let mut clauses: Vec<Vec<_>> = formula.iter().map(<[_]>::to_vec).collect();
    shuffle(&mut clauses, &mut rng);
    let mut out = CnfFormula::new();
    out.set_var_count(formula.var_count());
    for mut clause in clauses {
        shuffle(&mut clause, &mut rng);
        out.add_clause(&clause);
    }
    out
}

/// Fisher–Yates.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = usize::try_from(rng.below(i as u64 + 1)).expect("below a usize");
        items.swap(i, j);
    }
}
