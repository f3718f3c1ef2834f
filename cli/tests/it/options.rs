//! Options are honoured or rejected, never accepted and ignored: `encode --stats -o` writes
//! the file, counts of 0 are refused, and `generate kenken --ops` makes only the operators
//! asked for.

use crate::common;

use cagesat::puzzle::Op;
use cagesat::{ParseOptions, Puzzle};
use common::cli::{run, TempDir};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";

#[test]
fn encode_stats_goes_to_the_output_file() {
    let tmp = TempDir::new();
    let path = tmp.path("stats.md");
    let o = run(["encode", "--stats", "-o", &path, NORVIG_4X4]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.stdout, "");
    let table = std::fs::read_to_string(&path).unwrap();
    let want = run(["encode", "--stats", NORVIG_4X4]).stdout;
    assert!(
        table.starts_with("| family | vars | clauses |\n"),
        "{table}"
    );
    assert_eq!(table, want);
}

#[test]
fn counts_of_zero_are_rejected() {
    for args in [
        vec!["count", "--limit", "0", NORVIG_4X4],
        vec!["compare", "--repeat", "0", NORVIG_4X4],
        vec!["survey", "crossproduct", "--samples", "0"],
    ] {
        let o = run(&args);
        assert_eq!(o.code, Some(2), "{args:?}");
        assert_eq!(o.stdout, "", "{args:?}: nothing runs");
        let first = o.stderr.lines().next().unwrap();
        assert!(
            first.starts_with("cagesat: invalid value '0' for '--")
                && first.ends_with("': must be at least 1"),
            "{args:?}: {first}"
        );
    }
    let o = run(["count", "--limit", "1", NORVIG_4X4]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
}

/// The operators of the multi-cell cages of a generated puzzle.
fn generated_ops(ops: &str, seed: &str) -> Vec<Op> {
    let o = run([
        "generate", "kenken", "--size", "6", "--seed", seed, "--ops", ops,
    ]);
    assert_eq!(o.code, Some(0), "--ops {ops}: {}", o.stderr);
    let Puzzle::KenKen(k) =
        Puzzle::parse_with(&o.stdout, &ParseOptions::default().strict(true)).unwrap()
    else {
        panic!("not a KenKen");
    };
    k.cages()
        .iter()
        .filter(|c| c.cells.len() > 1)
        .map(|c| {
            assert_eq!(c.cells.len(), 2, "--ops {ops}: only pairs fit '-' and '/'");
            c.op
        })
        .collect()
}

#[test]
fn generate_kenken_uses_only_the_operators_asked_for() {
    for seed in ["1", "2", "3"] {
        let div = generated_ops("/", seed);
        assert!(
            !div.is_empty() && div.iter().all(|&op| op == Op::Div),
            "{div:?}"
        );
        // "-/" starts with a hyphen: a value, not a flag.
        let sub_div = generated_ops("-/", seed);
        assert!(
            !sub_div.is_empty() && sub_div.iter().all(|&op| matches!(op, Op::Sub | Op::Div)),
            "{sub_div:?}"
        );
    }
}
