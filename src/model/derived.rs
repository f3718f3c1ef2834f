//! # Sums derived over several houses
//!
//! [`super::implied`] derives the innies and outies of one house. Specialists go further
//! (ISS's optimizer, `_makeInnieOutieSumHandlers` and `_fillInSumGap`): a union of `k`
//! houses that do not overlap (the first `k` rows, the last `k` columns, the first `k`
//! boxes) holds each digit `k` times, so its digits add up to `k·N(N+1)/2`. Grow such a
//! *super-region* one house at a time; each cage that has more than half of its cells inside
//! it joins the *pieces*. With `A` the cells of the super-region outside the pieces and `B`
//! the cells of the pieces outside the super-region:
//!
//! `Σ B − Σ A = Σ (targets of the pieces) − k·N(N+1)/2`.
//!
//! When `A` or `B` is empty this is a sum over the other; when both are small it ties the
//! cells of `A` to those of `B` (an innie against an outie). Cells of `A` or `B` may lie in
//! different houses, so their digits may repeat: a [`Linear`] sum is filtered without
//! distinctness, exactly (arc consistency over reachable partial sums, one bitset a
//! cell), and then by the bounds of its cells that do share a house (its exclusion
//! groups), to a fixpoint. A sum whose cells all see one another is a distinct sum, and goes to the digit-set
//! filter of [`super::sum::Cage`] instead.
//!
//! Every derived sum holds in every solution (it follows from the houses and the cages), so
//! counts never change; only the search narrows sooner.
//!
//! On a grid whose cells all lie in cages, the first `k` rows and the last `N − k` rows meet
//! the same pieces the other way round, so [`sums`] finds such a sum twice, the second time
//! with its sides swapped and its total negated ([`Derived::same_as`]). The bitset search
//! keeps each once (`board::extra_sums`): filtered twice, a sum cost twice and counted twice
//! in its cells' branching priorities (on Tarek's 42 hard Killers, 53,075 backtracks with the
//! copies, 47,889 without). The CNF's derived sums (`encode::derived`) still hold both.
//!
//! ## References
//!
//! - The Interactive Sudoku Solver (`sigh/Interactive-Sudoku-Solver`, MIT),
//!   `js/solver/optimizer.js`: `_generalRegionOverlapProcessor` (region growth and the
//!   "more than half inside" rule), `_makeInnieOutieSumHandlers` (the size limits) and
//!   `_fillInSumGap`.

use crate::encode::derived::CellSum;
use crate::native::domains::Mask;

use super::Lowered;

/// The most cells of a derived sum whose cells all lie in cages (ISS's `_MAX_SUM_SIZE`):
/// larger ones rarely narrow anything the cages do not.
const MAX_SUM_SIZE: usize = 6;

/// The largest partial sum a [`Linear`] tracks (its reachable sums are one `u128`).
const MAX_REACH: usize = 127;

/// The most cells of a [`Linear`] (a derived sum has at most `N` cells, and `N` of them
/// at most 127 between them; sixteen keeps the filter's arrays small).
const MAX_LINEAR: usize = 16;

/// A sum derived over several houses: `Σ plus − Σ minus = total`, digits free to repeat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Derived {
    /// Cells counted with `+1`, sorted.
    pub(crate) plus: Vec<usize>,
    /// Cells counted with `−1`, sorted.
    pub(crate) minus: Vec<usize>,
    /// The right-hand side.
    pub(crate) total: i64,
}

impl Derived {
    /// Whether `other` is the same sum: the same cells on the same sides, or on the other
    /// sides with the total negated (a super-region grown from the top over `k` rows and
    /// one grown from the bottom over `N − k` rows meet the same pieces the other way round).
    pub(crate) fn same_as(&self, other: &Derived) -> bool {
        self == other
            || (self.plus == other.minus
                && self.minus == other.plus
                && Some(self.total) == other.total.checked_neg())
    }

    /// Whether `digit_of` (each cell's digit) satisfies the sum.
    #[cfg(test)]
    pub(crate) fn holds(&self, digit_of: impl Fn(usize) -> i64) -> bool {
        let plus: i64 = self.plus.iter().map(|&c| digit_of(c)).sum();
        let minus: i64 = self.minus.iter().map(|&c| digit_of(c)).sum();
        plus - minus == self.total
    }
}

/// The sums derived over growing unions of rows, of columns (each in both directions) and
/// of regions, for a model of houses and sums over a full `N×N` grid; each once, none over
/// the cells of a sum the model has. Empty when the model is not such a grid.
pub(crate) fn sums(lowered: &Lowered) -> Vec<Derived> {
    let n = lowered.n;
    let cells = lowered.cells.len();
    let lines = &lowered.lines;
    if lowered.shape != (n, n) || cells != n * n || lines.len() != 2 * n || lowered.rows != n {
        return Vec::new();
    }
    let house_total = (n * (n + 1) / 2) as i64;
    // The cages that do not overlap (greedily, in order): the pieces.
    let mut taken = vec![false; cells];
    let mut pieces: Vec<(&[usize], i64)> = Vec::new();
    for (c, t) in &lowered.sums {
        if !c.is_empty() && c.iter().all(|&x| !taken[x]) {
            c.iter().for_each(|&x| taken[x] = true);
            pieces.push((c, i64::from(*t)));
        }
    }
    if pieces.is_empty() {
        return Vec::new();
    }
    let known: Vec<Vec<usize>> = lowered
        .sums
        .iter()
        .map(|(c, _)| {
            let mut c = c.clone();
            c.sort_unstable();
            c
        })
        .collect();
    let mut out: Vec<Derived> = Vec::new();
    let (rows, cols) = lines.split_at(n);
    let rows_back: Vec<Vec<usize>> = rows.iter().rev().cloned().collect();
    let cols_back: Vec<Vec<usize>> = cols.iter().rev().cloned().collect();
    let mut orders: Vec<&[Vec<usize>]> = vec![rows, &rows_back, cols, &cols_back];
    if lowered.regions.len() == n {
        orders.push(&lowered.regions);
    }
    for order in orders {
        grow(order, &pieces, (n, house_total), &taken, &mut |mut d| {
            if d.plus.is_empty() {
                std::mem::swap(&mut d.plus, &mut d.minus);
                d.total = -d.total;
            }
            let new = (d.minus.is_empty() && !known.contains(&d.plus))
                || (d.plus.is_empty() && !known.contains(&d.minus));
            if (new || !d.plus.is_empty() && !d.minus.is_empty()) && !out.contains(&d) {
                out.push(d);
            }
        });
    }
    // The cells outside every cage, when few: the whole grid minus the cages (ISS's
    // `_fillInSumGap`).
    let gap: Vec<usize> = (0..cells).filter(|&c| !taken[c]).collect();
    if (1..n).contains(&gap.len()) {
        let covered: i64 = pieces.iter().map(|(_, t)| t).sum();
        let d = Derived {
            plus: gap,
            minus: Vec::new(),
            total: n as i64 * house_total - covered,
        };
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// Grows a super-region over the first `1..N` houses of `order`, handing each derived sum
/// worth adding (ISS's limits) to `push`.
fn grow(
    order: &[Vec<usize>],
    pieces: &[(&[usize], i64)],
    (n, house_total): (usize, i64),
    in_cage: &[bool],
    push: &mut dyn FnMut(Derived),
) {
    let cells = in_cage.len();
    let mut inside = vec![false; cells];
    let mut in_pieces = vec![false; cells];
    let mut used = vec![false; pieces.len()];
    let mut pieces_total = 0i64;
    for (k, house) in order.iter().enumerate().take(n - 1) {
        house.iter().for_each(|&c| inside[c] = true);
        for (p, (pc, t)) in pieces.iter().enumerate() {
            if !used[p] && 2 * pc.iter().filter(|&&c| inside[c]).count() > pc.len() {
                used[p] = true;
                pc.iter().for_each(|&c| in_pieces[c] = true);
                pieces_total += t;
            }
        }
        let a: Vec<usize> = (0..cells).filter(|&c| inside[c] && !in_pieces[c]).collect();
        let b: Vec<usize> = (0..cells).filter(|&c| in_pieces[c] && !inside[c]).collect();
        // One house's pure innies and outies are [`super::implied`]'s; its innies against
        // its outies are ISS's `_makeHiddenCageHandlers`.
        if k == 0 && (a.is_empty() || b.is_empty()) {
            continue;
        }
        let size = a.len() + b.len();
        if size == 0 || size > n || (a.len() > 2 && b.len() > 2) {
            continue;
        }
        if a.iter().chain(&b).all(|&c| in_cage[c]) && size > MAX_SUM_SIZE {
            continue;
        }
        let delta = pieces_total - (k as i64 + 1) * house_total;
        push(Derived {
            plus: b,
            minus: a,
            total: delta,
        });
    }
}

/// A [`Derived`] sum as the bitset search filters it: the cells, `plus` first, and for each
/// cell its value `d` (plus) or `N + 1 − d` (minus), so every value is positive and the
/// values add up to `total + |minus|·(N + 1)`.
///
/// The cells of each side fall into *exclusion groups* ([`Linear::grouped`]): cells that
/// pairwise share a house, so their digits (and values) differ. A group of `m` cells adds
/// up to at least the `m` smallest and at most the `m` largest values of its candidates
/// together (ISS's `sum_handler.js`, `_exclusionGroups`), and a value of one cell stands
/// only while the other `m − 1` cells, without it, can still bring the group to a sum the
/// rest of the filter allows. Without groups (each cell alone) the filter is exact for
/// digits free to repeat.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    /// The cells, by number: the plus cells, then the minus cells; each group in a run.
    pub(crate) cells: Vec<usize>,
    plus: usize,
    n: usize,
    target: u32,
    /// The exclusion groups, as ranges `start..end` of `cells`, in order.
    groups: Vec<(usize, usize)>,
    /// Whether a group has two cells or more (else [`Linear::bound`] adds nothing).
    bounded: bool,
}

impl Linear {
    /// The filter of `d` over digits `1..=n`, each cell its own group; `None` when its
    /// partial sums outgrow a `u128` or it has no solution whatever the digits.
    pub(crate) fn new(n: usize, d: &Derived) -> Option<Self> {
        let k = d.plus.len() + d.minus.len();
        if k == 0 || k > MAX_LINEAR || n >= Mask::BITS as usize || k.checked_mul(n)? > MAX_REACH {
            return None;
        }
        let shift = i64::try_from(d.minus.len() * (n + 1)).ok()?;
        let target = u32::try_from(d.total.checked_add(shift)?).ok()?;
        if target as usize > MAX_REACH {
            return None;
        }
        Some(Linear {
            cells: d.plus.iter().chain(&d.minus).copied().collect(),
            plus: d.plus.len(),
            n,
            target,
            groups: (0..k).map(|i| (i, i + 1)).collect(),
            bounded: false,
        })
    }

    /// The same sum with the cells of each side gathered greedily into exclusion groups:
    /// a cell joins the first group of its side whose cells it all `sees` (shares a house
    /// with), else starts one.
    pub(crate) fn grouped(self, sees: impl Fn(usize, usize) -> bool) -> Self {
        let mut cells = Vec::with_capacity(self.cells.len());
        let mut groups = Vec::new();
        for side in [&self.cells[..self.plus], &self.cells[self.plus..]] {
            let mut found: Vec<Vec<usize>> = Vec::new();
            for &c in side {
                match found.iter_mut().find(|g| g.iter().all(|&x| sees(x, c))) {
                    Some(g) => g.push(c),
                    None => found.push(vec![c]),
                }
            }
            for g in found {
                groups.push((cells.len(), cells.len() + g.len()));
                cells.extend(g);
            }
        }
        Linear {
            cells,
            bounded: groups.iter().any(|&(a, b)| b - a > 1),
            groups,
            ..self
        }
    }

    /// The values (bit `v` for value `v`) of cell `i` with candidates `m`: the digits
    /// themselves on the plus side, reflected (`d` to `n + 1 − d`) on the minus side.
    fn values(&self, i: usize, m: Mask) -> Mask {
        if i < self.plus {
            m
        } else {
            reflect(m, self.n)
        }
    }

    /// Narrows the candidates of the sum's cells in `doms` into `out` (in cell order);
    /// `false` when a cell has none left. Two filters, to a fixpoint: [`Linear::exact`]
    /// (digits free to repeat), then, when some group has two cells or more,
    /// [`Linear::bound`] (each group's sum bounded as a set of distinct values).
    pub(crate) fn narrow(&self, doms: &[Mask], out: &mut [Mask]) -> bool {
        let k = self.cells.len();
        // Fixed-size arrays: zeroing is most of the cost of a short sum (profiled: 4 KiB a
        // call with vectors).
        let mut vals: [Mask; MAX_LINEAR] = [0; MAX_LINEAR];
        for (i, v) in vals[..k].iter_mut().enumerate() {
            *v = self.values(i, doms[self.cells[i]]);
        }
        loop {
            if !self.exact(&mut vals) {
                return false;
            }
            if !self.bounded {
                break;
            }
            match self.bound(&mut vals) {
                None => return false,
                Some(false) => break,
                Some(true) => {}
            }
        }
        for (i, (o, &v)) in out.iter_mut().zip(&vals[..k]).enumerate() {
            *o = self.values(i, v);
        }
        true
    }

    /// Narrows the values `vals` of the cells to those some filling with repeats uses (arc
    /// consistency over the reachable partial sums); `false` when none is left.
    fn exact(&self, vals: &mut [Mask; MAX_LINEAR]) -> bool {
        if self.target < u64::BITS {
            self.exact_in::<u64>(vals)
        } else {
            self.exact_in::<u128>(vals)
        }
    }

    /// [`Linear::exact`] over partial sums held in an `S`, which holds the target.
    fn exact_in<S: Sums>(&self, vals: &mut [Mask; MAX_LINEAR]) -> bool {
        let k = self.cells.len();
        // reach[i]: the sums the cells before i make.
        let mut reach = [S::ZERO; MAX_LINEAR + 1];
        reach[0] = S::ONE;
        for i in 0..k {
            reach[i + 1] = spread(reach[i], S::of(vals[i]), true);
        }
        // back: the partial sums from which the cells i.. can still reach the target.
        let mut back = S::ONE << self.target;
        if reach[k] & back == S::ZERO {
            return false;
        }
        for i in (0..k).rev() {
            let kept = reaching(reach[i], back, S::of(vals[i]));
            if kept == S::ZERO {
                return false;
            }
            vals[i] = kept.mask();
            back = spread(back, kept, false);
        }
        true
    }

    /// Narrows the values `vals` by the groups' bounds (ISS's `sum_handler.js`): a group of
    /// `m` cells adds up to at least its `m` smallest and at most its `m` largest values
    /// together, so the target less the other groups' bounds bounds each group's sum, and a
    /// value of one cell stands only while the other `m − 1` cells without it can still
    /// bring the group within them. `None` on a conflict, else whether a value went. A group
    /// whose bounds already lie within the allowed ones is left as it is (what its cells'
    /// houses already rule out).
    fn bound(&self, vals: &mut [Mask; MAX_LINEAR]) -> Option<bool> {
        let mut bounds = [(0u32, 0u32); MAX_LINEAR];
        let (mut low, mut high) = (0u32, 0u32);
        for (g, &(a, b)) in self.groups.iter().enumerate() {
            let union = vals[a..b].iter().fold(0, |u, &v| u | v);
            let (lo, hi) = distinct_bounds(union, b - a)?;
            bounds[g] = (lo, hi);
            low += lo;
            high += hi;
        }
        if !(low..=high).contains(&self.target) {
            return None;
        }
        let mut changed = false;
        for (&(a, b), &(lo, hi)) in self.groups.iter().zip(&bounds) {
            // The group's sum, given the other groups' bounds.
            let lowest = (self.target + hi).saturating_sub(high);
            let highest = self.target + lo - low;
            if lowest <= lo && highest >= hi {
                continue;
            }
            for i in a..b {
                let cands = if b - a == 1 {
                    vals[i] & between(lowest, highest) as Mask
                } else {
                    let others = (a..b).filter(|&j| j != i).fold(0, |u, j| u | vals[j]);
                    vals[i] & Bounds::new(others, b - a - 1).fitting(lowest, highest)
                };
                if cands == 0 {
                    return None;
                }
                changed |= cands != vals[i];
                vals[i] = cands;
            }
        }
        Some(changed)
    }
}

/// The smallest and largest sums of `r` distinct values of a set (values below 32, as a
/// [`Mask`]), and what they become when one value is taken out of the set (it goes to
/// another cell of the group).
struct Bounds {
    /// The `r` smallest values and the sum of them.
    low: Mask,
    lo: u32,
    /// The next smallest value, if any.
    low_next: Option<u32>,
    /// The `r` largest values and the sum of them.
    high: Mask,
    hi: u32,
    /// The next largest value, if any.
    high_next: Option<u32>,
    /// Whether the set has `r` values at all.
    enough: bool,
}

impl Bounds {
    fn new(set: Mask, r: usize) -> Self {
        let (mut low, mut high, mut lo, mut hi) = (0, 0, 0, 0);
        let (mut l, mut h) = (set, set);
        let enough = set.count_ones() as usize >= r;
        if enough {
            for _ in 0..r {
                let x = l.trailing_zeros();
                l &= l - 1;
                low |= 1 << x;
                lo += x;
                let y = Mask::BITS - 1 - h.leading_zeros();
                h &= !(1 << y);
                high |= 1 << y;
                hi += y;
            }
        }
        Bounds {
            low,
            lo,
            low_next: (l != 0).then(|| l.trailing_zeros()),
            high,
            hi,
            high_next: (h != 0).then(|| Mask::BITS - 1 - h.leading_zeros()),
            enough,
        }
    }

    /// The values `x` (below 32) for which `x` plus `r` distinct values of the set without
    /// `x` can make a sum within `lowest..=highest`.
    fn fitting(&self, lowest: u32, highest: u32) -> Mask {
        if !self.enough {
            return 0;
        }
        let mut out = 0;
        // Values outside `low` and `high` leave both bounds as they are: a range of x
        // (cut to the values a `Mask` holds).
        if let Some(to) = highest.checked_sub(self.lo) {
            out |= between(lowest.saturating_sub(self.hi), to) as Mask & !self.low & !self.high;
        }
        // Values inside: each on its own.
        let mut inside = self.low | self.high;
        while inside != 0 {
            let x = inside.trailing_zeros();
            inside &= inside - 1;
            let lo = if self.low >> x & 1 == 1 {
                self.low_next.map(|n| self.lo - x + n)
            } else {
                Some(self.lo)
            };
            let hi = if self.high >> x & 1 == 1 {
                self.high_next.map(|n| self.hi - x + n)
            } else {
                Some(self.hi)
            };
            if let (Some(lo), Some(hi)) = (lo, hi) {
                if x + lo <= highest && x + hi >= lowest {
                    out |= 1 << x;
                }
            }
        }
        out
    }
}

/// The smallest and largest sum of `r` distinct values of `union`; `None` when it has
/// fewer than `r`.
fn distinct_bounds(union: Mask, r: usize) -> Option<(u32, u32)> {
    if (union.count_ones() as usize) < r {
        return None;
    }
    let (mut lo, mut hi) = (0, 0);
    let (mut low, mut high) = (union, union);
    for _ in 0..r {
        let x = low.trailing_zeros();
        low &= low - 1;
        lo += x;
        let y = Mask::BITS - 1 - high.leading_zeros();
        high &= !(1 << y);
        hi += y;
    }
    Some((lo, hi))
}

/// The digits `1..=n` of `m` reflected, `d` to `n + 1 − d` (bit-reversed, then aligned);
/// `n` below 32.
fn reflect(m: Mask, n: usize) -> Mask {
    let r = m.reverse_bits();
    // Bit d went to bit 31 − d; it belongs at n + 1 − d.
    match (Mask::BITS as usize - 2).checked_sub(n) {
        Some(right) => r >> right,
        None => r << 1,
    }
}

/// The sums `lo..=hi` as a bitset of `0..=127`.
fn between(lo: u32, hi: u32) -> u128 {
    if lo > 127 || hi < lo {
        return 0;
    }
    (u128::MAX << lo) & (u128::MAX >> (127 - hi.min(127)))
}

/// A set of partial sums, bit `s` for sum `s`: a `u64` when the target is below 64 (the
/// values are positive, so a partial sum past the target never comes back to it), else a
/// `u128`.
trait Sums:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The values of a [`Mask`].
    fn of(m: Mask) -> Self;
    /// The values below 32, as a [`Mask`].
    fn mask(self) -> Mask;
    fn tz(self) -> u32;
    fn ones(self) -> u32;
    /// Whether the set is one run of consecutive values (or empty).
    fn is_run(self) -> bool;
    /// The set without its lowest value.
    fn drop_lowest(self) -> Self;
}

macro_rules! sums_of {
    ($t:ty) => {
        impl Sums for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn of(m: Mask) -> Self {
                <$t>::from(m)
            }
            fn mask(self) -> Mask {
                self as Mask
            }
            fn tz(self) -> u32 {
                self.trailing_zeros()
            }
            fn ones(self) -> u32 {
                self.count_ones()
            }
            fn is_run(self) -> bool {
                let run = self.checked_shr(self.trailing_zeros()).unwrap_or(0);
                run & run.wrapping_add(1) == 0
            }
            fn drop_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}
sums_of!(u64);
sums_of!(u128);

/// The sums `s + v` (`up`) or `s − v` (not `up`) for `s` in `sums` and `v` in `values`,
/// within the set's width. A run of values (a group's sums are often one) is smeared by
/// doubling, in a handful of shifts whatever its length.
fn spread<S: Sums>(sums: S, values: S, up: bool) -> S {
    if values == S::ZERO {
        return S::ZERO;
    }
    let lo = values.tz();
    if values.is_run() {
        let width = values.ones();
        let mut out = if up { sums << lo } else { sums >> lo };
        let mut covered = 1;
        while covered < width {
            let step = covered.min(width - covered);
            out |= if up { out << step } else { out >> step };
            covered += step;
        }
        return out;
    }
    let mut out = S::ZERO;
    let mut v = values;
    while v != S::ZERO {
        let b = v.tz();
        v = v.drop_lowest();
        out |= if up { sums << b } else { sums >> b };
    }
    out
}

/// The values of `cands` from which some sum of `from` reaches `to`: `x` of `cands` with
/// `s + x` in `to` for some `s` in `from`. Whichever of `from` and `cands` is the shorter
/// walk goes bit by bit: `from` spread down over `to` (a run in a few shifts), or each
/// candidate checked.
fn reaching<S: Sums>(from: S, to: S, cands: S) -> S {
    if from == S::ZERO {
        return S::ZERO;
    }
    if from.is_run() || from.ones() <= cands.ones() {
        return cands & spread(to, from, false);
    }
    let mut out = S::ZERO;
    let mut c = cands;
    while c != S::ZERO {
        let x = c.tz();
        c = c.drop_lowest();
        if (from << x) & to != S::ZERO {
            out |= S::ONE << x;
        }
    }
    out
}

/// The sums [`sums`] derives from a model's constraints, over grid cells, as the CNF
/// encoder writes them (`crate::encode::derived`); `None` when the constraints do not
/// lower.
pub(crate) fn over_cells(model: &crate::puzzle::Constraints) -> Option<Vec<CellSum>> {
    let lowered = Lowered::new(model)?;
    let cells = |of: &[usize]| -> Option<Vec<crate::grid::Cell>> {
        of.iter().map(|&i| lowered.cells.get(i).copied()).collect()
    };
    let out = sums(&lowered)
        .into_iter()
        .filter_map(|d| {
            let one_house = lowered
                .houses()
                .any(|h| d.plus.iter().all(|c| h.contains(c)));
            Some(CellSum {
                plus: cells(&d.plus)?,
                minus: cells(&d.minus)?,
                total: d.total,
                one_house,
            })
        })
        .collect();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::native::domains::{bit, digits, full};
    use crate::puzzle::{Killer, KillerCage, Sudoku};

    /// Every (cell, digit) some filling with repeats uses, by brute force.
    fn brute(lin: &Linear, doms: &[Mask], n: usize) -> Option<Vec<Mask>> {
        let k = lin.cells.len();
        let mut out = vec![0; k];
        let mut pick = vec![0u8; k];
        fn walk(
            i: usize,
            lin: &Linear,
            doms: &[Mask],
            pick: &mut [u8],
            out: &mut [Mask],
            n: usize,
        ) {
            if i == pick.len() {
                let s: i64 = pick
                    .iter()
                    .enumerate()
                    .map(|(j, &d)| {
                        if j < lin.plus {
                            i64::from(d)
                        } else {
                            (n + 1) as i64 - i64::from(d)
                        }
                    })
                    .sum();
                if s == i64::from(lin.target) {
                    for (m, &d) in out.iter_mut().zip(pick.iter()) {
                        *m |= bit(d);
                    }
                }
                return;
            }
            for d in digits(doms[i]) {
                pick[i] = d;
                walk(i + 1, lin, doms, pick, out, n);
            }
        }
        walk(0, lin, doms, &mut pick, &mut out, n);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn linear_sums_are_exact_without_distinctness() {
        let mut rng = crate::rng::SplitMix64::new(0x0038_d1ce_5eed);
        let mut next = || rng.next_u64();
        for _ in 0..2000 {
            let plus = (next() % 4) as usize;
            let minus = (next() % 3) as usize;
            if plus + minus == 0 {
                continue;
            }
            let d = Derived {
                plus: (0..plus).collect(),
                minus: (plus..plus + minus).collect(),
                total: (next() % 40) as i64 - 10,
            };
            let Some(lin) = Linear::new(9, &d) else {
                continue;
            };
            let doms: Vec<Mask> = (0..plus + minus)
                .map(|_| match (next() as Mask) & full(9) {
                    0 => full(9),
                    m => m,
                })
                .collect();
            let mut out = [0; 32];
            let got = lin
                .narrow(&doms, &mut out)
                .then(|| out[..doms.len()].to_vec());
            assert_eq!(got, brute(&lin, &doms, 9), "{d:?} {doms:?}");
        }
    }

    /// Every (cell, digit) some filling uses whose cells that `sees` pairs take different
    /// digits, by brute force: `None` when none.
    fn brute_distinct(
        lin: &Linear,
        doms: &[Mask],
        n: usize,
        sees: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Vec<Mask>> {
        let k = lin.cells.len();
        let mut out = vec![0; k];
        let mut pick = vec![0u8; k];
        let mut stack = vec![(0usize, 0u8)];
        // Depth-first over the cells in `lin.cells` order; `pick[j]` the digit of cell j.
        while let Some((i, d)) = stack.pop() {
            if i > 0 {
                pick[i - 1] = d;
            }
            if i == k {
                let s: i64 = (0..k)
                    .map(|j| {
                        let d = i64::from(pick[j]);
                        if j < lin.plus {
                            d
                        } else {
                            (n + 1) as i64 - d
                        }
                    })
                    .sum();
                if s == i64::from(lin.target) {
                    for (m, &d) in out.iter_mut().zip(pick.iter()) {
                        *m |= bit(d);
                    }
                }
                continue;
            }
            for d in digits(doms[lin.cells[i]]) {
                if (0..i).all(|j| pick[j] != d || !sees(lin.cells[i], lin.cells[j])) {
                    stack.push((i + 1, d));
                }
            }
        }
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    #[allow(
        clippy::needless_range_loop,
        reason = "a symmetric matrix, filled by pairs"
    )]
    fn grouped_sums_keep_every_filling_with_distinct_peers() {
        let mut rng = crate::rng::SplitMix64::new(0x0038_9e0f_0a5e);
        let mut next = || rng.next_u64();
        let mut tighter = 0;
        for _ in 0..3000 {
            let plus = (next() % 5) as usize;
            let minus = (next() % 4) as usize;
            let k = plus + minus;
            if k == 0 {
                continue;
            }
            // A random symmetric "shares a house" relation over the cells.
            let mut adj = [[false; 8]; 8];
            for a in 0..k {
                for b in a + 1..k {
                    let s = next() % 3 != 0;
                    adj[a][b] = s;
                    adj[b][a] = s;
                }
            }
            let sees = |a: usize, b: usize| adj[a][b];
            let d = Derived {
                plus: (0..plus).collect(),
                minus: (plus..k).collect(),
                total: (next() % 40) as i64 - 10,
            };
            let Some(plain) = Linear::new(9, &d) else {
                continue;
            };
            let lin = plain.clone().grouped(sees);
            let doms: Vec<Mask> = (0..k)
                .map(|_| match (next() as Mask) & full(9) {
                    0 => full(9),
                    m => m,
                })
                .collect();
            let mut out = [0; 32];
            let got = lin.narrow(&doms, &mut out).then(|| {
                let mut by_cell = vec![0; k];
                for (&c, &m) in lin.cells.iter().zip(&out) {
                    by_cell[c] = m;
                }
                by_cell
            });
            let mut out = [0; 32];
            let loose = plain.narrow(&doms, &mut out).then(|| out[..k].to_vec());
            let want = brute_distinct(&lin, &doms, 9, &sees).map(|w| {
                let mut by_cell = vec![0; k];
                for (&c, &m) in lin.cells.iter().zip(&w) {
                    by_cell[c] = m;
                }
                by_cell
            });
            match (&want, &got) {
                (Some(w), Some(g)) => {
                    assert!(w.iter().zip(g).all(|(w, g)| w & !g == 0), "{d:?} {doms:?}");
                }
                (Some(_), None) => panic!("{d:?} {doms:?}: a filling lost"),
                (None, _) => {}
            }
            // Never looser than the filter without groups.
            match (&got, &loose) {
                (Some(g), Some(l)) => {
                    assert!(g.iter().zip(l).all(|(g, l)| g & !l == 0), "{d:?} {doms:?}");
                    tighter += usize::from(g != l);
                }
                (Some(_), None) => panic!("{d:?} {doms:?}: looser than without groups"),
                (None, l) => tighter += usize::from(l.is_some()),
            }
        }
        // The groups narrow something the plain filter keeps.
        assert!(tighter > 100, "{tighter}");
    }

    #[test]
    fn reflecting_and_reaching_are_their_definitions() {
        let mut rng = crate::rng::SplitMix64::new(0x0038_4ef1_ec75);
        let mut next = || rng.next_u64();
        for _ in 0..2000 {
            let n = 1 + (next() % 31) as usize;
            let m = (next() as Mask) & full(n);
            let want = digits(m).fold(0, |r, d| r | 1 << (n + 1 - usize::from(d)));
            assert_eq!(reflect(m, n), want, "{m:b} {n}");
            // Sparse and run-shaped sets both.
            let set = |x: u64, y: u64| match x % 3 {
                0 => between((y % 60) as u32, (y % 60 + x % 20) as u32),
                _ => u128::from(x & y) << (x % 40),
            };
            let (from, to, cands) = (
                set(next(), next()),
                set(next(), next()),
                set(next(), next()),
            );
            let mut want = 0u128;
            for x in 0..128 {
                if cands >> x & 1 == 1
                    && (0..128).any(|s| from >> s & 1 == 1 && s + x < 128 && to >> (s + x) & 1 == 1)
                {
                    want |= 1 << x;
                }
            }
            assert_eq!(reaching(from, to, cands), want, "{from:x} {to:x} {cands:x}");
        }
    }

    #[test]
    fn spreading_a_run_of_values_is_spreading_each() {
        let mut rng = crate::rng::SplitMix64::new(0x5eed_0f0a);
        let mut next = || rng.next_u64();
        for _ in 0..2000 {
            let sums = u128::from(next()) << (next() % 64);
            let (lo, len) = ((next() % 100) as u32, (next() % 28) as u32 + 1);
            let values = between(lo, lo + len - 1);
            for up in [true, false] {
                let mut want = 0;
                for v in lo..lo + len {
                    want |= if up { sums << v } else { sums >> v };
                }
                assert_eq!(spread(sums, values, up), want, "{sums:x} {lo} {len} {up}");
            }
        }
    }

    /// A seeded xorshift generator, so the puzzles are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }

        fn shuffle<T>(&mut self, v: &mut [T]) {
            for i in (1..v.len()).rev() {
                v.swap(i, self.below(i + 1));
            }
        }
    }

    /// A random 9×9 solution grid (row-major) and a Killer cut from it: connected cages of
    /// up to `max` cells with distinct digits, one in `drop` left out.
    fn random_killer(rng: &mut Rng, max: usize, drop: usize) -> (Vec<u8>, Killer) {
        let perm = |rng: &mut Rng| {
            let mut bands = vec![0, 1, 2];
            rng.shuffle(&mut bands);
            let mut out = Vec::new();
            for b in bands {
                let mut v = vec![3 * b, 3 * b + 1, 3 * b + 2];
                rng.shuffle(&mut v);
                out.extend(v);
            }
            out
        };
        let (rows, cols) = (perm(rng), perm(rng));
        let mut ds: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut ds);
        let grid: Vec<u8> = (0..81)
            .map(|i| ds[(3 * (rows[i / 9] % 3) + rows[i / 9] / 3 + cols[i % 9]) % 9])
            .collect();
        let mut owner = [usize::MAX; 81];
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let mut cages = Vec::new();
        for &start in &order {
            if owner[start] != usize::MAX {
                continue;
            }
            let mut cells = vec![start];
            owner[start] = start;
            let size = 1 + rng.below(max);
            for _ in 0..4 * size {
                if cells.len() >= size {
                    break;
                }
                let from = cells[rng.below(cells.len())];
                let next = match rng.below(4) {
                    0 if from >= 9 => from - 9,
                    1 if from < 72 => from + 9,
                    2 if from % 9 > 0 => from - 1,
                    3 if from % 9 < 8 => from + 1,
                    _ => continue,
                };
                if owner[next] == usize::MAX && cells.iter().all(|&x| grid[x] != grid[next]) {
                    owner[next] = start;
                    cells.push(next);
                }
            }
            if rng.below(drop) != 0 {
                let sum = cells.iter().map(|&i| u32::from(grid[i])).sum();
                let at = |i: usize| (i / 9) as u8;
                cages.push(KillerCage {
                    sum,
                    cells: cells
                        .iter()
                        .map(|&i| Cell::new(at(i), (i % 9) as u8))
                        .collect(),
                });
            }
        }
        let sudoku = Sudoku::new(9, (3, 3), &[]).unwrap();
        (grid, Killer::new(sudoku, cages).unwrap())
    }

    #[test]
    fn the_bitset_search_keeps_each_derived_sum_once() {
        // On a grid whose cells all lie in cages, rows grown from the top meet the same
        // pieces as rows grown from the bottom, the other way round: `sums` finds both, the
        // bitset search keeps one.
        let mut rng = Rng(0x5eed_0038_0040);
        let (mut twice, mut kept) = (0, 0);
        for i in 0..60 {
            // Every cell in a cage (almost never one left out): the two directions meet.
            let (_, killer) = random_killer(&mut rng, 2 + i % 5, 1000);
            let lowered = Lowered::new(&killer.constraints()).unwrap();
            let all = sums(&lowered);
            twice += (0..all.len())
                .filter(|&k| all[..k].iter().any(|e| e.same_as(&all[k])))
                .count();
            let once = crate::model::board::extra_sums(&lowered);
            for (k, d) in once.iter().enumerate() {
                assert!(!once[..k].iter().any(|e| e.same_as(d)), "{d:?} twice");
            }
            kept += once.len();
        }
        // The test can fail: the duplicates it removes are there.
        assert!(twice >= 20 && kept >= 100, "{twice} twice, {kept} kept");
    }

    #[test]
    fn a_sum_with_its_sides_swapped_and_its_total_negated_is_the_same_sum() {
        let d = |plus: &[usize], minus: &[usize], total| Derived {
            plus: plus.to_vec(),
            minus: minus.to_vec(),
            total,
        };
        let a = d(&[48, 53], &[36, 41, 42], 3);
        assert!(a.same_as(&a.clone()));
        assert!(a.same_as(&d(&[36, 41, 42], &[48, 53], -3)));
        assert!(!a.same_as(&d(&[36, 41, 42], &[48, 53], 3)));
        assert!(!a.same_as(&d(&[48, 53], &[36, 41], 3)));
    }

    #[test]
    fn derived_sums_hold_in_the_solution_of_random_killers() {
        let mut rng = Rng(0x5eed_0038_0038);
        let (mut plain, mut mixed) = (0, 0);
        for i in 0..60 {
            let (grid, killer) = random_killer(&mut rng, 2 + i % 5, 2 + i % 4);
            let lowered = Lowered::new(&killer.constraints()).unwrap();
            let digit = |c: usize| {
                let cell = lowered.cells[c];
                i64::from(grid[usize::from(cell.row) * 9 + usize::from(cell.col)])
            };
            for d in sums(&lowered) {
                assert!(d.holds(digit), "{d:?}");
                assert!(!d.plus.is_empty() && d.plus.len() + d.minus.len() <= 9);
                plain += usize::from(d.minus.is_empty());
                mixed += usize::from(!d.minus.is_empty());
            }
        }
        // The test can fail: it checks many sums of both shapes.
        assert!(plain >= 60 && mixed >= 30, "{plain} plain, {mixed} mixed");
    }

    #[test]
    fn hidden_cages_hold_in_the_solution_of_random_killers() {
        let mut rng = Rng(0x5eed_0038_0039);
        let mut found = 0;
        for i in 0..60 {
            let (grid, killer) = random_killer(&mut rng, 2 + i % 5, 2 + i % 4);
            let lowered = Lowered::new(&killer.constraints()).unwrap();
            let digit = |c: usize| {
                let cell = lowered.cells[c];
                i64::from(grid[usize::from(cell.row) * 9 + usize::from(cell.col)])
            };
            for d in crate::model::hidden::sums(&lowered) {
                assert!(d.holds(digit), "{d:?}");
                assert_eq!(d.minus.len(), 1, "{d:?}");
                assert!(d.plus.len() + d.minus.len() <= 3, "{d:?}");
                found += 1;
            }
        }
        // The test can fail: it checks many sums.
        assert!(found >= 100, "{found} hidden cages");
    }
}
