//! # `cagesat.Puzzle`, `cagesat.Solution`, `cagesat.Count`
//!
//! A puzzle of any kind, solved, proven unique, counted and drawn through the library's
//! [`Engine`]; every grid handed to Python has passed the library's independent verifier.

use std::sync::{Arc, OnceLock};

use cagesat::encode::{EncodeOptions, Encoding};
use cagesat::engine::{EngineError, EngineStats, ParallelOptions, SmtSolver, Threads};
use cagesat::{Engine, EngineOptions, Grid, Outcome, Puzzle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::cnf::Cnf;
use crate::run::{interruptible, stop_after};
use crate::solutions::Solutions;
use crate::{json_to_py, SolverError, Timeout, VerifyError};

/// The engine names `engine=` takes.
pub(crate) const ENGINE_NAMES: [&str; 7] =
    ["auto", "native", "varisat", "cadical", "dpll", "z3", "cvc5"];

/// The engine called `name`.
///
/// # Errors
/// An unknown name.
pub(crate) fn engine(name: &str) -> PyResult<Engine> {
    Ok(match name {
        "auto" => Engine::Auto,
        "native" => Engine::Native,
        "varisat" => Engine::Varisat,
        "cadical" => Engine::Cadical,
        "dpll" => Engine::Dpll,
        "z3" => Engine::Smt {
            solver: SmtSolver::Z3,
            timeout: None,
        },
        "cvc5" => Engine::Smt {
            solver: SmtSolver::Cvc5,
            timeout: None,
        },
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown engine {name:?} (expected one of {})",
                ENGINE_NAMES.join(", ")
            )))
        }
    })
}

/// A grid as Python rows: a list of lists of int (`Vec<u8>` would become `bytes`).
pub(crate) type Rows = Vec<Vec<u32>>;

/// A grid as [`Rows`].
pub(crate) fn rows(grid: &Grid<u8>) -> Rows {
    grid.iter_rows()
        .map(|row| row.iter().map(|&d| u32::from(d)).collect())
        .collect()
}

/// Python rows as a grid.
fn grid_from(rows: Vec<Vec<u8>>) -> PyResult<Grid<u8>> {
    Grid::from_rows(rows)
        .ok_or_else(|| VerifyError::new_err("a grid is a non-empty list of rows of equal length"))
}

/// A puzzle of any kind.
#[pyclass(name = "Puzzle", module = "cagesat", frozen)]
pub(crate) struct PyPuzzle {
    pub(crate) inner: Arc<Puzzle>,
    /// The default encoding, made on first use ([`PyPuzzle::decode`], [`PyPuzzle::encode`]).
    encoding: OnceLock<Arc<Encoding>>,
}

impl PyPuzzle {
    pub(crate) fn new(puzzle: Puzzle) -> Self {
        PyPuzzle {
            inner: Arc::new(puzzle),
            encoding: OnceLock::new(),
        }
    }

    /// The puzzle's CNF with the default options, encoded once.
    fn encoding(&self) -> PyResult<Arc<Encoding>> {
        if let Some(enc) = self.encoding.get() {
            return Ok(Arc::clone(enc));
        }
        let enc = self
            .inner
            .encode(&EncodeOptions::default())
            .map_err(|e| SolverError::new_err(e.to_string()))?;
        Ok(Arc::clone(self.encoding.get_or_init(|| Arc::new(enc))))
    }

    /// Runs `op` (solve or prove_unique) and turns its outcome into a `Solution` or `None`.
    fn outcome(
        &self,
        py: Python<'_>,
        engine_name: &str,
        (timeout, threads): (Option<f64>, Option<usize>),
        op: Op,
    ) -> PyResult<Option<Solution>> {
        let engine = engine(engine_name)?;
        let opts = EngineOptions {
            stop: stop_after(timeout)?,
            parallel: parallel(threads)?,
            ..EngineOptions::default()
        };
        let (puzzle, stop, run) = (Arc::clone(&self.inner), opts.stop.clone(), engine.clone());
        let answer = interruptible(py, &stop, move || {
            op(&run, &puzzle, &opts).map_err(|e| e.to_string())
        })?;
        let (outcome, stats) = answer.map_err(SolverError::new_err)?;
        let second = outcome.second().cloned();
        let (grid, unique) = match outcome {
            Outcome::Solved { grid, unique, .. } => (grid, unique),
            Outcome::Unsat => return Ok(None),
            Outcome::Stopped {
                grid: Some(grid), ..
            } => (grid, None),
            Outcome::Stopped { grid: None, .. } => {
                return Err(Timeout::new_err(format!(
                    "{}: no answer within {} s",
                    engine.name(),
                    timeout.unwrap_or_default()
                )))
            }
            other => {
                return Err(SolverError::new_err(format!(
                    "{}: no answer ({})",
                    engine.name(),
                    other.label()
                )))
            }
        };
        Ok(Some(Solution {
            grid,
            unique,
            second,
            stats: stats_dict(py, &engine, &stats)?,
            puzzle: Arc::clone(&self.inner),
        }))
    }
}

/// The thread options for `threads` threads (`None`: one, as the library's default; a
/// process per core is how notebooks and clusters use many cores).
///
/// # Errors
/// `ValueError` for zero threads.
fn parallel(threads: Option<usize>) -> PyResult<ParallelOptions> {
    match threads {
        None => Ok(ParallelOptions::default()),
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Ok(ParallelOptions {
            threads: Threads::Given(n),
            ..ParallelOptions::default()
        }),
    }
}

/// `Engine::solve` or `Engine::prove_unique`.
type Op = fn(&Engine, &Puzzle, &EngineOptions) -> Result<(Outcome, EngineStats), EngineError>;

/// An engine's effort as a dict: the JSON reports' `stats` plus `engine` and `time_ms`.
fn stats_dict(py: Python<'_>, engine: &Engine, stats: &EngineStats) -> PyResult<Py<PyDict>> {
    let dict = json_to_py(py, &stats.to_json())?.cast_into::<PyDict>()?;
    dict.set_item("engine", engine.name())?;
    dict.set_item("time_ms", stats.time().as_secs_f64() * 1e3)?;
    Ok(dict.unbind())
}

#[pymethods]
impl PyPuzzle {
    /// `"kenken"`, `"kakuro"`, `"crossproduct"`, `"sudoku"` or `"killer"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    /// `(rows, cols)` of the grid (for Kakuro, clue squares included).
    #[getter]
    fn size(&self) -> PyResult<(usize, usize)> {
        let label = self.inner.size_label();
        let dims = label
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
        dims.ok_or_else(|| SolverError::new_err(format!("unexpected size label {label:?}")))
    }

    /// One verified solution (`unique` is `None`), or `None` when there is none; on
    /// `threads` CDCL solvers when given.
    #[pyo3(signature = (engine="auto", timeout=None, threads=None))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: &str,
        timeout: Option<f64>,
        threads: Option<usize>,
    ) -> PyResult<Option<Solution>> {
        self.outcome(py, engine, (timeout, threads), Engine::solve)
    }

    /// One verified solution with `unique` set (`None` when the time ran out after the
    /// first), or `None` when there is none.
    #[pyo3(signature = (engine="auto", timeout=None, threads=None))]
    fn prove_unique(
        &self,
        py: Python<'_>,
        engine: &str,
        timeout: Option<f64>,
        threads: Option<usize>,
    ) -> PyResult<Option<Solution>> {
        self.outcome(py, engine, (timeout, threads), Engine::prove_unique)
    }

    /// The number of solutions, up to `limit`; `complete` is false when the limit or the
    /// timeout stopped the count (as the command line's partial count). `threads` splits
    /// the count over that many threads (CDCL solvers, or the DPLL walk).
    #[pyo3(signature = (limit=None, timeout=None, engine="auto", threads=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        engine: &str,
        threads: Option<usize>,
    ) -> PyResult<PyCount> {
        let engine = self::engine(engine)?;
        let opts = EngineOptions {
            stop: stop_after(timeout)?,
            parallel: parallel(threads)?,
            ..EngineOptions::default()
        };
        let (puzzle, stop) = (Arc::clone(&self.inner), opts.stop.clone());
        let answer = interruptible(py, &stop, move || {
            engine
                .count(&puzzle, &opts, limit)
                .map_err(|e| e.to_string())
        })?;
        let (count, _) = answer.map_err(SolverError::new_err)?;
        Ok(PyCount {
            count: count.count,
            complete: count.complete,
            stopped: count.stopped.map(|r| r.name()),
        })
    }

    /// An iterator over the solutions (grids, verified), each yielded as soon as it is found.
    #[pyo3(signature = (limit=None, engine="auto"))]
    fn solutions(&self, limit: Option<u64>, engine: &str) -> PyResult<Solutions> {
        Ok(Solutions::start(
            Arc::clone(&self.inner),
            self::engine(engine)?,
            limit,
        ))
    }

    /// The one-hot CNF (default options), for PySAT, pyganak or a DIMACS file; with
    /// `projection`, its projection set is the x(cell, digit) variables.
    #[pyo3(signature = (projection=false))]
    fn encode(&self, projection: bool) -> PyResult<Cnf> {
        Ok(Cnf::new(
            Arc::clone(&self.inner),
            self.encoding()?,
            projection,
        ))
    }

    /// The grid of a model of `encode()`'s CNF (signed DIMACS literals, as PySAT's
    /// `get_model()`), verified against every rule of the puzzle.
    fn decode(&self, model: Vec<i64>) -> PyResult<Rows> {
        let enc = self.encoding()?;
        let lits: Vec<String> = model.iter().map(i64::to_string).collect();
        let answer = format!("s SATISFIABLE\nv {} 0\n", lits.join(" "));
        match cagesat::dimacs::decode_answer(&self.inner, &enc, &answer) {
            Ok(outcome) => match outcome.grid() {
                Some(grid) => Ok(rows(grid)),
                None => Err(VerifyError::new_err("the model describes no grid")),
            },
            Err(e) => Err(VerifyError::new_err(e.to_string())),
        }
    }

    /// Checks a grid (rows of digits) against every rule; raises `VerifyError` on the first
    /// broken one.
    fn verify(&self, grid: Vec<Vec<u8>>) -> PyResult<()> {
        let grid = grid_from(grid)?;
        self.inner
            .verify(&grid)
            .map_err(|e| VerifyError::new_err(e.to_string()))
    }

    /// The puzzle as an SVG picture, with `solution` (a `Solution` or rows of digits) filled
    /// in when given.
    #[pyo3(signature = (solution=None))]
    fn svg(&self, solution: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let grid = match solution {
            None => None,
            Some(s) => Some(match s.cast::<Solution>() {
                Ok(sol) => sol.get().grid.clone(),
                Err(_) => grid_from(s.extract()?)?,
            }),
        };
        if let Some(g) = &grid {
            self.inner
                .verify(g)
                .map_err(|e| VerifyError::new_err(e.to_string()))?;
        }
        Ok(self.inner.render_svg(grid.as_ref()))
    }

    fn _repr_svg_(&self) -> String {
        self.inner.render_svg(None)
    }

    /// The puzzle in its text format, which `cagesat.parse` reads back.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagesat.Puzzle {} {}>",
            self.inner.kind(),
            self.inner.size_label()
        )
    }

    /// Pickling (Dask, multiprocessing): the puzzle's text and kind, read back by
    /// `cagesat.parse(text, kind)` (the kind is needed: a Killer Sudoku of standard boxes
    /// reads as KenKen without it).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let parse = py.import("cagesat")?.getattr("parse")?;
        Ok((parse, (self.inner.to_string(), self.inner.kind())))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPuzzle>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    /// The true candidates of `state` (grid text with `.` for an empty cell, or rows with 0):
    /// per cell the digits some solution extending it puts there; `wrong` names entries no
    /// solution extends.
    #[pyo3(signature = (state=None, engine="auto", timeout=None))]
    fn candidates(
        &self,
        py: Python<'_>,
        state: Option<&Bound<'_, PyAny>>,
        engine: &str,
        timeout: Option<f64>,
    ) -> PyResult<crate::setter::Candidates> {
        let state = crate::setter::state(&self.inner, state)?;
        crate::setter::candidates(py, &self.inner, state, engine, timeout)
    }

    /// The next forced deduction from `state` with its reason, or `None` when none is forced
    /// (solved, no solution, or several solutions). With entries no solution has, the next
    /// step from the other entries (`explain(state).wrong` names them).
    #[pyo3(signature = (state=None, timeout=None))]
    fn hint(
        &self,
        py: Python<'_>,
        state: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
    ) -> PyResult<Option<crate::setter::PyStep>> {
        let state = crate::setter::state(&self.inner, state)?;
        Ok(crate::setter::walk(py, &self.inner, state, timeout, false)?.first())
    }

    /// The whole path of forced deductions from `state`: `.steps`, `.end` and, when solved,
    /// `.solution`; `.wrong` names the entries no solution has first, and the steps go on
    /// from the others.
    #[pyo3(signature = (state=None, timeout=None))]
    fn explain(
        &self,
        py: Python<'_>,
        state: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
    ) -> PyResult<crate::setter::Explanation> {
        let state = crate::setter::state(&self.inner, state)?;
        crate::setter::walk(py, &self.inner, state, timeout, true)
    }
}

/// A verified solution.
#[pyclass(module = "cagesat", frozen)]
pub(crate) struct Solution {
    grid: Grid<u8>,
    unique: Option<bool>,
    /// The second solution a failed uniqueness check found.
    second: Option<Grid<u8>>,
    stats: Py<PyDict>,
    puzzle: Arc<Puzzle>,
}

#[pymethods]
impl Solution {
    /// The grid: a list of rows of digits (0 on Kakuro's clue and blank squares).
    #[getter]
    fn grid(&self) -> Rows {
        rows(&self.grid)
    }

    /// `True` / `False` when uniqueness was checked (`prove_unique`), else `None`.
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.unique
    }

    /// The second solution `prove_unique` found on a puzzle that is not unique, else `None`.
    #[getter]
    fn second(&self) -> Option<Rows> {
        self.second.as_ref().map(rows)
    }

    /// The labels of the cells where `grid` and `second` differ, in row-major order.
    #[getter]
    fn differ(&self) -> Vec<String> {
        self.second
            .as_ref()
            .map(|b| self.grid.differences(b).iter().map(|c| c.label()).collect())
            .unwrap_or_default()
    }

    /// The engine's effort: `engine`, `time_ms`, and its own counters.
    #[getter]
    fn stats(&self, py: Python<'_>) -> Py<PyDict> {
        self.stats.clone_ref(py)
    }

    fn _repr_svg_(&self) -> String {
        self.puzzle.render_svg(Some(&self.grid))
    }

    fn __str__(&self) -> String {
        self.puzzle.render_text(Some(&self.grid))
    }

    fn __repr__(&self) -> String {
        let unique = match self.unique {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!("Solution(grid={:?}, unique={unique})", rows(&self.grid))
    }
}

/// A solution count.
#[pyclass(name = "Count", module = "cagesat", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct PyCount {
    /// Solutions found.
    #[pyo3(get)]
    count: u64,
    /// True when there are no more.
    #[pyo3(get)]
    complete: bool,
    /// `"timeout"` when the time limit ended the count, else `None`.
    #[pyo3(get)]
    stopped: Option<&'static str>,
}

#[pymethods]
impl PyCount {
    fn __repr__(&self) -> String {
        let complete = if self.complete { "True" } else { "False" };
        format!("Count(count={}, complete={complete})", self.count)
    }
}
