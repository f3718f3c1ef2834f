//! # Collections: one puzzle per line
//!
//! A file whose lines are puzzles — 81-character Sudokus (`.` or `0` for an empty square;
//! 16 and 36 characters for 4×4 and 6×6), the forum's short Killers and SudokuWiki Killer
//! strings, Keen game IDs, puzz.link and f-puzzles URLs — one per line, with blank lines and
//! `#` comments between them. Only a line's first word is the puzzle (collections often add
//! a rating or a name after it).
//!
//! [`Puzzles`] reads such a file line by line (streamed: one line in memory at a time) and
//! yields every puzzle with its line number; a bad line is an error at that line and column,
//! and the lines after it are read as usual.

use std::io::BufRead;
use std::path::PathBuf;

use crate::parse::{
    fpuzzles, keen, killer_short, puzzlink, solo, sudoku, ParseError, ParseErrorKind, ParseOptions,
    Pos,
};
use crate::puzzle::Puzzle;

/// Whether a (trimmed) word is a Sudoku of 16, 36 or 81 squares written on one line.
fn is_sudoku_line(word: &str) -> bool {
    [16, 36, 81].contains(&word.len()) && is_squares(word)
}

/// Whether `word` is made of Sudoku squares only (`0`-`9` and `.`).
fn is_squares(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

/// Whether `word` is a puzzle written on one line.
#[must_use]
pub fn is_one_liner(word: &str) -> bool {
    is_sudoku_line(word)
        || killer_short::looks_like(word)
        || keen::looks_like_keen_id(word)
        || solo::looks_like_solo_id(word)
        || super::towers::looks_like_towers_id(word)
        || super::unequal::looks_like_unequal_id(word)
        || puzzlink::looks_like_url(word)
        || (fpuzzles::looks_like(word) && !word.starts_with('{'))
        || super::sudokupad::looks_like(word)
}

/// The first word of each content line (not blank, not a `#` comment), with its line
/// number and 1-based column.
fn words(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| first_word(l).map(|(col, w)| (i + 1, col, w)))
}

/// The first word of a content line and its 1-based column; `None` for a blank line or a
/// comment.
fn first_word(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let col = line[..line.len() - trimmed.len()].chars().count() + 1;
    let word = trimmed.split_whitespace().next()?;
    Some((col, word))
}

/// Whether `text` is a collection: two or more content lines, the first of them a puzzle
/// written on one line, and the whole not a Sudoku grid.
#[must_use]
pub fn looks_like_collection(text: &str) -> bool {
    let mut w = words(text);
    let first = w.next().is_some_and(|(_, _, word)| is_one_liner(word));
    first && w.next().is_some() && !sudoku::looks_like_sudoku(text)
}

/// How many content lines a collection has (its puzzles, good and bad).
#[must_use]
pub fn count_entries(text: &str) -> usize {
    words(text).count()
}

/// Parses one puzzle's text with the given options (what [`Puzzles`] calls per line:
/// `Puzzle::parse_with`).
pub type ParseFn = fn(&str, &ParseOptions) -> Result<Puzzle, ParseError>;

/// The puzzles of a collection, streamed from `R`: `(line, puzzle or error)` for every
/// content line, in order. Errors name the file (when known), the line and the column.
pub struct Puzzles<R> {
    reader: R,
    line: usize,
    path: Option<PathBuf>,
    opts: ParseOptions,
    parse: ParseFn,
    buf: String,
    done: bool,
}

impl<R: BufRead> Puzzles<R> {
    /// Reads the collection in `reader`, parsing each line with `parse` under `opts` (whose
    /// path names the file in errors; its extension is not used per line).
    #[must_use]
    pub fn new(reader: R, opts: &ParseOptions, parse: ParseFn) -> Self {
        let mut line_opts = opts.clone();
        let path = line_opts.path.take();
        Puzzles {
            reader,
            line: 0,
            path,
            opts: line_opts,
            parse,
            buf: String::new(),
            done: false,
        }
    }

    /// One word's puzzle, its errors moved to `(line, col)` of the file.
    fn parse_word(&self, line: usize, col: usize, word: &str) -> Result<Puzzle, ParseError> {
        let mut opts = self.opts.clone();
        if opts.kind.is_none() && is_squares(word) {
            opts.kind = Some("sudoku".into());
        }
        (self.parse)(word, &opts).map_err(|e| {
            let pos = if e.pos.line == 0 {
                Pos::new(line, col)
            } else {
                Pos::new(line, col + e.pos.col.saturating_sub(1))
            };
            ParseError {
                path: self.path.clone(),
                pos,
                kind: e.kind,
            }
        })
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    type Item = (usize, Result<Puzzle, ParseError>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.buf.clear();
            let read = self.reader.read_line(&mut self.buf);
            self.line = self.line.saturating_add(1);
            match read {
                Ok(0) => self.done = true,
                Ok(_) => {
                    let text = crate::parse::strip_bom(&self.buf);
                    let Some((col, word)) = first_word(text) else {
                        continue;
                    };
                    let word = word.to_string();
                    return Some((self.line, self.parse_word(self.line, col, &word)));
                }
                Err(e) => {
                    self.done = true;
                    let kind = if e.kind() == std::io::ErrorKind::InvalidData {
                        ParseErrorKind::NotUtf8
                    } else {
                        ParseErrorKind::Io(e.to_string())
                    };
                    let err = ParseError {
                        path: self.path.clone(),
                        pos: Pos::new(self.line, 1),
                        kind,
                    };
                    return Some((self.line, Err(err)));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection() {
        let s = "1".repeat(81);
        let two = format!("# list\n{s}\n\n{s} rating 3\n");
        assert!(looks_like_collection(&two));
        assert_eq!(count_entries(&two), 2);
        assert!(!looks_like_collection(&format!("{s}\n")));
        assert!(!looks_like_collection("size 4\n3 + A1 A2\n"));
        assert!(!looks_like_collection(
            "1 . . .\n. . 3 .\n. 4 . .\n. . . 2\n"
        ));
    }
}
