//! `compare --json` on Kakuro and CrossProduct: the native and SAT engines both solve,
//! agree, and print the same solution.

use crate::common;

use common::builtin_names;
use common::cli::run;

fn compare(path: &str) -> Vec<serde_json::Value> {
    let o = run(["compare", "--json", path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    o.json_lines()
}

fn check_agreement(path: &str, kind: &str) {
    let rows = compare(path);
    assert_eq!(rows.len(), builtin_names().len(), "one row per engine");
    assert_eq!(rows[0]["engine"], "native");
    for v in &rows {
        assert_eq!(v["kind"], kind);
        assert_eq!(v["status"], "solved");
        assert_eq!(v["unique"], true);
        assert_eq!(v["agree"], true);
    }
    assert!(rows.iter().all(|r| r["solution"] == rows[0]["solution"]));
    assert!(rows[0]["stats"]["nodes"].as_u64().unwrap() >= 1);
}

#[test]
fn kakuro_engines_agree() {
    check_agreement("tests/data/kakuro/panpapag_hard_12x10.kakuro", "kakuro");
}

#[test]
fn crossproduct_engines_agree() {
    check_agreement(
        "tests/data/crossproduct/public/riddler_2021-01-15_classic_8x3.crossproduct",
        "crossproduct",
    );
}

#[test]
fn crossproduct_with_several_solutions_agrees_on_non_uniqueness() {
    let rows = compare("tests/data/crossproduct/seeds/norvig-multi-4.crossproduct");
    assert_eq!(rows.len(), builtin_names().len());
    for v in &rows {
        assert_eq!(v["status"], "solved");
        assert_eq!(v["unique"], false);
        assert_eq!(v["agree"], true);
    }
}
