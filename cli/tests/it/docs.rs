//! The README and the pages under `docs/` (issue 53): every link and picture they name
//! exists (files, and headings for `#anchors`), the README gives each reader one screen and
//! links every page, every page's Rust examples run as doctests (`src/lib.rs`), and the
//! README's set-up commands are the ones that work: its first command solves its sample,
//! its test command is the one `.ci/run` runs, and the Python and page commands name what
//! exists.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::cli::run;

/// The repository root (the tests run in `cli/`).
fn root() -> PathBuf {
    PathBuf::from("..")
}

/// The README and every page under `docs/`, as (path from the root, text).
fn pages() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = fs::read_to_string(root().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// The lines of `text` outside fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|l| {
            if l.starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim_start_matches('#')
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of `text`.
fn anchors(text: &str) -> Vec<String> {
    prose(text)
        .into_iter()
        .filter(|l| l.starts_with('#'))
        .map(slug)
        .collect()
}

/// The targets of the Markdown links and pictures of `text` (`[..](TARGET)`), outside code.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let tail = &rest[at + 2..];
            let Some(end) = tail.find(')') else { break };
            out.push(tail[..end].to_string());
            rest = &tail[end..];
        }
    }
    out
}

#[test]
fn every_link_and_anchor_in_the_readme_and_docs_resolves() {
    let pages = pages();
    assert!(pages.len() >= 9, "README.md and the pages under docs/");
    let mut checked = 0;
    for (name, text) in &pages {
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        for link in links(text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                PathBuf::from(name)
            } else {
                dir.join(file)
            };
            let path = root().join(&target);
            assert!(path.exists(), "{name}: the link ({link}) names no file");
            if !anchor.is_empty() {
                let there = fs::read_to_string(&path).unwrap();
                assert!(
                    anchors(&there).iter().any(|a| a == anchor),
                    "{name}: the link ({link}) names no heading of {}",
                    target.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} links checked");
}

/// Every library source path a page names in backticks (`src/kind/kenken/verify.rs`,
/// `src/verify/`) exists, in the README, `docs/` and `encodings/`: a file moved or removed
/// takes its mentions along. Patterns (`src/kind/<kind>/`) and `file:line` suffixes aside.
#[test]
fn every_source_path_the_pages_name_exists() {
    let mut pages = pages();
    let mut encodings: Vec<String> = fs::read_dir(root().join("encodings"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    encodings.sort();
    for n in encodings {
        let text = fs::read_to_string(root().join("encodings").join(&n)).unwrap();
        pages.push((format!("encodings/{n}"), text));
    }
    let mut checked = 0;
    let mut missing = Vec::new();
    for (name, text) in &pages {
        for quoted in text.split('`').skip(1).step_by(2) {
            let Some(path) = quoted.strip_prefix("src/") else {
                continue;
            };
            if path.contains(|c: char| c.is_whitespace() || "<>*{}|".contains(c)) {
                continue;
            }
            let path = path.split(':').next().unwrap_or_default();
            if !root().join("src").join(path).exists() {
                missing.push(format!("{name}: src/{path}"));
            }
            checked += 1;
        }
    }
    assert!(missing.is_empty(), "paths that name no file: {missing:#?}");
    assert!(checked >= 100, "only {checked} source paths checked");
}

#[test]
fn the_readme_gives_each_reader_one_screen_and_links_every_page() {
    let (_, readme) = &pages()[0];
    let mut sections: Vec<(String, usize)> = Vec::new();
    for line in readme.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            sections.push((title.to_string(), 0));
        } else if let Some(last) = sections.last_mut() {
            last.1 += 1;
        }
    }
    for reader in [
        "Setting puzzles",
        "Solving a hard instance",
        "For SAT and SMT users",
        "From Python",
        "Teaching and notebooks",
    ] {
        assert!(
            sections.iter().any(|(t, _)| t == reader),
            "the README has no section '{reader}'"
        );
    }
    for (title, lines) in &sections {
        assert!(
            *lines <= 40,
            "README section '{title}' is {lines} lines, more than one screen"
        );
    }
    let linked = links(readme);
    for (name, _) in pages().iter().skip(1) {
        assert!(
            linked.iter().any(|l| l == name),
            "the README does not link {name}"
        );
    }
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    for (name, _) in &pages() {
        assert!(
            lib.contains(&format!("include_str!(\"../{name}\")")),
            "src/lib.rs does not run {name}'s Rust examples as doctests"
        );
    }
}

#[test]
fn the_readme_commands_run_the_sample_and_the_ci_tests() {
    let (_, readme) = &pages()[0];
    let block: Vec<&str> = readme
        .split("## Two commands")
        .nth(1)
        .and_then(|s| s.split("```sh\n").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("the README's two commands")
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(block.len(), 2, "{block:?}");
    let solve = block[0]
        .strip_prefix("cargo run --release -- ")
        .expect("the first command runs cagesat");
    let args: Vec<&str> = solve.split_whitespace().collect();
    assert_eq!(args[..2], ["solve", "--unique"], "{solve}");
    let r = run(args.iter().map(|a| {
        if a.starts_with("tests/") {
            format!("../{a}")
        } else {
            (*a).to_string()
        }
    }));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("solved (unique)"), "{}", r.stdout);
    assert_eq!(block[1], "cargo test --release");
    let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(
        ci.lines()
            .any(|l| l.starts_with("cargo test --release 2>&1")),
        ".ci/run does not run the README's test command"
    );
    for (command, needed) in [
        ("pip install ./python", "python/pyproject.toml"),
        ("web/build.sh", "web/build.sh"),
    ] {
        assert!(readme.contains(command), "the README lacks `{command}`");
        assert!(root().join(needed).exists(), "{needed}");
        assert!(ci.contains(needed.trim_end_matches("/pyproject.toml")));
    }
}
