//! The `cagesat` command-line tool: argument parsing and reporting live here ([`cli`]); all
//! puzzle work is the library's.

mod cli;
mod compare;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A signal this soon after the first is the same request delivered again
/// ([`install_interrupt`]).
const SAME_REQUEST: Duration = Duration::from_millis(250);

fn main() -> ExitCode {
    let args = match cli::parse_args() {
        Ok(args) => args,
        Err(status) => return ExitCode::from(status),
    };
    let interrupt = cagesat::Stop::new().interruptible();
    install_interrupt(&interrupt);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let status = cli::run(&args, &interrupt, &mut out, &mut err);
    if let Err(e) = out.flush() {
        return ExitCode::from(cli::worse(status, cli::write_failed(&mut err, e)));
    }
    ExitCode::from(status)
}

/// Ctrl-C and SIGTERM request `interrupt`: the running puzzle ends with what it found (its
/// solver process group is killed, temporary files removed) and no further puzzle starts.
/// The stop is interruptible, so every engine (varisat too) answers within milliseconds.
/// A second signal exits at once, unless it comes within [`SAME_REQUEST`] of the first:
/// `timeout -s INT 3 cagesat …` signals the command and then its process group, so the
/// command gets the one request twice, microseconds apart (taken as a second, it lost the
/// partial answer about one run in three).
fn install_interrupt(interrupt: &cagesat::Stop) {
    let stop = interrupt.clone();
    let mut first: Option<Instant> = None;
    let installed = ctrlc::set_handler(move || match first {
        Some(at) if at.elapsed() >= SAME_REQUEST => {
            std::process::exit(i32::from(cli::EXIT_INTERRUPTED));
        }
        Some(_) => {}
        None => {
            first = Some(Instant::now());
            stop.request();
        }
    });
    if let Err(e) = installed {
        eprintln!("cagesat: cannot handle Ctrl-C: {e}");
    }
}
