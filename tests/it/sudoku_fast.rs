//! The native fast path for grids of houses alone (`src/model/latin/`: classic Sudoku,
//! Sudoku X, sides 4, 6 and 9) against varisat, on solution counts capped at three, over
//! seeded random puzzles with none, one and several solutions: givens cut from a random
//! solution grid, or drawn at random without breaking a house (most of those have no
//! solution). Every grid the native engine reports is checked by the independent verifier.

use crate::native_vs_cdcl::Rng;
use cagesat::{Engine, EngineOptions, ParseOptions, Puzzle};

/// Counts stop here.
const LIMIT: u64 = 3;

/// The side of a grid and its box (rows, columns).
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    boxes: (usize, usize),
    diagonals: bool,
}

impl Shape {
    /// Whether cells `a` and `b` (row-major numbers) share a house.
    fn peers(self, a: usize, b: usize) -> bool {
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        let (h, w) = self.boxes;
        let same_box = ra / h == rb / h && ca / w == cb / w;
        let diag =
            self.diagonals && ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1));
        ra == rb || ca == cb || same_box || diag
    }

    /// A solution grid, found by a randomised depth-first fill.
    fn solution(self, rng: &mut Rng) -> Vec<u8> {
        let mut grid = vec![0u8; self.n * self.n];
        assert!(
            self.fill(rng, &mut grid, 0),
            "every shape here has a solution"
        );
        grid
    }

    fn fill(self, rng: &mut Rng, grid: &mut [u8], at: usize) -> bool {
        if at == grid.len() {
            return true;
        }
        let mut digits: Vec<u8> = (1..=self.n as u8).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if (0..at).all(|b| grid[b] != d || !self.peers(at, b)) {
                grid[at] = d;
                if self.fill(rng, grid, at + 1) {
                    return true;
                }
            }
        }
        grid[at] = 0;
        false
    }

    /// `givens` squares of `grid` given.
    fn cut(self, rng: &mut Rng, grid: &[u8], givens: usize) -> Vec<u8> {
        let mut cells: Vec<usize> = (0..grid.len()).collect();
        rng.shuffle(&mut cells);
        let mut out = vec![0; grid.len()];
        for &i in &cells[..givens] {
            out[i] = grid[i];
        }
        out
    }

    /// Up to `givens` random digits, none repeating in a house.
    fn random(self, rng: &mut Rng, givens: usize) -> Vec<u8> {
        let mut out = vec![0u8; self.n * self.n];
        for _ in 0..givens {
            let (i, d) = (rng.below(out.len()), 1 + rng.below(self.n) as u8);
            if out[i] == 0 && (0..out.len()).all(|b| out[b] != d || !self.peers(i, b)) {
                out[i] = d;
            }
        }
        out
    }

    /// The puzzle as a grid of rows, after `diagonals` for an X variant.
    fn text(self, givens: &[u8]) -> String {
        let mut text = if self.diagonals { "diagonals\n" } else { "" }.to_string();
        for row in givens.chunks(self.n) {
            text.extend(
                row.iter()
                    .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }),
            );
            text.push('\n');
        }
        text
    }
}

/// The counts of the native engine and varisat, which must agree; every native grid passes
/// the verifier and holds the givens.
fn agree(shape: Shape, givens: &[u8]) -> u64 {
    let text = shape.text(givens);
    let puzzle = Puzzle::parse_with(&text, &ParseOptions::default().path("t.sudoku"))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let opts = EngineOptions::default();
    let mut grids = Vec::new();
    let (native, _) = Engine::Native
        .enumerate(&puzzle, &opts, Some(LIMIT), |g| grids.push(g.clone()))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    for g in &grids {
        puzzle.verify(g).unwrap_or_else(|e| panic!("{e}\n{text}"));
        for (i, &d) in givens.iter().enumerate() {
            if d != 0 {
                assert_eq!(g.to_rows()[i / shape.n][i % shape.n], d, "{text}");
            }
        }
    }
    assert_eq!(grids.len() as u64, native.count, "{text}");
    let (cdcl, _) = Engine::Varisat
        .count(&puzzle, &opts, Some(LIMIT))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        (native.count, native.complete),
        (cdcl.count, cdcl.complete),
        "{text}"
    );
    native.count
}

/// Runs `rounds` puzzles of `shape`, cut and random in turn; returns how many had no,
/// one and several solutions.
fn rounds(shape: Shape, seed: u64, rounds: usize, clues: (usize, usize)) -> [usize; 3] {
    let mut rng = Rng(seed);
    let mut seen = [0; 3];
    for i in 0..rounds {
        let (lo, spread) = clues;
        let count = if i % 2 == 0 {
            let grid = shape.solution(&mut rng);
            // A third more givens than the random ones: most of these have one solution.
            let givens = (lo + i % spread) * 4 / 3;
            let count = agree(shape, &shape.cut(&mut rng, &grid, givens.min(grid.len())));
            assert!(count >= 1, "cut from a solution grid");
            count
        } else {
            agree(shape, &shape.random(&mut rng, lo + i % spread))
        };
        seen[usize::try_from(count.min(2)).expect("small")] += 1;
    }
    seen
}

#[test]
fn classic_9x9_counts_alike_on_native_and_varisat() {
    let shape = Shape {
        n: 9,
        boxes: (3, 3),
        diagonals: false,
    };
    let [none, one, several] = rounds(shape, 0x5eed_0901, 60, (22, 24));
    assert!(
        none >= 3 && one >= 3 && several >= 3,
        "{none} {one} {several}"
    );
}

#[test]
fn sudoku_x_counts_alike_on_native_and_varisat() {
    let shape = Shape {
        n: 9,
        boxes: (3, 3),
        diagonals: true,
    };
    let [none, one, several] = rounds(shape, 0x5eed_0902, 40, (18, 24));
    assert!(none >= 2 && several >= 2, "{none} {one} {several}");
}

#[test]
fn small_sides_count_alike_on_native_and_varisat() {
    for (n, boxes, seed) in [(4, (2, 2), 0x5eed_0904), (6, (2, 3), 0x5eed_0906)] {
        let shape = Shape {
            n,
            boxes,
            diagonals: false,
        };
        let [none, one, several] = rounds(shape, seed, 40, (n, n));
        assert!(none >= 1 && several >= 1, "{n}: {none} {one} {several}");
    }
}
