//! # Exports: a puzzle in the forms other programs read
//!
//! [`export`] writes a puzzle in one of the forms of [`ExportTarget`]: cagesat's text, a
//! puzz.link URL, a game ID as Simon Tatham's games take it, the forum's short Killer
//! string, an f-puzzles link or a SudokuPad link. Each form holds some kinds and some
//! puzzles of them; what a form cannot hold is refused by name ([`ExportError`]: the
//! kind, the size, the given, the cage), never dropped. Every form written here reads back
//! with [`Puzzle::parse`] as the same puzzle (a Solo ID of boxes one cell wide as the
//! jigsaw of the same regions).

use std::fmt;

use thiserror::Error;

use crate::grid::Cell;
use crate::puzzle::{Puzzle, Unequal};

/// The forms [`export`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExportTarget {
    /// The text format of the puzzle's kind (`.kenken`, `.killer`, `.towers`, …): every
    /// puzzle has one.
    Text,
    /// A puzz.link URL (Kakuro).
    Puzzlink,
    /// The game ID of Tatham's Keen (KenKen), Solo (Sudoku and Killer Sudoku), Towers or
    /// Unequal, without a prefix, as his games read it.
    Id,
    /// The forum's short Killer string (a 9×9 Killer Sudoku with 3×3 boxes and no givens).
    Short,
    /// An f-puzzles link (`https://www.f-puzzles.com/?load=…`).
    Fpuzzles,
    /// A SudokuPad link of the same data (`https://sudokupad.app/fpuzzles…`).
    SudokuPad,
    /// An Interactive Sudoku Solver constraint string (Sudoku and Killer, with variants).
    Iss,
}

/// Why [`export`] cannot write a puzzle in a form: what the form has no place for, named.
/// `form` is the form in words (`Solo's game ID`, `the short Killer form`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The form has nothing for the puzzle's kind.
    #[error("{form} holds {holds}, not a {puzzle}")]
    Kind {
        /// The form.
        form: &'static str,
        /// The kinds it holds, in words.
        holds: &'static str,
        /// The puzzle's size and kind (`6x6 kenken`).
        puzzle: String,
    },
    /// The grid's side is outside the form's range.
    #[error("{form} holds {what} of {}, not {size}x{size}", sides(*.min, *.max))]
    Size {
        /// The form.
        form: &'static str,
        /// What it holds (`grids`, `Killer Sudokus`).
        what: &'static str,
        /// The puzzle's side.
        size: usize,
        /// The smallest side the form holds.
        min: usize,
        /// The largest.
        max: usize,
    },
    /// A rule or part of the puzzle the form has no place for (`diagonals`, `jigsaw
    /// regions`, `boxes 2x3`).
    #[error("{form} has no {feature}")]
    Feature {
        /// The form.
        form: &'static str,
        /// What it lacks, in words.
        feature: String,
    },
    /// A given digit, the first in reading order.
    #[error("{form} has no given digits: {cell} = {digit}{}", and_more(*.more))]
    Given {
        /// The form.
        form: &'static str,
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// How many other givens the puzzle has.
        more: usize,
    },
    /// A cage of one cell.
    #[error("{form} has no one-cell cages: cage {cage}")]
    OneCellCage {
        /// The form.
        form: &'static str,
        /// The cage, as `7 at B3`.
        cage: String,
    },
    /// A cell in no cage.
    #[error("{form} needs every cell in a cage: {cell} is in none")]
    Uncaged {
        /// The form.
        form: &'static str,
        /// The first such cell in reading order.
        cell: Cell,
    },
    /// A cage or region whose cells are not joined as the form needs.
    #[error("{form} needs the cells of each {what} joined through {through}: the {what} {name} is in pieces")]
    Disconnected {
        /// The form.
        form: &'static str,
        /// `cage` or `region`.
        what: &'static str,
        /// Its name (`15 at A1`, `at A1`).
        name: String,
        /// `their sides`, `sides or corners`.
        through: &'static str,
    },
    /// A KenKen `-` or `/` cage of other than two cells.
    #[error("{form} has - and / cages of two cells only: cage {cage} has {cells}")]
    TwoCellOp {
        /// The form.
        form: &'static str,
        /// The cage, as `3- at A1`.
        cage: String,
        /// How many cells it has.
        cells: usize,
    },
    /// A KenKen cage written without an operator.
    #[error("{form} has no cages without an operator: cage {cage}")]
    NoOperator {
        /// The form.
        form: &'static str,
        /// The cage, as `6 at A1`.
        cage: String,
    },
}

/// `side 9`, or `sides 3 to 9`.
fn sides(min: usize, max: usize) -> String {
    if min == max {
        format!("side {min}")
    } else {
        format!("sides {min} to {max}")
    }
}

/// ` (and N more)`, or nothing.
fn and_more(more: usize) -> String {
    match more {
        0 => String::new(),
        n => format!(" (and {n} more)"),
    }
}

impl fmt::Display for ExportTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ExportTarget::Text => "text",
            ExportTarget::Puzzlink => "puzzlink",
            ExportTarget::Id => "id",
            ExportTarget::Short => "short",
            ExportTarget::Fpuzzles => "fpuzzles",
            ExportTarget::SudokuPad => "sudokupad",
            ExportTarget::Iss => "iss",
        })
    }
}

/// The puzzle in the form `target`, which [`Puzzle::parse`] reads back to the same puzzle.
///
/// ```
/// use cagesat::parse::{export, ExportTarget};
/// use cagesat::Puzzle;
///
/// let killer = Puzzle::parse("size 4\nboxes 2x2\n3 A1 A2\n7 A3 A4\n4 = B1\n")?;
/// let link = export(&killer, ExportTarget::Fpuzzles).expect("a Killer has an f-puzzles link");
/// assert_eq!(Puzzle::parse(&link)?, killer);
/// let refused = export(&killer, ExportTarget::Id).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "Solo's game ID needs every cell in a cage: B1 is in none"
/// );
/// # Ok::<(), cagesat::ParseError>(())
/// ```
///
/// # Errors
/// What the form cannot hold, named ([`ExportError`]).
pub fn export(puzzle: &Puzzle, target: ExportTarget) -> Result<String, ExportError> {
    let kind = |form, holds| ExportError::Kind {
        form,
        holds,
        puzzle: format!("{} {}", puzzle.size_label(), puzzle.kind()),
    };
    // Only the text, f-puzzles, SudokuPad and ISS forms hold variant constraints.
    let variants = match puzzle {
        Puzzle::Sudoku(s) => s.variants(),
        Puzzle::Killer(k) => k.sudoku().variants(),
        _ => &[],
    };
    let form = match target {
        ExportTarget::Id => Some("a Tatham game ID"),
        ExportTarget::Short => Some(super::killer_short::FORM),
        ExportTarget::Puzzlink => Some("puzz.link"),
        _ => None,
    };
    if let (Some(form), Some(v)) = (form, variants.first()) {
        return Err(ExportError::Feature {
            form,
            feature: format!("{v}"),
        });
    }
    match target {
        ExportTarget::Text => Ok(puzzle.to_string()),
        ExportTarget::Puzzlink => puzzle
            .to_puzzlink()
            .ok_or_else(|| kind("puzz.link", "Kakuro")),
        ExportTarget::Id => game_id(puzzle),
        ExportTarget::Short => match puzzle {
            Puzzle::Killer(k) => super::killer_short::short_checked(k),
            _ => Err(kind(super::killer_short::FORM, "Killer Sudoku")),
        },
        ExportTarget::Fpuzzles => fpuzzles(puzzle, "f-puzzles"),
        ExportTarget::SudokuPad => fpuzzles(puzzle, "SudokuPad").map(|link| sudokupad(&link)),
        ExportTarget::Iss => super::iss_write::iss_string(puzzle).map_err(|e| match e {
            super::IssWriteError::Kind(_) => kind("an ISS string", "Sudoku and Killer Sudoku"),
            super::IssWriteError::Unsupported { what, reason } => ExportError::Feature {
                form: "an ISS string",
                feature: format!("{what}: {reason}"),
            },
        }),
    }
}

/// The game ID of the Tatham game that has the puzzle's kind.
fn game_id(puzzle: &Puzzle) -> Result<String, ExportError> {
    match puzzle {
        Puzzle::KenKen(k) => super::keen_write::keen_checked(k),
        Puzzle::Sudoku(s) => super::solo_write::write_checked(s, None),
        Puzzle::Killer(k) => super::solo_write::write_checked(k.sudoku(), Some(k)),
        Puzzle::Towers(t) => {
            tatham_size("Towers' game ID", t.size(), TOWERS_SIDES).map(|()| super::towers_id(t))
        }
        Puzzle::Unequal(u) => unequal(u),
        _ => Err(ExportError::Kind {
            form: "a Tatham game ID",
            holds: "KenKen (Keen), Sudoku and Killer Sudoku (Solo), Towers and Unequal",
            puzzle: format!("{} {}", puzzle.size_label(), puzzle.kind()),
        }),
    }
}

/// The sides Tatham's Towers takes (`towers.c`, `validate_params`).
const TOWERS_SIDES: (usize, usize) = (3, 9);

/// The sides Tatham's Unequal takes and cagesat's Unequal has (`unequal.c` takes up to 32).
const UNEQUAL_SIDES: (usize, usize) = (3, crate::puzzle::MAX_UNEQUAL_SIDE);

fn unequal(u: &Unequal) -> Result<String, ExportError> {
    tatham_size("Unequal's game ID", u.size(), UNEQUAL_SIDES).map(|()| super::unequal_id(u))
}

/// A refusal when `size` is outside `(min, max)`.
pub(crate) fn tatham_size(
    form: &'static str,
    size: usize,
    (min, max): (usize, usize),
) -> Result<(), ExportError> {
    if (min..=max).contains(&size) {
        Ok(())
    } else {
        Err(ExportError::Size {
            form,
            what: "grids",
            size,
            min,
            max,
        })
    }
}

/// The f-puzzles link, or why there is none.
fn fpuzzles(puzzle: &Puzzle, form: &'static str) -> Result<String, ExportError> {
    if let Some(link) = super::fpuzzles_link(puzzle) {
        return Ok(link);
    }
    let sudoku = match puzzle {
        Puzzle::Sudoku(s) => s,
        Puzzle::Killer(k) => k.sudoku(),
        _ => {
            return Err(ExportError::Kind {
                form,
                holds: "Sudoku and Killer Sudoku",
                puzzle: format!("{} {}", puzzle.size_label(), puzzle.kind()),
            })
        }
    };
    let feature = if sudoku.regions().is_some() {
        "jigsaw regions".to_string()
    } else {
        format!("form for this {} {}", puzzle.size_label(), puzzle.kind())
    };
    Err(ExportError::Feature { form, feature })
}

/// The SudokuPad link of an f-puzzles link: its data after `sudokupad.app/fpuzzles`, with
/// base64's `+ / =` escaped for a URL path.
fn sudokupad(fpuzzles: &str) -> String {
    let data = fpuzzles
        .split_once("?load=")
        .map_or(fpuzzles, |(_, data)| data);
    let mut out = String::from("https://sudokupad.app/fpuzzles");
    for c in data.chars() {
        match c {
            '+' => out.push_str("%2B"),
            '/' => out.push_str("%2F"),
            '=' => out.push_str("%3D"),
            c => out.push(c),
        }
    }
    out
}

/// The first given in reading order and how many others there are, as a refusal.
pub(crate) fn first_given(form: &'static str, givens: &[(Cell, u8)]) -> Option<ExportError> {
    let &(cell, digit) = givens.iter().min_by_key(|(c, _)| *c)?;
    Some(ExportError::Given {
        form,
        cell,
        digit,
        more: givens.len() - 1,
    })
}
