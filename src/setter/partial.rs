//! # A KenKen while it is drawn
//!
//! A KenKen being drawn has cells in no cage yet, and [`crate::puzzle::KenKen::new`] refuses
//! it (`cell A2 is in no cage`). [`PartialKenKen`] reads it as what is drawn so far: a Latin
//! square with the cages drawn, the other cells free. Its solutions are counted
//! ([`PartialKenKen::count`]) and its true candidates found ([`PartialKenKen::candidates`])
//! by the cage engine of the native search, so that a setter's live check has counts and
//! ambiguous cells from the first cage, as a Killer Sudoku's has. Every solution is checked
//! by the independent verifier, as the complete KenKen that gives the solution's digits to
//! the free cells as one-cell cages.
//!
//! ```
//! use cagesat::puzzle::{Cage, Op};
//! use cagesat::setter::PartialKenKen;
//! use cagesat::{Cell, Stop};
//!
//! // One cage on a 4×4 grid: A1 A2 add up to 3 (1 2 or 2 1), the rest is a Latin square.
//! let cage = Cage { op: Op::Add, target: 3, cells: vec![Cell::new(0, 0), Cell::new(0, 1)] };
//! let p = PartialKenKen::new(4, vec![cage])?;
//! assert_eq!(p.free_cells().len(), 14);
//! let count = p.count(Some(1000), &Stop::new())?;
//! // 576 Latin squares of order 4, and in 96 of them row A starts 1 2 or 2 1.
//! assert_eq!((count.count, count.complete), (96, true));
//! let c = p.candidates(&Stop::new())?;
//! assert_eq!(c.get(Cell::new(0, 0)), &vec![1, 2]);
//! assert_eq!(c.get(Cell::new(0, 2)), &vec![3, 4]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::answer::Count;
use crate::engine::EngineError;
use crate::grid::{Cell, Grid};
use crate::native::{run_cages, NativeOptions, NativeStats};
use crate::puzzle::{Cage, Constraints, KenKen, KenKenError, Op, Puzzle};
use crate::setter::SetterError;
use crate::stop::Stop;

/// A KenKen whose cells in no cage are free: a Latin square with the cages drawn so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialKenKen {
    size: usize,
    cages: Vec<Cage>,
    free: Vec<Cell>,
}

impl PartialKenKen {
    /// Validates `cages` on a `size`×`size` grid as [`KenKen::new`] does (not strict), except
    /// that a cell may be in no cage.
    ///
    /// # Errors
    /// The first [`KenKenError`] of the cages, in cage order.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<Self, KenKenError> {
        let free = free_cells(size, &cages);
        // The free cells as one-cell cages after the drawn ones: every rule but coverage is
        // checked on the drawn cages, and their indices are those of the errors.
        let _ = KenKen::new(size, filled(&cages, free.iter().map(|&c| (c, 1))), false)?;
        Ok(PartialKenKen { size, cages, free })
    }

    /// Side length N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cages drawn, in input order.
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cells in no cage, row-major.
    #[must_use]
    pub fn free_cells(&self) -> &[Cell] {
        &self.free
    }

    /// The model of what is drawn, as [`KenKen::constraints`] names it: the cages, then the
    /// rows and columns (the free cells are in no cage, only in their row and column).
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        crate::puzzle::kenken::cages_and_lines(self.size, &self.cages)
    }

    /// Counts the solutions, up to `limit` (then `complete` is false).
    ///
    /// # Errors
    /// [`SetterError::Stopped`] when `stop` ended the count; [`SetterError::Engine`] when a
    /// solution failed the verifier (a bug).
    pub fn count(&self, limit: Option<u64>, stop: &Stop) -> Result<Count, SetterError> {
        let limit = limit.unwrap_or(u64::MAX);
        let mut count = 0u64;
        if limit == 0 {
            return Ok(Count {
                count,
                complete: false,
                stopped: None,
            });
        }
        let complete = self.search(&[], stop, &mut |_| {
            count += 1;
            count < limit
        })?;
        Ok(Count {
            count,
            complete,
            stopped: None,
        })
    }

    /// The true candidates of every cell: the digits it takes in at least one solution
    /// (empty everywhere when there is none).
    ///
    /// # Errors
    /// As [`PartialKenKen::count`].
    pub fn candidates(&self, stop: &Stop) -> Result<Grid<Vec<u8>>, SetterError> {
        let n = self.size;
        let mut seen = vec![vec![false; n]; n * n];
        let mark = |seen: &mut Vec<Vec<bool>>, grid: &Grid<u8>| {
            for r in 0..n {
                for c in 0..n {
                    let cell = Cell::new(r as u8, c as u8);
                    let d = usize::from(*grid.get(cell));
                    if let Some(slot) = seen[cell.index(n)].get_mut(d.wrapping_sub(1)) {
                        *slot = true;
                    }
                }
            }
        };
        // A first sweep of solutions; then each digit no solution has shown yet is tried
        // alone (one solution with it, or none).
        let mut solutions = 0u64;
        let complete = self.search(&[], stop, &mut |grid| {
            mark(&mut seen, grid);
            solutions += 1;
            solutions < 1000
        })?;
        if !complete && solutions > 0 {
            for r in 0..n {
                for c in 0..n {
                    let cell = Cell::new(r as u8, c as u8);
                    for d in 1..=n {
                        if seen[cell.index(n)][d - 1] {
                            continue;
                        }
                        let mut found = None;
                        let _ = self.search(&[(cell, d as u8)], stop, &mut |grid| {
                            found = Some(grid.clone());
                            false
                        })?;
                        if let Some(grid) = found {
                            mark(&mut seen, &grid);
                        }
                    }
                }
            }
        }
        let mut out = Grid::filled(n, n, Vec::new());
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::new(r as u8, c as u8);
                let digits = (1..=n as u8)
                    .filter(|&d| seen[cell.index(n)][usize::from(d) - 1])
                    .collect();
                out.set(cell, digits);
            }
        }
        Ok(out)
    }

    /// The cells that take more than one digit over the solutions (the unique puzzle's
    /// none; the cells [`PartialKenKen::candidates`] gives two digits or more, found with
    /// fewer searches: one solution that differs there is enough), row-major.
    ///
    /// # Errors
    /// As [`PartialKenKen::count`].
    pub fn ambiguous(&self, stop: &Stop) -> Result<Vec<Cell>, SetterError> {
        let n = self.size;
        let mut first: Option<Grid<u8>> = None;
        let mut flagged = vec![false; n * n];
        let flag = |first: &Grid<u8>, flagged: &mut Vec<bool>, grid: &Grid<u8>| {
            for (i, slot) in flagged.iter_mut().enumerate() {
                let cell = Cell::new((i / n) as u8, (i % n) as u8);
                if grid.get(cell) != first.get(cell) {
                    *slot = true;
                }
            }
        };
        // A first sweep of solutions against the first one; then each cell that has not
        // differed yet is tried with another digit (a solution with one, or none).
        let mut seen = 0u32;
        let _ = self.search(&[], stop, &mut |grid| {
            match &first {
                None => first = Some(grid.clone()),
                Some(f) => flag(f, &mut flagged, grid),
            }
            seen += 1;
            seen < 100
        })?;
        let Some(first) = first else {
            return Ok(Vec::new());
        };
        for i in 0..n * n {
            let cell = Cell::new((i / n) as u8, (i % n) as u8);
            let was = *first.get(cell);
            for d in (1..=n as u8).filter(|&d| d != was) {
                if flagged[i] {
                    break;
                }
                let mut found = None;
                let _ = self.search(&[(cell, d)], stop, &mut |grid| {
                    found = Some(grid.clone());
                    false
                })?;
                if let Some(grid) = found {
                    flag(&first, &mut flagged, &grid);
                }
            }
        }
        Ok((0..n * n)
            .filter(|&i| flagged[i])
            .map(|i| Cell::new((i / n) as u8, (i % n) as u8))
            .collect())
    }

    /// The complete KenKen that gives the free cells the digits of `grid` (the puzzle the
    /// verifier checks a solution against).
    fn completed(&self, grid: &Grid<u8>) -> Result<KenKen, KenKenError> {
        let givens = self.free.iter().map(|&c| (c, *grid.get(c)));
        KenKen::new(self.size, filled(&self.cages, givens), false)
    }

    /// Runs the cage engine over the solutions holding `fixed`, each checked by the verifier
    /// and handed to `on_solution` (`false` stops); whether the search finished.
    fn search(
        &self,
        fixed: &[(Cell, u8)],
        stop: &Stop,
        on_solution: &mut dyn FnMut(&Grid<u8>) -> bool,
    ) -> Result<bool, SetterError> {
        let n = self.size;
        // The cage engine files every cell under a cage (cells in none under the first), so
        // a grid with no cage yet gets one that every Latin square keeps: row A adds up to
        // 1 + 2 + … + N.
        let whole_row;
        let cages = if self.cages.is_empty() {
            whole_row = [Cage {
                op: Op::Add,
                target: (n as u64) * (n as u64 + 1) / 2,
                cells: (0..n as u8).map(|c| Cell::new(0, c)).collect(),
            }];
            &whole_row[..]
        } else {
            &self.cages[..]
        };
        let mut failed = None;
        let mut stats = NativeStats::default();
        let complete = run_cages(
            (n, cages),
            &NativeOptions::default(),
            fixed,
            stop,
            &mut stats,
            &mut |grid, _| {
                let out_of_range = self.free.iter().find(|&&c| {
                    let d = usize::from(*grid.get(c));
                    d == 0 || d > n
                });
                let checked = match (out_of_range, self.completed(&grid)) {
                    (None, Ok(k)) => Puzzle::KenKen(k).verify(&grid),
                    (cell, _) => {
                        let cell = cell.copied().unwrap_or(Cell::new(0, 0));
                        Err(crate::verify::VerifyError::OutOfRange {
                            cell,
                            value: *grid.get(cell),
                            max: n as u8,
                        })
                    }
                };
                match checked {
                    Ok(()) => on_solution(&grid),
                    Err(source) => {
                        failed = Some(source);
                        false
                    }
                }
            },
        );
        if let Some(source) = failed {
            return Err(EngineError::Verify {
                engine: "native".to_string(),
                source,
            }
            .into());
        }
        if let Some(reason) = stop.reason() {
            return Err(SetterError::Stopped { reason });
        }
        Ok(complete)
    }
}

/// The cells of an `n`×`n` grid in none of `cages`, row-major.
fn free_cells(n: usize, cages: &[Cage]) -> Vec<Cell> {
    let mut caged = vec![false; n * n];
    for cage in cages {
        for &c in &cage.cells {
            if usize::from(c.row) < n && usize::from(c.col) < n {
                caged[c.index(n)] = true;
            }
        }
    }
    (0..n * n)
        .filter(|&i| !caged[i])
        .map(|i| Cell::new((i / n) as u8, (i % n) as u8))
        .collect()
}

/// `cages`, then a one-cell `=` cage for each of `givens`.
fn filled(cages: &[Cage], givens: impl Iterator<Item = (Cell, u8)>) -> Vec<Cage> {
    let mut all = cages.to_vec();
    all.extend(givens.map(|(cell, d)| Cage {
        op: Op::Given,
        target: u64::from(d),
        cells: vec![cell],
    }));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(op: Op, target: u64, cells: &[(u8, u8)]) -> Cage {
        Cage {
            op,
            target,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        }
    }

    #[test]
    fn free_cells_make_a_latin_square() {
        let stop = Stop::new();
        let empty = PartialKenKen::new(4, Vec::new()).unwrap();
        let all = empty.count(None, &stop).unwrap();
        assert_eq!((all.count, all.complete), (576, true));
        let three = PartialKenKen::new(3, Vec::new()).unwrap();
        assert_eq!(three.count(None, &stop).unwrap().count, 12);
        let capped = empty.count(Some(100), &stop).unwrap();
        assert_eq!((capped.count, capped.complete), (100, false));
        let c = empty.candidates(&stop).unwrap();
        assert_eq!(c.get(Cell::new(3, 3)), &vec![1, 2, 3, 4]);
    }

    #[test]
    fn drawn_cages_count_and_a_complete_puzzle_agrees_with_the_kenken() {
        let stop = Stop::new();
        // Norvig's first 4x4, cage by cage: the count only falls, and with every cage
        // drawn it is the KenKen's (unique).
        let cages = vec![
            cage(Op::Add, 7, &[(0, 0), (1, 0)]),
            cage(Op::Div, 2, &[(2, 0), (3, 0)]),
            cage(Op::Sub, 1, &[(0, 1), (0, 2)]),
            cage(Op::Sub, 3, &[(1, 1), (1, 2)]),
            cage(Op::Div, 2, &[(0, 3), (1, 3)]),
            cage(Op::Given, 3, &[(2, 1)]),
            cage(Op::Mul, 12, &[(2, 2), (2, 3), (3, 3)]),
            cage(Op::Div, 2, &[(3, 1), (3, 2)]),
        ];
        let mut last = u64::MAX;
        for k in 1..=cages.len() {
            let p = PartialKenKen::new(4, cages[..k].to_vec()).unwrap();
            let n = p.count(None, &stop).unwrap();
            assert!(n.complete && n.count <= last, "{k}: {n:?}");
            last = n.count;
        }
        assert_eq!(last, 1);
        let p = PartialKenKen::new(4, cages.clone()).unwrap();
        let whole = KenKen::new(4, cages.clone(), false).unwrap();
        assert_eq!(p.constraints(), whole.constraints());
        let c = p.candidates(&stop).unwrap();
        assert!(
            (0..4).all(|r| (0..4).all(|col| c.get(Cell::new(r, col)).len() == 1)),
            "{c:?}"
        );
        assert_eq!(p.ambiguous(&stop).unwrap(), Vec::<Cell>::new());
        let first = PartialKenKen::new(4, cages[..1].to_vec()).unwrap();
        // One cage, four rows and four columns; the free cells are in their lines only.
        let model = first.constraints();
        assert_eq!((model.list.len(), model.cells.len()), (9, 16));
        let c = first.candidates(&stop).unwrap();
        assert_eq!(c.get(Cell::new(0, 0)), &vec![3, 4]);
        // The ambiguous cells are those with two candidates or more, cage by cage.
        for k in 1..=cages.len() {
            let p = PartialKenKen::new(4, cages[..k].to_vec()).unwrap();
            let c = p.candidates(&stop).unwrap();
            let want: Vec<Cell> = (0..16)
                .map(|i| Cell::new(i / 4, i % 4))
                .filter(|&cell| c.get(cell).len() > 1)
                .collect();
            assert_eq!(p.ambiguous(&stop).unwrap(), want, "{k} cages");
        }
    }

    #[test]
    fn cage_errors_are_the_kenkens() {
        let twice = vec![
            cage(Op::Add, 3, &[(0, 0), (0, 1)]),
            cage(Op::Add, 3, &[(0, 1), (1, 1)]),
        ];
        assert!(matches!(
            PartialKenKen::new(4, twice),
            Err(KenKenError::CellInTwoCages { cage: 1, .. })
        ));
        let outside = vec![cage(Op::Add, 3, &[(0, 0), (0, 4)])];
        assert!(matches!(
            PartialKenKen::new(4, outside),
            Err(KenKenError::CellOutsideGrid { cage: 0, .. })
        ));
        // A cage no digits make: no solution, not an error.
        let none = PartialKenKen::new(2, vec![cage(Op::Mul, 4, &[(0, 0), (0, 1)])]).unwrap();
        let n = none.count(None, &Stop::new()).unwrap();
        assert_eq!((n.count, n.complete), (0, true));
    }
}
