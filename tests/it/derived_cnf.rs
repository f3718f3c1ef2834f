//! A Killer's derived sums in the CNF (`--derived-sums`, `src/encode/derived.rs`) are
//! implied, never new: on the shipped Killers and on random 9×9 Killers with cages left out
//! (several solutions), varisat and CaDiCaL find as many solutions, counted up to 3, with
//! and without them (the same ones when there are fewer than 3); every solution passes the independent verifier (which
//! [`Engine::enumerate`] runs on each) and the solution sets are equal. The option writes
//! clauses (`derived-sum-*` families), and `off` writes none.

use crate::common;
use crate::derived_sums::{cages, Rng};

use cagesat::encode::{DerivedSums, EncodeOptions};
use cagesat::{Engine, EngineOptions, Grid, ParseOptions, Puzzle};

/// Counts stop here.
const LIMIT: u64 = 3;

/// The shipped Killers (Killer X included) that the test reads.
const SHIPPED: [&str; 7] = [
    "tests/data/killer/gen-4x4-s11.killer",
    "tests/data/killer/gen-6x6-s12.killer",
    "tests/data/killer/gen-9x9-s13.killer",
    "tests/data/killer/gen-9x9-s14.killer",
    "tests/data/killer/x-9x9-s22.killer",
    "encodings/golden/killer-4x4.killer",
    "tests/data/collections/tarek-42.killers",
];

fn options(derived: DerivedSums) -> EngineOptions {
    let mut encode = EncodeOptions::default();
    encode.sudoku.derived_sums = derived;
    EngineOptions {
        encode,
        ..EngineOptions::default()
    }
}

/// The solutions `engine` finds (up to [`LIMIT`]) and whether it proved there are no more.
fn solutions(puzzle: &Puzzle, engine: &Engine, derived: DerivedSums) -> (Grids, bool) {
    let mut seen: Vec<Grid<u8>> = Vec::new();
    let (count, _) = engine
        .enumerate(puzzle, &options(derived), Some(LIMIT), |g| {
            assert!(puzzle.verify(g).is_ok());
            seen.push(g.clone());
        })
        .unwrap();
    assert_eq!(count.count, seen.len() as u64);
    (common::sorted(&seen), count.complete)
}

/// Solutions as sorted row lists.
type Grids = Vec<Vec<Vec<u8>>>;

/// Checks that both CDCL engines find the same solutions with and without the derived
/// sums; returns how many there are (up to [`LIMIT`]).
fn same_with_and_without(puzzle: &Puzzle, what: &str) -> usize {
    let (base, complete) = solutions(puzzle, &Engine::Varisat, DerivedSums::Off);
    assert!(!base.is_empty(), "{what}: no solution");
    for engine in [Engine::Varisat, Engine::Cadical] {
        for derived in [DerivedSums::On, DerivedSums::Auto] {
            let (got, got_complete) = solutions(puzzle, &engine, derived);
            let what = format!("{what}: {engine:?} {derived}");
            assert_eq!((got.len(), got_complete), (base.len(), complete), "{what}");
            // Beyond the cap each engine may meet other solutions first.
            if complete {
                assert_eq!(got, base, "{what}");
            }
        }
    }
    base.len()
}

/// The sizes of the derived-sum families with `derived`.
fn derived_clauses(puzzle: &Puzzle, derived: DerivedSums) -> usize {
    let mut opts = EncodeOptions::default();
    opts.sudoku.derived_sums = derived;
    let enc = puzzle.encode(&opts).unwrap();
    ["derived-sum-run", "derived-sum-mdd"]
        .iter()
        .map(|f| enc.family(f).clauses)
        .sum()
}

#[test]
fn shipped_killers_keep_their_solutions() {
    let mut written = 0;
    for path in SHIPPED {
        let text = std::fs::read_to_string(path).unwrap();
        // A collection holds one Killer a line; the first three are enough here.
        let puzzles: Vec<Puzzle> = if path.ends_with(".killers") {
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .take(3)
                .map(|l| Puzzle::parse_with(l, &ParseOptions::default().path(path)).unwrap())
                .collect()
        } else {
            vec![common::load(path)]
        };
        for puzzle in &puzzles {
            assert_eq!(same_with_and_without(puzzle, path), 1, "{path}");
            assert_eq!(derived_clauses(puzzle, DerivedSums::Off), 0, "{path}");
            written += derived_clauses(puzzle, DerivedSums::On);
        }
    }
    assert!(written > 0, "no derived sum was written");
}

/// The text of a 9×9 Killer whose cages are cut from `grid` ([`cages`]: connected,
/// distinct digits, up to `max` cells, one in `drop` left out).
fn killer(rng: &mut Rng, grid: &[u8], max: usize, drop: usize) -> String {
    let n = 9;
    let mut t = String::from("size 9\n");
    for (sum, cells) in cages(rng, grid, n, max, drop) {
        let names: Vec<String> = cells
            .iter()
            .map(|&i| format!("{}{}", char::from(b'A' + (i / n) as u8), i % n + 1))
            .collect();
        t += &format!("{sum} {}\n", names.join(" "));
    }
    t
}

#[test]
fn killers_with_several_solutions_keep_them() {
    let mut rng = Rng(0x5eed_0038_c0f5);
    let (mut several, mut written) = (0, 0);
    for i in 0..12 {
        let shift = rng.below(9);
        let grid: Vec<u8> = (0..81)
            .map(|j| ((3 * ((j / 9) % 3) + (j / 9) / 3 + j % 9 + shift) % 9 + 1) as u8)
            .collect();
        let t = killer(&mut rng, &grid, 3 + i % 4, 4 + i % 3);
        let puzzle = Puzzle::parse_with(&t, &ParseOptions::default().path("t.killer"))
            .unwrap_or_else(|e| panic!("{e}\n{t}"));
        several += usize::from(same_with_and_without(&puzzle, &t) > 1);
        written += derived_clauses(&puzzle, DerivedSums::On);
    }
    assert!(several >= 4, "only {several} with several solutions");
    assert!(written > 0, "no derived sum was written");
}
