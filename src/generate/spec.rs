//! # One way to ask for a puzzle of any kind
//!
//! [`generate`] makes a puzzle of any kind from one [`GenerateSpec`]: the size, the seed,
//! the grade level and the kinds' options (`diagonals`, `jigsaw`, `adjacent`, `max_cage`,
//! …). Each kind's generator ([`GENERATORS`], in the order of [`crate::puzzle::KINDS`])
//! says which options it reads, and an option set that a kind does not read is refused by
//! name ([`GenerateError::Unsupported`]), never ignored. The command line, the Python
//! module and the page ask here, so none of them keeps its own `match` over the kinds.
//!
//! A KenKen and a Kakuro take the level into their generator (their shapes are repaired
//! toward it). The other kinds are graded as made: seeds `seed`, `seed + 1`, … are tried
//! until one has the level asked, at most [`GenerateSpec::max_attempts`] of them
//! ([`DEFAULT_LEVEL_ATTEMPTS`]); a Killer also takes the level into its merges
//! ([`KillerStyle::with_level`]), so most first seeds already have it.

use crate::grade::{KeenDifficulty, Level, Scale};
use crate::grid::Grid;
use crate::puzzle::{Op, Puzzle};
use crate::stop::Stop;

use super::sudoku::SudokuVariant;
use super::GenerateError;

pub use super::kinds::GENERATORS;

/// Seeds tried for a level asked of a kind that is graded as made (Sudoku, Killer, Towers,
/// Unequal) when [`GenerateSpec::max_attempts`] is `None`.
pub const DEFAULT_LEVEL_ATTEMPTS: u64 = 200;

/// What to generate, for any kind: the options a kind does not read must be left at their
/// defaults ([`GenerateSpec::new`]), or [`generate`] refuses them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GenerateSpec {
    /// Side length; for a Kakuro or a CrossProduct the rows (a Kakuro's frame included).
    pub size: usize,
    /// Columns of a Kakuro or a CrossProduct (`None`: as many as the rows).
    pub cols: Option<usize>,
    /// The seed of the first puzzle tried: the same spec gives the same puzzle.
    pub seed: u64,
    /// The grade level asked, on the kind's scale (`None`: any).
    pub level: Option<Level>,
    /// Seeds tried for a level (Kakuro, Sudoku, Killer, Towers, Unequal), or tables drawn
    /// (CrossProduct), before giving up (`None`: the kind's default).
    pub max_attempts: Option<u64>,
    /// Sudoku and Killer: both long diagonals hold distinct digits too (the X variants).
    pub diagonals: bool,
    /// Sudoku: random connected regions take the place of the boxes.
    pub jigsaw: bool,
    /// Unequal: the adjacent mode.
    pub adjacent: bool,
    /// KenKen and Killer: the largest cage (`None`: the kind's default).
    pub max_cage: Option<usize>,
    /// Killer: allow givens.
    pub givens: bool,
    /// Killer: allow one-cell cages.
    pub single_cages: bool,
    /// KenKen: the operators that may appear (`None`: all four).
    pub ops: Option<Vec<Op>>,
    /// KenKen: the most one-cell cages (`None`: [`default_max_givens`](super::default_max_givens)).
    pub max_givens: Option<usize>,
    /// KenKen and Kakuro without a level: whether root propagation must solve the puzzle
    /// (`None`: yes).
    pub logic_solvable: Option<bool>,
    /// CrossProduct: whether the puzzle must be unique (`None`: yes).
    pub unique: Option<bool>,
}

impl GenerateSpec {
    /// A puzzle of side (or rows) `size` from seed 1, every option at its default.
    #[must_use]
    pub fn new(size: usize) -> Self {
        GenerateSpec {
            size,
            cols: None,
            seed: 1,
            level: None,
            max_attempts: None,
            diagonals: false,
            jigsaw: false,
            adjacent: false,
            max_cage: None,
            givens: false,
            single_cages: false,
            ops: None,
            max_givens: None,
            logic_solvable: None,
            unique: None,
        }
    }

    /// The options set away from their defaults (columns only when they differ from the
    /// rows).
    #[must_use]
    pub fn options_set(&self) -> Vec<GenOption> {
        let flags = [
            (self.cols.is_some_and(|c| c != self.size), GenOption::Cols),
            (self.level.is_some(), GenOption::Level),
            (self.max_attempts.is_some(), GenOption::MaxAttempts),
            (self.diagonals, GenOption::Diagonals),
            (self.jigsaw, GenOption::Jigsaw),
            (self.adjacent, GenOption::Adjacent),
            (self.max_cage.is_some(), GenOption::MaxCage),
            (self.givens, GenOption::Givens),
            (self.single_cages, GenOption::SingleCages),
            (self.ops.is_some(), GenOption::Ops),
            (self.max_givens.is_some(), GenOption::MaxGivens),
            (self.logic_solvable.is_some(), GenOption::LogicSolvable),
            (self.unique.is_some(), GenOption::Unique),
        ];
        flags
            .into_iter()
            .filter(|(set, _)| *set)
            .map(|(_, o)| o)
            .collect()
    }

    /// The Sudoku variant asked (X when [`GenerateSpec::diagonals`]).
    pub(super) fn variant(&self) -> SudokuVariant {
        if self.diagonals {
            SudokuVariant::diagonals()
        } else {
            SudokuVariant::default()
        }
    }
}

/// An option of [`GenerateSpec`] besides the size and the seed, named as the Python
/// keyword and the page's key name it ([`GenerateSpec::level`] is `difficulty`, as on the
/// command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GenOption {
    /// [`GenerateSpec::cols`].
    Cols,
    /// [`GenerateSpec::level`].
    Level,
    /// [`GenerateSpec::max_attempts`].
    MaxAttempts,
    /// [`GenerateSpec::diagonals`].
    Diagonals,
    /// [`GenerateSpec::jigsaw`].
    Jigsaw,
    /// [`GenerateSpec::adjacent`].
    Adjacent,
    /// [`GenerateSpec::max_cage`].
    MaxCage,
    /// [`GenerateSpec::givens`].
    Givens,
    /// [`GenerateSpec::single_cages`].
    SingleCages,
    /// [`GenerateSpec::ops`].
    Ops,
    /// [`GenerateSpec::max_givens`].
    MaxGivens,
    /// [`GenerateSpec::logic_solvable`].
    LogicSolvable,
    /// [`GenerateSpec::unique`].
    Unique,
}

impl GenOption {
    /// The option's name (`max_cage`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GenOption::Cols => "cols",
            GenOption::Level => "difficulty",
            GenOption::MaxAttempts => "max_attempts",
            GenOption::Diagonals => "diagonals",
            GenOption::Jigsaw => "jigsaw",
            GenOption::Adjacent => "adjacent",
            GenOption::MaxCage => "max_cage",
            GenOption::Givens => "givens",
            GenOption::SingleCages => "single_cages",
            GenOption::Ops => "ops",
            GenOption::MaxGivens => "max_givens",
            GenOption::LogicSolvable => "logic_solvable",
            GenOption::Unique => "unique",
        }
    }

    /// Whether the option is a yes/no switch (`diagonals`, `jigsaw`, …).
    #[must_use]
    pub fn is_flag(self) -> bool {
        matches!(
            self,
            GenOption::Diagonals
                | GenOption::Jigsaw
                | GenOption::Adjacent
                | GenOption::Givens
                | GenOption::SingleCages
        )
    }
}

/// A puzzle made by [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle, unique unless a CrossProduct was asked with `unique` off.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid<u8>,
    /// The seed that made it.
    pub seed: u64,
    /// Its grade level, where the generator knows it (a KenKen always; the others when a
    /// level was asked).
    pub level: Option<Level>,
}

/// How a kind's generator makes one puzzle from a spec and a seed.
pub(super) type Make = fn(&GenerateSpec, u64, &Stop) -> Result<Generated, GenerateError>;

/// One kind's generator: its name, the options it reads, its levels and how it makes a
/// puzzle.
#[derive(Clone, Copy)]
pub struct Generator {
    pub(super) kind: &'static str,
    pub(super) options: &'static [GenOption],
    pub(super) scale: Option<Scale>,
    pub(super) levels: &'static [Level],
    /// Graded as made: [`generate`] tries seeds until one has the level asked.
    pub(super) graded: bool,
    pub(super) make: Make,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("kind", &self.kind)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Generator {
    /// The kind's name ([`Puzzle::kind`]).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The options of [`GenerateSpec`] it reads, besides the size and the seed.
    #[must_use]
    pub fn options(&self) -> &'static [GenOption] {
        self.options
    }

    /// The scale its levels are named on (`None`: it takes no level).
    #[must_use]
    pub fn scale(&self) -> Option<Scale> {
        self.scale
    }

    /// The levels it can be asked for, weakest first (empty: none).
    #[must_use]
    pub fn levels(&self) -> &'static [Level] {
        self.levels
    }

    /// The level named `name` among [`Generator::levels`]: its scale's name for it or the
    /// canonical one, and on the cage scale Keen's names too (`hard`).
    #[must_use]
    pub fn level(&self, name: &str) -> Option<Level> {
        let scale = self.scale?;
        let keen = || {
            (scale == Scale::Cages)
                .then(|| KeenDifficulty::from_name(name).map(KeenDifficulty::level))
                .flatten()
        };
        let level = scale.level(name).or_else(keen)?;
        self.levels.contains(&level).then_some(level)
    }

    /// The names of [`Generator::levels`] on its scale, weakest first.
    #[must_use]
    pub fn level_names(&self) -> Vec<&'static str> {
        self.scale
            .map(|s| self.levels.iter().map(|&l| s.name(l)).collect())
            .unwrap_or_default()
    }

    /// Refuses a spec with an option this kind does not read, or a level it lacks.
    fn check(&self, spec: &GenerateSpec) -> Result<(), GenerateError> {
        let takes = || {
            let names: Vec<&str> = self.options.iter().map(|o| o.name()).collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        for option in spec.options_set() {
            if !self.options.contains(&option) {
                return Err(GenerateError::Unsupported {
                    kind: self.kind,
                    option: option.name(),
                    takes: takes(),
                });
            }
        }
        match spec.level {
            Some(level) if !self.levels.contains(&level) => Err(GenerateError::NoSuchLevel {
                kind: self.kind,
                level: self.scale.map_or(level.name(), |s| s.name(level)),
            }),
            _ => Ok(()),
        }
    }
}

/// The generators' kinds as a list in prose: `kenken, kakuro, … or unequal`.
pub(crate) fn kind_names() -> String {
    let names: Vec<&str> = GENERATORS.iter().map(|g| g.kind).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The generator of the kind named `kind`.
#[must_use]
pub fn generator(kind: &str) -> Option<&'static Generator> {
    GENERATORS.iter().find(|g| g.kind == kind)
}

/// A puzzle of the kind named `kind` ([`Puzzle::kind`]) as `spec` asks, under `stop` (a
/// time limit, an interrupt), proven unique by the kind's generator.
///
/// ```
/// use cagesat::generate::{generate, GenerateSpec};
/// use cagesat::Stop;
///
/// let mut spec = GenerateSpec::new(4);
/// spec.seed = 7;
/// spec.adjacent = true;
/// let made = generate("unequal", &spec, &Stop::new())?;
/// made.puzzle.verify(&made.solution)?;
/// assert_eq!(made.puzzle.kind(), "unequal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`GenerateError::UnknownKind`]; [`GenerateError::Unsupported`] for an option the kind
/// does not read and [`GenerateError::NoSuchLevel`] for a level it lacks;
/// [`GenerateError::LevelAttempts`] when no seed tried had the level asked; the kind
/// generator's own errors (sizes, stops).
pub fn generate(kind: &str, spec: &GenerateSpec, stop: &Stop) -> Result<Generated, GenerateError> {
    let g = generator(kind).ok_or_else(|| GenerateError::UnknownKind {
        kind: kind.to_string(),
    })?;
    g.check(spec)?;
    if !g.graded {
        return (g.make)(spec, spec.seed, stop);
    }
    let attempts = spec.max_attempts.unwrap_or(DEFAULT_LEVEL_ATTEMPTS).max(1);
    for seed in (0..attempts).map(|i| spec.seed.wrapping_add(i)) {
        let mut made = (g.make)(spec, seed, stop)?;
        let Some(want) = spec.level else {
            return Ok(made);
        };
        let level = made.puzzle.grade()?.level.unwrap_or(Level::Search);
        made.level = Some(level);
        if level == want {
            return Ok(made);
        }
    }
    Err(GenerateError::LevelAttempts {
        kind: g.kind,
        level: g
            .scale
            .map_or("search", |s| s.name(spec.level.unwrap_or(Level::Search))),
        first_seed: spec.seed,
        last_seed: spec.seed.wrapping_add(attempts - 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::KINDS;

    #[test]
    fn every_kind_has_a_generator_in_the_list_order() {
        let names: Vec<&str> = GENERATORS.iter().map(Generator::kind).collect();
        let kinds: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
        assert_eq!(names, kinds);
    }

    #[test]
    fn every_kind_makes_a_verified_puzzle_of_its_kind() {
        for g in GENERATORS {
            let mut spec = GenerateSpec::new(if g.kind() == "kakuro" { 5 } else { 4 });
            spec.seed = 7;
            let kind = g.kind();
            let made =
                generate(kind, &spec, &Stop::new()).unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert_eq!(made.puzzle.kind(), kind);
            made.puzzle
                .verify(&made.solution)
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
            let again =
                generate(kind, &spec, &Stop::new()).unwrap_or_else(|e| panic!("{kind}: {e}"));
            assert_eq!(again, made, "{}: the same seed, the same puzzle", g.kind());
        }
    }

    #[test]
    fn options_a_kind_does_not_read_are_refused_by_name() {
        let mut spec = GenerateSpec::new(4);
        spec.diagonals = true;
        let e = generate("towers", &spec, &Stop::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "towers takes no option diagonals (it takes: difficulty, max_attempts)"
        );
        let mut spec = GenerateSpec::new(4);
        spec.cols = Some(5);
        let e = generate("sudoku", &spec, &Stop::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "sudoku takes no option cols (it takes: difficulty, max_attempts, diagonals, jigsaw)"
        );
        let mut spec = GenerateSpec::new(4);
        spec.level = Some(Level::Interactions);
        let e = generate("unequal", &spec, &Stop::new()).unwrap_err();
        assert_eq!(e.to_string(), "unequal has no level box-line");
        let e = generate("nonogram", &GenerateSpec::new(4), &Stop::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown kind 'nonogram' (expected kenken, kakuro, crossproduct, sudoku, killer, towers or unequal)"
        );
    }

    #[test]
    fn a_graded_kind_tries_seeds_until_the_level() {
        let mut spec = GenerateSpec::new(4);
        spec.level = Some(Level::Singles);
        let made = generate("sudoku", &spec, &Stop::new()).expect("a singles sudoku");
        assert_eq!(made.level, Some(Level::Singles));
        assert_eq!(
            made.puzzle.grade().expect("graded").level,
            Some(Level::Singles)
        );
        spec.level = Some(Level::Interactions);
        spec.max_attempts = Some(3);
        let e = generate("sudoku", &spec, &Stop::new()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no sudoku of level box-line among seeds 1..3"
        );
    }
}
