//! Progress on standard error for long runs: solutions counted and their rate, puzzles done
//! in a batch, puzzles generated. On a terminal it is drawn with `indicatif` (the
//! ecosystem's usual crate) and cleared when done, so the lines a command prints for real
//! are never interleaved with it. Elsewhere (a script, a notebook, a log) nothing is written
//! unless `--progress` asks for it: then a plain line, with the same content, every
//! [`PLAIN_EVERY`] (no carriage-return redraws). `--quiet` draws nothing.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often a plain progress line is printed (never more often than once a second).
pub(crate) const PLAIN_EVERY: Duration = Duration::from_secs(2);

/// A progress display, or nothing.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    plain: Option<Plain>,
}

/// `--quiet` and `--progress`, set once per command line.
static MODE: AtomicU8 = AtomicU8::new(AUTO);
/// Drawn on a terminal only (the default).
const AUTO: u8 = 0;
/// `--quiet`: never.
const QUIET: u8 = 1;
/// `--progress`: also when standard error is not a terminal.
const FORCED: u8 = 2;

/// Records `--quiet` and `--progress` (which the parser never lets come together).
pub(crate) fn set_mode(quiet: bool, progress: bool) {
    let mode = match (quiet, progress) {
        (true, _) => QUIET,
        (false, true) => FORCED,
        (false, false) => AUTO,
    };
    MODE.store(mode, Ordering::Relaxed);
}

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// Not at all.
    Hidden,
    /// Drawn and redrawn on the terminal.
    Drawn,
    /// A plain line now and then.
    Lines,
}

/// How progress is shown: by `indicatif` on a terminal unless `--quiet`, as plain lines
/// elsewhere with `--progress`, else not at all.
fn shown() -> Shown {
    match MODE.load(Ordering::Relaxed) {
        QUIET => Shown::Hidden,
        _ if std::io::stderr().is_terminal() => Shown::Drawn,
        FORCED => Shown::Lines,
        _ => Shown::Hidden,
    }
}

impl Progress {
    /// Nothing is drawn.
    pub(crate) fn hidden() -> Self {
        Progress {
            bar: None,
            plain: None,
        }
    }

    /// `done/total unit` with a bar, elapsed time and an estimate of what is left.
    pub(crate) fn items(total: usize, unit: &str) -> Self {
        if total < 2 {
            return Self::hidden();
        }
        match shown() {
            Shown::Hidden => Self::hidden(),
            Shown::Lines => Self::lines(Line::Items {
                total: total as u64,
                unit: unit.to_string(),
            }),
            Shown::Drawn => {
                let style = ProgressStyle::with_template(&format!(
                    "{{bar:30}} {{pos}}/{{len}} {unit} ({{elapsed}}, about {{eta}} left) {{msg}}"
                ))
                .expect("valid template");
                Self::draw(ProgressBar::new(total as u64).with_style(style))
            }
        }
    }

    /// A running count without a known end: `N unit, R/s`.
    pub(crate) fn counter(unit: &str) -> Self {
        match shown() {
            Shown::Hidden => Self::hidden(),
            Shown::Lines => Self::lines(Line::Counter {
                unit: unit.to_string(),
            }),
            Shown::Drawn => {
                let style = ProgressStyle::with_template(&format!(
                    "{{spinner}} {{human_pos}} {unit} ({{per_sec}}, {{elapsed}}) {{msg}}"
                ))
                .expect("valid template");
                Self::draw(ProgressBar::no_length().with_style(style))
            }
        }
    }

    fn draw(bar: ProgressBar) -> Self {
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
        // Drawn at once, then refreshed by a ticker thread even while nothing advances.
        bar.tick();
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar: Some(bar),
            plain: None,
        }
    }

    fn lines(line: Line) -> Self {
        Progress {
            bar: None,
            plain: Some(Plain::start(line)),
        }
    }

    /// One more done.
    pub(crate) fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
        if let Some(p) = &self.plain {
            let _ = p.done.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// What is being worked on (shown on a terminal only).
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

/// What a plain progress line says.
#[derive(Debug)]
enum Line {
    /// `cagesat: N unit (R/s, Ts)`.
    Counter { unit: String },
    /// `cagesat: D/N unit (Ts)`.
    Items { total: u64, unit: String },
}

impl Line {
    /// The line after `done` in `elapsed` (without the newline).
    fn text(&self, done: u64, elapsed: Duration) -> String {
        let secs = elapsed.as_secs();
        match self {
            Line::Counter { unit } => {
                let rate = (done as f64 / elapsed.as_secs_f64().max(1e-3)).round();
                format!("cagesat: {done} {unit} ({rate}/s, {secs}s)")
            }
            Line::Items { total, unit } => format!("cagesat: {done}/{total} {unit} ({secs}s)"),
        }
    }
}

/// Plain progress lines, printed by a thread of their own every [`PLAIN_EVERY`] until
/// dropped.
struct Plain {
    done: Arc<AtomicU64>,
    /// Dropped to stop the thread.
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Plain {
    fn start(line: Line) -> Self {
        let done = Arc::new(AtomicU64::new(0));
        let (stop, stopped) = mpsc::channel::<()>();
        let counted = Arc::clone(&done);
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut next = start + PLAIN_EVERY;
            loop {
                let wait = next.saturating_duration_since(Instant::now());
                match stopped.recv_timeout(wait) {
                    Err(RecvTimeoutError::Timeout) => {}
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
                }
                let text = line.text(counted.load(Ordering::Relaxed), start.elapsed());
                let _ = writeln!(std::io::stderr().lock(), "{text}");
                next += PLAIN_EVERY;
            }
        });
        Plain {
            done,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Plain {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_what_the_bar_says() {
        let counter = Line::Counter {
            unit: "solutions".into(),
        };
        assert_eq!(
            counter.text(1000, Duration::from_millis(2000)),
            "cagesat: 1000 solutions (500/s, 2s)"
        );
        let items = Line::Items {
            total: 10,
            unit: "puzzles".into(),
        };
        assert_eq!(
            items.text(3, Duration::from_millis(4100)),
            "cagesat: 3/10 puzzles (4s)"
        );
    }
}
