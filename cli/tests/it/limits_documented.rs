//! The limits `docs/limits.md` and `cagesat --help` state are the limits the
//! code enforces: just inside each one is accepted, just beyond it is a one-line error with
//! exit status 2, and the exit statuses listed are the ones the commands use.

use crate::common;

use common::cli::{run, run_stdin};

/// A page of the documentation (a path from the repository root).
fn page(path: &str) -> String {
    std::fs::read_to_string(format!("../{path}")).expect(path)
}

/// The row of the limits table (`docs/limits.md`) that starts with `what`.
fn row(what: &str) -> String {
    page("docs/limits.md")
        .lines()
        .find(|l| l.starts_with(&format!("| {what}")))
        .unwrap_or_else(|| panic!("docs/limits.md's table has no row '{what}'"))
        .to_string()
}

#[test]
fn help_and_docs_state_the_limits_and_exit_statuses() {
    let help = run(["--help"]);
    assert_eq!(help.code, Some(0));
    for needle in [
        "KenKen sides 1..=26",
        "Keen game IDs 3..=9",
        "64x64",
        "255x255",
        "generate kakuro\n  3..=64 rows and columns",
        "generate towers and unequal sides 3..=9",
        "--jigsaw sides 4..=9",
        "100000 automaton nodes",
        "--engine native",
        "3 a --timeout",
        "130 Ctrl-C",
    ] {
        assert!(help.stdout.contains(needle), "--help lacks '{needle}'");
    }
    assert!(row("KenKen side").contains("1..=26"));
    assert!(row("CrossProduct table").contains("1..=64"));
    assert!(row("Kakuro grid").contains("255×255"));
    assert!(row("`generate kakuro`").contains("3..=64 rows and columns"));
    assert!(row("`generate towers`").contains("sides 3..=9 (jigsaw 4..=9)"));
    let commands = page("docs/commands.md");
    assert!(commands.contains("**3** a `--timeout`"));
    assert!(commands.contains("**130** Ctrl-C"));
    assert!(page("README.md").contains("3 timeout, 130 interrupted"));
    for path in [
        "README.md",
        "docs/commands.md",
        "docs/formats.md",
        "docs/limits.md",
    ] {
        assert!(
            !page(path).contains("Rows past Z"),
            "KenKen stops at Z: {path} must not promise AA"
        );
    }
}

/// A KenKen of side `n` given whole: the cyclic Latin square, one `=` cage per cell.
fn given_kenken(n: usize) -> String {
    let mut text = format!("size {n}\n");
    for r in 0..n {
        let row = char::from(b'A' + u8::try_from(r % 26).unwrap());
        let cages: Vec<String> = (0..n)
            .map(|c| format!("{} = {row}{}", (r + c) % n + 1, c + 1))
            .collect();
        text += &(cages.join("; ") + "\n");
    }
    text
}

#[test]
fn kenken_side_26_is_accepted_and_27_is_not() {
    let ok = run_stdin(["solve", "-"], &given_kenken(26));
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    let bad = run_stdin(["solve", "-"], &given_kenken(27));
    assert_eq!(bad.code, Some(2));
    assert_eq!(bad.stderr.lines().count(), 1, "{}", bad.stderr);
    assert!(bad.stderr.starts_with("<stdin>:1:"), "{}", bad.stderr);
}

#[test]
fn crossproduct_64_wide_is_accepted_and_65_is_not() {
    let ones = |n: usize| vec!["1"; n].join(" ");
    let ok = run_stdin(
        ["solve", "-"],
        &format!("rows {}\ncols {}\n", ones(1), ones(64)),
    );
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    let bad = run_stdin(
        ["solve", "-"],
        &format!("rows {}\ncols {}\n", ones(1), ones(65)),
    );
    assert_eq!(bad.code, Some(2), "{}", bad.stdout);
    assert_eq!(bad.stderr.lines().count(), 1, "{}", bad.stderr);
    assert!(bad.stderr.starts_with("<stdin>:"), "{}", bad.stderr);
}

#[test]
fn kakuro_255_wide_is_accepted_and_256_is_not() {
    // A 2x2 block of whites (rows 3 and 7, columns 3 and 7), padded with blocked squares.
    let grid = |width: usize| {
        let pad = |mut squares: Vec<&'static str>| {
            squares.resize(width, "#");
            squares.join(" ") + "\n"
        };
        pad(vec!["#", "3\\", "7\\"]) + &pad(vec!["\\3", ".", "."]) + &pad(vec!["\\7", ".", "."])
    };
    let ok = run_stdin(["solve", "-"], &grid(255));
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    let bad = run_stdin(["solve", "-"], &grid(256));
    assert_eq!(bad.code, Some(2), "{}", bad.stdout);
    assert_eq!(bad.stderr.lines().count(), 1, "{}", bad.stderr);
    assert!(bad.stderr.starts_with("<stdin>:"), "{}", bad.stderr);
}

#[test]
fn count_limit_zero_is_refused() {
    let r = run([
        "count",
        "--limit",
        "0",
        "tests/data/kenken/keen/4x4-e-00.kenken",
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("at least 1"), "{}", r.stderr);
}
