//! Rough edges of issue #28 that live in the command line: `-` as an output path means
//! standard output (`solve --svg -`, `render -o -`, `encode -o -`, `generate … --out -`) or is
//! refused where it cannot (`compare --report -`, `solve --proof -`); standard input named
//! twice is refused up front; negative numbers reach each option's own validation; and
//! `--progress` prints plain progress lines when standard error is not a terminal.

use crate::common;

use common::cli::{command, finish, run, run_stdin, TempDir};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
const NORVIG_4X4_B: &str = "tests/data/kenken/norvig/norvig-02-4x4.kenken";
const UNSAT_2X2: &str = "tests/data/kenken/unsat/2x2-no-solution.kenken";

/// A 6×6 KenKen whose cages are its rows: every Latin square of side 6 solves it (812,851,200
/// of them), so counting them all runs for minutes.
const ROWS_6X6: &str = "size 6\n21 + a1 b1 c1 d1 e1 f1\n21 + a2 b2 c2 d2 e2 f2\n\
    21 + a3 b3 c3 d3 e3 f3\n21 + a4 b4 c4 d4 e4 f4\n21 + a5 b5 c5 d5 e5 f5\n\
    21 + a6 b6 c6 d6 e6 f6\n";

/// The absolute path of a test data file, for runs in another directory.
fn absolute(path: &str) -> String {
    std::fs::canonicalize(path)
        .unwrap()
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn solve_svg_dash_writes_the_picture_to_standard_output() {
    let tmp = TempDir::new();
    let file = tmp.path("pic.svg");
    let to_file = run(["solve", "--unique", "--svg", &file, NORVIG_4X4]);
    assert_eq!(to_file.code, Some(0), "{}", to_file.stderr);
    let picture = std::fs::read_to_string(&file).unwrap();
    assert!(picture.contains("<svg"), "{picture}");

    // Run in an empty directory: no file named `-` may appear there.
    let mut cmd = command(["solve", "--unique", "--svg", "-", &absolute(NORVIG_4X4)]);
    let _ = cmd.current_dir(tmp.dir());
    let o = finish(cmd, "");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(
        o.stdout, picture,
        "the SVG alone, in place of the text grid"
    );
    assert_eq!(
        o.stderr,
        format!("{}: solved (unique)\n", absolute(NORVIG_4X4))
    );
    assert!(!tmp.dir().join("-").exists());

    let o = run(["solve", "--svg", "-", UNSAT_2X2]);
    assert_eq!(o.code, Some(1));
    assert_eq!(o.stdout, "");
    assert_eq!(o.stderr, format!("{UNSAT_2X2}: no solution\n"));

    let o = run(["solve", "--json", "--svg", "-", NORVIG_4X4]);
    assert_eq!(o.code, Some(2));
    assert_eq!(o.stdout, "");
    assert_eq!(
        o.stderr,
        "cagesat: --svg - writes the picture to standard output; it cannot be combined with --json\n"
    );
    let o = run(["solve", "--svg", "-", NORVIG_4X4, NORVIG_4X4_B]);
    assert_eq!(o.code, Some(2));
    assert_eq!(o.stdout, "");
    assert_eq!(
        o.stderr,
        "cagesat: --svg - writes one picture to standard output: give one file, or a directory for several\n"
    );
}

#[test]
fn other_output_options_take_dash_for_standard_output() {
    let tmp = TempDir::new();
    let abs = absolute(NORVIG_4X4);
    for (with_dash, plain) in [
        (vec!["render", "-o", "-", &abs], vec!["render", &abs]),
        (vec!["encode", "-o", "-", &abs], vec!["encode", &abs]),
        (
            vec!["encode", "--stats", "--output", "-", &abs],
            vec!["encode", "--stats", &abs],
        ),
        (
            vec!["generate", "kenken", "--size", "4", "--out", "-"],
            vec!["generate", "kenken", "--size", "4"],
        ),
        (
            vec![
                "generate", "kakuro", "--rows", "5", "--cols", "5", "--out", "-",
            ],
            vec!["generate", "kakuro", "--rows", "5", "--cols", "5"],
        ),
        (
            vec!["generate", "crossproduct", "--out", "-"],
            vec!["generate", "crossproduct"],
        ),
    ] {
        let mut cmd = command(&with_dash);
        let _ = cmd.current_dir(tmp.dir());
        let o = finish(cmd, "");
        let want = run(&plain);
        assert_eq!(o.code, Some(0), "{with_dash:?}: {}", o.stderr);
        assert_eq!(o.stderr, "", "{with_dash:?}");
        assert!(!o.stdout.is_empty(), "{with_dash:?}");
        // The generator's `# unique:` line carries the time taken, which may differ.
        let timeless = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !l.starts_with("# unique:"))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(timeless(&o.stdout), timeless(&want.stdout), "{with_dash:?}");
        assert!(!tmp.dir().join("-").exists(), "{with_dash:?}");
    }
    for (args, message) in [
        (
            vec!["compare", "--report", "-", NORVIG_4X4],
            "cagesat: --report writes an HTML file and standard output holds the table: give it a file name, not -\n",
        ),
        (
            vec!["solve", "--proof", "-", NORVIG_4X4],
            "cagesat: --proof writes two files, PREFIX.cnf and PREFIX.lrat: give it a prefix, not -\n",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.code, Some(2), "{args:?}");
        assert_eq!(o.stdout, "", "{args:?}");
        assert_eq!(o.stderr, message, "{args:?}");
    }
}

#[test]
fn standard_input_named_twice_is_refused() {
    let puzzle = std::fs::read_to_string(NORVIG_4X4).unwrap();
    for args in [
        vec!["solve", "-", "-"],
        vec!["count", "-", NORVIG_4X4, "-"],
        vec!["compare", "-", "-"],
        vec!["grade", "-", "-"],
        vec!["decode", "-", "-"],
        vec!["render", "-", "--solution", "-"],
        vec!["encode", "-", "--block", "-"],
    ] {
        let o = run_stdin(&args, &puzzle);
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.stderr);
        assert_eq!(o.stdout, "", "{args:?}");
        assert_eq!(
            o.stderr, "cagesat: standard input (-) is named twice; it can be read only once\n",
            "{args:?}"
        );
    }
    let once = run_stdin(["solve", "-", NORVIG_4X4], &puzzle);
    assert_eq!(once.code, Some(0), "{}", once.stderr);
}

#[test]
fn negative_numbers_reach_the_options_own_checks() {
    let timeout = "cagesat: --timeout must be a positive number of seconds, not -1\n";
    for args in [
        vec!["solve", "--timeout", "-1", NORVIG_4X4],
        vec!["count", "--timeout", "-1", NORVIG_4X4],
        vec!["compare", "--timeout", "-1", NORVIG_4X4],
        vec!["generate", "kenken", "--size", "4", "--timeout", "-1"],
        vec![
            "generate",
            "kakuro",
            "--rows",
            "5",
            "--cols",
            "5",
            "--timeout",
            "-1",
        ],
        vec!["generate", "crossproduct", "--timeout", "-1"],
    ] {
        let o = run(&args);
        assert_eq!(o.code, Some(2), "{args:?}");
        assert_eq!(o.stdout, "", "{args:?}");
        assert_eq!(o.stderr, timeout, "{args:?}");
    }
    for (args, first) in [
        (
            vec!["count", "--limit", "-1", NORVIG_4X4],
            "cagesat: invalid value '-1' for '--limit <K>': must be at least 1",
        ),
        (
            vec!["solve", "--jobs", "-2", NORVIG_4X4],
            "cagesat: invalid value '-2' for '--jobs <N>': must be at least 1",
        ),
        (
            vec!["grade", "-j", "-2", NORVIG_4X4],
            "cagesat: invalid value '-2' for '--jobs <N>': must be at least 1",
        ),
        (
            vec!["compare", "--repeat", "-3", NORVIG_4X4],
            "cagesat: invalid value '-3' for '--repeat <REPEAT>': must be at least 1",
        ),
        (
            vec!["survey", "crossproduct", "--samples", "-5"],
            "cagesat: invalid value '-5' for '--samples <SAMPLES>': must be at least 1",
        ),
        (
            vec!["survey", "crossproduct", "--sizes", "-3x3"],
            "cagesat: invalid value '-3x3' for '--sizes <SIZES>': bad size '-3x3' (expected ROWSxCOLS, e.g. 5x3)",
        ),
        (
            vec!["generate", "kenken", "--size", "-3"],
            "cagesat: invalid value '-3' for '--size <SIZE>': must not be negative",
        ),
        (
            vec!["generate", "kenken", "--size", "4", "--seed", "-1"],
            "cagesat: invalid value '-1' for '--seed <SEED>': must not be negative",
        ),
        (
            vec!["generate", "kenken", "--size", "4", "--count", "-1"],
            "cagesat: invalid value '-1' for '--count <COUNT>': must not be negative",
        ),
        (
            vec!["generate", "kenken", "--size", "4", "--max-cage", "-1"],
            "cagesat: invalid value '-1' for '--max-cage <MAX_CAGE>': must not be negative",
        ),
        (
            vec!["generate", "kakuro", "--rows", "-5", "--cols", "5"],
            "cagesat: invalid value '-5' for '--rows <ROWS>': must not be negative",
        ),
        (
            vec!["generate", "crossproduct", "--cols", "-3"],
            "cagesat: invalid value '-3' for '--cols <COLS>': must not be negative",
        ),
        (
            vec!["generate", "crossproduct", "--max-attempts", "-3"],
            "cagesat: invalid value '-3' for '--max-attempts <MAX_ATTEMPTS>': must not be negative",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.code, Some(2), "{args:?}");
        assert_eq!(o.stdout, "", "{args:?}");
        assert_eq!(o.stderr.lines().next(), Some(first), "{args:?}: {}", o.stderr);
        assert!(!o.stderr.contains("tip:"), "{args:?}: {}", o.stderr);
    }
}

#[test]
fn progress_prints_plain_lines_when_standard_error_is_not_a_terminal() {
    let tmp = TempDir::new();
    let rows = tmp.write("rows6.kenken", ROWS_6X6);
    // One file: solutions so far and their rate, every 2 s; the timeout ends it at 3 s.
    let o = run(["count", "--progress", "--timeout", "3", &rows]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert!(
        o.stdout.starts_with("at least ") && o.stdout.ends_with(" solutions (stopped: timeout)\n"),
        "{}",
        o.stdout
    );
    assert!(!o.stderr.contains('\r'), "{:?}", o.stderr);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert!(!lines.is_empty(), "no progress line in 3 s");
    for line in &lines {
        let rest = line
            .strip_prefix("cagesat: ")
            .and_then(|r| r.split_once(" solutions ("))
            .and_then(|(n, r)| Some((n, r.strip_suffix("s)")?.split_once("/s, ")?)));
        let Some((count, (rate, secs))) = rest else {
            panic!("not a progress line: {line:?}");
        };
        assert!(count.parse::<u64>().is_ok(), "{line}");
        assert!(rate.parse::<u64>().is_ok(), "{line}");
        assert!(secs.parse::<u64>().unwrap() >= 2, "{line}");
    }

    // Several files: puzzles done.
    let o = run([
        "count",
        "--progress",
        "-j",
        "1",
        "--timeout",
        "1.5",
        &rows,
        &rows,
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert!(!lines.is_empty(), "no progress line in 3 s");
    for line in &lines {
        let ok = line
            .strip_prefix("cagesat: ")
            .and_then(|r| r.split_once("/2 puzzles ("))
            .is_some_and(|(done, r)| done.parse::<u8>().is_ok() && r.ends_with("s)"));
        assert!(ok, "not a progress line: {line:?}");
    }

    // Quick runs print nothing; --quiet with --progress is refused.
    let quick = run(["count", "--progress", NORVIG_4X4]);
    assert_eq!(quick.code, Some(0));
    assert_eq!(quick.stderr, "");
    let both = run(["count", "--quiet", "--progress", NORVIG_4X4]);
    assert_eq!(both.code, Some(2));
    assert_eq!(both.stdout, "");
    assert_eq!(
        both.stderr.lines().next(),
        Some("cagesat: the argument '--quiet' cannot be used with '--progress'"),
        "{}",
        both.stderr
    );
}

#[test]
fn count_help_says_that_it_counts_every_solution() {
    let o = run(["count", "--help"]);
    assert_eq!(o.code, Some(0));
    let text = o.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(
            "Without --limit every solution is counted, which may run long: \
             use --limit K to stop after K, and --progress to see the count and its rate"
        ),
        "{}",
        o.stdout
    );
}
