//! `decode` blames what is wrong with an answer and reports errors as JSON with `--json`;
//! a reader that closes the pipe early (`| head -1`) ends the run quietly with exit 0.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use common::cli::{command, run, TempDir};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const HARD: &str = "tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken";
const MANY: &str = "tests/data/crossproduct/generated/gen_crossproduct_10x10_s1101000.crossproduct";

#[test]
fn a_model_of_a_smaller_formula_blames_the_variable_count() {
    let tmp = TempDir::new();
    let answer = tmp.write("short.out", "s SATISFIABLE\nv 1 -2 3 0\n");
    let o = run(["decode", NORVIG_4X4, &answer]);
    assert_eq!(o.code, Some(2));
    let vars = run(["encode", NORVIG_4X4]).stdout;
    let header = vars.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let n: usize = header.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert_eq!(
        o.stderr,
        format!(
            "{answer}: the answer has 3 variables, the formula {n} (is it the answer to another formula?); \
             no options of encode give a formula of 3 variables for this puzzle (is it the answer \
             to another puzzle's CNF?)\n"
        )
    );
}

#[test]
fn decode_json_reports_errors_as_a_json_record() {
    let tmp = TempDir::new();
    let answer = tmp.write("bad.out", "s SATISFIABLE\nv 1 x 0\n");
    let o = run(["decode", "--json", NORVIG_4X4, &answer]);
    assert_eq!(o.code, Some(2));
    let v = o.json();
    assert_eq!(v["file"], NORVIG_4X4);
    assert_eq!(v["status"], "error");
    assert_eq!(
        v["error"],
        format!("{answer}: line 2: 'x' is not a literal")
    );
    assert_eq!(
        o.stderr,
        format!("{answer}: line 2: 'x' is not a literal\n")
    );
}

/// Runs the binary, reads one line of its output, closes the pipe and waits.
fn read_one_line_then_close(args: &[&str]) -> (Option<i32>, String) {
    let mut child = command(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let _ = reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "{args:?}: no output");
    drop(reader);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    // 5 MB of DIMACS, a stream of JSON records, and millions of solutions printed as found.
    let many_files: Vec<&str> = ["solve", "--json"]
        .into_iter()
        .chain(std::iter::repeat_n(NORVIG_4X4, 2000))
        .collect();
    for args in [
        vec!["encode", HARD],
        many_files,
        vec!["count", "--engine", "native", "--print-solutions", MANY],
    ] {
        let (code, stderr) = read_one_line_then_close(&args);
        assert_eq!(code, Some(0), "{:?}: {stderr}", &args[..2]);
        assert_eq!(stderr, "", "{:?}", &args[..2]);
    }
}
