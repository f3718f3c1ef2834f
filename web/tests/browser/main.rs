//! # The page in headless Chromium
//!
//! Builds the page (`web/build.sh`), serves `web/dist/` on 127.0.0.1, drives headless
//! Chromium over WebDriver (`chromedriver`), pastes puzzles of every kind and presses every
//! button, and compares what the page shows with the command line's answer (the release
//! binary `target/release/cagesat`, built here when missing): the same solution, the same
//! `solved (unique)` / `N solutions` line, the same one-line errors. Stop must end a hard
//! 20×20 KenKen within a second. Screenshots and the measured figures (WebAssembly size,
//! time to a usable page, a 9×9 Keen solve + unique in the page and natively) are kept
//! under `target/web-test/`. `editor/` draws puzzles in the editor with the pointer and
//! the keyboard (see its notes); it needs no command line.
//!
//! Needs the wasm32 target and the wasm-bindgen CLI (build.sh installs both), and Debian's
//! `chromium` and `chromium-driver`. Without them the test is skipped with a loud message,
//! except under CI (`CI` set), where that is a failure.

mod editor;
mod page;
mod server;
mod webdriver;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};

use page::Page;

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("web/ has a parent")
        .to_path_buf()
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Where the screenshots and the report go.
fn artifacts() -> PathBuf {
    let dir = root().join("target/web-test");
    std::fs::create_dir_all(&dir).expect("target/web-test");
    dir
}

/// A program on the PATH.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// What every browser test needs: the built page served on a port, the browser and its
/// driver, the command line. Built once; `None` (with the reason) when a tool is missing.
struct Setup {
    port: u16,
    chromium: PathBuf,
    chromedriver: PathBuf,
}

impl Setup {
    /// The release command line, built on first use (the editor's tests do not need it).
    fn cli(&self) -> PathBuf {
        static CLI: OnceLock<PathBuf> = OnceLock::new();
        CLI.get_or_init(|| {
            let cli = root().join("target/release/cagesat");
            if !cli.is_file() {
                let status = Command::new(env!("CARGO"))
                    .args(["build", "--release", "-p", "cagesat-cli"])
                    .current_dir(root())
                    .status()
                    .expect("cargo runs");
                assert!(status.success(), "cargo build -p cagesat-cli failed");
            }
            cli
        })
        .clone()
    }
}

fn setup() -> Result<&'static Setup, &'static str> {
    static SETUP: OnceLock<Result<Setup, String>> = OnceLock::new();
    SETUP
        .get_or_init(|| {
            let chromium = on_path(&["chromium", "chromium-browser"])
                .ok_or("no `chromium` on the PATH (apt-get install chromium chromium-driver)")?;
            let chromedriver = on_path(&["chromedriver"])
                .ok_or("no `chromedriver` on the PATH (apt-get install chromium-driver)")?;
            let built = Command::new("bash")
                .arg(root().join("web/build.sh"))
                .status()
                .map_err(|e| format!("web/build.sh did not start: {e}"))?;
            if !built.success() {
                return Err(format!("web/build.sh failed ({built})"));
            }
            let port = server::serve(&root().join("web/dist"));
            Ok(Setup {
                port,
                chromium,
                chromedriver,
            })
        })
        .as_ref()
        .map_err(String::as_str)
}

/// The page, opened at `fragment` (`""`, or `#p=…`), in a browser of its own; one browser
/// test at a time (the machine is small, and Stop is timed). `None` when skipped.
fn open(test: &str, fragment: &str) -> Option<(MutexGuard<'static, ()>, Page, &'static Setup)> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = match setup() {
        Ok(setup) => setup,
        Err(why) => {
            assert!(!in_ci(), "CI is set but the page test cannot run: {why}");
            eprintln!("\n*** SKIPPED {test}: {why} ***\n");
            return None;
        }
    };
    let profile = artifacts().join(format!("profile-{test}"));
    let page = Page::open(setup, &profile, fragment);
    Some((guard, page, setup))
}

mod tests;
