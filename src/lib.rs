//! # cagesat
//!
//! Compiles grid arithmetic puzzles into SAT and solves them: parse → one-hot CNF →
//! SAT solver → decoded grid → independent verification.
//!
//! ## Example Usage
//! ```
//! use cagesat::parse::parse_puzzle;
//! use cagesat::solve::{solve_puzzle, Outcome, SolveOptions, VarisatBackend};
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let puzzle = parse_puzzle(text, None, false).unwrap();
//! let opts = SolveOptions { check_unique: true, ..SolveOptions::default() };
//! let (outcome, stats) = solve_puzzle(&puzzle, VarisatBackend::new(), &opts).unwrap();
//! let Outcome::Solved { grid, unique } = outcome else { panic!("no solution") };
//! assert_eq!(grid.to_rows()[0], vec![4, 2, 3, 1]);
//! assert_eq!(unique, Some(true));
//! assert!(stats.cnf.clauses > 0);
//! ```

pub mod cli;
pub mod cnf;
pub mod compare;
pub mod encode;
pub mod generate;
pub mod grade;
pub mod grid;
pub mod native;
pub mod parse;
pub mod product;
pub mod puzzle;
pub mod render;
pub mod rng;
pub mod solve;
pub mod survey;
pub mod tuples;
pub mod verify;
