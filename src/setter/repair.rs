//! # Repair: the fewest givens that make a puzzle unique
//!
//! For a puzzle with several solutions, the smallest set of givens (cell, digit) after which
//! exactly one solution is left, searched exhaustively by size (1, 2, … up to
//! [`RepairOptions::max_givens`]), so no smaller set exists (for KenKen: no smaller set
//! whose writing keeps the rules, below). The search works on the true
//! candidates ([`crate::setter::candidates`]) and the solutions they showed:
//!
//! - a given goes only on a cell that is not decided, with one of its candidates;
//! - sets are built cell by cell in a fixed order; a partial set that no known solution holds
//!   is asked of the engine once, and dropped with everything that extends it when no
//!   solution holds it;
//! - a full set held by two known solutions is not unique, without a solver call; held by
//!   one, a single question settles it: *a solution holding the set that differs from that
//!   one in some undecided cell*. Every solution an answer shows is kept, so the known set
//!   grows and later sets are judged without the solver.
//!
//! The givens are then written into the puzzle, and the new puzzle is proven unique (its
//! true candidates are all single, on the same engine) with the chosen solution:
//!
//! - Sudoku and Killer Sudoku: the digits become givens of the grid;
//! - KenKen: a cell belongs to one cage, so the given cell leaves its cage as a `d =` cage.
//!   Only sets whose writing keeps KenKen's rules are proposed: every changed cage stays
//!   contiguous (the rest of a cage must not fall into pieces) and `−`/`÷` cages keep two
//!   cells, so the result passes `--strict` and loads in Tatham's Keen.
//!   The rest of a `+` or `*` cage keeps its operator with the target recomputed (the
//!   target minus, or divided by, the given: the same constraint once the given holds); a
//!   rest of one cell, or of a cage whose operator (`-`, `/`, `?`) does not carry over to
//!   fewer cells, becomes `=` cages holding the chosen solution's digits. Those `=` cages
//!   only spell out digits that the givens already force (the repaired puzzle is proven
//!   unique with that solution); the givens reported are the set found.
//! - Towers and Unequal: the digits become givens of the grid;
//! - Kakuro and CrossProduct have no givens: [`SetterError::NoGivens`].

use crate::engine::{Engine, EngineOptions};
use crate::grid::{Cell, Grid};
use crate::puzzle::{Op, Puzzle};
use crate::setter::candidates::{compute, Method};
use crate::setter::oracle::{oracle, Oracle};
use crate::setter::SetterError;
use crate::stop::Stop;

/// Default [`RepairOptions::max_givens`].
pub const DEFAULT_MAX_GIVENS: usize = 4;

/// Repair choices.
#[derive(Clone, Debug)]
pub struct RepairOptions {
    /// The engine that answers (SAT engines, the DPLL walk or native; not SMT).
    pub engine: Engine,
    /// Its options, and the stop that ends the run.
    pub engine_opts: EngineOptions,
    /// The largest set of givens searched (the search grows fast with it).
    pub max_givens: usize,
}

impl Default for RepairOptions {
    fn default() -> Self {
        RepairOptions {
            engine: Engine::Auto,
            engine_opts: EngineOptions::default(),
            max_givens: DEFAULT_MAX_GIVENS,
        }
    }
}

/// A repair: the givens, the repaired puzzle, and its one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The givens added, row-major (empty when the puzzle was already unique).
    pub givens: Vec<(Cell, u8)>,
    /// The puzzle with the givens written in, proven unique.
    pub puzzle: Puzzle,
    /// Its one solution, verified.
    pub solution: Grid<u8>,
    /// Sets of givens judged (whole sets, of every size tried).
    pub sets_tried: u64,
    /// Questions asked of the engine, the final proof included.
    pub queries: u64,
}

/// The fewest givens that make `puzzle` unique (see the module notes).
///
/// # Errors
/// [`SetterError::NoSolution`]; [`SetterError::NoGivens`] for a non-unique Kakuro or
/// CrossProduct; [`SetterError::TooManyGivens`] past [`RepairOptions::max_givens`];
/// [`SetterError::Stopped`] when the stop ends the run; the engine's failures.
pub fn repair(puzzle: &Puzzle, opts: &RepairOptions) -> Result<Repair, SetterError> {
    let mut ask = oracle(puzzle, &opts.engine, &opts.engine_opts)?;
    let cands = compute(puzzle, None, ask.as_mut(), Method::Covering)?;
    let Some(first) = cands.solution().cloned() else {
        return Err(SetterError::NoSolution);
    };
    if cands.unique() {
        return Ok(Repair {
            givens: Vec::new(),
            puzzle: puzzle.clone(),
            solution: first,
            sets_tried: 0,
            queries: ask.calls(),
        });
    }
    if puzzle.as_kind().with_givens(&[], &first).is_none() {
        return Err(SetterError::NoGivens {
            kind: puzzle.kind(),
        });
    }
    let mut open: Vec<(Cell, Vec<u8>)> = puzzle
        .one_hot()
        .cells()
        .iter()
        .map(|&c| (c, cands.get(c).to_vec()))
        .filter(|(_, ds)| ds.len() > 1)
        .collect();
    // Cells with more candidates first: their givens cut more solutions.
    open.sort_by_key(|(c, ds)| (std::cmp::Reverse(ds.len()), *c));
    let mut search = Search {
        oracle: ask.as_mut(),
        open: &open,
        known: cands.seen.clone(),
        tried: 0,
        stop: opts.engine_opts.stop.clone(),
        keeps_rules: &|set: &[(Cell, u8)]| keeps_rules(puzzle, set, &first),
    };
    for size in 1..=opts.max_givens.min(open.len()) {
        let mut set = Vec::with_capacity(size);
        if let Some(solution) = search.extend(&mut set, 0, size)? {
            let sets_tried = search.tried;
            set.sort_unstable();
            let repaired = write_givens(puzzle, &set, &solution)?;
            let queries = ask.calls() + prove_unique(&repaired, opts, &solution)?;
            return Ok(Repair {
                givens: set,
                puzzle: repaired,
                solution,
                sets_tried,
                queries,
            });
        }
    }
    Err(SetterError::TooManyGivens {
        max: opts.max_givens,
    })
}

/// Whether a set of givens, written in, keeps the puzzle's rules.
type Rule<'a> = dyn Fn(&[(Cell, u8)]) -> bool + 'a;

/// The exhaustive search over sets of givens of one size.
struct Search<'a> {
    oracle: &'a mut dyn Oracle,
    /// The undecided cells and their candidates, in search order.
    open: &'a [(Cell, Vec<u8>)],
    /// Distinct solutions seen so far.
    known: Vec<Grid<u8>>,
    tried: u64,
    /// Checked at every whole set: most are judged without a solver call.
    stop: Stop,
    /// Whether the puzzle with a whole set written in keeps the kind's rules
    /// ([`keeps_rules`]); sets that break them are passed over.
    keeps_rules: &'a Rule<'a>,
}

impl Search<'_> {
    /// Extends `set` with givens on open cells from `from` on, up to `size` givens; answers
    /// the one solution of the first set that leaves one.
    fn extend(
        &mut self,
        set: &mut Vec<(Cell, u8)>,
        from: usize,
        size: usize,
    ) -> Result<Option<Grid<u8>>, SetterError> {
        if set.len() == size {
            self.tried += 1;
            if let Some(reason) = self.stop.reason() {
                return Err(SetterError::Stopped { reason });
            }
            if !(self.keeps_rules)(set) {
                return Ok(None);
            }
            return self.unique_with(set);
        }
        let left = size - set.len();
        for i in from..=self.open.len().saturating_sub(left) {
            let (cell, digits) = &self.open[i];
            for &d in digits {
                set.push((*cell, d));
                if self.consistent(set)? {
                    if let Some(found) = self.extend(set, i + 1, size)? {
                        return Ok(Some(found));
                    }
                }
                let _ = set.pop();
            }
        }
        Ok(None)
    }

    /// Whether some solution holds `set` (a known one, or one the engine finds).
    fn consistent(&mut self, set: &[(Cell, u8)]) -> Result<bool, SetterError> {
        if self.known.iter().any(|g| holds(g, set)) {
            return Ok(true);
        }
        match self.oracle.find(set, &[])? {
            Some(grid) => {
                self.known.push(grid);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The one solution holding `set`, or `None` when there are several.
    fn unique_with(&mut self, set: &[(Cell, u8)]) -> Result<Option<Grid<u8>>, SetterError> {
        let mut holders = self.known.iter().filter(|g| holds(g, set));
        let Some(only) = holders.next().cloned() else {
            return Ok(None);
        };
        if holders.next().is_some() {
            return Ok(None);
        }
        let other: Vec<(Cell, u8)> = self
            .open
            .iter()
            .flat_map(|(c, ds)| ds.iter().map(move |&d| (*c, d)))
            .filter(|&(c, d)| *only.get(c) != d)
            .collect();
        match self.oracle.find(set, &other)? {
            Some(grid) => {
                self.known.push(grid);
                Ok(None)
            }
            None => Ok(Some(only)),
        }
    }
}

/// Whether `puzzle` with the givens of `set` written in keeps its kind's rules: for a
/// KenKen, every cage the writing changes or adds is contiguous, and a `−` or `÷` cage
/// among them has two cells (Keen's rule, and `--strict`'s). Taking a given cell out of a
/// `+` or `×` cage can leave the rest in two pieces: such a set is not proposed. Other
/// kinds write givens into the grid and keep their cages. `grid` is any solution: the
/// shape of the written cages does not depend on it.
fn keeps_rules(puzzle: &Puzzle, set: &[(Cell, u8)], grid: &Grid<u8>) -> bool {
    let Puzzle::KenKen(before) = puzzle else {
        return true;
    };
    let Some(Ok(Puzzle::KenKen(after))) = puzzle.as_kind().with_givens(set, grid) else {
        return false;
    };
    after
        .cages()
        .iter()
        .filter(|c| !before.cages().contains(c))
        .all(|c| c.is_contiguous() && (!matches!(c.op, Op::Sub | Op::Div) || c.cells.len() == 2))
}

/// Whether `grid` holds every pair of `set`.
fn holds(grid: &Grid<u8>, set: &[(Cell, u8)]) -> bool {
    set.iter().all(|&(c, d)| *grid.get(c) == d)
}

/// Proves `repaired` unique with `solution` on the chosen engine; answers the questions
/// asked.
fn prove_unique(
    repaired: &Puzzle,
    opts: &RepairOptions,
    solution: &Grid<u8>,
) -> Result<u64, SetterError> {
    let mut ask = oracle(repaired, &opts.engine, &opts.engine_opts)?;
    let cands = compute(repaired, None, ask.as_mut(), Method::Covering)?;
    if !cands.unique() || cands.solution() != Some(solution) {
        return Err(SetterError::Invalid {
            message: "the repaired puzzle is not unique with the chosen solution".into(),
        });
    }
    Ok(ask.calls())
}

/// `puzzle` with the givens of `set` written in (see the module notes, and each kind's
/// `Kind::with_givens`); `solution` holds them and is the one solution left.
fn write_givens(
    puzzle: &Puzzle,
    set: &[(Cell, u8)],
    solution: &Grid<u8>,
) -> Result<Puzzle, SetterError> {
    match puzzle.as_kind().with_givens(set, solution) {
        Some(written) => written.map_err(|message| SetterError::Invalid { message }),
        None => Err(SetterError::NoGivens {
            kind: puzzle.kind(),
        }),
    }
}
