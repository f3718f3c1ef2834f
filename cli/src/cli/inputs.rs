//! The puzzles a command works on: its files, each collection (one puzzle per line, see
//! `cagesat::parse::collection`) opened into its lines, and puzzles written in place of a
//! file name (a short Killer string, an f-puzzles link, an 81-character Sudoku).

use std::path::{Path, PathBuf};

use cagesat::parse::collection::{is_one_liner, looks_like_collection};
use cagesat::{ParseError, ParseOptions, Puzzle};

use super::{display_name, read_text};

/// The name errors in a puzzle given in place of a file name are reported under.
pub(crate) const ARG_NAME: &str = "<arg>";

/// One puzzle to work on: a whole file, or one line of a collection.
#[derive(Debug)]
pub(crate) struct Input {
    /// The file (or command-line argument).
    pub path: PathBuf,
    /// The file's display name (`<stdin>` for `-`).
    pub file: String,
    /// The line of a collection's puzzle.
    pub line: Option<usize>,
    /// The puzzle already read (a collection's line, standard input).
    read: Option<Result<Puzzle, ParseError>>,
}

impl Input {
    /// A file, read when its puzzle is asked for.
    fn file(path: &Path) -> Self {
        Input {
            path: path.to_path_buf(),
            file: display_name(path),
            line: None,
            read: None,
        }
    }

    /// The name reports use: the file, and for a collection's puzzle `file:line`.
    pub(crate) fn name(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.file),
            None => self.file.clone(),
        }
    }

    /// The puzzle (warnings go to standard error as `file:line:col: warning: …`).
    ///
    /// # Errors
    /// Unreadable files and parse errors, positioned.
    pub(crate) fn load(&self, strict: bool) -> Result<Puzzle, ParseError> {
        match &self.read {
            Some(read) => read.clone(),
            None => super::load(&self.path, strict),
        }
    }
}

/// The inputs of `paths`: each file, or each line of a file that is a collection. Standard
/// input is read here (once); other files are read again when their puzzle is asked for.
pub(crate) fn expand(paths: &[PathBuf], strict: bool) -> Vec<Input> {
    let mut out = Vec::with_capacity(paths.len());
    for path in paths {
        let is_stdin = path == Path::new("-");
        if !is_stdin && !path.is_file() {
            out.push(Input::file(path));
            continue;
        }
        let text = match read_text(path) {
            Ok(text) => text,
            Err(e) => {
                out.push(Input {
                    read: Some(Err(e)),
                    ..Input::file(path)
                });
                continue;
            }
        };
        let mut opts = super::parse_options(strict);
        if !is_stdin {
            opts = opts.path(path);
        }
        if looks_like_collection(&text) {
            let file = display_name(path);
            for (line, read) in Puzzle::parse_all(&text, &opts) {
                out.push(Input {
                    path: path.clone(),
                    file: file.clone(),
                    line: Some(line),
                    read: Some(read),
                });
            }
        } else if is_stdin {
            out.push(Input {
                read: Some(super::parse_reporting(&text, &opts)),
                ..Input::file(path)
            });
        } else {
            out.push(Input::file(path));
        }
    }
    out
}

/// The puzzle of a command-line argument that is a puzzle written on one line and no file
/// (a short Killer, a SudokuWiki Killer, an f-puzzles link, a Sudoku of 81 characters), or
/// `None`. Errors are named [`ARG_NAME`] and positioned in the argument.
pub(crate) fn one_line_arg(arg: &Path, strict: bool) -> Option<Result<Puzzle, ParseError>> {
    let text = arg.to_str()?;
    if arg.exists() || text.contains('\n') || !is_one_liner(text.trim()) {
        return None;
    }
    let opts: ParseOptions = super::parse_options(strict).path(ARG_NAME);
    Some(super::parse_reporting(text, &opts))
}
