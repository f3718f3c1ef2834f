//! `completions` and `man` through the built binary: scripts and pages on stdout that name
//! the subcommands, clap's usage error (exit 2) for an unknown shell.

use crate::common;

use common::cli::run;

const SUBCOMMANDS: [&str; 11] = [
    "solve",
    "compare",
    "count",
    "encode",
    "decode",
    "generate",
    "survey",
    "grade",
    "render",
    "completions",
    "man",
];

#[test]
fn completion_scripts_and_man_page_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(["completions", shell]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        for name in SUBCOMMANDS {
            assert!(out.stdout.contains(name), "{shell}: {name}");
        }
    }
    let man = run(["man"]);
    assert_eq!(man.code, Some(0), "{}", man.stderr);
    assert!(man.stdout.contains(".TH cagesat 1"));
    for name in SUBCOMMANDS {
        assert!(
            man.stdout.contains(&format!("cagesat\\-{name}(1)")),
            "{name}"
        );
    }
    let page = run(["man", "solve"]);
    assert!(page.stdout.contains("\\-\\-svg"), "{}", page.stdout);
    assert_eq!(run(["completions", "tcsh"]).code, Some(2));
    let bad = run(["man", "nope"]);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.starts_with("no subcommand 'nope'"));
}
