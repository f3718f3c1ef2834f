//! `convert`: a puzzle in another of its forms: the text format of its kind, a puzz.link
//! URL (Kakuro), one of Simon Tatham's game IDs as his games take them (KenKen as Keen,
//! Sudoku and Killer as Solo, Towers, Unequal), the forum's short Killer string, an
//! f-puzzles or a SudokuPad link (Sudoku and Killer Sudoku). What a form cannot hold is
//! refused by name (`cagesat::parse::export`), never dropped.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use cagesat::parse::{export, ExportTarget};
use clap::{Args, ValueEnum};

use super::{fail, load, EXIT_OK};

/// `convert` options.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// Puzzle file (`-` reads standard input), Keen or Solo game ID or puzz.link URL.
    pub file: PathBuf,
    /// The form to write.
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    /// Write to this file instead of standard output (`-`: standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
}

/// The forms `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ConvertTo {
    /// The text format of the puzzle's kind (`.kenken`, `.killer`, `.kakuro`, …).
    Text,
    /// A puzz.link URL (`https://puzz.link/p?kakuro/…`; Kakuro only).
    Puzzlink,
    /// Simon Tatham's game ID as his games read it: Keen's for a KenKen (`6:…`), Solo's for
    /// a Sudoku, Sudoku X, jigsaw or Killer Sudoku (`3x3:…`), Towers' (`4:…`), Unequal's
    /// (`4a:…`).
    Id,
    /// The forum's short Killer string (81 characters of sums and arrows; a 9×9 Killer
    /// Sudoku without givens whose cages' cells touch).
    #[value(alias = "short-killer")]
    Short,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=…`; Sudoku, Sudoku X, Killer).
    Fpuzzles,
    /// A SudokuPad link of the same data (`https://sudokupad.app/fpuzzles…`).
    Sudokupad,
    /// An Interactive Sudoku Solver constraint string (Sudoku and Killer, with variants).
    Iss,
}

impl ConvertTo {
    /// The library's name for the form.
    fn target(self) -> ExportTarget {
        match self {
            ConvertTo::Text => ExportTarget::Text,
            ConvertTo::Puzzlink => ExportTarget::Puzzlink,
            ConvertTo::Id => ExportTarget::Id,
            ConvertTo::Short => ExportTarget::Short,
            ConvertTo::Fpuzzles => ExportTarget::Fpuzzles,
            ConvertTo::Sudokupad => ExportTarget::SudokuPad,
            ConvertTo::Iss => ExportTarget::Iss,
        }
    }
}

/// The name a refusal is reported under: the file's, or `<arg>` for a puzzle written in
/// the argument itself (a game ID, a link).
fn source_name(args: &ConvertArgs) -> String {
    let file = &args.file;
    if file.as_os_str() != "-" && !file.exists() {
        super::inputs::ARG_NAME.to_string()
    } else {
        super::display_name(file)
    }
}

/// `cagesat convert`.
pub(super) fn convert(args: &ConvertArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match convert_inner(args, out) {
        Ok(()) => EXIT_OK,
        Err(error) => fail(err, &error),
    }
}

fn convert_inner(args: &ConvertArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let puzzle = load(&args.file, args.strict)?;
    let mut text = export(&puzzle, args.to.target()).with_context(|| source_name(args))?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    match super::output_path(args.output.as_deref()) {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out
            .write_all(text.as_bytes())
            .context("cagesat: cannot write output")?,
    }
    Ok(())
}
