//! # Simon Tatham's Keen game IDs
//!
//! `N:BLOCKS,CLUES`. BLOCKS walks the w(w−1) internal vertical edges in reading order, then
//! the w(w−1) internal horizontal edges in transposed order, and writes the number of
//! non-walls before each wall as a letter (`_` = 0, `a` = 1, …, `y` = 25; `z` = 25 and no wall),
//! ending with a virtual wall; runs of three or more equal letters become letter + count.
//! CLUES lists, for each cage in reading order of its first cell, `a`/`m`/`s`/`d` (add,
//! multiply, subtract, divide) and the target. Keen only supports sizes up to 9.

use std::fmt::Write;

use crate::parse::tatham::write_blocks;
use crate::puzzle::{KenKen, Op};

/// The Keen game ID of a puzzle, or `None` when Keen cannot express it (size above 9,
/// or a `-`/`/` cage with more than two cells).
#[must_use]
pub fn keen_id(puzzle: &KenKen) -> Option<String> {
    let w = puzzle.size();
    if w > 9 {
        return None;
    }
    let raw = write_blocks(&puzzle.cage_of());
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
            // Keen IDs have no cage without operator.
            Op::Sub | Op::Div | Op::Any => return None,
        };
        let _ = write!(out, "{letter}{}", cage.target);
    }
    Some(out)
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
