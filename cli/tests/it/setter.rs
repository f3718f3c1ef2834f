//! `cagesat candidates` and `cagesat repair`: text, `--json` (the exact shapes),
//! `--svg`, `-o`, `--state`, and the exit statuses (0 answered, 1 no solution, 2 bad input,
//! 3 timeout).

use crate::common::cli::{run, TempDir};

use cagesat::{Engine, EngineOptions, ParseOptions, Puzzle};

/// A 3×3 KenKen with four solutions (A1 is 3; the rest of row A and the rows below swap).
const FOUR: &str = "size 3\n3 = A1\n3 + A2 A3\n6 + B1 B2 B3\n6 + C1 C2 C3\n";

#[test]
fn candidates_text_and_json() {
    let tmp = TempDir::new();
    let path = tmp.write("four.kenken", FOUR);
    let o = run(["candidates", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let want = format!(
        "== {path}\n   1   2   3\nA  3   12  12\nB  12  123 123\nC  12  123 123\nunique: no (4 solutions seen)\n"
    );
    assert_eq!(o.stdout, want);
    let o = run(["candidates", "--json", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let want = format!(
        "{{\"file\":\"{path}\",\"candidates\":{{\"A1\":[3],\"A2\":[1,2],\"A3\":[1,2],\"B1\":[1,2],\"B2\":[1,2,3],\"B3\":[1,2,3],\"C1\":[1,2],\"C2\":[1,2,3],\"C3\":[1,2,3]}},\"unique\":false,\"solutions_seen\":4}}\n"
    );
    assert_eq!(o.stdout, want);
    for engine in [
        ["--engine", "native"],
        ["--backend", "dpll"],
        ["--backend", "cadical"],
    ] {
        let again = run(["candidates", "--json", &path, engine[0], engine[1]]);
        assert_eq!(
            again.json()["candidates"],
            o.json()["candidates"],
            "{engine:?}"
        );
    }
}

#[test]
fn candidates_with_a_state_name_wrong_entries() {
    let tmp = TempDir::new();
    let path = tmp.write("four.kenken", FOUR);
    let state = tmp.write("state.txt", ". 1 .\n3 . .\n. . .\n");
    let o = run(["candidates", "--json", &path, "--state", &state]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let j = o.json();
    assert_eq!(j["wrong"], serde_json::json!([{"cell": "B1", "digit": 3}]));
    assert_eq!(j["candidates"]["A2"], serde_json::json!([1]));
    assert_eq!(j["candidates"]["A3"], serde_json::json!([2]));
    assert_eq!(j["solutions_seen"], 2);
    let text = run(["candidates", &path, "--state", &state]);
    assert!(
        text.stdout
            .ends_with("unique: no (2 solutions seen)\nwrong: B1 = 3\n"),
        "{}",
        text.stdout
    );
    // A unique Keen puzzle: all single, and no wrong entry in an empty state.
    let keen = "../tests/data/kenken/keen/4x4-e-00.kenken";
    let empty = tmp.write("empty.txt", ". . . .\n. . . .\n. . . .\n. . . .\n");
    let o = run(["candidates", "--json", keen, "--state", &empty]);
    assert_eq!(
        (
            o.json()["unique"].as_bool(),
            o.json()["wrong"].as_array().map(Vec::len)
        ),
        (Some(true), Some(0))
    );
}

#[test]
fn candidates_svg_shades_undecided_cells_with_pencil_marks() {
    let tmp = TempDir::new();
    let path = tmp.write("four.kenken", FOUR);
    let svg = tmp.path("four.svg");
    let o = run(["candidates", &path, "--svg", &svg, "--json"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let group = |class: &str| {
        doc.descendants()
            .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
            .flat_map(|g| g.children().filter(|c| c.is_element()).collect::<Vec<_>>())
            .count()
    };
    assert_eq!(group("shaded"), 8, "eight undecided cells");
    // Pencil marks: 2 + 2 + 2 + 3 + 3 + 2 + 3 + 3 digits.
    assert_eq!(group("candidates"), 20);
}

#[test]
fn candidates_errors_and_exit_statuses() {
    let tmp = TempDir::new();
    let path = tmp.write("four.kenken", FOUR);
    let bad = tmp.write("bad.txt", ". . .\n. 7 .\n. . .\n");
    let o = run(["candidates", &path, "--state", &bad]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("{bad}:2:3: digit 7 at B2 is outside 1..=3\n")
    );
    let o = run([
        "candidates",
        "../tests/data/kenken/unsat/2x2-no-solution.kenken",
    ]);
    assert_eq!(o.code, Some(1), "{}", o.stderr);
    // The simple reason: its cages are all sums (2 =, 2 =, 3 +) and cover the grid.
    assert!(
        o.stdout
            .ends_with("no solution: the cage sums total 7, but every 2x2 grid totals 6\n"),
        "{}",
        o.stdout
    );
    let o = run(["candidates", &tmp.path("missing.kenken")]);
    assert_eq!(o.code, Some(2));
    // A deadline that has passed before the first question: timeout, exit 3.
    let big = "../tests/data/crossproduct/generated/gen_crossproduct_10x10_s1101000.crossproduct";
    let o = run([
        "candidates",
        big,
        "--engine",
        "native",
        "--timeout",
        "0.001",
    ]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
    assert!(o.stderr.contains("stopped (timeout)"), "{}", o.stderr);
}

#[test]
fn repair_text_json_output_and_svg() {
    let tmp = TempDir::new();
    let path = tmp.write("four.kenken", FOUR);
    let out = tmp.path("fixed.kenken");
    let svg = tmp.path("fixed.svg");
    let o = run(["repair", "--json", &path, "-o", &out, "--svg", &svg]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let j = o.json();
    assert_eq!(j["unique"], true);
    assert_eq!(j["file"], path.as_str());
    let givens = j["givens"].as_array().unwrap();
    assert_eq!(givens.len(), 1);
    let fixed = Puzzle::read_with(&out, &ParseOptions::default()).unwrap();
    let (outcome, _) = Engine::Native
        .prove_unique(&fixed, &EngineOptions::default())
        .unwrap();
    assert_eq!(outcome.label(), "unique");
    let cell = givens[0]["cell"].as_str().unwrap();
    let digit = givens[0]["digit"].as_u64().unwrap();
    assert!(
        fixed.to_string().contains(&format!("{digit} = {cell}\n")),
        "{fixed}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("<g class=\"marked\""), "{picture}");
    let text = run(["repair", &path]);
    assert_eq!(text.code, Some(0));
    assert!(
        text.stdout.starts_with(&format!("== {path}\n1 given makes it unique (no fewer do): {cell} = {digit}\nrepaired puzzle:\nsize 3\n")),
        "{}",
        text.stdout
    );
}

#[test]
fn repair_edges_and_exit_statuses() {
    let keen = "../tests/data/kenken/keen/4x4-e-00.kenken";
    let o = run(["repair", keen]);
    assert_eq!(
        (o.code, o.stdout.as_str()),
        (
            Some(0),
            format!("== {keen}\nalready unique: no givens needed\n").as_str()
        )
    );
    let o = run(["repair", "--json", keen]);
    assert_eq!(
        o.json(),
        serde_json::json!({"file": keen, "givens": [], "unique": true})
    );
    let unsat = "../tests/data/kenken/unsat/2x2-no-solution.kenken";
    let o = run(["repair", unsat]);
    assert_eq!(o.code, Some(1));
    assert_eq!(
        o.stderr,
        format!("{unsat}: repair: the puzzle has no solution\n")
    );
    let cp = "../tests/data/crossproduct/seeds/norvig-multi-4.crossproduct";
    let o = run(["repair", cp]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.contains("crossproduct puzzles have no givens"),
        "{}",
        o.stderr
    );
    let tmp = TempDir::new();
    let empty = tmp.write("empty.sudoku", ". . . .\n. . . .\n. . . .\n. . . .\n");
    let o = run(["repair", &empty, "--max-givens", "2"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr.contains("no set of at most 2 givens"),
        "{}",
        o.stderr
    );
    let o = run(["repair", &empty, "--max-givens", "0"]);
    assert_eq!(o.code, Some(2));
    // An empty 9×9 Sudoku would take ages to search to 4 givens: the deadline ends it.
    let nine = tmp.write("nine.sudoku", &". . . . . . . . .\n".repeat(9));
    let o = run(["repair", &nine, "--timeout", "0.5"]);
    assert_eq!(o.code, Some(3), "{}", o.stderr);
}
