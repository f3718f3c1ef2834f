//! The puzzles a command works on: its files, each collection (one puzzle per line, see
//! `cagesat::parse::collection`) streamed line by line, and puzzles written in place of a
//! file name (a short Killer string, an f-puzzles link, an 81-character Sudoku).
//!
//! A collection is never read whole: [`Inputs::open`] reads the first lines of each file
//! (at most [`PEEK_LINES`] content lines) to tell a collection from a puzzle file, and
//! iterating [`Inputs`] then reads a collection one line at a time, as its puzzles are
//! asked for, so the first puzzle is worked on before the last line is read (a pipe that
//! stays open, a file of millions of lines) and memory does not grow with the file.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};

use cagesat::parse::collection::{is_one_liner, looks_like_collection, Puzzles};
use cagesat::parse::{ParseErrorKind, Pos};
use cagesat::{ParseError, ParseOptions, Puzzle};

use super::display_name;

/// The name errors in a puzzle given in place of a file name are reported under.
pub(crate) const ARG_NAME: &str = "<arg>";

/// The content lines read to recognise a collection. A Sudoku grid, the one kind of file
/// whose lines can also read as one-line puzzles, has far fewer (16 rows and 16 region rows
/// at most), so a file with more content lines than this that starts like a collection is
/// one.
pub(crate) const PEEK_LINES: usize = 64;

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

/// Where one command-line input's puzzles come from.
enum Source {
    /// A file (or an argument) of one puzzle, read when its puzzle is asked for.
    One(PathBuf),
    /// Standard input, read whole: one puzzle (or why not).
    Read(Result<Puzzle, ParseError>),
    /// A collection file, opened and streamed when its turn comes.
    File(PathBuf),
    /// Standard input holding a collection: the lines read to recognise it, then the rest.
    Stdin(Cursor<Vec<u8>>, BufReader<io::Stdin>),
}

/// The inputs of a command: every file's puzzle, and every line of a collection, in order,
/// read as they are asked for (iterate with [`Inputs::into_iter`]).
pub(crate) struct Inputs {
    sources: Vec<Source>,
    strict: bool,
}

impl Inputs {
    /// The inputs of `paths`: each file, or each line of a file that is a collection.
    /// Standard input is read here as far as needed to recognise a collection (all of it
    /// when it is one puzzle); other files are read when their puzzles are asked for.
    pub(crate) fn open(paths: &[PathBuf], strict: bool) -> Self {
        let sources = paths.iter().map(|p| source(p, strict)).collect();
        Inputs { sources, strict }
    }

    /// Whether there is more than one puzzle (several files, or a collection).
    pub(crate) fn many(&self) -> bool {
        self.sources.len() > 1 || self.sources.iter().any(Source::is_collection)
    }

    /// How many puzzles there are, when that is known without reading the collections:
    /// `None` when there is one.
    pub(crate) fn known_len(&self) -> Option<usize> {
        let any = self.sources.iter().any(Source::is_collection);
        (!any).then_some(self.sources.len())
    }

    /// How many puzzles may be worked on at once, to share the cores among them: the known
    /// count, or "many" when a collection's is not known.
    pub(crate) fn at_once(&self) -> usize {
        self.known_len().unwrap_or(usize::MAX)
    }
}

impl Source {
    fn is_collection(&self) -> bool {
        matches!(self, Source::File(_) | Source::Stdin(..))
    }
}

/// Reads the start of `reader`, as far as needed to tell a collection from a puzzle file:
/// the bytes read, and whether they are all there is. That is up to [`PEEK_LINES`] content
/// lines, or all of the text, but less when the first lines decide: a first line that is
/// no one-line puzzle (a puzzle file), or a second line after one that cannot be a Sudoku
/// grid's row (a collection), so a pipe fed one line at a time is answered from its
/// second puzzle on.
fn peek(reader: &mut impl BufRead) -> io::Result<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    let mut content = 0;
    let mut decisive = false;
    while content < PEEK_LINES {
        let start = bytes.len();
        if reader.read_until(b'\n', &mut bytes)? == 0 {
            return Ok((bytes, true));
        }
        let line = String::from_utf8_lossy(&bytes[start..]);
        let Some(word) = line
            .split_whitespace()
            .next()
            .filter(|w| !w.starts_with('#'))
        else {
            continue;
        };
        content += 1;
        if content == 1 {
            if !is_one_liner(word) {
                break;
            }
            decisive = !may_be_grid_row(word);
        } else if decisive {
            break;
        }
    }
    Ok((bytes, false))
}

/// Whether a one-line puzzle's `word` may also be a row of a Sudoku grid file: 16 or 36
/// squares (`.` and digits) run together. An 81-square line cannot be (no grid is 81 wide).
fn may_be_grid_row(word: &str) -> bool {
    [16, 36].contains(&word.len()) && word.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

/// Whether text that starts with `head` is a collection: one as the library tells them
/// (two lines or more), or a single one-line puzzle followed by notes on its line (a
/// solution, a seed, a rating: a collection of one, as `generate --count 1 --out FILE.EXT`
/// writes it), which no puzzle format reads whole.
fn is_collection(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    looks_like_collection(&text) || one_line_with_notes(&text)
}

/// Whether `text` has one content line, a one-line puzzle followed by more words.
fn one_line_with_notes(text: &str) -> bool {
    let mut content = text.lines().filter(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    });
    match (content.next(), content.next()) {
        (Some(line), None) => {
            let mut words = line.split_whitespace();
            words.next().is_some_and(is_one_liner) && words.next().is_some()
        }
        _ => false,
    }
}

/// The source of one command-line input.
fn source(path: &Path, strict: bool) -> Source {
    if path != Path::new("-") {
        let collection = path.is_file()
            && File::open(path)
                .and_then(|f| peek(&mut BufReader::new(f)))
                .is_ok_and(|(head, _)| is_collection(&head));
        return if collection {
            Source::File(path.to_path_buf())
        } else {
            Source::One(path.to_path_buf())
        };
    }
    let mut reader = BufReader::new(io::stdin());
    let mut bytes = match peek(&mut reader) {
        Ok((head, _)) if is_collection(&head) => {
            return Source::Stdin(Cursor::new(head), reader);
        }
        Ok((head, _)) => head,
        Err(e) => return Source::Read(Err(io_error(&e, None))),
    };
    if let Err(e) = reader.read_to_end(&mut bytes) {
        return Source::Read(Err(io_error(&e, None)));
    }
    let text = match text_of(bytes) {
        Ok(text) => text,
        Err(e) => return Source::Read(Err(e)),
    };
    Source::Read(super::parse_reporting(&text, &super::parse_options(strict)))
}

/// An input that could not be read, as a parse error at its start.
fn io_error(e: &io::Error, path: Option<&Path>) -> ParseError {
    ParseError::new(Pos::default(), ParseErrorKind::Io(e.to_string())).with_path(path)
}

/// The text of standard input's bytes, or where they stop being UTF-8 (as
/// `cagesat::parse::read_text` reports it).
fn text_of(bytes: Vec<u8>) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let before = std::str::from_utf8(good).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError::new(Pos::new(line, col), ParseErrorKind::NotUtf8)
    })
}

/// A collection's lines, read as they are asked for.
type Lines = Puzzles<Box<dyn BufRead + Send>>;

/// The iterator of [`Inputs`]: one [`Input`] per puzzle, reading each collection's lines
/// only as they are asked for.
pub(crate) struct InputIter {
    sources: std::vec::IntoIter<Source>,
    strict: bool,
    /// The collection being read: its path, display name and lines.
    current: Option<(PathBuf, String, Lines)>,
}

impl IntoIterator for Inputs {
    type Item = Input;
    type IntoIter = InputIter;

    fn into_iter(self) -> InputIter {
        InputIter {
            sources: self.sources.into_iter(),
            strict: self.strict,
            current: None,
        }
    }
}

impl Iterator for InputIter {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        loop {
            if let Some((path, file, lines)) = &mut self.current {
                if let Some((line, read)) = lines.next() {
                    return Some(Input {
                        path: path.clone(),
                        file: file.clone(),
                        line: Some(line),
                        read: Some(read),
                    });
                }
                self.current = None;
            }
            let dash = Path::new("-");
            match self.sources.next()? {
                Source::One(path) => return Some(Input::file(&path)),
                Source::Read(read) => {
                    return Some(Input {
                        read: Some(read),
                        ..Input::file(dash)
                    })
                }
                Source::Stdin(head, rest) => {
                    let reader: Box<dyn BufRead + Send> = Box::new(head.chain(rest));
                    let opts = super::parse_options(self.strict);
                    let lines = Puzzles::new(reader, &opts, Puzzle::parse_with);
                    self.current = Some((dash.to_path_buf(), display_name(dash), lines));
                }
                Source::File(path) => match File::open(&path) {
                    Ok(f) => {
                        let reader: Box<dyn BufRead + Send> = Box::new(BufReader::new(f));
                        let opts = super::parse_options(self.strict).path(&path);
                        let lines = Puzzles::new(reader, &opts, Puzzle::parse_with);
                        self.current = Some((path.clone(), display_name(&path), lines));
                    }
                    Err(e) => {
                        return Some(Input {
                            read: Some(Err(io_error(&e, Some(&path)))),
                            ..Input::file(&path)
                        })
                    }
                },
            }
        }
    }
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
