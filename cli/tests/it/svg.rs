//! SVG pictures: well-formed XML for every shipped puzzle, the expected walls, clues and
//! digits on small puzzles, byte-for-byte determinism, and the `render` / `solve --svg` CLI.

use crate::common;

use std::path::{Path, PathBuf};

use cagesat::puzzle::CrossProduct;
use cagesat::{Cell, Grid, ParseOptions, Puzzle};
use common::cli::{run, run_stdin, TempDir};

/// Parses `svg` as XML (panicking with the parser's message) and checks the root.
#[track_caller]
fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attr in ["width", "height", "viewBox"] {
        assert!(root.has_attribute(attr), "missing {attr}");
    }
    doc
}

/// The children of the group `<g class="class">` with tag `tag`.
fn in_group<'a>(
    doc: &'a roxmltree::Document<'_>,
    class: &str,
    tag: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .flat_map(|g| {
            g.children()
                .filter(|c| c.has_tag_name(tag))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn texts(doc: &roxmltree::Document<'_>, class: &str) -> Vec<String> {
    in_group(doc, class, "text")
        .iter()
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

/// Every puzzle file under `dir`, recursively, sorted.
fn puzzle_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            out.extend(puzzle_files(&path));
        } else if path.extension().is_some_and(|x| {
            ["kenken", "keen", "kakuro", "crossproduct"].contains(&x.to_str().unwrap())
        }) {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
fn every_shipped_puzzle_draws_as_well_formed_xml() {
    let (mut drawn, mut with_solution) = (0, 0);
    for path in puzzle_files(Path::new("tests/data")) {
        let Ok(puzzle) = Puzzle::read(&path) else {
            continue;
        };
        let bare = puzzle.render_svg(None);
        let doc = parse(&bare);
        assert!(in_group(&doc, "digits", "text").is_empty());
        drawn += 1;
        let sol = ["solution", "sol"]
            .iter()
            .find_map(|ext| common::read_solution(&path.with_extension(ext)));
        if let Some(sol) = sol {
            let svg = puzzle.render_svg(Some(&sol));
            let doc = parse(&svg);
            let digits = in_group(&doc, "digits", "text").len();
            let expected = match &puzzle {
                Puzzle::Kakuro(k) => k.white_cells().len(),
                _ => sol.rows() * sol.cols(),
            };
            assert_eq!(digits, expected, "{}", path.display());
            with_solution += 1;
        }
    }
    assert!(drawn >= 300, "{drawn}");
    assert!(with_solution >= 200, "{with_solution}");
}

const KENKEN_2X2: &str = "size 2\n3 + A1 A2\n2 = B1\n1 - B2";

#[test]
fn small_kenken_has_its_walls_clues_and_digits() {
    let p = Puzzle::parse(KENKEN_2X2).unwrap();
    let g = Grid::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
    let svg = p.render_svg(Some(&g));
    let doc = parse(&svg);
    // One wall under the top cage, one between B1 and B2.
    let walls = in_group(&doc, "cage-walls", "line");
    assert_eq!(walls.len(), 2);
    assert_eq!(in_group(&doc, "frame", "rect").len(), 1);
    // Thin grid: one internal row line and one internal column line.
    assert_eq!(in_group(&doc, "grid", "line").len(), 2);
    // A one-cell cage shows its bare number, whatever its operator.
    assert_eq!(texts(&doc, "clues"), vec!["3+", "2", "1"]);
    assert_eq!(texts(&doc, "digits"), vec!["1", "2", "2", "1"]);
    expect_test::expect_file!["../svg/kenken_2x2.svg"].assert_eq(&svg);
}

#[test]
fn clue_signs_are_the_printed_ones() {
    let p = Puzzle::parse("size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3")
    .unwrap();
    let doc_text = p.render_svg(None);
    let doc = parse(&doc_text);
    let mut clues = texts(&doc, "clues");
    clues.sort();
    assert_eq!(clues, vec!["12×", "1−", "2÷", "2÷", "2÷", "3", "3−", "7+"]);
}

/// The thick walls cover exactly the cell edges between different cages, on every shipped
/// Keen puzzle: the segments' total length in cells equals an independent edge count.
#[test]
fn wall_segments_cover_the_cage_boundaries() {
    for path in puzzle_files(Path::new("tests/data/kenken/keen")) {
        if path.extension().is_none_or(|x| x != "keen") {
            continue;
        }
        let Puzzle::KenKen(k) = common::load(path.to_str().unwrap()) else {
            panic!("not KenKen")
        };
        let n = k.size();
        let owner = k.cage_of();
        let at = |r: usize, c: usize| *owner.get(Cell::new(r as u8, c as u8));
        let mut edges = 0;
        for r in 0..n {
            for c in 0..n {
                edges += usize::from(c + 1 < n && at(r, c) != at(r, c + 1));
                edges += usize::from(r + 1 < n && at(r, c) != at(r + 1, c));
            }
        }
        let svg = Puzzle::KenKen(k.clone()).render_svg(None);
        let doc = parse(&svg);
        let mut length = 0;
        for l in in_group(&doc, "cage-walls", "line") {
            let v = |a: &str| l.attribute(a).unwrap().parse::<i64>().unwrap();
            let (dx, dy) = (v("x2") - v("x1"), v("y2") - v("y1"));
            assert!(dx == 0 || dy == 0, "walls are straight");
            assert_eq!((dx + dy) % 64, 0);
            length += (dx + dy) / 64;
        }
        assert_eq!(length as usize, edges, "{}", path.display());
        assert_eq!(texts(&doc, "clues").len(), k.cages().len());
    }
}

#[test]
fn small_kakuro_has_clue_triangles_and_dark_squares() {
    let text = "#   4\\  3\\\n\\3  .   .\n\\4  .   .\n";
    let p = Puzzle::parse_with(text, &ParseOptions::default().path("t.kakuro")).unwrap();
    let g = Grid::from_rows(vec![vec![0, 0, 0], vec![0, 1, 2], vec![0, 3, 1]]).unwrap();
    let doc_text = p.render_svg(Some(&g));
    let doc = parse(&doc_text);
    // Down sums first in reading order of the squares: 4\ and 3\ then \3 and \4.
    assert_eq!(texts(&doc, "clues"), vec!["4", "3", "3", "4"]);
    assert_eq!(texts(&doc, "digits"), vec!["1", "2", "3", "1"]);
    assert_eq!(in_group(&doc, "clue-squares", "rect").len(), 4);
    assert_eq!(in_group(&doc, "diagonals", "line").len(), 4);
    // One blocked square, and each clue square's unused half is dark.
    assert_eq!(in_group(&doc, "blocked", "rect").len(), 1);
    assert_eq!(in_group(&doc, "blocked", "polygon").len(), 4);
}

#[test]
fn small_crossproduct_has_products_around_the_table() {
    let p = Puzzle::CrossProduct(CrossProduct::new(vec![6, 120, 504], vec![28, 80, 162]).unwrap());
    let g = Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]).unwrap();
    let doc_text = p.render_svg(Some(&g));
    let doc = parse(&doc_text);
    assert_eq!(texts(&doc, "row-products"), vec!["6", "120", "504"]);
    assert_eq!(texts(&doc, "col-products"), vec!["28", "80", "162"]);
    assert_eq!(texts(&doc, "digits").len(), 9);
    assert!(texts(&parse(&p.render_svg(None)), "digits").is_empty());
}

/// The `x`, `y` attributes of an element.
fn xy(n: &roxmltree::Node<'_, '_>) -> (i64, i64) {
    let v = |a: &str| n.attribute(a).unwrap().parse::<i64>().unwrap();
    (v("x"), v("y"))
}

/// Every kind names its rows `A`, `B`, … left of the grid and its columns `1`, `2`, … above
/// it, as the text format names cells; the labels sit outside the frame, one per row beside
/// the row's middle and one per column above its middle, away from every clue (Kakuro's
/// inside the grid, CrossProduct's right of and below it).
#[test]
fn every_kind_labels_its_rows_and_columns() {
    let x9 = std::fs::read_to_string("tests/data/sudoku/x-9x9-s21.sudoku").unwrap();
    let killer = std::fs::read_to_string("tests/data/killer/x-9x9-s22.killer").unwrap();
    let cases = [
        (Puzzle::parse(KENKEN_2X2).unwrap(), 2, 2),
        (Puzzle::parse(&x9).unwrap(), 9, 9),
        (Puzzle::parse(&killer).unwrap(), 9, 9),
        (
            common::load("tests/data/kakuro/panpapag_hard_12x10.kakuro"),
            12,
            10,
        ),
        (
            common::load("tests/data/crossproduct/public/norvig_random_10x6.crossproduct"),
            10,
            6,
        ),
    ];
    for (p, rows, cols) in cases {
        let svg = p.render_svg(None);
        let doc = parse(&svg);
        let frame = in_group(&doc, "frame", "rect");
        let (left, top) = xy(&frame[0]);
        let v = |a: &str| frame[0].attribute(a).unwrap().parse::<i64>().unwrap();
        let (cell_w, cell_h) = (v("width") / cols, v("height") / rows);
        let labels = in_group(&doc, "labels", "text");
        let names: Vec<String> = labels
            .iter()
            .map(|n| n.text().unwrap().to_string())
            .collect();
        let want: Vec<String> = (1..=cols)
            .map(|c| c.to_string())
            .chain((0..rows).map(|r| Cell::row_label(r as u8)))
            .collect();
        assert_eq!(names, want, "{}", p.kind());
        for (c, n) in labels[..cols as usize].iter().enumerate() {
            let (x, y) = xy(n);
            assert_eq!(x, left + c as i64 * cell_w + cell_w / 2, "column {}", c + 1);
            assert!((8..top - 2).contains(&y), "column {} at y {y}", c + 1);
        }
        for (r, n) in labels[cols as usize..].iter().enumerate() {
            let (x, y) = xy(n);
            assert!((8..left - 8).contains(&x), "row {r} at x {x}");
            let middle = top + r as i64 * cell_h + cell_h / 2;
            assert!(
                (middle..middle + cell_h / 4).contains(&y),
                "row {r} at y {y}"
            );
        }
        // Every clue and product is inside the frame or right of or below it.
        for class in ["clues", "row-products", "col-products"] {
            for n in in_group(&doc, class, "text") {
                let (x, y) = xy(&n);
                assert!(x > left && y > top, "{} {class} at {x},{y}", p.kind());
            }
        }
    }
}

#[test]
fn output_is_deterministic_and_self_contained() {
    for path in [
        "tests/data/kenken/norvig/norvig-07-6x6.kenken",
        "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        "tests/data/crossproduct/public/norvig_random_10x6.crossproduct",
    ] {
        let p = common::load(path);
        let a = p.render_svg(None);
        assert_eq!(a, p.render_svg(None));
        for banned in ["<script", "href", "@import", "url(", "<image", "<style"] {
            assert!(!a.contains(banned), "{path}: {banned}");
        }
        let doc = parse(&a);
        for t in doc.descendants().filter(|n| n.has_tag_name("g")) {
            if let Some(f) = t.attribute("font-family") {
                assert_eq!(f, "sans-serif");
            }
        }
    }
}

#[test]
fn render_writes_to_stdout_or_a_file_and_checks_the_solution() {
    let puzzle = "tests/data/kakuro/panpapag_easy_5x5.kakuro";
    let sol = "tests/data/kakuro/panpapag_easy_5x5.solution";
    let out = run(["render", puzzle, "--solution", sol]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let doc = parse(&out.stdout);
    assert_eq!(in_group(&doc, "digits", "text").len(), 12);
    let tmp = TempDir::new();
    let file = tmp.path("k.svg");
    let to_file = run(["render", puzzle, "--solution", sol, "-o", &file]);
    assert_eq!((to_file.code, to_file.stdout.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), out.stdout);
    // A bare puzzle from standard input, and a Keen game ID.
    let bare = run_stdin(["render", "-"], KENKEN_2X2);
    assert_eq!(bare.code, Some(0), "{}", bare.stderr);
    assert!(texts(&parse(&bare.stdout), "digits").is_empty());
    let id = run(["render", "4:a_7a__a_aaba,s2m12a6a3d2d2m3s1"]);
    assert_eq!(texts(&parse(&id.stdout), "clues").len(), 8);
    // A wrong solution is refused.
    let wrong = tmp.write(
        "wrong.solution",
        "# # # # #\n# # # 6 2\n# 2 4 9 1\n# 1 2 5 3\n# 1 3 # #\n",
    );
    let bad = run(["render", puzzle, "--solution", &wrong]);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("does not solve"), "{}", bad.stderr);
    assert_eq!(bad.stderr.lines().count(), 1);
    assert!(bad.stdout.is_empty());
}

#[test]
fn solve_svg_names_one_file_or_a_directory_of_stems() {
    let tmp = TempDir::new();
    let one = tmp.path("one.svg");
    let kenken = "tests/data/kenken/norvig/norvig-07-6x6.kenken";
    let r = run(["solve", "--svg", &one, kenken]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        texts(&parse(&std::fs::read_to_string(&one).unwrap()), "digits").len(),
        36
    );
    // Several inputs: a directory (created), one STEM.svg per solved puzzle; a Keen ID is
    // named after its argument position; the unsatisfiable one gets no picture.
    let dir = tmp.path("pictures");
    let unsat = tmp.write("nosol.kenken", "size 2\n3 + A1 A2\n1 = B1\n1 = B2\n");
    let args = [
        "solve",
        "--svg",
        &dir,
        kenken,
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "4:a_7a__a_aaba,s2m12a6a3d2d2m3s1",
        &unsat,
    ];
    let r = run(args);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec!["keen-3.svg", "norvig-07-6x6.svg", "panpapag_easy_5x5.svg"]
    );
    // Same stem twice: the second is an error, the first picture stays.
    let copy = tmp.path("sub");
    std::fs::create_dir(&copy).unwrap();
    let twin = format!("{copy}/norvig-07-6x6.kenken");
    let _ = std::fs::copy(kenken, &twin).unwrap();
    let r = run(["solve", "--svg", &dir, kenken, &twin]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("already written"), "{}", r.stderr);
}

/// The sample pictures under `docs/` (shown in `docs/setting.md`) are what the code draws today
/// (`UPDATE_EXPECT=1 cargo test --test svg` rewrites them).
#[test]
fn readme_samples_are_current() {
    let draw = |puzzle: &str, solution: Option<&str>| {
        let p = common::load(puzzle);
        let sol = solution.map(|s| common::read_solution(Path::new(s)).unwrap());
        p.render_svg(sol.as_ref())
    };
    let kenken = common::load("tests/data/kenken/norvig/norvig-07-6x6.kenken");
    let (outcome, _) = cagesat::Engine::Varisat
        .prove_unique(&kenken, &cagesat::EngineOptions::default())
        .unwrap();
    let cagesat::Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("no solution")
    };
    assert_eq!(unique, Some(true));
    expect_test::expect_file!["../../../docs/kenken-norvig-07-6x6.svg"]
        .assert_eq(&kenken.render_svg(Some(&grid)));
    expect_test::expect_file!["../../../docs/kakuro-intermediate-7x7.svg"].assert_eq(&draw(
        "tests/data/kakuro/panpapag_intermediate_7x7.kakuro",
        Some("tests/data/kakuro/panpapag_intermediate_7x7.solution"),
    ));
    expect_test::expect_file!["../../../docs/crossproduct-norvig-5x3.svg"].assert_eq(&draw(
        "tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
        None,
    ));
}

/// The overlay on every kind: shaded cells and tinted groups under the walls, pencil marks
/// only in cells without a digit, red outlines for marked cells; an empty overlay changes
/// nothing.
#[test]
fn overlay_draws_marks_groups_and_outlines() {
    use cagesat::puzzle::Overlay;
    let files = [
        "kenken/norvig/norvig-01-4x4.kenken",
        "kakuro/panpapag_easy_5x5.kakuro",
        "crossproduct/seeds/norvig-3x3.crossproduct",
        "sudoku/gen-4x4-s1.sudoku",
        "killer/gen-4x4-s11.killer",
    ];
    for file in files {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(file);
        let Ok(puzzle) = Puzzle::read(&path) else {
            panic!("cannot read {file}")
        };
        assert_eq!(
            puzzle.render_svg_with(None, &Overlay::default()),
            puzzle.render_svg(None),
            "{file}: an empty overlay draws nothing"
        );
        let a1 = Cell::new(0, 0);
        let b2 = Cell::new(1, 1);
        let size = puzzle.shape();
        let mut marks = Grid::filled(size.0, size.1, Vec::new());
        marks.set(a1, vec![1, 2]);
        marks.set(b2, vec![3]);
        let mut partial = Grid::filled(size.0, size.1, 0u8);
        partial.set(b2, 1);
        let mut overlay = Overlay::default();
        overlay.marks = Some(marks);
        overlay.shaded = vec![a1];
        overlay.groups = vec![vec![a1, b2], vec![b2]];
        overlay.marked = vec![b2];
        let svg = puzzle.render_svg_with(Some(&partial), &overlay);
        let doc = parse(&svg);
        assert_eq!(in_group(&doc, "shaded", "rect").len(), 1, "{file}");
        assert_eq!(
            in_group(&doc, "highlight group-0", "rect").len(),
            2,
            "{file}"
        );
        assert_eq!(
            in_group(&doc, "highlight group-1", "rect").len(),
            1,
            "{file}"
        );
        assert_eq!(in_group(&doc, "marked", "rect").len(), 1, "{file}");
        // B2 shows its digit, so only A1's two marks are drawn.
        assert_eq!(texts(&doc, "candidates"), vec!["1", "2"], "{file}");
        // The underlay comes before the first wall, the outlines after the digits.
        let at = |needle: &str| {
            svg.find(needle)
                .unwrap_or_else(|| panic!("{file}: {needle}"))
        };
        assert!(at("class=\"shaded\"") < at("class=\"frame\""), "{file}");
        assert!(at("class=\"marked\"") > at("class=\"frame\""), "{file}");
    }
}

/// Sudoku, Sudoku X, Killer X, a Killer jigsaw and a solved jigsaw draw as they did before
/// the variant families (golden files written by the drawing of `main` at 11ad064).
#[test]
fn sudoku_pictures_without_variants_are_unchanged() {
    let draw = |puzzle: &str, solution: Option<&str>| {
        let p = common::load(puzzle);
        let sol = solution.map(|s| common::read_solution(Path::new(s)).unwrap());
        p.render_svg(sol.as_ref())
    };
    expect_test::expect_file!["../svg/sudoku_x_9x9.svg"]
        .assert_eq(&draw("tests/data/sudoku/x-9x9-s21.sudoku", None));
    expect_test::expect_file!["../svg/killer_x_9x9.svg"]
        .assert_eq(&draw("tests/data/killer/x-9x9-s22.killer", None));
    expect_test::expect_file!["../svg/killer_jigsaw_9x9.svg"]
        .assert_eq(&draw("tests/data/solo/9x9-killer-jigsaw.solo", None));
    expect_test::expect_file!["../svg/jigsaw_6x6_solved.svg"].assert_eq(&draw(
        "tests/data/solo/6x6-jigsaw.solo",
        Some("tests/data/solo/6x6-jigsaw.sol"),
    ));
}

/// A 9×9 Sudoku with the one variant constraint `v`, drawn without a solution.
fn variant_svg(v: cagesat::puzzle::Variant) -> String {
    let s = cagesat::puzzle::Sudoku::new(9, (3, 3), &[])
        .unwrap()
        .with_variants([v])
        .unwrap();
    Puzzle::Sudoku(s).render_svg(None)
}

fn cells(list: &[(u8, u8)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
}

/// The integer attribute `a` of `n`.
fn num(n: &roxmltree::Node<'_, '_>, a: &str) -> i64 {
    n.attribute(a).unwrap().parse::<i64>().unwrap()
}

/// Every variant family is drawn in its own group with its own elements: lines as
/// polylines through the cells' centres, circles and bulbs where they belong, dots on the
/// edge between their cells, outside clues outside the frame (the picture grows for them),
/// the global rules in the caption.
#[test]
fn every_variant_family_is_drawn() {
    use cagesat::puzzle::{Dot, Variant};
    let line = cells(&[(1, 1), (1, 2), (2, 2)]);
    let families: Vec<(Variant, &str, &str, usize)> = vec![
        (Variant::Thermo(line.clone()), "thermo", "polyline", 1),
        (Variant::Thermo(line.clone()), "thermo", "circle", 1),
        (
            Variant::Arrow {
                circle: cells(&[(0, 0)]),
                line: cells(&[(1, 1), (2, 2)]),
            },
            "arrow",
            "circle",
            1,
        ),
        (
            Variant::Arrow {
                circle: cells(&[(0, 0), (0, 1)]),
                line: cells(&[(1, 1), (2, 2)]),
            },
            "arrow",
            "rect",
            1,
        ),
        (
            Variant::Arrow {
                circle: cells(&[(0, 0)]),
                line: cells(&[(1, 1), (2, 2)]),
            },
            "arrow",
            "polyline",
            2, // the line and its head
        ),
        (Variant::DoubleArrow(line.clone()), "arrow", "circle", 2),
        (
            Variant::Whisper {
                cells: line.clone(),
                diff: 5,
            },
            "whisper",
            "polyline",
            1,
        ),
        (Variant::Renban(line.clone()), "renban", "polyline", 1),
        (
            Variant::Palindrome(line.clone()),
            "palindrome",
            "polyline",
            1,
        ),
        (Variant::Between(line.clone()), "between", "circle", 2),
        (
            Variant::Lockout {
                cells: line.clone(),
                diff: 4,
            },
            "lockout",
            "polygon",
            2,
        ),
        (
            Variant::RegionSum(line.clone()),
            "region-sum",
            "polyline",
            1,
        ),
        (Variant::Zipper(line.clone()), "zipper", "polyline", 1),
        (Variant::Entropic(line.clone()), "entropic", "polyline", 1),
        (
            Variant::Modular {
                cells: line.clone(),
                modulus: 3,
            },
            "modular",
            "polyline",
            1,
        ),
        (
            Variant::Dot {
                cells: [Cell::new(0, 0), Cell::new(0, 1)],
                dot: Dot::WHITE,
            },
            "kropki",
            "circle",
            1,
        ),
        (
            Variant::Dot {
                cells: [Cell::new(0, 0), Cell::new(1, 0)],
                dot: Dot::BLACK,
            },
            "kropki",
            "circle",
            1,
        ),
        (
            Variant::Dot {
                cells: [Cell::new(0, 0), Cell::new(0, 1)],
                dot: Dot::X,
            },
            "xv",
            "text",
            1,
        ),
        (
            Variant::GreaterThan([Cell::new(0, 0), Cell::new(0, 1)]),
            "greater-than",
            "polyline",
            1,
        ),
        (
            Variant::Quadruple {
                cells: [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(r, c)| Cell::new(r, c)),
                digits: vec![1, 2, 3],
            },
            "quadruple",
            "circle",
            1,
        ),
        (
            Variant::LittleKiller {
                cells: cells(&[(0, 1), (1, 2), (2, 3)]),
                sum: 12,
            },
            "little-killer",
            "text",
            1,
        ),
        (
            Variant::LittleKiller {
                cells: cells(&[(0, 1), (1, 2), (2, 3)]),
                sum: 12,
            },
            "little-killer-arrows",
            "polyline",
            2,
        ),
        (
            Variant::Sandwich {
                cells: (0..9).map(|c| Cell::new(2, c)).collect(),
                sum: 20,
            },
            "sandwich",
            "text",
            1,
        ),
        (
            Variant::XSum {
                cells: (0..9).rev().map(|r| Cell::new(r, 4)).collect(),
                sum: 25,
            },
            "x-sum",
            "text",
            1,
        ),
        (
            Variant::Skyscraper {
                cells: (0..9).rev().map(|c| Cell::new(6, c)).collect(),
                count: 3,
            },
            "skyscraper",
            "text",
            1,
        ),
        (
            Variant::Parity {
                cell: Cell::new(4, 4),
                even: true,
            },
            "even",
            "rect",
            1,
        ),
        (
            Variant::Parity {
                cell: Cell::new(4, 4),
                even: false,
            },
            "odd",
            "circle",
            1,
        ),
        (
            Variant::Region(cells(&[(0, 0), (4, 4), (8, 8)])),
            "extra-region",
            "rect",
            3,
        ),
        (Variant::Windoku, "windoku", "rect", 36),
        (Variant::Diagonal { anti: true }, "diagonal", "line", 1),
        (
            Variant::Cage {
                cells: cells(&[(0, 0), (0, 1)]),
                sum: Some(7),
            },
            "cage-sums",
            "text",
            1,
        ),
        (
            Variant::Cage {
                cells: cells(&[(0, 0), (0, 1)]),
                sum: None,
            },
            "cage",
            "line",
            6, // two long sides, two ends, each long side in two halves
        ),
        (Variant::AntiKnight, "caption", "text", 1),
        (Variant::AntiKing, "caption", "text", 1),
        (Variant::NonConsecutive, "caption", "text", 1),
        (Variant::NegativeDots(Dot::WHITE), "caption", "text", 1),
        (
            Variant::Candidates {
                cell: Cell::new(3, 3),
                digits: vec![1, 5],
            },
            "candidates",
            "text",
            1,
        ),
    ];
    let plain =
        Puzzle::Sudoku(cagesat::puzzle::Sudoku::new(9, (3, 3), &[]).unwrap()).render_svg(None);
    for (v, class, tag, count) in families {
        let name = v.to_string();
        let outside = matches!(
            v,
            Variant::LittleKiller { .. }
                | Variant::Sandwich { .. }
                | Variant::XSum { .. }
                | Variant::Skyscraper { .. }
        );
        let svg = variant_svg(v);
        let doc = parse(&svg);
        let found = in_group(&doc, class, tag);
        assert_eq!(found.len(), count, "{name}: <{tag}> in {class}\n{svg}");
        let frame = in_group(&doc, "frame", "rect");
        let (left, top) = xy(&frame[0]);
        let (right, bottom) = (
            left + num(&frame[0], "width"),
            top + num(&frame[0], "height"),
        );
        if outside {
            // Outside the frame, inside the picture, clear of the row and column labels.
            let (w, h) = (
                num(&doc.root_element(), "width"),
                num(&doc.root_element(), "height"),
            );
            for n in in_group(&doc, class, "text") {
                let (x, y) = xy(&n);
                assert!(
                    !(left..=right).contains(&x) || !(top..=bottom).contains(&y),
                    "{name} at {x},{y} is inside the frame"
                );
                assert!((0..w).contains(&x) && (0..h).contains(&y), "{name}");
            }
            let labels = in_group(&doc, "labels", "text");
            assert!(
                labels
                    .iter()
                    .all(|n| xy(n).0 < left - 24 || xy(n).1 < top - 24),
                "{name}"
            );
        } else {
            // Without outside clues the grid sits where it always did.
            let plain_frame = plain.lines().find(|l| l.starts_with("<rect x=")).unwrap();
            assert!(svg.contains(plain_frame), "{name}: the frame moved");
        }
    }
}

/// The drawn marks sit where their cells are: a thermometer's bulb on its first cell, a
/// Kropki dot on the middle of its edge, an arrow's line leaving its circle, a caption
/// naming the rule, and the text listing every constraint under the grid.
#[test]
fn variant_marks_sit_on_their_cells() {
    use cagesat::puzzle::{Dot, Variant};
    let s = cagesat::puzzle::Sudoku::new(9, (3, 3), &[])
        .unwrap()
        .with_variants([
            Variant::Thermo(cells(&[(4, 4), (4, 5), (3, 5)])),
            Variant::Dot {
                cells: [Cell::new(2, 3), Cell::new(2, 4)],
                dot: Dot::BLACK,
            },
            Variant::AntiKnight,
            Variant::Sandwich {
                cells: (0..9).map(|c| Cell::new(0, c)).collect(),
                sum: 15,
            },
        ])
        .unwrap();
    let p = Puzzle::Sudoku(s);
    let svg = p.render_svg(None);
    let doc = parse(&svg);
    let frame = in_group(&doc, "frame", "rect");
    let (left, top) = xy(&frame[0]);
    let cell = num(&frame[0], "width") / 9;
    let centre = |r: i64, c: i64| (left + c * cell + cell / 2, top + r * cell + cell / 2);
    let bulb = &in_group(&doc, "thermo", "circle")[0];
    assert_eq!((num(bulb, "cx"), num(bulb, "cy")), centre(4, 4));
    let thermo = in_group(&doc, "thermo", "polyline")[0]
        .attribute("points")
        .unwrap()
        .to_string();
    let want: Vec<String> = [(4, 4), (4, 5), (3, 5)]
        .iter()
        .map(|&(r, c)| {
            let (x, y) = centre(r, c);
            format!("{x},{y}")
        })
        .collect();
    assert_eq!(thermo, want.join(" "));
    let dot = &in_group(&doc, "kropki", "circle")[0];
    assert_eq!(
        (num(dot, "cx"), num(dot, "cy")),
        (left + 4 * cell, top + 2 * cell + cell / 2)
    );
    assert_eq!(dot.attribute("fill"), Some("#000000"));
    assert_eq!(texts(&doc, "caption"), ["anti-knight"]);
    // The sandwich clue sits above row A's first column... of the row it sums: left of row A.
    let clue = &in_group(&doc, "sandwich", "text")[0];
    let (x, y) = xy(clue);
    assert!(
        x < left && (top..top + cell).contains(&y),
        "sandwich at {x},{y}"
    );
    assert_eq!(clue.text(), Some("15"));
    let text = p.render_text(None);
    for line in [
        "thermometer E5 E6 D6",
        "black dot C4 C5",
        "anti-knight",
        "sandwich 15 A1",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

/// A 9×9 with every variant family at once, and its outside clues on all four sides, draws
/// as `cli/tests/svg/variants_9x9.svg` (`UPDATE_EXPECT=1` rewrites it after a deliberate
/// change; look at it in a browser first).
#[test]
fn every_family_at_once_is_the_golden_picture() {
    use cagesat::puzzle::{Dot, Variant};
    let row = |r: u8| (0..9).map(move |c| Cell::new(r, c));
    let col = |c: u8| (0..9).map(move |r| Cell::new(r, c));
    let variants = vec![
        Variant::Windoku,
        Variant::Region(cells(&[(8, 0), (8, 1)])),
        Variant::Parity {
            cell: Cell::new(0, 8),
            even: true,
        },
        Variant::Parity {
            cell: Cell::new(8, 8),
            even: false,
        },
        Variant::Diagonal { anti: false },
        Variant::Cage {
            cells: cells(&[(0, 0), (0, 1), (1, 0)]),
            sum: Some(12),
        },
        Variant::Thermo(cells(&[(1, 1), (2, 2), (2, 3), (3, 3)])),
        Variant::Arrow {
            circle: cells(&[(4, 0)]),
            line: cells(&[(5, 1), (6, 1), (7, 1)]),
        },
        Variant::Arrow {
            circle: cells(&[(0, 4), (0, 5)]),
            line: cells(&[(1, 5), (1, 6)]),
        },
        Variant::DoubleArrow(cells(&[(2, 5), (3, 5), (3, 6), (3, 7)])),
        Variant::Whisper {
            cells: cells(&[(4, 2), (4, 3), (5, 3)]),
            diff: 5,
        },
        Variant::Renban(cells(&[(6, 3), (6, 4), (6, 5)])),
        Variant::Palindrome(cells(&[(7, 3), (7, 4), (8, 4)])),
        Variant::Between(cells(&[(4, 5), (5, 5), (5, 6)])),
        Variant::Lockout {
            cells: cells(&[(7, 6), (7, 7), (6, 7), (5, 7)]),
            diff: 4,
        },
        Variant::RegionSum(cells(&[(1, 7), (2, 7), (2, 8)])),
        Variant::Zipper(cells(&[(3, 0), (2, 0), (2, 1)])),
        Variant::Entropic(cells(&[(8, 5), (8, 6), (8, 7)])),
        Variant::Modular {
            cells: cells(&[(5, 8), (6, 8), (7, 8)]),
            modulus: 3,
        },
        Variant::Dot {
            cells: [Cell::new(3, 1), Cell::new(3, 2)],
            dot: Dot::WHITE,
        },
        Variant::Dot {
            cells: [Cell::new(4, 1), Cell::new(5, 1)],
            dot: Dot::BLACK,
        },
        Variant::Dot {
            cells: [Cell::new(1, 3), Cell::new(1, 4)],
            dot: Dot::X,
        },
        Variant::Dot {
            cells: [Cell::new(5, 4), Cell::new(6, 4)],
            dot: Dot::V,
        },
        Variant::Dot {
            cells: [Cell::new(4, 6), Cell::new(4, 7)],
            dot: Dot::White(3),
        },
        Variant::GreaterThan([Cell::new(7, 2), Cell::new(8, 2)]),
        Variant::Quadruple {
            cells: [(3, 3), (3, 4), (4, 3), (4, 4)].map(|(r, c)| Cell::new(r, c)),
            digits: vec![1, 2, 9],
        },
        Variant::LittleKiller {
            cells: cells(&[(0, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7), (6, 8)]),
            sum: 40,
        },
        Variant::LittleKiller {
            cells: cells(&[(8, 6), (7, 5), (6, 4), (5, 3), (4, 2), (3, 1), (2, 0)]),
            sum: 33,
        },
        Variant::Sandwich {
            cells: row(4).collect(),
            sum: 21,
        },
        Variant::XSum {
            cells: col(6).collect(),
            sum: 9,
        },
        Variant::Skyscraper {
            cells: row(2).rev().collect(),
            count: 4,
        },
        Variant::Skyscraper {
            cells: col(3).rev().collect(),
            count: 2,
        },
        Variant::AntiKnight,
        Variant::NonConsecutive,
        Variant::Candidates {
            cell: Cell::new(8, 3),
            digits: vec![2, 4, 6],
        },
    ];
    let s = cagesat::puzzle::Sudoku::new(9, (3, 3), &[(Cell::new(4, 4), 5)])
        .unwrap()
        .with_variants(variants)
        .unwrap();
    let svg = Puzzle::Sudoku(s).render_svg(None);
    let _ = parse(&svg);
    expect_test::expect_file!["../svg/variants_9x9.svg"].assert_eq(&svg);
}
