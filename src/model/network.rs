//! # A line network over the model's families
//!
//! A line network ([`crate::native::lines`]) over the model's cells, one line and one filter
//! per constraint, each from its family:
//!
//! - a house: naked and hidden singles to a fixpoint, and naked pairs and triples when
//!   grading asks ([`super::house`]);
//! - an intersection of two houses (a region and a line, or another house and a region or
//!   line): a line of the shared cells and the rest of both houses, filtered by pointing and
//!   claiming;
//! - a distinct sum (a Kakuro run, a Killer cage, a sum [`super::implied`] derives): exact
//!   arc consistency over the digits 1..=9, or the combination filter on larger grids and in
//!   grading ([`super::sum`]);
//! - a product (a CrossProduct row or column): exact arc consistency by a walk over the
//!   divisors of its target ([`crate::product`], shared with the CNF encoder's root pruning);
//! - a visibility clue (Towers): the walk over (tallest, seen) states ([`super::visibility`]);
//! - a relation between two cells (Unequal, a variant's dots and pairs): arc consistency on
//!   the pair ([`super::order`]);
//! - a rule over a line (a variant's thermometers, arrows, lines and outside clues): exact
//!   arc consistency by its automaton ([`super::line`]).

use std::cell::RefCell;

use crate::native::domains::Mask;
use crate::native::lines::{LineFilter, Network};
use crate::product::{Lattice, Scratch};

use super::board::crossings;
use super::{house, implied, line, order, sum, visibility, Lowered};
use crate::line::Automaton;
use crate::puzzle::{LineRule, Relation};

/// Which rules the network runs (grading switches them on level by level).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Naked pairs and triples on the houses.
    pub(crate) subsets: bool,
    /// Pointing and claiming on the intersections.
    pub(crate) box_line: bool,
    /// The sums [`super::implied`] derives from houses and sums (innies and outies).
    pub(crate) implied: bool,
    /// Distinct sums filtered exactly (digits up to 9), not by their combinations alone.
    pub(crate) exact_sums: bool,
}

impl Rules {
    /// The rules of the solving search.
    pub(crate) const SOLVE: Rules = Rules {
        subsets: false,
        box_line: true,
        implied: true,
        exact_sums: true,
    };
}

/// The filter of one line beyond the houses.
#[derive(Clone, Debug)]
enum Filter {
    /// Pointing and claiming; the number of shared cells (they come first).
    Intersection(usize),
    /// A distinct sum by its combinations.
    Combinations(Vec<Mask>),
    /// A distinct sum, exactly.
    Exact(u32),
    /// A product.
    Product(Lattice),
    /// A visibility clue.
    Visible(u8),
    /// A relation between two cells.
    Pair(Relation),
    /// A rule over a line of cells, with the group of each cell in each partition of the
    /// cells into distinct digits (regions, rows, columns: its sum bounds).
    Line(LineRule, Vec<Vec<usize>>),
}

/// A model's families as a line network.
#[derive(Clone, Debug)]
pub(crate) struct ModelNetwork {
    net: Network,
    n: usize,
    /// The houses come first: this many all-different lines.
    units: usize,
    /// The filters of the lines after the houses.
    filters: Vec<Filter>,
    rules: Rules,
    scratch: RefCell<Scratch>,
    /// The implied agreement of the model's products ([`implied::products_agree`]).
    consistent: bool,
}

impl ModelNetwork {
    /// The network of `lowered` with `rules`.
    pub(crate) fn new(lowered: &Lowered, rules: Rules) -> Self {
        let n = lowered.n;
        let mut lines: Vec<Vec<usize>> = lowered.houses().cloned().collect();
        let units = lines.len();
        let mut filters = Vec::new();
        for bx in &lowered.regions {
            for line in &lowered.lines {
                let common: Vec<usize> = bx.iter().copied().filter(|c| line.contains(c)).collect();
                if common.is_empty() {
                    continue;
                }
                let mut cells = common.clone();
                cells.extend(bx.iter().filter(|c| !common.contains(c)));
                cells.extend(line.iter().filter(|c| !common.contains(c)));
                filters.push(Filter::Intersection(common.len()));
                lines.push(cells);
            }
        }
        for x in crossings(lowered) {
            filters.push(Filter::Intersection(x.shared.len()));
            lines.push([x.shared, x.a_rest, x.b_rest].concat());
        }
        let derived = if rules.implied {
            implied::sums(lowered)
        } else {
            Vec::new()
        };
        let exact = rules.exact_sums && n <= 9;
        for (cells, total) in lowered.sums.iter().chain(&derived) {
            lines.push(cells.clone());
            filters.push(if exact {
                Filter::Exact(*total)
            } else {
                Filter::Combinations(sum::sets(n, cells.len(), *total))
            });
        }
        for (cells, target, _) in &lowered.products {
            lines.push(cells.clone());
            filters.push(Filter::Product(Lattice::new(*target)));
        }
        for (cells, clue) in &lowered.visible {
            lines.push(cells.clone());
            filters.push(Filter::Visible(*clue));
        }
        for (cells, rel) in &lowered.pairs {
            lines.push(cells.to_vec());
            filters.push(Filter::Pair(*rel));
        }
        // Three partitions of the cells into groups of distinct digits: regions, rows,
        // columns (a cell in none is a group of its own).
        let mut parts = [
            vec![usize::MAX; lowered.cells.len()],
            vec![usize::MAX; lowered.cells.len()],
            vec![usize::MAX; lowered.cells.len()],
        ];
        let (rows, cols) = lowered.lines.split_at(lowered.rows);
        for (part, groups) in parts.iter_mut().zip([&lowered.regions[..], rows, cols]) {
            for (r, cells) in groups.iter().enumerate() {
                for &c in cells {
                    part[c] = r;
                }
            }
        }
        for (i, (cells, rule)) in lowered.automata.iter().enumerate() {
            lines.push(cells.clone());
            let groups = parts
                .iter()
                .map(|part| {
                    cells
                        .iter()
                        .enumerate()
                        .map(|(j, &c)| match part[c] {
                            usize::MAX => lowered.cells.len() + i * 64 + j,
                            r => r,
                        })
                        .collect()
                })
                .collect();
            filters.push(Filter::Line(rule.clone(), groups));
        }
        ModelNetwork {
            net: Network::new(lowered.cells.len(), lines),
            n,
            units,
            filters,
            rules,
            scratch: RefCell::new(Scratch::default()),
            consistent: implied::products_agree(lowered),
        }
    }

    /// The line network.
    pub(crate) fn net(&self) -> &Network {
        &self.net
    }

    /// The candidates the search starts from: the model's, or none at all when its products
    /// disagree (no solution, found at the root at once).
    pub(crate) fn root(&self, lowered: &Lowered) -> Vec<Mask> {
        if self.consistent {
            lowered.root.clone()
        } else {
            vec![0; lowered.root.len()]
        }
    }
}

impl LineFilter for ModelNetwork {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        let Some(i) = line.checked_sub(self.units) else {
            return house::house(doms, self.rules.subsets);
        };
        match &self.filters[i] {
            Filter::Intersection(_) if !self.rules.box_line => true,
            Filter::Intersection(k) => house::intersection(doms, *k, self.n),
            Filter::Combinations(combos) => sum::combinations(combos, doms),
            Filter::Exact(total) => sum::exact(*total, doms),
            Filter::Product(lattice) => lattice.filter(doms, &mut self.scratch.borrow_mut()),
            Filter::Visible(clue) => visibility::filter(self.n, *clue, doms),
            Filter::Pair(rel) => order::filter(*rel, doms),
            Filter::Line(rule, parts) => {
                let mut a = Automaton::new(rule, doms.len());
                for groups in parts {
                    a = a.with_boxes(groups, self.n as u8);
                }
                line::filter(&a, doms)
            }
        }
    }
}
