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
