//! # Answers from outside
//!
//! The CNF can leave the process ([`crate::encode`] writes it as DIMACS) and its answer come
//! back: [`decode_answer`] reads what an external solver printed, decodes the model through
//! the one-hot map and verifies the grid independently. [`write_dimacs`] writes the CNF,
//! optionally with clauses that exclude given solutions ([`parse_blocked_solution`] reads
//! them), so an external solver can be asked "is there another one?".

use std::io::{self, Write};

use thiserror::Error;

use crate::answer::{Outcome, SatResult};
use crate::cnf::dimacs::{parse_answer, AnswerError};
use crate::cnf::{self, DecodeError, Lit};
use crate::encode::{dimacs_comments, EncodeOptions, Encoding};
use crate::engine::sat::blocking_clause;
use crate::grid::Grid;
use crate::kind::verify;
use crate::parse::solution::parse_solution_text;
use crate::parse::{ParseError, SolutionParseError};
use crate::puzzle::Puzzle;
use crate::verify::VerifyError;

/// An external answer could not be turned into a verified outcome.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DecodeAnswerError {
    /// The answer text is not a solver answer.
    #[error(transparent)]
    Unreadable(#[from] AnswerError),
    /// The answer text is not an SMT solver answer, or its values are not the grid's.
    #[error(transparent)]
    SmtUnreadable(#[from] crate::smtlib::answer::SmtAnswerError),
    /// The solver gave up.
    #[error("the solver answered UNKNOWN")]
    Unknown,
    /// The model is of a smaller formula: it does not reach the formula's last variable and
    /// does not describe a grid.
    #[error("the answer has {found} variables, the formula {vars} (is it the answer to another formula?)")]
    ShortModel {
        /// The highest variable the model gives.
        found: usize,
        /// The formula's variable count.
        vars: usize,
    },
    /// The model does not describe a grid.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// The grid breaks a rule of the puzzle.
    #[error("answer failed independent verification")]
    Verify(#[from] VerifyError),
    /// A grid to be blocked ([`decode_blocked_answer`]) is not a solution of the puzzle, so
    /// the answer could not say whether it is the only one.
    #[error("blocked grid {number} is not a solution of the puzzle")]
    BlockedNotSolution {
        /// Which blocked grid (1-based, in the order given).
        number: usize,
        /// The broken rule.
        source: VerifyError,
    },
    /// The answer's grid is one of the blocked grids: the answer is not to the CNF that
    /// blocks them.
    #[error("the answer is blocked grid {number} (is it the answer to the CNF without its blocking clauses?)")]
    AnswerIsBlocked {
        /// Which blocked grid (1-based).
        number: usize,
    },
}

/// Reads an external solver's answer (SAT-competition `s`/`v` lines or MiniSat's result
/// file) to `enc`, the CNF of `puzzle`, and returns the verified outcome (`unique` unknown).
///
/// # Errors
/// Unreadable answers, `UNKNOWN`, models that are not grids, and grids that break a rule.
pub fn decode_answer(
    puzzle: &Puzzle,
    enc: &Encoding,
    text: &str,
) -> Result<Outcome, DecodeAnswerError> {
    match parse_answer(text, enc.formula.var_count())? {
        SatResult::Sat(model) => {
            let vars = enc.formula.var_count();
            let found = model.iter().map(|l| l.var().index() + 1).max().unwrap_or(0);
            let grid = enc.map.decode(&model).map_err(|e| {
                if found < vars {
                    DecodeAnswerError::ShortModel { found, vars }
                } else {
                    e.into()
                }
            })?;
            verify(puzzle, &grid)?;
            Ok(Outcome::Solved {
                grid,
                unique: None,
                second: None,
            })
        }
        SatResult::Unsat => Ok(Outcome::Unsat),
        SatResult::Unknown => Err(DecodeAnswerError::Unknown),
    }
}

/// Reads an external solver's answer to `enc` with the grids of `blocked` excluded (the CNF
/// [`write_dimacs`] writes with them): "is there another solution?". The blocked grids are
/// verified first (they must be solutions for the answer to mean anything; repeats count
/// once). `UNSAT` then means they are all the solutions: with one grid, the answer is that
/// grid, unique; with more, the first of them and (as [`Outcome::second`]) the second. A
/// model is a further verified solution: the answer is the first blocked grid, not unique,
/// with the model's grid as the second. Without blocked grids this is [`decode_answer`].
///
/// # Errors
/// A blocked grid that breaks a rule, an answer whose grid is a blocked one, and every
/// error of [`decode_answer`].
pub fn decode_blocked_answer(
    puzzle: &Puzzle,
    enc: &Encoding,
    blocked: &[Grid<u8>],
    text: &str,
) -> Result<Outcome, DecodeAnswerError> {
    let mut distinct: Vec<&Grid<u8>> = Vec::with_capacity(blocked.len());
    for (i, grid) in blocked.iter().enumerate() {
        verify(puzzle, grid).map_err(|source| DecodeAnswerError::BlockedNotSolution {
            number: i + 1,
            source,
        })?;
        if !distinct.contains(&grid) {
            distinct.push(grid);
        }
    }
    let answer = decode_answer(puzzle, enc, text)?;
    let Some(&first) = distinct.first() else {
        return Ok(answer);
    };
    let second = match answer {
        Outcome::Solved { grid, .. } => {
            if let Some(i) = blocked.iter().position(|b| *b == grid) {
                return Err(DecodeAnswerError::AnswerIsBlocked { number: i + 1 });
            }
            Some(grid)
        }
        _ => distinct.get(1).map(|&g| g.clone()),
    };
    Ok(Outcome::Solved {
        grid: first.clone(),
        unique: Some(second.is_none()),
        second,
    })
}

/// Writes `enc`, the CNF of `puzzle` made with `opts`, as DIMACS: `c` lines naming the
/// puzzle, the encoding and every variable, then the clauses, then one clause per grid in
/// `blocked` that excludes it (so a solver answers "is there another solution?").
/// Byte-for-byte deterministic.
///
/// # Errors
/// Write failures.
pub fn write_dimacs(
    w: &mut impl Write,
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
    blocked: &[Grid<u8>],
) -> io::Result<()> {
    write_dimacs_with(w, puzzle, enc, opts, blocked, false)
}

/// Variables per `c ind` line of a projected export.
const IND_PER_LINE: usize = 10;

/// [`write_dimacs`] plus the model-counting competition's projection lines right before
/// the `p cnf` line: `c t pmc` and `c p show 1 2 … n 0` over the x(cell, digit) variables
/// only, and the same set as `c ind … 0` lines of at most ten variables (ApproxMC, Arjun),
/// so a projected model counter counts grids rather than assignments of auxiliary
/// variables (each grid extends to exactly one assignment of the x variables).
///
/// # Errors
/// Write failures.
pub fn write_dimacs_projected(
    w: &mut impl Write,
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
    blocked: &[Grid<u8>],
) -> io::Result<()> {
    write_dimacs_with(w, puzzle, enc, opts, blocked, true)
}

fn write_dimacs_with(
    w: &mut impl Write,
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
    blocked: &[Grid<u8>],
    projection: bool,
) -> io::Result<()> {
    let title = format!("{} {}", puzzle.kind(), puzzle.size_label());
    let mut comments = dimacs_comments(&title, &puzzle.option_flags(opts), enc);
    if !blocked.is_empty() {
        comments.push(format!(
            "block: the last {} clause(s) exclude given solutions",
            blocked.len()
        ));
    }
    if projection {
        comments.push("t pmc".to_string());
        let show: Vec<String> = (1..=enc.map.var_count()).map(|v| v.to_string()).collect();
        comments.push(format!("p show {} 0", show.join(" ")));
        // The same set as ApproxMC and Arjun read it: `c ind` lines of at most ten.
        for chunk in show.chunks(IND_PER_LINE) {
            comments.push(format!("ind {} 0", chunk.join(" ")));
        }
    }
    let blocks: Vec<Vec<Lit>> = blocked
        .iter()
        .map(|g| blocking_clause(&enc.map, g))
        .collect();
    cnf::dimacs::write_dimacs(w, &comments, &enc.formula, &blocks)
}

/// Reads a solution of `enc`'s puzzle (one row per line, see [`crate::parse::parse_solution`]) to
/// be blocked by [`write_dimacs`], checking its shape and digits.
///
/// # Errors
/// Unreadable solutions, a grid of the wrong shape, and digits the puzzle cannot hold, at
/// their position in `text` (the caller adds the file name).
pub fn parse_blocked_solution(enc: &Encoding, text: &str) -> Result<Grid<u8>, ParseError> {
    let sol = parse_solution_text(text)?;
    let map = &enc.map;
    let (rows, cols) = map.dims();
    sol.expect_shape(rows, cols)?;
    for &cell in map.cells() {
        let digit = *sol.grid.get(cell);
        if digit == 0 || digit > map.digits() {
            let kind = SolutionParseError::SolutionDigit {
                cell,
                digit,
                max: map.digits(),
            };
            return Err(ParseError::new(*sol.pos.get(cell), kind));
        }
    }
    Ok(sol.grid)
}
