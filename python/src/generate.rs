//! # `cagesat.generate(kind, size, seed=None, **options)`
//!
//! One new puzzle of a kind, made by the library's seeded generators (`cagesat::generate`,
//! `Sudoku::generate_variant`, `Killer::generate_variant`) and proven unique by them; the generation runs
//! with the GIL released and stops on Ctrl-C like a solve.

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use cagesat::encode::EncodeOptions;
use cagesat::generate::{
    generate_crossproduct_until, generate_kakuro_until, generate_kenken_until, CrossProductParams,
    GenerateError, KakuroParams, KenKenParams, SplitMix64, SudokuVariant,
};
use cagesat::puzzle::{Killer, Op, Sudoku, Towers, Unequal};
use cagesat::{Puzzle, Stop};
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

/// A generator's error as a Python exception.
fn failed(e: &impl std::fmt::Display) -> PyErr {
    SolverError::new_err(e.to_string())
}

/// A Sudoku or Killer generation failed: `ValueError` for a size without standard boxes,
/// as [`failed`] otherwise.
fn sudoku_failed(e: &GenerateError) -> PyErr {
    match e {
        GenerateError::Sudoku(e) => PyValueError::new_err(e.to_string()),
        GenerateError::Params(_) => PyValueError::new_err(e.to_string()),
        other => failed(other),
    }
}

/// A boolean keyword option, `false` when absent.
fn flag(options: &mut Options<'_>, name: &str) -> PyResult<bool> {
    options.remove(name).map_or(Ok(false), |v| v.extract())
}

/// The `diagonals=True` option of Sudoku and Killer (the X variants).
fn variant(options: &mut Options<'_>) -> PyResult<SudokuVariant> {
    let diagonals: bool = match options.remove("diagonals") {
        Some(v) => v.extract()?,
        None => false,
    };
    Ok(if diagonals {
        SudokuVariant::diagonals()
    } else {
        SudokuVariant::default()
    })
}

/// `cagesat.generate(kind, size, seed=None, **options)`: a new unique puzzle.
///
/// Kinds and options: `kenken` (size n; `max_cage=5`, `ops="+-*/"`, `logic_solvable=True`),
/// `kakuro` (size n or (rows, cols), frame included; `logic_solvable=True`),
/// `crossproduct` (size (rows, cols); `unique=True`, `max_attempts=100000`), `sudoku`
/// (size 4, 6, 9, 12 or 16; `jigsaw=True`: random regions, sizes 4..=9), `killer` (size 4, 6
/// or 9; `max_cage=4`), `towers` (size 3..=9), `unequal` (size 3..=9; `adjacent=True`: the
/// adjacent mode). Sudoku and Killer take `diagonals=True` (the X variants). `seed=None`
/// draws a seed from the clock; the same seed gives the same puzzle.
#[pyfunction]
#[pyo3(signature = (kind, size, seed=None, **options))]
pub(crate) fn generate(
    py: Python<'_>,
    kind: &str,
    size: &Bound<'_, PyAny>,
    seed: Option<u64>,
    options: Option<Options<'_>>,
) -> PyResult<PyPuzzle> {
    let (rows, cols) = dims(size)?;
    if matches!(kind, "kenken" | "sudoku" | "killer" | "towers" | "unequal") && rows != cols {
        return Err(PyValueError::new_err(format!(
            "{kind} is square: size is one int"
        )));
    }
    let seed = seed_or_clock(seed);
    let mut options = options.unwrap_or_default();
    let puzzle = match kind {
        "kenken" => kenken(py, rows, seed, &mut options)?,
        "kakuro" => kakuro(py, (rows, cols), seed, &mut options)?,
        "crossproduct" => crossproduct(py, (rows, cols), seed, &mut options)?,
        "sudoku" => {
            let variant = variant(&mut options)?;
            let jigsaw = flag(&mut options, "jigsaw")?;
            let stop = Stop::new();
            let run = stop.clone();
            let made = interruptible(py, &stop, move || {
                if jigsaw {
                    Sudoku::generate_jigsaw(rows, seed, variant, &run)
                } else {
                    Sudoku::generate_variant(rows, seed, variant, &run)
                }
            })?;
            Puzzle::Sudoku(made.map_err(|e| sudoku_failed(&e))?.0)
        }
        "towers" => {
            let stop = Stop::new();
            let run = stop.clone();
            let made = interruptible(py, &stop, move || Towers::generate_until(rows, seed, &run))?;
            Puzzle::Towers(made.map_err(|e| sudoku_failed(&e))?.0)
        }
        "unequal" => {
            let adjacent = flag(&mut options, "adjacent")?;
            let stop = Stop::new();
            let run = stop.clone();
            let made = interruptible(py, &stop, move || {
                Unequal::generate_until(rows, adjacent, seed, &run)
            })?;
            Puzzle::Unequal(made.map_err(|e| sudoku_failed(&e))?.0)
        }
        "killer" => {
            let max_cage = match options.remove("max_cage") {
                Some(v) => v.extract()?,
                None => 4,
            };
            let variant = variant(&mut options)?;
            let stop = Stop::new();
            let run = stop.clone();
            let made = interruptible(py, &stop, move || {
                Killer::generate_variant(rows, seed, max_cage, variant, &run)
            })?;
            Puzzle::Killer(made.map_err(|e| sudoku_failed(&e))?.0)
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown kind {kind:?} (expected kenken, kakuro, crossproduct, sudoku, killer, \
                 towers or unequal)"
            )))
        }
    };
    if let Some(name) = options.keys().next() {
        return Err(PyTypeError::new_err(format!(
            "generate({kind:?}): unexpected option {name:?}"
        )));
    }
    Ok(PyPuzzle::new(puzzle))
}

/// A KenKen of side `n`.
fn kenken(py: Python<'_>, n: usize, seed: u64, options: &mut Options<'_>) -> PyResult<Puzzle> {
    let mut params = KenKenParams::new(n);
    if let Some(v) = options.remove("max_cage") {
        params.max_cage = v.extract()?;
    }
    if let Some(v) = options.remove("ops") {
        params.ops = ops(&v.extract::<String>()?)?;
    }
    if let Some(v) = options.remove("logic_solvable") {
        params.logic_solvable = v.extract()?;
    }
    let mut rng = SplitMix64::new(seed);
    let stop = Stop::new();
    let run = stop.clone();
    let made = interruptible(py, &stop, move || {
        generate_kenken_until(&params, &mut rng, &run)
    })?;
    made.map(|g| Puzzle::KenKen(g.puzzle))
        .map_err(|e| failed(&e))
}

/// A Kakuro of `rows` x `cols` squares, frame included.
fn kakuro(
    py: Python<'_>,
    (rows, cols): (usize, usize),
    seed: u64,
    options: &mut Options<'_>,
) -> PyResult<Puzzle> {
    let mut params = KakuroParams::new(rows, cols);
    params.seed = seed;
    if let Some(v) = options.remove("logic_solvable") {
        params.logic_solvable = v.extract()?;
    }
    let stop = Stop::new();
    let run = stop.clone();
    let made = interruptible(py, &stop, move || generate_kakuro_until(&params, &run))?;
    made.map(|g| Puzzle::Kakuro(g.puzzle))
        .map_err(|e| failed(&e))
}

/// A CrossProduct of `rows` x `cols` (unique unless `unique=False`).
fn crossproduct(
    py: Python<'_>,
    (rows, cols): (usize, usize),
    seed: u64,
    options: &mut Options<'_>,
) -> PyResult<Puzzle> {
    let mut params = CrossProductParams {
        rows,
        cols,
        seed,
        count: 1,
        unique: true,
        ..CrossProductParams::default()
    };
    if let Some(v) = options.remove("unique") {
        params.unique = v.extract()?;
    }
    if let Some(v) = options.remove("max_attempts") {
        params.max_attempts = v.extract()?;
    }
    let opts = EncodeOptions::default();
    let stop = Stop::new();
    let run = stop.clone();
    let made = interruptible(py, &stop, move || {
        let mut found = None;
        let keep = |g: cagesat::generate::GeneratedCrossProduct| found = Some(g.puzzle);
        generate_crossproduct_until(&params, &opts, || run.clone(), keep).map(|()| found)
    })?;
    match made.map_err(|e| failed(&e))? {
        Some(p) => Ok(Puzzle::CrossProduct(p)),
        None => Err(SolverError::new_err("no CrossProduct was made")),
    }
}
