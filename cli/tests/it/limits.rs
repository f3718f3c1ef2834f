//! Time limits and interrupts: every engine stops on time and keeps what it found, the
//! command line reports it as a status of its own (exit 3, `"status":"timeout"`), and
//! Ctrl-C ends a run with its partial result and leaves no temporary file or process.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use cagesat::{engine::StopReason, Engine, EngineOptions, Outcome, Puzzle, Stop};
use common::cli::{command, run, TempDir};

/// The hard 20×20: minutes for the native engine, seconds to tens of seconds for SAT.
const HARD: &str = "tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken";
/// A random 10×10 CrossProduct: millions of solutions.
const MANY: &str = "tests/data/crossproduct/generated/gen_crossproduct_10x10_s1101000.crossproduct";

fn engines() -> Vec<Engine> {
    let mut engines = Engine::builtin();
    if common::has_program("cadical") {
        engines.push(Engine::External {
            command: "cadical".into(),
            timeout: None,
        });
    }
    engines
}

fn due_in(ms: u64) -> EngineOptions {
    EngineOptions {
        stop: Stop::new().with_deadline(Instant::now() + Duration::from_millis(ms)),
        ..EngineOptions::default()
    }
}

#[test]
fn every_engine_stops_at_its_deadline() {
    let puzzle = Puzzle::read(Path::new(HARD)).unwrap();
    for engine in engines() {
        let start = Instant::now();
        let (outcome, _) = engine.prove_unique(&puzzle, &due_in(300)).unwrap();
        let took = start.elapsed();
        // The hard 20×20 is not proven unique in 0.3 s by any engine; a found grid is kept
        // (verified) and its uniqueness left open.
        let Outcome::Stopped { grid, reason } = outcome else {
            panic!("{}: {outcome:?}", engine.name())
        };
        assert_eq!(reason, StopReason::Timeout, "{}", engine.name());
        if let Some(grid) = grid {
            puzzle.verify(&grid).unwrap();
        }
        // Generous: encoding the 20×20 is not interruptible and the machine may be busy.
        assert!(took < Duration::from_secs(5), "{}: {took:?}", engine.name());
    }
}

#[test]
fn a_stopped_count_keeps_the_solutions_found() {
    let puzzle = Puzzle::read(Path::new(MANY)).unwrap();
    for engine in engines() {
        let mut seen = 0u64;
        let (count, _) = engine
            .enumerate(&puzzle, &due_in(400), None, |_| seen += 1)
            .unwrap();
        assert_eq!(
            count.stopped,
            Some(StopReason::Timeout),
            "{}",
            engine.name()
        );
        assert!(!count.complete);
        assert_eq!(count.count, seen, "{}", engine.name());
    }
}

#[test]
fn a_limit_is_not_a_stop() {
    let puzzle = Puzzle::read(Path::new(MANY)).unwrap();
    let opts = EngineOptions {
        // A deadline far away: the limit ends the count, not the stop.
        stop: Stop::new().with_deadline(Instant::now() + Duration::from_secs(3600)),
        ..EngineOptions::default()
    };
    for engine in Engine::builtin() {
        let (count, _) = engine.count(&puzzle, &opts, Some(5)).unwrap();
        assert_eq!(
            (count.count, count.complete, count.stopped),
            (5, false, None)
        );
    }
}

#[test]
fn a_requested_stop_interrupts() {
    let puzzle = Puzzle::read(Path::new(HARD)).unwrap();
    let stop = Stop::new();
    let opts = EngineOptions {
        stop: stop.clone(),
        ..EngineOptions::default()
    };
    let requester = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            stop.request();
        })
    };
    let (outcome, _) = Engine::Native.prove_unique(&puzzle, &opts).unwrap();
    requester.join().unwrap();
    assert_eq!(outcome.label(), "interrupted");
}

#[test]
fn timeout_is_a_status_with_exit_3_for_every_engine() {
    for engine in [
        &["--engine", "native"][..],
        &["--engine", "sat"],
        &["--solver", "cadical"],
    ] {
        if engine[0] == "--solver" && !common::has_program("cadical") {
            continue;
        }
        let mut args = vec!["solve", "--unique", "--json", "--timeout", "0.5", HARD];
        args.extend(engine);
        let start = Instant::now();
        let o = run(&args);
        assert!(start.elapsed() < Duration::from_secs(8), "{engine:?}");
        assert_eq!(o.code, Some(3), "{engine:?}: {}", o.stderr);
        let v = o.json();
        assert_eq!(v["status"], "timeout");
        assert_eq!(v["unique"], serde_json::Value::Null);
    }
    let o = run(["solve", "--unique", "--timeout", "0.5", HARD]);
    assert_eq!(
        (o.code, o.stdout.as_str()),
        (Some(3), "no answer (timeout)\n")
    );
}

#[test]
fn count_with_a_timeout_reports_the_count_so_far() {
    let o = run([
        "count",
        "--json",
        "--engine",
        "native",
        "--timeout",
        "0.5",
        MANY,
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    let v = o.json();
    assert_eq!(
        (v["complete"].as_bool(), v["stopped"].as_str()),
        (Some(false), Some("timeout"))
    );
    assert!(v["count"].as_u64().unwrap() > 0);
    // Streamed solutions still make one well-formed JSON record, and each is counted.
    let o = run([
        "count",
        "--json",
        "--print-solutions",
        "--timeout",
        "0.3",
        MANY,
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    let v = o.json();
    assert_eq!(
        v["solutions"].as_array().unwrap().len() as u64,
        v["count"].as_u64().unwrap()
    );
    let o = run(["count", "--engine", "native", "--timeout", "0.3", MANY]);
    assert!(
        o.stdout.ends_with("solutions (stopped: timeout)\n"),
        "{}",
        o.stdout
    );
}

#[test]
fn absurd_timeouts_are_rejected_or_unlimited_never_a_panic() {
    let tiny = "../encodings/golden/kenken-2x2.kenken";
    for t in ["1e30", "18446744073709551616"] {
        let o = run(["solve", "--timeout", t, tiny]);
        assert_eq!(o.code, Some(0), "{t}: {}", o.stderr);
    }
    for t in ["0", "-1", "nan", "inf"] {
        let o = run(["solve", &format!("--timeout={t}"), tiny]);
        assert_eq!(o.code, Some(2), "{t}: {}", o.stderr);
        assert!(
            o.stderr.contains("--timeout must be a positive number"),
            "{}",
            o.stderr
        );
    }
}

#[test]
fn compare_reports_a_timed_out_engine_and_goes_on() {
    let o = run([
        "compare",
        "--timeout",
        "0.3",
        HARD,
        "../encodings/golden/kenken-2x2.kenken",
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert!(o.stdout.contains(" timeout "), "{}", o.stdout);
    assert!(!o.stdout.contains("DISAGREE"), "{}", o.stdout);
    let totals = o.stdout.lines().find(|l| l.starts_with("engine ")).unwrap();
    assert!(totals.contains("stopped"), "{totals}");
}

#[test]
fn ctrl_c_prints_the_partial_count_and_leaves_nothing_behind() {
    let tmp = TempDir::new();
    let mut cmd = command(["count", "--json", "--solver", "cadical", MANY]);
    if !common::has_program("cadical") {
        cmd = command(["count", "--json", MANY]);
    }
    let child = cmd
        .env("TMPDIR", tmp.dir())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &pid])
        .status();
    assert!(killed.unwrap().success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stopped"], "interrupted");
    assert_eq!(v["complete"], false);
    assert_eq!(common::cli::dir_names(tmp.dir()), Vec::<String>::new());
}
