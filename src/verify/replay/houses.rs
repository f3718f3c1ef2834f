//! # A house split by the sum cages inside it
//!
//! A full house (all different, as many cells as digits) holds every digit once. When sum
//! cages with distinct digits lie wholly inside it, each cage takes one digit set of its
//! size and sum, no two cages share a digit, and the house's cells outside the cages take
//! exactly the digits the cages left. Neither the house alone nor one cage alone sees that
//! (two cages of 10 in one row cannot both take {1, 9}; the row's last free cell takes the
//! digit no cage can). The replay narrows a house and its cages together by that meaning:
//! a candidate stays when some choice of one set per cage, pairwise disjoint, keeps it, the
//! cage's cells matched to its set or the free cells to the digits left over, each by a
//! matching (`propagate`'s all-different).

use crate::puzzle::{Constraint, ConstraintKind, Op};

use super::propagate::{all_different, subsets};

/// Most choices of sets one narrowing may try; past it the split narrows nothing (its
/// house and cages are still narrowed and checked one by one).
const CHOICES: usize = 20_000;

/// A full house of the reason and the pairwise disjoint sum cages of the reason inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Split {
    /// The positions of each cage, then (last) of the house's cells in no cage.
    parts: Vec<Vec<usize>>,
    /// Each cage's digit sets of its size and sum (one list fewer than `parts`).
    sets: Vec<Vec<u32>>,
    /// The house's digits, 1..=N.
    all: u32,
}

/// The splits of the reason's full houses (`members[k]`: constraint k's positions):
/// every house holding two or more of its sum cages, or one beside free cells. Digits
/// run 1..=`max`.
pub(super) fn splits(reason: &[&Constraint], members: &[Vec<usize>], max: u8) -> Vec<Split> {
    let n = usize::from(max);
    let all = 1u32
        .checked_shl(u32::from(max) + 1)
        .map_or(0, |b| (b - 1) & !1);
    let cages: Vec<usize> = (0..reason.len())
        .filter(|&k| {
            let c = reason[k];
            let sum = c.kind == ConstraintKind::Run
                || (c.kind == ConstraintKind::Cage && c.op == Some(Op::Add));
            sum && c.distinct && c.target.is_some()
        })
        .collect();
    let mut out = Vec::new();
    for (h, c) in reason.iter().enumerate() {
        if !(c.kind.is_group() && c.distinct && members[h].len() == n) || all == 0 {
            continue;
        }
        let house = &members[h];
        let mut taken: Vec<usize> = Vec::new();
        let (mut parts, mut sets) = (Vec::new(), Vec::new());
        for &k in &cages {
            let m = &members[k];
            if m.iter().all(|p| house.contains(p)) && m.iter().all(|p| !taken.contains(p)) {
                taken.extend(m);
                parts.push(m.clone());
                let mut of = Vec::new();
                subsets(all, m.len(), reason[k].target.unwrap_or(0), 0, &mut of);
                sets.push(of);
            }
        }
        let free: Vec<usize> = house
            .iter()
            .copied()
            .filter(|p| !taken.contains(p))
            .collect();
        if parts.len() + usize::from(!free.is_empty()) < 2 {
            continue;
        }
        parts.push(free);
        out.push(Split { parts, sets, all });
    }
    out
}

impl Split {
    /// The positions the split narrows, in the order [`Split::supported`] answers.
    pub(super) fn positions(&self) -> Vec<usize> {
        self.parts.concat()
    }

    /// The candidates of each position (in [`Split::positions`]' order; `doms` holds every
    /// position's) that some choice of disjoint cage sets keeps; `None` past [`CHOICES`].
    pub(super) fn supported(&self, doms: &[u32]) -> Option<Vec<u32>> {
        let part_doms: Vec<Vec<u32>> = self
            .parts
            .iter()
            .map(|p| p.iter().map(|&x| doms[x]).collect())
            .collect();
        // Per cage, the sets its cells can be matched into, each with what it keeps.
        let mut options: Vec<Vec<(u32, Vec<u32>)>> = Vec::with_capacity(self.sets.len());
        for (cells, sets) in part_doms.iter().zip(&self.sets) {
            let union = cells.iter().fold(0u32, |a, &d| a | d) & self.all;
            let fits: Vec<(u32, Vec<u32>)> = sets
                .iter()
                .filter(|&&set| set & !union == 0 && cells.iter().all(|&d| d & set != 0))
                .map(|&set| (set, all_different(cells, set)))
                .filter(|(_, keep)| keep.iter().all(|&k| k != 0))
                .collect();
            options.push(fits);
        }
        let mut walk = Walk {
            options: &options,
            free: &part_doms[self.sets.len()],
            out: part_doms.iter().map(|p| vec![0u32; p.len()]).collect(),
            chosen: Vec::with_capacity(self.sets.len()),
            left_over: Vec::new(),
            budget: CHOICES,
        };
        if !walk.choose(self.all) {
            return None;
        }
        Some(walk.out.concat())
    }
}

/// The choice of one set per cage, cage by cage.
struct Walk<'a> {
    options: &'a [Vec<(u32, Vec<u32>)>],
    /// The free cells' candidates.
    free: &'a [u32],
    /// Per part, the candidates some full choice kept so far.
    out: Vec<Vec<u32>>,
    /// The option chosen for each cage before the current one.
    chosen: Vec<usize>,
    /// The digits left for the free cells, and what the free cells keep with them.
    left_over: Vec<(u32, Vec<u32>)>,
    budget: usize,
}

impl Walk<'_> {
    /// Tries every option of the next cage that uses none of the digits already taken
    /// (`left`: the digits not taken); `false` when the budget runs out.
    fn choose(&mut self, left: u32) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let i = self.chosen.len();
        if i == self.options.len() {
            self.finish(left);
            return true;
        }
        for o in 0..self.options[i].len() {
            let set = self.options[i][o].0;
            if set & !left != 0 {
                continue;
            }
            self.chosen.push(o);
            let more = self.choose(left & !set);
            let _ = self.chosen.pop();
            if !more {
                return false;
            }
        }
        true
    }

    /// Every cage has a set: the free cells take the digits `left`, when they can.
    fn finish(&mut self, left: u32) {
        let keep = match self.left_over.iter().find(|x| x.0 == left) {
            Some(x) => x.1.clone(),
            None => {
                let keep = all_different(self.free, left);
                self.left_over.push((left, keep.clone()));
                keep
            }
        };
        if keep.contains(&0) {
            return;
        }
        let last = self.options.len();
        for (o, k) in self.out[last].iter_mut().zip(&keep) {
            *o |= k;
        }
        for (i, &o) in self.chosen.iter().enumerate() {
            for (x, k) in self.out[i].iter_mut().zip(&self.options[i][o].1) {
                *x |= k;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn constraint(kind: ConstraintKind, cols: &[u8], target: Option<u64>) -> Constraint {
        Constraint {
            kind,
            cells: cols.iter().map(|&c| Cell::new(0, c)).collect(),
            op: (kind == ConstraintKind::Cage).then_some(Op::Add),
            target,
            distinct: true,
            rule: None,
        }
    }

    /// Every candidate of the house's positions `0..n` that some filling with distinct
    /// digits, each cage adding up to its sum, keeps: brute force.
    fn brute(cages: &[(&[u8], u64)], doms: &[u32]) -> Vec<u32> {
        let n = doms.len();
        let mut out = vec![0u32; n];
        let mut v = vec![0u32; n];
        fn walk(at: usize, doms: &[u32], v: &mut [u32], cages: &[(&[u8], u64)], out: &mut [u32]) {
            if at == doms.len() {
                let sums_hold = cages.iter().all(|(cells, sum)| {
                    cells
                        .iter()
                        .map(|&c| u64::from(v[usize::from(c)]))
                        .sum::<u64>()
                        == *sum
                });
                if sums_hold {
                    out.iter_mut()
                        .zip(v.iter())
                        .for_each(|(o, &d)| *o |= 1 << d);
                }
                return;
            }
            for d in digits_of_test(doms[at]) {
                if !v[..at].contains(&d) {
                    v[at] = d;
                    walk(at + 1, doms, v, cages, out);
                }
            }
        }
        walk(0, doms, &mut v, cages, &mut out);
        out
    }

    fn digits_of_test(bits: u32) -> Vec<u32> {
        (0..32).filter(|d| bits & 1 << d != 0).collect()
    }

    /// The split's narrowing, answered per position `0..n`.
    fn narrowed(cages: &[(&[u8], u64)], doms: &[u32]) -> Vec<u32> {
        let n = doms.len() as u8;
        let all: Vec<u8> = (0..n).collect();
        let mut list = vec![constraint(ConstraintKind::Row, &all, None)];
        for (cells, sum) in cages {
            list.push(constraint(ConstraintKind::Cage, cells, Some(*sum)));
        }
        let reason: Vec<&Constraint> = list.iter().collect();
        let members: Vec<Vec<usize>> = list
            .iter()
            .map(|c| c.cells.iter().map(|x| usize::from(x.col)).collect())
            .collect();
        let found = splits(&reason, &members, n);
        assert_eq!(found.len(), 1);
        let keep = found[0].supported(doms).expect("within the budget");
        let mut out = vec![0u32; doms.len()];
        for (p, k) in found[0].positions().into_iter().zip(keep) {
            out[p] = k;
        }
        out
    }

    #[test]
    fn a_split_keeps_what_brute_force_keeps() {
        let layouts: [(u8, Vec<&[u8]>); 4] = [
            (4, vec![&[0, 1], &[2, 3]]),
            (5, vec![&[0, 1], &[2, 3]]),
            (6, vec![&[0, 1, 2], &[3, 4]]),
            (6, vec![&[1, 3]]),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut cases = 0;
        for (n, cells) in layouts {
            let all = (1u32 << (n + 1)) - 2;
            for round in 0..300 {
                let doms: Vec<u32> = (0..n)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        // Every other round the full house, else a random part of it.
                        let d = if round % 2 == 0 {
                            all
                        } else {
                            (seed as u32) & all
                        };
                        if d == 0 {
                            all
                        } else {
                            d
                        }
                    })
                    .collect();
                let sums: Vec<u64> = cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let (lo, hi) = (
                            c.len() * (c.len() + 1) / 2,
                            c.len() * (2 * usize::from(n) + 1 - c.len()) / 2,
                        );
                        (lo + (seed as usize >> (8 * i)) % (hi - lo + 1)) as u64
                    })
                    .collect();
                let cages: Vec<(&[u8], u64)> = cells.iter().copied().zip(sums).collect();
                let want = brute(&cages, &doms);
                let got = narrowed(&cages, &doms);
                if want.iter().all(|&w| w == 0) {
                    // No filling: some position is left without a candidate.
                    assert!(got.contains(&0), "{n} {cages:?} {doms:?}");
                } else {
                    assert_eq!(got, want, "{n} {cages:?} {doms:?}");
                    cases += 1;
                }
            }
        }
        assert!(cases > 100, "{cases}");
    }

    #[test]
    fn two_cages_in_a_row_take_disjoint_digit_sets() {
        // A row of 1..5 with cages A1+A2 = 9 and A3+A4 = 5: {4, 5} and {1, 4} or {2, 3};
        // {4, 5} takes the 4, so A3 A4 are {2, 3} and A5 is 1. Each cage alone, or the
        // row alone, keeps 1 and 4 in A3 and every digit in A5.
        let all = 0b11_1110;
        let got = narrowed(&[(&[0, 1], 9), (&[2, 3], 5)], &[all; 5]);
        assert_eq!(got, vec![0b11_0000, 0b11_0000, 0b1100, 0b1100, 0b10]);
    }

    #[test]
    fn overlapping_cages_are_not_split_together() {
        let row = constraint(ConstraintKind::Row, &[0, 1, 2, 3], None);
        let a = constraint(ConstraintKind::Cage, &[0, 1], Some(3));
        let b = constraint(ConstraintKind::Cage, &[1, 2], Some(7));
        let reason = [&row, &a, &b];
        let members = vec![vec![0, 1, 2, 3], vec![0, 1], vec![1, 2]];
        let found = splits(&reason, &members, 4);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].parts, vec![vec![0, 1], vec![2, 3]]);
        // A cage alone filling the house is no split.
        let whole = constraint(ConstraintKind::Cage, &[0, 1, 2, 3], Some(10));
        let members = vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3]];
        assert_eq!(splits(&[&row, &whole], &members, 4), Vec::new());
    }
}
