//! # Cells and grids
//!
//! Cells are 0-based `(row, col)` pairs inside the code. Labels such as `A1` (row letter from
//! the top, column number from the left) only appear at the input/output boundary.

use std::fmt;

/// A cell position, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row index, 0 = top.
    pub row: u8,
    /// Column index, 0 = left.
    pub col: u8,
}

impl Cell {
    /// Builds a cell from 0-based coordinates.
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Self {
        Cell { row, col }
    }

    /// Parses a label such as `A1` or `c10` (case-insensitive row letters, 1-based column).
    /// Rows beyond Z continue as in spreadsheets: `AA` is row 27, `AZ` row 52, `BA` row 53.
    ///
    /// Returns `None` when the text is not a well-formed label. Range checks against a grid
    /// are the caller's job.
    #[must_use]
    pub fn parse_label(text: &str) -> Option<Cell> {
        let split = text.find(|c: char| !c.is_ascii_alphabetic())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || letters.len() > 2 {
            return None;
        }
        let row = letters.bytes().fold(0usize, |acc, b| {
            acc * 26 + usize::from(b.to_ascii_uppercase() - b'A') + 1
        }) - 1;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return None;
        }
        let col: u16 = digits.parse().ok()?;
        if col == 0 || col > 256 {
            return None;
        }
        Some(Cell::new(
            u8::try_from(row).ok()?,
            u8::try_from(col - 1).ok()?,
        ))
    }

    /// The row's letters: `A`..`Z`, then `AA`, `AB`, … (spreadsheet style).
    #[must_use]
    pub fn row_label(row: u8) -> String {
        let r = usize::from(row);
        if r < 26 {
            char::from(b'A' + row).to_string()
        } else {
            let (hi, lo) = (r / 26 - 1, r % 26);
            format!(
                "{}{}",
                char::from(b'A' + hi as u8),
                char::from(b'A' + lo as u8)
            )
        }
    }

    /// The label of this cell, e.g. `B3`.
    #[must_use]
    pub fn label(self) -> String {
        self.to_string()
    }

    /// Flat row-major index in a grid with `cols` columns.
    #[must_use]
    pub fn index(self, cols: usize) -> usize {
        usize::from(self.row) * cols + usize::from(self.col)
    }

    /// True when the two cells share an edge.
    #[must_use]
    pub fn is_adjacent(self, other: Cell) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            Cell::row_label(self.row),
            u16::from(self.col) + 1
        )
    }
}

/// A rectangular grid of values stored row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    data: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `value`.
    #[must_use]
    pub fn filled(rows: usize, cols: usize, value: T) -> Self {
        Grid {
            rows,
            cols,
            data: vec![value; rows * cols],
        }
    }
}

impl<T> Grid<T> {
    /// Builds a grid from rows; returns `None` when the rows are ragged.
    #[must_use]
    pub fn from_rows(rows: Vec<Vec<T>>) -> Option<Self> {
        let n_rows = rows.len();
        let n_cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != n_cols) {
            return None;
        }
        Some(Grid {
            rows: n_rows,
            cols: n_cols,
            data: rows.into_iter().flatten().collect(),
        })
    }

    /// Builds a `rows`×`cols` grid from its values row-major; `None` unless there are
    /// `rows · cols` of them.
    #[must_use]
    pub fn from_row_major(rows: usize, cols: usize, data: Vec<T>) -> Option<Self> {
        (rows.checked_mul(cols) == Some(data.len())).then_some(Grid { rows, cols, data })
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value at `cell`.
    ///
    /// # Panics
    /// Panics when the cell lies outside the grid.
    #[must_use]
    pub fn get(&self, cell: Cell) -> &T {
        &self.data[cell.index(self.cols)]
    }

    /// Sets the value at `cell`.
    ///
    /// # Panics
    /// Panics when the cell lies outside the grid.
    pub fn set(&mut self, cell: Cell, value: T) {
        let i = cell.index(self.cols);
        self.data[i] = value;
    }

    /// Iterates over the rows as slices.
    pub fn iter_rows(&self) -> impl Iterator<Item = &[T]> {
        self.data.chunks(self.cols.max(1)).take(self.rows)
    }

    /// The grid as nested vectors (for JSON output).
    #[must_use]
    pub fn to_rows(&self) -> Vec<Vec<T>>
    where
        T: Clone,
    {
        self.iter_rows().map(<[T]>::to_vec).collect()
    }

    /// The cells where `self` and `other` hold different values, in row-major order (none
    /// when the shapes differ: there is no cell-for-cell comparison then).
    #[must_use]
    pub fn differences(&self, other: &Grid<T>) -> Vec<Cell>
    where
        T: PartialEq,
    {
        if (self.rows, self.cols) != (other.rows, other.cols) {
            return Vec::new();
        }
        let cols = self.cols.max(1);
        self.data
            .iter()
            .zip(&other.data)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .filter_map(|(i, _)| {
                let row = u8::try_from(i / cols).ok()?;
                let col = u8::try_from(i % cols).ok()?;
                Some(Cell::new(row, col))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_the_cells_that_differ_in_row_major_order() {
        let a = Grid::from_rows(vec![vec![1, 2, 3], vec![3, 1, 2]]).unwrap();
        let b = Grid::from_rows(vec![vec![1, 3, 2], vec![3, 1, 2]]).unwrap();
        assert_eq!(a.differences(&b), [Cell::new(0, 1), Cell::new(0, 2)]);
        assert_eq!(a.differences(&a), []);
        let other_shape = Grid::from_rows(vec![vec![1, 2, 3]]).unwrap();
        assert_eq!(a.differences(&other_shape), []);
    }

    #[test]
    fn labels_round_trip() {
        assert_eq!(Cell::parse_label("A1"), Some(Cell::new(0, 0)));
        assert_eq!(Cell::parse_label("c10"), Some(Cell::new(2, 9)));
        assert_eq!(Cell::new(25, 25).label(), "Z26");
        assert_eq!(Cell::parse_label("A0"), None);
        assert_eq!(Cell::parse_label("1A"), None);
        assert_eq!(Cell::parse_label("A"), None);
        assert_eq!(Cell::parse_label("AA3"), Some(Cell::new(26, 2)));
        assert_eq!(Cell::parse_label("ab3"), Some(Cell::new(27, 2)));
        assert_eq!(Cell::new(26, 0).label(), "AA1");
        assert_eq!(Cell::new(52, 0).label(), "BA1");
        for r in 0..=255u8 {
            assert_eq!(
                Cell::parse_label(&Cell::new(r, 7).label()),
                Some(Cell::new(r, 7))
            );
        }
        assert_eq!(Cell::parse_label("ABC3"), None);
        assert_eq!(Cell::parse_label("A+3"), None);
    }

    #[test]
    fn ragged_rows_are_rejected() {
        assert!(Grid::from_rows(vec![vec![1, 2], vec![3]]).is_none());
        let g = Grid::from_rows(vec![vec![1, 2], vec![3, 4]]).unwrap();
        assert_eq!(*g.get(Cell::new(1, 0)), 3);
        assert_eq!(g.to_rows(), vec![vec![1, 2], vec![3, 4]]);
    }
}
