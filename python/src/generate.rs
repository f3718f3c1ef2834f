//! # `cagesat.generate(kind, size, seed=None, **options)`
//!
//! One new puzzle of a kind, made by the library's [`cagesat::generate::generate`] from one
//! [`GenerateSpec`] and proven unique by it; the generation runs with the GIL released and
//! stops on Ctrl-C like a solve. The keyword options are the spec's, by their names
//! ([`GenOption::name`]); an option the kind does not read is a `TypeError`.

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use cagesat::generate::{generator, GenOption, GenerateError, GenerateSpec};
use cagesat::puzzle::Op;
use cagesat::Stop;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::puzzle::PyPuzzle;
use crate::run::interruptible;
use crate::SolverError;

/// `(rows, cols)` from an int (square) or a pair.
fn dims(size: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    if let Ok(n) = size.extract::<usize>() {
        return Ok((n, n));
    }
    size.extract::<(usize, usize)>()
        .map_err(|_| PyTypeError::new_err("size is an int or a (rows, cols) pair"))
}

/// A seed from the clock when none is given.
fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    })
}

/// KenKen operators from text such as `"+-*/"`.
fn ops(text: &str) -> PyResult<Vec<Op>> {
    text.chars()
        .map(|c| {
            Op::parse(&c.to_string())
                .filter(|op| matches!(op, Op::Add | Op::Sub | Op::Mul | Op::Div))
                .ok_or_else(|| PyValueError::new_err(format!("unknown operator {c:?} in ops")))
        })
        .collect()
}

/// Keyword options, taken one by one: whatever is left over was not understood.
type Options<'py> = HashMap<String, Bound<'py, PyAny>>;

/// A generator's error as a Python exception: `ValueError` for what was asked wrong (a
/// kind, a size, a level), `TypeError` for an option the kind does not read, the
/// `SolverError` otherwise.
fn failed(kind: &str, e: &GenerateError) -> PyErr {
    match e {
        GenerateError::Unsupported { option, .. } if *option == GenOption::Cols.name() => {
            PyValueError::new_err(format!("{kind} is square: size is one int"))
        }
        GenerateError::Unsupported { option, takes, .. } => PyTypeError::new_err(format!(
            "generate({kind:?}): unexpected option {option:?} (it takes: {takes})"
        )),
        GenerateError::UnknownKind { .. }
        | GenerateError::NoSuchLevel { .. }
        | GenerateError::Sudoku(_)
        | GenerateError::Params(_) => PyValueError::new_err(e.to_string()),
        other => SolverError::new_err(other.to_string()),
    }
}

/// Takes the option `name` out of `options`, read by `read`.
fn take<'py, T>(
    options: &mut Options<'py>,
    name: GenOption,
    read: impl Fn(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Option<T>> {
    options.remove(name.name()).map(|v| read(&v)).transpose()
}

/// Reads a `bool`.
fn boolean(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    v.extract()
}

/// Reads a number that is not negative.
fn number(v: &Bound<'_, PyAny>) -> PyResult<usize> {
    v.extract()
}

/// Reads text.
fn text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    v.extract()
}

/// The spec of `kind` from the keyword options (each taken out of `options`).
fn spec(
    kind: &str,
    (rows, cols): (usize, usize),
    seed: u64,
    options: &mut Options<'_>,
) -> PyResult<GenerateSpec> {
    let mut spec = GenerateSpec::new(rows);
    spec.cols = Some(cols);
    spec.seed = seed;
    if let Some(name) = take(options, GenOption::Level, text)? {
        let level = generator(kind).and_then(|g| g.level(&name));
        spec.level = Some(level.ok_or_else(|| {
            let known = generator(kind).map(|g| g.level_names().join(", "));
            PyValueError::new_err(format!(
                "unknown difficulty '{name}' for {kind} (expected one of: {})",
                known.unwrap_or_default()
            ))
        })?);
    }
    spec.max_attempts = take(options, GenOption::MaxAttempts, |v| v.extract::<u64>())?;
    spec.diagonals = take(options, GenOption::Diagonals, boolean)?.unwrap_or(false);
    spec.jigsaw = take(options, GenOption::Jigsaw, boolean)?.unwrap_or(false);
    spec.adjacent = take(options, GenOption::Adjacent, boolean)?.unwrap_or(false);
    spec.max_cage = take(options, GenOption::MaxCage, number)?;
    spec.givens = take(options, GenOption::Givens, boolean)?.unwrap_or(false);
    spec.single_cages = take(options, GenOption::SingleCages, boolean)?.unwrap_or(false);
    if let Some(written) = take(options, GenOption::Ops, text)? {
        spec.ops = Some(ops(&written)?);
    }
    spec.max_givens = take(options, GenOption::MaxGivens, number)?;
    spec.logic_solvable = take(options, GenOption::LogicSolvable, boolean)?;
    spec.unique = take(options, GenOption::Unique, boolean)?;
    Ok(spec)
}

/// `cagesat.generate(kind, size, seed=None, **options)`: a new unique puzzle.
///
/// Kinds and options: `kenken` (size n; `max_cage=5`, `ops="+-*/"`, `logic_solvable=True`,
/// `max_givens`), `kakuro` (size n or (rows, cols), frame included; `logic_solvable=True`,
/// `max_attempts`), `crossproduct` (size (rows, cols); `unique=True`,
/// `max_attempts=100000`), `sudoku` (size 4, 6, 9, 12 or 16; `jigsaw=True`: random
/// regions, sizes 4..=9), `killer` (size 4, 6, 9, 12 or 16; `max_cage=6`, `givens=True`,
/// `single_cages=True`), `towers` (size 3..=9), `unequal` (size 3..=9; `adjacent=True`:
/// the adjacent mode). Sudoku and Killer take `diagonals=True` (the X variants). Every kind
/// but CrossProduct takes `difficulty` (a `grade` level name, or Keen's for a KenKen) and
/// all but KenKen `max_attempts` (seeds tried for it). `seed=None` draws a seed from the
/// clock; the same seed gives the same puzzle.
#[pyfunction]
#[pyo3(signature = (kind, size, seed=None, **options))]
pub(crate) fn generate(
    py: Python<'_>,
    kind: &str,
    size: &Bound<'_, PyAny>,
    seed: Option<u64>,
    options: Option<Options<'_>>,
) -> PyResult<PyPuzzle> {
    let dims = dims(size)?;
    let seed = seed_or_clock(seed);
    let mut options = options.unwrap_or_default();
    let spec = spec(kind, dims, seed, &mut options)?;
    if let Some(name) = options.keys().next() {
        return Err(PyTypeError::new_err(format!(
            "generate({kind:?}): unexpected option {name:?}"
        )));
    }
    let stop = Stop::new();
    let run = stop.clone();
    let name = kind.to_string();
    let made = interruptible(py, &stop, move || {
        cagesat::generate::generate(&name, &spec, &run)
    })?;
    made.map(|g| PyPuzzle::new(g.puzzle))
        .map_err(|e| failed(kind, &e))
}
