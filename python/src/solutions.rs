//! # `Puzzle.solutions()`: grids as they are found
//!
//! [`Engine::enumerate`] runs on a background thread and hands each verified grid to a
//! bounded channel; `__next__` takes them off with the GIL released, checking for Ctrl-C
//! as [`crate::run`] does. Dropping or closing the iterator, or a Ctrl-C while waiting,
//! requests the run's [`Stop`] and joins the thread: nothing is left running.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use cagesat::{Engine, EngineOptions, Grid, Puzzle, Stop};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::puzzle::{rows, Rows};
use crate::run::TICK;
use crate::SolverError;

/// Grids the engine may find ahead of the consumer.
const AHEAD: usize = 64;

/// What the background thread sends.
enum Msg {
    /// A verified grid.
    Grid(Grid<u8>),
    /// The end: whether the engine proved there are no more, or its failure.
    Done(Result<bool, String>),
}

/// An iterator over a puzzle's solutions.
#[pyclass(module = "cagesat", frozen)]
pub(crate) struct Solutions {
    rx: Mutex<Option<Receiver<Msg>>>,
    stop: Stop,
    worker: Mutex<Option<JoinHandle<()>>>,
    complete: Mutex<Option<bool>>,
}

impl Solutions {
    /// Starts enumerating up to `limit` solutions of `puzzle` with `engine`.
    pub(crate) fn start(puzzle: Arc<Puzzle>, engine: Engine, limit: Option<u64>) -> Self {
        let (tx, rx) = mpsc::sync_channel(AHEAD);
        let stop = Stop::new();
        let opts = EngineOptions {
            stop: stop.clone(),
            ..EngineOptions::default()
        };
        let worker = std::thread::spawn(move || {
            let grids = tx.clone();
            let answer = engine.enumerate(&puzzle, &opts, limit, |grid| {
                if grids.send(Msg::Grid(grid.clone())).is_err() {
                    // The iterator is gone: nobody wants more.
                    opts.stop.request();
                }
            });
            let done = answer
                .map(|(count, _)| count.complete)
                .map_err(|e| e.to_string());
            let _ = tx.send(Msg::Done(done));
        });
        Solutions {
            rx: Mutex::new(Some(rx)),
            stop,
            worker: Mutex::new(Some(worker)),
            complete: Mutex::new(None),
        }
    }

    /// Stops the background thread (if running) and waits for it.
    fn finish(&self) {
        self.stop.request();
        // Dropping the receiver unblocks a thread waiting to send.
        drop(
            self.rx
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take(),
        );
        let worker = self
            .worker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(worker) = worker {
            let _ = worker.join();
        }
    }
}

/// Waits for the next message, checking for signals every [`TICK`].
fn next_msg(rx: &Receiver<Msg>) -> PyResult<Option<Msg>> {
    loop {
        match rx.recv_timeout(TICK) {
            Ok(msg) => return Ok(Some(msg)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Rows>> {
        let Some(rx) = self
            .rx
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        else {
            if self
                .worker
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some()
            {
                return Err(PyRuntimeError::new_err(
                    "solutions(): already being iterated",
                ));
            }
            return Ok(None);
        };
        let (rx, msg) = py.detach(move || {
            let msg = next_msg(&rx);
            (rx, msg)
        });
        match msg {
            Ok(Some(Msg::Grid(grid))) => {
                *self.rx.lock().unwrap_or_else(PoisonError::into_inner) = Some(rx);
                Ok(Some(rows(&grid)))
            }
            Ok(Some(Msg::Done(done))) => {
                drop(rx);
                self.finish();
                let complete = done.map_err(SolverError::new_err)?;
                *self.complete.lock().unwrap_or_else(PoisonError::into_inner) = Some(complete);
                Ok(None)
            }
            Ok(None) => {
                self.finish();
                Ok(None)
            }
            Err(signal) => {
                drop(rx);
                self.finish();
                Err(signal)
            }
        }
    }

    /// Once the iterator is exhausted: `True` when every solution was yielded, `False` when
    /// the limit ended it; `None` before.
    #[getter]
    fn complete(&self) -> Option<bool> {
        *self.complete.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stops the search (also done when the iterator is garbage-collected).
    fn close(&self, py: Python<'_>) {
        py.detach(|| self.finish());
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.finish();
    }
}
