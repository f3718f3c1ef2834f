//! # cagesat
//!
//! Compiles grid arithmetic puzzles (KenKen, Kakuro, CrossProduct) into SAT and solves them:
//! text → [`Puzzle`] → one-hot CNF ([`encode`]) → SAT backend → decoded grid → independent
//! verification ([`verify`]). A native propagation engine solves the same puzzles beside the
//! SAT path; both are an [`Engine`], and every answer an engine returns has passed the
//! verifier, which shares no code with the encoder.
//!
//! ## Example Usage
//! ```
//! use cagesat::{parse_puzzle, Engine, EngineOptions, Outcome};
//!
//! let text = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3";
//! let puzzle = parse_puzzle(text, None, false)?;
//! let opts = EngineOptions::default();
//! let (outcome, _stats) = Engine::Varisat.prove_unique(&puzzle, &opts)?;
//! let Outcome::Solved { grid, unique } = outcome else { panic!("no solution") };
//! assert_eq!(grid.to_rows()[0], vec![4, 2, 3, 1]);
//! assert_eq!(unique, Some(true));
//! // The native engine agrees, and the count is exact.
//! let (count, _) = Engine::Native.count(&puzzle, &opts, None)?;
//! assert_eq!((count.count, count.complete), (1, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The CNF also leaves the process as DIMACS ([`write_dimacs`]) and an external solver's
//! answer comes back through [`decode_answer`]; see `examples/` for both.

mod answer;
mod backend;
mod cnf;
pub mod compare;
mod encode;
mod engine;
pub mod generate;
pub mod grade;
mod grid;
mod kind;
pub mod lrat;
mod native;
mod parse;
mod product;
pub mod puzzle;
mod render;
mod rng;
mod smtlib;
mod stop;
pub mod survey;
mod tuples;
mod verify;

pub use answer::{Count, Outcome};
pub use backend::SmtSolver;
pub use cnf::{AmoEncoding, CnfFormula, EncodeStats};
pub use encode::{
    encode, CageLines, ConstraintEncoding, CrossProductOptions, EncodeError, EncodeOptions,
    Encoding, Family, KakuroOptions, KenKenOptions,
};
pub use engine::{
    decode_answer, decode_smt_answer, is_smt_answer, parse_blocked_solution, write_certificate,
    write_dimacs, write_dimacs_projected, Certificate, CertificateError, DecodeAnswerError, Engine,
    EngineError, EngineOptions, EngineStats, SatStats, Session, SmtRunStats, AUTO_CADICAL_MIN_SIDE,
    AUTO_DPLL_CLAUSES_PER_CONFLICT, AUTO_DPLL_CONFLICTS, AUTO_DPLL_MAX_SIDE, AUTO_DPLL_PROVEN,
};
pub use grid::{Cell, Grid};
pub use kind::verify;
pub use native::{NativeOptions, NativeStats};
pub use parse::keen::{parse_keen_id, KeenIdError};
pub use parse::solution::parse_solution;
pub use parse::{
    parse_puzzle, read_puzzle, read_text, CrossProductParseError, KakuroParseError,
    KenKenParseError, ParseError, ParseErrorKind, Pos, SolutionParseError,
};
pub use puzzle::Puzzle;
pub use render::{render_svg, solution_json as render_json, solution_text as render_text};
pub use smtlib::answer::{AnswerPos, SmtAnswerError};
pub use smtlib::{smtlib_stats, write_smtlib, ProductForm, SmtOptions, SmtStats};
pub use stop::{Stop, StopReason};
pub use verify::VerifyError;
