//! One puzzle on several threads (`EngineOptions::parallel`): the same answers, exact
//! counts and verified grids as the single-threaded engine, for every thread count and
//! both ways of sharing the puzzle, and limits and stops that end every worker.

use std::path::Path;
use std::time::{Duration, Instant};

use cagesat::engine::{ParallelMode, ParallelOptions, StopReason, Threads};
use cagesat::{Count, Engine, EngineOptions, Grid, Outcome, Puzzle, Stop};

use crate::common::{load, read_solution, sorted};

/// The CDCL engines that run on several threads.
fn cdcl() -> Vec<Engine> {
    let mut engines = vec![Engine::Varisat];
    if cfg!(feature = "cadical") {
        engines.push(Engine::Cadical);
    }
    engines
}

/// Options with `threads` threads shared by `mode`.
fn on(threads: usize, mode: ParallelMode) -> EngineOptions {
    EngineOptions {
        parallel: ParallelOptions {
            threads: Threads::Given(threads),
            mode,
        },
        ..EngineOptions::default()
    }
}

/// Every grid (each verified by the engine) and the count.
fn all(engine: &Engine, puzzle: &Puzzle, opts: &EngineOptions) -> (Vec<Grid<u8>>, Count) {
    let mut grids = Vec::new();
    let (count, _) = engine
        .enumerate(puzzle, opts, None, |g| grids.push(g.clone()))
        .expect("enumerates");
    (grids, count)
}

/// Solve, uniqueness and count of `puzzle` agree with the single-threaded engine on 1 to 4
/// threads, with cubes, a portfolio and the `auto` choice.
fn same_answers(puzzle: &Puzzle, what: &str) {
    for engine in cdcl() {
        let (want, counted) = all(&engine, puzzle, &EngineOptions::default());
        assert!(counted.complete, "{what}");
        let unique_want = engine
            .prove_unique(puzzle, &EngineOptions::default())
            .expect("proves");
        for threads in 1..=4 {
            for mode in [
                ParallelMode::Cubes,
                ParallelMode::Portfolio,
                ParallelMode::Auto,
            ] {
                let opts = on(threads, mode);
                let at = format!("{what} {} {threads} {mode:?}", engine.name());
                let (got, count) = all(&engine, puzzle, &opts);
                assert_eq!(count, counted, "{at}");
                assert_eq!(sorted(&got), sorted(&want), "{at}");
                let (unique, _) = engine.prove_unique(puzzle, &opts).expect("proves");
                same_verdict(&unique, &unique_want.0, &want, &at);
                let (solved, _) = engine.solve(puzzle, &opts).expect("solves");
                match solved {
                    Outcome::Solved { grid, unique, .. } => {
                        assert!(want.contains(&grid), "{at}");
                        assert_eq!(unique, None, "{at}");
                    }
                    Outcome::Unsat => assert!(want.is_empty(), "{at}"),
                    other => panic!("{at}: {other:?}"),
                }
            }
        }
    }
}

/// Two uniqueness answers say the same: unsat, or solved with the same verdict and grids
/// of the puzzle.
fn same_verdict(got: &Outcome, want: &Outcome, grids: &[Grid<u8>], at: &str) {
    match (got, want) {
        (Outcome::Unsat, Outcome::Unsat) => {}
        (
            Outcome::Solved {
                grid,
                unique,
                second,
            },
            Outcome::Solved { unique: u, .. },
        ) => {
            assert_eq!(unique, u, "{at}");
            assert!(grids.contains(grid), "{at}");
            assert_eq!(second.is_some(), *u == Some(false), "{at}");
            assert!(
                second.iter().all(|s| grids.contains(s) && s != grid),
                "{at}"
            );
        }
        _ => panic!("{at}: {got:?} where one thread says {want:?}"),
    }
}

#[test]
fn keen_kenken_on_threads() {
    for file in ["4x4-h-00", "6x6-h-00", "9x9-x-01"] {
        let path = format!("tests/data/kenken/keen/{file}.kenken");
        same_answers(&load(&path), &path);
    }
}

#[test]
fn kenken_with_many_grids_on_threads() {
    // 4×4 Latin squares with the first row given: 24 grids.
    let text = "size 4\n1 = A1; 2 = B1; 3 = C1; 4 = D1; \
                30 + A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n";
    same_answers(&Puzzle::parse(text).expect("parses"), "latin 4x4");
}

#[test]
fn crossproducts_with_many_grids_on_threads() {
    for file in [
        "gen_crossproduct_5x3_s1050300",
        "gen_crossproduct_6x6_s1060606",
    ] {
        let path = format!("tests/data/crossproduct/generated/{file}.crossproduct");
        same_answers(&load(&path), &path);
    }
}

#[test]
fn unsatisfiable_on_threads() {
    let path = "tests/data/kenken/unsat/2x2-no-solution.kenken";
    same_answers(&load(path), path);
}

/// A count with a limit stops at exactly the limit on any number of threads.
#[test]
fn count_limits_are_exact_on_threads() {
    let puzzle =
        load("tests/data/crossproduct/generated/gen_crossproduct_6x6_s1060606.crossproduct");
    for engine in cdcl() {
        for threads in [2, 3, 4] {
            for limit in [1, 2, 300, 1000] {
                let opts = on(threads, ParallelMode::Auto);
                let (count, _) = engine.count(&puzzle, &opts, Some(limit)).expect("counts");
                let at = format!("{} {threads} {limit}", engine.name());
                assert_eq!((count.count, count.complete), (limit, false), "{at}");
                assert_eq!(count.stopped, None, "{at}");
            }
        }
    }
}

/// A count stopped at its limit is never "complete", even on a puzzle so small that the
/// workers walk every cube before the caller has taken the grids up to the limit; without
/// a limit the count is exact. CDCL solvers in cubes, and the DPLL walk (`dpll`, and `auto`,
/// which walks this puzzle).
#[test]
fn a_count_stopped_at_its_limit_is_not_complete_however_fast_the_workers() {
    let puzzle = Puzzle::parse("cols 2016 648 3240\nrows 48 81 162 210 32\n").expect("parses");
    let mut engines = cdcl();
    engines.extend([Engine::Dpll, Engine::Auto]);
    for engine in engines {
        for threads in [2, 3] {
            for mode in [ParallelMode::Auto, ParallelMode::Cubes] {
                let opts = on(threads, mode);
                let at = format!("{} {threads} {mode:?}", engine.name());
                for limit in [1, 7, 54] {
                    let (count, _) = engine.count(&puzzle, &opts, Some(limit)).expect("counts");
                    assert_eq!(
                        (count.count, count.complete),
                        (limit, false),
                        "{at} {limit}"
                    );
                }
                let (count, _) = engine.count(&puzzle, &opts, None).expect("counts");
                assert_eq!((count.count, count.complete), (55, true), "{at}");
            }
        }
    }
}

/// A stop requested before the run, or a deadline met during it, ends every worker, and
/// the answer says why.
#[test]
fn stops_end_every_worker_on_threads() {
    let puzzle =
        load("tests/data/crossproduct/generated/gen_crossproduct_10x6_s1100602.crossproduct");
    for engine in cdcl() {
        for mode in [ParallelMode::Cubes, ParallelMode::Portfolio] {
            let at = format!("{} {mode:?}", engine.name());
            let requested = EngineOptions {
                stop: Stop::new(),
                ..on(2, mode)
            };
            requested.stop.request();
            let (count, _) = engine.count(&puzzle, &requested, None).expect("counts");
            assert_eq!(count.stopped, Some(StopReason::Interrupted), "{at}");
            let (outcome, _) = engine.prove_unique(&puzzle, &requested).expect("runs");
            assert!(
                matches!(
                    outcome,
                    Outcome::Stopped {
                        reason: StopReason::Interrupted,
                        ..
                    }
                ),
                "{at}"
            );
            let due = EngineOptions {
                stop: Stop::new().with_deadline(Instant::now() + Duration::from_millis(50)),
                ..on(2, mode)
            };
            let (count, _) = engine.count(&puzzle, &due, None).expect("counts");
            assert_eq!(count.stopped, Some(StopReason::Timeout), "{at}");
            assert!(!count.complete, "{at}");
        }
    }
}

/// `Threads::Auto` counts what `auto` sends to CDCL on its cores and runs the rest (and
/// every search for one or two grids) on one thread: the answers are those of the engine
/// either way.
#[test]
fn auto_threads_keep_the_answers() {
    let opts = EngineOptions {
        parallel: ParallelOptions {
            threads: Threads::Auto { cores: 3 },
            mode: ParallelMode::Auto,
        },
        ..EngineOptions::default()
    };
    for path in [
        "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken",
        "tests/data/kenken/keen/6x6-h-00.kenken",
    ] {
        let puzzle = load(path);
        let (outcome, _) = Engine::Auto.prove_unique(&puzzle, &opts).expect("proves");
        let Outcome::Solved { unique, .. } = outcome else {
            panic!("{path}: {outcome:?}");
        };
        assert_eq!(unique, Some(true), "{path}");
        let (count, _) = Engine::Auto.count(&puzzle, &opts, None).expect("counts");
        assert_eq!((count.count, count.complete), (1, true), "{path}");
    }
}

/// CaDiCaL's portfolio members share learnt clauses and the grids they find: on a 20×20
/// KenKen that takes one solver thousands of conflicts (clauses do change hands), 2 and 3
/// members prove it unique, with the grid of its independent generator's solution file,
/// and `solve` finds that grid; a deadline ends them all.
#[test]
fn cadical_members_that_share_clauses_keep_the_answers_on_a_hard_20x20() {
    if !cfg!(feature = "cadical") {
        return;
    }
    let path = "tests/data/kenken/generated/gen_kenken_20x20_s20002";
    let puzzle = load(&format!("{path}.kenken"));
    let want = read_solution(Path::new(&format!("{path}.solution"))).expect("a solution file");
    for threads in [2, 3] {
        let opts = on(threads, ParallelMode::Portfolio);
        let (outcome, _) = Engine::Cadical
            .prove_unique(&puzzle, &opts)
            .expect("proves");
        let Outcome::Solved { grid, unique, .. } = outcome else {
            panic!("{threads}: {outcome:?}");
        };
        assert_eq!((grid, unique), (want.clone(), Some(true)), "{threads}");
        let (outcome, _) = Engine::Cadical.solve(&puzzle, &opts).expect("solves");
        let Outcome::Solved { grid, .. } = outcome else {
            panic!("{threads}: {outcome:?}");
        };
        assert_eq!(grid, want, "{threads}");
        // A deadline long before the answer ends every member, loading or searching.
        let due = EngineOptions {
            stop: Stop::new().with_deadline(Instant::now() + Duration::from_millis(30)),
            ..opts
        };
        let t0 = Instant::now();
        let (outcome, _) = Engine::Cadical.prove_unique(&puzzle, &due).expect("runs");
        assert!(
            matches!(
                outcome,
                Outcome::Stopped {
                    reason: StopReason::Timeout,
                    ..
                }
            ),
            "{threads}: {outcome:?}"
        );
        assert!(
            t0.elapsed() < Duration::from_secs(5),
            "{threads}: stopped late"
        );
    }
}

/// CaDiCaL's portfolio (its members import each other's clauses during search) answers as
/// varisat on one thread: the same grid and uniqueness verdict, and the same count, on
/// puzzles with one grid and with none.
#[test]
fn cadical_portfolio_answers_as_varisat_on_one_thread() {
    if !cfg!(feature = "cadical") {
        return;
    }
    for path in [
        "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken",
        "tests/data/kenken/keen/6x6-h-00.kenken",
        "tests/data/kenken/unsat/2x2-no-solution.kenken",
    ] {
        let puzzle = load(path);
        let one = EngineOptions::default();
        let (want, _) = Engine::Varisat.prove_unique(&puzzle, &one).expect("proves");
        let (want_count, _) = Engine::Varisat
            .count(&puzzle, &one, Some(3))
            .expect("counts");
        for threads in [2, 3] {
            let opts = on(threads, ParallelMode::Portfolio);
            let (got, _) = Engine::Cadical
                .prove_unique(&puzzle, &opts)
                .expect("proves");
            match (&got, &want) {
                (
                    Outcome::Solved { grid, unique, .. },
                    Outcome::Solved {
                        grid: w, unique: u, ..
                    },
                ) => {
                    assert_eq!(unique, u, "{path} {threads}");
                    if *u == Some(true) {
                        assert_eq!(grid, w, "{path} {threads}");
                    }
                }
                _ => assert_eq!(
                    std::mem::discriminant(&got),
                    std::mem::discriminant(&want),
                    "{path} {threads}: {got:?} against {want:?}"
                ),
            }
            let (count, _) = Engine::Cadical
                .count(&puzzle, &opts, Some(3))
                .expect("counts");
            assert_eq!(count, want_count, "{path} {threads}");
        }
    }
}
