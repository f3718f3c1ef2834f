//! The counts documented in `encodings/*.md` are the encoder's real counts: each document has
//! a table of `| family | vars | clauses |` rows for its worked example, parsed here and
//! compared with [`Encoding::families`]. Formulas are checked too, on several sizes.

use crate::common;
use crate::common::counts::{documented, encoded};

use cagesat::{
    encode::{AmoEncoding, EncodeOptions, Encoding},
    Puzzle,
};

/// The side of a KenKen.
fn size(puzzle: &Puzzle) -> usize {
    puzzle.as_kenken().expect("not a KenKen").size()
}

/// The encoder's rows in the documents' shape: the x variables (N² cells × N digits for a
/// KenKen of side N), every family, the total.
fn actual(puzzle: &Puzzle, enc: &Encoding) -> Vec<(String, usize, usize)> {
    encoded(enc, size(puzzle).pow(3))
}

#[test]
fn kenken_doc_matches_norvig_6x6_with_operators_hidden() {
    let norvig = common::load("tests/data/kenken/norvig/norvig-07-6x6.kenken");
    let k = norvig.as_kenken().unwrap();
    let cages = k
        .cages()
        .iter()
        .map(|c| cagesat::puzzle::Cage {
            op: cagesat::puzzle::Op::Any,
            ..c.clone()
        })
        .collect();
    let puzzle = Puzzle::KenKen(cagesat::puzzle::KenKen::new(6, cages, false).unwrap());
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    let enc = puzzle.encode(&opts).unwrap();
    assert_eq!(
        documented("encodings/kenken.md", "## Operator-less cages"),
        actual(&puzzle, &enc)
    );
    // Every cage is a table, also when automata are forced.
    opts.kenken.constraint = cagesat::encode::ConstraintEncoding::Mdd;
    let forced = puzzle.encode(&opts).unwrap();
    assert_eq!(actual(&puzzle, &forced), actual(&puzzle, &enc));
}

#[test]
fn kenken_doc_matches_norvig_6x6() {
    let puzzle = common::load("tests/data/kenken/norvig/norvig-07-6x6.kenken");
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    let enc = puzzle.encode(&opts).unwrap();
    assert_eq!(
        documented("encodings/kenken.md", "## Worked count"),
        actual(&puzzle, &enc)
    );
}

#[test]
fn kenken_latin_formulas() {
    // cell/row/col families: N² groups of N literals each; pairwise: 1 + N(N−1)/2 clauses,
    // sequential: 1 + 3N − 4 clauses and N − 1 variables.
    for path in [
        "tests/data/kenken/norvig/norvig-01-4x4.kenken",
        "tests/data/kenken/norvig/norvig-10-8x8.kenken",
        "tests/data/kenken/wolfram/wolfram-9x9.kenken",
    ] {
        let puzzle = common::load(path);
        let n = size(&puzzle);
        for (amo, vars, clauses) in [
            (AmoEncoding::Pairwise, 0, 1 + n * (n - 1) / 2),
            (AmoEncoding::Sequential, n - 1, 1 + 3 * n - 4),
        ] {
            let enc = puzzle
                .encode(&{
                    let mut opts = EncodeOptions::default();
                    opts.amo = amo;
                    opts
                })
                .unwrap();
            for family in ["cell", "row", "col"] {
                let s = enc.family(family);
                assert_eq!(
                    (s.vars, s.clauses),
                    (n * n * vars, n * n * clauses),
                    "{path} {family} {amo:?}"
                );
            }
        }
    }
}

#[test]
fn golden_file_totals_in_the_docs_match_the_golden_files() {
    // Each document's worked golden example ends with the golden file's `p cnf` line.
    for (doc, cnf) in [
        ("encodings/kakuro.md", "encodings/golden/kakuro-3x4.cnf"),
        (
            "encodings/crossproduct.md",
            "encodings/golden/crossproduct-2x2.cnf",
        ),
    ] {
        let cnf = std::fs::read_to_string(cnf).unwrap();
        let p = cnf.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let text = std::fs::read_to_string(doc).unwrap();
        assert!(
            text.contains(&format!("`{p}`")),
            "{doc} does not show `{p}`"
        );
    }
}

#[test]
fn killer_doc_matches_the_derived_sums_sample() {
    let puzzle = common::load("tests/data/killer/gen-9x9-s13.killer");
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    opts.sudoku.derived_sums = cagesat::encode::DerivedSums::On;
    let rows = encoded(&puzzle.encode(&opts).unwrap(), 9 * 9 * 9);
    assert_eq!(
        documented(
            "encodings/sudoku.md",
            "## Worked count: Killer Sudoku with derived sums"
        ),
        rows
    );
}
