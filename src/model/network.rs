//! # A line network over the model's families
//!
//! A line network ([`crate::native::lines`]) over the N² cells: every house is an
//! all-different line filtered by naked and hidden singles to a fixpoint (the rules of
//! `crate::native::alldiff`, on a line of exactly N cells); every intersection of two houses
//! (a region and a line, or another house and a region or line) is a line of its shared
//! cells and the rest of both houses, filtered by pointing and claiming; every distinct sum
//! (a Killer cage, or a sum [`super::implied`] derives) is a line filtered by its
//! combinations (the sets of distinct digits with its sum): a combination survives while
//! every cell has a digit of it and each of its digits has a cell; a cell keeps the digits
//! of surviving combinations, fixed digits leave the other cells, and a digit every
//! surviving combination needs goes to its only possible cell.

use crate::native::domains::{full, Mask};
use crate::native::lines::{LineFilter, Network};

use super::houses::crossings;
use super::Lowered;

/// Which rules the network runs (grading switches them on level by level).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Naked pairs and triples on the houses.
    pub(crate) subsets: bool,
    /// Pointing and claiming on the intersections.
    pub(crate) box_line: bool,
    /// The sums [`super::implied`] derives from houses and cages (innies and outies).
    pub(crate) implied: bool,
}

impl Rules {
    /// The rules of the solving search.
    pub(crate) const SOLVE: Rules = Rules {
        subsets: false,
        box_line: true,
        implied: true,
    };
}

/// A model's houses, intersections and sums as a line network.
#[derive(Clone, Debug)]
pub(crate) struct HouseNetwork {
    net: Network,
    n: usize,
    /// The houses come first: this many all-different lines.
    units: usize,
    /// Then the intersections: each line is the shared cells, the rest of one house, the
    /// rest of the other; this is the number of shared cells.
    inter: Vec<usize>,
    /// The combinations of each sum, as digit masks.
    combos: Vec<Vec<Mask>>,
    rules: Rules,
}

impl HouseNetwork {
    /// The network of `lowered` with `rules`.
    pub(crate) fn new(lowered: &Lowered, rules: Rules) -> Self {
        let n = lowered.n;
        let mut lines: Vec<Vec<usize>> = lowered.houses().cloned().collect();
        let units = lines.len();
        let mut inter = Vec::new();
        for bx in &lowered.regions {
            for line in &lowered.lines {
                let common: Vec<usize> = bx.iter().copied().filter(|c| line.contains(c)).collect();
                if common.is_empty() {
                    continue;
                }
                let mut cells = common.clone();
                cells.extend(bx.iter().filter(|c| !common.contains(c)));
                cells.extend(line.iter().filter(|c| !common.contains(c)));
                inter.push(common.len());
                lines.push(cells);
            }
        }
        for x in crossings(lowered) {
            inter.push(x.shared.len());
            lines.push([x.shared, x.a_rest, x.b_rest].concat());
        }
        let mut combos = Vec::new();
        let implied = if rules.implied {
            super::implied::sums(lowered)
        } else {
            Vec::new()
        };
        for (cells, sum) in lowered.sums.iter().chain(&implied) {
            lines.push(cells.clone());
            combos.push(sets(n, cells.len(), *sum));
        }
        HouseNetwork {
            net: Network::new(n * n, lines),
            n,
            units,
            inter,
            combos,
            rules,
        }
    }

    /// The line network.
    pub(crate) fn net(&self) -> &Network {
        &self.net
    }
}

/// The sets of `len` distinct digits 1..=`n` adding up to `sum`, as masks.
fn sets(n: usize, len: usize, sum: u32) -> Vec<Mask> {
    let mut out = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u32, 0 as Mask)];
    while let Some((next, count, total, mask)) = stack.pop() {
        if count == len {
            if total == sum {
                out.push(mask);
            }
            continue;
        }
        for d in next..=n as u32 {
            if total + d > sum {
                break;
            }
            stack.push((d + 1, count + 1, total + d, mask | 1 << d));
        }
    }
    out.sort_unstable();
    out
}

impl LineFilter for HouseNetwork {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        let Some(i) = line.checked_sub(self.units) else {
            return self.unit(doms);
        };
        match i.checked_sub(self.inter.len()) {
            None if !self.rules.box_line => true,
            None => intersection(doms, self.inter[i], self.n),
            Some(cage) => cage_filter(&self.combos[cage], doms),
        }
    }
}

impl HouseNetwork {
    /// A row, column or box: singles, and naked pairs and triples when asked, to a fixpoint.
    fn unit(&self, doms: &mut [Mask]) -> bool {
        loop {
            if !all_different(doms, full(self.n)) {
                return false;
            }
            if !self.rules.subsets {
                return true;
            }
            match naked_subsets(doms) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

/// Naked pairs and triples on a unit: `k` open cells (2 or 3) whose candidates together
/// are `k` digits take them, and the other cells lose them. Whether any cell changed,
/// `None` when `k` cells share fewer than `k` digits.
fn naked_subsets(doms: &mut [Mask]) -> Option<bool> {
    let open: Vec<usize> = (0..doms.len())
        .filter(|&i| (2..=3).contains(&doms[i].count_ones()))
        .collect();
    let mut changed = false;
    let mut strip_others = |doms: &mut [Mask], cells: &[usize], union: Mask| -> Option<()> {
        match union.count_ones() as usize {
            k if k < cells.len() => return None,
            k if k > cells.len() => return Some(()),
            _ => {}
        }
        for (i, m) in doms.iter_mut().enumerate() {
            if !cells.contains(&i) && *m & union != 0 {
                *m &= !union;
                changed = true;
                if *m == 0 {
                    return None;
                }
            }
        }
        Some(())
    };
    for (x, &a) in open.iter().enumerate() {
        for (y, &b) in open.iter().enumerate().skip(x + 1) {
            let pair = doms[a] | doms[b];
            strip_others(doms, &[a, b], pair)?;
            for &c in &open[y + 1..] {
                let triple = doms[a] | doms[b] | doms[c];
                strip_others(doms, &[a, b, c], triple)?;
            }
        }
    }
    Some(changed)
}

/// Naked and hidden singles on a line holding each digit of `all` once, to a fixpoint.
fn all_different(doms: &mut [Mask], all: Mask) -> bool {
    loop {
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m == 0 || (m.count_ones() == 1 && fixed & m != 0) {
                return false;
            }
            if m.count_ones() == 1 {
                fixed |= m;
            }
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            if m.count_ones() > 1 && *m & fixed != 0 {
                *m &= !fixed;
                changed = true;
                if *m == 0 {
                    return false;
                }
            }
        }
        match hidden_singles(doms, all & !fixed) {
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
}

/// Pointing and claiming on `doms` = the `k` cells shared by two houses (a box and a row or
/// column), the rest of the first, the rest of the second (`n` cells each): a digit of the
/// first only in the shared cells leaves the rest of the second (pointing), one of the second
/// only in the shared cells leaves the rest of the first (claiming).
fn intersection(doms: &mut [Mask], k: usize, n: usize) -> bool {
    let (shared, rest) = doms.split_at_mut(k);
    let (box_rest, line_rest) = rest.split_at_mut(n - k);
    let or = |ms: &[Mask]| ms.iter().fold(0, |u, &m| u | m);
    let here = or(shared);
    loop {
        let pointing = here & !or(box_rest);
        let Some(a) = strip(line_rest, pointing) else {
            return false;
        };
        let claiming = here & !or(line_rest);
        let Some(b) = strip(box_rest, claiming) else {
            return false;
        };
        if !a && !b {
            return true;
        }
    }
}

/// Hidden singles: each digit of `digits` that exactly one cell of `doms` can take is placed
/// there. Whether any cell changed, `None` when a digit has no cell left.
fn hidden_singles(doms: &mut [Mask], mut digits: Mask) -> Option<bool> {
    let mut changed = false;
    while digits != 0 {
        let b = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let mut holders = doms.iter_mut().filter(|m| **m & b != 0);
        match (holders.next(), holders.next()) {
            (None, _) => return None,
            (Some(m), None) if *m != b => {
                *m = b;
                changed = true;
            }
            _ => {}
        }
    }
    Some(changed)
}

/// Removes the digits of `gone` from `doms`: whether any changed, `None` when one empties.
fn strip(doms: &mut [Mask], gone: Mask) -> Option<bool> {
    let mut changed = false;
    for m in doms.iter_mut() {
        if *m & gone != 0 {
            *m &= !gone;
            if *m == 0 {
                return None;
            }
            changed = true;
        }
    }
    Some(changed)
}

/// Filters a cage's cells by its combinations `combos`, to a fixpoint.
fn cage_filter(combos: &[Mask], doms: &mut [Mask]) -> bool {
    loop {
        let union = doms.iter().fold(0, |u, &m| u | m);
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m.count_ones() == 1 {
                if fixed & m != 0 {
                    return false;
                }
                fixed |= m;
            }
        }
        let (mut allowed, mut needed) = (0 as Mask, Mask::MAX);
        for &c in combos {
            if c & !union == 0 && c & fixed == fixed && doms.iter().all(|&m| m & c != 0) {
                allowed |= c;
                needed &= c;
            }
        }
        if allowed == 0 {
            return false;
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            let mut new = *m & allowed;
            if new.count_ones() > 1 {
                new &= !fixed;
            }
            if new == 0 {
                return false;
            }
            changed |= new != *m;
            *m = new;
        }
        match hidden_singles(doms, needed & !fixed) {
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::bit;

    #[test]
    fn cage_sets() {
        assert_eq!(sets(4, 2, 5), vec![bit(2) | bit(3), bit(1) | bit(4)]);
        assert!(sets(4, 2, 8).is_empty());
    }

    #[test]
    fn singles_fix_a_line() {
        let mut d = vec![bit(1), bit(1) | bit(2), bit(2) | bit(3) | bit(4), bit(3)];
        assert!(all_different(&mut d, full(4)));
        assert_eq!(d, vec![bit(1), bit(2), bit(4), bit(3)]);
    }

    #[test]
    fn cage_needs_its_digits() {
        // 3 in two cells is 1 + 2.
        let mut d = vec![full(4), full(4)];
        assert!(cage_filter(&sets(4, 2, 3), &mut d));
        assert_eq!(d, vec![bit(1) | bit(2); 2]);
    }
}
