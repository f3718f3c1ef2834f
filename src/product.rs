//! # Digit products over the divisor lattice of a target
//!
//! A product of digits `1..=9` has no prime factor above 7, so every partial product that
//! can still reach a target `T = 2^a · 3^b · 5^c · 7^d` is a divisor of `T`, that is an
//! exponent vector `(e2, e3, e5, e7)` with `e2 ≤ a`, `e3 ≤ b`, `e5 ≤ c`, `e7 ≤ d`. A
//! [`Lattice`] numbers those divisors in mixed radix, so multiplying by a digit adds a fixed
//! offset to the number, and a set of divisors is a bitset: one step of a line is a masked
//! shift per candidate digit (the mask keeps the divisors that stay divisors).
//!
//! [`Lattice::filter`] is exact arc consistency for "the digits of these cells, in order,
//! multiply to `T`": a forward pass builds the set of products each prefix of the line can
//! make, a backward pass keeps the ones from which `T` is still reached and the digits that
//! lead there. A 3-cell row of a random puzzle has a few dozen divisors (one word); a
//! 10-cell column a few hundred. It allocates nothing once its [`Scratch`] has grown. Both
//! the product family of the constraint model (`crate::model::network`) and the CNF encoder's
//! root pruning ([`crate::encode::product`]) use it.

/// A set of digits: bit `d` stands for digit `d` (bit 0 unused), as in
/// [`crate::native::Mask`].
pub(crate) type Digits = u32;

/// Exponents of 2, 3, 5 and 7 in each digit `0..=9` (0 unused).
const DIGIT_EXPONENTS: [[u32; 4]; 10] = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [2, 0, 0, 0],
    [0, 0, 1, 0],
    [1, 1, 0, 0],
    [0, 0, 0, 1],
    [3, 0, 0, 0],
    [0, 2, 0, 0],
];

/// Digits 1..=9 as a [`Digits`] mask.
const ALL: Digits = 0b11_1111_1110;

/// The divisors of one target, for filtering lines whose digits multiply to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lattice {
    target: u64,
    /// Number of divisors of the target (0 when no digits multiply to it).
    states: usize,
    /// `u64` words per set of divisors.
    words: usize,
    /// How far multiplying by each digit moves a divisor's number.
    offset: [usize; 10],
    /// Per digit `d` (one set of `words` words each, digit 0 empty): the divisors `s`
    /// with `s · d` still dividing the target.
    valid: Vec<u64>,
}

impl Lattice {
    /// The lattice of the divisors of `target`.
    #[must_use]
    pub(crate) fn new(target: u64) -> Self {
        let mut rest = target;
        let mut bound = [0usize; 4];
        for (e, p) in bound.iter_mut().zip([2u64, 3, 5, 7]) {
            while rest != 0 && rest % p == 0 {
                rest /= p;
                *e += 1;
            }
        }
        // Mixed radix with the exponent of 7 varying fastest.
        let mut stride = [0usize; 4];
        let mut states = 1usize;
        for i in (0..4).rev() {
            stride[i] = states;
            states *= bound[i] + 1;
        }
        if rest != 1 {
            states = 0;
        }
        let words = states.div_ceil(64);
        let mut offset = [0usize; 10];
        for (o, e) in offset.iter_mut().zip(DIGIT_EXPONENTS) {
            *o = (0..4).map(|i| e[i] as usize * stride[i]).sum();
        }
        let mut valid = vec![0u64; 10 * words];
        for s in 0..states {
            let e: [usize; 4] = std::array::from_fn(|i| s / stride[i] % (bound[i] + 1));
            for d in 1..=9 {
                let de = DIGIT_EXPONENTS[d];
                if (0..4).all(|i| e[i] + de[i] as usize <= bound[i]) {
                    valid[d * words + s / 64] |= 1 << (s % 64);
                }
            }
        }
        Lattice {
            target,
            states,
            words,
            offset,
            valid,
        }
    }

    #[cfg(test)]
    /// Number of divisors of the target (0 when no digits multiply to it).
    #[must_use]
    pub(crate) fn states(&self) -> usize {
        self.states
    }

    fn valid(&self, d: usize) -> &[u64] {
        &self.valid[d * self.words..(d + 1) * self.words]
    }

    /// Narrows `doms` (the candidate digits of a line's cells, in order) to the digits some
    /// filling with product [`Lattice::target`] uses. Returns `false` when there is no such
    /// filling; `doms` is then unspecified.
    ///
    /// Layer `i` is the set of divisors the first `i` cells can multiply to, one bit per
    /// divisor; digit `d` maps a layer to the next by keeping the divisors `s` with `s · d`
    /// still a divisor (a mask) and shifting by `d`'s offset. The backward pass shifts the
    /// other way from the set `{target}`.
    pub(crate) fn filter(&self, doms: &mut [Digits], scratch: &mut Scratch) -> bool {
        let (k, w) = (doms.len(), self.words);
        if self.states == 0 || doms.iter().any(|&m| m & ALL == 0) {
            return false;
        }
        let layers = &mut scratch.layers;
        layers.clear();
        layers.resize((k + 1) * w, 0);
        layers[0] = 1;
        for i in 0..k {
            let (done, next) = layers.split_at_mut((i + 1) * w);
            let (cur, next) = (&done[i * w..], &mut next[..w]);
            for d in each(doms[i]) {
                shift_up_or(next, cur, self.valid(d), self.offset[d]);
            }
            if next.iter().all(|&x| x == 0) {
                return false;
            }
        }
        let top = self.states - 1;
        if layers[k * w + top / 64] & 1 << (top % 64) == 0 {
            return false;
        }
        let good = &mut scratch.good;
        good.clear();
        good.resize(2 * w, 0);
        let (mut after, mut here) = good.split_at_mut(w);
        after[top / 64] = 1 << (top % 64);
        for i in (0..k).rev() {
            here.fill(0);
            let layer = &layers[i * w..(i + 1) * w];
            let mut support = 0;
            for d in each(doms[i]) {
                if shift_down_and_or(here, after, self.valid(d), layer, self.offset[d]) {
                    support |= 1 << d;
                }
            }
            doms[i] &= support;
            if doms[i] == 0 {
                return false;
            }
            std::mem::swap(&mut after, &mut here);
        }
        true
    }
}

/// The digits of a mask, as indices.
fn each(m: Digits) -> impl Iterator<Item = usize> {
    let mut m = m & ALL;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            d
        })
    })
}

/// `dst |= (src & mask) << by` on bitsets of equal length (bits shifted past the end are
/// dropped; `mask` keeps them from existing).
fn shift_up_or(dst: &mut [u64], src: &[u64], mask: &[u64], by: usize) {
    let (q, r) = (by / 64, by % 64);
    let n = dst.len();
    for j in (q..n).rev() {
        let lo = src[j - q] & mask[j - q];
        let mut v = lo << r;
        if r > 0 && j > q {
            v |= (src[j - q - 1] & mask[j - q - 1]) >> (64 - r);
        }
        dst[j] |= v;
    }
}

/// `t = (src >> by) & mask & layer; dst |= t`; returns whether `t` is non-empty.
fn shift_down_and_or(dst: &mut [u64], src: &[u64], mask: &[u64], layer: &[u64], by: usize) -> bool {
    let (q, r) = (by / 64, by % 64);
    let n = dst.len();
    let mut any = 0;
    for j in 0..n.saturating_sub(q) {
        let mut v = src[j + q] >> r;
        if r > 0 && j + q + 1 < n {
            v |= src[j + q + 1] << (64 - r);
        }
        let t = v & mask[j] & layer[j];
        dst[j] |= t;
        any |= t;
    }
    any != 0
}

/// Reusable buffers for [`Lattice::filter`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    layers: Vec<u64>,
    good: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(ds: &[u8]) -> Digits {
        ds.iter().fold(0, |m, &d| m | 1 << d)
    }

    fn list(m: Digits) -> Vec<u8> {
        (1..=9).filter(|&d| m & 1 << d != 0).collect()
    }

    fn filtered(target: u64, cells: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
        let mut doms: Vec<Digits> = cells.iter().map(|ds| mask(ds)).collect();
        let mut scratch = Scratch::default();
        Lattice::new(target)
            .filter(&mut doms, &mut scratch)
            .then(|| doms.iter().map(|&m| list(m)).collect())
    }

    /// `k` random non-empty digit sets.
    fn random_cells(rng: &mut crate::rng::SplitMix64, k: usize) -> Vec<Digits> {
        (0..k)
            .map(|_| (rng.next_u64() as u32 & ALL) | 1 << (1 + rng.below(9)))
            .collect()
    }

    /// Exact supports by enumerating every filling.
    fn brute(target: u64, cells: &[Digits]) -> Option<Vec<Digits>> {
        let mut support = vec![0; cells.len()];
        let mut any = false;
        let mut digits = vec![1u8; cells.len()];
        loop {
            let fits = digits.iter().zip(cells).all(|(&d, &m)| m & 1 << d != 0);
            let prod = digits.iter().map(|&d| u64::from(d)).product::<u64>();
            if fits && prod == target {
                any = true;
                for (s, &d) in support.iter_mut().zip(&digits) {
                    *s |= 1 << d;
                }
            }
            let Some(i) = digits.iter().rposition(|&d| d < 9) else {
                break;
            };
            digits[i] += 1;
            for d in &mut digits[i + 1..] {
                *d = 1;
            }
        }
        any.then_some(support)
    }

    #[test]
    fn divisors_are_counted() {
        assert_eq!(Lattice::new(1).states(), 1);
        assert_eq!(Lattice::new(5040).states(), 60); // 2^4 3^2 5 7
        assert_eq!(Lattice::new(11).states(), 0);
        assert_eq!(Lattice::new(0).states(), 0);
        assert_eq!(Lattice::new(9u64.pow(16)).states(), 33);
    }

    #[test]
    fn products_fix_digits() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!(filtered(49, &[all, all]), Some(vec![vec![7], vec![7]]));
        assert_eq!(
            filtered(6, &[all, all]),
            Some(vec![vec![1, 2, 3, 6], vec![1, 2, 3, 6]])
        );
        assert_eq!(filtered(729, &[all; 3]), Some(vec![vec![9]; 3]));
        assert_eq!(filtered(72, &[all, all]), Some(vec![vec![8, 9]; 2]));
        assert_eq!(
            filtered(36, &[&[2], all, all]),
            Some(vec![vec![2], vec![2, 3, 6, 9], vec![2, 3, 6, 9]])
        );
        assert_eq!(filtered(11, &[all, all]), None);
        assert_eq!(filtered(100, &[all]), None);
        assert_eq!(filtered(u64::MAX, &[all; 3]), None);
        assert_eq!(filtered(0, &[all; 3]), None);
        assert_eq!(filtered(1, &[all; 4]), Some(vec![vec![1]; 4]));
        assert_eq!(filtered(9u64.pow(16), &[all; 16]), Some(vec![vec![9]; 16]));
        assert_eq!(filtered(9u64.pow(16), &[all; 15]), None);
    }

    #[test]
    fn lines_up_to_the_size_limit() {
        // 64 cells (the largest table side): 8 as 8 · 1 · …, 2 · 4 · …, or 2 · 2 · 2 · ….
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let got = filtered(8, &[all; 64]).expect("8 = 8 · 1 · … or 2 · 4 · … or 2 · 2 · 2");
        assert!(got.iter().all(|ds| ds == &[1, 2, 4, 8]));
        assert_eq!(filtered(2u64.pow(63), &[all; 21]), Some(vec![vec![8]; 21]));
    }

    /// Longer lines than brute force can take: the supports of the generic layered automaton
    /// ([`crate::cnf::mdd::Mdd::product`], built by division over hashed states) must equal
    /// the lattice filter's.
    #[test]
    fn agrees_with_the_product_automaton_on_long_lines() {
        use crate::cnf::mdd::{Mdd, DEFAULT_NODE_LIMIT};
        let mut rng = crate::rng::SplitMix64::new(11);
        let mut scratch = Scratch::default();
        for _ in 0..400 {
            let k = 5 + rng.below(8) as usize;
            let cells = random_cells(&mut rng, k);
            let mut target: u64 = (0..k).map(|_| 1 + rng.below(9)).product();
            if rng.below(4) == 0 {
                target *= 1 + rng.below(12);
            }
            let values: Vec<Vec<u64>> = cells
                .iter()
                .map(|&m| list(m).into_iter().map(u64::from).collect())
                .collect();
            let mdd = Mdd::product(&values, target, DEFAULT_NODE_LIMIT).expect("small");
            let expected = (!mdd.is_empty()).then(|| {
                (0..k)
                    .map(|i| {
                        mdd.edges(i)
                            .iter()
                            .fold(0, |m, e| m | 1 << values[i][e.value])
                    })
                    .collect::<Vec<Digits>>()
            });
            let mut doms = cells.clone();
            let got = Lattice::new(target)
                .filter(&mut doms, &mut scratch)
                .then_some(doms);
            assert_eq!(got, expected, "target {target}, cells {cells:?}");
        }
    }

    #[test]
    fn agrees_with_brute_force() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut scratch = Scratch::default();
        for _ in 0..3000 {
            let k = 1 + rng.below(4) as usize;
            let cells = random_cells(&mut rng, k);
            // Half the targets are products of a random filling, half are arbitrary.
            let target = if rng.below(2) == 0 {
                (0..k).map(|_| 1 + rng.below(9)).product()
            } else {
                1 + rng.below(2000)
            };
            let mut doms = cells.clone();
            let got = Lattice::new(target)
                .filter(&mut doms, &mut scratch)
                .then_some(doms);
            assert_eq!(
                got,
                brute(target, &cells),
                "target {target}, cells {cells:?}"
            );
        }
    }
}
