//! `generate KIND --count N --out FILE.EXT` writes one collection file, a puzzle per line in
//! its kind's one-line form (issue 37), which reads back as the same puzzles: `solve
//! --unique` answers every line unique, each answer checked by the independent verifier,
//! equal to the solution written beside the puzzle and to the solution of the same seed
//! written by `--out DIR`. Kinds without a one-line form are refused before anything is
//! made.

use std::path::Path;

use crate::common::cli::{run, TempDir};

use cagesat::{Grid, Puzzle};

/// The generators and options covered: every kind with a one-line form, and the forms
/// chosen (81/16/36-character Sudokus, Solo IDs, short Killers, f-puzzles links, Keen
/// IDs, puzz.link URLs, Towers and Unequal IDs).
const CASES: [(&[&str], &str); 12] = [
    (&["sudoku"], SQUARES),
    (&["sudoku", "--size", "4"], SQUARES),
    (&["sudoku", "--size", "6"], SQUARES),
    (&["sudoku", "--diagonals"], "3x3x:"),
    (&["sudoku", "--jigsaw", "--size", "6"], "6j:"),
    (&["killer"], ""),
    // The old style (givens, one-cell cages up to 4 cells): Solo's ID cannot hold it.
    (
        &[
            "killer",
            "--diagonals",
            "--givens",
            "--single-cages",
            "--max-cage",
            "4",
        ],
        "https://www.f-puzzles.com/",
    ),
    (&["kenken", "5"], "5:"),
    (
        &["kakuro", "--rows", "6", "--cols", "6"],
        "https://puzz.link/p?kakuro/",
    ),
    (&["towers", "--size", "4"], "4:"),
    (&["unequal", "--size", "4"], "4:"),
    (&["unequal", "--adjacent", "--size", "4"], "4a:"),
];

/// The form of a Sudoku written as its squares (81, 16 or 36 of `.` and digits).
const SQUARES: &str = "squares";

/// A JSON solution's digits as the collection writes them: row by row, `.` for 0.
fn word_of(v: &serde_json::Value) -> String {
    grid_of(v)
        .iter_rows()
        .flatten()
        .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
        .collect()
}

/// The grid of a JSON `solution` (0 for a square without a digit, `null` there).
fn grid_of(v: &serde_json::Value) -> Grid<u8> {
    let rows: Vec<Vec<Option<u8>>> = serde_json::from_value(v.clone()).expect("rows of digits");
    let rows = rows
        .into_iter()
        .map(|r| r.into_iter().map(|d| d.unwrap_or(0)).collect())
        .collect();
    Grid::from_rows(rows).expect("a rectangular grid")
}

/// The verified solutions `solve --unique --json` gives for `path`, in order.
#[track_caller]
fn unique_solutions(path: &str) -> Vec<serde_json::Value> {
    let o = run(["solve", "--unique", "--json", "-j1", path]);
    assert_eq!(o.code, Some(0), "{path}: {}", o.stderr);
    o.json_lines()
        .into_iter()
        .map(|r| {
            assert_eq!(r["unique"], true, "{path}: {r}");
            r["solution"].clone()
        })
        .collect()
}

#[test]
fn a_collection_file_reads_back_as_the_same_puzzles() {
    let dir = TempDir::new();
    for (args, form) in CASES {
        let what = args.join(" ");
        let list = dir.path(&format!("{}.txt", args.join("_")));
        let made = dir.path(&args.join("_"));
        let common = ["generate"]
            .iter()
            .chain(args)
            .chain(&["--count", "3", "--seed", "7"]);
        let o = run(common.clone().chain(&["--out", list.as_str()]));
        assert_eq!(o.code, Some(0), "{what}: {}", o.stderr);
        assert!(o.stdout.is_empty(), "{what}: {}", o.stdout);
        let text = std::fs::read_to_string(&list).expect("the collection was written");
        assert!(text.starts_with("# generated: cagesat "), "{what}: {text}");
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.starts_with('#'))
            .map(|(i, l)| (i + 1, l))
            .collect();
        assert_eq!(lines.len(), 3, "{what}: {text}");
        // The same puzzles, one file each, for comparison.
        let o = run(common.chain(&["--out", made.as_str()]));
        assert_eq!(o.code, Some(0), "{what}: {}", o.stderr);
        let mut files: Vec<_> = std::fs::read_dir(&made)
            .expect("the directory was written")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e != "solution"))
            .collect();
        files.sort_by_key(|p| seed_of(p));
        assert_eq!(files.len(), 3, "{what}");
        let o = run(["solve", "--unique", "--json", "-j1", list.as_str()]);
        assert_eq!(o.code, Some(0), "{what}: {}", o.stderr);
        let records = o.json_lines();
        assert_eq!(records.len(), 3, "{what}: {}", o.stdout);
        for ((r, (no, line)), file) in records.iter().zip(&lines).zip(&files) {
            assert_eq!(r["line"], *no, "{what}: {r}");
            assert_eq!(r["unique"], true, "{what}: {r}");
            let mut words = line.split_whitespace();
            let puzzle_text = words.next().expect("a puzzle");
            if form == SQUARES {
                let squares = |b: u8| b == b'.' || b.is_ascii_digit();
                let sides = [16, 36, 81].contains(&puzzle_text.len());
                assert!(sides && puzzle_text.bytes().all(squares), "{what}: {line}");
            } else {
                assert!(puzzle_text.starts_with(form), "{what}: {line}");
            }
            let puzzle = Puzzle::parse(puzzle_text).expect("the line reads back");
            puzzle.verify(&grid_of(&r["solution"])).expect("verified");
            assert_eq!(
                words.next(),
                Some(word_of(&r["solution"]).as_str()),
                "{what}"
            );
            let seed = format!("seed={}", seed_of(file));
            assert_eq!(words.next(), Some(seed.as_str()), "{what}: {line}");
            // The puzzle of the same seed, from its own file: same kind, same solution.
            let single = Puzzle::read(file).expect("the file reads");
            assert_eq!(single.kind(), puzzle.kind(), "{what}");
            let theirs = unique_solutions(&file.to_string_lossy());
            assert_eq!(
                theirs,
                vec![r["solution"].clone()],
                "{what}: {}",
                file.display()
            );
        }
    }
}

/// The seed in a generated file's name (`kenken_5x5_s8.kenken`).
fn seed_of(path: &Path) -> u64 {
    let stem = path.file_stem().expect("a name").to_string_lossy();
    let seed = stem.rsplit("_s").next().expect("_sSEED");
    seed.parse().expect("a seed")
}

#[test]
fn kinds_without_a_one_line_form_are_refused_before_anything_is_made() {
    let dir = TempDir::new();
    let list = dir.path("list.txt");
    let cases: [&[&str]; 3] = [
        &["crossproduct"],
        &["kenken", "12"],
        &["kenken", "5", "--hide-operators"],
    ];
    for args in cases {
        let o = run(["generate"]
            .iter()
            .chain(args)
            .chain(&["--out", list.as_str()]));
        assert_eq!(o.code, Some(2), "{args:?}");
        assert!(
            o.stderr.starts_with(&format!("cagesat: generate {} --out {list}: ", args[0]))
                && o.stderr.ends_with(
                    "so it cannot be written as a collection (one puzzle per line); give a directory (--out DIR, no extension) for one file per puzzle\n"
                ),
            "{args:?}: {}",
            o.stderr
        );
        assert!(!Path::new(&list).exists(), "{args:?}");
    }
}

/// A collection of one (`--count 1`) is read as a collection too (its line holds notes after
/// the puzzle, which no puzzle format reads), and a kind's own text extension is refused
/// for a collection, naming the way out.
#[test]
fn one_puzzle_collections_and_text_extensions() {
    let dir = TempDir::new();
    let one = dir.path("one.txt");
    let o = run(["generate", "kenken", "5", "--out", one.as_str()]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let o = run(["solve", "--unique", "--json", one.as_str()]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let r = o.json();
    assert_eq!(
        (r["line"].as_u64(), r["unique"].as_bool()),
        (Some(3), Some(true))
    );
    let text = std::fs::read_to_string(&one).expect("written");
    let line = text.lines().nth(2).expect("the puzzle's line");
    let puzzle = Puzzle::parse(line.split_whitespace().next().unwrap()).expect("a Keen ID");
    puzzle.verify(&grid_of(&r["solution"])).expect("verified");
    let own = dir.path("x.kenken");
    let o = run([
        "generate",
        "kenken",
        "5",
        "--count",
        "2",
        "--out",
        own.as_str(),
    ]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("cagesat: generate kenken --out {own}: a collection holds one-line puzzles, not the .kenken text format; give it another extension (list.txt) or give a directory (--out DIR, no extension) for one file per puzzle\n")
    );
    assert!(!Path::new(&own).exists());
}
