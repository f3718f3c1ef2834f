//! Corpus agreement: on every shipped KenKen, the native engine and the SAT pipeline both
//! find a unique, independently verified solution, the same one, equal to the published
//! solution (`.sol` / `.solution`) when one is shipped.

mod common;

use std::path::Path;

use cagesat::native::{self, NativeOptions};
use cagesat::solve::{solve_puzzle, Outcome, SolveOptions, VarisatBackend};

/// Solves `path` with both engines (uniqueness checked) and compares the answers.
fn check_agreement(path: &str) {
    let puzzle = common::load(path);
    let native_opts = NativeOptions {
        check_unique: true,
        ..NativeOptions::default()
    };
    let (native, stats) =
        native::solve(&puzzle, &native_opts).unwrap_or_else(|e| panic!("{path}: {e}"));
    let sat_opts = SolveOptions {
        check_unique: true,
        ..SolveOptions::default()
    };
    let (sat, _) = solve_puzzle(&puzzle, VarisatBackend::new(), &sat_opts)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let Outcome::Solved { grid, unique } = &native else {
        panic!("{path}: native engine found no solution");
    };
    assert_eq!(*unique, Some(true), "{path}: native says not unique");
    assert_eq!(native, sat, "{path}: engines disagree");
    assert!(
        stats.nodes >= 1 && stats.propagations >= 1,
        "{path}: no work recorded"
    );
    for ext in ["sol", "solution"] {
        if let Some(known) = common::read_solution(&Path::new(path).with_extension(ext)) {
            assert_eq!(*grid, known, "{path}: differs from the shipped .{ext}");
        }
    }
}

/// `agree!(name, "dir/file")`: both engines on `tests/data/kenken/dir/file.kenken`.
macro_rules! agree {
    ($name:ident, $path:literal) => {
        #[test]
        fn $name() {
            check_agreement(concat!("tests/data/kenken/", $path, ".kenken"));
        }
    };
}

agree!(keen_4x4_e_00, "keen/4x4-e-00");
agree!(keen_4x4_e_01, "keen/4x4-e-01");
agree!(keen_4x4_e_02, "keen/4x4-e-02");
agree!(keen_4x4_h_00, "keen/4x4-h-00");
agree!(keen_4x4_h_01, "keen/4x4-h-01");
agree!(keen_4x4_h_02, "keen/4x4-h-02");
agree!(keen_4x4_n_00, "keen/4x4-n-00");
agree!(keen_4x4_n_01, "keen/4x4-n-01");
agree!(keen_4x4_n_02, "keen/4x4-n-02");
agree!(keen_4x4_u_00, "keen/4x4-u-00");
agree!(keen_4x4_u_01, "keen/4x4-u-01");
agree!(keen_4x4_u_02, "keen/4x4-u-02");
agree!(keen_4x4_x_00, "keen/4x4-x-00");
agree!(keen_4x4_x_01, "keen/4x4-x-01");
agree!(keen_4x4_x_02, "keen/4x4-x-02");
agree!(keen_5x5_e_00, "keen/5x5-e-00");
agree!(keen_5x5_e_01, "keen/5x5-e-01");
agree!(keen_5x5_e_02, "keen/5x5-e-02");
agree!(keen_5x5_h_00, "keen/5x5-h-00");
agree!(keen_5x5_h_01, "keen/5x5-h-01");
agree!(keen_5x5_h_02, "keen/5x5-h-02");
agree!(keen_5x5_n_00, "keen/5x5-n-00");
agree!(keen_5x5_n_01, "keen/5x5-n-01");
agree!(keen_5x5_n_02, "keen/5x5-n-02");
agree!(keen_5x5_u_00, "keen/5x5-u-00");
agree!(keen_5x5_u_01, "keen/5x5-u-01");
agree!(keen_5x5_u_02, "keen/5x5-u-02");
agree!(keen_5x5_x_00, "keen/5x5-x-00");
agree!(keen_5x5_x_01, "keen/5x5-x-01");
agree!(keen_5x5_x_02, "keen/5x5-x-02");
agree!(keen_6x6_e_00, "keen/6x6-e-00");
agree!(keen_6x6_e_01, "keen/6x6-e-01");
agree!(keen_6x6_e_02, "keen/6x6-e-02");
agree!(keen_6x6_h_00, "keen/6x6-h-00");
agree!(keen_6x6_h_01, "keen/6x6-h-01");
agree!(keen_6x6_h_02, "keen/6x6-h-02");
agree!(keen_6x6_n_00, "keen/6x6-n-00");
agree!(keen_6x6_n_01, "keen/6x6-n-01");
agree!(keen_6x6_n_02, "keen/6x6-n-02");
agree!(keen_6x6_u_00, "keen/6x6-u-00");
agree!(keen_6x6_u_01, "keen/6x6-u-01");
agree!(keen_6x6_u_02, "keen/6x6-u-02");
agree!(keen_6x6_x_00, "keen/6x6-x-00");
agree!(keen_6x6_x_01, "keen/6x6-x-01");
agree!(keen_6x6_x_02, "keen/6x6-x-02");
agree!(keen_7x7_e_00, "keen/7x7-e-00");
agree!(keen_7x7_e_01, "keen/7x7-e-01");
agree!(keen_7x7_e_02, "keen/7x7-e-02");
agree!(keen_7x7_h_00, "keen/7x7-h-00");
agree!(keen_7x7_h_01, "keen/7x7-h-01");
agree!(keen_7x7_h_02, "keen/7x7-h-02");
agree!(keen_7x7_n_00, "keen/7x7-n-00");
agree!(keen_7x7_n_01, "keen/7x7-n-01");
agree!(keen_7x7_n_02, "keen/7x7-n-02");
agree!(keen_7x7_u_00, "keen/7x7-u-00");
agree!(keen_7x7_u_01, "keen/7x7-u-01");
agree!(keen_7x7_u_02, "keen/7x7-u-02");
agree!(keen_7x7_x_00, "keen/7x7-x-00");
agree!(keen_7x7_x_01, "keen/7x7-x-01");
agree!(keen_7x7_x_02, "keen/7x7-x-02");
agree!(keen_8x8_e_00, "keen/8x8-e-00");
agree!(keen_8x8_e_01, "keen/8x8-e-01");
agree!(keen_8x8_e_02, "keen/8x8-e-02");
agree!(keen_8x8_h_00, "keen/8x8-h-00");
agree!(keen_8x8_h_01, "keen/8x8-h-01");
agree!(keen_8x8_h_02, "keen/8x8-h-02");
agree!(keen_8x8_n_00, "keen/8x8-n-00");
agree!(keen_8x8_n_01, "keen/8x8-n-01");
agree!(keen_8x8_n_02, "keen/8x8-n-02");
agree!(keen_8x8_u_00, "keen/8x8-u-00");
agree!(keen_8x8_u_01, "keen/8x8-u-01");
agree!(keen_8x8_u_02, "keen/8x8-u-02");
agree!(keen_8x8_x_00, "keen/8x8-x-00");
agree!(keen_8x8_x_01, "keen/8x8-x-01");
agree!(keen_8x8_x_02, "keen/8x8-x-02");
agree!(keen_9x9_e_00, "keen/9x9-e-00");
agree!(keen_9x9_e_01, "keen/9x9-e-01");
agree!(keen_9x9_e_02, "keen/9x9-e-02");
agree!(keen_9x9_h_00, "keen/9x9-h-00");
agree!(keen_9x9_h_01, "keen/9x9-h-01");
agree!(keen_9x9_h_02, "keen/9x9-h-02");
agree!(keen_9x9_n_00, "keen/9x9-n-00");
agree!(keen_9x9_n_01, "keen/9x9-n-01");
agree!(keen_9x9_n_02, "keen/9x9-n-02");
agree!(keen_9x9_u_00, "keen/9x9-u-00");
agree!(keen_9x9_u_01, "keen/9x9-u-01");
agree!(keen_9x9_u_02, "keen/9x9-u-02");
agree!(keen_9x9_x_00, "keen/9x9-x-00");
agree!(keen_9x9_x_01, "keen/9x9-x-01");
agree!(keen_9x9_x_02, "keen/9x9-x-02");
agree!(norvig_norvig_01_4x4, "norvig/norvig-01-4x4");
agree!(norvig_norvig_02_4x4, "norvig/norvig-02-4x4");
agree!(norvig_norvig_03_4x4, "norvig/norvig-03-4x4");
agree!(norvig_norvig_04_5x5, "norvig/norvig-04-5x5");
agree!(norvig_norvig_05_5x5, "norvig/norvig-05-5x5");
agree!(norvig_norvig_06_5x5, "norvig/norvig-06-5x5");
agree!(norvig_norvig_07_6x6, "norvig/norvig-07-6x6");
agree!(norvig_norvig_08_7x7, "norvig/norvig-08-7x7");
agree!(norvig_norvig_09_7x7, "norvig/norvig-09-7x7");
agree!(norvig_norvig_10_8x8, "norvig/norvig-10-8x8");
agree!(public_2015xli_input_6_6x6, "public/2015xli_input_6_6x6");
agree!(public_2015xli_kenken_5_5x5, "public/2015xli_kenken_5_5x5");
agree!(public_2015xli_kenken_6_6x6, "public/2015xli_kenken_6_6x6");
agree!(public_2015xli_kenken_9_9x9, "public/2015xli_kenken_9_9x9");
agree!(public_ghfbsd_4x4, "public/ghfbsd_4x4");
agree!(public_ghfbsd_6x6, "public/ghfbsd_6x6");
agree!(
    public_ghfbsd_6x6_hard_for_logic,
    "public/ghfbsd_6x6_hard_for_logic"
);
agree!(public_ghfbsd_7x7, "public/ghfbsd_7x7");
agree!(
    public_svenoly_ny_times_aug_2033_7x7,
    "public/svenoly_NY_Times_Aug_2033_7x7"
);
agree!(
    public_svenoly_nytimes_20230611_7x7,
    "public/svenoly_nytimes_20230611_7x7"
);
agree!(public_svenoly_p5_27_mar_5x5, "public/svenoly_p5_27_mar_5x5");
agree!(
    public_svenoly_p7_mar2022_7x7,
    "public/svenoly_p7_mar2022_7x7"
);
agree!(public_svenoly_p8_hard_8x8, "public/svenoly_p8_hard_8x8");
agree!(
    public_svenoly_p9_39290_hard_9x9,
    "public/svenoly_p9_39290_hard_9x9"
);
agree!(public_svenoly_puzzle5_5x5, "public/svenoly_puzzle5_5x5");
agree!(public_svenoly_puzzle7_7x7, "public/svenoly_puzzle7_7x7");
agree!(public_svenoly_puzzle9_9x9, "public/svenoly_puzzle9_9x9");
agree!(wolfram_wolfram_4x4, "wolfram/wolfram-4x4");
agree!(wolfram_wolfram_6x6, "wolfram/wolfram-6x6");
agree!(wolfram_wolfram_9x9, "wolfram/wolfram-9x9");

#[test]
fn every_corpus_file_has_a_line() {
    let this = include_str!("native_corpus.rs");
    for dir in std::fs::read_dir("tests/data/kenken").unwrap() {
        let dir = dir.unwrap().path();
        // unsat/ has its own test below; generated/ (10x10 to 24x24) is the release-mode
        // corpus run in tests/large_kenken.rs.
        if !dir.is_dir() || dir.ends_with("unsat") || dir.ends_with("generated") {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "kenken") {
                let sub = dir.file_name().unwrap().to_string_lossy();
                let stem = file.file_stem().unwrap().to_string_lossy();
                let needle = format!("\"{sub}/{stem}\"");
                assert!(this.contains(&needle), "no agree! line for {needle}");
            }
        }
    }
}

#[test]
fn both_engines_report_unsat() {
    let puzzle = common::load("tests/data/kenken/unsat/2x2-no-solution.kenken");
    let opts = NativeOptions {
        check_unique: true,
        ..NativeOptions::default()
    };
    let (native, _) = native::solve(&puzzle, &opts).unwrap();
    let (sat, _) = solve_puzzle(&puzzle, VarisatBackend::new(), &SolveOptions::default()).unwrap();
    assert_eq!(native, Outcome::Unsat);
    assert_eq!(sat, Outcome::Unsat);
}
