//! `solve --svg PATH`: where each solved puzzle's picture goes.
//!
//! With one input file and a `PATH` that is not a directory, the picture is written to `PATH`.
//! With several input files, or when `PATH` is an existing directory, `PATH` is a directory
//! (created when missing) and each solved puzzle goes to `PATH/STEM.svg`: `STEM` is the input
//! file's name without its extension, `stdin` for `-`, and `keen-K` for a Keen game ID given as
//! the K-th argument; a collection's puzzle at line L goes to `STEM-L.svg`. Two inputs with the same stem are an error for the second (nothing is
//! overwritten); puzzles without a solution get no picture.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::keen_arg::is_keen_id_arg;
use cagesat::{puzzle::Overlay, Cell, Grid, Puzzle};

/// The destination of `solve --svg`.
#[derive(Debug)]
pub(crate) struct SvgTarget {
    path: PathBuf,
    directory: bool,
    written: BTreeMap<PathBuf, String>,
}

impl SvgTarget {
    /// The target for `--svg path` with `inputs` input files.
    pub(crate) fn new(path: &Path, inputs: usize) -> Self {
        SvgTarget {
            path: path.to_path_buf(),
            directory: inputs > 1 || path.is_dir(),
            written: BTreeMap::new(),
        }
    }

    /// The file the picture of input `input` (the `index`-th puzzle, 1-based; for a
    /// collection's puzzle, the one at `line`: `STEM-LINE.svg`) goes to.
    pub(crate) fn file_for(&self, input: &Path, line: Option<usize>, index: usize) -> PathBuf {
        if !self.directory {
            return self.path.clone();
        }
        let stem = if input == Path::new("-") {
            "stdin".to_string()
        } else if is_keen_id_arg(input) {
            format!("keen-{index}")
        } else {
            input.file_stem().map_or_else(
                || format!("puzzle-{index}"),
                |s| s.to_string_lossy().into_owned(),
            )
        };
        match line {
            Some(line) => self.path.join(format!("{stem}-{line}.svg")),
            None => self.path.join(format!("{stem}.svg")),
        }
    }

    /// Draws the solved puzzle of input `input`, with `marked` cells outlined (where a second
    /// solution differs), and writes it.
    ///
    /// # Errors
    /// A stem already used in this run, or a directory or file that cannot be written.
    pub(crate) fn write(
        &mut self,
        (input, line): (&Path, Option<usize>),
        (index, name): (usize, &str),
        puzzle: &Puzzle,
        grid: &Grid<u8>,
        marked: &[Cell],
    ) -> anyhow::Result<()> {
        let file = self.file_for(input, line, index);
        if let Some(first) = self.written.get(&file) {
            bail!(
                "{name}: --svg: {} was already written for {first}; not overwriting it",
                file.display()
            );
        }
        if self.directory {
            std::fs::create_dir_all(&self.path)
                .with_context(|| format!("--svg: cannot create {}", self.path.display()))?;
        }
        std::fs::write(&file, solved_svg(puzzle, grid, marked))
            .with_context(|| format!("--svg: cannot write {}", file.display()))?;
        let _ = self.written.insert(file, name.to_string());
        Ok(())
    }
}

/// The picture of `puzzle` solved with `grid`, the `marked` cells outlined (none: the plain
/// picture).
pub(crate) fn solved_svg(puzzle: &Puzzle, grid: &Grid<u8>, marked: &[Cell]) -> String {
    let mut overlay = Overlay::default();
    overlay.marked = marked.to_vec();
    puzzle.render_svg_with(Some(grid), &overlay)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_directory_mode() {
        let t = SvgTarget::new(Path::new("out"), 3);
        assert_eq!(
            t.file_for(Path::new("a/b/x.kenken"), None, 1),
            Path::new("out/x.svg")
        );
        assert_eq!(
            t.file_for(Path::new("-"), None, 2),
            Path::new("out/stdin.svg")
        );
        assert_eq!(
            t.file_for(Path::new("list.txt"), Some(7), 2),
            Path::new("out/list-7.svg")
        );
        assert_eq!(
            t.file_for(Path::new("4:a_7,a1"), None, 3),
            Path::new("out/keen-3.svg")
        );
    }

    #[test]
    fn one_input_writes_the_path_itself() {
        let t = SvgTarget::new(Path::new("picture.svg"), 1);
        assert_eq!(
            t.file_for(Path::new("x.kenken"), None, 1),
            Path::new("picture.svg")
        );
    }
}
