//! # Sudoku and Killer Sudoku
//!
//! A Sudoku is an N×N grid split into boxes of R×C cells (R·C = N) with some givens: every
//! row, column and box holds each digit 1..=N once. A Killer Sudoku adds cages: sets of cells
//! whose digits are distinct and add up to the cage's sum (cages need not cover the grid).
//! Either may be an *X* variant ([`Sudoku::with_diagonals`]): both long diagonals hold
//! distinct digits too; and either may be a *jigsaw* ([`Sudoku::with_regions`]): N irregular
//! regions of N cells each take the place of the boxes.
//! The constructors validate everything a solver relies on and name the offending cell, so
//! that parsers can point at it.

use thiserror::Error;

use crate::grid::{Cell, Grid};
use crate::puzzle::constraint::{latin_lines, square_cells};
use crate::puzzle::variant::{Dot, Variant, VariantError};
use crate::puzzle::Op;
use crate::puzzle::{Constraint, ConstraintKind, Constraints};

/// Largest Sudoku side.
pub(crate) const MAX_SUDOKU_SIZE: usize = 16;

/// Largest Killer Sudoku side: the largest Sudoku (cage digit sets hold digits up to 31).
pub(crate) const MAX_KILLER_SIZE: usize = MAX_SUDOKU_SIZE;

/// The boxes (rows × columns) of the standard sizes 4, 6, 9, 12 and 16.
#[must_use]
pub(crate) fn default_boxes(size: usize) -> Option<(usize, usize)> {
    match size {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        _ => None,
    }
}

/// A Sudoku or Killer Sudoku rule that the input breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// The side has no standard boxes and none were given, or is out of range.
    #[error("unsupported size {size} (sizes with standard boxes: 4, 6, 9, 12, 16; others need 'boxes RxC', at most {MAX_SUDOKU_SIZE})")]
    Size {
        /// The side.
        size: usize,
    },
    /// The boxes do not tile the grid.
    #[error(
        "boxes {rows}x{cols} do not tile a {size}x{size} grid (rows times columns must be {size})"
    )]
    Boxes {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
        /// The side.
        size: usize,
    },
    /// A Killer Sudoku larger than the cage machinery supports.
    #[error("killer sudoku of size {size} is not supported (at most {MAX_KILLER_SIZE})")]
    KillerSize {
        /// The side.
        size: usize,
    },
    /// A given outside 1..=N.
    #[error("given {digit} at {cell} is outside 1..={size}")]
    GivenRange {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The side.
        size: usize,
    },
    /// A cell outside the grid.
    #[error("cell {cell} is outside the {size}x{size} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The side.
        size: usize,
    },
    /// Two givens for one cell.
    #[error("cell {cell} is given twice")]
    GivenTwice {
        /// The cell.
        cell: Cell,
    },
    /// The same given digit twice in a row, column or box.
    #[error("given {digit} repeats in {unit} (cells {first} and {cell})")]
    DuplicateGiven {
        /// The digit.
        digit: u8,
        /// `row A`, `column 3` or `box 2`.
        unit: String,
        /// The first cell with the digit.
        first: Cell,
        /// The second cell with the digit.
        cell: Cell,
    },
    /// A cell in two cages.
    #[error("cell {cell} is in two cages")]
    CellInTwoCages {
        /// The cell.
        cell: Cell,
    },
    /// A cell named twice in one cage.
    #[error("cell {cell} is named twice in the cage")]
    CellTwiceInCage {
        /// The cell.
        cell: Cell,
    },
    /// A cage of more cells than the grid has digits.
    #[error("cage {sum} at {cell} has {len} cells, more than the {size} digits 1..={size} (the digits of a cage differ)")]
    CageTooLarge {
        /// The sum.
        sum: u32,
        /// The cage's first cell.
        cell: Cell,
        /// Cells in the cage.
        len: usize,
        /// The side.
        size: usize,
    },
    /// A cage without cells.
    #[error("cage {sum} has no cells")]
    EmptyCage {
        /// The cage's sum.
        sum: u32,
    },
    /// A cage whose sum no set of distinct digits reaches.
    #[error(
        "cage {sum} at {cell} cannot be {len} distinct digits 1..={size} (sums {min}..={max})"
    )]
    CageSum {
        /// The sum.
        sum: u32,
        /// The cage's first cell.
        cell: Cell,
        /// Cells in the cage.
        len: usize,
        /// The side.
        size: usize,
        /// Smallest possible sum.
        min: u32,
        /// Largest possible sum.
        max: u32,
    },
    /// A jigsaw region map of the wrong shape.
    #[error("the region map has {rows}x{cols} cells, expected {size}x{size}")]
    RegionShape {
        /// Rows of the map.
        rows: usize,
        /// Columns of the map.
        cols: usize,
        /// The side.
        size: usize,
    },
    /// A jigsaw region that does not have N cells, or more than N regions.
    #[error("region {name} (first cell {cell}) has {cells} cells, expected {size}")]
    RegionSize {
        /// The region's name, its letter in the `.sudoku` format (`A` for the first region in
        /// reading order).
        name: char,
        /// Its first cell in reading order.
        cell: Cell,
        /// Cells in the region.
        cells: usize,
        /// The side (cells each region must have).
        size: usize,
    },
    /// A variant constraint that does not fit the grid.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A given that leaves its cage without a filling.
    #[error("given {digit} at {cell} conflicts with cage {sum}")]
    GivenInCage {
        /// The given cell.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// The cage's sum.
        sum: u32,
    },
}

impl SudokuError {
    /// The cell the error is about, when there is one.
    #[must_use]
    pub fn cell(&self) -> Option<Cell> {
        match self {
            SudokuError::GivenRange { cell, .. }
            | SudokuError::CellOutside { cell, .. }
            | SudokuError::GivenTwice { cell }
            | SudokuError::DuplicateGiven { cell, .. }
            | SudokuError::CellInTwoCages { cell }
            | SudokuError::CellTwiceInCage { cell }
            | SudokuError::CageSum { cell, .. }
            | SudokuError::CageTooLarge { cell, .. }
            | SudokuError::RegionSize { cell, .. }
            | SudokuError::GivenInCage { cell, .. } => Some(*cell),
            _ => None,
        }
    }
}

/// The name of region `index` (0-based) of a jigsaw: `A`, `B`, … (`?` past `Z`, which no
/// side up to 16 reaches).
#[must_use]
pub(crate) fn region_name(index: usize) -> char {
    u8::try_from(index)
        .ok()
        .filter(|&i| i < 26)
        .map_or('?', |i| char::from(b'A' + i))
}

/// A Sudoku: side, boxes (or jigsaw regions) and givens (0 for an empty square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    size: usize,
    box_rows: usize,
    box_cols: usize,
    givens: Grid<u8>,
    diagonals: bool,
    /// A jigsaw's region of every cell, numbered from 0 in reading order of their first
    /// cells; `None` for boxes.
    regions: Option<Grid<u8>>,
    /// The variant constraints (thermometers, arrows, dots, …), as listed.
    variants: Vec<Variant>,
}

impl Sudoku {
    /// Builds a Sudoku of side `size` with boxes of `boxes` = (rows, columns) and `givens`
    /// (cell, digit), checking sizes, ranges and that no given repeats in a row, column
    /// or box.
    ///
    /// # Errors
    /// The first [`SudokuError`] found, in the order of `givens`.
    pub fn new(
        size: usize,
        boxes: (usize, usize),
        givens: &[(Cell, u8)],
    ) -> Result<Self, SudokuError> {
        Sudoku::build(size, boxes, None, givens)
    }

    /// [`Sudoku::new`] with a checked region map in place of the boxes when one is given.
    fn build(
        size: usize,
        boxes: (usize, usize),
        regions: Option<Grid<u8>>,
        givens: &[(Cell, u8)],
    ) -> Result<Self, SudokuError> {
        if size == 0 || size > MAX_SUDOKU_SIZE {
            return Err(SudokuError::Size { size });
        }
        if boxes.0.checked_mul(boxes.1) != Some(size) {
            return Err(SudokuError::Boxes {
                rows: boxes.0,
                cols: boxes.1,
                size,
            });
        }
        let mut s = Sudoku {
            size,
            box_rows: boxes.0,
            box_cols: boxes.1,
            givens: Grid::filled(size, size, 0),
            diagonals: false,
            regions,
            variants: Vec::new(),
        };
        // The given of each digit in each row, column and box so far (units numbered as in
        // `units`); the units are named only for an error.
        let slots = size + 1;
        let mut seen: Vec<Option<Cell>> = vec![None; 3 * size * slots];
        for &(cell, digit) in givens {
            s.check_cell(cell)?;
            if digit == 0 || usize::from(digit) > size {
                return Err(SudokuError::GivenRange { cell, digit, size });
            }
            if *s.givens.get(cell) != 0 {
                return Err(SudokuError::GivenTwice { cell });
            }
            let units = [
                usize::from(cell.row),
                size + usize::from(cell.col),
                2 * size + s.box_of(cell),
            ];
            for u in units {
                if let Some(&Some(first)) = seen.get(u * slots + usize::from(digit)) {
                    return Err(SudokuError::DuplicateGiven {
                        digit,
                        unit: s.units().swap_remove(u).0,
                        first,
                        cell,
                    });
                }
            }
            for u in units {
                if let Some(slot) = seen.get_mut(u * slots + usize::from(digit)) {
                    *slot = Some(cell);
                }
            }
            s.givens.set(cell, digit);
        }
        Ok(s)
    }

    /// The same Sudoku with both long diagonals as all-different groups (Sudoku X), checking
    /// that no given repeats on a diagonal.
    ///
    /// # Errors
    /// [`SudokuError::DuplicateGiven`] naming the diagonal and the first two cells with the
    /// digit.
    pub fn with_diagonals(mut self) -> Result<Self, SudokuError> {
        self.diagonals = true;
        for (unit, cells) in self.diagonal_units() {
            let mut first: [Option<Cell>; 64] = [None; 64];
            for c in cells {
                let d = *self.givens.get(c);
                if d == 0 {
                    continue;
                }
                if let Some(first) = first[usize::from(d)] {
                    return Err(SudokuError::DuplicateGiven {
                        digit: d,
                        unit,
                        first,
                        cell: c,
                    });
                }
                first[usize::from(d)] = Some(c);
            }
        }
        Ok(self)
    }

    /// A jigsaw Sudoku of side `size`: `regions` gives each cell's region (as for
    /// [`Sudoku::with_regions`]) in place of boxes; any side 1..=16.
    ///
    /// # Errors
    /// As [`Sudoku::new`] and [`Sudoku::with_regions`].
    pub fn jigsaw(
        size: usize,
        regions: &Grid<u8>,
        givens: &[(Cell, u8)],
    ) -> Result<Self, SudokuError> {
        let boxes = default_boxes(size).unwrap_or((1, size));
        let blank = Sudoku::build(size, boxes, None, &[])?;
        let map = blank.region_map(regions)?;
        Sudoku::build(size, boxes, Some(map), givens)
    }

    /// The same Sudoku as a jigsaw: `regions` gives each cell's region (any N distinct
    /// numbers, each on N cells; the regions need not be connected), which replaces the
    /// boxes. The regions are renumbered from 0 in reading order of their first cells.
    ///
    /// ```
    /// use cagesat::puzzle::Sudoku;
    /// use cagesat::Grid;
    ///
    /// let map = Grid::from_rows(vec![
    ///     vec![7, 7, 7, 3],
    ///     vec![1, 1, 7, 3],
    ///     vec![1, 1, 2, 3],
    ///     vec![2, 2, 2, 3],
    /// ])
    /// .ok_or("ragged rows")?;
    /// let s = Sudoku::new(4, (2, 2), &[])?.with_regions(&map)?;
    /// assert_eq!(s.regions().map(|r| r.to_rows()[1].clone()), Some(vec![2, 2, 0, 1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SudokuError::RegionShape`] for a map that is not N×N, [`SudokuError::RegionSize`]
    /// for a region without N cells (or more than N regions), and
    /// [`SudokuError::DuplicateGiven`] when a given repeats in a region.
    pub fn with_regions(self, regions: &Grid<u8>) -> Result<Self, SudokuError> {
        let map = self.region_map(regions)?;
        let out = Sudoku::build(self.size, self.boxes(), Some(map), &self.given_cells())?;
        if self.diagonals {
            out.with_diagonals()
        } else {
            Ok(out)
        }
    }

    /// `regions` renumbered from 0 in reading order of their first cells, checked.
    fn region_map(&self, regions: &Grid<u8>) -> Result<Grid<u8>, SudokuError> {
        let n = self.size;
        if regions.rows() != n || regions.cols() != n {
            return Err(SudokuError::RegionShape {
                rows: regions.rows(),
                cols: regions.cols(),
                size: n,
            });
        }
        // (id as given, first cell, cells) of each region in reading order.
        let mut seen: Vec<(u8, Cell, usize)> = Vec::new();
        let mut map = Grid::filled(n, n, 0u8);
        for c in self.cells() {
            let id = *regions.get(c);
            let i = seen
                .iter()
                .position(|&(v, _, _)| v == id)
                .unwrap_or_else(|| {
                    seen.push((id, c, 0));
                    seen.len() - 1
                });
            seen[i].2 += 1;
            // At most N² ≤ 256 regions: the index fits a byte once it is checked below.
            map.set(c, u8::try_from(i).unwrap_or(u8::MAX));
        }
        for (i, &(_, cell, cells)) in seen.iter().enumerate() {
            if cells != n || i >= n {
                return Err(SudokuError::RegionSize {
                    name: region_name(i),
                    cell,
                    cells,
                    size: n,
                });
            }
        }
        Ok(map)
    }

    /// A jigsaw's region of every cell (numbered from 0 in reading order of the regions'
    /// first cells), `None` for a Sudoku with boxes.
    #[must_use]
    pub fn regions(&self) -> Option<&Grid<u8>> {
        self.regions.as_ref()
    }

    /// The same puzzle (side, boxes or regions, diagonals) with other givens.
    ///
    /// # Errors
    /// As [`Sudoku::new`] and [`Sudoku::with_diagonals`].
    pub fn with_givens(&self, givens: &[(Cell, u8)]) -> Result<Self, SudokuError> {
        let mut out = Sudoku::build(self.size, self.boxes(), self.regions.clone(), givens)?;
        out.variants.clone_from(&self.variants);
        if self.diagonals {
            out.with_diagonals()
        } else {
            Ok(out)
        }
    }

    /// The same Sudoku with variant constraints added (after those it has), each checked
    /// against the grid ([`Variant::check`]).
    ///
    /// # Errors
    /// [`SudokuError::Variant`] for the first constraint that does not fit.
    pub fn with_variants(
        mut self,
        variants: impl IntoIterator<Item = Variant>,
    ) -> Result<Self, SudokuError> {
        for v in variants {
            v.check(self.size)?;
            self.variants.push(v);
        }
        Ok(self)
    }

    /// The variant constraints, as listed.
    #[must_use]
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// The dots and signs between two cells among the variants (what the negative rules
    /// leave alone).
    #[must_use]
    pub fn dots(&self) -> Vec<([Cell; 2], Dot)> {
        self.variants
            .iter()
            .filter_map(|v| match v {
                Variant::Dot { cells, dot } => Some((*cells, *dot)),
                _ => None,
            })
            .collect()
    }

    /// Whether both long diagonals hold distinct digits (Sudoku X).
    #[must_use]
    pub fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// The two long diagonals when the puzzle has them: `diagonal A1-I9` (down and right)
    /// and `diagonal A9-I1` (down and left), cells from the top row down.
    pub(crate) fn diagonal_units(&self) -> Vec<(String, Vec<Cell>)> {
        if !self.diagonals {
            return Vec::new();
        }
        let n = self.size as u8;
        let main: Vec<Cell> = (0..n).map(|i| Cell::new(i, i)).collect();
        let anti: Vec<Cell> = (0..n).map(|i| Cell::new(i, n - 1 - i)).collect();
        let name = |cells: &[Cell]| format!("diagonal {}-{}", cells[0], cells[cells.len() - 1]);
        vec![(name(&main), main.clone()), (name(&anti), anti.clone())]
    }

    /// An error unless `cell` is in the grid.
    fn check_cell(&self, cell: Cell) -> Result<(), SudokuError> {
        if usize::from(cell.row) >= self.size || usize::from(cell.col) >= self.size {
            return Err(SudokuError::CellOutside {
                cell,
                size: self.size,
            });
        }
        Ok(())
    }

    /// The side N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The boxes: (rows, columns) of cells; for a jigsaw, the box shape it was built with,
    /// which [`Sudoku::regions`] replaces.
    #[must_use]
    pub fn boxes(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// The givens, 0 for an empty square.
    #[must_use]
    pub fn givens(&self) -> &Grid<u8> {
        &self.givens
    }

    /// The given cells with their digits, row-major.
    #[must_use]
    pub fn given_cells(&self) -> Vec<(Cell, u8)> {
        let mut out = Vec::with_capacity(self.size * self.size);
        for (r, row) in (0u8..).zip(self.givens.iter_rows()) {
            for (c, &d) in (0u8..).zip(row) {
                if d != 0 {
                    out.push((Cell::new(r, c), d));
                }
            }
        }
        out
    }

    /// Every cell, row-major.
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        let n = self.size as u8;
        (0..n)
            .flat_map(|r| (0..n).map(move |c| Cell::new(r, c)))
            .collect()
    }

    /// The box of `cell` (a jigsaw's region), numbered row-major from 0 (regions in reading
    /// order of their first cells).
    #[must_use]
    pub fn box_of(&self, cell: Cell) -> usize {
        if let Some(map) = &self.regions {
            return usize::from(*map.get(cell));
        }
        let per_row = self.size / self.box_cols;
        usize::from(cell.row) / self.box_rows * per_row + usize::from(cell.col) / self.box_cols
    }

    /// The box number of every cell.
    #[must_use]
    pub fn box_grid(&self) -> Grid<usize> {
        let mut g = Grid::filled(self.size, self.size, 0);
        for c in self.cells() {
            g.set(c, self.box_of(c));
        }
        g
    }

    /// The rows, columns and boxes (a jigsaw's regions), then the diagonals of an X variant,
    /// each with its name (`row A`, `column 1`, `box 1` or `region A`, `diagonal A1-I9`).
    #[must_use]
    pub fn units(&self) -> Vec<(String, Vec<Cell>)> {
        let n = self.size as u8;
        let mut out: Vec<(String, Vec<Cell>)> = (0..n)
            .map(|r| {
                let cells = (0..n).map(|c| Cell::new(r, c)).collect();
                (format!("row {}", Cell::row_label(r)), cells)
            })
            .collect();
        out.extend((0..n).map(|c| {
            let cells = (0..n).map(|r| Cell::new(r, c)).collect();
            (format!("column {}", c + 1), cells)
        }));
        let mut boxes = vec![Vec::new(); self.size];
        for c in self.cells() {
            boxes[self.box_of(c)].push(c);
        }
        let jigsaw = self.regions.is_some();
        out.extend(boxes.into_iter().enumerate().map(|(i, cells)| {
            let name = if jigsaw {
                format!("region {}", region_name(i))
            } else {
                format!("box {}", i + 1)
            };
            (name, cells)
        }));
        out.extend(self.diagonal_units());
        out
    }
}

/// A Killer Sudoku cage: distinct digits adding up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerCage {
    /// The sum.
    pub sum: u32,
    /// The cells, as listed.
    pub cells: Vec<Cell>,
}

impl KillerCage {
    /// The top-left cell (first in row-major order), where the sum is drawn.
    ///
    /// # Panics
    /// Never for a validated cage (cages have cells).
    #[must_use]
    pub fn anchor(&self) -> Cell {
        self.cells.iter().copied().min().unwrap_or(Cell::new(0, 0))
    }
}

/// The smallest and largest sum of `len` distinct digits 1..=`size` (`None` when
/// `len > size`).
#[must_use]
pub(crate) fn sum_range(len: usize, size: usize) -> Option<(u32, u32)> {
    if len > size {
        return None;
    }
    let (l, n) = (len as u32, size as u32);
    Some((l * (l + 1) / 2, l * (2 * n + 1 - l) / 2))
}

/// A Killer Sudoku: a Sudoku and its cages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    sudoku: Sudoku,
    cages: Vec<KillerCage>,
}

impl Killer {
    /// Builds a Killer Sudoku from its grid and cages, checking that every cage cell is in the
    /// grid and in one cage only, that every sum is reachable by distinct digits 1..=N, and
    /// that the givens inside a cage leave it a filling.
    ///
    /// # Errors
    /// The first [`SudokuError`] found.
    pub fn new(sudoku: Sudoku, cages: Vec<KillerCage>) -> Result<Self, SudokuError> {
        let n = sudoku.size();
        if n > MAX_KILLER_SIZE {
            return Err(SudokuError::KillerSize { size: n });
        }
        let mut seen = Grid::filled(n, n, false);
        for cage in &cages {
            if cage.cells.is_empty() {
                return Err(SudokuError::EmptyCage { sum: cage.sum });
            }
            for (i, &c) in cage.cells.iter().enumerate() {
                sudoku.check_cell(c)?;
                if cage.cells[..i].contains(&c) {
                    return Err(SudokuError::CellTwiceInCage { cell: c });
                }
                if *seen.get(c) {
                    return Err(SudokuError::CellInTwoCages { cell: c });
                }
                seen.set(c, true);
            }
            let len = cage.cells.len();
            let Some((min, max)) = sum_range(len, n) else {
                return Err(SudokuError::CageTooLarge {
                    sum: cage.sum,
                    cell: cage.cells[0],
                    len,
                    size: n,
                });
            };
            if cage.sum < min || cage.sum > max {
                return Err(SudokuError::CageSum {
                    sum: cage.sum,
                    cell: cage.cells[0],
                    len,
                    size: n,
                    min,
                    max,
                });
            }
            check_givens(&sudoku, cage)?;
        }
        Ok(Killer { sudoku, cages })
    }

    /// The grid, boxes and givens.
    #[must_use]
    pub fn sudoku(&self) -> &Sudoku {
        &self.sudoku
    }

    /// The cages, as listed.
    #[must_use]
    pub fn cages(&self) -> &[KillerCage] {
        &self.cages
    }

    /// The region of every cell for drawing: its cage's index, or for a cell in no cage a
    /// number of its own after the cages.
    #[must_use]
    pub fn cage_grid(&self) -> Grid<usize> {
        let n = self.sudoku.size();
        let mut g = Grid::filled(n, n, usize::MAX);
        for (i, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                g.set(c, i);
            }
        }
        let mut next = self.cages.len();
        for c in self.sudoku.cells() {
            if *g.get(c) == usize::MAX {
                g.set(c, next);
                next += 1;
            }
        }
        g
    }
}

/// An error when the givens inside `cage` repeat a digit or leave a sum the free cells
/// cannot make up with other distinct digits.
fn check_givens(sudoku: &Sudoku, cage: &KillerCage) -> Result<(), SudokuError> {
    let n = sudoku.size();
    let mut used = 0u32;
    let mut total = 0u32;
    let mut free = 0usize;
    for &c in &cage.cells {
        let d = *sudoku.givens().get(c);
        if d == 0 {
            free += 1;
            continue;
        }
        total += u32::from(d);
        let err = SudokuError::GivenInCage {
            cell: c,
            digit: d,
            sum: cage.sum,
        };
        if used & 1 << d != 0 || total > cage.sum {
            return Err(err);
        }
        used |= 1 << d;
    }
    // The free cells take distinct digits not given in the cage: bound their sum.
    let avail: Vec<u32> = (1..=n as u32).filter(|d| used & 1 << d == 0).collect();
    let low: u32 = avail.iter().take(free).sum();
    let high: u32 = avail.iter().rev().take(free).sum();
    let rest = cage.sum - total;
    if avail.len() < free || rest < low || rest > high {
        let (cell, digit) = cage
            .cells
            .iter()
            .map(|&c| (c, *sudoku.givens().get(c)))
            .find(|&(_, d)| d != 0)
            .unwrap_or((cage.cells[0], 0));
        return Err(SudokuError::GivenInCage {
            cell,
            digit,
            sum: cage.sum,
        });
    }
    Ok(())
}

impl Sudoku {
    /// The rows, columns and boxes, then the diagonals of an X variant, with the givens as
    /// facts.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let n = self.size();
        let mut list = latin_lines(n);
        list.reserve(n + if self.diagonals() { 2 } else { 0 });
        let mut boxes: Vec<Vec<Cell>> = (0..n).map(|_| Vec::with_capacity(n)).collect();
        let cells = square_cells(n);
        for &c in &cells {
            boxes[self.box_of(c)].push(c);
        }
        list.extend(
            boxes
                .into_iter()
                .map(|cells| Constraint::line(ConstraintKind::Box, cells)),
        );
        list.extend(
            self.diagonal_units()
                .into_iter()
                .map(|(_, cells)| Constraint::line(ConstraintKind::Diagonal, cells)),
        );
        let dots = self.dots();
        let box_of = |c: Cell| self.box_of(c);
        for v in self.variants() {
            list.extend(v.lower(n, &box_of, &dots));
        }
        Constraints {
            rows: n,
            cols: n,
            max_digit: n as u8,
            cells,
            givens: self.given_cells(),
            list,
        }
    }
}

impl Killer {
    /// The cages (distinct digits with a sum), then the Sudoku's constraints.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        let mut out = self.sudoku().constraints();
        let cages = self.cages().iter().map(|cage| Constraint {
            kind: ConstraintKind::Cage,
            cells: cage.cells.clone(),
            op: Some(Op::Add),
            target: Some(u64::from(cage.sum)),
            distinct: true,
            rule: None,
        });
        out.list = cages.chain(out.list).collect();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_number_row_major() {
        let s = Sudoku::new(6, (2, 3), &[]).unwrap();
        assert_eq!(s.box_of(Cell::new(0, 4)), 1);
        assert_eq!(s.box_of(Cell::new(3, 2)), 2);
        assert_eq!(s.units().len(), 18);
    }

    #[test]
    fn repeated_given_names_its_box() {
        let e = Sudoku::new(4, (2, 2), &[(Cell::new(0, 0), 1), (Cell::new(1, 1), 1)]);
        assert_eq!(
            e.unwrap_err().to_string(),
            "given 1 repeats in box 1 (cells A1 and B2)"
        );
    }

    #[test]
    fn cage_sums_are_checked() {
        assert_eq!(sum_range(2, 4), Some((3, 7)));
        assert_eq!(sum_range(9, 9), Some((45, 45)));
        let s = Sudoku::new(4, (2, 2), &[(Cell::new(0, 0), 4)]).unwrap();
        let cage = |sum, cells: &[(u8, u8)]| KillerCage {
            sum,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        };
        let e = Killer::new(s.clone(), vec![cage(8, &[(1, 0), (1, 1)])]).unwrap_err();
        assert!(matches!(e, SudokuError::CageSum { .. }));
        let e = Killer::new(s.clone(), vec![cage(3, &[(0, 0), (0, 1)])]).unwrap_err();
        assert!(matches!(e, SudokuError::GivenInCage { .. }), "{e}");
        assert!(Killer::new(s, vec![cage(6, &[(0, 0), (0, 1)])]).is_ok());
    }
}
