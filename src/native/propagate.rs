//! # The propagation loop
//!
//! [`Model`] holds the propagators of one puzzle: all-different on the `2n` lines
//! ([`alldiff`]) and one propagator per cage, by table ([`TableCage`]) or, for a cage with
//! too many tuples, by bounds ([`BoundsCage`]). [`State`] is everything the search copies
//! on branching: the domains and each table cage's live-tuple count.
//!
//! [`Propagation::fixpoint`] runs the propagators until none narrows anything. A narrowed
//! cell wakes its row, its column and its cage. Cheap propagators run first: line singles,
//! then cages, then naked subsets only when both are quiet. A propagator that reaches its
//! own fixpoint (line singles, table cages) is not woken by its own changes.
//!
//! Each failure adds one to the *weight* of the line or cage whose propagator failed; the
//! search divides a cell's domain size by the weights around it (dom/wdeg), so it branches
//! where conflicts keep happening.
//!
//! ## References
//! - F. Boussemart, F. Hemery, C. Lecoutre, L. Sais, "Boosting systematic search by
//!   weighting constraints", ECAI 2004 (dom/wdeg).

use crate::native::alldiff::{self, Line};
use crate::native::bounds::BoundsCage;
use crate::native::cage::TableCage;
use crate::native::domains::{Conflict, Domains};
use crate::puzzle::Cage;
use crate::tuples::cage_tuples;

/// The propagator of one cage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CageProp {
    /// Generalised arc consistency over the allowed tuples.
    Table(TableCage),
    /// Bounds reasoning, for cages with too many tuples.
    Bounds(BoundsCage),
}

/// The search state: copied on branching, dropped on backtracking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Candidate digits of every cell.
    pub doms: Domains,
    /// Live-tuple count of each cage (unused for bounds cages).
    pub live: Vec<usize>,
}

/// The propagators of one Latin square tiled by arithmetic cages (a KenKen).
#[derive(Clone, Debug)]
pub(crate) struct Model {
    n: usize,
    lines: Vec<Vec<usize>>,
    cages: Vec<CageProp>,
    cage_of: Vec<usize>,
    max_subset: usize,
}

impl Model {
    /// Builds the propagators and the root state. Cages with more than `tuple_limit`
    /// tuples use bounds; naked subsets go up to `max_subset` cells (below 2: off).
    #[must_use]
    pub(crate) fn new(
        n: usize,
        cages: &[Cage],
        tuple_limit: usize,
        max_subset: usize,
    ) -> (Model, State) {
        let mut lines: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        lines.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let mut cage_of = vec![0; n * n];
        let mut props = Vec::with_capacity(cages.len());
        let mut live = Vec::with_capacity(cages.len());
        for (ci, cage) in cages.iter().enumerate() {
            let cells: Vec<usize> = cage.cells.iter().map(|c| c.index(n)).collect();
            for &i in &cells {
                cage_of[i] = ci;
            }
            match cage_tuples(cage, n as u8, tuple_limit) {
                Ok(tuples) => {
                    live.push(tuples.len());
                    props.push(CageProp::Table(TableCage::new(n, cells, &tuples)));
                }
                Err(_) => {
                    live.push(0);
                    let op = cage.effective_op();
                    props.push(CageProp::Bounds(BoundsCage::new(cells, op, cage.target)));
                }
            }
        }
        let model = Model {
            n,
            lines,
            cages: props,
            cage_of,
            max_subset,
        };
        let state = State {
            doms: Domains::new(n),
            live,
        };
        (model, state)
    }

    /// Side length.
    #[must_use]
    pub(crate) fn size(&self) -> usize {
        self.n
    }

    /// The cage containing the cell with row-major index `i`.
    #[must_use]
    pub(crate) fn cage_of(&self, i: usize) -> usize {
        self.cage_of[i]
    }

    /// How many cages use bounds instead of a table.
    #[must_use]
    pub(crate) fn bounds_cages(&self) -> usize {
        self.cages
            .iter()
            .filter(|c| matches!(c, CageProp::Bounds(_)))
            .count()
    }
}

/// A propagator's place in the queues.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prop {
    Singles(usize),
    Cage(usize),
    Subsets(usize),
}

/// Work queues for [`Propagation::fixpoint`], reused across calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Propagation {
    lines: Queue,
    cages: Queue,
    subsets: Queue,
    changed: Vec<usize>,
    /// Failures per line (rows, then columns), starting at 1.
    line_weight: Vec<u64>,
    /// Failures per cage, starting at 1.
    cage_weight: Vec<u64>,
    /// Propagator runs so far.
    pub calls: u64,
}

#[derive(Clone, Debug, Default)]
struct Queue {
    dirty: Vec<bool>,
    stack: Vec<usize>,
}

impl Queue {
    fn new(len: usize) -> Self {
        Queue {
            dirty: vec![false; len],
            stack: Vec::with_capacity(len),
        }
    }

    fn push(&mut self, i: usize) {
        if !self.dirty[i] {
            self.dirty[i] = true;
            self.stack.push(i);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let i = self.stack.pop()?;
        self.dirty[i] = false;
        Some(i)
    }

    fn clear(&mut self) {
        for i in self.stack.drain(..) {
            self.dirty[i] = false;
        }
    }
}

impl Propagation {
    /// Empty queues sized for `model`.
    #[must_use]
    pub(crate) fn new(model: &Model) -> Self {
        Propagation {
            lines: Queue::new(model.lines.len()),
            cages: Queue::new(model.cages.len()),
            subsets: Queue::new(model.lines.len()),
            changed: Vec::new(),
            line_weight: vec![1; model.lines.len()],
            cage_weight: vec![1; model.cages.len()],
            calls: 0,
        }
    }

    /// The failure weight around the cell with row-major index `i`: its row, its column
    /// and its cage.
    #[must_use]
    pub(crate) fn weight(&self, model: &Model, i: usize) -> u64 {
        let n = model.n;
        self.line_weight[i / n] + self.line_weight[n + i % n] + self.cage_weight[model.cage_of[i]]
    }

    /// Queues every propagator (for the root node).
    pub(crate) fn wake_all(&mut self, model: &Model) {
        for l in 0..model.lines.len() {
            self.lines.push(l);
            self.subsets.push(l);
        }
        for c in 0..model.cages.len() {
            self.cages.push(c);
        }
    }

    /// Runs the queued propagators, and those their changes wake, until nothing changes.
    ///
    /// # Errors
    /// [`Conflict`] when a propagator proves the state has no solution (queues are then
    /// emptied).
    pub(crate) fn fixpoint(&mut self, model: &mut Model, st: &mut State) -> Result<(), Conflict> {
        loop {
            self.wake_changed(model, &mut st.doms, None);
            let Some(prop) = self.next() else {
                return Ok(());
            };
            self.calls += 1;
            if let Err(c) = run(prop, model, st) {
                match prop {
                    Prop::Singles(l) | Prop::Subsets(l) => self.line_weight[l] += 1,
                    Prop::Cage(c) => self.cage_weight[c] += 1,
                }
                self.lines.clear();
                self.cages.clear();
                self.subsets.clear();
                let _ = st.doms.take_changed();
                return Err(c);
            }
            let own = match prop {
                Prop::Singles(_) => Some(prop),
                Prop::Cage(c) if matches!(model.cages[c], CageProp::Table(_)) => Some(prop),
                Prop::Cage(_) | Prop::Subsets(_) => None,
            };
            self.wake_changed(model, &mut st.doms, own);
        }
    }

    fn next(&mut self) -> Option<Prop> {
        if let Some(l) = self.lines.pop() {
            Some(Prop::Singles(l))
        } else if let Some(c) = self.cages.pop() {
            Some(Prop::Cage(c))
        } else {
            self.subsets.pop().map(Prop::Subsets)
        }
    }

    /// Wakes the propagators on every narrowed cell, except `own` (idempotent, just run).
    fn wake_changed(&mut self, model: &Model, doms: &mut Domains, own: Option<Prop>) {
        doms.drain_changed_into(&mut self.changed);
        let n = model.n;
        for &i in &self.changed {
            for l in [i / n, n + i % n] {
                if own != Some(Prop::Singles(l)) {
                    self.lines.push(l);
                }
                self.subsets.push(l);
            }
            let c = model.cage_of[i];
            if own != Some(Prop::Cage(c)) {
                self.cages.push(c);
            }
        }
    }
}

fn run(prop: Prop, model: &mut Model, st: &mut State) -> Result<(), Conflict> {
    match prop {
        Prop::Singles(l) => {
            alldiff::singles(&mut Line::new(&mut st.doms, &model.lines[l])).map(drop)
        }
        Prop::Subsets(l) => alldiff::naked_subsets(
            &mut Line::new(&mut st.doms, &model.lines[l]),
            model.max_subset,
        )
        .map(drop),
        Prop::Cage(c) => match &mut model.cages[c] {
            CageProp::Table(t) => t.propagate(&mut st.doms, &mut st.live[c]),
            CageProp::Bounds(b) => b.propagate(&mut st.doms),
        },
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::native::domains::digits;
    use crate::puzzle::Puzzle;

    /// A model of a small test KenKen (shared with the search tests).
    pub(crate) fn model(text: &str) -> (Model, State) {
        let Ok(Puzzle::KenKen(k)) = crate::puzzle::Puzzle::parse(text) else {
            panic!("bad test puzzle");
        };
        Model::new(k.size(), k.cages(), 1000, 3)
    }

    #[test]
    fn root_fixpoint_combines_cages_and_lines() {
        // 3 + A1 A2 with 1 = B1 on 2×2: B1 = 1 pushes A1 to 2, so A2 = 1, B2 = 2.
        let (mut m, mut st) = model("size 2\n3 + A1 A2\n1 = B1\n1 = B2");
        let mut p = Propagation::new(&m);
        p.wake_all(&m);
        // Each cage can be met alone (the parser refuses one that cannot), but B1 = B2 = 1
        // breaks row B, so this puzzle fails in propagation.
        assert_eq!(p.fixpoint(&mut m, &mut st), Err(Conflict));
        let (mut m, mut st) = model("size 2\n3 + A1 A2\n1 = B1\n2 = B2");
        let mut p = Propagation::new(&m);
        p.wake_all(&m);
        p.fixpoint(&mut m, &mut st).unwrap();
        let values: Vec<Vec<u8>> = (0..4).map(|i| digits(st.doms.get(i)).collect()).collect();
        assert_eq!(values, vec![vec![2], vec![1], vec![1], vec![2]]);
        assert!(p.calls >= 4);
    }

    #[test]
    fn failures_weigh_on_the_failing_constraint() {
        let (mut m, mut st) = model("size 2\n3 + A1 A2\n3 + B1 B2");
        let mut p = Propagation::new(&m);
        let before: u64 = (0..4).map(|i| p.weight(&m, i)).sum();
        assert_eq!(before, 12, "each cell starts with row + column + cage = 3");
        let _ = st.doms.assign(0, 1).unwrap();
        let _ = st.doms.assign(1, 1).unwrap();
        p.wake_all(&m);
        assert_eq!(p.fixpoint(&mut m, &mut st), Err(Conflict));
        let after: u64 = (0..4).map(|i| p.weight(&m, i)).sum();
        assert_eq!(
            after,
            before + 2,
            "one line or cage (two cells each) gained 1"
        );
    }
}
