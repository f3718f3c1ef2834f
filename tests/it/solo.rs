//! Simon Tatham's Solo game IDs and jigsaw Sudoku: every shipped ID (`tests/data/solo`,
//! made by Solo itself, see its README) parses, is proven unique by the native engine and
//! varisat, and its solution is the one Solo printed, accepted by the verifier; IDs and the
//! text formats round-trip; a brute-force search written here (regions read from the map,
//! nothing from the library's rules) agrees with every engine on tiny jigsaws; bad IDs and
//! region maps get one positioned line.

use std::path::Path;

use crate::common;

use cagesat::puzzle::Sudoku;
use cagesat::{Cell, Engine, EngineOptions, Grid, ParseOptions, Puzzle};

/// One test per shipped ID: unique on the native engine and on varisat, equal to Solo's
/// own solution (`.sol`), verified; and its ID written back is the file's.
macro_rules! solo {
    ($name:ident, $stem:literal) => {
        mod $name {
            use super::*;

            #[test]
            fn native() {
                common::check_unique_with_known_solution(&Engine::Native, &path($stem));
            }

            #[test]
            fn varisat() {
                common::check_unique_with_known_solution(&Engine::Varisat, &path($stem));
            }

            #[test]
            fn round_trip() {
                round_trips(&path($stem));
            }
        }
    };
}

/// The path of a shipped ID.
fn path(stem: &str) -> String {
    format!("tests/data/solo/{stem}.solo")
}

solo!(s4x4_trivial, "4x4-trivial");
solo!(s6x6_basic, "6x6-basic");
solo!(s6x6_intermediate, "6x6-intermediate");
solo!(s6x6_jigsaw, "6x6-jigsaw");
solo!(s6x6_killer, "6x6-killer");
solo!(s9x9_trivial, "9x9-trivial");
solo!(s9x9_basic, "9x9-basic");
solo!(s9x9_intermediate, "9x9-intermediate");
solo!(s9x9_advanced, "9x9-advanced");
solo!(s9x9_extreme, "9x9-extreme");
solo!(s9x9_unreasonable, "9x9-unreasonable");
solo!(s9x9_x_basic, "9x9-x-basic");
solo!(s9x9_x_advanced, "9x9-x-advanced");
solo!(s9x9_jigsaw_basic, "9x9-jigsaw-basic");
solo!(s9x9_jigsaw_advanced, "9x9-jigsaw-advanced");
solo!(s9x9_jigsaw_x, "9x9-jigsaw-x");
solo!(s9x9_killer, "9x9-killer");
solo!(s9x9_killer_intermediate, "9x9-killer-intermediate");
solo!(s9x9_killer_x, "9x9-killer-x");
solo!(s9x9_killer_jigsaw, "9x9-killer-jigsaw");
solo!(s12x12_basic, "12x12-basic");

#[test]
fn every_shipped_id_has_a_test_line() {
    let source = std::fs::read_to_string("tests/it/solo.rs").unwrap();
    let found = common::assert_every_file_listed(&source, "tests/data/solo", &[""], "solo");
    assert_eq!(found, 21);
}

/// The ID of the file (its one line that is not a comment).
fn file_id(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    line.trim().to_string()
}

/// The puzzle's ID is the file's, reads back to the same puzzle without a file name, and
/// so does its text format (`.sudoku` or `.killer`, recognised by its look).
fn round_trips(path: &str) {
    let puzzle = common::load(path);
    let id = file_id(path);
    // Written bare, as Solo reads it; the files keep the `solo:` prefix.
    let written = id.trim_start_matches("solo:");
    assert_eq!(puzzle.to_solo_id().as_deref(), Some(written), "{path}");
    assert_eq!(Puzzle::parse(written).unwrap(), puzzle, "{path}: bare ID");
    assert_eq!(Puzzle::parse(&id).unwrap(), puzzle, "{path}: ID");
    let text = puzzle.to_string();
    assert_eq!(
        Puzzle::parse(&text).unwrap(),
        puzzle,
        "{path}: text\n{text}"
    );
    let bare = id.trim_start_matches("solo:");
    let opts = ParseOptions::default().path("x.solo");
    assert_eq!(Puzzle::parse_with(bare, &opts).unwrap(), puzzle, "{path}");
}

#[test]
fn the_kinds_and_variants_are_read() {
    let kind = |stem: &str| {
        let p = common::load(&path(stem));
        let s = p
            .as_sudoku()
            .or_else(|| p.as_killer().map(|k| k.sudoku()))
            .unwrap();
        (p.kind(), s.size(), s.diagonals(), s.regions().is_some())
    };
    assert_eq!(kind("6x6-basic"), ("sudoku", 6, false, false));
    assert_eq!(kind("9x9-x-basic"), ("sudoku", 9, true, false));
    assert_eq!(kind("9x9-jigsaw-x"), ("sudoku", 9, true, true));
    assert_eq!(kind("9x9-killer-x"), ("killer", 9, true, false));
    assert_eq!(kind("9x9-killer-jigsaw"), ("killer", 9, false, true));
    assert_eq!(kind("12x12-basic"), ("sudoku", 12, false, false));
}

#[test]
fn a_jigsaw_text_file_round_trips() {
    let path = "tests/data/solo/6x6-jigsaw.sudoku";
    let text = std::fs::read_to_string(path).unwrap();
    let puzzle = common::load(path);
    assert_eq!(puzzle.to_string(), text);
    assert_eq!(puzzle, common::load("tests/data/solo/6x6-jigsaw.solo"));
    common::check_unique_with_known_solution(&Engine::Native, path);
}

#[test]
fn a_jigsaw_killer_text_file_round_trips() {
    let path = "tests/data/solo/9x9-killer-jigsaw.killer";
    let text = std::fs::read_to_string(path).unwrap();
    let puzzle = common::load(path);
    assert_eq!(puzzle.to_string(), text);
    assert_eq!(
        puzzle,
        common::load("tests/data/solo/9x9-killer-jigsaw.solo")
    );
}

/// Every grid of side `n` whose rows, columns, regions (`map`, read cell by cell) and, with
/// `x`, diagonals hold distinct digits, and that holds `givens`: brute force, sharing no
/// code with the library.
fn brute(n: usize, map: &[&str], givens: &[(usize, usize, u8)], x: bool) -> Vec<Vec<Vec<u8>>> {
    let region: Vec<Vec<u8>> = map.iter().map(|r| r.bytes().collect()).collect();
    let mut out = Vec::new();
    let mut g = vec![vec![0u8; n]; n];
    for &(r, c, d) in givens {
        g[r][c] = d;
    }
    fill(n, &region, x, &mut g, 0, &mut out);
    out
}

fn fill(
    n: usize,
    region: &[Vec<u8>],
    x: bool,
    g: &mut Vec<Vec<u8>>,
    i: usize,
    out: &mut Vec<Vec<Vec<u8>>>,
) {
    if i == n * n {
        out.push(g.clone());
        return;
    }
    let (r, c) = (i / n, i % n);
    let given = g[r][c];
    for d in 1..=n as u8 {
        if given != 0 && d != given {
            continue;
        }
        g[r][c] = 0;
        let clash = (0..n).any(|k| g[r][k] == d || g[k][c] == d)
            || (0..n * n).any(|j| region[j / n][j % n] == region[r][c] && g[j / n][j % n] == d)
            || (x && r == c && (0..n).any(|k| g[k][k] == d))
            || (x && r + c == n - 1 && (0..n).any(|k| g[k][n - 1 - k] == d));
        if !clash {
            g[r][c] = d;
            fill(n, region, x, g, i + 1, out);
        }
        g[r][c] = given;
    }
}

/// The region map as the library takes it.
fn map_grid(map: &[&str]) -> Grid<u8> {
    Grid::from_rows(map.iter().map(|r| r.bytes().collect()).collect()).unwrap()
}

/// Every engine enumerates exactly the brute-force grids of a tiny jigsaw.
fn engines_match_brute(map: &[&str], givens: &[(usize, usize, u8)], x: bool) {
    let n = map.len();
    let cells: Vec<(Cell, u8)> = givens
        .iter()
        .map(|&(r, c, d)| (Cell::new(r as u8, c as u8), d))
        .collect();
    let mut s = Sudoku::jigsaw(n, &map_grid(map), &cells).unwrap();
    if x {
        s = s.with_diagonals().unwrap();
    }
    let puzzle = Puzzle::Sudoku(s);
    let mut want = brute(n, map, givens, x);
    want.sort();
    assert!(!want.is_empty(), "{map:?}: no solution to compare");
    for engine in [Engine::Native, Engine::Varisat, Engine::Dpll] {
        let (grids, count) = common::solutions(&engine, &puzzle, &EngineOptions::default(), None);
        assert!(count.complete, "{}", engine.name());
        for g in &grids {
            puzzle.verify(g).unwrap();
        }
        assert_eq!(common::sorted(&grids), want, "{map:?} on {}", engine.name());
    }
}

#[test]
fn tiny_jigsaws_match_brute_force() {
    let a = ["AAAB", "CCAB", "CCDB", "DDDB"];
    engines_match_brute(&a, &[(0, 0, 1), (3, 3, 2)], false);
    engines_match_brute(&a, &[(0, 0, 1)], false);
    // Region D is in two pieces: the rules do not need regions to be connected.
    let b = ["AABB", "ACCB", "ACDB", "DCDD"];
    engines_match_brute(&b, &[], false);
    engines_match_brute(&b, &[(1, 2, 3)], false);
    // The boxes written as regions, with the diagonals of an X.
    let boxes = ["AABB", "AABB", "CCDD", "CCDD"];
    engines_match_brute(&boxes, &[(1, 2, 3)], true);
    let c = ["AABBB", "AACBB", "ACCCD", "EECDD", "EEEDD"];
    engines_match_brute(&c, &[(0, 0, 1), (2, 2, 3), (4, 4, 5)], false);
}

#[test]
fn region_maps_may_be_written_with_any_letters() {
    let spaced =
        "1 . . .\n. . . .\n. . . .\n. . . 2\nregions\nx x x y\nz z x y\nz z w y\nw w w y\n";
    let tight = "1...\n....\n....\n...2\nREGIONS\nAAAB\nCCAB\nCCDB\nDDDB\n";
    let a = Puzzle::parse(spaced).unwrap();
    assert_eq!(a, Puzzle::parse(tight).unwrap());
    assert_eq!(
        a.to_string(),
        "1 . . .\n. . . .\n. . . .\n. . . 2\nregions\nA A A B\nC C A B\nC C D B\nD D D B\n"
    );
}

/// The error a text (or ID) gets, as the command line prints it.
fn error(text: &str, name: &str) -> String {
    let opts = ParseOptions::default().path(name);
    Puzzle::parse_with(text, &opts).unwrap_err().to_string()
}

#[test]
fn bad_ids_are_positioned() {
    let cases = [
        ("solo:3x3", "x.solo:1:9: expected ',' and the grid after the parameters"),
        ("solo:3x3#123", "x.solo:1:9: '#' starts a random seed, which only Solo can expand; give the game ID (solo:PARAMS:…) instead"),
        ("solo:5x5:a", "x.solo:1:6: Solo size 25 is out of range (sides 1..=16)"),
        ("solo:2x2q:p", "x.solo:1:9: unexpected 'q' in the Solo parameters (expected CxR or Nj, then x, k, dD)"),
        ("solo:2x2dz:p", "x.solo:1:10: unknown difficulty 'z' (expected t, b, i, a, e or u after 'd')"),
        ("solo:2x2:o", "x.solo:1:11: the grid ends after 15 of its 16 squares"),
        ("solo:2x2:q", "x.solo:1:10: the grid describes more than its 16 squares"),
        ("solo:2x2:5o", "x.solo:1:10: number 5 is out of range (expected 1..=4)"),
        ("solo:2x2:1o!", "x.solo:1:12: unexpected '!' in the grid (expected a-z for empty squares, a number or '_')"),
        ("solo:2x2:1_1n", "x.solo:1:10: given 1 repeats in row A (cells A1 and A2)"),
        ("solo:2x2:p,", "x.solo:1:11: unexpected text after the Solo game ID"),
        ("solo:4j:p", "x.solo:1:10: expected ',' and the region structure after the grid"),
        ("solo:4j:p,a", "x.solo:1:12: the region structure ends after 2 of the 24 internal edges"),
        ("solo:4j:p,a!", "x.solo:1:12: unexpected '!' in the region structure (expected '_' or a-z)"),
        ("solo:4j:p,zz", "x.solo:1:11: the region structure describes more than the 24 internal edges"),
        ("solo:4j:p,__________________________", "x.solo:1:36: the region structure describes more than the 24 internal edges"),
        ("solo:4j:p,x", "x.solo:1:11: region A (first cell A1) has 16 cells, expected 4"),
        ("solo:2x2k:p,x,p", "x.solo:1:15: the cage at A1 has no sum"),
        ("solo:2x2k:p,x,10o", "x.solo:1:15: cage 10 at A1 has 16 cells, more than the 4 digits 1..=4 (the digits of a cage differ)"),
        ("solo:2x2k:p,x", "x.solo:1:14: expected ',' and the cage sums after the cage structure"),
        ("# nothing\n", "x.solo:1:1: no Solo game ID found (expected solo:PARAMS:GRID)"),
    ];
    for (text, want) in cases {
        assert_eq!(error(text, "x.solo"), want, "{text}");
    }
    // One ID a file (two lines of IDs are a collection, read line by line).
    let two = cagesat::parse::parse_solo_id("solo:2x2:p\n  solo:2x2:p").unwrap_err();
    assert_eq!((two.pos.line, two.pos.col), (2, 3));
    assert!(two
        .to_string()
        .ends_with("unexpected text after the Solo game ID"));
    let lines: Vec<usize> =
        Puzzle::parse_all("solo:2x2:p\nsolo:2x2:1o\n", &ParseOptions::default())
            .map(|(line, p)| p.map(|_| line).unwrap())
            .collect();
    assert_eq!(lines, vec![1, 2]);
}

#[test]
fn two_sums_in_a_cage_are_refused() {
    // A 4x4 of 2-cell cages along the rows, whose first cage A1-A2 has sums at A1 and A2.
    let id = "solo:2x2k:p,abbba____________,3_3_7a7a3a3a7a7a3a";
    let one = "solo:2x2k:p,abbba____________,3a7a7a3a3a7a7a3a";
    assert_eq!(Puzzle::parse(one).unwrap().kind(), "killer");
    let e = error(id, "x.solo");
    assert!(e.contains("has two sums (at A1 and A2)"), "{e}");
}

#[test]
fn bad_region_maps_are_positioned() {
    let grid = "1 . . .\n. . . .\n. . . .\n. . . 2\n";
    let cases = [
        (
            "regions\nA A A B\nC C A B\nC C D B\n",
            "x.sudoku:9:1: the region map has 3 rows, expected 4",
        ),
        (
            "regions\nA A A B\nC C A B\nC C D B\nD D D B\nD\n",
            "x.sudoku:10:1: the region map has 5 rows, expected 4",
        ),
        (
            "regions\nA A A B\nC C A\nC C D B\nD D D B\n",
            "x.sudoku:7:5: region row 2 has 3 letters, expected 4",
        ),
        (
            "regions\nA A A B\nC C 1 B\nC C D B\nD D D B\n",
            "x.sudoku:7:5: bad region letter '1' (expected a letter A-Z or a-z)",
        ),
        (
            "regions\nA A A B\nC C A B\nC C D B\nD D B B\n",
            "x.sudoku:6:7: region B (first cell A4) has 5 cells, expected 4",
        ),
        (
            "regions\nA A A A\nB B B B\nC C C C\nD D D E\n",
            "x.sudoku:9:1: region D (first cell D1) has 3 cells, expected 4",
        ),
    ];
    for (map, want) in cases {
        assert_eq!(error(&format!("{grid}{map}"), "x.sudoku"), want, "{map}");
    }
    // A given repeated in a region is named at the given.
    let twice = "1 . . .\n. . 1 .\n. . . .\n. . . .\nregions\nA A A B\nC C A B\nC C D B\nD D D B\n";
    assert_eq!(
        error(twice, "x.sudoku"),
        "x.sudoku:2:5: given 1 repeats in region A (cells A1 and B3)"
    );
    // In a .killer, 'regions' replaces 'boxes'.
    let both = "size 4\nboxes 2x2\nregions\nAAAB\nCCAB\nCCDB\nDDDB\n3 A1 A2\n";
    assert_eq!(
        error(both, "x.killer"),
        "x.killer:3:1: a jigsaw has 'regions' in place of 'boxes', not both"
    );
}

#[test]
fn solo_cannot_hold_every_killer() {
    // A cage of one cell, and cells in no cage: no Solo ID.
    let k = Puzzle::parse("size 4\nboxes 2x2\n3 A1 A2\n4 = B1\n").unwrap();
    assert_eq!(k.to_solo_id(), None);
    // A jigsaw whose region is in two pieces: no Solo ID either.
    let s = Puzzle::parse("....\n....\n....\n....\nregions\nABAB\nCDCD\nABAB\nCDCD\n").unwrap();
    assert_eq!(s.to_solo_id(), None);
    // A 4x4 with boxes of one column reads back as a jigsaw of the same regions.
    let cols = Sudoku::new(4, (4, 1), &[]).unwrap();
    let id = Puzzle::Sudoku(cols.clone()).to_solo_id().unwrap();
    assert!(id.starts_with("4j:"), "{id}");
    let back = Puzzle::parse(&id).unwrap();
    assert_eq!(back.as_sudoku().unwrap().box_grid(), cols.box_grid());
    assert!(Path::new("tests/data/solo/README.md").exists());
}

#[test]
fn jigsaw_pictures_wall_the_regions() {
    let jigsaw = common::load(&path("9x9-jigsaw-basic"));
    let s = jigsaw.as_sudoku().unwrap();
    let boxed = Puzzle::Sudoku(Sudoku::new(9, (3, 3), &s.given_cells()).unwrap());
    let walls = |p: &Puzzle| {
        let svg = p.render_svg(None);
        let start = svg.find("box-walls").unwrap();
        let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
        (svg.contains("Jigsaw Sudoku 9x9"), group.to_string())
    };
    let (titled, jigsaw_walls) = walls(&jigsaw);
    let (boxed_titled, box_walls) = walls(&boxed);
    assert!(titled && !boxed_titled);
    assert_ne!(jigsaw_walls, box_walls);
}
