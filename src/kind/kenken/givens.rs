//! # Givens written into a KenKen
//!
//! A cell belongs to one cage, so a given cell leaves its cage as a `d =` cage. The rest of
//! a `+` or `*` cage keeps its operator with the target recomputed (the target minus, or
//! divided by, the given: the same constraint once the given holds); a rest of one cell, or
//! of a cage whose operator (`-`, `/`, `?`) does not carry over to fewer cells, becomes `=`
//! cages holding the solution's digits (digits the givens already force when the solution
//! is the one left).

use crate::grid::{Cell, Grid};
use crate::puzzle::{Cage, KenKen, Op};

/// The cages of `k` with each given of `set` split out of its cage as a `d =` cage.
pub(super) fn cages_with(k: &KenKen, set: &[(Cell, u8)], solution: &Grid<u8>) -> Vec<Cage> {
    let mut cages = k.cages().to_vec();
    for &(cell, d) in set {
        let Some(at) = cages.iter().position(|c| c.cells.contains(&cell)) else {
            continue;
        };
        let cage = cages.remove(at);
        let rest: Vec<Cell> = cage.cells.iter().copied().filter(|&c| c != cell).collect();
        let given = |c: Cell, v: u8| Cage {
            op: Op::Given,
            target: u64::from(v),
            cells: vec![c],
        };
        let carried = match cage.effective_op() {
            Op::Add if rest.len() > 1 => cage.target.checked_sub(u64::from(d)),
            Op::Mul if rest.len() > 1 => Some(cage.target / u64::from(d)),
            _ => None,
        };
        match carried {
            Some(target) => cages.insert(
                at,
                Cage {
                    op: cage.op,
                    target,
                    cells: rest,
                },
            ),
            None => {
                for (i, &c) in rest.iter().enumerate() {
                    cages.insert(at + i, given(c, *solution.get(c)));
                }
            }
        }
        cages.push(given(cell, d));
    }
    cages
}
