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
//! computed from the solution, with checked arithmetic.
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
use crate::puzzle::{Cage, KenKen, Killer, KillerCage, Op, Puzzle};
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

/// Every candidate change, with its description.
fn changes(
    puzzle: &Puzzle,
    direction: Direction,
    solution: &Grid<u8>,
) -> Result<Vec<(Puzzle, String)>, SetterError> {
    let out = match (puzzle, direction) {
        (Puzzle::KenKen(k), Direction::Harder) => kenken_merges(k, solution),
        (Puzzle::KenKen(k), Direction::Easier) => kenken_splits(k, solution),
        (Puzzle::Killer(k), Direction::Harder) if k.sudoku().given_cells().is_empty() => {
            killer_merges(k, solution)
        }
        (Puzzle::Killer(k), Direction::Easier) => {
            let splits = killer_splits(k, solution);
            if splits.is_empty() {
                more_givens(puzzle, solution)
            } else {
                splits
            }
        }
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

/// The puzzle's givens, when its kind has them (Sudoku, Killer, Towers, Unequal).
fn givens(puzzle: &Puzzle) -> Option<Vec<(Cell, u8)>> {
    match puzzle {
        Puzzle::Sudoku(s) => Some(s.given_cells()),
        Puzzle::Killer(k) => Some(k.sudoku().given_cells()),
        Puzzle::Towers(t) => Some(t.given_cells()),
        Puzzle::Unequal(u) => Some(u.given_cells()),
        _ => None,
    }
}

/// The same puzzle with `set` as its givens (`None` when it breaks a rule).
fn with_givens(puzzle: &Puzzle, set: &[(Cell, u8)]) -> Option<Puzzle> {
    match puzzle {
        Puzzle::Sudoku(s) => s.with_givens(set).ok().map(Puzzle::Sudoku),
        Puzzle::Killer(k) => {
            let sudoku = k.sudoku().with_givens(set).ok()?;
            Killer::new(sudoku, k.cages().to_vec())
                .ok()
                .map(Puzzle::Killer)
        }
        // Towers and Unequal write givens over the old ones: start from none.
        Puzzle::Towers(t) => t
            .with_givens(&[])
            .and_then(|t| t.with_givens(set))
            .map(Puzzle::Towers),
        Puzzle::Unequal(u) => u
            .with_givens(&[])
            .and_then(|u| u.with_givens(set))
            .map(Puzzle::Unequal),
        _ => None,
    }
}

/// The puzzle with one given taken out, for each given.
fn fewer_givens(puzzle: &Puzzle) -> Vec<(Puzzle, String)> {
    let Some(set) = givens(puzzle) else {
        return Vec::new();
    };
    (0..set.len())
        .filter_map(|i| {
            let (cell, digit) = set[i];
            let mut rest = set.clone();
            let _ = rest.remove(i);
            let out = with_givens(puzzle, &rest)?;
            Some((
                out,
                format!("took out the given {} = {digit}", cell.label()),
            ))
        })
        .collect()
}

/// The puzzle with one digit of the solution written in, for each empty cell.
fn more_givens(puzzle: &Puzzle, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let Some(set) = givens(puzzle) else {
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
            if let Some(p) = with_givens(puzzle, &more) {
                out.push((p, format!("wrote in the given {} = {digit}", cell.label())));
            }
        }
    }
    out
}

/// Whether some cell of `a` is an orthogonal neighbour of some cell of `b`.
fn touching(a: &[Cell], b: &[Cell]) -> bool {
    a.iter().any(|&x| b.iter().any(|&y| x.is_adjacent(y)))
}

/// The pairs `(i, j)`, `i < j`, of cages (given by their cells) that touch.
fn neighbour_pairs(cages: &[&[Cell]]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..cages.len() {
        for j in i + 1..cages.len() {
            if touching(cages[i], cages[j]) {
                out.push((i, j));
            }
        }
    }
    out
}

/// Whether `cells` form one orthogonally connected piece.
fn connected(cells: &[Cell]) -> bool {
    Cage {
        op: Op::Add,
        target: 1,
        cells: cells.to_vec(),
    }
    .is_contiguous()
}

/// Every split of `cells` into two connected parts, each at least `least` cells (each
/// split once: the part holding the first cell comes first).
fn splits(cells: &[Cell], least: usize) -> Vec<(Vec<Cell>, Vec<Cell>)> {
    let n = cells.len();
    if n < 2 * least.max(1) || n > 16 {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Masks with bit 0 set: the first cell's part.
    for mask in (1u32..(1 << n) - 1).filter(|m| m & 1 == 1) {
        let side = |first: bool| -> Vec<Cell> {
            (0..n)
                .filter(|i| (mask >> i & 1 == 1) == first)
                .map(|i| cells[i])
                .collect()
        };
        let (a, b) = (side(true), side(false));
        if a.len() >= least && b.len() >= least && connected(&a) && connected(&b) {
            out.push((a, b));
        }
    }
    out
}

/// `cages` with the `i`th replaced by `merged` and the `j`th (`j > i`) gone.
fn merged_at<T: Clone>(cages: &[T], i: usize, j: usize, merged: T) -> Vec<T> {
    let mut next = cages.to_vec();
    next[i] = merged;
    let _ = next.remove(j);
    next
}

/// `cages` with the `i`th replaced by its parts `a` and `b`.
fn split_at<T: Clone>(cages: &[T], i: usize, a: T, b: T) -> Vec<T> {
    let mut next = cages.to_vec();
    next[i] = a;
    next.insert(i + 1, b);
    next
}

/// The sum of the solution's digits in `cells`.
fn sum(solution: &Grid<u8>, cells: &[Cell]) -> u64 {
    cells.iter().map(|&c| u64::from(*solution.get(c))).sum()
}

/// The product of the solution's digits in `cells`, `None` past `u64`.
fn product(solution: &Grid<u8>, cells: &[Cell]) -> Option<u64> {
    cells
        .iter()
        .try_fold(1u64, |p, &c| p.checked_mul(u64::from(*solution.get(c))))
}

/// A Killer with two neighbouring cages merged, where the solution's digits in the union
/// differ (so the merged cage is a Killer cage).
fn killer_merges(k: &Killer, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    let shapes: Vec<&[Cell]> = cages.iter().map(|c| c.cells.as_slice()).collect();
    for (i, j) in neighbour_pairs(&shapes) {
        let (a, b) = (&cages[i], &cages[j]);
        let cells: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        let mut digits: Vec<u8> = cells.iter().map(|&c| *solution.get(c)).collect();
        digits.sort_unstable();
        digits.dedup();
        if digits.len() != cells.len() {
            continue;
        }
        let Some(total) = a.sum.checked_add(b.sum) else {
            continue;
        };
        let merged = KillerCage { sum: total, cells };
        let change = format!(
            "merged cages {} at {} and {} at {} into {total} at {}",
            a.sum,
            a.anchor().label(),
            b.sum,
            b.anchor().label(),
            merged.anchor().label()
        );
        let next = merged_at(cages, i, j, merged);
        if let Ok(killer) = Killer::new(k.sudoku().clone(), next) {
            out.push((Puzzle::Killer(killer), change));
        }
    }
    out
}

/// A Killer with one cage split into two connected cages of two cells or more.
fn killer_splits(k: &Killer, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        for (a, b) in splits(&cage.cells, 2) {
            let part = |cells: Vec<Cell>| {
                let total = u32::try_from(sum(solution, &cells)).ok()?;
                Some(KillerCage { sum: total, cells })
            };
            let (Some(a), Some(b)) = (part(a), part(b)) else {
                continue;
            };
            let change = format!(
                "split cage {} at {} into {} at {} and {} at {}",
                cage.sum,
                cage.anchor().label(),
                a.sum,
                a.anchor().label(),
                b.sum,
                b.anchor().label()
            );
            let next = split_at(cages, i, a, b);
            if let Ok(killer) = Killer::new(k.sudoku().clone(), next) {
                out.push((Puzzle::Killer(killer), change));
            }
        }
    }
    out
}

/// Whether the KenKen hides its operators (every cage of two cells or more is `?`).
fn hidden_ops(k: &KenKen) -> bool {
    k.cages()
        .iter()
        .filter(|c| c.cells.len() > 1)
        .all(|c| c.op == Op::Any)
}

/// A KenKen cage on `cells` under `op`, its target from the solution (`None` when the
/// operator does not fit the cells or the target overflows).
fn kenken_cage(op: Op, cells: Vec<Cell>, solution: &Grid<u8>) -> Option<Cage> {
    let target = match (op, cells.len()) {
        (_, 1) => {
            return Some(Cage {
                op: Op::Given,
                target: sum(solution, &cells),
                cells,
            })
        }
        (Op::Mul, _) => product(solution, &cells)?,
        (Op::Add | Op::Any, _) => sum(solution, &cells),
        _ => return None,
    };
    Some(Cage { op, target, cells })
}

/// A short name of a KenKen cage: `12+ at A1`.
fn kenken_name(cage: &Cage) -> String {
    let op = match cage.effective_op() {
        Op::Given => String::new(),
        op => op.symbol().to_string(),
    };
    format!("{}{op} at {}", cage.target, cage.anchor().label())
}

/// A KenKen with two neighbouring cages merged into a `+` cage (`×` when both were `×`,
/// `?` when operators are hidden).
fn kenken_merges(k: &KenKen, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let hidden = hidden_ops(k);
    let mut out = Vec::new();
    let shapes: Vec<&[Cell]> = cages.iter().map(|c| c.cells.as_slice()).collect();
    for (i, j) in neighbour_pairs(&shapes) {
        let (a, b) = (&cages[i], &cages[j]);
        let op = if hidden {
            Op::Any
        } else if a.effective_op() == Op::Mul && b.effective_op() == Op::Mul {
            Op::Mul
        } else {
            Op::Add
        };
        let cells: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        let Some(merged) = kenken_cage(op, cells, solution) else {
            continue;
        };
        let change = format!(
            "merged cages {} and {} into {}",
            kenken_name(a),
            kenken_name(b),
            kenken_name(&merged)
        );
        let next = merged_at(cages, i, j, merged);
        if let Ok(kk) = KenKen::new(k.size(), next, true) {
            out.push((Puzzle::KenKen(kk), change));
        }
    }
    out
}

/// A KenKen with one cage split into two connected cages: a one-cell part is a given,
/// a larger part keeps the cage's operator (`−` and `÷` cages split into two givens).
fn kenken_splits(k: &KenKen, solution: &Grid<u8>) -> Vec<(Puzzle, String)> {
    let cages = k.cages();
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        for (a, b) in splits(&cage.cells, 1) {
            let op = cage.effective_op();
            let (Some(a), Some(b)) = (kenken_cage(op, a, solution), kenken_cage(op, b, solution))
            else {
                continue;
            };
            let change = format!(
                "split cage {} into {} and {}",
                kenken_name(cage),
                kenken_name(&a),
                kenken_name(&b)
            );
            let next = split_at(cages, i, a, b);
            if let Ok(kk) = KenKen::new(k.size(), next, true) {
                out.push((Puzzle::KenKen(kk), change));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_connected_and_each_once() {
        let c = |r: u8, k: u8| Cell::new(r, k);
        // An L of three cells: A1 A2 B1 splits as {A1 A2}|{B1}, {A1 B1}|{A2}, {A1}|... no:
        // A1 alone leaves A2 and B1 apart.
        let l = [c(0, 0), c(0, 1), c(1, 0)];
        let s = splits(&l, 1);
        assert_eq!(s.len(), 2, "{s:?}");
        assert!(s.iter().all(|(a, b)| connected(a) && connected(b)));
        assert!(splits(&l, 2).is_empty());
        // A 2×2 square: four ways into two dominoes or a cell and an L, each part connected.
        let square = [c(0, 0), c(0, 1), c(1, 0), c(1, 1)];
        assert_eq!(splits(&square, 2).len(), 2);
        assert_eq!(splits(&square, 1).len(), 6);
    }
}
