//! # The line family: rules over a line of cells
//!
//! A variant's line (a thermometer, an arrow, a renban line, a sandwich clue, …) is filtered
//! by walking its automaton (`crate::line`) over the cells' candidates: the states reachable
//! from the start, then those that still reach an accepting state, and a digit stays in a
//! cell while an edge of a live path reads it there. That is exact arc consistency on the
//! line alone, the same automaton the CNF encoder writes.

use std::collections::HashMap;

use crate::line::Automaton;
use crate::native::domains::Mask;

/// Layers up to this many states are searched linearly for a state met before.
const LINEAR_MAX: usize = 32;

/// Filters `doms` (the line's cells in order) to the digits on an accepting path of `a`;
/// `false` when a cell empties.
pub(crate) fn filter(a: &Automaton<'_>, doms: &mut [Mask]) -> bool {
    let k = doms.len();
    let mut layers: Vec<Vec<u64>> = Vec::with_capacity(k + 1);
    // Edges of each layer: (from, digit, to).
    let mut edges: Vec<Vec<(u32, u8, u32)>> = Vec::with_capacity(k);
    layers.push(vec![a.start()]);
    // Small layers are searched linearly; an index takes over beyond that.
    let mut index: HashMap<u64, u32> = HashMap::new();
    for (pos, &dom) in doms.iter().enumerate() {
        let mut next: Vec<u64> = Vec::new();
        let mut layer_edges = Vec::new();
        index.clear();
        for (from, &s) in layers[pos].iter().enumerate() {
            let mut m = dom;
            while m != 0 {
                let d = m.trailing_zeros() as u8;
                m &= m - 1;
                let Some(t) = a.step(pos, s, d) else { continue };
                let found = if next.len() <= LINEAR_MAX {
                    next.iter().position(|&x| x == t).map(|i| i as u32)
                } else {
                    if index.is_empty() {
                        index.extend(next.iter().enumerate().map(|(i, &x)| (x, i as u32)));
                    }
                    index.get(&t).copied()
                };
                let to = found.unwrap_or_else(|| {
                    next.push(t);
                    let i = (next.len() - 1) as u32;
                    if !index.is_empty() {
                        let _ = index.insert(t, i);
                    }
                    i
                });
                layer_edges.push((from as u32, d, to));
            }
        }
        if next.is_empty() {
            return false;
        }
        layers.push(next);
        edges.push(layer_edges);
    }
    let mut alive: Vec<bool> = layers[k].iter().map(|&s| a.accept(s)).collect();
    for pos in (0..k).rev() {
        let mut before = vec![false; layers[pos].len()];
        let mut digits: Mask = 0;
        for &(from, d, to) in &edges[pos] {
            if alive[to as usize] {
                before[from as usize] = true;
                digits |= 1 << d;
            }
        }
        doms[pos] &= digits;
        if doms[pos] == 0 {
            return false;
        }
        alive = before;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::LineRule;

    #[test]
    fn keeps_exactly_the_supported_digits() {
        // A 3-cell thermometer on 1..=4 with the middle cell at most 2: 1 < 2 < {3, 4}.
        let rule = LineRule::Increasing;
        let a = Automaton::new(&rule, 3);
        let full = 0b11110;
        let mut doms = [full, 0b00110, full];
        assert!(filter(&a, &mut doms));
        assert_eq!(doms, [0b00010, 0b00100, 0b11000]);
        // An arrow 5 = a + b with a ∈ {1, 2}, b ∈ {4}: a = 1.
        let rule = LineRule::Arrow { circle: 1 };
        let a = Automaton::new(&rule, 3);
        let mut doms = [1 << 5, 0b110, 1 << 4];
        assert!(filter(&a, &mut doms));
        assert_eq!(doms[1], 0b10);
        let mut doms = [1 << 9, 0b110, 1 << 4];
        assert!(!filter(&a, &mut doms));
    }
}
