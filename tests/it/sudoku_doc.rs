//! `encodings/sudoku.md`'s worked counts are the encoder's own family statistics.

use crate::common;

use cagesat::encode::{AmoEncoding, EncodeOptions};

/// The rows of the first `| family | vars | clauses |` table after `marker`.
fn documented(marker: &str) -> Vec<(String, usize, usize)> {
    let text = std::fs::read_to_string("encodings/sudoku.md").unwrap();
    let start = text.find(marker).unwrap_or_else(|| panic!("no '{marker}'"));
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| family | vars"))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let vars = cells.get(1)?.parse().ok()?;
            let clauses = cells.get(2)?.parse().ok()?;
            Some((cells[0].trim_matches('`').to_string(), vars, clauses))
        })
        .collect()
}

/// The encoder's rows: x variables (N³), every family, the total.
fn actual(path: &str, n: usize) -> Vec<(String, usize, usize)> {
    let puzzle = common::load(path);
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    let enc = puzzle.encode(&opts).unwrap();
    let mut rows: Vec<_> = enc
        .families()
        .iter()
        .map(|f| (f.name.to_string(), f.stats.vars, f.stats.clauses))
        .collect();
    rows.insert(0, ("x".to_string(), n * n * n, 0));
    let total = enc.stats();
    rows.push(("total".to_string(), total.vars, total.clauses));
    rows
}

#[test]
fn sudoku_doc_matches_the_9x9_sample() {
    assert_eq!(
        documented("## Worked count: Sudoku"),
        actual("tests/data/sudoku/gen-9x9-s3.sudoku", 9)
    );
}

#[test]
fn sudoku_x_doc_matches_the_9x9_sample() {
    assert_eq!(
        documented("## Worked count: Sudoku X"),
        actual("tests/data/sudoku/x-9x9-s21.sudoku", 9)
    );
}

#[test]
fn jigsaw_doc_matches_the_solo_sample() {
    assert_eq!(
        documented("## Worked count: jigsaw Sudoku"),
        actual("tests/data/solo/9x9-jigsaw-basic.solo", 9)
    );
}

#[test]
fn killer_doc_matches_the_golden_4x4() {
    assert_eq!(
        documented("## Worked count: Killer Sudoku"),
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
        documented("## Worked count: 16×16 Killer Sudoku"),
        actual("tests/data/killer/gen-16x16-s16.killer", 16)
    );
}
