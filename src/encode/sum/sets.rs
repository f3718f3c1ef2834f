//! # Digit sets of a run
//!
//! A run of `len` cells with sum `s` can only hold one of the sets of `len` distinct digits
//! 1..=9 that add up to `s` (its *combinations*). There are at most 12 of them (four or five
//! cells summing to 20, 25). Killer Sudoku cages of larger grids draw their digits from
//! 1..=N ([`combinations_of`], N ≤ [`DigitSet::MAX_DIGIT`]): at most 526 combinations (eight
//! cells of a 16×16 grid summing to 68).

use std::fmt;

/// A set of digits 1..=[`DigitSet::MAX_DIGIT`] as a bit mask (bit `d` set when `d` is in
/// the set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub(crate) const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits of a Kakuro.
    #[cfg(test)]
    pub(crate) const ALL: DigitSet = DigitSet(0b11_1111_1110);
    /// The largest digit a set can hold.
    pub(crate) const MAX_DIGIT: u8 = 31;

    /// The digits 1..=`n` (`n` at most [`DigitSet::MAX_DIGIT`]; larger is cut to it).
    #[must_use]
    pub(crate) fn up_to(n: u8) -> Self {
        let n = n.min(Self::MAX_DIGIT);
        DigitSet(((1u64 << (n + 1)) - 2) as u32)
    }

    #[cfg(test)]
    /// Builds a set from digits (values outside 1..=MAX_DIGIT are ignored).
    #[must_use]
    pub(crate) fn from_digits(digits: &[u8]) -> Self {
        digits
            .iter()
            .filter(|d| (1..=Self::MAX_DIGIT).contains(*d))
            .fold(DigitSet::EMPTY, |s, &d| s.with(d))
    }

    /// This set plus `d` (1..=MAX_DIGIT).
    #[must_use]
    pub(crate) fn with(self, d: u8) -> Self {
        debug_assert!((1..=Self::MAX_DIGIT).contains(&d));
        DigitSet(self.0 | 1 << d)
    }

    /// Whether `d` is in the set.
    #[must_use]
    pub(crate) fn contains(self, d: u8) -> bool {
        (1..=Self::MAX_DIGIT).contains(&d) && self.0 >> d & 1 == 1
    }

    #[cfg(test)]
    /// Number of digits.
    #[must_use]
    pub(crate) fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[cfg(test)]
    /// True for the empty set.
    #[must_use]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Union.
    #[must_use]
    pub(crate) fn union(self, other: DigitSet) -> Self {
        DigitSet(self.0 | other.0)
    }

    /// Intersection.
    #[must_use]
    pub(crate) fn intersection(self, other: DigitSet) -> Self {
        DigitSet(self.0 & other.0)
    }

    /// The digits of `self` not in `other`.
    #[must_use]
    pub(crate) fn minus(self, other: DigitSet) -> Self {
        DigitSet(self.0 & !other.0)
    }

    /// The digits, ascending.
    pub(crate) fn digits(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let d = bits.trailing_zeros();
            bits &= bits.checked_sub(1)?;
            Some(d as u8)
        })
    }
}

impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.digits().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

/// Every set of `len` distinct digits 1..=9 summing to `sum`, in lexicographic order of
/// their ascending digit lists. Empty when there is none (including `len` 0 or > 9).
#[must_use]
pub(crate) fn combinations(len: usize, sum: u32) -> Vec<DigitSet> {
    combinations_of(9, len, sum)
}

/// Every set of `len` distinct digits 1..=`max` summing to `sum` (`max` is cut to
/// [`DigitSet::MAX_DIGIT`]), in the order of [`combinations`]. Empty when there is none
/// (including `len` 0 or > `max`).
#[must_use]
pub(crate) fn combinations_of(max: u8, len: usize, sum: u32) -> Vec<DigitSet> {
    let max = max.min(DigitSet::MAX_DIGIT);
    let mut out = Vec::new();
    if len == 0 || len > usize::from(max) {
        return out;
    }
    extend(&mut out, DigitSet::EMPTY, (1, max), len, sum);
    out
}

/// Adds to `out` every completion of `chosen` with `left` more digits from `next..=max`
/// summing to `rest`.
fn extend(
    out: &mut Vec<DigitSet>,
    chosen: DigitSet,
    (next, max): (u8, u8),
    left: usize,
    rest: u32,
) {
    if left == 0 {
        if rest == 0 {
            out.push(chosen);
        }
        return;
    }
    for d in next..=max {
        let Some(rest) = rest.checked_sub(u32::from(d)) else {
            return;
        };
        extend(out, chosen.with(d), (d + 1, max), left - 1, rest);
    }
}

/// The union and intersection of `sets` (`EMPTY`, `EMPTY` for no sets).
#[must_use]
pub(crate) fn union_and_common(sets: &[DigitSet]) -> (DigitSet, DigitSet) {
    let union = sets.iter().fold(DigitSet::EMPTY, |a, &s| a.union(s));
    let common = sets
        .iter()
        .copied()
        .reduce(DigitSet::intersection)
        .unwrap_or(DigitSet::EMPTY);
    (union, common)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(sets: &[DigitSet]) -> String {
        sets.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn classic_combinations() {
        assert_eq!(show(&combinations(2, 3)), "{1,2}");
        assert_eq!(show(&combinations(2, 10)), "{1,9} {2,8} {3,7} {4,6}");
        assert_eq!(show(&combinations(3, 23)), "{6,8,9}");
        assert_eq!(show(&combinations(3, 22)), "{5,8,9} {6,7,9}");
        assert_eq!(show(&combinations(9, 45)), "{1,2,3,4,5,6,7,8,9}");
        assert!(combinations(2, 18).is_empty());
        assert!(combinations(0, 0).is_empty() && combinations(10, 45).is_empty());
    }

    #[test]
    fn counts_match_brute_force_and_peak_at_twelve() {
        let mut most = 0;
        for len in 1..=9 {
            for sum in 0..=50u32 {
                let brute = (0u32..512)
                    .map(|m| DigitSet(m << 1))
                    .filter(|s| s.len() == len && s.digits().map(u32::from).sum::<u32>() == sum)
                    .count();
                let got = combinations(len, sum);
                assert_eq!(got.len(), brute, "len {len} sum {sum}");
                assert!(got.windows(2).all(|w| w[0].digits().lt(w[1].digits())));
                most = most.max(brute);
            }
        }
        assert_eq!(most, 12);
    }

    #[test]
    fn sixteen_digit_combinations_match_brute_force() {
        let mut most = 0;
        for len in [1, 2, 5, 8, 15, 16] {
            for sum in [1, 3, 30, 68, 100, 120, 135, 136, 137] {
                let brute = (0u32..1 << 16)
                    .map(|m| DigitSet(m << 1))
                    .filter(|s| s.len() == len && s.digits().map(u32::from).sum::<u32>() == sum)
                    .count();
                let got = combinations_of(16, len, sum);
                assert_eq!(got.len(), brute, "len {len} sum {sum}");
                assert!(got.iter().all(|s| s.digits().all(|d| d <= 16)));
                assert!(got.windows(2).all(|w| w[0].digits().lt(w[1].digits())));
                most = most.max(brute);
            }
        }
        assert_eq!(most, 526, "eight cells summing to 68");
        assert_eq!(
            DigitSet::up_to(16).digits().collect::<Vec<_>>(),
            (1..=16).collect::<Vec<_>>()
        );
        assert_eq!(DigitSet::up_to(9), DigitSet::ALL);
    }

    #[test]
    fn union_and_intersection() {
        let (u, c) = union_and_common(&combinations(3, 22));
        assert_eq!(
            (u.to_string(), c.to_string()),
            ("{5,6,7,8,9}".into(), "{9}".into())
        );
    }
}
