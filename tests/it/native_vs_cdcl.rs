//! The native bitset search (houses, cages and the sums derived from them) against varisat,
//! on exact solution counts of seeded random 9×9 Sudokus and Killers, most with several
//! solutions: givens and cages are cut from a random solution grid, then thinned.

use cagesat::{Engine, EngineOptions, ParseOptions, Puzzle};

/// Counts stop here (both engines report the same capped count, unfinished).
const LIMIT: u64 = 60;

/// A small seeded generator (xorshift64*), so the puzzles are the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub(crate) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// 0..9 permuted within its three groups of three, the groups permuted too.
    fn bands(&mut self) -> Vec<usize> {
        let mut bands = vec![0, 1, 2];
        self.shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut rows = vec![3 * b, 3 * b + 1, 3 * b + 2];
            self.shuffle(&mut rows);
            out.extend(rows);
        }
        out
    }
}

/// A random solution grid: the pattern grid with rows, columns and digits permuted.
fn solution(rng: &mut Rng) -> Vec<Vec<u8>> {
    let (rows, cols) = (rng.bands(), rng.bands());
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    rows.iter()
        .map(|&r| {
            cols.iter()
                .map(|&c| digits[(3 * (r % 3) + r / 3 + c) % 9])
                .collect()
        })
        .collect()
}

fn label(r: usize, c: usize) -> String {
    format!("{}{}", char::from(b'A' + r as u8), c + 1)
}

/// A Sudoku with `givens` cells of `grid` given.
fn sudoku(rng: &mut Rng, grid: &[Vec<u8>], givens: usize) -> String {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut text = [b'.'; 81];
    for &i in &cells[..givens] {
        text[i] = b'0' + grid[i / 9][i % 9];
    }
    text.chunks(9)
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

/// A Killer over `grid`: the grid cut into connected cages of up to `max` cells with
/// distinct digits, of which one in `drop` is left out, and `givens` cells given.
fn killer(rng: &mut Rng, grid: &[Vec<u8>], max: usize, drop: usize, givens: usize) -> String {
    let mut cage = [usize::MAX; 81];
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for &start in &order {
        if cage[start] != usize::MAX {
            continue;
        }
        let id = cages.len();
        let mut cells = vec![start];
        cage[start] = id;
        let size = 1 + rng.below(max);
        while cells.len() < size {
            let from = cells[rng.below(cells.len())];
            let (r, c) = (from / 9, from % 9);
            let next = match rng.below(4) {
                0 if r > 0 => from - 9,
                1 if r < 8 => from + 9,
                2 if c > 0 => from - 1,
                3 if c < 8 => from + 1,
                _ => continue,
            };
            let digit = |i: usize| grid[i / 9][i % 9];
            if cage[next] == usize::MAX && cells.iter().all(|&x| digit(x) != digit(next)) {
                cage[next] = id;
                cells.push(next);
            } else if rng.below(8) == 0 {
                break;
            }
        }
        cages.push(cells);
    }
    let mut text = "size 9\n".to_string();
    for cells in &cages {
        if rng.below(drop) == 0 {
            continue;
        }
        let sum: u32 = cells.iter().map(|&i| u32::from(grid[i / 9][i % 9])).sum();
        let names: Vec<String> = cells.iter().map(|&i| label(i / 9, i % 9)).collect();
        text += &format!("{sum} {}\n", names.join(" "));
    }
    for _ in 0..givens {
        let i = rng.below(81);
        text += &format!("{} = {}\n", grid[i / 9][i % 9], label(i / 9, i % 9));
    }
    text
}

/// The counts of the native engine and varisat, which must agree.
fn agree(text: &str, ext: &str) -> u64 {
    let puzzle = Puzzle::parse_with(text, &ParseOptions::default().path(ext))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let opts = EngineOptions::default();
    let count = |e: Engine| {
        let (c, _) = e.count(&puzzle, &opts, Some(LIMIT)).unwrap();
        (c.count, c.complete)
    };
    let native = count(Engine::Native);
    assert_eq!(native, count(Engine::Varisat), "{text}");
    native.0
}

#[test]
fn random_sudokus_count_alike_on_native_and_varisat() {
    let mut rng = Rng(0x5eed_0038);
    let mut several = 0;
    for i in 0..48 {
        let grid = solution(&mut rng);
        let count = agree(&sudoku(&mut rng, &grid, 22 + i % 8), "t.sudoku");
        assert!(count >= 1, "cut from a solution grid");
        several += usize::from(count > 1);
    }
    assert!(several >= 8, "only {several} with several solutions");
}

#[test]
fn random_killers_count_alike_on_native_and_varisat() {
    let mut rng = Rng(0x5eed_3838);
    let mut several = 0;
    for i in 0..40 {
        let grid = solution(&mut rng);
        let text = killer(&mut rng, &grid, 2 + i % 4, 3 + i % 3, i % 3);
        let count = agree(&text, "t.killer");
        assert!(count >= 1, "cut from a solution grid");
        several += usize::from(count > 1);
    }
    assert!(several >= 8, "only {several} with several solutions");
}
