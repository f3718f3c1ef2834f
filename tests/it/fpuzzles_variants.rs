//! f-puzzles and SudokuPad links of variant Sudokus: every family read, written and read
//! back; what f-puzzles cannot hold refused by name; SudokuPad's own `scl` data read.

use cagesat::parse::{to_fpuzzles_json, to_fpuzzles_link, to_sudokupad_link};
use cagesat::puzzle::{Dot, Killer, KillerCage, Sudoku, Variant};
use cagesat::{Cell, Grid, Puzzle};

/// `R1C1`-style names, 1-based, to cells.
fn cells(names: &str) -> Vec<Cell> {
    names
        .split_whitespace()
        .map(|n| {
            let (r, c) = n[1..].split_once('C').unwrap();
            Cell::new(r.parse::<u8>().unwrap() - 1, c.parse::<u8>().unwrap() - 1)
        })
        .collect()
}

fn pair(names: &str) -> [Cell; 2] {
    cells(names).try_into().unwrap()
}

/// The variants of a Sudoku or Killer, sorted (the reader groups them by family).
fn variants(p: &Puzzle) -> Vec<String> {
    let s = match p {
        Puzzle::Sudoku(s) => s,
        Puzzle::Killer(k) => k.sudoku(),
        _ => panic!("not a Sudoku"),
    };
    let mut out: Vec<String> = s.variants().iter().map(|v| format!("{v:?}")).collect();
    out.sort();
    out
}

/// Writes `p` as JSON, an f-puzzles link and a SudokuPad link, reads each back, and checks
/// the rules are `p`'s and that a second round is exact.
fn round_trip(p: &Puzzle) -> Puzzle {
    let json = to_fpuzzles_json(p).unwrap();
    let back = Puzzle::parse(&json).unwrap();
    assert_eq!(variants(&back), variants(p), "{json}");
    assert_eq!(back.kind(), p.kind());
    for link in [to_fpuzzles_link(p).unwrap(), to_sudokupad_link(p).unwrap()] {
        assert_eq!(Puzzle::parse(&link).unwrap(), back, "{link}");
    }
    assert_eq!(
        Puzzle::parse(&to_fpuzzles_json(&back).unwrap()).unwrap(),
        back
    );
    back
}

/// One of every family f-puzzles holds, on a 9×9 with givens.
fn every_family() -> Vec<Variant> {
    vec![
        Variant::Candidates {
            cell: Cell::new(8, 8),
            digits: vec![2, 4, 6],
        },
        Variant::Parity {
            cell: Cell::new(8, 7),
            even: true,
        },
        Variant::Parity {
            cell: Cell::new(8, 6),
            even: false,
        },
        Variant::AntiKnight,
        Variant::AntiKing,
        Variant::Diagonal { anti: true },
        Variant::Windoku,
        Variant::Region(cells("R1C1 R2C2 R3C3")),
        Variant::Cage {
            cells: cells("R4C4 R4C5"),
            sum: None,
        },
        Variant::Dot {
            cells: pair("R1C1 R1C2"),
            dot: Dot::WHITE,
        },
        Variant::Dot {
            cells: pair("R1C2 R1C3"),
            dot: Dot::BLACK,
        },
        Variant::Dot {
            cells: pair("R2C1 R2C2"),
            dot: Dot::White(3),
        },
        Variant::Dot {
            cells: pair("R2C2 R2C3"),
            dot: Dot::Black(3),
        },
        Variant::Dot {
            cells: pair("R3C1 R3C2"),
            dot: Dot::X,
        },
        Variant::Dot {
            cells: pair("R3C2 R3C3"),
            dot: Dot::V,
        },
        Variant::NegativeDots(Dot::WHITE),
        Variant::NegativeDots(Dot::BLACK),
        Variant::NegativeDots(Dot::Black(3)),
        Variant::NegativeDots(Dot::X),
        Variant::NegativeDots(Dot::V),
        Variant::Quadruple {
            cells: cells("R5C5 R5C6 R6C5 R6C6").try_into().unwrap(),
            digits: vec![1, 2, 2],
        },
        Variant::Thermo(cells("R9C1 R8C1 R7C1 R7C2")),
        Variant::Arrow {
            circle: cells("R5C1"),
            line: cells("R6C2 R7C3"),
        },
        Variant::Arrow {
            circle: cells("R4C7 R4C8"),
            line: cells("R5C9 R6C9 R7C9"),
        },
        Variant::DoubleArrow(cells("R1C4 R1C5 R1C6 R1C7")),
        Variant::Whisper {
            cells: cells("R2C4 R3C5 R4C6"),
            diff: 5,
        },
        Variant::Whisper {
            cells: cells("R2C7 R2C8"),
            diff: 4,
        },
        Variant::Whisper {
            cells: cells("R2C9 R3C9"),
            diff: 3,
        },
        Variant::Renban(cells("R5C2 R5C3 R5C4")),
        Variant::Palindrome(cells("R6C1 R6C2 R6C3 R6C4")),
        Variant::Between(cells("R7C4 R7C5 R7C6")),
        Variant::Lockout {
            cells: cells("R8C2 R8C3 R8C4 R8C5"),
            diff: 4,
        },
        Variant::RegionSum(cells("R3C6 R3C7 R3C8")),
        Variant::Zipper(cells("R9C2 R9C3 R9C4 R9C5 R9C6")),
        Variant::Entropic(cells("R6C7 R6C8 R7C8")),
        Variant::Modular {
            cells: cells("R8C6 R8C7 R8C8"),
            modulus: 3,
        },
        Variant::LittleKiller {
            cells: cells("R1C3 R2C4 R3C5 R4C6 R5C7 R6C8 R7C9"),
            sum: 30,
        },
        Variant::LittleKiller {
            cells: cells("R9C9"),
            sum: 7,
        },
        Variant::Sandwich {
            cells: (0..9).map(|r| Cell::new(r, 4)).collect(),
            sum: 12,
        },
        Variant::Sandwich {
            cells: (0..9).rev().map(|c| Cell::new(3, c)).collect(),
            sum: 0,
        },
        Variant::XSum {
            cells: (0..9).rev().map(|r| Cell::new(r, 8)).collect(),
            sum: 20,
        },
        Variant::Skyscraper {
            cells: (0..9).map(|c| Cell::new(6, c)).collect(),
            count: 3,
        },
    ]
}

#[test]
fn every_family_round_trips_through_json_and_links() {
    let givens = [(Cell::new(0, 8), 9), (Cell::new(4, 4), 5)];
    let s = Sudoku::new(9, (3, 3), &givens).unwrap();
    let p = Puzzle::Sudoku(s.with_variants(every_family()).unwrap());
    let back = round_trip(&p);
    // The reader's order is its own: the same constraints, grouped by family.
    assert_eq!(variants(&back).len(), every_family().len());
}

#[test]
fn non_consecutive_x_and_jigsaw_round_trip() {
    let s = Sudoku::new(9, (3, 3), &[(Cell::new(0, 0), 1)])
        .unwrap()
        .with_diagonals()
        .unwrap()
        .with_variants([
            Variant::NonConsecutive,
            Variant::Dot {
                cells: pair("R5C5 R5C6"),
                dot: Dot::BLACK,
            },
        ])
        .unwrap();
    let p = Puzzle::Sudoku(s);
    assert_eq!(round_trip(&p), p);
    // A 6×6 jigsaw and a 6×6 with 3×2 boxes (f-puzzles draws 2×3 ones).
    let map = Grid::from_rows(vec![
        vec![0, 0, 0, 1, 1, 1],
        vec![0, 0, 2, 1, 1, 1],
        vec![0, 2, 2, 2, 3, 3],
        vec![4, 2, 2, 3, 3, 3],
        vec![4, 4, 5, 5, 5, 3],
        vec![4, 4, 4, 5, 5, 5],
    ])
    .unwrap();
    let jig = Puzzle::Sudoku(
        Sudoku::jigsaw(6, &map, &[(Cell::new(0, 0), 3)])
            .unwrap()
            .with_variants([Variant::Thermo(cells("R6C1 R6C2 R6C3"))])
            .unwrap(),
    );
    assert_eq!(round_trip(&jig), jig);
    let tall = Puzzle::Sudoku(Sudoku::new(6, (3, 2), &[(Cell::new(5, 5), 2)]).unwrap());
    assert_eq!(round_trip(&tall), tall);
    // 16×16: two-digit cell names.
    let big = Puzzle::Sudoku(
        Sudoku::new(16, (4, 4), &[(Cell::new(15, 15), 16)])
            .unwrap()
            .with_variants([Variant::Renban(cells("R16C14 R16C15"))])
            .unwrap(),
    );
    assert_eq!(round_trip(&big), big);
}

#[test]
fn killers_with_givens_one_cell_cages_and_variants_read_back_the_same() {
    let s = Sudoku::new(9, (3, 3), &[(Cell::new(0, 0), 5), (Cell::new(8, 8), 1)]).unwrap();
    let cage = |sum, names: &str| KillerCage {
        sum,
        cells: cells(names),
    };
    let k = Killer::new(
        s.clone(),
        vec![cage(5, "R1C1"), cage(12, "R1C2 R1C3"), cage(3, "R9C8")],
    )
    .unwrap();
    let p = Puzzle::Killer(k);
    assert_eq!(round_trip(&p), p);
    let with = Killer::new(
        s.with_variants([Variant::Thermo(cells("R2C1 R2C2 R2C3"))])
            .unwrap(),
        vec![cage(5, "R1C1"), cage(12, "R1C2 R1C3")],
    )
    .unwrap();
    let p = Puzzle::Killer(with);
    assert_eq!(round_trip(&p), p);
}

#[test]
fn what_fpuzzles_cannot_hold_is_refused_by_name() {
    let s = Sudoku::new(9, (3, 3), &[]).unwrap();
    let refuse = |v: Variant| {
        let p = Puzzle::Sudoku(s.clone().with_variants([v]).unwrap());
        to_fpuzzles_json(&p).unwrap_err().to_string()
    };
    assert_eq!(
        refuse(Variant::GreaterThan(pair("R1C1 R1C2"))),
        "f-puzzles cannot hold the greater-than sign A1 A2: f-puzzles has no greater-than signs"
    );
    assert_eq!(
        refuse(Variant::Dot {
            cells: pair("R1C1 R1C2"),
            dot: Dot::Sum(7)
        }),
        "f-puzzles cannot hold the sum 7 dot A1 A2: f-puzzles' XV signs are X (10) and V (5) only"
    );
    assert_eq!(
        refuse(Variant::Modular {
            cells: cells("R1C1 R1C2 R1C3"),
            modulus: 4
        }),
        "f-puzzles cannot hold the modular line A1 A2 A3: f-puzzles' modular lines have modulus 3"
    );
    assert_eq!(
        refuse(Variant::Lockout {
            cells: cells("R1C1 R1C2 R1C3"),
            diff: 3
        }),
        "f-puzzles cannot hold the lockout line A1 A2 A3: f-puzzles' lockout lines' ends differ by half the size, rounded down"
    );
    assert_eq!(
        refuse(Variant::LittleKiller {
            cells: cells("R2C2 R3C3"),
            sum: 5
        }),
        "f-puzzles cannot hold the little killer B2 C3: an f-puzzles little killer sums a whole diagonal from outside the grid"
    );
    assert_eq!(
        refuse(Variant::Sandwich {
            cells: cells("R1C1 R1C2"),
            sum: 5
        }),
        "f-puzzles cannot hold the sandwich A1 A2: an f-puzzles outside clue sees a whole row or column from one end"
    );
    // The non-consecutive rule beside a white dot reads back as the white dots' negative
    // rule: refused rather than changed.
    let p = Puzzle::Sudoku(
        s.with_variants([
            Variant::NonConsecutive,
            Variant::Dot {
                cells: pair("R1C1 R1C2"),
                dot: Dot::WHITE,
            },
        ])
        .unwrap(),
    );
    assert_eq!(
        to_fpuzzles_json(&p).unwrap_err().to_string(),
        "f-puzzles cannot hold the non-consecutive: it does not read back the same"
    );
    let norvig = std::fs::read_to_string("tests/data/kenken/norvig/norvig-01-4x4.kenken").unwrap();
    let kenken = Puzzle::parse(&norvig).unwrap();
    assert_eq!(
        to_fpuzzles_link(&kenken).unwrap_err().to_string(),
        "f-puzzles holds Sudoku and Killer Sudoku, not kenken"
    );
    assert_eq!(cagesat::parse::fpuzzles_link(&kenken), None);
}

/// An empty f-puzzles grid of side `n` with `extra` members.
fn json(n: usize, extra: &str) -> String {
    let row = format!("[{}]", vec!["{}"; n].join(","));
    format!(
        "{{\"size\":{n},\"grid\":[{}]{extra}}}",
        vec![row; n].join(",")
    )
}

fn read(text: &str) -> Puzzle {
    Puzzle::parse(text).unwrap()
}

fn error(text: &str) -> String {
    Puzzle::parse(text).unwrap_err().to_string()
}

#[test]
fn fpuzzles_keys_read_as_setters_mean_them() {
    // An arrow with two lines is two arrows from one circle; lines start in the circle.
    let p = read(&json(
        9,
        r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3","R3C4"],["R1C1","R2C1"]]}]"#,
    ));
    assert_eq!(
        variants(&p),
        vec![
            format!(
                "{:?}",
                Variant::Arrow {
                    circle: cells("R1C1 R1C2"),
                    line: cells("R2C1")
                }
            ),
            format!(
                "{:?}",
                Variant::Arrow {
                    circle: cells("R1C1 R1C2"),
                    line: cells("R2C3 R3C4")
                }
            ),
        ]
    );
    // Kropki: nonconsecutive with the negative ratio rule is "all dots given".
    let p = read(&json(9, r#","nonconsecutive":true,"negative":["ratio"]"#));
    assert_eq!(
        variants(&p),
        vec![
            format!("{:?}", Variant::NegativeDots(Dot::BLACK)),
            format!("{:?}", Variant::NegativeDots(Dot::WHITE)),
        ]
    );
    let p = read(&json(9, r#","nonconsecutive":true"#));
    assert_eq!(variants(&p), vec![format!("{:?}", Variant::NonConsecutive)]);
    // One diagonal alone; both are Sudoku X.
    let p = read(&json(9, r#","diagonal+":true"#));
    assert_eq!(
        variants(&p),
        vec![format!("{:?}", Variant::Diagonal { anti: true })]
    );
    let Puzzle::Sudoku(x) = read(&json(9, r#","diagonal+":true,"diagonal-":true"#)) else {
        panic!("a Sudoku");
    };
    assert!(x.diagonals() && x.variants().is_empty());
    // A little killer from below the grid, up and to the left.
    let p = read(&json(
        4,
        r#","littlekillersum":[{"cell":"R5C3","direction":"UL","value":"6"}]"#,
    ));
    assert_eq!(
        variants(&p),
        vec![format!(
            "{:?}",
            Variant::LittleKiller {
                cells: cells("R4C2 R3C1"),
                sum: 6
            }
        )]
    );
    // A killer cage without a sum, and the user script's whispers with its difference.
    let p = read(&json(
        9,
        r#","killercage":[{"cells":["R1C1","R1C2"]}],"whispers":[{"lines":[["R2C1","R2C2"]],"value":"3"}]"#,
    ));
    assert_eq!(p.kind(), "sudoku");
    assert_eq!(
        variants(&p),
        vec![
            format!(
                "{:?}",
                Variant::Cage {
                    cells: cells("R1C1 R1C2"),
                    sum: None
                }
            ),
            format!(
                "{:?}",
                Variant::Whisper {
                    cells: cells("R2C1 R2C2"),
                    diff: 3
                }
            ),
        ]
    );
}

#[test]
fn coloured_lines_read_by_the_user_scripts_colours() {
    let line = |colour: &str| {
        format!(
            r#","line":[{{"lines":[["R1C1","R1C2","R1C3"]],"outlineC":"{colour}","width":0.25}}]"#
        )
    };
    let c = cells("R1C1 R1C2 R1C3");
    for (colour, want) in [
        ("#F067F0", Variant::Renban(c.clone())),
        (
            "#67f067",
            Variant::Whisper {
                cells: c.clone(),
                diff: 5,
            },
        ),
        (
            "#FF9A00",
            Variant::Whisper {
                cells: c.clone(),
                diff: 4,
            },
        ),
        ("#2ECBFF", Variant::RegionSum(c.clone())),
        ("#FFCCAA", Variant::Entropic(c.clone())),
        (
            "#33BBBB",
            Variant::Modular {
                cells: c.clone(),
                modulus: 3,
            },
        ),
        ("#CDB1EC", Variant::Zipper(c.clone())),
        ("#C54B8B", Variant::DoubleArrow(c.clone())),
        (
            "#006CBA",
            Variant::Lockout {
                cells: c.clone(),
                diff: 4,
            },
        ),
    ] {
        assert_eq!(
            variants(&read(&json(9, &line(colour)))),
            vec![format!("{want:?}")],
            "{colour}"
        );
    }
    // A drawing of a line read from its key adds nothing.
    let both = format!(
        r#","renban":[{{"lines":[["R1C1","R1C2","R1C3"]]}}]{}"#,
        line("#F067F0")
    );
    assert_eq!(variants(&read(&json(9, &both))).len(), 1);
    assert_eq!(
        error(&json(9, &line("#123456"))),
        "<stdin>:1:1: an f-puzzles 'line' of colour '#123456' at A1 has no rule cagesat knows (it reads renban #F067F0, German whisper #67F067, Dutch whisper #FF9A00, region sum #2ECBFF, entropic #FFCCAA, modular #33BBBB, zipper #CDB1EC, double arrow #C54B8B, lockout #006CBA, nabner #C9C883)"
    );
}

#[test]
fn fpuzzles_refusals_name_the_feature() {
    assert_eq!(
        error(&json(9, r#","minimum":[{"cell":"R1C1"}]"#)),
        "<stdin>:1:1: the f-puzzles feature 'minimum' is not supported: minimum cells are not in cagesat's models"
    );
    assert_eq!(
        error(&json(9, r#","clone":[{"cells":["R1C1"],"cloneCells":["R2C2"]}]"#)),
        "<stdin>:1:1: the f-puzzles feature 'clone' is not supported: clones are not in cagesat's models"
    );
    assert_eq!(
        error(&json(9, r#","text":[{"cells":["R1C1"],"value":"?"}]"#)),
        "<stdin>:1:1: f-puzzles 'text': a cosmetic text at R1C1 may state a rule cagesat cannot read"
    );
    assert_eq!(
        error(&json(9, r#","xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]"#)),
        "<stdin>:1:1: f-puzzles 'xv': 'Y' is neither X nor V"
    );
    // SudokuPad's metadata cages are not rules.
    let meta = read(&json(9, r#","cage":[{"cells":[],"value":"title: Mine"}]"#));
    assert!(variants(&meta).is_empty());
    // A thermometer through a cell outside the grid.
    assert_eq!(
        error(&json(4, r#","thermometer":[{"lines":[["R1C1","R1C5"]]}]"#)),
        "<stdin>:1:1: bad f-puzzles cell 'R1C5' (expected R1C1..R4C4)"
    );
}

/// SudokuPad's `scl` link of a compact JSON text.
fn scl(text: &str) -> String {
    format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(text)
    )
}

/// The compact JSON of an empty 4×4 with 2×2 regions, with `extra` members.
fn scl4(givens: &str, extra: &str) -> String {
    format!(
        "{{id:'x',cs:50,ce:[{givens}],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]{extra}}}"
    )
}

#[test]
fn sudokupad_scl_links_read_givens_cages_lines_arrows_and_dots() {
    let givens = "[{v:1},,,],[,,,],[,,,],[,,,{v:4}]";
    let link = scl(&scl4(
        givens,
        concat!(
            ",ca:[{v:'title: T'},{ce:[[0,1],[0,2]],v:5,unique:t}]",
            ",l:[{c:CFCFCF,th:21,wp:[[1.5,0.5],[2.5,0.5],[2.5,1.5]]},{c:F067F0,th:8,wp:[[1.5,2.5],[1.5,3.5]]}]",
            ",u:[{c1:CFCFCF,c2:CFCFCF,ct:[1.5,0.5],r:t,w:0.85,h:0.85}]",
            ",a:[{c:a1a1a1,th:5,hl:0.3,wp:[[3.2,1.5],[3.5,2.5]]}]",
            ",o:[{c1:a1a1a1,c2:#F,ct:[3.5,1.5],r:t,w:0.75,h:0.75},{c1:#0,c2:#0,ct:[2.5,3],r:t,w:0.3,h:0.3},{c2:#F,c1:#F,ct:[2,3.5],w:0.25,h:0.25,te:'V'}]"
        ),
    ));
    let p = read(&link);
    assert_eq!(p.kind(), "killer");
    let Puzzle::Killer(k) = &p else {
        panic!("a Killer")
    };
    assert_eq!(k.cages().len(), 1);
    assert_eq!(k.cages()[0].sum, 5);
    assert_eq!(k.sudoku().given_cells().len(), 2);
    let mut want: Vec<String> = [
        Variant::Thermo(cells("R2C1 R3C1 R3C2")),
        Variant::Renban(cells("R2C3 R2C4")),
        Variant::Arrow {
            circle: cells("R4C2"),
            line: cells("R4C3"),
        },
        Variant::Dot {
            cells: pair("R3C3 R3C4"),
            dot: Dot::BLACK,
        },
        Variant::Dot {
            cells: pair("R2C4 R3C4"),
            dot: Dot::V,
        },
    ]
    .iter()
    .map(|v| format!("{v:?}"))
    .collect();
    want.sort();
    assert_eq!(variants(&p), want);
    // Also as `?puzzleid=`.
    let id = link.replacen("sudokupad.app/", "sudokupad.app/?puzzleid=", 1);
    assert_eq!(read(&id), p);
}

#[test]
fn sudokupad_errors_point_into_the_link() {
    assert_eq!(
        error("https://sudokupad.app/abcdef1234"),
        "<stdin>:1:23: 'abcdef1234' names a puzzle kept on SudokuPad's server, which cagesat does not fetch: open it in SudokuPad and share it as a full link (…/scl…), or export it to f-puzzles"
    );
    assert_eq!(
        error("https://sudokupad.app/sclN4Ig"),
        "<stdin>:1:23: the SudokuPad link's data does not decompress (is the link complete?)"
    );
    let odd = scl(&scl4(
        "[,,,],[,,,],[,,,],[,,,]",
        ",l:[{c:123456,th:8,wp:[[0.5,0.5],[0.5,1.5]]}]",
    ));
    assert_eq!(
        error(&odd),
        "<stdin>:1:23: a line of colour '#123456' at R1C1 in the SudokuPad data is not read by cagesat (it may state a rule)"
    );
    let no_regions = scl("{ce:[[,],[,]]}");
    assert_eq!(
        error(&no_regions),
        "<stdin>:1:23: a grid without regions (no boxes) in the SudokuPad data is not read by cagesat (it may state a rule)"
    );
    // An f-puzzles payload in a SudokuPad link.
    let f = format!(
        "https://sudokupad.app/fpuzzles{}",
        lz_str::compress_to_base64(json(4, r#","minimum":[{"cell":"R1C1"}]"#).as_str())
    );
    assert_eq!(
        error(&f),
        "<stdin>:1:31: the f-puzzles feature 'minimum' is not supported: minimum cells are not in cagesat's models"
    );
    let id = f.replacen("sudokupad.app/", "sudokupad.app/?puzzleid=", 1);
    assert_eq!(
        error(&id),
        "<stdin>:1:33: the f-puzzles feature 'minimum' is not supported: minimum cells are not in cagesat's models"
    );
}
