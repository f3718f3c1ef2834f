//! # The replay's own search for a filling of a reason's cells
//!
//! See the parent module: a backtracking over the cells of a step's reason, each node
//! narrowed by every constraint's, derived sum's and house split's arc consistency
//! (`propagate`), with nothing but the constraints' meaning. It branches on the position
//! with the fewest candidates per failure weight (dom/wdeg: each constraint counts the
//! times it emptied a cell). A search that expects a filling (a minimality check) restarts,
//! weights kept, with half as many nodes again when a run passes its limit: a satisfiable
//! question is not stuck in the dead end below an early wrong choice (a reason without one
//! of its constraints leaves a large, loosely tied puzzle), and the limit grows without
//! end, so every search still ends with a filling or the whole tree explored. One that
//! expects none (a forced check) runs once: restarting would explore the same tree again
//! (on Tarek's #3, step 91's check took 123k nodes with restarts, 28k without).

use crate::grid::Cell;
use crate::kind::kenken::verify::op_holds;
use crate::puzzle::{Constraint, ConstraintKind, Op, RuleKind};

use super::houses::splits;
use super::propagate::Net;
use super::sums::equations;
use super::Candidates;

/// What a search is expected to end with, which sets only how it runs (either way it ends
/// with a filling or with the whole tree explored).
#[derive(Clone, Copy, Debug)]
pub(super) enum Expect<'g> {
    /// No filling (a step's forced check): one run over the whole tree, without
    /// restarts, which would only explore the same tree again.
    Nothing,
    /// A filling (a minimality check), perhaps like `guide`, a filling of a like question
    /// (the one found without another constraint of the same reason): its digits are
    /// tried first, and runs restart, so that one early wrong choice does not leave the
    /// search in a dead end.
    Filling(&'g [(Cell, u8)]),
}

/// A filling of the constraints' cells (and `cell`) from their candidates, with `cell`
/// restricted to `against`, that satisfies every constraint, cell by cell; `None` when
/// there is none. Digits run 1..=`max`. `expect` changes only how soon the answer comes.
pub(super) fn contradiction(
    reason: &[&Constraint],
    cands: &Candidates,
    at: (Cell, u32),
    max: u8,
    expect: Expect<'_>,
) -> Option<Vec<(Cell, u8)>> {
    let (guide, limit) = match expect {
        Expect::Nothing => (&[][..], usize::MAX),
        Expect::Filling(guide) => (guide, FIRST_LIMIT),
    };
    searched(reason, cands, at, max, (guide, limit, true)).flatten()
}

/// [`contradiction`] expecting no filling, in one run of at most `nodes` nodes: `None`
/// when the run reaches its limit, else whether it found a filling.
pub(super) fn contradiction_within(
    reason: &[&Constraint],
    cands: &Candidates,
    at: (Cell, u32),
    max: u8,
    nodes: usize,
) -> Option<Option<Vec<(Cell, u8)>>> {
    searched(reason, cands, at, max, (&[], nodes, false))
}

/// The search of [`contradiction`] from a node limit, restarting with larger ones when
/// `restart`, else giving up (`None`) at the first.
fn searched(
    reason: &[&Constraint],
    cands: &Candidates,
    (cell, against): (Cell, u32),
    max: u8,
    (guide, limit, restart): (&[(Cell, u8)], usize, bool),
) -> Option<Option<Vec<(Cell, u8)>>> {
    let mut cells = vec![cell];
    for c in reason {
        for &x in &c.cells {
            if !cells.contains(&x) {
                cells.push(x);
            }
        }
    }
    let members: Vec<Vec<usize>> = reason
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|x| cells.iter().position(|y| y == x).unwrap_or(0))
                .collect()
        })
        .collect();
    let mut doms: Vec<u32> = cells.iter().map(|&c| cands.at(c)).collect();
    doms[0] &= against;
    let net = Net::new(
        reason,
        &members,
        (
            equations(reason, &members, cells.len(), max),
            splits(reason, &members, max),
        ),
        &doms,
    );
    let prefer: Vec<u32> = cells
        .iter()
        .map(|c| {
            guide
                .iter()
                .find(|g| g.0 == *c)
                .map_or(0, |g| 1u32.checked_shl(u32::from(g.1)).unwrap_or(0))
        })
        .collect();
    if doms[0] == 0 || net.propagate(&mut doms, None).is_err() {
        return Some(None);
    }
    let mut search = Search::new(&net, prefer, limit);
    let found = if restart {
        search.solve(&mut doms)
    } else {
        let mut run = doms.clone();
        match search.run(&mut run) {
            Ran::Found => {
                doms = run;
                true
            }
            Ran::Dead => false,
            Ran::Limit => return None,
        }
    };
    Some(found.then(|| {
        cells
            .iter()
            .zip(&doms)
            .map(|(&c, d)| (c, d.trailing_zeros() as u8))
            .collect()
    }))
}

/// A filling as text: `A1=3 A2=1`.
pub(super) fn text(filling: &[(Cell, u8)]) -> String {
    let text: Vec<String> = filling
        .iter()
        .map(|(c, d)| format!("{}={d}", c.label()))
        .collect();
    text.join(" ")
}

/// Nodes the first run of a search may visit; each restart allows half as many again.
const FIRST_LIMIT: usize = 100;

/// How a run of the search ended.
enum Ran {
    /// `doms` holds a filling.
    Found,
    /// No filling below this node.
    Dead,
    /// The run visited its nodes and gave up.
    Limit,
}

/// A backtracking over the positions, fail first: it branches on the position with the
/// fewest candidates per failure weight, the failures its constraints caused so far
/// (dom/wdeg), and restarts with a larger node limit when a run passes its own, keeping the
/// weights. The limit grows without end, so a search ends with a filling or with the whole
/// tree explored (`Dead` is only said by a run that did not stop at its limit).
struct Search<'n> {
    net: &'n Net<'n>,
    /// Per constraint and sum, 1 + the failures it caused.
    weights: Vec<u64>,
    nodes: usize,
    limit: usize,
    /// A xorshift state that breaks ties between positions, so runs differ.
    seed: u64,
    /// Per position, the digit to try first (its bit; 0: none).
    prefer: Vec<u32>,
    /// Runs stopped at their limit so far.
    restarts: usize,
}

impl<'n> Search<'n> {
    fn new(net: &'n Net<'n>, prefer: Vec<u32>, limit: usize) -> Self {
        Search {
            net,
            weights: vec![1; net.len()],
            nodes: 0,
            limit,
            seed: 0x9e37_79b9_7f4a_7c15,
            prefer,
            restarts: 0,
        }
    }

    /// Extends the (propagated) candidates `doms` to a filling that satisfies every
    /// constraint; on success `doms` holds it.
    fn solve(&mut self, doms: &mut [u32]) -> bool {
        loop {
            self.nodes = 0;
            let mut run = doms.to_vec();
            match self.run(&mut run) {
                Ran::Found => {
                    doms.copy_from_slice(&run);
                    return true;
                }
                Ran::Dead => return false,
                Ran::Limit => {
                    self.limit = self.limit.saturating_add(self.limit / 2);
                    self.restarts += 1;
                }
            }
        }
    }

    /// The open position to branch on: fewest candidates per weight, ties broken by the
    /// seed.
    fn pick(&mut self, doms: &[u32]) -> Option<usize> {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        let mut best: Option<(u64, u64, usize)> = None;
        for (v, &d) in doms.iter().enumerate() {
            let size = u64::from(d.count_ones());
            if size < 2 {
                continue;
            }
            let weight: u64 = self.net.on(v).iter().map(|&k| self.weights[k]).sum();
            // size / weight, compared as size · 2^20 / weight.
            let score = (size << 20) / weight.max(1);
            let tie = (v as u64 ^ self.seed).wrapping_mul(0x2545_f491_4f6c_dd1d);
            if best.is_none_or(|b| (score, tie) < (b.0, b.1)) {
                best = Some((score, tie, v));
            }
        }
        best.map(|b| b.2)
    }

    fn run(&mut self, doms: &mut [u32]) -> Ran {
        let Some(v) = self.pick(doms) else {
            let net = self.net;
            let holds = net.reason.iter().zip(net.members).all(|(c, m)| {
                let v: Vec<u64> = m.iter().map(|&w| lowest(doms[w])).collect();
                holds_values(c, &v)
            });
            return if holds { Ran::Found } else { Ran::Dead };
        };
        self.nodes += 1;
        if self.nodes > self.limit {
            return Ran::Limit;
        }
        // The guide's digit first, then the others lowest first; after a restart from a
        // digit the seed picks, so that each run tries other fillings first.
        let first = doms[v] & self.prefer[v];
        let mut order: Vec<u32> = digits_of(doms[v] & !first).collect();
        if self.restarts > 0 && !order.is_empty() {
            let turn = self.seed % order.len() as u64;
            order.rotate_left(usize::try_from(turn).unwrap_or(0));
        }
        let mut child = doms.to_vec();
        for d in digits_of(first).chain(order) {
            child.copy_from_slice(doms);
            child[v] = 1 << d;
            if let Err(k) = self.net.propagate(&mut child, Some(v)) {
                self.weights[k] += 1;
                continue;
            }
            match self.run(&mut child) {
                Ran::Found => {
                    doms.copy_from_slice(&child);
                    return Ran::Found;
                }
                Ran::Limit => return Ran::Limit,
                Ran::Dead => {}
            }
        }
        Ran::Dead
    }
}

/// Can constraint `c` still hold over the candidates `doms` of its cells: sum bounds and
/// product divisibility by the decided cells (for the constraints too large to narrow).
pub(super) fn feasible(c: &Constraint, doms: &[u32]) -> bool {
    let target = c.target.unwrap_or(0);
    match (c.kind, c.op) {
        (ConstraintKind::Run, _) | (ConstraintKind::Cage, Some(Op::Add)) => {
            let lo: u64 = doms.iter().map(|&d| lowest(d)).sum();
            let hi: u64 = doms.iter().map(|&d| highest(d)).sum();
            lo <= target && target <= hi
        }
        (ConstraintKind::RowProduct | ConstraintKind::ColProduct, _)
        | (ConstraintKind::Cage, Some(Op::Mul)) => {
            let mut p: u64 = 1;
            for &d in doms.iter().filter(|d| d.count_ones() == 1) {
                match p.checked_mul(lowest(d)) {
                    Some(q) => p = q,
                    None => return false,
                }
            }
            target % p == 0
        }
        _ => true,
    }
}

/// Do the digits `v` (one per cell, in order) satisfy `c`?
pub(super) fn holds_values(c: &Constraint, v: &[u64]) -> bool {
    let distinct = (0..v.len()).all(|i| !v[..i].contains(&v[i]));
    if c.distinct && !distinct {
        return false;
    }
    let target = c.target.unwrap_or(0);
    match c.kind {
        ConstraintKind::Row
        | ConstraintKind::Column
        | ConstraintKind::Box
        | ConstraintKind::Diagonal => true,
        ConstraintKind::Run => v.iter().sum::<u64>() == target,
        ConstraintKind::RowProduct | ConstraintKind::ColProduct => {
            v.iter().try_fold(1u64, |p, &x| p.checked_mul(x)) == Some(target)
        }
        ConstraintKind::Cage => cage_holds(c.op, target, v),
        ConstraintKind::Visible => {
            let mut tallest = 0;
            let seen = v.iter().filter(|&&x| {
                let taller = x > tallest;
                tallest = tallest.max(x);
                taller
            });
            seen.count() as u64 == target
        }
        ConstraintKind::Less => v.len() == 2 && v[0] < v[1],
        ConstraintKind::Adjacent => v.len() == 2 && v[0].abs_diff(v[1]) == 1,
        ConstraintKind::NotAdjacent => v.len() == 2 && v[0].abs_diff(v[1]) != 1,
        ConstraintKind::Variant => {
            let ds: Vec<u8> = v.iter().map(|&x| u8::try_from(x).unwrap_or(0)).collect();
            match c.rule.as_ref().map(|r| &r.kind) {
                Some(RuleKind::Pair(rel)) => ds.len() == 2 && rel.holds(ds[0], ds[1]),
                Some(RuleKind::Line(rule)) => rule.holds(&ds),
                Some(RuleKind::Distinct) => distinct,
                _ => false,
            }
        }
    }
}

/// A cage's arithmetic, through the verifier's own evaluation of `+ - * /`.
fn cage_holds(op: Option<Op>, target: u64, v: &[u64]) -> bool {
    let t = i128::from(target);
    let v: Vec<i128> = v.iter().map(|&x| i128::from(x)).collect();
    match op {
        _ if v.len() == 1 => v[0] == t,
        Some(Op::Any) => Op::ARITHMETIC.into_iter().any(|op| op_holds(op, t, &v)),
        Some(op) => op_holds(op, t, &v),
        None => false,
    }
}

/// The digits of a candidate set, lowest first.
pub(super) fn digits_of(mut bits: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let d = bits.trailing_zeros();
            bits &= bits - 1;
            d
        })
    })
}

fn lowest(bits: u32) -> u64 {
    u64::from(bits.trailing_zeros())
}

fn highest(bits: u32) -> u64 {
    u64::from(31 - bits.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> Constraint {
        Constraint {
            kind: ConstraintKind::Row,
            cells: (0..4).map(|c| Cell::new(0, c)).collect(),
            op: None,
            target: None,
            distinct: true,
            rule: None,
        }
    }

    fn cage(target: u64) -> Constraint {
        Constraint {
            kind: ConstraintKind::Cage,
            cells: (0..3).map(|c| Cell::new(0, c)).collect(),
            op: Some(Op::Add),
            target: Some(target),
            distinct: true,
            rule: None,
        }
    }

    #[test]
    fn an_innie_is_proved_and_a_wrong_one_refused() {
        let cands = Candidates {
            cols: 4,
            bits: vec![0b11110; 16],
        };
        let (r, at) = (row(), Cell::new(0, 3));
        // The row adds up to 10 and the cage to 7: D1 is 3, so it is not 1 ...
        let seven = cage(7);
        assert_eq!(
            contradiction(&[&r, &seven], &cands, (at, 1 << 1), 4, Expect::Nothing),
            None
        );
        let eqs = equations(&[&r, &seven], &[vec![0, 1, 2, 3], vec![0, 1, 2]], 4, 4);
        assert!(eqs.contains(&super::super::sums::Equation {
            terms: vec![(3, 1)],
            total: 3
        }));
        // ... but with a cage of 6 it is 4: eliminating 4 is not forced, a filling says so.
        let six = cage(6);
        let witness = contradiction(&[&r, &six], &cands, (at, 1 << 4), 4, Expect::Nothing);
        assert!(witness.is_some());
    }

    #[test]
    fn a_chain_is_proved_by_propagation_and_a_wrong_step_refused() {
        let cands = Candidates {
            cols: 4,
            bits: vec![0b11110; 16],
        };
        let r = row();
        let mut three = cage(3);
        three.cells.truncate(2);
        let mut five = cage(5);
        five.cells = vec![Cell::new(0, 2), Cell::new(1, 2)];
        // A1 A2 hold 1 and 2 (the cage of 3), so A3 is 3 or 4 (the row), so B3 is 2 or 1
        // (the cage of 5): B3 is not 3.
        let reason = [&r, &three, &five];
        let at = Cell::new(1, 2);
        assert_eq!(
            contradiction(&reason, &cands, (at, 1 << 3), 4, Expect::Nothing),
            None
        );
        // Without any one of the three, B3 may be 3.
        for drop in 0..3 {
            let rest: Vec<&Constraint> = (0..3).filter(|&k| k != drop).map(|k| reason[k]).collect();
            assert!(contradiction(&rest, &cands, (at, 1 << 3), 4, Expect::Filling(&[])).is_some());
        }
        // B3 = 2 with A3 = 3 is a filling: eliminating 2 is refused, with it as the witness.
        let witness =
            contradiction(&reason, &cands, (at, 1 << 2), 4, Expect::Nothing).map(|f| text(&f));
        assert!(
            witness.as_ref().is_some_and(|w| w.contains("B3=2")),
            "{witness:?}"
        );
    }
}
