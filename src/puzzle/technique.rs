//! # Named solving techniques
//!
//! Each step of an explanation ([`crate::puzzle::Step`]) names the technique a person would
//! use to find it, the names that Sudoku Explainer and HoDoKu use, extended to cages, runs,
//! products, tower clues and inequality signs. Each technique has a [`Level`] and a numeric
//! [`Technique::score`] in tenths, on a scale ordered like Sudoku Explainer's ratings (the
//! numbers are ours; `encodings/explain.md` lists them):
//!
//! | score | technique |
//! |------:|-----------|
//! | 0.9 | elimination |
//! | 1.0 | naked single |
//! | 1.2 | hidden single |
//! | 1.4 | inequality |
//! | 1.5 | cage combinations |
//! | 1.7 | line product |
//! | 1.8 | tower clue |
//! | 2.6 | pointing |
//! | 2.8 | claiming |
//! | 2.9 | cage and line |
//! | 3.0 | naked pair |
//! | 3.2 | X-wing |
//! | 3.4 | hidden pair |
//! | 3.6 | naked triple |
//! | 3.8 | swordfish |
//! | 4.0 | hidden triple |
//! | 4.5 | innies and outies |
//! | 5.0 | naked quad |
//! | 5.2 | jellyfish |
//! | 5.4 | hidden quad |
//! | 5.0 + 0.4 (k − 4) | naked and hidden sets of k ≥ 5 cells |
//! | 5.5 + 0.5 (d − 1), at most 9.5 | trial of depth d |
//! | 6.0 + 0.5 (N − 2) | combination of N constraints |
//! | 30.5 + 0.5 (d − 1), at most 50.0 | search of depth d |
//!
//! A search is the last resort: a placement where no reason of fewer than sixteen
//! constraints forces anything (on Tarek's hard Killers, minimal reasons of 33–38
//! constraints, each taking up to a minute to shrink). It scores above every combination a 9×9 puzzle can
//! have (50 constraints: 30.0), so a puzzle that needs one grades above any that does not.

use std::fmt;

/// How hard a technique is, coarsely: the levels a solving guide would have chapters for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Level {
    /// Eliminations by one house, naked and hidden singles.
    Single,
    /// One cage, run, product, tower clue or sign alone.
    Constraint,
    /// Two constraints sharing cells: pointing, claiming, a cage with a line.
    Intersection,
    /// Naked and hidden sets (pairs, triples, quads and larger) in one house.
    Set,
    /// Fish: k rows and k columns for one digit.
    Fish,
    /// Sums with full houses (innies and outies).
    Sums,
    /// Any other combination of constraints.
    Combination,
}

impl Level {
    /// `single`, `constraint`, `intersection`, `set`, `fish`, `sums` or `combination`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Single => "single",
            Level::Constraint => "constraint",
            Level::Intersection => "intersection",
            Level::Set => "set",
            Level::Fish => "fish",
            Level::Sums => "sums",
            Level::Combination => "combination",
        }
    }
}

/// A named technique (see the module docs for the scale).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// An elimination by one house alone that leaves the cell more than one candidate:
    /// another cell of the house holds the digit (or another digit has no other place in
    /// the house). Singles are placements; this is what a placed digit does to its houses.
    Elimination,
    /// The cell has one candidate left: every other digit is in one of its houses.
    NakedSingle,
    /// The digit has one place left in the house.
    HiddenSingle,
    /// `size` cells of one house (not the step's cell) hold only `size` digits between
    /// them, the step's digit among them (2: pair, 3: triple, 4: quad).
    NakedSet {
        /// How many cells (and digits).
        size: u8,
    },
    /// `size` digits (not the step's digit) of one house have only `size` places between
    /// them, the step's cell among them.
    HiddenSet {
        /// How many digits (and cells).
        size: u8,
    },
    /// A box's digit lies in one line: it goes from the rest of the line.
    Pointing,
    /// A line's digit lies in one box: it goes from the rest of the box.
    Claiming,
    /// Fish: for one digit, `size` rows whose places lie in `size` columns (or the
    /// reverse): 2 X-wing, 3 swordfish, 4 jellyfish.
    Fish {
        /// How many rows (and columns).
        size: u8,
    },
    /// One cage or run alone: its possible digit sets.
    CageCombinations,
    /// A cage with one row, column or box it shares cells with.
    CageAndLine,
    /// Sums together with full houses: innies and outies, house sums.
    InniesOuties,
    /// One CrossProduct row or column product alone.
    LineProduct,
    /// One Towers clue alone.
    TowerClue,
    /// One Unequal sign or bar alone.
    Inequality,
    /// One variant constraint alone (a thermometer, an arrow, a Kropki dot, …), named by the
    /// setter's name of the variant ([`crate::puzzle::Rule::name`]).
    Variant {
        /// The variant's name (`thermometer`, `white dot`, …).
        rule: &'static str,
    },
    /// A bounded trial: the digit assumed in the cell, its constraints' arc consistency
    /// run in rounds reaches a contradiction in `depth` rounds; the reason is the minimal set
    /// of constraints that forces the elimination (a forcing chain of that length).
    Trial {
        /// The rounds of propagation the contradiction took.
        depth: u8,
    },
    /// A search: a placement, the cell's other digits ruled out by a bounded search over
    /// the reason's constraints, branching `depth − 1` times at most below its root (1:
    /// propagation at the root alone). Taken where no reason of fewer than sixteen
    /// constraints forces anything; the reason is the solver's core, not shrunk (on
    /// Tarek's Killers 44–51 of their 51 constraints), and it alone of the techniques is
    /// not claimed minimal (the replay checks that it is forced).
    Search {
        /// The levels of the search's tree (its root is 1).
        depth: u8,
    },
    /// Any other reason: this many constraints together.
    Combination {
        /// How many constraints.
        constraints: u8,
    },
}

impl Technique {
    /// The score in tenths (10 = 1.0), on the scale of the module docs.
    #[must_use]
    pub fn score(self) -> u32 {
        let set = |k: u8, naked: [u32; 3], hidden: bool| match k {
            0 | 1 => {
                if hidden {
                    12
                } else {
                    10
                }
            }
            2..=4 => naked[usize::from(k - 2)],
            k => 50 + 4 * (u32::from(k) - 4) + u32::from(hidden) * 2,
        };
        match self {
            Technique::Elimination => 9,
            Technique::NakedSingle => 10,
            Technique::HiddenSingle => 12,
            Technique::Inequality => 14,
            Technique::Variant { .. } => 16,
            Technique::CageCombinations => 15,
            Technique::LineProduct => 17,
            Technique::TowerClue => 18,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::CageAndLine => 29,
            Technique::NakedSet { size } => set(size, [30, 36, 50], false),
            Technique::HiddenSet { size } => set(size, [34, 40, 54], true),
            Technique::Fish { size } => match size {
                0..=2 => 32,
                3 => 38,
                4 => 52,
                k => 52 + 4 * (u32::from(k) - 4),
            },
            Technique::InniesOuties => 45,
            Technique::Trial { depth } => 55 + 5 * u32::from(depth.clamp(1, 9) - 1),
            Technique::Combination { constraints } => {
                60 + 5 * u32::from(constraints.saturating_sub(2))
            }
            Technique::Search { depth } => 305 + 5 * u32::from(depth.clamp(1, 40) - 1),
        }
    }

    /// The level.
    #[must_use]
    pub fn level(self) -> Level {
        match self {
            Technique::Elimination | Technique::NakedSingle | Technique::HiddenSingle => {
                Level::Single
            }
            Technique::Inequality
            | Technique::Variant { .. }
            | Technique::CageCombinations
            | Technique::LineProduct
            | Technique::TowerClue => Level::Constraint,
            Technique::Pointing | Technique::Claiming | Technique::CageAndLine => {
                Level::Intersection
            }
            Technique::NakedSet { .. } | Technique::HiddenSet { .. } => Level::Set,
            Technique::Fish { .. } => Level::Fish,
            Technique::InniesOuties => Level::Sums,
            Technique::Trial { .. } | Technique::Combination { .. } | Technique::Search { .. } => {
                Level::Combination
            }
        }
    }

    /// The name, as in text and JSON: `elimination`, `naked single`, `hidden pair`, `X-wing`,
    /// `cage combinations`, `combination of 3 constraints`, …
    #[must_use]
    pub fn name(self) -> String {
        let set = |k: u8| match k {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("set of {k}"),
        };
        match self {
            Technique::Elimination => "elimination".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::NakedSet { size } => format!("naked {}", set(size)),
            Technique::HiddenSet { size } => format!("hidden {}", set(size)),
            Technique::Pointing => "pointing".into(),
            Technique::Claiming => "claiming".into(),
            Technique::Fish { size: 2 } => "X-wing".into(),
            Technique::Fish { size: 3 } => "swordfish".into(),
            Technique::Fish { size: 4 } => "jellyfish".into(),
            Technique::Fish { size } => format!("fish of {size}"),
            Technique::CageCombinations => "cage combinations".into(),
            Technique::CageAndLine => "cage and line".into(),
            Technique::InniesOuties => "innies and outies".into(),
            Technique::LineProduct => "line product".into(),
            Technique::TowerClue => "tower clue".into(),
            Technique::Inequality => "inequality".into(),
            Technique::Variant { rule } => rule.into(),
            Technique::Trial { depth } => format!("trial of depth {depth}"),
            Technique::Search { depth } => format!("search of depth {depth}"),
            Technique::Combination { constraints } => {
                format!("combination of {constraints} constraints")
            }
        }
    }

    /// The technique named `name` ([`Technique::name`]'s text); `None` for another text.
    #[must_use]
    pub fn parse(name: &str) -> Option<Technique> {
        let fixed = [
            Technique::Elimination,
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Pointing,
            Technique::Claiming,
            Technique::CageCombinations,
            Technique::CageAndLine,
            Technique::InniesOuties,
            Technique::LineProduct,
            Technique::TowerClue,
            Technique::Inequality,
        ];
        if let Some(t) = fixed.into_iter().find(|t| t.name() == name) {
            return Some(t);
        }
        if let Some(rule) = crate::puzzle::family::labels().find(|&l| l == name) {
            return Some(Technique::Variant { rule });
        }
        let sized = |k: u8| {
            [
                Technique::NakedSet { size: k },
                Technique::HiddenSet { size: k },
                Technique::Fish { size: k },
                Technique::Trial { depth: k },
                Technique::Combination { constraints: k },
                Technique::Search { depth: k },
            ]
        };
        (1..=u8::MAX).flat_map(sized).find(|t| t.name() == name)
    }

    /// The score as text: `1.2`, `3.4`.
    #[must_use]
    pub fn score_text(self) -> String {
        let s = self.score();
        format!("{}.{}", s / 10, s % 10)
    }
}

impl fmt::Display for Technique {
    /// The name ([`Technique::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_orders_the_techniques_as_documented() {
        let order = [
            Technique::Elimination,
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Inequality,
            Technique::CageCombinations,
            Technique::Variant {
                rule: "thermometer",
            },
            Technique::LineProduct,
            Technique::TowerClue,
            Technique::Pointing,
            Technique::Claiming,
            Technique::CageAndLine,
            Technique::NakedSet { size: 2 },
            Technique::Fish { size: 2 },
            Technique::HiddenSet { size: 2 },
            Technique::NakedSet { size: 3 },
            Technique::Fish { size: 3 },
            Technique::HiddenSet { size: 3 },
            Technique::InniesOuties,
            Technique::NakedSet { size: 4 },
            Technique::Fish { size: 4 },
            Technique::HiddenSet { size: 4 },
            Technique::Combination { constraints: 2 },
            Technique::Combination { constraints: 3 },
            Technique::Combination { constraints: 49 },
            Technique::Search { depth: 1 },
            Technique::Search { depth: 2 },
        ];
        for w in order.windows(2) {
            assert!(w[0].score() < w[1].score(), "{} vs {}", w[0], w[1]);
        }
        assert_eq!(Technique::HiddenSet { size: 2 }.score_text(), "3.4");
        assert_eq!(Technique::Fish { size: 2 }.name(), "X-wing");
        assert_eq!(Technique::Search { depth: 3 }.score_text(), "31.5");
        assert_eq!(Technique::Search { depth: 99 }.score_text(), "50.0");
        for t in order {
            assert_eq!(Technique::parse(&t.name()), Some(t));
        }
        assert_eq!(
            Technique::parse("naked set of 6"),
            Some(Technique::NakedSet { size: 6 })
        );
        assert_eq!(Technique::parse("guess"), None);
    }
}
