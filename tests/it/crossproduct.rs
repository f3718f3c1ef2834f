//! The CrossProduct corpus over every engine (varisat, cadical, dpll, native and auto). Every solution found
//! has passed the independent verifier (inside `Engine::enumerate`); counts come from the
//! files' `# solutions:` headers and solution lists from the shipped `.solutions` /
//! `.solution` files, never from this file. SAT engines run under every line encoding,
//! with and without the line filter; the native engine has one configuration.
//! Native and SAT are cross-checked on random tables with the SAT line filter off, so the
//! two sides share no `product::Lattice` code.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use cagesat::puzzle::{CrossProduct, Puzzle};
use cagesat::{
    encode::{ConstraintEncoding, EncodeOptions},
    Engine, EngineOptions, Grid, Outcome,
};
use common::crossproduct::{configs, read_solutions, stated_count, Stated};
use common::{assert_worked, load, read_solution, solutions, sorted};
use proptest::prelude::*;

const ALL_ENCODINGS: [ConstraintEncoding; 3] = [
    ConstraintEncoding::Auto,
    ConstraintEncoding::Tuples,
    ConstraintEncoding::Mdd,
];

/// Each encoding with the line filter on and off.
fn with_and_without_filter(encodings: &[ConstraintEncoding]) -> Vec<(ConstraintEncoding, bool)> {
    encodings
        .iter()
        .flat_map(|&e| [(e, true), (e, false)])
        .collect()
}

/// Seeds: the stated number of solutions is found (a SAT engine under each of `encodings`,
/// with and without the line filter), and when a `.solutions` file lists them, exactly those.
fn check_seed(engine: &Engine, path: &str, encodings: &[ConstraintEncoding]) {
    let puzzle = load(path);
    let Some(Stated::Exact(want)) = stated_count(path) else {
        panic!("{path}: no exact '# solutions:' header");
    };
    let listed = read_solutions(&Path::new(path).with_extension("solutions"));
    for opts in configs(engine, &with_and_without_filter(encodings)) {
        let what = format!("{path} with {} {:?}", engine.name(), opts.encode);
        let (got, count) = solutions(engine, &puzzle, &opts, Some(want as u64 + 1));
        assert_eq!(got.len(), want, "{what}");
        assert!(count.complete, "{what}: not finished");
        if let Some(listed) = &listed {
            assert_eq!(
                sorted(&got),
                sorted(listed),
                "{what}: differs from .solutions"
            );
        }
    }
    let (_, stats) = engine.solve(&puzzle, &EngineOptions::default()).unwrap();
    assert_worked(&stats, path);
}

/// Public puzzles: solved with the uniqueness check. Files whose header says several
/// solutions exist must not be unique; all others must be unique and match `.solution`.
/// The shipped `.solution` must pass the checker either way.
fn check_public(engine: &Engine, path: &str) {
    let puzzle = load(path);
    let text = std::fs::read_to_string(path).unwrap();
    let multiple = text
        .lines()
        .any(|l| l.starts_with('#') && l.contains("multiple solutions"));
    let (outcome, stats) = engine
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_worked(&stats, path);
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{path}: no solution");
    };
    let known = read_solution(&Path::new(path).with_extension("solution")).unwrap();
    puzzle.verify(&known).unwrap();
    if multiple {
        assert_eq!(unique, Some(false), "{path}: header says several solutions");
    } else {
        assert_eq!(unique, Some(true), "{path}: not unique");
        assert_eq!(grid, known, "{path}: differs from the .solution");
    }
}

/// How many of a puzzle's solutions a CDCL backend enumerates here. Each solution costs a
/// solver call with one more blocking clause, so the tens of thousands some generated
/// tables have took CI a quarter of an hour on two backends. Past this many, the backend
/// enumerates this many, each verified and none twice, and where the count is exact each
/// one among the native engine's full enumeration; the stated count is the native and
/// `auto` engines' test.
const SAT_PREFIX: usize = 300;

/// Generated puzzles: the stated count (exact, or at least K), and the generating table
/// passes the checker and is among the solutions when all were enumerated.
fn check_generated(engine: &Engine, path: &str) {
    let puzzle = load(path);
    let known = read_solution(&Path::new(path).with_extension("solution")).unwrap();
    puzzle.verify(&known).unwrap();
    let opts = EngineOptions::default();
    let stated = stated_count(path).unwrap();
    let many = match stated {
        Stated::Exact(want) | Stated::AtLeast(want) => want > SAT_PREFIX,
    };
    if many && matches!(engine, Engine::Varisat | Engine::Cadical) {
        let (prefix, count) = solutions(engine, &puzzle, &opts, Some(SAT_PREFIX as u64));
        assert_eq!(
            (prefix.len(), count.complete),
            (SAT_PREFIX, false),
            "{path}"
        );
        let all: Option<HashSet<_>> = match stated {
            Stated::Exact(want) => {
                let (all, _) = solutions(&Engine::Native, &puzzle, &opts, None);
                assert_eq!(all.len(), want, "{path}: native count");
                Some(all.iter().map(Grid::to_rows).collect())
            }
            Stated::AtLeast(_) => None,
        };
        let mut seen = HashSet::new();
        for g in &prefix {
            puzzle.verify(g).unwrap();
            assert!(seen.insert(g.to_rows()), "{path}: a solution twice");
            if let Some(all) = &all {
                assert!(all.contains(&g.to_rows()), "{path}: not a native solution");
            }
        }
        return;
    }
    match stated {
        Stated::Exact(want) => {
            let (got, count) = solutions(engine, &puzzle, &opts, Some(want as u64 + 1));
            assert_eq!((got.len(), count.complete), (want, true), "{path}");
            assert!(
                got.contains(&known),
                "{path}: generating table not enumerated"
            );
        }
        Stated::AtLeast(want) => {
            let (count, _) = engine.count(&puzzle, &opts, Some(want as u64)).unwrap();
            assert_eq!(count.count, want as u64, "{path}");
        }
    }
}

/// `seed!(name, "file")`: `seeds/file.crossproduct` with each engine, under every encoding.
macro_rules! seed {
    ($name:ident, $file:literal) => {
        engine_test!($name, |e| check_seed(
            e,
            concat!("tests/data/crossproduct/seeds/", $file, ".crossproduct"),
            &ALL_ENCODINGS
        ));
    };
}

/// `public!(name, "file")`: `public/file.crossproduct` with each engine.
macro_rules! public {
    ($name:ident, $file:literal) => {
        engine_test!($name, |e| check_public(
            e,
            concat!("tests/data/crossproduct/public/", $file, ".crossproduct")
        ));
    };
}

/// `generated!(name, "file")`: `generated/file.crossproduct` with each engine;
/// `generated!(name, "file", slow_on_sat = "why")` ignores the SAT tests (both backends) in
/// normal runs.
/// Thousands of solutions mean thousands of blocking-clause calls for SAT (seconds to
/// minutes: the release-mode `--ignored` run); the native engine takes milliseconds.
macro_rules! generated {
    ($name:ident, $file:literal $(, slow_on_sat = $why:literal)?) => {
        engine_test!(
            $name,
            |e| check_generated(
                e,
                concat!("tests/data/crossproduct/generated/", $file, ".crossproduct")
            )
            $(, sat: #[ignore = $why])?
        );
    };
}

// Norvig's reorder puzzle: all 36,685 solutions (SAT under the default encoding only, in
// the release-mode `--ignored` run; the native engine enumerates them in about a second).
engine_test!(
    seeds_norvig_reorder_10x3,
    |e| check_seed(
        e,
        "tests/data/crossproduct/seeds/norvig-reorder-10x3.crossproduct",
        &[ConstraintEncoding::Auto]
    ),
    sat: #[ignore = "enumerates 36,685 solutions; run with --release --ignored"]
);

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
    gen_10x10_s1101000,
    "gen_crossproduct_10x10_s1101000",
    slow_on_sat = "slow: >=4644 solutions, 10x10"
);
generated!(
    gen_10x10_s1101002,
    "gen_crossproduct_10x10_s1101002",
    slow_on_sat = "slow: >=4718 solutions, 10x10"
);
generated!(
    gen_10x3_s1100300,
    "gen_crossproduct_10x3_s1100300",
    slow_on_sat = "slow: 21335 solutions, 10x3"
);
generated!(
    gen_10x3_s1100302,
    "gen_crossproduct_10x3_s1100302",
    slow_on_sat = "slow: 18297 solutions, 10x3"
);
generated!(
    gen_10x3_s1100305,
    "gen_crossproduct_10x3_s1100305",
    slow_on_sat = "slow: 27416 solutions, 10x3"
);
generated!(
    gen_10x3_s1100308,
    "gen_crossproduct_10x3_s1100308",
    slow_on_sat = "slow: 731 solutions, 10x3"
);
generated!(
    gen_10x3_s1100311,
    "gen_crossproduct_10x3_s1100311",
    slow_on_sat = "slow: 17554 solutions, 10x3"
);
generated!(
    gen_10x3_s1100314,
    "gen_crossproduct_10x3_s1100314",
    slow_on_sat = "slow: >=76525 solutions, 10x3"
);
generated!(
    gen_10x3_s1100317,
    "gen_crossproduct_10x3_s1100317",
    slow_on_sat = "slow: 25215 solutions, 10x3"
);
generated!(
    gen_10x6_s1100600,
    "gen_crossproduct_10x6_s1100600",
    slow_on_sat = "slow: >=12819 solutions, 10x6"
);
generated!(
    gen_10x6_s1100602,
    "gen_crossproduct_10x6_s1100602",
    slow_on_sat = "slow: >=9137 solutions, 10x6"
);
generated!(
    gen_12x12_s1121200,
    "gen_crossproduct_12x12_s1121200",
    slow_on_sat = "slow: >=738 solutions, 12x12"
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
    gen_6x6_s1060600,
    "gen_crossproduct_6x6_s1060600",
    slow_on_sat = "slow: >=19749 solutions, 6x6"
);
generated!(
    gen_6x6_s1060603,
    "gen_crossproduct_6x6_s1060603",
    slow_on_sat = "slow: >=15640 solutions, 6x6"
);
generated!(
    gen_6x6_s1060606,
    "gen_crossproduct_6x6_s1060606",
    slow_on_sat = "slow: 1942 solutions, 6x6"
);
generated!(
    gen_8x8_s1080800,
    "gen_crossproduct_8x8_s1080800",
    slow_on_sat = "slow: >=9876 solutions, 8x8"
);
generated!(
    gen_8x8_s1080803,
    "gen_crossproduct_8x8_s1080803",
    slow_on_sat = "slow: >=7579 solutions, 8x8"
);
generated!(
    gen_8x8_s1080806,
    "gen_crossproduct_8x8_s1080806",
    slow_on_sat = "slow: >=9261 solutions, 8x8"
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

#[test]
fn every_corpus_file_has_a_line() {
    let this = include_str!("crossproduct.rs");
    let n = |dir: &str| {
        let root = format!("tests/data/crossproduct/{dir}");
        common::assert_every_file_listed(this, &root, &[""], "crossproduct")
    };
    assert_eq!((n("seeds"), n("public"), n("generated")), (10, 23, 91));
}

/// A table's solution count from the native engine and from varisat with the line filter
/// off and on (each capped at `cap`). With the filter off the SAT side shares no code with
/// the native engine's line reasoning (both otherwise run `product::Lattice`).
fn counts(table: &[Vec<u8>], cap: u64) -> [u64; 3] {
    let puzzle = Puzzle::CrossProduct(CrossProduct::from_table(table).unwrap());
    let count = |engine: Engine, line_filter: bool| {
        let opts = EngineOptions {
            encode: {
                let mut opts = EncodeOptions::default();
                opts.crossproduct.line_filter = line_filter;
                opts
            },
            ..EngineOptions::default()
        };
        engine.count(&puzzle, &opts, Some(cap)).unwrap().0.count
    };
    [
        count(Engine::Native, true),
        count(Engine::Varisat, false),
        count(Engine::Varisat, true),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn native_count_equals_sat_count(
        table in (1usize..=3, 1usize..=4).prop_flat_map(|(r, c)| {
            proptest::collection::vec(proptest::collection::vec(1u8..=9, c), r)
        })
    ) {
        let [native, unfiltered, filtered] = counts(&table, 2000);
        prop_assert!(native >= 1);
        prop_assert_eq!(native, unfiltered, "native vs SAT without the line filter");
        prop_assert_eq!(native, filtered, "native vs SAT with the line filter");
    }
}

#[test]
fn known_tables_count_the_same_with_both_engines() {
    // Norvig's "multi" puzzle (rows and columns 8 8 1): 4 solutions.
    let multi = [vec![1, 8, 1], vec![8, 1, 1], vec![1, 1, 1]];
    assert_eq!(counts(&multi, 100), [4, 4, 4]);
    let [n, unfiltered, filtered] = counts(&[vec![2, 3, 4], vec![6, 1, 2]], 5000);
    assert_eq!((unfiltered, filtered), (n, n));
    assert!(n > 1, "{n}");
}

/// Row and column totals that disagree (a column product changed to 2^32 on a random
/// 12×12) mean no table: both engines, and an external solver on the CNF, answer at once
/// (this ran over a minute in both engines before the totals check).
#[test]
fn inconsistent_totals_are_unsat_at_once() {
    let mut rng = cagesat::generate::SplitMix64::new(12);
    let table = cagesat::generate::random_table(&mut rng, 12, 12);
    let p = CrossProduct::from_table(&table).unwrap();
    let mut cols = p.cols().to_vec();
    cols[0] = 4_294_967_296;
    let puzzle = Puzzle::CrossProduct(CrossProduct::new(p.rows().to_vec(), cols).unwrap());
    let opts = EngineOptions {
        // A guard against a regression hanging the suite, not a speed claim.
        stop: cagesat::Stop::new()
            .with_deadline(std::time::Instant::now() + std::time::Duration::from_secs(60)),
        ..EngineOptions::default()
    };
    let mut engines = Engine::builtin();
    if common::has_program("cadical") {
        engines.push(Engine::External {
            command: "cadical".into(),
            timeout: None,
        });
    }
    for engine in engines {
        let (outcome, _) = engine.prove_unique(&puzzle, &opts).unwrap();
        assert_eq!(outcome, Outcome::Unsat, "{}", engine.name());
    }
    // The CNF is one empty clause over the x variables, recorded as the `totals` family.
    let enc = puzzle.encode(&EncodeOptions::default()).unwrap();
    assert_eq!(enc.family("totals").clauses, 1);
    assert_eq!(enc.stats().clauses, 1);
}
