//! # House sums: innies, outies and hidden cages
//!
//! A full house (as many cells as digits, all distinct) adds up to 1 + 2 + … + N. For a
//! union of disjoint houses (a run of consecutive rows or columns, a box, two boxes of one
//! band or stack) and the sum cages it holds, the cells left over make a **hidden cage**
//! with a known sum (innies); subtracting also the cages that stick out leaves the
//! **outies**, the cages' cells outside the union, less the union's cells in no cage. Each
//! is one linear equation `Σ a·x = b` with `a` = ±1 over a few cells: the houses and cages
//! it came from are its sources, the reason of any step it gives.
//!
//! [`SumRule::supported`] narrows the cells of an equation to the digits some choice of the
//! others' candidates meets (a reachability over partial sums; cells sharing a house are not
//! told apart, which only makes it weaker, never wrong).

use crate::puzzle::{ConstraintKind, Constraints, Op};

/// The most cells an equation keeps: longer ones force little.
const MOST_CELLS: usize = 6;

/// One derived sum: `Σ coef·x(cell) = total`, from the houses and cages `sources`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SumRule {
    /// Grid indices and their coefficients (+1 innie, −1 outie).
    pub(super) cells: Vec<(usize, i64)>,
    /// The right-hand side.
    pub(super) total: i64,
    /// The constraints it follows from (indices into the model's list).
    pub(super) sources: Vec<usize>,
}

/// The house sums of `model` whose equations have 1 to [`MOST_CELLS`] cells.
pub(super) fn rules(model: &Constraints, members: &[Vec<usize>]) -> Vec<SumRule> {
    rules_among(model, members, &|_| true)
}

/// The house sums of the constraints `allowed` alone (a question's set): unions of allowed
/// houses, less the allowed cages inside them or touching them. Where a cage that touches
/// a union is left out of the set, the whole puzzle's outies are not the set's: on Tarek's
/// line 26 rows 1–4 less the ten cages of the set leave `C9 + D9 − E6 = 10` (both in
/// {7, 9}), which the solver took up to 1.2 s to find for each digit of E6.
pub(super) fn rules_within(
    model: &Constraints,
    members: &[Vec<usize>],
    allowed: &[bool],
) -> Vec<SumRule> {
    rules_among(model, members, &|k| allowed[k])
}

/// The house sums over the constraints `present`: unions of present full houses, less the
/// present sum cages inside them (innies) or touching them (outies).
fn rules_among(
    model: &Constraints,
    members: &[Vec<usize>],
    present: &dyn Fn(usize) -> bool,
) -> Vec<SumRule> {
    let n = usize::from(model.max_digit);
    // Partial sums must fit in `Bits`: MOST_CELLS cells of at most n each.
    if MOST_CELLS * n >= 64 {
        return Vec::new();
    }
    let house_sum = i64::try_from(n * (n + 1) / 2).unwrap_or(i64::MAX);
    let full = |k: usize| present(k) && super::full_house(&model.list[k], model.max_digit);
    let cages: Vec<usize> = (0..model.list.len())
        .filter(|&k| {
            let c = &model.list[k];
            present(k)
                && c.kind == ConstraintKind::Cage
                && c.op == Some(Op::Add)
                && c.target.is_some()
        })
        .collect();
    let mut out: Vec<SumRule> = Vec::new();
    for union in unions(model, members, &full) {
        let grid = model.rows * model.cols;
        let mut inside = vec![false; grid];
        for &h in &union {
            for &i in &members[h] {
                inside[i] = true;
            }
        }
        let whole = |k: &usize| members[*k].iter().all(|&i| inside[i]);
        let touches = |k: &usize| members[*k].iter().any(|&i| inside[i]);
        let innies: Vec<usize> = cages.iter().copied().filter(whole).collect();
        let outies: Vec<usize> = cages.iter().copied().filter(touches).collect();
        for used in [innies, outies] {
            let rule = combine(model, members, &union, &used, house_sum, grid);
            if let Some(rule) = rule.filter(|r| !r.cells.is_empty() && r.cells.len() <= MOST_CELLS)
            {
                if !out
                    .iter()
                    .any(|o| o.cells == rule.cells && o.total == rule.total)
                {
                    out.push(rule);
                }
            }
        }
    }
    out.sort_by_key(|r| (r.cells.len(), r.sources.len()));
    out
}

/// The equation of the houses `union` less the cages `used`.
fn combine(
    model: &Constraints,
    members: &[Vec<usize>],
    union: &[usize],
    used: &[usize],
    house_sum: i64,
    grid: usize,
) -> Option<SumRule> {
    let mut coef = vec![0i64; grid];
    let mut total = house_sum.checked_mul(i64::try_from(union.len()).ok()?)?;
    for &h in union {
        for &i in &members[h] {
            coef[i] += 1;
        }
    }
    for &k in used {
        for &i in &members[k] {
            coef[i] -= 1;
        }
        total = total.checked_sub(i64::try_from(model.list[k].target?).ok()?)?;
    }
    // A cell in two of the cages would need a coefficient of −2: no such rule.
    if coef.iter().any(|&a| !(-1..=1).contains(&a)) {
        return None;
    }
    let cells: Vec<(usize, i64)> = (0..grid)
        .filter(|&i| coef[i] != 0)
        .map(|i| (i, coef[i]))
        .collect();
    let mut sources: Vec<usize> = union.iter().chain(used).copied().collect();
    sources.sort_unstable();
    Some(SumRule {
        cells,
        total,
        sources,
    })
}

/// Unions of disjoint full houses: runs of consecutive rows, of consecutive columns (all
/// but the whole grid), single boxes and two boxes of one band or stack.
fn unions(
    model: &Constraints,
    members: &[Vec<usize>],
    full: &dyn Fn(usize) -> bool,
) -> Vec<Vec<usize>> {
    let cols = model.cols;
    let of = |kind: ConstraintKind| -> Vec<usize> {
        (0..model.list.len())
            .filter(|&k| model.list[k].kind == kind && full(k))
            .collect()
    };
    let mut out = Vec::new();
    for (kind, key) in [
        (ConstraintKind::Row, 0usize),
        (ConstraintKind::Column, 1usize),
    ] {
        let mut lines = of(kind);
        let at = |k: usize| {
            let i = members[k][0];
            if key == 0 {
                i / cols
            } else {
                i % cols
            }
        };
        lines.sort_by_key(|&k| at(k));
        // Not the whole grid; all the lines a set holds may be fewer.
        let whole = if key == 0 { model.rows } else { model.cols };
        for len in (1..=lines.len()).filter(|&len| len < whole) {
            for w in lines.windows(len) {
                let consecutive = w.windows(2).all(|p| at(p[1]) == at(p[0]) + 1);
                if consecutive {
                    out.push(w.to_vec());
                }
            }
        }
    }
    let boxes = of(ConstraintKind::Box);
    let span = |k: usize, key: usize| -> Vec<usize> {
        let mut v: Vec<usize> = members[k]
            .iter()
            .map(|&i| if key == 0 { i / cols } else { i % cols })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    for (j, &a) in boxes.iter().enumerate() {
        out.push(vec![a]);
        for &b in &boxes[j + 1..] {
            if span(a, 0) == span(b, 0) || span(a, 1) == span(b, 1) {
                out.push(vec![a, b]);
            }
        }
    }
    out
}

impl SumRule {
    /// The candidates of each of the rule's cells (in order) that some choice of the other
    /// cells' candidates `doms` (grid-indexed) meets.
    pub(super) fn supported(&self, doms: &[u32]) -> Vec<u32> {
        let n = self.cells.len();
        // front[j]: the partial sums of the first j cells, as bits (sum + OFFSET); back[j]:
        // of the last j cells.
        let mut front = [Bits::ZERO; MOST_CELLS + 1];
        let mut back = [Bits::ZERO; MOST_CELLS + 1];
        front[0] = Bits::at(0);
        back[0] = Bits::at(0);
        for j in 0..n {
            let (i, a) = self.cells[j];
            front[j + 1] = front[j].add_each(doms[i], a);
            let (i, a) = self.cells[n - 1 - j];
            back[j + 1] = back[j].add_each(doms[i], a);
        }
        let mut out = vec![0u32; n];
        for (j, &(i, a)) in self.cells.iter().enumerate() {
            // This cell keeps d when s + a·d + t = total for a sum s of the cells before
            // it and t of those after: when s + a·d is among total − t.
            let wanted = back[n - 1 - j].from(self.total);
            for d in super::digits(doms[i]) {
                if front[j].shifted(a * i64::from(d)).meets(wanted) {
                    out[j] |= 1 << d;
                }
            }
        }
        out
    }
}

/// Where sum 0 sits in [`Bits`].
const OFFSET: i64 = 64;

/// A set of sums in −64..64, one bit each.
#[derive(Clone, Copy)]
struct Bits(u128);

impl Bits {
    const ZERO: Bits = Bits(0);

    fn at(s: i64) -> Bits {
        Bits(u32::try_from(s + OFFSET).map_or(0, |k| 1u128.checked_shl(k).unwrap_or(0)))
    }

    /// Every sum `s + a·d` for `s` here and `d` a digit of `dom` (`a` is ±1).
    fn add_each(self, dom: u32, a: i64) -> Bits {
        let mut out = 0u128;
        for d in super::digits(dom) {
            out |= if a > 0 {
                self.0.checked_shl(d).unwrap_or(0)
            } else {
                self.0.checked_shr(d).unwrap_or(0)
            };
        }
        Bits(out)
    }

    /// Every `total − s` for `s` here (those in range).
    fn from(self, total: i64) -> Bits {
        // Bit k holds s = k − OFFSET; reversed, bit 127 − k; total − s sits at bit
        // total − k + 2·OFFSET, that is the reversed bit moved up by total + 1.
        Bits(self.0.reverse_bits()).shifted(total + 2 * OFFSET - 127)
    }

    /// Every `s + by` for `s` here (those in range).
    fn shifted(self, by: i64) -> Bits {
        Bits(match u32::try_from(by) {
            Ok(up) => self.0.checked_shl(up).unwrap_or(0),
            Err(_) => u32::try_from(-by).map_or(0, |down| self.0.checked_shr(down).unwrap_or(0)),
        })
    }

    /// Whether a sum is in both.
    fn meets(self, other: Bits) -> bool {
        self.0 & other.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling of the rule's cells from `doms`, by brute force: the digits some
    /// filling meeting the total keeps.
    fn by_brute_force(rule: &SumRule, doms: &[u32]) -> Vec<u32> {
        let mut out = vec![0u32; rule.cells.len()];
        let mut pick = vec![0u32; rule.cells.len()];
        fn walk(rule: &SumRule, doms: &[u32], at: usize, pick: &mut [u32], out: &mut [u32]) {
            if at == pick.len() {
                let sum: i64 = rule
                    .cells
                    .iter()
                    .zip(pick.iter())
                    .map(|(&(_, a), &d)| a * i64::from(d))
                    .sum();
                if sum == rule.total {
                    out.iter_mut()
                        .zip(pick.iter())
                        .for_each(|(o, &d)| *o |= 1 << d);
                }
                return;
            }
            for d in crate::setter::explain::gac::digits(doms[rule.cells[at].0]) {
                pick[at] = d;
                walk(rule, doms, at + 1, pick, out);
            }
        }
        walk(rule, doms, 0, &mut pick, &mut out);
        out
    }

    #[test]
    fn supported_is_what_some_filling_keeps() {
        // The same cases every run.
        let mut rng = crate::rng::SplitMix64::new(0x2545_f491);
        let mut next = |m: u64| rng.below(m);
        for _ in 0..3_000 {
            let n = 1 + next(MOST_CELLS as u64) as usize;
            let cells: Vec<(usize, i64)> = (0..n)
                .map(|i| (i, if next(3) == 0 { -1 } else { 1 }))
                .collect();
            let doms: Vec<u32> = (0..n).map(|_| (next(1 << 9) as u32) << 1).collect();
            let total = next(2 * 9 * n as u64 + 1) as i64 - 9 * n as i64 / 2;
            let rule = SumRule {
                cells,
                total,
                sources: vec![],
            };
            assert_eq!(
                rule.supported(&doms),
                by_brute_force(&rule, &doms),
                "{rule:?} over {doms:?}"
            );
        }
    }

    #[test]
    fn supported_keeps_the_digits_that_meet_the_sum() {
        // x0 − x1 = 7 over 1..=9: x0 ∈ {8, 9}, x1 ∈ {1, 2}.
        let rule = SumRule {
            cells: vec![(0, 1), (1, -1)],
            total: 7,
            sources: vec![],
        };
        let all = 0b11_1111_1110;
        assert_eq!(rule.supported(&[all, all]), vec![0b11 << 8, 0b110]);
        // x0 + x1 = 3 with x1 ∈ {1}: x0 = 2.
        let rule = SumRule {
            cells: vec![(0, 1), (1, 1)],
            total: 3,
            sources: vec![],
        };
        assert_eq!(rule.supported(&[all, 0b10]), vec![0b100, 0b10]);
        assert_eq!(rule.supported(&[0b1000, 0b10]), vec![0, 0]);
    }
}
