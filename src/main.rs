//! The `cagesat` command-line tool; see [`cagesat::cli`].

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cagesat::cli::Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let status = cagesat::cli::run(&cli, &mut out, &mut err);
    if let Err(e) = out.flush() {
        let _ = writeln!(err, "cagesat: cannot write output: {e}");
        return ExitCode::from(cagesat::cli::EXIT_ERROR);
    }
    ExitCode::from(status)
}
