//! Exact solution counts over every engine, against the brute force of
//! `tests/common/brute.rs` (all Latin squares with cage arithmetic written out, independent
//! of the encoder, the native engine and `verify`): on 4×4 puzzles with several solutions
//! each engine must find exactly the brute force's set of grids, the native engine also
//! with every cage forced onto bounds reasoning, and a limit must stop the count early.

use crate::common;

use std::path::Path;

use cagesat::puzzle::{Cage, KenKen, Op, Puzzle};
use cagesat::{
    engine::{EngineStats, NativeOptions},
    Cell, Engine, EngineOptions, Grid,
};
use common::{brute, exact_count, load, read_solution, solutions, sorted};
use proptest::prelude::*;

fn cell(label: &str) -> Cell {
    Cell::parse_label(label).unwrap()
}

fn cage(op: Op, target: u64, cells: &[Cell]) -> Cage {
    Cage {
        op,
        target,
        cells: cells.to_vec(),
    }
}

fn as_kenken(p: &Puzzle) -> &KenKen {
    let Puzzle::KenKen(k) = p else {
        panic!("not a KenKen puzzle");
    };
    k
}

/// A 4×4 KenKen from cages (not necessarily covering the grid).
fn kenken(cages: Vec<Cage>) -> Puzzle {
    Puzzle::KenKen(KenKen::new(4, cages, false).unwrap())
}

/// The engine's exact count, checked against the brute force; returns it.
fn count(engine: &Engine, k: &KenKen) -> u64 {
    let puzzle = Puzzle::KenKen(k.clone());
    let n = exact_count(engine, &puzzle, &EngineOptions::default());
    assert_eq!(n, brute::count(&puzzle), "{}: brute force", engine.name());
    n
}

/// The engine finds exactly the brute force's solutions (the native engine also with
/// bounds reasoning on every cage), and a limit of 2 stops it; returns how many.
fn check_counts(engine: &Engine, puzzle: &Puzzle) -> usize {
    let name = engine.name();
    let brute = sorted(&brute::solutions(puzzle));
    let (grids, count) = solutions(engine, puzzle, &EngineOptions::default(), None);
    assert!(count.complete, "{name}: enumeration finished");
    assert_eq!(sorted(&grids), brute, "{name}: solutions");
    if *engine == Engine::Native {
        let bounds_only = EngineOptions {
            native: NativeOptions {
                tuple_limit: 0,
                ..NativeOptions::default()
            },
            ..EngineOptions::default()
        };
        let mut grids: Vec<Grid<u8>> = Vec::new();
        let (_, stats) = engine
            .enumerate(puzzle, &bounds_only, None, |g| grids.push(g.clone()))
            .unwrap();
        assert_eq!(sorted(&grids), brute, "native with bounds only");
        let EngineStats::Native(stats) = stats else {
            panic!("native stats expected");
        };
        assert_eq!(stats.bounds_cages, as_kenken(puzzle).cages().len());
    }
    let (limited, _) = engine
        .count(puzzle, &EngineOptions::default(), Some(2))
        .unwrap();
    assert_eq!(
        (limited.count as usize, limited.complete),
        (brute.len().min(2), brute.len() < 2),
        "{name}: count stops at the limit"
    );
    brute.len()
}

#[test]
fn latin_square_counts_are_known() {
    assert_eq!(brute::latin_squares(3).len(), 12);
    assert_eq!(brute::latin_squares(4).len(), 576);
}

// Each row a '+' cage summing to 10: every 4x4 Latin square qualifies.
engine_test!(row_sums_allow_every_latin_square, |e| {
    let rows = ["A", "B", "C", "D"]
        .iter()
        .map(|r| {
            let cells: Vec<Cell> = (1..=4).map(|c| cell(&format!("{r}{c}"))).collect();
            cage(Op::Add, 10, &cells)
        })
        .collect();
    assert_eq!(check_counts(e, &kenken(rows)), 576);
});

engine_test!(removing_a_cage_from_unique_puzzles, removing_a_cage);

/// Remove one cage of a unique 4x4 (its cells keep only the Latin rule). Splitting the
/// freed solutions by the sum of the removed cells gives ordinary KenKens (the cage becomes
/// '+' with each possible sum): their counts must add up to the brute-force count without
/// the cage, and each must equal its own brute-force count. The same holds for products,
/// and for merging two cages into one '+' cage; some of these loosened puzzles have
/// exactly two solutions.
fn removing_a_cage(engine: &Engine) {
    let mut two = 0;
    for path in [
        "tests/data/kenken/norvig/norvig-01-4x4.kenken",
        "tests/data/kenken/norvig/norvig-02-4x4.kenken",
        "tests/data/kenken/norvig/norvig-03-4x4.kenken",
        "tests/data/kenken/wolfram/wolfram-4x4.kenken",
        "tests/data/kenken/keen/4x4-x-00.kenken",
        "tests/data/kenken/keen/4x4-e-00.kenken",
        "tests/data/kenken/keen/4x4-n-00.kenken",
        "tests/data/kenken/keen/4x4-h-00.kenken",
        "tests/data/kenken/keen/4x4-u-00.kenken",
    ] {
        let k = as_kenken(&load(path)).clone();
        assert_eq!(count(engine, &k), 1, "{path}");
        let solution = common::solve_file(engine, path);
        let cages = k.cages();
        for i in 0..cages.len() {
            let with = |op: Op, target: u64| {
                let mut loose = cages.to_vec();
                loose[i] = cage(op, target, &cages[i].cells);
                KenKen::new(4, loose, false).unwrap()
            };
            let mut total = 0;
            for t in 1..=16 {
                let n = count(engine, &with(Op::Add, t));
                total += n;
                two += u64::from(n == 2);
            }
            let rest: Vec<Cage> = (0..cages.len())
                .filter(|&j| j != i)
                .map(|j| cages[j].clone())
                .collect();
            let without = brute::kenken(4, &rest).len() as u64;
            assert_eq!(total, without, "{path} without cage {i}");
            // Merge cage i with every later cage into one '+' cage over both (the merged
            // cage keeps the unique solution, so it has at least one).
            for j in i + 1..cages.len() {
                let mut cells = cages[i].cells.clone();
                cells.extend(&cages[j].cells);
                let target: u64 = cells.iter().map(|c| u64::from(*solution.get(*c))).sum();
                let mut merged: Vec<Cage> = cages.to_vec();
                let _ = merged.remove(j);
                merged[i] = cage(Op::Add, target, &cells);
                let n = count(engine, &KenKen::new(4, merged, false).unwrap());
                assert!(n >= 1, "{path} cages {i}+{j} merged");
                two += u64::from(n == 2);
            }
            // The same with products: two freed solutions may share a product.
            for t in [
                1u64, 2, 3, 4, 6, 8, 12, 16, 24, 32, 36, 48, 64, 72, 96, 144, 192, 256, 288,
            ] {
                two += u64::from(count(engine, &with(Op::Mul, t)) == 2);
            }
        }
    }
    assert!(two > 0, "some variant has exactly two solutions");
}

engine_test!(limit_stops_early_and_says_so, |e: &Engine| {
    let all: Vec<Cell> = (0..16).map(|i| Cell::new(i / 4, i % 4)).collect();
    let opts = EngineOptions::default();
    // Sum 10 over 16 cells is impossible (a Latin square sums to 40): zero, complete.
    let (count, _) = e
        .count(&kenken(vec![cage(Op::Add, 10, &all)]), &opts, Some(5))
        .unwrap();
    assert_eq!((count.count, count.complete), (0, true));
    let mut seen = Vec::new();
    let puzzle = kenken(vec![cage(Op::Add, 40, &all)]);
    let (count, _) = e
        .enumerate(&puzzle, &opts, Some(5), |g| seen.push(g.clone()))
        .unwrap();
    assert_eq!((count.count, count.complete), (5, false));
    assert_eq!(seen.len(), 5);
    // A limit of zero looks at nothing.
    let (count, _) = e.count(&puzzle, &opts, Some(0)).unwrap();
    assert_eq!((count.count, count.complete), (0, false));
});

engine_test!(weakened_shipped_puzzles, weakened);

/// A shipped 4×4 puzzle with one cage at a time replaced by the `+` cage of its solution
/// values, then with two cages merged into one such `+` cage: weaker clues, several
/// solutions, and the shipped one among them.
fn weakened(engine: &Engine) {
    let mut several = 0;
    for stem in ["4x4-e-00", "4x4-n-01", "4x4-h-02", "4x4-x-00", "4x4-u-01"] {
        let path = format!("tests/data/kenken/keen/{stem}.kenken");
        let k = as_kenken(&load(&path)).clone();
        let sol = read_solution(&Path::new(&path).with_extension("sol")).unwrap();
        let sum = |cells: &[Cell]| cells.iter().map(|&c| u64::from(*sol.get(c))).sum();
        let cages = k.cages();
        for i in 0..cages.len() {
            let mut weak = cages.to_vec();
            weak[i] = cage(Op::Add, sum(&cages[i].cells), &cages[i].cells);
            let n = check_counts(engine, &kenken(weak.clone()));
            assert!(n >= 1);
            let j = (i + 1) % cages.len();
            if j != i {
                let mut merged_cells = cages[i].cells.clone();
                merged_cells.extend(&cages[j].cells);
                weak[i] = cage(Op::Add, sum(&merged_cells), &merged_cells);
                let _ = weak.remove(j);
                let m = check_counts(engine, &kenken(weak));
                several += usize::from(m > 1);
            }
        }
    }
    assert!(several > 5, "too few multi-solution puzzles ({several})");
}

/// A random partition of an n×n grid into connected cages, built by merging neighbours,
/// with clues that `square` satisfies (`-` and `/` on two cells only).
fn merged_puzzle(n: usize, seed: &[u8], ops: &[u8], square: &Grid<u8>) -> KenKen {
    let mut region: Vec<usize> = (0..n * n).collect();
    for (i, &s) in seed.iter().enumerate() {
        let a = i % (n * n);
        let b = if s % 2 == 0 { a + 1 } else { a + n };
        let ok = if s % 2 == 0 {
            (a % n) + 1 < n
        } else {
            b < n * n
        };
        let size = |r: usize, region: &[usize]| region.iter().filter(|&&x| x == r).count();
        if ok && s % 3 != 0 && size(region[a], &region) + size(region[b], &region) <= 4 {
            let (from, to) = (region[b], region[a]);
            region
                .iter_mut()
                .filter(|x| **x == from)
                .for_each(|x| *x = to);
        }
    }
    let mut ids: Vec<usize> = region.clone();
    ids.sort_unstable();
    ids.dedup();
    let cages = ids
        .iter()
        .enumerate()
        .map(|(j, &id)| {
            let cells: Vec<Cell> = (0..n * n)
                .filter(|&i| region[i] == id)
                .map(|i| Cell::new((i / n) as u8, (i % n) as u8))
                .collect();
            let vals: Vec<u64> = cells.iter().map(|&c| u64::from(*square.get(c))).collect();
            let (op, target) = match ops[j % ops.len()] % 4 {
                _ if cells.len() == 1 => (Op::Given, vals[0]),
                0 => (Op::Add, vals.iter().sum()),
                1 => (Op::Mul, vals.iter().product()),
                2 if cells.len() == 2 => (Op::Sub, vals[0].abs_diff(vals[1])),
                3 if cells.len() == 2 && vals[0].max(vals[1]) % vals[0].min(vals[1]) == 0 => {
                    (Op::Div, vals[0].max(vals[1]) / vals[0].min(vals[1]))
                }
                _ => (Op::Add, vals.iter().sum()),
            };
            Cage {
                op,
                target: target.max(1),
                cells,
            }
        })
        .collect();
    KenKen::new(n, cages, false).unwrap()
}

/// A small xorshift generator, so a proptest seed gives a whole random puzzle.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random edge-connected cages of at most 4 cells over `sol`, each with an operator that
/// `sol` satisfies (`-` and `/` on up to four cells).
fn random_puzzle(sol: &Grid<u8>, rng: &mut Rng) -> Puzzle {
    let cell = |i: usize| Cell::new((i / 4) as u8, (i % 4) as u8);
    let mut region: Vec<usize> = (0..16).collect();
    for _ in 0..rng.below(14) {
        let a = rng.below(16);
        let b = if a % 4 < 3 && rng.below(2) == 0 {
            a + 1
        } else {
            a + 4
        };
        if b >= 16 || region[a] == region[b] {
            continue;
        }
        let (ra, rb) = (region[a], region[b]);
        if region.iter().filter(|&&r| r == ra || r == rb).count() <= 4 {
            region
                .iter_mut()
                .filter(|r| **r == rb)
                .for_each(|r| *r = ra);
        }
    }
    let mut ids: Vec<usize> = region.clone();
    ids.sort_unstable();
    ids.dedup();
    let cages = ids
        .into_iter()
        .map(|id| {
            let cells: Vec<Cell> = (0..16).filter(|&i| region[i] == id).map(cell).collect();
            let vals: Vec<u64> = cells.iter().map(|&c| u64::from(*sol.get(c))).collect();
            let (op, target) = random_clue(&vals, rng);
            cage(op, target, &cells)
        })
        .collect();
    kenken(cages)
}

fn random_clue(vals: &[u64], rng: &mut Rng) -> (Op, u64) {
    if vals.len() == 1 {
        return (Op::Given, vals[0]);
    }
    let sum: u64 = vals.iter().sum();
    let prod: u64 = vals.iter().product();
    let max = vals.iter().copied().max().unwrap_or(1);
    let rest_sum = sum - max;
    let rest_prod = prod / max;
    match rng.below(4) {
        2 if max > rest_sum => (Op::Sub, max - rest_sum),
        3 if max % rest_prod == 0 => (Op::Div, max / rest_prod),
        1 | 2 => (Op::Mul, prod),
        _ => (Op::Add, sum),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_engine_counts_like_brute_force(
        n in 3usize..=4,
        square_index in 0usize..576,
        seed in proptest::collection::vec(any::<u8>(), 8..40),
        ops in proptest::collection::vec(any::<u8>(), 1..8),
    ) {
        let squares = brute::latin_squares(n);
        let square = &squares[square_index % squares.len()];
        let k = merged_puzzle(n, &seed, &ops, square);
        for engine in Engine::builtin() {
            prop_assert!(count(&engine, &k) >= 1, "built from a solution, so at least one");
        }
    }

    #[test]
    fn random_4x4_puzzles_give_every_engine_the_brute_force_set(seed in 1u64..u64::MAX) {
        let all = brute::latin_squares(4);
        let mut rng = Rng(seed);
        let sol = all[rng.below(all.len())].clone();
        let puzzle = random_puzzle(&sol, &mut rng);
        prop_assert!(puzzle.verify(&sol).is_ok());
        for engine in Engine::builtin() {
            prop_assert!(check_counts(&engine, &puzzle) >= 1);
        }
    }
}
