//! Running the built binary (`CARGO_BIN_EXE_cagesat`), and temporary directories that
//! remove themselves.
//!
//! ```ignore
//! let o = run(["solve", "--json", path]);
//! assert_eq!(o.code, Some(0), "{}", o.stderr);
//! assert_eq!(o.json()["status"], "solved");
//! ```

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What one run of the binary did.
#[derive(Debug)]
pub(crate) struct Run {
    /// Exit status (`None` when killed by a signal).
    pub(crate) code: Option<i32>,
    /// Standard output (must be UTF-8).
    pub(crate) stdout: String,
    /// Standard error (must be UTF-8).
    pub(crate) stderr: String,
}

impl Run {
    /// Standard output as one JSON document.
    #[track_caller]
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}):\n{}", self.stdout))
    }

    /// Standard output as JSON lines, one document per line.
    #[track_caller]
    pub(crate) fn json_lines(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| {
                serde_json::from_str(l)
                    .unwrap_or_else(|e| panic!("line is not JSON ({e}): {l}\n{}", self.stdout))
            })
            .collect()
    }
}

/// The binary with `args`, ready for more settings (environment) before [`finish`].
pub(crate) fn command<I, S>(args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cagesat"));
    let _ = cmd.args(args);
    cmd
}

/// Runs `cmd` with `stdin` as its standard input (then closed) and captures everything.
#[track_caller]
pub(crate) fn finish(mut cmd: Command, stdin: &str) -> Run {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // The binary may exit without reading its input (bad arguments): ignore a broken pipe.
    let _ = pipe.write_all(stdin.as_bytes());
    drop(pipe);
    let out = child.wait_with_output().expect("the binary ran");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs the binary with `args` and an empty standard input.
#[track_caller]
pub(crate) fn run<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    finish(command(args), "")
}

/// Runs the binary with `args`, feeding `stdin` to it.
#[track_caller]
pub(crate) fn run_stdin<I, S>(args: I, stdin: &str) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    finish(command(args), stdin)
}

/// A fresh directory under the system temporary directory, unique per process and per
/// guard, removed with everything in it when the guard is dropped (also when a test fails).
#[derive(Debug)]
pub(crate) struct TempDir {
    dir: PathBuf,
}

impl TempDir {
    /// Creates `cagesat-test-<pid>-<n>`.
    pub(crate) fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("cagesat-test-{}-{n}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir).unwrap();
        }
        std::fs::create_dir_all(&dir).unwrap();
        TempDir { dir }
    }

    /// The directory.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of `name` inside the directory, as a command-line argument.
    pub(crate) fn path(&self, name: &str) -> String {
        self.dir
            .join(name)
            .to_str()
            .expect("UTF-8 path")
            .to_string()
    }

    /// Writes `contents` to `name` inside the directory and returns its path.
    pub(crate) fn write(&self, name: &str, contents: &str) -> String {
        let path = self.path(name);
        std::fs::write(&path, contents).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The names of the entries of `dir`, sorted.
pub(crate) fn dir_names(dir: impl AsRef<Path>) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// `"…_ms":NUMBER` and `"…_ms":[NUMBERS]` become `"…_ms":<ms>`; `NUMBER ms` becomes `<ms> ms`.
pub(crate) fn mask_times(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("_ms\":") {
        let (head, tail) = rest.split_at(at + 5);
        out.push_str(head);
        let end = if tail.starts_with('[') {
            tail.find(']').map_or(tail.len(), |i| i + 1)
        } else {
            tail.find([',', '}']).unwrap_or(tail.len())
        };
        out.push_str("<ms>");
        rest = &tail[end..];
    }
    out.push_str(rest);
    // `12 ms` / `0.5 ms` (generator and progress summaries).
    let mut masked = String::with_capacity(out.len());
    let bytes = out.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            if out[i..].starts_with(" ms") {
                masked.push_str("<ms>");
            } else {
                masked.push_str(&out[start..i]);
            }
        } else {
            let c = out[i..].chars().next().expect("in bounds");
            masked.push(c);
            i += c.len_utf8();
        }
    }
    masked
}
