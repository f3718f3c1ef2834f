//! # CaDiCaL's own LRAT proofs
//!
//! The `cadical` crate compiles CaDiCaL (1.9.5) with its whole C interface (`ccadical.h`:
//! `ccadical_set_option`, `ccadical_trace_proof`, `ccadical_close_proof`) into its static
//! library, the one our C++ shim (`cadical/`, which the backend drives) links against:
//! the same solver. [`refute_with_lrat`] drives that interface on a solver of its own: options `lrat=1`
//! and `binary=0` (text LRAT), the proof traced to a temporary file from the start, the
//! formula read from a temporary DIMACS file (`ccadical_read_dimacs`, the crate's own
//! extension), one `solve`, the trace closed; then the proof is copied to the caller's
//! writer. Reading DIMACS rather than adding clause by clause matters: the reader reserves
//! ids 1 to m for the m clauses of the header, as LRAT numbers them, where clauses added one
//! by one share their ids with clauses CaDiCaL derives while they come in (a unit that
//! propagates shifts every later id). This is the solver the `cadical` engine runs, so its
//! certificate is its own, not varisat's.
//!
//! The C interface is CaDiCaL's stable API (the crate vendors 1.9.5); each solver made here
//! is released when its guard drops, whatever happens.

use std::ffi::{c_char, c_int, c_void, CString};
use std::io::{Seek, Write};

use crate::backend::BackendError;
use crate::cnf::CnfFormula;

extern "C" {
    fn ccadical_init() -> *mut c_void;
    fn ccadical_release(solver: *mut c_void);
    fn ccadical_read_dimacs(
        solver: *mut c_void,
        path: *const c_char,
        vars: *mut c_int,
        strict: c_int,
    ) -> *const c_char;
    fn ccadical_solve(solver: *mut c_void) -> c_int;
    fn ccadical_set_option(solver: *mut c_void, name: *const c_char, val: c_int);
    fn ccadical_get_option(solver: *mut c_void, name: *const c_char) -> c_int;
    fn ccadical_trace_proof(
        solver: *mut c_void,
        file: *mut libc::FILE,
        name: *const c_char,
    ) -> c_int;
    fn ccadical_close_proof(solver: *mut c_void);
}

/// A C solver, released on drop.
struct Solver(*mut c_void);

impl Drop for Solver {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `ccadical_init` and is released once, here.
        unsafe { ccadical_release(self.0) };
    }
}

/// A C `FILE`, closed on drop unless closed before.
struct CFile(*mut libc::FILE);

impl CFile {
    fn close(&mut self) -> bool {
        let file = std::mem::replace(&mut self.0, std::ptr::null_mut());
        // SAFETY: `file` came from `fopen` and is closed once (the field is now null).
        file.is_null() || unsafe { libc::fclose(file) } == 0
    }
}

impl Drop for CFile {
    fn drop(&mut self) {
        let _ = self.close();
    }
}

/// Sets CaDiCaL option `name` and checks that it took.
fn set_option(solver: &Solver, name: &str, value: c_int) -> Result<(), BackendError> {
    let c_name = CString::new(name).expect("option names have no NUL");
    // SAFETY: a live solver in its configuring state, and a NUL-terminated name.
    let got = unsafe {
        ccadical_set_option(solver.0, c_name.as_ptr(), value);
        ccadical_get_option(solver.0, c_name.as_ptr())
    };
    if got == value {
        Ok(())
    } else {
        Err(BackendError::Internal(format!(
            "cadical proof: option {name}={value} not accepted"
        )))
    }
}

/// Refutes `formula` with the embedded CaDiCaL and writes its own text LRAT proof to `lrat`
/// (the formula's clauses are ids 1 to m, in order). Answers `false` (and writes nothing)
/// when the formula is satisfiable.
///
/// # Errors
/// [`BackendError::Internal`] when the solver or the proof file fails,
/// [`BackendError::TempFile`] when the temporary proof file cannot be made or read.
pub(crate) fn refute_with_lrat(
    formula: &CnfFormula,
    lrat: &mut dyn Write,
) -> Result<bool, BackendError> {
    let temp_error = |source| BackendError::TempFile {
        path: std::env::temp_dir().display().to_string(),
        source,
    };
    let temp_file = |suffix: &str| {
        tempfile::Builder::new()
            .prefix("cagesat-cadical-")
            .suffix(suffix)
            .tempfile()
            .map_err(temp_error)
    };
    let c_path = |file: &tempfile::NamedTempFile| {
        CString::new(file.path().to_string_lossy().as_bytes())
            .map_err(|_| BackendError::Internal("cadical proof: temporary path holds NUL".into()))
    };
    let mut temp = temp_file(".lrat")?;
    let path = c_path(&temp)?;
    let mut cnf = temp_file(".cnf")?;
    write_cnf(formula, cnf.as_file_mut()).map_err(temp_error)?;
    let cnf_path = c_path(&cnf)?;
    // SAFETY: `ccadical_init` has no preconditions; the guard releases the solver.
    let solver = Solver(unsafe { ccadical_init() });
    set_option(&solver, "lrat", 1)?;
    set_option(&solver, "binary", 0)?;
    // SAFETY: a NUL-terminated path and mode; the guard closes the file.
    let mut file = CFile(unsafe { libc::fopen(path.as_ptr(), c"w".as_ptr()) });
    if file.0.is_null() {
        return Err(temp_error(std::io::Error::last_os_error()));
    }
    // SAFETY: a live solver still configuring, an open file, a NUL-terminated name. The
    // solver does not close the file (we do, after `ccadical_close_proof`).
    if unsafe { ccadical_trace_proof(solver.0, file.0, path.as_ptr()) } == 0 {
        return Err(BackendError::Internal(
            "cadical proof: cannot trace the proof".into(),
        ));
    }
    let mut vars: c_int = 0;
    // SAFETY: a live solver still configuring, a NUL-terminated path, a valid out-pointer;
    // 1 is the parser's relaxed mode (the header's variable count is reserved).
    let failed = unsafe { ccadical_read_dimacs(solver.0, cnf_path.as_ptr(), &raw mut vars, 1) };
    if !failed.is_null() {
        // SAFETY: a non-null answer is the parser's NUL-terminated message.
        let message = unsafe { std::ffi::CStr::from_ptr(failed) }.to_string_lossy();
        return Err(BackendError::Internal(format!("cadical proof: {message}")));
    }
    // SAFETY: a live solver; 10 is SAT, 20 UNSAT, 0 unknown (no limits are set).
    let answer = unsafe { ccadical_solve(solver.0) };
    // SAFETY: a live solver whose proof is traced and not yet closed.
    unsafe { ccadical_close_proof(solver.0) };
    drop(solver);
    if !file.close() {
        return Err(temp_error(std::io::Error::last_os_error()));
    }
    match answer {
        20 => {
            let reopened = temp.as_file_mut();
            reopened.rewind().map_err(temp_error)?;
            let _ = std::io::copy(reopened, lrat).map_err(temp_error)?;
            Ok(true)
        }
        10 => Ok(false),
        other => Err(BackendError::Internal(format!(
            "cadical proof: solve answered {other}"
        ))),
    }
}

/// `formula` as plain DIMACS (header and clauses, in order).
fn write_cnf(formula: &CnfFormula, file: &mut std::fs::File) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::new(file);
    writeln!(w, "p cnf {} {}", formula.var_count(), formula.len())?;
    for clause in formula.iter() {
        for lit in clause {
            write!(w, "{} ", lit.to_dimacs())?;
        }
        writeln!(w, "0")?;
    }
    w.flush()
}
