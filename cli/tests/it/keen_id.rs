//! Keen game IDs as input: every shipped `.keen` file reads as its `.kenken` twin and writes
//! back to the same ID; random puzzles round-trip through `keen_id`; malformed IDs fail with
//! one positioned line (exit 2 from the CLI).

use crate::common;

use std::path::Path;

use cagesat::generate::{generate_kenken, keen_id, KenKenParams, SplitMix64};
use cagesat::puzzle::{Cage, KenKen, Op};
use cagesat::{parse::parse_keen_id, Cell, Puzzle};
use common::cli::run;
use proptest::prelude::*;

/// Cages as (effective operator, target, sorted cells), sorted: equal for the same puzzle
/// whatever the cage and cell order (Keen writes a one-cell cage as `a`, a `.kenken` may say `=`).
fn canonical(k: &KenKen) -> Vec<(char, u64, Vec<Cell>)> {
    let mut cages: Vec<_> = k
        .cages()
        .iter()
        .map(|c| {
            let mut cells = c.cells.clone();
            cells.sort();
            (c.effective_op().symbol(), c.target, cells)
        })
        .collect();
    cages.sort();
    cages
}

#[test]
fn every_shipped_keen_file_reads_as_its_kenken_twin_and_round_trips() {
    let mut checked = 0;
    let mut sizes = std::collections::BTreeSet::new();
    for e in std::fs::read_dir("tests/data/kenken/keen").unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "keen") {
            continue;
        }
        let id = std::fs::read_to_string(&path).unwrap();
        let Puzzle::KenKen(from_id) = common::load(path.to_str().unwrap()) else {
            panic!("{}: not a KenKen", path.display())
        };
        let Puzzle::KenKen(twin) = common::load(path.with_extension("kenken").to_str().unwrap())
        else {
            panic!("twin is not a KenKen")
        };
        assert_eq!(canonical(&from_id), canonical(&twin), "{}", path.display());
        assert_eq!(keen_id(&from_id).as_deref(), Some(id.trim()));
        assert_eq!(parse_keen_id(&id).unwrap(), from_id);
        let sol = common::read_solution(&path.with_extension("sol")).unwrap();
        Puzzle::KenKen(from_id.clone()).verify(&sol).unwrap();
        let _ = sizes.insert(from_id.size());
        checked += 1;
    }
    assert_eq!(checked, 90);
    assert_eq!(
        sizes.into_iter().collect::<Vec<_>>(),
        vec![4, 5, 6, 7, 8, 9]
    );
}

/// A puzzle with random connected cages (up to `max_cage` cells), Keen's operators (`s`/`d`
/// only on two cells) and random targets; it need not be solvable, only well-formed.
fn random_kenken(size: usize, max_cage: usize, seed: u64) -> KenKen {
    let mut rng = SplitMix64::new(seed);
    let n = size * size;
    let mut owner: Vec<usize> = (0..n).collect();
    let mut cells: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
    for _ in 0..n * 2 {
        let a = rng.below(n as u64) as usize;
        let right = rng.below(2) == 0;
        let b = if right { a + 1 } else { a + size };
        if (right && b % size == 0) || b >= n {
            continue;
        }
        let (ca, cb) = (owner[a], owner[b]);
        if ca == cb || cells[ca].len() + cells[cb].len() > max_cage {
            continue;
        }
        let moved = std::mem::take(&mut cells[cb]);
        for &i in &moved {
            owner[i] = ca;
        }
        cells[ca].extend(moved);
    }
    let cages = cells
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|c| {
            let op = match (c.len(), rng.below(4)) {
                (2, 0) => Op::Sub,
                (2, 1) => Op::Div,
                (_, 2) => Op::Mul,
                _ => Op::Add,
            };
            let at = |i: usize| Cell::new((i / size) as u8, (i % size) as u8);
            Cage {
                op,
                target: 1 + rng.below(3000),
                cells: c.into_iter().map(at).collect(),
            }
        })
        .collect();
    KenKen::new(size, cages, true).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_cage_layouts_round_trip(size in 1usize..=9, max_cage in 1usize..=30, seed: u64) {
        let k = random_kenken(size, max_cage, seed);
        // Keen takes sides 3 to 9 ("Grid size must be between 3 and 9"): no ID below.
        if size < 3 {
            prop_assert_eq!(keen_id(&k), None);
            return Ok(());
        }
        let id = keen_id(&k).unwrap();
        let back = parse_keen_id(&id).unwrap();
        prop_assert_eq!(canonical(&back), canonical(&k));
        prop_assert_eq!(keen_id(&back).unwrap(), id);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn generated_puzzles_round_trip(size in 3usize..=7, seed: u64) {
        let params = KenKenParams { ops: vec![Op::Add, Op::Sub, Op::Mul, Op::Div], ..KenKenParams::new(size) };
        let g = generate_kenken(&params, &mut SplitMix64::new(seed)).unwrap();
        let id = keen_id(&g.puzzle).unwrap();
        let back = parse_keen_id(&id).unwrap();
        prop_assert_eq!(canonical(&back), canonical(&g.puzzle));
        Puzzle::KenKen(back).verify(&g.solution).unwrap();
    }
}

/// Runs of 25 and more non-walls (the `y`/`z` letters) only occur with huge cages.
#[test]
fn long_runs_use_y_and_z() {
    let all: Vec<Cell> = (0..81).map(|i| Cell::new(i / 9, i % 9)).collect();
    let one = KenKen::new(
        9,
        vec![Cage {
            op: Op::Add,
            target: 405,
            cells: all,
        }],
        true,
    )
    .unwrap();
    let id = keen_id(&one).unwrap();
    assert_eq!(id, "9:z5s,a405");
    assert_eq!(canonical(&parse_keen_id(&id).unwrap()), canonical(&one));
}

#[test]
fn malformed_ids_name_the_position() {
    let good = "4:a_7a__a_aaba,s2m12a6a3d2d2m3s1";
    assert!(parse_keen_id(good).is_ok());
    let cases = [
        ("", "1:1: expected the grid size at the start of the Keen game ID (N:BLOCKS,CLUES)"),
        ("x:_", "1:1: expected the grid size at the start of the Keen game ID (N:BLOCKS,CLUES)"),
        ("10:_", "1:1: grid size 10 is out of range (Keen IDs have sizes 1..=9)"),
        ("0:_", "1:1: grid size 0 is out of range (Keen IDs have sizes 1..=9)"),
        ("keen:4dq:_", "1:8: unknown difficulty 'q' (expected e, n, h, x or u after 'd')"),
        ("6dh#1234", "1:4: '#' starts a random seed, which only Keen can expand; give the game ID (N:…) instead"),
        ("4;a_7", "1:2: unexpected ';' in the parameters (expected ':' after N[dD][m])"),
        ("4:a_7A__a_aaba,s2", "1:6: unexpected 'A' in the cage structure (expected '_', a-z or a repeat count)"),
        ("4:a_0,a1", "1:5: bad repeat count '0' in the cage structure"),
        ("4:a_7a__a_aabaa,s2", "1:15: the cage structure describes more than the 24 internal edges of a 4x4 grid"),
        ("4:a_7a__a_aab,s2", "1:14: the cage structure ends after 23 of the 24 internal edges of a 4x4 grid"),
        ("4:a_7a__a_aaba", "1:15: expected ',' and the clues after the cage structure"),
        ("4:a_7a__a_aaba,s2m12a6a3d2d2m3", "1:31: 7 clues for 8 cages (the cage at D1 has none)"),
        ("4:a_7a__a_aaba,s2m12a6a3d2d2m3s1a4", "1:33: more clues than the 8 cages"),
        ("4:a_7a__a_aaba,s2m12a6a3d2d2m3s1 x", "1:33: unexpected text after the Keen game ID"),
        ("4:a_7a__a_aaba,s2x12", "1:18: unknown clue type 'x' (expected a, m, s or d)"),
        ("4:a_7a__a_aaba,s2m12a6a3d2d2mxs1", "1:29: clue 'm' has no number"),
        ("4:a_7a__a_aaba,s0", "1:17: clue target must be positive, found '0'"),
        ("4:a_7a__a_aaba,s2m99999999999999999999", "1:19: clue target '99999999999999999999' is too large"),
        ("2:a_a,d2a1", "1:7: 'd' clues need a 2-cell cage; the cage at A1 has 3 cells"),
    ];
    for (id, expected) in cases {
        let e = parse_keen_id(id).expect_err(id);
        assert_eq!(format!("{}: {}", e.pos, e.kind), expected, "{id}");
    }
}

#[test]
fn the_cli_reads_ids_as_arguments_and_files() {
    let file = "tests/data/kenken/keen/5x5-h-01.keen";
    let id = std::fs::read_to_string(file).unwrap();
    let by_file = run(["solve", "--json", file]);
    assert_eq!(by_file.code, Some(0), "{}", by_file.stderr);
    let sol = common::read_solution(&Path::new(file).with_extension("sol")).unwrap();
    assert_eq!(by_file.json()["solution"], serde_json::json!(sol.to_rows()));
    for arg in [id.trim().to_string(), format!("keen:{}", id.trim())] {
        let by_arg = run(["solve", "--json", "--unique", &arg]);
        assert_eq!(by_arg.code, Some(0), "{}", by_arg.stderr);
        assert_eq!(by_arg.json()["solution"], by_file.json()["solution"]);
        assert_eq!(by_arg.json()["unique"], true);
    }
    let bad = run(["solve", "4:a_7a__a_aaba,s2m12a6a3d2d2m3"]);
    assert_eq!(bad.code, Some(2));
    assert_eq!(
        bad.stderr,
        "<keen id>:1:31: 7 clues for 8 cages (the cage at D1 has none)\n"
    );
    let seed = run(["count", "6dh#42"]);
    assert_eq!(seed.code, Some(2));
    assert!(seed
        .stderr
        .starts_with("<keen id>:1:4: '#' starts a random seed"));
}
