//! `solve --unique` on a puzzle with several solutions keeps the second grid (issue #28,
//! item 7): the library hands it out (`Outcome::second`, every engine), `--json` writes it
//! (`"second"`) with the cells where the two differ (`"differ"`), the text names and marks
//! them, and the SVG outlines them.

use crate::common;

use cagesat::{Cell, Engine, EngineOptions, Outcome, Puzzle};
use common::cli::{run, TempDir};
use common::load;

/// Latin squares of side 4 whose rows sum to 10: 576 solutions.
const ROWS_4X4: &str = "size 4\n10 + A1 A2 A3 A4\n10 + B1 B2 B3 B4\n10 + C1 C2 C3 C4\n\
    10 + D1 D2 D3 D4\n";

/// Norvig's CrossProduct with four solutions.
const CP_MULTI: &str = "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct";

/// The cells where two rows-of-digits grids differ, as labels, computed here cell by cell.
fn differing(a: &[Vec<u8>], b: &[Vec<u8>]) -> Vec<String> {
    let mut cells = Vec::new();
    for (r, (ra, rb)) in a.iter().zip(b).enumerate() {
        for (c, (x, y)) in ra.iter().zip(rb).enumerate() {
            if x != y {
                cells.push(Cell::new(r as u8, c as u8).label());
            }
        }
    }
    cells
}

#[test]
fn every_engine_hands_out_a_verified_second_grid() {
    let opts = EngineOptions::default();
    let puzzles = [Puzzle::parse(ROWS_4X4).unwrap(), load(CP_MULTI)];
    for puzzle in &puzzles {
        for engine in Engine::builtin() {
            let (outcome, _) = engine.prove_unique(puzzle, &opts).unwrap();
            let (Some(first), Some(second)) = (outcome.grid(), outcome.second()) else {
                panic!("{}: {outcome:?}", engine.name());
            };
            assert_eq!(outcome.label(), "multiple", "{}", engine.name());
            puzzle
                .verify(second)
                .expect("the second grid is a solution");
            assert_ne!(first, second, "{}", engine.name());
            let want = differing(&first.to_rows(), &second.to_rows());
            let got: Vec<String> = outcome.differences().iter().map(|c| c.label()).collect();
            assert_eq!(got, want, "{}", engine.name());
            // Without the uniqueness check, and on a unique puzzle, there is none.
            let (solved, _) = engine.solve(puzzle, &opts).unwrap();
            assert_eq!(solved.second(), None);
        }
    }
    let unique = load("tests/data/kenken/keen/4x4-e-00.kenken");
    let (outcome, _) = Engine::Varisat.prove_unique(&unique, &opts).unwrap();
    assert!(matches!(
        outcome,
        Outcome::Solved {
            unique: Some(true),
            second: None,
            ..
        }
    ));
    assert!(outcome.differences().is_empty());
}

#[test]
fn solve_unique_json_keeps_the_second_grid_and_names_the_differences() {
    let tmp = TempDir::new();
    let rows = tmp.write("rows4.kenken", ROWS_4X4);
    for (path, engine) in [
        (rows.as_str(), "sat"),
        (rows.as_str(), "native"),
        (CP_MULTI, "sat"),
    ] {
        let o = run(["solve", "--unique", "--json", "--engine", engine, path]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let json = o.json();
        assert_eq!(json["unique"], false, "{json}");
        let grid =
            |key: &str| -> Vec<Vec<u8>> { serde_json::from_value(json[key].clone()).unwrap() };
        let (first, second) = (grid("solution"), grid("second"));
        let puzzle = load(path);
        let second_grid = cagesat::Grid::from_rows(second.clone()).unwrap();
        puzzle
            .verify(&second_grid)
            .expect("the second grid is a solution");
        let want = differing(&first, &second);
        assert!(!want.is_empty(), "{json}");
        assert_eq!(json["differ"], serde_json::json!(want), "{json}");

        // The text: the first grid, the verdict, then the second grid with its changed
        // digits marked, after a line naming them.
        let o = run(["solve", "--unique", "--engine", engine, path]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let (head, tail) = o
            .stdout
            .split_once("solved (multiple solutions)\n")
            .expect("the verdict line");
        assert_eq!(
            head,
            puzzle.render_text(Some(&cagesat::Grid::from_rows(first).unwrap()))
        );
        let (line, drawing) = tail.split_once('\n').unwrap();
        assert_eq!(
            line,
            format!(
                "second solution, differing in {} cells ({}, marked *):",
                want.len(),
                want.join(" ")
            )
        );
        assert_eq!(drawing.matches('*').count(), want.len(), "{drawing}");
        assert_eq!(
            drawing.replace('*', " "),
            puzzle.render_text(Some(&second_grid)).replace('*', " ")
        );
    }
    // A unique puzzle: neither key, and no second drawing.
    let o = run([
        "solve",
        "--unique",
        "--json",
        "tests/data/kenken/keen/4x4-e-00.kenken",
    ]);
    let json = o.json();
    assert_eq!(json["unique"], true);
    assert!(
        json.get("second").is_none() && json.get("differ").is_none(),
        "{json}"
    );
}

#[test]
fn the_svg_outlines_the_cells_where_the_second_solution_differs() {
    let tmp = TempDir::new();
    let rows = tmp.write("rows4.kenken", ROWS_4X4);
    for path in [rows.as_str(), CP_MULTI] {
        let o = run(["solve", "--unique", "--json", path]);
        let json = o.json();
        let grid =
            |key: &str| -> Vec<Vec<u8>> { serde_json::from_value(json[key].clone()).unwrap() };
        let (first, second) = (grid("solution"), grid("second"));
        let want = differing(&first, &second);
        let svg_path = tmp.path("p.svg");
        let o = run(["solve", "--unique", "--svg", &svg_path, path]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let svg = std::fs::read_to_string(&svg_path).unwrap();
        // The picture is the library's drawing of the first solution with exactly the
        // differing cells marked.
        let puzzle = load(path);
        let mut overlay = cagesat::puzzle::Overlay::default();
        overlay.marked = want.iter().map(|l| Cell::parse_label(l).unwrap()).collect();
        let first = cagesat::Grid::from_rows(first).unwrap();
        assert_eq!(
            svg,
            puzzle.render_svg_with(Some(&first), &overlay),
            "{path}"
        );
        let marked = svg
            .split("<g class=\"marked\"")
            .nth(1)
            .expect("a marked group");
        let marked = marked.split("</g>").next().unwrap();
        assert_eq!(marked.matches("<rect ").count(), want.len(), "{path}");
        // The same picture on standard output.
        let o = run(["solve", "--unique", "--svg", "-", path]);
        assert_eq!(o.stdout, svg, "{path}");
    }
    // A unique puzzle: the plain picture.
    let keen = "tests/data/kenken/keen/4x4-e-00.kenken";
    let svg_path = tmp.path("u.svg");
    let o = run(["solve", "--unique", "--svg", &svg_path, keen]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(!svg.contains("class=\"marked\""));
    let puzzle = load(keen);
    let (outcome, _) = Engine::Varisat
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap();
    assert_eq!(svg, puzzle.render_svg(outcome.grid()));
}
