//! The `cagesat` binary on CrossProduct files: exit codes, output, generate and survey.

use crate::common;

use common::cli::{dir_names, run, run_stdin, TempDir};

const SEEDS: &str = "tests/data/crossproduct/seeds";

#[test]
fn solve_prints_the_table_with_products() {
    let path = format!("{SEEDS}/norvig-3x3.crossproduct");
    let solution = std::fs::read_to_string(format!("{SEEDS}/norvig-3x3.solutions")).unwrap();
    for encoding in ["auto", "tuples", "mdd"] {
        let out = run(["solve", "--unique", "--encoding", encoding, &path]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        let stdout = &out.stdout;
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
    let out = run([
        "solve",
        "--json",
        &format!("{SEEDS}/riddler-2.crossproduct"),
    ]);
    assert_eq!(out.code, Some(0));
    let v = out.json();
    assert_eq!(v["kind"], "crossproduct");
    let rows = v["solution"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 3));
}

#[test]
fn impossible_products_are_no_solution_not_errors() {
    let out = run_stdin(["solve", "-"], "cols 11 1\nrows 11\n");
    assert_eq!(out.code, Some(1));
    assert_eq!(out.stdout, "no solution\n");
    let out = run(["solve", &format!("{SEEDS}/norvig-unsolvable.crossproduct")]);
    assert_eq!(out.code, Some(1));
}

#[test]
fn parse_errors_name_file_line_and_column() {
    let out = run_stdin(
        ["solve", "-"],
        "# x\ncols 2 3\nrows 6 99999999999999999999\n",
    );
    assert_eq!(out.code, Some(2));
    assert_eq!(
        out.stderr,
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
    let out = run_stdin(["solve", "--encoding", "tuples", "-"], &input);
    assert_eq!(out.code, Some(2));
    assert!(out
        .stderr
        .contains("row 1 has more than 200000 allowed tuples"));
    let out = run_stdin(["solve", "--encoding", "mdd", "-"], &input);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
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
    let a = run(args);
    let b = run(args);
    assert_eq!(a.code, Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stdout.matches("# solutions: 1").count(), 2);
    let first: String = a.stdout.split_inclusive('\n').take(5).collect();
    let out = run_stdin(["solve", "--unique", "-"], &first);
    assert!(out.stdout.ends_with("solved (unique)\n"), "{first}");
}

#[test]
fn generate_writes_files() {
    let tmp = TempDir::new();
    // `--out` creates the directory.
    let dir = tmp.path("out");
    let out = run([
        "generate",
        "crossproduct",
        "--rows",
        "3",
        "--cols",
        "3",
        "--count",
        "3",
        "--out",
        &dir,
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let names = dir_names(&dir);
    assert_eq!(names.len(), 6, "{names:?}");
    for n in names.iter().filter(|n| n.ends_with(".crossproduct")) {
        let out = run(["solve", &format!("{dir}/{n}")]);
        assert_eq!(out.code, Some(0));
    }
}

#[test]
fn survey_reports_rates_with_intervals() {
    let out = run([
        "survey",
        "crossproduct",
        "--samples",
        "40",
        "--sizes",
        "2x2,3x3",
        "--json",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let rows = out.json_lines();
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
    let bad = run(["survey", "crossproduct", "--sizes", "3by3"]);
    assert_eq!(bad.code, Some(2));
}

/// The seed notebook's notation, pasted on standard input or in a file, solves like the
/// keyword lines (issue #28, item 5: it was "bad product '[6,'"); a bad list is a
/// positioned one-line error.
#[test]
fn norvigs_list_notation_solves_from_standard_input_and_files() {
    let want = run([
        "solve",
        "--json",
        &format!("{SEEDS}/riddler-2.crossproduct"),
    ]);
    assert_eq!(want.code, Some(0), "{}", want.stderr);
    for text in [
        "[210, 144, 54, 135, 4, 49], [6615, 15552, 420]\n",
        " Puzzle([210, 144, 54, 135, 4, 49], [6615, 15552, 420]),\n",
        "rows [210, 144, 54, 135, 4, 49]\ncols [6615, 15552, 420]\n",
    ] {
        let o = run_stdin(["solve", "--json", "-"], text);
        assert_eq!(o.code, Some(0), "{text}: {}", o.stderr);
        assert_eq!(o.json()["solution"], want.json()["solution"], "{text}");
        assert_eq!(o.json()["kind"], "crossproduct");
    }
    let tmp = TempDir::new();
    let bad = tmp.write("bad.crossproduct", "[6, 120, 504],\n[28, 80 162]\n");
    let o = run(["solve", &bad]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("{bad}:2:9: expected ',' or ']' after a product, found '162'\n")
    );
}
