//! # Stopping a run
//!
//! A [`Stop`] is a shared flag plus an optional deadline. Whoever holds a clone can ask the
//! run to stop ([`Stop::request`]); solvers look at it when they can ([`Stop::is_requested`])
//! and then answer "unknown" instead of going on. Cloning is cheap: all clones share the flag.
//! A stop that another thread may request while a solver call runs (a signal handler, a
//! user interface) is marked [`Stop::interruptible`], so that even a solver that cannot look
//! at the flag inside a call (varisat) returns on time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The clock of the solve paths: std's, except on `wasm32-unknown-unknown`, where
/// `std::time::Instant::now` panics and `web_time` reads the browser's `performance.now()`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

/// A request to stop, shared between the caller and the solver.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
    interruptible: bool,
}

impl Stop {
    /// A stop that nobody has requested yet and that has no deadline.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The same flag, and also due at `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The same flag, marked as one that may be requested from another thread (a signal
    /// handler, a user interface) while a solver call runs: varisat, which cannot look at the
    /// flag inside a call, then runs on a worker thread of its own, as under a deadline, and
    /// a call answers within a few milliseconds of the request. Clones keep the mark.
    #[must_use]
    pub fn interruptible(mut self) -> Self {
        self.interruptible = true;
        self
    }

    /// True when the stop has a deadline or is [`Stop::interruptible`]: it can become due
    /// while a solver call runs.
    #[must_use]
    pub fn can_interrupt_a_call(&self) -> bool {
        self.interruptible || self.deadline.is_some()
    }

    /// The deadline, if any.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Asks every holder of this stop (and its clones) to stop.
    pub fn request(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// True once a stop was requested or the deadline has passed.
    #[must_use]
    pub fn is_requested(&self) -> bool {
        self.reason().is_some()
    }

    /// Why the run should stop, if it should: a request wins over a passed deadline.
    #[must_use]
    pub fn reason(&self) -> Option<StopReason> {
        if self.flag.load(Ordering::Relaxed) {
            Some(StopReason::Interrupted)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Timeout)
        } else {
            None
        }
    }
}

/// Why a run stopped before its answer was complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The deadline passed.
    Timeout,
    /// Someone asked it to stop (for the command-line tool: Ctrl-C or SIGTERM).
    Interrupted,
}

impl StopReason {
    /// `timeout` or `interrupted`, as in JSON reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Timeout => "timeout",
            StopReason::Interrupted => "interrupted",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn clones_share_the_flag_and_deadlines_expire() {
        let a = Stop::new();
        let b = a.clone();
        assert!(!b.is_requested());
        a.request();
        assert!(b.is_requested());
        assert_eq!(b.reason(), Some(StopReason::Interrupted));
        let past = Stop::new().with_deadline(Instant::now());
        assert_eq!(past.reason(), Some(StopReason::Timeout));
        let later = Stop::new().with_deadline(Instant::now() + Duration::from_secs(3600));
        assert!(!later.is_requested());
        assert!(later.can_interrupt_a_call());
        assert!(!Stop::new().can_interrupt_a_call());
        let marked = Stop::new().interruptible();
        assert!(marked.clone().can_interrupt_a_call());
        assert!(marked
            .clone()
            .with_deadline(Instant::now())
            .can_interrupt_a_call());
    }
}
