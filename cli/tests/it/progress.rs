//! Progress on standard error: drawn only when it is a terminal (a pseudo-terminal from
//! util-linux `script` here), never with `--quiet`, never when redirected.

use crate::common;

use std::process::Command;

use common::cli::run;

const ROWS_4X4: &str =
    "size 4\n10 + a1 b1 c1 d1\n10 + a2 b2 c2 d2\n10 + a3 b3 c3 d3\n10 + a4 b4 c4 d4\n";

/// Runs the binary with `args` on a pseudo-terminal and returns everything it wrote there
/// (standard output and error together), or `None` when `script` is not installed.
fn on_terminal(args: &str) -> Option<String> {
    let bin = env!("CARGO_BIN_EXE_cagesat");
    let out = Command::new("script")
        .args(["-qec", &format!("{bin} {args}"), "/dev/null"])
        .output()
        .ok()?;
    assert!(
        out.status.success() || out.status.code() == Some(1),
        "{out:?}"
    );
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn progress_is_drawn_on_a_terminal_unless_quiet() {
    let dir = common::cli::TempDir::new();
    let file = dir.write("rows.kenken", ROWS_4X4);
    let Some(shown) = on_terminal(&format!("count {file}")) else {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    };
    assert!(shown.contains("solutions ("), "{shown:?}");
    assert!(shown.contains("576 solutions"), "{shown:?}");
    let quiet = on_terminal(&format!("count --quiet {file}")).unwrap();
    assert!(!quiet.contains("solutions ("), "{quiet:?}");
    assert!(quiet.contains("576 solutions"), "{quiet:?}");
    let files = "tests/data/kenken/keen/4x4-e-00.kenken tests/data/kenken/keen/4x4-e-01.kenken";
    let batch = on_terminal(&format!("solve {files}")).unwrap();
    assert!(batch.contains("/2 puzzles"), "{batch:?}");
    let batch_quiet = on_terminal(&format!("solve -q {files}")).unwrap();
    assert!(!batch_quiet.contains("puzzles"), "{batch_quiet:?}");
    let survey = on_terminal("survey crossproduct --sizes 3x3,3x4 --samples 20").unwrap();
    assert!(survey.contains("/40 samples"), "{survey:?}");
    let made = on_terminal("generate kenken --size 4 --count 3").unwrap();
    assert!(made.contains("/3 puzzles"), "{made:?}");
}

#[test]
fn nothing_is_drawn_when_standard_error_is_not_a_terminal() {
    let dir = common::cli::TempDir::new();
    let file = dir.write("rows.kenken", ROWS_4X4);
    let counted = run(["count", &file]);
    assert_eq!(counted.code, Some(0));
    assert_eq!(counted.stderr, "");
    assert_eq!(counted.stdout.trim_end(), "576 solutions");
    let solved = run([
        "solve",
        "tests/data/kenken/keen/4x4-e-00.kenken",
        "tests/data/kenken/keen/4x4-e-01.kenken",
    ]);
    assert_eq!(solved.code, Some(0));
    assert_eq!(solved.stderr, "");
}
