//! # Random Latin squares
//!
//! Row by row: each new row is a random perfect matching between columns and the digits not
//! yet used in them (Kuhn's augmenting paths, visiting columns and digits in random order).
//! A Latin rectangle always extends to a square (Hall's theorem), so this never backtracks.
//! The squares are not uniformly distributed, but they are not relabelled cyclic squares
//! either: every row is an independent random matching.

use crate::rng::SplitMix64;

/// Fisher–Yates shuffle.
pub(crate) fn shuffle<T>(rng: &mut SplitMix64, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A random n×n Latin square over digits `1..=n`, as rows.
#[must_use]
pub(crate) fn random_latin_square(n: usize, rng: &mut SplitMix64) -> Vec<Vec<u8>> {
    // used[c][d]: digit d+1 already in column c.
    let mut used = vec![vec![false; n]; n];
    let mut rows = Vec::with_capacity(n);
    for _ in 0..n {
        // owner[d] = column currently matched to digit d.
        let mut owner: Vec<Option<usize>> = vec![None; n];
        let mut cols: Vec<usize> = (0..n).collect();
        shuffle(rng, &mut cols);
        for &c in &cols {
            let mut order: Vec<usize> = (0..n).collect();
            shuffle(rng, &mut order);
            let mut seen = vec![false; n];
            let matched = augment(c, &used, &order, &mut owner, &mut seen);
            debug_assert!(matched, "a Latin rectangle always extends");
        }
        let mut row = vec![0u8; n];
        for (d, o) in owner.iter().enumerate() {
            let c = o.expect("perfect matching");
            row[c] = d as u8 + 1;
            used[c][d] = true;
        }
        rows.push(row);
    }
    rows
}

fn augment(
    c: usize,
    used: &[Vec<bool>],
    order: &[usize],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &d in order {
        if used[c][d] || seen[d] {
            continue;
        }
        seen[d] = true;
        let free = match owner[d] {
            None => true,
            Some(other) => augment(other, used, order, owner, seen),
        };
        if free {
            owner[d] = Some(c);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_latin(g: &[Vec<u8>]) -> bool {
        let n = g.len();
        (0..n).all(|i| {
            let mut r: Vec<u8> = g[i].clone();
            let mut c: Vec<u8> = (0..n).map(|j| g[j][i]).collect();
            r.sort_unstable();
            c.sort_unstable();
            r == (1..=n as u8).collect::<Vec<_>>() && c == r
        })
    }

    #[test]
    fn squares_are_latin_and_seeded() {
        for n in [1, 2, 5, 9, 16, 25] {
            let a = random_latin_square(n, &mut SplitMix64::new(7));
            assert!(is_latin(&a), "{n}");
            assert_eq!(a, random_latin_square(n, &mut SplitMix64::new(7)));
        }
        let a = random_latin_square(9, &mut SplitMix64::new(1));
        let b = random_latin_square(9, &mut SplitMix64::new(2));
        assert_ne!(a, b);
    }

    #[test]
    fn not_a_relabelled_cyclic_square() {
        // In a cyclic square (and any row/column/symbol relabelling of it), every pair of rows
        // forms a single permutation cycle structure of equal-length cycles. Random squares
        // of order 9 almost never have that property for all row pairs.
        let g = random_latin_square(9, &mut SplitMix64::new(3));
        let cycle_lengths = |a: &[u8], b: &[u8]| {
            let pos: Vec<usize> = (0..9)
                .map(|d| a.iter().position(|&x| x == d as u8 + 1).unwrap())
                .collect();
            let mut seen = [false; 9];
            let mut lens = Vec::new();
            for s in 0..9 {
                let (mut i, mut len) = (s, 0);
                while !seen[i] {
                    seen[i] = true;
                    i = pos[usize::from(b[i]) - 1];
                    len += 1;
                }
                if len > 0 {
                    lens.push(len);
                }
            }
            lens
        };
        let uneven = (0..9).any(|i| {
            (i + 1..9).any(|j| {
                let l = cycle_lengths(&g[i], &g[j]);
                l.iter().any(|&x| x != l[0])
            })
        });
        assert!(uneven);
    }
}
