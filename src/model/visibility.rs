//! # The visibility family: how many towers are seen along a line
//!
//! A Towers clue says how many of a line's cells, looked at from its first end, are taller
//! than every cell before them. [`filter`] keeps arc consistency on that statement alone
//! (the line's all-different is its house's job) by a layered walk over the states
//! *(tallest so far, towers seen so far)*: a forward pass collects the states the first `i`
//! cells can reach, a backward pass the states from which the clue can still be met, and a
//! digit stays in a cell when it leads from a state of the first kind to one of the second.
//! It is the automaton the CNF encoder writes (`crate::encode::visibility`), run on masks.

use crate::native::domains::Mask;

/// States of one layer: `seen[tallest * (clue + 1) + count]`.
struct Layer {
    clue: usize,
    live: Vec<bool>,
}

impl Layer {
    fn new(n: usize, clue: usize) -> Self {
        Layer {
            clue,
            live: vec![false; (n + 1) * (clue + 1)],
        }
    }

    fn at(&self, tallest: usize, count: usize) -> usize {
        tallest * (self.clue + 1) + count
    }

    /// The live states as (tallest, count).
    fn states(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let width = self.clue + 1;
        (0..self.live.len())
            .filter(|&i| self.live[i])
            .map(move |i| (i / width, i % width))
    }
}

/// The state after a cell of height `d` (`None`: more towers seen than the clue).
fn step((tallest, count): (usize, usize), d: usize, clue: usize) -> Option<(usize, usize)> {
    if d > tallest {
        (count < clue).then_some((d, count + 1))
    } else {
        Some((tallest, count))
    }
}

fn digits(m: Mask) -> impl Iterator<Item = usize> {
    (1..Mask::BITS as usize).filter(move |&d| m >> d & 1 == 1)
}

/// Arc consistency for "exactly `clue` cells of `doms` (in viewing order) are seen", with
/// digits `1..=n`; `false` when no filling of the domains meets the clue.
pub(crate) fn filter(n: usize, clue: u8, doms: &mut [Mask]) -> bool {
    let clue = usize::from(clue);
    let k = doms.len();
    // back[i]: the states at layer i from which the clue can still be met.
    let mut back: Vec<Layer> = (0..=k).map(|_| Layer::new(n, clue)).collect();
    for t in 0..=n {
        let i = back[k].at(t, clue);
        back[k].live[i] = true;
    }
    for i in (0..k).rev() {
        let (now, next) = back.split_at_mut(i + 1);
        for t in 0..=n {
            for c in 0..=clue {
                let ok = digits(doms[i]).any(|d| {
                    step((t, c), d, clue).is_some_and(|(t2, c2)| next[0].live[next[0].at(t2, c2)])
                });
                let at = now[i].at(t, c);
                now[i].live[at] = ok;
            }
        }
    }
    let mut front = Layer::new(n, clue);
    let start = front.at(0, 0);
    front.live[start] = back[0].live[start];
    for i in 0..k {
        let mut kept: Mask = 0;
        let mut next = Layer::new(n, clue);
        for s in front.states().collect::<Vec<_>>() {
            for d in digits(doms[i]) {
                if let Some((t, c)) = step(s, d, clue) {
                    let at = next.at(t, c);
                    if back[i + 1].live[at] {
                        kept |= 1 << d;
                        next.live[at] = true;
                    }
                }
            }
        }
        if kept == 0 {
            return false;
        }
        doms[i] = kept;
        front = next;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::{bit, full};

    /// Brute force over every filling of `doms` (digits may repeat).
    fn brute(clue: u8, doms: &[Mask]) -> Vec<Mask> {
        let mut out = vec![0; doms.len()];
        let mut cur = Vec::new();
        fn walk(clue: u8, doms: &[Mask], cur: &mut Vec<usize>, out: &mut [Mask]) {
            if cur.len() == doms.len() {
                let mut tallest = 0;
                let seen = cur.iter().filter(|&&d| {
                    let t = d > tallest;
                    tallest = tallest.max(d);
                    t
                });
                if seen.count() == usize::from(clue) {
                    for (o, &d) in out.iter_mut().zip(cur.iter()) {
                        *o |= 1 << d;
                    }
                }
                return;
            }
            for d in digits(doms[cur.len()]) {
                cur.push(d);
                walk(clue, doms, cur, out);
                let _ = cur.pop();
            }
        }
        walk(clue, doms, &mut cur, &mut out);
        out
    }

    #[test]
    fn agrees_with_brute_force() {
        let n = 4;
        let shapes = [
            vec![full(n); 4],
            vec![bit(2) | bit(3), full(n), bit(4) | bit(1), full(n)],
            vec![bit(1), bit(2) | bit(4), full(n), bit(3)],
        ];
        for doms in &shapes {
            for clue in 1..=4 {
                let want = brute(clue, doms);
                let mut got = doms.clone();
                let ok = filter(n, clue, &mut got);
                assert_eq!(ok, want.iter().all(|&m| m != 0), "clue {clue}");
                if ok {
                    assert_eq!(got, want, "clue {clue} over {doms:?}");
                }
            }
        }
    }

    #[test]
    fn a_full_clue_climbs_step_by_step() {
        let mut d = vec![full(4); 4];
        assert!(filter(4, 4, &mut d));
        assert_eq!(d, vec![bit(1), bit(2), bit(3), bit(4)]);
    }
}
