//! # The KenKen generator beside Keen: grades, givens, cages, operators
//!
//! For each size and level, generates `COUNT` KenKen with `--difficulty LEVEL` (seeds
//! 1..=COUNT, default parameters otherwise), proves each unique again with two engines
//! (varisat and native, through the public API), grades it, and tabulates the grade
//! distribution, givens, cage sizes and operator mix beside Keen's puzzles of the same level
//! (game IDs from `sgt-keen --generate COUNT 6de`, one file per size and level in KEEN_DIR,
//! named `6de.txt` etc.; a missing file leaves Keen's row out). Exits non-zero when a
//! generated puzzle is not unique by both engines or not graded exactly the level asked.
//!
//! `cargo run --release --example generator_table -- COUNT KEEN_DIR` (or
//! `benches/generator_table.sh`, which also runs Keen).

use std::error::Error;
use std::fmt::Write;
use std::time::Instant;

use cagesat::generate::{generate_kenken, KenKenParams, SplitMix64};
use cagesat::grade::{KeenDifficulty, Level, Scale};
use cagesat::puzzle::{KenKen, Op};
use cagesat::{Engine, EngineOptions, Outcome, Puzzle};

/// What one row of the table counts.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    grades: [usize; Level::ALL.len()],
    givens: usize,
    cages: usize,
    cells_in_cages: usize,
    /// Cage sizes 1, 2, 3, 4, 5, 6+.
    sizes: [usize; 6],
    /// `+ - * / =`.
    ops: [usize; 5],
    unique_both: usize,
}

impl Tally {
    fn add(&mut self, k: &KenKen, level: Option<Level>) {
        self.puzzles += 1;
        if let Some(l) = level {
            self.grades[l as usize] += 1;
        }
        for cage in k.cages() {
            let len = cage.cells.len();
            self.cages += 1;
            self.cells_in_cages += len;
            self.sizes[len.clamp(1, 6) - 1] += 1;
            let op = match cage.effective_op() {
                Op::Add => 0,
                Op::Sub => 1,
                Op::Mul => 2,
                Op::Div => 3,
                _ => 4,
            };
            self.ops[op] += 1;
            if len == 1 {
                self.givens += 1;
            }
        }
    }

    fn row(&self, who: &str, size: usize, level: &str, secs: Option<f64>) -> String {
        let pct = |x: usize| 100.0 * x as f64 / self.cages.max(1) as f64;
        let join = |xs: &[usize]| {
            xs.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("/")
        };
        let mut s = format!(
            "| {who} | {size}×{size} | {level} | {} | {} | {} | {:.2} | {} | ",
            self.puzzles,
            join(&self.grades),
            self.givens,
            self.cells_in_cages as f64 / self.cages.max(1) as f64,
            join(&self.sizes),
        );
        let _ = write!(
            s,
            "{:.0}/{:.0}/{:.0}/{:.0}/{:.0} | ",
            pct(self.ops[0]),
            pct(self.ops[1]),
            pct(self.ops[2]),
            pct(self.ops[3]),
            pct(self.ops[4])
        );
        match secs {
            Some(t) => {
                let _ = write!(s, "{} | {t:.1} |", self.unique_both);
            }
            None => s.push_str("– | – |"),
        }
        s
    }
}

fn grade_of(p: &Puzzle) -> Result<Option<Level>, Box<dyn Error>> {
    let g = p.grade()?;
    if g.scale == Scale::Cages {
        Ok(g.level)
    } else {
        Err("not a KenKen".into())
    }
}

fn unique_by(engine: Engine, p: &Puzzle) -> Result<bool, Box<dyn Error>> {
    let (outcome, _) = engine.prove_unique(p, &EngineOptions::default())?;
    Ok(matches!(
        outcome,
        Outcome::Solved {
            unique: Some(true),
            ..
        }
    ))
}

fn generated(size: usize, level: Level, count: u64) -> Result<String, Box<dyn Error>> {
    let mut tally = Tally::default();
    let start = Instant::now();
    let params = KenKenParams {
        difficulty: Some(level),
        ..KenKenParams::new(size)
    };
    for seed in 1..=count {
        let g = generate_kenken(&params, &mut SplitMix64::new(seed))?;
        let p = Puzzle::KenKen(g.puzzle.clone());
        let graded = grade_of(&p)?;
        if graded != Some(level) {
            return Err(
                format!("{size}x{size} seed {seed}: graded {graded:?}, asked {level}").into(),
            );
        }
        if unique_by(Engine::Varisat, &p)? && unique_by(Engine::Native, &p)? {
            tally.unique_both += 1;
        } else {
            return Err(format!("{size}x{size} seed {seed}: not unique by both engines").into());
        }
        tally.add(&g.puzzle, graded);
    }
    let secs = start.elapsed().as_secs_f64();
    Ok(tally.row("cagesat", size, level.name(), Some(secs)))
}

fn keen(size: usize, d: KeenDifficulty, dir: &str) -> Result<Option<String>, Box<dyn Error>> {
    let letter = &d.name()[..1];
    let letter = if d == KeenDifficulty::Extreme {
        "x"
    } else {
        letter
    };
    let path = format!("{dir}/{size}d{letter}.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(None);
    };
    let mut tally = Tally::default();
    for id in text.lines().filter(|l| !l.trim().is_empty()) {
        let p = Puzzle::parse(id.trim())?;
        let Puzzle::KenKen(k) = &p else {
            return Err(format!("{path}: not a KenKen").into());
        };
        tally.add(k, grade_of(&p)?);
    }
    Ok(Some(tally.row("Keen", size, d.name(), None)))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().map_or(Ok(100), |a| a.parse())?;
    let dir = args.next().unwrap_or_else(|| "target/keen".into());
    println!(
        "| source | size | level | puzzles | grades s/sub/gac/box/sac/search | givens | mean cage \
         | cages of 1/2/3/4/5/6+ | % + / − / × / ÷ / = | unique (2 engines) | seconds |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for size in [6, 9] {
        for d in KeenDifficulty::ALL {
            let level = d.level();
            println!("{}", generated(size, level, count)?);
            if let Some(row) = keen(size, d, &dir)? {
                println!("{row}");
            }
        }
    }
    Ok(())
}
