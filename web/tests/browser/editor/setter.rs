//! # A setter's loop: the example the page opens on, a KenKen checked from its first cage,
//! cages that are never cut, the exports and the grade

use super::*;

/// The export of `target` (`export-target`), copied: (ok, status, the value).
fn export(ed: &Editor<'_>, target: &str) -> (bool, String, String) {
    let _ = ed.js(
        "document.querySelector('[data-testid=export-target]').value = arguments[0];",
        json!([target]),
    );
    let (ok, status) = ed.button("export", "export");
    let value = ed.js(
        "return document.querySelector('[data-testid=export-out]').dataset.value || '';",
        json!([]),
    );
    (ok, status, value.as_str().unwrap_or_default().to_string())
}

#[test]
fn the_page_opens_on_an_example_and_a_kenken_is_counted_from_its_first_cage() {
    let Some((_one, page, _)) = open("editor-setter", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    // The example: a shipped puzzle, drawn, checked unique, with the guide line.
    let example =
        std::fs::read_to_string(root().join("tests/data/kenken/norvig/norvig-07-6x6.kenken"))
            .expect("test data");
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    assert_eq!(canonical(&ed.text()), canonical(&example));
    let guide = ed.js(
        "return document.querySelector('[data-testid=guide]').textContent;",
        json!([]),
    );
    assert!(
        guide.as_str().unwrap_or_default().contains("example"),
        "{guide}"
    );
    // Grade: the level and the hardest step's score, as the library grades it.
    let (ok, status) = ed.button("grade", "grade");
    let want = cagesat_web::export::grade(&ed.text());
    assert!(ok, "{status}");
    assert!(
        status.starts_with(want["status"].as_str().unwrap()),
        "{status} vs {want}"
    );
    assert!(
        status.starts_with("grade: ") && status.contains("(score "),
        "{status}"
    );

    // One cage drawn on an empty 4x4 KenKen: a count, not an error.
    ed.new_grid("kenken", 4);
    let (ok, status, _) = ed.checked();
    assert!(
        ok && status == "576 solutions (16 cells in no cage yet)",
        "{status}"
    );
    ed.drag(&["A1".to_string(), "A2".to_string()]);
    ed.type_text("3+");
    ed.press(key(ENTER, false));
    let (ok, status, _) = ed.checked();
    assert!(
        ok && status == "96 solutions (14 cells in no cage yet)",
        "{status}"
    );
    assert_eq!(ed.data("ambiguous").len(), 16);
    ed.screenshot("partial-kenken");

    // A cage drawn over part of another is refused by name, and the old cage keeps its cells
    // and its clue; cells that are not joined are refused too.
    ed.click_cells(&["A2".to_string(), "A3".to_string()]);
    ed.type_text("7+");
    ed.press(key(ENTER, false));
    let shown = page.read();
    assert_eq!(
        shown["text"],
        "the cage 3+ at A1 (A1 A2) would be cut: select all of its cells to redraw it, or Delete it first",
        "{shown}"
    );
    assert_eq!(ed.text(), "size 4\n3 + A1 A2\n");
    ed.click_cells(&["B1".to_string(), "C2".to_string()]);
    ed.type_text("3+");
    ed.press(key(ENTER, false));
    assert_eq!(
        page.read()["text"],
        "a cage's cells are joined through their sides: B1 C2 are not"
    );
    // Redrawn whole (a bigger cage over it), the old clue goes with it.
    ed.click_cells(&["A1".to_string(), "A2".to_string(), "A3".to_string()]);
    ed.type_text("6+");
    ed.press(key(ENTER, false));
    let (ok, status, _) = ed.checked();
    assert_eq!(ed.text(), "size 4\n6 + A1 A2 A3\n");
    assert!(
        ok && status.ends_with("(13 cells in no cage yet)"),
        "{status}"
    );
}

#[test]
fn exports_read_back_or_say_what_the_target_cannot_hold() {
    let Some((_one, page, _)) = open("editor-exports", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    let _ = ed.checked();
    // A Killer with a given and a one-cell cage: an f-puzzles link that reads back as the
    // same puzzle; no Tatham ID (a cell in no cage) and no short string (not 9x9), by name.
    let killer = "size 4\nboxes 2x2\n3 A1 A2\n7 B1 B2\n4 C1\n2 = D4\n";
    page.paste(killer);
    let (ok, status, link) = export(&ed, "fpuzzles");
    assert!(ok && status.starts_with("f-puzzles link"), "{status}");
    assert_eq!(
        Puzzle::parse(&link).expect("the link reads"),
        Puzzle::parse(killer).unwrap()
    );
    let (_, status, value) = export(&ed, "id");
    assert_eq!(
        (status.as_str(), value.as_str()),
        (
            "Solo's game ID needs every cell in a cage: A3 is in none",
            ""
        )
    );
    let (_, status, _) = export(&ed, "short");
    assert_eq!(
        status,
        "the short Killer form holds grids of side 9, not 4x4"
    );
    // The link pasted back draws the same puzzle.
    page.paste(&link);
    assert_eq!(
        Puzzle::parse(&ed.text()).ok(),
        Puzzle::parse(killer).ok(),
        "{}",
        ed.text()
    );

    // A KenKen: its Keen ID loads back; f-puzzles and puzz.link say what they hold.
    let keen =
        std::fs::read_to_string(root().join("tests/data/kenken/norvig/norvig-07-6x6.kenken"))
            .expect("test data");
    page.paste(&keen);
    let (ok, status, id) = export(&ed, "id");
    assert!(ok && status.starts_with("Tatham game ID"), "{status}");
    assert_eq!(Puzzle::parse(&id).unwrap(), Puzzle::parse(&keen).unwrap());
    let (_, status, _) = export(&ed, "fpuzzles");
    assert_eq!(
        status,
        "f-puzzles holds Sudoku and Killer Sudoku, not a 6x6 kenken"
    );
    let (_, status, _) = export(&ed, "puzzlink");
    assert_eq!(status, "puzz.link holds Kakuro, not a 6x6 kenken");
    // Download: the text file, read back.
    let _ = ed.js(
        "document.querySelector('[data-testid=export-target]').value = 'text';",
        json!([]),
    );
    let (ok, status) = ed.button("export-download", "export");
    assert!(
        ok && status == "saved the text as puzzle.kenken",
        "{status}"
    );
    let saved = ed.js(
        "return document.getElementById('save').dataset.text;",
        json!([]),
    );
    assert_eq!(
        Puzzle::parse(saved.as_str().unwrap_or_default()).unwrap(),
        Puzzle::parse(&keen).unwrap()
    );
}

#[test]
fn harder_and_easier_change_one_given_and_the_puzzle_stays_unique() {
    let Some((_one, page, _)) = open("editor-tune", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    let file = std::fs::read_to_string(root().join("tests/data/sudoku/gen-6x6-s2.sudoku"))
        .expect("test data");
    let givens = |text: &str| match Puzzle::parse(text).expect("the library reads it") {
        Puzzle::Sudoku(s) => s.given_cells(),
        other => panic!("not a Sudoku: {}", other.kind()),
    };
    let unique = |text: &str| {
        let p = Puzzle::parse(text).expect("the library reads it");
        let (n, _) = Engine::Auto
            .count(&p, &EngineOptions::default(), Some(2))
            .expect("counted");
        n.count == 1
    };
    page.paste(&file);
    assert_eq!(ed.checked().1, "unique");
    let solution = solution(&file);
    let before = givens(&file);

    // Easier: one given more, a digit of the solution, unique.
    let (ok, status) = ed.button("easier", "check");
    assert!(
        ok && status.starts_with("unique (easier: wrote in the given "),
        "{status}"
    );
    let text = ed.text();
    let after = givens(&text);
    assert_eq!(after.len(), before.len() + 1, "{status}\n{text}");
    let (cell, digit) = *after
        .iter()
        .find(|g| !before.contains(g))
        .expect("a new given");
    assert_eq!(digit, *solution.get(cell), "{status}");
    assert!(
        status.contains(&format!(
            "wrote in the given {} = {digit}, still unique; ",
            cell.label()
        )),
        "{status}"
    );
    assert!(unique(&text), "{text}");

    // Harder: one given fewer (there is one that can go: the one just added), unique.
    let was = after;
    let (ok, status) = ed.button("harder", "check");
    assert!(
        ok && status.starts_with("unique (harder: took out the given "),
        "{status}"
    );
    let text = ed.text();
    let after = givens(&text);
    assert_eq!(after.len(), was.len() - 1, "{status}\n{text}");
    assert!(after.iter().all(|g| was.contains(g)), "{status}");
    assert!(unique(&text), "{text}");
}
