//! The measured `auto` rule (`Engine::auto_backend`, `Engine::auto_fallback`) and
//! `Engine::Auto` answering like the backends it picks (the command line's `--backend` flag
//! is tested in `cli/tests/it/backend_choice.rs`).

use crate::common;

use cagesat::{Engine, EngineOptions, Outcome, Puzzle};

/// The largest KenKen side `auto` walks with DPLL, and the smallest it gives to CaDiCaL: the
/// rule `docs/commands.md` and `encodings/backends.md` state (measured there), pinned here
/// as users read it.
const AUTO_DPLL_MAX_SIDE: usize = 9;
const AUTO_CADICAL_MIN_SIDE: usize = 17;
use common::{exact_count, load};

const KEEN_9X9: &str = "tests/data/kenken/keen/9x9-e-00.kenken";
const KENKEN_20X20: &str = "tests/data/kenken/generated/gen_kenken_20x20_s20002.kenken";
const KENKEN_16X16: &str = "tests/data/kenken/generated/gen_kenken_16x16_s16000.kenken";
const KENKEN_10X10: &str = "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken";
const KAKURO: &str = "tests/data/kakuro/panpapag_hard_12x10.kakuro";
const CP_MULTI: &str = "tests/data/crossproduct/seeds/norvig-multi-4.crossproduct";

/// CaDiCaL when built in, else varisat.
fn cadical_if_built() -> Engine {
    if cfg!(feature = "cadical") {
        Engine::Cadical
    } else {
        Engine::Varisat
    }
}

/// A KenKen of side `side` whose cages are all givens (`d = cell`), the Latin square
/// `(row + column) mod side + 1`: any side, solved by propagation alone.
fn givens_kenken(side: usize) -> Puzzle {
    let mut text = format!("size {side}\n");
    for r in 0..side {
        for c in 0..side {
            let column = char::from(b'A' + u8::try_from(c).expect("side up to 26"));
            text.push_str(&format!("{} = {column}{}\n", (r + c) % side + 1, r + 1));
        }
    }
    Puzzle::parse(&text).unwrap_or_else(|e| panic!("side {side}: {e}"))
}

/// The rule at its edges, on KenKen of every side from 1 to 26: the DPLL walk up to
/// [`AUTO_DPLL_MAX_SIDE`], varisat above it, CaDiCaL (when built in) from
/// [`AUTO_CADICAL_MIN_SIDE`]; `Engine::Auto` solves each.
#[test]
fn auto_rule_by_kenken_side() {
    for side in 1..=26 {
        let puzzle = givens_kenken(side);
        let want = if side <= AUTO_DPLL_MAX_SIDE {
            Engine::Dpll
        } else if side < AUTO_CADICAL_MIN_SIDE {
            Engine::Varisat
        } else {
            cadical_if_built()
        };
        for limit in [Some(1), Some(2), None] {
            assert_eq!(Engine::auto_backend(&puzzle, limit), want, "side {side}");
        }
        if [1, AUTO_DPLL_MAX_SIDE + 1, AUTO_CADICAL_MIN_SIDE, 26].contains(&side) {
            let (outcome, _) = Engine::Auto
                .prove_unique(&puzzle, &EngineOptions::default())
                .unwrap_or_else(|e| panic!("side {side}: {e}"));
            assert!(
                matches!(
                    outcome,
                    Outcome::Solved {
                        unique: Some(true),
                        ..
                    }
                ),
                "side {side}: {}",
                outcome.label()
            );
        }
    }
}

#[test]
fn auto_rule_follows_the_measurements() {
    let pick = |path: &str, limit| Engine::auto_backend(&load(path), limit);
    let fallback = |path: &str, limit| Engine::auto_fallback(&load(path), limit);
    for limit in [Some(1), Some(2), None, Some(3), Some(5000)] {
        // The DPLL walk first for everything but KenKen beyond 9×9 ...
        for path in [KEEN_9X9, KAKURO, CP_MULTI] {
            assert_eq!(pick(path, limit), Engine::Dpll, "{path}");
        }
        // ... which goes to CDCL at once: varisat up to 16×16, CaDiCaL from 17×17.
        assert_eq!(pick(KENKEN_10X10, limit), Engine::Varisat);
        assert_eq!(pick(KENKEN_16X16, limit), Engine::Varisat);
        assert_eq!(pick(KENKEN_20X20, limit), cadical_if_built());
        // The hand-over after the DPLL budget: varisat, but CaDiCaL to count CrossProducts
        // (more than two solutions asked for).
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
