//! # Every clue form, the smaller kinds, and a check cancelled by the next edit

use super::*;

/// Selects `cells` (click, shift-click), types `clue` and Enter.
fn clue(ed: &Editor<'_>, cells: &[&str], clue: &str) {
    let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
    ed.click_cells(&cells);
    ed.type_text(clue);
    ed.press(key(ENTER, false));
}

#[test]
fn every_clue_form_is_typed_and_a_new_edit_cancels_the_check() {
    let Some((_one, page, _)) = open("editor-forms", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };

    // KenKen: a given (`=`), an operator left open (`?`), the Unicode minus and division.
    ed.new_grid("kenken", 3);
    clue(&ed, &["A1"], "3=");
    clue(&ed, &["A2", "A3"], "3?");
    clue(&ed, &["B1", "C1"], "1−");
    clue(&ed, &["B2", "B3"], "3÷");
    clue(&ed, &["C2", "C3"], "3+");
    assert_eq!(
        ed.text(),
        "size 3\n3 = A1\n3 ? A2 A3\n1 - B1 C1\n3 / B2 B3\n3 + C2 C3\n"
    );
    let (ok, status, _) = ed.checked();
    assert!(ok, "{status}");
    let puzzle = Puzzle::parse(&ed.text()).expect("the library reads it");
    let (n, _) = Engine::Auto
        .count(&puzzle, &EngineOptions::default(), None)
        .expect("counted");
    let want = match n.count {
        0 => "no solution".to_string(),
        1 => "unique".to_string(),
        k => format!("{k} solutions"),
    };
    assert!(status.starts_with(&want), "{status} vs {want}");
    // A bad clue is refused with a line that says what is expected; the text is unchanged.
    let before = ed.text();
    clue(&ed, &["A1"], "3%");
    assert_eq!(ed.text(), before);
    let refused = page.read();
    assert!(
        refused["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("bad clue"),
        "{refused}"
    );

    // Killer: a given is `D=` on one cell.
    ed.new_grid("killer", 4);
    clue(&ed, &["A1", "A2"], "3");
    clue(&ed, &["B1"], "4=");
    assert_eq!(ed.text(), "size 4\nboxes 2x2\n3 A1 A2\n4 = B1\n");

    // A 12×12 Sudoku takes two-digit givens with Enter.
    ed.new_grid("sudoku", 12);
    clue(&ed, &["A1"], "11");
    clue(&ed, &["B2"], "7");
    let text = ed.text();
    assert!(
        text.starts_with("11  .") && text.lines().nth(1).is_some_and(|l| l.starts_with(" .  7")),
        "{text}"
    );

    // CrossProduct: products typed on the row and column clues.
    ed.new_grid("crossproduct", 2);
    clue(&ed, &["row:0"], "2");
    clue(&ed, &["row:1"], "12");
    clue(&ed, &["col:0", "col:1"], "3");
    clue(&ed, &["col:1"], "8");
    assert_eq!(ed.text(), "rows 2 12\ncols 3 8\n");
    assert_eq!(ed.checked().1, "unique");
    ed.screenshots("crossproduct");

    // A check that runs long is cancelled by the next edit.
    let hard = root().join("tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken");
    page.put(&std::fs::read_to_string(hard).expect("test data"));
    page.wait("the long check to show", 30, || {
        let v = page.read();
        (v["text"].as_str()? == "checking… (edit on, or Stop)").then_some(())
    });
    let t0 = Instant::now();
    page.paste("size 2\n3 + A1 A2\n3 + B1 B2\n");
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "2 solutions", "{status}");
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
    assert_eq!(ed.data("ambiguous"), ["A1", "A2", "B1", "B2"]);
}
