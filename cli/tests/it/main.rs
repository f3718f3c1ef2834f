//! The command line's integration tests, as one test binary: they run the built `cagesat` (`common::cli`) and use the library where they check its answers.

#[macro_use]
mod common;

mod backend_choice;
mod blocked_cnf;
mod cli;
mod cli_crossproduct;
mod cli_golden;
mod compare_report;
mod completions;
mod count_memory;
mod decode_and_pipes;
mod edges;
mod explain_cli;
mod external;
mod formats_cli;
mod fuzz;
mod gen_sudoku;
mod generate;
mod generate_kakuro;
mod generate_limits;
mod grade;
mod grade_kakuro;
mod hygiene;
mod jobs;
mod kakuro_cli;
mod keen_id;
mod limits;
mod limits_documented;
mod lists;
mod native_cli;
mod native_cli_kinds;
mod options;
mod progress;
mod projection;
mod proof;
mod puzzlink;
mod session;
mod setter;
mod smt;
mod solo_id;
mod svg;
mod svg_chromium;
mod tatham_cli;
mod threads;
mod unique_second;
