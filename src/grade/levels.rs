//! # Root propagation at one level
//!
//! [`Prepared`] ([`super::prepared`]) holds a KenKen's lines and each cage's allowed tuples
//! (enumerated once); [`Prepared::fixpoint`], defined here, runs the deductions of one
//! [`Level`] to a fixpoint from full domains, with no branching. Cheap rules run first, and a
//! costlier rule only runs when every cheaper one is quiet:
//!
//! 1. line singles ([`alldiff::singles`]) and the cage rule of the level: the *candidate
//!    union* ([`union_filter`]) at `singles` and `subsets`, GAC ([`TableCage`] without its
//!    cage–line part) at `cage-gac`, GAC with the cage–line interaction at `box`;
//! 2. naked pairs and triples ([`alldiff::naked_subsets`]) from `subsets` up;
//! 3. box–box interaction ([`super::pairs`]) at `box`.
//!
//! Cages with more than [`super::prepared::GRADE_TUPLE_LIMIT`] tuples use the native
//! engine's sum/product bounds ([`crate::native::bounds::BoundsCage`]) at every level.

use crate::grade::pairs::box_box;
use crate::grade::prepared::Prepared;
use crate::grade::Level;
use crate::native::alldiff::{self, Line};
use crate::native::cage::TableCage;
use crate::native::domains::{bit, Conflict, Domains, Mask};
use crate::tuples::Tuples;

/// The cage propagator of one level.
enum Rule {
    Union(usize),
    Table(TableCage, usize),
    Bounds(usize),
}

impl Prepared {
    /// The domains after propagating `level`'s deductions to a fixpoint from full domains.
    ///
    /// # Errors
    /// [`Conflict`] when the deductions prove that the puzzle has no solution.
    ///
    /// # Panics
    /// Panics on [`Level::Search`], which is not a propagation level.
    pub(crate) fn fixpoint(&self, level: Level) -> Result<Domains, Conflict> {
        self.fixpoint_with(level, true)
    }

    /// [`Prepared::fixpoint`], with box–box interaction at [`Level::Interactions`] only when
    /// `box_pairs` is set (without it, `box` adds only the cage–line interaction).
    ///
    /// # Errors
    /// As [`Prepared::fixpoint`].
    ///
    /// # Panics
    /// As [`Prepared::fixpoint`].
    pub(crate) fn fixpoint_with(&self, level: Level, box_pairs: bool) -> Result<Domains, Conflict> {
        assert!(level != Level::Search, "search is not a propagation level");
        let mut rules = self.rules(level);
        let mut doms = Domains::new(self.n);
        loop {
            self.cheap(&mut doms, &mut rules)?;
            if level >= Level::Subsets {
                for line in &self.lines {
                    let _ = alldiff::naked_subsets(&mut Line::new(&mut doms, line), 3)?;
                }
                if !doms.take_changed().is_empty() {
                    continue;
                }
            }
            if level >= Level::Interactions && box_pairs {
                box_box(self, &mut doms)?;
                if !doms.take_changed().is_empty() {
                    continue;
                }
            }
            return Ok(doms);
        }
    }

    fn rules(&self, level: Level) -> Vec<Rule> {
        self.cages
            .iter()
            .enumerate()
            .map(|(ci, cage)| match (&cage.tuples, level) {
                (None, _) => Rule::Bounds(ci),
                (Some(_), Level::Singles | Level::Subsets) => Rule::Union(ci),
                (Some(t), _) => {
                    let table = TableCage::new(self.n, cage.cells.clone(), t);
                    let live = table.len();
                    let table = if level >= Level::Interactions {
                        table
                    } else {
                        table.without_cage_lines()
                    };
                    Rule::Table(table, live)
                }
            })
            .collect()
    }

    /// Line singles and the cage rules until neither changes anything.
    fn cheap(&self, doms: &mut Domains, rules: &mut [Rule]) -> Result<(), Conflict> {
        loop {
            for line in &self.lines {
                let _ = alldiff::singles(&mut Line::new(doms, line))?;
            }
            for rule in rules.iter_mut() {
                match rule {
                    Rule::Union(ci) => {
                        let cage = &self.cages[*ci];
                        let none = Tuples::new(cage.cells.len());
                        union_filter(doms, &cage.cells, cage.tuples.as_ref().unwrap_or(&none))?;
                    }
                    Rule::Table(t, live) => t.propagate(doms, live)?,
                    Rule::Bounds(ci) => self.cages[*ci].bounds.propagate(doms)?,
                }
            }
            if doms.take_changed().is_empty() {
                return Ok(());
            }
        }
    }
}

/// Keen's "easy" cage deduction: every cell of the cage keeps only the digits that occur
/// *somewhere* in a tuple still compatible with the domains, without recording which cell
/// takes which digit.
///
/// # Errors
/// [`Conflict`] when no tuple is compatible.
pub(crate) fn union_filter(
    doms: &mut Domains,
    cells: &[usize],
    tuples: &Tuples,
) -> Result<(), Conflict> {
    let mut union: Mask = 0;
    let mut any = false;
    for t in tuples.iter() {
        if t.iter()
            .zip(cells)
            .all(|(&d, &c)| doms.get(c) & bit(d) != 0)
        {
            any = true;
            union |= t.iter().fold(0, |m, &d| m | bit(d));
        }
    }
    if !any {
        return Err(Conflict);
    }
    for &c in cells {
        let _ = doms.restrict(c, union)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::digits;

    #[test]
    fn union_keeps_digits_used_anywhere() {
        // 2 / A1 A2 on 4×4: tuples (1,2) (2,1) (2,4) (4,2). With A1 ∈ {1}, only (1,2) fits:
        // the union {1,2} is allowed in both cells, so A2 keeps 1 and 2 (GAC would fix 2).
        let mut d = Domains::new(4);
        let _ = d.assign(0, 1).unwrap();
        let tuples = Tuples::from_rows(2, &[[1, 2], [2, 1], [2, 4], [4, 2]]);
        union_filter(&mut d, &[0, 1], &tuples).unwrap();
        assert_eq!(digits(d.get(1)).collect::<Vec<_>>(), vec![1, 2]);
        let _ = d.assign(1, 1).unwrap();
        assert_eq!(union_filter(&mut d, &[0, 1], &tuples), Err(Conflict));
    }
}
