//! # Root propagation of the model's families at one level
//!
//! The model's line network (`crate::model::network`) with a level's rules switched on, run
//! to a fixpoint from the givens, no branching:
//!
//! - on [`Scale::Houses`], `singles` is the network's house and family filters, `subsets`
//!   adds naked pairs and triples on the houses, `box-line` adds pointing and claiming;
//! - on [`Scale::Runs`], `singles` and `subsets` are the run rules of [`super::sum_rules`]
//!   (the combination table of a Kakuro book, without the network's exact filter),
//!   `run-gac` is the network's exact filter of every run (the solving rules), and `sac` adds
//!   singleton arc consistency over it ([`sac_fixpoint`]).

use crate::model::network::{ModelNetwork, Rules};
use crate::model::Lowered;
use crate::native::domains::{bit, digits, Mask};
use crate::native::lines::LineSearch;

use super::sum_rules::{combinations, rule_fixpoint, RunRule};
use super::{Level, Scale};

/// The scale of a model: [`Scale::Runs`] for distinct sums with no houses, else
/// [`Scale::Houses`].
pub(crate) fn scale(lowered: &Lowered) -> Scale {
    if lowered.houses().next().is_none() && !lowered.sums.is_empty() {
        Scale::Runs
    } else {
        Scale::Houses
    }
}

/// The candidates after root propagation of `lowered` at `level` of `scale`; `None` when
/// the level proves there is no solution.
pub(crate) fn fixpoint(lowered: &Lowered, scale: Scale, level: Level) -> Option<Vec<Mask>> {
    match (scale, level) {
        (Scale::Runs, Level::Singles | Level::Subsets) => {
            let rules: Vec<RunRule> = lowered
                .sums
                .iter()
                .map(|(cells, sum)| RunRule {
                    cells: cells.clone(),
                    combos: combinations(cells.len(), *sum),
                })
                .collect();
            rule_fixpoint(&rules, lowered.root.clone(), level == Level::Subsets)
        }
        (Scale::Runs, _) => {
            let net = ModelNetwork::new(lowered, Rules::SOLVE);
            let doms = net.root(lowered);
            if level >= Level::Sac {
                sac_fixpoint(&net, doms)
            } else {
                gac_fixpoint(&net, doms)
            }
        }
        _ => {
            let rules = Rules {
                subsets: level >= Level::Subsets,
                box_line: level >= Level::Interactions,
                implied: false,
                exact_sums: false,
            };
            let net = ModelNetwork::new(lowered, rules);
            let doms = net.root(lowered);
            gac_fixpoint(&net, doms)
        }
    }
}

/// The network's filters to a fixpoint.
fn gac_fixpoint(model: &ModelNetwork, mut doms: Vec<Mask>) -> Option<Vec<Mask>> {
    LineSearch::new(model.net(), model)
        .propagate(&mut doms)
        .then_some(doms)
}

/// Singleton arc consistency over [`gac_fixpoint`]: every candidate of every open cell is
/// tried; one whose propagation fails is removed (and the removal propagated), until no
/// trial fails.
fn sac_fixpoint(model: &ModelNetwork, mut doms: Vec<Mask>) -> Option<Vec<Mask>> {
    let mut search = LineSearch::new(model.net(), model);
    if !search.propagate(&mut doms) {
        return None;
    }
    loop {
        let mut changed = false;
        for c in 0..doms.len() {
            if doms[c].count_ones() < 2 {
                continue;
            }
            for d in digits(doms[c]) {
                if doms[c] & bit(d) == 0 {
                    continue; // removed by an earlier failed trial's propagation
                }
                let mut trial = doms.clone();
                trial[c] = bit(d);
                if !search.propagate_from(c, &mut trial) {
                    doms[c] &= !bit(d);
                    changed = true;
                    if doms[c] == 0 || !search.propagate_from(c, &mut doms) {
                        return None;
                    }
                }
            }
        }
        if !changed {
            return Some(doms);
        }
    }
}
