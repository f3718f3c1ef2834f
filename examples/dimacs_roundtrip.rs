//! # DIMACS out, an external solver's answer back in
//!
//! Encodes a 5×5 Kakuro as one-hot CNF, writes it as DIMACS to the temp directory, runs an
//! external SAT solver on it (`cadical`, else `minisat`, whichever is on `PATH`), decodes
//! and independently verifies the model with `decode_answer`, and draws the grid. It then
//! writes the CNF again with a clause blocking that grid and asks the solver for another
//! one: UNSAT, so the solution is unique. Temp files are removed.
//!
//! Without an external solver it prints a note and exits 0; a wrong answer exits non-zero.
//!
//! `cargo run --example dimacs_roundtrip`

use std::error::Error;
use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use cagesat::{
    dimacs::{decode_answer, write_dimacs},
    encode::{EncodeOptions, Encoding},
    Grid, Outcome, Puzzle,
};

const PUZZLE: &str = "tests/data/kakuro/panpapag_easy_5x5.kakuro";

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle = Puzzle::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(PUZZLE))?;
    let opts = EncodeOptions::default();
    let enc = puzzle.encode(&opts)?;
    let size = enc.stats();
    println!(
        "{PUZZLE}: {} variables, {} clauses",
        size.vars, size.clauses
    );

    let Some(solver) = ["cadical", "minisat"].into_iter().find_map(on_path) else {
        println!("note: neither cadical nor minisat is on PATH; skipping the external solve");
        return Ok(());
    };
    let Outcome::Solved { grid, .. } = ask(&solver, &puzzle, &enc, &opts, &[])? else {
        return Err(format!("{}: UNSAT, but the puzzle has a solution", solver.display()).into());
    };
    print!("{}", puzzle.render_text(Some(&grid)));
    println!("{}: solution decoded and verified", solver.display());

    match ask(&solver, &puzzle, &enc, &opts, &[grid])? {
        Outcome::Unsat => println!("{}: no other solution, so it is unique", solver.display()),
        Outcome::Solved { .. } => return Err("a second solution: expected a unique puzzle".into()),
        other => return Err(format!("no answer: {}", other.label()).into()),
    }
    Ok(())
}

/// The path of `name` in the first `PATH` directory that holds a file of that name.
fn on_path(name: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("PATH")?;
    std::env::split_paths(&dirs)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Writes the CNF (plus one clause per `blocked` grid), runs `solver` on it, and decodes
/// its answer; the temp files are removed whatever happens.
fn ask(
    solver: &Path,
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
    blocked: &[Grid<u8>],
) -> Result<Outcome, Box<dyn Error>> {
    let stem = format!("cagesat-dimacs-roundtrip-{}", std::process::id());
    let cnf = std::env::temp_dir().join(format!("{stem}.cnf"));
    let out = std::env::temp_dir().join(format!("{stem}.out"));
    let answer = write_and_run(solver, &cnf, &out, puzzle, enc, opts, blocked);
    for file in [&cnf, &out] {
        if file.exists() {
            fs::remove_file(file)?;
        }
    }
    Ok(decode_answer(puzzle, enc, &answer?)?)
}

/// The solver's answer text: CaDiCaL prints `s`/`v` lines, MiniSat writes a result file.
fn write_and_run(
    solver: &Path,
    cnf: &Path,
    out: &Path,
    puzzle: &Puzzle,
    enc: &Encoding,
    opts: &EncodeOptions,
    blocked: &[Grid<u8>],
) -> Result<String, Box<dyn Error>> {
    let mut w = BufWriter::new(fs::File::create(cnf)?);
    write_dimacs(&mut w, puzzle, enc, opts, blocked)?;
    w.flush()?;
    let minisat = solver.ends_with("minisat");
    let mut cmd = Command::new(solver);
    let _ = cmd.arg(cnf);
    if minisat {
        let _ = cmd.arg(out);
    }
    let run = cmd.output()?;
    // SAT solvers exit with 10 (SAT) or 20 (UNSAT).
    if !matches!(run.status.code(), Some(10 | 20)) {
        let stderr = String::from_utf8_lossy(&run.stderr);
        return Err(format!("{} failed ({}): {stderr}", solver.display(), run.status).into());
    }
    if minisat {
        Ok(fs::read_to_string(out)?)
    } else {
        Ok(String::from_utf8(run.stdout)?)
    }
}
