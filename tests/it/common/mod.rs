//! Helpers shared by the integration tests. They use only the crate's public API.
#![allow(dead_code, reason = "each test crate uses a different subset")]

pub(crate) mod brute;
pub(crate) mod counts;
pub(crate) mod crossproduct;

use std::path::Path;

use cagesat::{engine::EngineStats, Count, Engine, EngineOptions, Grid, Outcome, Puzzle};

/// One test per engine of the matrix: `engine_test!(name, check)` expands to a module
/// `name` holding `#[test] fn varisat()`, `fn cadical()` (when the `cadical` feature is
/// on), `fn dpll()`, `fn native()` and `fn auto()` (the command line's default,
/// [`Engine::Auto`], which picks a backend per puzzle), each calling `check(&engine)`
/// (`check` is any `Fn(&Engine)` expression, resolved in the calling module). This is the
/// one-line-per-corpus-file form (varisat's `test_cnf!`) run over every engine (rustsat's
/// `gen_tests!`), so `cargo test native`, `cargo test varisat`, `cargo test cadical`,
/// `cargo test dpll` or `cargo test auto` picks one engine.
///
/// Attributes before `name` apply to every engine's test; after `check`, in this order,
/// `varisat: #[…]`, `cadical: #[…]`, `sat: #[…]` (both CDCL backends), `dpll: #[…]`,
/// `native: #[…]` and `auto: #[…]` apply to some (an engine-specific `#[ignore]`);
/// `cdcl_only` leaves the two engines without clause learning (native, dpll) out, and the
/// call site says why (`auto` stays: it hands a hard search over to a CDCL backend, and
/// goes to one at once for KenKen beyond `AUTO_DPLL_MAX_SIDE`).
#[macro_export]
macro_rules! engine_test {
    ($(#[$all:meta])* $name:ident, $check:expr, cdcl_only) => {
        mod $name {
            #[allow(unused_imports, reason = "not every check uses every import")]
            use super::*;
            #[test]
            $(#[$all])*
            fn varisat() {
                ($check)(&cagesat::Engine::Varisat);
            }
            #[cfg(feature = "cadical")]
            #[test]
            $(#[$all])*
            fn cadical() {
                ($check)(&cagesat::Engine::Cadical);
            }
            #[test]
            $(#[$all])*
            fn auto() {
                ($check)(&cagesat::Engine::Auto);
            }
        }
    };
    ($(#[$all:meta])* $name:ident, $check:expr
        $(, varisat: #[$v:meta])? $(, cadical: #[$c:meta])? $(, sat: #[$s:meta])?
        $(, dpll: #[$d:meta])? $(, native: #[$n:meta])? $(, auto: #[$a:meta])? $(,)?) => {
        mod $name {
            #[allow(unused_imports, reason = "not every check uses every import")]
            use super::*;
            #[test]
            $(#[$all])*
            $(#[$v])?
            $(#[$s])?
            fn varisat() {
                ($check)(&cagesat::Engine::Varisat);
            }
            #[cfg(feature = "cadical")]
            #[test]
            $(#[$all])*
            $(#[$c])?
            $(#[$s])?
            fn cadical() {
                ($check)(&cagesat::Engine::Cadical);
            }
            #[test]
            $(#[$all])*
            $(#[$d])?
            fn dpll() {
                ($check)(&cagesat::Engine::Dpll);
            }
            #[test]
            $(#[$all])*
            $(#[$n])?
            fn native() {
                ($check)(&cagesat::Engine::Native);
            }
            #[test]
            $(#[$all])*
            $(#[$a])?
            fn auto() {
                ($check)(&cagesat::Engine::Auto);
            }
        }
    };
}

/// The names of [`Engine::builtin`], in report order (`compare`'s default engines).
pub(crate) fn builtin_names() -> Vec<String> {
    Engine::builtin()
        .iter()
        .map(|e| e.name().to_string())
        .collect()
}

/// Parses a puzzle file from the repository.
pub(crate) fn load(path: &str) -> Puzzle {
    Puzzle::read(Path::new(path)).unwrap_or_else(|e| panic!("{e}"))
}

/// Reads a solution file (one row per line, digits separated or run together; see
/// [`cagesat::parse::parse_solution`]); `None` when there is no such file.
pub(crate) fn read_solution(path: &Path) -> Option<Grid<u8>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        cagesat::parse::parse_solution(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
}

/// The engine recorded some work: search nodes and propagations for the native engine,
/// a non-empty formula for SAT.
pub(crate) fn assert_worked(stats: &EngineStats, what: &str) {
    match stats {
        EngineStats::Native(s) => assert!(
            s.nodes >= 1 && s.propagations >= 1,
            "{what}: no native work recorded ({s:?})"
        ),
        EngineStats::Sat(s) => assert!(
            s.cnf.vars >= 1 && s.cnf.clauses >= 1,
            "{what}: empty formula ({s:?})"
        ),
        EngineStats::Smt(s) => assert!(
            s.calls >= 1 && s.script.declarations >= 1,
            "{what}: no SMT call recorded ({s:?})"
        ),
        other => panic!("{what}: effort of an engine these tests do not know: {other:?}"),
    }
}

/// Up to `limit` solutions (all when `None`) and the count; the engine has verified each
/// one and checked that none repeats.
pub(crate) fn solutions(
    engine: &Engine,
    puzzle: &Puzzle,
    opts: &EngineOptions,
    limit: Option<u64>,
) -> (Vec<Grid<u8>>, Count) {
    let mut grids = Vec::new();
    let (count, _) = engine
        .enumerate(puzzle, opts, limit, |g| grids.push(g.clone()))
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()));
    assert_eq!(count.count, grids.len() as u64, "{}", engine.name());
    (grids, count)
}

/// The exact number of solutions (the engine must finish).
pub(crate) fn exact_count(engine: &Engine, puzzle: &Puzzle, opts: &EngineOptions) -> u64 {
    let (count, _) = engine
        .count(puzzle, opts, None)
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()));
    assert!(count.complete, "{}: count without a limit", engine.name());
    count.count
}

/// Grids as sorted row lists, for comparing solution sets.
pub(crate) fn sorted(grids: &[Grid<u8>]) -> Vec<Vec<Vec<u8>>> {
    let mut rows: Vec<_> = grids.iter().map(Grid::to_rows).collect();
    rows.sort();
    rows
}

/// Solves a file with `engine` (no uniqueness check) and returns the verified grid.
pub(crate) fn solve_file(engine: &Engine, path: &str) -> Grid<u8> {
    let puzzle = load(path);
    let (outcome, stats) = engine
        .solve(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_worked(&stats, path);
    match outcome {
        Outcome::Solved { grid, .. } => grid,
        other => panic!("{path}: no solution ({})", other.label()),
    }
}

/// Solves with the uniqueness check; the answer must be unique, verified, and equal to the
/// shipped solution (`.sol` or `.solution`) when there is one.
pub(crate) fn check_unique_with_known_solution(engine: &Engine, path: &str) {
    let puzzle = load(path);
    let (outcome, stats) = engine
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_worked(&stats, path);
    let Outcome::Solved { grid, unique, .. } = outcome else {
        panic!("{path}: no solution");
    };
    puzzle.verify(&grid).unwrap();
    assert_eq!(unique, Some(true), "{path}: not unique");
    for ext in ["sol", "solution"] {
        if let Some(known) = read_solution(&Path::new(path).with_extension(ext)) {
            assert_eq!(grid, known, "{path}: differs from the shipped .{ext}");
        }
    }
}

/// Every puzzle file with extension `ext` under `dirs` appears in `source` (a test file's
/// text) as a quoted `"stem"` or `"subdir/stem"`, or as the end of a quoted path
/// (`…/stem.ext"`): a new corpus file needs a test line.
/// Returns how many files were found.
pub(crate) fn assert_every_file_listed(
    source: &str,
    root: &str,
    dirs: &[&str],
    ext: &str,
) -> usize {
    let mut found = 0;
    for dir in dirs {
        let full = if dir.is_empty() {
            root.to_string()
        } else {
            format!("{root}/{dir}")
        };
        for entry in std::fs::read_dir(&full).unwrap_or_else(|e| panic!("{full}: {e}")) {
            let file = entry.unwrap().path();
            if file.extension().is_none_or(|e| e != ext) {
                continue;
            }
            let stem = file.file_stem().unwrap().to_string_lossy();
            let needle = if dir.is_empty() {
                format!("\"{stem}\"")
            } else {
                format!("\"{dir}/{stem}\"")
            };
            let full_path = format!("/{stem}.{ext}\"");
            assert!(
                source.contains(&needle) || source.contains(&full_path),
                "no test line for {needle}"
            );
            found += 1;
        }
    }
    found
}

/// True when the program `name` can be run; otherwise skips loudly (or fails under CI,
/// whose `.ci/run` installs every program the tests use).
pub(crate) fn has_program(name: &str) -> bool {
    let found = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed but CI is set"
        );
        eprintln!("SKIPPED: {name} is not installed (apt-get install {name})");
    }
    found
}
