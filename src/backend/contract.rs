//! # The backend contract
//!
//! One set of checks every [`Backend`] must pass, instantiated per solver in one line
//! ([`backend_contract!`], after rustsat's `gen_tests!`): incremental solving under
//! assumptions, a requested stop answers unknown, models name every variable, and
//! pigeonhole formulas have the right number of models. The DPLL walk, which is not a
//! `Backend` but counts projected models, passes the counting check in one line too.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::answer::SatResult;
use crate::backend::{new, Backend, Dpll, SolverChoice, Walk};
use crate::cnf::{CnfFormula, ExtendFormula, Lit};
use crate::stop::Stop;

/// x1 ∨ x2, ¬x1 ∨ x2: satisfiable, x2 forced; under ¬x2 unsatisfiable.
fn check_incremental(mut b: Box<dyn Backend>) {
    let mut f = CnfFormula::new();
    let (x1, x2) = (Lit::from_dimacs(1), Lit::from_dimacs(2));
    f.add_clause(&[x1, x2]);
    f.add_clause(&[!x1, x2]);
    b.add_formula(&f);
    let SatResult::Sat(model) = b.solve_under(&[]).unwrap() else {
        panic!("expected SAT")
    };
    assert!(model.contains(&x2));
    assert_eq!(b.solve_under(&[!x2]).unwrap(), SatResult::Unsat);
    // Assumptions hold for one call only.
    assert!(matches!(b.solve_under(&[]).unwrap(), SatResult::Sat(_)));
    b.add_clause(&[!x2]);
    assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unsat);
}

/// A stop requested before a call makes it answer `Unknown`.
fn check_stop_before_call(mut b: Box<dyn Backend>) {
    b.add_clause(&[Lit::from_dimacs(1)]);
    let stop = Stop::new();
    b.set_stop(stop.clone());
    stop.request();
    assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
}

/// The model covers every variable named so far, with the polarity that satisfies the
/// clauses; an assumption on a fresh variable is honoured and reported.
fn check_models_name_every_variable(mut b: Box<dyn Backend>) {
    b.add_clause(&[Lit::from_dimacs(-3)]);
    b.add_clause(&[Lit::from_dimacs(1), Lit::from_dimacs(3)]);
    let SatResult::Sat(model) = b.solve_under(&[Lit::from_dimacs(5)]).unwrap() else {
        panic!("expected SAT")
    };
    assert_eq!(model.len(), 5);
    for (i, lit) in model.iter().enumerate() {
        assert_eq!(lit.index(), i);
    }
    assert!(model.contains(&Lit::from_dimacs(1)));
    assert!(model.contains(&Lit::from_dimacs(-3)));
    assert!(model.contains(&Lit::from_dimacs(5)));
}

/// Pigeonhole `pigeons` → `holes`: p(i, h) = pigeon i sits in hole h (variable
/// `i * holes + h`). Unsatisfiable when there are more pigeons than holes, and exponentially
/// hard for resolution (so for CDCL).
pub(crate) fn pigeonhole(pigeons: usize, holes: usize) -> CnfFormula {
    let p = |i: usize, h: usize| Lit::from_index(i * holes + h, true);
    let mut f = CnfFormula::new();
    for i in 0..pigeons {
        let somewhere: Vec<Lit> = (0..holes).map(|h| p(i, h)).collect();
        f.add_clause(&somewhere);
    }
    for h in 0..holes {
        for i in 0..pigeons {
            for j in i + 1..pigeons {
                f.add_clause(&[!p(i, h), !p(j, h)]);
            }
        }
    }
    f
}

/// Pigeonhole formulas have as many models as placements: `count(formula, pigeons, holes)`
/// counts the models of a pigeonhole formula (every model places each pigeon in exactly
/// one hole, so models and projections on the pigeons agree).
fn check_pigeonhole_counts(count: impl Fn(&CnfFormula, usize, usize) -> u64) {
    let f = pigeonhole(3, 2);
    assert_eq!(f.len(), 3 + 2 * 3);
    assert_eq!(count(&f, 3, 2), 0);
    assert_eq!(count(&pigeonhole(3, 3), 3, 3), 6);
    assert_eq!(count(&pigeonhole(4, 4), 4, 4), 24);
    assert_eq!(count(&pigeonhole(5, 4), 5, 4), 0);
}

/// Models of `f` counted on `b` with blocking clauses over all its variables.
fn count_by_blocking(mut b: Box<dyn Backend>, f: &CnfFormula) -> u64 {
    b.add_formula(f);
    let mut models = 0;
    loop {
        match b.solve_under(&[]).unwrap() {
            SatResult::Sat(model) => {
                models += 1;
                let block: Vec<Lit> = model.iter().map(|&l| !l).collect();
                b.add_clause(&block);
            }
            SatResult::Unsat => return models,
            SatResult::Unknown => panic!("gave up"),
        }
    }
}

/// Models of a pigeonhole formula counted by one DPLL walk, pigeons as the groups.
fn count_by_walk(f: &CnfFormula, pigeons: usize, holes: usize) -> u64 {
    let mut dpll = Dpll::new(f, pigeons, holes);
    let mut models = 0;
    let walk = dpll.enumerate(&Stop::new(), &Cell::new(u64::MAX), &mut |_| {
        models += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(walk, Walk::Complete);
    models
}

/// The external `program`, when installed (under CI it must be: `.ci/run` installs them).
fn external(program: &str, command: &str) -> Option<SolverChoice> {
    let probe = std::process::Command::new(program).arg("--help").output();
    if probe.is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{program} missing under CI"
        );
        return None;
    }
    Some(SolverChoice::External {
        command: command.to_string(),
        timeout: None,
    })
}

/// The contract for one solver, given as an `Option<SolverChoice>` (`None`: not installed,
/// every check is skipped).
macro_rules! backend_contract {
    ($name:ident, $choice:expr) => {
        mod $name {
            use super::*;

            fn solver() -> Option<Box<dyn Backend>> {
                let choice: Option<SolverChoice> = $choice;
                choice.map(|c| new(&c, &Stop::new()).expect("solver builds"))
            }

            #[test]
            fn solves_incrementally_under_assumptions() {
                solver().map(check_incremental).unwrap_or_default();
            }

            #[test]
            fn a_requested_stop_gives_unknown() {
                solver().map(check_stop_before_call).unwrap_or_default();
            }

            #[test]
            fn models_name_every_variable() {
                solver()
                    .map(check_models_name_every_variable)
                    .unwrap_or_default();
            }

            #[test]
            fn pigeonhole_counts_are_right() {
                if solver().is_some() {
                    check_pigeonhole_counts(|f, _, _| {
                        count_by_blocking(solver().expect("built above"), f)
                    });
                }
            }
        }
    };
}

backend_contract!(varisat, Some(SolverChoice::Varisat));
#[cfg(feature = "cadical")]
backend_contract!(cadical, Some(SolverChoice::Cadical));
backend_contract!(external_cadical, external("cadical", "cadical"));
backend_contract!(external_minisat, external("minisat", "minisat {in} {out}"));

#[test]
fn dpll_pigeonhole_counts_are_right() {
    check_pigeonhole_counts(count_by_walk);
}

/// CaDiCaL polls its stop during search, beyond the contract.
#[cfg(feature = "cadical")]
mod cadical_interrupts {
    use std::time::{Duration, Instant};

    use super::*;

    fn hard_cadical(stop: &Stop) -> Box<dyn Backend> {
        let mut b = new(&SolverChoice::Cadical, stop).expect("built in");
        b.add_formula(&pigeonhole(11, 10));
        b
    }

    /// A stop requested from another thread interrupts a running call: pigeonhole 11 → 10
    /// takes CaDiCaL far longer than the 100 ms after which we ask it to stop.
    #[test]
    fn a_stop_interrupts_a_running_solve() {
        let stop = Stop::new();
        let mut b = hard_cadical(&stop);
        let asker = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.request();
        });
        let t0 = Instant::now();
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
        let took = t0.elapsed();
        asker.join().unwrap();
        assert!(took < Duration::from_secs(2), "stopped only after {took:?}");
        // The stop stays requested: the next call gives up at once.
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
    }

    /// A deadline interrupts a running call the same way.
    #[test]
    fn a_deadline_interrupts_a_running_solve() {
        let t0 = Instant::now();
        let mut b = hard_cadical(&Stop::new().with_deadline(t0 + Duration::from_millis(100)));
        assert_eq!(b.solve_under(&[]).unwrap(), SatResult::Unknown);
        assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
    }
}
