//! # External solvers as child processes
//!
//! Any DIMACS solver runs behind the [`Backend`] trait: on every `solve()` the clauses so far
//! are written to a temporary `.cnf` file, the solver runs on it, and its answer (stdout, or
//! a result file) is read with [`parse_answer`]. Exit codes 10 (SAT) and 20 (UNSAT) are
//! understood and cross-checked with the printed result. Temporary files are removed when
//! the call ends, whatever happens.
//!
//! The command is a template split on whitespace: `{in}` is replaced by the CNF path and
//! `{out}` by a result-file path (the answer is then read from that file instead of stdout).
//! Without `{in}` the CNF path is appended: `cadical` runs `cadical /tmp/….cnf`,
//! `"minisat {in} {out}"` runs MiniSat with a result file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::cnf::dimacs::{parse_answer, write_dimacs};
use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::solve::{Backend, SatResult, SolveError};

/// An external solver command.
pub struct ExternalBackend {
    program: String,
    args: Vec<String>,
    timeout: Option<Duration>,
    formula: CnfFormula,
}

impl ExternalBackend {
    /// Parses a command template (see the module docs).
    ///
    /// # Errors
    /// [`SolveError::Backend`] for an empty command.
    pub fn new(command: &str, timeout: Option<Duration>) -> Result<Self, SolveError> {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next().ok_or_else(|| SolveError::Backend {
            solver: String::new(),
            message: "empty solver command".into(),
        })?;
        let mut args: Vec<String> = words.collect();
        if !args.iter().any(|a| a.contains("{in}")) {
            args.push("{in}".into());
        }
        Ok(ExternalBackend {
            program,
            args,
            timeout,
            formula: CnfFormula::new(),
        })
    }

    fn error(&self, message: impl Into<String>) -> SolveError {
        SolveError::Backend {
            solver: self.program.clone(),
            message: message.into(),
        }
    }

    /// Runs the solver on the current clauses.
    fn run(&self) -> Result<SatResult, SolveError> {
        let files = TempFiles::new();
        let write = || -> std::io::Result<()> {
            let mut w = BufWriter::new(File::create(&files.cnf)?);
            write_dimacs(
                &mut w,
                &["written by cagesat for an external solver".into()],
                &self.formula,
                &[],
            )?;
            w.flush()
        };
        write().map_err(|e| self.error(format!("cannot write {}: {e}", files.cnf.display())))?;
        let uses_out = self.args.iter().any(|a| a.contains("{out}"));
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| {
                a.replace("{in}", &files.cnf.to_string_lossy())
                    .replace("{out}", &files.out.to_string_lossy())
            })
            .collect();
        let stdout = File::create(&files.stdout).map_err(|e| self.error(e.to_string()))?;
        let mut child = Command::new(&self.program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| self.error(format!("cannot run '{}': {e}", self.program)))?;
        let status = self.wait(&mut child)?;
        let answer_path = if uses_out { &files.out } else { &files.stdout };
        let text = std::fs::read_to_string(answer_path).unwrap_or_default();
        self.interpret(status, &text)
    }

    fn wait(&self, child: &mut std::process::Child) -> Result<ExitStatus, SolveError> {
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().map_err(|e| self.error(e.to_string()))? {
                return Ok(status);
            }
            if let Some(limit) = self.timeout {
                if start.elapsed() >= limit {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(self.error(format!("timed out after {} s", limit.as_secs_f64())));
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn interpret(&self, status: ExitStatus, text: &str) -> Result<SatResult, SolveError> {
        let code = status.code();
        let Some(code) = code else {
            return Err(self.error("was killed by a signal (crashed?)"));
        };
        let parsed = parse_answer(text, self.formula.var_count());
        match (code, parsed) {
            (10, Ok(r @ SatResult::Sat(_))) | (20, Ok(r @ SatResult::Unsat)) => Ok(r),
            (0, Ok(r)) => Ok(r),
            (10 | 20, Ok(r)) => Err(self.error(format!(
                "exit status {code} contradicts its printed result ({})",
                describe(&r)
            ))),
            (20, Err(_)) => Ok(SatResult::Unsat),
            (_, Ok(SatResult::Unknown)) => Ok(SatResult::Unknown),
            (10 | 0, Err(e)) => Err(self.error(format!("unreadable answer: {e}"))),
            (c, _) => Err(self.error(format!("exited with status {c}"))),
        }
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
        while self.formula.var_count() < formula.var_count() {
            let _ = self.formula.new_var();
        }
        for clause in formula.iter() {
            self.formula.add_clause(clause);
        }
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.formula.add_clause(clause);
    }

    fn solve(&mut self) -> Result<SatResult, SolveError> {
        self.run()
    }
}

/// Paths of one run's temporary files, removed on drop.
struct TempFiles {
    cnf: PathBuf,
    out: PathBuf,
    stdout: PathBuf,
}

impl TempFiles {
    fn new() -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let base = std::env::temp_dir().join(format!("cagesat-{}-{n}", std::process::id()));
        let with = |ext: &str| PathBuf::from(format!("{}.{ext}", base.display()));
        TempFiles {
            cnf: with("cnf"),
            out: with("out"),
            stdout: with("stdout"),
        }
    }
}

impl Drop for TempFiles {
    fn drop(&mut self) {
        for p in [&self.cnf, &self.out, &self.stdout] {
            remove(p);
        }
    }
}

fn remove(p: &Path) {
    let _ = std::fs::remove_file(p);
}
