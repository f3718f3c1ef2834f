//! The real binary: exit statuses, one-line errors, text and JSON output, stdin.

use crate::common;

use common::cli::{run, run_stdin};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const UNSAT: &str = "tests/data/kenken/unsat/2x2-no-solution.kenken";

/// The `--engine` values.
const ENGINES: [&str; 2] = ["sat", "native"];

#[test]
fn solve_prints_the_grid_and_uniqueness() {
    for engine in ENGINES {
        let o = run(["solve", "--engine", engine, "--unique", NORVIG_4X4]);
        assert_eq!(o.code, Some(0), "{engine}: {}", o.stderr);
        let text = &o.stdout;
        assert!(text.contains("│ 7+  │ 1-"), "{engine}: {text}");
        assert!(
            text.contains("│  4  │  2     3  │  1  │"),
            "{engine}: {text}"
        );
        assert!(text.ends_with("solved (unique)\n"), "{engine}: {text}");
    }
}

#[test]
fn json_has_the_documented_shape() {
    let o = run(["solve", "--unique", "--json", NORVIG_4X4]);
    assert_eq!(o.code, Some(0));
    let v = o.json();
    assert_eq!(v["file"], NORVIG_4X4);
    assert_eq!(v["kind"], "kenken");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["unique"], true);
    assert_eq!(v["solution"][0], serde_json::json!([4, 2, 3, 1]));
    assert!(v["stats"]["vars"].as_u64().unwrap() >= 64);
    assert!(v["stats"]["clauses"].as_u64().unwrap() > 0);
    assert!(v["stats"]["encode_ms"].is_number() && v["stats"]["solve_ms"].is_number());
}

#[test]
fn unsat_is_exit_1_not_an_error() {
    for engine in ENGINES {
        let o = run(["solve", "--engine", engine, UNSAT]);
        assert_eq!(o.code, Some(1), "{engine}");
        assert_eq!(o.stdout, "no solution\n", "{engine}");
        assert_eq!(o.stderr, "", "{engine}");
        let o = run(["solve", "--engine", engine, "--json", UNSAT]);
        let v = o.json();
        assert_eq!(v["status"], "unsat", "{engine}");
        assert_eq!(v["solution"], serde_json::Value::Null, "{engine}");
    }
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    let o = run_stdin(["solve", "-"], "size 2\n3 + A1 A2\n3 % B1 B2\n");
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<stdin>:3:3: unknown operator '%' (expected + - * / =)\n"
    );
    assert_eq!(o.stdout, "");
}

#[test]
fn missing_file_is_a_clear_error() {
    let o = run(["solve", "no/such.kenken"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.starts_with("no/such.kenken: cannot read file:"),
        "{}",
        o.stderr
    );
    assert_eq!(o.stderr.lines().count(), 1);
}

#[test]
fn several_files_each_get_a_result_and_work_is_not_lost() {
    let o = run(["solve", "--json", NORVIG_4X4, "no/such.kenken", UNSAT]);
    assert_eq!(o.code, Some(2), "worst status wins");
    let lines = o.json_lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "error");
    assert_eq!(lines[1]["file"], "no/such.kenken");
    assert_eq!(lines[2]["status"], "unsat");
    let o = run(["solve", NORVIG_4X4, UNSAT]);
    assert_eq!(o.code, Some(1));
    let text = &o.stdout;
    assert!(text.starts_with(&format!("== {NORVIG_4X4}\n")), "{text}");
    assert!(
        text.contains(&format!("== {UNSAT}\nno solution\n")),
        "{text}"
    );
}

#[test]
fn stdin_is_read_with_dash() {
    let puzzle = std::fs::read_to_string(NORVIG_4X4).unwrap();
    let o = run_stdin(["solve", "--json", "-"], &puzzle);
    assert_eq!(o.code, Some(0));
    let v = o.json();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["solution"][3], serde_json::json!([1, 4, 2, 3]));
}

#[test]
fn strict_flag_reaches_the_parser() {
    let text = "size 2\n2 + A1 B2\n4 + A2 B1\n";
    assert_eq!(run_stdin(["solve", "-"], text).code, Some(0));
    let o = run_stdin(["solve", "--strict", "-"], text);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<stdin>:2:1: cage is not contiguous (rejected by --strict)\n"
    );
}

#[test]
fn count_reports_exact_counts_and_limits() {
    // Each row a '+' cage summing to 10: all 576 Latin squares of order 4.
    let rows = "size 4\n10 + A1 A2 A3 A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n10 + D1 D2 D3 D4\n";
    for engine in ENGINES {
        let o = run_stdin(["count", "--engine", engine, "-"], rows);
        assert_eq!(
            (o.code, o.stdout.as_str()),
            (Some(0), "576 solutions\n"),
            "{engine}"
        );
        let o = run_stdin(
            [
                "count",
                "--engine",
                engine,
                "--limit",
                "3",
                "--json",
                "--print-solutions",
                "-",
            ],
            rows,
        );
        let v = o.json();
        assert_eq!(v["count"], 3, "{engine}");
        assert_eq!(v["complete"], false, "{engine}");
        let sols = v["solutions"].as_array().unwrap();
        assert_eq!(sols.len(), 3, "{engine}");
        assert!(sols[0] != sols[1] && sols[1] != sols[2] && sols[0] != sols[2]);
        let o = run(["count", "--engine", engine, UNSAT]);
        assert_eq!(
            (o.code, o.stdout.as_str()),
            (Some(1), "0 solutions\n"),
            "{engine}"
        );
        let o = run(["count", "--engine", engine, "--limit", "5", NORVIG_4X4]);
        assert_eq!(o.stdout, "1 solution\n", "{engine}");
    }
}

#[test]
fn solver_and_native_engine_do_not_mix() {
    let o = run([
        "solve", "--engine", "native", "--solver", "cadical", NORVIG_4X4,
    ]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "cagesat: --solver runs a SAT solver; it cannot be combined with --engine native\n"
    );
    let o = run(["solve", "--solver", "cadical", "--timeout=0", NORVIG_4X4]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "cagesat: --timeout must be a positive number of seconds, not 0\n"
    );
}
