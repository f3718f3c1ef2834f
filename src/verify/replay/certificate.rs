//! # Forced checks by certificate: the reason's own CNF, refuted with a checked proof
//!
//! A forced check on a large reason (a placement's core of forty constraints, a whole
//! Killer less a cage or two) can take the replay's search many minutes: it must show
//! that no filling of half the grid meets the reason. For reasons made of all-different
//! groups (rows, columns, boxes, diagonals) and sums of distinct digits (Killer cages,
//! Kakuro runs), the replay instead writes the question as CNF of its own, from the
//! constraints' meaning and none of the encoder's code, hands it to an embedded solver, and
//! takes the step as forced only when the solver's LRAT proof passes the project's
//! independent checker ([`crate::lrat`]), which reads the CNF text written here. Anything
//! else (another kind of constraint, a satisfiable CNF, a failing solver, a proof the
//! checker rejects) leaves the question to the search.
//!
//! The CNF, over the candidates of the reason's cells: one variable per cell and candidate;
//! each cell takes exactly one of its candidates; the step's cell takes one of the digits
//! that contradict the step; an all-different group holds each digit at most once (and,
//! with as many cells as digits, at least once); a sum of distinct digits picks one of the
//! digit sets of its size and total within its cells' candidates, and each of its cells
//! takes a digit of the set picked (with all-different, the cells then hold exactly that
//! set, so the total is met).

use crate::grid::Cell;
use crate::puzzle::{Constraint, ConstraintKind, Op};

use super::Candidates;

/// A solver that refutes CNF: given the variable count and the clauses (DIMACS literals,
/// in order: ids 1 to m), the text of an LRAT proof when it finds none satisfiable, else
/// `None`. The replay trusts nothing it says: the proof is checked against the CNF text
/// the replay writes itself.
pub(crate) type Refute<'a> = &'a dyn Fn(usize, &[Vec<i64>]) -> Option<String>;

/// Whether a checked refutation shows that no filling of the reason's cells from `cands`
/// meets every constraint of `reason` with `cell` on a digit of `against`. `false` when
/// the question is beyond the CNF here, or the refutation fails or does not check.
pub(super) fn refuted(
    refute: Refute<'_>,
    reason: &[&Constraint],
    cands: &Candidates,
    (cell, against): (Cell, u32),
    max: u8,
) -> bool {
    let Some(clauses) = clauses(reason, cands, (cell, against), max) else {
        return false;
    };
    let Some(vars) = clauses.iter().flatten().map(|l| l.unsigned_abs()).max() else {
        return false;
    };
    let mut text = format!("p cnf {vars} {}\n", clauses.len());
    for clause in &clauses {
        for l in clause {
            text.push_str(&l.to_string());
            text.push(' ');
        }
        text.push_str("0\n");
    }
    let Ok(vars) = usize::try_from(vars) else {
        return false;
    };
    refute(vars, &clauses).is_some_and(|proof| crate::lrat::check_lrat(&text, &proof).is_ok())
}

/// The question's clauses in DIMACS numbering; `None` when a constraint is beyond them or
/// a clause would be empty (a question the search answers at once).
fn clauses(
    reason: &[&Constraint],
    cands: &Candidates,
    (cell, against): (Cell, u32),
    max: u8,
) -> Option<Vec<Vec<i64>>> {
    let mut cells: Vec<Cell> = reason
        .iter()
        .flat_map(|c| c.cells.iter().copied())
        .collect();
    cells.push(cell);
    cells.sort_unstable();
    cells.dedup();
    // x(cell, digit): cells in order, each with its candidates.
    let mut first = Vec::with_capacity(cells.len());
    let mut next = 1i64;
    for &c in &cells {
        first.push(next);
        next += i64::from(cands.at(c).count_ones());
    }
    let x = |c: Cell, d: u32| -> Option<i64> {
        let at = cells.binary_search(&c).ok()?;
        let bits = cands.at(c);
        if d >= 32 || bits & (1 << d) == 0 {
            return None;
        }
        Some(first[at] + i64::from((bits & ((1u32 << d) - 1)).count_ones()))
    };
    let digits = |bits: u32| (1..=u32::from(max)).filter(move |&d| bits & (1 << d) != 0);
    let mut out: Vec<Vec<i64>> = Vec::new();
    for &c in &cells {
        let lits: Vec<i64> = digits(cands.at(c)).filter_map(|d| x(c, d)).collect();
        at_most_one(&mut out, &lits);
        out.push(lits);
    }
    out.push(digits(against).filter_map(|d| x(cell, d)).collect());
    for c in reason {
        if c.rule.is_some() || !c.distinct {
            return None;
        }
        for d in 1..=u32::from(max) {
            let lits: Vec<i64> = c.cells.iter().filter_map(|&k| x(k, d)).collect();
            at_most_one(&mut out, &lits);
            if c.kind.is_group() && c.cells.len() == usize::from(max) {
                out.push(lits);
            }
        }
        match (c.kind, c.op, c.target) {
            (kind, None, None) if kind.is_group() => {}
            (ConstraintKind::Cage, Some(Op::Add), Some(total))
            | (ConstraintKind::Run, None | Some(Op::Add), Some(total)) => {
                let union = c.cells.iter().fold(0, |u, &k| u | cands.at(k));
                let sets = sets_of(union & !1, c.cells.len(), total, max);
                let mut pick = Vec::with_capacity(sets.len());
                for set in sets {
                    let s = next;
                    next += 1;
                    pick.push(s);
                    for &k in &c.cells {
                        let mut clause = vec![-s];
                        clause.extend(digits(set).filter_map(|d| x(k, d)));
                        out.push(clause);
                    }
                }
                out.push(pick);
            }
            _ => return None,
        }
    }
    (!out.iter().any(Vec::is_empty)).then_some(out)
}

/// Adds "at most one of `lits`", pairwise.
fn at_most_one(out: &mut Vec<Vec<i64>>, lits: &[i64]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            out.push(vec![-a, -b]);
        }
    }
}

/// Every set of `len` distinct digits among `union` (bit d for digit d, at most `max`)
/// adding up to `total`.
fn sets_of(union: u32, len: usize, total: u64, max: u8) -> Vec<u32> {
    fn walk(
        union: u32,
        from: u32,
        max: u32,
        left: usize,
        total: u64,
        set: u32,
        out: &mut Vec<u32>,
    ) {
        if left == 0 {
            if total == 0 {
                out.push(set);
            }
            return;
        }
        for d in from..=max {
            if union & (1 << d) != 0 && u64::from(d) <= total {
                walk(
                    union,
                    d + 1,
                    max,
                    left - 1,
                    total - u64::from(d),
                    set | (1 << d),
                    out,
                );
            }
        }
    }
    let mut out = Vec::new();
    walk(union, 1, u32::from(max).min(31), len, total, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(cols: usize, bits: Vec<u32>) -> Candidates {
        Candidates { cols, bits }
    }

    fn row(n: usize) -> Constraint {
        Constraint {
            kind: ConstraintKind::Row,
            cells: (0..n).map(|c| Cell::new(0, c as u8)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }

    fn cage(cells: &[u8], total: u64) -> Constraint {
        Constraint {
            kind: ConstraintKind::Cage,
            cells: cells.iter().map(|&c| Cell::new(0, c)).collect(),
            op: Some(Op::Add),
            target: Some(total),
            distinct: true,
            rule: None,
        }
    }

    /// Whether the question's CNF is satisfiable, by trying every assignment (small ones).
    fn satisfiable(reason: &[&Constraint], cands: &Candidates, at: (Cell, u32), max: u8) -> bool {
        let clauses = clauses(reason, cands, at, max).expect("written");
        let vars = clauses
            .iter()
            .flatten()
            .map(|l| l.unsigned_abs())
            .max()
            .unwrap_or(0);
        assert!(vars < 24, "{vars} variables");
        (0u32..1 << vars).any(|m| {
            clauses.iter().all(|c| {
                c.iter()
                    .any(|&l| (m >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0))
            })
        })
    }

    /// A row of four over digits 1–4 whose first three cells hold 1, 2 and 3: the last is 4,
    /// so "it is 3" has no filling and "it is 4" has one.
    #[test]
    fn a_row_is_satisfiable_only_where_it_allows() {
        let all = 0b11110;
        let cands = candidates(4, vec![0b10, 0b100, 0b1000, all]);
        let r = row(4);
        let last = Cell::new(0, 3);
        assert!(!satisfiable(&[&r], &cands, (last, 1 << 3), 4));
        assert!(satisfiable(&[&r], &cands, (last, 1 << 4), 4));
    }

    /// A cage of two cells adding up to 5 over 1–4 holds 1 and 4 or 2 and 3. In a row whose
    /// third cell is 3, its first cell is not 2 (the second would be 3 as well), nor 3;
    /// the cage alone allows both, and the row with it allows 1.
    #[test]
    fn a_cage_and_a_row_are_satisfiable_only_together_where_both_allow() {
        let all = 0b11110;
        let cands = candidates(4, vec![all, all, 0b1000, all]);
        let (r, c) = (row(4), cage(&[0, 1], 5));
        let a1 = Cell::new(0, 0);
        assert!(satisfiable(&[&c], &cands, (a1, 1 << 2), 4));
        assert!(!satisfiable(&[&c, &r], &cands, (a1, 1 << 2), 4));
        assert!(!satisfiable(&[&c, &r], &cands, (a1, 0b1100), 4));
        assert!(satisfiable(&[&c, &r], &cands, (a1, 1 << 1), 4));
    }

    /// Constraints beyond the CNF here (repeats allowed) are not written, and a refuter
    /// whose proof does not check proves nothing.
    #[test]
    fn other_constraints_and_bad_proofs_prove_nothing() {
        let cands = candidates(4, vec![0b10, 0b100, 0b1000, 0b11110]);
        let mut r = row(4);
        let at = (Cell::new(0, 3), 1 << 3);
        let liar: Refute<'_> = &|_, _| Some("1 0 0\n".to_string());
        assert!(!refuted(liar, &[&r], &cands, at, 4));
        r.distinct = false;
        assert_eq!(clauses(&[&r], &cands, at, 4), None);
    }

    #[test]
    fn digit_sets_add_up() {
        assert_eq!(sets_of(0b11_1111_1110, 2, 4, 9), vec![0b1010]);
        assert_eq!(sets_of(0b11_1111_1110, 3, 24, 9), vec![0b11_1000_0000]);
        assert_eq!(sets_of(0b11_0111_1110, 3, 24, 9), Vec::<u32>::new());
        assert_eq!(sets_of(0b11_1111_1110, 9, 45, 9).len(), 1);
    }
}
