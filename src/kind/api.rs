//! # What a puzzle can do, whatever its kind
//!
//! The public methods of [`Puzzle`] that depend on its kind: reading it, encoding it,
//! checking a grid, drawing it, writing its SMT-LIB script and grading it. Each is one call
//! through [`Puzzle::as_kind`], so the modules that do the work (`encode`, `verify`, `render`,
//! `smtlib`, `grade`, `parse`) sit below this one and never dispatch on the kind themselves.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use super::FORMATS;
use crate::cnf::OneHot;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{GradeError, PuzzleGrade};
use crate::grid::{Cell, Grid};
use crate::native::{NativeOptions, NativeStats};
use crate::parse::{read_text, strip_bom, ParseError, ParseOptions};
use crate::puzzle::{Constraints, Overlay, Puzzle, Step};
use crate::smtlib::{Script, SmtOptions, SmtStats};
use crate::stop::Stop;
use crate::tree::Branch;
use crate::verify::replay::ReplayError;
use crate::verify::VerifyError;

impl Puzzle {
    /// Parses puzzle text in any supported format, recognised by its content: a puzz.link
    /// URL or a Keen game ID (`N:…`) is read as one, a first word `rows`/`cols` means
    /// CrossProduct, a grid of squares Sudoku, `size` with a `boxes` line Killer Sudoku, text
    /// that looks like a Kakuro grid is Kakuro, and anything else KenKen.
    ///
    /// ```
    /// use cagesat::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n2 = B1\n1 = B2")?;
    /// assert_eq!((puzzle.kind(), puzzle.size_label().as_str()), ("kenken", "2x2"));
    /// # Ok::<(), cagesat::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] with the line and column of the first problem.
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        Puzzle::parse_with(text, &ParseOptions::default())
    }

    /// Parses puzzle text with options: a file name (named in errors; its extension —
    /// `.kenken`, `.keen`, `.kakuro`, `.crossproduct`, `.sudoku`, `.killer`, `.url` — picks
    /// the format, though a puzz.link URL is read as one whatever the name), and strict
    /// KenKen cages.
    ///
    /// # Errors
    /// A [`ParseError`] with the file, line and column of the first problem.
    pub fn parse_with(text: &str, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
        let text = strip_bom(text);
        let path = opts.path.as_deref();
        let ext = path
            .and_then(Path::extension)
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        let claimed = FORMATS
            .iter()
            .find(|f| f.over_extension && (f.looks_like)(text));
        let by_ext = FORMATS.iter().find(|f| ext.as_deref() == Some(f.ext));
        let format = claimed
            .or(by_ext)
            .or_else(|| FORMATS.iter().find(|f| (f.looks_like)(text)))
            .unwrap_or(&FORMATS[FORMATS.len() - 1]);
        (format.parse)(text, opts.strict).map_err(|e| e.with_path(path))
    }

    /// Reads and parses a puzzle file (`-` reads standard input), choosing the format as
    /// [`Puzzle::parse_with`] does.
    ///
    /// # Errors
    /// Unreadable files, text that is not UTF-8, and parse errors, positioned in the file.
    pub fn read(path: impl AsRef<Path>) -> Result<Puzzle, ParseError> {
        Puzzle::read_with(path, &ParseOptions::default())
    }

    /// [`Puzzle::read`] with options (the path given here replaces `opts.path`).
    ///
    /// # Errors
    /// As [`Puzzle::read`].
    pub fn read_with(path: impl AsRef<Path>, opts: &ParseOptions) -> Result<Puzzle, ParseError> {
        let path = path.as_ref();
        let text = read_text(path)?;
        let mut opts = opts.clone();
        opts.path = (path != Path::new("-")).then(|| path.to_path_buf());
        Puzzle::parse_with(&text, &opts)
    }

    /// Short lowercase name of the puzzle kind, as used in JSON output (`kenken`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.as_kind().name()
    }

    /// The puzzle as named constraints over its cells' digits (see
    /// [`crate::puzzle::Constraint`]): what hints and explanations name as reasons.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        self.as_kind().constraints()
    }

    /// Replays a path of deductions (an explanation's steps) from `start` (0 = an empty
    /// cell; `None`: the puzzle alone) with the independent checker: every step must be
    /// forced by its reason, the reason minimal and made of the puzzle's constraints. Returns
    /// the grid when the path decides every cell (then verified), `None` when cells stay open.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first bad step, or the verifier's complaint about the end.
    pub fn replay(
        &self,
        start: Option<&Grid<u8>>,
        path: &[Step],
    ) -> Result<Option<Grid<u8>>, ReplayError> {
        let grid = crate::verify::replay::replay(&self.constraints(), start, path)?;
        if let Some(g) = &grid {
            self.verify(g).map_err(ReplayError::Wrong)?;
        }
        Ok(grid)
    }

    /// Human-readable size, e.g. `6x6`.
    #[must_use]
    pub fn size_label(&self) -> String {
        self.as_kind().size_label()
    }

    /// Rows and columns of the puzzle's grid: the shape of its solution grids (for Kakuro
    /// the whole board, clue and blocked squares included).
    #[must_use]
    pub fn shape(&self) -> (usize, usize) {
        self.as_kind().shape()
    }

    /// The side of the Latin square under the puzzle, for kinds that are one (KenKen).
    #[must_use]
    pub fn latin_side(&self) -> Option<usize> {
        self.as_kind().latin_side()
    }

    /// The cells that hold a digit and the digits they may hold (the x(cell, digit) map of
    /// [`Puzzle::encode`], without encoding).
    pub(crate) fn one_hot(&self) -> OneHot {
        self.as_kind().one_hot()
    }

    /// The puzzle as CNF over one-hot variables x(cell, digit), with the statistics of
    /// every clause family (see `encodings/`).
    ///
    /// # Errors
    /// [`EncodeError`] when a constraint exceeds the encoder's limits.
    pub fn encode(&self, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
        self.as_kind().encode(opts)
    }

    /// The options that change this puzzle's formula, in the command line's spelling (the
    /// `c options:` line of a DIMACS export): `--amo auto --cage-lines auto --encoding auto`
    /// for a KenKen with the default options.
    #[must_use]
    pub fn option_flags(&self, opts: &EncodeOptions) -> String {
        let kind = self.as_kind();
        let mut flags = format!("--amo {}{}", opts.amo, kind.option_flags(opts));
        if opts.tuple_limit != crate::tuples::DEFAULT_TUPLE_LIMIT && kind.uses_tuple_limit() {
            flags += &format!(" (tuple limit {})", opts.tuple_limit);
        }
        flags
    }

    /// Checks `grid` against every rule of the puzzle with the independent verifier, which
    /// shares no code with the encoder.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn verify(&self, grid: &Grid<u8>) -> Result<(), VerifyError> {
        self.as_kind().verify(grid)
    }

    /// Draws the puzzle as text, with its solution when `grid` is given.
    #[must_use]
    pub fn render_text(&self, grid: Option<&Grid<u8>>) -> String {
        self.as_kind().render_text(grid)
    }

    /// The solution as JSON: rows of digits for KenKen and CrossProduct; for Kakuro the
    /// file's shape with white squares as digits and every other square `null`.
    #[must_use]
    pub fn render_json(&self, grid: &Grid<u8>) -> serde_json::Value {
        self.as_kind().render_json(grid)
    }

    /// Draws the puzzle as an SVG picture, with its solution when `grid` is given.
    ///
    /// ```
    /// use cagesat::Puzzle;
    ///
    /// let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n2 = B1\n1 = B2")?;
    /// let svg = puzzle.render_svg(None);
    /// assert!(svg.starts_with("<?xml"));
    /// assert!(svg.contains(">3+</text>"));
    /// # Ok::<(), cagesat::ParseError>(())
    /// ```
    #[must_use]
    pub fn render_svg(&self, grid: Option<&Grid<u8>>) -> String {
        self.as_kind().render_svg(grid, &Overlay::default())
    }

    /// [`Puzzle::render_svg`] with decorations: pencil marks, shaded cells, highlighted
    /// groups of cells and marked cells ([`Overlay`]). `grid` may be partly filled (0 is an
    /// empty cell); pencil marks are drawn in the cells that show no digit.
    #[must_use]
    pub fn render_svg_with(&self, grid: Option<&Grid<u8>>, overlay: &Overlay) -> String {
        self.as_kind().render_svg(grid, overlay)
    }

    /// Grades the puzzle: the weakest propagation level that solves it without search
    /// (KenKen, Kakuro, Sudoku and Killer Sudoku).
    ///
    /// # Errors
    /// [`GradeError::Unsupported`] for kinds without a grader, and the grader's errors.
    pub fn grade(&self) -> Result<PuzzleGrade, GradeError> {
        self.as_kind().grade()
    }

    /// The puzzle's SMT-LIB 2 script.
    pub(crate) fn smt_script(&self, opts: &SmtOptions) -> Script {
        let kind = self.as_kind();
        Script::new(kind.name(), &kind.size_label(), opts, |b| kind.smtlib(b))
    }
}

/// The puzzle in its text format (`.kenken`, `.kakuro`, `.crossproduct`), which
/// [`Puzzle::parse`] reads back to the same puzzle.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_kind(), f)
    }
}

impl Puzzle {
    /// The puzzle as a puzz.link URL (`https://puzz.link/p?kakuro/COLS/ROWS/BODY`), for the
    /// kinds puzz.link has (Kakuro); [`Puzzle::parse`] reads it back to the same puzzle.
    #[must_use]
    pub fn to_puzzlink(&self) -> Option<String> {
        self.as_kakuro().map(crate::parse::puzzlink::encode)
    }
}

/// Writes `puzzle` as an SMT-LIB 2 script (see `encodings/smtlib.md`), with one assertion
/// per grid in `blocked` that excludes it, and returns its size. Byte-for-byte
/// deterministic.
///
/// # Errors
/// Write failures.
pub fn write_smtlib(
    w: &mut impl Write,
    puzzle: &Puzzle,
    opts: &SmtOptions,
    blocked: &[Grid<u8>],
) -> io::Result<SmtStats> {
    let script = puzzle.smt_script(opts);
    script.write(w, blocked)?;
    Ok(script.stats())
}

/// The size of `puzzle`'s SMT-LIB script, without writing it.
#[must_use]
pub fn smtlib_stats(puzzle: &Puzzle, opts: &SmtOptions) -> SmtStats {
    puzzle.smt_script(opts).stats()
}

/// What [`native_enumerate`] hands each solution to, with its path; `Break` ends the search.
pub(crate) type VisitPath<'a> = &'a mut dyn FnMut(Grid<u8>, &[Branch]) -> std::ops::ControlFlow<()>;

/// Runs the native engine on `puzzle`, handing every solution, with its path in the
/// search tree, to `visit` until it breaks; returns whether the search space was
/// exhausted, and the effort.
pub(crate) fn native_enumerate(
    puzzle: &Puzzle,
    opts: &NativeOptions,
    stop: &Stop,
    visit: VisitPath<'_>,
) -> (bool, NativeStats) {
    native_enumerate_under(puzzle, opts, &[], stop, visit)
}

/// [`native_enumerate`] over the grids that hold every (cell, digit) of `fixed`.
pub(crate) fn native_enumerate_under(
    puzzle: &Puzzle,
    opts: &NativeOptions,
    fixed: &[(Cell, u8)],
    stop: &Stop,
    visit: VisitPath<'_>,
) -> (bool, NativeStats) {
    let mut solutions = 0;
    let mut on_solution = |grid: Grid<u8>, path: &[Branch]| {
        solutions += 1;
        visit(grid, path).is_continue()
    };
    let mut effort = NativeStats::default();
    let complete = puzzle
        .as_kind()
        .native(opts, fixed, stop, &mut effort, &mut on_solution);
    effort.solutions = solutions;
    (complete, effort)
}

/// Checks `grid` against every rule of `puzzle` (the independent verifier).
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify(puzzle: &Puzzle, grid: &Grid<u8>) -> Result<(), VerifyError> {
    puzzle.verify(grid)
}
