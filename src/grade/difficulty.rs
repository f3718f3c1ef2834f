//! # Difficulty in the kind's own words: Tatham's levels, by his rules
//!
//! A puzzle's [`Difficulty`] is the level Simon Tatham's own game gives it: his generators
//! keep a puzzle at a level when the solver with that level's rules solves it and the one
//! below does not. The rules here are his (`board.rs` beside this file), tried cheapest
//! first, going back to the cheapest after every deduction, as his solvers do:
//!
//! | Solo (Sudoku, Killer) | rules added |
//! |---|---|
//! | `trivial` | hidden singles in boxes; a Killer's cage rules (minmax, digit sets, the 45 rule) |
//! | `basic` | hidden singles in rows and columns, naked singles |
//! | `intermediate` | pointing and claiming (intersectional analysis) |
//! | `advanced` | naked and hidden sets of any size (set elimination) |
//! | `extreme` | fish of any size (positional set elimination), forcing chains |
//! | `unreasonable` | none solves it: guessing |
//!
//! | Keen (KenKen) | rules added |
//! |---|---|
//! | `easy` | hidden and naked singles on the lines, each cage's candidate union |
//! | `normal` | each cage's digits cell by cell (arc consistency on its tuples) |
//! | `hard` | cage and line (a digit every layout of a cage puts in a line), sets of any size |
//! | `extreme` | fish of any size, forcing chains |
//! | `unreasonable` | none solves it: guessing |
//!
//! The level is the one of the hardest rule the solving run used (a run at a level that
//! used no rule of it would solve at the level below), and the score beside it is that
//! rule's score on the hints' scale ([`Technique::score`]; a forcing chain of `k` cells
//! scores 6.0 + 0.2 k, guessing 10.0).
//!
//! ## References
//! - S. Tatham, *Solo* (`solo.c`, `DIFF_BLOCK` … `DIFF_RECURSIVE`) and *Keen* (`keen.c`,
//!   `DIFFLIST`; `latin.c`), Portable Puzzle Collection.

use std::fmt;

use crate::model::Lowered;
use crate::native::cage::TableCage;
use crate::native::domains::{min_digit, Conflict};
use crate::puzzle::Technique;

use super::board::{Board, Found, Houses};
use super::levels::union_filter;
use super::prepared::Prepared;
use super::sums::{combinations, minmax};
use super::KeenDifficulty;

/// Solo's difficulty levels (Sudoku and Killer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum SoloDifficulty {
    /// `t`: hidden singles in boxes.
    Trivial,
    /// `b`: + singles in rows and columns.
    Basic,
    /// `i`: + pointing and claiming.
    Intermediate,
    /// `a`: + sets.
    Advanced,
    /// `e`: + fish and forcing chains.
    Extreme,
    /// `u`: guessing.
    Unreasonable,
}

impl SoloDifficulty {
    /// Every level, easiest first.
    pub const ALL: [SoloDifficulty; 6] = [
        SoloDifficulty::Trivial,
        SoloDifficulty::Basic,
        SoloDifficulty::Intermediate,
        SoloDifficulty::Advanced,
        SoloDifficulty::Extreme,
        SoloDifficulty::Unreasonable,
    ];

    /// Solo's name: `trivial`, `basic`, `intermediate`, `advanced`, `extreme`,
    /// `unreasonable`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SoloDifficulty::Trivial => "trivial",
            SoloDifficulty::Basic => "basic",
            SoloDifficulty::Intermediate => "intermediate",
            SoloDifficulty::Advanced => "advanced",
            SoloDifficulty::Extreme => "extreme",
            SoloDifficulty::Unreasonable => "unreasonable",
        }
    }

    /// The level of Solo's parameter letter (`t b i a e u`, as in `3x3da`).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Self> {
        let i = "tbiaeu".find(c)?;
        Some(Self::ALL[i])
    }
}

/// A level in the words of one of Tatham's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TathamLevel {
    /// Keen's (KenKen).
    Keen(KeenDifficulty),
    /// Solo's (Sudoku, Killer).
    Solo(SoloDifficulty),
}

impl TathamLevel {
    /// The game's name for the level (`hard`, `advanced`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TathamLevel::Keen(k) => k.name(),
            TathamLevel::Solo(s) => s.name(),
        }
    }

    /// The position on the game's scale, 0 for the easiest.
    #[must_use]
    pub fn rank(self) -> usize {
        match self {
            TathamLevel::Keen(k) => k as usize,
            TathamLevel::Solo(s) => s as usize,
        }
    }
}

impl fmt::Display for TathamLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A puzzle's difficulty: Tatham's level, and the hardest rule his rules needed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Difficulty {
    /// The level.
    pub level: TathamLevel,
    /// The hardest rule the solving run used (`hidden single`, `naked triple`,
    /// `forcing chain of 5 cells`, `guessing`).
    pub rule: String,
    /// The rule's score in tenths, on the hints' scale ([`Technique::score`]).
    pub score: u32,
}

/// The rules of the ladders, cheapest first within a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    BoxSingles,
    LineSingles,
    NakedSingles,
    CageUnion,
    CageGac,
    CageLines,
    Intersections,
    Sets,
    Fish,
    Chains,
}

impl Rule {
    /// The rule's name and score for a deduction of size `f`.
    fn rated(self, f: Found) -> (String, u32) {
        let size = u8::try_from(f.size).unwrap_or(u8::MAX);
        let t = match self {
            Rule::BoxSingles | Rule::LineSingles => Technique::HiddenSingle,
            Rule::NakedSingles => Technique::NakedSingle,
            Rule::CageUnion | Rule::CageGac => Technique::CageCombinations,
            Rule::CageLines => Technique::CageAndLine,
            Rule::Intersections => Technique::Pointing,
            Rule::Sets => {
                let hidden = u8::try_from(f.open.saturating_sub(f.size)).unwrap_or(u8::MAX);
                if hidden < size {
                    Technique::HiddenSet { size: hidden }
                } else {
                    Technique::NakedSet { size }
                }
            }
            Rule::Fish => Technique::Fish { size },
            Rule::Chains => {
                let score = 60 + 2 * u32::from(size);
                return (format!("forcing chain of {size} cells"), score);
            }
        };
        (t.name(), t.score())
    }
}

/// The hardest rule of a run: its level, name and score.
type Hardest = (usize, String, u32);

/// The cages a ladder's cage rules read.
enum Cages<'a> {
    /// None (Sudoku).
    None,
    /// Killer cages: distinct digits adding up to a target.
    Sums(&'a [(Vec<usize>, u32)]),
    /// KenKen cages by their tuples: per cage its table with the cage–line part and
    /// without, each with its live count (`None`: too many tuples, bounds are used).
    Tables(&'a Prepared, Vec<Option<[(TableCage, usize); 2]>>),
}

/// One of Tatham's solvers: its board at the start, its rules with their levels, and the
/// cages they read.
struct Ladder<'a> {
    start: Board,
    rules: &'static [(Rule, usize)],
    cages: Cages<'a>,
    /// The level names, easiest first; the last is guessing.
    levels: &'static [TathamLevel],
}

const SOLO_RULES: &[(Rule, usize)] = &[
    (Rule::BoxSingles, 0),
    (Rule::CageGac, 0),
    (Rule::LineSingles, 1),
    (Rule::NakedSingles, 1),
    (Rule::Intersections, 2),
    (Rule::Sets, 3),
    (Rule::Fish, 4),
    (Rule::Chains, 4),
];

const SOLO_LEVELS: &[TathamLevel] = &[
    TathamLevel::Solo(SoloDifficulty::Trivial),
    TathamLevel::Solo(SoloDifficulty::Basic),
    TathamLevel::Solo(SoloDifficulty::Intermediate),
    TathamLevel::Solo(SoloDifficulty::Advanced),
    TathamLevel::Solo(SoloDifficulty::Extreme),
    TathamLevel::Solo(SoloDifficulty::Unreasonable),
];

const KEEN_RULES: &[(Rule, usize)] = &[
    (Rule::CageUnion, 0),
    (Rule::LineSingles, 0),
    (Rule::NakedSingles, 0),
    (Rule::CageGac, 1),
    (Rule::CageLines, 2),
    (Rule::Sets, 2),
    (Rule::Fish, 3),
    (Rule::Chains, 3),
];

const KEEN_LEVELS: &[TathamLevel] = &[
    TathamLevel::Keen(KeenDifficulty::Easy),
    TathamLevel::Keen(KeenDifficulty::Normal),
    TathamLevel::Keen(KeenDifficulty::Hard),
    TathamLevel::Keen(KeenDifficulty::Extreme),
    TathamLevel::Keen(KeenDifficulty::Unreasonable),
];

/// Keen's difficulty of a KenKen; `None` when its rules prove there is no solution.
pub(crate) fn keen(p: &Prepared) -> Option<(Difficulty, Board)> {
    let tables = p
        .cages
        .iter()
        .map(|cage| {
            let t = TableCage::new(p.n, cage.cells.clone(), cage.tuples.as_ref()?);
            let live = t.len();
            Some([(t.clone(), live), (t.without_cage_lines(), live)])
        })
        .collect();
    Ladder {
        start: Board::new(p.n, Vec::new(), Vec::new()),
        rules: KEEN_RULES,
        cages: Cages::Tables(p, tables),
        levels: KEEN_LEVELS,
    }
    .grade()
}

/// Solo's difficulty of a model of houses and distinct sums over a full square grid with
/// boxes (Sudoku, Killer and their X and jigsaw variants); `None` for any other model, or
/// when the rules prove there is no solution.
pub(crate) fn solo(m: &Lowered) -> Option<(Difficulty, Board)> {
    let n = m.n;
    let square = m.shape == (n, n)
        && m.cells.len() == n * n
        && m.cells.iter().enumerate().all(|(i, c)| c.index(n) == i);
    let other = !m.products.is_empty()
        || !m.visible.is_empty()
        || !m.pairs.is_empty()
        || !m.automata.is_empty();
    if !square || other || m.regions.is_empty() || m.lines.len() != 2 * n {
        return None;
    }
    let mut start = Board::new(n, m.regions.clone(), m.extra.clone());
    for (i, &root) in m.root.iter().enumerate() {
        if root.count_ones() == 1 {
            start.place(i, min_digit(root)).ok()?;
        }
    }
    Ladder {
        start,
        rules: SOLO_RULES,
        cages: if m.sums.is_empty() {
            Cages::None
        } else {
            Cages::Sums(&m.sums)
        },
        levels: SOLO_LEVELS,
    }
    .grade()
}

impl Ladder<'_> {
    /// The weakest level whose rules solve the puzzle (guessing when none does), the
    /// hardest rule of that run, and its final board; `None` on a conflict.
    ///
    /// One run with every rule but guessing finds it: the rules are tried cheapest first,
    /// so the run at the level of the hardest rule it used takes the same steps (and
    /// solves), and the run one level below takes them up to that rule's first step and
    /// stops there. Keen's Easy cage rule is left out above Easy (as in `keen.c`), so a
    /// KenKen is first run at Easy.
    fn grade(mut self) -> Option<(Difficulty, Board)> {
        let top = self.levels.len() - 1;
        let mut floor = 0;
        if self.rules.iter().any(|(r, _)| *r == Rule::CageUnion) {
            let (board, hardest) = self.run(0).ok()?;
            if board.solved() {
                return Some((self.rated(0, hardest), board));
            }
            floor = 1;
        }
        let (board, hardest) = self.run(top - 1).ok()?;
        if board.solved() {
            let level = hardest.as_ref().map_or(0, |h| h.0).max(floor);
            return Some((self.rated(level, hardest), board));
        }
        let difficulty = Difficulty {
            level: self.levels[top],
            rule: "guessing".to_string(),
            score: 100,
        };
        Some((difficulty, board))
    }

    /// The difficulty at `level`, by the hardest rule of its run.
    fn rated(&self, level: usize, hardest: Option<Hardest>) -> Difficulty {
        let (rule, score) = hardest.map_or(("none".to_string(), 0), |(_, r, s)| (r, s));
        Difficulty {
            level: self.levels[level],
            rule,
            score,
        }
    }

    /// Tatham's loop at `max`: the cheapest rule that does something, then back to the
    /// cheapest, until none does. The board, and the hardest rule used (its level, name
    /// and score).
    fn run(&mut self, max: usize) -> Result<(Board, Option<Hardest>), Conflict> {
        let mut board = self.start.clone();
        if let Cages::Tables(_, tables) = &mut self.cages {
            for (table, live) in tables.iter_mut().flatten().flatten() {
                *live = table.len();
            }
        }
        let mut hardest: Option<Hardest> = None;
        'run: loop {
            for &(rule, level) in self.rules.iter().filter(|(_, l)| *l <= max) {
                if let Some(found) = self.apply(&mut board, rule, max)? {
                    let (name, score) = rule.rated(found);
                    if hardest
                        .as_ref()
                        .is_none_or(|(l, _, s)| (level, score) > (*l, *s))
                    {
                        hardest = Some((level, name, score));
                    }
                    continue 'run;
                }
            }
            return Ok((board, hardest));
        }
    }

    /// One rule once.
    fn apply(
        &mut self,
        board: &mut Board,
        rule: Rule,
        max: usize,
    ) -> Result<Option<Found>, Conflict> {
        match rule {
            Rule::BoxSingles => board.place_hidden_single(Houses::Boxes),
            Rule::LineSingles => board.place_hidden_single(Houses::Lines),
            Rule::NakedSingles => board.place_naked_single(),
            Rule::Intersections => board.intersections(),
            Rule::Sets => board.sets(),
            Rule::Fish => board.fish(),
            Rule::Chains => board.chains(),
            Rule::CageUnion | Rule::CageGac | Rule::CageLines => {
                // Keen's Easy cage rule only while solving at Easy: its Normal rule holds it.
                if rule == Rule::CageUnion && max > 0 {
                    return Ok(None);
                }
                let _ = board.doms.take_changed();
                self.cages(board, rule)?;
                let changed = !board.doms.take_changed().is_empty();
                Ok(changed.then_some(Found { size: 1, open: 0 }))
            }
        }
    }

    /// The cage rule `rule` over every cage.
    fn cages(&mut self, board: &mut Board, rule: Rule) -> Result<(), Conflict> {
        match &mut self.cages {
            Cages::None => Ok(()),
            Cages::Sums(sums) => killer(board, sums),
            Cages::Tables(p, tables) => {
                for (cage, table) in p.cages.iter().zip(tables.iter_mut()) {
                    match (table, rule) {
                        (None, _) => cage.bounds.propagate(&mut board.doms)?,
                        (Some(_), Rule::CageUnion) => {
                            if let Some(t) = &cage.tuples {
                                union_filter(&mut board.doms, &cage.cells, t)?;
                            }
                        }
                        (Some([_, (plain, live)]), Rule::CageGac) => {
                            plain.propagate(&mut board.doms, live)?;
                        }
                        (Some([(with, live), _]), _) => with.propagate(&mut board.doms, live)?,
                    }
                }
                Ok(())
            }
        }
    }
}

/// Solo's Killer rules, in its order: a cage (given or deduced) with one open cell is
/// placed; then minmax on every cage; then the sets of digits of every cage.
///
/// # Errors
/// [`Conflict`] when a rule leaves a cell without a candidate.
fn killer(board: &mut Board, sums: &[(Vec<usize>, u32)]) -> Result<(), Conflict> {
    let cages = open_cages(board, sums);
    let deduced = innies(board, &cages);
    for (cells, target) in cages.iter().chain(&deduced) {
        if let ([c], Ok(d)) = (&cells[..], u8::try_from(*target)) {
            if !board.is_placed(*c) {
                return board.place(*c, d);
            }
        }
    }
    for (cells, target) in cages.iter().chain(&deduced) {
        if minmax(&mut board.doms, cells, *target)? {
            return Ok(());
        }
    }
    for (cells, target) in cages.iter().chain(&deduced) {
        if combinations(&mut board.doms, board.n, cells, *target)? {
            return Ok(());
        }
    }
    Ok(())
}

/// Each cage's open cells and what they still add up to (cages with none left out).
fn open_cages(board: &Board, sums: &[(Vec<usize>, u32)]) -> Vec<(Vec<usize>, u32)> {
    sums.iter()
        .filter_map(|(cells, target)| {
            let rest: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| !board.is_placed(c))
                .collect();
            let placed: u32 = cells
                .iter()
                .filter(|&&c| board.is_placed(c))
                .map(|&c| u32::from(min_digit(board.doms.get(c))))
                .sum();
            (!rest.is_empty()).then(|| Some((rest, target.checked_sub(placed)?)))?
        })
        .collect()
}

/// Solo's deduced cages (the 45 rule, `solver` at `DIFF_KINTERSECT`): in each row, column
/// and box, the open cells left when the cages whose open cells all lie inside are taken
/// out add up to what the house's sum leaves; when they lie in one cage, the rest of that
/// cage adds up to the remainder of its sum.
fn innies(board: &Board, open: &[(Vec<usize>, u32)]) -> Vec<(Vec<usize>, u32)> {
    let n = board.n;
    let full = u32::try_from(n * (n + 1) / 2).unwrap_or(u32::MAX);
    let mut out = Vec::new();
    for house in board.sum_houses() {
        let mut rest: Vec<usize> = house
            .iter()
            .copied()
            .filter(|&c| !board.is_placed(c))
            .collect();
        let all = rest.len();
        let placed: u32 = house
            .iter()
            .filter(|&&c| board.is_placed(c))
            .map(|&c| u32::from(min_digit(board.doms.get(c))))
            .sum();
        let mut left = i64::from(full) - i64::from(placed);
        for (cells, sum) in open {
            if cells.iter().all(|c| house.contains(c)) {
                rest.retain(|c| !cells.contains(c));
                left -= i64::from(*sum);
            }
        }
        let Ok(target) = u32::try_from(left) else {
            continue;
        };
        if rest.is_empty() || rest.len() == all || target == 0 {
            continue;
        }
        let whole = open
            .iter()
            .find(|(cells, _)| rest.iter().all(|c| cells.contains(c)));
        if let Some((cells, sum)) = whole {
            let other: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|c| !rest.contains(c))
                .collect();
            if let Some(t) = sum
                .checked_sub(target)
                .filter(|&t| t > 0 && !other.is_empty())
            {
                out.push((other, t));
            }
        }
        out.push((rest, target));
    }
    out
}
