//! # Bitset search over houses
//!
//! For a model made of houses alone (a Sudoku of any box shape, with or without the
//! diagonals of an X variant): the line network of [`super::network`] is general (every
//! house, intersection and sum is one line filter fed through a work list), and its
//! bookkeeping dominates on a 16×16 Sudoku (profiled: about half the time gathering and
//! scattering domains). Houses alone need only three rules, so this search keeps the
//! candidates of all N² cells in one array of bit masks and applies them directly:
//!
//! 1. *naked singles*: a fixed cell's digit leaves its peers (every house through it), each
//!    peer that becomes fixed in turn queued on a stack;
//! 2. *hidden singles*: a digit that one cell of a house alone can take is placed there (one
//!    pass over each house with "seen once" and "seen twice" masks; a digit no cell can
//!    take is a conflict);
//! 3. *intersections* (pointing and claiming), run only when the first two are quiet: a
//!    region crossed by rows and columns, through *segments* (the cells a region shares with
//!    a line); any other house (a diagonal) that shares two or more cells with a region,
//!    through its cells.
//!
//! It then branches on an open cell with the fewest candidates (the first on ties),
//! smallest digit first, on a copy of the candidates. Same rules as the line network, so the
//! same search tree up to the order of the fixpoint; both are checked against each other and
//! against brute force (`tests/it/sudoku.rs`).

use crate::native::domains::{bit, digits, full, Mask};
use crate::stop::Stop;
use crate::tree::{Choice, OnMasks};

use super::Lowered;

/// A region–line intersection (a *segment*: the cells a region shares with a row or
/// column), by segment numbers: the other segments of its region along the same direction,
/// and the other segments of its line.
#[derive(Clone, Debug)]
struct Intersection {
    seg: usize,
    box_rest: Vec<usize>,
    line_rest: Vec<usize>,
}

/// Two houses that share two or more cells, other than a line and a region: the shared
/// cells and the rest of each house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Crossing {
    pub(crate) shared: Vec<usize>,
    pub(crate) a_rest: Vec<usize>,
    pub(crate) b_rest: Vec<usize>,
}

/// The crossings of every house of `extra` with every region and line.
pub(crate) fn crossings(lowered: &Lowered) -> Vec<Crossing> {
    let mut out = Vec::new();
    for a in &lowered.extra {
        for b in lowered.regions.iter().chain(&lowered.lines) {
            let shared: Vec<usize> = a.iter().copied().filter(|c| b.contains(c)).collect();
            if shared.len() >= 2 {
                let rest =
                    |h: &[usize]| h.iter().copied().filter(|c| !shared.contains(c)).collect();
                out.push(Crossing {
                    a_rest: rest(a),
                    b_rest: rest(b),
                    shared,
                });
            }
        }
    }
    out
}

/// The candidates of `cells`, together.
fn union(doms: &[Mask], cells: &[usize]) -> Mask {
    cells.iter().fold(0, |u, &c| u | doms[c])
}

/// A model's houses, peers and intersections (cells numbered row-major), and its givens.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    n: usize,
    units: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// The segments' cells: every row's part in each region, then every column's.
    segs: Vec<Vec<usize>>,
    inter: Vec<Intersection>,
    cross: Vec<Crossing>,
    /// The candidates before propagation: the given digit, or every digit.
    pub(crate) root: Vec<Mask>,
}

impl Board {
    /// The board of a model of houses (its sums, if any, are not read).
    pub(crate) fn new(lowered: &Lowered) -> Self {
        let n = lowered.n;
        let units: Vec<Vec<usize>> = lowered.houses().cloned().collect();
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
        let (segs, inter) = intersections(lowered);
        Board {
            n,
            units,
            peers,
            segs,
            inter,
            cross: crossings(lowered),
            root: lowered.root.clone(),
        }
    }
}

/// The segments of the lines of `lowered` (rows, then columns) in its regions, and their
/// intersections.
fn intersections(lowered: &Lowered) -> (Vec<Vec<usize>>, Vec<Intersection>) {
    let mut segs: Vec<Vec<usize>> = Vec::new();
    // (region, line) of each segment.
    let mut owner = Vec::new();
    for (l, line) in lowered.lines.iter().enumerate() {
        for (b, bx) in lowered.regions.iter().enumerate() {
            let shared: Vec<usize> = line.iter().copied().filter(|c| bx.contains(c)).collect();
            if !shared.is_empty() {
                segs.push(shared);
                owner.push((b, l));
            }
        }
    }
    let row = |l: usize| l < lowered.rows;
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

    /// Pointing and claiming on every region–line intersection, from the candidate union of
    /// each segment, then on every other crossing: stops at the first intersection that
    /// removes a candidate (the cheaper rules run again first). Whether any candidate went,
    /// `None` on a conflict.
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
        for x in &b.cross {
            self.propagations += 1;
            let here = union(doms, &x.shared);
            let only_a = here & !union(doms, &x.a_rest);
            let only_b = here & !union(doms, &x.b_rest);
            let changed =
                self.strip(doms, &x.b_rest, only_a)? | self.strip(doms, &x.a_rest, only_b)?;
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
