//! # The candidate board of Tatham's solvers, and their house rules
//!
//! [`Board`] holds the candidates of a full `n × n` grid as Simon Tatham's Solo and Keen
//! solvers do (`solo.c`, `latin.c`): a cell is *placed* when a rule fixes it, and placing a
//! digit strikes it from every cell that shares a house with it, at no cost. Each rule
//! here makes at most one deduction and reports it ([`Found`]), so that the ladder
//! ([`super::difficulty`]) can go back to its cheapest rule after every step, as Tatham's
//! solvers do:
//!
//! - [`Board::place_hidden_single`]: a digit with one place left in a house is placed there
//!   (Solo's *positional elimination*; on boxes alone, its Trivial level);
//! - [`Board::place_naked_single`]: a cell with one candidate is placed (*numeric
//!   elimination*);
//! - [`Board::intersections`]: a digit of a box confined to a line, or of a line to a box,
//!   leaves the rest of the other house (*intersectional analysis*: pointing, claiming);
//! - [`Board::sets`]: `k` open cells of a house with `k` candidates between them (naked
//!   and hidden sets of any size, *set elimination*);
//! - [`Board::fish`]: for one digit, `k` rows whose places lie in `k` columns (or the
//!   reverse; *positional set elimination*: X-wing, swordfish, jellyfish and larger);
//! - [`Board::chains`]: a *forcing chain* of cells with two candidates each, whose two ends
//!   both see a third cell.
//!
//! The house rules are those of [`crate::native::alldiff`] (its census of places for
//! hidden singles, its first naked set for sets and fish): this board chooses one step and
//! places through the peers.
//!
//! ## References
//! - S. Tatham, *Solo* (`solo.c`: `solver`, `solver_set`, `solver_forcing`) and the Latin
//!   square solver under *Keen* (`latin.c`: `latin_solver_diff_set`,
//!   `latin_solver_forcing`), Portable Puzzle Collection.

use crate::native::alldiff::{first_naked_set, HallSet, Places};
use crate::native::domains::{bit, digits, full, min_digit, Conflict, Domains, Mask};

/// One deduction a rule made: its size (the cells of a set, the rows of a fish, the links
/// of a chain; 1 for singles and intersections).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Set: the naked set's cells; fish: rows; chain: cells on the chain.
    pub(crate) size: usize,
    /// Set: the cells open in the house, so that `open - size` is the hidden set's size.
    pub(crate) open: usize,
}

impl Found {
    const ONE: Found = Found { size: 1, open: 0 };
}

/// What a rule did: nothing, or one deduction.
pub(crate) type Step = Result<Option<Found>, Conflict>;

/// The candidates of a full `n × n` grid, its houses, and which cells are placed.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Side length (and largest digit).
    pub(crate) n: usize,
    /// Candidates, row-major.
    pub(crate) doms: Domains,
    placed: Vec<bool>,
    /// Rows, then columns.
    lines: Vec<Vec<usize>>,
    /// Boxes (jigsaw regions), empty for a Latin square.
    boxes: Vec<Vec<usize>>,
    /// Other houses (the diagonals of an X variant).
    extra: Vec<Vec<usize>>,
    /// Per cell, every other cell sharing a house with it.
    peers: Vec<Vec<usize>>,
}

impl Board {
    /// A board with every candidate open, over the rows and columns of an `n × n` grid,
    /// `boxes` and `extra` houses (row-major cell indices).
    pub(crate) fn new(n: usize, boxes: Vec<Vec<usize>>, extra: Vec<Vec<usize>>) -> Self {
        let mut lines: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        lines.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>()));
        let mut peers = vec![Vec::new(); n * n];
        for house in lines.iter().chain(&boxes).chain(&extra) {
            for &a in house {
                peers[a].extend(house.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Board {
            n,
            doms: Domains::new(n),
            placed: vec![false; n * n],
            lines,
            boxes,
            extra,
            peers,
        }
    }

    /// Whether cell `i` is placed.
    pub(crate) fn is_placed(&self, i: usize) -> bool {
        self.placed[i]
    }

    /// The rows, columns and boxes (the houses a Killer's 45 rule reads in Solo).
    pub(crate) fn sum_houses(&self) -> Vec<Vec<usize>> {
        self.lines.iter().chain(&self.boxes).cloned().collect()
    }

    /// Whether every cell is placed.
    pub(crate) fn solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// Places `d` in cell `i` and strikes it from the cell's peers.
    ///
    /// # Errors
    /// [`Conflict`] when `d` is not a candidate or a peer is left without one.
    pub(crate) fn place(&mut self, i: usize, d: u8) -> Result<(), Conflict> {
        let _ = self.doms.assign(i, d)?;
        self.placed[i] = true;
        for k in 0..self.peers[i].len() {
            let _ = self.doms.remove(self.peers[i][k], bit(d))?;
        }
        Ok(())
    }

    /// The houses of one class: `boxes`, the lines, or the lines with the other houses.
    fn houses(&self, which: Houses) -> Vec<&[usize]> {
        match which {
            Houses::Boxes => self.boxes.iter().map(Vec::as_slice).collect(),
            Houses::Lines => self
                .lines
                .iter()
                .chain(&self.extra)
                .map(Vec::as_slice)
                .collect(),
            Houses::All => self
                .boxes
                .iter()
                .chain(&self.lines)
                .chain(&self.extra)
                .map(Vec::as_slice)
                .collect(),
        }
    }

    /// Places one digit that has one place left in a house of `which` (the houses in order,
    /// then the digits smallest first; [`Places`] of [`crate::native::alldiff`]).
    ///
    /// # Errors
    /// [`Conflict`] when a digit has no place left in a house (before one is placed).
    pub(crate) fn place_hidden_single(&mut self, which: Houses) -> Step {
        let all = full(self.n);
        let mut todo = None;
        'houses: for house in self.houses(which) {
            let places = Places::of(house.iter().map(|&c| self.doms.get(c)));
            let mut ds = (all & !places.once) | places.lone();
            while ds != 0 {
                let b = ds & ds.wrapping_neg();
                ds &= ds - 1;
                if places.once & b == 0 {
                    return Err(Conflict);
                }
                let at = house.iter().find(|&&c| self.doms.get(c) & b != 0);
                if let Some(&c) = at.filter(|&&c| !self.placed[c]) {
                    todo = Some((c, min_digit(b)));
                    break 'houses;
                }
            }
        }
        match todo {
            Some((c, d)) => self.place(c, d).map(|()| Some(Found::ONE)),
            None => Ok(None),
        }
    }

    /// Places one open cell that has one candidate left.
    ///
    /// # Errors
    /// [`Conflict`] as [`Board::place`].
    pub(crate) fn place_naked_single(&mut self) -> Step {
        let cell =
            (0..self.n * self.n).find(|&c| !self.placed[c] && self.doms.get(c).count_ones() == 1);
        match cell {
            Some(c) => self
                .place(c, min_digit(self.doms.get(c)))
                .map(|()| Some(Found::ONE)),
            None => Ok(None),
        }
    }

    /// One intersection of a box with a line or another house: a digit whose places in
    /// one of the two lie in their overlap leaves the rest of the other.
    pub(crate) fn intersections(&mut self) -> Step {
        for b in 0..self.boxes.len() {
            for h in 0..self.lines.len() + self.extra.len() {
                let line = if h < self.lines.len() {
                    &self.lines[h]
                } else {
                    &self.extra[h - self.lines.len()]
                };
                let bx = &self.boxes[b];
                if !line.iter().any(|c| bx.contains(c)) {
                    continue;
                }
                let (line, bx) = (line.clone(), bx.clone());
                for d in 1..=self.n as u8 {
                    if self.confine(&line, &bx, d)? || self.confine(&bx, &line, d)? {
                        return Ok(Some(Found::ONE));
                    }
                }
            }
        }
        Ok(None)
    }

    /// When every place of `d` in `a` is also in `b`, strikes `d` from the rest of `b`;
    /// whether anything went.
    ///
    /// # Errors
    /// [`Conflict`] when a cell of `b` is left without a candidate.
    fn confine(&mut self, a: &[usize], b: &[usize], d: u8) -> Result<bool, Conflict> {
        let has = |doms: &Domains, c: usize| doms.get(c) & bit(d) != 0;
        if !a.iter().any(|&c| has(&self.doms, c))
            || a.iter().any(|&c| has(&self.doms, c) && !b.contains(&c))
        {
            return Ok(false);
        }
        let mut any = false;
        for &c in b {
            if !a.contains(&c) && has(&self.doms, c) {
                any |= self.doms.remove(c, bit(d))?;
            }
        }
        Ok(any)
    }

    /// One set elimination in a house: `k` open cells holding `k` candidates between them
    /// (the other open cells lose those candidates).
    ///
    /// # Errors
    /// [`Conflict`] when `k` cells hold fewer than `k` candidates.
    pub(crate) fn sets(&mut self) -> Step {
        let houses: Vec<Vec<usize>> = self
            .houses(Houses::All)
            .into_iter()
            .map(<[usize]>::to_vec)
            .collect();
        for house in houses {
            let open: Vec<usize> = house
                .iter()
                .copied()
                .filter(|&c| self.doms.get(c).count_ones() > 1)
                .collect();
            let masks: Vec<Mask> = open.iter().map(|&c| self.doms.get(c)).collect();
            if let Some(set) = naked_set(&masks)? {
                let mut any = false;
                for (k, &c) in open.iter().enumerate() {
                    if set.members & (1 << k) == 0 {
                        any |= self.doms.remove(c, set.digits)?;
                    }
                }
                if any {
                    let size = set.size();
                    return Ok(Some(Found {
                        size,
                        open: open.len(),
                    }));
                }
            }
        }
        Ok(None)
    }

    /// One fish: for a digit, `k` rows whose places lie in `k` columns, or `k` columns
    /// whose places lie in `k` rows (the digit leaves the rest of those columns or rows).
    ///
    /// # Errors
    /// [`Conflict`] when `k` rows have places in fewer than `k` columns.
    pub(crate) fn fish(&mut self) -> Step {
        let n = self.n;
        for d in 1..=n as u8 {
            for by_rows in [true, false] {
                let cell = |a: usize, b: usize| if by_rows { a * n + b } else { b * n + a };
                let mut open = Vec::new();
                let mut masks = Vec::new();
                for a in 0..n {
                    let m: Mask = (0..n)
                        .filter(|&b| self.doms.get(cell(a, b)) & bit(d) != 0)
                        .fold(0, |m, b| m | 1 << b);
                    if m.count_ones() > 1 {
                        open.push(a);
                        masks.push(m);
                    }
                }
                let Some(set) = naked_set(&masks)? else {
                    continue;
                };
                let mut any = false;
                for (k, &a) in open.iter().enumerate() {
                    if set.members & (1 << k) != 0 {
                        continue;
                    }
                    for b in (0..n).filter(|&b| set.digits & (1 << b) != 0) {
                        any |= self.doms.remove(cell(a, b), bit(d))?;
                    }
                }
                if any {
                    return Ok(Some(Found {
                        size: set.size(),
                        open: open.len(),
                    }));
                }
            }
        }
        Ok(None)
    }

    /// One forcing chain (Solo's `solver_forcing`): from a cell with two candidates, the
    /// cell not taking `x` forces its neighbours with two candidates along a chain; a cell
    /// that sees both the start and a chain cell forced to `x` cannot take `x`.
    pub(crate) fn chains(&mut self) -> Step {
        let cells = self.n * self.n;
        for s in 0..cells {
            let m = self.doms.get(s);
            if m.count_ones() != 2 {
                continue;
            }
            for x in digits(m) {
                if let Some((target, len)) = self.chain_from(s, x) {
                    let _ = self.doms.remove(target, bit(x))?;
                    return Ok(Some(Found { size: len, open: 0 }));
                }
            }
        }
        Ok(None)
    }

    /// The breadth-first search of [`Board::chains`] from `s` not taking `x`: the first
    /// cell that loses `x`, and the number of cells on its chain.
    fn chain_from(&self, s: usize, x: u8) -> Option<(usize, usize)> {
        let cells = self.n * self.n;
        // Per cell: the digit the chain forces there, and its distance from `s`.
        let mut forced: Vec<Option<(u8, usize)>> = vec![None; cells];
        forced[s] = Some((min_digit(self.doms.get(s) & !bit(x)), 1));
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(cur) = queue.pop_front() {
            let (v, dist) = forced[cur]?;
            for &p in &self.peers[cur] {
                let pm = self.doms.get(p);
                if forced[p].is_some() || pm & bit(v) == 0 {
                    continue;
                }
                if pm.count_ones() == 2 {
                    forced[p] = Some((min_digit(pm & !bit(v)), dist + 1));
                    queue.push_back(p);
                }
                if v == x && self.peers[s].binary_search(&p).is_ok() {
                    return Some((p, dist));
                }
            }
        }
        None
    }
}

/// Which houses a rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Houses {
    /// The boxes alone (Solo's Trivial).
    Boxes,
    /// Rows, columns and the other houses (diagonals).
    Lines,
    /// Every house.
    All,
}

/// The first naked set of `k` masks (2 ≤ `k` ≤ len − 2) that leaves another mask something
/// to lose ([`first_naked_set`]): up to 12 masks every size is tried; above, sets of up to
/// 4; none below 4 masks or above 31.
///
/// # Errors
/// [`Conflict`] when `k` masks have fewer than `k` bits between them.
fn naked_set(masks: &[Mask]) -> Result<Option<HallSet>, Conflict> {
    let m = masks.len();
    if !(4..=31).contains(&m) {
        return Ok(None);
    }
    first_naked_set(masks, if m <= 12 { m - 2 } else { 4 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_strikes_the_digit_both_ends_see() {
        // 4×4 Latin square, row 0: A1 {1,2}, A2 {1,2,3,4}; column 0: B1 {2,3}; row 1: B2
        // {3,1}. A1 ≠ 1 → A1 = 2 → B1 = 3 → B2 = 1. A2 sees A1 and B2: A2 ≠ 1.
        let mut b = Board::new(4, Vec::new(), Vec::new());
        let m = |ds: &[u8]| ds.iter().fold(0, |a, &d| a | bit(d));
        let _ = b.doms.restrict(0, m(&[1, 2])).unwrap();
        let _ = b.doms.restrict(4, m(&[2, 3])).unwrap();
        let _ = b.doms.restrict(5, m(&[1, 3])).unwrap();
        assert_eq!(b.chain_from(0, 1), Some((1, 3)));
    }
}
