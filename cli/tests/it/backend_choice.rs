//! Choosing the embedded SAT backend on the command line: `--backend` (the `auto` rule
//! itself is tested with the library, in `tests/it/auto_backend.rs`).

use crate::common;

use common::cli::run;

const KEEN_9X9: &str = "tests/data/kenken/keen/9x9-e-00.kenken";
const KENKEN_10X10: &str = "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken";
const KAKURO: &str = "tests/data/kakuro/panpapag_hard_12x10.kakuro";
const CP_MULTI: &str = "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct";
const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";

#[cfg(not(feature = "cadical"))]
#[test]
fn cadical_without_the_feature_is_a_solver_error() {
    use cagesat::{Engine, EngineOptions};
    use common::load;

    let puzzle = load(NORVIG_4X4);
    let e = Engine::Cadical
        .solve(&puzzle, &EngineOptions::default())
        .unwrap_err();
    assert_eq!(e.to_string(), "solver cadical failed");
    let source = std::error::Error::source(&e).unwrap().to_string();
    assert_eq!(source, "not built in (cargo feature `cadical` is off)");
    let o = run(["solve", "--backend", "cadical", NORVIG_4X4]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!(
            "{NORVIG_4X4}: solver cadical failed: not built in (cargo feature `cadical` is off)\n"
        )
    );
}

#[test]
fn every_backend_flag_gives_the_same_verified_solution() {
    let first = run(["solve", "--json", NORVIG_4X4]);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let want = &first.json()["solution"];
    assert!(want.is_array(), "{}", first.stdout);
    let mut backends = vec!["auto", "varisat", "dpll"];
    if cfg!(feature = "cadical") {
        backends.push("cadical");
    }
    for backend in backends {
        let o = run([
            "solve",
            "--unique",
            "--json",
            "--backend",
            backend,
            NORVIG_4X4,
        ]);
        assert_eq!(o.code, Some(0), "{backend}: {}", o.stderr);
        let got = o.json();
        assert_eq!(&got["solution"], want, "{backend}");
        assert_eq!(got["unique"], true, "{backend}");
        let o = run(["count", "--engine", "sat", "--backend", backend, CP_MULTI]);
        assert_eq!(o.code, Some(0), "{backend}: {}", o.stderr);
        assert_eq!(o.stdout, "4 solutions\n", "{backend}");
    }
}

/// The default (`--backend auto`) answers each puzzle as the backend its rule picks does:
/// the same verified grid, uniqueness and CNF size, in the same record.
#[test]
fn default_backend_answers_like_the_one_its_rule_picks() {
    let engine = |name| cagesat::Engine::auto_backend(&common::load(name), Some(2));
    for path in [KEEN_9X9, KAKURO, CP_MULTI, KENKEN_10X10] {
        let picked = engine(path).name().to_string();
        let default = run(["solve", "--unique", "--json", path]);
        let explicit = run(["solve", "--unique", "--json", "--backend", &picked, path]);
        assert_eq!(default.code, explicit.code, "{path}: {}", default.stderr);
        let (mut a, mut b) = (default.json(), explicit.json());
        for key in ["vars", "clauses"] {
            assert!(a["stats"][key].as_u64().is_some_and(|n| n > 0), "{path}");
            assert_eq!(a["stats"][key], b["stats"][key], "{path} ({picked}): {key}");
        }
        a["stats"] = serde_json::Value::Null;
        b["stats"] = serde_json::Value::Null;
        assert_eq!(a, b, "{path} ({picked})");
    }
    assert_eq!(engine(KEEN_9X9), cagesat::Engine::Dpll);
    assert_eq!(engine(KENKEN_10X10), cagesat::Engine::Varisat);
}

#[test]
fn backend_needs_the_embedded_sat_engine() {
    let o = run([
        "solve",
        "--engine",
        "native",
        "--backend",
        "varisat",
        NORVIG_4X4,
    ]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "cagesat: --backend chooses a SAT solver; it cannot be combined with --engine native\n"
    );
    let o = run([
        "count",
        "--solver",
        "cadical",
        "--backend",
        "cadical",
        NORVIG_4X4,
    ]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "cagesat: --backend chooses an embedded SAT solver; it cannot be combined with --solver\n"
    );
}

#[test]
fn compare_engines_name_each_backend() {
    let o = run([
        "compare",
        "--json",
        "--engines",
        "varisat,cadical,dpll,auto",
        NORVIG_4X4,
    ]);
    let engines: Vec<String> = o
        .json_lines()
        .iter()
        .map(|r| r["engine"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(engines, ["varisat", "cadical", "dpll", "auto"]);
    // Without the feature, the cadical run is an error row (exit 2), not a silent omission.
    assert_eq!(o.code, Some(if cfg!(feature = "cadical") { 0 } else { 2 }));
}

/// The `p cnf VARS CLAUSES` line of `encode FLAGS PATH`.
fn dimacs_size(path: &str, flags: &[&str]) -> (u64, u64) {
    let mut args = vec!["encode"];
    args.extend_from_slice(flags);
    args.push(path);
    let o = run(args);
    assert_eq!(o.code, Some(0), "{flags:?}: {}", o.stderr);
    let header = o.stdout.lines().find(|l| l.starts_with("p cnf "));
    let nums: Vec<u64> = header
        .expect("a p cnf line")
        .split_whitespace()
        .skip(2)
        .map(|n| n.parse().expect("a number"))
        .collect();
    (nums[0], nums[1])
}

/// Each embedded CDCL solver solves the CNF its measured rule resolves the `auto` families
/// to (`encode_options_for`, `encodings/backends.md` "Clause families per backend"): on a
/// 12×12 KenKen, varisat and CaDiCaL that of `--amo pairwise --cage-lines on`; explicit
/// options are kept as given.
#[test]
fn each_cdcl_backend_solves_the_cnf_its_rule_resolves() {
    let path = "tests/data/kenken/generated/gen_kenken_12x12_s12000.kenken";
    let mut cases = vec![
        (
            vec!["--backend", "varisat"],
            vec!["--amo", "pairwise", "--cage-lines", "on"],
        ),
        (vec![], vec!["--amo", "pairwise", "--cage-lines", "on"]),
        (
            vec!["--backend", "varisat", "--amo", "sequential"],
            vec!["--amo", "sequential", "--cage-lines", "on"],
        ),
    ];
    if cfg!(feature = "cadical") {
        cases.push((
            vec!["--backend", "cadical"],
            vec!["--amo", "pairwise", "--cage-lines", "on"],
        ));
        cases.push((
            vec!["--backend", "cadical", "--cage-lines", "off"],
            vec!["--amo", "pairwise", "--cage-lines", "off"],
        ));
        cases.push((
            vec![
                "--backend",
                "cadical",
                "--amo",
                "sequential",
                "--cage-lines",
                "off",
            ],
            vec!["--amo", "sequential", "--cage-lines", "off"],
        ));
    }
    let mut sizes = Vec::new();
    for (solve, encode) in cases {
        let mut args = vec!["solve", "--unique", "--json"];
        args.extend_from_slice(&solve);
        args.push(path);
        let o = run(args);
        assert_eq!(o.code, Some(0), "{solve:?}: {}", o.stderr);
        let j = o.json();
        assert_eq!(j["unique"], true, "{solve:?}");
        let got = (
            j["stats"]["vars"].as_u64().expect("vars"),
            j["stats"]["clauses"].as_u64().expect("clauses"),
        );
        assert_eq!(
            got,
            dimacs_size(path, &encode),
            "{solve:?} vs encode {encode:?}"
        );
        sizes.push(got);
    }
    sizes.sort_unstable();
    sizes.dedup();
    // The families really differ in size on this puzzle (lines on/off, pairwise/ladder).
    assert_eq!(sizes.len(), if cfg!(feature = "cadical") { 4 } else { 2 });
}
