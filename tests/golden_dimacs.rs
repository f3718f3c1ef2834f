//! Golden DIMACS files: the export of each tiny puzzle in `encodings/golden/` must match its
//! `.cnf` byte for byte. Regenerate with `UPDATE_EXPECT=1 cargo test --test golden_dimacs`
//! and review the diff.

use std::path::Path;

use cagesat::cnf::dimacs::write_dimacs;
use cagesat::encode::{dimacs_comments, encode, EncodeOptions};
use cagesat::parse::parse_puzzle;
use expect_test::expect_file;

fn export(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let puzzle = parse_puzzle(&text, Some(Path::new(path)), false).unwrap();
    let opts = EncodeOptions::default();
    let enc = encode(&puzzle, &opts).unwrap();
    let mut out = Vec::new();
    write_dimacs(
        &mut out,
        &dimacs_comments(&puzzle, &enc, &opts),
        &enc.formula,
        &[],
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

macro_rules! golden {
    ($name:ident, $stem:literal) => {
        #[test]
        fn $name() {
            let cnf = export(concat!("encodings/golden/", $stem, ".kenken"));
            expect_file![concat!("../encodings/golden/", $stem, ".cnf")].assert_eq(&cnf);
            // Deterministic: a second export is identical.
            assert_eq!(cnf, export(concat!("encodings/golden/", $stem, ".kenken")));
        }
    };
}

golden!(kenken_2x2, "kenken-2x2");
golden!(kenken_3x3, "kenken-3x3");
