//! # Our binding of CaDiCaL: the C shim (`shim.cpp`) behind a safe type
//!
//! [`Solver`] owns one CaDiCaL 1.9.5 solver through the shim's C functions, and a boxed
//! [`Hooks`] whose methods the solver calls back during search: its terminator (polled
//! during search), its learner (short learnt clauses) and, once
//! [`Solver::connect_import`] is called, the clause-adding half of its external propagator
//! (IPASIR-UP: clauses added *during* search, without a new `solve` call). The propagator's
//! per-assignment notifications stay in C++ (no-ops), so importing costs nothing between
//! imports but a flag test.
//!
//! CaDiCaL aborts the process when its API contracts are broken (options set after the
//! first clause, values read after an unsatisfiable call); [`Solver`] checks the first in
//! the shim and answers an error, and its caller reads values only after a satisfiable
//! call.

use std::ffi::{c_int, c_void, CString};
use std::ptr::NonNull;

// The `cadical` crate compiles CaDiCaL's sources into its static library `ccadical`, which
// the shim links against; naming the crate makes sure it is linked.
use cadical as _;

/// What the terminate callback answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Poll {
    /// Go on searching.
    Go,
    /// Stop the call (it answers "unknown").
    Stop,
    /// Go on, and add the clauses that wait (through the external propagator) before the
    /// next decision.
    Import,
}

/// What a [`Solver`] calls back during search.
pub(crate) trait Hooks {
    /// Polled during search.
    fn terminate(&mut self) -> Poll;
    /// A learnt clause of at most [`Solver::set_learn`]'s size, DIMACS.
    fn learn(&mut self, clause: &[i32]);
    /// Whether a clause waits to be imported (asked after [`Poll::Import`] until it
    /// answers `false`).
    fn has_clause(&mut self) -> bool;
    /// The next literal of the clause being imported; 0 ends it.
    fn clause_lit(&mut self) -> i32;
}

extern "C" {
    fn cu_init() -> *mut c_void;
    fn cu_is_option(name: *const std::ffi::c_char) -> c_int;
    fn cu_release(s: *mut c_void);
    fn cu_set_option(s: *mut c_void, name: *const std::ffi::c_char, val: c_int) -> c_int;
    #[cfg(test)]
    fn cu_get_option(s: *mut c_void, name: *const std::ffi::c_char) -> c_int;
    fn cu_configure(s: *mut c_void, name: *const std::ffi::c_char) -> c_int;
    fn cu_add(s: *mut c_void, lit: c_int);
    fn cu_assume(s: *mut c_void, lit: c_int);
    fn cu_solve(s: *mut c_void) -> c_int;
    fn cu_val(s: *mut c_void, lit: c_int) -> c_int;
    fn cu_failed(s: *mut c_void, lit: c_int) -> c_int;
    fn cu_status(s: *mut c_void) -> c_int;
    fn cu_vars(s: *mut c_void) -> c_int;
    fn cu_set_terminate(
        s: *mut c_void,
        data: *mut c_void,
        f: Option<unsafe extern "C" fn(*mut c_void) -> c_int>,
    );
    fn cu_set_learn(
        s: *mut c_void,
        data: *mut c_void,
        max_size: c_int,
        f: Option<unsafe extern "C" fn(*mut c_void, *const c_int)>,
    );
    fn cu_connect_import(
        s: *mut c_void,
        data: *mut c_void,
        has: unsafe extern "C" fn(*mut c_void) -> c_int,
        lit: unsafe extern "C" fn(*mut c_void) -> c_int,
    );
    fn cu_observe(s: *mut c_void, var: c_int);
    #[cfg(test)]
    fn cu_counts(s: *mut c_void, solves: *mut u64, imported: *mut u64);
}

/// Whether `name` is one of CaDiCaL's options.
pub(crate) fn is_option(name: &str) -> bool {
    let Ok(c_name) = CString::new(name) else {
        return false;
    };
    // SAFETY: a NUL-terminated name; no solver needed.
    unsafe { cu_is_option(c_name.as_ptr()) == 1 }
}

/// How a call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Satisfiable: values can be read.
    Sat,
    /// Unsatisfiable (under the assumptions).
    Unsat,
    /// Interrupted.
    Unknown,
}

/// An option or configuration CaDiCaL refused (unknown name, or set after the first
/// clause).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cadical: option or configuration '{0}' not accepted")]
pub(crate) struct Refused(pub(crate) String);

/// Calls of `solve` and clauses imported during search, over a solver's life (for tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Calls of `solve`.
    pub(crate) solves: u64,
    /// Clauses added through the external propagator.
    pub(crate) imported: u64,
}

/// One CaDiCaL solver with its hooks.
pub(crate) struct Solver<H: Hooks> {
    raw: NonNull<c_void>,
    /// Boxed: the shim holds its address.
    hooks: Box<H>,
}

// SAFETY: the solver is owned (no other handle to it exists) and only used through
// `&mut self` or `&self` methods that read; CaDiCaL keeps no thread-local state.
unsafe impl<H: Hooks + Send> Send for Solver<H> {}

unsafe extern "C" fn terminate_cb<H: Hooks>(data: *mut c_void) -> c_int {
    // SAFETY: `data` is the boxed hooks of a live `Solver`, used by its thread only.
    let hooks = unsafe { &mut *data.cast::<H>() };
    match hooks.terminate() {
        Poll::Go => 0,
        Poll::Stop => 1,
        Poll::Import => 2,
    }
}

unsafe extern "C" fn learn_cb<H: Hooks>(data: *mut c_void, clause: *const c_int) {
    // SAFETY: as `terminate_cb`; `clause` is a zero-terminated array the shim owns.
    let hooks = unsafe { &mut *data.cast::<H>() };
    let mut len = 0;
    // SAFETY: the array ends with a zero.
    while unsafe { *clause.add(len) } != 0 {
        len += 1;
    }
    // SAFETY: `len` literals before the zero.
    hooks.learn(unsafe { std::slice::from_raw_parts(clause, len) });
}

unsafe extern "C" fn has_clause_cb<H: Hooks>(data: *mut c_void) -> c_int {
    // SAFETY: as `terminate_cb`.
    let hooks = unsafe { &mut *data.cast::<H>() };
    c_int::from(hooks.has_clause())
}

unsafe extern "C" fn clause_lit_cb<H: Hooks>(data: *mut c_void) -> c_int {
    // SAFETY: as `terminate_cb`.
    let hooks = unsafe { &mut *data.cast::<H>() };
    hooks.clause_lit()
}

impl<H: Hooks> Solver<H> {
    /// A fresh solver whose terminate callback is `hooks`'.
    ///
    /// # Panics
    /// When the C++ side cannot allocate a solver (out of memory).
    pub(crate) fn new(hooks: H) -> Self {
        // SAFETY: no preconditions.
        let raw = NonNull::new(unsafe { cu_init() }).expect("CaDiCaL: out of memory");
        let mut hooks = Box::new(hooks);
        let data = std::ptr::from_mut::<H>(&mut hooks).cast::<c_void>();
        // SAFETY: a live solver; `data` lives as long as it (dropped after it).
        unsafe { cu_set_terminate(raw.as_ptr(), data, Some(terminate_cb::<H>)) };
        Self { raw, hooks }
    }

    fn data(&mut self) -> *mut c_void {
        std::ptr::from_mut::<H>(&mut self.hooks).cast::<c_void>()
    }

    /// The hooks.
    pub(crate) fn hooks(&mut self) -> &mut H {
        &mut self.hooks
    }

    /// Sets option `name` to `value` (before the first clause).
    ///
    /// # Errors
    /// [`Refused`] for an unknown name, or after the first clause.
    pub(crate) fn set_option(&mut self, name: &str, value: i32) -> Result<(), Refused> {
        let refused = || Refused(format!("{name}={value}"));
        let c_name = CString::new(name).map_err(|_| refused())?;
        // SAFETY: a live solver and a NUL-terminated name.
        match unsafe { cu_set_option(self.raw.as_ptr(), c_name.as_ptr(), value) } {
            1 => Ok(()),
            _ => Err(refused()),
        }
    }

    /// The value of option `name` (0 for an unknown one).
    #[cfg(test)]
    pub(crate) fn option(&self, name: &str) -> i32 {
        let Ok(c_name) = CString::new(name) else {
            return 0;
        };
        // SAFETY: a live solver and a NUL-terminated name.
        unsafe { cu_get_option(self.raw.as_ptr(), c_name.as_ptr()) }
    }

    /// Applies CaDiCaL's configuration `name` (`default`, `plain`, `sat`, `unsat`).
    ///
    /// # Errors
    /// [`Refused`] for an unknown name, or after the first clause.
    pub(crate) fn configure(&mut self, name: &str) -> Result<(), Refused> {
        let refused = || Refused(name.to_string());
        let c_name = CString::new(name).map_err(|_| refused())?;
        // SAFETY: a live solver and a NUL-terminated name.
        match unsafe { cu_configure(self.raw.as_ptr(), c_name.as_ptr()) } {
            1 => Ok(()),
            _ => Err(refused()),
        }
    }

    /// Hands every learnt clause of at most `max_size` literals to [`Hooks::learn`].
    pub(crate) fn set_learn(&mut self, max_size: usize) {
        let data = self.data();
        let max = c_int::try_from(max_size).unwrap_or(c_int::MAX);
        // SAFETY: a live solver; `data` lives as long as it.
        unsafe { cu_set_learn(self.raw.as_ptr(), data, max, Some(learn_cb::<H>)) };
    }

    /// Connects the external propagator that imports clauses from [`Hooks::has_clause`]
    /// during search, and observes the variables `1..=vars` (the only ones imported
    /// clauses may hold; observed variables are frozen: never eliminated).
    pub(crate) fn connect_import(&mut self, vars: i32) {
        let data = self.data();
        // SAFETY: a live solver; `data` lives as long as it.
        unsafe {
            cu_connect_import(
                self.raw.as_ptr(),
                data,
                has_clause_cb::<H>,
                clause_lit_cb::<H>,
            );
        }
        for var in 1..=vars {
            // SAFETY: a live solver with a propagator; `var` is positive.
            unsafe { cu_observe(self.raw.as_ptr(), var) };
        }
    }

    /// Adds the clause `lits` (non-zero DIMACS literals).
    pub(crate) fn add_clause(&mut self, lits: impl IntoIterator<Item = i32>) {
        for lit in lits {
            debug_assert_ne!(lit, 0);
            // SAFETY: a live solver; a non-zero literal.
            unsafe { cu_add(self.raw.as_ptr(), lit) };
        }
        // SAFETY: as above; 0 ends the clause.
        unsafe { cu_add(self.raw.as_ptr(), 0) };
    }

    /// Solves under `assumptions` (for this call only).
    pub(crate) fn solve(&mut self, assumptions: impl IntoIterator<Item = i32>) -> Answer {
        for lit in assumptions {
            // SAFETY: a live solver; a non-zero literal.
            unsafe { cu_assume(self.raw.as_ptr(), lit) };
        }
        // SAFETY: a live solver; the hooks live as long as it.
        match unsafe { cu_solve(self.raw.as_ptr()) } {
            10 => Answer::Sat,
            20 => Answer::Unsat,
            _ => Answer::Unknown,
        }
    }

    /// The answer of the last call.
    pub(crate) fn status(&self) -> Answer {
        // SAFETY: a live solver.
        match unsafe { cu_status(self.raw.as_ptr()) } {
            10 => Answer::Sat,
            20 => Answer::Unsat,
            _ => Answer::Unknown,
        }
    }

    /// The largest variable the solver knows.
    pub(crate) fn vars(&self) -> i32 {
        // SAFETY: a live solver.
        unsafe { cu_vars(self.raw.as_ptr()) }
    }

    /// Whether `lit` is true in the model; `None` unless the last call was satisfiable and
    /// `lit`'s variable is known.
    pub(crate) fn value(&self, lit: i32) -> Option<bool> {
        if self.status() != Answer::Sat
            || lit == 0
            || lit.unsigned_abs() > self.vars().unsigned_abs()
        {
            return None;
        }
        // SAFETY: a live solver in its satisfied state; a known variable.
        Some(unsafe { cu_val(self.raw.as_ptr(), lit) } > 0)
    }

    /// Whether assumption `lit` is in the failed core; `false` unless the last call was
    /// unsatisfiable.
    pub(crate) fn failed(&self, lit: i32) -> bool {
        if self.status() != Answer::Unsat {
            return false;
        }
        // SAFETY: a live solver in its unsatisfiable state.
        unsafe { cu_failed(self.raw.as_ptr(), lit) != 0 }
    }

    /// Calls of `solve` and clauses imported during search so far.
    #[cfg(test)]
    pub(crate) fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        // SAFETY: a live solver and two valid out-pointers.
        unsafe {
            cu_counts(
                self.raw.as_ptr(),
                &raw mut counts.solves,
                &raw mut counts.imported,
            );
        }
        counts
    }
}

impl<H: Hooks> Drop for Solver<H> {
    fn drop(&mut self) {
        // SAFETY: released once; the hooks are dropped after (field order is irrelevant:
        // the solver no longer calls back once released).
        unsafe { cu_release(self.raw.as_ptr()) };
    }
}
