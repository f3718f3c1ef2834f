//! # One level scale for every family
//!
//! A [`Level`] is a set of rules switched on in the grader's propagation, weakest first;
//! each level includes the ones before it. A puzzle's families decide which levels
//! apply to it (its [`Scale`]) and what each level's rules act on, so the scale is shared and
//! each family names the level by what it switches on there:
//!
//! | level | arithmetic cages ([`Scale::Cages`]) | distinct-sum runs ([`Scale::Runs`]) | houses ([`Scale::Houses`]) |
//! |---|---|---|---|
//! | [`Level::Singles`] | `singles` | `singles` | `singles` |
//! | [`Level::Subsets`] | `subsets` | `subsets` | `subsets` |
//! | [`Level::Gac`] | `cage-gac` | `run-gac` | — |
//! | [`Level::Interactions`] | `box` (cage–line, box–box) | — | `box-line` (pointing, claiming) |
//! | [`Level::Sac`] | — | `sac` | — |
//! | [`Level::Search`] | `search` | `search` | `search` |
//!
//! [`Level::from_name`] reads every name of this table, the canonical names
//! ([`Level::name`]: `gac`, `interactions`) and Keen's difficulty names.

use std::fmt;

/// A set of deductions, weakest first; each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Naked and hidden singles on the houses (rows, columns, boxes, runs), and each cage's
    /// or run's candidate union (the digits its compatible tuples or combinations use).
    Singles,
    /// Adds naked pairs and triples.
    Subsets,
    /// Adds generalised arc consistency on each cage's tuples or each run.
    Gac,
    /// Adds the interactions of a line with a box or a cage: pointing and claiming
    /// (box–line), cage–line and box–box interaction.
    Interactions,
    /// Adds singleton arc consistency (a one-step "what if" over the level below).
    Sac,
    /// Propagation alone does not solve the puzzle.
    Search,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Singles,
        Level::Subsets,
        Level::Gac,
        Level::Interactions,
        Level::Sac,
        Level::Search,
    ];

    /// The canonical name, the same on every scale (reports use the scale's name,
    /// [`Scale::name`]).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Singles => "singles",
            Level::Subsets => "subsets",
            Level::Gac => "gac",
            Level::Interactions => "interactions",
            Level::Sac => "sac",
            Level::Search => "search",
        }
    }

    /// The level named `name`: a canonical name ([`Level::name`]), a scale's name for it
    /// ([`Scale::name`]: `cage-gac`, `run-gac`, `box`, `box-line`), or one of Keen's five
    /// difficulty names, mapped by [`KeenDifficulty::level`](crate::grade::KeenDifficulty::level).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .or_else(|| Scale::ALL.into_iter().find_map(|s| s.level(name)))
            .or_else(|| {
                crate::grade::KeenDifficulty::from_name(name)
                    .map(crate::grade::KeenDifficulty::level)
            })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Which levels apply to a puzzle and what each names: set by its families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Scale {
    /// Arithmetic cages (`+ - × ÷`, digits free to repeat off the lines) over a Latin
    /// square, by their tuples: KenKen.
    Cages,
    /// Distinct sums with no houses: Kakuro's runs.
    Runs,
    /// Houses (rows, columns, boxes, diagonals), with the model's other families (distinct
    /// sums, visibility clues, relations) filtered exactly: Sudoku, Killer, Towers, Unequal.
    Houses,
}

impl Scale {
    /// Every scale, in the order reports list them.
    pub const ALL: [Scale; 3] = [Scale::Cages, Scale::Runs, Scale::Houses];

    /// The levels of this scale, weakest first, [`Level::Search`] last.
    #[must_use]
    pub fn levels(self) -> &'static [Level] {
        match self {
            Scale::Cages => &[
                Level::Singles,
                Level::Subsets,
                Level::Gac,
                Level::Interactions,
                Level::Search,
            ],
            Scale::Runs => &[
                Level::Singles,
                Level::Subsets,
                Level::Gac,
                Level::Sac,
                Level::Search,
            ],
            Scale::Houses => &[
                Level::Singles,
                Level::Subsets,
                Level::Interactions,
                Level::Search,
            ],
        }
    }

    /// The propagation levels of this scale (all but [`Level::Search`]).
    #[must_use]
    pub fn propagation(self) -> &'static [Level] {
        let all = self.levels();
        &all[..all.len() - 1]
    }

    /// The name of `level` on this scale: what it switches on here.
    #[must_use]
    pub fn name(self, level: Level) -> &'static str {
        match (self, level) {
            (Scale::Cages, Level::Gac) => "cage-gac",
            (Scale::Runs, Level::Gac) => "run-gac",
            (Scale::Cages, Level::Interactions) => "box",
            (Scale::Houses, Level::Interactions) => "box-line",
            (_, l) => l.name(),
        }
    }

    /// The level of this scale named `name` ([`Scale::name`] or the canonical name).
    #[must_use]
    pub fn level(self, name: &str) -> Option<Level> {
        self.levels()
            .iter()
            .copied()
            .find(|&l| self.name(l) == name || l.name() == name)
    }

    /// The level of this scale just below `level` (`None` for the weakest, or a level the
    /// scale lacks).
    #[must_use]
    pub fn below(self, level: Level) -> Option<Level> {
        let levels = self.levels();
        let i = levels.iter().position(|&l| l == level)?;
        i.checked_sub(1).map(|j| levels[j])
    }

    /// Whether `level` is on this scale.
    #[must_use]
    pub fn has(self, level: Level) -> bool {
        self.levels().contains(&level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_on_their_scale() {
        for s in Scale::ALL {
            for &l in s.levels() {
                assert_eq!(s.level(s.name(l)), Some(l));
                assert_eq!(s.level(l.name()), Some(l));
                assert_eq!(Level::from_name(s.name(l)), Some(l));
            }
        }
        assert_eq!(Level::from_name("box"), Some(Level::Interactions));
        assert_eq!(Level::from_name("run-gac"), Some(Level::Gac));
        assert_eq!(Scale::Runs.level("box"), None);
        assert_eq!(Scale::Houses.level("sac"), None);
        assert_eq!(Level::from_name("medium"), None);
    }

    #[test]
    fn below_steps_down_the_scale() {
        assert_eq!(Scale::Cages.below(Level::Search), Some(Level::Interactions));
        assert_eq!(Scale::Runs.below(Level::Search), Some(Level::Sac));
        assert_eq!(
            Scale::Houses.below(Level::Interactions),
            Some(Level::Subsets)
        );
        assert_eq!(Scale::Houses.below(Level::Singles), None);
        assert_eq!(Scale::Houses.below(Level::Gac), None);
    }
}
