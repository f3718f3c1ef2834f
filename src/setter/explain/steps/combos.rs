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
    /// Per cage, its cells (positions in `cells`) and its digit sets (of its size and sum,
    /// over all the house's digits).
    cages: Vec<(std::ops::Range<usize>, Vec<u32>)>,
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
        if !super::full_house(c, model.max_digit) {
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
            let sum = model.list[k].target.unwrap_or(0);
            spans.push((from..cells.len(), digit_sets(all, members[k].len(), sum)));
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
        // The options, cage by cage (`first[c]..first[c + 1]`): per option its set and,
        // from `at[option]` in `kept`, the digits each of its cage's cells keeps.
        let mut options = Options {
            first: Vec::with_capacity(self.cages.len() + 1),
            sets: Vec::new(),
            at: Vec::new(),
            kept: Vec::new(),
        };
        let mut inside = [0u32; 32];
        for (span, sets) in &self.cages {
            options.first.push(options.sets.len());
            let cells = &now[span.clone()];
            let n = cells.len();
            let union = cells.iter().fold(0, |a, &b| a | b);
            for &set in sets {
                if set & !union != 0 {
                    continue;
                }
                for (x, &d) in inside.iter_mut().zip(cells) {
                    *x = d & set;
                }
                let from = options.kept.len();
                options.kept.resize(from + n, 0);
                if within_set(&inside[..n], set, &mut options.kept[from..]) {
                    options.sets.push(set);
                    options.at.push(from);
                } else {
                    options.kept.truncate(from);
                }
            }
        }
        options.first.push(options.sets.len());
        let mut out = vec![0u32; self.cells.len()];
        let mut walk = Walk {
            rule: self,
            now: &now,
            options: &options,
            out: &mut out,
            rest: Vec::new(),
            rest_kept: Vec::new(),
            nodes: 0,
            chosen: Vec::with_capacity(self.cages.len()),
        };
        // Stopped early: past the budget, or every candidate already kept.
        if !walk.choose(0, 0) {
            return now;
        }
        out
    }
}

/// Each cage's sets that fit its cells, with the digits each cell keeps within them.
struct Options {
    first: Vec<usize>,
    sets: Vec<u32>,
    at: Vec<usize>,
    kept: Vec<u32>,
}

/// The depth-first choice of one set per cage.
struct Walk<'a> {
    rule: &'a ComboRule,
    now: &'a [u32],
    options: &'a Options,
    out: &'a mut [u32],
    /// The other cells' arc consistency per set of digits left: the set, whether they
    /// have a filling and from where in `rest_kept` their digits lie; a few sets per
    /// call, so a list.
    rest: Vec<(u32, bool, usize)>,
    rest_kept: Vec<u32>,
    nodes: usize,
    /// The option chosen per cage so far.
    chosen: Vec<usize>,
}

impl Walk<'_> {
    /// Chooses for cage `at` on, the digits `used` taken: `false` past the budget, or
    /// once every candidate is kept (nothing more to find).
    fn choose(&mut self, at: usize, used: u32) -> bool {
        self.nodes += 1;
        if self.nodes > MOST_NODES {
            return false;
        }
        if at == self.rule.cages.len() {
            return self.leaf(used);
        }
        let options = self.options;
        for pick in options.first[at]..options.first[at + 1] {
            if options.sets[pick] & used != 0 {
                continue;
            }
            self.chosen.push(pick);
            let within = self.choose(at + 1, used | options.sets[pick]);
            let _ = self.chosen.pop();
            if !within {
                return false;
            }
        }
        true
    }

    /// A choice for every cage, the digits `used` taken: the other cells filled from the
    /// digits left, and what each cell keeps added; `false` once every candidate is kept.
    fn leaf(&mut self, used: u32) -> bool {
        let left = self.rule.all & !used;
        let span = self.rule.rest.clone();
        let n = span.len();
        let (filled, from) = match self.rest.iter().find(|r| r.0 == left) {
            Some(&(_, filled, from)) => (filled, from),
            None => {
                let mut inside = [0u32; 32];
                for (x, &d) in inside.iter_mut().zip(&self.now[span.clone()]) {
                    *x = d & left;
                }
                let from = self.rest_kept.len();
                self.rest_kept.resize(from + n, 0);
                let filled = within_set(&inside[..n], left, &mut self.rest_kept[from..]);
                self.rest.push((left, filled, from));
                (filled, from)
            }
        };
        if !filled {
            return true;
        }
        for (o, &k) in self.out[span]
            .iter_mut()
            .zip(&self.rest_kept[from..from + n])
        {
            *o |= k;
        }
        let options = self.options;
        for (cage, &pick) in self.chosen.iter().enumerate() {
            let span = self.rule.cages[cage].0.clone();
            let from = options.at[pick];
            for (o, &k) in self.out[span.clone()]
                .iter_mut()
                .zip(&options.kept[from..from + span.len()])
            {
                *o |= k;
            }
        }
        self.out != self.now
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
            cages: vec![(0..2, digit_sets(all, 2, 5)), (2..3, digit_sets(all, 1, 4))],
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
            cages: vec![(0..2, digit_sets(all, 2, 5)), (2..4, digit_sets(all, 2, 5))],
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
            cages: vec![(0..2, digit_sets(all, 2, 3)), (2..4, digit_sets(all, 2, 3))],
            rest: 4..4,
            all,
            sources: vec![],
        };
        assert_eq!(rule.supported(&[all; 4]), vec![0; 4]);
    }

    /// What some filling of the house keeps: every permutation of its digits over its
    /// cells within their candidates, each cage at its sum.
    fn by_brute_force(rule: &ComboRule, sums: &[u32], doms: &[u32]) -> Vec<u32> {
        fn walk(
            rule: &ComboRule,
            sums: &[u32],
            doms: &[u32],
            at: usize,
            used: u32,
            filling: &mut Vec<u32>,
            out: &mut [u32],
        ) {
            if at == doms.len() {
                let fits = rule
                    .cages
                    .iter()
                    .zip(sums)
                    .all(|((span, _), &sum)| filling[span.clone()].iter().sum::<u32>() == sum);
                if fits {
                    for (o, &d) in out.iter_mut().zip(filling.iter()) {
                        *o |= 1 << d;
                    }
                }
                return;
            }
            for d in crate::setter::explain::gac::digits(doms[at] & !used) {
                filling.push(d);
                walk(rule, sums, doms, at + 1, used | 1 << d, filling, out);
                let _ = filling.pop();
            }
        }
        let mut out = vec![0; doms.len()];
        walk(rule, sums, doms, 0, 0, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn supported_is_what_some_filling_keeps() {
        // The same cases every run.
        let mut rng = crate::rng::SplitMix64::new(0x1234_5678);
        let mut next = |m: u64| rng.below(m);
        for _ in 0..2_000 {
            let n = 4 + next(3) as usize;
            let all = ((1u32 << (n + 1)) - 1) & !1;
            // Cages of one to three cells from the front, the rest of the house in none.
            let mut cages = Vec::new();
            let mut sums = Vec::new();
            let mut from = 0;
            while from < n && next(4) != 0 {
                let len = (1 + next(3) as usize).min(n - from);
                let sum = 1 + next(3 * n as u64) as u32;
                cages.push((from..from + len, digit_sets(all, len, u64::from(sum))));
                sums.push(sum);
                from += len;
            }
            let rule = ComboRule {
                cells: (0..n).collect(),
                cages,
                rest: from..n,
                all,
                sources: vec![],
            };
            let doms: Vec<u32> = (0..n)
                .map(|_| all & ((next(1 << n) as u32) << 1 | (1 << (1 + next(n as u64)))))
                .collect();
            assert_eq!(
                rule.supported(&doms),
                by_brute_force(&rule, &sums, &doms),
                "{rule:?} over {doms:?}"
            );
        }
    }
}
