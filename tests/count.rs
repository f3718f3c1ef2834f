//! Exact solution counts: blocking-clause enumeration against a brute-force enumerator over
//! all Latin squares, with its own cage arithmetic (independent of the encoder and of
//! `verify`).

use cagesat::encode::EncodeOptions;
use cagesat::grid::{Cell, Grid};
use cagesat::puzzle::{Cage, KenKen, Op, Puzzle};
use cagesat::solve::{enumerate, VarisatBackend};
use proptest::prelude::*;

/// Every n×n Latin square (n ≤ 4), by backtracking.
fn latin_squares(n: usize) -> Vec<Vec<Vec<u8>>> {
    fn fill(n: usize, g: &mut Vec<Vec<u8>>, i: usize, out: &mut Vec<Vec<Vec<u8>>>) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u8 {
            if (0..c).all(|j| g[r][j] != d) && (0..r).all(|j| g[j][c] != d) {
                g[r][c] = d;
                fill(n, g, i + 1, out);
                g[r][c] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(n, &mut vec![vec![0; n]; n], 0, &mut out);
    out
}

/// Cage arithmetic written out plainly: try every order of the values.
fn cage_ok(op: Op, target: u64, vals: &[u8]) -> bool {
    let t = target as f64;
    if vals.len() == 1 {
        return f64::from(vals[0]) == t;
    }
    let v: Vec<f64> = vals.iter().map(|&x| f64::from(x)).collect();
    match op {
        Op::Add => v.iter().sum::<f64>() == t,
        Op::Mul => v.iter().product::<f64>() == t,
        Op::Sub | Op::Div => (0..v.len()).any(|first| {
            let mut acc = v[first];
            for (j, &x) in v.iter().enumerate() {
                if j != first {
                    acc = if op == Op::Sub { acc - x } else { acc / x };
                }
            }
            (acc - t).abs() < 1e-9
        }),
        Op::Given => false,
    }
}

fn brute_force(k: &KenKen) -> u64 {
    brute_force_cages(k.size(), k.cages())
}

/// Latin squares of order `n` that satisfy every cage in `cages`.
fn brute_force_cages(n: usize, cages: &[Cage]) -> u64 {
    latin_squares(n)
        .iter()
        .filter(|g| {
            cages.iter().all(|cage| {
                let vals: Vec<u8> = cage
                    .cells
                    .iter()
                    .map(|c| g[usize::from(c.row)][usize::from(c.col)])
                    .collect();
                cage_ok(cage.op, cage.target, &vals)
            })
        })
        .count() as u64
}

fn sat_count(k: &KenKen) -> u64 {
    let puzzle = Puzzle::KenKen(k.clone());
    let (count, _) = enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        None,
        |_| {},
    )
    .unwrap();
    assert!(count.complete);
    count.count
}

fn solve(k: &KenKen) -> Grid<u8> {
    let mut first = None;
    let puzzle = Puzzle::KenKen(k.clone());
    let _ = enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        Some(1),
        |g| {
            first = Some(g.clone());
        },
    )
    .unwrap();
    first.unwrap()
}

fn cell(label: &str) -> Cell {
    Cell::parse_label(label).unwrap()
}

fn cage(op: Op, target: u64, cells: &[&str]) -> Cage {
    Cage {
        op,
        target,
        cells: cells.iter().map(|l| cell(l)).collect(),
    }
}

#[test]
fn latin_square_counts_are_known() {
    assert_eq!(latin_squares(3).len(), 12);
    assert_eq!(latin_squares(4).len(), 576);
}

#[test]
fn trivial_row_cages_count_every_latin_square() {
    // Each row is a '+' cage summing to 10: every 4x4 Latin square qualifies.
    let rows = ["A", "B", "C", "D"];
    let cages = rows
        .iter()
        .map(|r| Cage {
            op: Op::Add,
            target: 10,
            cells: (1..=4).map(|c| cell(&format!("{r}{c}"))).collect(),
        })
        .collect();
    let k = KenKen::new(4, cages, true).unwrap();
    assert_eq!(sat_count(&k), 576);
    assert_eq!(brute_force(&k), 576);
}

/// Brute-force count with cage `skip` removed (its cells only obey the Latin rule).
fn brute_force_without(k: &KenKen, skip: usize) -> u64 {
    let rest: Vec<Cage> = k
        .cages()
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .map(|(_, c)| c.clone())
        .collect();
    brute_force_cages(k.size(), &rest)
}

#[test]
fn removing_a_cage_from_unique_puzzles() {
    // Remove one cage of a unique 4x4 (its cells keep only the Latin rule). Splitting the
    // freed solutions by the sum of the removed cells gives ordinary KenKens (the cage
    // becomes '+' with each possible sum): their SAT counts must add up to the brute-force
    // count without the cage, and each must equal its own brute-force count. The same holds
    // for products, and for merging two cages into one '+' cage; some of these loosened
    // puzzles have exactly two solutions.
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
        let text = std::fs::read_to_string(path).unwrap();
        let k = cagesat::parse::kenken::parse(&text, false).unwrap();
        assert_eq!((sat_count(&k), brute_force(&k)), (1, 1), "{path}");
        let solution = solve(&k);
        for i in 0..k.cages().len() {
            let mut total = 0;
            for t in 1..=16 {
                let mut cages = k.cages().to_vec();
                cages[i] = Cage {
                    op: Op::Add,
                    target: t,
                    cells: k.cages()[i].cells.clone(),
                };
                let loose = KenKen::new(4, cages, false).unwrap();
                let count = sat_count(&loose);
                assert_eq!(count, brute_force(&loose), "{path} cage {i} as {t}+");
                total += count;
                two += u64::from(count == 2);
            }
            assert_eq!(total, brute_force_without(&k, i), "{path} without cage {i}");
            // Merge cage i with every later cage into one '+' cage over both (the merged
            // cage keeps the unique solution, so it has at least one).
            for j in i + 1..k.cages().len() {
                let mut cells = k.cages()[i].cells.clone();
                cells.extend(&k.cages()[j].cells);
                let target: u64 = cells.iter().map(|c| u64::from(*solution.get(*c))).sum();
                let mut cages: Vec<Cage> = k.cages().to_vec();
                let _ = cages.remove(j);
                cages[i] = Cage {
                    op: Op::Add,
                    target,
                    cells,
                };
                let merged = KenKen::new(4, cages, false).unwrap();
                let count = sat_count(&merged);
                assert_eq!(count, brute_force(&merged), "{path} cages {i}+{j} merged");
                two += u64::from(count == 2);
            }
            // The same with products: two freed solutions may share a product.
            for t in [
                1u64, 2, 3, 4, 6, 8, 12, 16, 24, 32, 36, 48, 64, 72, 96, 144, 192, 256, 288,
            ] {
                let mut cages = k.cages().to_vec();
                cages[i] = Cage {
                    op: Op::Mul,
                    target: t,
                    cells: k.cages()[i].cells.clone(),
                };
                let loose = KenKen::new(4, cages, false).unwrap();
                let count = sat_count(&loose);
                assert_eq!(count, brute_force(&loose), "{path} cage {i} as {t}*");
                two += u64::from(count == 2);
            }
        }
    }
    assert!(two > 0, "some variant has exactly two solutions");
}

#[test]
fn limit_stops_early_and_says_so() {
    let cages = vec![cage(
        Op::Add,
        10,
        &[
            "A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "D1", "D2",
            "D3", "D4",
        ],
    )];
    let k = KenKen::new(4, cages, false).unwrap();
    let puzzle = Puzzle::KenKen(k);
    let mut seen = Vec::new();
    let (count, _) = enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        Some(5),
        |g| {
            seen.push(g.clone());
        },
    )
    .unwrap();
    // Sum 10 over 16 cells is impossible (a Latin square sums to 40): zero, complete.
    assert_eq!((count.count, count.complete), (0, true));
    let cages = vec![cage(
        Op::Add,
        40,
        &[
            "A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "D1", "D2",
            "D3", "D4",
        ],
    )];
    let puzzle = Puzzle::KenKen(KenKen::new(4, cages, false).unwrap());
    let (count, _) = enumerate(
        &puzzle,
        VarisatBackend::new(),
        &EncodeOptions::default(),
        Some(5),
        |g: &Grid<u8>| {
            seen.push(g.clone());
        },
    )
    .unwrap();
    assert_eq!((count.count, count.complete), (5, false));
    assert_eq!(seen.len(), 5);
}

/// A random partition of an n×n grid into connected cages, built by merging neighbours.
fn random_puzzle(n: usize, seed: &[u8], ops: &[u8], square: &[Vec<u8>]) -> KenKen {
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
            let vals: Vec<u64> = cells
                .iter()
                .map(|c| u64::from(square[usize::from(c.row)][usize::from(c.col)]))
                .collect();
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn sat_count_equals_brute_force(
        n in 3usize..=4,
        square_index in 0usize..576,
        seed in proptest::collection::vec(any::<u8>(), 8..40),
        ops in proptest::collection::vec(any::<u8>(), 1..8),
    ) {
        let squares = latin_squares(n);
        let square = &squares[square_index % squares.len()];
        let k = random_puzzle(n, &seed, &ops, square);
        let brute = brute_force(&k);
        prop_assert!(brute >= 1, "built from a solution, so at least one");
        prop_assert_eq!(sat_count(&k), brute);
    }
}
