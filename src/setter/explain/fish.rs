//! # Fish, read straight from the candidates
//!
//! For one digit, `k` rows (the *base*) whose places of the digit all lie in `k` columns
//! (the *cover*) take the digit in those columns; every other cell of the cover loses it:
//! an X-wing (`k` = 2), a swordfish (3) or a jellyfish (4); the same with rows and columns
//! swapped. Only full houses (as many cells as digits) take part. The reason of each
//! elimination is the `k` base lines and the `k` cover lines; the explainer keeps a fish
//! only when that reason is minimal (no smaller fish inside it forces the same), so that the
//! replay accepts it.

use crate::puzzle::{ConstraintKind, Constraints};

/// The largest fish looked for (a jellyfish).
const MAX_FISH: usize = 4;

/// A fish's elimination: grid index, digit, size, and its reason (base lines, then cover
/// lines, as constraint indices).
pub(super) struct FishStep {
    pub i: usize,
    pub d: u32,
    pub size: usize,
    pub reason: Vec<usize>,
}

/// The full rows and the full columns of the model (constraint indices).
pub(super) fn lines(model: &Constraints, members: &[Vec<usize>]) -> [Vec<usize>; 2] {
    let full = |k: usize| members[k].len() == usize::from(model.max_digit);
    let of = |kind: ConstraintKind| -> Vec<usize> {
        (0..members.len())
            .filter(|&k| model.list[k].kind == kind && full(k))
            .collect()
    };
    [of(ConstraintKind::Row), of(ConstraintKind::Column)]
}

/// Every fish elimination of the candidates `doms`, smallest fish first, then by cell and
/// digit. `lines` are the full rows and columns ([`lines`]).
pub(super) fn fish(
    lines: &[Vec<usize>; 2],
    members: &[Vec<usize>],
    doms: &[u32],
    max_digit: u8,
) -> Vec<FishStep> {
    let mut out = Vec::new();
    for size in 2..=MAX_FISH {
        let mut found = Vec::new();
        for (base, cover) in [(&lines[0], &lines[1]), (&lines[1], &lines[0])] {
            // The cover line of each grid index.
            let mut cover_of = vec![usize::MAX; doms.len()];
            for (at, &c) in cover.iter().enumerate() {
                for &i in &members[c] {
                    cover_of[i] = at;
                }
            }
            for d in 1..=u32::from(max_digit) {
                let bit = 1u32 << d;
                // Base lines where the digit is open in 2..=size places (none decided).
                let places: Vec<(usize, u32)> = base
                    .iter()
                    .filter_map(|&b| {
                        let cells: Vec<usize> = members[b]
                            .iter()
                            .copied()
                            .filter(|&i| doms[i] & bit != 0)
                            .collect();
                        let decided = cells.iter().any(|&i| doms[i] == bit);
                        let covers = cells.iter().try_fold(0u32, |m, &i| {
                            (cover_of[i] < 32).then(|| m | (1 << cover_of[i]))
                        })?;
                        (!decided && (2..=size).contains(&cells.len())).then_some((b, covers))
                    })
                    .collect();
                for pick in combinations(places.len(), size) {
                    let covers = pick.iter().fold(0u32, |m, &p| m | places[p].1);
                    if covers.count_ones() as usize != size {
                        continue;
                    }
                    let bases: Vec<usize> = pick.iter().map(|&p| places[p].0).collect();
                    let covered: Vec<usize> = (0..cover.len())
                        .filter(|&c| covers & (1 << c) != 0)
                        .map(|c| cover[c])
                        .collect();
                    for &c in &covered {
                        for &i in &members[c] {
                            let in_base = bases.iter().any(|&b| members[b].contains(&i));
                            if !in_base && doms[i] & bit != 0 {
                                let mut reason = bases.clone();
                                reason.extend(&covered);
                                reason.sort_unstable();
                                found.push(FishStep { i, d, size, reason });
                            }
                        }
                    }
                }
            }
        }
        found.sort_by_key(|f| (f.i, f.d));
        out.extend(found);
    }
    out
}

/// Every `k`-subset of `0..n`, as sorted indices.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for x in start..n {
            if n - x < k - cur.len() {
                break;
            }
            cur.push(x);
            go(x + 1, n, k, cur, out);
            let _ = cur.pop();
        }
    }
    let mut out = Vec::new();
    if k <= n {
        go(0, n, k, &mut Vec::with_capacity(k), &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_every_subset_once() {
        assert_eq!(combinations(4, 2).len(), 6);
        assert_eq!(combinations(9, 4).len(), 126);
        assert_eq!(combinations(2, 3), Vec::<Vec<usize>>::new());
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
    }

    /// A 4×4 grid's rows (0..4) and columns (4..8) as members.
    fn square() -> Vec<Vec<usize>> {
        let mut m: Vec<Vec<usize>> = (0..4)
            .map(|r| (0..4).map(|c| r * 4 + c).collect())
            .collect();
        m.extend((0..4).map(|c| (0..4).map(|r| r * 4 + c).collect::<Vec<_>>()));
        m
    }

    #[test]
    fn an_x_wing_clears_its_columns() {
        let members = square();
        let lines = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        // Digit 1 open everywhere but rows A and C, where it is in columns 1 and 3 only.
        let mut doms = vec![0b11110u32; 16];
        for i in [1, 3, 9, 11] {
            doms[i] &= !0b10;
        }
        let found = fish(&lines, &members, &doms, 4);
        let x: Vec<(usize, usize)> = found
            .iter()
            .filter(|f| f.d == 1 && f.size == 2)
            .map(|f| (f.i, f.reason.len()))
            .collect();
        // Rows A and C (0, 2) with columns 1 and 3 (4, 6): B1, D1, B3, D3 lose the digit.
        assert!(x.contains(&(4, 4)) && x.contains(&(12, 4)), "{x:?}");
        assert!(x.contains(&(6, 4)) && x.contains(&(14, 4)), "{x:?}");
        let step = found.iter().find(|f| f.i == 4 && f.d == 1).unwrap();
        assert_eq!(step.reason, vec![0, 2, 4, 6]);
    }
}
