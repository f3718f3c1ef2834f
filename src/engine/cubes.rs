//! # Top-level cubes: one puzzle cut into parts that partition its grids
//!
//! The cube phase of cube-and-conquer (Heule, Kullmann, Wieringa, Biere: "Cube and Conquer:
//! Guiding CDCL SAT Solvers by Lookaheads", HVC 2011): a few cells are chosen, and every
//! assignment of digits to exactly those cells that unit propagation does not refute is one
//! *cube*. Because every cube assigns the same cells and no two assign them alike, the
//! cubes are disjoint; because only assignments that propagation refutes (and which no grid
//! can therefore extend) are left out, every grid lies in exactly one cube. Counting the
//! grids of each cube and adding the counts is exact, and so is a uniqueness proof.
//!
//! The cells are those of whole groups (a KenKen's cages; rows and columns otherwise),
//! the most constraining first, until the cubes number at least the target (a few per
//! thread, so that a hard cube does not leave the other threads idle); each new cell's
//! digits are tried under every cube so far, with full unit propagation over the formula.
//! Propagation is a plain occurrence-list propagator written for this one job: the cube
//! phase runs once per puzzle, and on a 20×20 KenKen it takes under 0.15 s.

use crate::cnf::{CnfFormula, Lit, OneHot};
use crate::grid::Cell;

/// Never more top-level cubes than this, whatever the target (a cell whose digits would
/// take the count past it is not added).
const MAX_CUBES: usize = 4096;

/// The top-level cubes of one puzzle: every cube assigns a digit to each of `cells`, no two
/// alike, and every grid of the puzzle agrees with exactly one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TopCubes {
    /// The cells every cube assigns, in the order they were chosen.
    pub(crate) cells: Vec<Cell>,
    /// The cubes: one `(cell, digit)` per cell of `cells`, in that order.
    pub(crate) cubes: Vec<Vec<(Cell, u8)>>,
}

impl TopCubes {
    /// Cubes of the formula `formula` (one-hot cells `map`) over the cells of whole
    /// `groups` (KenKen cages; rows and columns for other kinds), at least `target` when the
    /// puzzle has that many parts (fewer for a puzzle that propagation nearly solves; one
    /// empty cube for a formula refuted at the root, or with no free cell).
    ///
    /// Groups are taken most constraining first ([`ranked`]), cell by cell, until the cubes
    /// number `target` (the last group may be cut short).
    pub(crate) fn split(
        formula: &CnfFormula,
        map: &OneHot,
        groups: &[Vec<Cell>],
        target: usize,
    ) -> TopCubes {
        let mut prop = Propagator::new(formula);
        let mut cubes = TopCubes {
            cells: Vec::new(),
            cubes: vec![Vec::new()],
        };
        if !prop.root() {
            return cubes;
        }
        'groups: for group in ranked(&prop, map, groups) {
            for cell in group {
                if cubes.cells.contains(&cell) {
                    continue;
                }
                if cubes.cubes.len() >= target {
                    break 'groups;
                }
                let children = expand(&mut prop, map, &cubes.cubes, cell);
                if children.len() > MAX_CUBES {
                    break 'groups;
                }
                cubes.cells.push(cell);
                cubes.cubes = children;
            }
        }
        cubes
    }

    /// The literals that assume cube `index`.
    pub(crate) fn lits(&self, map: &OneHot, index: usize) -> Vec<Lit> {
        self.cubes[index]
            .iter()
            .map(|&(cell, d)| map.lit(cell, d))
            .collect()
    }
}

/// The free cells (two digits or more) of each group of `groups`, the most constraining
/// group first: the most free cells per logarithm of the product of their domains (an
/// upper bound on the assignments that propagation leaves them).
fn ranked(prop: &Propagator, map: &OneHot, groups: &[Vec<Cell>]) -> Vec<Vec<Cell>> {
    let mut listed: Vec<(f64, Vec<Cell>)> = groups
        .iter()
        .filter_map(|group| {
            let (mut free, mut log) = (Vec::new(), 0.0);
            for &c in group {
                let size = domain(prop, map, c).len();
                if size > 1 {
                    free.push(c);
                    log += f64::from(u32::try_from(size).unwrap_or(u32::MAX)).ln();
                }
            }
            #[allow(clippy::cast_precision_loss, reason = "a ranking score")]
            let score = free.len() as f64 / log;
            (!free.is_empty()).then_some((score, free))
        })
        .collect();
    listed.sort_by(|a, b| b.0.total_cmp(&a.0));
    listed.into_iter().map(|(_, free)| free).collect()
}

/// The digits of `cell` that are not false in `prop`'s current assignment.
fn domain(prop: &Propagator, map: &OneHot, cell: Cell) -> Vec<u8> {
    (1..=map.digits())
        .filter(|&d| prop.value(map.lit(cell, d)) != Some(false))
        .collect()
}

/// Every cube of `cubes` extended by each digit of `cell` that propagation does not refute
/// under it.
fn expand(
    prop: &mut Propagator,
    map: &OneHot,
    cubes: &[Vec<(Cell, u8)>],
    cell: Cell,
) -> Vec<Vec<(Cell, u8)>> {
    let mut children = Vec::new();
    for cube in cubes {
        let mark = prop.mark();
        let holds = cube.iter().all(|&(c, d)| prop.assume(map.lit(c, d)));
        if holds {
            for d in domain(prop, map, cell) {
                let inner = prop.mark();
                if prop.assume(map.lit(cell, d)) {
                    let mut child = cube.clone();
                    child.push((cell, d));
                    children.push(child);
                }
                prop.undo(inner);
            }
        }
        prop.undo(mark);
    }
    children
}

/// Unit propagation over a fixed formula, with an undo trail.
struct Propagator<'f> {
    /// The formula's clauses, in order, so a clause is found by index.
    clauses: Vec<&'f [Lit]>,
    /// For each literal code, the clauses that hold its negation (they may become unit or
    /// empty when the literal is set).
    watch: Vec<Vec<u32>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: Vec<i8>,
    trail: Vec<Lit>,
}

impl<'f> Propagator<'f> {
    fn new(formula: &'f CnfFormula) -> Self {
        let vars = formula.var_count();
        let clauses: Vec<&[Lit]> = formula.iter().collect();
        let mut watch = vec![Vec::new(); 2 * vars];
        for (i, clause) in clauses.iter().enumerate() {
            let i = u32::try_from(i).expect("fewer than 2^32 clauses");
            for &l in *clause {
                watch[(!l).code()].push(i);
            }
        }
        Propagator {
            clauses,
            watch,
            values: vec![0; vars],
            trail: Vec::new(),
        }
    }

    /// Propagates the formula's unit clauses; false on a conflict.
    fn root(&mut self) -> bool {
        let units: Vec<Lit> = self
            .clauses
            .iter()
            .filter(|c| c.len() == 1)
            .map(|c| c[0])
            .collect();
        let empty = self.clauses.iter().any(|c| c.is_empty());
        !empty && units.into_iter().all(|l| self.assume(l))
    }

    /// The value of `lit`, if assigned.
    fn value(&self, lit: Lit) -> Option<bool> {
        match self.values[lit.index()] {
            0 => None,
            v => Some((v > 0) != lit.is_negative()),
        }
    }

    /// The trail length, to [`Propagator::undo`] back to.
    fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Unassigns everything set after `mark`.
    fn undo(&mut self, mark: usize) {
        for lit in self.trail.drain(mark..) {
            self.values[lit.index()] = 0;
        }
    }

    /// Sets `lit` and propagates; false on a conflict (the caller undoes).
    fn assume(&mut self, lit: Lit) -> bool {
        match self.value(lit) {
            Some(v) => return v,
            None => self.set(lit),
        }
        let mut next = self.trail.len() - 1;
        while next < self.trail.len() {
            let set = self.trail[next];
            next += 1;
            for w in 0..self.watch[set.code()].len() {
                let clause = self.clauses[self.watch[set.code()][w] as usize];
                match self.status(clause) {
                    Status::Satisfied | Status::Open => {}
                    Status::Unit(l) => self.set(l),
                    Status::Conflict => return false,
                }
            }
        }
        true
    }

    fn set(&mut self, lit: Lit) {
        self.values[lit.index()] = if lit.is_negative() { -1 } else { 1 };
        self.trail.push(lit);
    }

    /// What `clause` says under the current assignment.
    fn status(&self, clause: &[Lit]) -> Status {
        let mut free = None;
        for &l in clause {
            match self.value(l) {
                Some(true) => return Status::Satisfied,
                Some(false) => {}
                None if free.is_some() => return Status::Open,
                None => free = Some(l),
            }
        }
        free.map_or(Status::Conflict, Status::Unit)
    }
}

/// A clause under a partial assignment.
enum Status {
    Satisfied,
    /// Two or more literals unassigned.
    Open,
    Unit(Lit),
    Conflict,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::EncodeOptions;
    use crate::puzzle::Puzzle;

    /// The cubes of a 4×4 with a first row left open: distinct assignments of the same
    /// cells, as many as asked for where possible, none refuted by propagation alone.
    #[test]
    fn cubes_assign_the_same_cells_and_differ() {
        let text = "size 4\n1 = A1; 2 = B1; 3 = C1; 4 = D1; \
                    30 + A2 B2 C2 D2 A3 B3 C3 D3 A4 B4 C4 D4\n";
        let puzzle = Puzzle::parse(text).expect("parses");
        let enc = puzzle.encode(&EncodeOptions::default()).expect("encodes");
        for target in [1, 2, 5, 24] {
            let rows: Vec<Vec<Cell>> = (0..4)
                .map(|r| (0..4).map(|c| Cell::new(r, c)).collect())
                .collect();
            let cubes = TopCubes::split(&enc.formula, &enc.map, &rows, target);
            assert!(cubes.cubes.len() >= target.min(24), "target {target}");
            let cells: Vec<Vec<Cell>> = cubes
                .cubes
                .iter()
                .map(|c| c.iter().map(|&(cell, _)| cell).collect())
                .collect();
            assert!(cells.iter().all(|c| *c == cubes.cells));
            let mut distinct = cubes.cubes.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), cubes.cubes.len());
        }
    }
}
