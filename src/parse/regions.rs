//! # Jigsaw regions as a letter grid
//!
//! A jigsaw Sudoku (or Killer Sudoku) gives its irregular regions after a line `regions`:
//! N lines of N letters, one letter per cell, the cells of one region sharing a letter.
//! Letters may be written with or without spaces between them (`A A B` or `AAB`); any N
//! distinct letters (`A`–`Z`, `a`–`z`, case counting) will do, each on N cells. The writer
//! names the regions `A`, `B`, … in reading order of their first cells.
//!
//! ```text
//! 1 . . .
//! . . 3 .
//! . 4 . .
//! . . . 2
//! regions
//! A A A B
//! C C A B
//! C C D B
//! D D D B
//! ```

use std::collections::HashMap;

use crate::grid::{Cell, Grid};
use crate::parse::{tokens, ParseError, Pos, SudokuParseError, Token};
use crate::puzzle::sudoku::region_name;
use crate::puzzle::{Sudoku, SudokuError};

/// Whether a content line is the `regions` line that starts a region map.
pub(crate) fn is_regions(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("regions")
}

/// The letters of one line of a region map: its tokens, or for a single token of several
/// letters its characters.
fn letters(line: &str, no: usize) -> Vec<Token<'_>> {
    let toks = tokens(line, no, 1);
    match toks[..] {
        [t] if t.text.chars().count() > 1 => t
            .text
            .char_indices()
            .enumerate()
            .map(|(i, (b, c))| Token {
                text: &t.text[b..b + c.len_utf8()],
                pos: Pos::new(t.pos.line, t.pos.col + i),
            })
            .collect(),
        _ => toks,
    }
}

/// A region map read from its lines, with the position of every cell's letter.
#[derive(Debug)]
pub(crate) struct RegionMap {
    /// The region of each cell: the letter's byte.
    pub(crate) map: Grid<u8>,
    /// Where each cell's letter is.
    pub(crate) at: HashMap<Cell, Pos>,
}

impl RegionMap {
    /// The position of the error `e` that [`Sudoku::with_regions`] raised on this map, when
    /// it names a region (at its first letter).
    pub(crate) fn pos_of(&self, e: &SudokuError) -> Option<Pos> {
        match e {
            SudokuError::RegionSize { cell, .. } => self.at.get(cell).copied(),
            _ => None,
        }
    }
}

/// Reads the `n` lines of a region map (the content lines after the `regions` line at
/// `head`).
///
/// # Errors
/// A positioned [`SudokuParseError`]: a character that is not a letter, a row of the wrong
/// length, too few or too many rows.
pub(crate) fn parse_map(
    lines: &[(usize, &str)],
    n: usize,
    head: Pos,
) -> Result<RegionMap, ParseError> {
    let mut map = Grid::filled(n, n, 0u8);
    let mut at = HashMap::new();
    if let Some(&(no, line)) = lines.get(n) {
        let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
        return Err(ParseError::new(
            Pos::new(no, col),
            SudokuParseError::RegionRows {
                found: lines.len(),
                want: n,
            },
        ));
    }
    for (r, &(no, line)) in lines.iter().enumerate() {
        let row = letters(line, no);
        if row.len() != n {
            let pos = row.get(n).map_or(row[row.len() - 1].pos, |t| t.pos);
            return Err(ParseError::new(
                pos,
                SudokuParseError::RegionRowLength {
                    row: r + 1,
                    found: row.len(),
                    want: n,
                },
            ));
        }
        for (c, t) in row.iter().enumerate() {
            let &[b] = t.text.as_bytes() else {
                return Err(bad_letter(t));
            };
            if !b.is_ascii_alphabetic() {
                return Err(bad_letter(t));
            }
            let cell = Cell::new(r as u8, c as u8);
            map.set(cell, b);
            let _ = at.insert(cell, t.pos);
        }
    }
    if lines.len() < n {
        let pos = lines
            .last()
            .map_or(Pos::new(head.line + 1, 1), |&(no, _)| Pos::new(no + 1, 1));
        return Err(ParseError::new(
            pos,
            SudokuParseError::RegionRows {
                found: lines.len(),
                want: n,
            },
        ));
    }
    Ok(RegionMap { map, at })
}

/// The error for a region letter that is not one.
fn bad_letter(t: &Token<'_>) -> ParseError {
    ParseError::new(
        t.pos,
        SudokuParseError::BadRegion {
            token: t.text.to_string(),
        },
    )
}

/// The `regions` block of a jigsaw (empty for a Sudoku with boxes): the `regions` line and
/// N lines of letters `A`, `B`, … separated by spaces.
#[must_use]
pub(crate) fn regions_block(s: &Sudoku) -> String {
    let Some(map) = s.regions() else {
        return String::new();
    };
    let mut out = "regions\n".to_string();
    for row in map.iter_rows() {
        let letters: Vec<String> = row
            .iter()
            .map(|&i| region_name(usize::from(i)).to_string())
            .collect();
        out += &letters.join(" ");
        out.push('\n');
    }
    out
}
