//! # `cagesat.CNF`
//!
//! A puzzle's one-hot CNF for Python's SAT tools: `clauses` as lists of signed DIMACS
//! literals go straight into `pysat.solvers.Solver(bootstrap_with=...)` and
//! `pyganak.Counter.add_clauses`; `var(cell, digit)` names x(cell, digit); `to_dimacs()` is the
//! command line's `dimacs` export (with the projection lines when asked for).

use std::sync::Arc;

use cagesat::encode::{EncodeOptions, Encoding};
use cagesat::{Cell, Puzzle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// A puzzle's CNF.
#[pyclass(name = "CNF", module = "cagesat", frozen)]
pub(crate) struct Cnf {
    puzzle: Arc<Puzzle>,
    enc: Arc<Encoding>,
    projection: bool,
}

impl Cnf {
    pub(crate) fn new(puzzle: Arc<Puzzle>, enc: Arc<Encoding>, projection: bool) -> Self {
        Cnf {
            puzzle,
            enc,
            projection,
        }
    }
}

/// A cell given as `(row, col)` (0-based) or a label (`"A1"`: column letter, row number).
fn cell_of(cell: &Bound<'_, PyAny>) -> PyResult<Cell> {
    if let Ok(label) = cell.extract::<String>() {
        return Cell::parse_label(&label)
            .ok_or_else(|| PyValueError::new_err(format!("not a cell label: {label:?}")));
    }
    let (row, col): (u8, u8) = cell.extract()?;
    Ok(Cell::new(row, col))
}

#[pymethods]
impl Cnf {
    /// The clauses, each a list of signed DIMACS literals (a new list on each access).
    #[getter]
    fn clauses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for clause in self.enc.formula.iter() {
            let lits: Vec<isize> = clause.iter().map(|l| l.to_dimacs()).collect();
            out.append(lits)?;
        }
        Ok(out)
    }

    /// The number of variables (x variables first, then auxiliaries).
    #[getter]
    fn nvars(&self) -> usize {
        self.enc.formula.var_count()
    }

    /// The variables to count over with `projection=True` (every x(cell, digit)), else
    /// `None`.
    #[getter]
    fn projection(&self) -> Option<Vec<usize>> {
        self.projection
            .then(|| (1..=self.enc.map.var_count()).collect())
    }

    /// The DIMACS variable of x(cell, digit): true when `cell` holds `digit`.
    fn var(&self, cell: &Bound<'_, PyAny>, digit: u8) -> PyResult<isize> {
        let cell = cell_of(cell)?;
        let map = &self.enc.map;
        if !map.cells().contains(&cell) {
            return Err(PyValueError::new_err(format!(
                "cell {} has no digit in this puzzle",
                cell.label()
            )));
        }
        if !(1..=map.digits()).contains(&digit) {
            return Err(PyValueError::new_err(format!(
                "digit {digit} is outside 1..={}",
                map.digits()
            )));
        }
        Ok(map.lit(cell, digit).to_dimacs())
    }

    /// The formula as DIMACS text, with the command line's header comments (and its
    /// projection lines `c p show …` with `projection=True`).
    fn to_dimacs(&self) -> PyResult<String> {
        let mut out = Vec::new();
        let opts = EncodeOptions::default();
        let written = if self.projection {
            cagesat::dimacs::write_dimacs_projected(&mut out, &self.puzzle, &self.enc, &opts, &[])
        } else {
            cagesat::dimacs::write_dimacs(&mut out, &self.puzzle, &self.enc, &opts, &[])
        };
        written.map_err(|e| PyValueError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __len__(&self) -> usize {
        self.enc.formula.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<cagesat.CNF {} vars, {} clauses>",
            self.nvars(),
            self.enc.formula.len()
        )
    }
}
