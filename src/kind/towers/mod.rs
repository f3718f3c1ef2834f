//! # Towers (Skyscrapers)
//!
//! The Towers glue: the puzzle lives in `puzzle` (named `crate::puzzle::towers` too) and its
//! reader (game ID and `.towers` text) in `crate::parse::towers`. It lowers to the constraint
//! model as rows, columns, givens and one *visibility* constraint per clue
//! ([`Towers::constraints`]), so the native search is the model's ([`crate::model::run`],
//! filter `crate::model::visibility`), and so are its CNF (`crate::encode::model`: each clue
//! as an automaton by `crate::encode::visibility`) and its SMT-LIB script. Here, one file per
//! job: the independent verifier (`verify`), text and SVG drawing (`render`).

pub(crate) mod puzzle;
mod render;
mod verify;

use super::{Format, Kind};
use crate::cnf::OneHot;
use crate::encode::model::{encode_model, CnfChoices, Section};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::parse::{looks_like_towers_id, parse_towers};
use crate::puzzle::{Constraints, Overlay, Puzzle, Side, Sketch, Towers};
use crate::verify::VerifyError;

/// Towers game IDs (whatever the file's extension) and the `.towers` text format.
pub(super) const FORMAT: Format = Format {
    ext: "towers",
    looks_like: looks_like_towers_id,
    over_extension: true,
    parse: |text, _| parse_towers(text).map(Puzzle::Towers),
};

/// The `.towers` text, which reads back to the same puzzle.
impl std::fmt::Display for Towers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::parse::towers_text(self))
    }
}

impl Kind for Towers {
    fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        Some(self.given_cells())
    }

    /// Givens are written over the old ones: from none.
    fn with_only_givens(&self, set: &[(Cell, u8)]) -> Option<Puzzle> {
        Towers::with_givens(self, &[])
            .and_then(|p| p.with_givens(set))
            .map(Puzzle::Towers)
    }

    fn game_id(&self) -> Option<String> {
        Some(crate::parse::towers_id(self))
    }

    fn with_givens(&self, set: &[(Cell, u8)], _: &Grid<u8>) -> Option<Result<Puzzle, String>> {
        Some(
            Towers::with_givens(self, set)
                .map(Puzzle::Towers)
                .ok_or_else(|| "a given out of the grid or of its digits".to_string()),
        )
    }

    fn constraints(&self) -> Constraints {
        Towers::constraints(self)
    }

    fn name(&self) -> &'static str {
        "towers"
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
            named: &[Section::Givens, Section::Clues],
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
        let side = |side: Side| (side, (0..self.size()).map(|i| self.clue(side, i)).collect());
        Sketch {
            side_clues: Some(Side::ALL.iter().map(|&s| side(s)).collect()),
            ..Sketch::default()
        }
    }

    fn grade(&self) -> Result<Grade, GradeError> {
        let enc = Kind::encode(self, &EncodeOptions::default());
        let check = |g: &Grid<u8>| verify::verify(self, g);
        super::latin_square::grade("towers", &self.constraints(), &check, enc)
    }
}

impl Puzzle {
    /// The Towers puzzle, when the puzzle is one.
    #[must_use]
    pub fn as_towers(&self) -> Option<&Towers> {
        if let Puzzle::Towers(t) = self {
            Some(t)
        } else {
            None
        }
    }
}
