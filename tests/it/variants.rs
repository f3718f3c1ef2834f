//! Variant Sudoku constraints on every engine: on 4×4 Sudokus with one or a few variants,
//! each engine (native, varisat, CaDiCaL, DPLL) finds exactly the grids of a brute force
//! over all 288 4×4 Sudoku grids that satisfy every constraint of the model by its rule's
//! own predicate (`Relation::holds`, `LineRule::holds`), so the native filters and the CNF
//! encodings of the automata and pairs agree with the rules' definitions.

use crate::common::{solutions, sorted};

use cagesat::engine::SmtSolver;
use cagesat::puzzle::{ConstraintKind, Dot, LineRule, Puzzle, Relation, RuleKind, Sudoku, Variant};
use cagesat::{Cell, Engine, EngineOptions};

fn cells(labels: &str) -> Vec<Cell> {
    labels
        .split_whitespace()
        .map(|l| Cell::parse_label(l).unwrap())
        .collect()
}

fn c(label: &str) -> Cell {
    Cell::parse_label(label).unwrap()
}

/// Every 4×4 Sudoku grid (rows, columns and 2×2 boxes distinct), by plain backtracking.
fn all_grids() -> Vec<[u8; 16]> {
    fn fill(g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4 {
            let clash = (0..16).any(|j| {
                let (r2, c2) = (j / 4, j % 4);
                j < i && g[j] == d && (r2 == r || c2 == c || (r2 / 2 == r / 2 && c2 / 2 == c / 2))
            });
            if !clash {
                g[i] = d;
                fill(g, i + 1, out);
            }
        }
        g[i] = 0;
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

/// The grids among all 288 that satisfy every variant constraint of `puzzle`'s model.
fn brute(puzzle: &Puzzle, grids: &[[u8; 16]]) -> Vec<Vec<Vec<u8>>> {
    let model = puzzle.constraints();
    let mut out: Vec<Vec<Vec<u8>>> = grids
        .iter()
        .filter(|g| {
            model.list.iter().all(|con| {
                if con.kind != ConstraintKind::Variant {
                    return true;
                }
                let ds: Vec<u8> = con.cells.iter().map(|c| g[c.index(4)]).collect();
                match &con.rule.as_ref().unwrap().kind {
                    RuleKind::Pair(rel) => rel.holds(ds[0], ds[1]),
                    RuleKind::Line(rule) => rule.holds(&ds),
                    RuleKind::Distinct => (0..ds.len()).all(|i| !ds[..i].contains(&ds[i])),
                    other => panic!("unknown rule {other:?}"),
                }
            })
        })
        .map(|g| g.chunks(4).map(<[u8]>::to_vec).collect())
        .collect();
    out.sort();
    out
}

fn sudoku(variants: Vec<Variant>) -> Puzzle {
    let s = Sudoku::new(4, (2, 2), &[]).unwrap();
    Puzzle::Sudoku(s.with_variants(variants).unwrap())
}

/// Each case: a 4×4 Sudoku with these variants.
fn cases() -> Vec<Vec<Variant>> {
    use Variant as V;
    vec![
        vec![V::Thermo(cells("A1 A2 B2"))],
        vec![V::Arrow {
            circle: vec![c("A1")],
            line: cells("B2 C2"),
        }],
        vec![V::Arrow {
            circle: cells("A1 A2"),
            line: cells("B1 B2 C1 C2 D1 D2"),
        }],
        vec![V::DoubleArrow(cells("A1 B2 C3 D4"))],
        vec![
            V::Dot {
                cells: [c("A1"), c("A2")],
                dot: Dot::WHITE,
            },
            V::Dot {
                cells: [c("B1"), c("C1")],
                dot: Dot::BLACK,
            },
            V::NegativeDots(Dot::WHITE),
        ],
        vec![
            V::Dot {
                cells: [c("A1"), c("B1")],
                dot: Dot::V,
            },
            V::NegativeDots(Dot::V),
        ],
        vec![
            V::GreaterThan([c("A1"), c("A2")]),
            V::GreaterThan([c("B3"), c("C3")]),
        ],
        vec![V::Whisper {
            cells: cells("A1 A2 B2 B3"),
            diff: 2,
        }],
        vec![V::Renban(cells("A1 B1 C1"))],
        vec![V::Palindrome(cells("A1 A2 B2 B3"))],
        vec![V::Between(cells("A1 B2 C3 D4"))],
        vec![V::Lockout {
            cells: cells("A1 A2 B3"),
            diff: 2,
        }],
        vec![V::RegionSum(cells("A2 A3 B3"))],
        vec![
            V::Zipper(cells("A1 A2 A3")),
            V::Zipper(cells("C1 D2 C3 D4")),
        ],
        vec![V::Entropic(cells("A1 B2 C2 D3"))],
        vec![V::Modular {
            cells: cells("A1 B2 C3 D3"),
            modulus: 3,
        }],
        vec![V::LittleKiller {
            cells: cells("B1 C2 D3"),
            sum: 6,
        }],
        vec![V::Sandwich {
            cells: cells("A1 A2 A3 A4"),
            sum: 5,
        }],
        vec![V::Sandwich {
            cells: cells("A1 B1 C1 D1"),
            sum: 0,
        }],
        vec![V::XSum {
            cells: cells("A4 A3 A2 A1"),
            sum: 6,
        }],
        vec![V::Skyscraper {
            cells: cells("D2 C2 B2 A2"),
            count: 3,
        }],
        vec![V::Quadruple {
            cells: [c("B2"), c("B3"), c("C2"), c("C3")],
            digits: vec![1, 2],
        }],
        vec![V::AntiKing],
        vec![V::AntiKnight],
        vec![V::NonConsecutive],
        vec![V::Diagonal { anti: false }],
        vec![
            V::Parity {
                cell: c("A1"),
                even: true,
            },
            V::Candidates {
                cell: c("D4"),
                digits: vec![1, 3],
            },
        ],
        vec![
            V::Cage {
                cells: cells("A2 B2 B3"),
                sum: Some(6),
            },
            V::Region(cells("A4 B3 C2")),
        ],
        vec![V::Cage {
            cells: cells("C1 D1 D2"),
            sum: None,
        }],
        // Sum lines whose cells share a house three and four in a row: the CNF's automaton
        // keeps those runs distinct (`encode::rules`).
        vec![V::Cage {
            cells: cells("A1 A2 B1"),
            sum: Some(6),
        }],
        vec![V::DoubleArrow(cells("A1 A2 A3 A4"))],
    ]
}

#[test]
fn every_engine_finds_the_brute_force_grids() {
    let grids = all_grids();
    assert_eq!(grids.len(), 288);
    let opts = EngineOptions::default();
    for variants in cases() {
        let puzzle = sudoku(variants.clone());
        let want = brute(&puzzle, &grids);
        for engine in [
            Engine::Native,
            Engine::Varisat,
            Engine::Cadical,
            Engine::Dpll,
        ] {
            let (found, count) = solutions(&engine, &puzzle, &opts, None);
            assert!(count.complete, "{}: {variants:?}", engine.name());
            assert_eq!(sorted(&found), want, "{}: {variants:?}", engine.name());
        }
    }
}

/// z3 and cvc5 on the SMT-LIB terms find the brute force's grids too (the cases with at
/// most 12 grids: one solver process per grid).
#[test]
fn smt_solvers_find_the_brute_force_grids() {
    let grids = all_grids();
    let opts = EngineOptions::default();
    for solver in SmtSolver::ALL {
        let engine = Engine::Smt {
            solver,
            timeout: None,
        };
        let mut checked = 0;
        for variants in cases() {
            let puzzle = sudoku(variants.clone());
            let want = brute(&puzzle, &grids);
            if want.len() > 12 {
                continue;
            }
            let mut found = Vec::new();
            match engine.enumerate(&puzzle, &opts, None, |g| found.push(g.clone())) {
                Ok((count, _)) => assert!(count.complete, "{}: {variants:?}", engine.name()),
                // A machine without this solver skips it (CI installs both).
                Err(e) if e.to_string().contains("not found") => break,
                Err(e) => panic!("{}: {variants:?}: {e}", engine.name()),
            }
            assert_eq!(sorted(&found), want, "{}: {variants:?}", engine.name());
            checked += 1;
        }
        eprintln!("{}: {checked} cases", engine.name());
    }
}

#[test]
fn the_lowering_names_each_rule() {
    let puzzle = sudoku(vec![Variant::Thermo(cells("A1 A2 B2"))]);
    let model = puzzle.constraints();
    let thermo = model.list.last().unwrap();
    assert_eq!(thermo.to_string(), "thermometer A1 A2 B2");
    assert_eq!(
        thermo.rule.as_ref().unwrap().kind,
        RuleKind::Line(LineRule::Increasing)
    );
    let dots = sudoku(vec![Variant::Dot {
        cells: [c("A1"), c("A2")],
        dot: Dot::BLACK,
    }]);
    let last = dots.constraints().list.last().cloned().unwrap();
    assert_eq!(
        last.rule.unwrap().kind,
        RuleKind::Pair(Relation::RatioIs(2))
    );
}

/// The clause counts of the pair and group families, from their definitions: a relation
/// between two cells is 2N support clauses, a distinct group of k < N cells N·k(k−1)/2
/// pairwise at-most-one clauses (k ≤ 10: pairwise), a house of N cells N(1 + N(N−1)/2).
#[test]
fn pair_and_group_families_have_their_sizes() {
    use cagesat::encode::EncodeOptions;
    let puzzle = sudoku(vec![
        Variant::NonConsecutive,
        Variant::Dot {
            cells: [c("A1"), c("A2")],
            dot: Dot::BLACK,
        },
        Variant::Region(cells("A1 B3 C2")),
        Variant::Diagonal { anti: true },
    ]);
    let enc = puzzle.encode(&EncodeOptions::default()).unwrap();
    // 4×4: 24 pairs of orthogonal neighbours, 8 clauses each.
    assert_eq!(enc.family("non-consecutive").clauses, 24 * 8);
    assert_eq!(enc.family("black-dot").clauses, 8);
    assert_eq!(enc.family("extra-region").clauses, 4 * 3);
    assert_eq!(enc.family("variant-diagonal").clauses, 4 * (1 + 6));
    assert_eq!(enc.family("thermometer").clauses, 0);
}

/// Mitchell Lee's "Miracle Sudoku" (Cracking the Cryptic, 2020): two givens, anti-knight,
/// anti-king and non-consecutive; its published solution is the one grid on every engine.
#[test]
fn the_miracle_sudoku_has_its_published_solution() {
    use cagesat::Outcome;
    let s = Sudoku::new(9, (3, 3), &[(c("E3"), 1), (c("F7"), 2)]).unwrap();
    let s = s
        .with_variants([
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
        ])
        .unwrap();
    let puzzle = Puzzle::Sudoku(s);
    let want: Vec<Vec<u8>> = [
        "483726159",
        "726159483",
        "159483726",
        "837261594",
        "261594837",
        "594837261",
        "372615948",
        "615948372",
        "948372615",
    ]
    .iter()
    .map(|r| r.bytes().map(|b| b - b'0').collect())
    .collect();
    for engine in [
        Engine::Native,
        Engine::Varisat,
        Engine::Cadical,
        Engine::Auto,
    ] {
        let t = std::time::Instant::now();
        let (outcome, _) = engine
            .prove_unique(&puzzle, &EngineOptions::default())
            .unwrap();
        let Outcome::Solved { grid, unique, .. } = outcome else {
            panic!("{}: {outcome:?}", engine.name());
        };
        assert_eq!(grid.to_rows(), want, "{}", engine.name());
        assert_eq!(unique, Some(true), "{}", engine.name());
        eprintln!("{}: {:?}", engine.name(), t.elapsed());
    }
}
