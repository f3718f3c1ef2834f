//! Every KenKen validation error: exact message and position (`file:line:col: message`).

use cagesat::{ParseOptions, Puzzle};

/// Parses `text` as `t.kenken` and returns the error line.
fn error(text: &str) -> String {
    Puzzle::parse_with(text, &ParseOptions::default().path("t.kenken"))
        .expect_err("input should be rejected")
        .to_string()
}

macro_rules! rejects {
    ($name:ident, $text:expr, $expected:expr) => {
        #[test]
        fn $name() {
            assert_eq!(error($text), $expected);
        }
    };
}

rejects!(
    unknown_operator,
    "size 2\n3 + A1 A2\n3 % B1 B2",
    "t.kenken:3:3: unknown operator '%' (expected + - * / =)"
);
rejects!(
    bad_cell_name,
    "size 2\n3 + A1 A2\n3 + B1 2B",
    "t.kenken:3:8: bad cell name '2B' (expected a row letter and a column number, e.g. B3)"
);
rejects!(
    cell_outside_grid,
    "size 2\n3 + A1 A2\n3 + B1 B3",
    "t.kenken:3:8: cell B3 is outside the 2x2 grid"
);
rejects!(
    row_outside_grid,
    "size 2\n3 + A1 A2\n3 + C1 B2",
    "t.kenken:3:5: cell C1 is outside the 2x2 grid"
);
rejects!(
    cell_in_two_cages,
    "size 2\n3 + A1 A2\n2 = B1\n3 + b2 a2",
    "t.kenken:4:8: cell A2 already in cage at 2:1"
);
rejects!(
    cell_in_no_cage,
    "size 2\n3 + A1 A2\n2 = B1",
    "t.kenken:1:1: cell B2 is in no cage"
);
rejects!(
    given_with_many_cells,
    "size 2\n3 = A1 A2\n3 + B1 B2",
    "t.kenken:2:3: '=' cage has 2 cells (it must have exactly one)"
);
rejects!(
    zero_target,
    "size 2\n0 + A1 A2\n3 + B1 B2",
    "t.kenken:2:1: target must be positive, found '0'"
);
rejects!(
    negative_target,
    "size 2\n3 + A1 A2; -3 + B1 B2",
    "t.kenken:2:12: target must be positive, found '-3'"
);
rejects!(
    duplicate_cell_in_cage,
    "size 2\n3 + A1 A2\n3 + B1 B2 b1",
    "t.kenken:3:11: cell B1 appears twice in the same cage"
);
rejects!(
    target_overflow,
    "size 2\n99999999999999999999 * A1 A2\n3 + B1 B2",
    "t.kenken:2:1: target '99999999999999999999' is too large (limit 18446744073709551615)"
);
rejects!(
    bad_target,
    "size 2\nseven + A1 A2\n3 + B1 B2",
    "t.kenken:2:1: bad target 'seven' (expected a positive whole number)"
);
rejects!(
    missing_operator,
    "size 2\n3 + A1 A2\n3",
    "t.kenken:3:2: missing operator after the target"
);
rejects!(
    cage_without_cells,
    "size 2\n3 + A1 A2\n3 +  # nothing",
    "t.kenken:3:4: cage has no cells"
);
rejects!(
    bad_size,
    "size 27\n1 = A1",
    "t.kenken:1:6: bad size '27' (expected a number 1..=26)"
);
rejects!(
    size_twice,
    "size 1\nsize 1\n1 = A1",
    "t.kenken:2:1: size given twice"
);
rejects!(
    empty_file,
    "# nothing here\n",
    "t.kenken:1:1: no puzzle found (the file has only comments and blank lines)"
);

#[test]
fn strict_rejects_non_contiguous_cages() {
    let text = "size 2\n3 + A1 B2\n3 + A2 B1";
    assert!(Puzzle::parse(text).is_ok());
    let e = Puzzle::parse_with(text, &ParseOptions::default().path("t.kenken").strict(true))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "t.kenken:2:1: cage is not contiguous (rejected by --strict)"
    );
}

#[test]
fn stdin_errors_name_stdin() {
    let e = Puzzle::parse("size 1\n1 % A1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "<stdin>:2:3: unknown operator '%' (expected + - * / =)"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    // '×' is two bytes; the bad cell after it is still at character column 8.
    assert_eq!(
        error("size 2\n2 × A1 Q; 3 + B1 B2"),
        "t.kenken:2:8: bad cell name 'Q' (expected a row letter and a column number, e.g. B3)"
    );
}
