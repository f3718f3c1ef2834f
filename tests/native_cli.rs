//! The built binary: `solve --engine native` and `compare`.

use std::process::{Command, Output};

const NORVIG_1: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const NORVIG_7: &str = "tests/data/kenken/norvig/norvig-07-6x6.kenken";

fn cagesat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cagesat"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn native_solve_json_has_search_stats() {
    let o = cagesat(&[
        "solve", "--engine", "native", "--unique", "--json", NORVIG_7,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v = &json_lines(&o)[0];
    assert_eq!(v["file"], NORVIG_7);
    assert_eq!(v["kind"], "kenken");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["unique"], true);
    assert!(v["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert!(v["stats"]["propagations"].as_u64().unwrap() >= 1);
    assert!(v["stats"]["backtracks"].is_u64());
    assert!(v["stats"].get("clauses").is_none());
}

#[test]
fn both_engines_print_the_same_solution() {
    let native = cagesat(&["solve", "--engine", "native", "--json", NORVIG_7]);
    let sat = cagesat(&["solve", "--json", NORVIG_7]);
    let (n, s) = (&json_lines(&native)[0], &json_lines(&sat)[0]);
    assert_eq!(n["solution"], s["solution"]);
    assert!(
        s["stats"]["clauses"].as_u64().unwrap() > 0,
        "default engine is SAT"
    );
    let text = cagesat(&["solve", "--engine", "native", NORVIG_1]);
    assert_eq!(text.status.code(), Some(0));
    assert!(stdout(&text).ends_with("solved\n"));
}

#[test]
fn native_reports_no_solution_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("cagesat-native-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("unsat.kenken");
    // Both cells of row A would have to be 1.
    std::fs::write(&path, "size 2\n1 = A1\n1 = A2\n3 + B1 B2\n").unwrap();
    let o = cagesat(&["solve", "--engine", "native", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "no solution\n");
}

#[test]
fn compare_table_has_a_row_per_engine_and_totals() {
    let o = cagesat(&["compare", "--repeat", "3", NORVIG_1, NORVIG_7]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("puzzle") && lines[0].contains("time_ms"));
    let rows: Vec<&&str> = lines.iter().filter(|l| l.contains(".kenken")).collect();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r.contains("unique")));
    let totals: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("native ") || l.starts_with("varisat "))
        .collect();
    assert_eq!(totals.len(), 2, "{text}");
    // All rows start the time column at the same place.
    let col = lines[0].find("time_ms").unwrap() + "time_ms".len();
    assert!(rows.iter().all(|r| r.as_bytes()[col - 1].is_ascii_digit()));
}

#[test]
fn compare_json_gives_one_record_per_puzzle_and_engine() {
    let o = cagesat(&["compare", "--json", NORVIG_1, NORVIG_7]);
    assert_eq!(o.status.code(), Some(0));
    let records = json_lines(&o);
    assert_eq!(records.len(), 4);
    let engines: Vec<&str> = records
        .iter()
        .map(|r| r["engine"].as_str().unwrap())
        .collect();
    assert_eq!(engines, ["native", "varisat", "native", "varisat"]);
    assert!(records
        .iter()
        .all(|r| r["agree"] == true && r["unique"] == true));
    assert_eq!(records[2]["solution"], records[3]["solution"]);
    assert!(records[0]["stats"]["nodes"].is_u64());
    assert!(records[1]["stats"]["vars"].is_u64());
}

#[test]
fn compare_reports_unreadable_files() {
    let o = cagesat(&["compare", "no/such/file.kenken", NORVIG_1]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/file.kenken"));
    assert!(stdout(&o).contains("norvig-01-4x4"));
}
