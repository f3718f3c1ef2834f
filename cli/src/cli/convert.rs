//! `convert`: a puzzle in another of its forms: the text format of its kind, a puzz.link
//! URL (Kakuro), the forum's short Killer string, or one of Simon Tatham's game IDs (KenKen
//! as Keen, Sudoku and Killer as Solo, Towers, Unequal).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
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
    /// The text format of the puzzle's kind (`.kenken`, `.kakuro`, `.crossproduct`).
    Text,
    /// A puzz.link URL (`https://puzz.link/p?kakuro/…`; Kakuro only).
    Puzzlink,
    /// Simon Tatham's game ID: Keen's for a KenKen (`6:…`), Solo's for a Sudoku, Sudoku X,
    /// jigsaw or Killer Sudoku (`solo:3x3:…`), Towers (`towers:N:…`), Unequal
    /// (`unequal:N[a]:…`).
    Id,
    /// The forum's short Killer string (81 characters of sums and arrows; a 9×9 Killer
    /// Sudoku without givens whose cages' cells touch).
    ShortKiller,
    /// An Interactive Sudoku Solver constraint string (Sudoku and Killer, with variants).
    Iss,
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
    let mut text = match args.to {
        ConvertTo::Text => puzzle.to_string(),
        ConvertTo::ShortKiller => match puzzle.to_short_killer() {
            Some(short) => short,
            None => bail!(
                "{}: this {} {} has no short Killer form (a 9x9 Killer Sudoku without givens, with cages whose cells touch)",
                super::display_name(&args.file),
                puzzle.size_label(),
                puzzle.kind()
            ),
        },
        ConvertTo::Id => match puzzle.to_game_id() {
            Some(id) => id,
            None => bail!(
                "{}: this {} {} has no game ID (Keen: a KenKen up to 9x9 whose - and / cages have two cells; Solo: a Sudoku, or a Killer whose cages cover the grid with two cells or more each, regions and cages connected; Towers and Unequal always have one)",
                super::display_name(&args.file),
                puzzle.size_label(),
                puzzle.kind()
            ),
        },
        ConvertTo::Iss => cagesat::parse::iss_string(&puzzle)
            .map_err(|e| anyhow::anyhow!("{}: {e}", super::display_name(&args.file)))?,
        ConvertTo::Puzzlink => match puzzle.to_puzzlink() {
            Some(url) => url,
            None => bail!(
                "{}: puzz.link has no {} form here; --to puzzlink converts Kakuro",
                super::display_name(&args.file),
                puzzle.kind()
            ),
        },
    };
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
