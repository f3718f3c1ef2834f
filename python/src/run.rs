//! # Running a solver with the GIL released, stoppable by Ctrl-C
//!
//! Python delivers signals (Ctrl-C's `SIGINT`) to its main thread, and only while that thread
//! runs Python code or calls `PyErr_CheckSignals`. So the work runs on a helper thread (one
//! long-lived helper per calling thread) while
//! the calling thread, the GIL released, waits for it and checks for signals every
//! [`TICK`]; on one it requests the run's [`Stop`] (every engine looks at it), waits until the
//! work has stopped and raises the signal's exception (`KeyboardInterrupt`). Nothing is left
//! running behind.

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use cagesat::Stop;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// How often the waiting thread looks for signals.
pub(crate) const TICK: Duration = Duration::from_millis(25);

/// A job for a [`Worker`].
type Job = Box<dyn FnOnce() + Send>;

/// A long-lived helper thread that runs jobs one after the other (starting a thread per
/// call would cost more than solving a small puzzle).
struct Worker {
    jobs: mpsc::Sender<Job>,
}

impl Worker {
    fn spawn() -> Self {
        let (jobs, queue) = mpsc::channel::<Job>();
        // The thread ends when the calling thread (and with it this sender) is gone.
        let _detached = std::thread::spawn(move || {
            for job in queue {
                // A panic is reported to the caller by the job's closed channel.
                let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
            }
        });
        Worker { jobs }
    }
}

thread_local! {
    /// The helper of each Python thread that calls in.
    static WORKER: RefCell<Worker> = RefCell::new(Worker::spawn());
}

/// Runs `work` on the calling thread's helper thread with the GIL released; a signal
/// handler that raises (Ctrl-C) requests `stop`, and its exception is returned once `work`
/// has returned.
///
/// # Errors
/// The signal handler's exception; a `RuntimeError` when `work` panicked.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let mut job: Job = Box::new(move || {
        // The receiver outlives the work unless the caller is gone.
        let _ = tx.send(work());
    });
    WORKER.with(|worker| {
        let mut worker = worker.borrow_mut();
        if let Err(mpsc::SendError(back)) = worker.jobs.send(job) {
            job = back;
            *worker = Worker::spawn();
            worker
                .jobs
                .send(job)
                .map_err(|_| PyRuntimeError::new_err("cannot start the solver thread"))?;
        }
        Ok::<(), PyErr>(())
    })?;
    let stop = stop.clone();
    py.detach(move || wait(&rx, &stop))
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
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the solver panicked"))
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
