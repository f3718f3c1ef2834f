//! The formats people paste, through the binary (issue 37): collections per puzzle with
//! `file` and `line`, bad lines named and skipped, short Killers as arguments, impossible
//! cages and two-kind texts at exit 2, warnings on standard error, `--kind`,
//! `generate kenken 6` and `candidates --state GRID`.

use crate::common::cli::{mask_times, run, run_stdin, TempDir};

use cagesat::{Grid, Puzzle};

const DATA: &str = "../tests/data/collections";

const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

const TAREK_1: &str =
    "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";

/// The grid of a JSON `solution` (rows of digits).
fn grid_of(v: &serde_json::Value) -> Grid<u8> {
    let rows: Vec<Vec<u8>> = serde_json::from_value(v.clone()).expect("rows of digits");
    Grid::from_rows(rows).expect("a rectangular grid")
}

#[test]
fn solve_a_collection_per_puzzle_with_lines() {
    let path = format!("{DATA}/classic-hard.sudokus");
    let o = run(["solve", "--unique", "--json", "-j1", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let records = o.json_lines();
    assert_eq!(records.len(), 5);
    let lines: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, vec![4, 5, 6, 7, 8]);
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    // Two of ISS's "slow" classic grids have several solutions.
    let unique = [true, false, true, false, false];
    for ((r, p), unique) in records.iter().zip(puzzles).zip(unique) {
        assert_eq!(r["file"], path.as_str());
        assert_eq!(r["unique"], unique);
        let puzzle = Puzzle::parse(p).unwrap();
        puzzle.verify(&grid_of(&r["solution"])).unwrap();
    }
}

#[test]
fn a_bad_line_is_named_and_the_run_goes_on() {
    let dir = TempDir::new();
    let list = dir.write(
        "list.txt",
        &format!("# three\n{HARD}\n{}\n{TAREK_1}\n", &HARD[..80]),
    );
    let o = run(["solve", "--json", "-j1", &list]);
    assert_eq!(o.code, Some(2), "{}", o.stderr);
    assert_eq!(
        o.stderr,
        format!("{list}:3:1: a one-line sudoku has 16, 36 or 81 squares, found 80\n")
    );
    let records = o.json_lines();
    let status: Vec<(&str, u64)> = records
        .iter()
        .map(|r| (r["status"].as_str().unwrap(), r["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(status, vec![("solved", 2), ("error", 3), ("solved", 4)]);
    assert_eq!(records[1]["file"], list.as_str());
    assert_eq!(records[2]["kind"], "killer");
    // Text output names each puzzle `file:line`.
    let o = run(["solve", "-j2", &list]);
    assert_eq!(o.code, Some(2));
    assert!(o.stdout.contains(&format!("== {list}:2\n")), "{}", o.stdout);
    assert!(o.stdout.contains(&format!("== {list}:4\n")), "{}", o.stdout);
}

#[test]
fn count_grade_and_candidates_per_puzzle() {
    let dir = TempDir::new();
    let list = dir.write("two.txt", &format!("{HARD}\n{TAREK_1}\n"));
    let o = run(["count", "--json", &list]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let counts: Vec<(u64, u64)> = o
        .json_lines()
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(counts, vec![(1, 1), (2, 1)]);
    let o = run(["grade", "--json", &list]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let lines: Vec<u64> = o
        .json_lines()
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, vec![1, 2]);
    let o = run(["candidates", "--json", &list]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let records = o.json_lines();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|r| r["unique"] == true));
    assert_eq!(records[1]["line"], 2);
}

#[test]
fn short_killers_and_fpuzzles_links_as_arguments() {
    let o = run(["solve", "--unique", "--json", TAREK_1]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let r = o.json();
    assert_eq!(
        (r["kind"].as_str(), r["unique"].as_bool()),
        (Some("killer"), Some(true))
    );
    let puzzle = Puzzle::parse(TAREK_1).unwrap();
    puzzle.verify(&grid_of(&r["solution"])).unwrap();
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"minimum":[{"cell":"R1C1"}]}"#;
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    let o = run(["solve", &link]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<arg>:1:33: the f-puzzles feature 'minimum' is not supported: minimum cells are not in cagesat's models\n"
    );
}

#[test]
fn an_impossible_cage_is_exit_2_at_its_place() {
    let mut text = String::from("size 6\n8 - F1 F2\n");
    for r in ['A', 'B', 'C', 'D', 'E', 'F'] {
        for c in 1..=6 {
            if r != 'F' || c > 2 {
                text += &format!("1 = {r}{c}\n");
            }
        }
    }
    let dir = TempDir::new();
    let path = dir.write("bad.kenken", &text);
    for cmd in ["solve", "candidates", "grade", "hint"] {
        let o = run([cmd, path.as_str()]);
        assert_eq!(o.code, Some(2), "{cmd}: {}", o.stderr);
        assert_eq!(
            o.stderr,
            format!("{path}:2:1: cage 8- at F1 cannot be made by 2 digits 1..=6\n"),
            "{cmd}"
        );
    }
}

#[test]
fn a_missing_operator_warns_on_stderr() {
    let o = run_stdin(["solve", "-"], "size 2\n3 A1 A2\n3 ? B1 B2\n");
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(
        o.stderr,
        "<stdin>:2:2: warning: cage 3 has no operator; it is read as '?' (any of + - * /): write '3 ?' to say so, or add the operator\n"
    );
}

/// A 4×4 Killer without its `boxes` line.
const TWO_KINDS: &str =
    "size 4\n3 A1 A2\n7 A3 A4\n7 B1 B2\n3 B3 B4\n5 C1 C2\n5 C3 C4\n5 D1 D2\n5 D3 D4\n";

#[test]
fn two_kinds_are_refused_and_kind_chooses() {
    let o = run_stdin(["count", "-"], TWO_KINDS);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .starts_with("<stdin>:1:1: this text reads as two kinds: a KenKen"),
        "{}",
        o.stderr
    );
    let killer = run_stdin(["count", "--json", "--kind", "killer", "-"], TWO_KINDS);
    assert_eq!(killer.code, Some(0), "{}", killer.stderr);
    let kenken = run_stdin(["count", "--json", "--kind", "kenken", "-"], TWO_KINDS);
    assert_eq!(kenken.code, Some(0), "{}", kenken.stderr);
    assert_eq!(killer.json()["kind"], "killer");
    assert_eq!(kenken.json()["kind"], "kenken");
    let lines = run_stdin(
        ["count", "--json", "-"],
        &format!("kind killer\n{TWO_KINDS}"),
    );
    assert_eq!(lines.json()["count"], killer.json()["count"]);
}

#[test]
fn generate_kenken_takes_its_size_as_an_argument() {
    let a = run(["generate", "kenken", "4", "--seed", "3"]);
    assert_eq!(a.code, Some(0), "{}", a.stderr);
    let b = run(["generate", "kenken", "--size", "4", "--seed", "3"]);
    // The summary line names the milliseconds taken, which differ run to run.
    assert_eq!(mask_times(&a.stdout), mask_times(&b.stdout));
    let p = Puzzle::parse(&a.stdout).unwrap();
    assert_eq!(p.size_label(), "4x4");
    let both = run(["generate", "kenken", "4", "--size", "5"]);
    assert_eq!(both.code, Some(2));
}

#[test]
fn candidates_state_takes_a_grid_or_a_file() {
    let dir = TempDir::new();
    let sudoku = dir.write("g.sudoku", "1 . . .\n. . 3 .\n. 4 . .\n. . . 2\n");
    let inline = run([
        "candidates",
        "--json",
        "--state",
        "1...............",
        &sudoku,
    ]);
    assert_eq!(inline.code, Some(0), "{}", inline.stderr);
    let state = dir.write("s.txt", "1 . . .\n. . . .\n. . . .\n. . . .\n");
    let file = run(["candidates", "--json", "--state", &state, &sudoku]);
    assert_eq!(inline.stdout, file.stdout);
    let rows = run([
        "candidates",
        "--json",
        "--state",
        "1 . . .\n. . . .\n. . . .\n. . . .",
        &sudoku,
    ]);
    assert_eq!(rows.stdout, file.stdout);
    assert_eq!(inline.json()["wrong"], serde_json::json!([]));
}

#[test]
fn convert_writes_the_short_killer_form() {
    let o = run(["convert", "--to", "short-killer", TAREK_1]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert_eq!(o.stdout, format!("{TAREK_1}\n"));
    let dir = TempDir::new();
    let text = dir.write("t.killer", &Puzzle::parse(TAREK_1).unwrap().to_string());
    let o = run(["convert", "--to", "short-killer", &text]);
    assert_eq!(o.stdout, format!("{TAREK_1}\n"));
    let o = run(["convert", "--to", "short-killer", HARD]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<arg>: the short Killer form holds Killer Sudoku, not a 9x9 sudoku\n"
    );
}

/// The held-out set of issue 37: the forum's 375 hardest Sudokus in one file, each line
/// solved and proven unique by `solve --unique`, its answer checked by the verifier here.
#[test]
fn the_forums_375_hardest_sudokus_are_each_unique() {
    let path = format!("{DATA}/forum-hardest-1106.sudokus");
    let o = run(["solve", "--unique", "--json", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l))
        .collect();
    let records = o.json_lines();
    assert_eq!((records.len(), puzzles.len()), (375, 375));
    for (r, (line, p)) in records.iter().zip(puzzles) {
        assert_eq!(r["line"].as_u64(), Some(line as u64));
        assert_eq!(
            (r["status"].as_str(), r["unique"].as_bool()),
            (Some("solved"), Some(true))
        );
        Puzzle::parse(p)
            .unwrap()
            .verify(&grid_of(&r["solution"]))
            .unwrap();
    }
}
