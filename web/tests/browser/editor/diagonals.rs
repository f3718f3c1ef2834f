//! # Sudoku X and Killer X: the diagonals toggle
//!
//! A Sudoku X and a Killer X that are unique only with their diagonals are pasted; the
//! toggle shows the `diagonals` line the library read, and clicking it takes the line out of
//! the text box (several solutions) and puts it back (unique), with both diagonals drawn in
//! the grid exactly when the line is there.

use super::*;

/// What the page shows of the diagonals: (toggle shown, toggle ticked, the grid's
/// `data-diagonals`, diagonal lines drawn).
fn toggle(ed: &Editor<'_>) -> (bool, bool, String, u64) {
    let v = ed.js(
        "const t = document.querySelector('[data-testid=diagonals]');
         const g = document.querySelector('[data-testid=grid]');
         return [t.offsetParent !== null, t.checked, g.dataset.diagonals,
                 g.querySelectorAll('line.diagonal').length];",
        json!([]),
    );
    (
        v[0] == true,
        v[1] == true,
        v[2].as_str().unwrap_or_default().to_string(),
        v[3].as_u64().unwrap_or(u64::MAX),
    )
}

/// The number of solutions a status line `N solutions` / `N+ solutions` names.
fn solutions(status: &str) -> u64 {
    let n = status
        .strip_suffix(" solutions")
        .unwrap_or_else(|| panic!("not `N solutions`: {status}"));
    n.trim_end_matches('+')
        .parse()
        .unwrap_or_else(|_| panic!("{status}"))
}

#[test]
fn the_diagonals_toggle_makes_a_sudoku_x_and_a_killer_x_unique() {
    let Some((_one, page, _)) = open("editor-diagonals", "") else {
        return;
    };
    page.browser.resize(1280, 1000);
    let ed = Editor { page: &page };
    for (path, name) in [
        ("tests/data/sudoku/x-9x9-s21.sudoku", "sudoku-x"),
        ("tests/data/killer/x-9x9-s22.killer", "killer-x"),
    ] {
        let file = std::fs::read_to_string(root().join(path)).expect("test data");
        let want = canonical(&file);
        assert_eq!(want["diagonals"], true, "{path}");
        page.paste(&file);
        assert_eq!(ed.checked().1, "unique", "{path}");
        assert_eq!(toggle(&ed), (true, true, "true".into(), 2), "{path} pasted");
        ed.screenshots(name);

        // Off: the line leaves the text box and the puzzle has several solutions.
        page.browser.click("diagonals");
        let text = ed.text();
        assert!(!text.lines().any(|l| l == "diagonals"), "{text}");
        let mut plain = want.clone();
        plain["diagonals"] = json!(false);
        assert_eq!(canonical(&text), plain, "{path} without diagonals:\n{text}");
        let (ok, status, _) = ed.checked();
        assert!(
            ok && solutions(&status) >= 2,
            "{path} without diagonals: {status}"
        );
        assert_eq!(toggle(&ed), (true, false, "false".into(), 0), "{path} off");
        assert!(!ed.data("ambiguous").is_empty(), "{status}");

        // On again: the line comes back where the library reads it, and it is unique.
        page.browser.click("diagonals");
        let text = ed.text();
        let at = |line: &str| text.lines().position(|l| l == line);
        let diagonals = at("diagonals").unwrap_or_else(|| panic!("no diagonals line:\n{text}"));
        match at("size 9") {
            Some(size) => assert!(size < diagonals, "{text}"), // a Killer: after `size`
            None => assert_eq!(diagonals, 0, "{text}"),        // a Sudoku: before the grid
        }
        assert_eq!(canonical(&text), want, "{path} with diagonals:\n{text}");
        assert_eq!(ed.checked().1, "unique", "{path} with diagonals");
        assert_eq!(toggle(&ed), (true, true, "true".into(), 2), "{path} on");
    }

    // A KenKen has no diagonals: the toggle is hidden.
    ed.new_grid("kenken", 4);
    assert_eq!(toggle(&ed), (false, false, "false".into(), 0));
}
