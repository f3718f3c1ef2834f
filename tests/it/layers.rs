//! The library's modules form layers: every `crate::…` path in a module's code (comments and
//! `#[cfg(test)]` code aside) names a module of a lower layer, so there is no import cycle
//! and no upward import. The kind seam (`kind`) sits above everything that does the work for
//! one kind (`encode`, `verify`, `native`, `model`, `render`, `smtlib`, `grade`, `parse`), and
//! the engines above it; the verifier imports nothing from the encoder, the constraint model
//! or the searches, so a wrong lowering is caught.

use std::collections::BTreeSet;
use std::path::PathBuf;

/// The top-level modules of `src/`, lowest layer first.
const LAYERS: &[&str] = &[
    "grid", "tree", "stop", "rng", "lrat", "answer", "puzzle", "tuples", "product", "line",
    "parse", "verify", "render", "smtlib", "cnf", "encode", "native", "model", "backend", "grade",
    "kind", "engine", "setter", "generate",
];

/// The modules the verifier must never import: it shares no code with the encoder.
const NOT_FOR_THE_VERIFIER: &[&str] = &[
    "cnf", "encode", "tuples", "native", "model", "product", "line", "kind",
];

/// `(from, to, file)` for every `crate::to` path in the non-test code of module `from`.
fn edges() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for path in files_under("src") {
        let rel = path.strip_prefix("src").expect("under src");
        let file = rel.to_string_lossy().to_string();
        let from = file
            .split('/')
            .next()
            .expect("a first component")
            .trim_end_matches(".rs")
            .to_string();
        let name = path.file_name().expect("a name").to_string_lossy();
        if from == "lib" || name.contains("tests") || path.extension() != Some("rs".as_ref()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let code = text.split("#[cfg(test)]").next().expect("some text");
        for line in code.lines() {
            let line = line.trim_start();
            if line.starts_with("//") {
                continue;
            }
            for (i, _) in line.match_indices("crate::") {
                let to: String = line[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if to != from && !to.is_empty() {
                    out.push((from.clone(), to, file.clone()));
                }
            }
        }
    }
    out
}

/// Every file under `dir`, at any depth.
pub(crate) fn files_under(dir: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

fn layer(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|m| *m == module)
        .unwrap_or_else(|| panic!("module {module} is not in LAYERS: place it"))
}

#[test]
fn every_import_runs_downward() {
    let edges = edges();
    assert!(edges.len() > 50, "found only {} imports", edges.len());
    let upward: BTreeSet<String> = edges
        .iter()
        .filter(|(from, to, _)| layer(to) >= layer(from))
        .map(|(from, to, file)| format!("{file}: {from} imports {to}"))
        .collect();
    assert!(upward.is_empty(), "upward imports:\n{upward:#?}");
}

#[test]
fn the_verifier_shares_no_code_with_the_encoder() {
    let bad: BTreeSet<String> = edges()
        .into_iter()
        .filter(|(from, to, _)| from == "verify" && NOT_FOR_THE_VERIFIER.contains(&to.as_str()))
        .map(|(_, to, file)| format!("{file} imports {to}"))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_module_of_src_has_a_layer() {
    for entry in std::fs::read_dir("src").expect("src") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        let module = name.trim_end_matches(".rs");
        if module != "lib" {
            let _ = layer(module);
        }
    }
}

/// Every verifier (the files of `src/verify/` and each kind's `verify.rs`) reads the puzzle's
/// own constraints from their definitions: no path into the encoder, the model or the
/// searches; and the grid verifiers read none of the model's rules (`Relation`, `LineRule`,
/// `Variant::lower`), so a wrong lowering of a variant is caught. (The replay of
/// explanations, `src/verify/replay/`, checks steps against the model's named constraints,
/// rules included, by design.)
#[test]
fn no_verifier_reads_the_model() {
    let mut files = files_under("src/verify");
    for entry in std::fs::read_dir("src/kind").expect("src/kind") {
        let verify = entry.expect("entry").path().join("verify.rs");
        if verify.exists() {
            files.push(verify);
        }
    }
    assert!(
        files.len() >= 8,
        "found only {} verifier files",
        files.len()
    );
    let mut bad = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let code = text.split("#[cfg(test)]").next().expect("some text");
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let model = NOT_FOR_THE_VERIFIER
                .iter()
                .any(|m| line.contains(&format!("crate::{m}")));
            let replay = path.starts_with("src/verify/replay");
            let rules = ["rule::", "LineRule", "Relation", "RuleKind", ".lower("]
                .iter()
                .any(|r| !replay && line.contains(r));
            if model || rules {
                bad.push(format!("{}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

/// The folders where a match over the puzzle kinds belongs: the kind seam, the readers and
/// writers of formats, and the generators.
const KIND_SEAM: &[&str] = &["src/kind", "src/parse", "src/generate"];

/// The distinct `Puzzle::Variant` names in `text` (`Puzzle::parse` and other functions
/// aside: a variant starts with a capital).
fn puzzle_variants(text: &str) -> BTreeSet<String> {
    text.match_indices("Puzzle::")
        .filter(|(i, _)| {
            // `KindPuzzle::` or `self::Puzzle::`-like prefixes are other names.
            !text[..*i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
        .map(|(i, _)| {
            text[i + 8..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| name.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect()
}

/// Outside the kind seam, at most 2 files of the library and the three front ends (the CLI,
/// the Python module, the page) name two or more variants of `Puzzle`, tests and comments
/// included: the rest go through the library's per-kind calls (`Kind`, `generate`).
#[test]
fn few_files_outside_the_kind_seam_dispatch_on_kinds() {
    let mut files: Vec<PathBuf> = ["src", "cli/src", "python/src", "web/src"]
        .iter()
        .flat_map(|dir| files_under(dir))
        .filter(|p| p.extension() == Some("rs".as_ref()))
        .filter(|p| !KIND_SEAM.iter().any(|seam| p.starts_with(seam)))
        .collect();
    files.sort();
    assert!(files.len() > 100, "found only {} files", files.len());
    let dispatching: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).expect("readable");
            let variants = puzzle_variants(&text);
            (variants.len() >= 2).then(|| format!("{}: {variants:?}", path.display()))
        })
        .collect();
    assert!(
        dispatching.len() <= 2,
        "{} files outside the kind seam match on kinds:\n{dispatching:#?}",
        dispatching.len()
    );
    assert_eq!(
        puzzle_variants(
            "match p { Puzzle::KenKen(k) => 1, Puzzle::Sudoku(_) => 2, _ => Puzzle::parse(t) }"
        ),
        BTreeSet::from(["KenKen".to_string(), "Sudoku".to_string()])
    );
}
