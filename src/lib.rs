//! # cagesat
//!
//! Compiles grid number puzzles (KenKen, Kakuro, CrossProduct, Sudoku and Killer Sudoku with
//! their X, jigsaw and variant forms, Towers, Unequal) into SAT and solves them:
//! text → [`Puzzle`] → one-hot CNF over x(cell, digit) ([`Puzzle::encode`]) → SAT solver →
//! decoded grid → independent verification ([`Puzzle::verify`]). A native propagation engine
//! solves the same puzzles beside the SAT path; both are an [`Engine`], and every answer an
//! engine returns has passed the verifier, which shares no code with the encoder.
//!
//! ## Example Usage
//!
//! The whole pipeline, from text to a grid proven unique, then the same CNF handed to an
//! external solver and its answer read back:
//!
//! ```
//! use cagesat::{dimacs, Cell, Engine, EngineOptions, Outcome, Puzzle};
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let puzzle = Puzzle::parse(text)?;
//! let opts = EngineOptions::default();
//! let (outcome, _stats) = Engine::Auto.prove_unique(&puzzle, &opts)?;
//! let Outcome::Solved { grid, unique, .. } = outcome else { panic!("no solution") };
//! assert_eq!(grid.to_rows()[0], vec![4, 2, 3, 1]);
//! assert_eq!(unique, Some(true));
//! puzzle.verify(&grid)?; // what every engine already did
//!
//! // The native engine agrees, and the count is exact.
//! let (count, _) = Engine::Native.count(&puzzle, &opts, None)?;
//! assert_eq!((count.count, count.complete), (1, true));
//!
//! // The same CNF as DIMACS for an external solver; its answer (here: the grid above, as
//! // a model built from the header's variable map `c x 17 B1=1`) decodes back, verified.
//! let enc = puzzle.encode(&opts.encode)?;
//! let mut cnf = Vec::new();
//! dimacs::write_dimacs(&mut cnf, &puzzle, &enc, &opts.encode, &[])?;
//! let model: Vec<String> = String::from_utf8(cnf)?
//!     .lines()
//!     .filter_map(|line| line.strip_prefix("c x "))
//!     .map(|entry| {
//!         let (var, meaning) = entry.split_once(' ').unwrap();
//!         let (cell, digit) = meaning.split_once('=').unwrap();
//!         let cell = Cell::parse_label(cell).unwrap();
//!         let on = grid.get(cell).to_string() == digit;
//!         if on { var.to_string() } else { format!("-{var}") }
//!     })
//!     .collect();
//! let answer = format!("s SATISFIABLE\nv {} 0\n", model.join(" "));
//! let decoded = dimacs::decode_answer(&puzzle, &enc, &answer)?;
//! assert_eq!(decoded, Outcome::Solved { grid, unique: None, second: None });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Where things are
//!
//! - [`Puzzle`] reads, encodes, verifies and draws a puzzle of any kind; the kinds' models
//!   are in [`puzzle`], the reading options and errors in [`parse`].
//! - [`Engine`] solves, proves unique and counts; [`Session`] does the same for many
//!   puzzles sharing one solver per shape; effort and options are in [`engine`].
//! - [`encode`]: CNF options (per kind) and the encoding with its clause families;
//!   [`dimacs`] and [`smt`]: the formula for external SAT and SMT solvers, and their answers
//!   read back; [`proof`]: LRAT certificates and their independent checker.
//! - [`generate`] and [`grade`]: puzzle generators and difficulty grading.
//! - [`setter`]: what a puzzle setter asks: the true candidates of every cell (also for a
//!   person's partly filled grid), the fewest givens that make a puzzle unique, and hints
//!   with reasons up to whole explained paths.

mod answer;
mod backend;
mod cnf;
pub mod encode;
pub mod engine;
pub mod generate;
pub mod grade;
mod grid;
mod kind;
mod line;
mod lrat;
mod model;
mod native;
pub mod parse;
mod product;
pub mod puzzle;
mod render;
mod rng;
pub mod setter;
mod smtlib;
mod stop;
mod tree;
mod tuples;
mod verify;

pub use answer::{Count, Outcome};
pub use engine::{Engine, EngineOptions, Session};
pub use grid::{Cell, Grid};
pub use parse::{ParseError, ParseOptions};
pub use puzzle::Puzzle;
pub use stop::Stop;
pub use verify::VerifyError;

/// DIMACS CNF for external SAT solvers, and their answers read back.
///
/// The header's `c` lines name the puzzle and the options, map every x variable back to
/// `cell=digit` and list the auxiliary ranges with their roles (`encodings/`).
pub mod dimacs {
    pub use crate::engine::dimacs::{
        decode_answer, decode_blocked_answer, parse_blocked_solution, write_dimacs,
        write_dimacs_projected, DecodeAnswerError,
    };
}

/// SMT-LIB 2 scripts for z3, cvc5 or any SMT solver, and their answers read back
/// (`encodings/smtlib.md`).
pub mod smt {
    pub use crate::engine::smt::{decode_smt_answer, is_smt_answer};
    pub use crate::kind::{smtlib_stats, write_smtlib};
    pub use crate::smtlib::answer::{AnswerPos, SmtAnswerError};
    pub use crate::smtlib::{ProductForm, SmtOptions, SmtStats};
}

/// Certificates of an answer: the CNF with the solution found blocked and an LRAT proof that
/// it is unsatisfiable, and an independent LRAT checker (`encodings/proofs.md`).
pub mod proof {
    pub use crate::engine::proof::{
        check_prover, write_certificate, write_certificate_with, Certificate, CertificateError,
    };
    pub use crate::lrat::{check_lrat, LratError, LratSummary};
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The Rust examples of the pages under `docs/` (the library's own: `docs/library.md`),
/// compiled and run as doctests; `cli/tests/it/docs.rs` checks that every page is here.
#[cfg(doctest)]
pub mod docs_doctests {
    #[doc = include_str!("../docs/commands.md")]
    pub struct Commands;
    #[doc = include_str!("../docs/formats.md")]
    pub struct Formats;
    #[doc = include_str!("../docs/generate.md")]
    pub struct Generate;
    #[doc = include_str!("../docs/layout.md")]
    pub struct Layout;
    #[doc = include_str!("../docs/library.md")]
    pub struct Library;
    #[doc = include_str!("../docs/limits.md")]
    pub struct Limits;
    #[doc = include_str!("../docs/python.md")]
    pub struct Python;
    #[doc = include_str!("../docs/sat.md")]
    pub struct Sat;
    #[doc = include_str!("../docs/setting.md")]
    pub struct Setting;
}
