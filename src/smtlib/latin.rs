//! # SMT-LIB for Tatham's Latin-square kinds (Towers, Unequal)
//!
//! The cells as integers `1..=N`, the rows and columns `distinct`, the givens, then the
//! kind's own section: for Towers one assertion per clue (the number of cells taller than
//! all before them, as a sum of `ite`s), for Unequal one per sign or pair of neighbours.

use crate::grid::Cell;

use super::{symbol, Assertion, Builder};

impl Builder {
    /// The Latin square of side `n` and its givens.
    fn latin_square(&mut self, n: usize, givens: &[(Cell, u8)]) {
        let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
        let all = (0..n).flat_map(|r| (0..n).map(move |c| at(r, c))).collect();
        self.declare(all, (n, n), 1, n as u8);
        let mut lines = Vec::new();
        for i in 0..n {
            let row: Vec<String> = (0..n).map(|j| symbol(at(i, j))).collect();
            let col: Vec<String> = (0..n).map(|j| symbol(at(j, i))).collect();
            if n > 1 {
                lines.push(Assertion {
                    term: format!("(distinct {})", row.join(" ")),
                    note: format!("row {}", Cell::row_label(i as u8)),
                });
                lines.push(Assertion {
                    term: format!("(distinct {})", col.join(" ")),
                    note: format!("column {}", i + 1),
                });
            }
        }
        self.section("rows and columns", lines);
        let fixed = givens
            .iter()
            .map(|&(c, d)| Assertion {
                term: format!("(= {} {d})", symbol(c)),
                note: format!("given {c}"),
            })
            .collect();
        self.section("givens", fixed);
    }

    /// A Towers puzzle of side `n`: its givens and its clues `(line, clue, note)`, each line
    /// from the viewer outward.
    pub(crate) fn towers(
        &mut self,
        n: usize,
        givens: &[(Cell, u8)],
        clues: Vec<(Vec<Cell>, u8, String)>,
    ) {
        self.latin_square(n, givens);
        let asserts = clues
            .into_iter()
            .map(|(cells, clue, note)| {
                let s: Vec<String> = cells.iter().map(|&c| symbol(c)).collect();
                let seen: Vec<String> = (0..s.len())
                    .map(|i| {
                        if i == 0 {
                            return "1".to_string();
                        }
                        let taller: Vec<String> =
                            s[..i].iter().map(|p| format!("(> {} {p})", s[i])).collect();
                        let all = if taller.len() == 1 {
                            taller.concat()
                        } else {
                            format!("(and {})", taller.join(" "))
                        };
                        format!("(ite {all} 1 0)")
                    })
                    .collect();
                let total = if seen.len() == 1 {
                    seen.concat()
                } else {
                    format!("(+ {})", seen.join(" "))
                };
                Assertion {
                    term: format!("(= {total} {clue})"),
                    note,
                }
            })
            .collect();
        self.section("visibility clues", asserts);
        self.summary = "distinct rows and columns; givens; towers seen from each clue".to_string();
    }

    /// An Unequal puzzle of side `n`: its givens and its pairs' terms and notes, in a
    /// section named `name`.
    pub(crate) fn unequal(
        &mut self,
        n: usize,
        givens: &[(Cell, u8)],
        name: &'static str,
        pairs: Vec<(String, String)>,
    ) {
        self.latin_square(n, givens);
        let asserts = pairs
            .into_iter()
            .map(|(term, note)| Assertion { term, note })
            .collect();
        self.section(name, asserts);
        self.summary = format!("distinct rows and columns; givens; {name} between neighbours");
    }
}
