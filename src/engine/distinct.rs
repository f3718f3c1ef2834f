//! # No grid counted twice, in memory that does not grow with the count
//!
//! Every enumeration checks that no grid comes twice, whatever the engine claims. Keeping
//! every grid (or a fingerprint of each) makes that check cost memory in proportion to the
//! count: a gigabyte or two after some tens of millions of grids. Engines that walk a search
//! tree can do better, because the tree itself says the grids are distinct, and the check
//! can verify the tree's claim without trusting the engine:
//!
//! - each grid comes with its **address**: the path of binary branches from the root to the
//!   node it was found at, a branch saying "this cell holds this digit" (`holds`) or "does
//!   not", on the first or the second side of its node;
//! - the grid must agree with every branch of its path (checked here, on the grid);
//! - the nodes come in depth-first pre-order: each path either extends the one before
//!   (the same node, or one below it), or leaves it at some depth `k` where the earlier path
//!   took the first side of a branch and this one takes the second side of the *same*
//!   branch (same cell and digit, the opposite truth).
//!
//! Two grids whose paths part that way differ at that branch's cell (one has the digit, the
//! other not), and the rule between neighbours carries over to every pair: if `P1 < P2`
//! part at depth `a` and `P2 < P3` at depth `b`, then `P1` and `P3` part at `min(a, b)` on
//! a branch where one takes the first side and the other the second (two first-to-second
//! moves at one depth are impossible: a branch has two sides). So only grids on the path's
//! own nodes can repeat each other, and the check keeps the fingerprints of those alone:
//! they are dropped when the walk leaves the node. A DPLL walk finds one grid per leaf, so
//! its memory is one path; a CDCL enumeration in cubes keeps a cube's few hundred grids
//! until the cube is split.
//!
//! A run split into top-level **cubes** (several threads each taking cubes) names each
//! grid's cube as an assignment of cells: all cubes of one tree assign the same cells, so two
//! different cubes hold disjoint sets of grids; each grid must lie in its cube, and within a
//! cube the path rule above holds. An engine that starts a new **tree** (`auto` handing the
//! puzzle from the DPLL walk to CDCL) may do so only while the grids found so far are few:
//! their fingerprints are kept ([`EARLY`]) and every later grid is checked against them.
//! Grids with no address (SMT, engines without a tree) keep their fingerprints.

use std::collections::{HashMap, HashSet};

use crate::grid::{Cell, Grid};
pub(crate) use crate::tree::Branch;

/// The branches by which a d-way split of `cell` (one child per digit, in ascending order)
/// reaches its child `digit`.
pub(crate) fn digit_child(cell: Cell, digit: u8) -> impl Iterator<Item = Branch> {
    crate::tree::child(cell, 1..digit, digit)
}

/// The tree a search walks, and the top-level cube it is confined to (empty when the tree
/// is not split): what [`Address::Node`] says besides the path.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tree<'a> {
    /// Which tree: an engine that starts its search again numbers the new tree higher.
    pub(crate) id: u32,
    /// The top-level cube.
    pub(crate) cube: &'a [(Cell, u8)],
}

impl<'a> Tree<'a> {
    /// The address of the node at `path` in this tree.
    pub(crate) fn at<'p>(&self, path: &'p [Branch]) -> Address<'p>
    where
        'a: 'p,
    {
        Address::Node {
            tree: self.id,
            cube: self.cube,
            path,
        }
    }
}

/// Where an engine found a grid.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Address<'a> {
    /// Nowhere the check can use: the grid's fingerprint is kept.
    Unordered,
    /// A node of a search tree visited in depth-first pre-order.
    Node {
        /// Which tree: an engine that starts its search again numbers the new tree higher.
        tree: u32,
        /// The top-level cube the node lies in (empty when the tree is not split).
        cube: &'a [(Cell, u8)],
        /// The path from the cube's root to the node.
        path: &'a [Branch],
    },
}

impl<'a> Address<'a> {
    /// The path of a node address; `None` for [`Address::Unordered`].
    pub(crate) fn path(&self) -> Option<&'a [Branch]> {
        match *self {
            Address::Unordered => None,
            Address::Node { path, .. } => Some(path),
        }
    }
}

/// A path kept to be handed on later (another thread, after a race): the grid's address
/// without its tree, which the receiver supplies.
pub(crate) type OwnedPath = Option<Vec<Branch>>;

/// The address of a grid found at `path` (`None`: unordered) in `tree`.
pub(crate) fn address<'p>(tree: &Tree<'p>, path: &'p OwnedPath) -> Address<'p> {
    match path {
        Some(p) => tree.at(p),
        None => Address::Unordered,
    }
}

/// Why a grid failed the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clash {
    /// The grid came before.
    Repeated,
    /// The address breaks the rules (order, a branch or cube the grid is not in): the
    /// engine's claim cannot be checked.
    Disordered,
}

/// How many grids' fingerprints are kept whatever their address, so that a new tree may
/// start after them.
pub(crate) const EARLY: u64 = 1024;

/// The check (see the module notes).
#[derive(Debug, Default)]
pub(crate) struct Distinct {
    /// Grids checked so far.
    count: u64,
    /// The first [`EARLY`] grids' fingerprints.
    early: HashSet<u128>,
    /// Fingerprints of grids that came without an address.
    unordered: HashSet<u128>,
    /// The current tree, once one has been seen.
    tree: Option<u32>,
    /// The cells the current tree's cubes assign.
    cube_cells: Option<Vec<Cell>>,
    /// Per cube (its digits), the walk inside it.
    walks: HashMap<Vec<u8>, Walk>,
}

impl Distinct {
    /// A check that has seen nothing.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Checks `grid`, found at `at`, against the grids before it, and records it.
    ///
    /// # Errors
    /// [`Clash::Repeated`] when it came before; [`Clash::Disordered`] when its address does
    /// not let the check decide.
    pub(crate) fn check(&mut self, grid: &Grid<u8>, at: Address<'_>) -> Result<(), Clash> {
        let print = fingerprint(grid);
        if self.early.contains(&print) || self.unordered.contains(&print) {
            return Err(Clash::Repeated);
        }
        match at {
            Address::Unordered => {
                let _ = self.unordered.insert(print);
            }
            Address::Node { tree, cube, path } => {
                self.enter(tree, cube)?;
                if cube.iter().any(|&(cell, d)| *grid.get(cell) != d)
                    || path.iter().any(|b| !admits(b, grid))
                {
                    return Err(Clash::Disordered);
                }
                let digits = cube.iter().map(|&(_, d)| d).collect();
                self.walks.entry(digits).or_default().visit(path, print)?;
            }
        }
        if self.count < EARLY {
            let _ = self.early.insert(print);
        }
        self.count += 1;
        Ok(())
    }

    /// Moves to `tree` (a new one only while every grid so far is in `early`) and checks
    /// that `cube` assigns the tree's cube cells.
    fn enter(&mut self, tree: u32, cube: &[(Cell, u8)]) -> Result<(), Clash> {
        match self.tree {
            Some(t) if t == tree => {}
            Some(t) if tree < t || self.count > EARLY => return Err(Clash::Disordered),
            _ => {
                self.tree = Some(tree);
                self.cube_cells = None;
                self.walks.clear();
            }
        }
        let cells = || cube.iter().map(|&(cell, _)| cell);
        match &self.cube_cells {
            Some(known) if !known.iter().copied().eq(cells()) => Err(Clash::Disordered),
            Some(_) => Ok(()),
            None => {
                self.cube_cells = Some(cells().collect());
                Ok(())
            }
        }
    }
}

/// The depth-first walk inside one cube: the path of the newest node, and the fingerprints
/// of the grids found on each node of it (`found[k]`: at the node `k` branches deep).
#[derive(Debug, Default)]
struct Walk {
    path: Vec<Branch>,
    found: Vec<Vec<u128>>,
    live: HashSet<u128>,
}

impl Walk {
    /// Moves to the node at `path` (see the module notes) and records `print` there.
    fn visit(&mut self, path: &[Branch], print: u128) -> Result<(), Clash> {
        let shared = self
            .path
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        // `found` is empty until the first grid, which sets the path.
        if !self.found.is_empty() && shared < self.path.len() {
            // Leaving the old path: only to the other side of the branch where they part.
            match path.get(shared) {
                Some(next) if then(&self.path[shared], next) => {}
                _ => return Err(Clash::Disordered),
            }
            self.path.truncate(shared);
            for gone in self.found.drain(shared + 1..) {
                for p in gone {
                    let _ = self.live.remove(&p);
                }
            }
        }
        self.path.extend_from_slice(&path[self.path.len()..]);
        self.found.resize_with(self.path.len() + 1, Vec::new);
        if !self.live.insert(print) {
            return Err(Clash::Repeated);
        }
        self.found[self.path.len()].push(print);
        Ok(())
    }
}

/// Whether `grid` lies below `branch`.
fn admits(branch: &Branch, grid: &Grid<u8>) -> bool {
    (*grid.get(branch.cell) == branch.digit) == branch.holds
}

/// Whether `later` is the other side of `first`'s node, taken after it.
fn then(first: &Branch, later: &Branch) -> bool {
    !first.second
        && later.second
        && first.cell == later.cell
        && first.digit == later.digit
        && first.holds != later.holds
}

/// A 128-bit fingerprint of a grid (two differently seeded SipHash values).
pub(crate) fn fingerprint(grid: &Grid<u8>) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |seed: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        seed.hash(&mut h);
        grid.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every grid of digits 1..=`digits` over `cells` cells (a 1×`cells` grid), each with
    /// its path in the full binary tree that asks, cell by cell, "is it 1?", "is it 2?", …
    /// (the first side being "yes"), in depth-first order.
    fn walk(cells: usize, digits: u8) -> Vec<(Grid<u8>, Vec<Branch>)> {
        let mut out = Vec::new();
        let mut values = vec![1u8; cells];
        loop {
            let path = values
                .iter()
                .enumerate()
                .flat_map(|(c, &d)| {
                    digit_child(Cell::new(0, u8::try_from(c).expect("small")), d)
                        .collect::<Vec<_>>()
                })
                .collect();
            out.push((
                Grid::from_rows(vec![values.clone()]).expect("one row"),
                path,
            ));
            // The next digits in lexicographic order (which is the tree's order).
            let Some(i) = values.iter().rposition(|&d| d < digits) else {
                return out;
            };
            values[i] += 1;
            values[i + 1..].fill(1);
        }
    }

    fn at(path: &[Branch]) -> Address<'_> {
        Tree::default().at(path)
    }

    /// A walk in order passes, and keeps no more than its path's worth of fingerprints.
    #[test]
    fn a_depth_first_walk_passes_in_memory_of_one_path() {
        let grids = walk(4, 3);
        assert_eq!(grids.len(), 81);
        let mut check = Distinct::new();
        for (grid, path) in &grids {
            assert_eq!(check.check(grid, at(path)), Ok(()));
            let live: usize = check.walks.values().map(|w| w.live.len()).sum();
            assert_eq!(live, 1, "one grid per leaf: only the newest is kept");
        }
    }

    /// Any grid given again, at its own leaf or at any other place it admits, is caught:
    /// as a repeat at the same node, or as a move the order forbids.
    #[test]
    fn every_repeat_is_caught_whatever_address_it_claims() {
        let grids = walk(3, 3);
        for (i, (_, path)) in grids.iter().enumerate() {
            for (j, (earlier, _)) in grids.iter().enumerate().take(i + 1) {
                let mut check = Distinct::new();
                for (grid, path) in &grids[..i] {
                    check.check(grid, at(path)).expect("in order");
                }
                // The grid of leaf j (j ≤ i, so it came before unless j = i) at leaf i's place.
                let got = check.check(earlier, at(path));
                if j == i {
                    assert_eq!(got, Ok(()));
                } else {
                    assert!(got.is_err(), "grid {j} again at leaf {i}");
                }
            }
        }
    }

    /// Grids at one node (a CDCL cube) are told apart by fingerprint; a node below it keeps
    /// its ancestors' grids in view; a move back up is refused.
    #[test]
    fn grids_at_one_node_and_below_it_are_kept_until_the_walk_leaves() {
        let grids = walk(2, 3);
        let g = |i: usize| &grids[i].0;
        let cell = Cell::new(0, 0);
        let below: Vec<Branch> = digit_child(cell, 1).collect();
        let mut check = Distinct::new();
        assert_eq!(check.check(g(0), at(&[])), Ok(()));
        assert_eq!(check.check(g(1), at(&[])), Ok(()));
        assert_eq!(check.check(g(1), at(&[])), Err(Clash::Repeated));
        // g(0) and g(1) have 1 in their first cell: below the root's "is it 1?" branch.
        assert_eq!(check.check(g(0), at(&below)), Err(Clash::Repeated));
        assert_eq!(check.check(g(2), at(&below)), Ok(()));
        assert_eq!(check.check(g(5), at(&[])), Err(Clash::Disordered));
        // A grid the branch does not admit.
        assert_eq!(check.check(g(4), at(&below)), Err(Clash::Disordered));
    }

    /// Leaving a path anywhere but to the second side of the same branch is refused, and
    /// so is a second "second side".
    #[test]
    fn only_first_to_second_side_moves_are_allowed() {
        let cell = Cell::new(0, 0);
        let one = |holds, second| Branch {
            cell,
            digit: 1,
            holds,
            second,
        };
        let grid = |d| Grid::from_rows(vec![vec![d, 1]]).expect("one row");
        let mut check = Distinct::new();
        assert_eq!(check.check(&grid(1), at(&[one(true, false)])), Ok(()));
        assert_eq!(check.check(&grid(2), at(&[one(false, true)])), Ok(()));
        // A third side, or the first side again: the same grid could come twice that way.
        assert_eq!(
            check.check(&grid(3), at(&[one(true, true)])),
            Err(Clash::Disordered)
        );
        let mut check = Distinct::new();
        check
            .check(&grid(2), at(&[one(false, false)]))
            .expect("first");
        // The second side of another branch.
        let two = Branch {
            digit: 2,
            ..one(false, true)
        };
        assert_eq!(check.check(&grid(3), at(&[two])), Err(Clash::Disordered));
    }

    /// Cubes of one tree must assign the same cells, and each grid lie in its cube; a new
    /// tree may start only while every grid so far is remembered, and repeats across trees
    /// are caught.
    #[test]
    fn cubes_and_trees_are_checked() {
        let grids = walk(2, 2);
        let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
        let mut check = Distinct::new();
        let cube = |d| [(a, d)];
        let in_cube = |d: u8, check: &mut Distinct, grid: &Grid<u8>| {
            let cube = cube(d);
            let tree = Tree { id: 0, cube: &cube };
            check.check(grid, tree.at(&[]))
        };
        assert_eq!(in_cube(2, &mut check, &grids[2].0), Ok(()));
        assert_eq!(in_cube(1, &mut check, &grids[0].0), Ok(()));
        assert_eq!(in_cube(1, &mut check, &grids[3].0), Err(Clash::Disordered));
        let other = [(b, 1)];
        let tree = Tree {
            id: 0,
            cube: &other,
        };
        assert_eq!(
            check.check(&grids[1].0, tree.at(&[])),
            Err(Clash::Disordered)
        );
        // Tree 1, after three grids: grid 0 again is caught, grid 1 is new.
        let tree = Tree { id: 1, cube: &[] };
        assert_eq!(check.check(&grids[0].0, tree.at(&[])), Err(Clash::Repeated));
        assert_eq!(check.check(&grids[1].0, tree.at(&[])), Ok(()));
        // Back to tree 0: refused.
        assert_eq!(check.check(&grids[3].0, at(&[])), Err(Clash::Disordered));
    }

    /// After more grids than the check remembers, no new tree may start.
    #[test]
    fn a_new_tree_late_is_refused() {
        let grids = walk(7, 3);
        assert!(grids.len() as u64 > EARLY);
        let mut check = Distinct::new();
        for (grid, path) in grids.iter().take(EARLY as usize + 1) {
            check.check(grid, at(path)).expect("in order");
        }
        let last = &grids.last().expect("grids").0;
        let tree = Tree { id: 1, cube: &[] };
        assert_eq!(check.check(last, tree.at(&[])), Err(Clash::Disordered));
    }
}
