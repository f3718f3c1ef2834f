//! # Certificates: uniqueness and unsatisfiability proofs
//!
//! "Unique" and "no solution" are claims; a certificate lets anyone check them. For a puzzle
//! with a solution `g`, the certificate is the puzzle's CNF plus the clause that blocks `g`
//! (written as DIMACS, exactly as `encode --block` writes it) and an LRAT proof that this
//! formula is unsatisfiable, so no second grid exists; for a puzzle with no solution, the
//! plain CNF and its refutation. The proof comes from the engine in use
//! ([`write_certificate_with`]): varisat (which checks its own proof steps as it solves,
//! through `varisat-lrat`) or the embedded CaDiCaL (its own LRAT tracer), and for `auto`
//! the CDCL solver its rule picks for the puzzle; engines that cannot prove (native, the
//! DPLL walk, external and SMT solvers) are refused, never replaced by another solver.
//! [`crate::lrat::check_lrat`], which shares no code with the solvers or the encoder, checks
//! the proof, and so does any standard LRAT checker.
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
use crate::engine::{first_limit, Engine, EngineError};
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
    /// The solver that wrote the proof (`varisat`, `cadical`).
    pub prover: &'static str,
}

/// Why no certificate was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
    /// The engine does not write proofs (native search, the DPLL walk, external and SMT
    /// solvers); no other solver stands in for it.
    #[error("the {engine} engine writes no proofs: certificates come from varisat or cadical (or auto, which proves with the one its rule picks)")]
    CannotProve {
        /// The engine's name.
        engine: String,
    },
}

/// The solvers that write LRAT proofs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prover {
    Varisat,
    #[cfg(feature = "cadical")]
    Cadical,
}

impl Prover {
    fn name(self) -> &'static str {
        match self {
            Prover::Varisat => "varisat",
            #[cfg(feature = "cadical")]
            Prover::Cadical => "cadical",
        }
    }
}

/// The solver that proves `engine`'s answers on `puzzle` (for `auto`, the CDCL solver its
/// rule picks for a uniqueness check; with no puzzle, varisat stands for that choice).
fn prover(engine: &Engine, puzzle: Option<&Puzzle>) -> Result<Prover, CertificateError> {
    let choice = match engine {
        Engine::Varisat => SolverChoice::Varisat,
        Engine::Cadical => SolverChoice::Cadical,
        Engine::Auto => match puzzle {
            Some(p) => match Engine::auto_fallback(p, first_limit(true)) {
                Engine::Cadical => SolverChoice::Cadical,
                _ => SolverChoice::Varisat,
            },
            None => SolverChoice::Varisat,
        },
        other => {
            return Err(CertificateError::CannotProve {
                engine: other.name().to_string(),
            })
        }
    };
    match choice {
        #[cfg(feature = "cadical")]
        SolverChoice::Cadical => Ok(Prover::Cadical),
        #[cfg(not(feature = "cadical"))]
        SolverChoice::Cadical => Err(CertificateError::Engine(Box::new(EngineError::Backend {
            solver: "cadical".to_string(),
            source: crate::backend::BackendError::NotBuilt { feature: "cadical" },
        }))),
        _ => Ok(Prover::Varisat),
    }
}

/// Whether `engine` can prove its answers ([`write_certificate_with`]), before anything is
/// solved.
///
/// # Errors
/// [`CertificateError::CannotProve`] for engines that write no proofs, and CaDiCaL in a
/// build without it.
pub fn check_prover(engine: &Engine) -> Result<(), CertificateError> {
    prover(engine, None).map(|_| ())
}

/// Writes the certificate that `puzzle` has no solution other than `grid` (or, with `None`,
/// none at all): the CNF to `cnf` and its LRAT refutation, by varisat, to `lrat`.
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
    write_certificate_with(&Engine::Varisat, puzzle, grid, opts, cnf, lrat)
}

/// [`write_certificate`] with the proof written by `engine`'s own solver: varisat's or the
/// embedded CaDiCaL's LRAT, and for [`Engine::Auto`] that of the CDCL solver its rule picks
/// for `puzzle`.
///
/// # Errors
/// [`CertificateError::CannotProve`] for engines that write no proofs (checked before
/// anything is written), and every error of [`write_certificate`].
pub fn write_certificate_with(
    engine: &Engine,
    puzzle: &Puzzle,
    grid: Option<&Grid<u8>>,
    opts: &EncodeOptions,
    cnf: &mut impl Write,
    lrat: &mut impl Write,
) -> Result<Certificate, CertificateError> {
    let prover = prover(engine, Some(puzzle))?;
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
    let refuted = match prover {
        Prover::Varisat => refute_with_lrat(&formula, &mut counted),
        #[cfg(feature = "cadical")]
        Prover::Cadical => crate::backend::cadical_refute_with_lrat(&formula, &mut counted),
    }
    .map_err(|source| {
        Box::new(EngineError::Backend {
            solver: prover.name().to_string(),
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
        prover: prover.name(),
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
