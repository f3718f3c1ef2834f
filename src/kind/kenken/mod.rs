//! # KenKen (and the Keen game ID format)
//!
//! The KenKen glue: each [`Kind`] method calls the file of this folder that does the work
//! (`puzzle`: the model and its lowering, `verify`: the independent checker, `render` and
//! `svg`: drawing) or the KenKen part of a shared module; its CNF is the model's
//! (`crate::encode::model`), with its choices.

mod givens;
pub(crate) mod puzzle;
mod render;
mod svg;
mod tune;
pub(crate) mod verify;

use super::{Format, Kind, Workload};
use crate::cnf::{CnfFormula, OneHot};
use crate::encode::cage::{cage_lines, encode_cage, TupleCache};
use crate::encode::model::{encode_model, CnfChoices};
use crate::encode::{CageLines, EncodeError, EncodeOptions, Encoding};
use crate::grade::{self, Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::parse;
use crate::puzzle::{Cage, Constraints, KenKen, Overlay, Puzzle, Sketch};
use crate::verify::VerifyError;

/// The `.kenken` text format (and anything no other format claims).
pub(super) const FORMAT: Format = Format {
    ext: "kenken",
    looks_like: |_| true,
    over_extension: false,
    parse: |text, strict| parse::kenken::parse(text, strict).map(Puzzle::KenKen),
};

/// Simon Tatham's Keen game IDs (`N:…`), read as KenKen.
pub(super) const KEEN: Format = Format {
    ext: "keen",
    looks_like: parse::keen::looks_like_keen_id,
    over_extension: false,
    parse: |text, _| parse::keen::parse(text).map(Puzzle::KenKen),
};

impl Kind for KenKen {
    fn cage_merges(&self, solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        Some(tune::merges(self, solution))
    }

    fn cage_splits(&self, solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        Some(tune::splits(self, solution))
    }

    fn with_givens(
        &self,
        set: &[(Cell, u8)],
        solution: &Grid<u8>,
    ) -> Option<Result<Puzzle, String>> {
        let cages = givens::cages_with(self, set, solution);
        Some(
            KenKen::new(self.size(), cages, false)
                .map(Puzzle::KenKen)
                .map_err(|e| e.to_string()),
        )
    }

    fn constraints(&self) -> Constraints {
        KenKen::constraints(self)
    }

    fn name(&self) -> &'static str {
        "kenken"
    }

    fn size_label(&self) -> String {
        format!("{0}x{0}", self.size())
    }

    fn shape(&self) -> (usize, usize) {
        (self.size(), self.size())
    }

    fn latin_side(&self) -> Option<usize> {
        Some(self.size())
    }

    fn game_id(&self) -> Option<String> {
        parse::keen_id(self)
    }

    fn workload(&self) -> Workload {
        Workload::KenKen { side: self.size() }
    }

    fn one_hot(&self) -> OneHot {
        let n = self.size();
        OneHot::full(n, n, n as u8)
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        let choices = CnfChoices {
            constraint: opts.kenken.constraint,
            cage_lines: opts.kenken.cage_lines,
            ..CnfChoices::default()
        };
        encode_model(&self.constraints(), &choices, opts)
    }

    fn option_flags(&self, opts: &EncodeOptions) -> String {
        format!(
            " --cage-lines {} --encoding {}",
            opts.kenken.cage_lines, opts.kenken.constraint
        )
    }

    fn over_latin(&self, opts: &EncodeOptions) -> Option<usize> {
        // Cage–line clauses tie cages to lines: they are not the square's.
        (!cage_lines(self.size(), opts.kenken.cage_lines)).then_some(self.size())
    }

    fn encode_over_latin(
        &self,
        into: &mut CnfFormula,
        map: &OneHot,
        opts: &EncodeOptions,
        mut tuples: Option<&mut TupleCache>,
    ) -> Result<(), EncodeError> {
        for cage in self.cages() {
            encode_cage(into, map, self.size(), cage, opts, tuples.as_deref_mut())?;
        }
        Ok(())
    }

    fn encoding_variant(&self, opts: &EncodeOptions) -> Option<EncodeOptions> {
        let mut other = *opts;
        other.kenken.cage_lines = if cage_lines(self.size(), opts.kenken.cage_lines) {
            CageLines::Off
        } else {
            CageLines::On
        };
        Some(other)
    }

    fn cube_groups(&self) -> Option<Vec<Vec<Cell>>> {
        Some(self.cages().iter().map(|c| c.cells.clone()).collect())
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify_kenken(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::kenken(self, grid)
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        svg::kenken(self, grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        let clue = |c: &Cage| format!("{}{}", c.target, c.op.symbol());
        let cages = self.cages().iter().map(|c| (clue(c), &c.cells[..]));
        Sketch {
            cages: Some(cages.collect()),
            ..Sketch::default()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        let families = grade::Families::Cages(grade::Prepared::new(self));
        let verify = |g: &Grid<u8>| verify::verify_kenken(self, g);
        grade::grade(
            &families,
            &verify,
            Kind::encode(self, &grade::cnf_options()),
        )
    }
}
