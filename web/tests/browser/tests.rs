//! # What the page shows, compared with the command line

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use cagesat::{Engine, EngineOptions, Puzzle};

use crate::{artifacts, open, root, Setup};

/// Puzzles of every kind and every way in: files, a Keen game ID, a puzz.link URL.
const PUZZLES: &[&str] = &[
    "tests/data/kenken/keen/9x9-x-00.keen",
    "tests/data/kenken/public/2015xli_input_6_6x6.kenken",
    "tests/data/kakuro/panpapag_easy_5x5.kakuro",
    "tests/data/kakuro/puzzlink/panpapag_easy_5x5.url",
    "tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
    "tests/data/sudoku/gen-9x9-s3.sudoku",
    "tests/data/killer/gen-6x6-s12.killer",
];

/// A Keen game ID (typed, not pasted).
const KEEN_ID: &str = "4:a_7a__a_aaba,s2m12a6a3d2d2m3s1";

/// The command line run in `dir` on `args`: (exit code, stdout, stderr).
fn cli(setup: &Setup, dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(setup.cli())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the command line runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).trim_end().to_string();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// Per cell, the digits it takes in some solution (every solution enumerated).
fn union_of_solutions(puzzle: &Puzzle) -> Vec<Vec<Vec<u8>>> {
    let (rows, cols) = puzzle.shape();
    let mut union = vec![vec![BTreeSet::new(); cols]; rows];
    let _ = Engine::Auto
        .enumerate(puzzle, &EngineOptions::default(), None, |g| {
            for (r, row) in g.to_rows().into_iter().enumerate() {
                for (c, d) in row.into_iter().enumerate() {
                    let _ = union[r][c].insert(d);
                }
            }
        })
        .expect("the library enumerates");
    union
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|set| set.into_iter().filter(|&d| d != 0).collect())
                .collect()
        })
        .collect()
}

/// Presses every button on the pasted `input` (`arg`: what the command line is given for it)
/// and compares the answers with the command line's and the library's.
fn every_button(page: &crate::page::Page, setup: &Setup, input: &str, arg: &str) {
    let dir = root();
    let (code, stdout, stderr) = cli(setup, &dir, &["solve", "--unique", "--json", arg]);
    assert_eq!(code, Some(0), "{arg}: {stderr}");
    let reference: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let puzzle = Puzzle::parse(input).expect("the library reads it");

    let solved = page.press("solve");
    assert!(solved.ok && solved.status == "solved", "{arg}: {solved:?}");
    let grid = solved.grid.expect("a solution in the picture");
    let grid = cagesat::Grid::from_rows(grid).expect("a rectangular grid");
    puzzle
        .verify(&grid)
        .expect("the page's solution is verified");
    if reference["unique"] == true {
        assert_eq!(puzzle.render_json(&grid), reference["solution"], "{arg}");
    }

    let unique = page.press("unique");
    let (_, text, _) = cli(setup, &dir, &["solve", "--unique", arg]);
    // The status line; a second solution, when there is one, is drawn after it.
    let status = text
        .lines()
        .find(|l| l.starts_with("solved") || *l == "no solution")
        .unwrap_or_else(|| last_line(&text));
    assert_eq!(unique.status, status, "{arg}");

    let counted = page.press("count");
    let (_, text, _) = cli(setup, &dir, &["count", arg]);
    assert_eq!(counted.status, last_line(&text), "{arg}");

    let candidates = page.press("candidates");
    assert!(candidates.ok, "{arg}: {candidates:?}");
    assert_eq!(
        candidates.candidates,
        Some(union_of_solutions(&puzzle)),
        "{arg}"
    );

    // Hint: the first placement from an empty grid, the solution's digit when it is unique;
    // the command line's hint finds a first step exactly when the page's path has one.
    let hint = page.press("hint");
    assert!(
        hint.ok && hint.status.starts_with("hint: "),
        "{arg}: {hint:?}"
    );
    let (_, text, _) = cli(setup, &dir, &["hint", arg]);
    let placed = page
        .browser
        .eval(
            "return document.querySelector('[data-testid=grid]').dataset.hint || '';",
            serde_json::json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string();
    if text.starts_with("1. ") && reference["unique"] == true {
        let (cell, digit) = placed.split_once('=').expect("a hint places a digit");
        let cell = cagesat::Cell::parse_label(cell).expect("a cell");
        assert_eq!(
            digit.parse::<u8>().ok(),
            Some(*grid.get(cell)),
            "{arg}: {hint:?}"
        );
    } else if !text.starts_with("1. ") {
        assert!(placed.is_empty(), "{arg}: {hint:?} vs {text}");
    }
}

#[test]
fn every_kind_answers_as_the_command_line_does() {
    let Some((_one, page, setup)) = open("kinds", "") else {
        return;
    };
    for file in PUZZLES {
        let text = std::fs::read_to_string(root().join(file)).expect("test data");
        // A .url file holds the URL on one line, pasted as it is.
        page.paste(&text);
        every_button(&page, setup, &text, file);
        if file.ends_with(".crossproduct") {
            let png = artifacts().join("page-crossproduct-candidates.png");
            let _ = page.press("candidates");
            std::fs::write(&png, page.browser.screenshot()).expect("screenshot written");
        }
    }
    page.paste("");
    page.browser.type_into("puzzle", KEEN_ID);
    // The live check runs 150 ms after the last key.
    std::thread::sleep(Duration::from_millis(400));
    let typed = page.settled("check");
    assert_eq!(typed.status, "unique", "{typed:?}");
    every_button(&page, setup, KEEN_ID, KEEN_ID);
    let _ = page.press("solve");
    let png = artifacts().join("page-keen-solved.png");
    std::fs::write(&png, page.browser.screenshot()).expect("screenshot written");
    assert!(
        std::fs::metadata(&png).expect("png").len() > 10_000,
        "a blank screenshot"
    );
}

/// Bad inputs, each as the command line gets it: `(text, argument)`, where an argument of
/// `puzzle` is a file of that name holding the text.
const BAD: &[(&str, &str)] = &[
    ("size 2\n3 % A1 A2\n", "puzzle"),
    ("rows 6 8\ncols 2 x\n", "puzzle"),
    ("1 2 . .\n. . 1 2\n9 . . .\n. . . 1\n", "puzzle"),
    ("size 4\nboxes 2x2\n10 + A1 A5\n", "puzzle"),
    ("  #  3\\ 4\\\n\\3 .  .\n\\4 .  Q\n", "puzzle"),
    ("", "puzzle"),
    ("   \n", "puzzle"),
    ("# only\n", "puzzle"),
    ("size 300\n", "puzzle"),
    ("keen:4dq:_", "keen:4dq:_"),
    ("10:_", "10:_"),
    (
        "https://puzz.link/p?kakuro/3/3/zzz",
        "https://puzz.link/p?kakuro/3/3/zzz",
    ),
    (
        "https://puzz.link/p?kakuro/3",
        "https://puzz.link/p?kakuro/3",
    ),
];

#[test]
fn every_error_is_the_command_lines_line() {
    let Some((_one, page, setup)) = open("errors", "") else {
        return;
    };
    let dir = artifacts().join("errors");
    std::fs::create_dir_all(&dir).expect("a folder");
    for (text, arg) in BAD {
        std::fs::write(dir.join("puzzle"), text).expect("written");
        let (code, _, stderr) = cli(setup, &dir, &["solve", arg]);
        assert_eq!(code, Some(2), "{text:?}: {stderr}");
        page.paste(text);
        let shown = page.press("solve");
        assert!(!shown.ok, "{text:?}: {shown:?}");
        assert_eq!(shown.status, stderr, "{text:?}");
    }
    // Noise never breaks the page: afterwards it still solves.
    page.paste("\u{0}\u{1}\u{feff}size 9999999999999999999999\n😀 + A1\n");
    assert!(!page.press("count").ok);
    page.paste("size 2\n3 + A1 A2\n3 + B1 B2\n");
    assert_eq!(page.press("count").status, "2 solutions");
}

#[test]
fn the_address_carries_the_puzzle() {
    let fragment = format!("#p={}", KEEN_ID.replace(',', "%2C"));
    let Some((_one, page, _)) = open("address", &fragment) else {
        return;
    };
    let shown = page.settled("check");
    assert!(shown.ok && shown.status == "unique", "{shown:?}");
    assert_eq!(page.press("unique").status, "solved (unique)");
    page.paste("size 2\n3 + A1 A2\n3 + B1 B2\n");
    let hash = page
        .browser
        .eval("return location.hash;", serde_json::json!([]));
    assert_eq!(
        hash,
        "#p=size%202%0A3%20%2B%20A1%20A2%0A3%20%2B%20B1%20B2%0A"
    );
    // A broken address leaves an empty box and a working page.
    page.forget();
    page.browser.goto(&format!(
        "http://127.0.0.1:{}/index.html#p=%E0%A4%A",
        crate::setup().expect("set up").port
    ));
    page.wait("the page to reload", 30, || {
        let v = page.read();
        (v["text"].as_str()? == "draw a puzzle, or paste one, a Keen game ID or a puzz.link URL")
            .then_some(())
    });
    page.paste("size 2\n3 + A1 A2\n3 + B1 B2\n");
    assert_eq!(page.press("count").status, "2 solutions");
}

#[test]
fn stop_ends_a_hard_20x20_within_a_second() {
    let Some((_one, page, _)) = open("stop", "") else {
        return;
    };
    let hard = root().join("tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken");
    // The live check of a hard puzzle runs long: Solve takes its place.
    page.put(&std::fs::read_to_string(hard).expect("test data"));
    std::thread::sleep(Duration::from_millis(300));
    page.forget();
    page.browser.click("solve");
    std::thread::sleep(Duration::from_secs(2));
    let busy = page.read();
    assert_eq!(busy["busy"], true, "still solving after 2 s: {busy}");
    let start = Instant::now();
    page.browser.click("stop");
    let stopped = page.wait("the stop", 5, || {
        let v = page.read();
        v["text"]
            .as_str()?
            .starts_with("stopped after")
            .then_some(v)
    });
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "Stop took {took:?}: {stopped}"
    );
    let line =
        format!("Stop on gen_kenken_20x20_s20000 after 2 s of solving: {took:?} to 'stopped'\n");
    std::fs::write(artifacts().join("stop.txt"), &line).expect("written");
    eprintln!("\n{line}");
    // A fresh solver answers at once.
    page.paste("size 2\n3 + A1 A2\n3 + B1 B2\n");
    assert_eq!(page.press("count").status, "2 solutions");
}

/// The median of `xs`.
fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

#[test]
fn sizes_and_timings_are_reported() {
    let Some((_one, page, _)) = open("timings", "") else {
        return;
    };
    let wasm = root().join("web/dist/cagesat_web_bg.wasm");
    let bytes = std::fs::read(&wasm).expect("the built wasm");
    let gz = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(&wasm)
        .output()
        .expect("gzip runs")
        .stdout
        .len();
    // Session 23 brought the variant Sudoku families and their formats (ISS strings,
    // f-puzzles and SudokuPad links, the exports): 1,755,613 → 2,161,681 bytes, 673,565 →
    // 824,442 gzipped. Session 24 brought the Draw tools, Harder/Easier (`setter::tune`),
    // Tatham's levels (`grade::difficulty`), the linear sum lines and Explain's house sums
    // and trials: 2,311,443 bytes, 881,225 gzipped. Session 29: web/build.sh runs
    // binaryen's wasm-opt (-O2) when it is installed, as .ci/run has it: 901,772 → 890,964
    // gzipped for the same build. Sessions 34 and 35 (Explain's memo, kept pair fillings,
    // the Killer rungs' bounds): 2,294,605 bytes, 900,671 gzipped, over the old 900 KB budget
    // (per-crate opt-level s beside LTO saved 1 KB, wasm-opt -Os/-Oz/-O3 none). The budget
    // keeps about 5% headroom.
    assert!(bytes.len() <= 2_400_000, "{} bytes of wasm", bytes.len());
    assert!(
        gz <= 950_000,
        "{gz} bytes of gzipped wasm (built without wasm-opt? apt-get install binaryen)"
    );
    let file = "tests/data/kenken/keen/9x9-x-00.keen";
    let text = std::fs::read_to_string(root().join(file)).expect("test data");
    page.paste(&text);
    let in_page: Vec<f64> = (0..9).map(|_| page.press("unique").ms).collect();
    let puzzle = Puzzle::parse(&text).expect("the library reads it");
    let native: Vec<f64> = (0..9)
        .map(|_| {
            let t0 = Instant::now();
            let _ = Engine::Auto
                .enumerate(&puzzle, &EngineOptions::default(), Some(2), |_| {})
                .expect("solved");
            t0.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    let report = format!(
        "wasm: {} bytes ({gz} gzipped)\npage usable after: {:.0} ms\n\
         {file} solve + unique (median of 9): {:.2} ms in Chromium, {:.2} ms native \
         (this test binary{})\n",
        bytes.len(),
        page.ready_ms,
        median(in_page),
        median(native),
        if cfg!(debug_assertions) {
            ", debug build"
        } else {
            ", release"
        },
    );
    std::fs::write(artifacts().join("report.txt"), &report).expect("report written");
    eprintln!("\n{report}");
}
