//! `encodings/sudoku.md`'s worked counts are the encoder's own family statistics.

use crate::common;
use crate::common::counts::{documented, encoded};

use cagesat::encode::{AmoEncoding, EncodeOptions};

/// The encoder's rows: x variables (N³), every family, the total.
fn actual(path: &str, n: usize) -> Vec<(String, usize, usize)> {
    let puzzle = common::load(path);
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    encoded(&puzzle.encode(&opts).unwrap(), n * n * n)
}

#[test]
fn sudoku_doc_matches_the_9x9_sample() {
    assert_eq!(
        documented("encodings/sudoku.md", "## Worked count: Sudoku"),
        actual("tests/data/sudoku/gen-9x9-s3.sudoku", 9)
    );
}

#[test]
fn sudoku_x_doc_matches_the_9x9_sample() {
    assert_eq!(
        documented("encodings/sudoku.md", "## Worked count: Sudoku X"),
        actual("tests/data/sudoku/x-9x9-s21.sudoku", 9)
    );
}

#[test]
fn jigsaw_doc_matches_the_solo_sample() {
    assert_eq!(
        documented("encodings/sudoku.md", "## Worked count: jigsaw Sudoku"),
        actual("tests/data/solo/9x9-jigsaw-basic.solo", 9)
    );
}

#[test]
fn killer_doc_matches_the_golden_4x4() {
    assert_eq!(
        documented("encodings/sudoku.md", "## Worked count: Killer Sudoku"),
        actual("encodings/golden/killer-4x4.killer", 4)
    );
}

#[test]
fn sudoku_latin_formulas() {
    // Every family of N² groups of N literals: pairwise 1 + N(N−1)/2 clauses each.
    for (path, n) in [
        ("tests/data/sudoku/gen-4x4-s1.sudoku", 4),
        ("tests/data/sudoku/gen-6x6-s2.sudoku", 6),
        ("tests/data/sudoku/gen-12x12-s5.sudoku", 12),
    ] {
        let rows = actual(path, n);
        for fam in ["cell", "row", "col", "box"] {
            let row = rows.iter().find(|r| r.0 == fam).unwrap();
            assert_eq!(row.2, n * n * (1 + n * (n - 1) / 2), "{path} {fam}");
        }
    }
}

#[test]
fn killer_doc_matches_the_16x16_sample() {
    assert_eq!(
        documented(
            "encodings/sudoku.md",
            "## Worked count: 16×16 Killer Sudoku"
        ),
        actual("tests/data/killer/gen-16x16-s16.killer", 16)
    );
}
