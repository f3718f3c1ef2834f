//! Towers and Unequal (issue 41): the game IDs Simon Tatham's own generators made
//! (`tests/data/towers/`, `tests/data/unequal/`, see their README), each solved and proven
//! unique by the native engine and by CDCL (varisat), the answer equal to Tatham's own
//! solution and accepted by the verifier; the IDs written back unchanged; the text formats
//! read back; every solution of small puzzles compared with a brute force written here;
//! positioned errors.

use cagesat::parse::{towers_id, unequal_id};
use cagesat::puzzle::{Mark, Side};
use cagesat::{Cell, Engine, EngineOptions, Grid, Outcome, Puzzle};

use crate::common;

/// The shipped IDs of a kind, each with Tatham's solution (row-major digits).
fn corpus(kind: &str) -> Vec<(String, Grid<u8>)> {
    let read = |name: &str| {
        std::fs::read_to_string(format!("tests/data/{kind}/{name}"))
            .unwrap_or_else(|e| panic!("{kind}/{name}: {e}"))
    };
    let ids = read("ids.txt");
    let sols = read("solutions.txt");
    let pairs: Vec<(String, Grid<u8>)> = ids
        .lines()
        .zip(sols.lines())
        .map(|(id, sol)| {
            let digits: Vec<u8> = sol.bytes().map(|b| b - b'0').collect();
            let n = (digits.len() as f64).sqrt() as usize;
            let rows = digits.chunks(n).map(<[u8]>::to_vec).collect();
            (id.to_string(), Grid::from_rows(rows).expect("a square"))
        })
        .collect();
    assert_eq!(
        pairs.len(),
        ids.lines().count(),
        "{kind}: one solution per ID"
    );
    assert!(pairs.len() >= 16, "{kind}: the corpus is there");
    pairs
}

/// Solves `puzzle` with uniqueness by `engine`: the verified unique grid.
fn unique(engine: &Engine, puzzle: &Puzzle, what: &str) -> Grid<u8> {
    let (outcome, stats) = engine
        .prove_unique(puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    common::assert_worked(&stats, what);
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{what}: no solution ({})", engine.name());
    };
    assert_eq!(
        unique,
        Some(true),
        "{what}: not unique for {}",
        engine.name()
    );
    grid
}

fn check_corpus(kind: &str) {
    for (id, want) in corpus(kind) {
        let puzzle = Puzzle::parse(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(puzzle.kind(), kind, "{id}");
        for engine in [Engine::Native, Engine::Varisat] {
            let grid = unique(&engine, &puzzle, &id);
            puzzle.verify(&grid).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(grid, want, "{id}: {} differs from Tatham's", engine.name());
        }
    }
}

#[test]
fn every_towers_id_is_solved_uniquely_as_tatham_solved_it() {
    check_corpus("towers");
}

#[test]
fn every_unequal_id_is_solved_uniquely_as_tatham_solved_it() {
    check_corpus("unequal");
}

/// The ID as written back: bare, as Tatham's games take it.
fn written_back(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::Towers(t) => towers_id(t),
        Puzzle::Unequal(u) => unequal_id(u),
        other => panic!("not a Tatham kind: {}", other.kind()),
    }
}

#[test]
fn ids_and_texts_round_trip() {
    for kind in ["towers", "unequal"] {
        for (id, _) in corpus(kind) {
            let puzzle = Puzzle::parse(&id).unwrap();
            // Tatham's IDs here carry no difficulty, so they come back character for character.
            assert_eq!(written_back(&puzzle), id, "{kind}");
            let prefixed = format!("{kind}:{id}");
            assert_eq!(Puzzle::parse(&prefixed).unwrap(), puzzle, "{prefixed}");
            let text = puzzle.to_string();
            let opts = cagesat::ParseOptions::default().path(format!("x.{kind}"));
            let back = Puzzle::parse_with(&text, &opts).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, puzzle, "{text}");
        }
    }
}

/// Every n×n Latin square.
fn latin_squares(n: usize) -> Vec<Vec<u8>> {
    fn walk(n: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let i = cur.len();
        if i == n * n {
            out.push(cur.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u8 {
            let clash = (0..c).any(|k| cur[r * n + k] == d) || (0..r).any(|k| cur[k * n + c] == d);
            if !clash {
                cur.push(d);
                walk(n, cur, out);
                let _ = cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(n, &mut Vec::new(), &mut out);
    out
}

/// Tatham's rules, written out here from the puzzles' fields alone.
fn meets_rules(puzzle: &Puzzle, g: &[u8]) -> bool {
    match puzzle {
        Puzzle::Towers(t) => {
            let n = t.size();
            let givens_ok = (0..n * n).all(|i| {
                matches!(t.given(Cell::new((i / n) as u8, (i % n) as u8)), 0)
                    || t.given(Cell::new((i / n) as u8, (i % n) as u8)) == g[i]
            });
            let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
            givens_ok
                && sides.iter().enumerate().all(|(s, &side)| {
                    (0..n).all(|i| {
                        let clue = t.clue(side, i);
                        let heights: Vec<u8> = (0..n)
                            .map(|j| match s {
                                0 => g[j * n + i],
                                1 => g[(n - 1 - j) * n + i],
                                2 => g[i * n + j],
                                _ => g[i * n + n - 1 - j],
                            })
                            .collect();
                        let seen = (0..n)
                            .filter(|&j| heights[..j].iter().all(|&h| h < heights[j]))
                            .count();
                        clue == 0 || seen == usize::from(clue)
                    })
                })
        }
        Puzzle::Unequal(u) => {
            let n = u.size();
            let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
            (0..n * n).all(|i| {
                let (r, c) = (i / n, i % n);
                let given = u.given(at(r, c));
                let pair_ok = |m: Mark, a: u8, b: u8| match m {
                    Mark::Less => a < b,
                    Mark::Greater => a > b,
                    Mark::Bar => a.abs_diff(b) == 1,
                    _ => !u.adjacent() || a.abs_diff(b) != 1,
                };
                (given == 0 || given == g[i])
                    && (c + 1 == n || pair_ok(u.right(at(r, c)), g[i], g[i + 1]))
                    && (r + 1 == n || pair_ok(u.down(at(r, c)), g[i], g[i + n]))
            })
        }
        other => panic!("not a Tatham kind: {}", other.kind()),
    }
}

/// Puzzles with several solutions: shipped 4×4 IDs with clues, givens or marks taken away.
fn loose_puzzles() -> Vec<String> {
    let mut out = Vec::new();
    for (id, _) in corpus("towers")
        .into_iter()
        .filter(|(id, _)| id.starts_with("4:"))
    {
        let clues: Vec<&str> = id[2..].split(',').next().unwrap().split('/').collect();
        // Keep the clues of some sides (0 top, 1 bottom, 2 left, 3 right).
        let keep = |sides: &[usize]| -> String {
            let v: Vec<&str> = (0..16)
                .map(|i| {
                    if sides.contains(&(i / 4)) {
                        clues[i]
                    } else {
                        ""
                    }
                })
                .collect();
            format!("towers:4:{}", v.join("/"))
        };
        out.push(keep(&[0, 2]));
        out.push(keep(&[0]));
        out.push(id.clone());
    }
    for (id, _) in corpus("unequal")
        .into_iter()
        .filter(|(id, _)| id.starts_with("4"))
    {
        out.push(id.clone());
        // Every given removed (marks kept).
        let (head, body) = id.split_once(':').unwrap();
        let cells: Vec<String> = body
            .trim_end_matches(',')
            .split(',')
            .map(|c| format!("0{}", c.trim_start_matches(|ch: char| ch.is_ascii_digit())))
            .collect();
        out.push(format!("unequal:{head}:{}", cells.join(",")));
    }
    out.push("towers:3:///////////".to_string());
    out.push("unequal:3a:0,0,0,0,0,0,0,0,0".to_string());
    out.push("unequal:3:0R,0,0,0,0,0,0,0,0".to_string());
    out
}

#[test]
fn every_solution_of_small_puzzles_matches_brute_force() {
    let mut several = 0;
    for id in loose_puzzles() {
        let puzzle = Puzzle::parse(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let n = puzzle
            .size_label()
            .split('x')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut want: Vec<Vec<u8>> = latin_squares(n)
            .into_iter()
            .filter(|g| meets_rules(&puzzle, g))
            .collect();
        want.sort();
        several += usize::from(want.len() > 1);
        for engine in [Engine::Native, Engine::Varisat] {
            let (grids, count) =
                common::solutions(&engine, &puzzle, &EngineOptions::default(), None);
            assert!(count.complete, "{id}");
            let mut got: Vec<Vec<u8>> = grids.iter().map(|g| g.to_rows().concat()).collect();
            got.sort();
            assert_eq!(got, want, "{id}: {}", engine.name());
        }
    }
    assert!(
        several >= 6,
        "only {several} puzzles with several solutions"
    );
}

#[test]
fn broken_ids_and_texts_are_positioned_errors() {
    let cases: &[(&str, &str, &str)] = &[
        ("towers:4:1/2/3", "x.towers", "x.towers:1:15: expected 16 clues, found 3"),
        ("towers:4:1/2/5/1////////////", "x.towers", "x.towers:1:14: clue '5' is out of range (expected 1..=4)"),
        ("towers:4:1/2/3/1////////////,a5", "a.txt", "a.txt:1:31: height '5' is out of range (expected 1..=4)"),
        ("towers:4:1/2/3/1////////////,c", "a.txt", "a.txt:1:31: expected 16 cells, found 3"),
        ("towers:4:1/2/3/1////////////,p2", "a.txt", "a.txt:1:31: expected 16 cells, found 17"),
        ("towers:4:1/2/3/1////////////;", "a.txt", "a.txt:1:29: unexpected ';' (expected '/' between clues or ',' before the givens)"),
        ("towers:12:", "a.txt", "a.txt:1:8: grid size 12 is out of range (expected 1..=9)"),
        ("towers:4dq:", "a.txt", "a.txt:1:9: unknown parameters 'dq' (expected nothing or dD with D one of e h x u)"),
        ("towers:4de#123", "a.txt", "a.txt:1:11: '#' starts a random seed, which only Tatham's game can expand; give the game ID (N:…) instead"),
        ("unequal:3:0R,0,0,0,0,0,0,0", "a.txt", "a.txt:1:27: expected 9 cells, found 8"),
        ("unequal:3:0R,0L,0,0,0,0,0,0,0", "a.txt", "a.txt:1:12: A1 and A2 are each marked greater than the other"),
        ("unequal:3a:0R,0,0,0,0,0,0,0,0", "a.txt", "a.txt:1:13: A1 has a bar toward A2, but A2 has none back (adjacent-mode flags come in pairs)"),
        ("unequal:3:0,0,0U,0,0,0,0,0,0", "a.txt", "a.txt:1:16: the mark 'U' points off the grid"),
        ("unequal:3:0,0,4,0,0,0,0,0,0", "a.txt", "a.txt:1:15: digit '4' is out of range (expected 0..=3)"),
        ("unequal:3:0,0,0X,0,0,0,0,0,0", "a.txt", "a.txt:1:16: unexpected 'X' (expected flags U R D L or ',' after a cell)"),
        ("  1 2\n1 . . 1\nx . . .\n  . .\n", "x.towers", "x.towers:3:1: clue 'x' is out of range (expected 1..=2 or '.')"),
        ("  1 2\n1 . . 1\n. 3 . .\n  . .\n", "x.towers", "x.towers:3:3: height '3' is out of range (expected 1..=2 or '.')"),
        ("  1 2\n1 . . 1 9\n. . .\n  . .\n", "x.towers", "x.towers:2:9: expected 4 entries on this row (left clue, the cells, right clue), found 5"),
        ("size 3\n.>.<.\n\n. 2 .\n  |\n. . .\n", "x.unequal", "x.unequal:5:3: unexpected '|' (expected '^', 'v' or a space)"),
        ("size 3 adjacent\n.>.\n\n. . .\n\n. . .\n", "x.unequal", "x.unequal:2:2: unexpected '>' (expected '|' or a space (adjacent mode))"),
        ("size 3\n. . .\n\n. . .\n", "x.unequal", "x.unequal:4:1: expected 5 grid lines after the size, found 3"),
        ("size 12\n", "x.unequal", "x.unequal:1:6: grid size 12 is out of range (expected 1..=9)"),
        ("size 2\n. .\n\n. . 1\n", "x.unequal", "x.unequal:4:4: unexpected text after the puzzle"),
    ];
    let mut wrong = Vec::new();
    for &(text, path, want) in cases {
        let opts = cagesat::ParseOptions::default().path(path);
        let err = Puzzle::parse_with(text, &opts).expect_err(text);
        if err.to_string() != want {
            wrong.push(format!("{text:?}\n  got  {err}\n  want {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_lowering_names_its_families() {
    let t = Puzzle::parse(&corpus("towers")[0].0).unwrap();
    let c = t.constraints();
    let visible: Vec<String> = c
        .list
        .iter()
        .filter(|c| c.kind.name() == "visible")
        .map(ToString::to_string)
        .collect();
    // 4:1/2/3/3/2/3/1/2/1/2/4/2/4/2/1/2: every clue, top ones first.
    assert_eq!(visible.len(), 16);
    assert_eq!(visible[0], "1 visible from A1 down");
    assert_eq!(visible[4], "2 visible from D1 up");
    assert_eq!(visible[8], "1 visible from A1 right");
    assert_eq!(visible[12], "4 visible from A4 left");
    let u = Puzzle::parse("unequal:3a:0R,0L,0,0,0,0,0,0,0,").unwrap();
    let names = after_lines(&u);
    assert_eq!(names.len(), 12, "{names:?}");
    assert_eq!(names[0], "A1 ±1 A2");
    assert_eq!(names[1], "A1 ≠±1 B1");
    let s = Puzzle::parse("unequal:3:0R,0,0,0,0,0,0U,0,0,").unwrap();
    let names = after_lines(&s);
    assert_eq!(names, vec!["A2 < A1", "B1 < C1"]);
}

/// The constraints of a 3×3 puzzle after its 6 rows and columns, as text.
fn after_lines(p: &Puzzle) -> Vec<String> {
    let list = p.constraints().list;
    list.iter().skip(6).map(ToString::to_string).collect()
}

/// The encoder's rows for a shipped file (pairwise at-most-ones): the x variables (N³),
/// every family, the total.
fn encoded(path: &str, n: usize) -> Vec<(String, usize, usize)> {
    use cagesat::encode::{AmoEncoding, EncodeOptions};
    let puzzle = common::load(path);
    let mut opts = EncodeOptions::default();
    opts.amo = AmoEncoding::Pairwise;
    common::counts::encoded(&puzzle.encode(&opts).unwrap(), n * n * n)
}

#[test]
fn the_encoding_documents_pin_the_encoders_counts() {
    assert_eq!(
        common::counts::documented("encodings/towers.md", "## Worked count"),
        encoded("tests/data/towers/tatham-5de.towers", 5)
    );
    assert_eq!(
        common::counts::documented("encodings/unequal.md", "## Worked count: signs"),
        encoded("tests/data/unequal/tatham-5dk.unequal", 5)
    );
    assert_eq!(
        common::counts::documented("encodings/unequal.md", "## Worked count: adjacent"),
        encoded("tests/data/unequal/tatham-5ade.unequal", 5)
    );
}

#[test]
fn explanations_name_clues_and_signs_and_replay_to_tathams_solution() {
    use cagesat::setter::explain::{explain, End, ExplainOptions};
    let mut named = 0;
    for kind in ["towers", "unequal"] {
        for (id, want) in corpus(kind)
            .into_iter()
            .filter(|(id, _)| !id.starts_with('6'))
        {
            let puzzle = Puzzle::parse(&id).unwrap();
            let path = explain(&puzzle, None, &ExplainOptions::default()).unwrap();
            let End::Solved(grid) = &path.end else {
                panic!("{id}: not explained to the end");
            };
            assert_eq!(grid, &want, "{id}");
            let replayed = puzzle
                .replay(None, &path.steps)
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(replayed.as_ref(), Some(&want), "{id}");
            named += path
                .steps
                .iter()
                .filter(|s| s.reason.iter().any(|c| !c.kind.is_group()))
                .count();
        }
    }
    assert!(named > 50, "only {named} steps name a clue or a mark");
}

/// `Puzzle::to_game_id` writes every kind Tatham's games have (Keen, Solo, Towers, Unequal)
/// through the kind seam: each shipped ID read and written back reads as the same puzzle, the
/// Towers and Unequal IDs character for character; kinds his games lack have none.
#[test]
fn every_tatham_kind_writes_its_game_id() {
    for kind in ["towers", "unequal"] {
        for (id, _) in corpus(kind) {
            let puzzle = Puzzle::parse(&id).unwrap();
            assert_eq!(puzzle.to_game_id(), Some(id.clone()));
        }
    }
    let mut read = 0;
    for dir in ["tests/data/kenken/keen", "tests/data/solo"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let ext = path.extension().and_then(|e| e.to_str());
            if !matches!(ext, Some("keen" | "solo")) {
                continue;
            }
            let puzzle = Puzzle::read(&path).unwrap();
            let id = puzzle
                .to_game_id()
                .unwrap_or_else(|| panic!("{}: no game ID", path.display()));
            assert_eq!(Puzzle::parse(&id).unwrap(), puzzle, "{}", path.display());
            read += 1;
        }
    }
    assert!(read >= 20, "the Keen and Solo IDs are there ({read})");
    let kakuro = Puzzle::read("tests/data/kakuro/panpapag_easy_5x5.kakuro").unwrap();
    assert_eq!(kakuro.to_game_id(), None);
}
