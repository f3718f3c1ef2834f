//! # Bitset search over houses and sums
//!
//! For a model made of houses and distinct sums over a full square grid (a Sudoku of any box
//! shape, a Killer, with or without the diagonals of an X variant): the line network of
//! [`super::network`] is general (every house, intersection and sum is one line filter fed
//! through a work list), and its bookkeeping dominates (profiled on a 16×16 Sudoku: about
//! half the time gathering and scattering domains; on hard 9×9 Killers, 78% in the exact
//! sum walk). This search keeps the candidates of all N² cells in one array of bit masks
//! and applies the rules directly, cheapest first:
//!
//! 1. *naked singles*: a fixed cell's digit leaves its peers (every house through it), each
//!    peer that becomes fixed in turn queued on a stack;
//! 2. *sums* (cages and the innies and outies [`super::implied`] derives), each filtered
//!    again when one of its cells narrows ([`Cage`]: its digit sets, exact once three
//!    cells or fewer are open, and only the sets holding every digit the rest of a house
//!    through the sum cannot take: ISS's complement cells); a digit every set of a sum
//!    needs leaves the cells outside it that see all the sum's cells that can take it; the
//!    sums [`super::derived`] finds over several houses and the hidden cages of
//!    [`super::hidden`] (a house against a cage with one cell outside it) likewise
//!    ([`Linear`]: exact with digits free to repeat, then the bounds of its cells that
//!    share a house, to a fixpoint);
//! 3. *hidden singles* on the houses through a cell that narrowed since the last pass (one
//!    pass over a house with "seen once" and "seen twice" masks; a digit no cell can take
//!    is a conflict);
//! 4. *intersections* (pointing and claiming), one pass when the others are quiet: a
//!    region crossed by rows and columns, through *segments* (the cells a region shares with
//!    a line); any other house (a diagonal) that shares two or more cells with a region,
//!    through its cells.
//!
//! Rules 1 and 3 are the naked and hidden singles of [`crate::native::alldiff`], specialised
//! to a whole grid in place (peer lists instead of one house at a time, a work list of
//! houses instead of a fixpoint per house): the measured fast path for Sudoku and Killer.
//!
//! It then branches, smallest digit first (a caller's hint first: the explainer searches
//! near a filling it found before), on the open cell with the highest score per
//! candidate (ISS's conflict scores, a dom/wdeg rule: a choice whose propagation fails at
//! once counts against its cell, the counts halving every 16,384 failures), the scores
//! starting from ISS's cell priorities (each house and sum through a cell adds to it, small
//! sums most), or while no open cell has a score, on the one with the fewest candidates.
//! Once a digit's subtree is explored, the digit leaves the cell at the node and the rules
//! run again before the next digit (ISS's search is binary, a value and then the cell
//! without it: on Tarek's 42 hard Killers the two together took the native search from
//! 163,349 backtracks to 63,053). Nothing is allocated per
//! node: one trail holds a slot of candidates per depth. A batch of puzzles of one shape
//! builds its board once ([`Board::cached`]). Checked against the line network, varisat and
//! brute force (`tests/it/sudoku.rs`, `tests/it/native_vs_cdcl.rs`).
//!
//! ## References
//!
//! - The Interactive Sudoku Solver (`sigh/Interactive-Sudoku-Solver`, MIT): conflict scores
//!   (`candidate_selector.js`), sums by digit-set tables (`sum_handler.js`).
//! - tdoku (`t-dillon/tdoku`, BSD-2) and JCZSolve: bitset singles and box–line reduction.

use crate::native::domains::{bit, digits, full, Mask};
use crate::stop::Stop;
use crate::tree::{Choice, OnMasks};

use super::board::{union, Board, PEER_WORDS};
use super::sum::MAX_CAGE;

/// Failures after which the conflict counts of [`Search`] halve.
const DECAY: u64 = 1 << 14;

/// Depth-first search over a [`Board`], with its effort. Nothing is allocated once it runs:
/// the candidates of each depth live in one trail (a slot per depth), and the work lists
/// are kept between nodes.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    board: &'a Board,
    /// The candidates before propagation: the given digit, or every digit.
    root: &'a [Mask],
    /// Fixed cells whose digit has not yet left their peers.
    stack: Vec<usize>,
    /// Sums to filter again, and whether each is listed.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Units to look for hidden singles in again, and whether each is listed.
    unit_queue: Vec<usize>,
    unit_queued: Vec<bool>,
    /// The candidate union of each segment (box–line), rebuilt per pass.
    seg_masks: Vec<Mask>,
    /// Failures below a choice of each cell, decayed.
    scores: Vec<u32>,
    /// Failures per digit (bit number), decayed faster than the cells'.
    value_scores: [u32; 33],
    /// The sum being filtered: its own changes do not list it again.
    current: usize,
    failures: u64,
    /// Nodes visited (the root counts as one).
    pub(crate) nodes: u64,
    /// The levels of the tree visited: 1 + the most choices above any node.
    pub(crate) depth: usize,
    /// Nodes whose propagation failed.
    pub(crate) backtracks: u64,
    /// Rule passes (a unit's hidden singles, an intersection, a fixed cell's peers, a sum).
    pub(crate) propagations: u64,
    /// Checked at every node: when requested, the search ends as if a visitor stopped it.
    pub(crate) stop: Stop,
    /// Backtracks after which the search ends as if a visitor stopped it.
    pub(crate) budget: u64,
    /// Per cell, digits to try before the others (a filling to search near first).
    pub(crate) hint: Option<Vec<Mask>>,
    /// The choices leading to the current node.
    choices: Vec<Choice>,
}

impl<'a> Search<'a> {
    /// A search of `board` from the candidates `root` (one per cell).
    pub(crate) fn new(board: &'a Board, root: &'a [Mask]) -> Self {
        Search {
            board,
            root,
            stack: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; board.sums.len() + board.linears.len()],
            unit_queue: Vec::new(),
            unit_queued: vec![false; board.units.len()],
            seg_masks: vec![0; board.segs.len()],
            scores: priorities(board),
            value_scores: [0; 33],
            current: usize::MAX,
            failures: 0,
            nodes: 0,
            depth: 0,
            backtracks: 0,
            propagations: 0,
            stop: Stop::new(),
            budget: u64::MAX,
            hint: None,
            choices: Vec::new(),
        }
    }

    /// Explores every filling of the board's givens, handing each solution, with the
    /// choices that led to it (cells numbered row-major), to `on_solution`, which returns
    /// whether to go on. Returns `false` when stopped.
    pub(crate) fn run(&mut self, on_solution: OnMasks<'_>) -> bool {
        let root = self.root;
        let cells = root.len();
        // One slot of candidates per depth: at most one branch per cell.
        let mut trail = vec![0; cells * (cells + 1)];
        trail[..cells].copy_from_slice(root);
        self.stack = (0..cells).filter(|&c| root[c].count_ones() == 1).collect();
        self.queue = (0..self.board.sums.len() + self.board.linears.len())
            .rev()
            .collect();
        self.queued.fill(true);
        self.unit_queue = (0..self.board.units.len()).collect();
        self.unit_queued.fill(true);
        self.dfs(&mut trail, on_solution)
    }

    /// Searches below the node whose candidates open `trail` (the slots of the deeper
    /// nodes follow them).
    fn dfs(&mut self, trail: &mut [Mask], on_solution: OnMasks<'_>) -> bool {
        if self.backtracks >= self.budget || self.stop.is_requested() {
            return false;
        }
        self.nodes += 1;
        self.depth = self.depth.max(self.choices.len() + 1);
        let (doms, below) = trail.split_at_mut(self.root.len());
        if !self.propagate(doms) {
            self.clear();
            self.backtracks += 1;
            return true;
        }
        let Some(cell) = self.choose(doms) else {
            return on_solution(doms, &self.choices);
        };
        let dom = doms[cell];
        let first = self.hint.as_ref().map_or(0, |h| h[cell] & dom);
        for digit in digits(first).chain(digits(dom & !first)) {
            // Refuting an earlier digit (below) may have ruled this one out.
            if doms[cell] & bit(digit) == 0 {
                continue;
            }
            let child = &mut below[..doms.len()];
            child.copy_from_slice(doms);
            child[cell] = bit(digit);
            self.stack.push(cell);
            self.touch(cell);
            self.choices.push(Choice {
                index: cell,
                digits: dom,
                digit,
            });
            let (nodes, failed) = (self.nodes, self.backtracks);
            let go_on = self.dfs(below, on_solution);
            // The choice failed at once: its propagation met a conflict.
            if self.nodes == nodes + 1 && self.backtracks == failed + 1 {
                self.conflict(cell, digit);
            }
            let _ = self.choices.pop();
            if !go_on {
                return false;
            }
            if !self.refute(doms, cell, bit(digit)) {
                return true;
            }
        }
        true
    }

    /// Takes `digit` (explored below) out of `cell` at the node whose candidates are
    /// `doms` and propagates again, so the next digit starts from what the refutation
    /// implies (ISS's search is binary: a value, then the cell without it); `false` when
    /// nothing is left to explore at the node (the last digit, or a conflict, counted as
    /// a backtrack).
    fn refute(&mut self, doms: &mut [Mask], cell: usize, digit: Mask) -> bool {
        let rest = doms[cell] & !digit;
        if rest == 0 {
            return false;
        }
        self.set(doms, cell, rest);
        if self.propagate(doms) {
            return true;
        }
        self.clear();
        self.backtracks += 1;
        false
    }

    /// The open cell to branch on: the highest score per candidate (its priority and the
    /// failures of its recent choices: ISS's conflict scores, a dom/wdeg rule; a cell that
    /// can take the digit that failed most scores more), or while no
    /// open cell has a score, the fewest candidates (the first on ties); `None` when every
    /// cell is fixed.
    fn choose(&self, doms: &[Mask]) -> Option<usize> {
        let (mut best, mut best_score, mut best_count) = (None, 0u64, 1u32);
        let (mut fewest, mut fewest_count) = (None, u32::MAX);
        let (vmask, vboost) = self.max_value();
        for (i, (&m, &score)) in doms.iter().zip(&self.scores).enumerate() {
            let k = m.count_ones();
            if k < 2 {
                continue;
            }
            // ISS: the digit that failed most adds a fifth of its count to its cells.
            let score = 5 * u64::from(score) + if m & vmask != 0 { vboost } else { 0 };
            if k < fewest_count {
                (fewest, fewest_count) = (Some(i), k);
            }
            if score * u64::from(best_count) > best_score * u64::from(k) {
                (best, best_score, best_count) = (Some(i), score, k);
            }
        }
        best.or(fewest)
    }

    /// The digit that failed most, as a mask, and its count, when it stands out (ISS's
    /// `getMaxValueScore`: at least `N` failures, and more than 1.5 times the fewest).
    fn max_value(&self) -> (Mask, u64) {
        let (mut max, mut value, mut min) = (0, 0, u32::MAX);
        for (d, &s) in (0u32..).zip(&self.value_scores) {
            if s > max {
                max = s;
                value = d;
            }
            if s != 0 && s < min {
                min = s;
            }
        }
        let n = u32::try_from(self.board.n).unwrap_or(u32::MAX);
        if max < n || 2 * u64::from(max) <= 3 * u64::from(min) {
            (0, 0)
        } else {
            (1u32.checked_shl(value).unwrap_or(0), u64::from(max))
        }
    }

    /// Counts a failure below a choice of `cell`; every [`DECAY`] failures the counts
    /// halve, so recent ones weigh most.
    fn conflict(&mut self, cell: usize, digit: u8) {
        self.scores[cell] = self.scores[cell].saturating_add(1);
        if let Some(v) = self.value_scores.get_mut(usize::from(digit)) {
            *v = v.saturating_add(1);
        }
        self.failures += 1;
        if self.failures % DECAY == 0 {
            for s in &mut self.scores {
                *s >>= 1;
            }
            for s in &mut self.value_scores {
                *s >>= 2;
            }
        }
    }

    /// Empties the work lists after a conflict.
    fn clear(&mut self) {
        self.stack.clear();
        for s in self.queue.drain(..) {
            self.queued[s] = false;
        }
        for u in self.unit_queue.drain(..) {
            self.unit_queued[u] = false;
        }
    }

    /// Lists the sums and units through `cell` to be looked at again.
    fn touch(&mut self, cell: usize) {
        let [start, mid, end] = self.board.wake_at[cell];
        let wake = &self.board.wake[start as usize..end as usize];
        let (sums, units) = wake.split_at((mid - start) as usize);
        for &s in sums {
            let s = usize::from(s);
            if !self.queued[s] && s != self.current {
                self.queued[s] = true;
                self.queue.push(s);
            }
        }
        for &u in units {
            let u = usize::from(u);
            if !self.unit_queued[u] {
                self.unit_queued[u] = true;
                self.unit_queue.push(u);
            }
        }
    }

    /// Narrows `cell` to `new` (non-empty), listing what must look at it again.
    fn set(&mut self, doms: &mut [Mask], cell: usize, new: Mask) {
        doms[cell] = new;
        if new.is_power_of_two() {
            self.stack.push(cell);
        }
        self.touch(cell);
    }

    /// The rules to a fixpoint, cheapest first; `false` on a conflict.
    fn propagate(&mut self, doms: &mut [Mask]) -> bool {
        loop {
            if !self.singles(doms) {
                return false;
            }
            if let Some(s) = self.queue.pop() {
                self.queued[s] = false;
                if !self.sum(doms, s) {
                    return false;
                }
                continue;
            }
            match self.hidden(doms) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.box_line(doms) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Filters sum `s`; `false` on a conflict.
    fn sum(&mut self, doms: &mut [Mask], s: usize) -> bool {
        self.propagations += 1;
        let board = self.board;
        let Some(cage) = board.sums.get(s) else {
            return self.linear(doms, s - board.sums.len());
        };
        let mut out = [0; MAX_CAGE];
        // The digits the rest of the house through the cage cannot take go to the cage.
        let comp = &board.comps[s];
        let must = if comp.is_empty() {
            0
        } else {
            full(board.n) & !union(doms, comp)
        };
        let Some(needed) = cage.narrow_with(doms, &mut out, must) else {
            return false;
        };
        self.current = s;
        let mut fixed = 0;
        for (&c, &m) in cage.cells.iter().zip(&out) {
            if m.is_power_of_two() {
                fixed |= m;
            }
            if doms[c] != m {
                self.set(doms, c, m);
            }
        }
        self.current = usize::MAX;
        // A needed digit already fixed in the sum has left its peers (naked singles).
        let mut open = if board.peer_bits.is_empty() {
            0
        } else {
            needed & !fixed
        };
        while open != 0 {
            let b = open & open.wrapping_neg();
            open &= open - 1;
            if !self.required(doms, s, b) {
                return false;
            }
        }
        true
    }

    /// Filters derived sum `l` (digits free to repeat); `false` on a conflict.
    fn linear(&mut self, doms: &mut [Mask], l: usize) -> bool {
        let lin = &self.board.linears[l];
        let mut out = [0; MAX_CAGE];
        if !lin.narrow(doms, &mut out) {
            return false;
        }
        self.current = self.board.sums.len() + l;
        for (&c, &m) in lin.cells.iter().zip(&out) {
            if doms[c] != m {
                self.set(doms, c, m);
            }
        }
        self.current = usize::MAX;
        true
    }

    /// A digit `b` sum `s` needs leaves every cell outside it that sees all the cells of
    /// the sum that can take it (a house through them all takes it there); `false` on a
    /// conflict.
    fn required(&mut self, doms: &mut [Mask], s: usize, b: Mask) -> bool {
        let board = self.board;
        let w = board.words;
        let mut seen = [u64::MAX; PEER_WORDS];
        let mut holders = 0;
        for &c in &board.sums[s].cells {
            if doms[c] & b != 0 {
                if doms[c] == b {
                    return true;
                }
                holders += 1;
                for (x, &p) in seen.iter_mut().zip(&board.peer_bits[c * w..(c + 1) * w]) {
                    *x &= p;
                }
            }
        }
        if holders < 2 {
            return true;
        }
        for (k, &word) in seen[..w].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let d = doms[c];
                if d & b != 0 {
                    if d == b {
                        return false;
                    }
                    self.set(doms, c, d & !b);
                }
            }
        }
        true
    }

    /// Naked singles from the fixed cells on the stack; `false` on a conflict.
    fn singles(&mut self, doms: &mut [Mask]) -> bool {
        let board = self.board;
        while let Some(c) = self.stack.pop() {
            self.propagations += 1;
            let m = doms[c];
            for &p in &board.peers[c] {
                let d = doms[p];
                if d & m != 0 {
                    let new = d & !m;
                    if new == 0 {
                        return false;
                    }
                    self.set(doms, p, new);
                }
            }
        }
        true
    }

    /// Hidden singles on the units listed since the last pass: whether any cell was
    /// fixed, `None` on a conflict.
    fn hidden(&mut self, doms: &mut [Mask]) -> Option<bool> {
        let board = self.board;
        let all = full(board.n);
        let mut changed = false;
        while let Some(u) = self.unit_queue.pop() {
            self.unit_queued[u] = false;
            self.propagations += 1;
            let unit = &board.units[u];
            let (mut once, mut twice, mut fixed) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &c in unit {
                let m = doms[c];
                twice |= once & m;
                once |= m;
                if m.is_power_of_two() {
                    fixed |= m;
                }
            }
            if once != all {
                return None;
            }
            let mut lone = once & !twice & !fixed;
            while lone != 0 {
                let b = lone & lone.wrapping_neg();
                lone &= lone - 1;
                let c = *unit.iter().find(|&&c| doms[c] & b != 0)?;
                // A cell given two lone digits loses the first: the second finds no cell.
                if doms[c] != b {
                    self.set(doms, c, b);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Pointing and claiming on every region–line intersection, from the candidate union of
    /// each segment, then on every other crossing, in one pass. Whether any candidate went,
    /// `None` on a conflict.
    fn box_line(&mut self, doms: &mut [Mask]) -> Option<bool> {
        let b = self.board;
        let mut masks = std::mem::take(&mut self.seg_masks);
        for (m, cells) in masks.iter_mut().zip(&b.segs) {
            *m = cells.iter().fold(0, |u, &c| u | doms[c]);
        }
        let found = self.box_line_with(doms, &masks);
        self.seg_masks = masks;
        found
    }

    fn box_line_with(&mut self, doms: &mut [Mask], masks: &[Mask]) -> Option<bool> {
        let b = self.board;
        let or = |segs: &[usize]| segs.iter().fold(0, |u, &t| u | masks[t]);
        // The masks are taken once per pass: a segment narrowed on the way keeps its old
        // (larger) union, which removes less, never wrongly.
        let mut any = false;
        for it in &b.inter {
            self.propagations += 1;
            let here = masks[it.seg];
            let pointing = here & !or(&it.box_rest);
            let claiming = here & !or(&it.line_rest);
            let mut changed = false;
            for &t in &it.line_rest {
                changed |= self.strip(doms, &b.segs[t], pointing)?;
            }
            for &t in &it.box_rest {
                changed |= self.strip(doms, &b.segs[t], claiming)?;
            }
            any |= changed;
        }
        for x in &b.cross {
            self.propagations += 1;
            let here = union(doms, &x.shared);
            let only_a = here & !union(doms, &x.a_rest);
            let only_b = here & !union(doms, &x.b_rest);
            any |= self.strip(doms, &x.b_rest, only_a)? | self.strip(doms, &x.a_rest, only_b)?;
        }
        Some(any)
    }

    /// Removes `gone` from `cells`: whether any changed, `None` when one empties.
    fn strip(&mut self, doms: &mut [Mask], cells: &[usize], gone: Mask) -> Option<bool> {
        let mut changed = false;
        if gone == 0 {
            return Some(false);
        }
        for &c in cells {
            if doms[c] & gone != 0 {
                let new = doms[c] & !gone;
                if new == 0 {
                    return None;
                }
                self.set(doms, c, new);
                changed = true;
            }
        }
        Some(changed)
    }
}

/// The first conflict scores of the cells (ISS's cell priorities, `optimizer.js`
/// `_computeCellPriorities`): each house adds its size to its cells, each sum
/// `max(2N − size, N)` (small sums first, every sum above the houses alone), so that before
/// any failure the search branches where sums meet, the most per candidate.
fn priorities(board: &Board) -> Vec<u32> {
    let n = board.n;
    let mut out = vec![0u32; board.wake_at.len()];
    let mut add = |cells: &[usize], p: usize| {
        let p = u32::try_from(p).unwrap_or(u32::MAX);
        for &c in cells {
            out[c] = out[c].saturating_add(p);
        }
    };
    for unit in &board.units {
        add(unit, unit.len());
    }
    let sum_cells =
        (board.sums.iter().map(|s| &s.cells)).chain(board.linears.iter().map(|l| &l.cells));
    for cells in sum_cells {
        add(cells, (2 * n).saturating_sub(cells.len()).max(n));
    }
    out
}
