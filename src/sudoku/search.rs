//! # A dedicated search for plain Sudoku
//!
//! The line network of [`super::native`] is general (every unit, box–line intersection and
//! cage is one line filter fed through a work list), and its bookkeeping dominates on a
//! 16×16 Sudoku (profiled: about half the time gathering and scattering domains). A
//! Sudoku without cages needs only three rules, so this search keeps the candidates of
//! all N² cells in one array of bit masks and applies them directly:
//!
//! 1. *naked singles*: a fixed cell's digit leaves its peers (row, column and box), each
//!    peer that becomes fixed in turn queued on a stack;
//! 2. *hidden singles*: a digit that one cell of a unit alone can take is placed there (one
//!    pass over each unit with "seen once" and "seen twice" masks; a digit no cell can
//!    take is a conflict);
//! 3. *box–line reduction* (pointing and claiming), run only when the first two are quiet.
//!
//! It then branches on an open cell with the fewest candidates (the first on ties),
//! smallest digit first, on a copy of the candidates. Same rules as the line network, so the
//! same search tree up to the order of the fixpoint; both are checked against each other and
//! against brute force (`tests/it/sudoku.rs`).

use crate::native::domains::{bit, digits, full, min_digit, Mask};
use crate::puzzle::Sudoku;
use crate::stop::Stop;
use crate::tree::{Choice, OnMasks};

/// A box–line intersection (a *segment*: the cells a box shares with a row or column), by
/// segment numbers: the other segments of its box along the same direction, and the
/// other segments of its line.
#[derive(Clone, Debug)]
struct Intersection {
    seg: usize,
    box_rest: Vec<usize>,
    line_rest: Vec<usize>,
}

/// A Sudoku's units, peers and intersections (cells numbered row-major), and its givens.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    n: usize,
    units: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// The segments' cells: every row's part in each box, then every column's.
    segs: Vec<Vec<usize>>,
    inter: Vec<Intersection>,
    /// The candidates before propagation: the given digit, or every digit.
    pub(crate) root: Vec<Mask>,
}

impl Board {
    /// The board of `s`.
    pub(crate) fn new(s: &Sudoku) -> Self {
        let n = s.size();
        let units: Vec<Vec<usize>> = s
            .units()
            .into_iter()
            .map(|(_, cells)| cells.into_iter().map(|c| c.index(n)).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        for unit in &units {
            for &a in unit {
                peers[a].extend(unit.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let (segs, inter) = intersections(&units, n);
        let root = s
            .cells()
            .into_iter()
            .map(|c| match *s.givens().get(c) {
                0 => full(n),
                d => bit(d),
            })
            .collect();
        Board {
            n,
            units,
            peers,
            segs,
            inter,
            root,
        }
    }

    /// The digits of fixed candidates, row by row.
    pub(crate) fn rows(&self, doms: &[Mask]) -> Vec<Vec<u8>> {
        doms.chunks(self.n)
            .map(|r| r.iter().map(|&m| min_digit(m)).collect())
            .collect()
    }
}

/// The segments of the `n` rows and `n` columns in `units` (rows, columns, boxes) and
/// their intersections.
fn intersections(units: &[Vec<usize>], n: usize) -> (Vec<Vec<usize>>, Vec<Intersection>) {
    let mut segs: Vec<Vec<usize>> = Vec::new();
    // (box, line) of each segment.
    let mut owner = Vec::new();
    for (l, line) in units[..2 * n].iter().enumerate() {
        for (b, bx) in units[2 * n..].iter().enumerate() {
            let shared: Vec<usize> = line.iter().copied().filter(|c| bx.contains(c)).collect();
            if !shared.is_empty() {
                segs.push(shared);
                owner.push((b, l));
            }
        }
    }
    let row = |l: usize| l < n;
    let inter = (0..segs.len())
        .map(|seg| {
            let (b, l) = owner[seg];
            let others = |keep: &dyn Fn(usize, usize) -> bool| -> Vec<usize> {
                (0..segs.len())
                    .filter(|&t| t != seg && keep(owner[t].0, owner[t].1))
                    .collect()
            };
            Intersection {
                seg,
                box_rest: others(&|b2, l2| b2 == b && row(l2) == row(l)),
                line_rest: others(&|_, l2| l2 == l),
            }
        })
        .collect();
    (segs, inter)
}

/// Depth-first search over a [`Board`], with its effort.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    board: &'a Board,
    stack: Vec<usize>,
    /// Nodes visited (the root counts as one).
    pub(crate) nodes: u64,
    /// Nodes whose propagation failed.
    pub(crate) backtracks: u64,
    /// Rule passes (a unit's hidden singles, an intersection, a fixed cell's peers).
    pub(crate) propagations: u64,
    /// Checked at every node: when requested, the search ends as if a visitor stopped it.
    pub(crate) stop: Stop,
    /// Backtracks after which the search ends as if a visitor stopped it.
    pub(crate) budget: u64,
    /// The choices leading to the current node.
    choices: Vec<Choice>,
}

impl<'a> Search<'a> {
    /// A search of `board`.
    pub(crate) fn new(board: &'a Board) -> Self {
        Search {
            board,
            stack: Vec::new(),
            nodes: 0,
            backtracks: 0,
            propagations: 0,
            stop: Stop::new(),
            budget: u64::MAX,
            choices: Vec::new(),
        }
    }

    /// Explores every filling of the board's givens, handing each solution, with the
    /// choices that led to it (cells numbered row-major), to `on_solution`, which returns
    /// whether to go on. Returns `false` when stopped.
    pub(crate) fn run(&mut self, on_solution: OnMasks<'_>) -> bool {
        let root = self.board.root.clone();
        self.stack = (0..root.len())
            .filter(|&c| root[c].count_ones() == 1)
            .collect();
        self.dfs(root, on_solution)
    }

    fn dfs(&mut self, mut doms: Vec<Mask>, on_solution: OnMasks<'_>) -> bool {
        if self.backtracks >= self.budget || self.stop.is_requested() {
            return false;
        }
        self.nodes += 1;
        if !self.propagate(&mut doms) {
            self.stack.clear();
            self.backtracks += 1;
            return true;
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for (i, &m) in doms.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && k < fewest {
                (best, fewest) = (Some(i), k);
                if k == 2 {
                    break;
                }
            }
        }
        let Some(cell) = best else {
            return on_solution(&doms, &self.choices);
        };
        let dom = doms[cell];
        for digit in digits(dom) {
            let mut child = doms.clone();
            child[cell] = bit(digit);
            self.stack.push(cell);
            self.choices.push(Choice {
                index: cell,
                digits: dom,
                digit,
            });
            let go_on = self.dfs(child, on_solution);
            let _ = self.choices.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The three rules to a fixpoint; `false` on a conflict.
    fn propagate(&mut self, doms: &mut [Mask]) -> bool {
        loop {
            if !self.singles(doms) {
                return false;
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

    /// Naked singles from the fixed cells on the stack; `false` on a conflict.
    fn singles(&mut self, doms: &mut [Mask]) -> bool {
        while let Some(c) = self.stack.pop() {
            self.propagations += 1;
            let m = doms[c];
            for &p in &self.board.peers[c] {
                let d = doms[p];
                if d & m != 0 {
                    let new = d & !m;
                    if new == 0 {
                        return false;
                    }
                    doms[p] = new;
                    if new.is_power_of_two() {
                        self.stack.push(p);
                    }
                }
            }
        }
        true
    }

    /// Hidden singles on every unit: whether any cell was fixed, `None` on a conflict.
    fn hidden(&mut self, doms: &mut [Mask]) -> Option<bool> {
        let all = full(self.board.n);
        let mut changed = false;
        for unit in &self.board.units {
            self.propagations += 1;
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
                    doms[c] = b;
                    self.stack.push(c);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Pointing and claiming on every box–line intersection, from the candidate union of
    /// each segment: stops at the first intersection that removes a candidate (the cheaper
    /// rules run again first). Whether any candidate went, `None` on a conflict.
    fn box_line(&mut self, doms: &mut [Mask]) -> Option<bool> {
        let b = self.board;
        let masks: Vec<Mask> = b
            .segs
            .iter()
            .map(|cells| cells.iter().fold(0, |u, &c| u | doms[c]))
            .collect();
        let or = |segs: &[usize]| segs.iter().fold(0, |u, &t| u | masks[t]);
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
            if changed {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Removes `gone` from `cells`: whether any changed, `None` when one empties.
    fn strip(&mut self, doms: &mut [Mask], cells: &[usize], gone: Mask) -> Option<bool> {
        let mut changed = false;
        if gone == 0 {
            return Some(false);
        }
        for &c in cells {
            if doms[c] & gone != 0 {
                doms[c] &= !gone;
                match doms[c].count_ones() {
                    0 => return None,
                    1 => self.stack.push(c),
                    _ => {}
                }
                changed = true;
            }
        }
        Some(changed)
    }
}
