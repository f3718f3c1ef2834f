//! CrossProduct corpus tests. Every solution found is checked by the independent verifier
//! (inside the helpers); counts come from the files' `# solutions:` headers and solution
//! lists from the shipped `.solutions` / `.solution` files, never from this file.

mod common;

use std::path::Path;

use cagesat::encode::{ConstraintEncoding, EncodeOptions};
use cagesat::solve::{solve_puzzle, Outcome, SolveOptions, VarisatBackend};
use common::crossproduct::{enumerate, read_solutions, stated_count, Stated};
use common::{load, read_solution};

const ALL_ENCODINGS: [ConstraintEncoding; 3] = [
    ConstraintEncoding::Auto,
    ConstraintEncoding::Tuples,
    ConstraintEncoding::Mdd,
];

fn opts(constraint: ConstraintEncoding, line_filter: bool) -> EncodeOptions {
    EncodeOptions {
        constraint,
        line_filter,
        ..EncodeOptions::default()
    }
}

/// The stated number of solutions is found (under every line encoding, with and without
/// the line filter), and when a `.solutions` file lists them, exactly those.
fn check_seed(path: &str, encodings: &[ConstraintEncoding]) {
    let puzzle = load(path);
    let Some(Stated::Exact(want)) = stated_count(path) else {
        panic!("{path}: no exact '# solutions:' header");
    };
    for (&e, filter) in encodings.iter().flat_map(|e| [(e, true), (e, false)]) {
        let mut got = enumerate(&puzzle, &opts(e, filter), want + 1);
        assert_eq!(got.len(), want, "{path} with {e:?}, line filter {filter}");
        if let Some(mut listed) = read_solutions(&Path::new(path).with_extension("solutions")) {
            got.sort_by_key(|g| g.to_rows());
            listed.sort_by_key(|g| g.to_rows());
            assert_eq!(
                got, listed,
                "{path}: solutions differ from the .solutions file"
            );
        }
    }
}

/// Public puzzles: solved with the uniqueness check. Files whose header says several
/// solutions exist must not be unique; all others must be unique and match `.solution`.
/// The shipped `.solution` must pass the checker either way.
fn check_public(path: &str) {
    let puzzle = load(path);
    let text = std::fs::read_to_string(path).unwrap();
    let multiple = text
        .lines()
        .any(|l| l.starts_with('#') && l.contains("multiple solutions"));
    let sopts = SolveOptions {
        check_unique: true,
        ..SolveOptions::default()
    };
    let (outcome, _) = solve_puzzle(&puzzle, VarisatBackend::new(), &sopts).unwrap();
    let Outcome::Solved { grid, unique } = outcome else {
        panic!("{path}: no solution");
    };
    let known = read_solution(&Path::new(path).with_extension("solution")).unwrap();
    cagesat::verify::verify(&puzzle, &known).unwrap();
    if multiple {
        assert_eq!(unique, Some(false), "{path}: header says several solutions");
    } else {
        assert_eq!(unique, Some(true), "{path}: not unique");
        assert_eq!(grid, known, "{path}: differs from the .solution");
    }
}

/// Generated puzzles: the stated count (exact, or at least K), and the generating table
/// passes the checker and is among the solutions when all were enumerated.
fn check_generated(path: &str) {
    let puzzle = load(path);
    let known = read_solution(&Path::new(path).with_extension("solution")).unwrap();
    cagesat::verify::verify(&puzzle, &known).unwrap();
    let o = EncodeOptions::default();
    match stated_count(path).unwrap() {
        Stated::Exact(want) => {
            let got = enumerate(&puzzle, &o, want + 1);
            assert_eq!(got.len(), want, "{path}");
            assert!(
                got.contains(&known),
                "{path}: generating table not enumerated"
            );
        }
        Stated::AtLeast(want) => {
            assert_eq!(enumerate(&puzzle, &o, want).len(), want, "{path}");
        }
    }
}

macro_rules! seed {
    ($(#[$m:meta])* $name:ident, $file:literal) => {
        #[test]
        $(#[$m])*
        fn $name() {
            check_seed(concat!("tests/data/crossproduct/seeds/", $file, ".crossproduct"), &ALL_ENCODINGS);
        }
    };
}

macro_rules! public {
    ($name:ident, $file:literal) => {
        #[test]
        fn $name() {
            check_public(concat!(
                "tests/data/crossproduct/public/",
                $file,
                ".crossproduct"
            ));
        }
    };
}

macro_rules! generated {
    ($(#[$m:meta])* $name:ident, $file:literal) => {
        #[test]
        $(#[$m])*
        fn $name() {
            check_generated(concat!("tests/data/crossproduct/generated/", $file, ".crossproduct"));
        }
    };
}

/// Norvig's reorder puzzle: all 36,685 solutions (slow in debug builds; CI runs ignored
/// tests in release mode).
#[test]
#[ignore = "enumerates 36,685 solutions; run with --release --ignored"]
fn seeds_norvig_reorder_10x3_all_solutions() {
    let path = "tests/data/crossproduct/seeds/norvig-reorder-10x3.crossproduct";
    check_seed(path, &[ConstraintEncoding::Auto]);
}

seed!(seeds_norvig_3x3, "norvig-3x3");
seed!(seeds_norvig_4col, "norvig-4col");
seed!(seeds_norvig_7x3, "norvig-7x3");
seed!(seeds_norvig_7x7_twice, "norvig-7x7-twice");
seed!(seeds_norvig_multi_4, "norvig-multi-4");
seed!(seeds_norvig_unsolvable, "norvig-unsolvable");
seed!(seeds_riddler_1, "riddler-1");
seed!(seeds_riddler_2, "riddler-2");
seed!(seeds_riddler_3, "riddler-3");

public!(public_norvig_example_5x3, "norvig_example_5x3");
public!(public_norvig_random_10x6, "norvig_random_10x6");
public!(public_norvig_wellformed_01_5x3, "norvig_wellformed_01_5x3");
public!(public_norvig_wellformed_02_5x3, "norvig_wellformed_02_5x3");
public!(public_norvig_wellformed_03_5x3, "norvig_wellformed_03_5x3");
public!(public_norvig_wellformed_04_5x3, "norvig_wellformed_04_5x3");
public!(public_norvig_wellformed_05_5x3, "norvig_wellformed_05_5x3");
public!(public_norvig_wellformed_06_5x3, "norvig_wellformed_06_5x3");
public!(public_norvig_wellformed_07_5x3, "norvig_wellformed_07_5x3");
public!(public_norvig_wellformed_08_5x3, "norvig_wellformed_08_5x3");
public!(public_norvig_wellformed_09_5x3, "norvig_wellformed_09_5x3");
public!(public_norvig_wellformed_10_5x3, "norvig_wellformed_10_5x3");
public!(public_norvig_wellformed_11_5x3, "norvig_wellformed_11_5x3");
public!(public_norvig_wellformed_12_5x3, "norvig_wellformed_12_5x3");
public!(public_norvig_wellformed_13_5x3, "norvig_wellformed_13_5x3");
public!(public_norvig_wellformed_14_5x3, "norvig_wellformed_14_5x3");
public!(public_norvig_wellformed_15_6x3, "norvig_wellformed_15_6x3");
public!(public_norvig_wellformed_16_6x3, "norvig_wellformed_16_6x3");
public!(
    public_riddler_2021_01_15_classic_8x3,
    "riddler_2021-01-15_classic_8x3"
);
public!(
    public_riddler_2021_02_05_express_5x3,
    "riddler_2021-02-05_express_5x3"
);
public!(
    public_riddler_2021_02_12_express_6x3,
    "riddler_2021-02-12_express_6x3"
);
public!(
    public_riddler_2021_02_19_express_7x3,
    "riddler_2021-02-19_express_7x3"
);
public!(
    public_riddler_2021_02_26_express_4x4,
    "riddler_2021-02-26_express_4x4"
);

generated!(
    #[ignore = "slow: >=4644 solutions, 10x10"]
    gen_10x10_s1101000,
    "gen_crossproduct_10x10_s1101000"
);
generated!(
    #[ignore = "slow: >=4718 solutions, 10x10"]
    gen_10x10_s1101002,
    "gen_crossproduct_10x10_s1101002"
);
generated!(
    #[ignore = "slow: 21335 solutions, 10x3"]
    gen_10x3_s1100300,
    "gen_crossproduct_10x3_s1100300"
);
generated!(
    #[ignore = "slow: 18297 solutions, 10x3"]
    gen_10x3_s1100302,
    "gen_crossproduct_10x3_s1100302"
);
generated!(
    #[ignore = "slow: 27416 solutions, 10x3"]
    gen_10x3_s1100305,
    "gen_crossproduct_10x3_s1100305"
);
generated!(
    #[ignore = "slow: 731 solutions, 10x3"]
    gen_10x3_s1100308,
    "gen_crossproduct_10x3_s1100308"
);
generated!(
    #[ignore = "slow: 17554 solutions, 10x3"]
    gen_10x3_s1100311,
    "gen_crossproduct_10x3_s1100311"
);
generated!(
    #[ignore = "slow: >=76525 solutions, 10x3"]
    gen_10x3_s1100314,
    "gen_crossproduct_10x3_s1100314"
);
generated!(
    #[ignore = "slow: 25215 solutions, 10x3"]
    gen_10x3_s1100317,
    "gen_crossproduct_10x3_s1100317"
);
generated!(
    #[ignore = "slow: >=12819 solutions, 10x6"]
    gen_10x6_s1100600,
    "gen_crossproduct_10x6_s1100600"
);
generated!(
    #[ignore = "slow: >=9137 solutions, 10x6"]
    gen_10x6_s1100602,
    "gen_crossproduct_10x6_s1100602"
);
generated!(
    #[ignore = "slow: >=738 solutions, 12x12"]
    gen_12x12_s1121200,
    "gen_crossproduct_12x12_s1121200"
);
generated!(gen_5x3_s1050300, "gen_crossproduct_5x3_s1050300");
generated!(gen_5x3_s1050302, "gen_crossproduct_5x3_s1050302");
generated!(gen_5x3_s1050305, "gen_crossproduct_5x3_s1050305");
generated!(gen_5x3_s1050308, "gen_crossproduct_5x3_s1050308");
generated!(gen_5x3_s1050311, "gen_crossproduct_5x3_s1050311");
generated!(gen_5x3_s1050314, "gen_crossproduct_5x3_s1050314");
generated!(gen_5x3_s1050317, "gen_crossproduct_5x3_s1050317");
generated!(gen_5x3_s1050320, "gen_crossproduct_5x3_s1050320");
generated!(gen_5x3_s1050323, "gen_crossproduct_5x3_s1050323");
generated!(gen_5x3_s1050326, "gen_crossproduct_5x3_s1050326");
generated!(gen_5x3_s1050329, "gen_crossproduct_5x3_s1050329");
generated!(gen_5x3_s1050332, "gen_crossproduct_5x3_s1050332");
generated!(gen_5x3_s1050335, "gen_crossproduct_5x3_s1050335");
generated!(gen_5x3_s1050338, "gen_crossproduct_5x3_s1050338");
generated!(gen_5x3_s1050341, "gen_crossproduct_5x3_s1050341");
generated!(gen_5x3_s1050344, "gen_crossproduct_5x3_s1050344");
generated!(gen_5x3_s1050347, "gen_crossproduct_5x3_s1050347");
generated!(gen_5x3_s1050350, "gen_crossproduct_5x3_s1050350");
generated!(gen_5x3_s1050353, "gen_crossproduct_5x3_s1050353");
generated!(gen_5x3_s1050356, "gen_crossproduct_5x3_s1050356");
generated!(gen_5x3_s1050359, "gen_crossproduct_5x3_s1050359");
generated!(gen_5x3_s1050362, "gen_crossproduct_5x3_s1050362");
generated!(gen_5x3_s1050365, "gen_crossproduct_5x3_s1050365");
generated!(gen_5x3_s1050368, "gen_crossproduct_5x3_s1050368");
generated!(gen_5x3_s1050371, "gen_crossproduct_5x3_s1050371");
generated!(gen_5x3_s1050374, "gen_crossproduct_5x3_s1050374");
generated!(gen_5x3_s1050377, "gen_crossproduct_5x3_s1050377");
generated!(gen_5x3_s1050380, "gen_crossproduct_5x3_s1050380");
generated!(gen_5x3_s1050383, "gen_crossproduct_5x3_s1050383");
generated!(gen_5x3_s1050386, "gen_crossproduct_5x3_s1050386");
generated!(gen_5x3_s1050389, "gen_crossproduct_5x3_s1050389");
generated!(gen_5x3_s1050392, "gen_crossproduct_5x3_s1050392");
generated!(gen_5x3_s1050395, "gen_crossproduct_5x3_s1050395");
generated!(gen_5x3_s1050398, "gen_crossproduct_5x3_s1050398");
generated!(gen_5x3_s1050401, "gen_crossproduct_5x3_s1050401");
generated!(gen_5x3_s1050404, "gen_crossproduct_5x3_s1050404");
generated!(gen_5x3_s1050407, "gen_crossproduct_5x3_s1050407");
generated!(gen_5x3_s1050410, "gen_crossproduct_5x3_s1050410");
generated!(gen_5x3_s1050413, "gen_crossproduct_5x3_s1050413");
generated!(gen_5x3_s1050416, "gen_crossproduct_5x3_s1050416");
generated!(gen_5x3_s1050419, "gen_crossproduct_5x3_s1050419");
generated!(gen_5x3_s1050422, "gen_crossproduct_5x3_s1050422");
generated!(gen_5x3_s1050425, "gen_crossproduct_5x3_s1050425");
generated!(gen_5x3_s1050428, "gen_crossproduct_5x3_s1050428");
generated!(gen_5x3_s1050431, "gen_crossproduct_5x3_s1050431");
generated!(gen_5x3_s1050434, "gen_crossproduct_5x3_s1050434");
generated!(gen_5x3_s1050437, "gen_crossproduct_5x3_s1050437");
generated!(gen_5x3_s1050440, "gen_crossproduct_5x3_s1050440");
generated!(gen_5x3_s1050443, "gen_crossproduct_5x3_s1050443");
generated!(gen_5x3_s1050446, "gen_crossproduct_5x3_s1050446");
generated!(gen_5x3_s1050449, "gen_crossproduct_5x3_s1050449");
generated!(gen_5x3_s1050452, "gen_crossproduct_5x3_s1050452");
generated!(gen_5x3_s1050455, "gen_crossproduct_5x3_s1050455");
generated!(gen_5x3_s1050458, "gen_crossproduct_5x3_s1050458");
generated!(gen_5x3_s1050461, "gen_crossproduct_5x3_s1050461");
generated!(gen_5x3_s1050464, "gen_crossproduct_5x3_s1050464");
generated!(gen_5x3_s1050467, "gen_crossproduct_5x3_s1050467");
generated!(gen_5x3_s1050470, "gen_crossproduct_5x3_s1050470");
generated!(gen_5x3_s1050473, "gen_crossproduct_5x3_s1050473");
generated!(gen_5x3_s1050476, "gen_crossproduct_5x3_s1050476");
generated!(gen_5x3_s1050479, "gen_crossproduct_5x3_s1050479");
generated!(gen_5x3_s1050482, "gen_crossproduct_5x3_s1050482");
generated!(gen_5x3_s1050485, "gen_crossproduct_5x3_s1050485");
generated!(gen_5x3_s1050488, "gen_crossproduct_5x3_s1050488");
generated!(gen_5x3_s1050491, "gen_crossproduct_5x3_s1050491");
generated!(gen_5x3_s1050494, "gen_crossproduct_5x3_s1050494");
generated!(gen_5x3_s1050497, "gen_crossproduct_5x3_s1050497");
generated!(
    #[ignore = "slow: >=19749 solutions, 6x6"]
    gen_6x6_s1060600,
    "gen_crossproduct_6x6_s1060600"
);
generated!(
    #[ignore = "slow: >=15640 solutions, 6x6"]
    gen_6x6_s1060603,
    "gen_crossproduct_6x6_s1060603"
);
generated!(
    #[ignore = "slow: 1942 solutions, 6x6"]
    gen_6x6_s1060606,
    "gen_crossproduct_6x6_s1060606"
);
generated!(
    #[ignore = "slow: >=9876 solutions, 8x8"]
    gen_8x8_s1080800,
    "gen_crossproduct_8x8_s1080800"
);
generated!(
    #[ignore = "slow: >=7579 solutions, 8x8"]
    gen_8x8_s1080803,
    "gen_crossproduct_8x8_s1080803"
);
generated!(
    #[ignore = "slow: >=9261 solutions, 8x8"]
    gen_8x8_s1080806,
    "gen_crossproduct_8x8_s1080806"
);
generated!(
    gen_unique_6x3_s20000000_104,
    "gen_crossproduct_unique_6x3_s20000000_104"
);
generated!(
    gen_unique_6x3_s20000000_215,
    "gen_crossproduct_unique_6x3_s20000000_215"
);
generated!(
    gen_unique_6x6_s40000030_5096,
    "gen_crossproduct_unique_6x6_s40000030_5096"
);
generated!(
    gen_unique_6x6_s40000277_96683,
    "gen_crossproduct_unique_6x6_s40000277_96683"
);
generated!(
    gen_unique_8x4_s30000002_55002,
    "gen_crossproduct_unique_8x4_s30000002_55002"
);
generated!(
    gen_unique_8x4_s30000006_93545,
    "gen_crossproduct_unique_8x4_s30000006_93545"
);
