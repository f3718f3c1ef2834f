//! # All-different: the deductions of one house, written once
//!
//! A *house* (a row or column of a Latin square, a box, a diagonal) holds each digit
//! `1..=len` exactly once; a distinct sum (a Kakuro run, a Killer cage) holds distinct
//! digits. Every engine, grader and explainer that reasons about such a group of cells
//! calls the functions here, over one interface: [`House`], the candidates of the group's
//! cells by position, implemented by a slice of masks (the line network of
//! [`crate::model`], whose filters see a gathered copy) and by [`Line`], the cells of a
//! line picked out of a grid's candidates ([`Domains`] for the native engine and the
//! graders, a slice of masks for the run graders). Narrowings go through
//! [`House::restrict`], so [`Domains`] records each changed cell for the propagation loop.
//! One return convention: a rule that narrows returns `Result<bool, Conflict>` (whether
//! anything changed); a finder that a grader or an explainer names a step by returns what
//! it found ([`HallSet`]).
//!
//! The deductions, named as in the Sudoku literature:
//!
//! - [`naked_singles`]: a fixed cell's digit leaves every other cell, to a fixpoint; two
//!   cells fixed to one digit, or an empty cell, are a conflict.
//! - [`hidden_singles`]: a digit (of those asked for) with one possible cell goes there; a
//!   digit with no possible cell is a conflict.
//! - [`singles`]: both, to a fixpoint, on a house of `len` cells and digits `1..=len`.
//! - [`hall_sets`]: the *Hall sets* of size `k`, sets of `k` masks whose union holds at
//!   most `k` bits, in lexicographic order, with the partial unions pruned past `k` bits.
//!   Over cells' candidates a set whose union holds exactly `k` digits is a *naked set*
//!   (those digits leave the other cells: [`naked_subsets`] applies every one up to a
//!   size, [`first_naked_set`] finds the first that removes something, for the graders);
//!   over the places of digits it is a *hidden set*; over the places of one digit in rows
//!   it is a *fish*. Fewer than `k` bits is a conflict.
//! - [`gac`]: generalized arc consistency (a digit stays where the other cells can still
//!   be matched to distinct digits; one bipartite matching and an augmenting path per
//!   candidate): what the naked and hidden sets of every size remove together (Hall's
//!   theorem), found at once; for explanations, one constraint at a time.
//!
//! Two measured fast paths keep their own representation and are documented as
//! specialisations of these rules: the bitset search of [`crate::model`]'s `houses.rs`
//! (naked singles through each cell's peer list, hidden singles by one "seen once / seen
//! twice" pass per woken house, on the grid's candidates in place) and the digit-major
//! search of `model/latin/` (singles, hidden singles and intersections as word operations
//! on every house at once; on the classic grid the band tables of `bands.rs`).
//!
//! ## References
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets), `seeds/wolfram-kenken-logic.txt`.
//! - P. Norvig, "Solving Every Sudoku Puzzle" (elimination and only-choice rules).
//! - P. Hall, "On representatives of subsets", J. London Math. Soc. 10 (1935).
//! - J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.

use std::ops::ControlFlow;

use crate::native::domains::{full, Conflict, Domains, Mask};

/// The candidates of the cells of one house, by position `0..len()` in the house.
pub(crate) trait House {
    /// The number of cells.
    fn len(&self) -> usize;

    /// The candidates of the cell at position `k`.
    fn get(&self, k: usize) -> Mask;

    /// Keeps only the candidates `keep` of the cell at position `k`: whether it narrowed.
    ///
    /// # Errors
    /// [`Conflict`] when nothing is left (the cell is then left as it was).
    fn restrict(&mut self, k: usize, keep: Mask) -> Result<bool, Conflict>;
}

impl House for [Mask] {
    #[inline]
    fn len(&self) -> usize {
        <[Mask]>::len(self)
    }

    #[inline]
    fn get(&self, k: usize) -> Mask {
        self[k]
    }

    #[inline]
    fn restrict(&mut self, k: usize, keep: Mask) -> Result<bool, Conflict> {
        let new = self[k] & keep;
        if new == 0 {
            return Err(Conflict);
        }
        let changed = new != self[k];
        self[k] = new;
        Ok(changed)
    }
}

/// The candidates of every cell of a grid, by cell number: what a [`Line`] picks its
/// cells from.
pub(crate) trait Candidates {
    /// The candidates of cell `i`.
    fn get(&self, i: usize) -> Mask;

    /// Keeps only the candidates `keep` of cell `i`: whether it narrowed.
    ///
    /// # Errors
    /// [`Conflict`] when nothing is left.
    fn restrict(&mut self, i: usize, keep: Mask) -> Result<bool, Conflict>;
}

impl Candidates for Domains {
    #[inline]
    fn get(&self, i: usize) -> Mask {
        Domains::get(self, i)
    }

    #[inline]
    fn restrict(&mut self, i: usize, keep: Mask) -> Result<bool, Conflict> {
        Domains::restrict(self, i, keep)
    }
}

impl Candidates for [Mask] {
    #[inline]
    fn get(&self, i: usize) -> Mask {
        self[i]
    }

    #[inline]
    fn restrict(&mut self, i: usize, keep: Mask) -> Result<bool, Conflict> {
        House::restrict(self, i, keep)
    }
}

/// A house whose cells are picked out of a grid's candidates by number.
#[derive(Debug)]
pub(crate) struct Line<'a, G: Candidates + ?Sized> {
    grid: &'a mut G,
    cells: &'a [usize],
}

impl<'a, G: Candidates + ?Sized> Line<'a, G> {
    /// The house of `cells` (cell numbers of `grid`, in house order).
    #[inline]
    pub(crate) fn new(grid: &'a mut G, cells: &'a [usize]) -> Self {
        Line { grid, cells }
    }
}

impl<G: Candidates + ?Sized> House for Line<'_, G> {
    #[inline]
    fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    fn get(&self, k: usize) -> Mask {
        self.grid.get(self.cells[k])
    }

    #[inline]
    fn restrict(&mut self, k: usize, keep: Mask) -> Result<bool, Conflict> {
        self.grid.restrict(self.cells[k], keep)
    }
}

/// Naked and hidden singles on a house of `len` cells holding each digit `1..=len` once,
/// to a fixpoint: whether any cell changed.
///
/// # Errors
/// [`Conflict`] when two cells are fixed to the same digit, a cell empties, or a digit has
/// no cell left.
pub(crate) fn singles<H: House + ?Sized>(h: &mut H) -> Result<bool, Conflict> {
    let all = full(h.len());
    let mut changed = false;
    loop {
        let (fixed, removed) = eliminate(h)?;
        let placed = hidden_singles(h, all & !fixed)?;
        changed |= removed | placed;
        if !placed {
            return Ok(changed);
        }
    }
}

/// Naked singles: every fixed digit leaves the other cells, until no new cell gets fixed.
/// Whether any cell changed.
///
/// # Errors
/// [`Conflict`] when two cells are fixed to the same digit or a cell empties.
pub(crate) fn naked_singles<H: House + ?Sized>(h: &mut H) -> Result<bool, Conflict> {
    eliminate(h).map(|(_, changed)| changed)
}

/// [`naked_singles`], returning also the mask of the fixed digits.
fn eliminate<H: House + ?Sized>(h: &mut H) -> Result<(Mask, bool), Conflict> {
    let mut done: Mask = 0;
    let mut changed = false;
    loop {
        let mut fixed: Mask = 0;
        for k in 0..h.len() {
            let m = h.get(k);
            // No digit or one (tested without counting them: a popcount is slow here).
            if m & m.wrapping_sub(1) == 0 {
                if m == 0 || fixed & m != 0 {
                    return Err(Conflict);
                }
                fixed |= m;
            }
        }
        let new = fixed & !done;
        let mut newly_fixed = false;
        for k in 0..h.len() {
            let m = h.get(k);
            if m.count_ones() > 1 && m & new != 0 {
                changed |= h.restrict(k, !new)?;
                newly_fixed |= h.get(k).count_ones() == 1;
            }
        }
        if !newly_fixed {
            return Ok((fixed, changed));
        }
        done = fixed;
    }
}

/// Where the digits of a house lie: the digits some cell holds, and those two or more
/// cells hold (so `once & !twice` are the digits with one place).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Places {
    /// The digits at least one cell holds.
    pub(crate) once: Mask,
    /// The digits at least two cells hold.
    pub(crate) twice: Mask,
}

impl Places {
    /// The places of the digits of `masks`, in one pass.
    #[inline]
    pub(crate) fn of(masks: impl IntoIterator<Item = Mask>) -> Self {
        let (mut once, mut twice) = (0, 0);
        for m in masks {
            twice |= once & m;
            once |= m;
        }
        Places { once, twice }
    }

    /// The digits with exactly one place.
    #[inline]
    pub(crate) fn lone(self) -> Mask {
        self.once & !self.twice
    }
}

/// Hidden singles: each digit of `digits` that exactly one cell of the house can take is
/// placed there. Whether any cell changed.
///
/// # Errors
/// [`Conflict`] when a digit of `digits` has no cell left (one cell the only place of two
/// of them included).
pub(crate) fn hidden_singles<H: House + ?Sized>(h: &mut H, digits: Mask) -> Result<bool, Conflict> {
    let places = Places::of((0..h.len()).map(|k| h.get(k)));
    if digits & !places.once != 0 {
        return Err(Conflict);
    }
    let mut lone = digits & places.lone();
    let mut changed = false;
    while lone != 0 {
        let b = lone & lone.wrapping_neg();
        lone &= lone - 1;
        let k = (0..h.len()).find(|&k| h.get(k) & b != 0).ok_or(Conflict)?;
        changed |= h.restrict(k, b)?;
    }
    Ok(changed)
}

/// A Hall set: `members` (bit `i` for mask `i` of those searched) and the union of their
/// masks, `digits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HallSet {
    /// Bit `i` for mask `i`.
    pub(crate) members: u32,
    /// The union of the members' masks.
    pub(crate) digits: Mask,
}

impl HallSet {
    /// The number of members.
    pub(crate) fn size(self) -> usize {
        self.members.count_ones() as usize
    }
}

/// Visits, in lexicographic order of their members, the sets of `k` of `masks` whose union
/// holds at most `k` bits (a partial set past `k` bits is not extended), until `visit`
/// breaks; the break's value. At most 32 masks are searched.
pub(crate) fn hall_sets<B>(
    masks: &[Mask],
    k: usize,
    visit: &mut impl FnMut(HallSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let masks = &masks[..masks.len().min(32)];
    if k == 0 || k > masks.len() {
        return ControlFlow::Continue(());
    }
    extend(
        masks,
        k,
        0,
        HallSet {
            members: 0,
            digits: 0,
        },
        visit,
    )
}

/// The sets of [`hall_sets`] that extend `set` with masks from `from` on.
fn extend<B>(
    masks: &[Mask],
    k: usize,
    from: usize,
    set: HallSet,
    visit: &mut impl FnMut(HallSet) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let chosen = set.size();
    if chosen == k {
        return visit(set);
    }
    for j in from..masks.len() {
        if masks.len() - j < k - chosen {
            break;
        }
        let digits = set.digits | masks[j];
        if digits.count_ones() as usize > k {
            continue;
        }
        let members = set.members | 1 << j;
        extend(masks, k, j + 1, HallSet { members, digits }, visit)?;
    }
    ControlFlow::Continue(())
}

/// Naked subsets of sizes `2..=max_k` on a house, smallest first: when `k` cells with two
/// to `k` candidates have only `k` digits between them, those digits leave the other cells
/// (every such set of one size is found on the candidates as they were before any of them
/// is applied). Whether any cell changed.
///
/// # Errors
/// [`Conflict`] when `k` cells have fewer than `k` digits between them, or a removal
/// empties a cell.
pub(crate) fn naked_subsets<H: House + ?Sized>(h: &mut H, max_k: usize) -> Result<bool, Conflict> {
    let mut changed = false;
    let mut at = [0u8; 32];
    let mut masks = [0 as Mask; 32];
    for k in 2..=max_k {
        let mut open = 0;
        for p in 0..h.len().min(32) {
            let m = h.get(p);
            if (2..=k as u32).contains(&m.count_ones()) {
                (at[open], masks[open]) = (p as u8, m);
                open += 1;
            }
        }
        if open < k {
            continue;
        }
        let mut found: Vec<(u32, Mask)> = Vec::new();
        let flow = hall_sets(&masks[..open], k, &mut |set| {
            if set.size() > set.digits.count_ones() as usize {
                return ControlFlow::Break(());
            }
            // The members by position in the house.
            let mut cells = 0u32;
            let mut bits = set.members;
            while bits != 0 {
                cells |= 1 << at[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            found.push((cells, set.digits));
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            return Err(Conflict);
        }
        for (cells, digits) in found {
            for p in 0..h.len() {
                if p >= 32 || cells & 1 << p == 0 {
                    changed |= h.restrict(p, !digits)?;
                }
            }
        }
    }
    Ok(changed)
}

/// The first naked set among `masks` (the candidates of a house's open cells), sizes
/// `2..=max_k` smallest first: `k` masks whose union holds `k` digits, which another mask
/// shares (so applying it removes something).
///
/// # Errors
/// [`Conflict`] when `k` masks have fewer than `k` digits between them (one met before the
/// set found).
pub(crate) fn first_naked_set(masks: &[Mask], max_k: usize) -> Result<Option<HallSet>, Conflict> {
    let masks = &masks[..masks.len().min(32)];
    for k in 2..=max_k {
        let flow = hall_sets(masks, k, &mut |set| {
            let bits = set.digits.count_ones() as usize;
            if bits < k {
                return ControlFlow::Break(Err(Conflict));
            }
            let rest = (0..masks.len())
                .filter(|&i| set.members & 1 << i == 0)
                .fold(0, |u, i| u | masks[i]);
            if rest & set.digits != 0 {
                return ControlFlow::Break(Ok(set));
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(found) = flow {
            return found.map(Some);
        }
    }
    Ok(None)
}

/// Generalized arc consistency of all-different over `doms` (the candidates of distinct
/// cells): each cell keeps the digits with which the other cells can still take distinct
/// digits. Nothing is kept when the cells cannot all take distinct digits.
///
/// One maximum matching is found. A cell keeps its matched digit, and a digit `d` outside
/// the matching when `d` is free or when `d`'s owner can move along an alternating path
/// ending at a free digit or at the cell's own matched digit (which the move frees):
/// walking a digit to the digits its owner could take instead, closed transitively over
/// bitmasks (Régin's residual graph, with at most 32 digits).
pub(crate) fn gac(doms: &[Mask]) -> Vec<Mask> {
    let mut out = vec![0; doms.len()];
    gac_into(doms, &mut out);
    out
}

/// [`gac`] written into `out` (as long as `doms`), without allocating. Decided cells
/// first: their digits leave the other cells, and the matching is over those left.
pub(crate) fn gac_into(doms: &[Mask], out: &mut [Mask]) {
    let mut fixed: Mask = 0;
    let mut open = 0;
    for &dom in doms {
        if dom.count_ones() == 1 {
            if fixed & dom != 0 {
                out.fill(0);
                return;
            }
            fixed |= dom;
        } else {
            open += 1;
        }
    }
    if fixed == 0 || doms.len() > 32 {
        return matched_gac(doms, out);
    }
    let (mut left, mut kept, mut at) = ([0 as Mask; 32], [0 as Mask; 32], [0usize; 32]);
    let mut k = 0;
    for (i, &dom) in doms.iter().enumerate() {
        if dom.count_ones() != 1 {
            left[k] = dom & !fixed;
            at[k] = i;
            k += 1;
        }
    }
    matched_gac(&left[..open], &mut kept[..open]);
    if kept[..open].contains(&0) {
        out.fill(0);
        return;
    }
    out.copy_from_slice(doms);
    for (&i, &keep) in at[..open].iter().zip(&kept[..open]) {
        out[i] = keep;
    }
}

/// [`gac`] by one maximum matching and the alternating paths from it.
fn matched_gac(doms: &[Mask], out: &mut [Mask]) {
    out.fill(0);
    // owner[d]: the cell holding digit d in the matching.
    let mut owner = [usize::MAX; 32];
    // The digits owned so far: a cell with one of its digits untaken takes it at once.
    let mut taken: Mask = 0;
    for (i, &dom) in doms.iter().enumerate() {
        let untaken = dom & !taken;
        if untaken != 0 {
            let d = untaken.trailing_zeros() as usize;
            owner[d] = i;
            taken |= 1 << d;
            continue;
        }
        let mut seen: Mask = 0;
        if !augment(doms, i, &mut owner, &mut seen) {
            out.fill(0);
            return;
        }
        taken = 0;
        for (d, &o) in owner.iter().enumerate() {
            if o != usize::MAX {
                taken |= 1 << d;
            }
        }
    }
    let union = doms.iter().fold(0, |u, &dom| u | dom);
    // next[d]: the digits d's owner could take instead; closed to every digit reachable.
    let mut next = [0 as Mask; 32];
    let mut matched: Mask = 0;
    let mut left = union;
    while left != 0 {
        let d = left.trailing_zeros() as usize;
        left &= left - 1;
        let o = owner[d];
        if o != usize::MAX {
            matched |= 1 << d;
            next[d] = doms[o] & !(1 << d);
            out[o] |= 1 << d;
        }
    }
    let free = union & !matched;
    // The transitive closure by Warshall's order: once the digits through which a path
    // may pass include k, every digit reaching k reaches what k reaches (free digits have
    // no way on, so only matched ones are passed through).
    let mut through = matched;
    while through != 0 {
        let k = through.trailing_zeros() as usize;
        through &= through - 1;
        let onward = next[k];
        let mut left = matched;
        while left != 0 {
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            if next[d] & 1 << k != 0 {
                next[d] |= onward;
            }
        }
    }
    for (i, &dom) in doms.iter().enumerate() {
        let own = out[i];
        let mut rest = dom & !own;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if free & 1 << d != 0 || next[d] & (free | own) != 0 {
                out[i] |= 1 << d;
            }
        }
    }
}

/// Finds cell `i` a digit, moving the owners of taken digits along (a path not through
/// the digits of `seen`): whether one was found.
fn augment(doms: &[Mask], i: usize, owner: &mut [usize; 32], seen: &mut Mask) -> bool {
    let mut free = doms[i] & !*seen;
    while free != 0 {
        let d = free.trailing_zeros() as usize;
        free &= free - 1;
        // A digit taken deeper on this path is not offered again.
        if *seen & 1 << d != 0 {
            continue;
        }
        *seen |= 1 << d;
        let o = owner[d];
        if o == usize::MAX || augment(doms, o, owner, seen) {
            owner[d] = i;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::domains::{bit, digits};

    /// A one-row view: domains of a 4×4 grid whose first row is `row`, the rest full.
    fn row4(row: &[&[u8]]) -> Domains {
        let mut rows = vec![row.iter().map(|d| d.to_vec()).collect::<Vec<_>>()];
        rows.extend((1..4).map(|_| vec![vec![1, 2, 3, 4]; 4]));
        Domains::from_digit_rows(&rows).unwrap()
    }

    fn first_row(d: &Domains) -> Vec<Vec<u8>> {
        (0..4).map(|i| digits(d.get(i)).collect()).collect()
    }

    fn mask(ds: &[u8]) -> Mask {
        ds.iter().fold(0, |a, &d| a | bit(d))
    }

    const LINE: [usize; 4] = [0, 1, 2, 3];

    fn line(d: &mut Domains) -> Line<'_, Domains> {
        Line::new(d, &LINE)
    }

    #[test]
    fn naked_single_leaves_the_other_cells() {
        let mut d = row4(&[&[3], &[1, 3], &[1, 2, 3, 4], &[2, 3, 4]]);
        assert_eq!(singles(&mut line(&mut d)), Ok(true));
        // 3 goes, B is then fixed to 1, leaving {2,4} for the last two cells.
        assert_eq!(
            first_row(&d),
            vec![vec![3], vec![1], vec![2, 4], vec![2, 4]]
        );
        assert_eq!(singles(&mut line(&mut d)), Ok(false));
    }

    #[test]
    fn hidden_single_is_placed() {
        let mut d = row4(&[&[1, 2], &[1, 2, 4], &[1, 2, 3], &[1, 2]]);
        assert_eq!(singles(&mut line(&mut d)), Ok(true));
        // 4 only fits the second cell, 3 only the third.
        assert_eq!(
            first_row(&d),
            vec![vec![1, 2], vec![4], vec![3], vec![1, 2]]
        );
    }

    #[test]
    fn missing_digit_and_clash_are_conflicts() {
        let mut d = row4(&[&[1, 2], &[1, 2], &[1, 2], &[1, 2, 3]]);
        assert_eq!(singles(&mut line(&mut d)), Err(Conflict));
        let mut d = row4(&[&[2], &[2], &[1, 3], &[4]]);
        assert_eq!(singles(&mut line(&mut d)), Err(Conflict));
        // One cell the only place of two digits.
        let mut m = [mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 4]), mask(&[1, 2])];
        assert_eq!(hidden_singles(&mut m[..], mask(&[3, 4])), Err(Conflict));
        let mut m = [0, mask(&[1])];
        assert_eq!(naked_singles(&mut m[..]), Err(Conflict));
    }

    #[test]
    fn a_slice_and_a_line_of_the_grid_agree() {
        let rows: [&[&[u8]]; 3] = [
            &[&[3], &[1, 3], &[1, 2, 3, 4], &[2, 3, 4]],
            &[&[1, 3], &[1, 3], &[1, 2, 3, 4], &[1, 2, 3, 4]],
            &[&[1, 2], &[2, 3], &[1, 3], &[1, 2, 3, 4]],
        ];
        for row in rows {
            let mut d = row4(row);
            let mut m: Vec<Mask> = (0..4).map(|i| d.get(i)).collect();
            assert_eq!(singles(&mut line(&mut d)), singles(&mut m[..]));
            assert_eq!(
                naked_subsets(&mut line(&mut d), 3),
                naked_subsets(&mut m[..], 3)
            );
            assert_eq!((0..4).map(|i| d.get(i)).collect::<Vec<_>>(), m);
        }
    }

    #[test]
    fn hidden_singles_of_some_digits_only() {
        // 3 has one place; 1 has none but is not asked for.
        let mut m = [mask(&[2, 3]), mask(&[2, 4]), mask(&[4])];
        assert_eq!(hidden_singles(&mut m[..], mask(&[3])), Ok(true));
        assert_eq!(m, [mask(&[3]), mask(&[2, 4]), mask(&[4])]);
        // A single already placed changes nothing.
        assert_eq!(hidden_singles(&mut m[..], mask(&[3])), Ok(false));
    }

    #[test]
    fn naked_pair_and_triple() {
        let mut d = row4(&[&[1, 3], &[1, 3], &[1, 2, 3, 4], &[1, 2, 3, 4]]);
        assert_eq!(naked_subsets(&mut line(&mut d), 2), Ok(true));
        assert_eq!(
            first_row(&d),
            vec![vec![1, 3], vec![1, 3], vec![2, 4], vec![2, 4]]
        );
        let mut d = row4(&[&[1, 2], &[2, 3], &[1, 3], &[1, 2, 3, 4]]);
        assert_eq!(naked_subsets(&mut line(&mut d), 2), Ok(false));
        assert_eq!(d.get(3), full(4), "no pair here");
        assert_eq!(naked_subsets(&mut line(&mut d), 3), Ok(true));
        assert_eq!(first_row(&d)[3], vec![4]);
    }

    #[test]
    fn too_few_digits_for_a_subset_is_a_conflict() {
        let mut d = row4(&[&[1, 2], &[1, 2], &[1, 2], &[3, 4]]);
        assert_eq!(naked_subsets(&mut line(&mut d), 3), Err(Conflict));
    }

    /// Every set `hall_sets` visits, against every `k`-subset by brute force.
    #[test]
    fn hall_sets_are_the_small_unions() {
        let mut rng = crate::rng::SplitMix64::new(0x4a11_5e75);
        for round in 0..300u64 {
            let len = 1 + (round % 9) as usize;
            let masks: Vec<Mask> = (0..len).map(|_| (rng.below(64) as Mask) << 1).collect();
            for k in 1..=len {
                let mut got = Vec::new();
                let _ = hall_sets::<()>(&masks, k, &mut |set| {
                    got.push(set);
                    ControlFlow::Continue(())
                });
                let mut want = Vec::new();
                for members in 0u32..1 << len {
                    let digits = (0..len)
                        .filter(|&i| members & 1 << i != 0)
                        .fold(0, |u, i| u | masks[i]);
                    if members.count_ones() as usize == k && digits.count_ones() as usize <= k {
                        want.push(HallSet { members, digits });
                    }
                }
                // Lexicographic order of the members: the reversed bits ascending.
                want.sort_by_key(|s| std::cmp::Reverse(s.members.reverse_bits()));
                assert_eq!(got, want, "{masks:?} k = {k}");
            }
        }
    }

    #[test]
    fn first_naked_set_finds_the_pair_and_its_union() {
        let masks = [
            mask(&[1, 2]),
            mask(&[1, 2]),
            mask(&[1, 2, 3]),
            mask(&[3, 4]),
        ];
        let pair = HallSet {
            members: 0b11,
            digits: mask(&[1, 2]),
        };
        assert_eq!(first_naked_set(&masks, 2), Ok(Some(pair)));
        // The smallest set comes first: the pair, whose digits the third cell then loses.
        let masks = [mask(&[1, 2]), mask(&[1, 2]), mask(&[1, 2]), mask(&[3, 4])];
        assert_eq!(first_naked_set(&masks, 2), Ok(Some(pair)));
        let masks = [mask(&[1, 2]), mask(&[2, 3]), mask(&[3, 4]), mask(&[4, 1])];
        assert_eq!(first_naked_set(&masks, 2), Ok(None));
        // Two cells for one digit, met before any set.
        let masks = [mask(&[1]), mask(&[1]), mask(&[2, 3]), mask(&[2, 3, 4])];
        assert_eq!(first_naked_set(&masks, 2), Err(Conflict));
    }

    /// GAC against brute force: a digit stays where some filling of distinct digits puts
    /// it.
    #[test]
    fn gac_keeps_the_digits_of_some_filling() {
        let mut rng = crate::rng::SplitMix64::new(0x6ac_a11d);
        for round in 0..3_000u64 {
            let len = 1 + (round % 7) as usize;
            // Five digits, then seven: cells fewer than, as many as and more than digits.
            let width = if round % 2 == 0 { 32 } else { 128 };
            let doms: Vec<Mask> = (0..len).map(|_| (rng.below(width) as Mask) << 1).collect();
            let mut want = vec![0; len];
            let mut filling = vec![0u8; len];
            fill(&doms, &mut filling, 0, &mut want);
            assert_eq!(gac(&doms), want, "{doms:?}");
        }
        let tight = [
            mask(&[1, 2]),
            mask(&[1, 2]),
            mask(&[1, 2, 3]),
            mask(&[2, 3, 4]),
        ];
        assert_eq!(
            gac(&tight),
            vec![mask(&[1, 2]), mask(&[1, 2]), mask(&[3]), mask(&[4])]
        );
    }

    /// Adds to `out` the digits of every filling of `doms` with distinct digits.
    fn fill(doms: &[Mask], filling: &mut [u8], i: usize, out: &mut [Mask]) {
        if i == doms.len() {
            for (o, &d) in out.iter_mut().zip(filling.iter()) {
                *o |= bit(d);
            }
            return;
        }
        for d in digits(doms[i]) {
            if !filling[..i].contains(&d) {
                filling[i] = d;
                fill(doms, filling, i + 1, out);
            }
        }
    }
}
