//! Kakuro encoding: exact counts (pinned, by formula over the corpus, and as documented in
//! `encodings/kakuro.md`) and solution counts against brute force, for every engine.
//! Forcing one run encoding on every run is tested inside the encoder
//! (`src/encode/model_tests.rs`).

use std::collections::BTreeSet;

use cagesat::puzzle::Kakuro;
use cagesat::{
    encode::{AmoEncoding, EncodeOptions, Encoding},
    Engine, EngineOptions, Grid, ParseOptions, Puzzle,
};

fn kakuro(text: &str) -> Puzzle {
    Puzzle::parse_with(text, &ParseOptions::default().path("t.kakuro"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn load(path: &str) -> Puzzle {
    kakuro(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}")))
}

fn inner(p: &Puzzle) -> &Kakuro {
    p.as_kakuro().expect("not a Kakuro")
}

fn families(enc: &Encoding) -> Vec<(String, usize, usize)> {
    enc.families()
        .iter()
        .filter(|f| f.stats.vars + f.stats.clauses > 0)
        .map(|f| (f.name.to_string(), f.stats.vars, f.stats.clauses))
        .collect()
}

const TWO_SOLUTIONS: &str = "#  3\\ 3\\\n\\3  .  .\n\\3  .  .\n";
const EIGHT_SOLUTIONS: &str = "#  10\\ 10\\\n\\10  .  .\n\\10  .  .\n";

#[test]
fn pinned_counts_for_tiny_puzzles() {
    let owned = |v: &[(&str, usize, usize)]| {
        v.iter()
            .map(|&(n, a, b)| (n.to_string(), a, b))
            .collect::<Vec<_>>()
    };
    // Four Fixed runs {1,2}.
    let enc = kakuro(TWO_SOLUTIONS)
        .encode(&EncodeOptions::default())
        .unwrap();
    assert_eq!(
        families(&enc),
        owned(&[
            ("cell", 0, 148),
            ("run-amo", 0, 8),
            ("run-prune", 0, 56),
            ("run-must", 0, 8)
        ])
    );
    assert_eq!((enc.stats().vars, enc.stats().clauses), (36, 220));
    // Four Pair runs with U = {1,2,3,4,6,7,8,9}.
    let enc = kakuro(EIGHT_SOLUTIONS)
        .encode(&EncodeOptions::default())
        .unwrap();
    assert_eq!(
        families(&enc),
        owned(&[
            ("cell", 0, 148),
            ("run-amo", 0, 32),
            ("run-prune", 0, 8),
            ("run-pair", 0, 64)
        ])
    );
}

/// The combinations of a run by brute force over all 512 digit sets: `(m, |U|, |I|)`.
fn combo_shape(k: usize, sum: u32) -> (usize, usize, usize) {
    let sets: Vec<u16> = (0u16..512)
        .filter(|m| m.count_ones() as usize == k)
        .filter(|m| {
            (0..9)
                .filter(|b| m >> b & 1 == 1)
                .map(|b| b + 1)
                .sum::<u32>()
                == sum
        })
        .collect();
    let union = sets.iter().fold(0, |a, s| a | s);
    let common = sets.iter().fold(0x1ff, |a, s| a & s);
    (
        sets.len(),
        union.count_ones() as usize,
        common.count_ones() as usize,
    )
}

/// The count formulas of `encodings/kakuro.md`, summed over a puzzle's cells and runs.
fn formula_counts(k: &Kakuro) -> Vec<(String, usize, usize)> {
    let mut t = [[0usize; 2]; 10];
    t[0][1] = 37 * k.white_cells().len();
    for run in k.runs() {
        let n = run.cells.len();
        let (m, u, i) = combo_shape(n, u32::from(run.sum));
        t[1][1] += u * n * (n - 1) / 2;
        t[2][1] += n * (9 - u);
        t[3][1] += i;
        if m == 1 {
            continue;
        }
        if n == 2 {
            t[4][1] += 2 * u;
            continue;
        }
        t[5][0] += m;
        t[5][1] += n * m;
        t[6][1] += m * (n - i);
        t[7][1] += 1;
        t[8][1] += n * (u - i);
        t[9][1] += u - i;
    }
    let names = [
        "cell",
        "run-amo",
        "run-prune",
        "run-must",
        "run-pair",
        "run-select",
        "run-cover",
        "run-some",
        "run-support",
        "run-need",
    ];
    names
        .iter()
        .zip(t)
        .filter(|(_, [v, c])| v + c > 0)
        .map(|(n, [v, c])| (n.to_string(), v, c))
        .collect()
}

#[test]
fn count_formulas_hold_over_the_corpus() {
    let mut files: Vec<String> = ["tests/data/kakuro", "tests/data/kakuro/generated"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "kakuro"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    assert_eq!(files.len(), 13);
    for path in files {
        let p = load(&path);
        let enc = p.encode(&EncodeOptions::default()).unwrap();
        assert_eq!(families(&enc), formula_counts(inner(&p)), "{path}");
        let total: usize = enc.families().iter().map(|f| f.stats.clauses).sum();
        assert_eq!(total, enc.stats().clauses, "{path}");
    }
}

#[test]
fn documented_worked_counts_match() {
    let doc = std::fs::read_to_string("encodings/kakuro.md").unwrap();
    let section = doc
        .split("## Worked counts: `")
        .nth(1)
        .expect("worked-counts section");
    let sample = section.split('`').next().unwrap();
    let mut documented = Vec::new();
    let mut total = None;
    for line in section.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 5 {
            continue;
        }
        let (Ok(vars), Ok(clauses)) = (cells[2].parse::<usize>(), cells[3].parse::<usize>()) else {
            continue;
        };
        match cells[1].strip_prefix('`').and_then(|n| n.strip_suffix('`')) {
            Some(name) => documented.push((name.to_string(), vars, clauses)),
            None if cells[1] == "total" => total = Some((vars, clauses)),
            None => {}
        }
    }
    let enc = load(sample).encode(&EncodeOptions::default()).unwrap();
    assert_eq!(documented, families(&enc), "{sample}");
    assert_eq!(total, Some((enc.stats().vars, enc.stats().clauses)));
}

/// Every filling of the white cells with 1..=9 that the independent checker accepts.
fn brute_force(p: &Puzzle) -> BTreeSet<Vec<Vec<u8>>> {
    let k = inner(p);
    let white = k.white_cells();
    assert!(white.len() <= 6, "too many cells for brute force");
    let mut grid = Grid::filled(k.rows(), k.cols(), 0u8);
    let mut out = BTreeSet::new();
    for code in 0..9usize.pow(white.len() as u32) {
        let mut c = code;
        for &cell in white {
            grid.set(cell, (c % 9) as u8 + 1);
            c /= 9;
        }
        if p.verify(&grid).is_ok() {
            let _ = out.insert(grid.to_rows());
        }
    }
    out
}

/// Every solution `engine` finds (verified and distinct inside the engine layer), with
/// the complete flag checked.
fn enumerate(engine: &Engine, p: &Puzzle, opts: &EngineOptions) -> BTreeSet<Vec<Vec<u8>>> {
    let mut out = BTreeSet::new();
    let (count, _) = engine
        .enumerate(p, opts, None, |grid| {
            p.verify(grid).unwrap();
            assert!(out.insert(grid.to_rows()), "solution repeated");
        })
        .unwrap();
    assert!(count.complete);
    assert_eq!(count.count, out.len() as u64);
    out
}

fn cross_check(text: &str, expected: usize) {
    let p = kakuro(text);
    let want = brute_force(&p);
    assert_eq!(want.len(), expected, "brute force count for\n{text}");
    for amo in [AmoEncoding::Auto, AmoEncoding::Sequential] {
        let opts = EngineOptions {
            encode: {
                let mut opts = EncodeOptions::default();
                opts.amo = amo;
                opts
            },
            ..EngineOptions::default()
        };
        for engine in Engine::builtin() {
            let name = engine.name();
            assert_eq!(
                enumerate(&engine, &p, &opts),
                want,
                "{name} {amo:?}\n{text}"
            );
        }
    }
}

#[test]
fn solution_counts_match_brute_force() {
    cross_check(TWO_SOLUTIONS, 2);
    cross_check(EIGHT_SOLUTIONS, 8);
    cross_check("#  4\\ 3\\\n\\3  .  .\n\\4  .  .\n", 1);
    cross_check("#  4\\ 4\\\n\\3  .  .\n\\5  .  .\n", 0);
    // Across runs of 3 (selectors), down runs of 2 (pairs).
    cross_check("#  7\\ 8\\ 9\\\n\\12  .  .  .\n\\12  .  .  .\n", 16);
    // Down runs of 3 (fixed, selectors), across runs of 2 (fixed, pairs).
    cross_check("#  6\\ 9\\\n\\4  .  .\n\\5  .  .\n\\6  .  .\n", 2);
}
