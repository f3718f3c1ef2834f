//! # Line networks: propagation and search for Kakuro and CrossProduct
//!
//! Both puzzles are a set of cells, each with a [`Mask`] of candidate digits, and a set of
//! *lines* (Kakuro runs, CrossProduct rows and columns), each one constraint over its cells
//! in order. A [`LineFilter`] makes one line arc consistent; [`LineSearch`] runs the
//! filters to a fixpoint with a work list (a narrowed cell wakes every other line through
//! it; a filter reaches its own fixpoint, so it is not woken by its own changes), then
//! branches depth-first on the unfixed cell with the smallest domain (the first such cell
//! on ties), trying digits smallest first on a copy of the domains.
//!
//! The KenKen engine ([`crate::native::search`]) keeps its own richer model; this one is
//! deliberately small, since one exact filter per line is all these puzzles need.

use std::collections::VecDeque;

use crate::native::domains::{bit, digits, Mask};
use crate::stop::Stop;
use crate::tree::{Choice, OnMasks};

/// Arc consistency for one kind of line constraint.
pub(crate) trait LineFilter {
    /// Narrows `doms`, the candidates of the cells of line `line` in line order, to the
    /// digits that some filling of the line supports. Returns `false` when the line has
    /// no filling (the domains are then unspecified).
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool;
}

/// Cells and the lines through them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Network {
    lines: Vec<Vec<usize>>,
    on: Vec<Vec<usize>>,
}

impl Network {
    /// A network of `cells` cells (numbered from 0) and `lines`, each a list of cells.
    ///
    /// # Panics
    /// When a line names a cell `>= cells`.
    #[must_use]
    pub(crate) fn new(cells: usize, lines: Vec<Vec<usize>>) -> Self {
        let mut on = vec![Vec::new(); cells];
        for (l, line) in lines.iter().enumerate() {
            for &c in line {
                on[c].push(l);
            }
        }
        Network { lines, on }
    }

    #[cfg(test)]
    /// Number of cells.
    #[must_use]
    pub(crate) fn cells(&self) -> usize {
        self.on.len()
    }

    #[cfg(test)]
    /// The cells of line `l`, in order.
    #[must_use]
    pub(crate) fn line(&self, l: usize) -> &[usize] {
        &self.lines[l]
    }
}

/// Depth-first search over a [`Network`] with one [`LineFilter`].
#[derive(Debug)]
pub(crate) struct LineSearch<'a, F> {
    net: &'a Network,
    filter: &'a F,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    buf: Vec<Mask>,
    /// Nodes visited (the root counts as one).
    pub nodes: u64,
    /// Nodes whose propagation failed.
    pub backtracks: u64,
    /// Filter runs.
    pub propagations: u64,
    /// Checked at every node: when requested, the search ends as if a visitor stopped it.
    pub stop: Stop,
    /// Backtracks after which the search ends as if a visitor stopped it.
    pub budget: u64,
    /// The choices leading to the current node.
    choices: Vec<Choice>,
}

impl<'a, F: LineFilter> LineSearch<'a, F> {
    /// A search over `net` with `filter`, with no node visited yet.
    pub(crate) fn new(net: &'a Network, filter: &'a F) -> Self {
        LineSearch {
            net,
            filter,
            queue: VecDeque::new(),
            queued: vec![false; net.lines.len()],
            buf: Vec::new(),
            nodes: 0,
            backtracks: 0,
            propagations: 0,
            stop: Stop::new(),
            budget: u64::MAX,
            choices: Vec::new(),
        }
    }

    /// Explores every filling of `root` (one mask per cell), handing each solution (all
    /// masks single digits), with the choices that led to it (cells numbered as in `root`),
    /// to `on_solution`, which returns whether to go on. Returns `false` when
    /// `on_solution` stopped the search.
    pub(crate) fn run(&mut self, root: Vec<Mask>, on_solution: OnMasks<'_>) -> bool {
        for l in 0..self.net.lines.len() {
            self.wake(l);
        }
        self.dfs(root, on_solution)
    }

    /// Root propagation: every line's filter, run to a fixpoint on `doms` (no branching);
    /// `false` on a conflict.
    pub(crate) fn propagate(&mut self, doms: &mut [Mask]) -> bool {
        for l in 0..self.net.lines.len() {
            self.wake(l);
        }
        self.fixpoint(doms)
    }

    /// Propagation after `cell` was narrowed: the lines through it, then whatever they wake,
    /// to a fixpoint; `false` on a conflict.
    pub(crate) fn propagate_from(&mut self, cell: usize, doms: &mut [Mask]) -> bool {
        for i in 0..self.net.on[cell].len() {
            self.wake(self.net.on[cell][i]);
        }
        self.fixpoint(doms)
    }

    fn wake(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    fn dfs(&mut self, mut doms: Vec<Mask>, on_solution: OnMasks<'_>) -> bool {
        if self.backtracks >= self.budget || self.stop.is_requested() {
            return false;
        }
        self.nodes += 1;
        if !self.fixpoint(&mut doms) {
            self.backtracks += 1;
            return true;
        }
        let best = (0..doms.len())
            .filter(|&i| doms[i].count_ones() > 1)
            .min_by_key(|&i| doms[i].count_ones());
        let Some(cell) = best else {
            return on_solution(&doms, &self.choices);
        };
        let dom = doms[cell];
        for digit in digits(dom) {
            let mut child = doms.clone();
            child[cell] = bit(digit);
            for i in 0..self.net.on[cell].len() {
                self.wake(self.net.on[cell][i]);
            }
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

    /// Runs the woken lines' filters until nothing changes; `false` on a conflict (the
    /// work list is then emptied).
    fn fixpoint(&mut self, doms: &mut [Mask]) -> bool {
        while let Some(l) = self.queue.pop_front() {
            self.queued[l] = false;
            self.propagations += 1;
            let cells = &self.net.lines[l];
            self.buf.clear();
            self.buf.extend(cells.iter().map(|&c| doms[c]));
            let ok = self.filter.filter(l, &mut self.buf) && self.buf.iter().all(|&m| m != 0);
            if !ok {
                for l in self.queue.drain(..) {
                    self.queued[l] = false;
                }
                return false;
            }
            for (k, &c) in cells.iter().enumerate() {
                let new = doms[c] & self.buf[k];
                if new != doms[c] {
                    doms[c] = new;
                    for &other in &self.net.on[c] {
                        if other != l && !self.queued[other] {
                            self.queued[other] = true;
                            self.queue.push_back(other);
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::full;

    /// Each line's digits are all different (no sum), by naked singles only.
    struct Distinct;

    impl LineFilter for Distinct {
        fn filter(&self, _line: usize, doms: &mut [Mask]) -> bool {
            for i in 0..doms.len() {
                if doms[i].count_ones() == 1 {
                    for j in 0..doms.len() {
                        if j != i {
                            doms[j] &= !doms[i];
                        }
                    }
                }
            }
            doms.iter().all(|&m| m != 0)
        }
    }

    #[test]
    fn counts_latin_squares_of_order_3() {
        let lines = (0..3)
            .map(|r| (0..3).map(|c| 3 * r + c).collect())
            .chain((0..3).map(|c| (0..3).map(|r| 3 * r + c).collect()))
            .collect();
        let net = Network::new(9, lines);
        assert_eq!((net.cells(), net.line(4)), (9, &[1, 4, 7][..]));
        let mut s = LineSearch::new(&net, &Distinct);
        let mut count = 0;
        assert!(s.run(vec![full(3); 9], &mut |doms, _| {
            assert!(doms.iter().all(|m| m.count_ones() == 1));
            count += 1;
            true
        }));
        assert_eq!(count, 12);
        assert!(s.nodes > 12 && s.propagations > 0);
        let mut s = LineSearch::new(&net, &Distinct);
        assert!(
            !s.run(vec![full(3); 9], &mut |_, _| false),
            "stopping is reported"
        );
    }
}
