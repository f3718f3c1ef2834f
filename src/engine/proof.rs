//! # Certificates: uniqueness and unsatisfiability proofs
//!
//! "Unique" and "no solution" are claims; a certificate lets anyone check them. For a puzzle
//! with a solution `g`, the certificate is the puzzle's CNF plus the clause that blocks `g`
//! (written as DIMACS, exactly as `encode --block` writes it) and an LRAT proof that this
//! formula is unsatisfiable, so no second grid exists; for a puzzle with no solution, the
//! plain CNF and its refutation. The proof comes from varisat (which checks its own proof
//! steps as it solves) through `varisat-lrat`; [`crate::lrat::check_lrat`], which shares no
//! code with the solver or the encoder, checks it, and so does any standard LRAT checker.
//!
//! What a certificate shows is exactly: this CNF has no model. That the CNF says what the
//! puzzle says is the encoder's part (documented and tested per family in `encodings/`); the
//! grid itself is checked by the independent verifier.

use std::io::Write;

use crate::backend::{refute_with_lrat, SolverChoice};
use crate::cnf::ExtendFormula;
use crate::encode::EncodeOptions;
use crate::engine::dimacs::write_dimacs;
use crate::engine::sat::blocking_clause;
use crate::engine::EngineError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The sizes of a certificate written by [`write_certificate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Variables of the CNF.
    pub vars: usize,
    /// Clauses of the CNF (the blocking clause included).
    pub clauses: usize,
    /// Bytes of the LRAT proof.
    pub proof_bytes: u64,
}

/// Why no certificate was written.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// The formula has a model: the puzzle has another solution (or, without a grid, one).
    #[error("no certificate: the CNF is satisfiable (the puzzle has {0})")]
    Satisfiable(&'static str),
    /// Encoding or solving failed.
    #[error(transparent)]
    Engine(#[from] Box<EngineError>),
    /// A file could not be written.
    #[error("cannot write the certificate")]
    Io(#[from] std::io::Error),
}

/// Writes the certificate that `puzzle` has no solution other than `grid` (or, with `None`,
/// none at all): the CNF to `cnf` and its LRAT refutation to `lrat`.
///
/// # Errors
/// [`CertificateError::Satisfiable`] when another solution exists (nothing meaningful is
/// written then), encoding limits, solver failures and write failures.
pub fn write_certificate(
    puzzle: &Puzzle,
    grid: Option<&Grid<u8>>,
    opts: &EncodeOptions,
    cnf: &mut impl Write,
    lrat: &mut impl Write,
) -> Result<Certificate, CertificateError> {
    let enc = puzzle
        .encode(opts)
        .map_err(|e| Box::new(EngineError::from(e)))?;
    let blocked: Vec<Grid<u8>> = grid.into_iter().cloned().collect();
    write_dimacs(cnf, puzzle, &enc, opts, &blocked)?;
    // The solver gets the clauses in the file's order, so the proof's ids match the file.
    let mut formula = crate::cnf::CnfFormula::new();
    formula.set_var_count(enc.formula.var_count());
    for clause in enc.formula.iter() {
        formula.add_clause(clause);
    }
    for g in &blocked {
        formula.add_clause(&blocking_clause(&enc.map, g));
    }
    let mut counted = CountingWriter {
        inner: lrat,
        bytes: 0,
    };
    let refuted = refute_with_lrat(&formula, &mut counted).map_err(|source| {
        Box::new(EngineError::Backend {
            solver: SolverChoice::Varisat.name().to_string(),
            source,
        })
    })?;
    if !refuted {
        let what = if grid.is_some() {
            "another solution"
        } else {
            "a solution"
        };
        return Err(CertificateError::Satisfiable(what));
    }
    Ok(Certificate {
        vars: formula.var_count(),
        clauses: formula.len(),
        proof_bytes: counted.bytes,
    })
}

/// Counts what passes through.
struct CountingWriter<'a, W: Write> {
    inner: &'a mut W,
    bytes: u64,
}

impl<W: Write> Write for CountingWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
