//! `convert --to iss`: a Sudoku with variant lines as an Interactive Sudoku Solver string,
//! read back by `convert --to text`; kinds ISS does not hold are refused with exit 2.

use crate::common;
use common::cli::{run, TempDir};

const SUDOKU: &str = "1 . . .\n. . . .\n. . . .\n. . . .\nthermo B1 B2 B3\ndot white C1 C2\n";

#[test]
fn convert_writes_iss_and_reads_it_back() {
    let tmp = TempDir::new();
    let file = tmp.write("p.sudoku", SUDOKU);
    let iss = run(["convert", &file, "--to", "iss"]);
    assert_eq!(iss.code, Some(0), "{}", iss.stderr);
    assert_eq!(
        iss.stdout,
        ".Shape~4x4.~R1C1_1.Thermo~R2C1~R2C2~R2C3.WhiteDot~R3C1~R3C2\n"
    );
    let back = tmp.write("p.iss", &iss.stdout);
    let text = run(["convert", &back, "--to", "text"]);
    assert_eq!((text.code, text.stdout.as_str()), (Some(0), SUDOKU));
}

#[test]
fn convert_refuses_what_iss_cannot_hold() {
    let tmp = TempDir::new();
    let file = tmp.write("p.kenken", "size 2\n3 + A1 A2\n3 + B1 B2\n");
    let o = run(["convert", &file, "--to", "iss"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .contains("an ISS string holds Sudoku and Killer Sudoku, not a 2x2 kenken"),
        "{}",
        o.stderr
    );
}
