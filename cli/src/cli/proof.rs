//! `cagesat check-proof CNF LRAT`: checks a certificate with the independent checker
//! ([`cagesat::lrat`]). Exit 0 and `verified` when the proof refutes the CNF; exit 1 naming
//! the first failing step when it does not; exit 2 when a file cannot be read or is not
//! DIMACS / LRAT at all.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::{fail, EXIT_ERROR, EXIT_OK, EXIT_UNSAT};

/// `check-proof` options.
#[derive(Debug, Args)]
pub(crate) struct CheckProofArgs {
    /// The CNF (DIMACS) the proof refutes, e.g. PREFIX.cnf from `solve --proof PREFIX`.
    pub cnf: PathBuf,
    /// The LRAT proof (text format).
    pub lrat: PathBuf,
}

/// Runs `check-proof`; returns the exit status.
pub(super) fn check_proof(args: &CheckProofArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let read = |p: &PathBuf| {
        std::fs::read_to_string(p).map_err(|e| {
            anyhow::Error::new(e).context(format!("{}: cannot read file", p.display()))
        })
    };
    let (cnf, lrat) = match (read(&args.cnf), read(&args.lrat)) {
        (Ok(c), Ok(l)) => (c, l),
        (Err(e), _) | (_, Err(e)) => return fail(err, &e),
    };
    match cagesat::proof::check_lrat(&cnf, &lrat) {
        Ok(s) => match writeln!(
            out,
            "verified: {} refutes {} ({} clauses, {} variables; {} steps checked)",
            args.lrat.display(),
            args.cnf.display(),
            s.clauses,
            s.vars,
            s.additions
        ) {
            Ok(()) => EXIT_OK,
            Err(e) => super::write_failed(err, e),
        },
        Err(e) => {
            let file = if e.file == "cnf" {
                &args.cnf
            } else {
                &args.lrat
            };
            let _ = writeln!(err, "{}:{e}", file.display());
            if e.malformed {
                EXIT_ERROR
            } else {
                EXIT_UNSAT
            }
        }
    }
}
