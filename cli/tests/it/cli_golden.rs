//! The command line's output, pinned byte for byte: every line of
//! `tests/golden/cli/commands.txt` runs the built binary from the workspace root, and its
//! standard output, standard error and exit status must equal `tests/golden/cli/NN.out`
//! (timings masked). Written before the library and the CLI were split, so the split keeps
//! what users see. `UPDATE_GOLDEN=1 cargo test --test cli_golden` rewrites the files.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::cli::mask_times;

/// The directory holding `Cargo.lock`: commands run there, so file names in the output are
/// the same wherever the test binary lives.
fn workspace_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("Cargo.lock").exists() {
        assert!(
            dir.pop(),
            "no Cargo.lock above {}",
            env!("CARGO_MANIFEST_DIR")
        );
    }
    dir
}

/// Splits a command line into words: spaces separate, double quotes group.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in {line}");
    if started {
        words.push(word);
    }
    words
}

/// A table with timings: decimal numbers become `<t>`, runs of spaces one space.
fn mask_table(text: &str) -> String {
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .map(|w| {
                    if w.contains('.') && w.parse::<f64>().is_ok() {
                        "<t>"
                    } else {
                        w
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs one command line and renders what it did.
fn run(root: &Path, line: &str, tmp: &Path) -> String {
    let (table, line) = match line.strip_prefix('~') {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let tmp_text = tmp.to_str().expect("UTF-8 temporary path");
    let args: Vec<String> = words(line)
        .into_iter()
        .map(|w| w.replace("{tmp}", tmp_text))
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_cagesat"))
        .args(&args)
        .current_dir(root)
        .output()
        .expect("runs the binary");
    let text = |bytes: &[u8]| {
        let s = String::from_utf8(bytes.to_vec()).expect("UTF-8 output");
        let s = mask_times(&s.replace(tmp_text, "{tmp}"));
        if table {
            mask_table(&s)
        } else {
            s
        }
    };
    format!(
        "$ cagesat {line}\n{}\n--- stderr\n{}\n--- exit {:?}\n",
        text(&out.stdout),
        text(&out.stderr),
        out.status.code()
    )
}

#[test]
fn every_command_prints_what_it_printed_before() {
    let root = workspace_root();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/cli");
    let commands = std::fs::read_to_string(dir.join("commands.txt")).expect("commands.txt");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    let lines = commands
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    for (n, line) in lines.enumerate() {
        let tmp = std::env::temp_dir().join(format!("cagesat-golden-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&tmp).expect("temporary directory");
        let got = run(&root, line, &tmp);
        let _ = std::fs::remove_dir_all(&tmp);
        let path = dir.join(format!("{:02}.out", n + 1));
        if update {
            std::fs::write(&path, &got).expect("writes the golden file");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        if got != want {
            failures.push(format!(
                "{}:\n--- want\n{want}\n--- got\n{got}",
                path.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} command(s) changed their output (UPDATE_GOLDEN=1 rewrites):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn masking_keeps_everything_but_times() {
    assert_eq!(
        mask_times(r#"{"a":1,"solve_ms":0.25,"times_ms":[1.5,2],"vars":93}"#),
        r#"{"a":1,"solve_ms":<ms>,"times_ms":<ms>,"vars":93}"#
    );
    assert_eq!(
        mask_times("repairs: 5; 12 ms\nA12 ms"),
        "repairs: 5; <ms> ms\nA12 ms"
    );
    assert_eq!(mask_table("a  0.058   12\nb 3"), "a <t> 12\nb 3");
    assert_eq!(words(r#"solve --solver "minisat {in} {out}" x"#).len(), 4);
}
