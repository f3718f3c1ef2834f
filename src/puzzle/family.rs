//! # The variant families, one descriptor each
//!
//! Every name a [`Variant`] is known by, in one place: its family's label (reasons and
//! techniques), its CNF clause family, and for the line families (cells along a line, with
//! at most one number) every word the formats and the drawing use: the text keyword, the
//! Interactive Sudoku Solver name, the f-puzzles key, script names and colours (which
//! SudokuPad draws too), the SVG class and colour, how its number is written, and how the
//! variant is built from its cells and number and taken apart again. The readers and
//! writers of `crate::parse`, the CNF naming (`crate::encode::rules`) and the drawings
//! (`crate::render::svg::variant`, the text picture of `crate::kind::sudoku`) read
//! [`LINES`] instead of matching on each line family, so a new line family is a variant,
//! its lowering and its entry here, its verifier rule, and nothing else; a test walks the
//! table through every format, the verifier, the drawing and the CNF.
//!
//! The other families (cells, dots, cages, outside clues, global rules) are irregular in
//! their formats and keep code of their own; their labels and CNF names are in [`OTHERS`].

use crate::grid::Cell;
use crate::puzzle::variant::Variant;

/// The label and CNF clause family of every family that is not a line (the labels
/// [`Variant::family`] gives).
pub(crate) const OTHERS: &[(&str, &str)] = &[
    ("candidates", "candidates"),
    ("even cell", "even"),
    ("odd cell", "odd"),
    ("anti-knight", "anti-knight"),
    ("anti-king", "anti-king"),
    ("non-consecutive", "non-consecutive"),
    ("diagonal", "variant-diagonal"),
    ("window", "window"),
    ("extra region", "extra-region"),
    ("cage", "variant-cage"),
    ("white dot", "white-dot"),
    ("black dot", "black-dot"),
    ("X", "x-sign"),
    ("V", "v-sign"),
    ("sum dot", "sum-dot"),
    ("no white dot", "no-white-dot"),
    ("no black dot", "no-black-dot"),
    ("no X", "no-x-sign"),
    ("no V", "no-v-sign"),
    ("no sum dot", "no-sum-dot"),
    ("greater-than sign", "greater-than"),
    ("quadruple", "quadruple"),
    ("arrow", "arrow"),
    ("little killer", "little-killer"),
    ("sandwich", "sandwich"),
    ("X-sum", "x-sum"),
    ("skyscraper", "skyscraper"),
];

/// How a line family's number is written in the text format and in ISS strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Param {
    /// It has none.
    None,
    /// A number before the cells: what it is, in words; the value meant when it is left
    /// out (`None`: it must be given); the least value an ISS string may give.
    Lead {
        /// What the number is (`difference`, `modulus`).
        what: &'static str,
        /// The value meant when the number is left out.
        default: Option<u8>,
        /// The least value ISS reads.
        least: u8,
    },
}

/// What an f-puzzles entry of a line family says of its number.
#[derive(Clone, Copy, Debug)]
pub(crate) enum FpValue {
    /// It has none.
    None,
    /// Read from the entry's `value`; this function of the grid's side when absent.
    Read(fn(usize) -> u8),
    /// Fixed by the grid's side (this function); another value cannot be written, for
    /// this reason.
    Fixed(fn(usize) -> u8, &'static str),
}

/// A line family in f-puzzles: its key, the user script's `fromConstraint` names and line
/// colours (the first of each written), what its number is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fpuzzles {
    /// The JSON key.
    pub(crate) key: &'static str,
    /// The names the scripts write in a cosmetic line's `fromConstraint`.
    pub(crate) scripts: &'static [&'static str],
    /// The colours of that cosmetic line (upper case), also SudokuPad's.
    pub(crate) colours: &'static [&'static str],
    /// Its number.
    pub(crate) value: FpValue,
}

/// How a line family is drawn in SVG, in a group of its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawing {
    /// A coloured line; the groups are drawn by ascending `layer`.
    Line {
        /// The group's class.
        class: &'static str,
        /// The stroke colour.
        colour: &'static str,
        /// The drawing order among the coloured lines.
        layer: u8,
    },
    /// A line with a circle (or a diamond) at each end.
    Ends {
        /// The group's class.
        class: &'static str,
        /// The stroke colour.
        colour: &'static str,
        /// Diamonds rather than circles.
        diamond: bool,
    },
    /// Drawn by code of its own in the SVG module, in this class's group.
    Own(&'static str),
}

#[cfg(test)]
impl Drawing {
    /// The SVG group's class.
    pub(crate) fn class(self) -> &'static str {
        match self {
            Drawing::Line { class, .. } | Drawing::Ends { class, .. } | Drawing::Own(class) => {
                class
            }
        }
    }
}

/// A line variant's cells and number, when it is of the family.
pub(crate) type Parts = fn(&Variant) -> Option<(&[Cell], u8)>;

/// One line family: its names in every format, its drawing, its shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    /// The family's label ([`Variant::family`]).
    pub(crate) name: &'static str,
    /// The CNF clause family of its constraints.
    pub(crate) cnf: &'static str,
    /// The keyword of its line in the `.sudoku` and `.killer` formats.
    pub(crate) text: &'static str,
    /// Its ISS name, if ISS has it.
    pub(crate) iss: Option<&'static str>,
    /// Its f-puzzles form.
    pub(crate) fpuzzles: Fpuzzles,
    /// Its SVG drawing.
    pub(crate) drawing: Drawing,
    /// How its number is written.
    pub(crate) param: Param,
    /// The variant of these cells and number (0 when it has none).
    pub(crate) make: fn(Vec<Cell>, u8) -> Variant,
    /// The variant's cells and number, when it is of this family.
    pub(crate) parts: Parts,
}

/// The German whisper's least difference on a grid of side `size`: half of it, rounded up.
pub(crate) fn german(size: usize) -> u8 {
    u8::try_from(size.div_ceil(2)).unwrap_or(u8::MAX)
}

/// The lockout line's least difference of its ends: half the side, rounded down.
pub(crate) fn lockout_diff(size: usize) -> u8 {
    u8::try_from(size / 2).unwrap_or(u8::MAX)
}

/// No f-puzzles script names or colours (f-puzzles' own lines).
const NONE: &[&str] = &[];

/// The line families, in the order f-puzzles keys are read.
pub(crate) const LINES: &[Line] = &[
    Line {
        name: "thermometer",
        cnf: "thermometer",
        text: "thermo",
        iss: Some("Thermo"),
        fpuzzles: Fpuzzles {
            key: "thermometer",
            scripts: NONE,
            colours: NONE,
            value: FpValue::None,
        },
        drawing: Drawing::Own("thermo"),
        param: Param::None,
        make: |c, _| Variant::Thermo(c),
        parts: |v| match v {
            Variant::Thermo(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "palindrome",
        cnf: "palindrome",
        text: "palindrome",
        iss: Some("Palindrome"),
        fpuzzles: Fpuzzles {
            key: "palindrome",
            scripts: NONE,
            colours: NONE,
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "palindrome",
            colour: "#a0a0a0",
            layer: 2,
        },
        param: Param::None,
        make: |c, _| Variant::Palindrome(c),
        parts: |v| match v {
            Variant::Palindrome(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "between line",
        cnf: "between-line",
        text: "between",
        iss: Some("Between"),
        fpuzzles: Fpuzzles {
            key: "betweenline",
            scripts: NONE,
            colours: NONE,
            value: FpValue::None,
        },
        drawing: Drawing::Ends {
            class: "between",
            colour: "#8fa8c8",
            diamond: false,
        },
        param: Param::None,
        make: |c, _| Variant::Between(c),
        parts: |v| match v {
            Variant::Between(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "renban",
        cnf: "renban",
        text: "renban",
        iss: Some("Renban"),
        fpuzzles: Fpuzzles {
            key: "renban",
            scripts: &["Renban"],
            colours: &["#F067F0", "#C060C0"],
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "renban",
            colour: "#c060e0",
            layer: 0,
        },
        param: Param::None,
        make: |c, _| Variant::Renban(c),
        parts: |v| match v {
            Variant::Renban(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "whisper",
        cnf: "whisper",
        text: "whisper",
        iss: Some("Whisper"),
        fpuzzles: Fpuzzles {
            key: "whispers",
            scripts: &["German Whispers", "Whispers", "Dutch Whispers"],
            colours: &["#67F067", "#FF9A00"],
            value: FpValue::Read(german),
        },
        drawing: Drawing::Line {
            class: "whisper",
            colour: "#3cb44b",
            layer: 1,
        },
        param: Param::Lead {
            what: "difference",
            default: Some(5),
            least: 1,
        },
        make: |cells, diff| Variant::Whisper { cells, diff },
        parts: |v| match v {
            Variant::Whisper { cells, diff } => Some((cells.as_slice(), *diff)),
            _ => None,
        },
    },
    Line {
        name: "region-sum line",
        cnf: "region-sum-line",
        text: "regionsum",
        iss: Some("RegionSumLine"),
        fpuzzles: Fpuzzles {
            key: "regionsumline",
            scripts: &["Region Sum Line"],
            colours: &["#2ECBFF"],
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "region-sum",
            colour: "#3f7fff",
            layer: 3,
        },
        param: Param::None,
        make: |c, _| Variant::RegionSum(c),
        parts: |v| match v {
            Variant::RegionSum(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "entropic line",
        cnf: "entropic-line",
        text: "entropic",
        iss: Some("Entropic"),
        fpuzzles: Fpuzzles {
            key: "entropicline",
            scripts: &["Entropic Line", "Entropic"],
            colours: &["#FFCCAA"],
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "entropic",
            colour: "#f08030",
            layer: 5,
        },
        param: Param::None,
        make: |c, _| Variant::Entropic(c),
        parts: |v| match v {
            Variant::Entropic(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "modular line",
        cnf: "modular-line",
        text: "modular",
        iss: Some("Modular"),
        fpuzzles: Fpuzzles {
            key: "modularline",
            scripts: &["Modular Line"],
            colours: &["#33BBBB"],
            value: FpValue::Fixed(|_| 3, "f-puzzles' modular lines have modulus 3"),
        },
        drawing: Drawing::Line {
            class: "modular",
            colour: "#20a0a0",
            layer: 6,
        },
        param: Param::Lead {
            what: "modulus",
            default: None,
            least: 2,
        },
        make: |cells, modulus| Variant::Modular { cells, modulus },
        parts: |v| match v {
            Variant::Modular { cells, modulus } => Some((cells.as_slice(), *modulus)),
            _ => None,
        },
    },
    Line {
        name: "zipper line",
        cnf: "zipper-line",
        text: "zipper",
        iss: Some("Zipper"),
        fpuzzles: Fpuzzles {
            key: "zipperline",
            scripts: &["Zipper Line"],
            colours: &["#CDB1EC"],
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "zipper",
            colour: "#b8a0e8",
            layer: 4,
        },
        param: Param::None,
        make: |c, _| Variant::Zipper(c),
        parts: |v| match v {
            Variant::Zipper(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "double arrow",
        cnf: "double-arrow",
        text: "doublearrow",
        iss: Some("DoubleArrow"),
        fpuzzles: Fpuzzles {
            key: "doublearrow",
            scripts: &["Double Arrow"],
            colours: &["#C54B8B"],
            value: FpValue::None,
        },
        drawing: Drawing::Own("arrow"),
        param: Param::None,
        make: |c, _| Variant::DoubleArrow(c),
        parts: |v| match v {
            Variant::DoubleArrow(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
    Line {
        name: "lockout line",
        cnf: "lockout-line",
        text: "lockout",
        iss: Some("Lockout"),
        fpuzzles: Fpuzzles {
            key: "lockout",
            scripts: &["Lockout"],
            colours: &["#006CBA"],
            value: FpValue::Fixed(
                lockout_diff,
                "f-puzzles' lockout lines' ends differ by half the size, rounded down",
            ),
        },
        drawing: Drawing::Ends {
            class: "lockout",
            colour: "#7f9fdf",
            diamond: true,
        },
        param: Param::Lead {
            what: "difference",
            default: None,
            least: 0,
        },
        make: |cells, diff| Variant::Lockout { cells, diff },
        parts: |v| match v {
            Variant::Lockout { cells, diff } => Some((cells.as_slice(), *diff)),
            _ => None,
        },
    },
    Line {
        name: "nabner line",
        cnf: "nabner-line",
        text: "nabner",
        iss: None,
        fpuzzles: Fpuzzles {
            key: "nabner",
            scripts: &["Nabner"],
            colours: &["#C9C883"],
            value: FpValue::None,
        },
        drawing: Drawing::Line {
            class: "nabner",
            colour: "#b0ac50",
            layer: 7,
        },
        param: Param::None,
        make: |c, _| Variant::Nabner(c),
        parts: |v| match v {
            Variant::Nabner(c) => Some((c.as_slice(), 0)),
            _ => None,
        },
    },
];

/// Whether `v` is of a line family: each variant is told here (the compiler asks for a
/// new one), and a line family must have its entry in [`LINES`] (the tests walk them).
pub(crate) fn is_line(v: &Variant) -> bool {
    match v {
        Variant::Thermo(_)
        | Variant::Palindrome(_)
        | Variant::Between(_)
        | Variant::Renban(_)
        | Variant::Whisper { .. }
        | Variant::RegionSum(_)
        | Variant::Entropic(_)
        | Variant::Modular { .. }
        | Variant::Zipper(_)
        | Variant::DoubleArrow(_)
        | Variant::Lockout { .. }
        | Variant::Nabner(_) => true,
        Variant::Candidates { .. }
        | Variant::Parity { .. }
        | Variant::AntiKnight
        | Variant::AntiKing
        | Variant::NonConsecutive
        | Variant::Diagonal { .. }
        | Variant::Windoku
        | Variant::Region(_)
        | Variant::Cage { .. }
        | Variant::Dot { .. }
        | Variant::NegativeDots(_)
        | Variant::GreaterThan(_)
        | Variant::Quadruple { .. }
        | Variant::Arrow { .. }
        | Variant::LittleKiller { .. }
        | Variant::Sandwich { .. }
        | Variant::XSum { .. }
        | Variant::Skyscraper { .. } => false,
    }
}

/// The line family of `v`, with its cells and number, when it is a line.
pub(crate) fn line_of(v: &Variant) -> Option<(&'static Line, &[Cell], u8)> {
    if !is_line(v) {
        return None;
    }
    LINES
        .iter()
        .find_map(|l| (l.parts)(v).map(|(cells, p)| (l, cells, p)))
}

/// The line family of a text keyword (lower case).
pub(crate) fn by_text(keyword: &str) -> Option<&'static Line> {
    LINES.iter().find(|l| l.text == keyword)
}

/// The line family of an ISS name.
pub(crate) fn by_iss(name: &str) -> Option<&'static Line> {
    LINES.iter().find(|l| l.iss == Some(name))
}

/// The line family an f-puzzles cosmetic line names: by its `fromConstraint` when it has
/// one, else by its colour (upper case).
pub(crate) fn by_drawing(from: Option<&str>, colour: &str) -> Option<&'static Line> {
    LINES.iter().find(|l| match from {
        Some(f) => l.fpuzzles.scripts.contains(&f),
        None => l.fpuzzles.colours.contains(&colour),
    })
}

impl Line {
    /// Its number on an f-puzzles grid of side `size` when the entry gives none (0 when
    /// it has none).
    pub(crate) fn fpuzzles_default(&self, size: usize) -> u8 {
        match self.fpuzzles.value {
            FpValue::None => 0,
            FpValue::Read(f) | FpValue::Fixed(f, _) => f(size),
        }
    }

    /// The colour and script name of the cosmetic line f-puzzles' scripts write beside it,
    /// when they write one.
    pub(crate) fn fpuzzles_drawing(&self) -> Option<(&'static str, &'static str)> {
        Some((
            *self.fpuzzles.colours.first()?,
            *self.fpuzzles.scripts.first()?,
        ))
    }
}

/// Every family label (line families and the others): the names of variant steps'
/// techniques.
pub(crate) fn labels() -> impl Iterator<Item = &'static str> {
    LINES
        .iter()
        .map(|l| l.name)
        .chain(OTHERS.iter().map(|o| o.0))
}

/// The CNF clause family of a family label (`variant` for a name no family has).
pub(crate) fn cnf_name(label: &str) -> &'static str {
    LINES
        .iter()
        .find(|l| l.name == label)
        .map(|l| l.cnf)
        .or_else(|| OTHERS.iter().find(|o| o.0 == label).map(|o| o.1))
        .unwrap_or("variant")
}

#[cfg(test)]
mod tests;
