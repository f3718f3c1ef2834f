//! # CrossProduct drawing
//!
//! The table with each row's product on its right and each column's product below it:
//!
//! ```text
//!  1  2   3 │ 6
//!  4  5   6 │ 120
//!  7  8   9 │ 504
//! ──────────┘
//! 28 80 162
//! ```
//!
//! Each column is as wide as its product; unsolved cells show `?`.

use crate::grid::{Cell, Grid};
use crate::puzzle::CrossProduct;

/// Draws a CrossProduct table, solved (`Some(grid)`) or not.
#[must_use]
pub(crate) fn crossproduct(puzzle: &CrossProduct, grid: Option<&Grid<u8>>) -> String {
    let widths: Vec<usize> = puzzle.cols().iter().map(|p| p.to_string().len()).collect();
    let table_width = widths.iter().sum::<usize>() + widths.len().saturating_sub(1);
    let mut out = String::new();
    for (r, product) in puzzle.rows().iter().enumerate() {
        let cells: Vec<String> = widths
            .iter()
            .enumerate()
            .map(|(c, &w)| {
                let v = grid.map_or_else(
                    || "?".to_string(),
                    |g| g.get(Cell::new(r as u8, c as u8)).to_string(),
                );
                format!("{v:>w$}")
            })
            .collect();
        out.push_str(&format!("{} │ {product}\n", cells.join(" ")));
    }
    out.extend(std::iter::repeat_n('─', table_width + 1));
    out.push_str("┘\n");
    let products: Vec<String> = puzzle.cols().iter().map(u64::to_string).collect();
    out.push_str(&products.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_by_three_drawing() {
        let p = CrossProduct::new(vec![6, 120, 504], vec![28, 80, 162]).unwrap();
        let g = Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]).unwrap();
        let expected = concat!(
            " 1  2   3 │ 6\n",
            " 4  5   6 │ 120\n",
            " 7  8   9 │ 504\n",
            "──────────┘\n",
            "28 80 162\n"
        );
        assert_eq!(crossproduct(&p, Some(&g)), expected);
        assert!(crossproduct(&p, None).starts_with(" ?  ?   ? │ 6\n"));
    }
}
