//! # Variant Sudoku drawn by the pointer: the tool select
//!
//! On an empty 6×6 Sudoku a thermometer and an arrow are dragged, a white Kropki dot and an
//! X are clicked between two cells, a German whisper is dragged, a renban is walked with
//! shift+arrows and Enter, and a sandwich clue is clicked outside the grid and typed. After
//! each, the text box reads back (by the library) as exactly the constraints drawn, the live
//! check's status is the library's count of that text, and the grid draws each family once.
//! Givens from the library's solution then bring the count down, and the exported f-puzzles
//! link reads back (by the library) as the same givens and constraints.

use cagesat::puzzle::Sudoku;

use super::*;

/// Chooses the drawing tool (`data-testid=tool`).
fn tool(ed: &Editor<'_>, value: &str) {
    let _ = ed.js(
        "const t = document.querySelector('[data-testid=tool]');
         t.value = arguments[0]; t.dispatchEvent(new Event('change'));",
        json!([value]),
    );
    let got = ed.js(
        "return document.querySelector('[data-testid=grid]').dataset.tool;",
        json!([]),
    );
    assert_eq!(got, value, "the tool chosen");
}

/// A press and release between two neighbouring cells (on their shared edge).
fn click_between(ed: &Editor<'_>, a: &str, b: &str) {
    let at = ed.js(
        "const r = (l) => document.querySelector(`[data-testid=grid] [data-cell=\"${l}\"]`)
           .getBoundingClientRect();
         const [p, q] = [r(arguments[0]), r(arguments[1])];
         return [Math.round((p.left + p.right + q.left + q.right) / 4),
                 Math.round((p.top + p.bottom + q.top + q.bottom) / 4)];",
        json!([a, b]),
    );
    click_at(ed, &at);
}

/// A press and release at the centre of cell or clue `name`.
fn click(ed: &Editor<'_>, name: &str) {
    let mv = ed.cell(name);
    click_at(ed, &json!([mv["x"], mv["y"]]));
}

fn click_at(ed: &Editor<'_>, at: &Value) {
    ed.page.browser.perform(json!([
        {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": "viewport", "x": at[0], "y": at[1]},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]},
    ]));
}

fn labels(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// The variant constraints of `text` as the library reads it, each its line, sorted.
fn lines_of(text: &str) -> Vec<String> {
    let puzzle = Puzzle::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    lines_of_puzzle(&puzzle)
}

/// The variant constraints of a Sudoku, each its line, sorted.
fn lines_of_puzzle(puzzle: &Puzzle) -> Vec<String> {
    let sudoku: &Sudoku = match puzzle {
        Puzzle::Sudoku(s) => s,
        other => panic!("not a Sudoku: {}", other.kind()),
    };
    let mut out: Vec<String> = sudoku
        .variants()
        .iter()
        .map(cagesat::parse::variant_line)
        .collect();
    out.sort();
    out
}

/// The status the live check words for `text`: the library's count to 1,000.
fn status_of(text: &str) -> String {
    let puzzle = Puzzle::parse(text).expect("the library reads it");
    let (n, _) = Engine::Auto
        .count(&puzzle, &EngineOptions::default(), Some(1000))
        .expect("counted");
    match (n.count, n.complete) {
        (0, _) => "no solution".to_string(),
        (1, _) => "unique".to_string(),
        (k, true) => format!("{k} solutions"),
        (k, false) => format!("{k}+ solutions"),
    }
}

/// How many of each family's drawings the grid has.
fn drawn(ed: &Editor<'_>) -> Value {
    ed.js(
        "const g = document.querySelector('[data-testid=grid]');
         const n = (s) => g.querySelectorAll(s).length;
         return {thermo: n('g.thermo'), arrow: n('g.arrow'), kropki: n('circle.kropki.white'),
                 xv: n('g.xv'), whisper: n('g.whisper'), renban: n('g.renban'),
                 sandwich: n('g.sandwich')};",
        json!([]),
    )
}

#[test]
fn variant_constraints_are_drawn_by_pointer_checked_and_exported_to_fpuzzles() {
    let Some((_one, page, _)) = open("editor-variants", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    ed.new_grid("sudoku", 6);
    let mut want: Vec<String> = Vec::new();
    // Each step: the tool, what the pointer (or keyboard) does, the line it adds.
    let steps: [(&str, &str); 7] = [
        ("thermo", "thermo A1 A2 A3"),
        ("arrow", "arrow B4 : B5 B6"),
        ("dot white", "dot white C1 C2"),
        ("dot x", "dot x D2 D3"),
        ("whisper", "whisper C4 D5 E6"),
        ("renban", "renban E1 E2 E3"),
        ("sandwich", "sandwich 7 A6 B6 C6 D6 E6 F6"),
    ];
    for (i, (name, line)) in steps.iter().enumerate() {
        tool(&ed, name);
        match *name {
            "thermo" => ed.drag(&labels(&["A1", "A2", "A3"])),
            "arrow" => ed.drag(&labels(&["B4", "B5", "B6"])),
            "dot white" => click_between(&ed, "C1", "C2"),
            "dot x" => click_between(&ed, "D3", "D2"),
            "whisper" => ed.drag(&labels(&["C4", "D5", "E6"])),
            "renban" => {
                // The keyboard: the cursor to E1, shift+arrows through E2 and E3, Enter.
                click(&ed, "E1");
                let mut keys = key(RIGHT, true);
                keys.extend(key(RIGHT, true));
                ed.press(keys);
                assert_eq!(ed.selection(), labels(&["E1", "E2", "E3"]));
                ed.press(key(ENTER, false));
            }
            "sandwich" => {
                // The clue above column 6, then its value typed and Enter.
                click(&ed, "out:-1:5");
                assert_eq!(ed.selection(), labels(&["out:-1:5"]));
                ed.type_text("7");
                ed.press(key(ENTER, false));
            }
            other => panic!("{other}"),
        }
        want.push(line.to_string());
        want.sort();
        let text = ed.text();
        assert_eq!(lines_of(&text), want, "after the {name}:\n{text}");
        let (ok, status, _) = ed.checked();
        assert!(ok, "{status}");
        assert_eq!(status, status_of(&text), "after the {name} ({i})");
    }
    assert_eq!(
        drawn(&ed),
        json!({"thermo": 1, "arrow": 1, "kropki": 1, "xv": 1, "whisper": 1, "renban": 1, "sandwich": 1})
    );
    ed.screenshots("variants");

    // Givens from the library's solution, typed on the cells in reading order, until the
    // puzzle is unique.
    tool(&ed, "");
    let grid = solution(&ed.text());
    let mut givens = 0;
    for cell in (0..36u8).map(|i| cagesat::Cell::new(i / 6, i % 6).label()) {
        let cell = cell.as_str();
        click(&ed, cell);
        ed.type_text(&digit_at(&grid, cell).to_string());
        givens += 1;
        let (_, status, _) = ed.checked();
        if status == "unique" {
            break;
        }
    }
    let text = ed.text();
    let (ok, status, _) = ed.checked();
    assert!(
        ok && status == status_of(&text),
        "{status} with {givens} givens"
    );
    assert_eq!(status, "unique", "{text}");

    // The f-puzzles link reads back as the same givens and constraints.
    let _ = ed.js(
        "document.querySelector('[data-testid=export-target]').value = 'fpuzzles';",
        json!([]),
    );
    let (ok, status) = ed.button("export", "export");
    assert!(ok && status.starts_with("f-puzzles link"), "{status}");
    let link = ed
        .js(
            "return document.querySelector('[data-testid=export-out]').dataset.value || '';",
            json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load="),
        "{link}"
    );
    let back = Puzzle::parse(&link).expect("the link reads");
    let here = Puzzle::parse(&text).expect("the text reads");
    assert_eq!(lines_of_puzzle(&back), want, "{link}");
    let given = |p: &Puzzle| match p {
        Puzzle::Sudoku(s) => s.given_cells(),
        _ => Vec::new(),
    };
    assert_eq!(given(&back), given(&here));
    // Pasted back, the link draws the same constraints.
    page.paste(&link);
    assert_eq!(lines_of(&ed.text()), want, "{}", ed.text());
    assert_eq!(ed.checked().1, "unique");
    assert_eq!(
        drawn(&ed),
        json!({"thermo": 1, "arrow": 1, "kropki": 1, "xv": 1, "whisper": 1, "renban": 1, "sandwich": 1})
    );
}

/// A press and release `dx`, `dy` pixels from the centre of cell or clue `name`.
fn click_off(ed: &Editor<'_>, name: &str, dx: i64, dy: i64) {
    let mv = ed.cell(name);
    let x = mv["x"].as_i64().expect("x") + dx;
    let y = mv["y"].as_i64().expect("y") + dy;
    click_at(ed, &json!([x, y]));
}

#[test]
fn signs_cells_quads_cages_regions_and_little_killers_by_pointer() {
    let Some((_one, page, _)) = open("editor-variants-more", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    ed.new_grid("sudoku", 9);
    let lines = || lines_of(&ed.text());
    let sorted = |v: &[&str]| {
        let mut out: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        out.sort();
        out
    };

    // A greater-than sign: a click puts it (the first cell greater), a click again turns it
    // round, a third takes it away.
    tool(&ed, "greater");
    click_between(&ed, "E5", "E6");
    assert_eq!(lines(), sorted(&["greater E5 E6"]));
    click_between(&ed, "E5", "E6");
    assert_eq!(lines(), sorted(&["greater E6 E5"]));
    click_between(&ed, "E6", "E5");
    assert_eq!(lines(), Vec::<String>::new());
    click_between(&ed, "E6", "E5");

    // Even, then odd on the same cell: odd replaces it.
    tool(&ed, "even");
    click(&ed, "G1");
    tool(&ed, "odd");
    click(&ed, "G1");
    tool(&ed, "even");
    click(&ed, "G3");

    // A quadruple: a press near the corner of B2, B3, C2, C3, its digits, Enter.
    tool(&ed, "quad");
    click_off(&ed, "B2", 12, 12);
    assert_eq!(ed.selection(), labels(&["B2", "B3", "C2", "C3"]));
    ed.type_text("12");
    ed.press(key(ENTER, false));

    // A cage with a sum and an extra region: the selection, then the sum (or none), Enter.
    tool(&ed, "cage");
    ed.drag(&labels(&["H1", "H2"]));
    ed.type_text("9");
    ed.press(key(ENTER, false));
    tool(&ed, "region");
    ed.drag(&labels(&["I7", "I8", "I9"]));
    ed.press(key(ENTER, false));

    // A little killer: a press in the right half of the square above column 3 runs down
    // and to the right, from A4.
    tool(&ed, "littlekiller");
    click_off(&ed, "out:-1:2", 8, 0);
    ed.type_text("30");
    ed.press(key(ENTER, false));

    let want = sorted(&[
        "greater E5 E6",
        "odd G1",
        "even G3",
        "quad B2 B3 C2 C3 : 1 2",
        "cage 9 H1 H2",
        "region I7 I8 I9",
        "littlekiller 30 A4 B5 C6 D7 E8 F9",
    ]);
    let text = ed.text();
    assert_eq!(lines(), want, "{text}");
    let (ok, status, _) = ed.checked();
    assert!(ok && status == status_of(&text), "{status}");
    let drawn = ed.js(
        "const g = document.querySelector('[data-testid=grid]');
         const n = (s) => g.querySelectorAll(s).length;
         return [n('polyline.greater'), n('circle.odd'), n('rect.even'), n('g.quad'),
                 n('g.cage'), n('g.extra-region'), n('g.little-killer')];",
        json!([]),
    );
    assert_eq!(drawn, json!([1, 1, 1, 1, 1, 1, 1]));

    // Delete on a cell of the cage takes the cage away, and nothing else.
    tool(&ed, "");
    click(&ed, "H2");
    ed.press(key(DELETE, false));
    let left: Vec<String> = want.into_iter().filter(|l| l != "cage 9 H1 H2").collect();
    assert_eq!(lines(), left, "{}", ed.text());
}
