//! The formats people paste (issue 37): clues as people write them, impossible cages, the
//! missing-operator warning, texts that read as two kinds, collections, the forum's short
//! Killer format, SudokuWiki Killer strings and f-puzzles links. Every error's exact
//! message and position; every solution checked by the verifier.

use cagesat::parse::ParseWarningKind;
use cagesat::puzzle::Op;
use cagesat::{Engine, EngineOptions, Outcome, ParseOptions, Puzzle};

const DATA: &str = "tests/data/collections";

/// A 6×6 KenKen whose first cage is `clue` over `cells`, every other cell a given 1.
fn with_clue(clue: &str, cells: &[&str]) -> String {
    let mut text = format!("size 6\n{clue} {}\n", cells.join(" "));
    for r in ['A', 'B', 'C', 'D', 'E', 'F'] {
        for c in 1..=6 {
            let label = format!("{r}{c}");
            if !cells.contains(&label.as_str()) {
                text += &format!("1 = {label}\n");
            }
        }
    }
    text
}

/// The first cage's operator and target as read.
fn first_cage(text: &str) -> (Op, u64) {
    let p = Puzzle::parse_with(text, &ParseOptions::default().path("t.kenken"))
        .unwrap_or_else(|e| panic!("{e}"));
    let cage = &p.as_kenken().expect("a KenKen").cages()[0];
    (cage.op, cage.target)
}

#[test]
fn every_clue_spelling() {
    let two = ["A1", "A2"];
    let cases: &[(&str, &[&str], Op, u64)] = &[
        ("10*", &two, Op::Mul, 10),
        ("10x", &two, Op::Mul, 10),
        ("10X", &two, Op::Mul, 10),
        ("10×", &two, Op::Mul, 10),
        ("10 x", &two, Op::Mul, 10),
        ("10 *", &two, Op::Mul, 10),
        ("12+", &["A1", "A2", "A3"], Op::Add, 12),
        ("3-", &two, Op::Sub, 3),
        ("3−", &two, Op::Sub, 3),
        ("2/", &two, Op::Div, 2),
        ("2÷", &two, Op::Div, 2),
        ("5=", &["A1"], Op::Given, 5),
        ("7?", &two, Op::Any, 7),
    ];
    for &(clue, cells, op, target) in cases {
        assert_eq!(first_cage(&with_clue(clue, cells)), (op, target), "{clue}");
    }
}

#[test]
fn printed_clues_read_back() {
    // `cagesat` prints `10* A1 A2`; what it prints, it reads.
    let p = Puzzle::parse(&with_clue("10*", &["A1", "A2"])).unwrap();
    let again = Puzzle::parse(&p.to_string()).unwrap();
    assert_eq!(again, p);
}

/// The error `text` (read as `t.kenken`) gives.
fn kenken_error(text: &str) -> String {
    Puzzle::parse_with(text, &ParseOptions::default().path("t.kenken"))
        .expect_err("rejected")
        .to_string()
}

#[test]
fn impossible_kenken_cage_is_named_at_its_target() {
    let text = with_clue("8 -", &["F1", "F2"]);
    assert_eq!(
        kenken_error(&text),
        "t.kenken:2:1: cage 8- at F1 cannot be made by 2 digits 1..=6"
    );
    // Glued, and in a row where the two cells must differ.
    let text = with_clue("12+", &["A1", "A2"]);
    assert_eq!(
        kenken_error(&text),
        "t.kenken:2:1: cage 12+ at A1 cannot be made by 2 digits 1..=6"
    );
    // A given above the side.
    let text = with_clue("7 =", &["C3"]);
    assert_eq!(
        kenken_error(&text),
        "t.kenken:2:1: cage 7= at C3 cannot be made by 1 digits 1..=6"
    );
}

#[test]
fn killer_sum_out_of_range_is_named() {
    let e = Puzzle::parse("size 4\nboxes 2x2\n9 A1 A2\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "<stdin>:3:3: cage 9 at A1 cannot be 2 distinct digits 1..=4 (sums 3..=7)"
    );
}

#[test]
fn unknown_operator_glued_or_apart() {
    assert_eq!(
        kenken_error("size 2\n3 + A1 A2\n3 % B1 B2"),
        "t.kenken:3:3: unknown operator '%' (expected + - * / =)"
    );
    assert_eq!(
        kenken_error("size 2\n3+ A1 A2\n3%"),
        "t.kenken:3:1: bad target '3%' (expected a positive whole number)"
    );
}

#[test]
fn a_missing_operator_warns_unless_question_mark() {
    let text = "size 2\n3 A1 A2\n3 ? B1 B2\n";
    let (p, warnings) =
        Puzzle::parse_with_warnings(text, &ParseOptions::default().path("t.kenken")).unwrap();
    assert_eq!(p.as_kenken().unwrap().cages()[0].op, Op::Any);
    assert_eq!(warnings.len(), 1);
    assert_eq!(
        warnings[0].kind,
        ParseWarningKind::MissingOperator { target: 3 }
    );
    assert_eq!(
        warnings[0].to_string(),
        "t.kenken:2:2: warning: cage 3 has no operator; it is read as '?' (any of + - * /): write '3 ?' to say so, or add the operator"
    );
    let (_, none) =
        Puzzle::parse_with_warnings("size 2\n3 ? A1 A2\n3 ? B1 B2\n", &ParseOptions::default())
            .unwrap();
    assert!(none.is_empty());
}

/// A 4×4 Killer written without its `boxes` line: also an operator-less KenKen.
const TWO_KINDS: &str =
    "size 4\n3 A1 A2\n7 A3 A4\n7 B1 B2\n3 B3 B4\n5 C1 C2\n5 C3 C4\n5 D1 D2\n5 D3 D4\n";

#[test]
fn text_of_two_kinds_is_refused() {
    let e = Puzzle::parse(TWO_KINDS).unwrap_err();
    assert_eq!(
        e.to_string(),
        "<stdin>:1:1: this text reads as two kinds: a KenKen whose cages have no operators or a Killer Sudoku (cages of sums, with its boxes); choose one with --kind kenken|killer, a first line 'kind kenken' or 'kind killer', or the file's extension (.kenken, .killer)"
    );
    // Each way of choosing picks one reading.
    let killer = Puzzle::parse(&format!("kind killer\n{TWO_KINDS}")).unwrap();
    assert_eq!(killer.kind(), "killer");
    let by_ext = Puzzle::parse_with(TWO_KINDS, &ParseOptions::default().path("x.killer")).unwrap();
    assert_eq!(by_ext, killer);
    let kenken = Puzzle::parse_with(TWO_KINDS, &ParseOptions::default().kind("kenken")).unwrap();
    assert_eq!(kenken.kind(), "kenken");
    let by_ext = Puzzle::parse_with(TWO_KINDS, &ParseOptions::default().path("x.kenken")).unwrap();
    assert_eq!(by_ext, kenken);
    // Both readings are puzzles (8 solutions each here): nothing in the text says which.
    let opts = EngineOptions::default();
    let count = |p: &Puzzle| Engine::Native.count(p, &opts, None).unwrap().0.count;
    assert_eq!((count(&killer), count(&kenken)), (8, 8));
}

#[test]
fn unknown_kind_is_named() {
    let e = Puzzle::parse("kind kenkne\nsize 2\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "<stdin>:1:6: unknown kind 'kenkne' (expected one of url, killer-short, fpuzzles, sudokupad, towers, unequal, keen, solo, crossproduct, sudoku, killer, kakuro, kenken)"
    );
}

/// Solves `puzzle` proving it unique, and returns the verified grid's digits in reading
/// order.
fn solve_unique(puzzle: &Puzzle) -> String {
    let (outcome, _) = Engine::Auto
        .prove_unique(puzzle, &EngineOptions::default())
        .unwrap();
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("no solution");
    };
    assert_eq!(unique, Some(true));
    puzzle.verify(&grid).unwrap();
    grid.iter_rows()
        .flat_map(|r| r.iter().map(|d| char::from(b'0' + d)).collect::<Vec<_>>())
        .collect()
}

#[test]
fn a_collection_reads_line_by_line() {
    let path = format!("{DATA}/classic-hard.sudokus");
    let all: Vec<_> = Puzzle::read_all(&path, &ParseOptions::default())
        .unwrap()
        .collect();
    let lines: Vec<usize> = all.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![4, 5, 6, 7, 8]);
    let mut counts = Vec::new();
    for (_, p) in &all {
        let p = p.as_ref().unwrap();
        assert_eq!(p.kind(), "sudoku");
        // Every solution is checked by the verifier inside the engine.
        let (count, _) = Engine::Native
            .count(p, &EngineOptions::default(), Some(100))
            .unwrap();
        counts.push((count.count, count.complete));
    }
    // Two of ISS's "slow" grids are not unique: 5 solutions, and 100 or more.
    assert_eq!(
        counts,
        vec![(1, true), (5, true), (1, true), (100, false), (100, false)]
    );
    let _ = solve_unique(all[0].1.as_ref().unwrap());
    // Read as one puzzle, it is refused with a pointer to the collection readers.
    let e = Puzzle::read(&path).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{path}:1:1: this text holds 5 puzzles, one per line (a collection): read it with `cagesat solve`, `count`, `grade` or `candidates`, or the library's Puzzle::read_all")
    );
}

#[test]
fn a_bad_line_is_an_error_at_its_line_and_the_rest_is_read() {
    let good = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let text = format!("# list\n{good}\n  {}\n\n{good} rated 11.0\n", &good[..80]);
    let read: Vec<_> = Puzzle::parse_all(&text, &ParseOptions::default().path("l.txt")).collect();
    assert_eq!(read.len(), 3);
    assert!(read[0].1.is_ok());
    let (line, e) = &read[1];
    assert_eq!(*line, 3);
    assert_eq!(
        e.as_ref().unwrap_err().to_string(),
        "l.txt:3:3: a one-line sudoku has 16, 36 or 81 squares, found 80"
    );
    assert_eq!(read[2].0, 5);
    assert_eq!(read[2].1.as_ref().unwrap(), read[0].1.as_ref().unwrap());
}

/// The Telegraph's "world's hardest Sudoku".
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

const TAREK_1: &str =
    "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";

#[test]
fn short_killer_in_and_out() {
    let p = Puzzle::parse(TAREK_1).unwrap();
    assert_eq!((p.kind(), p.size_label().as_str()), ("killer", "9x9"));
    let short = p.to_short_killer().unwrap();
    assert_eq!(Puzzle::parse(&short).unwrap(), p);
    // Cages are written with side arrows where the cells allow.
    let two = Puzzle::parse("size 9\nboxes 3x3\n3 A1 A2\n4 B1 C1\n").unwrap();
    let short = two.to_short_killer().unwrap();
    assert_eq!(&short[..10], "3<00000004");
    assert_eq!(&short[18..19], "^");
    // A Killer written by cagesat reads back through the short format.
    let text = std::fs::read_to_string("tests/data/killer/gen-9x9-s13.killer").unwrap();
    let k = Puzzle::parse(&text).unwrap();
    let short = k.to_short_killer().expect("no givens, touching cages");
    assert_eq!(lines(&Puzzle::parse(&short).unwrap()), lines(&k));
    // A Sudoku has no short Killer form.
    assert_eq!(Puzzle::parse(HARD).unwrap().to_short_killer(), None);
}

/// The lines of a puzzle's text, sorted (the cages in any order).
fn lines(p: &Puzzle) -> Vec<String> {
    let mut l: Vec<String> = p.to_string().lines().map(String::from).collect();
    l.sort();
    l
}

/// The error `text` gives, read with `kind` (or recognised, when `None`).
fn error_as(text: &str, kind: Option<&str>) -> String {
    let opts = match kind {
        Some(k) => ParseOptions::default().kind(k),
        None => ParseOptions::default(),
    };
    Puzzle::parse_with(text, &opts).unwrap_err().to_string()
}

#[test]
fn short_killer_errors() {
    let mut chars: Vec<char> = TAREK_1.chars().collect();
    chars[4] = '^';
    let up: String = chars.iter().collect();
    assert_eq!(
        error_as(&up, None),
        "<stdin>:1:5: the arrow at A5 points outside the grid"
    );
    let mut chars: Vec<char> = TAREK_1.chars().collect();
    chars[0] = '>';
    let looped: String = chars.iter().collect();
    assert_eq!(
        error_as(&looped, None),
        "<stdin>:1:1: the arrows from A1 go round in a loop and reach no sum"
    );
    let mut chars: Vec<char> = TAREK_1.chars().collect();
    chars[0] = '0';
    let no_sum: String = chars.iter().collect();
    assert_eq!(
        error_as(&no_sum, None),
        "<stdin>:1:1: the cage at A1 has several cells and no sum"
    );
    let mut chars: Vec<char> = TAREK_1.chars().collect();
    chars[5] = '@';
    let bad: String = chars.iter().collect();
    assert_eq!(
        error_as(&bad, Some("killer-short")),
        "<stdin>:1:6: bad character '@' in a short Killer (expected a sum 0-9 A-Z a-j or one of < > ^ v ` ' , .)"
    );
    assert_eq!(
        error_as("G<<", Some("killer-short")),
        "<stdin>:1:1: a short Killer has 81 characters, found 3"
    );
    let mut chars: Vec<char> = TAREK_1.chars().collect();
    chars[0] = '2';
    let small: String = chars.iter().collect();
    assert_eq!(
        error_as(&small, None),
        "<stdin>:1:1: cage 2 at A1 cannot be 4 distinct digits 1..=9 (sums 10..=30)"
    );
}

/// The SudokuWiki strings of the HS collection, with their solutions.
fn hs_killers() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(format!("{DATA}/hs-killers.sudokuwiki")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (p, s) = l.split_once(' ').unwrap();
            (p.to_string(), s.to_string())
        })
        .collect()
}

#[test]
fn sudokuwiki_killers_solve_to_their_published_solutions() {
    let mut x = 0;
    for (wiki, solution) in hs_killers() {
        let p = Puzzle::parse(&wiki).unwrap();
        assert_eq!(solve_unique(&p), solution);
        // `3x3:d:k` is Killer X: the same cages and both diagonals, read through f-puzzles too.
        if wiki.starts_with("3x3:d:") {
            let both = ",\"diagonal+\":true,\"diagonal-\":true";
            let from_link = Puzzle::parse(&link(&fpuzzles_json(&p, both))).unwrap();
            assert_eq!(lines(&from_link), lines(&p));
            x += 1;
        }
    }
    assert_eq!(x, 7);
}

#[test]
fn sudokuwiki_errors() {
    assert_eq!(
        error_as("3x3::k:1:2:3", None),
        "<stdin>:1:1: a SudokuWiki Killer has 81 cells after '3x3:?:k:', found 3"
    );
    let (wiki, _) = hs_killers()
        .into_iter()
        .find(|(w, _)| w.starts_with("3x3::"))
        .unwrap();
    let broken = wiki.replacen(":k:", ":k:x", 1);
    assert_eq!(
        error_as(&broken, None),
        format!(
            "<stdin>:1:8: bad SudokuWiki cell '{}' (expected a number SUM*256+CAGE)",
            broken.split(':').nth(3).unwrap()
        )
    );
}

/// f-puzzles JSON of `puzzle` (a 9×9 Sudoku or Killer), with `extra` members added.
fn fpuzzles_json(puzzle: &Puzzle, extra: &str) -> String {
    let (n, _) = puzzle.shape();
    let text = match puzzle.kind() {
        // The Sudoku's givens as `D = CELL` lines.
        "sudoku" => HARD
            .chars()
            .enumerate()
            .filter(|(_, c)| *c != '.')
            .map(|(i, c)| format!("{c} = {}{}\n", char::from(b'A' + (i / 9) as u8), i % 9 + 1))
            .collect(),
        _ => puzzle.to_string(),
    };
    let mut grid = vec![vec!["{}".to_string(); n]; n];
    let mut cages = Vec::new();
    for line in text.lines() {
        let toks: Vec<&str> = line.split_whitespace().collect();
        match toks.as_slice() {
            ["size", ..] | ["boxes", ..] | ["diagonals"] | [] => {}
            [d, "=", cell] => {
                let c = cagesat::Cell::parse_label(cell).unwrap();
                grid[usize::from(c.row)][usize::from(c.col)] =
                    format!("{{\"value\":{d},\"given\":true}}");
            }
            [sum, cells @ ..] => {
                let names: Vec<String> = cells
                    .iter()
                    .map(|l| {
                        let c = cagesat::Cell::parse_label(l).unwrap();
                        format!("\"R{}C{}\"", c.row + 1, c.col + 1)
                    })
                    .collect();
                cages.push(format!(
                    "{{\"cells\":[{}],\"value\":\"{sum}\"}}",
                    names.join(",")
                ));
            }
        }
    }
    let rows: Vec<String> = grid.iter().map(|r| format!("[{}]", r.join(","))).collect();
    format!(
        "{{\"size\":{n},\"title\":\"t\",\"grid\":[{}],\"killercage\":[{}]{extra}}}",
        rows.join(","),
        cages.join(",")
    )
}

fn link(json: &str) -> String {
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    )
}

#[test]
fn fpuzzles_links_of_killers_and_sudokus() {
    let killer = Puzzle::parse(TAREK_1).unwrap();
    let from_link = Puzzle::parse(&link(&fpuzzles_json(&killer, ""))).unwrap();
    assert_eq!(from_link, killer);
    let sudoku = Puzzle::parse(HARD).unwrap();
    let json = fpuzzles_json(&sudoku, "").replace(",\"killercage\":[]", "");
    assert_eq!(Puzzle::parse(&json).unwrap(), sudoku);
    assert_eq!(Puzzle::parse(&link(&json)).unwrap(), sudoku);
    let _ = solve_unique(&from_link);
}

#[test]
fn fpuzzles_refuses_what_it_cannot_read() {
    let sudoku = Puzzle::parse(HARD).unwrap();
    // One diagonal alone is a variant constraint of the Sudoku.
    let x = link(&fpuzzles_json(&sudoku, ",\"diagonal+\":true"));
    let Puzzle::Sudoku(one) = Puzzle::parse(&x).unwrap() else {
        panic!("a Sudoku");
    };
    assert_eq!(
        one.variants(),
        &[cagesat::puzzle::Variant::Diagonal { anti: true }]
    );
    let minimum = fpuzzles_json(&sudoku, ",\"minimum\":[{\"cell\":\"R1C1\"}]");
    assert_eq!(
        Puzzle::parse(&minimum).unwrap_err().to_string(),
        "<stdin>:1:1: the f-puzzles feature 'minimum' is not supported: minimum cells are not in cagesat's models"
    );
    assert_eq!(
        Puzzle::parse("https://www.f-puzzles.com/?load=N4Ig")
            .unwrap_err()
            .to_string(),
        "<stdin>:1:33: the f-puzzles link's data does not decompress (is the link complete?)"
    );
    let bad_cell = fpuzzles_json(&sudoku, "").replace(
        "\"killercage\":[]",
        "\"killercage\":[{\"cells\":[\"R1C10\"],\"value\":\"3\"}]",
    );
    assert_eq!(
        Puzzle::parse(&bad_cell).unwrap_err().to_string(),
        "<stdin>:1:1: bad f-puzzles cell 'R1C10' (expected R1C1..R9C9)"
    );
    // A link whose data decompresses to something other than JSON.
    let e = Puzzle::parse(&link("size 9")).unwrap_err().to_string();
    assert!(
        e.starts_with("<stdin>:1:33: the f-puzzles data is not JSON: "),
        "{e}"
    );
    // JSON without the grid, or with a digit out of range.
    let no_grid = link("{\"size\":9}");
    assert_eq!(
        Puzzle::parse(&no_grid).unwrap_err().to_string(),
        "<stdin>:1:33: the f-puzzles data has no valid 'grid'"
    );
    let first = HARD.chars().find(|&c| c != '.').expect("a given");
    let bad_value =
        fpuzzles_json(&sudoku, "").replacen(&format!("{{\"value\":{first},"), "{\"value\":10,", 1);
    assert_eq!(
        Puzzle::parse(&bad_value).unwrap_err().to_string(),
        "<stdin>:1:1: bad f-puzzles value '10' (expected 1..=9)"
    );
}

/// The held-out acceptance sets: Tarek's 42 hard Killers and the first two of Mathemagic's
/// 14, read from one collection file each, solved and proven unique (a minute in release:
/// ignored). Each of Mathemagic's takes 4–25 s (`auto` hands them all to varisat), five
/// minutes for the 14 on CI's two cores: the whole set is timed in `benches/specialists.sh`
/// instead.
#[test]
#[ignore = "long: 44 hard Killers proven unique"]
fn hard_killer_collections_are_unique() {
    for (file, take) in [("tarek-42.killers", 42), ("mathemagic-14.killers", 2)] {
        let all: Vec<_> = Puzzle::read_all(format!("{DATA}/{file}"), &ParseOptions::default())
            .unwrap()
            .collect();
        assert!(all.len() >= take, "{file}: {} puzzles", all.len());
        for (line, p) in all.into_iter().take(take) {
            let p = p.unwrap_or_else(|e| panic!("{e}"));
            eprintln!("{file}:{line}");
            let _ = solve_unique(&p);
        }
    }
}

/// `Puzzle::json_is_rows` (which lets `solve --json` write the grid without building its
/// `Value`) says true exactly where `render_json` draws the grid's rows of digits: on
/// the shipped puzzles of every kind (up to eight files a kind), with a grid of varied
/// digits of the puzzle's shape.
#[test]
fn json_is_rows_where_render_json_draws_rows() {
    let mut seen = std::collections::BTreeSet::new();
    for kind in [
        "kenken",
        "kakuro",
        "crossproduct",
        "sudoku",
        "killer",
        "towers",
        "unequal",
    ] {
        let dir = format!("tests/data/{kind}");
        let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .flat_map(|p| match std::fs::read_dir(&p) {
                Ok(sub) => sub.map(|e| e.unwrap().path()).collect(),
                Err(_) => vec![p],
            })
            .filter(|p| p.extension().is_some_and(|e| e == kind))
            .collect();
        paths.sort();
        assert!(!paths.is_empty(), "no {kind} under {dir}");
        for path in paths.iter().take(8) {
            let puzzle = Puzzle::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let c = puzzle.constraints();
            let digits = (0..c.rows * c.cols).map(|i| (i % 9) as u8 + 1).collect();
            let grid = cagesat::Grid::from_row_major(c.rows, c.cols, digits).unwrap();
            let rows = serde_json::json!(grid.to_rows());
            assert_eq!(
                puzzle.json_is_rows(),
                kind != "kakuro",
                "{}",
                path.display()
            );
            if puzzle.json_is_rows() {
                assert_eq!(puzzle.render_json(&grid), rows, "{}", path.display());
            } else {
                assert_ne!(puzzle.render_json(&grid), rows, "{}", path.display());
            }
            let _ = seen.insert(puzzle.kind());
        }
    }
    assert_eq!(seen.len(), 7, "{seen:?}");
}
