//! # Towers and Unequal drawn in the editor, and Generate for every kind
//!
//! Draws the shipped Towers (`tests/data/towers/tatham-5de.towers`: clues by the pointer and
//! by the arrow keys, which walk onto the ring of clues; givens by the keyboard) and both
//! shipped Unequal modes (signs between two cells chosen by click and shift-click, bars
//! between two chosen by shift+arrow); the text box must read back as the same puzzle and the
//! live check say `unique`; the files pasted as they are redraw the editor. Then Generate makes a puzzle of every kind the Kind select lists
//! (which must be the library's [`cagesat::puzzle::KINDS`]), with the difficulties the
//! library offers, and a jigsaw Sudoku and an adjacent Unequal.

use super::*;

/// The editor's model of a puzzle read as the page reads it.
fn model_of(text: &str) -> Value {
    let puzzle = cagesat_web::input::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    cagesat_web::editor::model(&puzzle)
}

/// The shipped puzzle `name` (a `.towers` or `.unequal` file) and its model.
fn shipped(name: &str) -> Value {
    let path = root().join("tests/data").join(name);
    let puzzle = Puzzle::read(&path).unwrap_or_else(|e| panic!("{e}"));
    cagesat_web::editor::model(&puzzle)
}

/// Where a cell or a Towers clue (`top:2`) is: (row, col), -1 or `n` outside the grid.
fn place(name: &str, n: i32) -> (i32, i32) {
    match name.split_once(':') {
        Some((side, i)) => {
            let i: i32 = i.parse().expect("a clue index");
            match side {
                "top" => (-1, i),
                "bottom" => (n, i),
                "left" => (i, -1),
                _ => (i, n),
            }
        }
        None => rc(name),
    }
}

/// The arrow keys from the editor's cursor to `name`, through the grid (the corners outside
/// it are no places).
fn walk_to(ed: &Editor<'_>, name: &str, n: i32) -> Vec<Value> {
    let cursor = ed.data("cursor");
    let from = cursor.first().map_or((0, 0), |c| place(c, n));
    let to = place(name, n);
    let inside = |(r, c): (i32, i32)| (r.clamp(0, n - 1), c.clamp(0, n - 1));
    let mut keys = Vec::new();
    if cursor.is_empty() {
        // The first arrow only puts the cursor on A1.
        keys.extend(key(RIGHT, false));
    }
    let a = inside(from);
    // Out of the ring one axis at a time (the axis that is outside first).
    keys.extend(arrows(from, (a.0, from.1), false));
    keys.extend(arrows((a.0, from.1), a, false));
    let b = inside(to);
    keys.extend(arrows(a, b, false));
    keys.extend(arrows(b, to, false));
    keys
}

#[test]
fn towers_and_unequal_are_drawn_with_pointer_and_keyboard() {
    let Some((_one, page, _)) = open("editor-tatham", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };

    // Towers: even clues by the pointer, odd ones by the arrow keys; givens by the keyboard.
    let want = shipped("towers/tatham-5de.towers");
    let n = 5;
    ed.new_grid("towers", 5);
    let mut i = 0;
    for side in ["top", "bottom", "left", "right"] {
        for (at, v) in want["clues"][side]
            .as_array()
            .expect("clues")
            .iter()
            .enumerate()
        {
            let v = v.as_u64().expect("a clue");
            if v == 0 {
                continue;
            }
            let name = format!("{side}:{at}");
            if i % 2 == 0 {
                ed.click_cells(std::slice::from_ref(&name));
            } else {
                ed.press(walk_to(&ed, &name, n));
            }
            assert_eq!(
                ed.data("cursor"),
                std::slice::from_ref(&name),
                "clue {name}"
            );
            ed.type_text(&v.to_string());
            i += 1;
        }
    }
    for (cell, v) in want["givens"].as_object().expect("givens") {
        ed.press(walk_to(&ed, cell, n));
        ed.type_text(&v.to_string());
    }
    assert_eq!(model_of(&ed.text()), want, "{}", ed.text());
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    // A given (the solution's height at C3) typed on a cell, and a clue typed and deleted.
    let puzzle = cagesat_web::input::read(&ed.text()).expect("the page's text reads");
    let (outcome, _) = Engine::Auto
        .solve(&puzzle, &EngineOptions::default())
        .expect("solved");
    let height = digit_at(outcome.grid().expect("a solution"), "C3");
    ed.press(walk_to(&ed, "C3", n));
    ed.type_text(&height.to_string());
    assert_eq!(model_of(&ed.text())["givens"], json!({"C3": height}));
    assert_eq!(ed.checked().1, "unique");
    ed.screenshots("towers");
    ed.click_cells(&["top:0".to_string()]);
    ed.type_text("4");
    assert_eq!(model_of(&ed.text())["clues"]["top"][0], 4);
    ed.press(key(DELETE, false));
    ed.press(walk_to(&ed, "C3", n));
    ed.press(key(DELETE, false));
    assert_eq!(model_of(&ed.text()), want, "{}", ed.text());

    // Unequal, comparison mode: signs between pairs chosen by click and shift-click; givens
    // by the keyboard.
    let want = shipped("unequal/tatham-5dk.unequal");
    ed.new_grid("unequal", 5);
    for (pair, sign) in want["marks"].as_object().expect("marks") {
        let cells: Vec<String> = pair.split(' ').map(str::to_string).collect();
        ed.click_cells(&cells);
        ed.type_text(sign.as_str().expect("a sign"));
    }
    for (cell, v) in want["givens"].as_object().expect("givens") {
        ed.press(walk_to(&ed, cell, n));
        ed.type_text(&v.to_string());
    }
    assert_eq!(model_of(&ed.text()), want, "{}", ed.text());
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    ed.screenshots("unequal");

    // The adjacent mode: the toggle, then bars between pairs chosen by shift+arrow.
    let want = shipped("unequal/tatham-5ade.unequal");
    ed.new_grid("unequal", 5);
    page.browser.click("adjacent");
    for (pair, _) in want["marks"].as_object().expect("marks") {
        let (a, b) = pair.split_once(' ').expect("a pair");
        // Escape leaves the cursor where it is, with nothing selected.
        let mut keys = key(ESCAPE, false);
        keys.extend(walk_to(&ed, a, n));
        keys.extend(arrows(rc(a), rc(b), true));
        ed.press(keys);
        ed.type_text("|");
    }
    for (cell, v) in want["givens"].as_object().expect("givens") {
        ed.press(walk_to(&ed, cell, n));
        ed.type_text(&v.to_string());
    }
    assert_eq!(model_of(&ed.text()), want, "{}", ed.text());
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    ed.screenshots("unequal-adjacent");

    // The shipped files pasted as they are (no `kind` line) redraw the editor.
    for file in ["towers/tatham-5de.towers", "unequal/tatham-5dk.unequal"] {
        let text =
            std::fs::read_to_string(root().join("tests/data").join(file)).expect("test data");
        page.paste(&text);
        assert_eq!(ed.checked().1, "unique", "{file}");
        let drawn = ed.js(
            "return document.querySelector('[data-testid=grid]').dataset.text;",
            json!([]),
        );
        let drawn = drawn.as_str().expect("the grid's text");
        assert_eq!(model_of(drawn), shipped(file), "{file}: {drawn}");
    }
}

#[test]
fn generate_makes_every_kind_the_library_lists() {
    let Some((_one, page, _)) = open("editor-generate", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    let kinds = ed.js(
        "return Array.from(document.querySelectorAll('[data-testid=kind] option')).map(o => o.value);",
        json!([]),
    );
    let names: Vec<&str> = cagesat::puzzle::KINDS.iter().map(|k| k.name).collect();
    assert_eq!(kinds, json!(names));
    let lists = cagesat_web::generate::lists();
    let mut times = Vec::new();
    for info in lists["kinds"].as_array().expect("kinds") {
        let kind = info["name"].as_str().expect("a name");
        let size = if kind == "kakuro" { 5 } else { 4 };
        ed.new_grid(kind, size);
        let offered = ed.js(
            "return Array.from(document.querySelectorAll('[data-testid=difficulty] option')).map(o => o.value).slice(1);",
            json!([]),
        );
        assert_eq!(offered, info["difficulties"], "{kind}");
        // The first level offered (the easiest) where there is one.
        let level = info["difficulties"][0].as_str().unwrap_or("");
        let _ = ed.js(
            "document.querySelector('[data-testid=difficulty]').value = arguments[0];",
            json!([level]),
        );
        let t0 = Instant::now();
        let (ok, status) = ed.button("generate", "check");
        times.push(format!(
            "{kind} {size}x{size} {}: {:.0} ms from the click to the checked puzzle ({status})",
            if level.is_empty() { "any" } else { level },
            t0.elapsed().as_secs_f64() * 1000.0
        ));
        let made = format!("unique (generated a {size}x{size} {kind}");
        assert!(ok && status.starts_with(&made), "{kind}: {status}");
        if !level.is_empty() && !matches!(kind, "kenken" | "kakuro") {
            assert!(status.contains(&format!(", {level})")), "{kind}: {status}");
        }
        assert_eq!(model_of(&ed.text())["kind"], kind);
    }
    std::fs::write(artifacts().join("generate.txt"), times.join("\n") + "\n")
        .expect("generate.txt written");
    // A jigsaw Sudoku (a side without boxes) and an adjacent Unequal.
    let _ = ed.js(
        "document.querySelector('[data-testid=difficulty]').value = '';",
        json!([]),
    );
    ed.new_grid("sudoku", 9);
    page.browser.click("jigsaw");
    ed.new_grid("sudoku", 5);
    let (ok, status) = ed.button("generate", "check");
    assert!(
        ok && status.starts_with("unique (generated a 5x5 sudoku"),
        "{status}"
    );
    assert!(model_of(&ed.text())["regions"].is_array(), "{}", ed.text());
    ed.screenshots("jigsaw");
    ed.new_grid("unequal", 4);
    page.browser.click("adjacent");
    let (ok, status) = ed.button("generate", "check");
    assert!(
        ok && status.starts_with("unique (generated a 4x4 unequal"),
        "{status}"
    );
    assert_eq!(model_of(&ed.text())["adjacent"], true, "{}", ed.text());
}

#[test]
fn a_jigsaw_sudoku_is_drawn_region_by_region() {
    let Some((_one, page, _)) = open("editor-jigsaw", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    let want = shipped("solo/6x6-jigsaw.sudoku");
    ed.new_grid("sudoku", 6);
    page.browser.click("jigsaw");
    // Each region: its cells by click and shift-click, then R.
    let regions: Vec<Vec<u64>> = serde_json::from_value(want["regions"].clone()).expect("rows");
    let mut ids: Vec<u64> = regions.iter().flatten().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        let cells: Vec<String> = regions
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .filter(move |&(_, &x)| x == id)
                    .map(move |(c, _)| cagesat::Cell::new(r as u8, c as u8).label())
            })
            .collect();
        ed.click_cells(&cells);
        ed.type_text("r");
    }
    for (cell, v) in want["givens"].as_object().expect("givens") {
        ed.press(walk_to(&ed, cell, 6));
        ed.type_text(&v.to_string());
    }
    assert_eq!(model_of(&ed.text()), want, "{}", ed.text());
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    ed.screenshots("jigsaw-drawn");
}
