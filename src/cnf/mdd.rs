//! # Layered automata (MDDs) and their CNF encoding
//!
//! A constraint over `k` positions, each with a list of values and one literal per value, is
//! described by a layered automaton: layer `i` (for `i = 0..=k`) holds states, and an edge
//! labelled with value `v` of position `i` leads from a state of layer `i` to one of layer
//! `i + 1`. A tuple is allowed when its edges form a path from the start state (layer 0) to
//! an accepting state of layer `k`. The automaton knows nothing about puzzles: [`Mdd::build`]
//! takes any deterministic transition function, and [`Mdd::product`] / [`Mdd::sum`] are the
//! two ready-made ones (states = what is still to be made).
//!
//! After the forward construction, states that cannot reach an accepting state are removed
//! (backward reachability), so every remaining node lies on an accepting path.
//!
//! ## Example Usage
//! Two cells with digits 1..=9 whose product is 6 (1·6, 2·3, 3·2, 6·1): `Mdd::product`
//! builds an automaton with 4 paths, and `encode_mdd` writes it with 6 node and 8 edge
//! variables (the unit test `tests::module_example` runs exactly this).
//!
//! ## Encoding (the standard MDD encoding)
//! One variable `n(i, s)` per node and `e` per edge `(i, s) -v→ (i+1, t)`. Clause families:
//! - **root**: `n(0, start)` (1 unit clause);
//! - **edge**: `¬e ∨ n(i, s)`, `¬e ∨ x(i, v)`, `¬e ∨ n(i+1, t)` (3 per edge);
//! - **out**: `¬n(i, s) ∨ ⋁ outgoing edges` for every node of layers `0..k`;
//! - **in**: `¬n(i, s) ∨ ⋁ incoming edges` for every node of layers `1..=k`;
//! - **support**: `¬x(i, v) ∨ ⋁ edges of layer i labelled v` for every value with an edge;
//! - **prune**: `¬x(i, v)` for every listed value with no edge.
//!
//! Unit propagation on these clauses keeps generalised arc consistency: a node dies once all
//! its incoming or all its outgoing edges are dead, an edge dies with its endpoints or its
//! value, and a value dies with its last edge, so the surviving values are exactly those on
//! a path through the current domains. When no accepting path exists at all the encoding
//! is the empty clause (counted as **prune**).
//!
//! The textbook encoding adds `¬n(i, s) ∨ ¬x(i, v) ∨ e` per edge (an edge lives when its
//! source and value do). It is left out (since session 6): it prunes no value, and it is not
//! needed for soundness either. In a model the root is true, every true node has a true
//! outgoing edge (**out**), that edge carries the position's true value and leads to a true
//! node, so the true values spell a path to an accepting state; and when every value is
//! set, unit propagation still fixes every node and edge (the root's one live edge is
//! forced by **out**, the others die with their values, and so on layer by layer). On the
//! largest CNFs (a 20×20 CrossProduct) it was 2.2 M of 9.5 M clauses.
//!
//! ## References
//! I. Abío, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell, V. Mayer-Eichberger,
//! *A New Look at BDDs for Pseudo-Boolean Constraints*, JAIR 45 (2012);
//! G. Gange, P. J. Stuckey, *Explaining Propagators for s-DNNF Circuits*, CPAIOR 2012.

use std::collections::HashMap;
use std::hash::Hash;

use thiserror::Error;

use crate::cnf::{EncodeStats, ExtendFormula, Lit};

/// Layers up to this many states are searched linearly while building.
const LINEAR_LAYER_MAX: usize = 32;

/// Default bound on the number of nodes of one automaton.
pub(crate) const DEFAULT_NODE_LIMIT: usize = 1_000_000;

/// Building an automaton failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MddError {
    /// More nodes than the limit.
    #[error("layered automaton has more than {limit} nodes (at layer {layer})")]
    TooLarge {
        /// The layer being built.
        layer: usize,
        /// The limit that was exceeded.
        limit: usize,
    },
}

/// An edge between two consecutive layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    /// Source node index within its layer.
    pub from: usize,
    /// Index of the value within the position's value list.
    pub value: usize,
    /// Target node index within the next layer.
    pub to: usize,
}

/// A pruned layered automaton over `k` positions with states of type `S`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mdd<S> {
    /// `states[i]`: the live states of layer `i`, `i = 0..=k`.
    states: Vec<Vec<S>>,
    /// `edges[i]`: the edges from layer `i` to layer `i + 1`.
    edges: Vec<Vec<Edge>>,
}

impl<S: Copy + Eq + Hash> Mdd<S> {
    /// Builds the automaton for `values.len()` positions. `step(i, s, v)` is the state after
    /// reading `v` at position `i` in state `s` (`None`: no edge), `accept` says which states
    /// of the last layer are final.
    ///
    /// # Errors
    /// [`MddError::TooLarge`] when the forward construction exceeds `node_limit` nodes.
    pub(crate) fn build<V: Copy>(
        values: &[Vec<V>],
        start: S,
        mut step: impl FnMut(usize, S, V) -> Option<S>,
        accept: impl Fn(S) -> bool,
        node_limit: usize,
    ) -> Result<Self, MddError> {
        let mut states = vec![vec![start]];
        let mut edges = Vec::with_capacity(values.len());
        let mut total = 1usize;
        for (i, vals) in values.iter().enumerate() {
            // Small layers are searched linearly; a hash map takes over beyond that.
            let mut index: HashMap<S, usize> = HashMap::new();
            let mut next: Vec<S> = Vec::new();
            let mut layer_edges = Vec::new();
            for (from, &s) in states[i].iter().enumerate() {
                for (value, &v) in vals.iter().enumerate() {
                    let Some(t) = step(i, s, v) else { continue };
                    let to = if next.len() <= LINEAR_LAYER_MAX {
                        next.iter().position(|&n| n == t)
                    } else {
                        if index.is_empty() {
                            index.extend(next.iter().enumerate().map(|(j, &n)| (n, j)));
                        }
                        index.get(&t).copied()
                    };
                    let to = to.unwrap_or_else(|| {
                        next.push(t);
                        if !index.is_empty() {
                            let _ = index.insert(t, next.len() - 1);
                        }
                        next.len() - 1
                    });
                    layer_edges.push(Edge { from, value, to });
                }
            }
            total += next.len();
            if total > node_limit {
                return Err(MddError::TooLarge {
                    layer: i + 1,
                    limit: node_limit,
                });
            }
            states.push(next);
            edges.push(layer_edges);
        }
        let mut mdd = Mdd { states, edges };
        mdd.prune(accept);
        Ok(mdd)
    }

    /// Keeps only nodes on a path from the start to an accepting state.
    fn prune(&mut self, accept: impl Fn(S) -> bool) {
        let k = self.edges.len();
        let mut alive: Vec<Vec<bool>> = self.states.iter().map(|l| vec![false; l.len()]).collect();
        for (a, &s) in alive[k].iter_mut().zip(&self.states[k]) {
            *a = accept(s);
        }
        for i in (0..k).rev() {
            for e in &self.edges[i] {
                if alive[i + 1][e.to] {
                    alive[i][e.from] = true;
                }
            }
        }
        // Forward construction already made every node reachable from the start; a node
        // alive backwards is therefore on an accepting path once its source is alive too.
        let mut new_index: Vec<Vec<Option<usize>>> = Vec::with_capacity(k + 1);
        for (layer, live) in self.states.iter_mut().zip(&alive) {
            let mut idx = vec![None; layer.len()];
            let mut kept = Vec::new();
            for (j, (&s, &a)) in layer.iter().zip(live).enumerate() {
                if a {
                    idx[j] = Some(kept.len());
                    kept.push(s);
                }
            }
            *layer = kept;
            new_index.push(idx);
        }
        for (i, layer_edges) in self.edges.iter_mut().enumerate() {
            layer_edges.retain_mut(|e| match (new_index[i][e.from], new_index[i + 1][e.to]) {
                (Some(f), Some(t)) => {
                    e.from = f;
                    e.to = t;
                    true
                }
                _ => false,
            });
        }
    }
}

impl Mdd<u64> {
    /// Products: the state is the part of `target` still to be made; value `v` leads from
    /// `s` to `s / v` when `v` divides `s`; the final state is 1.
    ///
    /// # Errors
    /// [`MddError::TooLarge`] beyond `node_limit` nodes.
    pub(crate) fn product(
        values: &[Vec<u64>],
        target: u64,
        node_limit: usize,
    ) -> Result<Self, MddError> {
        Mdd::build(
            values,
            target,
            |_, s, v| (v != 0 && s % v == 0).then(|| s / v),
            |s| s == 1,
            node_limit,
        )
    }

    /// Sums: the state is the part of `target` still to be added; value `v` leads from `s`
    /// to `s − v` when `v ≤ s`; the final state is 0.
    ///
    /// # Errors
    /// [`MddError::TooLarge`] beyond `node_limit` nodes.
    pub(crate) fn sum(
        values: &[Vec<u64>],
        target: u64,
        node_limit: usize,
    ) -> Result<Self, MddError> {
        Mdd::build(
            values,
            target,
            |_, s, v| s.checked_sub(v),
            |s| s == 0,
            node_limit,
        )
    }
}

impl<S> Mdd<S> {
    /// Number of positions `k`.
    #[must_use]
    pub(crate) fn positions(&self) -> usize {
        self.edges.len()
    }

    /// True when no tuple is accepted.
    #[must_use]
    pub(crate) fn is_empty(&self) -> bool {
        self.states[0].is_empty()
    }

    /// Live states of layer `i`.
    #[must_use]
    pub(crate) fn layer(&self, i: usize) -> &[S] {
        &self.states[i]
    }

    #[cfg(test)]
    /// Edges from layer `i` to layer `i + 1`.
    #[must_use]
    pub(crate) fn edges(&self, i: usize) -> &[Edge] {
        &self.edges[i]
    }

    /// Total nodes over all layers.
    #[must_use]
    pub(crate) fn node_count(&self) -> usize {
        self.states.iter().map(Vec::len).sum()
    }

    /// Total edges.
    #[must_use]
    pub(crate) fn edge_count(&self) -> usize {
        self.edges.iter().map(Vec::len).sum()
    }

    /// Number of accepted tuples (saturating).
    #[must_use]
    pub(crate) fn count_paths(&self) -> u128 {
        let k = self.edges.len();
        let mut ways: Vec<u128> = vec![1; self.states[k].len()];
        for i in (0..k).rev() {
            let mut here = vec![0u128; self.states[i].len()];
            for e in &self.edges[i] {
                here[e.from] = here[e.from].saturating_add(ways[e.to]);
            }
            ways = here;
        }
        ways.first().copied().unwrap_or(0)
    }

    /// The accepted tuples as value indices, in edge order, or `None` when there are more
    /// than `limit`.
    #[must_use]
    pub(crate) fn tuples(&self, limit: usize) -> Option<Vec<Vec<usize>>> {
        if self.count_paths() > limit as u128 {
            return None;
        }
        let mut out = Vec::new();
        if !self.is_empty() {
            let mut path = Vec::with_capacity(self.positions());
            self.walk(0, 0, &mut path, &mut out);
        }
        Some(out)
    }

    fn walk(&self, i: usize, node: usize, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if i == self.edges.len() {
            out.push(path.clone());
            return;
        }
        for e in self.edges[i].iter().filter(|e| e.from == node) {
            path.push(e.value);
            self.walk(i + 1, e.to, path, out);
            let _ = path.pop();
        }
    }
}

/// Sizes of an MDD encoding, by clause family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MddStats {
    /// Node variables.
    pub nodes: usize,
    /// Edge variables.
    pub edges: usize,
    /// The root unit clause (0 or 1).
    pub root: usize,
    /// Edge clauses (4 per edge).
    pub edge: usize,
    /// Node → some outgoing edge.
    pub out: usize,
    /// Node → some incoming edge.
    pub into: usize,
    /// Value → some edge carrying it.
    pub support: usize,
    /// Unit clauses removing values with no edge (plus the empty clause of an empty MDD).
    pub prune: usize,
}

impl MddStats {
    /// Total clauses and variables.
    #[must_use]
    pub(crate) fn total(&self) -> EncodeStats {
        EncodeStats {
            vars: self.nodes + self.edges,
            clauses: self.root + self.edge + self.out + self.into + self.support + self.prune,
        }
    }
}

/// Writes the MDD encoding. `lits[i][j]` is the literal of value `j` of position `i` (the
/// same value lists the automaton was built from). Exactly-one over each position's
/// literals is the caller's business.
///
/// # Panics
/// Panics when `lits` has fewer positions or values than the automaton uses.
pub(crate) fn encode_mdd<S>(
    f: &mut impl ExtendFormula,
    lits: &[Vec<Lit>],
    mdd: &Mdd<S>,
) -> MddStats {
    let mut stats = MddStats::default();
    let k = mdd.positions();
    assert!(lits.len() >= k, "one literal list per position");
    if mdd.is_empty() {
        f.add_clause(&[]);
        stats.prune = 1;
        return stats;
    }
    let nodes: Vec<Vec<Lit>> = mdd
        .states
        .iter()
        .map(|l| l.iter().map(|_| f.new_lit()).collect())
        .collect();
    stats.nodes = mdd.node_count();
    f.add_clause(&[nodes[0][0]]);
    stats.root = 1;
    let mut outgoing: Vec<Vec<Vec<Lit>>> =
        nodes.iter().map(|l| vec![Vec::new(); l.len()]).collect();
    let mut incoming = outgoing.clone();
    for i in 0..k {
        let mut by_value: Vec<Vec<Lit>> = vec![Vec::new(); lits[i].len()];
        for e in &mdd.edges[i] {
            let ev = f.new_lit();
            let (src, dst, x) = (nodes[i][e.from], nodes[i + 1][e.to], lits[i][e.value]);
            f.add_clause(&[!ev, src]);
            f.add_clause(&[!ev, x]);
            f.add_clause(&[!ev, dst]);
            outgoing[i][e.from].push(ev);
            incoming[i + 1][e.to].push(ev);
            by_value[e.value].push(ev);
        }
        stats.edges += mdd.edges[i].len();
        stats.edge += 3 * mdd.edges[i].len();
        for (j, sup) in by_value.into_iter().enumerate() {
            let x = lits[i][j];
            if sup.is_empty() {
                f.add_clause(&[!x]);
                stats.prune += 1;
            } else {
                f.add_clause(&support_clause(x, sup));
                stats.support += 1;
            }
        }
    }
    for (layer, (outs, ins)) in outgoing.into_iter().zip(incoming).enumerate() {
        for (j, (out, inc)) in outs.into_iter().zip(ins).enumerate() {
            let n = nodes[layer][j];
            if layer < k {
                f.add_clause(&support_clause(n, out));
                stats.out += 1;
            }
            if layer > 0 {
                f.add_clause(&support_clause(n, inc));
                stats.into += 1;
            }
        }
    }
    stats
}

/// `¬a ∨ ⋁ rest`.
fn support_clause(a: Lit, rest: Vec<Lit>) -> Vec<Lit> {
    let mut c = rest;
    c.insert(0, !a);
    c
}

#[cfg(test)]
#[path = "mdd_tests.rs"]
mod tests;
