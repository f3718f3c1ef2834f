//! # Agreement with Keen's difficulty (Simon Tatham's level names)
//!
//! Simon Tatham's Keen generates each puzzle at a difficulty and checks that its own solver
//! needs exactly that difficulty (it solves the puzzle at that level and fails one level
//! below). Its levels, from `keen.c` and `latin.c`:
//!
//! - *Easy*: Latin-square singles and the cage candidate union (our [`Level::Singles`]);
//! - *Normal*: singles and GAC on cages (a subset of our [`Level::Gac`], `cage-gac`);
//! - *Hard*: + cage–line interaction and Latin "set" deductions (naked and hidden subsets
//!   of any size);
//! - *Extreme*: + set deductions across rows and columns, and forcing chains;
//! - *Unreasonable*: + guessing.
//!
//! The corpus names files `NxN-D-II.kenken` with `D` one of `e n h x u`; [`Matrix`]
//! tabulates Keen's difficulty against our grade (on the cage scale, [`Scale::Cages`]) and
//! against CNF unit propagation.

use std::fmt::Write;

use crate::grade::{Grade, Level, Scale};

/// The position of `level` on the cage scale (`None` for a level it lacks).
fn cage_index(level: Level) -> Option<usize> {
    Scale::Cages.levels().iter().position(|&l| l == level)
}

/// Keen's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum KeenDifficulty {
    /// `e`.
    Easy,
    /// `n`.
    Normal,
    /// `h`.
    Hard,
    /// `x`.
    Extreme,
    /// `u`.
    Unreasonable,
}

impl KeenDifficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [KeenDifficulty; 5] = [
        KeenDifficulty::Easy,
        KeenDifficulty::Normal,
        KeenDifficulty::Hard,
        KeenDifficulty::Extreme,
        KeenDifficulty::Unreasonable,
    ];

    /// The difficulty of a corpus file named like `6x6-h-02.kenken` (any directory).
    #[must_use]
    pub fn from_file_name(path: &str) -> Option<Self> {
        let base = path.rsplit(['/', '\\']).next()?;
        let mut parts = base.split('-');
        let size = parts.next()?;
        let (a, b) = size.split_once('x')?;
        if a.is_empty() || a != b || !a.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        match parts.next()? {
            "e" => Some(KeenDifficulty::Easy),
            "n" => Some(KeenDifficulty::Normal),
            "h" => Some(KeenDifficulty::Hard),
            "x" => Some(KeenDifficulty::Extreme),
            "u" => Some(KeenDifficulty::Unreasonable),
            _ => None,
        }
    }

    /// The difficulty Keen calls `name` (`easy`, `normal`, `hard`, `extreme`,
    /// `unreasonable`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.name() == name)
    }

    /// Our level that stands for this difficulty where a level is asked by Keen's name
    /// (`generate kenken --difficulty hard`): the [`Matrix`]'s rows and columns in order,
    /// one to one, so that each alias names a different level: easy → `singles` (exactly
    /// Keen's Easy rules), normal → `subsets`, hard → `cage-gac`, extreme → `box`,
    /// unreasonable → `search` (the cage scale, [`Scale::Cages`]). (Keen's own levels are not nested the same way: the
    /// matrix of the shipped corpus spreads Keen's Normal over `subsets` and `cage-gac`
    /// and its Extreme and Unreasonable over `box` and `search`.)
    #[must_use]
    pub fn level(self) -> Level {
        match self {
            KeenDifficulty::Easy => Level::Singles,
            KeenDifficulty::Normal => Level::Subsets,
            KeenDifficulty::Hard => Level::Gac,
            KeenDifficulty::Extreme => Level::Interactions,
            KeenDifficulty::Unreasonable => Level::Search,
        }
    }

    /// Keen's name for the level.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            KeenDifficulty::Easy => "easy",
            KeenDifficulty::Normal => "normal",
            KeenDifficulty::Hard => "hard",
            KeenDifficulty::Extreme => "extreme",
            KeenDifficulty::Unreasonable => "unreasonable",
        }
    }
}

/// Keen difficulty × our level, plus CNF unit propagation per difficulty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Matrix {
    /// `counts[keen][level]`, levels in the cage scale's order ([`Scale::levels`]).
    pub counts: [[usize; 5]; 5],
    /// Puzzles per difficulty that CNF unit propagation solves.
    pub cnf_up: [usize; 5],
    /// Puzzles per difficulty graded `box` that need box–box interaction (cage–line
    /// interaction alone does not solve them).
    pub box_pairs: [usize; 5],
    /// Puzzles per difficulty that propagation proved unsolvable (should stay 0).
    pub no_solution: [usize; 5],
}

impl Matrix {
    /// Counts one graded puzzle.
    pub fn add(&mut self, keen: KeenDifficulty, grade: &Grade) {
        let k = keen as usize;
        match grade.level.and_then(cage_index) {
            Some(l) => self.counts[k][l] += 1,
            None => self.no_solution[k] += 1,
        }
        if grade.cnf_up.solves() {
            self.cnf_up[k] += 1;
        }
        if grade.needs_box_pairs() {
            self.box_pairs[k] += 1;
        }
    }

    /// Puzzles of one difficulty.
    #[must_use]
    pub fn total(&self, keen: KeenDifficulty) -> usize {
        let k = keen as usize;
        self.counts[k].iter().sum::<usize>() + self.no_solution[k]
    }

    /// Puzzles of difficulty `keen` graded `level` (0 for a level off the cage scale).
    #[must_use]
    pub fn get(&self, keen: KeenDifficulty, level: Level) -> usize {
        cage_index(level).map_or(0, |l| self.counts[keen as usize][l])
    }

    /// The matrix as an aligned text table.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = format!("{:<14}", "keen \\ level");
        for &l in Scale::Cages.levels() {
            let _ = write!(s, "{:>9}", Scale::Cages.name(l));
        }
        let _ = writeln!(s, "{:>9}{:>9}{:>9}", "total", "cnf-up", "box-box");
        for keen in KeenDifficulty::ALL {
            let _ = write!(s, "{:<14}", keen.name());
            for &l in Scale::Cages.levels() {
                let _ = write!(s, "{:>9}", self.get(keen, l));
            }
            let total = self.total(keen);
            let k = keen as usize;
            let _ = write!(s, "{total:>9}{:>9}{:>9}", self.cnf_up[k], self.box_pairs[k]);
            if self.no_solution[keen as usize] > 0 {
                let _ = write!(s, "  ({} unsat)", self.no_solution[keen as usize]);
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_from_file_names() {
        let d = KeenDifficulty::from_file_name;
        assert_eq!(
            d("tests/data/kenken/keen/6x6-h-02.kenken"),
            Some(KeenDifficulty::Hard)
        );
        assert_eq!(d("9x9-u-00.kenken"), Some(KeenDifficulty::Unreasonable));
        assert_eq!(d("4x4-e-1"), Some(KeenDifficulty::Easy));
        assert_eq!(d("norvig-01-4x4.kenken"), None);
        assert_eq!(d("4x5-e-00.kenken"), None);
        assert_eq!(d("4x4-q-00.kenken"), None);
    }

    #[test]
    fn aliases_name_every_level_once_in_order() {
        let levels: Vec<Level> = KeenDifficulty::ALL.iter().map(|d| d.level()).collect();
        assert_eq!(levels, Scale::Cages.levels());
        for d in KeenDifficulty::ALL {
            assert_eq!(KeenDifficulty::from_name(d.name()), Some(d));
            assert_eq!(Level::from_name(d.name()), Some(d.level()));
        }
        for &l in Scale::Cages.levels() {
            assert_eq!(Level::from_name(Scale::Cages.name(l)), Some(l));
        }
        assert_eq!(Level::from_name("medium"), None);
    }
}
