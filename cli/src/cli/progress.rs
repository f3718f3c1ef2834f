//! Progress on standard error for long runs: solutions counted and their rate, puzzles done
//! in a batch, puzzles generated. Drawn with `indicatif` (the ecosystem's usual crate) only
//! when standard error is a terminal and `--quiet` is off; otherwise nothing at all is
//! written, so redirected output and logs stay clean. The bar is cleared when done, so the
//! lines a command prints for real are never interleaved with it.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress display, or nothing.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
}

/// `--quiet`, set once per command line.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Records `--quiet`.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether progress may be drawn: standard error is a terminal and `--quiet` is off.
fn wanted() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

impl Progress {
    /// Nothing is drawn.
    pub(crate) fn hidden() -> Self {
        Progress { bar: None }
    }

    /// `done/total unit` with a bar, elapsed time and an estimate of what is left.
    pub(crate) fn items(total: usize, unit: &str) -> Self {
        if !wanted() || total < 2 {
            return Self::hidden();
        }
        let style = ProgressStyle::with_template(&format!(
            "{{bar:30}} {{pos}}/{{len}} {unit} ({{elapsed}}, about {{eta}} left) {{msg}}"
        ))
        .expect("valid template");
        Self::draw(ProgressBar::new(total as u64).with_style(style))
    }

    /// A running count without a known end: `N unit, R/s`.
    pub(crate) fn counter(unit: &str) -> Self {
        if !wanted() {
            return Self::hidden();
        }
        let style = ProgressStyle::with_template(&format!(
            "{{spinner}} {{human_pos}} {unit} ({{per_sec}}, {{elapsed}}) {{msg}}"
        ))
        .expect("valid template");
        Self::draw(ProgressBar::no_length().with_style(style))
    }

    fn draw(bar: ProgressBar) -> Self {
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
        // Drawn at once, then refreshed by a ticker thread even while nothing advances.
        bar.tick();
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// One more done.
    pub(crate) fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// What is being worked on.
    pub(crate) fn message(&self, msg: &str) {
        if let Some(b) = &self.bar {
            b.set_message(msg.to_string());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
