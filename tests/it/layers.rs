//! The library's modules form layers: every `crate::…` path in a module's code (comments and
//! `#[cfg(test)]` code aside) names a module of a lower layer, so there is no import cycle
//! and no upward import. The kind seam (`kind`) sits above everything that does the work for
//! one kind (`encode`, `verify`, `native`, `model`, `render`, `smtlib`, `grade`, `parse`), and
//! the engines above it; the verifier imports nothing from the encoder, the constraint model
//! or the searches, so a wrong lowering is caught. A kind's folder holds its model and its
//! verifier too: those two files count in the layers they are named after (`KIND_FILES`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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

/// The files of a kind's folder (`src/kind/<kind>/`) that belong to a lower layer, by name:
/// the kind's model (`puzzle.rs`), which the parsers and encoders read, and its verifier
/// (`verify.rs`). The folder's other files (the glue, the formula, the drawing) are the seam's.
const KIND_FILES: &[&str] = &["puzzle", "verify"];

/// The layer of a module path (`["kind", "kenken", "puzzle"]`, from `src/kind/kenken/puzzle.rs`
/// or `crate::kind::kenken::puzzle`): its first module, or the layer a kind's file is named
/// after (`KIND_FILES`).
fn layer_of(path: &[&str]) -> String {
    match path {
        ["kind", kind, file, ..]
            if KIND_FILES.contains(file) && Path::new("src/kind").join(kind).is_dir() =>
        {
            (*file).to_string()
        }
        [first, ..] => (*first).to_string(),
        [] => String::new(),
    }
}

/// The layers that the `crate::…` paths of one line of code name.
fn targets(line: &str) -> Vec<String> {
    line.match_indices("crate::")
        .map(|(i, _)| {
            let rest = &line[i + 7..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let path: Vec<&str> = rest[..end].split("::").collect();
            layer_of(&path)
        })
        .collect()
}

/// The lines of a source file's non-test code, comments left out.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    let code = text.split("#[cfg(test)]").next().expect("some text");
    code.lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//"))
}

/// `(from, to, file)` for every `crate::to` path in the non-test code of module `from`.
fn edges() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for path in files_under("src") {
        let rel = path.strip_prefix("src").expect("under src");
        let file = rel.to_string_lossy().to_string();
        let name = path.file_name().expect("a name").to_string_lossy();
        if file == "lib.rs" || name.contains("tests") || path.extension() != Some("rs".as_ref()) {
            continue;
        }
        let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
        let from = layer_of(&parts);
        let text = std::fs::read_to_string(&path).expect("readable");
        for line in code_lines(&text) {
            for to in targets(line) {
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
        for line in code_lines(&text) {
            let model = targets(line)
                .iter()
                .any(|m| NOT_FOR_THE_VERIFIER.contains(&m.as_str()));
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
