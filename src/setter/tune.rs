//! # Harder and easier
//!
//! One change to a unique puzzle that moves its grade up or down and keeps it unique, the
//! setter's "make it a bit harder" and "a bit easier":
//!
//! | kind | harder | easier |
//! | --- | --- | --- |
//! | Sudoku (any variant), Towers, Unequal | take out a given | write in a given of the solution |
//! | Killer Sudoku | take out a given; without givens, merge two neighbouring cages | split a cage in two (each part two cells or more); a given when no cage splits |
//! | KenKen | merge two neighbouring cages | split a cage in two |
//!
//! Merged and split cages keep the kind's rules: cages are contiguous, a Killer cage's
//! digits differ in the solution, a KenKen `−` or `÷` cage has two cells, so a merge writes
//! `+` (or `×` when both cages were `×`), and a split writes `=` for one cell and the
//! cage's operator otherwise; a puzzle with hidden operators keeps them hidden. Targets are
//! computed from the solution, with checked arithmetic. The cage changes are each kind's
//! (`Kind::cage_merges` and `cage_splits`, in `kind/kenken/tune.rs` and
//! `kind/sudoku/tune.rs`); the givens are read and written through `Kind::givens` and
//! `with_only_givens`, so nothing here names a kind.
//!
//! Every candidate change is proven unique on the chosen engine and graded
//! ([`crate::Puzzle::grade`]); the one kept is the hardest (or easiest) by the grade's
//! level, then by how many cells the weakest level fixes. Removing a constraint never makes
//! propagation stronger, so "harder" is never easier than before, and "easier" never
//! harder. Candidates are tried in an order set by the seed, at most
//! [`TuneOptions::max_tries`] of them.

use crate::answer::Outcome;
use crate::engine::{Engine, EngineOptions};
use crate::grade::{Grade, Level};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::rng::SplitMix64;
use crate::setter::SetterError;

/// Which way to move the grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Direction {
    /// Fewer constraints: a given out, two cages merged.
    Harder,
    /// More constraints: a given in, a cage split.
    Easier,
}

impl Direction {
    /// `harder` or `easier`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Direction::Harder => "harder",
            Direction::Easier => "easier",
        }
    }
}

/// Choices for [`tune`].
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// The engine that proves each candidate unique (not SMT).
    pub engine: Engine,
    /// Its options, and the stop that ends the run.
    pub engine_opts: EngineOptions,
    /// Sets the order candidates are tried in.
    pub seed: u64,
    /// The most candidates proven and graded.
    pub max_tries: usize,
}

impl Default for TuneOptions {
    fn default() -> Self {
        TuneOptions {
            engine: Engine::Auto,
            engine_opts: EngineOptions::default(),
            seed: 1,
            max_tries: 60,
        }
    }
}

/// A tuned puzzle.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Tuned {
    /// The changed puzzle, proven unique.
    pub puzzle: Puzzle,
    /// Its one solution (the original's), verified.
    pub solution: Grid<u8>,
    /// The change, in words (`took out the given E5 = 3`, `merged cages 12 at A1 and 7 at
    /// A3 into 19 at A1`).
    pub change: String,
    /// The original's grade.
    pub before: Grade,
    /// The changed puzzle's grade.
    pub after: Grade,
    /// Candidates proven and graded.
    pub tried: usize,
}

/// One change to `puzzle` in `direction` that keeps it unique (see the module docs).
///
/// # Errors
/// [`SetterError::Unsupported`] for an SMT engine; [`SetterError::NoSolution`];
/// [`SetterError::NotUnique`] when the puzzle is not unique to start with;
/// [`SetterError::NoTuning`] for a kind this does not change (Kakuro, CrossProduct) or
/// when none of the candidates tried (at most [`TuneOptions::max_tries`]) keeps the puzzle
/// unique;
/// [`SetterError::Stopped`]; the engine's and the grader's failures.
pub fn tune(
    puzzle: &Puzzle,
    direction: Direction,
    opts: &TuneOptions,
) -> Result<Tuned, SetterError> {
    if matches!(opts.engine, Engine::Smt { .. }) {
        return Err(SetterError::Unsupported {
            engine: opts.engine.name().to_string(),
        });
    }
    let solution = match unique_solution(puzzle, opts)? {
        Unique::One(grid) => grid,
        Unique::None => return Err(SetterError::NoSolution),
        Unique::Many => return Err(SetterError::NotUnique),
    };
    let before = grade(puzzle)?;
    let mut candidates = changes(puzzle, direction, &solution)?;
    let mut rng = SplitMix64::new(opts.seed);
    for i in (1..candidates.len()).rev() {
        let j = usize::try_from(rng.below(i as u64 + 1)).unwrap_or(i);
        candidates.swap(i, j);
    }
    let mut best: Option<(Key, Puzzle, String, Grade)> = None;
    let mut tried = 0;
    for (candidate, change) in candidates {
        if tried == opts.max_tries {
            break;
        }
        if let Some(reason) = opts.engine_opts.stop.reason() {
            return Err(SetterError::Stopped { reason });
        }
        tried += 1;
        match unique_solution(&candidate, opts)? {
            Unique::One(grid) if grid == solution => {}
            _ => continue,
        }
        let after = grade(&candidate)?;
        let key = key(&after, direction);
        if best.as_ref().is_none_or(|(k, ..)| key > *k) {
            best = Some((key, candidate, change, after));
        }
    }
    let Some((_, puzzle, change, after)) = best else {
        return Err(SetterError::NoTuning {
            kind: puzzle.kind(),
            direction: direction.name(),
        });
    };
    Ok(Tuned {
        puzzle,
        solution,
        change,
        before,
        after,
        tried,
    })
}

/// How many solutions, with the one when there is one.
enum Unique {
    None,
    One(Grid<u8>),
    Many,
}

fn unique_solution(puzzle: &Puzzle, opts: &TuneOptions) -> Result<Unique, SetterError> {
    let (outcome, _) = opts.engine.prove_unique(puzzle, &opts.engine_opts)?;
    Ok(match outcome {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } => Unique::One(grid),
        Outcome::Solved { .. } => Unique::Many,
        Outcome::Unsat => Unique::None,
        Outcome::Stopped { reason, .. } => return Err(SetterError::Stopped { reason }),
    })
}

fn grade(puzzle: &Puzzle) -> Result<Grade, SetterError> {
    puzzle.grade().map_err(|e| SetterError::Invalid {
        message: format!("cannot grade: {e}"),
    })
}

/// What the choice maximises: harder is a higher level, then fewer cells fixed at the
/// weakest level; easier the reverse.
type Key = (i64, i64);

fn key(grade: &Grade, direction: Direction) -> Key {
    let level = i64::from(level_rank(grade.level));
    let fixed = grade
        .roots
        .first()
        .map_or(0, |(_, root)| root.fixed(grade.cells));
    let fixed = i64::try_from(fixed).unwrap_or(i64::MAX);
    match direction {
        Direction::Harder => (level, -fixed),
        Direction::Easier => (-level, fixed),
    }
}

/// The level's rank on every scale (levels are ordered weakest first; no level, a
/// contradiction at the root, ranks lowest).
fn level_rank(level: Option<Level>) -> u8 {
    level.map_or(0, |l| {
        Level::ALL
            .iter()
            .position(|&x| x == l)
            .map_or(u8::MAX, |i| u8::try_from(i + 1).unwrap_or(u8::MAX))
    })
}

/// Every candidate change, with its description: the kind's own (cage merges and splits,
/// `Kind::cage_merges`) where it has them, else a given out or in.
fn changes(
    puzzle: &Puzzle,
    direction: Direction,
    solution: &Grid<u8>,
) -> Result<Vec<(Puzzle, String)>, SetterError> {
    let kind = puzzle.as_kind();
    let own = match direction {
        Direction::Harder => kind.cage_merges(solution),
        Direction::Easier => kind.cage_splits(solution),
    };
    let out = match (own, direction) {
        (Some(out), _) if !out.is_empty() => out,
        (_, Direction::Harder) => fewer_givens(puzzle),
        (_, Direction::Easier) => more_givens(puzzle, solution),
    };
    if out.is_empty() {
        return Err(SetterError::NoTuning {
            kind: puzzle.kind(),
            direction: direction.name(),
        });
    }
    Ok(out)
}

/// The puzzle with one given taken out, for each given.
fn fewer_givens(puzzle: &Puzzle) -> Vec<(Puzzle, String)> {
    let Some(set) = puzzle.as_kind().givens() else {
        return Vec::new();
    };
    (0..set.len())
        .filter_map(|i| {
            let (cell, digit) = set[i];
            let mut rest = set.clone();
            let _ = rest.remove(i);
            let out = puzzle.as_kind().with_only_givens(&rest)?;
            Some((
                out,
                format!("took out the given {} = {digit}", cell.label()),
            ))
        })
        .collect()
}

/// The puzzle with one digit of the solution written in, for each empty cell.
fn more_givens(puzzle: &Puzzle, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let Some(set) = puzzle.as_kind().givens() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for r in 0..solution.rows() {
        for c in 0..solution.cols() {
            let (Ok(r), Ok(c)) = (u8::try_from(r), u8::try_from(c)) else {
                continue;
            };
            let cell = Cell::new(r, c);
            if set.iter().any(|&(g, _)| g == cell) {
                continue;
            }
            let digit = *solution.get(cell);
            let mut more = set.clone();
            more.push((cell, digit));
            more.sort_unstable();
            if let Some(p) = puzzle.as_kind().with_only_givens(&more) {
                out.push((p, format!("wrote in the given {} = {digit}", cell.label())));
            }
        }
    }
    out
}
