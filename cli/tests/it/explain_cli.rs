//! `hint` and `explain` on the command line: JSON steps that replay, `--state`, exit
//! statuses and one SVG per step.

use crate::common;

use cagesat::puzzle::{Action, Step, Technique};
use cagesat::{Cell, Puzzle};
use common::cli::{run, TempDir};

const KEEN: &str = "tests/data/kenken/keen/6x6-h-00.kenken";

/// The steps of `--json` output, rebuilt from the JSON alone (cells, digits, constraints).
pub(crate) fn steps(puzzle: &Puzzle, stdout: &str) -> Vec<Step> {
    let list = puzzle.constraints().list;
    stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON line"))
        .filter(|v| v.get("summary").is_none() && v.get("wrong").is_none())
        .enumerate()
        .map(|(i, v)| {
            assert_eq!(v["step"], i + 1);
            let reason = v["reason"]
                .as_array()
                .expect("a reason")
                .iter()
                .map(|c| {
                    let cells: Vec<Cell> = c["cells"]
                        .as_array()
                        .expect("cells")
                        .iter()
                        .map(|x| Cell::parse_label(x.as_str().expect("a label")).expect("a cell"))
                        .collect();
                    list.iter()
                        .find(|k| k.cells == cells && k.kind.name() == c["kind"])
                        .expect("a constraint of the puzzle")
                        .clone()
                })
                .collect();
            Step {
                cell: Cell::parse_label(v["cell"].as_str().expect("cell")).expect("a cell"),
                digit: v["digit"].as_u64().expect("digit") as u8,
                action: if v["action"] == "place" {
                    Action::Place
                } else {
                    Action::Eliminate
                },
                reason,
                technique: Technique::parse(v["technique"].as_str().expect("technique"))
                    .expect("a named technique"),
            }
        })
        .collect()
}

#[test]
fn explain_json_replays_to_the_solution() {
    let r = run(["explain", "--json", KEEN]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    // The summary is the last record; standard error stays quiet (`… | head -1`).
    assert_eq!(r.stderr, "");
    let summary = r.stdout.lines().last().unwrap_or_default();
    assert!(summary.starts_with(r#"{"summary":"solved in"#), "{summary}");
    let puzzle = Puzzle::read(KEEN).expect("puzzle");
    let path = steps(&puzzle, &r.stdout);
    let grid = puzzle
        .replay(None, &path)
        .expect("replays")
        .expect("solved");
    puzzle.verify(&grid).expect("verified");
}

#[test]
fn hint_from_a_state_and_bad_states() {
    let dir = TempDir::new();
    let state = dir.dir().join("state.txt");
    std::fs::write(
        &state,
        "1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n",
    )
    .expect("writable");
    let r = run(["hint", KEEN, "--state", state.to_str().expect("utf-8")]);
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    let small = dir.dir().join("small.txt");
    std::fs::write(&small, "1 2\n3 4\n").expect("writable");
    let r = run(["hint", KEEN, "--state", small.to_str().expect("utf-8")]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("solution is 2x2, the puzzle is 6x6"),
        "{}",
        r.stderr
    );
}

#[test]
fn no_solution_exits_1_and_svgs_are_written() {
    let r = run(["explain", "tests/data/kenken/unsat/2x2-no-solution.kenken"]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("no solution"), "{}", r.stdout);
    let dir = TempDir::new();
    let out = dir.dir().join("steps");
    let r = run([
        "explain",
        "tests/data/kenken/keen/4x4-x-00.kenken",
        "--svg",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let steps = r
        .stdout
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .count();
    assert!(steps > 0);
    let files = std::fs::read_dir(&out).expect("the folder").count();
    assert_eq!(files, steps);
}

/// `--timeout` ends a long explanation: the steps found so far, `stopped`, exit 3.
#[test]
fn explain_timeout_prints_the_steps_so_far_and_exits_3() {
    let r = run([
        "explain",
        "tests/data/sudoku/gen-16x16-s6.sudoku",
        "--timeout",
        "0.3",
    ]);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    let last = r.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("stopped (timeout) after "), "{}", r.stdout);
}

/// `hint --state` names a wrong entry first (the puzzle is unique: the solution's digit),
/// then gives the next step from the other entries; a correct state gives the next step
/// alone.
#[test]
fn hint_names_a_wrong_entry_then_the_next_step() {
    let dir = TempDir::new();
    let solution =
        std::fs::read_to_string("tests/data/kenken/keen/6x6-h-00.sol").expect("solution");
    let rows: Vec<Vec<String>> = solution
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.chars()
                .filter(char::is_ascii_digit)
                .map(String::from)
                .collect()
        })
        .collect();
    let right: u8 = rows[0][0].parse().expect("a digit");
    let wrong = right % 6 + 1;
    let mut grid = vec![vec![".".to_string(); 6]; 6];
    grid[1][2].clone_from(&rows[1][2]);
    let text = |g: &Vec<Vec<String>>| g.iter().map(|r| r.join(" ") + "\n").collect::<String>();
    let good = dir.dir().join("good.txt");
    std::fs::write(&good, text(&grid)).expect("writable");
    let r = run(["hint", KEEN, "--state", good.to_str().expect("utf-8")]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("1. "), "{}", r.stdout);
    assert!(!r.stdout.contains("wrong"), "{}", r.stdout);
    grid[0][0] = wrong.to_string();
    let bad = dir.dir().join("bad.txt");
    std::fs::write(&bad, text(&grid)).expect("writable");
    let r = run(["hint", KEEN, "--state", bad.to_str().expect("utf-8")]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let first = r.stdout.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!("A1 = {wrong} is wrong: the solution has {right}")
    );
    assert!(
        r.stdout
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("1. ")),
        "{}",
        r.stdout
    );
    let r = run([
        "hint",
        "--json",
        KEEN,
        "--state",
        bad.to_str().expect("utf-8"),
    ]);
    let v: serde_json::Value =
        serde_json::from_str(r.stdout.lines().next().unwrap_or_default()).expect("JSON");
    assert_eq!(
        (v["wrong"].as_str(), v["digit"].as_u64()),
        (Some("A1"), Some(u64::from(wrong)))
    );
}

/// The first line `hint --state` prints for `state` on a 3×3 KenKen with several solutions
/// (A3 = 3; A1, A2 are 1 and 2 either way; the rest is free).
fn hint_on_several_solutions(state: &str) -> String {
    let dir = TempDir::new();
    let puzzle = dir.dir().join("p.kenken");
    std::fs::write(
        &puzzle,
        "size 3\n3 + A1 A2\n3 = A3\n12 + B1 B2 B3 C1 C2 C3\n",
    )
    .expect("writable");
    let path = dir.dir().join("s.txt");
    std::fs::write(&path, state).expect("writable");
    let p = puzzle.to_str().expect("utf-8");
    let r = run(["hint", p, "--state", path.to_str().expect("utf-8")]);
    r.stdout.lines().next().unwrap_or_default().to_string()
}

/// On a puzzle with several solutions, a wrong entry is named by the house it repeats in.
#[test]
fn hint_names_a_clash_on_a_puzzle_with_several_solutions() {
    assert_eq!(
        hint_on_several_solutions("3 . 3\n. . .\n. . .\n"),
        "A1 = 3 contradicts row A with A3 = 3"
    );
}

/// On a puzzle with several solutions, a wrong entry that repeats no other entry is named
/// with the fewest constraints that leave it no filling.
#[test]
fn hint_names_the_reason_of_a_wrong_entry_without_a_clash() {
    assert_eq!(
        hint_on_several_solutions("3 . .\n. . .\n. . .\n"),
        "A1 = 3 is wrong: cage 3+ A1 A2 leaves it no filling"
    );
}
