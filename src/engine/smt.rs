//! # The SMT path
//!
//! Write the puzzle's SMT-LIB script ([`crate::smtlib`]), run z3 or cvc5 on it
//! ([`crate::backend::run_smt`], one process per query), read the `get-value` list back into
//! a grid, and ask again with every grid found so far excluded
//! (`(assert (not (and (= c_A1 3) …)))`) until the solver answers `unsat` or the visitor has
//! enough. Verification happens once, in the engine layer above. [`decode_smt_answer`]
//! reads an answer obtained outside the process (`cagesat decode`).

use std::ops::ControlFlow;
use std::time::Duration;

use crate::answer::Outcome;
use crate::backend::{run_smt, SmtSolver};
use crate::engine::{DecodeAnswerError, EngineError};
use crate::grid::Grid;
use crate::kind::verify;
use crate::puzzle::Puzzle;
use crate::smtlib::answer::{parse_smt_answer, values_to_grid, SmtAnswer};
use crate::smtlib::{SmtOptions, SmtStats};
use crate::stop::{Instant, Stop};

/// Sizes and times of one SMT run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmtRunStats {
    /// Script size (without the blocking assertions).
    pub script: SmtStats,
    /// Solver processes run (one per query).
    pub calls: usize,
    /// Time spent building the script.
    pub encode_time: Duration,
    /// Time spent in the solver processes, writing and reading included.
    pub solve_time: Duration,
}

/// Enumerates `puzzle`'s grids with `solver`, handing each to `visit` until it breaks,
/// the solver answers `unsat` (then `complete` is true), or `stop` ends the run (a
/// deadline or an interrupt: the solver is killed, `complete` is false, and the engine
/// layer reports the stop with the grids found so far, as for every other engine).
///
/// # Errors
/// Solver failures, `unknown` answers the solver gives on its own (a real give-up), and
/// answers that do not describe a grid.
pub(crate) fn enumerate(
    puzzle: &Puzzle,
    solver: SmtSolver,
    timeout: Option<Duration>,
    (opts, stop): (&SmtOptions, &Stop),
    visit: &mut dyn FnMut(Grid<u8>) -> ControlFlow<()>,
) -> Result<(bool, SmtRunStats), EngineError> {
    let t0 = Instant::now();
    let script = puzzle.smt_script(opts);
    let mut stats = SmtRunStats {
        script: script.stats(),
        encode_time: t0.elapsed(),
        ..SmtRunStats::default()
    };
    let t1 = Instant::now();
    let failed = |source| EngineError::Backend {
        solver: solver.program().to_string(),
        source,
    };
    let mut blocked: Vec<Grid<u8>> = Vec::new();
    let complete = loop {
        let mut text = Vec::new();
        script
            .write(&mut text, &blocked)
            .expect("writing to memory cannot fail");
        stats.calls += 1;
        match run_smt(solver, &text, timeout, stop).map_err(failed)? {
            SmtAnswer::Sat(values) => {
                let grid = values_to_grid(&script, &values)
                    .map_err(|e| failed(crate::backend::BackendError::SmtAnswer(e)))?;
                blocked.push(grid.clone());
                if visit(grid).is_break() {
                    break false;
                }
            }
            SmtAnswer::Unsat => break true,
            // Our own time limit or an interrupt killed the solver (or it gave up as the
            // deadline passed): the run stopped, and the grids found so far stand.
            SmtAnswer::Unknown if stop.is_requested() => break false,
            SmtAnswer::Unknown => {
                return Err(EngineError::GaveUp {
                    engine: solver.program().to_string(),
                })
            }
        }
    };
    stats.solve_time = t1.elapsed();
    Ok((complete, stats))
}

/// Reads z3's or cvc5's answer to `puzzle`'s SMT-LIB script (written with `opts`) and
/// returns the verified outcome (`unique` unknown).
///
/// # Errors
/// Unreadable answers (positioned), `unknown`, values that do not describe the grid, and
/// grids that break a rule.
pub fn decode_smt_answer(
    puzzle: &Puzzle,
    opts: &SmtOptions,
    text: &str,
) -> Result<Outcome, DecodeAnswerError> {
    match parse_smt_answer(text)? {
        SmtAnswer::Sat(values) => {
            let grid = values_to_grid(&puzzle.smt_script(opts), &values)?;
            verify(puzzle, &grid)?;
            Ok(Outcome::Solved {
                grid,
                unique: None,
                second: None,
            })
        }
        SmtAnswer::Unsat => Ok(Outcome::Unsat),
        SmtAnswer::Unknown => Err(DecodeAnswerError::Unknown),
    }
}

/// True when `text` reads as an SMT answer (`sat`, `unsat`, `unknown` or `(` first) rather
/// than a DIMACS one (`s …`, `SAT`, `UNSAT`, `INDET`, `c …`).
#[must_use]
pub fn is_smt_answer(text: &str) -> bool {
    crate::smtlib::answer::looks_like_smt(text)
}
