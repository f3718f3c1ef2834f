//! # What a puzzle setter needs
//!
//! Tools over a finished or partly filled puzzle: [`explain`] gives the next deduction with
//! its reason (a smallest set of the puzzle's named constraints) and the whole path of
//! deductions to the solution, each step checkable by [`crate::Puzzle::replay`].

pub mod explain;
