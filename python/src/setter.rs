//! # `Puzzle.candidates()`, `Puzzle.hint()`, `Puzzle.explain()`
//!
//! The library's setter tools ([`cagesat::setter`]) for Python: the true candidates of a
//! person's progress, and the next forced deduction (or the whole path) with its reason, the
//! reason's constraints as the command line's `--json` writes them. Solves run as in
//! `puzzle.rs`: the GIL released on a helper thread, Ctrl-C and the timeout through a `Stop`.

use std::sync::Arc;

use cagesat::puzzle::{Constraint, ConstraintKind, Step};
use cagesat::setter::explain::{self, End, ExplainOptions};
use cagesat::setter::{self, SetterError, State};
use cagesat::{EngineOptions, Grid, Puzzle};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::puzzle::{engine, rows, Rows};
use crate::run::{interruptible, stop_after};
use crate::{parse_error, SolverError, Timeout};

/// A state argument: grid text (`.` for an empty cell) or rows with 0 for an empty cell.
///
/// # Errors
/// `ParseError` for text (or rows) that is not a state of `puzzle`; `TypeError` for another
/// type.
pub(crate) fn state(puzzle: &Puzzle, arg: Option<&Bound<'_, PyAny>>) -> PyResult<Option<State>> {
    let Some(arg) = arg else {
        return Ok(None);
    };
    let text = match arg.extract::<String>() {
        Ok(text) => text,
        Err(_) => {
            let grid: Vec<Vec<u32>> = arg.extract()?;
            let lines: Vec<String> = grid
                .iter()
                .map(|row| {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
                        .collect();
                    cells.join(" ")
                })
                .collect();
            lines.join("\n") + "\n"
        }
    };
    State::parse(&text, puzzle).map(Some).map_err(parse_error)
}

/// `setter::candidates` with `engine` and `timeout`.
///
/// # Errors
/// `Timeout`, `SolverError`, the engine name's `ValueError`.
pub(crate) fn candidates(
    py: Python<'_>,
    puzzle: &Arc<Puzzle>,
    state: Option<State>,
    engine_name: &str,
    timeout: Option<f64>,
) -> PyResult<Candidates> {
    let engine = engine(engine_name)?;
    let opts = EngineOptions {
        stop: stop_after(timeout)?,
        ..EngineOptions::default()
    };
    let (puzzle, stop) = (Arc::clone(puzzle), opts.stop.clone());
    let answer = interruptible(py, &stop, move || {
        setter::candidates(&puzzle, state.as_ref(), &engine, &opts)
    })?;
    let c = answer.map_err(|e| match e {
        SetterError::Stopped { .. } => Timeout::new_err(e.to_string()),
        _ => SolverError::new_err(e.to_string()),
    })?;
    let grid = c
        .grid()
        .iter_rows()
        .map(|row| {
            row.iter()
                .map(|ds| ds.iter().map(|&d| u32::from(d)).collect())
                .collect()
        })
        .collect();
    Ok(Candidates {
        grid,
        unique: c.unique(),
        solutions_seen: c.solutions_seen,
        wrong: c.wrong.iter().map(|&(cell, d)| (cell.label(), d)).collect(),
    })
}

/// `explain::hint` (`whole` false) or `explain::explain` (`whole` true).
///
/// # Errors
/// `SolverError` for a failing solver; `Timeout` when the time ran out before the first step.
pub(crate) fn walk(
    py: Python<'_>,
    puzzle: &Arc<Puzzle>,
    state: Option<State>,
    timeout: Option<f64>,
    whole: bool,
) -> PyResult<Explanation> {
    let opts = ExplainOptions {
        stop: stop_after(timeout)?,
        ..ExplainOptions::default()
    };
    let (run, stop) = (Arc::clone(puzzle), opts.stop.clone());
    // Wrong entries are named first, and the path goes on from the others.
    let answer = interruptible(py, &stop, move || {
        explain::from_progress(&run, state.as_ref(), &opts, whole).map(|p| (p.wrong, p.path))
    })?;
    let (wrong, ex) = answer.map_err(|e| SolverError::new_err(e.to_string()))?;
    let (end, solution) = match &ex.end {
        End::Solved(grid) => ("solved", Some(grid.clone())),
        End::Open => ("open", None),
        End::NoSolution => ("no solution", None),
        End::NotUnique { .. } => ("not unique", None),
        _ => ("stopped", None),
    };
    if end == "stopped" && ex.steps.is_empty() {
        return Err(Timeout::new_err(format!(
            "no step within {} s",
            timeout.unwrap_or_default()
        )));
    }
    Ok(Explanation {
        steps: ex.steps.into_iter().map(PyStep).collect(),
        end,
        solution,
        wrong: wrong
            .iter()
            .map(|w| (w.cell.label(), w.digit, w.to_string()))
            .collect(),
    })
}

/// The true candidates of a state.
#[pyclass(module = "cagesat", frozen)]
pub(crate) struct Candidates {
    /// Per cell the digits some solution extending the state puts there (empty lists on
    /// squares that hold no digit).
    #[pyo3(get)]
    grid: Vec<Vec<Vec<u32>>>,
    /// True when exactly one solution extends the state.
    #[pyo3(get)]
    unique: bool,
    /// Solutions the search met.
    #[pyo3(get)]
    solutions_seen: u64,
    /// The state's entries that no solution extends: `(cell label, digit)`.
    #[pyo3(get)]
    wrong: Vec<(String, u8)>,
}

#[pymethods]
impl Candidates {
    fn __repr__(&self) -> String {
        let unique = if self.unique { "True" } else { "False" };
        format!(
            "Candidates(unique={unique}, solutions_seen={}, wrong={:?})",
            self.solutions_seen, self.wrong
        )
    }
}

/// One deduction: a digit placed in or eliminated from a cell, with its reason.
#[pyclass(name = "Step", module = "cagesat", frozen)]
pub(crate) struct PyStep(Step);

/// A constraint as the command line's `--json` writes it.
fn constraint_dict<'py>(py: Python<'py>, c: &Constraint) -> PyResult<Bound<'py, PyDict>> {
    let cage = c.kind == ConstraintKind::Cage;
    let d = PyDict::new(py);
    d.set_item("kind", c.kind.name())?;
    let cells: Vec<String> = c.cells.iter().map(|x| x.label()).collect();
    d.set_item("cells", cells)?;
    if let Some(op) = c.op.filter(|_| cage) {
        d.set_item("op", op.symbol().to_string())?;
    }
    if let Some(target) = c.target {
        d.set_item("target", target)?;
    }
    if cage && c.distinct {
        d.set_item("distinct", true)?;
    }
    Ok(d)
}

#[pymethods]
impl PyStep {
    /// The cell's label (`"C3"`).
    #[getter]
    fn cell(&self) -> String {
        self.0.cell.label()
    }

    /// The digit placed or eliminated.
    #[getter]
    fn digit(&self) -> u8 {
        self.0.digit
    }

    /// `"place"` or `"eliminate"`.
    #[getter]
    fn action(&self) -> &'static str {
        self.0.action.name()
    }

    /// The technique's name (`"hidden single"`, `"pointing"`, `"X-wing"`, …).
    #[getter]
    fn technique(&self) -> String {
        self.0.technique.name()
    }

    /// The technique's score on the scale of `encodings/explain.md` (`1.2`, `2.6`, …).
    #[getter]
    fn score(&self) -> f64 {
        f64::from(self.0.technique.score()) / 10.0
    }

    /// The constraints that force the step, as dicts like the command line's JSON.
    #[getter]
    fn reason<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .0
            .reason
            .iter()
            .map(|c| constraint_dict(py, c))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<cagesat.Step {}>", self.0)
    }
}

/// A path of steps and how it ends.
#[pyclass(name = "Explanation", module = "cagesat", frozen)]
pub(crate) struct Explanation {
    steps: Vec<PyStep>,
    /// `"solved"`, `"open"` (a hint: more steps follow), `"not unique"`, `"no solution"`
    /// or `"stopped"`.
    #[pyo3(get)]
    end: &'static str,
    solution: Option<Grid<u8>>,
    /// The state's entries no solution has, when no solution extends it: `(cell, digit,
    /// text)`, e.g. `("A1", 5, "A1 = 5 is wrong: the solution has 4")`; the steps then go
    /// on from the other entries.
    #[pyo3(get)]
    wrong: Vec<(String, u8, String)>,
}

impl Explanation {
    /// The first step, handed out as a fresh `Step`.
    pub(crate) fn first(&self) -> Option<PyStep> {
        self.steps.first().map(|s| PyStep(s.0.clone()))
    }
}

#[pymethods]
impl Explanation {
    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<PyStep> {
        self.steps.iter().map(|s| PyStep(s.0.clone())).collect()
    }

    /// The verified solution the path ends in (`end == "solved"`), else `None`.
    #[getter]
    fn solution(&self) -> Option<Rows> {
        self.solution.as_ref().map(rows)
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagesat.Explanation {} steps, {}>",
            self.steps.len(),
            self.end
        )
    }
}
