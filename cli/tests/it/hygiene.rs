//! Input hygiene: what a user sees when a file is odd or an option makes no sense. A
//! byte-order mark is accepted, long tokens are cut, empty and comment-only files are told
//! apart, OS errors carry no invented position, encoding limits point at the constraint and
//! name the native engine, and every error line starts with `file:line:col: `, `file: ` or
//! `cagesat: ` (the rule of `docs/commands.md`).

use crate::common;

use cagesat::{
    parse::{parse_solution, KenKenParseError, ParseErrorKind, Pos},
    ParseOptions, Puzzle,
};
use common::cli::{run, run_stdin, TempDir};

const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";

#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let text = "\u{feff}size 1\n1 = A1\n";
    assert!(Puzzle::parse(text).is_ok());
    let cp = "\u{feff}rows 2\ncols 2\n";
    assert!(Puzzle::parse(cp).is_ok());
    assert_eq!(
        parse_solution("\u{feff}1\n").unwrap().to_rows(),
        vec![vec![1]]
    );
    // Positions on the first line do not count the mark.
    let e = Puzzle::parse("\u{feff}size x\n").unwrap_err();
    assert_eq!(e.pos, Pos::new(1, 6));
    let tmp = TempDir::new();
    let path = tmp.write("bom.kenken", text);
    let o = run(["solve", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
}

#[test]
fn long_tokens_are_cut_in_messages() {
    let token = "x".repeat(1_000_000);
    let o = run_stdin(["solve", "-"], &format!("size 4\n{token} + A1\n"));
    assert_eq!(o.code, Some(2));
    let want = format!(
        "<stdin>:2:1: bad target '{}…' (expected a positive whole number)\n",
        "x".repeat(40)
    );
    assert_eq!(o.stderr, want);
    // Control characters are escaped, not written to the terminal.
    let e = Puzzle::parse("size 4\n\u{1b}[31m + A1\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "<stdin>:2:1: bad target '\\u{1b}[31m' (expected a positive whole number)"
    );
}

#[test]
fn empty_blank_and_comment_only_files_are_told_apart() {
    let kind = |text: &str, path: &str| {
        Puzzle::parse_with(text, &ParseOptions::default().path(path))
            .unwrap_err()
            .kind
    };
    for path in ["a.kenken", "a.crossproduct", "a.kakuro"] {
        assert_eq!(kind("", path), ParseErrorKind::Empty, "{path}");
        assert_eq!(kind(" \n\n", path), ParseErrorKind::Blank, "{path}");
    }
    assert_eq!(kind("# hi\n\n", "a.kenken"), ParseErrorKind::OnlyComments);
    assert_eq!(
        kind("# hi\n", "a.crossproduct"),
        ParseErrorKind::OnlyComments
    );
    assert_eq!(kind("; hi\n", "a.kakuro"), ParseErrorKind::OnlyComments);
    assert_eq!(
        kind("size 4 # no cages\n", "a.kenken"),
        ParseErrorKind::KenKen(KenKenParseError::NoCages)
    );
    assert_eq!(
        parse_solution("# only a comment\n").unwrap_err().kind,
        ParseErrorKind::OnlyComments
    );
    let o = run_stdin(["solve", "-"], "");
    assert_eq!(
        o.stderr,
        "<stdin>:1:1: no puzzle found (the file is empty)\n"
    );
    let o = run_stdin(["solve", "-"], "# a comment\n");
    assert_eq!(
        o.stderr,
        "<stdin>:1:1: no puzzle found (the file has only comments and blank lines)\n"
    );
}

#[test]
fn os_errors_have_no_invented_position() {
    let tmp = TempDir::new();
    let dir = tmp.dir().to_str().unwrap().to_string();
    let o = run(["solve", &dir]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.starts_with(&format!("{dir}: cannot read file: ")),
        "{}",
        o.stderr
    );
    let o = run(["decode", NORVIG_4X4, "no/such.out"]);
    assert!(
        o.stderr.starts_with("no/such.out: cannot read file: "),
        "{}",
        o.stderr
    );
    // Text that is not UTF-8 is positioned at the first bad byte.
    let path = tmp.path("bad.kenken");
    std::fs::write(&path, b"size 4\n7 + \xff1\n").unwrap();
    let o = run(["solve", &path]);
    assert_eq!(
        o.stderr,
        format!("{path}:2:5: the file is not UTF-8 text\n")
    );
}

#[test]
fn encoding_limits_name_the_constraint_and_the_native_engine() {
    // One '+' cage over all 676 cells of a 26x26: its automaton is too large.
    let mut cells = Vec::new();
    for r in b'A'..=b'Z' {
        for c in 1..=26 {
            cells.push(format!("{}{c}", r as char));
        }
    }
    let text = format!("size 26\n1000 + {}\n", cells.join(" "));
    let o = run_stdin(["solve", "-"], &text);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<stdin>: cage 1000+ at A1 (676 cells): layered automaton has more than 100000 nodes \
         (at layer 127) (the native engine, --engine native, has no such limit)\n"
    );
    // A CrossProduct line forced into tuples.
    let p = 6u64.pow(16);
    let cols = vec!["36"; 16].join(" ");
    let o = run_stdin(
        ["solve", "--encoding", "tuples", "-"],
        &format!("cols {cols}\nrows {p} {p}\n"),
    );
    assert_eq!(
        o.stderr,
        "<stdin>: row 1 has more than 200000 allowed tuples (too many for the tuple encoding) \
         (the native engine, --engine native, has no such limit)\n"
    );
}

/// Every error line starts with `file:line:col: `, `file: ` or `cagesat: `.
#[test]
fn every_error_line_has_one_prefix_style() {
    let tmp = TempDir::new();
    let empty = tmp.write("empty.kenken", "");
    let empty_at = format!("{empty}:1:1: ");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["solve", &empty], &empty_at),
        (vec!["solve", "no/such.kenken"], "no/such.kenken: "),
        (vec!["solve", "--timeout", "-1", NORVIG_4X4], "cagesat: "),
        (
            vec!["solve", "--engine", "native", "--solver", "x", NORVIG_4X4],
            "cagesat: ",
        ),
        (vec!["count", "--limit", "x", NORVIG_4X4], "cagesat: "),
        (
            vec!["generate", "kenken", "--size", "4", "--ops", "%"],
            "cagesat: ",
        ),
        (vec!["generate", "kenken", "--size", "27"], "cagesat: "),
        (vec!["solve", "--no-such-flag", NORVIG_4X4], "cagesat: "),
        (vec!["frobnicate"], "cagesat: "),
    ];
    for (args, prefix) in cases {
        let o = run(&args);
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.stderr);
        let first = o.stderr.lines().next().unwrap_or("");
        let rest = first.strip_prefix(prefix).unwrap_or("");
        assert!(
            !rest.is_empty() && !rest.starts_with("cagesat:") && !rest.starts_with("error:"),
            "{args:?}: {first}"
        );
    }
}
