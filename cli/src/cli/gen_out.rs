//! # Where `generate` writes its puzzles (`--out`)
//!
//! Without `--out` (or with `--out -`) each puzzle is printed in its kind's text format.
//! `--out PATH` writes them to disk:
//!
//! - a **directory** (one that exists, or a name without an extension: `--out made`): each
//!   puzzle as `NAME.EXT` (its kind's text format, with the generator's comments) and its
//!   solution as `NAME.solution`;
//! - a **collection file** (a file name with an extension other than a kind's text format:
//!   `--out hard.sudokus`, `--out list.txt`; `--out x.kenken` is refused): one puzzle per line in its kind's one-line form, which `solve`,
//!   `count`, `grade` and `candidates` read back puzzle by puzzle (see
//!   `cagesat::parse::collection`). After the puzzle each line carries its solution (the
//!   digits row by row, `.` for a square without one) and its seed, which readers skip.
//!
//! The one-line forms, first that fits: an 81-character Sudoku (16 and 36 characters for
//! 4×4 and 6×6), the forum's short Killer, a Keen ID (KenKen up to 9×9), a Towers or
//! Unequal game ID, a Solo game ID (Sudoku X, jigsaw Sudoku, Killers the short form cannot
//! hold), a puzz.link URL (Kakuro). A form is used only when it reads back as the same
//! puzzle. CrossProduct has none, nor KenKens with hidden operators or beyond 9×9: those
//! are refused before anything is generated; a puzzle that still has no form (a Killer
//! with a one-cell cage and givens) ends the run at that puzzle, naming its seed, with the
//! lines before it kept.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use cagesat::{Grid, ParseOptions, Puzzle};

/// Where the generated puzzles go.
pub(crate) enum GenOut {
    /// Printed to standard output, a blank line between two.
    Print,
    /// Files in a directory, one puzzle and its solution each.
    Dir(PathBuf),
    /// One collection file, a puzzle per line.
    Collection {
        /// The file's path, for errors.
        path: PathBuf,
        /// The open file.
        file: BufWriter<File>,
    },
}

/// One generated puzzle, in the forms its outputs need.
pub(crate) struct Made<'a> {
    /// The file name without its extension, for a directory (`kenken_6x6_s3`).
    pub name: &'a str,
    /// The extension of its text format (`kenken`).
    pub ext: &'a str,
    /// Its text format, with the generator's comments.
    pub text: &'a str,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its solution.
    pub solution: &'a Grid<u8>,
    /// The seed it was made from.
    pub seed: u64,
}

/// Whether `--out PATH` names a collection file: not an existing directory, and a file
/// name with an extension (`hard.sudokus`).
pub(crate) fn is_collection_path(path: &Path) -> bool {
    let text = path.to_string_lossy();
    !path.is_dir()
        && !text.ends_with('/')
        && !text.ends_with(std::path::MAIN_SEPARATOR)
        && path.extension().is_some()
}

impl GenOut {
    /// The output `--out` asks for, its directory created or its collection file opened
    /// (and headed by a comment naming the command). `kind` names the generator, for the
    /// refusal of kinds that have no one-line form (`no_line`: why not, or `None`).
    ///
    /// # Errors
    /// A directory or file that cannot be created; a collection of a kind without a
    /// one-line form.
    pub(crate) fn open(
        out: Option<&Path>,
        kind: &str,
        no_line: Option<&str>,
    ) -> anyhow::Result<Self> {
        let Some(path) = super::output_path(out) else {
            return Ok(GenOut::Print);
        };
        if !is_collection_path(path) {
            std::fs::create_dir_all(path)
                .with_context(|| format!("cagesat: cannot create {}", path.display()))?;
            return Ok(GenOut::Dir(path.to_path_buf()));
        }
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        if let Some(ext) = ext.filter(|e| cagesat::puzzle::KINDS.iter().any(|k| k.name == e)) {
            bail!(
                "cagesat: generate {kind} --out {}: a collection holds one-line puzzles, not the .{ext} text format; give it another extension (list.txt) or give a directory (--out DIR, no extension) for one file per puzzle",
                path.display()
            );
        }
        if let Some(why) = no_line {
            bail!(
                "cagesat: generate {kind} --out {}: {why}, so it cannot be written as a collection (one puzzle per line); give a directory (--out DIR, no extension) for one file per puzzle",
                path.display()
            );
        }
        let create = || -> std::io::Result<BufWriter<File>> {
            let mut file = BufWriter::new(File::create(path)?);
            writeln!(file, "{}", header())?;
            file.flush()?;
            Ok(file)
        };
        let file = create().with_context(|| format!("cagesat: cannot write {}", path.display()))?;
        Ok(GenOut::Collection {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Writes one puzzle; `last` says whether it is the run's last (no blank line after it
    /// when printed).
    ///
    /// # Errors
    /// Failed writes; a puzzle without a one-line form for a collection.
    pub(crate) fn put(
        &mut self,
        out: &mut impl Write,
        made: &Made<'_>,
        last: bool,
    ) -> anyhow::Result<()> {
        match self {
            GenOut::Print => {
                let sep = if last { "" } else { "\n" };
                write!(out, "{}{sep}", made.text).context("cagesat: cannot write output")
            }
            GenOut::Dir(dir) => {
                let write = |ext: &str, text: &str| {
                    let path = dir.join(format!("{}.{ext}", made.name));
                    super::generate::write_file(&path, text)
                };
                write(made.ext, made.text)?;
                write("solution", &solution_rows(made.solution))
            }
            GenOut::Collection { path, file } => {
                let Some(line) = one_line(made.puzzle) else {
                    bail!(
                        "cagesat: {}: the puzzle of seed {} ({} {}) has no one-line form; the puzzles before it are written",
                        path.display(),
                        made.seed,
                        made.puzzle.size_label(),
                        made.puzzle.kind()
                    );
                };
                // Flushed per line, so what a stopped run made is on disk.
                writeln!(
                    file,
                    "{line} {} seed={}",
                    solution_word(made.solution),
                    made.seed
                )
                .and_then(|()| file.flush())
                .with_context(|| format!("cagesat: cannot write {}", path.display()))
            }
        }
    }
}

/// The comment that opens a collection file: the command that made it and what its lines
/// hold.
fn header() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!(
        "# generated: cagesat {} {}\n# one puzzle per line: the puzzle, its solution row by row, its seed",
        env!("CARGO_PKG_VERSION"),
        args.join(" ")
    )
}

/// A solution as a `.solution` file: a row per line, digits separated by spaces.
fn solution_rows(solution: &Grid<u8>) -> String {
    solution
        .iter_rows()
        .map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

/// A solution as one word: its digits row by row, `.` for a square without one (a Kakuro's
/// black squares), separated by commas when one has two digits.
fn solution_word(solution: &Grid<u8>) -> String {
    let cells: Vec<String> = solution
        .iter_rows()
        .flatten()
        .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
        .collect();
    if cells.iter().all(|c| c.len() == 1) {
        cells.concat()
    } else {
        cells.join(",")
    }
}

/// The puzzle written on one line, in the first of its one-line forms that reads back as
/// the same puzzle (see the module's documentation), or `None`.
pub(crate) fn one_line(puzzle: &Puzzle) -> Option<String> {
    let forms = [
        squares_line(puzzle),
        puzzle.to_short_killer(),
        // Keen, Solo, Towers or Unequal, by kind.
        puzzle.to_game_id(),
        puzzle.to_puzzlink(),
        cagesat::parse::fpuzzles_link(puzzle),
    ];
    forms
        .into_iter()
        .flatten()
        .find(|line| reads_back(line, puzzle))
}

/// A Sudoku's squares on one line (`.` for an empty one), when its text is only its grid
/// (no diagonals, no regions) of single characters.
fn squares_line(puzzle: &Puzzle) -> Option<String> {
    if puzzle.kind() != "sudoku" {
        return None;
    }
    let text = puzzle.to_string();
    let mut line = String::new();
    for row in text.lines().map(str::trim) {
        if row.is_empty() || row.starts_with('#') {
            continue;
        }
        for square in row.split_whitespace() {
            let single =
                square.len() == 1 && (square == "." || square.as_bytes()[0].is_ascii_digit());
            if !single {
                return None;
            }
            line.push_str(if square == "0" { "." } else { square });
        }
    }
    Some(line)
}

/// Whether `line`, read as a collection's line, is `puzzle`: the same kind, and the same
/// text up to the order of its cages and of the cells within each (what a one-line form
/// does not keep).
fn reads_back(line: &str, puzzle: &Puzzle) -> bool {
    let text = format!("{line}\n");
    let mut read = Puzzle::parse_all(&text, &ParseOptions::default());
    let same = match read.next() {
        Some((_, Ok(p))) => {
            p == *puzzle || (p.kind() == puzzle.kind() && canonical(&p) == canonical(puzzle))
        }
        _ => false,
    };
    same && read.next().is_none()
}

/// A puzzle's text with the order of its cages, and of the cells within each, set aside:
/// the lines without a cell label in order, then the lines with labels (cages), each with
/// its labels sorted, sorted.
fn canonical(puzzle: &Puzzle) -> (Vec<String>, Vec<String>) {
    let is_label = |w: &str| {
        let letters = w.bytes().take_while(u8::is_ascii_uppercase).count();
        letters > 0 && letters < w.len() && w.bytes().skip(letters).all(|b| b.is_ascii_digit())
    };
    let (mut plain, mut cages) = (Vec::new(), Vec::new());
    for line in puzzle.to_string().lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (mut labels, mut words) = (Vec::new(), Vec::new());
        for w in line.split_whitespace() {
            if is_label(w) {
                labels.push(w);
            } else {
                words.push(w);
            }
        }
        if labels.is_empty() {
            plain.push(line.to_string());
        } else {
            labels.sort_unstable();
            cages.push(format!("{} {}", words.join(" "), labels.join(" ")));
        }
    }
    cages.sort_unstable();
    (plain, cages)
}
