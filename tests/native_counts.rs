//! Exact solution counts on 4×4 puzzles with several solutions: the native engine (with
//! tables, and with every cage forced onto bounds reasoning), the SAT enumerator and a
//! brute force over all 576 Latin squares of order 4, checked by the independent verifier,
//! must find the same set of grids.

mod common;

use std::path::Path;

use cagesat::encode::{encode, EncodeOptions};
use cagesat::grid::{Cell, Grid};
use cagesat::native::{self, NativeOptions};
use cagesat::puzzle::{Cage, KenKen, Op, Puzzle};
use cagesat::solve::{Enumerator, VarisatBackend};
use cagesat::verify::verify;
use proptest::prelude::*;

/// Every Latin square of order `n`, built row by row.
fn latin_squares(n: usize) -> Vec<Grid<u8>> {
    fn extend(n: usize, rows: &mut Vec<Vec<u8>>, perms: &[Vec<u8>], out: &mut Vec<Grid<u8>>) {
        if rows.len() == n {
            out.extend(Grid::from_rows(rows.clone()));
            return;
        }
        for p in perms {
            if rows.iter().all(|r| r.iter().zip(p).all(|(a, b)| a != b)) {
                rows.push(p.clone());
                extend(n, rows, perms, out);
                let _ = rows.pop();
            }
        }
    }
    let mut perms: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..n {
        let mut next = Vec::new();
        for p in &perms {
            for d in (1..=n as u8).filter(|d| !p.contains(d)) {
                next.push([p.as_slice(), &[d]].concat());
            }
        }
        perms = next;
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &perms, &mut out);
    out
}

fn sorted(mut grids: Vec<Grid<u8>>) -> Vec<Vec<Vec<u8>>> {
    let mut rows: Vec<_> = grids.drain(..).map(|g| g.to_rows()).collect();
    rows.sort();
    rows
}

/// The grids of `all` that pass the independent verifier.
fn brute_force(puzzle: &Puzzle, all: &[Grid<u8>]) -> Vec<Grid<u8>> {
    all.iter()
        .filter(|g| verify(puzzle, g).is_ok())
        .cloned()
        .collect()
}

fn sat_solutions(puzzle: &Puzzle) -> Vec<Grid<u8>> {
    let enc = encode(puzzle, &EncodeOptions::default()).unwrap();
    let mut e = Enumerator::new(VarisatBackend::new(), &enc.formula, &enc.map);
    let mut out = Vec::new();
    while let Some(g) = e.next_grid().unwrap() {
        verify(puzzle, &g).unwrap();
        out.push(g);
    }
    out
}

/// All three agree on the solution set; returns its size.
fn check_counts(puzzle: &Puzzle, all: &[Grid<u8>]) -> usize {
    let brute = sorted(brute_force(puzzle, all));
    let (count, _) = native::count(puzzle, u64::MAX).unwrap();
    assert_eq!(count as usize, brute.len(), "native count");
    let (grids, _) = native::solutions(puzzle, &NativeOptions::default(), u64::MAX).unwrap();
    assert_eq!(sorted(grids), brute, "native solutions");
    let bounds_only = NativeOptions {
        tuple_limit: 0,
        ..NativeOptions::default()
    };
    let (grids, stats) = native::solutions(puzzle, &bounds_only, u64::MAX).unwrap();
    assert_eq!(sorted(grids), brute, "native with bounds only");
    assert_eq!(stats.bounds_cages, as_kenken(puzzle).cages().len());
    assert_eq!(sorted(sat_solutions(puzzle)), brute, "SAT enumeration");
    let (limited, _) = native::count(puzzle, 2).unwrap();
    assert_eq!(
        limited as usize,
        brute.len().min(2),
        "count stops at the limit"
    );
    brute.len()
}

fn cage(op: Op, target: u64, cells: &[Cell]) -> Cage {
    Cage {
        op,
        target,
        cells: cells.to_vec(),
    }
}

fn as_kenken(p: &Puzzle) -> &KenKen {
    #[allow(
        irrefutable_let_patterns,
        reason = "only KenKen exists on this branch; more kinds are coming"
    )]
    let Puzzle::KenKen(k) = p
    else {
        panic!("not a KenKen puzzle");
    };
    k
}

fn kenken(cages: Vec<Cage>) -> Puzzle {
    Puzzle::KenKen(KenKen::new(4, cages, false).unwrap())
}

#[test]
fn there_are_576_latin_squares_of_order_4() {
    assert_eq!(latin_squares(4).len(), 576);
    assert_eq!(latin_squares(3).len(), 12);
}

#[test]
fn row_sums_allow_every_latin_square() {
    let all = latin_squares(4);
    let rows = (0..4u8)
        .map(|r| {
            cage(
                Op::Add,
                10,
                &(0..4).map(|c| Cell::new(r, c)).collect::<Vec<_>>(),
            )
        })
        .collect();
    assert_eq!(check_counts(&kenken(rows), &all), 576);
}

/// A shipped 4×4 puzzle with one cage at a time replaced by the `+` cage of its solution
/// values, then with two cages merged into one such `+` cage: weaker clues, several
/// solutions, and the shipped one among them.
#[test]
fn weakened_shipped_puzzles() {
    let all = latin_squares(4);
    let mut several = 0;
    for stem in ["4x4-e-00", "4x4-n-01", "4x4-h-02", "4x4-x-00", "4x4-u-01"] {
        let path = format!("tests/data/kenken/keen/{stem}.kenken");
        let k = as_kenken(&common::load(&path)).clone();
        let sol = common::read_solution(&Path::new(&path).with_extension("sol")).unwrap();
        let sum = |cells: &[Cell]| cells.iter().map(|&c| u64::from(*sol.get(c))).sum();
        let cages = k.cages();
        for i in 0..cages.len() {
            let mut weak = cages.to_vec();
            weak[i] = cage(Op::Add, sum(&cages[i].cells), &cages[i].cells);
            let n = check_counts(&kenken(weak.clone()), &all);
            assert!(n >= 1);
            let j = (i + 1) % cages.len();
            if j != i {
                let mut merged_cells = cages[i].cells.clone();
                merged_cells.extend(&cages[j].cells);
                weak[i] = cage(Op::Add, sum(&merged_cells), &merged_cells);
                let _ = weak.remove(j);
                let m = check_counts(&kenken(weak), &all);
                several += usize::from(m > 1);
            }
        }
    }
    assert!(several > 5, "too few multi-solution puzzles ({several})");
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
/// `sol` satisfies.
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
    fn random_4x4_puzzles_count_the_same(seed in 1u64..u64::MAX) {
        let all = latin_squares(4);
        let mut rng = Rng(seed);
        let sol = all[rng.below(all.len())].clone();
        let puzzle = random_puzzle(&sol, &mut rng);
        prop_assert!(verify(&puzzle, &sol).is_ok());
        prop_assert!(check_counts(&puzzle, &all) >= 1);
    }
}
