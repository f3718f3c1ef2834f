//! # Unequal (Futoshiki) and its adjacent mode
//!
//! The Unequal glue: the puzzle lives in `puzzle` (named `crate::puzzle::unequal` too) and its
//! reader (game ID and `.unequal` text) in `crate::parse::unequal`. It lowers to the constraint
//! model as rows, columns, givens and one *order* constraint per sign (`less`), or in the
//! adjacent mode per pair of neighbours (`adjacent`, `nonadjacent`) ([`Unequal::constraints`]),
//! so the native search is the model's ([`crate::model::run`], filter `crate::model::order`).
//! Its CNF is the model's too (`crate::encode::model`: each pair by its supports through
//! `crate::encode::order`), and so is its SMT-LIB script. Here, one file per job: the
//! independent verifier (`verify`), text and SVG drawing (`render`).

pub(crate) mod puzzle;
mod render;
mod verify;

use super::{Format, Kind};
use crate::cnf::OneHot;
use crate::encode::model::{encode_model, CnfChoices, Section};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::parse::{looks_like_unequal_id, parse_unequal};
use crate::puzzle::{Constraints, Overlay, Puzzle, Sketch, Unequal};
use crate::verify::VerifyError;

/// Unequal game IDs (whatever the file's extension) and the `.unequal` text format.
pub(super) const FORMAT: Format = Format {
    ext: "unequal",
    looks_like: looks_like_unequal_id,
    over_extension: true,
    parse: |text, _| parse_unequal(text).map(Puzzle::Unequal),
};

/// The `.unequal` text, which reads back to the same puzzle.
impl std::fmt::Display for Unequal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::parse::unequal_text(self))
    }
}

impl Kind for Unequal {
    fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        Some(self.given_cells())
    }

    /// Givens are written over the old ones: from none.
    fn with_only_givens(&self, set: &[(Cell, u8)]) -> Option<Puzzle> {
        Unequal::with_givens(self, &[])
            .and_then(|p| p.with_givens(set))
            .map(Puzzle::Unequal)
    }

    fn game_id(&self) -> Option<String> {
        Some(crate::parse::unequal_id(self))
    }

    fn with_givens(&self, set: &[(Cell, u8)], _: &Grid<u8>) -> Option<Result<Puzzle, String>> {
        Some(
            Unequal::with_givens(self, set)
                .map(Puzzle::Unequal)
                .ok_or_else(|| "a given out of the grid or of its digits".to_string()),
        )
    }

    fn constraints(&self) -> Constraints {
        Unequal::constraints(self)
    }

    fn name(&self) -> &'static str {
        "unequal"
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

    fn one_hot(&self) -> OneHot {
        let n = self.size();
        OneHot::full(n, n, n as u8)
    }

    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        let choices = CnfChoices {
            named: &[Section::Givens],
            ..CnfChoices::default()
        };
        encode_model(&self.constraints(), &choices, opts)
    }

    fn uses_tuple_limit(&self) -> bool {
        false
    }

    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        verify::verify(self, grid)
    }

    fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        render::text(self, grid)
    }

    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        render::svg(self, grid, overlay)
    }

    fn sketch(&self) -> Sketch<'_> {
        Sketch {
            adjacent: Some(self.adjacent()),
            marks: Some(self.pairs()),
            ..Sketch::default()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        let enc = Kind::encode(self, &EncodeOptions::default());
        let check = |g: &Grid<u8>| verify::verify(self, g);
        super::latin_square::grade("unequal", &self.constraints(), &check, enc)
    }
}

impl Puzzle {
    /// The Unequal puzzle, when the puzzle is one.
    #[must_use]
    pub fn as_unequal(&self) -> Option<&Unequal> {
        if let Puzzle::Unequal(u) = self {
            Some(u)
        } else {
            None
        }
    }
}
