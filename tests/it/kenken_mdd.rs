//! KenKen cages as layered automata (`--encoding mdd`, and `auto` for huge `+`/`*` cages):
//! same solutions as the tuple encoding on the corpus, exact counts, and cages far beyond the
//! tuple limit.

use crate::common;

use cagesat::puzzle::{Cage, KenKen, Op};
use cagesat::{
    encode::{ConstraintEncoding, EncodeError, EncodeOptions},
    Cell, Engine, EngineOptions, Outcome, Puzzle,
};

fn opts(constraint: ConstraintEncoding) -> EncodeOptions {
    EncodeOptions::default().with_constraint(constraint)
}

fn engine_opts(constraint: ConstraintEncoding) -> EngineOptions {
    EngineOptions {
        encode: opts(constraint),
        ..EngineOptions::default()
    }
}

/// Solves with varisat under `constraint`, uniqueness checked.
fn solve_with(puzzle: &Puzzle, constraint: ConstraintEncoding) -> Outcome {
    Engine::Varisat
        .prove_unique(puzzle, &engine_opts(constraint))
        .unwrap()
        .0
}

#[test]
fn forced_automata_agree_with_tables_on_the_corpus() {
    let mut checked = 0;
    for dir in ["norvig", "wolfram", "keen", "public"] {
        for e in std::fs::read_dir(format!("tests/data/kenken/{dir}")).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_none_or(|x| x != "kenken") {
                continue;
            }
            let p = common::load(path.to_str().unwrap());
            let mdd = solve_with(&p, ConstraintEncoding::Mdd);
            assert_eq!(
                mdd,
                solve_with(&p, ConstraintEncoding::Tuples),
                "{}",
                path.display()
            );
            assert!(matches!(
                mdd,
                Outcome::Solved {
                    unique: Some(true),
                    ..
                }
            ));
            checked += 1;
        }
    }
    assert_eq!(checked, 120);
}

fn row_cages(n: usize, op: Op, target: u64, rows: std::ops::Range<usize>) -> Vec<Cage> {
    rows.map(|r| Cage {
        op,
        target,
        cells: (0..n).map(|c| Cell::new(r as u8, c as u8)).collect(),
    })
    .collect()
}

#[test]
fn automata_count_exactly() {
    // Every row a '+' cage (10) or a '*' cage (24): all 576 Latin squares of order 4.
    for (op, target) in [(Op::Add, 10), (Op::Mul, 24)] {
        let k = KenKen::new(4, row_cages(4, op, target, 0..4), true).unwrap();
        let p = Puzzle::KenKen(k);
        for c in [
            ConstraintEncoding::Mdd,
            ConstraintEncoding::Tuples,
            ConstraintEncoding::Auto,
        ] {
            let (count, _) = Engine::Varisat.count(&p, &engine_opts(c), None).unwrap();
            assert_eq!((count.count, count.complete), (576, true), "{op:?} {c:?}");
        }
    }
}

#[test]
fn huge_cages_use_automata_under_auto() {
    // 12x12: rows A..K are single 12-cell '+' cages (12! fillings each, far beyond the tuple
    // limit); row L is twelve givens. Only the automaton can write this.
    let n = 12;
    let mut cages = row_cages(n, Op::Add, 78, 0..n - 1);
    let last: Vec<u64> = (1..=n as u64).rev().collect();
    for (c, &v) in last.iter().enumerate() {
        cages.push(Cage {
            op: Op::Given,
            target: v,
            cells: vec![Cell::new((n - 1) as u8, c as u8)],
        });
    }
    let p = Puzzle::KenKen(KenKen::new(n, cages, true).unwrap());
    let enc = p.encode(&opts(ConstraintEncoding::Auto)).unwrap();
    assert!(enc.family("cage-mdd").vars > 0);
    assert!(matches!(
        p.encode(&opts(ConstraintEncoding::Tuples)),
        Err(EncodeError::Tuples(_))
    ));
    let (outcome, _) = Engine::Varisat
        .solve(&p, &EngineOptions::default())
        .unwrap();
    let Outcome::Solved { grid, .. } = outcome else {
        panic!("solvable: any Latin square with that last row");
    };
    assert_eq!(
        grid.to_rows()[n - 1],
        last.iter().map(|&v| v as u8).collect::<Vec<_>>()
    );
}

#[test]
fn an_impossible_giant_cage_is_a_quick_clear_error() {
    // One '+' cage over all 676 cells of a 26x26: its automaton would have hundreds of
    // thousands of nodes. That is an error naming the cage, not a 22-million-clause formula.
    let cells: Vec<Cell> = (0..26u8)
        .flat_map(|r| (0..26u8).map(move |c| Cell::new(r, c)))
        .collect();
    let k = KenKen::new(
        26,
        vec![Cage {
            op: Op::Add,
            target: 1000,
            cells,
        }],
        false,
    )
    .unwrap();
    let p = Puzzle::KenKen(k);
    let e = p.encode(&opts(ConstraintEncoding::Auto)).unwrap_err();
    // The message names the cage; its source says what went wrong (printed once each).
    let mut chain = vec![e.to_string()];
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        chain.push(s.to_string());
        source = s.source();
    }
    assert_eq!(
        chain.join(": "),
        "cage 1000+ at A1 (676 cells): layered automaton has more than 100000 nodes (at layer 127)"
    );
    let e = p.encode(&opts(ConstraintEncoding::Tuples)).unwrap_err();
    assert!(matches!(e, EncodeError::Tuples(_)), "{e}");
}
