//! # The fast path for grids of houses alone (classic, X and jigsaw Sudoku)
//!
//! A model made only of houses (all-different groups of `n` cells) over a full `n`×`n` grid
//! with `n` ≤ [`MAX_N`] (121 cells fit one `u128`) needs none of the bookkeeping of
//! [`super::houses`] (a board of lists built per shape, work lists, sums). This search
//! keeps, for each digit,
//! the set of cells that can still take it as one 128-bit word (digit-major, as JCZSolve and
//! tdoku do by bands), and every rule is a few word operations:
//!
//! 1. *naked singles*, all cells at once: the digit words added bit-sliced ("seen once",
//!    "seen twice") give the cells with one candidate left, and an unfixed cell with none
//!    is a conflict;
//! 2. *hidden singles*: a house whose cells hold a digit's word at one unfixed cell only
//!    fixes it there; a house holding it nowhere is a conflict;
//! 3. *intersections* (pointing and claiming, for any two houses sharing two or more cells:
//!    a box and a line, a box and a diagonal, a jigsaw region and a line): a digit of house
//!    `A` that lies only in `A ∩ B` leaves the rest of `B`.
//!
//! These are the singles and intersections of [`crate::native::alldiff`] and
//! [`super::house`], specialised to digit-major words (every house at once): the measured
//! fast path for grids of houses alone.
//!
//! Fixing a digit clears the cell from every other digit's word and the cell's peers from
//! its own. Rules 2 and 3 look again only where a digit's word lost cells since they last
//! looked (the houses, and the pairs of houses, through those cells). A node's state is
//! 28 words for a 9×9 grid (each digit's cells, the cells as hidden singles and
//! intersections last saw them, and the fixed cells), copied onto the call stack: nothing
//! is allocated while it runs. On the classic 9×9 grid, rules 2 and 3 are the band rules
//! of [`bands`] (one table lookup per band and stack of a digit, once per digit and pass:
//! a digit whose word changed is looked at again on the next pass, not at once), and
//! at their fixpoint the triads' naked triples of [`bands::locked_triads`] (three cells of
//! a row or column within a box that only three digits can take keep them from the rest
//! of their line and box). It branches on a cell
//! chosen by the conflict scores of [`super::houses`] (after ISS), a cell with the fewest
//! candidates counting as one failure (of those, the one with the most open peers: tdoku's
//! 18 unique 161.8 → 95.9 nodes a puzzle, the forum's 375 hardest 333.7 → 238.8, against the
//! first in row-major order), smallest digit first; when no open cell has
//! two candidates and that cell has three or more, it splits instead a digit over the two
//! cells of a house left to it ("`a` holds it", "`a` does not, `b` does"), the pair whose
//! cells failed most; at the root, where no failure says anything yet, it takes such a
//! pair before any cell (the 10 hardest generated: 16.7 → 7.4 nodes, 20.5 → 14.3 µs; tdoku's
//! 18 unique 159 → 162 nodes; the split below the root too cut those to 130 but slowed
//! the forum's 375 hardest by 40%). Each solution comes with its path of binary branches (a cell's
//! split is "not" each smaller digit, then "is" its digit), and counting stops exactly
//! where the visitor says (uniqueness counts to two).
//!
//! The split on a digit's two places (tdoku branches on a digit's configurations in a
//! band, which a path of cells cannot name; this is the nearest binary split a path
//! can): on tdoku's 18 unique puzzles 116.8 → 112.6 backtracks and 192.0 → 182.4 nodes a
//! puzzle, on ISS's 5 hard classics 31.8 → 12.8 backtracks (44 against 61 µs a puzzle).
//! Tried beside it: the split whenever the chosen cell has three or more candidates, even
//! with two-candidate cells open (tdoku's 18: 72.3 backtracks and 145.6 nodes, but no
//! faster, the scan of every house and digit then running at most nodes; classic-hard
//! 12% slower).
//!
//! Tried and dropped (nodes and time on tdoku's 18 unique puzzles and ISS's 5 hard
//! classics): the band rule of tdoku's triads as a rule of its own beside the generic ones
//! (two boxes of a band holding a digit in the same two rows leave the third box the third
//! row: no fewer nodes, 40% more time; on the classic grid it now comes free with the
//! table of [`bands`], which is cheaper than the generic rules); locked sets on the cells two houses share (as many digits forced into them as they have
//! cells push out the others: 2.4× fewer nodes on the hard classics, 11% fewer on the
//! unique ones, but 75% more time on those).
//!
//! Also tried and dropped (`sudoku14`, `benches/README.md`): the root's two-place split
//! only when no open cell has two candidates (never on the benchmark sets: classic-hard
//! 8% faster, the 10 hardest generated 45% slower); a probe at the root of the first
//! two-candidate cell against the first two places, both sides propagated (near-fewest
//! nodes everywhere, but the 10 hardest generated 20% slower); and a state without the
//! intersections' words on the classic grid (448 → 304 bytes a child: no faster).
//! And (`sudoku16`): the hidden direction of the triads' triples (three digits that must
//! lie in a triad push the others out of its cells: 8% fewer nodes on tdoku's 18 with the
//! first fewest-candidate cell, no faster; more nodes beside the open-peers rule), and
//! other ties among the fewest-candidate cells (the most two-candidate peers, the most
//! peers sharing a candidate: more nodes on tdoku's 18).
//!
//! Checked against varisat on random puzzles with zero, one and several solutions
//! (`tests/it/sudoku_fast.rs`: classic, X, 4×4, 6×6; `tests/it/latin_fast.rs`: jigsaw).
//!
//! ## References
//!
//! - tdoku (`t-dillon/tdoku`, BSD-2): `src/solver_basic.cc` and
//!   `src/solver_dpll_triad_simd.cc` (digit-major bitboards, naked and hidden singles by
//!   bit-sliced counting, box–line reduction).
//! - JCZSolve (in tdoku's `other/`): per-digit bitboards of the grid.

mod bands;

use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::Cell;
use crate::puzzle::Constraints;
use crate::stop::Stop;
use crate::tree::Branch;

/// The largest side the fast path takes: `MAX_N`² cells fit one `u128`.
pub(crate) const MAX_N: usize = 11;

/// Failures after which the conflict counts halve.
const DECAY: u64 = 1 << 14;

/// A set of cells, bit `r·n + c` for the cell in row `r`, column `c`.
type Cells = u128;

/// The houses of a grid and what the search derives from them once: each cell's peers and
/// the pairs of houses that share two or more cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    n: usize,
    all: Cells,
    houses: Vec<Cells>,
    /// The houses through each cell, bit `h` for house `h`.
    houses_of: Vec<u64>,
    peers: Vec<Cells>,
    /// For two houses `A`, `B` sharing two or more cells: `A \ B` and `B \ A`.
    pairs: Vec<(Cells, Cells)>,
    /// The pairs whose `A \ B` or `B \ A` holds each cell, bit `p` for pair `p`.
    pairs_of: Vec<u128>,
    /// Whether the houses are the rows, columns and boxes of a 9×9 grid, no more: the
    /// rules of [`bands`] take the place of hidden singles and intersections.
    classic: bool,
}

impl Shape {
    /// The shape of an `n`×`n` grid with `houses` (each a set of `n` cells); `None` when
    /// `n` is 0 or above [`MAX_N`] or a house does not hold `n` cells of the grid.
    pub(crate) fn new(n: usize, houses: Vec<Cells>) -> Option<Self> {
        if n == 0 || n > MAX_N {
            return None;
        }
        let cells = n * n;
        let all = Cells::MAX >> (128 - cells);
        if houses.len() > 64
            || houses
                .iter()
                .any(|&h| h & !all != 0 || h.count_ones() as usize != n)
        {
            return None;
        }
        let mut peers = vec![0; cells];
        let mut houses_of = vec![0; cells];
        for (i, &h) in houses.iter().enumerate() {
            let mut m = h;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                peers[c] |= h & !(1 << c);
                houses_of[c] |= 1 << i;
            }
        }
        let mut pairs = Vec::new();
        for (i, &a) in houses.iter().enumerate() {
            for &b in &houses[i + 1..] {
                if (a & b).count_ones() >= 2 {
                    pairs.push((a & !b, b & !a));
                }
            }
        }
        if pairs.len() > 128 {
            return None;
        }
        let mut pairs_of = vec![0u128; cells];
        for (p, &(a_rest, b_rest)) in pairs.iter().enumerate() {
            let mut m = a_rest | b_rest;
            while m != 0 {
                pairs_of[m.trailing_zeros() as usize] |= 1 << p;
                m &= m - 1;
            }
        }
        let classic = is_classic(n, &houses);
        Some(Shape {
            n,
            all,
            houses,
            houses_of,
            peers,
            pairs,
            pairs_of,
            classic,
        })
    }

    /// The side of the grid.
    pub(crate) fn n(&self) -> usize {
        self.n
    }
}

/// Whether `houses` are the rows, columns and boxes of a 9×9 grid (in any order), no more.
fn is_classic(n: usize, houses: &[Cells]) -> bool {
    if n != 9 || houses.len() != 27 {
        return false;
    }
    let mut classic = Vec::with_capacity(27);
    for i in 0..9 {
        let (mut row, mut col, mut bx): (Cells, Cells, Cells) = (0, 0, 0);
        for j in 0..9 {
            row |= 1 << (9 * i + j);
            col |= 1 << (9 * j + i);
            bx |= 1 << (9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3);
        }
        classic.extend([row, col, bx]);
    }
    let mut given = houses.to_vec();
    given.sort_unstable();
    classic.sort_unstable();
    given == classic
}

/// The fewest candidates of an open cell and the first cell (row-major) with that many:
/// two-candidate cells are looked for first, counting to three alone.
fn fewest(cand: &[Cells], open: Cells) -> Option<(usize, usize)> {
    let (mut once, mut twice, mut thrice) = (0 as Cells, 0 as Cells, 0 as Cells);
    for &w in cand {
        thrice |= twice & w;
        twice |= once & w;
        once |= w;
    }
    let pairs = open & twice & !thrice;
    if pairs != 0 {
        return Some((2, pairs.trailing_zeros() as usize));
    }
    // more_than[k]: the cells with more than k candidates.
    let mut more_than = [0 as Cells; MAX_N + 1];
    for &w in cand {
        for k in (1..=cand.len()).rev() {
            more_than[k] |= more_than[k - 1] & w;
        }
        more_than[0] |= w;
    }
    let k = (1..=cand.len()).find(|&k| open & !more_than[k] != 0)?;
    Some((k, (open & !more_than[k]).trailing_zeros() as usize))
}

/// Each cell's candidate count, bit-sliced: bit `c` of plane `i` is bit `i` of the count
/// of cell `c` (counts up to 15; a side is at most [`MAX_N`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Counts([Cells; 4]);

impl Counts {
    /// The counts of the cells over the digits' words `cand`.
    #[inline]
    fn of(cand: &[Cells]) -> Self {
        let mut planes = [0 as Cells; 4];
        for &w in cand {
            // Adds one bit a cell to the four-bit counters: a ripple carry.
            let mut carry = w;
            for plane in &mut planes {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        }
        Counts(planes)
    }

    /// The cells whose count is `k`.
    #[inline]
    fn exactly(&self, k: usize) -> Cells {
        let mut m = Cells::MAX;
        for (i, &plane) in self.0.iter().enumerate() {
            m &= if k >> i & 1 != 0 { plane } else { !plane };
        }
        m
    }

    /// As [`fewest`] over the words counted, for an `n`×`n` grid: the fewest candidates of
    /// an open cell and the first such cell (row-major).
    #[inline]
    fn fewest(&self, open: Cells, cand: &[Cells]) -> Option<(usize, usize)> {
        if open & (self.exactly(0) | self.exactly(1)) != 0 {
            // Not after propagation; `fewest` says how such a cell counts.
            return fewest(cand, open);
        }
        (2..=cand.len()).find_map(|k| {
            let m = open & self.exactly(k);
            (m != 0).then(|| (k, m.trailing_zeros() as usize))
        })
    }

    /// The count of `cell`.
    #[inline]
    fn at(&self, cell: usize) -> u64 {
        let [b0, b1, b2, b3] = self.0.map(|p| (p >> cell & 1) as u64);
        b0 | b1 << 1 | b2 << 2 | b3 << 3
    }
}

/// The candidates of a node: for each digit (index `d − 1`), the cells that can take it,
/// and the cells fixed so far.
#[derive(Clone, Copy, Debug)]
struct State<const N: usize> {
    cand: [Cells; N],
    fixed: Cells,
    /// Each digit's word when hidden singles last found nothing for it: only the houses
    /// through cells it lost since need a look.
    hidden_seen: [Cells; N],
    /// Each digit's word when intersections were last applied to it.
    inter_seen: [Cells; N],
}

/// What a search over a [`Shape`] hands each solution to: the digit of each cell
/// (row-major) and the path of binary branches that led to it; `false` stops the search.
pub(crate) type OnDigits<'a> = &'a mut dyn FnMut(&[u8], &[Branch]) -> bool;

/// How a node splits: a cell over its digits (bit `d` for digit index `d`), smallest
/// first, or a digit (index) over the two cells of a house that can still take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Split {
    Cell(usize, u32),
    Pair(usize, usize, usize),
}

/// Depth-first search over a [`Shape`] of side `n` ≤ `N`, with its effort (the words of
/// the digits past `n` stay empty: the rules pass over them).
#[derive(Debug)]
pub(crate) struct Search<'a, const N: usize> {
    shape: &'a Shape,
    /// Nodes visited (the root counts as one).
    pub(crate) nodes: u64,
    /// Nodes whose propagation failed.
    pub(crate) backtracks: u64,
    /// Rule passes (naked singles over the grid, hidden singles, intersections).
    pub(crate) propagations: u64,
    /// Checked at every node: when requested, the search ends as if a visitor stopped it.
    pub(crate) stop: Stop,
    /// Backtracks after which the search ends as if a visitor stopped it.
    pub(crate) budget: u64,
    /// The branches from the root to the node searched.
    path: Vec<Branch>,
    /// The digit of each cell of a solution, row-major (on the stack: a puzzle's search
    /// allocates nothing until it branches).
    digits: [u8; MAX_N * MAX_N],
    /// Failures below a choice of each cell, decayed, and the cells with any.
    scores: [u32; MAX_N * MAX_N],
    scored: Cells,
    failures: u64,
}

impl<'a, const N: usize> Search<'a, N> {
    /// A search of `shape`, whose side is at most `N`, that ends when `stop` is requested or
    /// after `budget` backtracks.
    fn new(shape: &'a Shape, (stop, budget): (&Stop, u64)) -> Self {
        Search {
            shape,
            nodes: 0,
            backtracks: 0,
            propagations: 0,
            stop: stop.clone(),
            budget,
            // Grown at the first branch: a puzzle that singles solve never branches.
            path: Vec::new(),
            digits: [0; MAX_N * MAX_N],
            scores: [0; MAX_N * MAX_N],
            scored: 0,
            failures: 0,
        }
    }

    /// Explores every filling of `givens` (cell number, digit `1..=n`; a digit out of range
    /// or two digits for one cell leave no solution), handing each solution to
    /// `on_solution`. Returns `false` when stopped.
    fn run(&mut self, givens: &[(usize, u8)], on_solution: OnDigits<'_>) -> bool {
        let n = self.shape.n;
        let mut st = State {
            cand: [0; N],
            fixed: 0,
            hidden_seen: [0; N],
            inter_seen: [0; N],
        };
        for c in &mut st.cand[..n] {
            *c = self.shape.all;
        }
        st.hidden_seen = st.cand;
        st.inter_seen = st.cand;
        let mut ok = true;
        for &(c, d) in givens {
            let d = usize::from(d);
            ok = ok && (1..=n).contains(&d) && c < n * n && self.place(&mut st, c, d - 1);
        }
        if !ok {
            self.nodes += 1;
            self.backtracks += 1;
            return true;
        }
        self.dfs(st, on_solution)
    }

    /// Fixes digit index `d` at cell `c`: `false` when `c` cannot take it.
    #[inline]
    fn place(&self, st: &mut State<N>, c: usize, d: usize) -> bool {
        let bit: Cells = 1 << c;
        if st.cand[d] & bit == 0 {
            return false;
        }
        for w in &mut st.cand {
            *w &= !bit;
        }
        st.cand[d] = (st.cand[d] & !self.shape.peers[c]) | bit;
        st.fixed |= bit;
        true
    }

    /// Fixes digit index `d` at each cell of `cells` at once (as [`Search::place`] on each
    /// in turn, one mask for the other digits' words): `false` when a cell cannot take it
    /// or two of the cells are peers.
    #[inline]
    fn place_all(&self, st: &mut State<N>, cells: Cells, d: usize) -> bool {
        let mut seen: Cells = 0;
        let mut m = cells;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            seen |= self.shape.peers[c];
        }
        if st.cand[d] & cells != cells || seen & cells != 0 {
            return false;
        }
        for w in &mut st.cand {
            *w &= !cells;
        }
        st.cand[d] = (st.cand[d] & !seen) | cells;
        st.fixed |= cells;
        true
    }

    /// The rules to a fixpoint; `false` on a conflict.
    fn propagate(&mut self, st: &mut State<N>) -> bool {
        let shape = self.shape;
        loop {
            self.propagations += 1;
            let (mut once, mut twice) = (0, 0);
            for &w in &st.cand {
                twice |= once & w;
                once |= w;
            }
            if once != shape.all {
                return false;
            }
            let singles = once & !twice & !st.fixed;
            if singles != 0 {
                // A cell whose one candidate is `d` is in no other digit's word: fixing it
                // only clears its peers from `d`'s (a single that a peer's cleared fails).
                for d in 0..N {
                    let mut m = st.cand[d] & singles;
                    while m != 0 {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        if st.cand[d] >> c & 1 == 0 {
                            return false;
                        }
                        st.cand[d] &= !shape.peers[c];
                    }
                }
                st.fixed |= singles;
                continue;
            }
            if shape.classic {
                match self.bands(st) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                self.propagations += 1;
                match bands::locked_triads(&mut st.cand, shape.all & !st.fixed) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => return true,
                }
            }
            match self.hidden(st) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.intersections(st) {
                return true;
            }
        }
    }

    /// The rules of [`bands`] (9×9 classic grids) on each digit whose word changed since
    /// they last looked, each to its own fixpoint, then its hidden singles fixed: whether
    /// any word changed, `None` on a conflict.
    fn bands(&mut self, st: &mut State<N>) -> Option<bool> {
        let mut changed = false;
        for d in 0..N {
            let w = st.cand[d];
            if w == st.hidden_seen[d] {
                continue;
            }
            self.propagations += 1;
            let (kept, mut singles) = bands::reduce(w)?;
            if kept == w {
                st.hidden_seen[d] = w;
            } else {
                // Not yet at the digit's fixpoint: it is looked at again next pass.
                st.cand[d] = kept;
                changed = true;
            }
            singles &= !st.fixed;
            if singles != 0 && !self.place_all(st, singles, d) {
                return None;
            }
            changed |= singles != 0;
        }
        Some(changed)
    }

    /// Hidden singles over the houses through the cells each digit lost since it was last
    /// looked at: whether any cell was fixed, `None` on a conflict.
    fn hidden(&mut self, st: &mut State<N>) -> Option<bool> {
        let shape = self.shape;
        let mut found = false;
        for d in 0..N {
            let mut lost = st.cand[d] ^ st.hidden_seen[d];
            if lost == 0 {
                continue;
            }
            self.propagations += 1;
            let mut houses = 0u64;
            while lost != 0 {
                houses |= shape.houses_of[lost.trailing_zeros() as usize];
                lost &= lost - 1;
            }
            let mut placed = false;
            while houses != 0 {
                let h = shape.houses[houses.trailing_zeros() as usize];
                houses &= houses - 1;
                let m = st.cand[d] & h;
                if m == 0 {
                    return None;
                }
                if m & (m - 1) == 0 && m & st.fixed == 0 {
                    if !self.place(st, m.trailing_zeros() as usize, d) {
                        return None;
                    }
                    placed = true;
                }
            }
            if placed {
                found = true;
            } else {
                st.hidden_seen[d] = st.cand[d];
            }
        }
        Some(found)
    }

    /// Pointing and claiming on the pairs of houses through the cells each digit lost
    /// since it was last looked at (a pair acts only once a rest loses its last cell):
    /// whether any candidate went.
    fn intersections(&mut self, st: &mut State<N>) -> bool {
        let shape = self.shape;
        let mut changed = false;
        for d in 0..N {
            let old = st.cand[d];
            let mut lost = old ^ st.inter_seen[d];
            if lost == 0 {
                continue;
            }
            st.inter_seen[d] = old;
            if old & !st.fixed == 0 {
                continue;
            }
            self.propagations += 1;
            let mut pairs = 0u128;
            while lost != 0 {
                pairs |= shape.pairs_of[lost.trailing_zeros() as usize];
                lost &= lost - 1;
            }
            let mut w = old;
            while pairs != 0 {
                let (a_rest, b_rest) = shape.pairs[pairs.trailing_zeros() as usize];
                pairs &= pairs - 1;
                if w & a_rest == 0 {
                    w &= !b_rest;
                }
                if w & b_rest == 0 {
                    w &= !a_rest;
                }
            }
            if w != old {
                st.cand[d] = w;
                changed = true;
            }
        }
        changed
    }

    /// The open cell to branch on and its digit indices (bit `d` for digit index `d`):
    /// the most recent failures plus one per cubed candidate count (the conflict scores of
    /// [`super::houses`], after ISS, weighted toward few candidates), over the cells that
    /// failed and the fewest-candidate cell with the most open peers, which scores one:
    /// an unscored cell with fewer candidates can beat a scored one (on the hard classics,
    /// half the nodes of trying the scored cells alone); `None` when every cell is fixed.
    fn choose(&self, st: &State<N>) -> Option<Split> {
        let open = self.shape.all & !st.fixed;
        if open == 0 {
            return None;
        }
        let digits_of = |cell: usize| {
            let mut digits = 0u32;
            for (d, &w) in st.cand.iter().enumerate() {
                digits |= u32::from(w >> cell & 1 != 0) << d;
            }
            digits
        };
        let mut scored = self.scored & open;
        // The counts of all cells at once, bit-sliced (for the scored cells, rather than
        // each one's digits one by one); the fewest from them too.
        let counts = Counts::of(&st.cand);
        let (fewest, _) = counts.fewest(open, &st.cand)?;
        let first = self.most_open_peers(open & counts.exactly(fewest), open);
        let (mut best, mut best_score, mut best_count) = (first, 1u64, fewest as u64);
        while scored != 0 {
            let c = scored.trailing_zeros() as usize;
            scored &= scored - 1;
            let score = u64::from(self.scores[c]) + 1;
            let k = counts.at(c);
            if score * best_count.pow(3) > best_score * k.pow(3) {
                (best, best_score, best_count) = (c, score, k);
            }
        }
        // At the root (no failures to go by), a digit's two places in a house before any
        // cell; below it, only when no open cell has two candidates.
        let try_pair = self.nodes == 1 || (fewest >= 3 && best_count >= 3);
        if try_pair {
            if let Some(pair) = self.pair(st) {
                return Some(pair);
            }
        }
        Some(Split::Cell(best, digits_of(best)))
    }

    /// Of the cells `among` (not empty), the one with the most open peers, the first
    /// (row-major) on ties: the cell whose value bears on the most others (the degree
    /// rule of CSP search). Among the fewest-candidate cells it cuts the nodes of tdoku's
    /// 18 by 41% and of the forum's 375 hardest by 28% against the first such cell.
    fn most_open_peers(&self, among: Cells, open: Cells) -> usize {
        let (mut best, mut most) = (among.trailing_zeros() as usize, 0);
        let mut m = among;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let k = (self.shape.peers[c] & open).count_ones();
            if k > most {
                (best, most) = (c, k);
            }
        }
        best
    }

    /// A digit with two places left in a house, as a split in two: of the pairs whose
    /// cells failed most, the first in digit then house order (on the classic grid rows,
    /// columns, boxes, found by [`bands::two_places`]); `None` when no house has a digit at
    /// two cells.
    fn pair(&self, st: &State<N>) -> Option<Split> {
        let open = !st.fixed;
        let mut best: Option<(u32, Split)> = None;
        for (d, &w) in st.cand.iter().enumerate() {
            let w = w & open;
            if w == 0 {
                continue;
            }
            let scored = self.scored;
            if w & scored == 0 && best.is_some() {
                // Pairs of this digit score nothing: none beats the one found.
                continue;
            }
            let mut consider = |m: Cells| {
                // A pair whose cells never failed scores nothing: only a first one counts.
                if m & scored != 0 || best.is_none() {
                    let rest = m & m.wrapping_sub(1);
                    let (a, b) = (m.trailing_zeros() as usize, rest.trailing_zeros() as usize);
                    let score = self.scores[a].saturating_add(self.scores[b]);
                    if best.is_none_or(|(s, _)| score > s) {
                        best = Some((score, Split::Pair(d, a, b)));
                    }
                }
                // Past the first pair, this digit's others score only on failed cells.
                w & scored != 0
            };
            if self.shape.classic {
                bands::two_places(w, &mut consider);
                continue;
            }
            for &h in &self.shape.houses {
                let m = w & h;
                // Two cells: one left after clearing the lowest (no popcount on the
                // baseline x86-64 target).
                let rest = m & m.wrapping_sub(1);
                if rest != 0 && rest & (rest - 1) == 0 {
                    let _ = consider(m);
                }
            }
        }
        best.map(|(_, split)| split)
    }

    /// Counts a failure below a choice of `cell`; every [`DECAY`] failures the counts
    /// halve, so recent ones weigh most.
    fn conflict(&mut self, cell: usize) {
        self.scores[cell] = self.scores[cell].saturating_add(1);
        self.scored |= 1 << cell;
        self.failures += 1;
        if self.failures % DECAY == 0 {
            for s in &mut self.scores {
                *s >>= 1;
            }
        }
    }

    /// Searches below `st`.
    fn dfs(&mut self, mut st: State<N>, on_solution: OnDigits<'_>) -> bool {
        if self.backtracks >= self.budget || self.stop.is_requested() {
            return false;
        }
        self.nodes += 1;
        if !self.propagate(&mut st) {
            self.backtracks += 1;
            return true;
        }
        let Some(split) = self.choose(&st) else {
            for (d, &w) in st.cand.iter().enumerate() {
                let mut m = w;
                while m != 0 {
                    self.digits[m.trailing_zeros() as usize] = (d + 1) as u8;
                    m &= m - 1;
                }
            }
            let cells = self.shape.n * self.shape.n;
            return on_solution(&self.digits[..cells], &self.path);
        };
        let base = self.path.len();
        let go_on = match split {
            Split::Cell(cell, digits) => {
                let mut go_on = true;
                let mut rest = digits;
                while go_on && rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // "Not" each smaller digit (second sides, pushed as they were left),
                    // then "is `d`".
                    self.path.push(self.branch(cell, d, true));
                    go_on = self.child(st, (cell, d), on_solution);
                    let _ = self.path.pop();
                    self.path.push(self.branch(cell, d, false));
                }
                go_on
            }
            Split::Pair(d, a, b) => {
                self.path.push(self.branch(a, d, true));
                let mut go_on = self.child(st, (a, d), on_solution);
                if go_on {
                    let _ = self.path.pop();
                    self.path.push(self.branch(a, d, false));
                    self.path.push(self.branch(b, d, true));
                    go_on = self.child(st, (b, d), on_solution);
                }
                go_on
            }
        };
        self.path.truncate(base);
        go_on
    }

    /// The branch on digit index `d` at `cell`: "holds" is a first side, "does not" the
    /// second.
    fn branch(&self, cell: usize, d: usize, holds: bool) -> Branch {
        let n = self.shape.n;
        // Cells and digits of a shape fit a byte (`n` ≤ `MAX_N`).
        Branch {
            cell: Cell::new((cell / n) as u8, (cell % n) as u8),
            digit: (d + 1) as u8,
            holds,
            second: !holds,
        }
    }

    /// Searches the child of `st` with digit index `d` at `cell` (which can take it),
    /// counting a failure of `cell` when the child fails at once.
    fn child(
        &mut self,
        st: State<N>,
        (cell, d): (usize, usize),
        on_solution: OnDigits<'_>,
    ) -> bool {
        let mut child = st;
        // The cell can take `d`: `place` succeeds.
        let _ = self.place(&mut child, cell, d);
        let (nodes, failed) = (self.nodes, self.backtracks);
        let go_on = self.dfs(child, on_solution);
        // The choice failed at once: its propagation met a conflict.
        if self.nodes == nodes + 1 && self.backtracks == failed + 1 {
            self.conflict(cell);
        }
        go_on
    }
}

/// The effort of a search over a [`Shape`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Effort {
    /// Nodes visited (the root counts as one).
    pub(crate) nodes: u64,
    /// Nodes whose propagation failed.
    pub(crate) backtracks: u64,
    /// Rule passes.
    pub(crate) propagations: u64,
}

/// Explores every filling of `givens` (cell number, digit `1..=n`; a digit out of range or
/// two digits for one cell leave no solution) over `shape`, handing each solution to
/// `on_solution` until it returns `false`, or until `stop` is requested or `budget`
/// backtracks are spent. Returns whether the search space was exhausted, and the effort.
pub(crate) fn run(
    shape: &Shape,
    givens: &[(usize, u8)],
    (stop, budget): (&Stop, u64),
    on_solution: OnDigits<'_>,
) -> (bool, Effort) {
    /// One search, its words `N` digits wide.
    fn with<const N: usize>(
        shape: &Shape,
        givens: &[(usize, u8)],
        (stop, budget): (&Stop, u64),
        on_solution: OnDigits<'_>,
    ) -> (bool, Effort) {
        let mut search = Search::<N>::new(shape, (stop, budget));
        let complete = search.run(givens, on_solution);
        let effort = Effort {
            nodes: search.nodes,
            backtracks: search.backtracks,
            propagations: search.propagations,
        };
        (complete, effort)
    }
    if shape.n <= 9 {
        with::<9>(shape, givens, (stop, budget), on_solution)
    } else {
        with::<MAX_N>(shape, givens, (stop, budget), on_solution)
    }
}

/// Givens as (cell number, digit).
pub(crate) type Givens = Vec<(usize, u8)>;

/// The last shape built on this thread, with the cells and the houses (their cells, house
/// after house) of the model it was built from.
struct Last {
    cells: Vec<Cell>,
    houses: Vec<Cell>,
    shape: Rc<Shape>,
}

impl Last {
    /// Whether `model` (of side `n`, its houses `n` cells each) lists the same cells and
    /// the same houses, cell for cell in the same order, as the model of this shape.
    fn fits(&self, model: &Constraints, n: usize) -> bool {
        self.shape.n == n
            && same(&self.cells, &model.cells)
            && self.houses.len() == model.list.len() * n
            && model
                .list
                .iter()
                .zip(self.houses.chunks_exact(n))
                .all(|(c, cells)| c.kind.is_group() && same(cells, &c.cells))
    }
}

/// Whether two lists of cells are equal, compared without a branch per cell (which lets
/// the compiler compare many at once).
fn same(a: &[Cell], b: &[Cell]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .fold(0, |diff, (x, y)| diff | (x.row ^ y.row) | (x.col ^ y.col))
            == 0
}

thread_local! {
    /// The last shape built on this thread: a batch of Sudokus of one shape builds it once,
    /// and compares each model's lists of cells with those it was built from.
    static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
}

/// The shape of `model` when it is houses alone (rows, columns, boxes, diagonals of `n`
/// cells each, nothing else) over a full `n`×`n` grid, `n` ≤ [`MAX_N`], with its givens
/// as (cell number, digit); `None` otherwise (the general searches take it). The last shape
/// built on this thread is reused when the model lists the same cells and houses.
pub(crate) fn shape_of(model: &Constraints) -> Option<(Rc<Shape>, Givens)> {
    let n = usize::from(model.max_digit);
    if n == 0 || n > MAX_N || model.rows != n || model.cols != n || model.cells.len() != n * n {
        return None;
    }
    let number = |cell: Cell| {
        let (r, c) = (usize::from(cell.row), usize::from(cell.col));
        (r < n && c < n).then_some(r * n + c)
    };
    let givens = |model: &Constraints| -> Option<Givens> {
        let mut givens = Vec::with_capacity(model.givens.len());
        for &(cell, d) in &model.givens {
            givens.push((number(cell)?, d));
        }
        Some(givens)
    };
    // A batch of one shape: the lists compared, no sets of cells built.
    let hit = LAST.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|last| last.fits(model, n))
            .map(|last| Rc::clone(&last.shape))
    });
    if let Some(shape) = hit {
        return Some((shape, givens(model)?));
    }
    let mut covered: Cells = 0;
    for &cell in &model.cells {
        covered |= 1 << number(cell)?;
    }
    // The houses on the stack (a shape takes 64 at most): a model that is not houses alone
    // (a Killer) allocates nothing here.
    let mut houses = [0 as Cells; 64];
    if model.list.len() > houses.len() {
        return None;
    }
    for (h, c) in houses.iter_mut().zip(&model.list) {
        if !c.kind.is_group() || c.cells.len() != n {
            return None;
        }
        for &cell in &c.cells {
            *h |= 1 << number(cell)?;
        }
    }
    let houses = &houses[..model.list.len()];
    if covered.count_ones() as usize != n * n {
        return None;
    }
    let givens = givens(model)?;
    let shape = Rc::new(Shape::new(n, houses.to_vec())?);
    let last = Last {
        cells: model.cells.clone(),
        houses: model
            .list
            .iter()
            .flat_map(|c| c.cells.iter().copied())
            .collect(),
        shape: Rc::clone(&shape),
    };
    LAST.with(|cell| *cell.borrow_mut() = Some(last));
    Some((shape, givens))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows, columns and boxes of a 9×9 grid.
    fn classic() -> Shape {
        let mut houses = Vec::new();
        for i in 0..9 {
            let (mut row, mut col, mut bx) = (0 as Cells, 0 as Cells, 0 as Cells);
            for j in 0..9 {
                row |= 1 << (9 * i + j);
                col |= 1 << (9 * j + i);
                bx |= 1 << (9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3);
            }
            houses.extend([row, col, bx]);
        }
        Shape::new(9, houses).expect("a 9×9 shape")
    }

    /// `place_all` leaves the state (or the conflict) that `place` on each cell in turn
    /// leaves, on random states and random sets of cells, peers among them included.
    #[test]
    fn place_all_is_place_on_each_cell() {
        let shape = classic();
        let search = Search::<9>::new(&shape, (&Stop::new(), u64::MAX));
        let mut rng = crate::rng::SplitMix64::new(0x5eed_3813);
        let mut word = |bits: u32| {
            let mut w: Cells = 0;
            for _ in 0..bits {
                w |= 1 << rng.below(81);
            }
            w
        };
        let (mut conflicts, mut placed) = (0, 0);
        for round in 0..3000u32 {
            let mut st = State::<9> {
                cand: [0; 9],
                fixed: 0,
                hidden_seen: [0; 9],
                inter_seen: [0; 9],
            };
            for c in &mut st.cand {
                *c = word(20 + round % 60);
            }
            st.fixed = word(round % 20);
            let d = (round % 9) as usize;
            let cells = word(1 + round % 5)
                & if round % 2 == 0 {
                    st.cand[d]
                } else {
                    shape.all
                };
            let (mut one, mut all) = (st, st);
            let mut ok = true;
            let mut m = cells;
            while ok && m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                ok = search.place(&mut one, c, d);
            }
            assert_eq!(search.place_all(&mut all, cells, d), ok);
            if ok {
                placed += 1;
                assert_eq!((one.cand, one.fixed), (all.cand, all.fixed));
            } else {
                conflicts += 1;
            }
        }
        assert!(conflicts > 100 && placed > 100, "{conflicts} {placed}");
    }

    /// `Counts` gives each cell the number of words holding it, on random words of every
    /// density, up to eleven words.
    #[test]
    fn counts_are_the_candidates_of_each_cell() {
        let mut rng = crate::rng::SplitMix64::new(0x5eed_3814);
        for round in 0..2000u64 {
            let words = 1 + (round % 11) as usize;
            let mut cand = [0 as Cells; MAX_N];
            for w in &mut cand[..words] {
                for c in 0..121 {
                    if rng.below(10) < round % 11 {
                        *w |= 1 << c;
                    }
                }
            }
            let counts = Counts::of(&cand[..words]);
            for c in 0..121 {
                let want = cand[..words].iter().filter(|&&w| w >> c & 1 != 0).count();
                assert_eq!(counts.at(c), want as u64, "round {round}, cell {c}");
            }
            // Open cells at random, half the time only those with two candidates or more
            // (as after propagation, where the counted search is taken).
            let mut open: Cells = 0;
            for c in 0..121 {
                if rng.below(4) != 0 {
                    open |= 1 << c;
                }
            }
            if round % 2 == 0 {
                open &= !(counts.exactly(0) | counts.exactly(1));
            }
            assert_eq!(
                counts.fewest(open, &cand[..words]),
                fewest(&cand[..words], open),
                "round {round}"
            );
        }
    }

    /// The puzzles of a file of 81-character lines (`#` lines skipped).
    fn puzzles(rel: &str) -> Vec<Givens> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        std::fs::read_to_string(path)
            .expect("a readable set")
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() >= 81)
            .map(|l| {
                l.bytes()
                    .take(81)
                    .enumerate()
                    .filter(|&(_, b)| (b'1'..=b'9').contains(&b))
                    .map(|(i, b)| (i, b - b'0'))
                    .collect()
            })
            .collect()
    }

    /// Counts to two on every puzzle of the seven Sudoku sets of `benches/specialists.sh`
    /// (each has a solution), five runs a puzzle. Prints the nodes and backtracks per
    /// puzzle (the same each run) and the median µs of each puzzle, averaged.
    #[test]
    #[ignore = "timing; run in release"]
    fn benchmark_sets_are_solved() {
        const RUNS: usize = 5;
        let shape = classic();
        for rel in [
            "tests/data/collections/classic-hard.sudokus",
            "benches/data/specialists/tdoku-unique.sudokus",
            "benches/data/sudoku-hard-9x9.txt",
            "tests/data/collections/forum-hardest-1106.sudokus",
            "benches/data/specialists/top1465.sudokus",
            "benches/data/specialists/17clue-1000.sudokus",
            "benches/data/specialists/singles-100.sudokus",
        ] {
            let set = puzzles(rel);
            let (mut nodes, mut backtracks, mut total) = (0, 0, 0.0);
            for givens in &set {
                let mut times = [0.0; RUNS];
                for time in &mut times {
                    let mut count = 0;
                    let t = std::time::Instant::now();
                    let (_, e) = run(&shape, givens, (&Stop::new(), u64::MAX), &mut |_, _| {
                        count += 1;
                        count < 2
                    });
                    *time = t.elapsed().as_secs_f64() * 1e6;
                    assert!(count >= 1, "{rel}");
                    (nodes, backtracks) = (nodes + e.nodes, backtracks + e.backtracks);
                }
                times.sort_by(f64::total_cmp);
                total += times[RUNS / 2];
            }
            let runs = (RUNS * set.len()) as f64;
            println!(
                "{rel}: {} puzzles, {:.1} nodes, {:.1} backtracks, median {:.1} µs per puzzle",
                set.len(),
                nodes as f64 / runs,
                backtracks as f64 / runs,
                total / set.len() as f64
            );
        }
    }
}
