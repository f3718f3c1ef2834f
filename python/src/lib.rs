//! # cagesat for Python
//!
//! The extension module `cagesat._cagesat`, which `cagesat/__init__.py` re-exports as
//! `cagesat`: reading puzzles ([`read`], [`parse`]), the [`puzzle::PyPuzzle`] class that
//! solves, counts, enumerates, encodes and draws them, and [`generate::generate`]. Everything
//! goes through the library's public API (`cagesat::…`); this crate only converts values and
//! errors and runs the solvers with the GIL released ([`run::interruptible`]).

mod cnf;
mod generate;
mod puzzle;
mod run;
mod setter;
mod solutions;

use std::path::PathBuf;

use cagesat::parse::ParseErrorKind;
use cagesat::Puzzle;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyFileNotFoundError, PyOSError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(
    cagesat,
    ParseError,
    PyValueError,
    "Text that is not a puzzle: `.path`, `.line` and `.col` (1-based; line 0 when the error \
     concerns the whole text) say where."
);
create_exception!(
    cagesat,
    SolverError,
    PyException,
    "An engine failed (encoding limit, solver error, an answer that failed verification)."
);
create_exception!(
    cagesat,
    VerifyError,
    PyValueError,
    "A grid or model that breaks a rule of the puzzle (or is not a grid of it)."
);
create_exception!(
    cagesat,
    Timeout,
    PyTimeoutError,
    "The time limit passed before the engine had an answer (a count returns its partial \
     count instead)."
);

/// The library's parse error as `cagesat.ParseError` (an I/O error as `OSError`).
fn parse_error(e: cagesat::ParseError) -> PyErr {
    if let ParseErrorKind::Io(_) = &e.kind {
        let missing = e.path.as_ref().is_some_and(|p| !p.exists());
        return if missing {
            PyFileNotFoundError::new_err(e.to_string())
        } else {
            PyOSError::new_err(e.to_string())
        };
    }
    // In-memory text has no file name: the library's message says `<stdin>`.
    let message = e.to_string();
    let message = match (&e.path, message.strip_prefix("<stdin>:")) {
        (None, Some(rest)) => format!("<string>:{rest}"),
        _ => message,
    };
    let err = ParseError::new_err(message);
    Python::attach(|py| {
        let value = err.value(py);
        let path = e.path.as_ref().map(|p| p.display().to_string());
        let set = value
            .setattr("path", path)
            .and_then(|()| value.setattr("line", e.pos.line))
            .and_then(|()| value.setattr("col", e.pos.col));
        set.err().unwrap_or(err)
    })
}

/// Whether a one-line string names a file: it exists, or it ends in a puzzle extension.
fn names_a_file(text: &str) -> bool {
    if text.contains('\n') || text.starts_with("keen:") || text.contains("://") {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    std::path::Path::new(text).is_file()
        || lower.ends_with(".txt")
        || Puzzle::format_names()
            .iter()
            .any(|e| lower.ends_with(&format!(".{e}")))
}

/// `cagesat.read(source)`: a puzzle from a path (`str` or `os.PathLike`), the text of a
/// puzzle, a Keen game ID (`keen:…`) or a puzz.link URL.
#[pyfunction]
fn read(source: &Bound<'_, PyAny>) -> PyResult<puzzle::PyPuzzle> {
    let parsed = if let Ok(text) = source.extract::<String>() {
        if names_a_file(&text) {
            Puzzle::read(&text)
        } else {
            Puzzle::parse(&text)
        }
    } else {
        let path: PathBuf = source.extract()?;
        Puzzle::read(path)
    };
    parsed.map(puzzle::PyPuzzle::new).map_err(parse_error)
}

/// `cagesat.parse(text, kind=None)`: a puzzle from its text; `kind` (a format name, as the
/// command line's `--kind` takes: `"kenken"`, `"keen"`, `"solo"`, `"killer-short"`,
/// `"towers"`, …) picks the format instead of recognising it from the content.
#[pyfunction]
#[pyo3(signature = (text, kind=None))]
fn parse(text: &str, kind: Option<&str>) -> PyResult<puzzle::PyPuzzle> {
    let parsed = match kind {
        None => Puzzle::parse(text),
        Some(kind) => {
            let names = Puzzle::format_names();
            if !names.contains(&kind) {
                return Err(PyValueError::new_err(format!(
                    "unknown kind {kind:?} (expected one of {})",
                    names.join(", ")
                )));
            }
            // The library picks the format by a file name's extension.
            let opts = cagesat::ParseOptions::default().path(format!("<text>.{kind}"));
            Puzzle::parse_with(text, &opts).map_err(|mut e| {
                e.path = None;
                e
            })
        }
    };
    parsed.map(puzzle::PyPuzzle::new).map_err(parse_error)
}

/// `cagesat.read_all(source, kind=None)`: the puzzles of a collection (one per line: 81
/// character Sudokus, short Killers, SudokuWiki Killers, Keen IDs, puzz.link and f-puzzles
/// URLs; `#` comments), from a path or from the text itself, as a list of `(line, item)`
/// where `item` is a `Puzzle` or, for a bad line, the `ParseError` it raised (with `.line`
/// and `.col`); the lines after a bad one are read as usual.
#[pyfunction]
#[pyo3(signature = (source, kind=None))]
fn read_all(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    kind: Option<&str>,
) -> PyResult<Vec<(usize, Py<PyAny>)>> {
    let mut opts = cagesat::ParseOptions::default();
    if let Some(kind) = kind {
        opts = opts.kind(kind);
    }
    let items: Vec<(usize, Result<Puzzle, cagesat::ParseError>)> = match source.extract::<String>()
    {
        Ok(text) if text.contains('\n') || !std::path::Path::new(&text).is_file() => {
            Puzzle::parse_all(&text, &opts).collect()
        }
        _ => {
            let path: PathBuf = source.extract()?;
            Puzzle::read_all(path, &opts)
                .map_err(parse_error)?
                .collect()
        }
    };
    items
        .into_iter()
        .map(|(line, item)| {
            let value = match item {
                Ok(p) => Py::new(py, puzzle::PyPuzzle::new(p))?.into_any(),
                Err(e) => parse_error(e).into_value(py).into_any(),
            };
            Ok((line, value))
        })
        .collect()
}

/// A JSON value as the Python value `json.loads` would give.
pub(crate) fn json_to_py<'py>(
    py: Python<'py>,
    value: &serde_json::Value,
) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// The module `cagesat._cagesat`.
#[pymodule]
fn _cagesat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(read_all, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<puzzle::Solution>()?;
    m.add_class::<puzzle::PyCount>()?;
    m.add_class::<cnf::Cnf>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_class::<setter::Candidates>()?;
    m.add_class::<setter::PyStep>()?;
    m.add_class::<setter::Explanation>()?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SolverError", py.get_type::<SolverError>())?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add("Timeout", py.get_type::<Timeout>())?;
    m.add("ENGINES", puzzle::ENGINE_NAMES.to_vec())?;
    Ok(())
}
