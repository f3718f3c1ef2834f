//! Classic Sudoku's fast paths (issue 38): the verifier's one-pass check of distinct
//! digits must reject every grid its named groups reject (a wrong grid is never let
//! through), on classic, X, other sides and jigsaw grids.

use cagesat::generate::SudokuVariant;
use cagesat::puzzle::Sudoku;
use cagesat::{Engine, EngineOptions, Grid, Outcome, ParseOptions, Puzzle, Stop};

/// A solution of `puzzle` from varisat.
fn solution(puzzle: &Puzzle) -> Grid<u8> {
    let (outcome, _) = Engine::Varisat
        .prove_unique(puzzle, &EngineOptions::default())
        .unwrap();
    let Outcome::Solved { grid, .. } = outcome else {
        panic!("no solution")
    };
    grid
}

/// `grid` passes the verifier; each swap of two different digits of a row, and each
/// change of one cell to another digit, fails it. Returns the grids checked.
fn wrong_grids_fail(puzzle: &Puzzle, grid: &Grid<u8>, what: &str) -> usize {
    puzzle
        .verify(grid)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let rows = grid.to_rows();
    let n = rows.len();
    let mut checked = 0;
    for r in 0..n {
        for a in 0..n {
            for b in a + 1..n {
                let mut swapped = rows.clone();
                swapped[r].swap(a, b);
                let g = Grid::from_rows(swapped).unwrap();
                assert!(puzzle.verify(&g).is_err(), "{what}: row {r}, {a} <-> {b}");
                checked += 1;
            }
            for d in 1..=n as u8 {
                if d != rows[r][a] {
                    let mut changed = rows.clone();
                    changed[r][a] = d;
                    let g = Grid::from_rows(changed).unwrap();
                    assert!(puzzle.verify(&g).is_err(), "{what}: ({r}, {a}) = {d}");
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn the_verifier_rejects_every_wrong_grid_near_a_solution() {
    let mut checked = 0;
    // Classic sides 4, 6, 9 and the shipped X.
    for path in [
        "tests/data/sudoku/gen-4x4-s1.sudoku",
        "tests/data/sudoku/gen-6x6-s2.sudoku",
        "tests/data/sudoku/gen-9x9-s3.sudoku",
        "tests/data/sudoku/x-9x9-s21.sudoku",
        "tests/data/sudoku/x-6x6-s23.sudoku",
    ] {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        let text = std::fs::read_to_string(&p).unwrap();
        let puzzle = Puzzle::parse_with(&text, &ParseOptions::default().path(&p)).unwrap();
        checked += wrong_grids_fail(&puzzle, &solution(&puzzle), path);
    }
    // Jigsaws, plain and X.
    let stop = Stop::new();
    for (size, variant) in [
        (6, SudokuVariant::default()),
        (9, SudokuVariant::default()),
        (6, SudokuVariant::diagonals()),
    ] {
        let (s, grid): (Sudoku, Grid<u8>) =
            Sudoku::generate_jigsaw(size, 1, variant, &stop).unwrap();
        checked += wrong_grids_fail(&Puzzle::Sudoku(s), &grid, "jigsaw");
    }
    assert!(checked > 3000, "{checked}");
}

/// Native and varisat counts (capped at three) agree on `s`; every native grid passes
/// the verifier. Returns the count.
fn counts_agree(s: &Sudoku, what: &str) -> u64 {
    let puzzle = Puzzle::Sudoku(s.clone());
    let opts = EngineOptions::default();
    let mut grids = Vec::new();
    let (native, _) = Engine::Native
        .enumerate(&puzzle, &opts, Some(3), |g| grids.push(g.clone()))
        .unwrap();
    for g in &grids {
        puzzle.verify(g).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
    let (cdcl, _) = Engine::Varisat.count(&puzzle, &opts, Some(3)).unwrap();
    assert_eq!(
        (native.count, native.complete),
        (cdcl.count, cdcl.complete),
        "{what}"
    );
    native.count
}

/// The search's splits (a cell over its digits, or a digit over the two cells of a house
/// left to it) on jigsaw grids, plain and X: generated puzzles (one solution), some of
/// their solution's cells (several) and the puzzle with one wrong digit added (none).
#[test]
fn jigsaw_counts_alike_on_native_and_varisat() {
    let stop = Stop::new();
    let mut rng = crate::native_vs_cdcl::Rng(0x5eed_0911);
    let mut seen = [0usize; 3];
    for (size, variant, seeds) in [
        (6, SudokuVariant::default(), 1..7),
        (9, SudokuVariant::default(), 1..5),
        (6, SudokuVariant::diagonals(), 1..2),
    ] {
        for seed in seeds {
            let (s, grid) = Sudoku::generate_jigsaw(size, seed, variant, &stop).unwrap();
            let what = format!("jigsaw {size} seed {seed}");
            let mut tally = |count: u64| seen[usize::try_from(count.min(2)).unwrap()] += 1;
            tally(counts_agree(&s, &what));
            let mut cells = s.cells();
            rng.shuffle(&mut cells);
            let some: Vec<_> = cells[..size * size / 4]
                .iter()
                .map(|&c| (c, *grid.get(c)))
                .collect();
            tally(counts_agree(&s.with_givens(&some).unwrap(), &what));
            let mut wrong = s.given_cells();
            let cell = cells[size * size - 1];
            if *s.givens().get(cell) == 0 {
                let digit = 1 + (*grid.get(cell) as usize + rng.below(size - 1)) % size;
                wrong.push((cell, digit as u8));
                if let Ok(w) = s.with_givens(&wrong) {
                    assert_eq!(counts_agree(&w, &what), 0, "{what}: a wrong digit");
                    tally(0);
                }
            }
        }
    }
    let [none, one, several] = seen;
    assert!(
        none >= 2 && one >= 10 && several >= 5,
        "{none} {one} {several}"
    );
}
