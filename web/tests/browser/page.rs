//! # The page under test
//!
//! open it, paste into the text box, press a button and read what the
//! status line and the picture show.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::webdriver::Browser;
use crate::Setup;

/// What the page shows after an action.
#[derive(Debug)]
pub(crate) struct Shown {
    /// Whether the status line shows an answer (not an error).
    pub(crate) ok: bool,
    /// The status line, without the time (` · 3.1 ms`) after the answer.
    pub(crate) status: String,
    /// The time the worker took, in milliseconds.
    pub(crate) ms: f64,
    /// The grid drawn in the picture (solution, or decided candidates).
    pub(crate) grid: Option<Vec<Vec<u8>>>,
    /// The candidates drawn, per cell.
    pub(crate) candidates: Option<Vec<Vec<Vec<u8>>>>,
}

pub(crate) struct Page {
    pub(crate) browser: Browser,
    /// Milliseconds from the start of navigation until the buttons worked.
    pub(crate) ready_ms: f64,
}

/// Reads the status line and the picture's data in one go.
const READ: &str = "const s = document.querySelector('[data-testid=status]');
const p = document.querySelector('[data-testid=picture]');
return {busy: s.className === 'busy', action: s.dataset.action || '', ok: s.dataset.ok,
  text: s.textContent, ms: s.dataset.ms, grid: p.dataset.grid || '',
  candidates: p.dataset.candidates || ''};";

impl Page {
    /// Opens the page at `fragment` and waits until its solver is loaded.
    pub(crate) fn open(setup: &Setup, profile: &Path, fragment: &str) -> Page {
        // A fresh profile: a browser left over from an earlier run may still lock the old one.
        let _ = std::fs::remove_dir_all(profile);
        let browser = Browser::start(&setup.chromedriver, &setup.chromium, profile);
        browser.goto(&format!(
            "http://127.0.0.1:{}/index.html{fragment}",
            setup.port
        ));
        let mut page = Page {
            browser,
            ready_ms: 0.0,
        };
        let ready = page.wait("the solver to load", 30, || {
            let v = page
                .browser
                .eval("return document.body.dataset.readyMs || '';", json!([]));
            v.as_str().and_then(|s| s.parse::<f64>().ok())
        });
        page.ready_ms = ready;
        page
    }

    /// Polls `probe` every 20 ms until it answers, for at most `seconds`.
    pub(crate) fn wait<T>(
        &self,
        what: &str,
        seconds: u64,
        mut probe: impl FnMut() -> Option<T>,
    ) -> T {
        let start = Instant::now();
        loop {
            if let Some(v) = probe() {
                return v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(seconds),
                "waited {seconds} s for {what}; page: {}",
                self.browser.eval(
                    "return [document.querySelector('[data-testid=status]').outerHTML,
                      Array.from(document.querySelectorAll('button')).map(b => b.id + ':' + b.disabled).join(' ')];",
                    json!([])
                )
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Puts `text` into the text box as a paste does (the value, then an `input` event).
    pub(crate) fn put(&self, text: &str) {
        self.forget();
        let _ = self.browser.eval(
            "const t = document.querySelector('[data-testid=puzzle]');
             t.value = arguments[0];
             t.dispatchEvent(new Event('input', {bubbles: true}));",
            json!([text]),
        );
    }

    /// Pastes `text` ([`Page::put`]) and waits until the live check has answered it (or
    /// shown its error).
    pub(crate) fn paste(&self, text: &str) {
        self.put(text);
        self.wait("the live check", 120, || {
            let v = self.browser.eval(
                "const s = document.querySelector('[data-testid=status]');
                 const t = document.querySelector('[data-testid=puzzle]');
                 return s.dataset.action === 'check' && s.dataset.checked === t.value;",
                json!([]),
            );
            (v == true).then_some(())
        });
    }

    /// Presses the button with `data-testid` `id` and waits for its answer (at most two
    /// minutes).
    pub(crate) fn press(&self, id: &str) -> Shown {
        self.forget();
        self.browser.click(id);
        self.settled(id)
    }

    /// Forgets the last answer, so that the next one is told from it.
    pub(crate) fn forget(&self) {
        let _ = self.browser.eval(
            "delete document.querySelector('[data-testid=status]').dataset.action;",
            json!([]),
        );
    }

    /// The raw state of the status line and the picture.
    pub(crate) fn read(&self) -> Value {
        self.browser.eval(READ, json!([]))
    }

    /// Waits for the answer to `action`.
    pub(crate) fn settled(&self, action: &str) -> Shown {
        let v = self.wait(&format!("the answer to {action}"), 120, || {
            let v = self.read();
            (v["action"] == action && v["busy"] == false).then_some(v)
        });
        let text = v["text"].as_str().unwrap_or_default();
        let status = text.split(" · ").next().unwrap_or_default().to_string();
        let data = |key: &str| -> Option<Value> {
            let s = v[key].as_str().unwrap_or_default();
            (!s.is_empty()).then(|| serde_json::from_str(s).expect("JSON in the picture's data"))
        };
        let grid = data("grid").map(|g| serde_json::from_value(g).expect("rows of digits"));
        let candidates = data("candidates").map(|g| serde_json::from_value(g).expect("digit sets"));
        Shown {
            ok: v["ok"] == "true",
            status,
            ms: v["ms"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .unwrap_or(f64::NAN),
            grid,
            candidates,
        }
    }
}
