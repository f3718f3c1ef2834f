//! The library's integration tests, as one test binary (one link of the crate and CaDiCaL, not one per file).

#[macro_use]
mod common;

mod auto_backend;
mod count;
mod crossproduct;
mod crossproduct_doc;
mod crossproduct_notation;
mod crossproduct_props;
mod derived_cnf;
mod derived_sums;
mod encoding_counts;
mod explain;
mod formats;
mod fpuzzles_variants;
mod generate_tatham;
mod golden_dimacs;
mod golden_smtlib;
mod kakuro_corpus;
mod kakuro_difficulty;
mod kakuro_encoding;
mod kakuro_errors;
mod kenken_corpus;
mod kenken_generate;
mod kenken_mdd;
mod large_kenken;
mod latin_fast;
mod layers;
mod native_vs_cdcl;
mod opless;
mod parse_errors;
mod puzzlink;
mod setter_candidates;
mod setter_repair;
mod solo;
mod sudoku;
mod sudoku_doc;
mod sudoku_fast;
mod tatham;
mod techniques;
mod threads;
mod variants;
