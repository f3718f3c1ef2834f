//! Interactive Sudoku Solver strings: ISS's own example puzzles read (their solutions pass
//! the verifier) or refused by name, links, errors at their position, and the writer's
//! round trip.

use std::path::Path;

use cagesat::parse::{iss_string, ParseOptions};
use cagesat::puzzle::{Dot, Killer, KillerCage, Sudoku, Variant};
use cagesat::{Cell, Grid, Puzzle};

/// The examples: (expected outcome, name, ISS string, solution).
fn examples() -> Vec<(String, String, String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/iss/examples.tsv");
    let text = std::fs::read_to_string(path).expect("the examples file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].into(), f[1].into(), f[2].into(), f[3].into())
        })
        .collect()
}

/// ISS's solution string as a grid of side `n`.
fn grid(solution: &str, n: usize) -> Grid<u8> {
    let digits: Vec<u8> = solution
        .chars()
        .map(|c| {
            if n < 10 {
                c.to_digit(10).expect("a digit") as u8
            } else {
                (u32::from(c) - u32::from('A') + 1) as u8
            }
        })
        .collect();
    Grid::from_rows(digits.chunks(n).map(<[u8]>::to_vec).collect()).expect("square")
}

#[test]
fn iss_examples_are_read_or_refused_by_name() {
    let all = examples();
    let (mut read, mut refused) = (0, 0);
    for (want, name, input, solution) in &all {
        // A plain grid (the 16×16 jigsaw: givens then layout) is ISS's by name only.
        let got = if input.contains('~') {
            Puzzle::parse(input)
        } else {
            Puzzle::parse_with(input, &ParseOptions::default().kind("iss"))
        };
        if want == "read" {
            let p = got.unwrap_or_else(|e| panic!("{name}: {e}"));
            let n = p.shape().0;
            let g = grid(solution, n);
            assert_eq!(p.verify(&g), Ok(()), "{name}");
            // A grid with two digits of a row swapped breaks a column.
            let mut bad = g.clone();
            let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
            bad.set(a, *g.get(b));
            bad.set(b, *g.get(a));
            assert!(p.verify(&bad).is_err(), "{name}");
            // The writer's string reads back to the same puzzle.
            let s = iss_string(&p).unwrap_or_else(|e| panic!("{name}: {e}"));
            let back = Puzzle::parse_with(&s, &ParseOptions::default().kind("iss"));
            assert_eq!(back.as_ref(), Ok(&p), "{name}: {s}");
            read += 1;
        } else {
            let e = got.expect_err(name).to_string();
            let message = match want.split_once(' ') {
                Some(("refused", constraint)) => {
                    format!("the ISS constraint '{constraint}' is not supported")
                }
                Some(("shape", spec)) => format!("ISS shape '{spec}' is not supported"),
                _ => panic!("{name}: bad outcome '{want}'"),
            };
            assert!(e.contains(&message), "{name}: {e}");
            refused += 1;
        }
    }
    assert_eq!((read, refused), (32, 29));
}

/// The families of the examples read, by ISS name, each met at least once.
#[test]
fn iss_examples_cover_the_families() {
    let mut names: Vec<String> = Vec::new();
    for (want, _, input, _) in examples() {
        // The plain grids (a 16×16 jigsaw) have no items.
        if want != "read" || !input.contains('~') {
            continue;
        }
        for item in input.split('.') {
            let name = item
                .split('~')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names.sort();
    assert_eq!(
        names.join(" "),
        " AntiConsecutive AntiKing AntiKnight Arrow Between BlackDot Cage Diagonal DoubleArrow \
         GreaterThan Jigsaw LittleKiller Lockout Modular NoBoxes Palindrome PillArrow Quad RegionSumLine \
         Renban Sandwich Shape Skyscraper StrictKropki StrictXV Thermo V Whisper WhiteDot Windoku \
         X XSum Zipper"
    );
}

#[test]
fn shapes_givens_and_pencilmarks() {
    let p = Puzzle::parse(".Shape~6x6.~R1C1_5~R2C3_2_4_6~R3C3_1_2").unwrap();
    let Puzzle::Sudoku(s) = &p else {
        panic!("a Sudoku")
    };
    assert_eq!((s.size(), s.boxes()), (6, (2, 3)));
    assert_eq!(s.given_cells(), vec![(Cell::new(0, 0), 5)]);
    assert_eq!(
        s.variants(),
        &[
            Variant::Parity {
                cell: Cell::new(1, 2),
                even: true
            },
            Variant::Candidates {
                cell: Cell::new(2, 2),
                digits: vec![1, 2]
            },
        ]
    );
    // A plain grid and an ISS link.
    let plain = "5".to_string() + &".".repeat(80);
    let Puzzle::Sudoku(s) =
        Puzzle::parse_with(&plain, &ParseOptions::default().kind("iss")).unwrap()
    else {
        panic!("a Sudoku")
    };
    assert_eq!(s.given_cells(), vec![(Cell::new(0, 0), 5)]);
    let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2%7ER1C3";
    let Puzzle::Sudoku(s) = Puzzle::parse(link).unwrap() else {
        panic!("a Sudoku")
    };
    assert_eq!(
        s.variants(),
        &[Variant::Thermo((0..3).map(|c| Cell::new(0, c)).collect())]
    );
    // Sumless cages are cage constraints; cages with sums make a Killer.
    let Puzzle::Killer(k) = Puzzle::parse(".Cage~~R1C1~R1C2.Cage~3~R2C1~R2C2").unwrap() else {
        panic!("a Killer")
    };
    assert_eq!(k.cages().len(), 1);
    assert_eq!(
        k.sudoku().variants(),
        &[Variant::Cage {
            cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            sum: None
        }]
    );
}

#[test]
fn iss_semantics_by_name() {
    let variants = |s: &str| match Puzzle::parse(s).unwrap() {
        Puzzle::Sudoku(s) => s.variants().to_vec(),
        other => panic!("not a Sudoku: {other}"),
    };
    let c = |r, k| Cell::new(r, k);
    // ╱ is 1, the anti-diagonal.
    assert_eq!(
        variants(".Diagonal~1.Diagonal~-1"),
        vec![
            Variant::Diagonal { anti: true },
            Variant::Diagonal { anti: false }
        ]
    );
    // A whisper without its difference is German (5).
    assert_eq!(
        variants(".Whisper~R1C1~R1C2.Whisper~3~R2C1~R2C2"),
        vec![
            Variant::Whisper {
                cells: vec![c(0, 0), c(0, 1)],
                diff: 5
            },
            Variant::Whisper {
                cells: vec![c(1, 0), c(1, 1)],
                diff: 3
            },
        ]
    );
    // A pill reads in reading order whatever its cells' order.
    assert_eq!(
        variants(".PillArrow~2~R1C2~R1C1~R2C3"),
        vec![Variant::Arrow {
            circle: vec![c(0, 0), c(0, 1)],
            line: vec![c(1, 2)]
        }]
    );
    // A little killer keyed by its first cell, from the top edge down to the left.
    assert_eq!(
        variants(".LittleKiller~12~R1C3"),
        vec![Variant::LittleKiller {
            cells: vec![c(0, 2), c(1, 1), c(2, 0)],
            sum: 12
        }]
    );
    // Dots on more than two cells: one for each pair of neighbours.
    assert_eq!(
        variants(".WhiteDot~R1C1~R1C2~R2C2"),
        vec![
            Variant::Dot {
                cells: [c(0, 0), c(0, 1)],
                dot: Dot::WHITE
            },
            Variant::Dot {
                cells: [c(0, 1), c(1, 1)],
                dot: Dot::WHITE
            },
        ]
    );
    // X-sums and skyscrapers from either end; sandwiches on a row.
    let row: Vec<Cell> = (0..9).map(|k| c(2, k)).collect();
    let back: Vec<Cell> = row.iter().rev().copied().collect();
    assert_eq!(
        variants(".XSum~R3~~20.Skyscraper~R3~4~.Sandwich~0~R3"),
        vec![
            Variant::XSum {
                cells: back,
                sum: 20
            },
            Variant::Skyscraper {
                cells: row.clone(),
                count: 4
            },
            Variant::Sandwich { cells: row, sum: 0 },
        ]
    );
    assert_eq!(
        variants(".StrictKropki.StrictXV"),
        vec![
            Variant::NegativeDots(Dot::WHITE),
            Variant::NegativeDots(Dot::BLACK),
            Variant::NegativeDots(Dot::X),
            Variant::NegativeDots(Dot::V),
        ]
    );
}

#[test]
fn errors_name_the_constraint_at_its_position() {
    let err = |s: &str| Puzzle::parse(s).unwrap_err().to_string();
    assert_eq!(
        err(".Thermo~R1C1~R1C2.SumLine~10~R1C1~R1C2"),
        "<stdin>:1:18: the ISS constraint 'SumLine' is not supported: cagesat has no such rule"
    );
    assert_eq!(
        err(".Thermo~R1C1~R1C2\n.Thermo~R1C1~RaC1"),
        "<stdin>:2:14: bad ISS cell 'RaC1' (expected R1C1..R9C9)"
    );
    assert_eq!(
        Puzzle::parse_with(
            ".Cage~10~R1C1~R1C2.Foo~R1C1",
            &ParseOptions::default().kind("iss")
        )
        .unwrap_err()
        .to_string(),
        "<stdin>:1:19: unknown ISS constraint 'Foo'"
    );
    // In a link, the character of the link.
    let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Thermo%7ER1C1%7ER1C2.NoBoxes.RegionSumLine%7ER1C1%7ER1C2";
    assert_eq!(
        err(link),
        "<stdin>:1:82: the ISS constraint 'RegionSumLine' is not supported: on a grid without boxes or jigsaw regions it constrains nothing in ISS"
    );
    assert_eq!(
        err(".Entropic~R1C1~R1C2"),
        "<stdin>:1:1: the ISS constraint 'Entropic' is not supported: a line of 2 cells (ISS: two different thirds) is not an entropic line of cagesat's (3 cells in a row)"
    );
    assert_eq!(
        err(".~R1C1_5~R1C2_5"),
        "<stdin>:1:10: given 5 repeats in row A (cells A1 and A2)"
    );
    assert_eq!(
        err(".Thermo~R1C1~R2C2~R1C1"),
        "<stdin>:1:1: thermometer: cell A1 is listed twice"
    );
}

/// Every family, on a 6×6 Killer and a 9×9 jigsaw, read back from its string.
#[test]
fn writer_round_trips_every_family() {
    let c = |r, k| Cell::new(r, k);
    let row = |r: u8| (0..6).map(|k| c(r, k)).collect::<Vec<_>>();
    let six = vec![
        Variant::Candidates {
            cell: c(0, 0),
            digits: vec![1, 3],
        },
        Variant::Parity {
            cell: c(0, 1),
            even: true,
        },
        Variant::AntiKnight,
        Variant::AntiKing,
        Variant::NonConsecutive,
        Variant::Diagonal { anti: true },
        Variant::Region(vec![c(5, 0), c(5, 5)]),
        Variant::Cage {
            cells: vec![c(4, 4), c(4, 5)],
            sum: None,
        },
        Variant::Dot {
            cells: [c(1, 0), c(1, 1)],
            dot: Dot::WHITE,
        },
        Variant::Dot {
            cells: [c(1, 1), c(1, 2)],
            dot: Dot::BLACK,
        },
        Variant::Dot {
            cells: [c(2, 0), c(2, 1)],
            dot: Dot::X,
        },
        Variant::Dot {
            cells: [c(2, 1), c(2, 2)],
            dot: Dot::V,
        },
        Variant::NegativeDots(Dot::WHITE),
        Variant::NegativeDots(Dot::BLACK),
        Variant::NegativeDots(Dot::X),
        Variant::NegativeDots(Dot::V),
        Variant::GreaterThan([c(3, 0), c(3, 1)]),
        Variant::Quadruple {
            cells: [c(3, 3), c(3, 4), c(4, 3), c(4, 4)],
            digits: vec![1, 1, 2],
        },
        Variant::Thermo(vec![c(0, 2), c(0, 3)]),
        Variant::Arrow {
            circle: vec![c(0, 4)],
            line: vec![c(1, 4), c(1, 5)],
        },
        Variant::Arrow {
            circle: vec![c(2, 3), c(3, 4)],
            line: vec![c(2, 4), c(2, 5)],
        },
        Variant::DoubleArrow(vec![c(0, 0), c(1, 0), c(2, 0)]),
        Variant::Whisper {
            cells: vec![c(5, 1), c(5, 2)],
            diff: 3,
        },
        Variant::Renban(vec![c(5, 3), c(5, 4)]),
        Variant::Palindrome(vec![c(3, 2), c(4, 2)]),
        Variant::Between(vec![c(3, 5), c(4, 5), c(5, 5)]),
        Variant::Lockout {
            cells: vec![c(0, 5), c(1, 5), c(2, 5)],
            diff: 3,
        },
        Variant::RegionSum(vec![c(1, 2), c(1, 3)]),
        Variant::Zipper(vec![c(4, 0), c(4, 1), c(4, 2)]),
        Variant::Modular {
            cells: vec![c(3, 0), c(4, 0)],
            modulus: 3,
        },
        Variant::LittleKiller {
            cells: vec![c(0, 1), c(1, 0)],
            sum: 5,
        },
        Variant::LittleKiller {
            cells: vec![c(4, 5), c(3, 4), c(2, 3), c(1, 2), c(0, 1)],
            sum: 20,
        },
        Variant::Sandwich {
            cells: row(2),
            sum: 7,
        },
        Variant::XSum {
            cells: row(3),
            sum: 10,
        },
        Variant::XSum {
            cells: row(3).into_iter().rev().collect(),
            sum: 11,
        },
        Variant::Skyscraper {
            cells: (0..6).map(|r| c(r, 2)).rev().collect(),
            count: 3,
        },
    ];
    let s6 = Sudoku::new(6, (2, 3), &[(c(5, 5), 1)])
        .unwrap()
        .with_variants(six)
        .unwrap();
    let killer = Killer::new(
        s6,
        vec![KillerCage {
            sum: 7,
            cells: vec![c(5, 0), c(5, 1)],
        }],
    )
    .unwrap();
    let layout: Vec<Vec<u8>> = (0..9)
        .map(|r| (0..9).map(|k| ((r / 3) * 3 + k / 3) as u8).collect())
        .collect();
    let mut layout = layout;
    // Swap two cells between regions 0 and 1: a jigsaw.
    layout[0][2] = 1;
    layout[0][3] = 0;
    let map = Grid::from_rows(layout).unwrap();
    let nine = Sudoku::jigsaw(9, &map, &[(c(0, 0), 9)])
        .unwrap()
        .with_variants([
            Variant::Windoku,
            Variant::Entropic(vec![c(8, 0), c(8, 1), c(8, 2)]),
            Variant::Whisper {
                cells: vec![c(7, 0), c(7, 1)],
                diff: 5,
            },
        ])
        .unwrap();
    for p in [Puzzle::Killer(killer), Puzzle::Sudoku(nine)] {
        let s = iss_string(&p).unwrap();
        assert_eq!(Puzzle::parse(&s).as_ref(), Ok(&p), "{s}");
    }
}

#[test]
fn writer_refuses_what_iss_cannot_say() {
    let s = Sudoku::new(9, (3, 3), &[])
        .unwrap()
        .with_variants([Variant::Dot {
            cells: [Cell::new(0, 0), Cell::new(0, 1)],
            dot: Dot::White(2),
        }])
        .unwrap();
    assert_eq!(
        iss_string(&Puzzle::Sudoku(s)).unwrap_err().to_string(),
        "ISS has no difference 2 dot at A1: ISS's dots are the white (1 apart), black (ratio 2), X (10) and V (5)"
    );
    let s = Sudoku::new(9, (3, 3), &[])
        .unwrap()
        .with_variants([Variant::NegativeDots(Dot::X)])
        .unwrap();
    assert_eq!(
        iss_string(&Puzzle::Sudoku(s)).unwrap_err().to_string(),
        "ISS has no no X: ISS's negative rule covers both dots of its pair (white and black, or X and V), never one"
    );
}
