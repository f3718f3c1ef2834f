//! The `cagesat` binary on CrossProduct files: exit codes, output, generate and survey.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cagesat(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagesat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

const SEEDS: &str = "tests/data/crossproduct/seeds";

#[test]
fn solve_prints_the_table_with_products() {
    let path = format!("{SEEDS}/norvig-3x3.crossproduct");
    for encoding in ["auto", "tuples", "mdd"] {
        let out = cagesat(&["solve", "--unique", "--encoding", encoding, &path], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let solution = std::fs::read_to_string(format!("{SEEDS}/norvig-3x3.solutions")).unwrap();
        // Each solution row appears with its row product on the right.
        for line in solution.lines().filter(|l| !l.is_empty()) {
            let digits: Vec<&str> = line.split_whitespace().collect();
            assert!(
                stdout
                    .lines()
                    .any(|l| l.split_whitespace().take(3).eq(digits.iter().copied())),
                "{line} missing from\n{stdout}"
            );
        }
        assert!(stdout.contains("28 80 162\n"));
        assert!(stdout.ends_with("solved (unique)\n"), "{stdout}");
    }
}

#[test]
fn json_solution_is_rows_of_digits() {
    let out = cagesat(
        &[
            "solve",
            "--json",
            &format!("{SEEDS}/riddler-2.crossproduct"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "crossproduct");
    let rows = v["solution"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 3));
}

#[test]
fn impossible_products_are_no_solution_not_errors() {
    let out = cagesat(&["solve", "-"], "cols 11 1\nrows 11\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "no solution\n");
    let out = cagesat(
        &["solve", &format!("{SEEDS}/norvig-unsolvable.crossproduct")],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn parse_errors_name_file_line_and_column() {
    let out = cagesat(
        &["solve", "-"],
        "# x\ncols 2 3\nrows 6 99999999999999999999\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "<stdin>:3:8: product '99999999999999999999' is too large (limit 18446744073709551615)\n"
    );
}

#[test]
fn forced_tuples_on_a_huge_line_is_an_error() {
    // 2 rows of product 6^16 over 16 columns of product 36: each row is a word over
    // {4, 6, 9} with as many 4s as 9s, 853,467 fillings (more than the 200,000 limit).
    let p = 6u64.pow(16);
    let cols = vec!["36"; 16].join(" ");
    let input = format!("cols {cols}\nrows {p} {p}\n");
    let out = cagesat(&["solve", "--encoding", "tuples", "-"], &input);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("row 1 has more than 200000 allowed tuples"));
    let out = cagesat(&["solve", "--encoding", "mdd", "-"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn generate_is_reproducible_and_its_output_solves() {
    let args = [
        "generate",
        "crossproduct",
        "--rows",
        "4",
        "--cols",
        "3",
        "--seed",
        "5",
        "--count",
        "2",
        "--unique",
    ];
    let a = cagesat(&args, "");
    let b = cagesat(&args, "");
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let stdout = text(&a.stdout);
    assert_eq!(stdout.matches("# solutions: 1").count(), 2);
    let first: String = stdout.split_inclusive('\n').take(5).collect();
    let out = cagesat(&["solve", "--unique", "-"], &first);
    assert!(text(&out.stdout).ends_with("solved (unique)\n"), "{first}");
}

#[test]
fn generate_writes_files() {
    let dir = std::env::temp_dir().join(format!("cagesat-gen-{}", std::process::id()));
    let out = cagesat(
        &[
            "generate",
            "crossproduct",
            "--rows",
            "3",
            "--cols",
            "3",
            "--count",
            "3",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 6, "{names:?}");
    for n in names.iter().filter(|n| n.ends_with(".crossproduct")) {
        let p = dir.join(n);
        let out = cagesat(&["solve", p.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(0));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn survey_reports_rates_with_intervals() {
    let out = cagesat(
        &[
            "survey",
            "crossproduct",
            "--samples",
            "40",
            "--sizes",
            "2x2,3x3",
            "--json",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    for r in &rows {
        assert_eq!(r["samples"], 40);
        let (lo, rate, hi) = (
            r["low"].as_f64().unwrap(),
            r["rate"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(lo <= rate && rate <= hi);
    }
    let bad = cagesat(&["survey", "crossproduct", "--sizes", "3by3"], "");
    assert_eq!(bad.status.code(), Some(2));
}
