//! Every line family of the table, walked through every place that must know it: the
//! lowering against the independent verifier on a solved 9×9 (both agree on every line
//! tried, and both verdicts occur), the text, ISS and f-puzzles round trips, the
//! f-puzzles and SudokuPad colours, the SVG class, the text picture and the CNF family.

use super::*;
use crate::encode::EncodeOptions;
use crate::grid::Grid;
use crate::puzzle::{Puzzle, Sudoku};
use crate::{Engine, EngineOptions, Outcome};

/// A solved 9×9 Sudoku, found by the solver.
fn solved() -> Grid<u8> {
    let empty = Puzzle::Sudoku(Sudoku::new(9, (3, 3), &[]).expect("a 9x9"));
    match Engine::Native.solve(&empty, &EngineOptions::default()) {
        Ok((Outcome::Solved { grid, .. }, _)) => grid,
        other => panic!("an empty 9x9 has a solution: {other:?}"),
    }
}

/// Walks of 3 to 6 orthogonal neighbours through distinct cells, from a fixed seed.
fn walks(count: usize) -> Vec<Vec<Cell>> {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |k: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % k
    };
    let mut out = Vec::new();
    while out.len() < count {
        let len = 3 + next(4) as usize;
        let mut cells = vec![Cell::new(next(9) as u8, next(9) as u8)];
        while cells.len() < len {
            let last = cells[cells.len() - 1];
            let (dr, dc) = [(0i8, 1i8), (1, 0), (0, -1), (-1, 0)][next(4) as usize];
            let (r, c) = (last.row as i8 + dr, last.col as i8 + dc);
            if !(0..9).contains(&r) || !(0..9).contains(&c) {
                continue;
            }
            let cell = Cell::new(r as u8, c as u8);
            if cells.contains(&cell) {
                break;
            }
            cells.push(cell);
        }
        if cells.len() == len {
            out.push(cells);
        }
    }
    out
}

/// The number a family's line is tried with on a 9×9: its text default, else f-puzzles'.
fn number(line: &Line) -> u8 {
    match line.param {
        Param::Lead {
            default: Some(d), ..
        } => d,
        _ => line.fpuzzles_default(9),
    }
}

/// The puzzle: the solution as givens when `givens`, and the one variant.
fn puzzle(grid: &Grid<u8>, v: &Variant, givens: bool) -> Puzzle {
    let given: Vec<(Cell, u8)> = if givens {
        (0..9u8)
            .flat_map(|r| (0..9u8).map(move |c| Cell::new(r, c)))
            .map(|c| (c, *grid.get(c)))
            .collect()
    } else {
        Vec::new()
    };
    let s = Sudoku::new(9, (3, 3), &given)
        .expect("a 9x9")
        .with_variants([v.clone()])
        .expect("a line that fits");
    Puzzle::Sudoku(s)
}

/// A line the solution keeps and one it breaks, for each family, after checking that the
/// lowering (the solver) and the verifier agree on every walk tried.
fn examples(grid: &Grid<u8>) -> Vec<(&'static Line, Variant, Variant)> {
    let walks = walks(2000);
    let opts = EngineOptions::default();
    let mut out = Vec::new();
    for line in LINES {
        let (mut kept, mut broken): (Vec<Variant>, Vec<Variant>) = (Vec::new(), Vec::new());
        for cells in &walks {
            let v = (line.make)(cells.clone(), number(line));
            assert_eq!(v.family(), line.name, "{v:?}");
            assert!(line_of(&v).is_some_and(|(l, _, _)| l.name == line.name));
            assert!(is_line(&v), "{v:?} is a line");
            if v.check(9).is_err() {
                continue;
            }
            let p = puzzle(grid, &v, true);
            let verified = p.verify(grid).is_ok();
            let solved = matches!(
                Engine::Native.solve(&p, &opts),
                Ok((Outcome::Solved { .. }, _))
            );
            assert_eq!(solved, verified, "the lowering and the verifier on {v}");
            if verified {
                kept.push(v);
            } else {
                broken.push(v);
            }
            if kept.len() >= 3 && broken.len() >= 3 && kept.len() + broken.len() >= 40 {
                break;
            }
        }
        assert!(
            !kept.is_empty() && !broken.is_empty(),
            "{}: {} kept, {} broken",
            line.name,
            kept.len(),
            broken.len()
        );
        out.push((line, kept.swap_remove(0), broken.swap_remove(0)));
    }
    out
}

#[test]
fn every_line_family_is_known_everywhere() {
    let grid = solved();
    let mut classes = Vec::new();
    for (line, kept, broken) in examples(&grid) {
        let p = puzzle(&grid, &kept, false);
        let variants = |q: &Puzzle| match q {
            Puzzle::Sudoku(s) => s.variants().to_vec(),
            other => panic!("a Sudoku, not {}", other.kind()),
        };
        // The verifier names the broken line.
        let err = puzzle(&grid, &broken, false).verify(&grid).unwrap_err();
        assert!(err.to_string().contains(&broken.name()), "{err}");
        // Text: the line reads back.
        let text = p.to_string();
        assert!(text.contains(&format!("\n{} ", line.text)), "{text}");
        assert_eq!(Puzzle::parse(&text).as_ref(), Ok(&p), "{text}");
        // ISS: reads back, or is refused by name when ISS has no such line.
        match (line.iss, crate::parse::iss_string(&p)) {
            (Some(name), Ok(s)) => {
                assert!(s.contains(&format!(".{name}~")), "{s}");
                let back = Puzzle::parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
                assert_eq!(variants(&back), std::slice::from_ref(&kept), "{s}");
            }
            (None, Err(e)) => assert!(e.to_string().contains(&kept.name()), "{e}"),
            (name, answer) => panic!("{}: ISS {name:?} but {answer:?}", line.name),
        }
        // f-puzzles: the key, read back; the cosmetic line alone reads as the family.
        let json = crate::parse::to_fpuzzles_json(&p).expect("f-puzzles holds it");
        assert!(
            json.contains(&format!("\"{}\"", line.fpuzzles.key)),
            "{json}"
        );
        let link = crate::parse::fpuzzles_link(&p).expect("a link");
        let back = Puzzle::parse(&link).expect("the link reads back");
        assert_eq!(variants(&back), std::slice::from_ref(&kept));
        let cells: Vec<String> = kept
            .cells()
            .iter()
            .map(|c| format!("\"R{}C{}\"", c.row + 1, c.col + 1))
            .collect();
        let row = format!("[{}]", ["{}"; 9].join(","));
        let rows = vec![row; 9].join(",");
        let default = (line.make)(kept.cells(), line.fpuzzles_default(9));
        for (i, colour) in line.fpuzzles.colours.iter().enumerate() {
            let cosmetic = format!(
                "{{\"size\":9,\"grid\":[{rows}],\"line\":[{{\"lines\":[[{}]],\"outlineC\":\"{colour}\"}}]}}",
                cells.join(",")
            );
            let back = Puzzle::parse(&cosmetic).unwrap_or_else(|e| panic!("{cosmetic}: {e}"));
            let read = variants(&back);
            if i == 0 {
                assert_eq!(read, std::slice::from_ref(&default), "{colour}");
            } else {
                assert_eq!(read[0].family(), line.name, "{colour}");
            }
            // SudokuPad reads its lines by the same colours.
            assert!(by_drawing(None, colour).is_some_and(|l| l.name == line.name));
        }
        for script in line.fpuzzles.scripts {
            assert!(by_drawing(Some(script), "").is_some_and(|l| l.name == line.name));
        }
        // The drawing: its class in the SVG, its name in the text picture.
        let svg = p.render_svg(None);
        let class = line.drawing.class();
        assert!(svg.contains(&format!("class=\"{class}\"")), "{}", line.name);
        classes.push(class);
        let picture = p.render_text(None);
        assert!(picture.contains(&kept.name()), "{picture}");
        if let Param::Lead { .. } = line.param {
            assert!(
                picture.contains(&format!("{} {}", kept.name(), number(line))),
                "{picture}"
            );
        }
        // The CNF names its family.
        let enc = p.encode(&EncodeOptions::default()).expect("encodes");
        assert!(
            enc.family(line.cnf).clauses > 0,
            "{}: {:?}",
            line.cnf,
            enc.families()
        );
    }
    // Names are not shared between families.
    for pick in [
        |l: &Line| l.name,
        |l: &Line| l.cnf,
        |l: &Line| l.text,
        |l: &Line| l.fpuzzles.key,
    ] {
        let mut names: Vec<&str> = LINES.iter().map(pick).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LINES.len());
    }
    assert!(classes.len() == LINES.len());
}

#[test]
fn labels_and_cnf_names_are_distinct() {
    let mut labels: Vec<&str> = labels().collect();
    let mut cnf: Vec<&str> = labels.iter().map(|l| cnf_name(l)).collect();
    labels.sort_unstable();
    labels.dedup();
    cnf.sort_unstable();
    cnf.dedup();
    assert_eq!(labels.len(), LINES.len() + OTHERS.len());
    assert_eq!(cnf.len(), labels.len());
    assert!(!cnf.contains(&"variant"));
}

#[test]
fn the_pages_and_messages_name_every_line_family() {
    let page = include_str!("../../../encodings/sudoku.md");
    let section = |from: &str, to: &str| -> &str {
        let a = page
            .find(from)
            .unwrap_or_else(|| panic!("{from} in sudoku.md"));
        let b = page[a..].find(to).map_or(page.len(), |b| a + b);
        &page[a..b]
    };
    let fpuzzles = section("| family | f-puzzles |", "## Variant constraints");
    let text = section("## Variant constraints", "### Interactive Sudoku Solver");
    let iss = section("### Interactive Sudoku Solver", "ISS's 61 example");
    let clauses = include_str!("../../../encodings/variants.md");
    let unknown = crate::parse::FpuzzlesError::UnknownLine {
        colour: String::new(),
        cell: Cell::new(0, 0),
    }
    .to_string();
    for line in LINES {
        assert!(text.contains(&format!("`{} ", line.text)), "{}", line.text);
        if let Some(name) = line.iss {
            assert!(iss.contains(&format!("`{name}`")), "{name}");
        }
        assert!(fpuzzles.contains(&format!("`{}`", line.fpuzzles.key)));
        for colour in line.fpuzzles.colours {
            assert!(fpuzzles.contains(&format!("`{colour}`")), "{colour}");
        }
        if let Some(colour) = line.fpuzzles.colours.first() {
            assert!(unknown.contains(colour), "{colour} in {unknown}");
        }
        assert!(clauses.contains(&format!("`{}`", line.cnf)), "{}", line.cnf);
    }
}
