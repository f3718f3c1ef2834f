//! `render`: a puzzle (optionally with a solution file) as an SVG picture.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::{display_name, fail, load, read_text, EXIT_OK};
use cagesat::parse::parse_solution;

/// `render` options.
#[derive(Debug, Args)]
pub(crate) struct RenderArgs {
    /// Puzzle file (`-` reads standard input) or Keen game ID.
    pub file: PathBuf,
    /// Draw this solution (one row per line, as `.solution` files hold it); it must solve
    /// the puzzle.
    #[arg(long, value_name = "FILE.solution")]
    pub solution: Option<PathBuf>,
    /// Write the SVG to this file instead of standard output (`-`: standard output).
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
    /// Reject non-contiguous cages.
    #[arg(long)]
    pub strict: bool,
}

/// `cagesat render`.
pub(super) fn render(args: &RenderArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    match render_inner(args, out) {
        Ok(()) => EXIT_OK,
        Err(error) => fail(err, &error),
    }
}

fn render_inner(args: &RenderArgs, out: &mut impl Write) -> anyhow::Result<()> {
    super::stdin_once(std::iter::once(args.file.as_path()).chain(args.solution.as_deref()))?;
    let puzzle = load(&args.file, args.strict)?;
    let grid = match &args.solution {
        None => None,
        Some(path) => {
            let name = display_name(path);
            let text = read_text(path)?;
            let grid = parse_solution(&text)
                .map_err(|e| e.with_path(Some(path)))
                .map_err(anyhow::Error::new)?;
            puzzle
                .verify(&grid)
                .with_context(|| format!("{name} does not solve {}", display_name(&args.file)))?;
            Some(grid)
        }
    };
    let svg = puzzle.render_svg(grid.as_ref());
    match super::output_path(args.output.as_deref()) {
        Some(path) => {
            std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?
        }
        None => out
            .write_all(svg.as_bytes())
            .context("cagesat: cannot write output")?,
    }
    Ok(())
}
