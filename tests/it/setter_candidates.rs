//! True candidates (`cagesat::setter::candidates`): equal to the union of all solutions on
//! every shipped puzzle with several solutions and on random small KenKens and CrossProducts
//! (against the brute-force solver, which shares no code with any engine), on every engine
//! and method; singletons equal to the verified solution on unique puzzles; a person's
//! state with wrong entries named.

use std::path::{Path, PathBuf};

use cagesat::puzzle::{Cage, CrossProduct, KenKen, Op, Puzzle};
use cagesat::setter::{self, Method, SetterError, State};
use cagesat::{Cell, Engine, EngineOptions, Grid, Stop};

use crate::common::{self, brute};

/// Enumerations beyond this many solutions are not unioned (the corpus holds a dozen
/// CrossProducts with hundreds of thousands); their candidates are checked against the
/// union of the first this many and across two engines instead.
const UNION_LIMIT: u64 = 20_000;

/// Every engine the candidates run on.
fn engines() -> Vec<Engine> {
    vec![
        Engine::Varisat,
        Engine::Cadical,
        Engine::Dpll,
        Engine::Native,
        Engine::Auto,
    ]
}

/// The digits each cell takes in `grids`.
fn union(rows: usize, cols: usize, grids: &[Grid<u8>], cells: &[Cell]) -> Grid<Vec<u8>> {
    let mut out = Grid::filled(rows, cols, Vec::new());
    for g in grids {
        for &c in cells {
            let d = *g.get(c);
            let mut ds: Vec<u8> = out.get(c).clone();
            if !ds.contains(&d) {
                ds.push(d);
                ds.sort_unstable();
            }
            out.set(c, ds);
        }
    }
    out
}

/// The squares of `puzzle` that hold a digit (those of its first solution that are not 0).
fn digit_cells(grid: &Grid<u8>) -> Vec<Cell> {
    let mut out = Vec::new();
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let cell = Cell::new(r as u8, c as u8);
            if *grid.get(cell) != 0 {
                out.push(cell);
            }
        }
    }
    out
}

/// Candidates by `engine` and `method`, which must not fail.
fn cands(
    puzzle: &Puzzle,
    state: Option<&State>,
    engine: &Engine,
    method: Method,
) -> setter::Candidates {
    setter::candidates_by(puzzle, state, engine, &EngineOptions::default(), method)
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()))
}

/// Every puzzle file under `dir`, recursively, sorted.
fn puzzle_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            out.extend(puzzle_files(&path));
        } else if path.extension().is_some_and(|x| {
            ["kenken", "kakuro", "crossproduct", "sudoku", "killer"].contains(&x.to_str().unwrap())
        }) {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The shipped puzzles small enough to enumerate: all but KenKen of side 13 and up.
fn shipped() -> Vec<(PathBuf, Puzzle)> {
    puzzle_files(Path::new("tests/data"))
        .into_iter()
        .filter_map(|p| Puzzle::read(&p).ok().map(|z| (p, z)))
        .filter(|(_, z)| z.latin_side().is_none_or(|n| n <= 12))
        .collect()
}

/// On every shipped puzzle with several solutions (found by the solver, not listed), the
/// candidates of every engine and method are the union of all solutions; past
/// [`UNION_LIMIT`] solutions, native and the DPLL walk agree and hold the union of the
/// first ones.
#[test]
fn candidates_are_the_union_of_all_solutions_on_the_shipped_puzzles() {
    let (mut multi, mut large) = (0, 0);
    for (path, puzzle) in shipped() {
        // Most shipped puzzles are unique, some of them hard (the 16x16 Killer takes the
        // DPLL walk minutes): the default engine tells them apart first.
        let (_, probe) =
            common::solutions(&Engine::Auto, &puzzle, &EngineOptions::default(), Some(2));
        if probe.count <= 1 {
            continue;
        }
        let (grids, count) = common::solutions(
            &Engine::Dpll,
            &puzzle,
            &EngineOptions::default(),
            Some(UNION_LIMIT),
        );
        if count.count <= 1 {
            continue;
        }
        let (rows, cols) = (grids[0].rows(), grids[0].cols());
        let cells = digit_cells(&grids[0]);
        let want = union(rows, cols, &grids, &cells);
        let name = path.display();
        if !count.complete {
            large += 1;
            let native = cands(&puzzle, None, &Engine::Native, Method::Covering);
            for &c in &cells {
                let got = native.get(c);
                assert!(want.get(c).iter().all(|d| got.contains(d)), "{name}: {c}");
            }
            if large <= 2 {
                let walk = cands(&puzzle, None, &Engine::Dpll, Method::Covering);
                assert_eq!(walk.grid(), native.grid(), "{name}: dpll vs native");
            }
            continue;
        }
        multi += 1;
        for engine in engines() {
            let got = cands(&puzzle, None, &engine, Method::Covering);
            assert_eq!(got.grid(), &want, "{name}: {}", engine.name());
            assert!(!got.unique(), "{name}");
            assert!(
                got.solutions_seen >= 2 && got.solutions_seen <= count.count,
                "{name}"
            );
        }
        // The other methods on the first few (they ask more questions, same answer).
        if multi <= 5 {
            for method in [Method::PerPair, Method::EveryPair] {
                let got = cands(&puzzle, None, &Engine::Varisat, method);
                assert_eq!(got.grid(), &want, "{name}: {method:?}");
            }
        }
    }
    assert!(
        multi >= 70,
        "only {multi} shipped puzzles with several solutions"
    );
    assert!(large >= 5, "only {large} puzzles past the union limit");
}

/// On the shipped puzzles with one solution up to 6×6 (and a few larger), the candidates of
/// every engine are single digits, the verified solution (and the shipped one).
#[test]
fn unique_puzzles_give_the_solution_as_singletons() {
    let mut checked = 0;
    for (path, puzzle) in shipped() {
        let (rows, cols) = puzzle.shape();
        if rows * cols > 36 {
            continue;
        }
        let (grids, count) =
            common::solutions(&Engine::Dpll, &puzzle, &EngineOptions::default(), Some(2));
        if count.count != 1 {
            continue;
        }
        for engine in engines() {
            let got = cands(&puzzle, None, &engine, Method::Covering);
            assert!(got.unique(), "{}: {}", path.display(), engine.name());
            assert_eq!(got.solution(), Some(&grids[0]), "{}", path.display());
            for &c in &digit_cells(&grids[0]) {
                assert_eq!(got.get(c), &[*grids[0].get(c)], "{}: {c}", path.display());
            }
        }
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} unique puzzles");
}

/// A small deterministic generator (xorshift), so the random cases are the same every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random `n`×`n` KenKen whose cages (dominoes and single cells, grown along rows) take
/// their targets from a random Latin square, so it has at least one solution.
pub(crate) fn random_kenken(rng: &mut Rng, n: usize) -> KenKen {
    let squares = brute::latin_squares(n);
    let sol = &squares[rng.below(squares.len())];
    let mut taken = Grid::filled(n, n, false);
    let mut cages = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r as u8, c as u8);
            if *taken.get(cell) {
                continue;
            }
            taken.set(cell, true);
            let right = Cell::new(r as u8, c as u8 + 1);
            let down = Cell::new(r as u8 + 1, c as u8);
            let mate = [right, down]
                .into_iter()
                .filter(|m| usize::from(m.row) < n && usize::from(m.col) < n && !*taken.get(*m))
                .nth(rng.below(2));
            let cells: Vec<Cell> = match mate {
                Some(m) if rng.below(5) > 0 => {
                    taken.set(m, true);
                    vec![cell, m]
                }
                _ => vec![cell],
            };
            let v: Vec<u64> = cells.iter().map(|&c| u64::from(*sol.get(c))).collect();
            let (op, target) = match (cells.len(), rng.below(4)) {
                (1, _) => (Op::Given, v[0]),
                (_, 0) => (Op::Add, v.iter().sum()),
                (_, 1) => (Op::Mul, v.iter().product()),
                (_, 2) => (Op::Sub, v[0].abs_diff(v[1])),
                _ if v[0] % v[1] == 0 || v[1] % v[0] == 0 => {
                    (Op::Div, v[0].max(v[1]) / v[0].min(v[1]))
                }
                _ => (Op::Add, v.iter().sum()),
            };
            cages.push(Cage { op, target, cells });
        }
    }
    KenKen::new(n, cages, false).expect("a valid KenKen")
}

/// Random 3×3 and 4×4 KenKens and 2×3 CrossProducts: the candidates of every engine are the
/// union of the brute-force solutions; with a state, the union of the solutions that extend
/// it, and the entries in no solution are named.
#[test]
fn random_small_puzzles_match_the_brute_force_union() {
    let mut rng = Rng(0x5eed_1234_abcd);
    let mut several = 0;
    let mut round = 0;
    while several < 16 && round < 400 {
        round += 1;
        let puzzle = if round % 4 == 3 {
            let table: Vec<Vec<u8>> = (0..2)
                .map(|_| (0..3).map(|_| 1 + rng.below(9) as u8).collect())
                .collect();
            Puzzle::CrossProduct(CrossProduct::from_table(&table).unwrap())
        } else {
            Puzzle::KenKen(random_kenken(&mut rng, 3 + round % 2))
        };
        let all = brute::solutions(&puzzle);
        let (rows, cols) = puzzle.shape();
        let cells = digit_cells(&all[0]);
        several += usize::from(all.len() > 1);
        for engine in engines() {
            let got = cands(&puzzle, None, &engine, Method::Covering);
            assert_eq!(got.grid(), &union(rows, cols, &all, &cells), "{puzzle}");
            assert_eq!(got.unique(), all.len() == 1, "{puzzle}");
        }
        check_state(&puzzle, &all, &mut rng);
    }
    assert!(
        several >= 10,
        "only {several} random puzzles with several solutions"
    );
}

/// A state of two entries (one from a solution, one maybe not): the wrong entries are those
/// in no solution; the candidates are the union of the solutions extending the others.
fn check_state(puzzle: &Puzzle, all: &[Grid<u8>], rng: &mut Rng) {
    let (rows, cols) = puzzle.shape();
    let cells = digit_cells(&all[0]);
    let a = cells[rng.below(cells.len())];
    let b = cells[rng.below(cells.len())];
    let mut grid = Grid::filled(rows, cols, 0u8);
    grid.set(a, *all[rng.below(all.len())].get(a));
    if b != a {
        let digits = puzzle.latin_side().unwrap_or(9) as u8;
        grid.set(b, 1 + rng.below(usize::from(digits)) as u8);
    }
    let text: String = grid
        .iter_rows()
        .map(|r| {
            r.iter()
                .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let state = State::parse(&text, puzzle).unwrap();
    let entries = state.entries();
    let wrong: Vec<(Cell, u8)> = entries
        .iter()
        .filter(|&&(c, d)| all.iter().all(|g| *g.get(c) != d))
        .copied()
        .collect();
    let kept: Vec<(Cell, u8)> = entries
        .iter()
        .filter(|e| !wrong.contains(e))
        .copied()
        .collect();
    let extending: Vec<Grid<u8>> = all
        .iter()
        .filter(|g| kept.iter().all(|&(c, d)| *g.get(c) == d))
        .cloned()
        .collect();
    for engine in engines() {
        let got = cands(puzzle, Some(&state), &engine, Method::Covering);
        let name = engine.name();
        assert_eq!(got.wrong, wrong, "{puzzle}\n{text}{name}");
        let base = if extending.is_empty() {
            all
        } else {
            &extending[..]
        };
        assert_eq!(
            got.grid(),
            &union(rows, cols, base, &cells),
            "{puzzle}\n{text}{name}"
        );
        assert_eq!(got.state_applied, !extending.is_empty(), "{name}");
    }
}

/// A wrong entry on a unique Keen puzzle is named, and the candidates are the solution's.
#[test]
fn a_wrong_entry_is_named() {
    let path = "tests/data/kenken/keen/6x6-h-00.kenken";
    let puzzle = common::load(path);
    let solution = common::read_solution(Path::new("tests/data/kenken/keen/6x6-h-00.sol")).unwrap();
    let b3 = Cell::parse_label("B3").unwrap();
    let right = *solution.get(Cell::parse_label("A1").unwrap());
    let wrong = *solution.get(b3) % 6 + 1;
    let text = format!("{right} . . . . .\n. . {wrong} . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n");
    let state = State::parse(&text, &puzzle).unwrap();
    for engine in engines() {
        let got = cands(&puzzle, Some(&state), &engine, Method::Covering);
        assert_eq!(got.wrong, vec![(b3, wrong)], "{}", engine.name());
        assert!(got.unique() && got.state_applied);
        assert_eq!(got.solution(), Some(&solution));
    }
}

/// State text errors carry their position; a digit on a Kakuro clue square is refused.
#[test]
fn state_errors_are_positioned() {
    let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n3 + B1 B2").unwrap();
    let err = |text: &str| State::parse(text, &puzzle).unwrap_err().to_string();
    assert_eq!(
        err("1 .\n. 3\n"),
        "<stdin>:2:3: digit 3 at B2 is outside 1..=2"
    );
    assert_eq!(
        err("1 . .\n. . .\n"),
        "<stdin>:1:1: solution is 2x3, the puzzle is 2x2"
    );
    assert_eq!(err("1 x\n. .\n"), "<stdin>:1:3: bad digit 'x' in solution");
    let kakuro = common::load("tests/data/kakuro/panpapag_easy_5x5.kakuro");
    let (rows, cols) = kakuro.shape();
    let mut text = String::from("1");
    text += &" .".repeat(cols - 1);
    text += "\n";
    for _ in 1..rows {
        text += &vec!["."; cols].join(" ");
        text += "\n";
    }
    let e = State::parse(&text, &kakuro).unwrap_err().to_string();
    assert_eq!(e, "<stdin>:1:1: A1 is not a digit square: write '.' there");
}

/// A run stopped before it starts answers "stopped", or (a solver that noticed too late) the
/// whole true answer: never a partial one. The native engine looks at every node.
#[test]
fn a_stopped_run_is_an_error_never_a_partial_answer() {
    let path = "tests/data/kenken/keen/9x9-x-01.kenken";
    let puzzle = common::load(path);
    let solution = common::read_solution(Path::new("tests/data/kenken/keen/9x9-x-01.sol")).unwrap();
    let stop = Stop::new();
    stop.request();
    let opts = EngineOptions {
        stop,
        ..EngineOptions::default()
    };
    for engine in engines() {
        match setter::candidates(&puzzle, None, &engine, &opts) {
            Err(SetterError::Stopped { .. }) => {}
            Ok(c) if engine != Engine::Native => {
                assert!(
                    c.unique() && c.solution() == Some(&solution),
                    "{}",
                    engine.name()
                );
            }
            other => panic!("{}: {other:?}", engine.name()),
        }
    }
    let smt = Engine::Smt {
        solver: cagesat::engine::SmtSolver::Z3,
        timeout: None,
    };
    let err = setter::candidates(&puzzle, None, &smt, &EngineOptions::default()).unwrap_err();
    assert!(matches!(err, SetterError::Unsupported { .. }), "{err}");
}
