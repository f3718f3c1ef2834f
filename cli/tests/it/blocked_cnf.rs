//! The "is there another one?" workflow through an external solver (issue #28, item 3):
//! `encode --block X.solution` → solver → `decode --block X.solution` reads UNSAT as
//! "the blocked grid is the only one" and a model as a second solution; `decode --cnf`
//! takes the formula options from the CNF's header, and without it an answer to a formula
//! of another size gets the options that give that size named.

use crate::common;

use cagesat::{Engine, EngineOptions, Grid, Puzzle};
use common::cli::{run, TempDir};
use common::has_program;

const KEEN_4X4: &str = "tests/data/kenken/keen/4x4-e-00.kenken";
const KEEN_4X4_SOLUTION: &str = "tests/data/kenken/keen/4x4-e-00.sol";

/// Latin squares of side 4 whose rows sum to 10: 576 solutions.
const ROWS_4X4: &str = "size 4\n10 + A1 A2 A3 A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n\
    10 + D1 D2 D3 D4\n";

/// `grid` as a solution file (one row of digits per line).
fn solution_text(grid: &Grid<u8>) -> String {
    grid.iter_rows()
        .map(|r| r.iter().map(u8::to_string).collect::<String>() + "\n")
        .collect()
}

/// A DIMACS answer that sets the x variables of `cnf` (its `c x VAR CELL=DIGIT` lines) to
/// `grid`.
fn model_of(cnf: &str, grid: &Grid<u8>) -> String {
    let lits: Vec<String> = cnf
        .lines()
        .filter_map(|l| l.strip_prefix("c x "))
        .map(|rest| {
            let (var, meaning) = rest.split_once(' ').unwrap();
            let (cell, digit) = meaning.split_once('=').unwrap();
            let cell = cagesat::Cell::parse_label(cell).unwrap();
            if grid.get(cell).to_string() == digit {
                var.to_string()
            } else {
                format!("-{var}")
            }
        })
        .collect();
    format!("s SATISFIABLE\nv {} 0\n", lits.join(" "))
}

#[test]
fn an_unsat_answer_to_the_blocked_cnf_reads_as_unique() {
    let tmp = TempDir::new();
    let cnf = tmp.path("b.cnf");
    let o = run(["encode", "--block", KEEN_4X4_SOLUTION, KEEN_4X4, "-o", &cnf]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let unsat = tmp.write("b.out", "s UNSATISFIABLE\n");
    for extra in [vec![], vec!["--cnf", cnf.as_str()]] {
        let mut args = vec!["decode", "--json", "--block", KEEN_4X4_SOLUTION];
        args.extend(&extra);
        args.extend([KEEN_4X4, unsat.as_str()]);
        let o = run(&args);
        assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
        let json = o.json();
        assert_eq!(json["status"], "solved", "{json}");
        assert_eq!(json["unique"], true, "{json}");
        let want = common::read_solution(std::path::Path::new(KEEN_4X4_SOLUTION)).unwrap();
        assert_eq!(json["solution"], serde_json::json!(want.to_rows()));
    }
    let o = run(["decode", "--block", KEEN_4X4_SOLUTION, KEEN_4X4, &unsat]);
    assert!(o.stdout.ends_with("solved (unique)\n"), "{}", o.stdout);
    // Given the blocked CNF but not what it blocks, UNSAT is not "no solution".
    let o = run(["decode", "--cnf", &cnf, KEEN_4X4, &unsat]);
    assert_eq!(o.code, Some(2), "{}", o.stdout);
    assert_eq!(
        o.stderr,
        format!(
            "{cnf}: the CNF blocks 1 solution(s) ('c block' line), so UNSAT means there is none \
             but those: pass them with --block FILE.solution\n"
        )
    );
    // The real solver, when installed.
    if has_program("cadical") {
        let out = std::process::Command::new("cadical")
            .args(["-q", &cnf])
            .output()
            .unwrap();
        let answer = tmp.write("real.out", &String::from_utf8(out.stdout).unwrap());
        let o = run(["decode", "--block", KEEN_4X4_SOLUTION, KEEN_4X4, &answer]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        assert!(o.stdout.ends_with("solved (unique)\n"), "{}", o.stdout);
    }
}

#[test]
fn a_model_of_the_blocked_cnf_is_a_second_solution() {
    let tmp = TempDir::new();
    let rows = tmp.write("rows.kenken", ROWS_4X4);
    let puzzle = Puzzle::parse(ROWS_4X4).unwrap();
    let (outcome, _) = Engine::Varisat
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap();
    let (first, second) = (outcome.grid().unwrap(), outcome.second().unwrap());
    let blocked = tmp.write("first.solution", &solution_text(first));
    let cnf_path = tmp.path("m.cnf");
    let o = run(["encode", "--block", &blocked, &rows, "-o", &cnf_path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let cnf = std::fs::read_to_string(&cnf_path).unwrap();
    let answer = tmp.write("m.out", &model_of(&cnf, second));
    let o = run([
        "decode", "--json", "--cnf", &cnf_path, "--block", &blocked, &rows, &answer,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let json = o.json();
    assert_eq!(json["unique"], false, "{json}");
    assert_eq!(json["solution"], serde_json::json!(first.to_rows()));
    assert_eq!(json["second"], serde_json::json!(second.to_rows()));
    let differ: Vec<String> = first
        .differences(second)
        .iter()
        .map(|c| c.label())
        .collect();
    assert_eq!(json["differ"], serde_json::json!(differ));

    // An answer that is the blocked grid itself is to the CNF without the block.
    let same = tmp.write("same.out", &model_of(&cnf, first));
    let o = run(["decode", "--block", &blocked, &rows, &same]);
    assert_eq!(o.code, Some(2), "{}", o.stdout);
    assert_eq!(
        o.stderr,
        format!(
            "{same}: the answer is blocked grid 1 (is it the answer to the CNF without its \
             blocking clauses?)\n"
        )
    );
    // Two blocked grids and UNSAT: exactly those two, not unique.
    let other = tmp.write("second.solution", &solution_text(second));
    let unsat = tmp.write("u.out", "s UNSATISFIABLE\n");
    let o = run([
        "decode", "--json", "--block", &blocked, "--block", &other, &rows, &unsat,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.json()["unique"], false);
    assert_eq!(o.json()["second"], serde_json::json!(second.to_rows()));
}

#[test]
fn a_blocked_grid_is_verified_before_the_answer_means_anything() {
    let tmp = TempDir::new();
    let rows = tmp.write("rows.kenken", ROWS_4X4);
    let bad = tmp.write("bad.solution", "1234\n1234\n3412\n4321\n");
    let unsat = tmp.write("u.out", "s UNSATISFIABLE\n");
    let o = run(["decode", "--block", &bad, &rows, &unsat]);
    assert_eq!(o.code, Some(2), "{}", o.stdout);
    assert_eq!(
        o.stderr,
        format!(
            "{bad}: the blocked grid is not a solution of the puzzle: digit 1 repeats in column 1 \
             (cells A1 and B1)\n"
        )
    );
    // A grid of the wrong shape is a positioned error, as for encode.
    let small = tmp.write("small.solution", "12\n21\n");
    let o = run(["decode", "--block", &small, &rows, &unsat]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.starts_with(&format!("{small}:1:1: ")),
        "{}",
        o.stderr
    );
}

#[test]
fn decode_reads_the_options_from_the_cnf_header_or_names_them() {
    let tmp = TempDir::new();
    let cnf = tmp.path("s.cnf");
    let o = run([
        "encode",
        "--amo",
        "sequential",
        "--encoding",
        "mdd",
        KEEN_4X4,
        "-o",
        &cnf,
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let text = std::fs::read_to_string(&cnf).unwrap();
    let grid = common::read_solution(std::path::Path::new(KEEN_4X4_SOLUTION)).unwrap();
    // The model up to the formula's last variable, as a solver prints it.
    let vars = text.lines().find_map(|l| l.strip_prefix("p cnf ")).unwrap();
    let vars = vars.split_whitespace().next().unwrap();
    let answer = model_of(&text, &grid).replace(" 0\n", &format!(" -{vars} 0\n"));
    let answer = tmp.write("s.out", &answer);
    let o = run(["decode", "--cnf", &cnf, KEEN_4X4, &answer]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.ends_with("solved\n"), "{}", o.stdout);
    // Without the header: the options that give the answer's size are named.
    let o = run(["decode", KEEN_4X4, &answer]);
    assert_eq!(o.code, Some(2), "{}", o.stdout);
    assert!(
        o.stderr.contains("is out of range") && o.stderr.contains("`--amo sequential ")
            && o.stderr.contains("--encoding mdd`")
            && o.stderr.trim_end().ends_with(
                "pass those options to decode, or --cnf FILE.cnf to read them from the CNF's header"
            ),
        "{}",
        o.stderr
    );
    // Options that contradict the header, and a CNF of another puzzle, are refused.
    let o = run([
        "decode", "--cnf", &cnf, "--amo", "pairwise", KEEN_4X4, &answer,
    ]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!(
            "{cnf}: the CNF was written with --amo sequential --cage-lines auto --encoding mdd, \
             not --amo pairwise --cage-lines auto --encoding auto: leave the formula options out \
             with --cnf\n"
        )
    );
    let other = "tests/data/kenken/keen/5x5-e-00.kenken";
    let o = run(["decode", "--cnf", &cnf, other, &answer]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("{cnf}: the CNF is of a kenken 4x4, the puzzle a kenken 5x5\n")
    );
    let plain = tmp.write("plain.cnf", "p cnf 1 1\n1 0\n");
    let o = run(["decode", "--cnf", &plain, KEEN_4X4, &answer]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!(
            "{plain}:1:1: no 'c cagesat …' and 'c options: …' header lines: not a CNF written by \
             cagesat encode\n"
        )
    );
}
