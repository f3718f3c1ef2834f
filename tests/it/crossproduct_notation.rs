//! Norvig's list notation for CrossProduct (issue #28, item 5): the notebook's puzzles,
//! pasted as they appear there (`tests/data/crossproduct/notation/`), read as the same
//! puzzles as their keyword-line twins in `seeds/` and solve with the same counts.

use crate::common;

use cagesat::{Engine, EngineOptions, Puzzle};

/// Each notation file and its twin in `seeds/` (named in the file's first line).
const FILES: &[(&str, &str)] = &[
    ("riddler-2-lists", "riddler-2"),
    ("riddler-1-puzzle", "riddler-1"),
    ("riddler-3-named", "riddler-3"),
    ("norvig-3x3-keyword-lists", "norvig-3x3"),
    ("norvig-4col-two-lines", "norvig-4col"),
    ("norvig-multi-4-puzzle", "norvig-multi-4"),
];

#[test]
fn the_notebooks_notation_reads_as_the_same_puzzles() {
    let dir = "tests/data/crossproduct/notation";
    let listed = common::assert_every_file_listed(
        &FILES
            .iter()
            .map(|(f, _)| format!("\"{f}\""))
            .collect::<String>(),
        dir,
        &[""],
        "crossproduct",
    );
    assert_eq!(listed, FILES.len());
    let opts = EngineOptions::default();
    for (file, twin) in FILES {
        let path = format!("{dir}/{file}.crossproduct");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text
            .lines()
            .next()
            .unwrap()
            .ends_with(&format!("twin: seeds/{twin}")));
        let puzzle = common::load(&path);
        let want = common::load(&format!(
            "tests/data/crossproduct/seeds/{twin}.crossproduct"
        ));
        assert_eq!(puzzle, want, "{file}");
        // Without the file name (standard input), the text is recognised as a CrossProduct.
        assert_eq!(Puzzle::parse(&text).unwrap(), want, "{file}");
        let (got, _) = Engine::Varisat.count(&puzzle, &opts, None).unwrap();
        let (native, _) = Engine::Native.count(&want, &opts, None).unwrap();
        assert_eq!(got, native, "{file}");
        assert!(got.complete && got.count >= 1, "{file}: {got:?}");
    }
}
