//! The clause-family counts in `encodings/crossproduct.md` match the encoder.
//!
//! Each table in the document is preceded by a marker line
//! `<!-- counts: FILE ENCODING [nofilter] -->` (FILE relative to `tests/data/crossproduct/`,
//! ENCODING one of auto, tuples, mdd; `nofilter` turns the line filter off) and lists `| family | vars | clauses |` rows ending with a
//! `| total | … |` row.

use crate::common;

use cagesat::{
    encode::{ConstraintEncoding, EncodeOptions},
    Puzzle,
};

/// (file, encoding and flags, rows of (family, vars, clauses)) for every marked table.
type Table = (String, Vec<String>, Vec<(String, usize, usize)>);

fn tables(doc: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut current: Option<Table> = None;
    for line in doc.lines() {
        if let Some(rest) = line.strip_prefix("<!-- counts:") {
            let mut it = rest.trim().trim_end_matches("-->").split_whitespace();
            let file = it.next().unwrap().to_string();
            current = Some((file, it.map(str::to_string).collect(), Vec::new()));
            continue;
        }
        let Some(table) = current.as_mut() else {
            continue;
        };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 5 {
            if !table.2.is_empty() {
                out.push(current.take().unwrap());
            }
            continue;
        }
        let (Ok(v), Ok(c)) = (cells[2].parse(), cells[3].parse()) else {
            continue; // header or separator
        };
        table.2.push((cells[1].trim_matches('`').to_string(), v, c));
    }
    out.extend(current.filter(|t| !t.2.is_empty()));
    out
}

#[test]
fn documented_counts_match_the_encoder() {
    let doc = std::fs::read_to_string("encodings/crossproduct.md").unwrap();
    let tables = tables(&doc);
    assert!(tables.len() >= 2, "no count tables found");
    for (file, flags, rows) in tables {
        let puzzle: Puzzle = common::load(&format!("tests/data/crossproduct/{file}"));
        let constraint = match flags[0].as_str() {
            "auto" => ConstraintEncoding::Auto,
            "tuples" => ConstraintEncoding::Tuples,
            "mdd" => ConstraintEncoding::Mdd,
            other => panic!("unknown encoding {other}"),
        };
        let mut opts = EncodeOptions::default().with_constraint(constraint);
        opts.crossproduct.line_filter = !flags.iter().any(|f| f == "nofilter");
        let enc = puzzle.encode(&opts).unwrap();
        let mut got: Vec<(String, usize, usize)> = enc
            .families()
            .iter()
            .map(|f| (f.name.to_string(), f.stats.vars, f.stats.clauses))
            .collect();
        let total = enc.stats();
        got.push(("total".to_string(), total.vars, total.clauses));
        assert_eq!(rows, got, "{file} {flags:?}: document and encoder differ");
    }
}
