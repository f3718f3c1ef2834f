//! # One seam per puzzle kind
//!
//! Every puzzle kind implements [`Kind`]: its name and size label, its lowering to
//! [`Constraints`], encoder, verifier, text/JSON/SVG drawing, SMT-LIB script and grading
//! hook, each a call into the module that does the work: the kind's folder here assembles
//! its formula from the family encoders of `crate::encode` and holds its model (`puzzle.rs`),
//! verifier (`verify.rs`) and drawing (`render.rs`). No kind brings a native search: every
//! one runs on the constraint model's (`crate::model::run` over [`Kind::constraints`]), which
//! picks by families.
//! [`Puzzle::as_kind`] is the one place that matches over the [`Puzzle`] enum, and
//! [`FORMATS`] the one list of input formats; everything else dispatches through them.
//! Adding a kind is a folder here (its `Kind` impl, its formula assembled from the family
//! encoders, its lowering to [`Constraints`]), its parser and verifier, one variant of
//! [`Puzzle`], one arm of [`Puzzle::as_kind`], one line of [`FORMATS`] and one entry of
//! [`crate::puzzle::KINDS`].
//!
//! The glue calling both the encoder and the verifier lives here, so `crate::verify` keeps
//! importing nothing from the encoder, the CNF layer, the tuple enumerator or the native
//! search; the dispatching [`verify`] is here for the same reason.

mod api;
mod cage_edits;
pub(crate) mod crossproduct;
pub(crate) mod kakuro;
pub(crate) mod kenken;
mod latin_square;
pub(crate) mod sudoku;
pub(crate) mod towers;
pub(crate) mod unequal;

pub(crate) use api::{native_enumerate, native_enumerate_under, verify};
pub use api::{smtlib_stats, write_smtlib};

use crate::cnf::{CnfFormula, OneHot};
use crate::encode::cage::TupleCache;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::parse::ParseError;
use crate::puzzle::{Constraints, CrossProduct, Kakuro, KenKen, Overlay, Puzzle, Sketch};
use crate::verify::VerifyError;

/// What the `auto` rule between the CDCL solvers looks at in a puzzle. Each kind says it
/// ([`Kind::workload`]); the rule that reads it is the engine's plan (`engine/plan.rs`),
/// which sits above this seam, so the type lives here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Workload {
    /// A KenKen of this side.
    KenKen {
        /// Side length.
        side: usize,
    },
    /// A CrossProduct.
    CrossProduct,
    /// A Sudoku or Killer Sudoku: `auto` runs the native engine on it (its dedicated
    /// search beats every SAT engine, `encodings/sudoku.md`); varisat where a CDCL solver
    /// is asked for.
    Sudoku,
    /// A Sudoku or Killer with variant constraints: `auto` runs CaDiCaL alone (on ISS's
    /// corpus the native line network took 55 s on a 78-cell pill arrow that varisat
    /// proves unique in 2 s and CaDiCaL in 5 s, and CaDiCaL beat varisat on the hard
    /// renban and little-killer puzzles: 4.8 s against 11.1 s, 11.6 s against 15.6 s).
    Variant,
    /// Any other puzzle.
    Other,
}

/// What every puzzle kind provides. Object safe: [`Puzzle::as_kind`] hands out a
/// `&dyn Kind` once per call, never inside an encoder's or a search's loop.
pub(crate) trait Kind: std::fmt::Display {
    /// Short lowercase name of the kind, as used in JSON output (`kenken`).
    fn name(&self) -> &'static str;

    /// The puzzle as named constraints (rows, columns, boxes, cages, runs, products), with
    /// its givens as facts: what explanations name and the replay checker reads.
    fn constraints(&self) -> Constraints;

    /// Human-readable size, e.g. `6x6`.
    fn size_label(&self) -> String;

    /// Rows and columns of the puzzle's grid (the shape of its solution grids).
    fn shape(&self) -> (usize, usize);

    /// The side of the Latin square under the puzzle, for kinds that are one (KenKen).
    fn latin_side(&self) -> Option<usize> {
        None
    }

    /// Whether the kind's CNF under `opts` is the Latin square of its side
    /// ([`crate::encode::houses::encode_latin`] under the same options) followed by clauses
    /// of its own ([`Kind::encode_over_latin`]): then a session loads the square once per
    /// side and only those clauses per puzzle (`crate::engine::session`). `None` by default.
    fn over_latin(&self, _opts: &EncodeOptions) -> Option<usize> {
        None
    }

    /// The clauses the kind's CNF adds to the Latin square (where [`Kind::over_latin`] says
    /// so), over the square's `map`, auxiliary variables numbered from `into`'s variable
    /// count on; `tuples` keeps tables met before. Nothing by default.
    ///
    /// # Errors
    /// As [`Kind::encode`].
    fn encode_over_latin(
        &self,
        _into: &mut CnfFormula,
        _map: &OneHot,
        _opts: &EncodeOptions,
        _tuples: Option<&mut TupleCache>,
    ) -> Result<(), EncodeError> {
        Ok(())
    }

    /// A second formula of the same puzzle (other options), for half the members of a
    /// portfolio that share no clauses (`crate::engine::portfolio`): a KenKen's cage–line
    /// clauses on where `opts` has them off, and off where on. `None` by default.
    fn encoding_variant(&self, _opts: &EncodeOptions) -> Option<EncodeOptions> {
        None
    }

    /// The groups of cells cube-and-conquer splits on (`crate::engine::parallel`): a
    /// KenKen's cages. `None` by default: the rows and columns.
    fn cube_groups(&self) -> Option<Vec<Vec<Cell>>> {
        None
    }

    /// The puzzle as the game ID of one of Simon Tatham's games (Keen, Solo, Towers,
    /// Unequal), where his game has the kind and can hold this puzzle; `None` by default.
    fn game_id(&self) -> Option<String> {
        None
    }

    /// What the `auto` rule between the CDCL solvers looks at in the puzzle.
    fn workload(&self) -> Workload {
        Workload::Other
    }

    /// The cells that hold a digit and the digits they may hold: the x(cell, digit) map of
    /// [`Kind::encode`], without encoding anything.
    fn one_hot(&self) -> OneHot;

    /// Encodes the puzzle as CNF.
    ///
    /// # Errors
    /// [`EncodeError`] when a constraint exceeds the encoder's limits.
    fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError>;

    /// The kind's options that change its formula, as command-line flags, each after a
    /// space (` --encoding auto`); the shared `--amo` and tuple limit are not included.
    /// None by default.
    fn option_flags(&self, _opts: &EncodeOptions) -> String {
        String::new()
    }

    /// Whether `EncodeOptions::tuple_limit` changes this kind's formula.
    fn uses_tuple_limit(&self) -> bool {
        true
    }

    /// Checks `grid` against every rule of the puzzle (the independent verifier).
    ///
    /// # Errors
    /// The first broken rule.
    fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError>;

    /// Draws the puzzle as text, with its solution when `grid` is given.
    fn render_text(&self, grid: Option<&Grid<u8>>) -> String;

    /// Whether [`Kind::render_json`] draws the grid's rows of digits (the default).
    fn json_is_rows(&self) -> bool {
        true
    }

    /// The solution as JSON: rows of digits unless the kind says otherwise (and then
    /// [`Kind::json_is_rows`] says `false`).
    fn render_json(&self, grid: &Grid<u8>) -> serde_json::Value {
        use serde_json::Value;
        let row = |r: &[u8]| Value::Array(r.iter().map(|&d| Value::from(d)).collect());
        Value::Array(grid.iter_rows().map(row).collect())
    }

    /// Draws the puzzle as SVG, with its solution (or a partial grid, 0 = empty) when `grid`
    /// is given, decorated with `overlay`.
    fn render_svg(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String;

    /// The puzzle's clues as an editor draws them: the parts this kind has.
    fn sketch(&self) -> Sketch<'_>;

    /// The puzzle with the givens `set` written in, where `solution` holds them (what
    /// `setter::repair` proposes); `None` for a kind without givens (Kakuro, CrossProduct),
    /// `Some(Err(message))` when the puzzle cannot take them.
    fn with_givens(
        &self,
        _set: &[(Cell, u8)],
        _solution: &Grid<u8>,
    ) -> Option<Result<Puzzle, String>> {
        None
    }

    /// The givens (cells and digits), for kinds that have them (Sudoku, Killer, Towers,
    /// Unequal): what `setter::tune` takes out or writes in.
    fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        None
    }

    /// The puzzle with exactly `set` as its givens (`None` for a kind without givens, or
    /// when `set` breaks a rule).
    fn with_only_givens(&self, _set: &[(Cell, u8)]) -> Option<Puzzle> {
        None
    }

    /// A little harder by a change of the kind's own, for `setter::tune`: each puzzle with
    /// two neighbouring cages merged (targets from `solution`) and what changed; `None`
    /// where the kind takes out a given instead.
    fn cage_merges(&self, _solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        None
    }

    /// A little easier by a change of the kind's own, for `setter::tune`: each puzzle with
    /// one cage split in two and what changed; `None` where the kind writes in a given
    /// instead.
    fn cage_splits(&self, _solution: &Grid<u8>) -> Option<Vec<(Puzzle, String)>> {
        None
    }

    /// Grades the puzzle.
    ///
    /// # Errors
    /// [`GradeError::Unsupported`] for kinds without a grader, and the grader's errors.
    fn grade(&self) -> Result<Grade, GradeError> {
        Err(GradeError::Unsupported {
            kind: self.name(),
            supported: "KenKen, Kakuro, Sudoku, Killer Sudoku, Towers and Unequal",
        })
    }
}

impl Puzzle {
    /// The puzzle's kind, for dispatch: the one `match` over the puzzle kinds.
    pub(crate) fn as_kind(&self) -> &dyn Kind {
        match self {
            Puzzle::KenKen(k) => k,
            Puzzle::Kakuro(k) => k,
            Puzzle::CrossProduct(p) => p,
            Puzzle::Sudoku(s) => s,
            Puzzle::Killer(k) => k,
            Puzzle::Towers(t) => t,
            Puzzle::Unequal(u) => u,
        }
    }
}

/// An input format: a file extension (without the dot) and the parser behind it.
pub(crate) struct Format {
    /// The extension, which is also the format's name (`kenken`, `keen`).
    pub(crate) ext: &'static str,
    /// Whether text of unknown origin is in this format.
    pub(crate) looks_like: fn(&str) -> bool,
    /// Whether text this format claims is read by it whatever the file's extension (a
    /// puzz.link URL saved as `x.kakuro` or `x.txt`).
    pub(crate) over_extension: bool,
    /// Parses the text; the flag rejects non-contiguous KenKen cages (`--strict`).
    pub(crate) parse: fn(&str, bool) -> Result<Puzzle, ParseError>,
}

/// Every input format, in the order text without a known extension is tried; the last
/// takes anything.
pub(crate) const FORMATS: &[Format] = &[
    kakuro::URL,
    api::ISS,
    api::KILLER_SHORT,
    api::FPUZZLES,
    api::SUDOKUPAD,
    towers::FORMAT,
    unequal::FORMAT,
    kenken::KEEN,
    sudoku::SOLO,
    crossproduct::FORMAT,
    sudoku::SUDOKU,
    sudoku::KILLER,
    kakuro::FORMAT,
    kenken::FORMAT,
];

impl Puzzle {
    /// The KenKen, when the puzzle is one (for the code that is KenKen-only: its generator,
    /// grader and the DPLL walk over a shared Latin square).
    #[must_use]
    pub fn as_kenken(&self) -> Option<&KenKen> {
        if let Puzzle::KenKen(k) = self {
            Some(k)
        } else {
            None
        }
    }

    /// The Kakuro, when the puzzle is one.
    #[must_use]
    pub fn as_kakuro(&self) -> Option<&Kakuro> {
        if let Puzzle::Kakuro(k) = self {
            Some(k)
        } else {
            None
        }
    }

    /// The CrossProduct, when the puzzle is one.
    #[must_use]
    pub fn as_crossproduct(&self) -> Option<&CrossProduct> {
        if let Puzzle::CrossProduct(p) = self {
            Some(p)
        } else {
            None
        }
    }
}
