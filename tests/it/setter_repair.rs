//! Repair (`cagesat::setter::repair`): the givens it adds make the puzzle unique (proven by
//! two engines on the repaired puzzle read back from its text), and no smaller set of givens
//! does (checked exhaustively over the complete solution list on small cases).

use cagesat::puzzle::{Killer, KillerCage, Puzzle, Side, Sudoku, Towers};
use cagesat::setter::{self, RepairOptions, SetterError};
use cagesat::{Cell, Engine, EngineOptions, Grid, ParseOptions};

use crate::common::{self, brute};
use crate::setter_candidates::{random_kenken, Rng};

/// Every solution of `puzzle` (the DPLL walk, each verified; brute force where it has one).
fn all_solutions(puzzle: &Puzzle) -> Vec<Grid<u8>> {
    if puzzle.as_kenken().is_none() {
        let (grids, count) =
            common::solutions(&Engine::Dpll, puzzle, &EngineOptions::default(), None);
        assert!(count.complete);
        grids
    } else {
        brute::solutions(puzzle)
    }
}

/// Whether exactly one grid of `all` holds every pair of `set`.
fn unique_with(all: &[Grid<u8>], set: &[(Cell, u8)]) -> bool {
    all.iter()
        .filter(|g| set.iter().all(|&(c, d)| *g.get(c) == d))
        .count()
        == 1
}

/// Whether some set of `size` givens (pairs of distinct cells from the solutions) leaves one
/// solution: every subset of pairs, enumerated.
fn some_set_works(
    all: &[Grid<u8>],
    cells: &[Cell],
    size: usize,
    set: &mut Vec<(Cell, u8)>,
    from: usize,
) -> bool {
    if set.len() == size {
        return unique_with(all, set);
    }
    for i in from..cells.len() {
        let mut digits: Vec<u8> = all.iter().map(|g| *g.get(cells[i])).collect();
        digits.sort_unstable();
        digits.dedup();
        for d in digits {
            set.push((cells[i], d));
            if some_set_works(all, cells, size, set, i + 1) {
                return true;
            }
            let _ = set.pop();
        }
    }
    false
}

/// Repairs `puzzle` with `engine` and checks everything: the givens hold in the solution, the
/// repaired text reads back to the same puzzle, two engines prove it unique with that
/// solution, and no set with one given fewer leaves one solution of the original.
fn check_repair(puzzle: &Puzzle, engine: Engine) -> usize {
    let all = all_solutions(puzzle);
    let opts = RepairOptions {
        engine: engine.clone(),
        ..RepairOptions::default()
    };
    let r = setter::repair(puzzle, &opts).unwrap_or_else(|e| panic!("{puzzle}\n{e}"));
    let text = r.puzzle.to_string();
    // Read back as a file of the kind's extension (a Killer on default boxes writes no
    // `boxes` line, and its text alone reads as KenKen).
    let named = ParseOptions::default().path(format!("repaired.{}", puzzle.kind()));
    let again = Puzzle::parse_with(&text, &named).unwrap_or_else(|e| panic!("{text}\n{e}"));
    assert_eq!(again, r.puzzle, "{text}");
    for prover in [Engine::Native, Engine::Cadical] {
        let (outcome, _) = prover
            .prove_unique(&again, &EngineOptions::default())
            .unwrap();
        assert_eq!(outcome.label(), "unique", "{text}");
        assert_eq!(outcome.grid(), Some(&r.solution), "{text}");
    }
    assert!(
        all.contains(&r.solution),
        "{puzzle}: the solution is one of the original's"
    );
    assert!(unique_with(&all, &r.givens), "{puzzle}: {:?}", r.givens);
    if all.len() == 1 {
        assert!(r.givens.is_empty());
        assert_eq!(&r.puzzle, puzzle);
        return 0;
    }
    let k = r.givens.len();
    assert!(k >= 1);
    let cells: Vec<Cell> = {
        let first = &all[0];
        let mut v = Vec::new();
        for row in 0..first.rows() {
            for col in 0..first.cols() {
                let c = Cell::new(row as u8, col as u8);
                if all.iter().any(|g| *g.get(c) != *first.get(c)) {
                    v.push(c);
                }
            }
        }
        v
    };
    assert!(
        !some_set_works(&all, &cells, k - 1, &mut Vec::new(), 0),
        "{puzzle}: a set of {} givens works, repair found {:?}",
        k - 1,
        r.givens
    );
    k
}

/// Random 3×3 and 4×4 KenKens (all operators, so givens split `-` and `/` dominoes into two
/// `=` cages and `+`/`*` cages keep their operator): minimal repairs, proven unique.
#[test]
fn random_kenkens_get_minimal_repairs() {
    let mut rng = Rng(0xfeed_beef_0042);
    let (mut repaired, mut most, mut round) = (0, 0, 0);
    while repaired < 16 && round < 400 {
        let puzzle = Puzzle::KenKen(random_kenken(&mut rng, 3 + round % 2));
        let engine =
            [Engine::Auto, Engine::Varisat, Engine::Native, Engine::Dpll][round % 4].clone();
        let k = check_repair(&puzzle, engine);
        repaired += usize::from(k > 0);
        most = most.max(k);
        round += 1;
    }
    assert!(
        repaired >= 16 && most >= 2,
        "{repaired} repaired, at most {most} givens"
    );
}

/// Shipped 4×4 Sudoku and Killer Sudoku with givens taken away: minimal repairs.
#[test]
fn sudoku_and_killer_with_givens_removed_get_minimal_repairs() {
    let sudoku = common::load("tests/data/sudoku/gen-4x4-s1.sudoku");
    let s = sudoku.as_sudoku().unwrap();
    let givens = s.given_cells();
    for keep in [0, 1, 2, givens.len() / 2] {
        let fewer = Sudoku::new(s.size(), s.boxes(), &givens[..keep]).unwrap();
        let k = check_repair(&Puzzle::Sudoku(fewer), Engine::Auto);
        assert!(k >= 1, "keeping {keep} givens");
    }
    // A Killer Sudoku of horizontal dominoes whose sums come from the shipped one's solution.
    let killer = common::load("tests/data/killer/gen-4x4-s11.killer");
    let solution = common::solve_file(&Engine::Auto, "tests/data/killer/gen-4x4-s11.killer");
    let boxes = killer.as_killer().unwrap().sudoku().boxes();
    let cages = (0..4u8)
        .flat_map(|r| [0u8, 2].map(|c| [Cell::new(r, c), Cell::new(r, c + 1)]))
        .map(|cells| KillerCage {
            sum: cells.iter().map(|&c| u32::from(*solution.get(c))).sum(),
            cells: cells.to_vec(),
        })
        .collect();
    let dominoes = Killer::new(Sudoku::new(4, boxes, &[]).unwrap(), cages).unwrap();
    assert!(check_repair(&Puzzle::Killer(dominoes), Engine::Varisat) >= 1);
}

/// Towers with the clues of one side only, and Unequal with three signs and no givens:
/// minimal repairs, written as givens of the grid.
#[test]
fn towers_and_unequal_get_minimal_repairs() {
    let full = Puzzle::parse("towers:4:1/2/3/3/2/3/1/2/1/2/4/2/4/2/1/2").unwrap();
    let Puzzle::Towers(t) = &full else {
        panic!("a Towers puzzle")
    };
    let top: Vec<u8> = (0..4).map(|i| t.clue(Side::ALL[0], i)).collect();
    let one_side = Towers::new(4, [top, vec![0; 4], vec![0; 4], vec![0; 4]], vec![0; 16]).unwrap();
    assert!(check_repair(&Puzzle::Towers(one_side), Engine::Auto) >= 1);
    let unequal = Puzzle::parse("unequal:4:0R,0R,0,0,0,0U,0,0,0,0,0,0,0,0,0,0,").unwrap();
    assert!(check_repair(&unequal, Engine::Auto) >= 1);
}

/// A unique puzzle needs no givens; a puzzle without a solution and a Kakuro or
/// CrossProduct with several solutions are refused with their own errors; the bound is an
/// error of its own.
#[test]
fn repair_edges() {
    let unique = common::load("tests/data/kenken/keen/4x4-e-00.kenken");
    assert_eq!(check_repair(&unique, Engine::Auto), 0);
    let unsat = common::load("tests/data/kenken/unsat/2x2-no-solution.kenken");
    let e = setter::repair(&unsat, &RepairOptions::default()).unwrap_err();
    assert!(matches!(e, SetterError::NoSolution), "{e}");
    let cp = common::load("tests/data/crossproduct/seeds/norvig-multi-4.crossproduct");
    let e = setter::repair(&cp, &RepairOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "crossproduct puzzles have no givens: repair works on KenKen, Sudoku, Killer Sudoku, Towers and Unequal"
    );
    let empty = Puzzle::Sudoku(Sudoku::new(4, (2, 2), &[]).unwrap());
    let opts = RepairOptions {
        max_givens: 2,
        ..RepairOptions::default()
    };
    let e = setter::repair(&empty, &opts).unwrap_err();
    assert!(matches!(e, SetterError::TooManyGivens { max: 2 }), "{e}");
}
