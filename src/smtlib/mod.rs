//! # Puzzle → SMT-LIB 2
//!
//! The natural SMT form of a puzzle, for z3, cvc5 or any SMT-LIB 2 solver: one `Int` per
//! cell (`c_B3` is cell B3) with its bounds, `distinct` for KenKen rows and columns and for
//! Kakuro runs, and cage, run and line arithmetic as arithmetic ([`arith`] writes the
//! terms; products take the [`ProductForm`] chosen by measurement, see
//! `encodings/smtlib.md`). The script ends with `(check-sat)` and `(get-value (…))` over
//! the cells; [`write_smtlib`] writes it byte-for-byte deterministically, optionally with
//! assertions that exclude given grids, and [`answer`] reads a solver's reply back.

pub(crate) mod answer;
mod arith;
mod latin;
mod rules;

use std::fmt;
use std::io::{self, Write};

use crate::grid::{Cell, Grid};
use crate::puzzle::Op;

/// How products (KenKen `*` cages, `/` cages of three or more cells, CrossProduct lines)
/// are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProductForm {
    /// Prime exponents: per prime up to the largest digit, the digits' exponents (an `ite`
    /// table per prime) add up to the target's. Linear (`QF_LIA`); the default, measured
    /// faster with z3 and cvc5.
    #[default]
    Exponents,
    /// Direct nonlinear multiplication `(= (* a b c) 12)` (`QF_NIA`).
    Nonlinear,
}

impl ProductForm {
    /// The name used on the command line (`--smt-product exponents|nonlinear`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ProductForm::Exponents => "exponents",
            ProductForm::Nonlinear => "nonlinear",
        }
    }
}

impl fmt::Display for ProductForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// SMT-LIB export choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SmtOptions {
    /// How products are written.
    pub product: ProductForm,
}

/// Size of an SMT-LIB script (blocking assertions not included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SmtStats {
    /// `declare-const` (one per cell) plus `define-fun` (one per exponent table).
    pub declarations: usize,
    /// `assert` commands: bounds, `distinct`s and arithmetic.
    pub assertions: usize,
}

/// One assertion and its trailing comment.
#[derive(Clone, Debug)]
struct Assertion {
    term: String,
    note: String,
}

/// A puzzle's script, ready to be written with or without blocked grids.
#[derive(Clone, Debug)]
pub(crate) struct Script {
    header: Vec<String>,
    logic: &'static str,
    funs: Vec<String>,
    cells: Vec<Cell>,
    shape: (usize, usize),
    sections: Vec<(&'static str, Vec<Assertion>)>,
}

/// The symbol of a cell.
pub(crate) fn symbol(cell: Cell) -> String {
    format!("c_{cell}")
}

impl Script {
    /// Builds the script of a puzzle of kind `kind` and size `size` whose declarations and
    /// assertions `fill` writes.
    pub(crate) fn new(
        kind: &str,
        size: &str,
        opts: &SmtOptions,
        fill: impl FnOnce(&mut Builder),
    ) -> Script {
        let mut b = Builder::new(opts.product);
        fill(&mut b);
        let logic = if b.nonlinear { "QF_NIA" } else { "QF_LIA" };
        let header = vec![
            format!("cagesat {kind} {size} (SMT-LIB 2)"),
            format!("options: --smt-product {}", opts.product),
            format!(
                "encoding: one Int per cell in {}..{}; {}",
                b.range.0, b.range.1, b.summary
            ),
            "symbols: c_CELL = cell CELL (row letter, column number)".to_string(),
        ];
        let funs = b
            .primes_used
            .iter()
            .map(|&p| arith::exponent_fun(p, b.range.1))
            .collect();
        Script {
            header,
            logic,
            funs,
            cells: b.cells,
            shape: b.shape,
            sections: b.sections,
        }
    }

    /// The declared cells, in declaration order.
    pub(crate) fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Rows and columns of the solution grid (cells not declared hold 0).
    pub(crate) fn shape(&self) -> (usize, usize) {
        self.shape
    }

    /// Declarations and assertions.
    pub(crate) fn stats(&self) -> SmtStats {
        SmtStats {
            declarations: self.funs.len() + self.cells.len(),
            assertions: self.sections.iter().map(|(_, a)| a.len()).sum(),
        }
    }

    /// Writes the script, with one assertion per grid in `blocked` that excludes it.
    pub(crate) fn write(&self, w: &mut impl Write, blocked: &[Grid<u8>]) -> io::Result<()> {
        for line in &self.header {
            writeln!(w, "; {line}")?;
        }
        for &cell in &self.cells {
            writeln!(w, "; {} = cell {cell}", symbol(cell))?;
        }
        writeln!(w, "(set-option :produce-models true)")?;
        writeln!(w, "(set-logic {})", self.logic)?;
        for f in &self.funs {
            writeln!(w, "{f}")?;
        }
        for &cell in &self.cells {
            writeln!(w, "(declare-const {} Int)", symbol(cell))?;
        }
        for (name, asserts) in &self.sections {
            writeln!(w, "; {name}")?;
            for a in asserts {
                if a.note.is_empty() {
                    writeln!(w, "(assert {})", a.term)?;
                } else {
                    writeln!(w, "(assert {}) ; {}", a.term, a.note)?;
                }
            }
        }
        if !blocked.is_empty() {
            writeln!(w, "; blocked solutions")?;
        }
        for grid in blocked {
            let eqs: Vec<String> = self
                .cells
                .iter()
                .map(|&c| format!("(= {} {})", symbol(c), grid.get(c)))
                .collect();
            writeln!(w, "(assert (not (and {})))", eqs.join(" "))?;
        }
        writeln!(w, "(check-sat)")?;
        let syms: Vec<String> = self.cells.iter().map(|&c| symbol(c)).collect();
        writeln!(w, "(get-value ({}))", syms.join(" "))
    }
}

/// Collects a script's parts; each kind writes its part (`crate::kind::Kind::smtlib`).
pub(crate) struct Builder {
    form: ProductForm,
    primes: Vec<u8>,
    primes_used: Vec<u8>,
    nonlinear: bool,
    range: (u8, u8),
    cells: Vec<Cell>,
    shape: (usize, usize),
    summary: String,
    sections: Vec<(&'static str, Vec<Assertion>)>,
}

impl Builder {
    fn new(form: ProductForm) -> Builder {
        Builder {
            form,
            primes: Vec::new(),
            primes_used: Vec::new(),
            nonlinear: false,
            range: (1, 1),
            cells: Vec::new(),
            shape: (0, 0),
            summary: String::new(),
            sections: Vec::new(),
        }
    }

    /// Declares `cells` with values in `lo..=hi` and writes their bounds.
    fn declare(&mut self, cells: Vec<Cell>, shape: (usize, usize), lo: u8, hi: u8) {
        self.range = (lo, hi);
        self.primes = arith::primes_up_to(hi);
        let bounds = cells
            .iter()
            .map(|&c| Assertion {
                term: format!("(<= {lo} {} {hi})", symbol(c)),
                note: String::new(),
            })
            .collect();
        self.cells = cells;
        self.shape = shape;
        self.sections.push(("bounds", bounds));
    }

    fn section(&mut self, name: &'static str, asserts: Vec<Assertion>) {
        self.sections.push((name, asserts));
    }

    /// Notes that a product was written (the exponent tables, or nonlinear logic).
    fn used_product(&mut self, term: &str) {
        match self.form {
            ProductForm::Nonlinear => self.nonlinear = true,
            ProductForm::Exponents => {
                for &p in &self.primes {
                    if term.contains(&format!("(e{p} ")) && !self.primes_used.contains(&p) {
                        self.primes_used.push(p);
                    }
                }
                self.primes_used.sort_unstable();
            }
        }
    }

    pub(crate) fn kenken(&mut self, k: &crate::puzzle::KenKen) {
        let n = k.size();
        let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
        let all = (0..n).flat_map(|r| (0..n).map(move |c| at(r, c))).collect();
        self.declare(all, (n, n), 1, n as u8);
        let mut lines = Vec::new();
        let rows = (0..n).map(|i| {
            (
                format!("row {}", Cell::row_label(i as u8)),
                (0..n).map(|j| at(i, j)).collect::<Vec<_>>(),
            )
        });
        let cols = (0..n).map(|i| {
            (
                format!("column {}", i + 1),
                (0..n).map(|j| at(j, i)).collect(),
            )
        });
        for (note, cells) in rows.chain(cols).filter(|_| n > 1) {
            let syms: Vec<String> = cells.iter().map(|&c| symbol(c)).collect();
            lines.push(Assertion {
                term: format!("(distinct {})", syms.join(" ")),
                note,
            });
        }
        self.section("rows and columns", lines);
        let mut cages = Vec::new();
        for cage in k.cages() {
            let syms: Vec<String> = cage.cells.iter().map(|&c| symbol(c)).collect();
            let t = cage.target;
            let term = match cage.effective_op() {
                Op::Given => format!("(= {} {t})", syms[0]),
                Op::Add => arith::sum_is(&syms, t),
                Op::Sub => arith::difference_is(&syms, t),
                Op::Mul => arith::product_is(&syms, t, self.form, &self.primes),
                Op::Div => arith::quotient_is(&syms, t, self.form, &self.primes),
                Op::Any => arith::any_is(&syms, t, self.form, &self.primes),
            };
            if matches!(cage.effective_op(), Op::Mul | Op::Any)
                || (cage.op == Op::Div && syms.len() > 2)
            {
                self.used_product(&term);
            }
            cages.push(Assertion {
                term,
                note: format!("cage {t}{} at {}", cage.op.symbol(), cage.anchor()),
            });
        }
        self.section("cages", cages);
        self.summary = "distinct rows and columns; cages as arithmetic".to_string();
    }

    /// The hook for kinds whose script is assembled outside this module (Sudoku, Killer
    /// Sudoku): an N×N grid of cells in `1..=N`, a section of `distinct` groups, one of
    /// `givens` and one of sum `cages` (distinct digits with the sum), each with its note.
    pub(crate) fn grid_groups(
        &mut self,
        n: usize,
        distinct: Vec<(Vec<Cell>, String)>,
        givens: &[(Cell, u8)],
        cages: Vec<(Vec<Cell>, u64, String)>,
        summary: &str,
    ) {
        let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
        let all = (0..n).flat_map(|r| (0..n).map(move |c| at(r, c))).collect();
        self.declare(all, (n, n), 1, n as u8);
        let syms = |cells: &[Cell]| cells.iter().map(|&c| symbol(c)).collect::<Vec<_>>();
        let groups = distinct
            .into_iter()
            .filter(|(cells, _)| cells.len() > 1)
            .map(|(cells, note)| Assertion {
                term: format!("(distinct {})", syms(&cells).join(" ")),
                note,
            })
            .collect();
        self.section("rows, columns and boxes", groups);
        let fixed = givens
            .iter()
            .map(|&(c, d)| Assertion {
                term: format!("(= {} {d})", symbol(c)),
                note: format!("given {c}"),
            })
            .collect();
        self.section("givens", fixed);
        let sums = cages
            .into_iter()
            .map(|(cells, sum, note)| {
                let s = syms(&cells);
                let total = arith::sum_is(&s, sum);
                let term = if s.len() > 1 {
                    format!("(and (distinct {}) {total})", s.join(" "))
                } else {
                    total
                };
                Assertion { term, note }
            })
            .collect();
        self.section("cages", sums);
        self.summary = summary.to_string();
    }

    pub(crate) fn kakuro(&mut self, k: &crate::puzzle::Kakuro) {
        self.declare(k.white_cells().to_vec(), (k.rows(), k.cols()), 1, 9);
        let mut runs = Vec::new();
        for run in k.runs() {
            let syms: Vec<String> = run.cells.iter().map(|&c| symbol(c)).collect();
            let note = format!("{} run {} at {}", run.dir, run.sum, run.clue);
            let sum = arith::sum_is(&syms, u64::from(run.sum));
            let term = if syms.len() > 1 {
                format!("(and (distinct {}) {sum})", syms.join(" "))
            } else {
                sum
            };
            runs.push(Assertion { term, note });
        }
        self.section("runs", runs);
        self.summary = "each run distinct with its sum".to_string();
    }

    pub(crate) fn crossproduct(&mut self, p: &crate::puzzle::CrossProduct) {
        let (rows, cols) = p.dims();
        let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
        let all = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| at(r, c)))
            .collect();
        self.declare(all, (rows, cols), 1, 9);
        let mut lines = Vec::new();
        let mut add = |b: &mut Builder, cells: Vec<Cell>, target: u64, note: String| {
            let syms: Vec<String> = cells.iter().map(|&c| symbol(c)).collect();
            let term = arith::product_is(&syms, target, b.form, &b.primes);
            b.used_product(&term);
            lines.push(Assertion { term, note });
        };
        for (r, &t) in p.rows().iter().enumerate() {
            add(
                self,
                (0..cols).map(|c| at(r, c)).collect(),
                t,
                format!("row {}", r + 1),
            );
        }
        for (c, &t) in p.cols().iter().enumerate() {
            add(
                self,
                (0..rows).map(|r| at(r, c)).collect(),
                t,
                format!("column {}", c + 1),
            );
        }
        self.section("products", lines);
        self.summary = "row and column products".to_string();
    }
}
