//! # Cages too large for a table: sum and product bounds
//!
//! When a cage allows more tuples than the limit, the native engine reasons on bounds
//! instead of tuples (bounds consistency on the arithmetic alone; in-cage distinctness is
//! left to the row and column propagators):
//!
//! - `+`: each cell lies in `[target − Σ max(others), target − Σ min(others)]`;
//! - `*`: each cell divides the target and lies in
//!   `[⌈target / Π max(others)⌉, ⌊target / Π min(others)⌋]`;
//! - `-` and `/` (rare at this size), and cages without operator (`?`, true when one of
//!   the four rules holds): checked once every cell is fixed.
//!
//! With every cell fixed each rule reduces to the cage's own arithmetic, so a complete
//! assignment is accepted exactly when it satisfies the cage.

use crate::native::domains::{max_digit, min_digit, range, Conflict, Domains, Mask};
use crate::puzzle::Op;

/// A cage checked by bounds reasoning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoundsCage {
    cells: Vec<usize>,
    op: Op,
    target: u64,
}

impl BoundsCage {
    /// A cage over `cells` (row-major indices) with `op` (use the effective operator) and
    /// `target`.
    #[must_use]
    pub(crate) fn new(cells: Vec<usize>, op: Op, target: u64) -> Self {
        BoundsCage { cells, op, target }
    }

    /// Narrows the cells to the bounds the target allows.
    ///
    /// # Errors
    /// [`Conflict`] when the target is out of reach.
    pub(crate) fn propagate(&self, doms: &mut Domains) -> Result<(), Conflict> {
        match self.op {
            Op::Add => self.sum(doms),
            Op::Mul => self.product(doms),
            Op::Sub | Op::Div | Op::Given | Op::Any => self.check_when_fixed(doms),
        }
    }

    fn sum(&self, doms: &mut Domains) -> Result<(), Conflict> {
        let t = i64::try_from(self.target).unwrap_or(i64::MAX);
        let lo = |m: Mask| i64::from(min_digit(m));
        let hi = |m: Mask| i64::from(max_digit(m));
        let sum_lo: i64 = self.cells.iter().map(|&c| lo(doms.get(c))).sum();
        let sum_hi: i64 = self.cells.iter().map(|&c| hi(doms.get(c))).sum();
        if sum_lo > t || sum_hi < t {
            return Err(Conflict);
        }
        for &c in &self.cells {
            let m = doms.get(c);
            let others_lo = sum_lo - lo(m);
            let others_hi = sum_hi - hi(m);
            let _ = doms.restrict(c, range(t - others_hi, t - others_lo))?;
        }
        Ok(())
    }

    fn product(&self, doms: &mut Domains) -> Result<(), Conflict> {
        let t = u128::from(self.target);
        let divisors: Mask = (1..=26u8)
            .filter(|&d| self.target % u64::from(d) == 0)
            .fold(0, |m, d| m | (1 << d));
        for &c in &self.cells {
            let _ = doms.restrict(c, divisors)?;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            let (mut others_lo, mut others_hi) = (1u128, 1u128);
            for (j, &o) in self.cells.iter().enumerate() {
                if i != j {
                    let m = doms.get(o);
                    others_lo = others_lo.saturating_mul(u128::from(min_digit(m)));
                    others_hi = others_hi.saturating_mul(u128::from(max_digit(m)));
                }
            }
            let lo = t.div_ceil(others_hi);
            let hi = t / others_lo;
            let clamp = |x: u128| i64::try_from(x.min(64)).unwrap_or(64);
            let _ = doms.restrict(c, range(clamp(lo), clamp(hi)))?;
        }
        Ok(())
    }

    fn check_when_fixed(&self, doms: &Domains) -> Result<(), Conflict> {
        let values: Option<Vec<u64>> = self
            .cells
            .iter()
            .map(|&c| doms.value(c).map(u64::from))
            .collect();
        let Some(values) = values else {
            return Ok(());
        };
        let ok = if self.op == Op::Any {
            Op::ARITHMETIC.iter().any(|&op| self.holds(op, &values))
        } else {
            self.holds(self.op, &values)
        };
        if ok {
            Ok(())
        } else {
            Err(Conflict)
        }
    }

    /// Whether `op` (not [`Op::Any`]) turns the fixed `values` into the target.
    fn holds(&self, op: Op, values: &[u64]) -> bool {
        let max = values.iter().copied().max().unwrap_or(0);
        let sum: u64 = values.iter().sum();
        match op {
            // max − (sum − max) = target
            Op::Sub => 2 * max == sum + self.target,
            // max / (prod / max) = target  ⇔  max² = target · prod
            Op::Div => {
                values
                    .iter()
                    .try_fold(1u64, |p, &v| p.checked_mul(v))
                    .and_then(|p| p.checked_mul(self.target))
                    == Some(max * max)
            }
            Op::Given => values.len() == 1 && max == self.target,
            Op::Add => sum == self.target,
            Op::Mul => values.iter().try_fold(1u64, |p, &v| p.checked_mul(v)) == Some(self.target),
            Op::Any => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::{bit, digits, full};

    fn doms_of(d: &Domains, cells: &[usize]) -> Vec<Vec<u8>> {
        cells.iter().map(|&i| digits(d.get(i)).collect()).collect()
    }

    fn fixed(n: usize, values: &[u8]) -> Domains {
        let mut d = Domains::new(n);
        for (i, &v) in values.iter().enumerate() {
            let _ = d.assign(i, v).unwrap();
        }
        d
    }

    #[test]
    fn sum_bounds_narrow_exactly() {
        // 6×6, 16 + over three cells with cell 0 in {4, 5}: the other two need at least
        // 16 − 5 − 6 = 5 each.
        let mut d = Domains::new(6);
        let cage = BoundsCage::new(vec![0, 1, 2], Op::Add, 16);
        let _ = d.restrict(0, bit(4) | bit(5)).unwrap();
        cage.propagate(&mut d).unwrap();
        assert_eq!(
            doms_of(&d, &[0, 1, 2]),
            vec![vec![4, 5], vec![5, 6], vec![5, 6]]
        );
        // With cell 0 = 1 the most the cage reaches is 13.
        let mut d = Domains::new(6);
        let _ = d.assign(0, 1).unwrap();
        assert_eq!(cage.propagate(&mut d), Err(Conflict));
    }

    #[test]
    fn product_bounds_and_divisors() {
        // 6×6, 60 * over three cells, cell 0 in {1, 2}: the other two reach at most 36, so
        // cell 0 = 2; then the others need 30 from two cells ≤ 6: at least 5 each.
        let mut d = Domains::new(6);
        let cage = BoundsCage::new(vec![0, 1, 2], Op::Mul, 60);
        let _ = d.restrict(0, bit(1) | bit(2)).unwrap();
        cage.propagate(&mut d).unwrap();
        assert_eq!(
            doms_of(&d, &[0, 1, 2]),
            vec![vec![2], vec![5, 6], vec![5, 6]]
        );
        // 7 * over two cells of a 6×6 grid: only 1 divides 7, and 1 · 1 < 7.
        let mut d = Domains::new(6);
        let cage = BoundsCage::new(vec![0, 1], Op::Mul, 7);
        assert_eq!(cage.propagate(&mut d), Err(Conflict));
    }

    #[test]
    fn subtraction_and_division_are_checked_when_fixed() {
        let sub = BoundsCage::new(vec![0, 1, 2], Op::Sub, 1);
        let mut d = Domains::new(6);
        sub.propagate(&mut d).unwrap();
        assert_eq!(d.get(0), full(6), "nothing to do until fixed");
        assert_eq!(sub.propagate(&mut fixed(6, &[6, 3, 2])), Ok(())); // 6 − 3 − 2 = 1
        assert_eq!(sub.propagate(&mut fixed(6, &[6, 3, 1])), Err(Conflict));
        let div = BoundsCage::new(vec![0, 1, 2], Op::Div, 3);
        assert_eq!(div.propagate(&mut fixed(6, &[6, 2, 1])), Ok(())); // 6 / 2 / 1 = 3
        assert_eq!(div.propagate(&mut fixed(6, &[6, 3, 2])), Err(Conflict));
    }

    #[test]
    fn fixed_sums_and_products_must_be_exact() {
        let add = BoundsCage::new(vec![0, 1], Op::Add, 7);
        assert_eq!(add.propagate(&mut fixed(6, &[3, 4])), Ok(()));
        assert_eq!(add.propagate(&mut fixed(6, &[3, 5])), Err(Conflict));
        let mul = BoundsCage::new(vec![0, 1], Op::Mul, 10);
        assert_eq!(mul.propagate(&mut fixed(6, &[2, 5])), Ok(()));
        assert_eq!(mul.propagate(&mut fixed(6, &[2, 4])), Err(Conflict));
    }
}
