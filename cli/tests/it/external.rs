//! External solvers through the real binary: CaDiCaL and MiniSat must give the same verified
//! grids as the embedded varisat, `encode` → solver → `decode` must round-trip, and every
//! kind of solver failure must be a clear error. When a solver binary is missing the test
//! says it was skipped, and fails when the `CI` variable is set (CI installs them).

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::cli::{command, dir_names, finish, run, Run, TempDir};
use common::has_program as have;

fn samples() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "kenken/norvig",
        "kenken/wolfram",
        "kenken/keen",
        "kenken/public",
        "kakuro",
        "kakuro/generated",
    ] {
        for e in std::fs::read_dir(format!("tests/data/{dir}")).unwrap() {
            let p = e.unwrap().path();
            if p.extension()
                .is_some_and(|x| x == "kenken" || x == "kakuro")
            {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// `solve --json` of many files at once with a given solver; returns (file, solution, unique).
fn solve_all(files: &[PathBuf], solver: Option<&str>) -> Vec<(String, String, String)> {
    let mut args: Vec<String> = vec!["solve".into(), "--unique".into(), "--json".into()];
    if let Some(s) = solver {
        args.push("--solver".into());
        args.push(s.into());
    }
    args.extend(files.iter().map(|p| p.display().to_string()));
    let o = run(&args);
    assert_eq!(o.code, Some(0), "{solver:?}: {}", o.stderr);
    o.json_lines()
        .iter()
        .map(|v| {
            (
                v["file"].to_string(),
                v["solution"].to_string(),
                v["unique"].to_string(),
            )
        })
        .collect()
}

#[test]
fn cadical_and_minisat_agree_with_varisat_on_every_sample() {
    let files = samples();
    let embedded = solve_all(&files, None);
    assert_eq!(embedded.len(), files.len());
    for (solver, cmd) in [("cadical", "cadical"), ("minisat", "minisat {in} {out}")] {
        if have(solver) {
            assert_eq!(solve_all(&files, Some(cmd)), embedded, "{solver}");
        }
    }
}

#[test]
fn unsat_is_unsat_for_all_three() {
    let unsat = "tests/data/kenken/unsat/2x2-no-solution.kenken";
    let mut solvers = vec![None];
    if have("cadical") {
        solvers.push(Some("cadical"));
    }
    if have("minisat") {
        solvers.push(Some("minisat {in} {out}"));
    }
    for s in solvers {
        let mut args = vec!["solve", "--json", unsat];
        if let Some(cmd) = s {
            args.extend(["--solver", cmd]);
        }
        let o = run(&args);
        assert_eq!(o.code, Some(1), "{s:?}");
        assert_eq!(o.json()["status"], "unsat", "{s:?}");
    }
}

/// CaDiCaL's exit status on a DIMACS file (10 SAT, 20 UNSAT) and its output.
fn cadical(cnf: &str) -> (Option<i32>, Vec<u8>) {
    let o = Command::new("cadical").args(["-q", cnf]).output().unwrap();
    (o.status.code(), o.stdout)
}

#[test]
fn encode_solve_decode_round_trip_and_blocking() {
    if !have("cadical") {
        return;
    }
    let tmp = TempDir::new();
    let puzzle = "tests/data/kenken/keen/6x6-h-00.kenken";
    let cnf = tmp.path("rt.cnf");
    assert_eq!(run(["encode", puzzle, "-o", &cnf]).code, Some(0));
    let (code, answer) = cadical(&cnf);
    assert_eq!(code, Some(10));
    let model = tmp.path("rt.model");
    std::fs::write(&model, answer).unwrap();
    let decoded = run(["decode", "--json", puzzle, &model]);
    let embedded = run(["solve", "--json", puzzle]);
    assert_eq!(decoded.code, Some(0), "{}", decoded.stderr);
    assert_eq!(decoded.json()["solution"], embedded.json()["solution"]);
    // Block the shipped solution: the puzzle is unique, so CaDiCaL must now say UNSAT.
    let blocked = tmp.path("blocked.cnf");
    let o = run([
        "encode",
        puzzle,
        "--block",
        "tests/data/kenken/keen/6x6-h-00.sol",
        "-o",
        &blocked,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let header = std::fs::read_to_string(&blocked).unwrap();
    assert!(header.contains("c block: the last 1 clause(s) exclude given solutions"));
    assert_eq!(cadical(&blocked).0, Some(20));
    // The same for a Kakuro, whose solution file marks blocked and clue cells with '#'.
    let o = run([
        "encode",
        "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        "--block",
        "tests/data/kakuro/panpapag_hard_12x10.solution",
        "-o",
        &blocked,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(cadical(&blocked).0, Some(20));
}

#[test]
fn encode_is_deterministic_and_maps_variables() {
    let puzzle = "tests/data/kenken/norvig/norvig-07-6x6.kenken";
    let a = run(["encode", puzzle]);
    let b = run(["encode", puzzle]);
    assert_eq!(a.stdout, b.stdout);
    let cnf = &a.stdout;
    assert!(cnf.starts_with("c cagesat kenken 6x6\n"));
    // x(B3, 4): position 1*6+2 = 8, variable 8*6 + 4 = 52.
    assert!(cnf.contains("\nc x 52 B3=4\n"));
    assert!(cnf.contains("\nc aux 217-313 cage tuple selector\np cnf 313 2238\n"));
}

/// The message (after `file: `) of `decode` on the golden 2x2 with `model_text`.
fn decode_error(model_text: &str) -> String {
    let tmp = TempDir::new();
    let model = tmp.write("bad.model", model_text);
    let o = run(["decode", "../encodings/golden/kenken-2x2.kenken", &model]);
    assert_eq!(o.code, Some(2));
    let err = o.stderr;
    assert_eq!(err.lines().count(), 1, "{err}");
    err.split_once(": ").unwrap().1.trim_end().to_string()
}

#[test]
fn malformed_models_are_clear_errors() {
    assert_eq!(decode_error("s UNKNOWN\n"), "the solver answered UNKNOWN");
    assert_eq!(
        decode_error("s SATISFIABLE\nv 1 -2 3\n"),
        "model is truncated (no terminating 0)"
    );
    assert_eq!(
        decode_error("s SATISFIABLE\nv 1 -2 11 0\n"),
        "line 2: literal 11 is out of range (the formula has 10 variables); no options of \
         encode give a formula of 11 variables for this puzzle (is it the answer to another \
         puzzle's CNF?)"
    );
    assert_eq!(
        decode_error("garbage\n"),
        "line 1: unknown result 'garbage'"
    );
    assert_eq!(
        decode_error(""),
        "no result line (expected 's SATISFIABLE', 's UNSATISFIABLE' or MiniSat's 'SAT'/'UNSAT')"
    );
    // A well-formed model that is not a grid (no digit for A1).
    assert_eq!(
        decode_error("s SATISFIABLE\nv -1 -2 -3 4 5 -6 -7 8 9 10 0\n"),
        "cell A1 has no digit in the model"
    );
    // The same, short of the formula's last variables: an answer to another formula.
    assert_eq!(
        decode_error("s SATISFIABLE\nv -1 -2 -3 4 5 -6 -7 8 0\n"),
        "the answer has 8 variables, the formula 10 (is it the answer to another formula?); no \
         options of encode give a formula of 8 variables for this puzzle (is it the answer to \
         another puzzle's CNF?)"
    );
    // A full model that breaks the puzzle: caught by the independent checker.
    let err = decode_error("s SATISFIABLE\nv 1 -2 -3 4 5 -6 -7 8 9 -10 0\n");
    assert!(
        err.starts_with("answer failed independent verification"),
        "{err}"
    );
}

/// Writes an executable shell script `name` in `tmp` and returns its path.
fn script(tmp: &TempDir, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let p = tmp.write(name, &format!("#!/bin/sh\n{body}\n"));
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// `solve` of the golden 2x2 with solver command `cmd`.
fn solve_with(cmd: &str, extra: &[&str]) -> Run {
    let mut args = vec![
        "solve",
        "../encodings/golden/kenken-2x2.kenken",
        "--solver",
        cmd,
    ];
    args.extend(extra);
    run(&args)
}

#[test]
fn solver_failures_never_give_a_grid() {
    let tmp = TempDir::new();
    let o = solve_with("no-such-solver-binary", &[]);
    assert_eq!((o.code, o.stdout.as_str()), (Some(2), ""));
    assert!(
        o.stderr.contains("cannot run 'no-such-solver-binary'"),
        "{}",
        o.stderr
    );

    let crash = script(&tmp, "crash.sh", "kill -9 $$");
    let o = solve_with(&crash, &[]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("killed by a signal"), "{}", o.stderr);

    let garbage = script(
        &tmp,
        "garbage.sh",
        "echo 's SATISFIABLE'; echo 'v 1 two 0'; exit 10",
    );
    let o = solve_with(&garbage, &[]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .contains("unreadable answer: line 2: 'two' is not a literal"),
        "{}",
        o.stderr
    );

    let liar = script(&tmp, "liar.sh", "echo 's UNSATISFIABLE'; exit 10");
    let o = solve_with(&liar, &[]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .contains("exit status 10 contradicts its printed result (UNSATISFIABLE)"),
        "{}",
        o.stderr
    );

    // A model that is well-formed but wrong must be caught by the independent checker.
    let wrong = script(
        &tmp,
        "wrong.sh",
        "echo 's SATISFIABLE'; echo 'v 1 -2 -3 4 5 -6 -7 8 9 -10 0'; exit 10",
    );
    let o = solve_with(&wrong, &[]);
    assert_eq!((o.code, o.stdout.as_str()), (Some(2), ""));
    assert!(
        o.stderr.contains("failed independent verification"),
        "{}",
        o.stderr
    );

    let slow = script(&tmp, "slow.sh", "sleep 5");
    let start = std::time::Instant::now();
    let o = solve_with(&slow, &["--timeout", "0.2"]);
    // A time limit is a status of its own (exit 3), not a failure and never a grid.
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert_eq!(o.stdout, "no answer (timeout)\n");
    assert!(
        start.elapsed().as_secs() < 4,
        "the solver was killed at the timeout"
    );

    let failing = script(&tmp, "failing.sh", "exit 3");
    let o = solve_with(&failing, &[]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("exited with status 3"), "{}", o.stderr);
}

#[test]
fn temporary_files_are_removed() {
    if !have("cadical") {
        return;
    }
    let tmp = TempDir::new();
    let mut cmd = command([
        "count",
        "--solver",
        "cadical",
        "../encodings/golden/kenken-3x3.kenken",
    ]);
    let _ = cmd.env("TMPDIR", tmp.dir());
    let o = finish(cmd, "");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let left = dir_names(tmp.dir());
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn compare_runs_external_solvers_as_engines() {
    if !have("cadical") {
        return;
    }
    let o = run([
        "compare",
        "--json",
        "--engines",
        "native,varisat",
        "--solver",
        "cadical",
        "tests/data/kenken/norvig/norvig-07-6x6.kenken",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let out = &o.stdout;
    let records = o.json_lines();
    let engines: Vec<&str> = records
        .iter()
        .map(|r| r["engine"].as_str().unwrap())
        .collect();
    assert_eq!(engines, ["native", "varisat", "cadical"]);
    assert!(records[0]["solution"].is_array(), "{out}");
    assert!(
        records
            .windows(2)
            .all(|w| w[0]["solution"] == w[1]["solution"]),
        "{out}"
    );
    assert!(
        records
            .iter()
            .all(|r| r["unique"] == true && r["agree"] == true),
        "{out}"
    );
    let o = run([
        "compare",
        "--engines",
        "sat",
        "tests/data/kenken/norvig/norvig-07-6x6.kenken",
    ]);
    let out = &o.stdout;
    assert!(out.contains("varisat") && !out.contains("native"), "{out}");
    assert_eq!(out.contains("cadical"), cfg!(feature = "cadical"), "{out}");
}
