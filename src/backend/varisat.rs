//! # The embedded solver: varisat
//!
//! varisat cannot be interrupted inside a call. When nothing can request the [`Stop`] while
//! a call runs (no deadline, not [`Stop::interruptible`]) the solver runs on the caller's
//! thread and the stop is looked at before each call starts. When the stop has a deadline
//! (a time limit) or is interruptible (the command-line tool's Ctrl-C and SIGTERM), set
//! before the first clause, the solver lives on a worker thread of its own: clauses are
//! gathered and handed over in one batch before each call, and each call waits for its
//! answer only until the stop is requested: then the call answers
//! [`SatResult::Unknown`] on time, the solver is abandoned, and the worker thread finishes
//! its current call in the background and exits (its work is lost; later calls on this
//! backend answer `Unknown` at once).

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use crate::answer::SatResult;
use crate::backend::{Backend, BackendError};
use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::stop::Stop;

/// How often a waiting call looks at its stop.
const POLL: Duration = Duration::from_millis(5);

/// varisat behind the [`Backend`] trait.
pub(crate) struct VarisatBackend {
    mode: Mode,
    stop: Stop,
    /// Something was added (the inline solver can no longer move to a worker).
    used: bool,
}

enum Mode {
    /// The solver on the caller's thread.
    Inline(Box<varisat::Solver<'static>>),
    /// The solver on a worker thread.
    Worker {
        commands: Sender<Command>,
        answers: Receiver<Result<SatResult, String>>,
        /// Clauses added since the last call, handed over before the next.
        pending: varisat::CnfFormula,
    },
    /// A call was stopped while the worker was busy: the solver is gone.
    Abandoned,
}

enum Command {
    Clauses(varisat::CnfFormula),
    Solve(Vec<Lit>),
}

impl VarisatBackend {
    /// A fresh solver.
    #[must_use]
    pub(crate) fn new() -> Self {
        VarisatBackend {
            mode: Mode::Inline(Box::default()),
            stop: Stop::new(),
            used: false,
        }
    }

    /// Moves the solver to a worker thread, if nothing was added to it yet (varisat's
    /// solver is not `Send`, so the worker builds its own; a solver that already holds
    /// clauses stays on the caller's thread). `wasm32-unknown-unknown` has no threads: the
    /// solver stays inline there.
    fn move_to_worker(&mut self) {
        let threads = !cfg!(all(target_arch = "wasm32", target_os = "unknown"));
        if !threads || !matches!(self.mode, Mode::Inline(_)) || self.used {
            return;
        }
        let (commands, inbox) = mpsc::channel::<Command>();
        let (outbox, answers) = mpsc::channel();
        let _detached = std::thread::spawn(move || {
            let mut solver = varisat::Solver::new();
            for command in inbox {
                match command {
                    Command::Clauses(f) => solver.add_formula(&f),
                    Command::Solve(assumptions) => {
                        if outbox
                            .send(solve_inline(&mut solver, &assumptions))
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            }
        });
        self.mode = Mode::Worker {
            commands,
            answers,
            pending: varisat::CnfFormula::new(),
        };
    }
}

impl Default for VarisatBackend {
    fn default() -> Self {
        Self::new()
    }
}

/// One varisat call; assumptions hold for that call only.
fn solve_inline(
    solver: &mut varisat::Solver<'static>,
    assumptions: &[Lit],
) -> Result<SatResult, String> {
    solver.assume(assumptions);
    let answer = match solver.solve() {
        Ok(true) => Ok(SatResult::Sat(solver.model().unwrap_or_default())),
        Ok(false) => Ok(SatResult::Unsat),
        Err(e) => Err(e.to_string()),
    };
    // varisat keeps assumptions until replaced; the model is read before that.
    if !assumptions.is_empty() {
        solver.assume(&[]);
    }
    answer
}

impl Backend for VarisatBackend {
    fn name(&self) -> &str {
        "varisat"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.used = true;
        match &mut self.mode {
            Mode::Inline(solver) => solver.add_clause(clause),
            Mode::Worker { pending, .. } => pending.add_clause(clause),
            Mode::Abandoned => {}
        }
    }

    fn add_formula(&mut self, formula: &CnfFormula) {
        self.used = true;
        match &mut self.mode {
            Mode::Inline(solver) => formula.iter().for_each(|c| solver.add_clause(c)),
            Mode::Worker { pending, .. } => {
                pending.set_var_count(formula.var_count());
                for clause in formula.iter() {
                    pending.add_clause(clause);
                }
            }
            Mode::Abandoned => {}
        }
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        if self.stop.is_requested() {
            return Ok(SatResult::Unknown);
        }
        let Mode::Worker {
            commands,
            answers,
            pending,
        } = &mut self.mode
        else {
            return match &mut self.mode {
                Mode::Inline(solver) => {
                    solve_inline(solver, assumptions).map_err(BackendError::Internal)
                }
                _ => Ok(SatResult::Unknown),
            };
        };
        if !pending.is_empty() {
            let batch = std::mem::take(pending);
            if commands.send(Command::Clauses(batch)).is_err() {
                return Err(BackendError::Internal("the varisat worker ended".into()));
            }
        }
        if commands.send(Command::Solve(assumptions.to_vec())).is_err() {
            return Err(BackendError::Internal("the varisat worker ended".into()));
        }
        loop {
            match answers.recv_timeout(POLL) {
                Ok(answer) => return answer.map_err(BackendError::Internal),
                Err(RecvTimeoutError::Timeout) if self.stop.is_requested() => {
                    self.mode = Mode::Abandoned;
                    return Ok(SatResult::Unknown);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(BackendError::Internal("the varisat worker ended".into()))
                }
            }
        }
    }

    fn set_stop(&mut self, stop: Stop) {
        if stop.can_interrupt_a_call() {
            self.move_to_worker();
        }
        self.stop = stop;
    }
}

/// Refutes `formula` with varisat and writes an LRAT proof of its unsatisfiability to
/// `lrat` (text format; the formula's clauses are ids 1 to m, in order). Answers `false`
/// (and the proof is meaningless) when the formula is satisfiable.
///
/// varisat checks its own proof as it goes (`varisat-checker`) and `varisat-lrat` writes the
/// checked steps with their unit-propagation hints, so this is slower than a plain solve.
///
/// # Errors
/// [`BackendError::Internal`] when the solver or the proof writer fails.
pub(crate) fn refute_with_lrat(
    formula: &CnfFormula,
    lrat: &mut dyn std::io::Write,
) -> Result<bool, BackendError> {
    let failed = |e: &dyn std::fmt::Display| BackendError::Internal(format!("varisat proof: {e}"));
    let mut writer = varisat_lrat::WriteLrat::new(lrat, false);
    let unsat = {
        let mut solver = varisat::Solver::new();
        solver.add_proof_processor(&mut writer);
        // One by one, in order: the proof numbers the formula's clauses 1 to m.
        formula.iter().for_each(|c| solver.add_clause(c));
        let sat = solver.solve().map_err(|e| failed(&e))?;
        solver.close_proof().map_err(|e| failed(&e))?;
        !sat
    };
    writer.flush().map_err(|e| failed(&e))?;
    Ok(unsat)
}
