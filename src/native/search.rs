//! # Depth-first search
//!
//! Each node propagates to a fixpoint ([`Propagation::fixpoint`]), then branches on the
//! unfixed cell with the smallest domain size divided by the failure weight of its row,
//! column and cage (dom/wdeg; before any failure this is plain smallest domain, first
//! fail); ties go to the cell whose cage has the fewest live tuples (the most
//! constrained), then to the first in row-major order.
//! Digits are tried smallest first, each on a copy of the state, so backtracking is just
//! dropping the copy.

use crate::native::domains::digits;
use crate::native::propagate::{Model, Propagation, State};
use crate::stop::Stop;
use crate::tree::{Choice, OnSolution};

/// Depth-first search over one model.
#[derive(Debug)]
pub(crate) struct Search<'m> {
    model: &'m mut Model,
    prop: Propagation,
    /// Nodes visited (the root counts as one).
    pub nodes: u64,
    /// Nodes whose propagation failed.
    pub backtracks: u64,
    /// Checked at every node: when requested, the search ends as if a visitor stopped it.
    pub stop: Stop,
    /// The choices leading to the current node.
    choices: Vec<Choice>,
}

impl<'m> Search<'m> {
    /// A search over `model`, with no node visited yet.
    pub(crate) fn new(model: &'m mut Model) -> Self {
        let prop = Propagation::new(model);
        Search {
            model,
            prop,
            nodes: 0,
            backtracks: 0,
            stop: Stop::new(),
            choices: Vec::new(),
        }
    }

    /// Propagator runs so far.
    #[must_use]
    pub(crate) fn propagations(&self) -> u64 {
        self.prop.calls
    }

    /// Explores the tree below `root`, handing each solution, with the choices that led to
    /// it (cells numbered row-major), to `on_solution`, which returns whether to go on.
    /// Returns `false` when `on_solution` stopped the search.
    pub(crate) fn run(&mut self, root: State, on_solution: OnSolution<'_>) -> bool {
        self.prop.wake_all(self.model);
        self.dfs(root, on_solution)
    }

    fn dfs(&mut self, mut st: State, on_solution: OnSolution<'_>) -> bool {
        if self.stop.is_requested() {
            return false;
        }
        self.nodes += 1;
        if self.prop.fixpoint(self.model, &mut st).is_err() {
            self.backtracks += 1;
            return true;
        }
        let Some(cell) = self.choose(&st) else {
            return st
                .doms
                .to_grid()
                .is_none_or(|grid| on_solution(grid, &self.choices));
        };
        let dom = st.doms.get(cell);
        for digit in digits(dom) {
            let mut child = st.clone();
            if child.doms.assign(cell, digit).is_err() {
                continue;
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

    /// The branching cell, or `None` when every cell is fixed.
    fn choose(&self, st: &State) -> Option<usize> {
        let n = self.model.size();
        // (domain size, weight, live tuples of the cage, cell)
        let mut best: Option<(u64, u64, usize, usize)> = None;
        for i in 0..n * n {
            let size = u64::from(st.doms.get(i).count_ones());
            if size < 2 {
                continue;
            }
            let w = self.prop.weight(self.model, i);
            let live = st.live[self.model.cage_of(i)].wrapping_sub(1);
            let better = best.is_none_or(|(bs, bw, bl, _)| {
                // size / w < bs / bw, then fewer live tuples
                let (a, b) = (size * bw, bs * w);
                a < b || (a == b && live < bl)
            });
            if better {
                best = Some((size, w, live, i));
            }
        }
        best.map(|(_, _, _, i)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::propagate::tests::model;

    #[test]
    fn norvig_first_puzzle_needs_no_branching() {
        let (mut m, root) = model(
            "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; \
             12 * C3 C4 D4; 2 / D2 D3",
        );
        let mut s = Search::new(&mut m);
        let mut found = Vec::new();
        assert!(s.run(root, &mut |g, _| {
            found.push(g);
            true
        }));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].to_rows()[0], vec![4, 2, 3, 1]);
        assert_eq!((s.nodes, s.backtracks), (1, 0));
    }

    #[test]
    fn all_latin_squares_of_order_3() {
        // Row cages `6 +` say nothing beyond the Latin square: 12 solutions.
        let (mut m, root) = model("size 3\n6 + A1 A2 A3; 6 + B1 B2 B3; 6 + C1 C2 C3");
        let mut s = Search::new(&mut m);
        let mut count = 0;
        assert!(s.run(root, &mut |_, _| {
            count += 1;
            true
        }));
        assert_eq!(count, 12);
        let (mut m, root) = model("size 3\n6 + A1 A2 A3; 6 + B1 B2 B3; 6 + C1 C2 C3");
        let mut s = Search::new(&mut m);
        assert!(!s.run(root, &mut |_, _| false), "stopping is reported");
    }
}
