//! # Sudoku and Killer Sudoku
//!
//! The fourth and fifth puzzle kinds, added through the kind seam: the models live in `puzzle`
//! (named `crate::puzzle::sudoku` too) and the parsers in `crate::parse::{sudoku, killer}`;
//! both lower to the constraint model (`Sudoku::constraints`: rows, columns, boxes, diagonals
//! of an X variant, cages as distinct sums, givens), which the native search reads
//! (`crate::model`), and so do the CNF (`crate::encode::model`, with the choices of
//! [`choices`]) and the SMT-LIB script. The rest is here, one file per job: the independent
//! verifier (`verify`), text and SVG drawing (`render`), grading (`grade`).

mod grade;
pub(crate) mod puzzle;
mod render;
mod tune;
mod verify;

use super::{Format, Kind, Workload};
use crate::cnf::OneHot;
use crate::encode::model::{encode_model, CnfChoices, Section};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::parse::killer::{looks_like_killer, parse_killer};
use crate::parse::sudoku::{looks_like_sudoku, parse_sudoku};
use crate::puzzle::{Constraints, Killer, Overlay, Puzzle, Sketch, Sudoku};
use crate::verify::VerifyError;

/// The `.sudoku` text format.
pub(super) const SUDOKU: Format = Format {
    ext: "sudoku",
    looks_like: looks_like_sudoku,
    over_extension: false,
    parse: |text, _| parse_sudoku(text).map(Puzzle::Sudoku),
};

/// Simon Tatham's Solo game IDs (`solo:3x3:…`), read as Sudoku or Killer Sudoku whatever
/// the file's name (a `.solo` file may leave the prefix out).
pub(super) const SOLO: Format = Format {
    ext: "solo",
    looks_like: crate::parse::looks_like_solo_id,
    over_extension: true,
    parse: |text, _| crate::parse::solo::parse(text),
};

/// The `.killer` text format.
pub(super) const KILLER: Format = Format {
    ext: "killer",
    looks_like: looks_like_killer,
    over_extension: false,
    parse: |text, _| parse_killer(text).map(Puzzle::Killer),
};

/// The `.sudoku` text, which reads back to the same puzzle.
impl std::fmt::Display for Sudoku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The `.killer` text, which reads back to the same puzzle.
impl std::fmt::Display for Killer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// `s` with the givens `set` added to its own.
fn sudoku_with(s: &Sudoku, set: &[(Cell, u8)]) -> Result<Sudoku, String> {
    let mut givens = s.given_cells();
    givens.extend_from_slice(set);
    s.with_givens(&givens).map_err(|e| e.to_string())
}

impl Kind for Sudoku {
    fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        Some(self.given_cells())
    }

    fn with_only_givens(&self, set: &[(Cell, u8)]) -> Option<Puzzle> {
        Sudoku::with_givens(self, set).ok().map(Puzzle::Sudoku)
    }

    fn with_givens(&self, set: &[(Cell, u8)], _: &Grid<u8>) -> Option<Result<Puzzle, String>> {
        Some(sudoku_with(self, set).map(Puzzle::Sudoku))
    }

    fn constraints(&self) -> Constraints {
        Sudoku::constraints(self)
    }

    fn name(&self) -> &'static str {
        "sudoku"
    }

    fn size_label(&self) -> String {
        format!("{0}x{0}", self.size())
    }

    fn one_hot(&self) -> OneHot {
        let n = self.size();
        OneHot::full(n, n, n as u8)
    }

    fn shape(&self) -> (usize, usize) {
        (self.size(), self.size())
    }

    fn game_id(&self) -> Option<String> {
        // Solo has no variant constraints: a puzzle with any has no ID.
        if !self.variants().is_empty() {
            return None;
        }
        crate::parse::solo_write::write(self, None)
    }

    fn workload(&self) -> Workload {
        if self.variants().is_empty() {
            Workload::Sudoku
        } else {
            Workload::Variant
        }
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        encode_model(&self.constraints(), &choices(opts, false), opts)
    }

    fn uses_tuple_limit(&self) -> bool {
        false
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify_sudoku(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::sudoku_text(self, grid)
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        render::svg(self, None, grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        Sketch {
            boxes: Some(self.boxes()),
            regions: self.regions(),
            diagonals: Some(self.diagonals()),
            variants: Some(self.variants()),
            ..Sketch::default()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        grade::grade(self, None)
    }
}

/// The CNF choices of a Sudoku, or with `killer` of a Killer: its cages' encoding (the
/// `--encoding` that Kakuro runs take) and its derived sums (`encodings/cnf.md`).
fn choices(opts: &EncodeOptions, killer: bool) -> CnfChoices {
    if killer {
        CnfChoices {
            constraint: opts.kakuro.constraint,
            derived_sums: opts.sudoku.derived_sums,
            derive: Some(crate::model::derived::over_cells),
            named: &[Section::Givens, Section::SumCages],
            ..CnfChoices::default()
        }
    } else {
        CnfChoices {
            named: &[Section::Givens],
            ..CnfChoices::default()
        }
    }
}

impl Kind for Killer {
    fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        Some(self.sudoku().given_cells())
    }

    fn with_only_givens(&self, set: &[(Cell, u8)]) -> Option<Puzzle> {
        let sudoku = self.sudoku().with_givens(set).ok()?;
        Killer::new(sudoku, self.cages().to_vec())
            .ok()
            .map(Puzzle::Killer)
    }

    /// Merges only without givens: a Killer with givens loses a given first.
    fn cage_merges(&self, solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        self.sudoku()
            .given_cells()
            .is_empty()
            .then(|| tune::merges(self, solution))
    }

    fn cage_splits(&self, solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        Some(tune::splits(self, solution))
    }

    fn with_givens(&self, set: &[(Cell, u8)], _: &Grid<u8>) -> Option<Result<Puzzle, String>> {
        let written = sudoku_with(self.sudoku(), set).and_then(|sudoku| {
            Killer::new(sudoku, self.cages().to_vec())
                .map(Puzzle::Killer)
                .map_err(|e| e.to_string())
        });
        Some(written)
    }

    fn constraints(&self) -> Constraints {
        Killer::constraints(self)
    }

    fn name(&self) -> &'static str {
        "killer"
    }

    fn size_label(&self) -> String {
        format!("{0}x{0}", self.sudoku().size())
    }

    fn one_hot(&self) -> OneHot {
        self.sudoku().one_hot()
    }

    fn shape(&self) -> (usize, usize) {
        (self.sudoku().size(), self.sudoku().size())
    }

    fn game_id(&self) -> Option<String> {
        if !self.sudoku().variants().is_empty() {
            return None;
        }
        crate::parse::solo_write::write(self.sudoku(), Some(self))
    }

    fn workload(&self) -> Workload {
        if self.sudoku().variants().is_empty() {
            Workload::Sudoku
        } else {
            Workload::Variant
        }
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        encode_model(&self.constraints(), &choices(opts, true), opts)
    }

    fn option_flags(&self, opts: &EncodeOptions) -> String {
        let mut flags = format!(" --encoding {}", opts.kakuro.constraint);
        // Named only when chosen, so that the default header stays as it was.
        if opts.sudoku.derived_sums != crate::encode::DerivedSums::Auto {
            flags += &format!(" --derived-sums {}", opts.sudoku.derived_sums);
        }
        flags
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify_killer(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::killer_text(self, grid)
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        render::svg(self.sudoku(), Some(self), grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        let cages = self
            .cages()
            .iter()
            .map(|c| (c.sum.to_string(), &c.cells[..]));
        Sketch {
            cages: Some(cages.collect()),
            ..self.sudoku().sketch()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        grade::grade(self.sudoku(), Some(self))
    }
}

impl Puzzle {
    /// The Sudoku, when the puzzle is one.
    #[must_use]
    pub fn as_sudoku(&self) -> Option<&Sudoku> {
        if let Puzzle::Sudoku(s) = self {
            Some(s)
        } else {
            None
        }
    }

    /// The Killer Sudoku, when the puzzle is one.
    #[must_use]
    pub fn as_killer(&self) -> Option<&Killer> {
        if let Puzzle::Killer(k) = self {
            Some(k)
        } else {
            None
        }
    }
}
