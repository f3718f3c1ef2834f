//! # SMT solvers as child processes
//!
//! z3 and cvc5 read an SMT-LIB 2 script ([`crate::smtlib`]) from a temporary `.smt2` file
//! and print `sat` plus the `get-value` list, or `unsat` / `unknown`
//! ([`crate::smtlib::answer`]). One call is one process: the script is written, the solver
//! runs (`z3 -smt2 FILE`, `cvc5 --lang smt2 --produce-models FILE`), its standard output is
//! read, and the temporary files are removed when the call ends, whatever happens. A time
//! limit kills the child ([`BackendError::TimedOut`]); a [`Stop`] request kills it and
//! answers [`SmtAnswer::Unknown`].
//!
//! The answer decides, not the exit status: z3 exits 1 after `unsat` because `get-value`
//! then has no model to show. Output that is not an answer is an error that quotes the
//! solver's first line (`(error "…")` for a script it rejects).

use std::fmt;
use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::backend::BackendError;
use crate::smtlib::answer::{parse_smt_answer, SmtAnswer};
use crate::stop::Stop;

/// An SMT solver cagesat can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SmtSolver {
    /// Microsoft's z3 (`z3 -smt2 FILE`).
    Z3,
    /// cvc5 (`cvc5 --lang smt2 --produce-models FILE`).
    Cvc5,
}

impl SmtSolver {
    /// Both, in report order.
    pub const ALL: [SmtSolver; 2] = [SmtSolver::Z3, SmtSolver::Cvc5];

    /// The program name (also the engine name).
    #[must_use]
    pub fn program(self) -> &'static str {
        match self {
            SmtSolver::Z3 => "z3",
            SmtSolver::Cvc5 => "cvc5",
        }
    }

    fn args(self, file: &str) -> Vec<String> {
        let fixed: &[&str] = match self {
            SmtSolver::Z3 => &["-smt2"],
            SmtSolver::Cvc5 => &["--lang", "smt2", "--produce-models"],
        };
        fixed
            .iter()
            .map(|s| (*s).to_string())
            .chain([file.to_string()])
            .collect()
    }
}

impl fmt::Display for SmtSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.program())
    }
}

/// Runs `solver` on `script` and reads its answer.
///
/// # Errors
/// The solver cannot be started, runs out of time, is killed, or prints no answer.
pub(crate) fn run_smt(
    solver: SmtSolver,
    script: &[u8],
    timeout: Option<Duration>,
    stop: &Stop,
) -> Result<SmtAnswer, BackendError> {
    let files = TempFiles::new()?;
    let temp_error = |path: &PathBuf, source| BackendError::TempFile {
        path: path.display().to_string(),
        source,
    };
    std::fs::write(&files.script, script).map_err(|e| temp_error(&files.script, e))?;
    let stdout = File::create(&files.stdout).map_err(|e| temp_error(&files.stdout, e))?;
    let mut child = Command::new(solver.program())
        .args(solver.args(&files.script.to_string_lossy()))
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|source| BackendError::Start {
            program: solver.program().to_string(),
            source,
        })?;
    let Some(status) = wait(&mut child, timeout, stop)? else {
        return Ok(SmtAnswer::Unknown);
    };
    let text = std::fs::read_to_string(&files.stdout).map_err(|e| temp_error(&files.stdout, e))?;
    interpret(status, &text)
}

/// The answer in `text`; the exit status matters only when there is none.
fn interpret(status: ExitStatus, text: &str) -> Result<SmtAnswer, BackendError> {
    let Some(code) = status.code() else {
        return Err(BackendError::Killed);
    };
    match parse_smt_answer(text) {
        Ok(answer) => Ok(answer),
        Err(e) if code == 0 => Err(BackendError::SmtAnswer(e)),
        Err(_) => {
            let first = text.lines().next().unwrap_or("").trim();
            Err(BackendError::Internal(format!(
                "exited with status {code}: {}",
                if first.is_empty() { "no output" } else { first }
            )))
        }
    }
}

/// Waits for the child; `None` when a stop was requested (the child is killed).
fn wait(
    child: &mut Child,
    timeout: Option<Duration>,
    stop: &Stop,
) -> Result<Option<ExitStatus>, BackendError> {
    let start = Instant::now();
    loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| BackendError::Internal(e.to_string()))?
        {
            return Ok(Some(status));
        }
        let timed_out = timeout.filter(|&limit| start.elapsed() >= limit);
        if timed_out.is_some() || stop.is_requested() {
            let _ = child.kill();
            let _ = child.wait();
            return match timed_out {
                Some(limit) => Err(BackendError::TimedOut { limit }),
                None => Ok(None),
            };
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// One call's temporary files, in a fresh private directory (`tempfile`) that is removed
/// with everything in it when this is dropped, whatever happens.
struct TempFiles {
    script: PathBuf,
    stdout: PathBuf,
    _dir: tempfile::TempDir,
}

impl TempFiles {
    fn new() -> Result<Self, BackendError> {
        let dir = tempfile::Builder::new()
            .prefix("cagesat-smt-")
            .tempdir()
            .map_err(|source| BackendError::TempFile {
                path: std::env::temp_dir().display().to_string(),
                source,
            })?;
        Ok(TempFiles {
            script: dir.path().join("script.smt2"),
            stdout: dir.path().join("solver.stdout"),
            _dir: dir,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_and_names() {
        // The real solvers run in cli/tests/it/smt.rs; here only the command lines.
        assert_eq!(SmtSolver::Z3.args("f.smt2"), ["-smt2", "f.smt2"]);
        assert_eq!(
            SmtSolver::Cvc5.args("f.smt2"),
            ["--lang", "smt2", "--produce-models", "f.smt2"]
        );
        assert_eq!(SmtSolver::Cvc5.to_string(), "cvc5");
    }
}
