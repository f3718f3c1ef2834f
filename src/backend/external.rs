//! # External solvers as child processes
//!
//! Any DIMACS solver runs behind the [`Backend`] trait: on every `solve_under` the clauses so far
//! are written to a temporary `.cnf` file, the solver runs on it, and its answer (stdout, or
//! a result file) is read with [`parse_answer`]. Exit codes 10 (SAT) and 20 (UNSAT) are
//! understood and cross-checked with the printed result. Temporary files are removed when
//! the call ends, whatever happens. Assumptions are written as unit clauses for that call
//! only; a [`Stop`] request kills the child and answers [`SatResult::Unknown`].
//!
//! The command is a template split on whitespace: `{in}` is replaced by the CNF path and
//! `{out}` by a result-file path (the answer is then read from that file instead of stdout).
//! Without `{in}` the CNF path is appended: `cadical` runs `cadical /tmp/….cnf`,
//! `"minisat {in} {out}"` runs MiniSat with a result file.

use std::fs::File;
use std::io::{BufWriter, Write};
#[cfg(unix)]
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::answer::SatResult;
use crate::backend::{Backend, BackendError};
use crate::cnf::dimacs::{parse_answer, write_dimacs};
use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::stop::Stop;

/// An external solver command.
pub(crate) struct ExternalBackend {
    program: String,
    args: Vec<String>,
    timeout: Option<Duration>,
    formula: CnfFormula,
    stop: Stop,
}

impl ExternalBackend {
    /// Parses a command template (see the module docs).
    ///
    /// # Errors
    /// [`BackendError::EmptyCommand`] for an empty command.
    pub(crate) fn new(command: &str, timeout: Option<Duration>) -> Result<Self, BackendError> {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next().ok_or(BackendError::EmptyCommand)?;
        let mut args: Vec<String> = words.collect();
        if !args.iter().any(|a| a.contains("{in}")) {
            args.push("{in}".into());
        }
        Ok(ExternalBackend {
            program,
            args,
            timeout,
            formula: CnfFormula::new(),
            stop: Stop::new(),
        })
    }

    /// Runs the solver on the current clauses plus `assumptions` as unit clauses.
    fn run(&self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        let files = TempFiles::new()?;
        let units: Vec<Vec<Lit>> = assumptions.iter().map(|&l| vec![l]).collect();
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::new(File::create(&files.cnf)?);
            write_dimacs(
                &mut w,
                &["written by cagesat for an external solver".into()],
                &self.formula,
                &units,
            )?;
            w.flush()
        };
        let temp_error = |path: &Path, source| BackendError::TempFile {
            path: path.display().to_string(),
            source,
        };
        write().map_err(|e| temp_error(&files.cnf, e))?;
        let uses_out = self.args.iter().any(|a| a.contains("{out}"));
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| {
                a.replace("{in}", &files.cnf.to_string_lossy())
                    .replace("{out}", &files.out.to_string_lossy())
            })
            .collect();
        let stdout = File::create(&files.stdout).map_err(|e| temp_error(&files.stdout, e))?;
        let mut command = Command::new(&self.program);
        let _ = command
            .args(&args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::null());
        // Its own process group, so that stopping it also stops whatever it started
        // (a wrapper script's children), and a terminal's Ctrl-C reaches only us.
        #[cfg(unix)]
        let _ = command.process_group(0);
        let mut child = command.spawn().map_err(|source| BackendError::Start {
            program: self.program.clone(),
            source,
        })?;
        let Some(status) = self.wait(&mut child)? else {
            return Ok(SatResult::Unknown);
        };
        let answer_path = if uses_out { &files.out } else { &files.stdout };
        let text = std::fs::read_to_string(answer_path).unwrap_or_default();
        let vars = units.iter().flatten().map(|l| l.index() + 1);
        interpret(
            status,
            &text,
            vars.fold(self.formula.var_count(), usize::max),
        )
    }

    /// Waits for the child; `None` when a stop was requested (the child is killed).
    fn wait(&self, child: &mut std::process::Child) -> Result<Option<ExitStatus>, BackendError> {
        let start = Instant::now();
        loop {
            let polled = child
                .try_wait()
                .map_err(|e| BackendError::Internal(e.to_string()))?;
            if let Some(status) = polled {
                return Ok(Some(status));
            }
            let timed_out = self.timeout.filter(|&limit| start.elapsed() >= limit);
            if timed_out.is_some() || self.stop.is_requested() {
                kill_group(child);
                return match timed_out {
                    Some(limit) => Err(BackendError::TimedOut { limit }),
                    None => Ok(None),
                };
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Kills the child's whole process group (see `process_group(0)` at the spawn) and reaps
/// the child.
fn kill_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: `kill` has no memory effects; a negative pid names the process group
        // the child leads, which holds only the child and its descendants.
        let _ = unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Reads the answer, cross-checking the exit status (10 SAT, 20 UNSAT) with the text.
fn interpret(status: ExitStatus, text: &str, vars: usize) -> Result<SatResult, BackendError> {
    let Some(code) = status.code() else {
        return Err(BackendError::Killed);
    };
    match (code, parse_answer(text, vars)) {
        (10, Ok(r @ SatResult::Sat(_))) | (20, Ok(r @ SatResult::Unsat)) | (0, Ok(r)) => Ok(r),
        (10 | 20, Ok(r)) => Err(BackendError::Contradiction {
            code,
            printed: describe(&r),
        }),
        (20, Err(_)) => Ok(SatResult::Unsat),
        (_, Ok(SatResult::Unknown)) => Ok(SatResult::Unknown),
        (10 | 0, Err(e)) => Err(BackendError::Answer(e)),
        (c, _) => Err(BackendError::ExitStatus(c)),
    }
}

fn describe(r: &SatResult) -> &'static str {
    match r {
        SatResult::Sat(_) => "SATISFIABLE",
        SatResult::Unsat => "UNSATISFIABLE",
        SatResult::Unknown => "UNKNOWN",
    }
}

impl Backend for ExternalBackend {
    fn name(&self) -> &str {
        &self.program
    }

    fn add_formula(&mut self, formula: &CnfFormula) {
        self.formula
            .set_var_count(self.formula.var_count().max(formula.var_count()));
        for clause in formula.iter() {
            self.formula.add_clause(clause);
        }
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.formula.add_clause(clause);
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        // A stop requested before the call: no solver is started (a quick solver could
        // otherwise answer before the first look at the stop).
        if self.stop.is_requested() {
            return Ok(SatResult::Unknown);
        }
        self.run(assumptions)
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }
}

/// One run's temporary files, in a fresh private directory (`tempfile`) that is removed
/// with everything in it when this is dropped, whatever happens: the solver's result file
/// included.
struct TempFiles {
    cnf: PathBuf,
    out: PathBuf,
    stdout: PathBuf,
    _dir: tempfile::TempDir,
}

impl TempFiles {
    fn new() -> Result<Self, BackendError> {
        let dir = tempfile::Builder::new()
            .prefix("cagesat-")
            .tempdir()
            .map_err(|source| BackendError::TempFile {
                path: std::env::temp_dir().display().to_string(),
                source,
            })?;
        let with = |name: &str| dir.path().join(name);
        Ok(TempFiles {
            cnf: with("formula.cnf"),
            out: with("result.out"),
            stdout: with("solver.stdout"),
            _dir: dir,
        })
    }
}
