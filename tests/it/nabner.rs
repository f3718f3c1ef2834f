//! The Nabner line (no two digits on the line equal or consecutive, any two of its cells),
//! added after the line families became one table (`src/puzzle/family.rs`): its meaning
//! against brute force on 4×4 for every engine, an f-puzzles puzzle (the user script's
//! `nabner` key, refused before) and a text one read, solved and verified, and a line that
//! makes an ambiguous 9×9 unique.

use cagesat::engine::SmtSolver;
use cagesat::puzzle::{Sudoku, Variant};
use cagesat::{Cell, Engine, EngineOptions, Grid, Outcome, Puzzle};

fn cells(labels: &str) -> Vec<Cell> {
    labels
        .split_whitespace()
        .map(|l| Cell::parse_label(l).expect("a cell label"))
        .collect()
}

/// `p` solved by `engine`, proved unique, equal to [`solution`] and accepted by the
/// verifier.
fn solved_uniquely(engine: &Engine, p: &Puzzle) -> Grid<u8> {
    let (outcome, _) = engine
        .prove_unique(p, &EngineOptions::default())
        .expect("solves");
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("solved")
    };
    assert_eq!(unique, Some(true));
    assert_eq!(grid, solution());
    assert_eq!(p.verify(&grid), Ok(()));
    grid
}

/// Every solved 4×4 Sudoku (boxes 2×2), row by row.
fn all_4x4() -> Vec<Vec<u8>> {
    fn fill(g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let i = g.len();
        if i == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4u8 {
            let clash = (0..i).any(|j| {
                let (rj, cj) = (j / 4, j % 4);
                g[j] == d && (rj == r || cj == c || (rj / 2 == r / 2 && cj / 2 == c / 2))
            });
            if !clash {
                g.push(d);
                fill(g, out);
                let _ = g.pop();
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut Vec::new(), &mut out);
    out
}

#[test]
fn every_engine_finds_the_brute_force_grids() {
    let grids = all_4x4();
    assert_eq!(grids.len(), 288);
    let opts = EngineOptions::default();
    for (line, want) in [("A1 B3", 72), ("A1 A2", 144), ("A1 B3 D2", 0)] {
        let line = cells(line);
        let s = Sudoku::new(4, (2, 2), &[]).expect("a 4x4");
        let puzzle = Puzzle::Sudoku(
            s.with_variants([Variant::Nabner(line.clone())])
                .expect("fits"),
        );
        // The definition, written here: any two digits on the line at least 2 apart.
        let keeps = |g: &Vec<u8>| {
            let d = |c: Cell| g[usize::from(c.row) * 4 + usize::from(c.col)];
            line.iter()
                .enumerate()
                .all(|(i, &a)| line[i + 1..].iter().all(|&b| d(a).abs_diff(d(b)) >= 2))
        };
        let brute: Vec<Vec<u8>> = grids.iter().filter(|g| keeps(g)).cloned().collect();
        assert_eq!(brute.len(), want, "{line:?}");
        for engine in [
            Engine::Native,
            Engine::Varisat,
            Engine::Cadical,
            Engine::Dpll,
        ] {
            let mut found: Vec<Vec<u8>> = Vec::new();
            let (count, _) = engine
                .enumerate(&puzzle, &opts, None, |g| {
                    found.push(g.to_rows().concat());
                })
                .expect("enumerates");
            assert!(count.complete, "{}", engine.name());
            found.sort();
            assert_eq!(found, brute, "{}: {line:?}", engine.name());
        }
    }
}

/// The solution of [`TEXT`].
const SOLUTION: &str =
    "123456789 456789123 789123456 261874395 835691247 947532618 378245961 512967834 694318572";

/// A 9×9 whose four empty cells D4 D9 F4 F9 hold 8 5 / 5 8 or 5 8 / 8 5 (a deadly
/// rectangle), and a Nabner line from E4 (6) to D4 that rules out the 5 there.
const TEXT: &str = "\
1 2 3 4 5 6 7 8 9
4 5 6 7 8 9 1 2 3
7 8 9 1 2 3 4 5 6
2 6 1 . 7 4 3 9 .
8 3 5 6 9 1 2 4 7
9 4 7 . 3 2 6 1 .
3 7 8 2 4 5 9 6 1
5 1 2 9 6 7 8 3 4
6 9 4 3 1 8 5 7 2
nabner E4 D4
";

fn solution() -> Grid<u8> {
    Grid::from_rows(
        SOLUTION
            .split(' ')
            .map(|r| r.bytes().map(|b| b - b'0').collect())
            .collect(),
    )
    .expect("square")
}

/// The solutions' count (complete) by `engine`.
fn count(engine: &Engine, p: &Puzzle) -> u64 {
    let (c, _) = engine
        .count(p, &EngineOptions::default(), Some(100))
        .expect("counts");
    assert!(c.complete);
    c.count
}

#[test]
fn a_nabner_line_makes_an_ambiguous_sudoku_unique() {
    let with = Puzzle::parse(TEXT).expect("reads");
    let Puzzle::Sudoku(s) = &with else {
        panic!("a Sudoku")
    };
    assert_eq!(s.variants(), [Variant::Nabner(cells("E4 D4"))]);
    let without = Puzzle::Sudoku(Sudoku::new(9, (3, 3), &s.given_cells()).expect("a 9x9"));
    for engine in [Engine::Native, Engine::Varisat, Engine::Dpll] {
        assert_eq!(count(&engine, &without), 2, "{}", engine.name());
        assert_eq!(count(&engine, &with), 1, "{}", engine.name());
    }
    let grid = solved_uniquely(&Engine::Native, &with);
    // The other grid of the rectangle breaks the line, and the verifier says where.
    let mut other = grid.clone();
    for (cell, d) in [("D4", 5), ("D9", 8), ("F4", 8), ("F9", 5)] {
        other.set(cells(cell)[0], d);
    }
    assert_eq!(without.verify(&other), Ok(()));
    assert_eq!(
        with.verify(&other).unwrap_err().to_string(),
        "nabner line at E4 D4: 6 and 5 are equal or consecutive"
    );
    // The text form writes the line back.
    assert_eq!(with.to_string().lines().last(), Some("nabner E4 D4"));
}

#[test]
fn an_fpuzzles_nabner_line_is_read_solved_and_verified() {
    let Puzzle::Sudoku(s) = Puzzle::parse(TEXT).expect("reads") else {
        panic!("a Sudoku")
    };
    let grid: Vec<String> = (0..9u8)
        .map(|r| {
            let row: Vec<String> = (0..9u8)
                .map(|c| match *s.givens().get(Cell::new(r, c)) {
                    0 => "{}".to_string(),
                    d => format!(r#"{{"value":{d},"given":true}}"#),
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    // As the "NewConstraints" user script writes it: the key, and the cosmetic line beside.
    let json = format!(
        r##"{{"size":9,"grid":[{}],"nabner":[{{"lines":[["R5C4","R4C4"]]}}],"line":[{{"lines":[["R5C4","R4C4"]],"outlineC":"#C9C883","width":0.25,"fromConstraint":"Nabner"}}]}}"##,
        grid.join(",")
    );
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(&json)
    );
    for text in [json.as_str(), link.as_str()] {
        let p = Puzzle::parse(text).expect("reads");
        let Puzzle::Sudoku(read) = &p else {
            panic!("a Sudoku")
        };
        assert_eq!(read.variants(), [Variant::Nabner(cells("E4 D4"))]);
        let _ = solved_uniquely(&Engine::Varisat, &p);
        // Written back, it reads back the same (the key and the cosmetic line).
        let back = cagesat::parse::fpuzzles_link(&p).expect("f-puzzles holds it");
        assert_eq!(Puzzle::parse(&back).as_ref(), Ok(&p));
    }
    // The cosmetic line alone, as SudokuPad and f-puzzles without the script keep it.
    let cosmetic = json.replace(r#""nabner":[{"lines":[["R5C4","R4C4"]]}],"#, "");
    assert!(!cosmetic.contains("\"nabner\""));
    let Puzzle::Sudoku(read) = Puzzle::parse(&cosmetic).expect("reads") else {
        panic!("a Sudoku")
    };
    assert_eq!(read.variants(), [Variant::Nabner(cells("E4 D4"))]);
}

/// z3 and cvc5 on the SMT-LIB terms count the same (a machine without one skips it).
#[test]
fn smt_solvers_count_the_same() {
    let with = Puzzle::parse(TEXT).expect("reads");
    let Puzzle::Sudoku(s) = &with else {
        panic!("a Sudoku")
    };
    let without = Puzzle::Sudoku(Sudoku::new(9, (3, 3), &s.given_cells()).expect("a 9x9"));
    for solver in SmtSolver::ALL {
        let engine = Engine::Smt {
            solver,
            timeout: None,
        };
        let opts = EngineOptions::default();
        match engine.count(&with, &opts, Some(100)) {
            Ok((c, _)) => assert_eq!((c.count, c.complete), (1, true), "{}", engine.name()),
            Err(e) if e.to_string().contains("not found") => continue,
            Err(e) => panic!("{}: {e}", engine.name()),
        }
        assert_eq!(count(&engine, &without), 2, "{}", engine.name());
    }
}
