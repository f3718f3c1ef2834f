//! Unit-propagation strength of the run encodings.
//!
//! [`propagate`] is a plain unit-propagation fixpoint over a `CnfFormula`, so these tests
//! measure what the encoding gives the solver *without search*.

use proptest::prelude::*;

use super::run::{encode_run, RunEncoding};
use super::sets::{combinations, union_and_common, DigitSet};
use crate::backend::testing;
use crate::cnf::card::exactly_one;
use crate::cnf::{AmoEncoding, CnfFormula, ExtendFormula, Lit};
use crate::encode::EncodeOptions;
use crate::puzzle::Puzzle;

/// Unit propagation to fixpoint from `assumptions`: the value of every variable that is
/// forced, or `None` on a conflict.
fn propagate(f: &CnfFormula, assumptions: &[Lit]) -> Option<Vec<Option<bool>>> {
    let mut val: Vec<Option<bool>> = vec![None; f.var_count()];
    for &l in assumptions {
        let v = &mut val[l.var().index()];
        if *v == Some(!l.is_positive()) {
            return None;
        }
        *v = Some(l.is_positive());
    }
    loop {
        let mut changed = false;
        for clause in f.iter() {
            let mut open = None;
            let mut n_open = 0;
            let mut satisfied = false;
            for &l in clause {
                match val[l.var().index()] {
                    Some(b) if b == l.is_positive() => satisfied = true,
                    Some(_) => {}
                    None => {
                        n_open += 1;
                        open = Some(l);
                    }
                }
            }
            match (satisfied, n_open, open) {
                (true, _, _) => {}
                (false, 0, _) => return None,
                (false, 1, Some(l)) => {
                    val[l.var().index()] = Some(l.is_positive());
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

/// The digits of each cell that propagation leaves possible.
fn remaining(val: &[Option<bool>], x: &[Vec<Lit>]) -> Vec<DigitSet> {
    x.iter()
        .map(|lits| {
            (1..=9u8)
                .filter(|&d| val[lits[usize::from(d) - 1].var().index()] != Some(false))
                .fold(DigitSet::EMPTY, DigitSet::with)
        })
        .collect()
}

#[test]
fn a_two_cell_run_summing_to_three_forces_one_and_two() {
    // Two solutions (12/21 and 21/12), so propagation cannot finish; it must still confine
    // every cell to {1,2}.
    let text = "#  3\\ 3\\\n\\3  .  .\n\\3  .  .\n";
    let puzzle = crate::puzzle::Puzzle::parse(text).unwrap();
    let Puzzle::Kakuro(k) = &puzzle else {
        panic!("not a Kakuro")
    };
    let enc = puzzle.encode(&EncodeOptions::default()).unwrap();
    let val = propagate(&enc.formula, &[]).expect("no conflict at the root");
    for &cell in k.white_cells() {
        let x = [enc.map.cell_lits(cell)];
        assert_eq!(remaining(&val, &x)[0].to_string(), "{1,2}", "cell {cell}");
    }
}

/// A one-run formula: `k` cells with exactly-one each, plus the run's clauses.
fn one_run(k: usize, sum: u32, choice: RunEncoding) -> (CnfFormula, Vec<Vec<Lit>>, Vec<DigitSet>) {
    let mut f = CnfFormula::new();
    let x: Vec<Vec<Lit>> = (0..k)
        .map(|_| (0..9).map(|_| f.new_lit()).collect())
        .collect();
    for lits in &x {
        let _ = exactly_one(&mut f, lits, AmoEncoding::Pairwise);
    }
    let combos = combinations(k, sum);
    let _ = encode_run(&mut f, &x, &combos, choice, AmoEncoding::Pairwise);
    (f, x, combos)
}

/// The reasoning of the combination tables, as a fixpoint on domains: a combination is
/// viable when every cell can take one of its digits and each of its digits fits some
/// cell; values in no viable combination go; a digit in every viable combination that fits
/// a single cell is placed there (hidden single); a placed digit leaves the other cells
/// (naked single). `None` when a domain or the viable list empties.
fn table_reasoning(combos: &[DigitSet], mut dom: Vec<DigitSet>) -> Option<Vec<DigitSet>> {
    loop {
        let before = dom.clone();
        let viable: Vec<DigitSet> = combos
            .iter()
            .copied()
            .filter(|c| dom.iter().all(|d| !d.intersection(*c).is_empty()))
            .filter(|c| c.digits().all(|x| dom.iter().any(|d| d.contains(x))))
            .collect();
        if viable.is_empty() {
            return None;
        }
        let (union, common) = union_and_common(&viable);
        for d in &mut dom {
            *d = d.intersection(union);
        }
        for x in common.digits() {
            let holders: Vec<usize> = (0..dom.len()).filter(|&i| dom[i].contains(x)).collect();
            match holders[..] {
                [] => return None,
                [i] => dom[i] = DigitSet::EMPTY.with(x),
                _ => {}
            }
        }
        for i in 0..dom.len() {
            if dom[i].len() == 1 {
                for j in (0..dom.len()).filter(|&j| j != i) {
                    dom[j] = dom[j].minus(dom[i]);
                }
            }
        }
        if dom.iter().any(|d| d.is_empty()) {
            return None;
        }
        if dom == before {
            return Some(dom);
        }
    }
}

fn restrict(x: &[Vec<Lit>], dom: &[DigitSet]) -> Vec<Lit> {
    x.iter()
        .zip(dom)
        .flat_map(|(lits, d)| {
            (1..=9u8)
                .filter(|&v| !d.contains(v))
                .map(|v| !lits[usize::from(v) - 1])
        })
        .collect()
}

/// Generalised arc consistency of the run by brute force: the values that occur in some
/// valid filling within the domains (`None` when there is none).
fn gac(k: usize, sum: u32, dom: &[DigitSet]) -> Option<Vec<DigitSet>> {
    let mut out = vec![DigitSet::EMPTY; k];
    let mut any = false;
    let mut digits = vec![0u8; k];
    let total = 9usize.pow(k as u32);
    for code in 0..total {
        let mut c = code;
        for d in &mut digits {
            *d = (c % 9) as u8 + 1;
            c /= 9;
        }
        let set = DigitSet::from_digits(&digits);
        let s: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        if s == sum && set.len() == k && digits.iter().zip(dom).all(|(&d, m)| m.contains(d)) {
            any = true;
            for (o, &d) in out.iter_mut().zip(&digits) {
                *o = o.with(d);
            }
        }
    }
    any.then_some(out)
}

fn run_and_domains() -> impl Strategy<Value = (usize, u32, Vec<DigitSet>, bool)> {
    let density = prop_oneof![Just(0.5), Just(0.7), Just(0.85)];
    (2usize..=5, density).prop_flat_map(|(k, density)| {
        let lo = (k * (k + 1) / 2) as u32;
        let hi = (k * (19 - k) / 2) as u32;
        (
            Just(k),
            lo..=hi,
            prop::collection::vec(
                prop::collection::vec(prop::bool::weighted(density), 9).prop_map(|bits| {
                    (1..=9u8)
                        .zip(bits)
                        .filter(|(_, b)| *b)
                        .fold(DigitSet::EMPTY, |s, (d, _)| s.with(d))
                }),
                k,
            ),
            any::<bool>(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Unit propagation does at least everything the combination tables imply.
    #[test]
    fn propagation_covers_the_table_reasoning((k, sum, dom, selectors) in run_and_domains()) {
        let choice = if selectors { RunEncoding::Selectors } else {
            RunEncoding::default_for(k, &combinations(k, sum))
        };
        let (f, x, combos) = one_run(k, sum, choice);
        let up = propagate(&f, &restrict(&x, &dom));
        match (table_reasoning(&combos, dom.clone()), up) {
            (None, up) => prop_assert!(up.is_none(), "tables refute {dom:?}, propagation does not"),
            (Some(_), None) => {}
            (Some(want), Some(val)) => {
                let got = remaining(&val, &x);
                for (g, w) in got.iter().zip(&want) {
                    prop_assert!(w.union(*g) == *w, "{choice:?} k={k} sum={sum} dom={dom:?}: got {got:?}, tables give {want:?}");
                }
            }
        }
    }

    /// For two cells, the pair clauses make propagation exactly GAC.
    #[test]
    fn pair_runs_are_gac((sum, dom) in (3u32..=17, prop::collection::vec((1u16..512).prop_map(|m| {
        (1..=9u8).filter(|d| m >> (d - 1) & 1 == 1).fold(DigitSet::EMPTY, DigitSet::with)
    }), 2))) {
        let (f, x, _) = one_run(2, sum, RunEncoding::Pair);
        let up = propagate(&f, &restrict(&x, &dom)).map(|val| remaining(&val, &x));
        prop_assert_eq!(up, gac(2, sum, &dom));
    }
}

#[test]
fn selectors_are_not_gac_for_all_different() {
    // Three cells summing to 15 with the first two confined to {1,2}: they would need both
    // 1 and 2, and no combination summing to 15 has both. GAC sees the wipe-out at once;
    // propagation does not (a Hall-set argument), the solver finds it by search.
    let (f, x, _) = one_run(3, 15, RunEncoding::Selectors);
    let one_two = DigitSet::from_digits(&[1, 2]);
    let dom = vec![one_two, one_two, DigitSet::ALL];
    assert_eq!(gac(3, 15, &dom), None);
    assert!(propagate(&f, &restrict(&x, &dom)).is_some());
    assert!(!testing::satisfiable(&f, &restrict(&x, &dom)));
}

#[test]
fn hidden_single_from_the_tables() {
    // 3 cells sum 15. Without 6, 7, 8 only {1,5,9} and {2,4,9} stay viable; both need 9,
    // which only the first cell can take.
    let (f, x, _) = one_run(3, 15, RunEncoding::Selectors);
    let dom = vec![
        DigitSet::from_digits(&[1, 2, 4, 5, 9]),
        DigitSet::from_digits(&[1, 2, 3, 4, 5]),
        DigitSet::from_digits(&[1, 2, 3, 4, 5]),
    ];
    let val = propagate(&f, &restrict(&x, &dom)).unwrap();
    let rem = remaining(&val, &x);
    assert_eq!(rem[0].to_string(), "{9}");
    assert_eq!(rem[1].to_string(), "{1,2,4,5}");
}

#[test]
fn a_chosen_digit_eliminates_combinations() {
    // 4 cells sum 12: {1,2,3,6} {1,2,4,5}. Placing 6 kills {1,2,4,5}, so 4 and 5 leave
    // every cell and the last digit 3 must fit one of the remaining cells.
    let (f, x, combos) = one_run(4, 12, RunEncoding::Selectors);
    assert_eq!(combos.len(), 2);
    let val = propagate(&f, &[x[0][5]]).unwrap();
    let rem = remaining(&val, &x);
    assert_eq!(rem[0].to_string(), "{6}");
    for r in &rem[1..] {
        assert_eq!(r.to_string(), "{1,2,3}");
    }
}
