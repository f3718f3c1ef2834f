//! Choosing the embedded SAT backend: the measured `auto` rule (`Engine::auto_backend`),
//! `Engine::Auto` answering like the backend it picks, and the CLI's `--backend` flag.

use crate::common;

use cagesat::{
    Engine, EngineOptions, Outcome, AUTO_CADICAL_MIN_SIDE, AUTO_DPLL_CLAUSES_PER_CONFLICT,
    AUTO_DPLL_CONFLICTS, AUTO_DPLL_MAX_SIDE, AUTO_DPLL_PROVEN,
};
use common::cli::run;
use common::{exact_count, load};

const KEEN_9X9: &str = "tests/data/kenken/keen/9x9-e-00.kenken";
const KENKEN_20X20: &str = "tests/data/kenken/generated/gen_kenken_20x20_s20002.kenken";
const KENKEN_16X16: &str = "tests/data/kenken/generated/gen_kenken_16x16_s16000.kenken";
const KAKURO: &str = "tests/data/kakuro/panpapag_hard_12x10.kakuro";
const CP_MULTI: &str = "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct";
const NORVIG_4X4: &str = "tests/data/kenken/norvig/norvig-01-4x4.kenken";

/// CaDiCaL when built in, else varisat.
fn cadical_if_built() -> Engine {
    if cfg!(feature = "cadical") {
        Engine::Cadical
    } else {
        Engine::Varisat
    }
}

#[test]
fn auto_rule_follows_the_measurements() {
    let pick = |path: &str, limit| Engine::auto_backend(&load(path), limit);
    let fallback = |path: &str, limit| Engine::auto_fallback(&load(path), limit);
    assert_eq!(AUTO_CADICAL_MIN_SIDE, 17);
    assert_eq!(AUTO_DPLL_MAX_SIDE, 9);
    assert_eq!((AUTO_DPLL_CONFLICTS, AUTO_DPLL_PROVEN), (1_000, 256));
    assert_eq!(AUTO_DPLL_CLAUSES_PER_CONFLICT, 1_000);
    for limit in [Some(1), Some(2), None, Some(3), Some(5000)] {
        // The DPLL walk first for everything but KenKen beyond 9×9 ...
        for path in [KEEN_9X9, KAKURO, CP_MULTI] {
            assert_eq!(pick(path, limit), Engine::Dpll, "{path}");
        }
        // ... which goes to CDCL at once: varisat up to 16×16, CaDiCaL from 17×17.
        assert_eq!(pick(KENKEN_16X16, limit), Engine::Varisat);
        assert_eq!(pick(KENKEN_20X20, limit), cadical_if_built());
        // The hand-over after the DPLL budget: varisat, but CaDiCaL to count CrossProducts.
        assert_eq!(fallback(KEEN_9X9, limit), Engine::Varisat);
        assert_eq!(fallback(KAKURO, limit), Engine::Varisat);
        let counting = limit.is_none_or(|l| l > 2);
        let cp = if counting {
            cadical_if_built()
        } else {
            Engine::Varisat
        };
        assert_eq!(fallback(CP_MULTI, limit), cp);
    }
}

#[test]
fn auto_answers_like_both_backends() {
    let opts = EngineOptions::default();
    for path in [KEEN_9X9, KAKURO, CP_MULTI] {
        let puzzle = load(path);
        let want = exact_count(&Engine::Varisat, &puzzle, &opts);
        assert_eq!(exact_count(&Engine::Auto, &puzzle, &opts), want, "{path}");
        assert_eq!(
            exact_count(&cadical_if_built(), &puzzle, &opts),
            want,
            "{path}"
        );
        let (outcome, _) = Engine::Auto.prove_unique(&puzzle, &opts).unwrap();
        let Outcome::Solved { unique, .. } = outcome else {
            panic!("{path}: no solution")
        };
        assert_eq!(unique, Some(want == 1), "{path}");
    }
    assert_eq!(Engine::Auto.name(), "auto");
}

#[test]
fn builtin_engines_are_native_varisat_cadical_when_built_and_dpll() {
    let names: Vec<String> = Engine::builtin()
        .iter()
        .map(|e| e.name().to_string())
        .collect();
    let want: &[&str] = if cfg!(feature = "cadical") {
        &["native", "varisat", "cadical", "dpll"]
    } else {
        &["native", "varisat", "dpll"]
    };
    assert_eq!(names, want);
}

#[cfg(not(feature = "cadical"))]
#[test]
fn cadical_without_the_feature_is_a_solver_error() {
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
