//! The real binary: exit statuses, one-line errors, text and JSON output, stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const UNSAT: &str = "tests/data/kenken/unsat/2x2-no-solution.kenken";

fn cagesat(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagesat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        pipe.write_all(text.as_bytes()).unwrap();
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn solve_prints_the_grid_and_uniqueness() {
    let o = cagesat(&["solve", "--unique", NORVIG_4X4], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("│ 7+  │ 1-"), "{text}");
    assert!(text.contains("│  4  │  2     3  │  1  │"), "{text}");
    assert!(text.ends_with("solved (unique)\n"), "{text}");
}

#[test]
fn json_has_the_documented_shape() {
    let o = cagesat(&["solve", "--unique", "--json", NORVIG_4X4], None);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
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
    let o = cagesat(&["solve", UNSAT], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "no solution\n");
    assert_eq!(stderr(&o), "");
    let o = cagesat(&["solve", "--json", UNSAT], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["status"], "unsat");
    assert_eq!(v["solution"], serde_json::Value::Null);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    let o = cagesat(&["solve", "-"], Some("size 2\n3 + A1 A2\n3 % B1 B2\n"));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "<stdin>:3:3: unknown operator '%' (expected + - * / =)\n"
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn missing_file_is_a_clear_error() {
    let o = cagesat(&["solve", "no/such.kenken"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("no/such.kenken:1:1: cannot read file:"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn several_files_each_get_a_result_and_work_is_not_lost() {
    let o = cagesat(
        &["solve", "--json", NORVIG_4X4, "no/such.kenken", UNSAT],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "worst status wins");
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "error");
    assert_eq!(lines[1]["file"], "no/such.kenken");
    assert_eq!(lines[2]["status"], "unsat");
    let o = cagesat(&["solve", NORVIG_4X4, UNSAT], None);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(text.starts_with(&format!("== {NORVIG_4X4}\n")), "{text}");
    assert!(
        text.contains(&format!("== {UNSAT}\nno solution\n")),
        "{text}"
    );
}

#[test]
fn stdin_is_read_with_dash() {
    let puzzle = std::fs::read_to_string(NORVIG_4X4).unwrap();
    let o = cagesat(&["solve", "--json", "-"], Some(&puzzle));
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["solution"][3], serde_json::json!([1, 4, 2, 3]));
}

#[test]
fn strict_flag_reaches_the_parser() {
    let text = "size 2\n2 + A1 B2\n4 + A2 B1\n";
    assert_eq!(cagesat(&["solve", "-"], Some(text)).status.code(), Some(0));
    let o = cagesat(&["solve", "--strict", "-"], Some(text));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "<stdin>:2:1: cage is not contiguous (rejected by --strict)\n"
    );
}

#[test]
fn count_reports_exact_counts_and_limits() {
    // Each row a '+' cage summing to 10: all 576 Latin squares of order 4.
    let rows = "size 4\n10 + A1 A2 A3 A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n10 + D1 D2 D3 D4\n";
    let o = cagesat(&["count", "-"], Some(rows));
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (Some(0), "576 solutions\n".to_string())
    );
    let o = cagesat(
        &["count", "--limit", "3", "--json", "--print-solutions", "-"],
        Some(rows),
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["count"], 3);
    assert_eq!(v["complete"], false);
    let sols = v["solutions"].as_array().unwrap();
    assert_eq!(sols.len(), 3);
    assert!(sols[0] != sols[1] && sols[1] != sols[2] && sols[0] != sols[2]);
    let o = cagesat(&["count", "--engine", "native", "-"], Some(rows));
    assert_eq!(stdout(&o), "576 solutions\n");
    let o = cagesat(&["count", UNSAT], None);
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (Some(1), "0 solutions\n".to_string())
    );
    let o = cagesat(&["count", "--limit", "5", NORVIG_4X4], None);
    assert_eq!(stdout(&o), "1 solution\n");
}

#[test]
fn solver_and_native_engine_do_not_mix() {
    let o = cagesat(
        &[
            "solve", "--engine", "native", "--solver", "cadical", NORVIG_4X4,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "--solver runs a SAT solver; it cannot be combined with --engine native\n"
    );
    let o = cagesat(
        &["solve", "--solver", "cadical", "--timeout=0", NORVIG_4X4],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "--timeout must be a positive number of seconds, not 0\n"
    );
}
