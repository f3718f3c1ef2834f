//! The `cagesat` binary on Kakuro files: text, `--json`, standard input, errors.

use crate::common;

use common::cli::{run, run_stdin};

const SAMPLE: &str = "tests/data/kakuro/panpapag_easy_5x5.kakuro";

/// The `--engine` values.
const ENGINES: [&str; 2] = ["sat", "native"];

/// The `.solution` file as JSON-like rows: `None` for `#`, the digit otherwise.
fn known_solution() -> Vec<Vec<Option<u64>>> {
    std::fs::read_to_string(SAMPLE.replace(".kakuro", ".solution"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().ok()).collect())
        .collect()
}

#[test]
fn json_solution_has_the_file_shape_with_nulls() {
    for engine in ENGINES {
        let out = run(["solve", "--engine", engine, "--unique", "--json", SAMPLE]);
        assert_eq!(out.code, Some(0), "{engine}: {}", out.stderr);
        let v = out.json();
        assert_eq!(v["kind"], "kakuro");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["unique"], true);
        let rows: Vec<Vec<Option<u64>>> = v["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(serde_json::Value::as_u64)
                    .collect()
            })
            .collect();
        assert_eq!(rows, known_solution(), "{engine}");
    }
}

#[test]
fn text_output_from_standard_input() {
    let text = std::fs::read_to_string(SAMPLE).unwrap();
    let out = run_stdin(["solve", "--unique", "-"], &text);
    assert_eq!(out.code, Some(0));
    let stdout = &out.stdout;
    assert!(stdout.ends_with("solved (unique)\n"), "{stdout}");
    assert!(stdout.contains("│░░░░░│"), "{stdout}");
    assert!(stdout.contains("│ 7\\8 │"), "{stdout}");
    // The first white row of the known solution, in order.
    let digits: Vec<String> = known_solution()[1]
        .iter()
        .flatten()
        .map(ToString::to_string)
        .collect();
    assert!(stdout.contains(&format!("│  {}  │  {}  │", digits[0], digits[1])));
}

#[test]
fn bad_input_exits_two_with_a_positioned_message() {
    let out = run_stdin(["solve", "-"], "#  4\\ 4\\\n\\18  .  .\n");
    assert_eq!(out.code, Some(2));
    assert_eq!(
        out.stderr,
        "<stdin>:2:2: across clue 18 is impossible for a run of length 2 (distinct digits 1..9 give 3..=17)\n"
    );
}

#[test]
fn unsolvable_exits_one() {
    for engine in ENGINES {
        let out = run_stdin(
            ["solve", "--engine", engine, "--json", "-"],
            "#  4\\ 4\\\n\\3  .  .\n\\5  .  .\n",
        );
        assert_eq!(out.code, Some(1), "{engine}");
        assert_eq!(out.json()["status"], "unsat", "{engine}");
    }
}
