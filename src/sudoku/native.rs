//! # Native Sudoku and Killer Sudoku
//!
//! A line network ([`crate::native::lines`]) over the N² cells: every row, column and box is
//! an all-different line filtered by naked and hidden singles to a fixpoint (the rules of
//! `crate::native::alldiff`, on a line of exactly N cells); every Killer cage is a line
//! filtered by its combinations (the sets of distinct digits with its sum): a combination
//! survives while every cage cell has a digit of it and each of its digits has a cell; a
//! cell keeps the digits of surviving combinations, fixed digits leave the other cells, and
//! a digit every surviving combination needs goes to its only possible cell.

use crate::grid::Grid;
use crate::native::domains::{bit, full, min_digit, Mask};
use crate::native::lines::{LineFilter, Network};
use crate::native::NativeStats;
use crate::puzzle::{Killer, Sudoku};
use crate::stop::{Instant, Stop};
use crate::tree::{self, OnGrid};

use super::search::{Board, Search};

/// A Sudoku (and its cages) as a line network.
#[derive(Clone, Debug)]
pub(crate) struct SudokuModel {
    net: Network,
    n: usize,
    /// Rows, columns and boxes come first: `3N` all-different lines.
    units: usize,
    /// Then the box–line intersections: each line is the intersection's cells, the rest of
    /// the box, the rest of the row or column; this is the intersection's size.
    inter: Vec<usize>,
    /// The combinations of each cage, as digit masks.
    combos: Vec<Vec<Mask>>,
    pub(crate) root: Vec<Mask>,
    /// Whether the units also find naked pairs and triples (grading only).
    subsets: bool,
    /// Whether the box–line intersections filter (off for grading below `box-line`).
    box_line: bool,
}

impl SudokuModel {
    /// The model of `s` with `cages` (sum and cells).
    pub(crate) fn new(s: &Sudoku, killer: Option<&Killer>) -> Self {
        let n = s.size();
        let index = |c: crate::grid::Cell| c.index(n);
        let mut lines: Vec<Vec<usize>> = s
            .units()
            .into_iter()
            .map(|(_, cells)| cells.into_iter().map(index).collect())
            .collect();
        let units = lines.len();
        let mut inter = Vec::new();
        let boxes = &lines[2 * n..units].to_vec();
        for bx in boxes {
            for line in &lines[..2 * n].to_vec() {
                let common: Vec<usize> = bx.iter().copied().filter(|c| line.contains(c)).collect();
                if common.is_empty() {
                    continue;
                }
                let mut cells = common.clone();
                cells.extend(bx.iter().filter(|c| !common.contains(c)));
                cells.extend(line.iter().filter(|c| !common.contains(c)));
                inter.push(common.len());
                lines.push(cells);
            }
        }
        let mut combos = Vec::new();
        for cage in killer.map_or(&[][..], Killer::cages) {
            lines.push(cage.cells.iter().map(|&c| index(c)).collect());
            combos.push(sets(n, cage.cells.len(), cage.sum));
        }
        let root = s
            .cells()
            .into_iter()
            .map(|c| match *s.givens().get(c) {
                0 => full(n),
                d => bit(d),
            })
            .collect();
        SudokuModel {
            net: Network::new(n * n, lines),
            n,
            units,
            inter,
            combos,
            root,
            subsets: false,
            box_line: true,
        }
    }

    /// The model with naked pairs and triples on the units (`subsets`) and box–line
    /// reduction (`box_line`) switched on or off, for grading.
    pub(crate) fn with_rules(mut self, subsets: bool, box_line: bool) -> Self {
        self.subsets = subsets;
        self.box_line = box_line;
        self
    }

    /// The line network.
    pub(crate) fn net(&self) -> &Network {
        &self.net
    }

    /// The solution grid of fixed domains.
    pub(crate) fn grid(&self, doms: &[Mask]) -> Grid<u8> {
        let rows = doms
            .chunks(self.n)
            .map(|r| r.iter().map(|&m| min_digit(m)).collect())
            .collect();
        Grid::from_rows(rows).unwrap_or_else(|| Grid::filled(self.n, self.n, 0))
    }
}

/// The sets of `len` distinct digits 1..=`n` adding up to `sum`, as masks.
fn sets(n: usize, len: usize, sum: u32) -> Vec<Mask> {
    let mut out = Vec::new();
    let mut stack = vec![(1u32, 0usize, 0u32, 0 as Mask)];
    while let Some((next, count, total, mask)) = stack.pop() {
        if count == len {
            if total == sum {
                out.push(mask);
            }
            continue;
        }
        for d in next..=n as u32 {
            if total + d > sum {
                break;
            }
            stack.push((d + 1, count + 1, total + d, mask | 1 << d));
        }
    }
    out.sort_unstable();
    out
}

impl LineFilter for SudokuModel {
    fn filter(&self, line: usize, doms: &mut [Mask]) -> bool {
        let Some(i) = line.checked_sub(self.units) else {
            return self.unit(doms);
        };
        match i.checked_sub(self.inter.len()) {
            None if !self.box_line => true,
            None => intersection(doms, self.inter[i], self.n),
            Some(cage) => cage_filter(&self.combos[cage], doms),
        }
    }
}

impl SudokuModel {
    /// A row, column or box: singles, and naked pairs and triples when asked, to a fixpoint.
    fn unit(&self, doms: &mut [Mask]) -> bool {
        loop {
            if !all_different(doms, full(self.n)) {
                return false;
            }
            if !self.subsets {
                return true;
            }
            match naked_subsets(doms) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

/// Naked pairs and triples on a unit: `k` open cells (2 or 3) whose candidates together
/// are `k` digits take them, and the other cells lose them. Whether any cell changed,
/// `None` when `k` cells share fewer than `k` digits.
fn naked_subsets(doms: &mut [Mask]) -> Option<bool> {
    let open: Vec<usize> = (0..doms.len())
        .filter(|&i| (2..=3).contains(&doms[i].count_ones()))
        .collect();
    let mut changed = false;
    let mut strip_others = |doms: &mut [Mask], cells: &[usize], union: Mask| -> Option<()> {
        match union.count_ones() as usize {
            k if k < cells.len() => return None,
            k if k > cells.len() => return Some(()),
            _ => {}
        }
        for (i, m) in doms.iter_mut().enumerate() {
            if !cells.contains(&i) && *m & union != 0 {
                *m &= !union;
                changed = true;
                if *m == 0 {
                    return None;
                }
            }
        }
        Some(())
    };
    for (x, &a) in open.iter().enumerate() {
        for (y, &b) in open.iter().enumerate().skip(x + 1) {
            let pair = doms[a] | doms[b];
            strip_others(doms, &[a, b], pair)?;
            for &c in &open[y + 1..] {
                let triple = doms[a] | doms[b] | doms[c];
                strip_others(doms, &[a, b, c], triple)?;
            }
        }
    }
    Some(changed)
}

/// Naked and hidden singles on a line holding each digit of `all` once, to a fixpoint.
fn all_different(doms: &mut [Mask], all: Mask) -> bool {
    loop {
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m == 0 || (m.count_ones() == 1 && fixed & m != 0) {
                return false;
            }
            if m.count_ones() == 1 {
                fixed |= m;
            }
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            if m.count_ones() > 1 && *m & fixed != 0 {
                *m &= !fixed;
                changed = true;
                if *m == 0 {
                    return false;
                }
            }
        }
        match hidden_singles(doms, all & !fixed) {
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
}

/// Box–line reduction on `doms` = the `k` cells shared by a box and a row or column, the
/// rest of the box, the rest of the line (`n` cells each): a digit of the box only in the
/// shared cells leaves the rest of the line (pointing), one of the line only in the shared
/// cells leaves the rest of the box (claiming).
fn intersection(doms: &mut [Mask], k: usize, n: usize) -> bool {
    let (shared, rest) = doms.split_at_mut(k);
    let (box_rest, line_rest) = rest.split_at_mut(n - k);
    let or = |ms: &[Mask]| ms.iter().fold(0, |u, &m| u | m);
    let here = or(shared);
    loop {
        let pointing = here & !or(box_rest);
        let Some(a) = strip(line_rest, pointing) else {
            return false;
        };
        let claiming = here & !or(line_rest);
        let Some(b) = strip(box_rest, claiming) else {
            return false;
        };
        if !a && !b {
            return true;
        }
    }
}

/// Hidden singles: each digit of `digits` that exactly one cell of `doms` can take is placed
/// there. Whether any cell changed, `None` when a digit has no cell left.
fn hidden_singles(doms: &mut [Mask], mut digits: Mask) -> Option<bool> {
    let mut changed = false;
    while digits != 0 {
        let b = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let mut holders = doms.iter_mut().filter(|m| **m & b != 0);
        match (holders.next(), holders.next()) {
            (None, _) => return None,
            (Some(m), None) if *m != b => {
                *m = b;
                changed = true;
            }
            _ => {}
        }
    }
    Some(changed)
}

/// Removes the digits of `gone` from `doms`: whether any changed, `None` when one empties.
fn strip(doms: &mut [Mask], gone: Mask) -> Option<bool> {
    let mut changed = false;
    for m in doms.iter_mut() {
        if *m & gone != 0 {
            *m &= !gone;
            if *m == 0 {
                return None;
            }
            changed = true;
        }
    }
    Some(changed)
}

/// Filters a cage's cells by its combinations `combos`, to a fixpoint.
fn cage_filter(combos: &[Mask], doms: &mut [Mask]) -> bool {
    loop {
        let union = doms.iter().fold(0, |u, &m| u | m);
        let mut fixed: Mask = 0;
        for &m in doms.iter() {
            if m.count_ones() == 1 {
                if fixed & m != 0 {
                    return false;
                }
                fixed |= m;
            }
        }
        let (mut allowed, mut needed) = (0 as Mask, Mask::MAX);
        for &c in combos {
            if c & !union == 0 && c & fixed == fixed && doms.iter().all(|&m| m & c != 0) {
                allowed |= c;
                needed &= c;
            }
        }
        if allowed == 0 {
            return false;
        }
        let mut changed = false;
        for m in doms.iter_mut() {
            let mut new = *m & allowed;
            if new.count_ones() > 1 {
                new &= !fixed;
            }
            if new == 0 {
                return false;
            }
            changed |= new != *m;
            *m = new;
        }
        match hidden_singles(doms, needed & !fixed) {
            None => return false,
            Some(placed) => changed |= placed,
        }
        if !changed {
            return true;
        }
    }
}

/// Builds the model and searches, recording effort and time in `stats`: a plain Sudoku with
/// the dedicated search of [`super::search`], a Killer Sudoku (or a plain one with cells
/// fixed in advance: `fixed`, for the setter tools) with the line network. After `budget`
/// backtracks the search gives up, unfinished.
pub(crate) fn run(
    (s, killer): (&Sudoku, Option<&Killer>),
    (fixed, budget): (&[(crate::grid::Cell, u8)], u64),
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> bool {
    if killer.is_none() && fixed.is_empty() {
        return run_plain(s, (stop, budget), stats, on_solution);
    }
    run_lines((s, killer), (fixed, budget), stop, stats, on_solution)
}

/// The dedicated search of a plain Sudoku.
fn run_plain(
    s: &Sudoku,
    (stop, budget): (&Stop, u64),
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> bool {
    let t0 = Instant::now();
    let board = Board::new(s);
    stats.setup_time = t0.elapsed();
    let t1 = Instant::now();
    let mut search = Search::new(&board);
    search.stop = stop.clone();
    search.budget = budget;
    let n = s.size();
    let mut path = Vec::new();
    let complete = search.run(&mut |doms, choices| {
        tree::branches(choices, tree::row_major(n), &mut path);
        let grid = Grid::from_rows(board.rows(doms)).unwrap_or_else(|| Grid::filled(n, n, 0));
        on_solution(grid, &path)
    });
    stats.nodes = search.nodes;
    stats.backtracks = search.backtracks;
    stats.propagations = search.propagations;
    stats.solve_time = t1.elapsed();
    complete
}

/// The line network's search (any Sudoku, with or without cages).
fn run_lines(
    (s, killer): (&Sudoku, Option<&Killer>),
    (fixed, budget): (&[(crate::grid::Cell, u8)], u64),
    stop: &Stop,
    stats: &mut NativeStats,
    on_solution: OnGrid<'_>,
) -> bool {
    let t0 = Instant::now();
    let model = SudokuModel::new(s, killer);
    stats.setup_time = t0.elapsed();
    let n = s.size();
    let index = |c: crate::grid::Cell| {
        (usize::from(c.row) < n && usize::from(c.col) < n).then(|| c.index(n))
    };
    crate::native::run_lines(
        (&model.net, &model, |doms: &[Mask]| model.grid(doms)),
        (model.root.clone(), fixed),
        (index, tree::row_major(n)),
        (stop, budget, stats),
        on_solution,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cage_sets() {
        assert_eq!(sets(4, 2, 5), vec![bit(2) | bit(3), bit(1) | bit(4)]);
        assert!(sets(4, 2, 8).is_empty());
    }

    #[test]
    fn singles_fix_a_line() {
        let mut d = vec![bit(1), bit(1) | bit(2), bit(2) | bit(3) | bit(4), bit(3)];
        assert!(all_different(&mut d, full(4)));
        assert_eq!(d, vec![bit(1), bit(2), bit(4), bit(3)]);
    }

    #[test]
    fn cage_needs_its_digits() {
        // 3 in two cells is 1 + 2.
        let mut d = vec![full(4), full(4)];
        assert!(cage_filter(&sets(4, 2, 3), &mut d));
        assert_eq!(d, vec![bit(1) | bit(2); 2]);
    }
}
