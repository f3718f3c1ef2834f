//! # Cages with a relation: the cage family's CNF
//!
//! A cage is cells whose digits stand in a relation to a target (`+ - × ÷ =`, or any of the
//! four when the operator is hidden), over the digits 1..=N of a Latin square; digits may
//! repeat inside a cage where rows and columns allow. See `encodings/kenken.md` for the
//! numbering and the size of every clause family. Cage by cage, either `cage-prune`,
//! `cage-fix`, `cage-select`, `cage-some`, `cage-support`: the cage's allowed tuples through
//! [`crate::cnf::table`] (selector variables count in `cage-select`), or `cage-mdd`: a
//! `+`/`×` cage as the layered automaton of [`crate::cnf::mdd`] (node and edge variables
//! included), as [`ConstraintEncoding`] decides; when cage–line clauses are on
//! ([`CageLines`]), cage by cage after all cages: `cage-line` (with its `u` variables) and
//! `cage-line-fixed`, see [`crate::encode::lines`]. Cages written as automata get none.
//!
//! Auxiliary variables follow the houses' in the same order: selectors and automaton nodes
//! and edges cage by cage, then the cage–line `u` variables.

use crate::cnf::mdd::{encode_mdd, Mdd};
use crate::cnf::table::encode_table_with_selectors;
use crate::cnf::{EncodeStats, ExtendFormula, Lit, OneHot};
use crate::encode::lines::encode_cage_lines;
use crate::encode::{CageLines, ConstraintEncoding};
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::puzzle::{Cage, Op};
use crate::tuples::{cage_tuples, TupleError, Tuples};

use std::collections::HashMap;

/// Writes every cage of an N×N Latin square into `enc` (after its houses): each cage as
/// `constraint` chooses, then, when [`cage_lines`] says so for `lines`, the cage–line
/// clauses of the cages written as tables.
///
/// # Errors
/// [`EncodeError::Tuples`] when a cage written as a table has more allowed tuples than
/// `opts.tuple_limit` (or its enumeration runs out of budget); [`EncodeError::Mdd`] when a
/// cage's automaton exceeds [`CAGE_NODE_LIMIT`] nodes.
pub(crate) fn encode_cages(
    enc: &mut Encoding,
    n: usize,
    cages: &[Cage],
    (constraint, lines): (ConstraintEncoding, CageLines),
    opts: &EncodeOptions,
) -> Result<(), EncodeError> {
    enc.tally(CAGES, TABLE, 0);
    enc.tally(CAGES, AUTOMATON, 0);
    let mut tables = Vec::with_capacity(cages.len());
    for cage in cages {
        let (tuples, selectors) = match cage_form(cage, n, constraint, opts, None)? {
            CageForm::Table(tuples) => {
                enc.tally(CAGES, TABLE, 1);
                let (t, selectors) = enc.with_aux("cage tuple selector", |f, map| {
                    encode_table_with_selectors(f, &cage_lits(map, cage), &tuples)
                });
                enc.record_table(
                    [
                        "cage-prune",
                        "cage-fix",
                        "cage-select",
                        "cage-some",
                        "cage-support",
                    ],
                    &t,
                );
                (tuples, selectors)
            }
            CageForm::Mdd(mdd) => {
                enc.tally(CAGES, AUTOMATON, 1);
                let m = enc.with_aux("cage automaton node/edge", |f, map| {
                    encode_mdd(f, &cage_lits(map, cage), &mdd)
                });
                enc.record("cage-mdd", m.total());
                (Tuples::new(cage.cells.len()), Vec::new())
            }
        };
        tables.push((tuples, selectors));
    }
    // Written after all tables, so the line variables form one range after the selectors.
    enc.tally(WITH_LINES, ["", ""], 0);
    if cage_lines(n, lines) {
        for (cage, (tuples, selectors)) in cages.iter().zip(&tables) {
            let l = enc.with_aux("cage line digit", |f, map| {
                encode_cage_lines(f, map, n, &cage.cells, tuples, selectors)
            });
            enc.record("cage-line", l.linked);
            enc.record("cage-line-fixed", clauses(l.fixed));
            enc.tally(
                WITH_LINES,
                ["", ""],
                usize::from(l.linked.clauses + l.fixed > 0),
            );
        }
    }
    Ok(())
}

/// Writes one cage into `f` as [`encode_cages`] would with the KenKen options of `opts`
/// (its table, then its cage–line clauses when enabled; or its automaton); used by the
/// generator and by sessions, which guard each cage's clauses with an activation literal.
/// Tuple lists come from `cache` when given.
///
/// # Errors
/// As [`encode_cages`], for this cage.
pub(crate) fn encode_cage(
    f: &mut impl ExtendFormula,
    map: &OneHot,
    n: usize,
    cage: &Cage,
    opts: &EncodeOptions,
    cache: Option<&mut TupleCache>,
) -> Result<(), EncodeError> {
    match cage_form(cage, n, opts.kenken.constraint, opts, cache)? {
        CageForm::Table(tuples) => {
            let (_, selectors) = encode_table_with_selectors(f, &cage_lits(map, cage), &tuples);
            if cage_lines(n, opts.kenken.cage_lines) {
                let _ = encode_cage_lines(f, map, n, &cage.cells, &tuples, &selectors);
            }
        }
        CageForm::Mdd(mdd) => {
            let _ = encode_mdd(f, &cage_lits(map, cage), &mdd);
        }
    }
    Ok(())
}

/// Header part and forms of the cages ([`Encoding::tally`]).
const CAGES: &str = "cages";
const TABLE: [&str; 2] = ["as a tuple table", "as tuple tables"];
const AUTOMATON: [&str; 2] = ["as a layered automaton (MDD)", "as layered automata (MDD)"];
const WITH_LINES: &str = "cages with cage-line clauses";

/// Smallest grid that gets cage–line clauses: below it they cost varisat more than they
/// save (Keen samples, 4×4 to 9×9: median 0.57 ms without, 0.65 ms with; 12×12 to 16×16
/// instances: 1.5–3× faster with).
pub(crate) const CAGE_LINES_MIN_SIZE: usize = 10;

/// Whether cage–line clauses are written for an N×N grid under `lines`.
pub(crate) fn cage_lines(n: usize, lines: CageLines) -> bool {
    match lines {
        CageLines::Auto => n >= CAGE_LINES_MIN_SIZE,
        CageLines::On => true,
        CageLines::Off => false,
    }
}

/// Above this many allowed tuples, `auto` writes a `+`/`*` cage as a layered automaton.
pub(crate) const AUTO_MDD_TUPLES: usize = 20_000;

/// `auto` writes `+`/`*` cages of more cells than this as automata without listing tuples.
pub(crate) const AUTO_MDD_CELLS: usize = 8;

/// Largest automaton (nodes) for one cage; a larger one is an error, not a huge formula.
pub(crate) const CAGE_NODE_LIMIT: usize = 100_000;

/// How one cage is written.
enum CageForm {
    /// Its allowed tuples.
    Table(Tuples),
    /// The layered sum/product automaton over its cells (values 1..=N).
    Mdd(Mdd<u64>),
}

/// Chooses the cage's form under `constraint`: `tuples` forces tables, `mdd` automata for `+`/`*` cages of two or
/// more cells; `auto` uses tables unless a `+`/`*` cage has more than [`AUTO_MDD_TUPLES`]
/// allowed tuples (or more than the tuple limit), where tables stop paying. `-`, `/` and
/// one-cell cages are always tables. The automaton ignores in-cage distinctness, which the
/// row and column constraints already enforce.
fn cage_form(
    cage: &Cage,
    n: usize,
    constraint: ConstraintEncoding,
    opts: &EncodeOptions,
    mut cache: Option<&mut TupleCache>,
) -> Result<CageForm, EncodeError> {
    let digits = n as u8;
    let mut tuples = |limit: usize| match cache.as_deref_mut() {
        Some(cache) => cache.tuples(cage, digits, limit),
        None => cage_tuples(cage, digits, limit),
    };
    let op = cage.effective_op();
    let automaton = matches!(op, Op::Add | Op::Mul);
    let mdd = || {
        let values: Vec<Vec<u64>> = cage
            .cells
            .iter()
            .map(|_| (1..=n as u64).collect())
            .collect();
        let built = if op == Op::Add {
            Mdd::sum(&values, cage.target, CAGE_NODE_LIMIT)
        } else {
            Mdd::product(&values, cage.target, CAGE_NODE_LIMIT)
        };
        built.map(CageForm::Mdd).map_err(|source| EncodeError::Mdd {
            line: format!(
                "cage {}{} at {} ({} cells)",
                cage.target,
                op.symbol(),
                cage.anchor(),
                cage.cells.len()
            ),
            source,
        })
    };
    match constraint {
        ConstraintEncoding::Mdd if automaton => mdd(),
        // Beyond a few cells the tuple list is hopeless (a 9-cell `+` row of a 9x9 already
        // has 9! fillings): go straight to the automaton.
        ConstraintEncoding::Auto if automaton && cage.cells.len() > AUTO_MDD_CELLS => mdd(),
        ConstraintEncoding::Auto if automaton => match tuples(opts.tuple_limit) {
            Ok(t) if t.len() <= AUTO_MDD_TUPLES => Ok(CageForm::Table(t)),
            Ok(_) | Err(_) => mdd(),
        },
        _ => Ok(CageForm::Table(tuples(opts.tuple_limit)?)),
    }
}

/// The allowed tuples of cages met before, for encoding many puzzles in a row (a session):
/// a cage's tuples depend only on its operator, target, the number of digits, and its cells
/// up to translation (which cells share a row or column), so a cage seen in any earlier
/// puzzle of the same side is not enumerated again.
#[derive(Debug, Default)]
pub(crate) struct TupleCache {
    known: HashMap<TupleKey, Tuples>,
}

/// Operator, target, digits, tuple limit, and the cells moved to the top-left corner.
type TupleKey = (Op, u64, u8, usize, Vec<(u8, u8)>);

/// Caches hold at most this many cages (then start again), so memory stays bounded.
const TUPLE_CACHE_CAGES: usize = 100_000;

impl TupleCache {
    /// [`cage_tuples`] through the cache (errors are not cached).
    fn tuples(&mut self, cage: &Cage, digits: u8, limit: usize) -> Result<Tuples, TupleError> {
        let top = cage.cells.iter().map(|c| c.row).min().unwrap_or(0);
        let left = cage.cells.iter().map(|c| c.col).min().unwrap_or(0);
        let shape = cage
            .cells
            .iter()
            .map(|c| (c.row - top, c.col - left))
            .collect();
        let key = (cage.effective_op(), cage.target, digits, limit, shape);
        if let Some(t) = self.known.get(&key) {
            return Ok(t.clone());
        }
        let t = cage_tuples(cage, digits, limit)?;
        if self.known.len() >= TUPLE_CACHE_CAGES {
            self.known.clear();
        }
        let _ = self.known.insert(key, t.clone());
        Ok(t)
    }
}

/// The one-hot literals x(cell, 1..=N) of each cell of the cage.
fn cage_lits(map: &OneHot, cage: &Cage) -> Vec<Vec<Lit>> {
    cage.cells.iter().map(|&c| map.cell_lits(c)).collect()
}

fn clauses(clauses: usize) -> EncodeStats {
    EncodeStats { vars: 0, clauses }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn cage(op: Op, target: u64, cells: &[(u8, u8)]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        }
    }

    #[test]
    fn the_tuple_cache_answers_as_the_enumeration_does_for_translated_and_new_cages() {
        let mut cache = TupleCache::default();
        let cages = [
            cage(Op::Add, 12, &[(0, 0), (0, 1), (1, 1)]),
            // Translated: the same tuples, from the cache.
            cage(Op::Add, 12, &[(3, 2), (3, 3), (4, 3)]),
            // Same cells, but the first and last now share a column: fewer tuples.
            cage(Op::Add, 12, &[(0, 0), (0, 1), (1, 0)]),
            cage(Op::Sub, 2, &[(2, 2), (2, 3)]),
            cage(Op::Mul, 12, &[(0, 0), (1, 1), (2, 2)]),
        ];
        for c in &cages {
            let direct = cage_tuples(c, 6, 1000).unwrap();
            assert_eq!(cache.tuples(c, 6, 1000).unwrap(), direct, "{c:?}");
            assert_eq!(cache.tuples(c, 6, 1000).unwrap(), direct, "{c:?} again");
        }
        assert_eq!(cache.known.len(), 4);
        // A limit too small is an error every time, never a cached truncation.
        assert!(cache.tuples(&cages[0], 6, 2).is_err());
        assert!(cache.tuples(&cages[0], 6, 2).is_err());
    }
}
