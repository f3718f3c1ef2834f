//! Tests of the layered automaton and its encoding: exact sizes, equivalence with brute
//! force, and generalised arc consistency of unit propagation.

use super::*;
use crate::answer::SatResult;
use crate::backend::testing;
use crate::cnf::{card, AmoEncoding, CnfFormula};
use crate::rng::SplitMix64;

/// Every tuple over `values` (as value indices) accepted by `ok`.
fn brute(values: &[Vec<u64>], ok: &impl Fn(&[u64]) -> bool) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut idx = vec![0usize; values.len()];
    if values.iter().any(Vec::is_empty) {
        return out;
    }
    loop {
        let tuple: Vec<u64> = idx.iter().zip(values).map(|(&j, v)| v[j]).collect();
        if ok(&tuple) {
            out.push(idx.clone());
        }
        let mut p = values.len();
        loop {
            if p == 0 {
                return out;
            }
            p -= 1;
            idx[p] += 1;
            if idx[p] < values[p].len() {
                break;
            }
            idx[p] = 0;
        }
    }
}

fn product_ok(target: u64) -> impl Fn(&[u64]) -> bool {
    move |t: &[u64]| t.iter().try_fold(1u64, |a, &v| a.checked_mul(v)) == Some(target)
}

fn sum_ok(target: u64) -> impl Fn(&[u64]) -> bool {
    move |t: &[u64]| t.iter().sum::<u64>() == target
}

/// The formula for one constraint plus exactly-one per position.
fn formula(values: &[Vec<u64>], mdd: &Mdd<u64>) -> (CnfFormula, Vec<Vec<Lit>>, MddStats) {
    let mut f = CnfFormula::new();
    let lits: Vec<Vec<Lit>> = values
        .iter()
        .map(|v| v.iter().map(|_| f.new_lit()).collect())
        .collect();
    for l in &lits {
        let _ = card::exactly_one(&mut f, l, AmoEncoding::Pairwise);
    }
    let stats = encode_mdd(&mut f, &lits, mdd);
    (f, lits, stats)
}

/// Plain unit propagation: `None` on conflict, else the value of every variable.
fn unit_propagate(f: &CnfFormula, assumptions: &[Lit]) -> Option<Vec<Option<bool>>> {
    let mut val: Vec<Option<bool>> = vec![None; f.var_count()];
    for &a in assumptions {
        match val[a.index()] {
            Some(b) if b != a.is_positive() => return None,
            _ => val[a.index()] = Some(a.is_positive()),
        }
    }
    let truth = |val: &[Option<bool>], l: Lit| val[l.index()].map(|b| b == l.is_positive());
    loop {
        let mut changed = false;
        for clause in f.iter() {
            if clause.iter().any(|&l| truth(&val, l) == Some(true)) {
                continue;
            }
            let open: Vec<Lit> = clause
                .iter()
                .copied()
                .filter(|&l| truth(&val, l).is_none())
                .collect();
            match open.as_slice() {
                [] => return None,
                [l] => {
                    val[l.index()] = Some(l.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(val);
        }
    }
}

#[test]
fn product_six_over_two_digits_has_pinned_size() {
    let values = vec![(1..=9).collect::<Vec<u64>>(); 2];
    let mdd = Mdd::product(&values, 6, DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(mdd.layer(1), &[6, 3, 2, 1]);
    assert_eq!(mdd.count_paths(), 4);
    let (_, _, s) = formula(&values, &mdd);
    let expected = MddStats {
        nodes: 6,
        edges: 8,
        root: 1,
        edge: 24,
        out: 5,
        into: 5,
        support: 8,
        prune: 10,
    };
    assert_eq!(s, expected);
    assert_eq!(
        s.total(),
        EncodeStats {
            vars: 14,
            clauses: 53
        }
    );
}

#[test]
fn sum_prunes_dead_states() {
    // 3 positions with values 1..=3 summing to 8: (2,3,3), (3,2,3), (3,3,2).
    let values = vec![vec![1, 2, 3]; 3];
    let mdd = Mdd::sum(&values, 8, DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(mdd.layer(1), &[6, 5]);
    assert_eq!(mdd.count_paths(), 3);
    let mut t = mdd.tuples(10).unwrap();
    t.sort();
    assert_eq!(t, vec![vec![1, 2, 2], vec![2, 1, 2], vec![2, 2, 1]]);
    assert!(mdd.tuples(2).is_none());
}

#[test]
fn node_limit_is_reported() {
    let values = vec![(1..=9).collect::<Vec<u64>>(); 6];
    let err = Mdd::sum(&values, 30, 20).unwrap_err();
    assert!(matches!(err, MddError::TooLarge { limit: 20, .. }));
}

#[test]
fn unsatisfiable_constraint_is_the_empty_clause() {
    let values = vec![(1..=9).collect::<Vec<u64>>(); 3];
    let mdd = Mdd::product(&values, 11, DEFAULT_NODE_LIMIT).unwrap();
    assert!(mdd.is_empty());
    let (f, _, s) = formula(&values, &mdd);
    assert_eq!(s.prune, 1);
    assert!(!testing::satisfiable(&f, &[]));
}

/// A random small constraint: value lists (subsets of 1..=6), a kind and a target that is
/// often, but not always, reachable.
fn random_case(rng: &mut SplitMix64) -> (Vec<Vec<u64>>, bool, u64) {
    let k = 1 + rng.below(4) as usize;
    let values: Vec<Vec<u64>> = (0..k)
        .map(|_| (1..=6).filter(|_| rng.below(4) != 0).collect())
        .collect();
    let is_product = rng.below(2) == 0;
    let mut target = if is_product { 1 } else { 0 };
    for v in &values {
        let d = v.first().copied().unwrap_or(1) + rng.below(3);
        target = if is_product { target * d } else { target + d };
    }
    (values, is_product, target)
}

#[test]
fn accepts_exactly_the_brute_force_tuples() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..300 {
        let (values, is_product, target) = random_case(&mut rng);
        let (mdd, mut want) = if is_product {
            let m = Mdd::product(&values, target, DEFAULT_NODE_LIMIT).unwrap();
            (m, brute(&values, &product_ok(target)))
        } else {
            let m = Mdd::sum(&values, target, DEFAULT_NODE_LIMIT).unwrap();
            (m, brute(&values, &sum_ok(target)))
        };
        let mut got = mdd.tuples(usize::MAX).unwrap();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{values:?} target {target}");
        assert_eq!(mdd.count_paths(), want.len() as u128);
        // The CNF accepts exactly those tuples: count its models over the x literals.
        let (f, lits, _) = formula(&values, &mdd);
        let mut solver = testing::solver(&f);
        let mut models = 0;
        while let SatResult::Sat(model) = solver.solve_under(&[]).unwrap() {
            let chosen: Vec<Lit> = lits
                .iter()
                .flatten()
                .filter(|l| model.contains(l))
                .copied()
                .collect();
            let tuple: Vec<usize> = lits
                .iter()
                .map(|ls| ls.iter().position(|l| chosen.contains(l)).unwrap())
                .collect();
            assert!(want.contains(&tuple), "{tuple:?} is not allowed");
            let block: Vec<Lit> = chosen.iter().map(|&l| !l).collect();
            solver.add_clause(&block);
            models += 1;
        }
        assert_eq!(models, want.len());
    }
}

#[test]
fn unit_propagation_keeps_generalised_arc_consistency() {
    let mut rng = SplitMix64::new(11);
    for _ in 0..400 {
        let (values, is_product, target) = random_case(&mut rng);
        let mdd = if is_product {
            Mdd::product(&values, target, DEFAULT_NODE_LIMIT).unwrap()
        } else {
            Mdd::sum(&values, target, DEFAULT_NODE_LIMIT).unwrap()
        };
        let (f, lits, _) = formula(&values, &mdd);
        // A random partial assignment: remove some values, fix a few positions.
        let mut assumptions = Vec::new();
        let mut domains: Vec<Vec<bool>> = values.iter().map(|v| vec![true; v.len()]).collect();
        for (i, ls) in lits.iter().enumerate() {
            if !ls.is_empty() && rng.below(5) == 0 {
                let j = rng.below(ls.len() as u64) as usize;
                assumptions.push(ls[j]);
                for (jj, d) in domains[i].iter_mut().enumerate() {
                    *d = jj == j;
                }
                continue;
            }
            for (j, &l) in ls.iter().enumerate() {
                if rng.below(4) == 0 {
                    assumptions.push(!l);
                    domains[i][j] = false;
                }
            }
        }
        let tuples = mdd.tuples(usize::MAX).unwrap();
        let live: Vec<&Vec<usize>> = tuples
            .iter()
            .filter(|t| t.iter().enumerate().all(|(i, &j)| domains[i][j]))
            .collect();
        let up = unit_propagate(&f, &assumptions);
        let Some(val) = up else {
            assert!(live.is_empty(), "UP conflict but {live:?} survive");
            continue;
        };
        assert!(
            !live.is_empty(),
            "UP found no conflict: {values:?} {target}"
        );
        for (i, ls) in lits.iter().enumerate() {
            for (j, &l) in ls.iter().enumerate() {
                let supported = live.iter().any(|t| t[i] == j);
                let not_false = val[l.index()] != Some(false);
                assert_eq!(not_false, supported, "position {i} value {}", values[i][j]);
            }
        }
    }
}

#[test]
fn wide_layers_switch_to_hashing_without_changing_the_result() {
    // Sums keep small layers (linear search); the product 5040 below needs hashing.
    for (k, target) in [(6usize, 30u64), (5, 40), (4, 20)] {
        let values = vec![(1..=9).collect::<Vec<u64>>(); k];
        let mdd = Mdd::sum(&values, target, DEFAULT_NODE_LIMIT).unwrap();
        let want = brute(&values, &sum_ok(target)).len() as u128;
        assert_eq!(mdd.count_paths(), want, "k={k} target={target}");
    }
    let values = vec![(1..=9).collect::<Vec<u64>>(); 6];
    let mdd = Mdd::product(&values, 5040, DEFAULT_NODE_LIMIT).unwrap();
    assert!((1..=6).any(|i| mdd.layer(i).len() > LINEAR_LAYER_MAX));
    // Norvig: a six-wide row with product 5040 has 3,960 fillings.
    assert_eq!(
        mdd.count_paths(),
        brute(&values, &product_ok(5040)).len() as u128
    );
}

/// The example of the module documentation.
#[test]
fn module_example() {
    use crate::cnf::{ExtendFormula, Lit};
    // Two cells with digits 1..=9 whose product is 6: 1·6, 2·3, 3·2, 6·1.
    let values = vec![(1..=9).collect::<Vec<u64>>(); 2];
    let mdd = Mdd::product(&values, 6, DEFAULT_NODE_LIMIT).unwrap();
    assert_eq!(mdd.count_paths(), 4);
    let mut f = CnfFormula::new();
    let lits: Vec<Vec<Lit>> = values
        .iter()
        .map(|v| v.iter().map(|_| f.new_lit()).collect())
        .collect();
    let stats = encode_mdd(&mut f, &lits, &mdd);
    assert_eq!((stats.nodes, stats.edges), (6, 8));
    assert_eq!(stats.total().clauses, f.len());
}
