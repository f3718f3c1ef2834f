//! # Visibility clues → CNF
//!
//! A Towers clue over a line of cells x(cell, d) (viewer's end first) is the layered
//! automaton whose states are *(tallest so far, towers seen)*: reading height `d` from
//! state `(t, s)` leads to `(d, s + 1)` when `d > t` (the tower is seen; never past the
//! clue), else to `(t, s)`; the accepting states have `s` = the clue. It is written with
//! the standard MDD encoding of `crate::cnf::mdd` (node and edge variables; families
//! `visible-root`, `visible-edge`, `visible-out`, `visible-in`, `visible-support`,
//! `visible-prune`), so unit propagation keeps arc consistency on each clue, as the native
//! filter `crate::model::visibility` does. A layer has at most (N+1)·(clue+1) states.
//!
//! ## References
//! Simon Tatham's Towers (`towers.c`); the MDD encoding of I. Abío, G. Gange, V. Mayer-Eichberger,
//! P. J. Stuckey, *On CNF Encodings of Decision Diagrams*, CPAIOR 2016.

use crate::cnf::mdd::{encode_mdd, Mdd, DEFAULT_NODE_LIMIT};
use crate::cnf::{EncodeStats, Lit};
use crate::encode::{EncodeError, Encoding};
use crate::grid::Cell;

/// Names of the clause families, in the order of [`crate::cnf::mdd::MddStats`]'s fields.
pub(crate) const FAMILIES: [&str; 6] = [
    "visible-root",
    "visible-edge",
    "visible-out",
    "visible-in",
    "visible-support",
    "visible-prune",
];

/// The automaton of one clue over heights `1..=n` on `len` cells.
fn automaton(n: usize, len: usize, clue: u8) -> Result<Mdd<(u8, u8)>, crate::cnf::mdd::MddError> {
    let values: Vec<Vec<u8>> = vec![(1..=n as u8).collect(); len];
    Mdd::build(
        &values,
        (0u8, 0u8),
        |_, (tallest, seen), d| {
            if d > tallest {
                (seen < clue).then_some((d, seen + 1))
            } else {
                Some((tallest, seen))
            }
        },
        |(_, seen)| seen == clue,
        DEFAULT_NODE_LIMIT,
    )
}

/// Writes every clue `(line, clue)` (heights `1..=n`) into `enc`.
///
/// # Errors
/// [`EncodeError::Mdd`] when an automaton exceeds the node limit (it cannot for N ≤ 9).
pub(crate) fn encode_clues(
    enc: &mut Encoding,
    n: usize,
    clues: &[(Vec<Cell>, u8)],
) -> Result<(), EncodeError> {
    let mut built = Vec::with_capacity(clues.len());
    for (cells, clue) in clues {
        let mdd = automaton(n, cells.len(), *clue).map_err(|source| EncodeError::Mdd {
            line: format!("visibility clue {clue} from {}", cells[0].label()),
            source,
        })?;
        built.push(mdd);
    }
    let stats = enc.with_aux("visibility automaton", |f, map| {
        let mut all = Vec::new();
        for ((cells, _), mdd) in clues.iter().zip(&built) {
            let lits: Vec<Vec<Lit>> = cells
                .iter()
                .map(|&c| (1..=n as u8).map(|d| map.lit(c, d)).collect())
                .collect();
            all.push(encode_mdd(f, &lits, mdd));
        }
        all
    });
    let mut vars = 0;
    for s in &stats {
        let clauses = [s.root, s.edge, s.out, s.into, s.support, s.prune];
        for (name, clauses) in FAMILIES.into_iter().zip(clauses) {
            enc.record(name, EncodeStats { vars: 0, clauses });
        }
        vars += s.nodes + s.edges;
    }
    if let Some(first) = FAMILIES.first() {
        enc.record(first, EncodeStats { vars, clauses: 0 });
    }
    enc.tally(
        "visibility clues",
        ["as an automaton", "as automata"],
        clues.len(),
    );
    Ok(())
}
