//! The KenKen corpus over every engine: each shipped puzzle is solved by each engine
//! (varisat, cadical and native), proven unique, passes the independent checker, and equals the
//! published solution (`.sol` / `.solution`) where one is shipped. Two engines that each
//! prove uniqueness found the same grid. The 10×10 to 24×24 generated corpus is the
//! release-mode run in `tests/large_kenken.rs`.

use crate::common;

use cagesat::{Engine, EngineOptions, Outcome};
use common::{check_unique_with_known_solution, load, solve_file};

/// `kenken!(name, "dir/file")`: `tests/data/kenken/dir/file.kenken` with each engine
/// (tests `name::varisat`, `name::cadical`, `name::dpll`, `name::native`, `name::auto`), uniqueness checked, compared with `file.sol` /
/// `file.solution` when present.
macro_rules! kenken {
    ($name:ident, $path:literal) => {
        engine_test!($name, |e| check_unique_with_known_solution(
            e,
            concat!("tests/data/kenken/", $path, ".kenken")
        ));
    };
}

engine_test!(norvig_first_puzzle_has_his_solution, |e| {
    let grid = solve_file(e, "tests/data/kenken/norvig/norvig-01-4x4.kenken");
    assert_eq!(
        grid.to_rows(),
        vec![
            vec![4, 2, 3, 1],
            vec![3, 1, 4, 2],
            vec![2, 3, 1, 4],
            vec![1, 4, 2, 3]
        ]
    );
});

engine_test!(unsat_2x2_no_solution, |e: &Engine| {
    let puzzle = load("tests/data/kenken/unsat/2x2-no-solution.kenken");
    let opts = EngineOptions::default();
    assert_eq!(e.solve(&puzzle, &opts).unwrap().0, Outcome::Unsat);
    assert_eq!(e.prove_unique(&puzzle, &opts).unwrap().0, Outcome::Unsat);
    let (count, _) = e.count(&puzzle, &opts, None).unwrap();
    assert_eq!((count.count, count.complete), (0, true));
});

#[test]
fn every_corpus_file_has_a_line() {
    // unsat/ has its own test above; generated/ (10x10 to 24x24) is the release-mode corpus
    // run in tests/large_kenken.rs.
    let n = common::assert_every_file_listed(
        include_str!("kenken_corpus.rs"),
        "tests/data/kenken",
        &["keen", "norvig", "public", "wolfram"],
        "kenken",
    );
    assert_eq!(n, 120);
    let dirs = std::fs::read_dir("tests/data/kenken").unwrap();
    let mut names: Vec<String> = dirs
        .map(|d| d.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["generated", "keen", "norvig", "public", "unsat", "wolfram"],
        "a new corpus directory needs its test lines"
    );
}

kenken!(norvig_norvig_01_4x4, "norvig/norvig-01-4x4");
kenken!(norvig_norvig_02_4x4, "norvig/norvig-02-4x4");
kenken!(norvig_norvig_03_4x4, "norvig/norvig-03-4x4");
kenken!(norvig_norvig_04_5x5, "norvig/norvig-04-5x5");
kenken!(norvig_norvig_05_5x5, "norvig/norvig-05-5x5");
kenken!(norvig_norvig_06_5x5, "norvig/norvig-06-5x5");
kenken!(norvig_norvig_07_6x6, "norvig/norvig-07-6x6");
kenken!(norvig_norvig_08_7x7, "norvig/norvig-08-7x7");
kenken!(norvig_norvig_09_7x7, "norvig/norvig-09-7x7");
kenken!(norvig_norvig_10_8x8, "norvig/norvig-10-8x8");
kenken!(wolfram_wolfram_4x4, "wolfram/wolfram-4x4");
kenken!(wolfram_wolfram_6x6, "wolfram/wolfram-6x6");
kenken!(wolfram_wolfram_9x9, "wolfram/wolfram-9x9");
kenken!(public_2015xli_input_6_6x6, "public/2015xli_input_6_6x6");
kenken!(public_2015xli_kenken_5_5x5, "public/2015xli_kenken_5_5x5");
kenken!(public_2015xli_kenken_6_6x6, "public/2015xli_kenken_6_6x6");
kenken!(public_2015xli_kenken_9_9x9, "public/2015xli_kenken_9_9x9");
kenken!(public_ghfbsd_4x4, "public/ghfbsd_4x4");
kenken!(public_ghfbsd_6x6, "public/ghfbsd_6x6");
kenken!(
    public_ghfbsd_6x6_hard_for_logic,
    "public/ghfbsd_6x6_hard_for_logic"
);
kenken!(public_ghfbsd_7x7, "public/ghfbsd_7x7");
kenken!(
    public_svenoly_ny_times_aug_2033_7x7,
    "public/svenoly_NY_Times_Aug_2033_7x7"
);
kenken!(
    public_svenoly_nytimes_20230611_7x7,
    "public/svenoly_nytimes_20230611_7x7"
);
kenken!(public_svenoly_p5_27_mar_5x5, "public/svenoly_p5_27_mar_5x5");
kenken!(
    public_svenoly_p7_mar2022_7x7,
    "public/svenoly_p7_mar2022_7x7"
);
kenken!(public_svenoly_p8_hard_8x8, "public/svenoly_p8_hard_8x8");
kenken!(
    public_svenoly_p9_39290_hard_9x9,
    "public/svenoly_p9_39290_hard_9x9"
);
kenken!(public_svenoly_puzzle5_5x5, "public/svenoly_puzzle5_5x5");
kenken!(public_svenoly_puzzle7_7x7, "public/svenoly_puzzle7_7x7");
kenken!(public_svenoly_puzzle9_9x9, "public/svenoly_puzzle9_9x9");
kenken!(keen_4x4_e_00, "keen/4x4-e-00");
kenken!(keen_4x4_e_01, "keen/4x4-e-01");
kenken!(keen_4x4_e_02, "keen/4x4-e-02");
kenken!(keen_4x4_h_00, "keen/4x4-h-00");
kenken!(keen_4x4_h_01, "keen/4x4-h-01");
kenken!(keen_4x4_h_02, "keen/4x4-h-02");
kenken!(keen_4x4_n_00, "keen/4x4-n-00");
kenken!(keen_4x4_n_01, "keen/4x4-n-01");
kenken!(keen_4x4_n_02, "keen/4x4-n-02");
kenken!(keen_4x4_u_00, "keen/4x4-u-00");
kenken!(keen_4x4_u_01, "keen/4x4-u-01");
kenken!(keen_4x4_u_02, "keen/4x4-u-02");
kenken!(keen_4x4_x_00, "keen/4x4-x-00");
kenken!(keen_4x4_x_01, "keen/4x4-x-01");
kenken!(keen_4x4_x_02, "keen/4x4-x-02");
kenken!(keen_5x5_e_00, "keen/5x5-e-00");
kenken!(keen_5x5_e_01, "keen/5x5-e-01");
kenken!(keen_5x5_e_02, "keen/5x5-e-02");
kenken!(keen_5x5_h_00, "keen/5x5-h-00");
kenken!(keen_5x5_h_01, "keen/5x5-h-01");
kenken!(keen_5x5_h_02, "keen/5x5-h-02");
kenken!(keen_5x5_n_00, "keen/5x5-n-00");
kenken!(keen_5x5_n_01, "keen/5x5-n-01");
kenken!(keen_5x5_n_02, "keen/5x5-n-02");
kenken!(keen_5x5_u_00, "keen/5x5-u-00");
kenken!(keen_5x5_u_01, "keen/5x5-u-01");
kenken!(keen_5x5_u_02, "keen/5x5-u-02");
kenken!(keen_5x5_x_00, "keen/5x5-x-00");
kenken!(keen_5x5_x_01, "keen/5x5-x-01");
kenken!(keen_5x5_x_02, "keen/5x5-x-02");
kenken!(keen_6x6_e_00, "keen/6x6-e-00");
kenken!(keen_6x6_e_01, "keen/6x6-e-01");
kenken!(keen_6x6_e_02, "keen/6x6-e-02");
kenken!(keen_6x6_h_00, "keen/6x6-h-00");
kenken!(keen_6x6_h_01, "keen/6x6-h-01");
kenken!(keen_6x6_h_02, "keen/6x6-h-02");
kenken!(keen_6x6_n_00, "keen/6x6-n-00");
kenken!(keen_6x6_n_01, "keen/6x6-n-01");
kenken!(keen_6x6_n_02, "keen/6x6-n-02");
kenken!(keen_6x6_u_00, "keen/6x6-u-00");
kenken!(keen_6x6_u_01, "keen/6x6-u-01");
kenken!(keen_6x6_u_02, "keen/6x6-u-02");
kenken!(keen_6x6_x_00, "keen/6x6-x-00");
kenken!(keen_6x6_x_01, "keen/6x6-x-01");
kenken!(keen_6x6_x_02, "keen/6x6-x-02");
kenken!(keen_7x7_e_00, "keen/7x7-e-00");
kenken!(keen_7x7_e_01, "keen/7x7-e-01");
kenken!(keen_7x7_e_02, "keen/7x7-e-02");
kenken!(keen_7x7_h_00, "keen/7x7-h-00");
kenken!(keen_7x7_h_01, "keen/7x7-h-01");
kenken!(keen_7x7_h_02, "keen/7x7-h-02");
kenken!(keen_7x7_n_00, "keen/7x7-n-00");
kenken!(keen_7x7_n_01, "keen/7x7-n-01");
kenken!(keen_7x7_n_02, "keen/7x7-n-02");
kenken!(keen_7x7_u_00, "keen/7x7-u-00");
kenken!(keen_7x7_u_01, "keen/7x7-u-01");
kenken!(keen_7x7_u_02, "keen/7x7-u-02");
kenken!(keen_7x7_x_00, "keen/7x7-x-00");
kenken!(keen_7x7_x_01, "keen/7x7-x-01");
kenken!(keen_7x7_x_02, "keen/7x7-x-02");
kenken!(keen_8x8_e_00, "keen/8x8-e-00");
kenken!(keen_8x8_e_01, "keen/8x8-e-01");
kenken!(keen_8x8_e_02, "keen/8x8-e-02");
kenken!(keen_8x8_h_00, "keen/8x8-h-00");
kenken!(keen_8x8_h_01, "keen/8x8-h-01");
kenken!(keen_8x8_h_02, "keen/8x8-h-02");
kenken!(keen_8x8_n_00, "keen/8x8-n-00");
kenken!(keen_8x8_n_01, "keen/8x8-n-01");
kenken!(keen_8x8_n_02, "keen/8x8-n-02");
kenken!(keen_8x8_u_00, "keen/8x8-u-00");
kenken!(keen_8x8_u_01, "keen/8x8-u-01");
kenken!(keen_8x8_u_02, "keen/8x8-u-02");
kenken!(keen_8x8_x_00, "keen/8x8-x-00");
kenken!(keen_8x8_x_01, "keen/8x8-x-01");
kenken!(keen_8x8_x_02, "keen/8x8-x-02");
kenken!(keen_9x9_e_00, "keen/9x9-e-00");
kenken!(keen_9x9_e_01, "keen/9x9-e-01");
kenken!(keen_9x9_e_02, "keen/9x9-e-02");
kenken!(keen_9x9_h_00, "keen/9x9-h-00");
kenken!(keen_9x9_h_01, "keen/9x9-h-01");
kenken!(keen_9x9_h_02, "keen/9x9-h-02");
kenken!(keen_9x9_n_00, "keen/9x9-n-00");
kenken!(keen_9x9_n_01, "keen/9x9-n-01");
kenken!(keen_9x9_n_02, "keen/9x9-n-02");
kenken!(keen_9x9_u_00, "keen/9x9-u-00");
kenken!(keen_9x9_u_01, "keen/9x9-u-01");
kenken!(keen_9x9_u_02, "keen/9x9-u-02");
kenken!(keen_9x9_x_00, "keen/9x9-x-00");
kenken!(keen_9x9_x_01, "keen/9x9-x-01");
kenken!(keen_9x9_x_02, "keen/9x9-x-02");
