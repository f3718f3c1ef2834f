//! The built binary: `solve --engine native` and `compare`.

use crate::common;

use common::builtin_names;
use common::cli::{run, TempDir};

const NORVIG_1: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const NORVIG_7: &str = "tests/data/kenken/norvig/norvig-07-6x6.kenken";

#[test]
fn native_solve_json_has_search_stats() {
    let o = run([
        "solve", "--engine", "native", "--unique", "--json", NORVIG_7,
    ]);
    assert_eq!(o.code, Some(0));
    let v = &o.json_lines()[0];
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
    let native = run(["solve", "--engine", "native", "--json", NORVIG_7]);
    let sat = run(["solve", "--json", NORVIG_7]);
    let (n, s) = (&native.json_lines()[0], &sat.json_lines()[0]);
    assert_eq!(n["solution"], s["solution"]);
    assert!(
        s["stats"]["clauses"].as_u64().unwrap() > 0,
        "default engine is SAT"
    );
    for engine in ["native", "sat"] {
        let text = run(["solve", "--engine", engine, NORVIG_1]);
        assert_eq!(text.code, Some(0), "{engine}");
        assert!(text.stdout.ends_with("solved\n"), "{engine}");
    }
}

#[test]
fn no_solution_is_exit_1_for_both_engines() {
    let tmp = TempDir::new();
    // Both cells of row A would have to be 1.
    let path = tmp.write("unsat.kenken", "size 2\n1 = A1\n1 = A2\n3 + B1 B2\n");
    for engine in ["native", "sat"] {
        let o = run(["solve", "--engine", engine, &path]);
        assert_eq!(o.code, Some(1), "{engine}");
        assert_eq!(o.stdout, "no solution\n", "{engine}");
    }
}

#[test]
fn compare_table_has_a_row_per_engine_and_totals() {
    let o = run(["compare", "--repeat", "3", NORVIG_1, NORVIG_7]);
    assert_eq!(o.code, Some(0));
    let text = &o.stdout;
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("puzzle") && lines[0].contains("time_ms"));
    let engines = builtin_names();
    let rows: Vec<&&str> = lines.iter().filter(|l| l.contains(".kenken")).collect();
    assert_eq!(rows.len(), 2 * engines.len());
    assert!(rows.iter().all(|r| r.contains("unique")));
    let totals: Vec<&&str> = lines
        .iter()
        .filter(|l| engines.iter().any(|e| l.starts_with(&format!("{e} "))))
        .collect();
    assert_eq!(totals.len(), engines.len(), "{text}");
    // All rows start the time column at the same place.
    let col = lines[0].find("time_ms").unwrap() + "time_ms".len();
    assert!(rows.iter().all(|r| r.as_bytes()[col - 1].is_ascii_digit()));
}

#[test]
fn compare_json_gives_one_record_per_puzzle_and_engine() {
    let o = run(["compare", "--json", NORVIG_1, NORVIG_7]);
    assert_eq!(o.code, Some(0));
    let records = o.json_lines();
    let builtin = builtin_names();
    assert_eq!(records.len(), 2 * builtin.len());
    let engines: Vec<&str> = records
        .iter()
        .map(|r| r["engine"].as_str().unwrap())
        .collect();
    assert_eq!(engines, [&builtin[..], &builtin[..]].concat());
    assert!(engines.starts_with(&["native", "varisat"]));
    assert!(records
        .iter()
        .all(|r| r["agree"] == true && r["unique"] == true));
    let second = &records[builtin.len()..];
    assert!(second
        .iter()
        .all(|r| r["solution"] == second[0]["solution"]));
    assert!(records[0]["stats"]["nodes"].is_u64());
    assert!(records[1]["stats"]["vars"].is_u64());
}

#[test]
fn compare_reports_unreadable_files() {
    let o = run(["compare", "no/such/file.kenken", NORVIG_1]);
    assert_eq!(o.code, Some(2));
    assert!(o.stderr.contains("no/such/file.kenken"));
    assert!(o.stdout.contains("norvig-01-4x4"));
}
