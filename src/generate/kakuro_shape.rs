//! # Kakuro shapes: which squares are white
//!
//! A shape is a `rows`×`cols` grid of white and black squares. Row 0 and column 0 are the
//! frame (always black: they hold the clues of the first runs). Inside the frame, black
//! squares are drawn at random with 180° symmetry (square `(r, c)` and `(rows − r, cols − c)`
//! are both white or both black, as in Kakuro books), and then fixed up until the shape
//! obeys the *shape rules*:
//!
//! 1. every maximal run of white squares, across and down, has 2..=9 squares (a run of one
//!    square is blackened, a run longer than nine is split by a black square placed so that
//!    both parts keep at least two squares when the run allows it);
//! 2. the shape stays 180° symmetric (every fix blackens a square and its mirror image);
//! 3. after the first draw, only the largest edge-connected group of white squares and its
//!    mirror image are kept.
//!
//! Blackening ([`Shape::blacken`]) applies the same fixes, so the rules hold after every
//! repair of the generator as well. Connectivity (rule 3) is not kept by later repairs.

use crate::generate::latin::shuffle;
use crate::puzzle::kakuro::MAX_RUN;
use crate::rng::SplitMix64;

/// Per mille of inner squares drawn black before the fixes.
const BLACK_PER_MILLE: u64 = 200;

/// A Kakuro shape (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Rows, frame included.
    pub rows: usize,
    /// Columns, frame included.
    pub cols: usize,
    /// Whether each square (row-major) is white.
    pub white: Vec<bool>,
}

/// The two run directions as steps in row-major indices: across (1) and down (`cols`).
fn steps(cols: usize) -> [usize; 2] {
    [1, cols]
}

impl Shape {
    /// A random shape obeying the shape rules (possibly with no white square at all).
    pub(crate) fn random(rows: usize, cols: usize, rng: &mut SplitMix64) -> Self {
        let mut shape = Shape {
            rows,
            cols,
            white: vec![false; rows * cols],
        };
        for i in 0..rows * cols {
            let m = shape.mirror(i);
            if shape.inner(i) && i <= m {
                let w = rng.below(1000) >= BLACK_PER_MILLE;
                shape.white[i] = w;
                shape.white[m] = w;
            }
        }
        let _ = shape.fix(rng);
        shape.keep_largest_group();
        let _ = shape.fix(rng);
        shape
    }

    /// True inside the frame.
    fn inner(&self, i: usize) -> bool {
        i / self.cols > 0 && i % self.cols > 0
    }

    /// The square's mirror image under 180° rotation of the inner part.
    pub(crate) fn mirror(&self, i: usize) -> usize {
        let (r, c) = (i / self.cols, i % self.cols);
        if r == 0 || c == 0 {
            return i;
        }
        (self.rows - r) * self.cols + (self.cols - c)
    }

    /// Number of white squares.
    pub(crate) fn white_count(&self) -> usize {
        self.white.iter().filter(|&&w| w).count()
    }

    /// The maximal white run through white square `i` in direction `step` (1 or `cols`),
    /// in order.
    pub(crate) fn run_through(&self, i: usize, step: usize) -> Vec<usize> {
        let mut start = i;
        while start >= step && self.white[start - step] && self.same_line(start - step, i, step) {
            start -= step;
        }
        let mut run = vec![start];
        let mut at = start;
        while at + step < self.white.len()
            && self.white[at + step]
            && self.same_line(at + step, i, step)
        {
            at += step;
            run.push(at);
        }
        run
    }

    /// Whether `a` and `b` are on the same row (step 1) or column (step `cols`).
    fn same_line(&self, a: usize, b: usize, step: usize) -> bool {
        if step == 1 {
            a / self.cols == b / self.cols
        } else {
            a % self.cols == b % self.cols
        }
    }

    /// Blackens square `i` and its mirror image, then fixes the shape up again; returns every
    /// square blackened (with `i` first), none when `i` was not white.
    pub(crate) fn blacken(&mut self, i: usize, rng: &mut SplitMix64) -> Vec<usize> {
        if !self.white[i] {
            return Vec::new();
        }
        let mut out = self.set_black(i);
        out.extend(self.fix(rng));
        out
    }

    /// Blackens `i` and its mirror; returns the squares that changed.
    fn set_black(&mut self, i: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(2);
        for j in [i, self.mirror(i)] {
            if self.white[j] {
                self.white[j] = false;
                out.push(j);
            }
        }
        out
    }

    /// Applies the fixes of the shape rules until none applies; returns the squares
    /// blackened.
    fn fix(&mut self, rng: &mut SplitMix64) -> Vec<usize> {
        let mut out = Vec::new();
        loop {
            let mut changed = false;
            for i in 0..self.white.len() {
                if !self.white[i] {
                    continue;
                }
                for step in steps(self.cols) {
                    let run = self.run_through(i, step);
                    let cut = match run.len() {
                        1 => Some(i),
                        len if len > MAX_RUN => Some(run[split_point(len, rng)]),
                        _ => None,
                    };
                    if let Some(j) = cut {
                        out.extend(self.set_black(j));
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return out;
            }
        }
    }

    /// Blackens every white square outside the largest edge-connected white group and its
    /// mirror image (the first largest in row-major order).
    fn keep_largest_group(&mut self) {
        let mut group = vec![usize::MAX; self.white.len()];
        let mut sizes = Vec::new();
        for s in 0..self.white.len() {
            if !self.white[s] || group[s] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            group[s] = id;
            let mut stack = vec![s];
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                for j in self.neighbours(i) {
                    if self.white[j] && group[j] == usize::MAX {
                        group[j] = id;
                        stack.push(j);
                    }
                }
            }
            sizes.push(size);
        }
        let Some(best) = (0..sizes.len()).max_by_key(|&g| (sizes[g], usize::MAX - g)) else {
            return;
        };
        for i in 0..self.white.len() {
            let keep = group[i] == best || group[self.mirror(i)] == best;
            if self.white[i] && !keep {
                self.white[i] = false;
            }
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.cols, i % self.cols);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(i - self.cols);
        }
        if r + 1 < self.rows {
            out.push(i + self.cols);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < self.cols {
            out.push(i + 1);
        }
        out
    }
}

/// Where to cut a run of `len` > 9 squares: a position leaving at least two squares on each
/// side and at most nine on the left.
fn split_point(len: usize, rng: &mut SplitMix64) -> usize {
    let lo = 2;
    let hi = (len - 3).min(MAX_RUN);
    let mut options: Vec<usize> = (lo..=hi).collect();
    shuffle(rng, &mut options);
    options.first().copied().unwrap_or(len / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every white square's runs have 2..=9 squares, and the shape is symmetric.
    fn obeys_rules(s: &Shape) -> bool {
        (0..s.white.len()).filter(|&i| s.white[i]).all(|i| {
            s.white[s.mirror(i)]
                && steps(s.cols)
                    .iter()
                    .all(|&st| (2..=MAX_RUN).contains(&s.run_through(i, st).len()))
        }) && (0..s.cols).all(|c| !s.white[c])
            && (0..s.rows).all(|r| !s.white[r * s.cols])
    }

    #[test]
    fn random_shapes_obey_the_rules_and_blackening_keeps_them() {
        for (rows, cols, seed) in [(3, 3, 1), (5, 7, 2), (12, 12, 3), (30, 30, 4), (8, 31, 5)] {
            let mut rng = SplitMix64::new(seed);
            let mut s = Shape::random(rows, cols, &mut rng);
            assert!(obeys_rules(&s), "{rows}x{cols}");
            while let Some(i) = (0..s.white.len()).find(|&i| s.white[i]) {
                let gone = s.blacken(i, &mut rng);
                assert_eq!(gone.first(), Some(&i));
                assert!(obeys_rules(&s), "{rows}x{cols}");
            }
        }
    }

    #[test]
    fn long_runs_are_split() {
        let mut rng = SplitMix64::new(7);
        assert!((2..=9).contains(&split_point(12, &mut rng)));
        let mut s = Shape {
            rows: 3,
            cols: 14,
            white: vec![false; 42],
        };
        for c in 1..14 {
            s.white[14 + c] = true;
            s.white[28 + c] = true;
        }
        let _ = s.fix(&mut rng);
        assert!(obeys_rules(&s));
    }
}
