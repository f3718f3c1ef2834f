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
    killer_in(rng, grid, "boxes 3x3\n", (max, drop, givens))
}

/// A Killer over `grid` (any size) with the header lines `extra` after its size: cages of up
/// to `max` cells, one in `drop` left out, `givens` cells given.
fn killer_in(
    rng: &mut Rng,
    grid: &[Vec<u8>],
    extra: &str,
    (max, drop, givens): (usize, usize, usize),
) -> String {
    let n = grid.len();
    let mut cage = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
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
            let (r, c) = (from / n, from % n);
            let next = match rng.below(4) {
                0 if r > 0 => from - n,
                1 if r < n - 1 => from + n,
                2 if c > 0 => from - 1,
                3 if c < n - 1 => from + 1,
                _ => continue,
            };
            let digit = |i: usize| grid[i / n][i % n];
            if cage[next] == usize::MAX && cells.iter().all(|&x| digit(x) != digit(next)) {
                cage[next] = id;
                cells.push(next);
            } else if rng.below(8) == 0 {
                break;
            }
        }
        cages.push(cells);
    }
    let mut text = format!("size {n}\n{extra}");
    for cells in &cages {
        if rng.below(drop) == 0 {
            continue;
        }
        let sum: u32 = cells.iter().map(|&i| u32::from(grid[i / n][i % n])).sum();
        let names: Vec<String> = cells.iter().map(|&i| label(i / n, i % n)).collect();
        text += &format!("{sum} {}\n", names.join(" "));
    }
    for _ in 0..givens {
        let i = rng.below(n * n);
        text += &format!("{} = {}\n", grid[i / n][i % n], label(i / n, i % n));
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

/// A random `n×n` solution grid with boxes of `h` rows and `n / h` columns (a pattern with
/// its digits permuted, and its rows permuted within their bands).
fn small_solution(rng: &mut Rng, n: usize, h: usize) -> Vec<Vec<u8>> {
    let w = n / h;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..w {
        let mut rs: Vec<usize> = (band * h..band * h + h).collect();
        rng.shuffle(&mut rs);
        rows.extend(rs);
    }
    rows.iter()
        .map(|&r| {
            (0..n)
                .map(|c| digits[(w * (r % h) + r / h + c) % n])
                .collect()
        })
        .collect()
}

/// The rules the Killer search adds (hidden cages: a house against a cage with one cell
/// outside it; a cage's digits the rest of its house cannot take) never change a count:
/// Killers with no solution (a cage's sum off by one, diagonals the grid breaks), one, and
/// several, on 4×4, 6×6 and 9×9 grids and Killer X, counted alike by both engines.
#[test]
fn killers_with_none_one_or_several_solutions_count_alike_on_every_shape() {
    let mut rng = Rng(0x5eed_3839);
    let (mut none, mut one, mut several) = (0, 0, 0);
    for i in 0..36 {
        let (grid, header) = match i % 4 {
            0 => (small_solution(&mut rng, 4, 2), "boxes 2x2\n"),
            1 => (small_solution(&mut rng, 6, 2), "boxes 2x3\n"),
            2 => (solution(&mut rng), "boxes 3x3\ndiagonals\n"),
            _ => (solution(&mut rng), "boxes 3x3\n"),
        };
        let shape = (2 + i % 4, 2 + i % 3, i % 2);
        let mut text = killer_in(&mut rng, &grid, header, shape);
        if i % 3 == 0 {
            text = bump_a_sum(&text, grid.len() as u32);
        }
        match agree(&text, "t.killer") {
            0 => none += 1,
            1 => one += 1,
            _ => several += 1,
        }
    }
    assert!(
        none >= 4 && one >= 4 && several >= 4,
        "{none} none, {one} one, {several} several"
    );
}

/// `text` with the first cage whose sum can change by one (within what its digits allow)
/// one more, or one less when at its largest: most such Killers have no solution.
fn bump_a_sum(text: &str, n: u32) -> String {
    let mut done = false;
    let mut out = String::new();
    for line in text.lines() {
        let mut words = line.split(' ');
        let sum = words.next().and_then(|w| w.parse::<u32>().ok());
        let k = words.clone().count() as u32;
        let (min, max) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
        match sum {
            Some(sum) if !done && !line.contains('=') && min < max => {
                let new = if sum < max { sum + 1 } else { sum - 1 };
                out += &format!("{new} {}\n", words.collect::<Vec<_>>().join(" "));
                done = true;
            }
            _ => out += &format!("{line}\n"),
        }
    }
    out
}
