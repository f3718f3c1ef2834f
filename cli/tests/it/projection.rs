//! `encode --projection`: an external projected model counter (Ganak through the `pyganak`
//! Python package, driven by `tests/tools/ganak_count.py`) must count exactly the grids
//! `Engine::count` finds, including with encodings whose auxiliary variables are not
//! determined by the grid (sequential at-most-one ladders), where the unprojected count is
//! larger. The Python interpreter is `$CAGESAT_PYTHON` or `python3`; without `pyganak` the
//! test says it was skipped, and fails when `CI` is set (`.ci/run` installs it in a venv).

use crate::common;

use std::process::Command;

use cagesat::{Engine, EngineOptions};
use common::cli::{run, TempDir};
use common::load;

fn python() -> Option<String> {
    let py = std::env::var("CAGESAT_PYTHON").unwrap_or_else(|_| "python3".into());
    let ok = Command::new(&py)
        .args(["-c", "import pyganak"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "pyganak is not importable by {py} but CI is set"
        );
        eprintln!(
            "SKIPPED: {py} cannot import pyganak (pip install pyganak; or set CAGESAT_PYTHON)"
        );
    }
    ok.then_some(py)
}

/// Ganak's (projected, when the file says so) model count of a DIMACS file.
fn ganak(py: &str, cnf: &str) -> u64 {
    let o = Command::new(py)
        .args(["tests/tools/ganak_count.py", cnf])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{cnf}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Ganak may print `c o …` progress lines first; the count is the last line.
    out.lines()
        .last()
        .unwrap_or("")
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{out}"))
}

#[test]
fn projected_counts_are_grid_counts() {
    let Some(py) = python() else { return };
    let tmp = TempDir::new();
    let several = tmp.path("rows.kenken");
    // Three rows adding up to 6: every 3×3 Latin square, 12 grids.
    std::fs::write(
        &several,
        "size 3\n6 + A1 A2 A3; 6 + B1 B2 B3; 6 + C1 C2 C3\n",
    )
    .unwrap();
    let mut more_than_grids = 0;
    for file in [
        several.as_str(),
        "../encodings/golden/crossproduct-2x2.crossproduct",
        "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct",
        "tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
    ] {
        let (count, _) = Engine::Varisat
            .count(&load(file), &EngineOptions::default(), None)
            .unwrap();
        assert!(count.complete);
        for amo in ["auto", "sequential"] {
            let cnf = tmp.path("p.cnf");
            let o = run(["encode", "--projection", "--amo", amo, file, "-o", &cnf]);
            assert_eq!(o.code, Some(0), "{}", o.stderr);
            assert_eq!(ganak(&py, &cnf), count.count, "{file} --amo {amo}");
            let plain = tmp.path("plain.cnf");
            let o = run(["encode", "--amo", amo, file, "-o", &plain]);
            assert_eq!(o.code, Some(0), "{}", o.stderr);
            let unprojected = ganak(&py, &plain);
            assert!(unprojected >= count.count, "{file}");
            if unprojected > count.count {
                more_than_grids += 1;
            }
        }
    }
    // The projection matters: some encodings have more assignments than grids.
    assert!(more_than_grids >= 1);
}

#[test]
fn projection_lines_name_the_x_variables() {
    let o = run([
        "encode",
        "--projection",
        "../encodings/golden/kenken-2x2.kenken",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let lines: Vec<&str> = o.stdout.lines().collect();
    let p = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
    assert_eq!(lines[p - 3], "c t pmc");
    assert_eq!(lines[p - 2], "c p show 1 2 3 4 5 6 7 8 0");
    assert_eq!(lines[p - 1], "c ind 1 2 3 4 5 6 7 8 0");
    // Without the flag: no projection lines, otherwise the same file.
    let plain = run(["encode", "../encodings/golden/kenken-2x2.kenken"]);
    let without: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("c t ") && !l.starts_with("c p ") && !l.starts_with("c ind "))
        .collect();
    assert_eq!(without, plain.stdout.lines().collect::<Vec<_>>());
}

#[test]
fn ind_lines_list_every_x_variable_once_ten_at_a_time() {
    let o = run([
        "encode",
        "--projection",
        "tests/data/kenken/norvig/norvig-01-4x4.kenken",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let ind: Vec<Vec<u32>> = o
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("c ind "))
        .map(|l| {
            let vars: Vec<u32> = l.split(' ').map(|v| v.parse().unwrap()).collect();
            assert_eq!(vars.last(), Some(&0), "{l}");
            vars[..vars.len() - 1].to_vec()
        })
        .collect();
    assert!(
        ind.iter().all(|line| (1..=10).contains(&line.len())),
        "{ind:?}"
    );
    let all: Vec<u32> = ind.concat();
    assert_eq!(all, (1..=64).collect::<Vec<u32>>());
}
