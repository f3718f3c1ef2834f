//! # A 9×9 Killer and a 9×9 Sudoku, by the pointer and the keyboard

use super::*;

#[test]
fn a_killer_and_a_sudoku_are_drawn_with_pointer_and_keyboard() {
    let Some((_one, page, _)) = open("editor-sudoku", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };

    // The Killer: odd cages by the pointer, even ones by shift+arrows.
    let file = std::fs::read_to_string(root().join("tests/data/killer/gen-9x9-s13.killer"))
        .expect("test data");
    let want = canonical(&file);
    ed.new_grid("killer", 9);
    let mut at = (0, 0);
    ed.press(key(RIGHT, false)); // the first arrow puts the cursor on A1
    for (i, (clue, cells)) in cages(&want).iter().enumerate() {
        if i % 2 == 0 {
            ed.click_cells(cells);
            at = rc(&cells[cells.len() - 1]);
        } else {
            let path = walk(cells);
            let mut keys = arrows(at, path[0], false);
            for pair in path.windows(2) {
                keys.extend(arrows(pair[0], pair[1], true));
            }
            ed.press(keys);
            at = path[path.len() - 1];
        }
        let mut chosen = ed.selection();
        chosen.sort();
        let mut cells = cells.clone();
        cells.sort();
        assert_eq!(chosen, cells, "killer cage {i} selected");
        ed.type_text(clue);
        ed.press(key(ENTER, false));
    }
    let text = ed.text();
    assert_eq!(canonical(&text), want, "the text box:\n{text}");
    let (ok, status, _) = ed.checked();
    assert!(ok && status == "unique", "{status}");
    ed.screenshots("killer");

    // Deleting cages makes it ambiguous: the shaded cells are the library's. (One cage
    // alone is not enough here: the others still force every digit.)
    let block: Vec<String> = ["G4", "G5", "G6", "H6", "H5", "H4", "I4", "I5", "I6"]
        .map(str::to_string)
        .to_vec();
    ed.drag(&block);
    ed.press(key(DELETE, false));
    let left = cages(&canonical(&ed.text())).len();
    assert_eq!(left, cages(&want).len() - 4, "{}", ed.text());
    let (ok, status, _) = ed.checked();
    assert!(ok && status.ends_with("solutions"), "{status}");
    let shaded = ed.data("ambiguous");
    assert!(!shaded.is_empty());
    assert_eq!(shaded, ambiguous(&ed.text()), "{status}");
    let picture = ed.js(
        "return document.querySelectorAll('[data-testid=grid] rect.ambiguous').length;",
        json!([]),
    );
    assert_eq!(picture.as_u64(), Some(shaded.len() as u64));
    ed.screenshots("ambiguous");

    // Repair adds givens that make it unique again.
    let (ok, status) = ed.button("repair", "check");
    assert!(ok && status.starts_with("unique (repair: "), "{status}");
    assert!(ed.text().contains(" = "), "{}", ed.text());

    // The Sudoku, by the keyboard alone: arrows and digits.
    let file = std::fs::read_to_string(root().join("tests/data/sudoku/gen-9x9-s3.sudoku"))
        .expect("test data");
    let want = canonical(&file);
    ed.new_grid("sudoku", 9);
    let mut keys = key(RIGHT, false);
    let mut at = (0, 0);
    for (cell, digit) in want["givens"].as_object().expect("givens") {
        let to = rc(cell);
        keys.extend(arrows(at, to, false));
        keys.extend(key(&digit.to_string(), false));
        at = to;
    }
    ed.press(keys);
    let text = ed.text();
    assert_eq!(canonical(&text), want, "the text box:\n{text}");
    assert_eq!(ed.checked().1, "unique");
    ed.screenshots("sudoku");
    // A given deleted: ambiguous or still unique, as the library says.
    ed.press(arrows(at, (0, 4), false));
    ed.press(key(DELETE, false));
    let (ok, status, _) = ed.checked();
    let open = ambiguous(&ed.text());
    assert!(ok, "{status}");
    assert_eq!(ed.data("ambiguous"), open, "{status}");
}
