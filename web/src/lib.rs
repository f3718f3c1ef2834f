//! # cagesat in the browser
//!
//! The library compiled to WebAssembly (`wasm32-unknown-unknown`: varisat and the DPLL walk,
//! no CaDiCaL, no threads, processes or files) behind one entry point, [`run`], that the
//! page's Web Worker (`www/worker.js`) calls with the action of a button and the text box's
//! content, and that answers one JSON object (see [`actions`]). `build.sh` builds the page
//! into `web/dist/`; see `web/README.md`.

pub mod actions;
pub mod input;
pub mod setter;

use wasm_bindgen::prelude::wasm_bindgen;

/// Runs `action` (`show`, `solve`, `unique`, `count`, `candidates`, `hint`) on the puzzle in
/// `text` and answers the page's JSON: `ok`, a one-line `status`, the `svg` to show and the
/// data behind it.
#[wasm_bindgen]
#[must_use]
pub fn run(action: &str, text: &str) -> String {
    answer(action, text).to_string()
}

/// [`run`]'s answer as a JSON value.
#[must_use]
pub fn answer(action: &str, text: &str) -> serde_json::Value {
    match action {
        "show" => actions::show(text),
        "solve" => actions::solve(text),
        "unique" => actions::unique(text),
        "count" => actions::count(text),
        "candidates" => setter::candidates(text),
        "hint" => setter::hint(text),
        other => actions::failure(&format!("unknown action '{other}'")),
    }
}

/// The library's version, shown in the page's footer.
#[wasm_bindgen]
#[must_use]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
