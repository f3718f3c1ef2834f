//! # Encoding options
//!
//! [`EncodeOptions`] holds the choices every kind reads (the at-most-one encoding, the tuple
//! limit) and one struct per kind for the rest ([`KenKenOptions`], [`KakuroOptions`],
//! [`CrossProductOptions`]). All are `#[non_exhaustive]`: start from `Default` and assign
//! fields.

use std::fmt;

use crate::cnf::AmoEncoding;
use crate::tuples::DEFAULT_TUPLE_LIMIT;

/// Encoding choices: shared ones, then one struct per puzzle kind.
///
/// ```
/// use cagesat::encode::{CageLines, ConstraintEncoding, EncodeOptions};
///
/// let mut opts = EncodeOptions::default().with_constraint(ConstraintEncoding::Mdd);
/// opts.kenken.cage_lines = CageLines::On;
/// assert_eq!(opts.crossproduct.constraint, ConstraintEncoding::Mdd);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    /// At-most-one encoding for cells, rows and columns.
    pub amo: AmoEncoding,
    /// Largest number of allowed tuples per cage or line (Kakuro does not use it).
    pub tuple_limit: usize,
    /// KenKen choices.
    pub kenken: KenKenOptions,
    /// Kakuro choices.
    pub kakuro: KakuroOptions,
    /// CrossProduct choices.
    pub crossproduct: CrossProductOptions,
    /// Sudoku and Killer Sudoku choices.
    pub sudoku: SudokuOptions,
}

impl Default for EncodeOptions {
    fn default() -> Self {
        EncodeOptions {
            amo: AmoEncoding::Auto,
            tuple_limit: DEFAULT_TUPLE_LIMIT,
            kenken: KenKenOptions::default(),
            kakuro: KakuroOptions::default(),
            crossproduct: CrossProductOptions::default(),
            sudoku: SudokuOptions::default(),
        }
    }
}

impl EncodeOptions {
    /// The same options with every kind's constraint encoding set to `constraint` (the
    /// command line's `--encoding`).
    #[must_use]
    pub fn with_constraint(mut self, constraint: ConstraintEncoding) -> Self {
        self.kenken.constraint = constraint;
        self.kakuro.constraint = constraint;
        self.crossproduct.constraint = constraint;
        self
    }
}

/// KenKen encoding choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct KenKenOptions {
    /// Cage–line ("pointing") reasoning clauses (see `lines`).
    pub cage_lines: CageLines,
    /// How `+`/`*` cages of two or more cells are written.
    pub constraint: ConstraintEncoding,
}

/// Kakuro encoding choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct KakuroOptions {
    /// How runs are written: `Auto` picks per run (`kakuro::RunEncoding::default_for`).
    pub constraint: ConstraintEncoding,
}

/// CrossProduct encoding choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CrossProductOptions {
    /// How rows and columns are written.
    pub constraint: ConstraintEncoding,
    /// Before writing clauses, remove digits that some row or column cannot use given the
    /// other cells' digits, repeatedly (arc consistency on each line).
    pub line_filter: bool,
}

impl Default for CrossProductOptions {
    fn default() -> Self {
        CrossProductOptions {
            constraint: ConstraintEncoding::Auto,
            line_filter: true,
        }
    }
}

/// Sudoku and Killer Sudoku encoding choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SudokuOptions {
    /// Killer: the sums derived over several houses (innies and outies) as clauses.
    pub derived_sums: DerivedSums,
}

/// When a Killer's derived sums (`crate::encode::derived`) are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DerivedSums {
    /// Where they pay: on 9×9 grids, sums of up to 3 cells (measured; see
    /// `encodings/sudoku.md`).
    #[default]
    Auto,
    /// Always, up to `derived::MAX_CELLS` cells a sum.
    On,
    /// Never.
    Off,
}

impl DerivedSums {
    /// The name used on the command line (`--derived-sums auto|on|off`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DerivedSums::Auto => "auto",
            DerivedSums::On => "on",
            DerivedSums::Off => "off",
        }
    }
}

impl fmt::Display for DerivedSums {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// When KenKen cage–line clauses are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CageLines {
    /// For sizes `kenken::CAGE_LINES_MIN_SIZE` and up, where they pay.
    #[default]
    Auto,
    /// Always (the strongest unit propagation).
    On,
    /// Never.
    Off,
}

impl CageLines {
    /// The name used on the command line (`--cage-lines auto|on|off`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            CageLines::Auto => "auto",
            CageLines::On => "on",
            CageLines::Off => "off",
        }
    }
}

impl fmt::Display for CageLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// How an arithmetic constraint over several cells is written: a KenKen `+`/`*` cage of two
/// or more cells, a Kakuro run, or a CrossProduct row or column. KenKen `-`, `/` and
/// one-cell cages are always tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConstraintEncoding {
    /// Per constraint: KenKen cages as tables unless they are large
    /// (`kenken::AUTO_MDD_TUPLES`, `kenken::AUTO_MDD_CELLS`); CrossProduct lines as
    /// whichever of the two is smaller (`product::tuples_are_smaller`); Kakuro runs
    /// as a fixed digit set, a pair, selectors or an automaton, whichever is smallest
    /// (`kakuro::RunEncoding::default_for`).
    #[default]
    Auto,
    /// Always the allowed-tuple (table) encoding (`crate::cnf::table`); for Kakuro runs, one
    /// selector per digit combination.
    Tuples,
    /// Always the layered automaton (MDD) encoding (`crate::cnf::mdd`).
    Mdd,
}

impl ConstraintEncoding {
    /// The name used on the command line (`--encoding auto|tuples|mdd`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ConstraintEncoding::Auto => "auto",
            ConstraintEncoding::Tuples => "tuples",
            ConstraintEncoding::Mdd => "mdd",
        }
    }
}

impl fmt::Display for ConstraintEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}
