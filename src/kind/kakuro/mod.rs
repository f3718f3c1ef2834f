//! # Kakuro
//!
//! The Kakuro glue: each [`Kind`] method calls the file of this folder that does the work
//! (`puzzle`: the model and its lowering, `verify`: the independent checker, `render` and
//! `svg`: drawing) or the Kakuro part of a shared module; its CNF is the model's
//! (`crate::encode::model`), with its choices.

pub(crate) mod puzzle;
mod render;
mod svg;
mod verify;

use super::{Format, Kind};
use crate::cnf::OneHot;
use crate::encode::model::{encode_model, CnfChoices};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{self, Grade, GradeError};
use crate::grid::Grid;
use crate::parse;
use crate::puzzle::{Constraints, Kakuro, Overlay, Puzzle, Sketch};
use crate::verify::VerifyError;

/// The `.kakuro` text format.
pub(super) const FORMAT: Format = Format {
    ext: "kakuro",
    looks_like: parse::kakuro::looks_like_kakuro,
    over_extension: false,
    parse: |text, _| parse::kakuro::parse(text).map(Puzzle::Kakuro),
};

/// A puzz.link Kakuro URL (`https://puzz.link/p?kakuro/…`, `pzv.jp/p.html?kakuro/…`), on the
/// command line or as the content of a file of any name.
pub(super) const URL: Format = Format {
    ext: "url",
    looks_like: parse::puzzlink::looks_like_url,
    over_extension: true,
    parse: |text, _| {
        parse::puzzlink::decode(text)
            .map(Puzzle::Kakuro)
            .map_err(Into::into)
    },
};

impl Kind for Kakuro {
    fn constraints(&self) -> Constraints {
        Kakuro::constraints(self)
    }

    fn name(&self) -> &'static str {
        "kakuro"
    }

    fn size_label(&self) -> String {
        format!("{}x{}", self.rows(), self.cols())
    }

    fn one_hot(&self) -> OneHot {
        OneHot::new(self.rows(), self.cols(), 9, self.white_cells().to_vec())
    }

    fn shape(&self) -> (usize, usize) {
        (self.rows(), self.cols())
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        let choices = CnfChoices {
            constraint: opts.kakuro.constraint,
            ..CnfChoices::default()
        };
        encode_model(&self.constraints(), &choices, opts)
    }

    fn option_flags(&self, opts: &EncodeOptions) -> String {
        format!(" --encoding {}", opts.kakuro.constraint)
    }

    fn uses_tuple_limit(&self) -> bool {
        false
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify_kakuro(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::kakuro(self, grid)
    }

    fn json_is_rows(&self) -> bool {
        false
    }

    /// The file's shape with white squares as digits and every other square `null`.
    fn render_json(&self, grid: &Grid<u8>) -> serde_json::Value {
        serde_json::json!(render::kakuro_cells(self, grid))
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        svg::kakuro(self, grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        Sketch {
            squares: Some(self.squares()),
            ..Sketch::default()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        Kakuro::grade(self)
    }
}

impl Kakuro {
    /// Grades the Kakuro: root propagation at every level of the run scale
    /// ([`Scale::Runs`](crate::grade::Scale::Runs)), and unit propagation on its CNF (see
    /// [`crate::grade`]).
    ///
    /// # Errors
    /// [`GradeError::Encode`] when the CNF cannot be built, [`GradeError::Unsound`] when a
    /// fixed grid fails verification.
    pub fn grade(&self) -> Result<Grade, GradeError> {
        let families = grade::Families::model("kakuro", &self.constraints())?;
        let verify = |g: &Grid<u8>| verify::verify_kakuro(self, g);
        grade::grade(
            &families,
            &verify,
            Kind::encode(self, &grade::cnf_options()),
        )
    }
}
