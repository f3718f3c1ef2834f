//! The sums derived over several houses (`src/model/derived.rs`) are implied, never new:
//! on random 4×4 Killers the native engine (which filters them) counts exactly the grids
//! that brute force over all 288 4×4 Sudoku grids finds, and on random 9×9 Killers with
//! large cages, many left out (so most have several solutions), it counts what varisat
//! (whose CNF has no derived sums) counts. That each derived sum holds in the solution
//! the Killer was cut from is checked in the unit tests beside it.

use cagesat::{Engine, EngineOptions, ParseOptions, Puzzle};

/// Counts stop here (both engines report the same capped count, unfinished).
const LIMIT: u64 = 40;

/// A small seeded generator (xorshift64*), so the puzzles are the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// Every 4×4 Sudoku grid (boxes 2×2), row-major, by brute force.
fn all_4x4() -> Vec<[u8; 16]> {
    fn fill(i: usize, g: &mut [u8; 16], out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4 {
            let clash = (0..i).any(|j| {
                let (r2, c2) = (j / 4, j % 4);
                g[j] == d && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
            });
            if !clash {
                g[i] = d;
                fill(i + 1, g, out);
            }
        }
    }
    let mut out = Vec::new();
    fill(0, &mut [0; 16], &mut out);
    out
}

/// Cages cut from `grid` (`n`×`n`, row-major): connected, distinct digits, up to `max`
/// cells, one in `drop` left out; each as (sum, cells).
pub(crate) fn cages(
    rng: &mut Rng,
    grid: &[u8],
    n: usize,
    max: usize,
    drop: usize,
) -> Vec<(u32, Vec<usize>)> {
    let mut owner = vec![false; n * n];
    let mut out = Vec::new();
    for start in 0..n * n {
        if owner[start] {
            continue;
        }
        owner[start] = true;
        let mut cells = vec![start];
        let size = 1 + rng.below(max);
        for _ in 0..4 * size {
            if cells.len() >= size {
                break;
            }
            let from = cells[rng.below(cells.len())];
            let next = match rng.below(4) {
                0 if from >= n => from - n,
                1 if from + n < n * n => from + n,
                2 if from % n > 0 => from - 1,
                3 if from % n + 1 < n => from + 1,
                _ => continue,
            };
            if !owner[next] && cells.iter().all(|&x| grid[x] != grid[next]) {
                owner[next] = true;
                cells.push(next);
            }
        }
        if rng.below(drop) != 0 {
            out.push((cells.iter().map(|&i| u32::from(grid[i])).sum(), cells));
        }
    }
    out
}

/// The Killer text of `cages` over an `n`×`n` grid.
fn text(n: usize, cages: &[(u32, Vec<usize>)]) -> String {
    let mut t = format!("size {n}\n");
    if n == 4 {
        t += "boxes 2x2\n";
    }
    for (sum, cells) in cages {
        let names: Vec<String> = cells
            .iter()
            .map(|&i| format!("{}{}", char::from(b'A' + (i / n) as u8), i % n + 1))
            .collect();
        t += &format!("{sum} {}\n", names.join(" "));
    }
    t
}

fn native_count(text: &str, engine: Engine) -> (u64, bool) {
    let puzzle = Puzzle::parse_with(text, &ParseOptions::default().path("t.killer"))
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (c, _) = engine
        .count(&puzzle, &EngineOptions::default(), Some(LIMIT))
        .unwrap();
    (c.count, c.complete)
}

#[test]
fn native_counts_4x4_killers_as_brute_force_does() {
    let grids = all_4x4();
    assert_eq!(grids.len(), 288);
    let mut rng = Rng(0x5eed_0038_4444);
    let mut several = 0;
    for i in 0..60 {
        let grid = grids[rng.below(grids.len())];
        let cs = cages(&mut rng, &grid, 4, 2 + i % 3, 2 + i % 3);
        let brute = grids
            .iter()
            .filter(|g| {
                cs.iter()
                    .all(|(s, cells)| cells.iter().map(|&c| u32::from(g[c])).sum::<u32>() == *s)
            })
            .count() as u64;
        let t = text(4, &cs);
        assert_eq!(
            native_count(&t, Engine::Native),
            (brute.min(LIMIT), brute <= LIMIT),
            "{t}"
        );
        several += usize::from(brute > 1);
    }
    assert!(several >= 10, "only {several} with several solutions");
}

#[test]
fn native_counts_9x9_killers_with_large_cages_as_varisat_does() {
    let mut rng = Rng(0x5eed_0038_9999);
    let mut several = 0;
    for i in 0..24 {
        // A pattern grid with its digits relabelled: only the cages need to vary.
        let shift = rng.below(9);
        let grid: Vec<u8> = (0..81)
            .map(|j| ((3 * ((j / 9) % 3) + (j / 9) / 3 + j % 9 + shift) % 9 + 1) as u8)
            .collect();
        let cs = cages(&mut rng, &grid, 9, 4 + i % 4, 3 + i % 3);
        let t = text(9, &cs);
        let native = native_count(&t, Engine::Native);
        assert!(native.0 >= 1, "cut from a solution grid\n{t}");
        assert_eq!(native, native_count(&t, Engine::Varisat), "{t}");
        several += usize::from(native.0 > 1);
    }
    assert!(several >= 6, "only {several} with several solutions");
}
