//! # Simon Tatham's Keen game IDs
//!
//! `N:BLOCKS,CLUES`. BLOCKS walks the w(w−1) internal vertical edges in reading order, then
//! the w(w−1) internal horizontal edges in transposed order, and writes the number of
//! non-walls before each wall as a letter (`_` = 0, `a` = 1, …, `y` = 25; `z` = 25 and no wall),
//! ending with a virtual wall; runs of three or more equal letters become letter + count.
//! CLUES lists, for each cage in reading order of its first cell, `a`/`m`/`s`/`d` (add,
//! multiply, subtract, divide) and the target. Keen only supports sizes up to 9.

use std::fmt::Write;

use crate::parse::export::{tatham_size, ExportError};
use crate::parse::solo_write::in_pieces;
use crate::parse::tatham::write_blocks;
use crate::puzzle::{KenKen, Op};

/// The form, in refusals.
const FORM: &str = "Keen's game ID";

/// The sides Keen takes (`keen.c`, `validate_params`: "Grid size must be between 3 and 9").
const SIDES: (usize, usize) = (3, 9);

/// The Keen game ID of a puzzle, or `None` when Keen cannot express it (see
/// [`crate::parse::export()`] for the reason).
#[must_use]
pub fn keen_id(puzzle: &KenKen) -> Option<String> {
    keen_checked(puzzle).ok()
}

/// The Keen game ID of a puzzle, or what Keen cannot hold: a side outside 3..=9, a cage
/// whose cells are not joined through their sides, a `-` or `/` cage of other than two
/// cells, a cage without an operator.
pub(crate) fn keen_checked(puzzle: &KenKen) -> Result<String, ExportError> {
    let w = puzzle.size();
    tatham_size(FORM, w, SIDES)?;
    let name = |c: &crate::puzzle::Cage| format!("{}{} at {}", c.target, c.op, c.anchor());
    let cage_of = puzzle.cage_of();
    if let Some(cell) = in_pieces(&cage_of) {
        return Err(ExportError::Disconnected {
            form: FORM,
            what: "cage",
            name: name(&puzzle.cages()[*cage_of.get(cell)]),
            through: "their sides",
        });
    }
    let raw = write_blocks(&cage_of);
    let mut out = format!("{w}:{}", compress(&raw));
    out.push(',');
    let mut cages: Vec<_> = puzzle.cages().iter().collect();
    cages.sort_by_key(|c| c.anchor());
    for cage in cages {
        let letter = match cage.effective_op() {
            Op::Add | Op::Given => 'a',
            Op::Mul => 'm',
            Op::Sub if cage.cells.len() == 2 => 's',
            Op::Div if cage.cells.len() == 2 => 'd',
            Op::Sub | Op::Div => {
                return Err(ExportError::TwoCellOp {
                    form: FORM,
                    cage: name(cage),
                    cells: cage.cells.len(),
                })
            }
            // Keen IDs have no cage without operator.
            Op::Any => {
                return Err(ExportError::NoOperator {
                    form: FORM,
                    cage: format!("{} at {}", cage.target, cage.anchor()),
                })
            }
        };
        let _ = write!(out, "{letter}{}", cage.target);
    }
    Ok(out)
}

fn compress(raw: &str) -> String {
    let chars: Vec<char> = raw.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let mut j = i;
        while j < chars.len() && chars[j] == c {
            j += 1;
        }
        match j - i {
            1 => out.push(c),
            2 => {
                out.push(c);
                out.push(c);
            }
            k => {
                let _ = write!(out, "{c}{k}");
            }
        }
        i = j;
    }
    out
}
