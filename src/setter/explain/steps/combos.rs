//! # Cage combinations in a house
//!
//! A full house (as many cells as digits, all distinct) and the sum cages wholly inside it:
//! the cages take disjoint digit sets, and the digits they leave fill the house's other
//! cells. A cage's combination that clashes with every choice of its neighbours' goes,
//! with the digits only it held; so does a digit of the other cells that no choice leaves.
//! Neither the house alone nor any cage alone sees that (a cage of 10 in two cells
//! cannot be {1, 9} when another cage of the row needs 9; the last cell of the row takes
//! the digit no cage's combination can).
//!
//! [`ComboRule::supported`] tries every choice of one set per cage, disjoint, under a
//! node budget ([`MOST_NODES`]; past it the rule keeps every candidate, which is never
//! wrong). A rule's sources, the reason of any step it gives, are the house and its cages.

use crate::puzzle::{ConstraintKind, Constraints, Op};

use crate::setter::explain::gac::{digit_sets, within_set};

/// The most choices one rule tries before it gives up (and keeps every candidate).
const MOST_NODES: usize = 20_000;

/// One house with the sum cages inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ComboRule {
    /// Grid indices: the cages' cells, cage by cage, then the house's other cells.
    pub(super) cells: Vec<usize>,
    /// Per cage, its cells (positions in `cells`) and its sum.
    cages: Vec<(std::ops::Range<usize>, u64)>,
    /// Positions in `cells` of the house's cells in no cage.
    rest: std::ops::Range<usize>,
    /// The digits of the house.
    all: u32,
    /// The house and its cages (indices into the model's list, in order).
    pub(super) sources: Vec<usize>,
}

/// The rules of `model`: every full house holding a sum cage wholly, and two or more of
/// them, or one beside cells in no cage.
pub(super) fn rules(model: &Constraints, members: &[Vec<usize>]) -> Vec<ComboRule> {
    let n = usize::from(model.max_digit);
    let all = ((1u32 << (model.max_digit + 1)) - 1) & !1;
    let cages: Vec<usize> = (0..model.list.len())
        .filter(|&k| {
            let c = &model.list[k];
            c.kind == ConstraintKind::Cage
                && c.op == Some(Op::Add)
                && c.distinct
                && c.target.is_some()
        })
        .collect();
    let mut out = Vec::new();
    for (h, c) in model.list.iter().enumerate() {
        if !(c.kind.is_group() && c.distinct && members[h].len() == n) {
            continue;
        }
        let house = &members[h];
        let inside: Vec<usize> = cages
            .iter()
            .copied()
            .filter(|&k| members[k].iter().all(|i| house.contains(i)))
            .collect();
        let caged: usize = inside.iter().map(|&k| members[k].len()).sum();
        if inside.is_empty() || (inside.len() == 1 && caged == n) {
            continue;
        }
        let mut cells: Vec<usize> = Vec::with_capacity(n);
        let mut spans = Vec::new();
        for &k in &inside {
            let from = cells.len();
            cells.extend(&members[k]);
            spans.push((from..cells.len(), model.list[k].target.unwrap_or(0)));
        }
        let from = cells.len();
        let others: Vec<usize> = house
            .iter()
            .copied()
            .filter(|i| !cells.contains(i))
            .collect();
        cells.extend(others);
        let mut sources: Vec<usize> = inside.clone();
        sources.push(h);
        sources.sort_unstable();
        out.push(ComboRule {
            rest: from..cells.len(),
            cells,
            cages: spans,
            all,
            sources,
        });
    }
    out
}

impl ComboRule {
    /// The candidates of each of the rule's cells (in order) that some choice of disjoint
    /// cage sets, with the digits left filling the other cells, keeps; every candidate
    /// when the choices run past [`MOST_NODES`].
    pub(super) fn supported(&self, doms: &[u32]) -> Vec<u32> {
        let now: Vec<u32> = self.cells.iter().map(|&i| doms[i]).collect();
        // Per cage, its sets that fit its cells, each with the digits each cell keeps.
        let mut options: Vec<Vec<(u32, Vec<u32>)>> = Vec::with_capacity(self.cages.len());
        for (span, sum) in &self.cages {
            let cells = &now[span.clone()];
            let union = cells.iter().fold(0, |a, &b| a | b);
            let mut fits = Vec::new();
            for set in digit_sets(union, cells.len(), *sum) {
                let inside: Vec<u32> = cells.iter().map(|&d| d & set).collect();
                if let Some(kept) = within_set(&inside, set) {
                    fits.push((set, kept));
                }
            }
            options.push(fits);
        }
        let mut out = vec![0u32; self.cells.len()];
        let mut walk = Walk {
            rule: self,
            now: &now,
            options: &options,
            out: &mut out,
            rest: Vec::new(),
            nodes: 0,
            chosen: Vec::with_capacity(self.cages.len()),
        };
        if !walk.choose(0, 0) {
            return now;
        }
        out
    }
}

/// The depth-first choice of one set per cage.
struct Walk<'a> {
    rule: &'a ComboRule,
    now: &'a [u32],
    options: &'a [Vec<(u32, Vec<u32>)>],
    out: &'a mut [u32],
    /// The other cells' arc consistency per set of digits left (`None`: no filling); a
    /// few sets per call, so a list.
    rest: Vec<(u32, Option<Vec<u32>>)>,
    nodes: usize,
    /// The option chosen per cage so far.
    chosen: Vec<usize>,
}

impl Walk<'_> {
    /// Chooses for cage `at` on, the digits `used` taken: `false` past the budget.
    fn choose(&mut self, at: usize, used: u32) -> bool {
        self.nodes += 1;
        if self.nodes > MOST_NODES {
            return false;
        }
        if at == self.options.len() {
            let left = self.rule.all & !used;
            let span = self.rule.rest.clone();
            let now = self.now;
            let fill = match self.rest.iter().find(|(l, _)| *l == left) {
                Some((_, fill)) => fill.clone(),
                None => {
                    let inside: Vec<u32> = now[span].iter().map(|&d| d & left).collect();
                    let fill = within_set(&inside, left);
                    self.rest.push((left, fill.clone()));
                    fill
                }
            };
            if let Some(kept) = fill {
                for (o, k) in self.out[self.rule.rest.clone()].iter_mut().zip(kept) {
                    *o |= k;
                }
                for (cage, &pick) in self.chosen.iter().enumerate() {
                    let span = self.rule.cages[cage].0.clone();
                    for (o, &k) in self.out[span].iter_mut().zip(&self.options[cage][pick].1) {
                        *o |= k;
                    }
                }
            }
            return true;
        }
        for (pick, (set, _)) in self.options[at].iter().enumerate() {
            if set & used != 0 {
                continue;
            }
            self.chosen.push(pick);
            let within = self.choose(at + 1, used | set);
            let _ = self.chosen.pop();
            if !within {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, &d| m | (1 << d))
    }

    #[test]
    fn choices_keep_what_some_filling_keeps() {
        let all = bits(&[1, 2, 3, 4]);
        let rule = ComboRule {
            cells: vec![0, 1, 2, 3],
            cages: vec![(0..2, 5), (2..3, 4)],
            rest: 3..4,
            all,
            sources: vec![],
        };
        assert_eq!(
            rule.supported(&[all, all, all, all]),
            vec![bits(&[2, 3]), bits(&[2, 3]), bits(&[4]), bits(&[1])]
        );
        // Two cages of 5 in one row of four: {1,4} and {2,3} in either order.
        let rule = ComboRule {
            cells: vec![0, 1, 2, 3],
            cages: vec![(0..2, 5), (2..4, 5)],
            rest: 4..4,
            all,
            sources: vec![],
        };
        let with_one = [bits(&[1]), all, all, all];
        assert_eq!(
            rule.supported(&with_one),
            vec![bits(&[1]), bits(&[4]), bits(&[2, 3]), bits(&[2, 3])]
        );
        // No choice at all: every cell empties.
        let rule = ComboRule {
            cells: vec![0, 1, 2, 3],
            cages: vec![(0..2, 3), (2..4, 3)],
            rest: 4..4,
            all,
            sources: vec![],
        };
        assert_eq!(rule.supported(&[all; 4]), vec![0; 4]);
    }
}
