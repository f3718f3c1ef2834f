//! # The live check of a KenKen while it is drawn
//!
//! A KenKen text with cells in no cage (the editor writes one after every cage drawn) does
//! not read as a puzzle (`puzzle:1:1: cell A2 is in no cage`). The live check reads it as
//! what is drawn so far ([`cagesat::setter::PartialKenKen`]: a Latin square with the cages
//! drawn, the other cells free), so a setter gets counts and ambiguous cells from the first
//! cage, as for a Killer Sudoku. The text is read by the library's own parser, with each
//! free cell given a placeholder one-cell cage written after the text (so every error in
//! the text is reported where it is, in the command line's words); the placeholders are
//! dropped again before counting.

use cagesat::parse::KenKenParseError;
use cagesat::puzzle::Cage;
use cagesat::setter::PartialKenKen;
use cagesat::{Cell, ParseError, Puzzle, Stop};
use serde_json::{json, Value};

use crate::actions::failure;
use crate::editor::CHECK_LIMIT;
use crate::input;

/// Cells a placeholder cage is written for at most, one at a time, when the first guess
/// of the free cells is refused (26 × 26).
const MAX_ROUNDS: usize = 676;

/// Whether `e` is the error of a KenKen text that only lacks cages: a cell in no cage, or a
/// size and no cage at all.
#[must_use]
pub fn only_uncaged(e: &ParseError) -> bool {
    matches!(
        &e.kind,
        cagesat::parse::ParseErrorKind::KenKen(
            KenKenParseError::CellInNoCage(_) | KenKenParseError::NoCages
        )
    )
}

/// The KenKen in `text` with its free cells, given `first`, the error the text reads with
/// (one that [`only_uncaged`] accepts).
///
/// # Errors
/// The text's first other error (a cage no digits make, …), as the command line words it.
pub fn read(text: &str, first: ParseError) -> Result<PartialKenKen, ParseError> {
    // First guess: the cells no line of the text names.
    if let Some(size) = size_line(text) {
        let named = named_cells(text);
        let free: Vec<Cell> = (0..size)
            .flat_map(|r| (0..size).map(move |c| Cell::new(r as u8, c as u8)))
            .filter(|c| !named.contains(c))
            .collect();
        if let Ok(p) = padded(text, &free) {
            return p;
        }
    }
    // Otherwise one placeholder at a time, as the parser names the free cells.
    let mut free = Vec::new();
    let mut error = first;
    for _ in 0..MAX_ROUNDS {
        match &error.kind {
            cagesat::parse::ParseErrorKind::KenKen(KenKenParseError::CellInNoCage(cell)) => {
                free.push(*cell);
            }
            cagesat::parse::ParseErrorKind::KenKen(KenKenParseError::NoCages) => {
                free.push(Cell::new(0, 0));
            }
            _ => return Err(error),
        }
        match padded(text, &free) {
            Ok(p) => return p,
            Err(e) => error = e,
        }
    }
    Err(error)
}

/// `text` with a placeholder `1 = cell` cage for each of `free`, read; the partial puzzle
/// without them (`Ok(Err)` for an error in the text itself).
fn padded(text: &str, free: &[Cell]) -> Result<Result<PartialKenKen, ParseError>, ParseError> {
    let mut all = text.trim_end().to_string();
    for c in free {
        all.push_str(&format!("\n1 = {}", c.label()));
    }
    all.push('\n');
    match input::read(&all) {
        Ok(Puzzle::KenKen(k)) => {
            let cages: Vec<Cage> = k.cages().to_vec();
            let drawn = cages.len().saturating_sub(free.len());
            let ok = cages[drawn..]
                .iter()
                .zip(free)
                .all(|(cage, &c)| cage.cells == [c] && cage.target == 1);
            if !ok {
                return Err(failure_error(text));
            }
            let drawn = cages[..drawn].to_vec();
            Ok(PartialKenKen::new(k.size(), drawn).map_err(|_| failure_error(text)))
        }
        Ok(_) => Err(failure_error(text)),
        // An error before the placeholders: the text's own (its position is the text's).
        Err(e) if !only_uncaged(&e) && e.pos.line <= text.lines().count() => Ok(Err(e)),
        Err(e) => Err(e),
    }
}

/// The text's own error (what it reads as without placeholders).
fn failure_error(text: &str) -> ParseError {
    match input::read(text) {
        Err(e) => e,
        Ok(_) => ParseError::new(Default::default(), KenKenParseError::NoCages),
    }
}

/// The side given by a `size N` line, when there is one.
fn size_line(text: &str) -> Option<usize> {
    text.lines().find_map(|line| {
        let line = line.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(w), Some(n), None) if w.eq_ignore_ascii_case("size") => {
                n.parse().ok().filter(|n| (1..=26).contains(n))
            }
            _ => None,
        }
    })
}

/// Every cell label the lines of `text` name (comments aside).
fn named_cells(text: &str) -> Vec<Cell> {
    text.lines()
        .flat_map(|line| {
            line.split('#')
                .next()
                .unwrap_or_default()
                .split(|ch: char| ch.is_whitespace() || ch == ';')
        })
        .filter_map(label)
        .collect()
}

/// A cell label (`B3`, `b3`).
fn label(word: &str) -> Option<Cell> {
    let letters = word.chars().take_while(char::is_ascii_alphabetic).count();
    let (row, col) = word.split_at(letters);
    if letters != 1 || col.is_empty() || !col.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let r = row.to_ascii_uppercase().bytes().next()?.checked_sub(b'A')?;
    let c: u8 = col.parse().ok()?;
    Some(Cell::new(r, c.checked_sub(1)?))
}

/// The editor's model of the drawn puzzle (as [`crate::editor::model`] for a KenKen).
#[must_use]
pub fn model(p: &PartialKenKen) -> Value {
    let cages: Vec<Value> = p
        .cages()
        .iter()
        .map(|c| {
            let cells: Vec<String> = c.cells.iter().map(|c| c.label()).collect();
            json!({"clue": format!("{}{}", c.target, c.op.symbol()), "cells": cells})
        })
        .collect();
    json!({"kind": "kenken", "rows": p.size(), "cols": p.size(), "cages": cages})
}

/// The live check of a drawn KenKen (the answer of [`crate::editor::check`]): the count up
/// to [`CHECK_LIMIT`] with the free cells named in the status, the ambiguous cells, no
/// picture (the library draws complete puzzles only).
#[must_use]
pub fn check(p: &PartialKenKen) -> Value {
    let stop = Stop::new();
    let counted = match p.count(Some(CHECK_LIMIT), &stop) {
        Ok(c) => c,
        Err(e) => return failure(&format!("error: {e}")),
    };
    let n = p.size();
    let free = p.free_cells().len();
    let mut status = match (counted.count, counted.complete) {
        (0, _) => match crate::impossible::first_impossible(&p.constraints()) {
            Some(c) => format!("no solution: {c} is impossible alone"),
            None => "no solution".to_string(),
        },
        (1, _) => "unique".to_string(),
        (k, true) => format!("{k} solutions"),
        (k, false) => format!("{k}+ solutions"),
    };
    let s = if free == 1 { "" } else { "s" };
    status.push_str(&format!(" ({free} cell{s} in no cage yet)"));
    let mut ambiguous = Vec::new();
    if counted.count > 1 {
        match p.ambiguous(&stop) {
            Ok(cells) => ambiguous = cells.iter().map(|c| c.label()).collect(),
            Err(e) => return failure(&format!("error: {e}")),
        }
    }
    json!({
        "ok": true,
        "kind": "kenken",
        "size": format!("{n}x{n}"),
        "model": model(p),
        "count": counted.count,
        "ambiguous": ambiguous,
        "status": status,
        "partial": true,
        "svg": "",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_cage_on_an_empty_grid_is_counted() {
        let one = crate::editor::check("size 4\n3 + A1 A2\n");
        assert_eq!(one["ok"], true, "{one}");
        assert_eq!(one["status"], "96 solutions (14 cells in no cage yet)");
        assert_eq!(one["count"], 96);
        assert_eq!(one["model"]["cages"][0]["cells"], json!(["A1", "A2"]));
        assert_eq!(one["ambiguous"].as_array().map(Vec::len), Some(16));
        let none = crate::editor::check("size 4\n");
        assert_eq!(none["status"], "576 solutions (16 cells in no cage yet)");
        let big = crate::editor::check("size 6\n11 + A1 B1\n");
        assert_eq!(big["status"], "1000+ solutions (34 cells in no cage yet)");
    }

    #[test]
    fn errors_in_the_drawn_cages_are_the_command_lines() {
        let bad = crate::editor::check("size 4\n3 % A1 A2\n");
        assert_eq!(bad["ok"], false);
        assert!(
            bad["status"].as_str().unwrap().starts_with("puzzle:2:"),
            "{bad}"
        );
        let impossible = crate::editor::check("size 4\n3 + A1 A2\n30 * B1 B2\n");
        assert_eq!(
            impossible["status"],
            "puzzle:3:1: cage 30* at B1 cannot be made by 2 digits 1..=4"
        );
        let twice = crate::editor::check("size 4\n3 + A1 A2\n3 + A2 B2\n");
        assert!(
            twice["status"]
                .as_str()
                .unwrap()
                .contains("already in cage"),
            "{twice}"
        );
        // Two cages that cannot hold together: no solution, not an error.
        let clash = crate::editor::check("size 2\n2 = A1\n2 = A2\n");
        assert_eq!(clash["status"], "no solution (2 cells in no cage yet)");
    }

    #[test]
    fn a_text_without_a_size_line_is_read_one_free_cell_at_a_time() {
        let text = "3 + A1 A2\n2 = B2\n";
        let first = input::read(text).unwrap_err();
        assert!(only_uncaged(&first), "{first}");
        let p = read(text, first).expect("reads");
        assert_eq!(p.free_cells(), [Cell::new(1, 0)]);
        let r = crate::editor::check("3 + A1 A2\n1 = B2\n");
        assert_eq!(r["status"], "unique (1 cell in no cage yet)");
    }
}
