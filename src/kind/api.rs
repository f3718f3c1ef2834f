//! # What a puzzle can do, whatever its kind
//!
//! The public methods of [`Puzzle`] that depend on its kind: reading it, encoding it,
//! checking a grid, drawing it, writing its SMT-LIB script and grading it. Each is one call
//! through [`Puzzle::as_kind`], so the modules that do the work (`encode`, `verify`, `render`,
//! `smtlib`, `grade`, `parse`) sit below this one and never dispatch on the kind themselves.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::path::Path;

use super::{Format, FORMATS};
use crate::cnf::OneHot;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::grade::{Grade, GradeError};
use crate::grid::{Cell, Grid};
use crate::native::{NativeOptions, NativeStats};
use crate::parse::collection::{count_entries, looks_like_collection, Puzzles};
use crate::parse::{
    read_text, strip_bom, ParseError, ParseErrorKind, ParseOptions, ParseWarning, Pos,
};
use crate::puzzle::{Constraints, Overlay, Puzzle, Sketch, Step};
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
        Puzzle::parse_with_warnings(text, opts).map(|(puzzle, _)| puzzle)
    }

    /// [`Puzzle::parse_with`], keeping the warnings (a KenKen cage with no operator
    /// written: see [`ParseWarningKind`](crate::parse::ParseWarningKind)). The format is the
    /// one `opts.kind` names, else the one a first line `kind NAME` names (`kind killer`),
    /// else the file's extension, else the text's look. Text that reads as two kinds (a
    /// Killer Sudoku without its `boxes` line, which is also an operator-less KenKen) is an
    /// error unless one of those chooses.
    ///
    /// # Errors
    /// A [`ParseError`] with the file, line and column of the first problem.
    pub fn parse_with_warnings(
        text: &str,
        opts: &ParseOptions,
    ) -> Result<(Puzzle, Vec<ParseWarning>), ParseError> {
        let path = opts.path.as_deref();
        parse_dispatch(strip_bom(text), opts).map_err(|e| e.with_path(path))
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

    /// Reads a collection, a file of one puzzle per line (`-` reads standard input),
    /// streamed: each item is a line number and that line's puzzle or error (at that line
    /// and column); see [`crate::parse::collection`]. Every format one line can hold is
    /// read; `opts.kind` names one for every line.
    ///
    /// ```
    /// use cagesat::Puzzle;
    ///
    /// let text = "# two 4x4 Sudokus\n1.....3..4.....2\n12..34..........\n";
    /// let lines: Vec<usize> = Puzzle::parse_all(text, &Default::default())
    ///     .map(|(line, puzzle)| puzzle.map(|_| line))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(lines, vec![2, 3]);
    /// # Ok::<(), cagesat::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// A file that cannot be opened (the errors of its lines come with them).
    pub fn read_all(
        path: impl AsRef<Path>,
        opts: &ParseOptions,
    ) -> Result<Puzzles<Box<dyn BufRead>>, ParseError> {
        let path = path.as_ref();
        let mut opts = opts.clone();
        let reader: Box<dyn BufRead> = if path == Path::new("-") {
            opts.path = None;
            Box::new(io::BufReader::new(io::stdin()))
        } else {
            let file = std::fs::File::open(path).map_err(|e| {
                ParseError::new(Pos::default(), ParseErrorKind::Io(e.to_string()))
                    .with_path(Some(path))
            })?;
            opts.path = Some(path.to_path_buf());
            Box::new(io::BufReader::new(file))
        };
        Ok(Puzzles::new(reader, &opts, Puzzle::parse_with))
    }

    /// [`Puzzle::read_all`] over text in memory.
    #[must_use]
    pub fn parse_all<'a>(text: &'a str, opts: &ParseOptions) -> Puzzles<&'a [u8]> {
        Puzzles::new(text.as_bytes(), opts, Puzzle::parse_with)
    }

    /// [`Puzzle::read_with`], keeping the warnings ([`Puzzle::parse_with_warnings`]).
    ///
    /// # Errors
    /// As [`Puzzle::read`].
    pub fn read_with_warnings(
        path: impl AsRef<Path>,
        opts: &ParseOptions,
    ) -> Result<(Puzzle, Vec<ParseWarning>), ParseError> {
        let path = path.as_ref();
        let text = read_text(path)?;
        let mut opts = opts.clone();
        opts.path = (path != Path::new("-")).then(|| path.to_path_buf());
        Puzzle::parse_with_warnings(&text, &opts)
    }

    /// The names of the input formats, which `--kind`, a `kind NAME` line and
    /// [`ParseOptions`]' file extension choose (`kenken`, `keen`, `solo`, `killer-short`, …).
    #[must_use]
    pub fn format_names() -> Vec<&'static str> {
        FORMATS.iter().map(|f| f.ext).collect()
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
    /// forced by its reason, the reason minimal (but a search step's,
    /// [`crate::puzzle::Technique::Search`]) and made of the puzzle's constraints. Returns
    /// the grid when the path decides every cell (then verified), `None` when cells stay open.
    ///
    /// # Errors
    /// [`ReplayError`] naming the first bad step, or the verifier's complaint about the end.
    pub fn replay(
        &self,
        start: Option<&Grid<u8>>,
        path: &[Step],
    ) -> Result<Option<Grid<u8>>, ReplayError> {
        self.replay_witnessed(start, path, &[])
    }

    /// [`Puzzle::replay`] with the fillings that show each step's reason minimal
    /// (`witnesses[i]` for step `i`, as an explanation keeps them; missing ones are
    /// searched for). Each filling is checked against the constraints' meaning before it
    /// counts, so a wrong one costs a search, never a wrong verdict. A forced check its
    /// search does not settle in a few thousand nodes is handed, as the replay's own CNF, to
    /// the embedded solver, and counts only when the solver's proof passes the project's
    /// independent LRAT checker.
    ///
    /// # Errors
    /// As [`Puzzle::replay`].
    pub fn replay_witnessed(
        &self,
        start: Option<&Grid<u8>>,
        path: &[Step],
        witnesses: &[crate::puzzle::Witnesses],
    ) -> Result<Option<Grid<u8>>, ReplayError> {
        let refute: crate::verify::replay::Refute<'_> = &crate::backend::lrat_refutation;
        let grid = crate::verify::replay::replay(
            &self.constraints(),
            start,
            (path, witnesses),
            Some(refute),
        )?;
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

    /// The given cells and their digits, row-major, for the kinds that have givens (Sudoku,
    /// Killer, Towers, Unequal); `None` for the others.
    #[must_use]
    pub fn givens(&self) -> Option<Vec<(Cell, u8)>> {
        self.as_kind().givens()
    }

    /// The puzzle's clues as an editor draws them, whatever its kind: cages, boxes or
    /// regions, diagonals, variant constraints, Kakuro squares, CrossProduct line clues,
    /// Towers side clues, Unequal marks ([`Sketch`]; the givens are [`Puzzle::givens`]).
    #[must_use]
    pub fn sketch(&self) -> Sketch<'_> {
        self.as_kind().sketch()
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

    /// Whether [`Puzzle::render_json`] draws the grid's rows of digits (every kind but
    /// Kakuro), so that a writer may write them from the grid without building a `Value`.
    #[must_use]
    pub fn json_is_rows(&self) -> bool {
        self.as_kind().json_is_rows()
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
    pub fn grade(&self) -> Result<Grade, GradeError> {
        self.as_kind().grade()
    }

    /// The puzzle's SMT-LIB 2 script.
    pub(crate) fn smt_script(&self, opts: &SmtOptions) -> Script {
        let kind = self.as_kind();
        Script::new(kind.name(), &kind.size_label(), opts, &kind.constraints())
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

    /// The puzzle as a game ID of Simon Tatham's Keen, Solo, Towers or Unequal, for the kinds
    /// his games have and the puzzles they can hold (a Keen ID up to 9×9 with `-` and `/`
    /// on two cells; a Solo ID where every region and cage is connected); [`Puzzle::parse`]
    /// reads it back to the same puzzle.
    #[must_use]
    pub fn to_game_id(&self) -> Option<String> {
        self.as_kind().game_id()
    }

    /// The puzzle as a game ID of Simon Tatham's Solo (`solo:3x3:…`), for a Sudoku or Killer
    /// Sudoku Solo can hold ([`crate::parse::solo_id`]; every kind's Tatham ID is
    /// [`Puzzle::to_game_id`]); [`Puzzle::parse`] reads it back to the same puzzle.
    #[must_use]
    pub fn to_solo_id(&self) -> Option<String> {
        crate::parse::solo_id(self)
    }

    /// The puzzle as the forum's short Killer string (81 characters of sums and arrows), for
    /// a 9×9 Killer Sudoku with 3×3 boxes, no givens, sums up to 45 and cages whose cells
    /// touch (sides or corners); [`Puzzle::parse`] reads it back to the same puzzle.
    #[must_use]
    pub fn to_short_killer(&self) -> Option<String> {
        match self {
            Puzzle::Killer(k) => crate::parse::killer_short::to_short(k),
            _ => None,
        }
    }
}

/// The forum's short Killer strings and SudokuWiki Killer strings, whatever the file's name.
pub(super) const KILLER_SHORT: Format = Format {
    ext: "killer-short",
    looks_like: crate::parse::killer_short::looks_like,
    over_extension: true,
    parse: |text, _| crate::parse::killer_short::parse(text),
};

/// f-puzzles links and JSON (Sudoku and Killer Sudoku, with their variant constraints),
/// whatever the file's name.
pub(super) const FPUZZLES: Format = Format {
    ext: "fpuzzles",
    looks_like: crate::parse::fpuzzles::looks_like,
    over_extension: true,
    parse: |text, _| crate::parse::fpuzzles::parse(text),
};

/// SudokuPad links (`scl…`, `fpuzzles…` payloads), whatever the file's name.
pub(super) const SUDOKUPAD: Format = Format {
    ext: "sudokupad",
    looks_like: crate::parse::sudokupad::looks_like,
    over_extension: true,
    parse: |text, _| crate::parse::sudokupad::parse(text),
};

/// Interactive Sudoku Solver strings and links, whatever the file's name.
pub(super) const ISS: Format = Format {
    ext: "iss",
    looks_like: crate::parse::iss::looks_like,
    over_extension: true,
    parse: |text, _| crate::parse::iss::parse(text),
};

/// The format a name (`--kind`, a `kind` line) chooses.
fn named_format(name: &str, pos: Pos) -> Result<&'static Format, ParseError> {
    let lower = name.to_ascii_lowercase();
    FORMATS.iter().find(|f| f.ext == lower).ok_or_else(|| {
        let names: Vec<&str> = FORMATS.iter().map(|f| f.ext).collect();
        ParseError::new(
            pos,
            ParseErrorKind::UnknownKind {
                name: name.to_string(),
                expected: names.join(", "),
            },
        )
    })
}

/// A first content line `kind NAME`: the format it names, and the text with that line
/// left blank (so every other line keeps its number).
fn kind_line(text: &str) -> Result<Option<(&'static Format, String)>, ParseError> {
    let Some((i, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    else {
        return Ok(None);
    };
    let toks = crate::parse::tokens(line, i + 1, 1);
    match toks[..] {
        [key, name] if key.text.eq_ignore_ascii_case("kind") => {
            let format = named_format(name.text, name.pos)?;
            let rest: Vec<&str> = text.lines().collect();
            let mut out = String::with_capacity(text.len());
            for (j, l) in rest.iter().enumerate() {
                if j != i {
                    out.push_str(l);
                }
                out.push('\n');
            }
            Ok(Some((format, out)))
        }
        _ => Ok(None),
    }
}

/// Chooses the format (see [`Puzzle::parse_with_warnings`]) and parses; errors without
/// the path.
fn parse_dispatch(
    text: &str,
    opts: &ParseOptions,
) -> Result<(Puzzle, Vec<ParseWarning>), ParseError> {
    let path = opts.path.as_deref();
    if let Some(name) = &opts.kind {
        let format = named_format(name, Pos::default())?;
        return parse_as(format, text, opts);
    }
    if let Some((format, text)) = kind_line(text)? {
        return parse_as(format, &text, opts);
    }
    if looks_like_collection(text) {
        return Err(ParseError::new(
            Pos::new(1, 1),
            ParseErrorKind::Collection(count_entries(text)),
        ));
    }
    let ext = path
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let claimed = FORMATS
        .iter()
        .find(|f| f.over_extension && (f.looks_like)(text));
    let by_ext = FORMATS.iter().find(|f| ext.as_deref() == Some(f.ext));
    let Some(format) = claimed.or(by_ext) else {
        let format = FORMATS
            .iter()
            .find(|f| (f.looks_like)(text))
            .unwrap_or(&FORMATS[FORMATS.len() - 1]);
        return parse_by_look(format, text, opts);
    };
    parse_as(format, text, opts)
}

/// Parses `text` in `format`, with its warnings (KenKen's).
fn parse_as(
    format: &Format,
    text: &str,
    opts: &ParseOptions,
) -> Result<(Puzzle, Vec<ParseWarning>), ParseError> {
    let path = opts.path.as_deref();
    if format.ext == "kenken" {
        let read = crate::parse::kenken::parse_with_warnings(text, opts.strict)?;
        let warnings = read.warnings.into_iter().map(|w| w.with_path(path));
        return Ok((Puzzle::KenKen(read.puzzle), warnings.collect()));
    }
    (format.parse)(text, opts.strict).map(|p| (p, Vec::new()))
}

/// Parses text whose format only its look chose: a KenKen none of whose cages has an
/// operator, which also reads as a Killer Sudoku, is refused (never a silent change of
/// kind).
fn parse_by_look(
    format: &Format,
    text: &str,
    opts: &ParseOptions,
) -> Result<(Puzzle, Vec<ParseWarning>), ParseError> {
    if format.ext != "kenken" {
        return parse_as(format, text, opts);
    }
    let read = crate::parse::kenken::parse_with_warnings(text, opts.strict)?;
    if read.no_operators && crate::parse::killer::parse_killer(text).is_ok() {
        return Err(ParseError::new(
            Pos::new(1, 1),
            ParseErrorKind::TwoKinds {
                first: "a KenKen whose cages have no operators",
                first_name: "kenken",
                second: "a Killer Sudoku (cages of sums, with its boxes)",
                second_name: "killer",
            },
        ));
    }
    let path = opts.path.as_deref();
    let warnings = read.warnings.into_iter().map(|w| w.with_path(path));
    Ok((Puzzle::KenKen(read.puzzle), warnings.collect()))
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
    // One search for every kind: the model's, over the kind's constraints.
    let model = puzzle.constraints();
    let complete = crate::model::run(&model, (fixed, opts), stop, &mut effort, &mut on_solution)
        .unwrap_or(false);
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
