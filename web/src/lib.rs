//! # cagesat in the browser
//!
//! The library compiled to WebAssembly (`wasm32-unknown-unknown`: varisat and the DPLL walk,
//! no CaDiCaL, no threads, processes or files) behind two entry points, [`run`] and
//! [`run_with`], that the page's Web Worker (`www/worker.js`) calls with an action, the text
//! box's content and (for `run_with`) the page's extra data, and that answer one JSON object
//! (see [`actions`], [`editor`], [`play`], [`generate`]). `build.sh` builds the page into `web/dist/`; see
//! `web/README.md`.

pub mod actions;
pub mod editor;
pub mod export;
pub mod generate;
pub mod impossible;
pub mod input;
pub mod partial;
pub mod play;
pub mod setter;
pub mod tune;

use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// The worker's `cagesatProgress(n)`: posts a running count to the page.
    #[wasm_bindgen(js_name = cagesatProgress)]
    fn progress(n: f64);
}

/// Tells the page a running count (on WebAssembly; nothing elsewhere).
fn tell(n: u64) {
    #[cfg(target_arch = "wasm32")]
    progress(n as f64);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = n;
}

/// Runs `action` (`show`, `solve`, `unique`, `count`, `candidates`, `hint`) on the puzzle in
/// `text` and answers the page's JSON: `ok`, a one-line `status`, the `svg` to show and the
/// data behind it.
#[wasm_bindgen]
#[must_use]
pub fn run(action: &str, text: &str) -> String {
    answer(action, text).to_string()
}

/// [`run`] with the page's extra data (`extra`, a JSON object: the progress grid, the
/// generator's choices), for every action of [`answer_with`].
#[wasm_bindgen]
#[must_use]
pub fn run_with(action: &str, text: &str, extra: &str) -> String {
    let extra: serde_json::Value = serde_json::from_str(extra).unwrap_or_default();
    answer_with(action, text, &extra).to_string()
}

/// [`run`]'s answer as a JSON value.
#[must_use]
pub fn answer(action: &str, text: &str) -> serde_json::Value {
    answer_with(action, text, &serde_json::Value::Null)
}

/// [`run_with`]'s answer as a JSON value: the buttons' actions, and `check`, `svg`,
/// `progress`, `next`, `explain`, `repair`, `harder`, `easier`, `generate`, `export` and
/// `count` with a running total.
#[must_use]
pub fn answer_with(action: &str, text: &str, extra: &serde_json::Value) -> serde_json::Value {
    match action {
        "show" => actions::show(text),
        "solve" => actions::solve(text),
        "unique" => actions::unique(text),
        "count" => actions::count(text),
        "count-running" => play::count_with(text, 500, tell),
        "candidates" => play::candidates(text, extra),
        "hint" => setter::hint(text),
        "check" => editor::check(text),
        "svg" => editor::svg(text),
        "progress" => play::check_progress(text, extra),
        "next" => play::next(text, extra),
        "explain" => play::explain_path(text, extra),
        "repair" => play::repair(text),
        "harder" => tune::harder(text),
        "easier" => tune::easier(text),
        "generate" => generate::generate(extra),
        "export" => export::export(text),
        "grade" => export::grade(text),
        other => actions::failure(&format!("unknown action '{other}'")),
    }
}

/// The page's lists (kinds, sides, difficulties, options), as JSON: [`generate::lists`].
#[wasm_bindgen]
#[must_use]
pub fn lists() -> String {
    generate::lists().to_string()
}

/// The library's version, shown in the page's footer.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
