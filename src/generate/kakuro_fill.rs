//! # Random Kakuro fillings
//!
//! Digits 1..=9 for the white squares of a [`Shape`], no digit twice in any run: depth-first
//! search that always fills the square with the fewest digits left (the first such square on
//! ties), trying its digits in random order, with forward checking through a bitmask of the
//! digits each run already uses. A node budget keeps a hopeless shape from stalling the
//! generator, which then draws another shape.
//!
//! A random filling gives loose clues (a run of three adding up to 15 has eight
//! combinations), so [`RunIndex::tighten`] then improves it by local search: it changes one
//! square's digit at a time to the digit (not used in its runs) that leaves its two runs
//! with the fewest combinations, keeping changes that do not make that count worse. Tight
//! clues (3 over two squares is 1 + 2) make most puzzles unique with few repairs.

use crate::generate::kakuro_shape::Shape;
use crate::generate::latin::shuffle;
use crate::rng::SplitMix64;

/// Search nodes allowed per filling attempt.
const NODE_BUDGET: u64 = 200_000;

/// Bits 1..=9: the digits.
const DIGITS: u16 = 0b11_1111_1110;

/// A random filling of `shape` (0 on black squares), or `None` when the node budget ran out
/// or no filling exists.
pub(crate) fn random_filling(shape: &Shape, rng: &mut SplitMix64) -> Option<Vec<u8>> {
    let n = shape.white.len();
    // The run ids of each white square: across, down.
    let mut run_of = vec![[usize::MAX; 2]; n];
    let mut runs = 0;
    for (k, step) in [1, shape.cols].into_iter().enumerate() {
        for i in 0..n {
            if shape.white[i] && run_of[i][k] == usize::MAX {
                for j in shape.run_through(i, step) {
                    run_of[j][k] = runs;
                }
                runs += 1;
            }
        }
    }
    let mut fill = Filler {
        cells: (0..n).filter(|&i| shape.white[i]).collect(),
        run_of,
        used: vec![0; runs],
        digits: vec![0; n],
        nodes: 0,
    };
    fill.search(rng).then_some(fill.digits)
}

struct Filler {
    cells: Vec<usize>,
    run_of: Vec<[usize; 2]>,
    used: Vec<u16>,
    digits: Vec<u8>,
    nodes: u64,
}

impl Filler {
    fn free(&self, i: usize) -> u16 {
        let [a, d] = self.run_of[i];
        DIGITS & !(self.used[a] | self.used[d])
    }

    /// Fills the remaining squares; false on failure or when the budget ran out.
    fn search(&mut self, rng: &mut SplitMix64) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return false;
        }
        let mut best: Option<(u32, usize)> = None;
        for &i in &self.cells {
            if self.digits[i] == 0 {
                let k = self.free(i).count_ones();
                if best.is_none_or(|(bk, _)| k < bk) {
                    best = Some((k, i));
                }
                if k == 0 {
                    return false;
                }
            }
        }
        let Some((_, i)) = best else {
            return true;
        };
        let free = self.free(i);
        let mut options: Vec<u8> = (1..=9u8).filter(|d| free >> d & 1 == 1).collect();
        shuffle(rng, &mut options);
        let [a, d] = self.run_of[i];
        for digit in options {
            let b = 1u16 << digit;
            self.digits[i] = digit;
            self.used[a] |= b;
            self.used[d] |= b;
            if self.search(rng) {
                return true;
            }
            self.used[a] &= !b;
            self.used[d] &= !b;
            self.digits[i] = 0;
            if self.nodes > NODE_BUDGET {
                return false;
            }
        }
        false
    }
}

/// The runs of a shape, for changing single digits of a filling.
pub(crate) struct RunIndex {
    /// Across and down run of every square (`usize::MAX` on black squares).
    run_of: Vec<[usize; 2]>,
    /// The squares of every run.
    runs: Vec<Vec<usize>>,
    /// Number of combinations of distinct digits, by run length and sum.
    combos: [[u16; 46]; 10],
    /// The digits of those combinations together (bit `d` for digit `d`).
    unions: [[u16; 46]; 10],
}

impl RunIndex {
    /// The runs of `shape`.
    pub(crate) fn new(shape: &Shape) -> Self {
        let n = shape.white.len();
        let mut run_of = vec![[usize::MAX; 2]; n];
        let mut runs = Vec::new();
        for (k, step) in [1, shape.cols].into_iter().enumerate() {
            for i in 0..n {
                if shape.white[i] && run_of[i][k] == usize::MAX {
                    let run = shape.run_through(i, step);
                    for &j in &run {
                        run_of[j][k] = runs.len();
                    }
                    runs.push(run);
                }
            }
        }
        let mut combos = [[0u16; 46]; 10];
        let mut unions = [[0u16; 46]; 10];
        for set in 0..512u32 {
            let sum: u32 = (0..9).filter(|b| set >> b & 1 == 1).map(|b| b + 1).sum();
            combos[set.count_ones() as usize][sum as usize] += 1;
            unions[set.count_ones() as usize][sum as usize] |= (set << 1) as u16;
        }
        RunIndex {
            run_of,
            runs,
            combos,
            unions,
        }
    }

    /// Combinations beyond the first of run `r` under `digits`: 0 when the clue forces
    /// the run's set of digits.
    fn cost(&self, r: usize, digits: &[u8]) -> u32 {
        let sum: usize = self.runs[r].iter().map(|&j| usize::from(digits[j])).sum();
        u32::from(self.combos[self.runs[r].len()][sum]).saturating_sub(1)
    }

    /// The digits the clue of run `r` allows (those of its combinations).
    fn union(&self, r: usize, digits: &[u8]) -> u16 {
        let sum: usize = self.runs[r].iter().map(|&j| usize::from(digits[j])).sum();
        self.unions[self.runs[r].len()][sum]
    }

    /// How loose square `i` is: digits beyond the first that both of its runs' clues
    /// allow there.
    fn square_cost(&self, i: usize, digits: &[u8]) -> u32 {
        let [a, d] = self.run_of[i];
        (self.union(a, digits) & self.union(d, digits))
            .count_ones()
            .saturating_sub(1)
    }

    /// The looseness a change of square `i` can affect: the combinations of its two runs
    /// beyond the first, and [`RunIndex::square_cost`] of every square of those runs.
    fn local_cost(&self, i: usize, digits: &[u8]) -> i64 {
        let [a, d] = self.run_of[i];
        let runs = self.cost(a, digits) + self.cost(d, digits);
        let squares: u32 = self.runs[a]
            .iter()
            .chain(self.runs[d].iter().filter(|&&j| j != i))
            .map(|&j| self.square_cost(j, digits))
            .sum();
        i64::from(runs + squares)
    }

    /// Digits square `i` may take without repeating one in its runs.
    fn free(&self, i: usize, digits: &[u8]) -> u16 {
        let used = self.run_of[i]
            .iter()
            .flat_map(|&r| &self.runs[r])
            .filter(|&&j| j != i)
            .fold(0u16, |m, &j| m | 1 << digits[j]);
        DIGITS & !used
    }

    /// The digit other than its own that square `i` may take and that leaves its runs with
    /// the fewest combinations (random among the best), with the change in that count;
    /// `None` when no other digit fits.
    pub(crate) fn best_change(
        &self,
        i: usize,
        digits: &mut [u8],
        rng: &mut SplitMix64,
    ) -> Option<(u8, i64)> {
        let old = digits[i];
        let cost = |digits: &[u8]| self.local_cost(i, digits);
        let before = cost(digits);
        let free = self.free(i, digits);
        let mut best: Vec<(u8, i64)> = Vec::new();
        for d in (1..=9u8).filter(|&d| d != old && free >> d & 1 == 1) {
            digits[i] = d;
            let delta = cost(digits) - before;
            match best.first() {
                Some(&(_, b)) if delta > b => {}
                Some(&(_, b)) if delta == b => best.push((d, delta)),
                _ => best = vec![(d, delta)],
            }
        }
        digits[i] = old;
        if best.is_empty() {
            return None;
        }
        Some(best[rng.below(best.len() as u64) as usize])
    }

    /// Local search towards tight clues (simulated annealing): `rounds` times, a random
    /// square takes its [`RunIndex::best_change`]; a change that makes its runs looser by
    /// `Δ` combinations is kept with probability `exp(−Δ/T)`, the temperature `T` falling
    /// geometrically from 2 to 0.05 over the rounds.
    pub(crate) fn tighten(&self, digits: &mut [u8], rounds: usize, rng: &mut SplitMix64) {
        let white: Vec<usize> = (0..digits.len()).filter(|&i| digits[i] != 0).collect();
        if white.is_empty() || rounds == 0 {
            return;
        }
        let (hot, cold) = (2.0f64, 0.05f64);
        let cooling = (cold / hot).powf(1.0 / rounds as f64);
        let mut t = hot;
        for _ in 0..rounds {
            t *= cooling;
            let i = white[rng.below(white.len() as u64) as usize];
            if let Some((d, delta)) = self.best_change(i, digits, rng) {
                let keep = delta <= 0 || {
                    let p = (-(delta as f64) / t).exp();
                    (rng.below(1 << 20) as f64) < p * f64::from(1u32 << 20)
                };
                if keep {
                    digits[i] = d;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fillings_repeat_no_digit_in_a_run() {
        let mut rng = SplitMix64::new(3);
        let shape = Shape::random(20, 20, &mut rng);
        let mut digits = random_filling(&shape, &mut rng).expect("a filling");
        let index = RunIndex::new(&shape);
        let loose = |d: &[u8]| (0..index.runs.len()).map(|r| index.cost(r, d)).sum::<u32>();
        let before = loose(&digits);
        index.tighten(&mut digits, 5000, &mut rng);
        assert!(loose(&digits) < before);
        for i in 0..digits.len() {
            assert_eq!(shape.white[i], (1..=9).contains(&digits[i]));
            if shape.white[i] {
                for step in [1, 20] {
                    let run = shape.run_through(i, step);
                    let mut ds: Vec<u8> = run.iter().map(|&j| digits[j]).collect();
                    ds.sort_unstable();
                    ds.dedup();
                    assert_eq!(ds.len(), run.len());
                }
            }
        }
    }
}
