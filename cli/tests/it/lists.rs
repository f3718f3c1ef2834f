//! The library owns its lists: every kind of `cagesat::puzzle::KINDS`, every built-in
//! engine and every Sudoku grade level is named wherever people read about them (the help
//! texts, the manual page, the README and `docs/`, the package descriptions, Python and the
//! page), and
//! the list itself matches the kinds the parsers make. Adding a kind, an engine or a level
//! without its mentions fails here.

use std::fs;

use cagesat::grade::Scale;
use cagesat::puzzle::KINDS;
use cagesat::{Engine, Puzzle};

use crate::common::cli::run;

/// The text of `cagesat ARGS` on standard output, which must succeed.
fn out(args: &[&str]) -> String {
    let o = run(args.iter().copied());
    assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
    o.stdout
}

/// Every kind's title is in `text` (`where` names it in the failure).
fn names_every_kind(text: &str, place: &str, skip: &[&str]) {
    for k in KINDS.iter().filter(|k| !skip.contains(&k.name)) {
        assert!(text.contains(k.title), "{place} does not name {}", k.title);
    }
}

#[test]
fn help_man_and_descriptions_name_every_kind() {
    names_every_kind(&out(&["--help"]), "cagesat --help", &[]);
    names_every_kind(&out(&["man"]), "cagesat man", &[]);
    names_every_kind(
        &out(&["grade", "--help"]),
        "cagesat grade --help",
        &["crossproduct"],
    );
    for file in [
        "../Cargo.toml",
        "Cargo.toml",
        "../python/cagesat/__init__.py",
        "../python/pyproject.toml",
        "../src/lib.rs",
        "../web/www/index.html",
    ] {
        let text = fs::read_to_string(file).unwrap();
        names_every_kind(&text, file, &[]);
    }
}

#[test]
fn the_readme_names_every_kind_variant_engine_and_level() {
    let readme = fs::read_to_string("../README.md").unwrap();
    names_every_kind(&readme, "README.md", &[]);
    for variant in KINDS.iter().flat_map(|k| k.variants) {
        assert!(
            readme.contains(variant),
            "README.md does not name {variant}"
        );
    }
    for e in Engine::builtin() {
        let name = e.name();
        assert!(
            readme.contains(name),
            "README.md does not name the engine {name}"
        );
    }
    // The grade levels are told where grading is (the README's setter screen links it).
    let grading = fs::read_to_string("../docs/setting.md").unwrap();
    assert!(readme.contains("(docs/setting.md)"));
    let generate = out(&["generate", "sudoku", "--help"]);
    for &level in Scale::Houses.levels() {
        let name = Scale::Houses.name(level);
        assert!(
            grading.contains(&format!("`{name}`")) && generate.contains(name),
            "the Sudoku level {name} is missing from docs/setting.md or `generate sudoku --help`",
        );
    }
}

#[test]
fn the_list_is_the_kinds_the_parsers_make() {
    let samples = [
        "../tests/data/kenken/norvig/norvig-07-6x6.kenken",
        "../tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "../tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
        "../tests/data/sudoku/gen-4x4-s1.sudoku",
        "../tests/data/killer/gen-4x4-s11.killer",
        "../tests/data/towers/tatham-5de.towers",
        "../tests/data/unequal/tatham-5dk.unequal",
    ];
    let kinds: Vec<&str> = samples
        .iter()
        .map(|path| Puzzle::read(path).unwrap().kind())
        .collect();
    let names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
    assert_eq!(kinds, names, "the samples' kinds, in order, are the list");
}

/// The backticked words of the help paragraph of `option` in `help` (`cagesat --help`).
fn option_words(help: &str, option: &str) -> Vec<String> {
    let line = help
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(option))
        .unwrap_or_else(|| panic!("no {option} in the help"));
    line.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// `--kind` names every input format the library reads (`Puzzle::format_names`), and no
/// other; `kind NAME`, the file's first line, aside.
#[test]
fn the_kind_help_names_every_format() {
    let mut listed = option_words(&out(&["--help"]), "--kind <KIND>");
    listed.retain(|w| w != "kind NAME");
    listed.sort();
    let mut formats: Vec<String> = Puzzle::format_names()
        .into_iter()
        .map(String::from)
        .collect();
    formats.sort();
    assert_eq!(
        listed, formats,
        "--kind help against Puzzle::format_names()"
    );
}

/// `--backend` offers `auto` and every embedded SAT engine of the library (every built-in
/// engine but the native one), and nothing else (CaDiCaL is offered when not built in too,
/// and then fails with its error), and `docs/commands.md` gives the same values wherever it
/// names `--backend`; `count --help` names every built-in engine.
#[test]
fn the_backend_values_and_the_count_help_are_the_librarys_engines() {
    let help = out(&["solve", "--help"]);
    let values: Vec<&str> = help
        .split("--backend <BACKEND>")
        .nth(1)
        .and_then(|rest| rest.split("Possible values:").nth(1))
        .expect("--backend lists its values")
        .lines()
        .skip(1)
        .map(str::trim)
        .take_while(|l| l.starts_with("- "))
        .map(|l| l[2..].split(':').next().unwrap_or_default())
        .collect();
    let builtin = Engine::builtin();
    let mut want: Vec<&str> = builtin
        .iter()
        .filter(|e| **e != Engine::Native)
        .map(Engine::name)
        .chain([Engine::Auto.name()])
        .collect();
    if !want.contains(&Engine::Cadical.name()) {
        want.push(Engine::Cadical.name());
    }
    let mut got = values.clone();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want, "--backend values against Engine::builtin()");
    // The manual's synopses and option list give the same values in the same order.
    let commands = fs::read_to_string("../docs/commands.md").unwrap();
    let synopsis = format!("--backend {}", values.join("|"));
    assert_eq!(
        commands.matches(&synopsis).count(),
        commands.matches("--backend ").count(),
        "docs/commands.md: every `--backend` reads `{synopsis}`"
    );

    let count = out(&["count", "--help"]);
    let about = count.lines().next().unwrap_or_default();
    for e in &builtin {
        assert!(
            about.contains(e.name()),
            "count --help does not name {}",
            e.name()
        );
    }
}
