//! # Running a solver with the GIL released, stoppable by Ctrl-C
//!
//! Python delivers signals (Ctrl-C's `SIGINT`) to its main thread, and only while that thread
//! runs Python code or calls `PyErr_CheckSignals`. So the work runs on a helper thread while
//! the calling thread, the GIL released, waits for it and checks for signals every
//! [`TICK`]; on one it requests the run's [`Stop`] (every engine looks at it), waits until the
//! work has stopped and raises the signal's exception (`KeyboardInterrupt`). Nothing is left
//! running behind.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use cagesat::Stop;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How often the waiting thread looks for signals.
pub(crate) const TICK: Duration = Duration::from_millis(25);

/// Runs `work` on a helper thread with the GIL released; a signal handler that raises (Ctrl-C)
/// requests `stop`, and its exception is returned once `work` has returned.
///
/// # Errors
/// The signal handler's exception.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let _worker = scope.spawn(move || {
            // The receiver outlives the work: this send cannot fail.
            let _ = tx.send(work());
        });
        let stop = stop.clone();
        py.detach(move || wait(&rx, &stop))
    })
}

/// Waits for the worker's answer, checking for signals every [`TICK`].
fn wait<T>(rx: &mpsc::Receiver<T>, stop: &Stop) -> PyResult<T> {
    loop {
        match rx.recv_timeout(TICK) {
            Ok(answer) => return Ok(answer),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = Python::attach(|py| py.check_signals()) {
                    stop.request();
                    // The engines look at the stop often; their answer is dropped.
                    let _ = rx.recv();
                    return Err(signal);
                }
            }
            // The worker panicked; the scope re-raises the panic when it ends.
            Err(RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "the solver thread failed",
                ))
            }
        }
    }
}

/// A fresh [`Stop`] due `timeout` seconds from now (none when `None`).
///
/// # Errors
/// A negative or non-finite timeout.
pub(crate) fn stop_after(timeout: Option<f64>) -> PyResult<Stop> {
    let stop = Stop::new();
    let Some(secs) = timeout else {
        return Ok(stop);
    };
    let dur = Duration::try_from_secs_f64(secs)
        .map_err(|_| PyValueError::new_err(format!("timeout must be >= 0 seconds, not {secs}")))?;
    Ok(match Instant::now().checked_add(dur) {
        Some(deadline) => stop.with_deadline(deadline),
        None => stop,
    })
}
