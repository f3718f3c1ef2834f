//! # CrossProduct
//!
//! The CrossProduct glue: each [`Kind`] method calls the file of this folder that does the work
//! (`puzzle`: the model and its lowering, `verify`: the independent checker, `render` and
//! `svg`: drawing) or the CrossProduct part of a shared module; its CNF is the model's
//! (`crate::encode::model`), with its choices.
//! CrossProduct has no grader (the default [`Kind::grade`]).

pub(crate) mod puzzle;
mod render;
mod svg;
mod verify;

use super::{Format, Kind, Workload};
use crate::cnf::OneHot;
use crate::encode::model::{encode_model, CnfChoices};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grid::Grid;
use crate::parse;
use crate::puzzle::{Constraints, CrossProduct, Overlay, Puzzle, Sketch};
use crate::verify::VerifyError;

/// The `.crossproduct` text format (a first word `rows` or `cols`).
pub(super) const FORMAT: Format = Format {
    ext: "crossproduct",
    looks_like: parse::crossproduct::looks_like,
    over_extension: false,
    parse: |text, _| parse::crossproduct::parse(text).map(Puzzle::CrossProduct),
};

impl Kind for CrossProduct {
    fn constraints(&self) -> Constraints {
        CrossProduct::constraints(self)
    }

    fn workload(&self) -> Workload {
        Workload::CrossProduct
    }

    fn name(&self) -> &'static str {
        "crossproduct"
    }

    fn size_label(&self) -> String {
        format!("{}x{}", self.rows().len(), self.cols().len())
    }

    fn one_hot(&self) -> OneHot {
        let (rows, cols) = self.dims();
        OneHot::full(rows, cols, puzzle::DIGITS)
    }

    fn shape(&self) -> (usize, usize) {
        (self.rows().len(), self.cols().len())
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        let choices = CnfChoices {
            constraint: opts.crossproduct.constraint,
            line_filter: opts.crossproduct.line_filter,
            ..CnfChoices::default()
        };
        encode_model(&self.constraints(), &choices, opts)
    }

    fn option_flags(&self, opts: &EncodeOptions) -> String {
        let mut flags = format!(" --encoding {}", opts.crossproduct.constraint);
        if !opts.crossproduct.line_filter {
            flags += " --no-line-filter";
        }
        flags
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify_crossproduct(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::crossproduct(self, grid)
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        svg::crossproduct(self, grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        Sketch {
            line_clues: Some((self.rows(), self.cols())),
            ..Sketch::default()
        }
    }
}
