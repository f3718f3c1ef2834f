//! Golden DIMACS files: the export of each tiny puzzle in `encodings/golden/` must match its
//! `.cnf` byte for byte. Regenerate with `UPDATE_EXPECT=1 cargo test --test golden_dimacs`
//! and review the diff.
//!
//! The header is checked too: for every puzzle kind, at-most-one encoding and constraint
//! encoding, the `c aux` ranges and the x range cover the variables 1..=n exactly once, in
//! order.

use std::path::Path;

use cagesat::{
    dimacs::write_dimacs,
    encode::{AmoEncoding, CageLines, ConstraintEncoding, EncodeOptions, Encoding},
    Puzzle,
};
use expect_test::expect_file;

fn load(path: &str) -> Puzzle {
    Puzzle::read(Path::new(path)).unwrap()
}

fn dimacs(puzzle: &Puzzle, enc: &Encoding, opts: &EncodeOptions) -> String {
    let mut out = Vec::new();
    write_dimacs(&mut out, puzzle, enc, opts, &[]).unwrap();
    String::from_utf8(out).unwrap()
}

fn export(path: &str) -> String {
    let puzzle = load(path);
    let opts = EncodeOptions::default();
    let enc = puzzle.encode(&opts).unwrap();
    dimacs(&puzzle, &enc, &opts)
}

/// `golden!(test_name, "file stem", "extension")`: `encodings/golden/STEM.EXT` exports to
/// `encodings/golden/STEM.cnf`.
macro_rules! golden {
    ($name:ident, $stem:literal, $ext:literal) => {
        #[test]
        fn $name() {
            let puzzle = concat!("encodings/golden/", $stem, ".", $ext);
            let cnf = export(puzzle);
            expect_file![concat!("../../encodings/golden/", $stem, ".cnf")].assert_eq(&cnf);
            // Deterministic: a second export is identical.
            assert_eq!(cnf, export(puzzle));
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

/// Checks that the header's x range and `c aux` ranges cover 1..=n exactly once, in
/// order, with the `c aux` lines right before the `p cnf` line; returns the aux lines.
fn assert_aux_cover(cnf: &str, what: &str) -> Vec<String> {
    let lines: Vec<&str> = cnf.lines().collect();
    let p = lines
        .iter()
        .position(|l| l.starts_with("p cnf "))
        .unwrap_or_else(|| panic!("{what}: no p line"));
    let n: usize = lines[p].split(' ').nth(2).unwrap().parse().unwrap();
    let x_end: usize = lines
        .iter()
        .find_map(|l| l.strip_prefix("c variables 1.."))
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("{what}: no variables line"))
        .parse()
        .unwrap();
    let first_aux = lines[..p]
        .iter()
        .position(|l| l.starts_with("c aux "))
        .unwrap_or(p);
    let aux: Vec<String> = lines[first_aux..p].iter().map(|l| l.to_string()).collect();
    let mut next = x_end + 1;
    for line in &aux {
        let mut words = line.strip_prefix("c aux ").unwrap_or(line).splitn(2, ' ');
        let range = words.next().unwrap();
        let role = words.next().unwrap_or("");
        let (a, b) = range
            .split_once('-')
            .unwrap_or_else(|| panic!("{what}: {line}"));
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(a, next, "{what}: gap or overlap at '{line}'");
        assert!(b >= a && !role.is_empty(), "{what}: bad range '{line}'");
        next = b + 1;
    }
    assert_eq!(next, n + 1, "{what}: variables {next}..={n} are not listed");
    aux
}

const AMOS: [AmoEncoding; 3] = [
    AmoEncoding::Auto,
    AmoEncoding::Pairwise,
    AmoEncoding::Sequential,
];
const CONSTRAINTS: [ConstraintEncoding; 3] = [
    ConstraintEncoding::Auto,
    ConstraintEncoding::Tuples,
    ConstraintEncoding::Mdd,
];

#[test]
fn aux_ranges_cover_every_variable_of_every_kind_and_option() {
    let files = [
        "encodings/golden/kenken-3x3.kenken",
        "tests/data/kenken/norvig/norvig-07-6x6.kenken",
        "tests/data/kenken/generated/gen_kenken_12x12_s12000.kenken",
        "encodings/golden/kakuro-3x4.kakuro",
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "encodings/golden/crossproduct-2x2.crossproduct",
        "tests/data/crossproduct/seeds/norvig-3x3.crossproduct",
        "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct",
        "tests/data/crossproduct/seeds/riddler-2.crossproduct",
    ];
    let mut roles = std::collections::BTreeSet::new();
    for file in files {
        let puzzle = load(file);
        for amo in AMOS {
            for constraint in CONSTRAINTS {
                for (cage_lines, line_filter) in [(CageLines::Auto, true), (CageLines::On, false)] {
                    let mut opts = EncodeOptions::default().with_constraint(constraint);
                    opts.amo = amo;
                    opts.kenken.cage_lines = cage_lines;
                    opts.crossproduct.line_filter = line_filter;
                    let enc = puzzle.encode(&opts).unwrap();
                    let what = format!("{file} {amo} {constraint} {cage_lines} {line_filter}");
                    let aux = assert_aux_cover(&dimacs(&puzzle, &enc, &opts), &what);
                    roles.extend(
                        aux.iter()
                            .map(|l| l.splitn(4, ' ').nth(3).unwrap().to_string()),
                    );
                }
            }
        }
    }
    // Every kind of auxiliary variable was met at least once.
    assert_eq!(
        roles.into_iter().collect::<Vec<_>>(),
        [
            "cage automaton node/edge",
            "cage line digit",
            "cage tuple selector",
            "cell ladder",
            "col ladder",
            "line automaton node/edge",
            "line tuple selector",
            "row ladder",
            "run automaton node/edge",
            "run combination selector",
            "run ladder",
        ]
    );
}

#[test]
fn header_names_the_options_and_what_was_written() {
    let header = |file: &str, opts: &EncodeOptions| -> Vec<String> {
        let puzzle = load(file);
        let enc = puzzle.encode(opts).unwrap();
        dimacs(&puzzle, &enc, opts)
            .lines()
            .filter(|l| !l.starts_with("c x ") && !l.starts_with("c variables"))
            .take_while(|l| l.starts_with("c "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        header("tests/data/kenken/norvig/norvig-07-6x6.kenken", &{
            let mut opts = EncodeOptions::default().with_constraint(ConstraintEncoding::Mdd);
            opts.amo = AmoEncoding::Sequential;
            opts.kenken.cage_lines = CageLines::On;
            opts
        }),
        [
            "c cagesat kenken 6x6",
            "c options: --amo sequential --cage-lines on --encoding mdd",
            "c encoding: one-hot x(cell,digit); cells exactly-one: 36 sequential (ladder); \
             rows/columns exactly-one per digit: 72 sequential (ladder); cages: 4 as tuple \
             tables, 11 as layered automata (MDD); cages with cage-line clauses: 4",
            // The 11 `+`/`*` cages as automata, the 4 `-`/`/` cages as tables, in cage order.
            "c aux 217-396 cell ladder",
            "c aux 397-576 row ladder",
            "c aux 577-756 col ladder",
            "c aux 757-764 cage automaton node/edge",
            "c aux 765-770 cage tuple selector",
            "c aux 771-818 cage automaton node/edge",
            "c aux 819-828 cage tuple selector",
            "c aux 829-1040 cage automaton node/edge",
            "c aux 1041-1046 cage tuple selector",
            "c aux 1047-1066 cage line digit",
        ]
    );
    assert_eq!(
        header(
            "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct",
            &{
                let mut opts = EncodeOptions::default().with_constraint(ConstraintEncoding::Mdd);
                opts.amo = AmoEncoding::Sequential;
                opts.crossproduct.line_filter = false;
                opts
            }
        ),
        [
            "c cagesat crossproduct 3x3",
            "c options: --amo sequential --encoding mdd --no-line-filter",
            "c encoding: one-hot x(cell,digit); digits removed by prime factors: 60; \
             cells exactly-one: 4 sequential (ladder), 5 as unit clauses; rows/columns: 6 as \
             layered automata (MDD)",
            "c aux 82-93 cell ladder",
            "c aux 94-171 line automaton node/edge",
        ]
    );
}
