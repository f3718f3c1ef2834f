//! # Generating Sudoku and Killer Sudoku
//!
//! Seeded and reproducible ([`SplitMix64`]). A solution grid is a shuffled pattern grid
//! (bands, rows within bands, stacks, columns within stacks and digits permuted); an X
//! variant's (both diagonals distinct, [`SudokuVariant::diagonals`]) is `auto`'s
//! first solution from a random permutation on the main diagonal, its digits permuted.
//!
//! A Sudoku starts with every cell given and loses givens in random order while it stays
//! unique, so every given left is needed.
//!
//! A Killer Sudoku is cut into random connected cages of distinct digits. By default
//! ([`KillerStyle`]) it looks like a published Killer: no givens and no one-cell cages,
//! cage sizes mostly of 2–4 cells with some of 5 and more. It starts with small cages (2
//! or 3 cells; a cell left alone joins or pairs with a neighbouring cage). While they allow
//! a second solution, one cell where the two solutions differ changes cage (it moves to a
//! neighbouring cage, or pulls a neighbour into its own), both cages staying connected, of
//! distinct digits and of 2 or more cells; after [`KILLER_REPAIRS`] such changes the cages
//! are drawn again. Once unique, neighbouring cages merge while the puzzle stays unique,
//! each merge only up to a size drawn with the published weights (30, 34, 22, 10, 4 for
//! 2..=6 cells, 2 for each larger size, up to `max_cage`). Like givens removed while
//! unique, every check is then one merge away from a unique puzzle: small cages keep
//! checks quick where a no-given grid of large cages can take a search minutes. With
//! [`KillerStyle::givens`] the old way is kept: every cell given, givens removed while
//! unique; with [`KillerStyle::single_cages`] sizes are drawn evenly from 1..=`max_cage`.
//!
//! With a grade level ([`KillerStyle::with_level`], below [`Level::Search`]) a merge is
//! kept only while the puzzle still grades at that level or below (root propagation at the
//! level fixes every cell, which also makes it unique), so the merges stop at the level
//! asked. Before that the small cages change one cell at a time (each change kept when
//! propagation at the level fixes as many cells as before or more) until the level solves
//! them, up to [`KILLER_LEVEL_MOVES`] changes. A draw that does not get there, or ends below
//! the level, is drawn again, up to [`KILLER_DRAWS`] draws (then the last unique Killer is
//! returned, of another level: callers check the grade); at [`Level::Search`] merges are
//! kept while the puzzle stays unique, as without a level. The puzzle is proven unique at
//! the end either way.
//!
//! Uniqueness is proven by `auto` (the native engine, handing over to CDCL past its
//! backtrack budget), and every puzzle's solution passes the verifier; the command line
//! confirms each puzzle with varisat.
//!
//! Removing givens, rather than adding them until the puzzle is unique, keeps every
//! uniqueness check on a puzzle at most one given short of a unique one. Checks on puzzles
//! with few givens and many solutions are what a depth-first search can lose itself in: a
//! 16×16 Killer with cages of up to six cells and no givens ran for minutes (session 12).

use crate::answer::Outcome;
use crate::engine::{Engine, EngineOptions};
use crate::generate::GenerateError;
use crate::grade::Level;
use crate::grid::{Cell, Grid};
use crate::puzzle::sudoku::default_boxes;
use crate::puzzle::{Killer, KillerCage, Puzzle, Sudoku, SudokuError};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// Uniqueness checks under one stop, counted for the report of a stopped run.
struct Checker<'a> {
    stop: &'a Stop,
    checks: u64,
}

impl Checker<'_> {
    /// Whether `puzzle` has exactly one solution: [`Engine::Auto`]'s proof, which is the
    /// native engine's unless its search runs past its backtrack budget (CDCL's then).
    ///
    /// # Errors
    /// [`GenerateError::SudokuStopped`] when the stop came before the proof.
    fn unique(&mut self, puzzle: &Puzzle) -> Result<bool, GenerateError> {
        let opts = EngineOptions {
            stop: self.stop.clone(),
            ..EngineOptions::default()
        };
        let answer = Engine::Auto.prove_unique(puzzle, &opts);
        if let Some(reason) = self.stop.reason() {
            return Err(GenerateError::SudokuStopped {
                reason,
                checks: self.checks,
            });
        }
        self.checks += 1;
        Ok(matches!(
            answer?,
            (
                Outcome::Solved {
                    unique: Some(true),
                    ..
                },
                _
            )
        ))
    }
}

impl Checker<'_> {
    /// A solution of `puzzle` other than `solution` (`None`: `solution` is its only one),
    /// by [`Engine::Auto`], which verifies every grid it answers.
    ///
    /// # Errors
    /// [`GenerateError::SudokuStopped`] when the stop came first; engine failures.
    fn other(
        &mut self,
        puzzle: &Puzzle,
        solution: &Grid<u8>,
    ) -> Result<Option<Grid<u8>>, GenerateError> {
        let opts = EngineOptions {
            stop: self.stop.clone(),
            ..EngineOptions::default()
        };
        let mut other = None;
        let answer = Engine::Auto.enumerate(puzzle, &opts, Some(2), |g| {
            if g != solution && other.is_none() {
                other = Some(g.clone());
            }
        });
        if let Some(reason) = self.stop.reason() {
            return Err(GenerateError::SudokuStopped {
                reason,
                checks: self.checks,
            });
        }
        let (count, _) = answer?;
        self.checks += 1;
        match other {
            Some(other) => Ok(Some(other)),
            None if count.complete && count.count == 1 => Ok(None),
            None => Err(GenerateError::Params(format!(
                "the uniqueness check of a Killer ended without an answer ({} solutions, complete: {})",
                count.count, count.complete
            ))),
        }
    }
}

/// The givens of `solution` left after trying to remove each of `cells`, in random order,
/// from `puzzle(givens)` while it stays unique.
///
/// # Errors
/// Invalid puzzles, and stops.
fn minimal_givens(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: Vec<Cell>,
    checker: &mut Checker<'_>,
    puzzle: impl Fn(&[(Cell, u8)]) -> Result<Puzzle, SudokuError>,
) -> Result<Vec<(Cell, u8)>, GenerateError> {
    let mut kept = cells.clone();
    for cell in shuffled(rng, cells) {
        let without: Vec<Cell> = kept.iter().copied().filter(|&c| c != cell).collect();
        if checker.unique(&puzzle(&givens_at(solution, &without))?)? {
            kept = without;
        }
    }
    Ok(givens_at(solution, &kept))
}

/// `items` in a random order.
fn shuffled<T>(rng: &mut SplitMix64, mut items: Vec<T>) -> Vec<T> {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
    items
}

/// A random full grid of side `n` with boxes `br`×`bc`.
fn full_grid(rng: &mut SplitMix64, n: usize, (br, bc): (usize, usize)) -> Grid<u8> {
    let order = |rng: &mut SplitMix64, groups: usize, size: usize| -> Vec<usize> {
        let outer = shuffled(rng, (0..groups).collect());
        outer
            .into_iter()
            .flat_map(|g| {
                let inner = shuffled(rng, (0..size).collect());
                inner.into_iter().map(move |i| g * size + i)
            })
            .collect()
    };
    let rows = order(rng, n / br, br);
    let cols = order(rng, n / bc, bc);
    let digits = shuffled(rng, (1..=n as u8).collect());
    let rows = rows
        .iter()
        .map(|&r| {
            cols.iter()
                .map(|&c| digits[(bc * (r % br) + r / br + c) % n])
                .collect()
        })
        .collect();
    Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(n, n, 1))
}

/// The givens of `grid` at `cells`.
fn givens_at(grid: &Grid<u8>, cells: &[Cell]) -> Vec<(Cell, u8)> {
    cells.iter().map(|&c| (c, *grid.get(c))).collect()
}

/// What a generated Sudoku or Killer Sudoku has beyond its side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SudokuVariant {
    /// Both long diagonals hold distinct digits (Sudoku X, Killer X).
    pub diagonals: bool,
}

impl SudokuVariant {
    /// The X variant: both long diagonals distinct.
    #[must_use]
    pub fn diagonals() -> Self {
        SudokuVariant { diagonals: true }
    }

    /// The empty grid of this variant.
    fn empty(self, size: usize, boxes: (usize, usize)) -> Result<Sudoku, SudokuError> {
        self.grid(size, boxes, &[])
    }

    /// The grid of this variant with `givens`.
    fn grid(
        self,
        size: usize,
        boxes: (usize, usize),
        givens: &[(Cell, u8)],
    ) -> Result<Sudoku, SudokuError> {
        let s = Sudoku::new(size, boxes, givens)?;
        if self.diagonals {
            s.with_diagonals()
        } else {
            Ok(s)
        }
    }

    /// A random full grid of this variant.
    fn solution(
        self,
        rng: &mut SplitMix64,
        size: usize,
        boxes: (usize, usize),
        stop: &Stop,
    ) -> Result<Grid<u8>, GenerateError> {
        if !self.diagonals {
            return Ok(full_grid(rng, size, boxes));
        }
        let opts = EngineOptions {
            stop: stop.clone(),
            ..EngineOptions::default()
        };
        // A permutation on the main diagonal leaves an X grid open but seldom blocks it
        // (4x4: some do); a few tries find one that completes.
        for _ in 0..64 {
            let digits = shuffled(rng, (1..=size as u8).collect());
            let givens: Vec<(Cell, u8)> = (0..size)
                .map(|i| (Cell::new(i as u8, i as u8), digits[i]))
                .collect();
            let puzzle = Puzzle::Sudoku(self.grid(size, boxes, &givens)?);
            let (outcome, _) = Engine::Auto.solve(&puzzle, &opts)?;
            if let Some(reason) = stop.reason() {
                return Err(GenerateError::SudokuStopped { reason, checks: 0 });
            }
            if let Outcome::Solved { grid, .. } = outcome {
                let relabel = shuffled(rng, (1..=size as u8).collect());
                let rows = grid
                    .iter_rows()
                    .map(|row| row.iter().map(|&d| relabel[usize::from(d) - 1]).collect())
                    .collect();
                return Ok(Grid::from_rows(rows).unwrap_or(grid));
            }
        }
        Err(GenerateError::Sudoku(SudokuError::Size { size }))
    }
}

impl Sudoku {
    /// A unique Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution;
    /// no given can be removed without losing uniqueness.
    ///
    /// # Errors
    /// [`GenerateError::Sudoku`] ([`SudokuError::Size`]) for other sides.
    pub fn generate(size: usize, seed: u64) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        Self::generate_until(size, seed, &Stop::new())
    }

    /// [`Sudoku::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Sudoku::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        seed: u64,
        stop: &Stop,
    ) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        Self::generate_variant(size, seed, SudokuVariant::default(), stop)
    }

    /// [`Sudoku::generate_until`] of a variant (Sudoku X: [`SudokuVariant::diagonals`]).
    ///
    /// # Errors
    /// As [`Sudoku::generate_until`].
    pub fn generate_variant(
        size: usize,
        seed: u64,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Sudoku, Grid<u8>), GenerateError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        let mut rng = SplitMix64::new(seed);
        let solution = variant.solution(&mut rng, size, boxes, stop)?;
        let cells = variant.empty(size, boxes)?.cells();
        let mut checker = Checker { stop, checks: 0 };
        let givens = minimal_givens(&mut rng, &solution, cells, &mut checker, |givens| {
            Ok(Puzzle::Sudoku(variant.grid(size, boxes, givens)?))
        })?;
        Ok((variant.grid(size, boxes, &givens)?, solution))
    }
}

impl Killer {
    /// A unique Killer Sudoku of side `size` (4, 6, 9, 12 or 16) from `seed`, with its solution:
    /// random connected cages of 1..=`max_cage` cells with distinct digits, and givens of
    /// which none can be removed without losing uniqueness (often none at all).
    ///
    /// # Errors
    /// [`GenerateError::Sudoku`] for sides without standard boxes.
    pub fn generate(
        size: usize,
        seed: u64,
        max_cage: usize,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        Self::generate_until(size, seed, max_cage, &Stop::new())
    }

    /// [`Killer::generate`] under `stop`, which every uniqueness check is given.
    ///
    /// # Errors
    /// As [`Killer::generate`], and [`GenerateError::SudokuStopped`] when `stop` ends the
    /// run.
    pub fn generate_until(
        size: usize,
        seed: u64,
        max_cage: usize,
        stop: &Stop,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        Self::generate_variant(size, seed, max_cage, SudokuVariant::default(), stop)
    }

    /// [`Killer::generate_until`] of a variant (Killer X: [`SudokuVariant::diagonals`]),
    /// in the published style ([`KillerStyle::new`]: no givens, no one-cell cages).
    ///
    /// # Errors
    /// As [`Killer::generate_until`].
    pub fn generate_variant(
        size: usize,
        seed: u64,
        max_cage: usize,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        Self::generate_styled(size, seed, KillerStyle::new(max_cage), variant, stop)
    }

    /// A unique Killer of a variant and a [`KillerStyle`] (see the module notes).
    ///
    /// # Errors
    /// As [`Killer::generate_until`]; [`GenerateError::Params`] for a `max_cage` below 2
    /// without one-cell cages, or when no cages drawn became unique within
    /// [`KILLER_DRAWS`] draws.
    pub fn generate_styled(
        size: usize,
        seed: u64,
        style: KillerStyle,
        variant: SudokuVariant,
        stop: &Stop,
    ) -> Result<(Killer, Grid<u8>), GenerateError> {
        let boxes = default_boxes(size).ok_or(SudokuError::Size { size })?;
        if style.max_cage < 2 && !style.single_cages {
            return Err(GenerateError::Params(format!(
                "a Killer without one-cell cages needs cages of 2 or more cells (max cage {})",
                style.max_cage
            )));
        }
        let mut rng = SplitMix64::new(seed);
        let solution = variant.solution(&mut rng, size, boxes, stop)?;
        let cells = variant.empty(size, boxes)?.cells();
        let mut checker = Checker { stop, checks: 0 };
        if style.givens {
            let cages = to_cages(&solution, &draw_cages(&mut rng, &solution, &cells, style)?);
            let killer = |givens: &[(Cell, u8)]| {
                Killer::new(variant.grid(size, boxes, givens)?, cages.clone())
            };
            let givens = minimal_givens(&mut rng, &solution, cells, &mut checker, |givens| {
                Ok(Puzzle::Killer(killer(givens)?))
            })?;
            return Ok((killer(&givens)?, solution));
        }
        let grid = variant.grid(size, boxes, &[])?;
        let build = |groups: &[Vec<Cell>]| -> Result<Puzzle, GenerateError> {
            Ok(Puzzle::Killer(Killer::new(
                grid.clone(),
                to_cages(&solution, groups),
            )?))
        };
        // Small cages first (2 or 3 cells): many sums, few solutions, quick checks.
        let small = KillerStyle {
            max_cage: style.max_cage.min(3),
            ..style
        };
        // With a level: the last unique Killer of another level, returned when no draw
        // reaches the level asked.
        let mut other_level = None;
        for _ in 0..KILLER_DRAWS {
            let mut groups = draw_cages(&mut rng, &solution, &cells, small)?;
            let mut unique = false;
            for _ in 0..=KILLER_REPAIRS {
                let Some(other) = checker.other(&build(&groups)?, &solution)? else {
                    unique = true;
                    break;
                };
                if !recage(&mut rng, &solution, &other, &mut groups, small) {
                    break;
                }
            }
            if !unique {
                continue;
            }
            let killer = match style.level.filter(|&l| l < Level::Search) {
                None => {
                    merge_while(&mut rng, &solution, &mut groups, style, &build, &mut |p| {
                        Ok(checker.other(p, &solution)?.is_none())
                    })?;
                    build(&groups)?
                }
                Some(level) => {
                    let unique_groups = groups.clone();
                    if !toward(&mut rng, &solution, &mut groups, small, level, &build)? {
                        // The changes need not keep it unique: the draw as it was does.
                        other_level = Some(build(&unique_groups)?);
                        continue;
                    }
                    merge_while(&mut rng, &solution, &mut groups, style, &build, &mut |p| {
                        Ok(graded(p)? <= level)
                    })?;
                    let killer = build(&groups)?;
                    if checker.other(&killer, &solution)?.is_some() {
                        return Err(GenerateError::Params(
                            "a Killer that root propagation solved has a second solution"
                                .to_string(),
                        ));
                    }
                    killer
                }
            };
            if let Some(want) = style.level {
                if graded(&killer)? != want {
                    other_level = Some(killer);
                    continue;
                }
            }
            return Ok((as_killer(killer), solution));
        }
        if let Some(killer) = other_level {
            return Ok((as_killer(killer), solution));
        }
        Err(GenerateError::Params(format!(
            "no {size}x{size} Killer without givens became unique in {KILLER_DRAWS} draws of cages \
             (try another seed, or allow givens)"
        )))
    }
}

/// Cage changes tried on one draw of cages before the cages are drawn again.
pub const KILLER_REPAIRS: usize = 60;

/// Cage changes tried on one draw of cages to bring it to the level asked
/// ([`KillerStyle::with_level`]) before the cages are drawn again.
pub const KILLER_LEVEL_MOVES: usize = 240;

/// Draws of cages tried for one Killer without givens.
pub const KILLER_DRAWS: usize = 20;

/// How a generated Killer looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KillerStyle {
    /// The largest cage.
    pub max_cage: usize,
    /// Givens allowed: the cages are drawn once and the givens that make them unique are
    /// kept (every cell given, then removed while unique).
    pub givens: bool,
    /// One-cell cages allowed: cage sizes drawn evenly from 1..=`max_cage`.
    pub single_cages: bool,
    /// The grade level asked for (`None`: any). Cages are merged only while the puzzle
    /// grades at this level or below, and draws that end at another level are drawn again
    /// (see the module notes); not with [`KillerStyle::givens`].
    pub level: Option<Level>,
}

impl KillerStyle {
    /// The published style with cages of at most `max_cage` cells: no givens, no one-cell
    /// cages.
    #[must_use]
    pub fn new(max_cage: usize) -> Self {
        KillerStyle {
            max_cage,
            givens: false,
            single_cages: false,
            level: None,
        }
    }

    /// This style aiming at a grade level (`None`: any level).
    #[must_use]
    pub fn with_level(self, level: Option<Level>) -> Self {
        KillerStyle { level, ..self }
    }

    /// This style with givens allowed (or not).
    #[must_use]
    pub fn with_givens(self, givens: bool) -> Self {
        KillerStyle { givens, ..self }
    }

    /// This style with one-cell cages allowed (or not).
    #[must_use]
    pub fn with_single_cages(self, single_cages: bool) -> Self {
        KillerStyle {
            single_cages,
            ..self
        }
    }
}

impl Default for KillerStyle {
    /// [`KillerStyle::new`] with cages of up to [`DEFAULT_KILLER_MAX_CAGE`] cells.
    fn default() -> Self {
        KillerStyle::new(DEFAULT_KILLER_MAX_CAGE)
    }
}

/// The largest cage of a Killer in the published style unless asked otherwise.
pub const DEFAULT_KILLER_MAX_CAGE: usize = 6;

/// A cage size for `style`: evenly from 1..=`max_cage` with one-cell cages, else by the
/// published weights of the module notes.
fn cage_size(rng: &mut SplitMix64, style: KillerStyle) -> usize {
    let max = style.max_cage.max(1);
    if style.single_cages {
        return 1 + rng.below(max as u64) as usize;
    }
    let weight = |k: usize| -> u64 {
        match k {
            2 => 30,
            3 => 34,
            4 => 22,
            5 => 10,
            6 => 4,
            _ => 2,
        }
    };
    let total: u64 = (2..=max).map(weight).sum();
    let mut pick = rng.below(total.max(1));
    for k in 2..=max {
        if pick < weight(k) {
            return k;
        }
        pick -= weight(k);
    }
    max
}

/// The Killer cages of `groups`: each group's sum in `solution`.
fn to_cages(solution: &Grid<u8>, groups: &[Vec<Cell>]) -> Vec<KillerCage> {
    groups
        .iter()
        .map(|g| {
            let mut cells = g.clone();
            cells.sort_unstable();
            let sum = cells.iter().map(|&c| u32::from(*solution.get(c))).sum();
            KillerCage { sum, cells }
        })
        .collect()
}

/// Whether `cells` are edge-connected.
fn connected(cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut at = 0;
    while at < seen.len() {
        let c = seen[at];
        at += 1;
        for &d in cells {
            let near = c.row.abs_diff(d.row) + c.col.abs_diff(d.col) == 1;
            if near && !seen.contains(&d) {
                seen.push(d);
            }
        }
    }
    seen.len() == cells.len()
}

/// Whether `cell`'s digit in `solution` can join `group` (not there yet, at most `max`
/// cells after).
fn joins(solution: &Grid<u8>, group: &[Cell], cell: Cell, max: usize) -> bool {
    group.len() < max && group.iter().all(|&c| solution.get(c) != solution.get(cell))
}

/// The smallest group a cage may keep: 1 with one-cell cages, else 2.
fn least(style: KillerStyle) -> usize {
    if style.single_cages {
        1
    } else {
        2
    }
}

/// Moves one cell where `solution` and `other` differ to another cage (or a neighbour into
/// its cage), keeping every group connected, of distinct digits, of `least` to `max_cage`
/// cells. False when no differing cell allows a move.
fn recage(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    other: &Grid<u8>,
    groups: &mut [Vec<Cell>],
    style: KillerStyle,
) -> bool {
    let differ: Vec<Cell> = groups
        .iter()
        .flatten()
        .copied()
        .filter(|&c| solution.get(c) != other.get(c))
        .collect();
    move_one(rng, solution, differ, groups, style)
}

/// Moves one of `cells` to a neighbouring cage (or a neighbour into its cage), keeping
/// every group connected, of distinct digits, of `least` to `max_cage` cells. False when
/// none of them allows a move.
fn move_one(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: Vec<Cell>,
    groups: &mut [Vec<Cell>],
    style: KillerStyle,
) -> bool {
    let n = solution.rows();
    let group_of = |groups: &[Vec<Cell>], c: Cell| groups.iter().position(|g| g.contains(&c));
    let can_leave = |g: &[Cell], c: Cell| {
        let rest: Vec<Cell> = g.iter().copied().filter(|&x| x != c).collect();
        rest.len() >= least(style) && connected(&rest)
    };
    for cell in shuffled(rng, cells) {
        let Some(a) = group_of(groups, cell) else {
            continue;
        };
        let pull_first = rng.below(2) == 0;
        for pull in [pull_first, !pull_first] {
            for near in shuffled(rng, neighbours(cell, n)) {
                let Some(b) = group_of(groups, near) else {
                    continue;
                };
                if a == b {
                    continue;
                }
                let (from, to, moved) = if pull { (b, a, near) } else { (a, b, cell) };
                if can_leave(&groups[from], moved)
                    && joins(solution, &groups[to], moved, style.max_cage)
                {
                    groups[from].retain(|&x| x != moved);
                    groups[to].push(moved);
                    return true;
                }
            }
        }
    }
    false
}

/// The Killer of some groups of cells (their sums taken from the solution).
type Build<'b> = dyn Fn(&[Vec<Cell>]) -> Result<Puzzle, GenerateError> + 'b;

/// The Killer inside a puzzle that [`Build`] made.
fn as_killer(puzzle: Puzzle) -> Killer {
    let Puzzle::Killer(killer) = puzzle else {
        unreachable!("build makes Killers")
    };
    killer
}

/// The grade level of `puzzle` ([`Level::Search`] when root propagation does not solve it).
///
/// # Errors
/// Grading errors, and [`GenerateError::Params`] when propagation finds no solution (a
/// generated puzzle always has one).
fn graded(puzzle: &Puzzle) -> Result<Level, GenerateError> {
    puzzle.grade()?.level.ok_or_else(|| {
        GenerateError::Params("grading found no solution to a generated Killer".to_string())
    })
}

/// The cells root propagation at `level` fixes in `puzzle` (all of them when it solves it).
///
/// # Errors
/// Grading errors.
fn fixed_at(puzzle: &Puzzle, level: Level) -> Result<usize, GenerateError> {
    let grade = puzzle.grade()?;
    Ok(grade.root(level).map_or(0, |r| r.fixed(grade.cells)))
}

/// Changes cages one cell at a time until root propagation at `level` solves the puzzle of
/// `groups` (true), keeping each change that fixes as many cells as before or more, up to
/// [`KILLER_LEVEL_MOVES`] changes tried (false when it is still not solved).
///
/// # Errors
/// What `build` and grading return.
fn toward(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    groups: &mut Vec<Vec<Cell>>,
    style: KillerStyle,
    level: Level,
    build: &Build<'_>,
) -> Result<bool, GenerateError> {
    let all = solution.rows() * solution.cols();
    let mut fixed = fixed_at(&build(groups)?, level)?;
    for _ in 0..KILLER_LEVEL_MOVES {
        if fixed == all {
            return Ok(true);
        }
        let mut changed = groups.clone();
        let cells: Vec<Cell> = groups.iter().flatten().copied().collect();
        if !move_one(rng, solution, cells, &mut changed, style) {
            return Ok(false);
        }
        let now = fixed_at(&build(&changed)?, level)?;
        if now >= fixed {
            *groups = changed;
            fixed = now;
        }
    }
    Ok(fixed == all)
}

/// A check that decides whether a merge is kept.
type Keep<'k> = dyn FnMut(&Puzzle) -> Result<bool, GenerateError> + 'k;

/// Merges neighbouring groups while `keep` holds: each pair of neighbouring groups (in a
/// random order of the edges between them, each pair once) whose digits are distinct and
/// whose size together is at most a size drawn by [`cage_size`] is merged when `keep`
/// holds for `build` of the merged groups (unique with `solution`, or graded at most a
/// level).
///
/// # Errors
/// What `build` and `keep` return.
fn merge_while(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    groups: &mut Vec<Vec<Cell>>,
    style: KillerStyle,
    build: &Build<'_>,
    keep: &mut Keep<'_>,
) -> Result<(), GenerateError> {
    let n = solution.rows();
    let edges: Vec<(Cell, Cell)> = groups
        .iter()
        .flatten()
        .flat_map(|&c| {
            neighbours(c, n)
                .into_iter()
                .filter(move |&d| c < d)
                .map(move |d| (c, d))
        })
        .collect();
    let mut tried: Vec<Vec<Cell>> = Vec::new();
    for (c, d) in shuffled(rng, edges) {
        let group_of = |x: Cell| groups.iter().position(|g| g.contains(&x));
        let (Some(a), Some(b)) = (group_of(c), group_of(d)) else {
            continue;
        };
        if a == b || groups[a].len() + groups[b].len() > style.max_cage {
            continue;
        }
        let mut union: Vec<Cell> = groups[a].iter().chain(&groups[b]).copied().collect();
        union.sort_unstable();
        let mut digits: Vec<u8> = union.iter().map(|&x| *solution.get(x)).collect();
        digits.sort_unstable();
        digits.dedup();
        if digits.len() < union.len() || tried.contains(&union) {
            continue;
        }
        tried.push(union.clone());
        if union.len() > cage_size(rng, style) {
            continue;
        }
        let mut merged: Vec<Vec<Cell>> = groups
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != a && i != b)
            .map(|(_, g)| g.clone())
            .collect();
        merged.push(union);
        if keep(&build(&merged)?)? {
            *groups = merged;
        }
    }
    Ok(())
}

/// Random connected groups of cells covering `cells`, each of distinct digits of
/// `solution`, sized by [`cage_size`]; without one-cell cages a cell left alone joins a
/// neighbouring group, or pairs with a neighbour that its group can spare (drawn again
/// when neither works, up to 1000 times).
///
/// # Errors
/// [`GenerateError::Params`] when no draw works.
fn draw_cages(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: &[Cell],
    style: KillerStyle,
) -> Result<Vec<Vec<Cell>>, GenerateError> {
    for _ in 0..1000 {
        let mut groups = grow(rng, solution, cells, style);
        if style.single_cages || absorb_singles(rng, solution, &mut groups, style) {
            return Ok(groups);
        }
    }
    Err(GenerateError::Params(format!(
        "no cut of the grid into cages of 2..={} cells in 1000 draws (allow one-cell cages, or larger cages)",
        style.max_cage
    )))
}

/// Joins each one-cell group to a neighbouring group, or pairs it with a neighbour its
/// group can spare; false when some cell has neither.
fn absorb_singles(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    groups: &mut Vec<Vec<Cell>>,
    style: KillerStyle,
) -> bool {
    let n = solution.rows();
    while let Some(at) = groups.iter().position(|g| g.len() == 1) {
        let cell = groups[at][0];
        let near = shuffled(rng, neighbours(cell, n));
        let group_of = |groups: &[Vec<Cell>], c: Cell| groups.iter().position(|g| g.contains(&c));
        let join = near.iter().find_map(|&c| {
            let b = group_of(groups, c)?;
            (b != at && joins(solution, &groups[b], cell, style.max_cage)).then_some(b)
        });
        if let Some(b) = join {
            groups[b].push(cell);
            let _ = groups.swap_remove(at);
            continue;
        }
        let spare = near.iter().find_map(|&c| {
            let b = group_of(groups, c)?;
            let rest: Vec<Cell> = groups[b].iter().copied().filter(|&x| x != c).collect();
            (b != at && rest.len() >= 2 && connected(&rest)).then_some((b, c))
        });
        let Some((b, c)) = spare else {
            return false;
        };
        groups[b].retain(|&x| x != c);
        groups[at].push(c);
    }
    true
}

/// Random connected groups covering `cells`, each started at a random free cell and grown
/// to [`cage_size`] cells (or fewer, where no free neighbour has a new digit) of distinct
/// digits of `solution`.
fn grow(
    rng: &mut SplitMix64,
    solution: &Grid<u8>,
    cells: &[Cell],
    style: KillerStyle,
) -> Vec<Vec<Cell>> {
    let size = solution.rows();
    let mut free = Grid::filled(size, size, true);
    let mut groups = Vec::new();
    for start in shuffled(rng, cells.to_vec()) {
        if !*free.get(start) {
            continue;
        }
        let want = cage_size(rng, style);
        let mut cage = vec![start];
        free.set(start, false);
        while cage.len() < want {
            let used: Vec<u8> = cage.iter().map(|&c| *solution.get(c)).collect();
            let mut next: Vec<Cell> = cage
                .iter()
                .flat_map(|&c| neighbours(c, size))
                .filter(|&c| *free.get(c) && !used.contains(solution.get(c)))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let c = next[rng.below(next.len() as u64) as usize];
            free.set(c, false);
            cage.push(c);
        }
        groups.push(cage);
    }
    groups
}

/// The orthogonal neighbours of `c` in an `n`×`n` grid.
fn neighbours(c: Cell, n: usize) -> Vec<Cell> {
    let (r, col) = (usize::from(c.row), usize::from(c.col));
    let mut out = Vec::new();
    if r > 0 {
        out.push(Cell::new(c.row - 1, c.col));
    }
    if r + 1 < n {
        out.push(Cell::new(c.row + 1, c.col));
    }
    if col > 0 {
        out.push(Cell::new(c.row, c.col - 1));
    }
    if col + 1 < n {
        out.push(Cell::new(c.row, c.col + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::killer::parse_killer;
    use crate::parse::sudoku::parse_sudoku;

    fn unique(puzzle: &Puzzle) -> bool {
        let stop = Stop::new();
        Checker {
            stop: &stop,
            checks: 0,
        }
        .unique(puzzle)
        .unwrap()
    }

    /// `puzzle` without its first given is not unique (and it had one to lose), or it has
    /// no given at all.
    fn minimal(givens: &[(Cell, u8)], without: impl Fn(&[(Cell, u8)]) -> Puzzle) -> bool {
        givens.iter().all(|&(c0, _)| {
            let fewer: Vec<_> = givens.iter().copied().filter(|&(c, _)| c != c0).collect();
            !unique(&without(&fewer))
        })
    }

    #[test]
    fn generated_puzzles_are_unique_minimal_and_round_trip() {
        for size in [4, 6, 9] {
            let (s, solution) = Sudoku::generate(size, 7).unwrap();
            assert_eq!(parse_sudoku(&s.to_text()).unwrap(), s);
            assert!(unique(&Puzzle::Sudoku(s.clone())));
            assert!(crate::kind::verify(&Puzzle::Sudoku(s.clone()), &solution).is_ok());
            // Minimal: dropping any given loses uniqueness.
            assert!(minimal(&s.given_cells(), |g| Puzzle::Sudoku(
                Sudoku::new(size, s.boxes(), g).unwrap()
            )));
            let stop = Stop::new();
            let old = KillerStyle::new(1)
                .with_givens(true)
                .with_single_cages(true);
            for style in [old, KillerStyle::new(4), KillerStyle::new(9)] {
                let (k, solution) =
                    Killer::generate_styled(size, 7, style, SudokuVariant::default(), &stop)
                        .unwrap();
                assert_eq!(parse_killer(&k.to_text()).unwrap(), k);
                assert!(unique(&Puzzle::Killer(k.clone())));
                assert!(crate::kind::verify(&Puzzle::Killer(k.clone()), &solution).is_ok());
                assert!(k.cages().iter().all(|c| c.cells.len() <= style.max_cage));
                if !style.single_cages {
                    assert!(k.cages().iter().all(|c| c.cells.len() >= 2));
                    assert!(k.sudoku().given_cells().is_empty());
                }
                let givens = k.sudoku().given_cells();
                assert!(minimal(&givens, |g| Puzzle::Killer(
                    Killer::new(
                        Sudoku::new(size, k.sudoku().boxes(), g).unwrap(),
                        k.cages().to_vec()
                    )
                    .unwrap()
                )));
            }
        }
        assert_eq!(
            Sudoku::generate(9, 3).unwrap(),
            Sudoku::generate(9, 3).unwrap()
        );
        assert_eq!(
            Killer::generate(9, 3, 5).unwrap(),
            Killer::generate(9, 3, 5).unwrap()
        );
        assert!(matches!(
            Killer::generate(9, 1, 1),
            Err(GenerateError::Params(_))
        ));
        assert!(matches!(
            Killer::generate(10, 1, 4),
            Err(GenerateError::Sudoku(SudokuError::Size { size: 10 }))
        ));
        assert!(Sudoku::generate(5, 1).is_err());
    }

    /// Killers asked for a level below `search` come out at that level (on some of the
    /// first seeds: a seed whose draws all miss returns another level), unique, without
    /// givens or one-cell cages.
    #[test]
    fn killers_asked_for_a_level_grade_at_it() {
        let stop = Stop::new();
        for level in [Level::Singles, Level::Subsets, Level::Interactions] {
            let style = KillerStyle::new(6).with_level(Some(level));
            let made = (1..=20).find(|&seed| {
                let (k, solution) =
                    Killer::generate_styled(6, seed, style, SudokuVariant::default(), &stop)
                        .unwrap();
                let p = Puzzle::Killer(k.clone());
                assert!(unique(&p), "seed {seed}");
                assert!(crate::kind::verify(&p, &solution).is_ok());
                assert!(k.sudoku().given_cells().is_empty());
                assert!(k.cages().iter().all(|c| (2..=6).contains(&c.cells.len())));
                graded(&p).unwrap() == level
            });
            assert!(made.is_some(), "no 6x6 Killer at {level:?} in seeds 1..=20");
        }
    }

    #[test]
    fn x_variants_are_unique_with_their_diagonals_and_verified() {
        let stop = Stop::new();
        let x = SudokuVariant::diagonals();
        for size in [4, 6, 9] {
            let (s, solution) = Sudoku::generate_variant(size, 11, x, &stop).unwrap();
            assert!(s.diagonals());
            assert_eq!(parse_sudoku(&s.to_text()).unwrap(), s);
            assert!(unique(&Puzzle::Sudoku(s.clone())));
            assert!(crate::kind::verify(&Puzzle::Sudoku(s.clone()), &solution).is_ok());
            let (k, solution) = Killer::generate_variant(size, 11, 4, x, &stop).unwrap();
            assert!(k.sudoku().diagonals());
            assert_eq!(parse_killer(&k.to_text()).unwrap(), k);
            assert!(unique(&Puzzle::Killer(k.clone())));
            assert!(crate::kind::verify(&Puzzle::Killer(k), &solution).is_ok());
        }
    }

    #[test]
    fn a_stop_ends_generation_with_the_checks_made() {
        let stop = Stop::new();
        stop.request();
        let with_givens = KillerStyle::new(6).with_givens(true);
        for made in [
            Sudoku::generate_until(16, 1, &stop).map(|_| ()),
            Killer::generate_until(16, 1, 6, &stop).map(|_| ()),
            Killer::generate_styled(16, 1, with_givens, SudokuVariant::default(), &stop)
                .map(|_| ()),
        ] {
            assert!(matches!(
                made,
                Err(GenerateError::SudokuStopped {
                    reason: crate::stop::StopReason::Interrupted,
                    checks: 0
                })
            ));
        }
    }
}
