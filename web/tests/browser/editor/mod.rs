//! # The setter's page: drawing with the pointer and the keyboard
//!
//! Draws the Norvig 6×6 KenKen (one cage by dragging, the rest by click and shift-click), a
//! 9×9 Killer (pointer and keyboard) and a 9×9 Sudoku (keyboard only) in the editor (and a
//! Sudoku X and a Killer X through the diagonals toggle, `diagonals.rs`; Towers and both
//! Unequal modes, and Generate for every kind, `tatham.rs`; variant Sudoku by the Draw
//! tools, `variants.rs`), and
//! checks that the text box reads back as the same puzzles, that the live check says
//! `unique` without a button, and that deleting a cage shows exactly the ambiguous cells the
//! library finds. Then it plays, asks for hints, steps through Explain, repairs, generates,
//! counts with Stop, and exports and re-imports every format. Screenshots at 360 and 1280
//! pixels go to `target/web-test/`.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use cagesat::{Engine, EngineOptions, Puzzle};
use serde_json::{json, Value};

use crate::page::Page;
use crate::{artifacts, open, root};

mod diagonals;
mod forms;
mod kakuro;
mod kenken;
mod setter;
mod sudoku;
mod tatham;
mod variants;

const ENTER: &str = "\u{E007}";
const ESCAPE: &str = "\u{E00C}";
const DELETE: &str = "\u{E017}";
const LEFT: &str = "\u{E012}";
const UP: &str = "\u{E013}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";
const SHIFT: &str = "\u{E008}";
const CONTROL: &str = "\u{E009}";

/// The puzzle's cages as the editor's model holds them, in a canonical order.
fn canonical(text: &str) -> Value {
    let puzzle = Puzzle::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut model = cagesat_web::editor::model(&puzzle);
    if let Some(cages) = model["cages"].as_array_mut() {
        cages.sort_by_key(|c| c["cells"].to_string());
    }
    model
}

/// The cells of a model's cages with their clues: `(clue, cells)`.
fn cages(model: &Value) -> Vec<(String, Vec<String>)> {
    model["cages"]
        .as_array()
        .map(|cages| {
            cages
                .iter()
                .map(|c| {
                    let cells = c["cells"]
                        .as_array()
                        .expect("cells")
                        .iter()
                        .map(|x| x.as_str().expect("a label").to_string())
                        .collect();
                    (c["clue"].as_str().expect("a clue").to_string(), cells)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// (row, col), 0-based, of a label.
fn rc(label: &str) -> (i32, i32) {
    let cell = cagesat::Cell::parse_label(label).expect("a cell label");
    (i32::from(cell.row), i32::from(cell.col))
}

/// A key that WebDriver presses, with shift held when `shift`.
fn key(k: &str, shift: bool) -> Vec<Value> {
    let mut out = Vec::new();
    if shift {
        out.push(json!({"type": "keyDown", "value": SHIFT}));
    }
    out.push(json!({"type": "keyDown", "value": k}));
    out.push(json!({"type": "keyUp", "value": k}));
    if shift {
        out.push(json!({"type": "keyUp", "value": SHIFT}));
    }
    out
}

/// The arrow keys that move from `from` to `to` (rows first).
fn arrows(from: (i32, i32), to: (i32, i32), shift: bool) -> Vec<Value> {
    let mut out = Vec::new();
    let (dr, dc) = (to.0 - from.0, to.1 - from.1);
    for _ in 0..dr.abs() {
        out.extend(key(if dr > 0 { DOWN } else { UP }, shift));
    }
    for _ in 0..dc.abs() {
        out.extend(key(if dc > 0 { RIGHT } else { LEFT }, shift));
    }
    out
}

/// A walk through a connected cage, one step at a time between neighbours (back over cells
/// already visited where needed), from its first cell.
fn walk(cells: &[String]) -> Vec<(i32, i32)> {
    let all: Vec<(i32, i32)> = cells.iter().map(|c| rc(c)).collect();
    let mut seen = BTreeSet::from([all[0]]);
    let mut path = vec![all[0]];
    fn dfs(
        at: (i32, i32),
        all: &[(i32, i32)],
        seen: &mut BTreeSet<(i32, i32)>,
        path: &mut Vec<(i32, i32)>,
    ) {
        for next in [
            (at.0 + 1, at.1),
            (at.0 - 1, at.1),
            (at.0, at.1 + 1),
            (at.0, at.1 - 1),
        ] {
            if all.contains(&next) && seen.insert(next) {
                path.push(next);
                dfs(next, all, seen, path);
                path.push(at);
            }
        }
    }
    dfs(all[0], &all, &mut seen, &mut path);
    assert_eq!(seen.len(), all.len(), "cage {cells:?} is not connected");
    path
}

/// The editor under test.
struct Editor<'a> {
    page: &'a Page,
}

impl Editor<'_> {
    /// A pointer move to the centre of cell `label` (or of a CrossProduct clue, `row:0`,
    /// `col:1`; the grid is redrawn after every
    /// change, so a cell is found by its place in the window, not by an element reference).
    fn cell(&self, label: &str) -> Value {
        let at = self.js(
            "const at = arguments[0].includes(':') ? 'data-clue' : 'data-cell';
             const r = document.querySelector(`[data-testid=grid] [${at}=\"${arguments[0]}\"]`)
               .getBoundingClientRect();
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];",
            json!([label]),
        );
        json!({"type": "pointerMove", "origin": "viewport", "x": at[0], "y": at[1]})
    }

    fn js(&self, script: &str, args: Value) -> Value {
        self.page.browser.eval(script, args)
    }

    /// Focuses the grid, then presses `keys` (WebDriver key actions).
    fn press(&self, keys: Vec<Value>) {
        let _ = self.js(
            "document.querySelector('[data-testid=grid]').focus();",
            json!([]),
        );
        self.page
            .browser
            .perform(json!([{"type": "key", "id": "keyboard", "actions": keys}]));
    }

    /// Types `text` (each character a key) into the grid.
    fn type_text(&self, text: &str) {
        let keys = text
            .chars()
            .flat_map(|c| key(&c.to_string(), false))
            .collect();
        self.press(keys);
    }

    /// Clicks `first`, then shift-clicks the other cells.
    fn click_cells(&self, cells: &[String]) {
        let mut pointer = Vec::new();
        let mut keyboard = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            pointer.push(self.cell(cell));
            pointer.push(json!({"type": "pointerDown", "button": 0}));
            pointer.push(json!({"type": "pointerUp", "button": 0}));
            let shift_now = i == 1;
            keyboard.push(if shift_now {
                json!({"type": "keyDown", "value": SHIFT})
            } else {
                json!({"type": "pause"})
            });
            keyboard.push(json!({"type": "pause"}));
            keyboard.push(json!({"type": "pause"}));
        }
        pointer.push(json!({"type": "pause"}));
        keyboard.push(json!({"type": "keyUp", "value": SHIFT}));
        self.page.browser.perform(json!([
            {"type": "key", "id": "keyboard", "actions": keyboard},
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer},
        ]));
    }

    /// Presses on the first cell and drags through the others.
    fn drag(&self, cells: &[String]) {
        let mut pointer = vec![
            self.cell(&cells[0]),
            json!({"type": "pointerDown", "button": 0}),
        ];
        for cell in &cells[1..] {
            let mut step = self.cell(cell);
            step["duration"] = json!(30);
            pointer.push(step);
        }
        pointer.push(json!({"type": "pointerUp", "button": 0}));
        self.page.browser.perform(json!([
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer},
        ]));
    }

    /// The selection the grid shows.
    fn selection(&self) -> Vec<String> {
        self.data("selection")
    }

    /// A space-separated list the grid keeps in `data-NAME`.
    fn data(&self, name: &str) -> Vec<String> {
        let v = self.js(
            "return document.querySelector('[data-testid=grid]').dataset[arguments[0]] || '';",
            json!([name]),
        );
        v.as_str()
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    fn text(&self) -> String {
        self.js(
            "return document.querySelector('[data-testid=puzzle]').value;",
            json!([]),
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// Waits for the live check of the text box as it is now: (ok, status, ms).
    fn checked(&self) -> (bool, String, f64) {
        let v = self.page.wait("the live check", 60, || {
            let v = self.js(
                "const s = document.querySelector('[data-testid=status]');
                 const t = document.querySelector('[data-testid=puzzle]');
                 return s.dataset.action === 'check' && s.dataset.checked === t.value
                   ? {ok: s.dataset.ok, text: s.textContent, ms: s.dataset.ms} : null;",
                json!([]),
            );
            (!v.is_null()).then_some(v)
        });
        (
            v["ok"] == "true",
            v["text"].as_str().unwrap_or_default().to_string(),
            v["ms"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .unwrap_or(f64::NAN),
        )
    }

    /// Chooses `kind` and `size`: the size typed, then Enter (a new, empty grid).
    fn new_grid(&self, kind: &str, size: usize) {
        let _ = self.js(
            "const k = document.querySelector('[data-testid=kind]');
             k.value = arguments[0]; k.dispatchEvent(new Event('change'));",
            json!([kind]),
        );
        let _ = self.js(
            "document.querySelector('[data-testid=size]').value = '';",
            json!([]),
        );
        self.page
            .browser
            .keys_to("[data-testid=size]", &format!("{size}{ENTER}"));
        let want = format!("{size}x{size} {kind}");
        self.page.wait("the new grid", 10, || {
            let label = self.js(
                "return document.querySelector('[data-testid=grid] svg').getAttribute('aria-label');",
                json!([]),
            );
            (label == want.as_str()).then_some(())
        });
    }

    /// Waits for the answer to the button `id` (its status action `action`).
    fn button(&self, id: &str, action: &str) -> (bool, String) {
        // The text's check has answered, and nothing runs.
        self.page.wait("a settled page", 60, || {
            let v = self.js(
                "const s = document.querySelector('[data-testid=status]');
                 const t = document.querySelector('[data-testid=puzzle]');
                 return s.dataset.checked === t.value && s.className !== 'busy';",
                json!([]),
            );
            (v == true).then_some(())
        });
        self.page.forget();
        self.page.browser.click(id);
        let v = self.page.wait(&format!("the answer to {id}"), 120, || {
            let v = self.page.read();
            (v["action"] == action && v["busy"] == false).then_some(v)
        });
        (
            v["ok"] == "true",
            v["text"].as_str().unwrap_or_default().to_string(),
        )
    }

    fn screenshot(&self, name: &str) {
        let png = artifacts().join(format!("editor-{name}.png"));
        std::fs::write(&png, self.page.browser.screenshot()).expect("screenshot written");
    }

    /// Screenshots at 360 and 1280 pixels wide (the page fits 360 without scrolling sideways).
    fn screenshots(&self, name: &str) {
        self.page.browser.resize(360, 800);
        // The narrow layout (keypad, no help line) is in place.
        self.page.wait("the narrow layout", 10, || {
            let v = self.js(
                "return window.innerWidth <= 360
                   && getComputedStyle(document.getElementById('keypad')).display === 'grid';",
                json!([]),
            );
            (v == true).then_some(())
        });
        // A frame at the new size is painted before the screenshot.
        std::thread::sleep(Duration::from_millis(200));
        let fits = self.js(
            "const g = document.querySelector('[data-testid=grid] svg').getBoundingClientRect();
             return [document.documentElement.scrollWidth, window.innerWidth, g.right];",
            json!([]),
        );
        let n = |i: usize| fits[i].as_f64().unwrap_or(f64::NAN);
        assert!(
            n(0) <= n(1) && n(2) <= n(1),
            "{name}: the page overflows 360 px: {fits}"
        );
        self.screenshot(&format!("{name}-360"));
        self.page.browser.resize(1280, 1000);
        std::thread::sleep(Duration::from_millis(300));
        self.screenshot(&format!("{name}-1280"));
    }
}

/// The library's ambiguous cells of `text` (more than one candidate).
fn ambiguous(text: &str) -> Vec<String> {
    let puzzle = Puzzle::parse(text).expect("the library reads it");
    let found =
        cagesat::setter::candidates(&puzzle, None, &Engine::Auto, &EngineOptions::default())
            .expect("candidates");
    let grid = found.grid();
    let mut out = Vec::new();
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let cell = cagesat::Cell::new(r as u8, c as u8);
            if grid.get(cell).len() > 1 {
                out.push(cell.label());
            }
        }
    }
    out
}

fn solution(text: &str) -> cagesat::Grid<u8> {
    let puzzle = Puzzle::parse(text).expect("the library reads it");
    let (outcome, _) = Engine::Auto
        .solve(&puzzle, &EngineOptions::default())
        .expect("solved");
    outcome.grid().expect("a solution").clone()
}

fn digit_at(grid: &cagesat::Grid<u8>, label: &str) -> u8 {
    *grid.get(cagesat::Cell::parse_label(label).expect("a label"))
}

/// Draws every cage of `model` (KenKen or Killer clues as the model has them, `*` typed as
/// `×`, `x` or `*` in turn): the first by dragging, the rest by click and shift-click.
fn draw_cages_by_pointer(ed: &Editor<'_>, model: &Value) {
    let times = ["×", "x", "*"];
    for (i, (clue, cells)) in cages(model).iter().enumerate() {
        if i == 0 {
            ed.drag(cells);
        } else {
            ed.click_cells(cells);
        }
        let mut chosen = ed.selection();
        chosen.sort();
        let mut want = cells.clone();
        want.sort();
        assert_eq!(chosen, want, "cage {i} ({clue}) selected");
        let typed = clue.replace('*', times[i % 3]);
        ed.type_text(&typed);
        ed.press(key(ENTER, false));
    }
}
