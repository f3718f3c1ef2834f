//! Sudoku and Killer Sudoku: the shipped sample is unique on two engines, every engine's
//! count agrees with brute force on tiny 4×4 puzzles, and bad input gets one positioned line.

use crate::common;

use cagesat::{Engine, EngineOptions, Grid, Outcome, ParseOptions, Puzzle};

/// Every shipped puzzle of `dir`, by path.
fn sample(dir: &str) -> Vec<String> {
    let mut paths: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".sudoku") || p.ends_with(".killer"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{dir} is empty");
    paths
}

/// The unique solution, as two engines prove it; they must agree.
fn unique_on_two(path: &str) -> Grid<u8> {
    let puzzle = common::load(path);
    let opts = EngineOptions::default();
    let mut grids = Vec::new();
    for engine in [Engine::Native, Engine::Varisat] {
        let (outcome, _) = engine.prove_unique(&puzzle, &opts).unwrap();
        let Outcome::Solved { grid, unique, .. } = outcome else {
            panic!("{path}: no solution with {}", engine.name())
        };
        assert_eq!(
            unique,
            Some(true),
            "{path}: not unique with {}",
            engine.name()
        );
        grids.push(grid);
    }
    assert_eq!(grids[0], grids[1], "{path}: engines disagree");
    grids.swap_remove(0)
}

#[test]
fn shipped_sudokus_are_unique_on_two_engines() {
    for path in sample("tests/data/sudoku") {
        let grid = unique_on_two(&path);
        assert!(common::load(&path).verify(&grid).is_ok());
    }
}

#[test]
fn shipped_killers_are_unique_on_two_engines() {
    for path in sample("tests/data/killer") {
        let _ = unique_on_two(&path);
    }
}

/// Every 4×4 Sudoku grid (boxes 2×2), by brute force without the library's rules.
fn all_4x4() -> Vec<Vec<Vec<u8>>> {
    fn fill(g: &mut Vec<Vec<u8>>, i: usize, out: &mut Vec<Vec<Vec<u8>>>) {
        if i == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4u8 {
            let clash = (0..4).any(|k| g[r][k] == d || g[k][c] == d)
                || (0..4).any(|k| g[r / 2 * 2 + k / 2][c / 2 * 2 + k % 2] == d);
            if !clash {
                g[r][c] = d;
                fill(g, i + 1, out);
                g[r][c] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![vec![0; 4]; 4], 0, &mut out);
    out
}

/// Cell `A1`… as (row, column).
fn at(label: &str) -> (usize, usize) {
    let b = label.as_bytes();
    (usize::from(b[0] - b'A'), usize::from(b[1] - b'1'))
}

/// How many 4×4 grids meet `givens` (digit, cell) and `cages` (sum, cells), by brute force.
fn brute(givens: &[(u8, &str)], cages: &[(u32, &[&str])]) -> u64 {
    all_4x4()
        .iter()
        .filter(|g| givens.iter().all(|&(d, c)| g[at(c).0][at(c).1] == d))
        .filter(|g| {
            cages.iter().all(|&(sum, cells)| {
                let v: Vec<u8> = cells.iter().map(|c| g[at(c).0][at(c).1]).collect();
                let distinct = v.iter().all(|x| v.iter().filter(|y| *y == x).count() == 1);
                distinct && v.iter().map(|&x| u32::from(x)).sum::<u32>() == sum
            })
        })
        .count() as u64
}

/// A tiny Killer: givens (digit, cell) and cages (sum, cells).
type Tiny<'a> = (&'a [(u8, &'a str)], &'a [(u32, &'a [&'a str])]);

/// Tiny puzzles with several solutions: (text, givens, cages) in both forms.
fn tiny() -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let sudokus: [&[(u8, &str)]; 3] = [
        &[],
        &[(1, "A1"), (2, "B3")],
        &[(3, "A2"), (3, "D4"), (1, "C1")],
    ];
    for givens in sudokus {
        let mut g = vec![vec!['.'; 4]; 4];
        for &(d, c) in givens {
            g[at(c).0][at(c).1] = char::from(b'0' + d);
        }
        let text: String = g
            .iter()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect();
        out.push((text, brute(givens, &[])));
    }
    let killers: [Tiny<'_>; 3] = [
        (&[], &[(3, &["A1", "A2"])]),
        (
            &[(4, "D4")],
            &[(7, &["A1", "B1", "B2"]), (5, &["C3", "C4"])],
        ),
        (
            &[],
            &[
                (10, &["A1", "B2", "C3", "D4"]),
                (3, &["A3", "A4"]),
                (7, &["D1", "D2"]),
            ],
        ),
    ];
    for (givens, cages) in killers {
        let mut text = "size 4\n".to_string();
        for (sum, cells) in cages {
            text += &format!("{sum} {}\n", cells.join(" "));
        }
        for (d, c) in givens {
            text += &format!("{d} = {c}\n");
        }
        out.push((text, brute(givens, cages)));
    }
    out
}

fn parse(text: &str) -> Puzzle {
    let ext = if text.starts_with("size") {
        "t.killer"
    } else {
        "t.sudoku"
    };
    Puzzle::parse_with(text, &ParseOptions::default().path(ext)).unwrap()
}

engine_test!(tiny_counts_match_brute_force, |e: &Engine| {
    let opts = EngineOptions::default();
    for (text, want) in tiny() {
        let (count, _) = e.count(&parse(&text), &opts, None).unwrap();
        assert_eq!((count.count, count.complete), (want, true), "{text}");
    }
});

/// Whether both long diagonals of a 4×4 grid hold distinct digits (Sudoku X), checked here
/// without the library.
fn x_holds(g: &[Vec<u8>]) -> bool {
    let distinct = |v: Vec<u8>| (1..=4).all(|d| v.contains(&d));
    distinct((0..4).map(|i| g[i][i]).collect()) && distinct((0..4).map(|i| g[i][3 - i]).collect())
}

/// Tiny X puzzles (Sudoku X and Killer X, 4×4) and their brute-force counts.
fn tiny_x() -> Vec<(String, u64)> {
    let count = |givens: &[(u8, &str)], cages: &[(u32, &[&str])]| {
        all_4x4()
            .iter()
            .filter(|g| x_holds(g))
            .filter(|g| givens.iter().all(|&(d, c)| g[at(c).0][at(c).1] == d))
            .filter(|g| {
                cages.iter().all(|&(sum, cells)| {
                    cells
                        .iter()
                        .map(|c| u32::from(g[at(c).0][at(c).1]))
                        .sum::<u32>()
                        == sum
                })
            })
            .count() as u64
    };
    let mut out = vec![
        (
            "diagonals\n....\n....\n....\n....\n".to_string(),
            count(&[], &[]),
        ),
        (
            "diagonals\n1...\n....\n....\n....\n".to_string(),
            count(&[(1, "A1")], &[]),
        ),
        (
            "diagonals\n.2..\n....\n..3.\n....\n".to_string(),
            count(&[(2, "A2"), (3, "C3")], &[]),
        ),
    ];
    out.push((
        "size 4\ndiagonals\n3 A1 A2\n".to_string(),
        count(&[], &[(3, &["A1", "A2"])]),
    ));
    out.push((
        "size 4\n7 B1 B2\ndiagonals\n4 = D4\n".to_string(),
        count(&[(4, "D4")], &[(7, &["B1", "B2"])]),
    ));
    out
}

engine_test!(tiny_x_counts_match_brute_force, |e: &Engine| {
    let opts = EngineOptions::default();
    let tiny = tiny_x();
    // The diagonals change the count: 4x4 Sudoku X has fewer grids than 4x4 Sudoku.
    assert!(tiny[0].1 > 0 && tiny[0].1 < 288, "{}", tiny[0].1);
    for (text, want) in tiny {
        let ext = if text.starts_with("size") {
            "t.killer"
        } else {
            "t.sudoku"
        };
        let puzzle = Puzzle::parse_with(&text, &ParseOptions::default().path(ext)).unwrap();
        let (count, _) = e.count(&puzzle, &opts, None).unwrap();
        assert_eq!((count.count, count.complete), (want, true), "{text}");
    }
});

engine_test!(shipped_sample_solves_the_same_everywhere, |e: &Engine| {
    let opts = EngineOptions::default();
    for path in sample("tests/data/sudoku")
        .into_iter()
        .chain(sample("tests/data/killer"))
        .filter(|p| !p.contains("16x16") || !matches!(e, Engine::Dpll))
    {
        let puzzle = common::load(&path);
        let (outcome, _) = e.prove_unique(&puzzle, &opts).unwrap();
        let Outcome::Solved { grid, unique, .. } = outcome else {
            panic!("{path}: unsolved")
        };
        assert_eq!(unique, Some(true), "{path}");
        let (reference, _) = Engine::Native.solve(&puzzle, &opts).unwrap();
        let Outcome::Solved { grid: want, .. } = reference else {
            panic!("{path}")
        };
        assert_eq!(grid, want, "{path}");
    }
});

#[test]
fn brute_force_knows_the_4x4_count() {
    assert_eq!(all_4x4().len(), 288);
}

/// The error line for `text` read as `name`.
fn error(text: &str, name: &str) -> String {
    Puzzle::parse_with(text, &ParseOptions::default().path(name))
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_input_gets_one_positioned_line() {
    let cases = [
        (
            "1 2 3\n",
            "x.sudoku",
            "x.sudoku:1:1: a one-line sudoku has 16, 36 or 81 squares, found 3",
        ),
        (
            "1 2 3\n. . .\n. . .\n",
            "x.sudoku",
            "x.sudoku:1:1: unsupported size 3",
        ),
        (
            "1 . . .\n. . 3 .\n. 4 . .\n",
            "x.sudoku",
            "x.sudoku:4:1: the grid has 3 rows, expected 4",
        ),
        (
            "1 . . .\n. . 3 .\n. 4 . 5\n. . . .\n",
            "x.sudoku",
            "x.sudoku:3:7: bad square '5'",
        ),
        (
            "1.1.............",
            "x.sudoku",
            "x.sudoku:1:3: given 1 repeats in row A",
        ),
        (
            "1234",
            "x.sudoku",
            "x.sudoku:1:1: a one-line sudoku has 16, 36 or 81 squares, found 4",
        ),
        (
            "size 4\n3 A1 A5\n",
            "x.killer",
            "x.killer:2:6: cell A5 is outside the 4x4 grid",
        ),
        (
            "size 4\n3 A1 A2\n4 A2 B2\n",
            "x.killer",
            "x.killer:3:3: cell A2 is in two cages",
        ),
        (
            "size 4\n11 A1 A2 A3\n",
            "x.killer",
            "x.killer:2:4: cage 11 at A1 cannot be 3 distinct digits",
        ),
        (
            "size 4\n3 A1 A2\n3 = A1\n",
            "x.killer",
            "x.killer:3:5: given 3 at A1 conflicts with cage 3",
        ),
        (
            "size 4\nboxes 3x2\n",
            "x.killer",
            "x.killer:2:7: boxes 3x2 do not tile a 4x4 grid",
        ),
        (
            "size 10\n3 A1 A2\n",
            "x.killer",
            "x.killer:1:6: unsupported size 10",
        ),
        (
            "size 4\nx A1\n",
            "x.killer",
            "x.killer:2:1: bad cage sum 'x'",
        ),
        (
            "size 4\n5 = A1 A2\n",
            "x.killer",
            "x.killer:2:8: a given is 'D = CELL' with one cell",
        ),
        ("4\n", "x.killer", "x.killer:1:1: expected 'size N' first"),
        ("# only\n", "x.sudoku", "x.sudoku:1:1: no puzzle found"),
    ];
    for (text, name, want) in cases {
        let got = error(text, name);
        assert!(
            got.starts_with(want),
            "{text:?}: got {got:?}, want {want:?}"
        );
        assert_eq!(got.lines().count(), 1, "{got}");
    }
}

#[test]
fn unknown_extensions_are_detected_where_unambiguous() {
    let sudoku = std::fs::read_to_string("tests/data/sudoku/gen-9x9-s3.sudoku").unwrap();
    assert_eq!(Puzzle::parse(&sudoku).unwrap().kind(), "sudoku");
    let killer = "size 4\nboxes 2x2\n3 A1 A2\n";
    assert_eq!(Puzzle::parse(killer).unwrap().kind(), "killer");
    // Without a `boxes` line a Killer file reads as KenKen, as before.
    let kenken = "size 2\n3 + A1 A2\n2 = B1\n1 = B2";
    assert_eq!(Puzzle::parse(kenken).unwrap().kind(), "kenken");
}

#[test]
fn rendering_shows_boxes_cages_and_sums() {
    let k = common::load("tests/data/killer/gen-4x4-s11.killer");
    let text = k.render_text(None);
    assert!(text.contains("boxes 2x2"), "{text}");
    let svg = k.render_svg(None);
    assert!(
        svg.contains("cage-walls") && svg.contains("box-walls"),
        "{svg}"
    );
    let s = common::load("tests/data/sudoku/gen-9x9-s3.sudoku");
    let (Outcome::Solved { grid, .. }, _) =
        Engine::Native.solve(&s, &EngineOptions::default()).unwrap()
    else {
        panic!()
    };
    assert_eq!(s.render_json(&grid), serde_json::json!(grid.to_rows()));
    let mut smt = Vec::new();
    let _ = cagesat::smt::write_smtlib(&mut smt, &k, &cagesat::smt::SmtOptions::default(), &[])
        .unwrap();
    let smt = String::from_utf8(smt).unwrap();
    assert!(smt.contains("(distinct c_A1 c_A2 c_A3 c_A4)"), "{smt}");
}

/// The Killers beyond 9×9 (cages over the digits 1..=N): every engine and both cage
/// encodings find the same verified grid and prove it unique.
#[test]
fn killers_beyond_9x9_on_every_engine() {
    use cagesat::encode::{ConstraintEncoding, EncodeOptions};
    for path in [
        "tests/data/killer/gen-12x12-s15.killer",
        "tests/data/killer/gen-16x16-s16.killer",
    ] {
        let puzzle = common::load(path);
        let want = unique_on_two(path);
        assert!(puzzle.verify(&want).is_ok(), "{path}");
        assert!(
            want.iter_rows().flatten().any(|&d| d > 9),
            "{path}: digits above 9"
        );
        for engine in [Engine::Cadical, Engine::Dpll, Engine::Auto] {
            let (outcome, _) = engine
                .prove_unique(&puzzle, &EngineOptions::default())
                .unwrap();
            let Outcome::Solved { grid, unique, .. } = outcome else {
                panic!("{path}: {}", engine.name())
            };
            assert_eq!(
                (grid, unique),
                (want.clone(), Some(true)),
                "{path}: {}",
                engine.name()
            );
        }
        for constraint in [ConstraintEncoding::Tuples, ConstraintEncoding::Mdd] {
            let opts = EngineOptions {
                encode: EncodeOptions::default().with_constraint(constraint),
                ..EngineOptions::default()
            };
            let (outcome, _) = Engine::Varisat.prove_unique(&puzzle, &opts).unwrap();
            let Outcome::Solved { grid, unique, .. } = outcome else {
                panic!("{path}: {constraint:?}")
            };
            assert_eq!(
                (grid, unique),
                (want.clone(), Some(true)),
                "{path}: {constraint:?}"
            );
        }
    }
}

#[test]
fn a_cage_over_the_tuple_limit_is_an_error_with_tuples_and_an_automaton_with_auto() {
    use cagesat::encode::{ConstraintEncoding, EncodeOptions};
    // Eight cells of a 16×16 grid summing to 68: 526 combinations.
    let text = "size 16\n68 A1 A2 A3 A4 A5 A6 A7 A8\n";
    let puzzle = parse_named(text, "x.killer");
    let mut opts = EncodeOptions::default().with_constraint(ConstraintEncoding::Tuples);
    opts.tuple_limit = 525;
    let e = puzzle.encode(&opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cage at A1 (8 cells) has more than 525 allowed tuples (too large for the tuple encoding)"
    );
    opts.tuple_limit = 526;
    assert!(puzzle.encode(&opts).is_ok());
    let mut auto = EncodeOptions::default();
    auto.tuple_limit = 10;
    let enc = puzzle.encode(&auto).unwrap();
    let mdd = enc
        .families()
        .iter()
        .find(|f| f.name == "cage-mdd")
        .unwrap();
    assert!(mdd.stats.clauses > 0, "the automaton is written");
}

fn parse_named(text: &str, name: &str) -> Puzzle {
    Puzzle::parse_with(text, &ParseOptions::default().path(name)).unwrap()
}

#[test]
fn auto_runs_the_native_search_on_sudoku_and_killer() {
    for path in [
        "tests/data/sudoku/gen-16x16-s6.sudoku",
        "tests/data/killer/gen-9x9-s13.killer",
    ] {
        let puzzle = common::load(path);
        for limit in [Some(2), None] {
            assert_eq!(
                Engine::auto_backend(&puzzle, limit),
                Engine::Native,
                "{path}"
            );
        }
        let (_, stats) = Engine::Auto
            .prove_unique(&puzzle, &EngineOptions::default())
            .unwrap();
        assert!(
            matches!(stats, cagesat::engine::EngineStats::Native(_)),
            "{path}"
        );
    }
}

/// The grade of a generated puzzle: the level's root propagation solves it (a verified
/// grid) and every weaker level leaves cells open.
#[test]
fn sudoku_grades_name_the_weakest_solving_level() {
    use cagesat::grade::{Level, Root, Scale};
    let cases = [
        (9, 1, Level::Singles),
        (9, 17, Level::Subsets),
        (9, 24, Level::Interactions),
        (9, 2, Level::Search),
    ];
    for (size, seed, want) in cases {
        let (s, solution) = cagesat::puzzle::Sudoku::generate(size, seed).unwrap();
        let g = Puzzle::Sudoku(s).grade().unwrap();
        assert_eq!(g.scale, Scale::Houses, "a Sudoku grade");
        assert_eq!(g.level, Some(want), "seed {seed}");
        for (level, root) in &g.roots {
            if *level < want {
                assert!(
                    matches!(root, Root::Open { fixed } if *fixed < 81),
                    "seed {seed} {level}"
                );
            } else {
                assert_eq!(root, &Root::Solved(solution.clone()), "seed {seed} {level}");
            }
        }
    }
    let killer = common::load("tests/data/killer/gen-9x9-s13.killer");
    let g = killer.grade().unwrap();
    assert_eq!(g.scale, Scale::Houses, "a Sudoku grade");
    assert_eq!(g.level, Some(Level::Singles));
    assert!(g.cnf_up.solves());
}

/// A Killer's text reads back as the same Killer without its file name (pasted, piped,
/// pickled): the `boxes` line is written even for default boxes.
#[test]
fn killer_text_reads_back_without_its_file_name() {
    for entry in std::fs::read_dir("tests/data/killer").expect("killer data") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "killer") {
            continue;
        }
        let puzzle = cagesat::Puzzle::read(&path).expect("reads");
        let again = cagesat::Puzzle::parse(&puzzle.to_string()).expect("reads back");
        assert_eq!(again, puzzle, "{}", path.display());
        assert_eq!(again.kind(), "killer", "{}", path.display());
    }
}

/// The shipped X puzzles are unique with their diagonals and have several solutions
/// without them; the verifier rejects a grid that breaks a diagonal.
#[test]
fn x_puzzles_need_their_diagonals() {
    let opts = EngineOptions::default();
    let xs: Vec<String> = sample("tests/data/sudoku")
        .into_iter()
        .chain(sample("tests/data/killer"))
        .filter(|p| p.contains("/x-"))
        .collect();
    assert_eq!(xs.len(), 3, "{xs:?}");
    for path in xs {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\ndiagonals\n"), "{path}");
        let grid = unique_on_two(&path);
        let plain_text = text.replace("\ndiagonals\n", "\n");
        let plain = Puzzle::parse_with(&plain_text, &ParseOptions::default().path(&path)).unwrap();
        for e in [Engine::Native, Engine::Varisat] {
            let (count, _) = e.count(&plain, &opts, Some(2)).unwrap();
            assert_eq!(count.count, 2, "{path} without its diagonals, {}", e.name());
        }
        // A solution of the plain puzzle other than the X one breaks a diagonal.
        let (outcome, _) = Engine::Varisat.prove_unique(&plain, &opts).unwrap();
        let Outcome::Solved {
            grid: first,
            second: Some(second),
            ..
        } = outcome
        else {
            panic!("{path}: the plain puzzle has no second solution")
        };
        let other = if first == grid { second } else { first };
        let x = common::load(&path);
        let err = x.verify(&other).unwrap_err().to_string();
        assert!(err.contains("diagonal"), "{path}: {err}");
    }
}

#[test]
fn a_repeated_given_on_a_diagonal_is_positioned() {
    let e = error("diagonals\n1...\n....\n....\n...1\n", "x.sudoku");
    assert_eq!(
        e,
        "x.sudoku:5:4: given 1 repeats in diagonal A1-D4 (cells A1 and D4)"
    );
    let e = error("diagonals\n...2\n....\n.2..\n....\n", "x.sudoku");
    assert_eq!(
        e,
        "x.sudoku:4:2: given 2 repeats in diagonal A4-D1 (cells A4 and C2)"
    );
    let e = error("size 4\ndiagonals\ndiagonals\n", "x.killer");
    assert_eq!(
        e,
        "x.killer:3:1: 'diagonals' given twice or after the cages"
    );
}
