//! The independent verifier's rule for every variant Sudoku constraint: on a known 6×6 grid
//! (and a 9×9 one for windoku), a constraint the grid keeps passes and one it breaks is
//! refused, with the message naming the constraint, its cells and digits.

use cagesat::puzzle::{Dot, Sudoku, Variant};
use cagesat::Puzzle;
use cagesat::{Cell, Grid};

/// A solved 6×6 Sudoku (boxes 2×3).
///
/// ```text
/// A: 1 2 3 4 5 6
/// B: 4 5 6 1 2 3
/// C: 2 3 1 5 6 4
/// D: 5 6 4 2 3 1
/// E: 3 1 2 6 4 5
/// F: 6 4 5 3 1 2
/// ```
fn six() -> Grid<u8> {
    Grid::from_rows(vec![
        vec![1, 2, 3, 4, 5, 6],
        vec![4, 5, 6, 1, 2, 3],
        vec![2, 3, 1, 5, 6, 4],
        vec![5, 6, 4, 2, 3, 1],
        vec![3, 1, 2, 6, 4, 5],
        vec![6, 4, 5, 3, 1, 2],
    ])
    .expect("square")
}

/// Cells by label (`A1 B2`).
fn cells(labels: &str) -> Vec<Cell> {
    labels
        .split_whitespace()
        .map(|l| Cell::parse_label(l).expect("a cell label"))
        .collect()
}

fn cell(label: &str) -> Cell {
    cells(label)[0]
}

fn pair(labels: &str) -> [Cell; 2] {
    let c = cells(labels);
    [c[0], c[1]]
}

/// The verifier's verdict on the 6×6 grid under one variant (`Ok` or the message).
fn verdict6(v: Variant) -> Result<(), String> {
    let s = Sudoku::new(6, (2, 3), &[])
        .expect("a 6x6")
        .with_variants([v])
        .expect("a variant that fits");
    Puzzle::Sudoku(s).verify(&six()).map_err(|e| e.to_string())
}

/// Asserts the grid keeps `ok` and breaks `bad` with exactly `message`.
fn case(ok: Variant, bad: Variant, message: &str) {
    assert_eq!(verdict6(ok.clone()), Ok(()), "{ok:?}");
    assert_eq!(verdict6(bad), Err(message.to_string()));
}

/// Asserts the grid breaks `bad` with exactly `message`.
fn refused(bad: Variant, message: &str) {
    assert_eq!(verdict6(bad), Err(message.to_string()));
}

#[test]
fn candidates_and_parity() {
    case(
        Variant::Candidates {
            cell: cell("A1"),
            digits: vec![1, 3],
        },
        Variant::Candidates {
            cell: cell("A1"),
            digits: vec![2, 3],
        },
        "candidates at A1: 1 is not one of [2, 3]",
    );
    case(
        Variant::Parity {
            cell: cell("A1"),
            even: false,
        },
        Variant::Parity {
            cell: cell("A1"),
            even: true,
        },
        "even cell at A1: 1 is not even",
    );
}

#[test]
fn global_rules() {
    refused(Variant::AntiKnight, "anti-knight at A2 C1: both hold 2");
    refused(Variant::AntiKing, "anti-king at B4 C3: both hold 1");
    refused(
        Variant::NonConsecutive,
        "non-consecutive at A1 A2: 1 and 2 are consecutive",
    );
    refused(
        Variant::Diagonal { anti: false },
        "diagonal at A1 C3: digit 1 repeats",
    );
    refused(
        Variant::Diagonal { anti: true },
        "anti-diagonal at A6 F1: digit 6 repeats",
    );
}

#[test]
fn windoku_on_nine() {
    let rows = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| ((3 * r + r / 3 + c) % 9 + 1) as u8)
                .collect()
        })
        .collect();
    let grid = Grid::from_rows(rows).expect("square");
    let plain = Puzzle::Sudoku(Sudoku::new(9, (3, 3), &[]).expect("9x9"));
    assert_eq!(plain.verify(&grid), Ok(()));
    let s = Sudoku::new(9, (3, 3), &[])
        .expect("9x9")
        .with_variants([Variant::Windoku])
        .expect("fits");
    assert_eq!(
        Puzzle::Sudoku(s).verify(&grid).map_err(|e| e.to_string()),
        Err("windoku at B2 D4: digit 5 repeats".to_string())
    );
}

#[test]
fn regions_and_cages() {
    case(
        Variant::Region(cells("A1 A2")),
        Variant::Region(cells("A1 B4")),
        "extra region at A1 B4: digit 1 repeats",
    );
    case(
        Variant::Cage {
            cells: cells("A1 A2"),
            sum: Some(3),
        },
        Variant::Cage {
            cells: cells("A1 A2"),
            sum: Some(4),
        },
        "cage at A1 A2: [1, 2] do not add up to 4",
    );
    refused(
        Variant::Cage {
            cells: cells("A1 B4"),
            sum: None,
        },
        "cage at A1 B4: digit 1 repeats",
    );
}

#[test]
fn dots_and_signs() {
    case(
        Variant::Dot {
            cells: pair("A1 A2"),
            dot: Dot::WHITE,
        },
        Variant::Dot {
            cells: pair("A2 B2"),
            dot: Dot::WHITE,
        },
        "white dot at A2 B2: 2 and 5 break it",
    );
    case(
        Variant::Dot {
            cells: pair("A1 A2"),
            dot: Dot::BLACK,
        },
        Variant::Dot {
            cells: pair("A2 A3"),
            dot: Dot::BLACK,
        },
        "black dot at A2 A3: 2 and 3 break it",
    );
    case(
        Variant::Dot {
            cells: pair("C5 C6"),
            dot: Dot::X,
        },
        Variant::Dot {
            cells: pair("A1 A2"),
            dot: Dot::X,
        },
        "X at A1 A2: 1 and 2 break it",
    );
    case(
        Variant::Dot {
            cells: pair("A1 B1"),
            dot: Dot::V,
        },
        Variant::Dot {
            cells: pair("A1 A2"),
            dot: Dot::V,
        },
        "V at A1 A2: 1 and 2 break it",
    );
    case(
        Variant::GreaterThan(pair("A2 A1")),
        Variant::GreaterThan(pair("A1 A2")),
        "greater-than sign at A1 A2: 1 is not greater than 2",
    );
    case(
        Variant::Quadruple {
            cells: [cell("A1"), cell("A2"), cell("B1"), cell("B2")],
            digits: vec![1, 5],
        },
        Variant::Quadruple {
            cells: [cell("A1"), cell("A2"), cell("B1"), cell("B2")],
            digits: vec![3],
        },
        "quadruple at A1 A2 B1 B2: [1, 2, 4, 5] do not include [3]",
    );
}

#[test]
fn negative_dots_spare_the_marked_pairs() {
    // A1-A2 (1, 2) carries the white dot; A2-A3 (2, 3) is the first unmarked consecutive pair.
    let s = Sudoku::new(6, (2, 3), &[])
        .expect("6x6")
        .with_variants([
            Variant::Dot {
                cells: pair("A1 A2"),
                dot: Dot::WHITE,
            },
            Variant::NegativeDots(Dot::WHITE),
        ])
        .expect("fits");
    assert_eq!(
        Puzzle::Sudoku(s).verify(&six()).map_err(|e| e.to_string()),
        Err("no white dot at A2 A3: 2 and 3 would need a white dot between them".to_string())
    );
    // The X rule: C5-C6 (6, 4) adds up to 10 without an X.
    let s = Sudoku::new(6, (2, 3), &[])
        .expect("6x6")
        .with_variants([Variant::NegativeDots(Dot::X)])
        .expect("fits");
    assert_eq!(
        Puzzle::Sudoku(s).verify(&six()).map_err(|e| e.to_string()),
        Err("no X at C5 C6: 6 and 4 would need a X between them".to_string())
    );
}

#[test]
fn lines() {
    case(
        Variant::Thermo(cells("A1 A2 A3")),
        Variant::Thermo(cells("A3 A2")),
        "thermometer at A3 A2: 3 then 2 does not increase",
    );
    case(
        Variant::Arrow {
            circle: cells("A3"),
            line: cells("A1 A2"),
        },
        Variant::Arrow {
            circle: cells("A4"),
            line: cells("A1 A2"),
        },
        "arrow at A4 A1 A2: the circle reads 4, the line adds up to 3",
    );
    // A pill reads as one number: A1 A2 is 12 = 6 + 6.
    case(
        Variant::Arrow {
            circle: cells("A1 A2"),
            line: cells("A6 B3"),
        },
        Variant::Arrow {
            circle: cells("A2 A1"),
            line: cells("A6 B3"),
        },
        "arrow at A2 A1 A6 B3: the circle reads 21, the line adds up to 12",
    );
    case(
        Variant::DoubleArrow(cells("A1 A2 A3 A4")),
        Variant::DoubleArrow(cells("A1 A2 A3")),
        "double arrow at A1 A2 A3: the ends add up to 4, the cells between to 2",
    );
    case(
        Variant::Whisper {
            cells: cells("A1 B1"),
            diff: 3,
        },
        Variant::Whisper {
            cells: cells("A1 B1 C1"),
            diff: 3,
        },
        "whisper at B1 C1: 4 and 2 are less than 3 apart",
    );
    refused(
        Variant::Whisper {
            cells: cells("A1 B1"),
            diff: 5,
        },
        "German whisper at A1 B1: 1 and 4 are less than 5 apart",
    );
    case(
        Variant::Renban(cells("A1 A2 A3")),
        Variant::Renban(cells("A1 A3")),
        "renban at A1 A3: [1, 3] are not consecutive",
    );
    case(
        Variant::Palindrome(cells("A1 A2 B4")),
        Variant::Palindrome(cells("A1 A2 A3")),
        "palindrome at A1 A3: 1 and 3 should be equal",
    );
    case(
        Variant::Between(cells("A1 A2 A3")),
        Variant::Between(cells("A2 A1 A3")),
        "between line at A1: 1 is not between the ends 2 and 3",
    );
    case(
        Variant::Lockout {
            cells: cells("A2 A1 A6"),
            diff: 4,
        },
        Variant::Lockout {
            cells: cells("A1 A3 A6"),
            diff: 4,
        },
        "lockout line at A3: 3 is not outside the ends 1 and 6",
    );
    refused(
        Variant::Lockout {
            cells: cells("A1 A2 A3"),
            diff: 4,
        },
        "lockout line at A1 A3: the ends 1 and 3 are less than 4 apart",
    );
    // Boxes are 2×3: A2 A3 | A4 B4 are two segments of 5.
    case(
        Variant::RegionSum(cells("A2 A3 A4 B4")),
        Variant::RegionSum(cells("A3 A4")),
        "region-sum line at A3 A4: the segment from A3 adds up to 3, the one from A4 to 4",
    );
    case(
        Variant::Zipper(cells("A1 A2 A3 A4")),
        Variant::Zipper(cells("A1 A2 A3")),
        "zipper line at A1 A3: 1 + 3 is not 2",
    );
    assert_eq!(verdict6(Variant::Zipper(cells("A1 A2 B4"))), Ok(()));
    // Thirds of 1..6: 1-2, 3-4, 5-6.
    case(
        Variant::Entropic(cells("A1 A3 A5 B4")),
        Variant::Entropic(cells("A1 A2 A3")),
        "entropic line at A1 A2 A3: [1, 2, 3] are not one low, one middle and one high",
    );
    case(
        Variant::Modular {
            cells: cells("A1 A2 A3 A4"),
            modulus: 3,
        },
        Variant::Modular {
            cells: cells("A1 B1"),
            modulus: 3,
        },
        "modular line at A1 B1: [1, 4] repeat a residue modulo 3",
    );
}

#[test]
fn outside_clues() {
    case(
        Variant::LittleKiller {
            cells: cells("A2 B1"),
            sum: 6,
        },
        Variant::LittleKiller {
            cells: cells("A2 B1"),
            sum: 7,
        },
        "little killer at A2 B1: [2, 4] do not add up to 7",
    );
    case(
        Variant::Sandwich {
            cells: cells("A1 A2 A3 A4 A5 A6"),
            sum: 14,
        },
        Variant::Sandwich {
            cells: cells("A1 A2 A3 A4 A5 A6"),
            sum: 13,
        },
        "sandwich at A1 A2 A3 A4 A5 A6: between the 1 and the 6 of [1, 2, 3, 4, 5, 6] is not 13",
    );
    case(
        Variant::XSum {
            cells: cells("A6 A5 A4 A3 A2 A1"),
            sum: 21,
        },
        Variant::XSum {
            cells: cells("B1 B2 B3 B4 B5 B6"),
            sum: 15,
        },
        "X-sum at B1 B2 B3 B4 B5 B6: the first 4 of [4, 5, 6, 1, 2, 3] do not add up to 15",
    );
    case(
        Variant::Skyscraper {
            cells: cells("A1 A2 A3 A4 A5 A6"),
            count: 6,
        },
        Variant::Skyscraper {
            cells: cells("A6 A5 A4 A3 A2 A1"),
            count: 2,
        },
        "skyscraper at A6 A5 A4 A3 A2 A1: 1 seen in [6, 5, 4, 3, 2, 1], not 2",
    );
}
