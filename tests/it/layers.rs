//! The library's modules form layers: every `crate::…` or `super::…` path in a module's code
//! (comments and `#[cfg(test)]` code aside) names a module of a lower layer, so there is no import cycle
//! and no upward import. The kind seam (`kind`) sits above everything that does the work for
//! one kind (`encode`, `verify`, `native`, `model`, `render`, `smtlib`, `grade`, `parse`), and
//! the engines above it; the verifier imports nothing from the encoder, the constraint model
//! or the searches, so a wrong lowering is caught. A kind's folder holds its model and its
//! verifier too: those two files count in the layers they are named after (`KIND_FILES`).
//! No file outside the kind folders, the parsers and the generators is named after a kind.

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

/// The layers that the `crate::…` and `super::…` paths of one line of code name, in the
/// module at `module` (`["kind", "towers", "verify"]` for `src/kind/towers/verify.rs`).
fn targets(module: &[&str], line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = [rest.find("crate::"), rest.find("super::")]
        .into_iter()
        .flatten()
        .min()
    {
        let from_root = rest[i..].starts_with("crate::");
        let mut tail = &rest[i..];
        let mut ups = 0;
        if from_root {
            tail = &tail[7..];
        } else {
            while let Some(t) = tail.strip_prefix("super::") {
                ups += 1;
                tail = t;
            }
        }
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(tail.len());
        let mut path: Vec<&str> = if from_root {
            Vec::new()
        } else {
            module[..module.len().saturating_sub(ups)].to_vec()
        };
        path.extend(tail[..end].split("::").filter(|s| !s.is_empty()));
        out.push(layer_of(&path));
        rest = &tail[end..];
    }
    out
}

/// The module path of a file under `src/` (`kind/towers/mod.rs`: `["kind", "towers"]`).
fn module_of(file: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if parts.last() == Some(&"mod") {
        let _ = parts.pop();
    }
    parts
}

/// The lines of a source file's non-test code, comments left out.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    let code = text.split("#[cfg(test)]").next().expect("some text");
    code.lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//"))
}

/// `(from, to, file)` for every `crate::to` (or `super::…`) path in the non-test code of
/// module `from`.
fn edges() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for path in files_under("src") {
        let rel = path.strip_prefix("src").expect("under src");
        let file = rel.to_string_lossy().to_string();
        let name = path.file_name().expect("a name").to_string_lossy();
        if file == "lib.rs" || name.contains("tests") || path.extension() != Some("rs".as_ref()) {
            continue;
        }
        let module = module_of(&file);
        let from = layer_of(&module);
        let text = std::fs::read_to_string(&path).expect("readable");
        for line in code_lines(&text) {
            for to in targets(&module, line) {
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

/// The folders of `src/kind/`, one per kind (Sudoku's holds Killer Sudoku too).
fn kind_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir("src/kind")
        .expect("src/kind")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

/// Every file of the `verify` layer (`src/verify/` and each kind's `verify.rs`: see
/// `KIND_FILES`) imports nothing from the encoder, the model or the searches.
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
    for folder in kind_folders() {
        let verify = folder.join("verify.rs");
        assert!(verify.exists(), "{} has no verify.rs", folder.display());
        files.push(verify);
    }
    assert!(
        files.len() >= 11,
        "found only {} verifier files",
        files.len()
    );
    let mut bad = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let file = path
            .strip_prefix("src")
            .expect("under src")
            .to_string_lossy();
        let module = module_of(&file);
        for line in code_lines(&text) {
            let model = targets(&module, line)
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

/// The words that name a kind, from the library's lists: each kind's name, the words of its
/// title and of its variants' names (`jigsaw`, `futoshiki`, `skyscrapers`), and the input
/// formats (`keen`, `solo`, `sudokupad`, …). Left out: words under three letters (`X`) and
/// `variant`, which names the variant constraints all Sudoku kinds share
/// (`src/puzzle/variant.rs`), not a kind.
fn kind_words() -> BTreeSet<String> {
    let mut words: BTreeSet<String> = cagesat::puzzle::KINDS
        .iter()
        .flat_map(|k| {
            let names = std::iter::once(k.title).chain(k.variants.iter().copied());
            std::iter::once(k.name.to_string()).chain(names.flat_map(|n| {
                n.split_whitespace()
                    .map(str::to_lowercase)
                    .collect::<Vec<_>>()
            }))
        })
        .chain(
            cagesat::Puzzle::format_names()
                .into_iter()
                .map(String::from),
        )
        .filter(|w| w.len() >= 3 && w != "variant")
        .collect();
    // A format named by two words (`killer-short`) is found by its first.
    words.retain(|w| !w.contains('-'));
    words
}

/// The check, anyone can run it with `find src | grep`: no file or folder under
/// `src/` is named after a kind (a word of its name split at `_`, `-` and `.`) outside the
/// kind's folder (`src/kind/`), the readers and writers of formats (`src/parse/`) and the
/// generators (`src/generate/`).
#[test]
fn no_file_outside_the_kind_folders_is_named_after_a_kind() {
    let words = kind_words();
    for word in ["kenken", "killer", "jigsaw", "skyscrapers", "keen", "solo"] {
        assert!(words.contains(word), "{word} is not among {words:?}");
    }
    let allowed = ["kind", "parse", "generate"];
    let mut bad = BTreeSet::new();
    for path in files_under("src") {
        let rel = path.strip_prefix("src").expect("under src");
        let mut parts = rel.iter().map(|p| p.to_string_lossy().to_string());
        let first = parts.next().unwrap_or_default();
        if allowed.contains(&first.as_str()) {
            continue;
        }
        for part in std::iter::once(first).chain(parts) {
            let stem = part.split('.').next().unwrap_or_default().to_lowercase();
            if stem.split(['_', '-']).any(|w| words.contains(w)) {
                let _ = bad.insert(format!("src/{}", rel.display()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "named after a kind, outside src/kind/: {bad:#?}"
    );
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

/// Outside the kind seam, no file of the library and the three front ends (the CLI, the
/// Python module, the page) names two or more variants of `Puzzle`, tests and comments
/// included: they go through the library's per-kind calls (`Kind`, `generate`, `sketch`).
#[test]
fn no_file_outside_the_kind_seam_dispatches_on_kinds() {
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
        dispatching.is_empty(),
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
