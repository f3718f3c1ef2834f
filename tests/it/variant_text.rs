//! Variant constraint lines of the `.sudoku` and `.killer` formats: every family written and
//! read back to the same puzzle, and bad lines refused at their line and column.

use cagesat::parse::ParseOptions;
use cagesat::puzzle::{Dot, Killer, KillerCage, Sudoku, Variant};
use cagesat::{Cell, Puzzle};

/// One constraint of every family on a 6×6 grid.
fn every_family() -> Vec<Variant> {
    let c = |r, k| Cell::new(r, k);
    let row = |r: u8| (0..6).map(|k| c(r, k)).collect::<Vec<_>>();
    vec![
        Variant::Candidates {
            cell: c(0, 0),
            digits: vec![1, 3],
        },
        Variant::Parity {
            cell: c(0, 1),
            even: true,
        },
        Variant::Parity {
            cell: c(0, 2),
            even: false,
        },
        Variant::AntiKnight,
        Variant::AntiKing,
        Variant::NonConsecutive,
        Variant::Diagonal { anti: false },
        Variant::Diagonal { anti: true },
        Variant::Region(vec![c(5, 0), c(5, 5)]),
        Variant::Cage {
            cells: vec![c(4, 4), c(4, 5)],
            sum: None,
        },
        Variant::Cage {
            cells: vec![c(3, 4), c(3, 5)],
            sum: Some(7),
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
        Variant::Dot {
            cells: [c(3, 1), c(3, 2)],
            dot: Dot::White(3),
        },
        Variant::Dot {
            cells: [c(4, 1), c(4, 2)],
            dot: Dot::Black(3),
        },
        Variant::Dot {
            cells: [c(5, 1), c(5, 2)],
            dot: Dot::Sum(7),
        },
        Variant::NegativeDots(Dot::WHITE),
        Variant::NegativeDots(Dot::Sum(7)),
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
            circle: vec![c(2, 3), c(2, 4)],
            line: vec![c(2, 5), c(3, 5)],
        },
        Variant::DoubleArrow(vec![c(0, 0), c(1, 0), c(2, 0)]),
        Variant::Whisper {
            cells: vec![c(5, 1), c(5, 2)],
            diff: 5,
        },
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
        Variant::Entropic(vec![c(0, 0), c(0, 1), c(0, 2)]),
        Variant::Modular {
            cells: vec![c(3, 0), c(4, 0)],
            modulus: 3,
        },
        Variant::LittleKiller {
            cells: vec![c(0, 1), c(1, 0)],
            sum: 5,
        },
        Variant::Sandwich {
            cells: row(2),
            sum: 7,
        },
        Variant::XSum {
            cells: row(3).into_iter().rev().collect(),
            sum: 11,
        },
        Variant::Skyscraper {
            cells: (0..6).map(|r| c(r, 2)).rev().collect(),
            count: 3,
        },
    ]
}

#[test]
fn every_family_reads_back_from_sudoku_and_killer_text() {
    let s = Sudoku::new(6, (2, 3), &[(Cell::new(5, 5), 1)])
        .unwrap()
        .with_variants(every_family())
        .unwrap();
    let sudoku = Puzzle::Sudoku(s.clone());
    let text = sudoku.to_string();
    assert!(
        text.contains("\ndot white 3 B2 B3\n") || text.contains("\ndot white 3 D2 D3\n"),
        "{text}"
    );
    assert_eq!(Puzzle::parse(&text).as_ref(), Ok(&sudoku), "{text}");
    let killer = Puzzle::Killer(
        Killer::new(
            s,
            vec![KillerCage {
                sum: 7,
                cells: vec![Cell::new(5, 0), Cell::new(5, 1)],
            }],
        )
        .unwrap(),
    );
    let text = killer.to_string();
    assert_eq!(Puzzle::parse(&text).as_ref(), Ok(&killer), "{text}");
}

#[test]
fn lines_read_as_documented() {
    let text = "size 4\nboxes 2x2\n10 A1 A2 B1 B2\nthermo C1 C2 C3\narrow D1 : D2 D3\ndot black 3 A3 A4\nwhisper A3 B3\nnegative x\n";
    let Puzzle::Killer(k) = Puzzle::parse(text).unwrap() else {
        panic!("a Killer")
    };
    let c = |r, k| Cell::new(r, k);
    assert_eq!(
        k.sudoku().variants(),
        &[
            Variant::Thermo(vec![c(2, 0), c(2, 1), c(2, 2)]),
            Variant::Arrow {
                circle: vec![c(3, 0)],
                line: vec![c(3, 1), c(3, 2)]
            },
            Variant::Dot {
                cells: [c(0, 2), c(0, 3)],
                dot: Dot::Black(3)
            },
            Variant::Whisper {
                cells: vec![c(0, 2), c(1, 2)],
                diff: 5
            },
            Variant::NegativeDots(Dot::X),
        ]
    );
}

#[test]
fn bad_lines_are_refused_at_their_place() {
    let err = |text: &str, name: &str| {
        Puzzle::parse_with(text, &ParseOptions::default().path(name))
            .unwrap_err()
            .to_string()
    };
    let grid = "1 . . .\n. . . .\n. . . .\n. . . .\n";
    assert_eq!(
        err(&format!("{grid}thermo A1 9Z\n"), "t.sudoku"),
        "t.sudoku:5:11: bad cell name '9Z' (expected a row letter and a column number, e.g. B3)"
    );
    assert_eq!(
        err(&format!("{grid}thermo A1 Z9\n"), "t.sudoku"),
        "t.sudoku:5:1: thermometer: cell Z9 is outside the 4x4 grid"
    );
    assert_eq!(
        err(&format!("{grid}dot grey A1 A2\n"), "t.sudoku"),
        "t.sudoku:5:5: unknown dot 'grey' (expected white, black, x, v or sum)"
    );
    assert_eq!(
        err(&format!("{grid}dot white A1 B2\n"), "t.sudoku"),
        "t.sudoku:5:1: white dot: cells A1 and B2 are not orthogonal neighbours"
    );
    assert_eq!(
        err("size 4\nboxes 2x2\nlockout A1 A2 A3\n", "t.killer"),
        "t.killer:3:15: a lockout line needs its difference first"
    );
    assert_eq!(
        err("size 4\nboxes 2x2\narrow A1 A2 A3\n", "t.killer"),
        "t.killer:3:13: a arrow line has ':' between its parts"
    );
}
