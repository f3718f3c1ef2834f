//! Golden SMT-LIB scripts: the export of each tiny puzzle in `encodings/golden/` must match
//! its `.smt2` byte for byte (regenerate with `UPDATE_EXPECT=1 cargo test --test
//! golden_smtlib` and review the diff), and the count table in `encodings/smtlib.md` must
//! match `smtlib_stats` and the count formulas, so the documentation cannot drift.

use crate::common;

use cagesat::{
    smt::{smtlib_stats, write_smtlib, ProductForm, SmtOptions, SmtStats},
    Puzzle,
};
use common::load;
use expect_test::expect_file;

fn export(path: &str, opts: &SmtOptions) -> (String, SmtStats) {
    let mut out = Vec::new();
    let stats = write_smtlib(&mut out, &load(path), opts, &[]).unwrap();
    (String::from_utf8(out).unwrap(), stats)
}

/// `golden!(test_name, "file stem", "extension")`: `encodings/golden/STEM.EXT` exports to
/// `encodings/golden/STEM.smt2`.
macro_rules! golden {
    ($name:ident, $stem:literal, $ext:literal) => {
        #[test]
        fn $name() {
            let puzzle = concat!("encodings/golden/", $stem, ".", $ext);
            let (script, _) = export(puzzle, &SmtOptions::default());
            expect_file![concat!("../../encodings/golden/", $stem, ".smt2")].assert_eq(&script);
            // Deterministic: a second export is identical.
            assert_eq!(script, export(puzzle, &SmtOptions::default()).0);
        }
    };
}

golden!(kenken_2x2, "kenken-2x2", "kenken");
golden!(kenken_3x3, "kenken-3x3", "kenken");
golden!(kenken_opless_3x3, "kenken-opless-3x3", "kenken");
golden!(kakuro_3x4, "kakuro-3x4", "kakuro");
golden!(crossproduct_2x2, "crossproduct-2x2", "crossproduct");
golden!(sudoku_4x4, "sudoku-4x4", "sudoku");
golden!(killer_4x4, "killer-4x4", "killer");

/// The counts of `encodings/smtlib.md` ("Worked counts"): declarations and assertions by
/// the formulas there.
fn by_formula(puzzle: &Puzzle, form: ProductForm) -> SmtStats {
    let exps = |max: usize, used: bool| match (form, used) {
        (ProductForm::Exponents, true) => [2, 3, 5, 7, 11, 13, 17, 19, 23]
            .iter()
            .filter(|&&p| p <= max)
            .count(),
        _ => 0,
    };
    match puzzle {
        Puzzle::KenKen(k) => {
            let n = k.size();
            let products = k.cages().iter().any(|c| {
                let op = c.effective_op();
                op == cagesat::puzzle::Op::Mul
                    || (op == cagesat::puzzle::Op::Div && c.cells.len() > 2)
            });
            let lines = if n > 1 { 2 * n } else { 0 };
            SmtStats {
                declarations: n * n + exps(n, products),
                assertions: n * n + lines + k.cages().len(),
            }
        }
        Puzzle::Kakuro(k) => SmtStats {
            declarations: k.white_cells().len(),
            assertions: k.white_cells().len() + k.runs().len(),
        },
        Puzzle::CrossProduct(p) => {
            let (r, c) = p.dims();
            SmtStats {
                declarations: r * c + exps(9, true),
                assertions: r * c + r + c,
            }
        }
        _ => panic!("no expected counts for {}", puzzle.kind()),
    }
}

#[test]
fn documented_counts_match_the_code() {
    let doc = std::fs::read_to_string("encodings/smtlib.md").unwrap();
    let section = doc
        .split("## Worked counts")
        .nth(1)
        .expect("a 'Worked counts' section");
    let mut rows = 0;
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let file = cells[1].trim_matches('`');
        let form = match cells[2] {
            "exponents" => ProductForm::Exponents,
            "nonlinear" => ProductForm::Nonlinear,
            other => panic!("unknown form {other}"),
        };
        let want = SmtStats {
            declarations: cells[3].parse().unwrap(),
            assertions: cells[4].parse().unwrap(),
        };
        let puzzle = load(file);
        let opts = SmtOptions { product: form };
        assert_eq!(smtlib_stats(&puzzle, &opts), want, "{line}");
        assert_eq!(by_formula(&puzzle, form), want, "formula: {line}");
        // The script really has that many commands of each kind.
        let (script, stats) = export(file, &opts);
        assert_eq!(stats, want);
        let count = |prefix: &str| script.lines().filter(|l| l.starts_with(prefix)).count();
        assert_eq!(
            count("(declare-const ") + count("(define-fun "),
            want.declarations
        );
        assert_eq!(count("(assert "), want.assertions);
        assert!(
            script.contains(&format!("(set-logic {})\n", cells[5])),
            "logic: {line}"
        );
        rows += 1;
    }
    assert!(rows >= 8, "only {rows} rows");
}
