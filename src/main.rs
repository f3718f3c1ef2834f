//! The `cagesat` command-line tool: argument parsing and reporting live here ([`cli`]); all
//! puzzle work is the library's.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let status = cli::run(&args, &mut out, &mut err);
    if let Err(e) = out.flush() {
        let _ = writeln!(err, "cagesat: cannot write output: {e}");
        return ExitCode::from(cli::EXIT_ERROR);
    }
    ExitCode::from(status)
}
