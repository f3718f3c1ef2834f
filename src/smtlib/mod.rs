//! # Puzzle → SMT-LIB 2
//!
//! The natural SMT form of a puzzle, for z3, cvc5 or any SMT-LIB 2 solver: one `Int` per
//! cell (`c_B3` is cell B3) with its bounds, then the puzzle's model
//! ([`crate::puzzle::Constraints`]) one family at a time, by one assembly for every kind
//! ([`Builder::model`]): houses as `distinct`, cages, runs, products and lines as
//! arithmetic ([`arith`] writes the terms, [`rules`] the pair relations and line rules;
//! products take the [`ProductForm`] chosen by measurement, see
//! `encodings/smtlib.md`). The script ends with `(check-sat)` and `(get-value (…))` over
//! the cells; [`write_smtlib`] writes it byte-for-byte deterministically, optionally with
//! assertions that exclude given grids, and [`answer`] reads a solver's reply back.

pub(crate) mod answer;
mod arith;
mod rules;

use std::fmt;
use std::io::{self, Write};

use crate::grid::{Cell, Grid};
use crate::puzzle::{Constraint, ConstraintKind, Constraints, LineRule, Op, Relation};

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
    /// Builds the script of the model `m` of a puzzle of kind `kind` and size `size`.
    pub(crate) fn new(kind: &str, size: &str, opts: &SmtOptions, m: &Constraints) -> Script {
        let mut b = Builder::new(opts.product);
        b.model(m);
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

/// Collects a script's parts from a model ([`Builder::model`]).
struct Builder {
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

    /// Writes the model `m`: its cells with their bounds, then one section per family
    /// present, each constraint one assertion named by its [`Constraint`]'s text. Every kind
    /// reaches SMT-LIB through here; a family's term is written once, whichever kind it
    /// came from.
    pub(crate) fn model(&mut self, m: &Constraints) {
        self.declare(m.cells.clone(), (m.rows, m.cols), 1, m.max_digit);
        let syms = |c: &Constraint| c.cells.iter().map(|&c| symbol(c)).collect::<Vec<_>>();
        let note = |c: &Constraint| c.to_string();
        let of = |kinds: &[ConstraintKind]| {
            m.list
                .iter()
                .filter(move |c| kinds.contains(&c.kind))
                .collect::<Vec<_>>()
        };
        let mut summary: Vec<String> = Vec::new();

        let groups = of(&[
            ConstraintKind::Row,
            ConstraintKind::Column,
            ConstraintKind::Box,
            ConstraintKind::Diagonal,
        ]);
        if !groups.is_empty() {
            let mut names: Vec<&str> = Vec::new();
            for c in &groups {
                let name = match c.kind {
                    ConstraintKind::Row => "rows",
                    ConstraintKind::Column => "columns",
                    ConstraintKind::Box => "boxes",
                    _ => "diagonals",
                };
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            summary.push(format!("distinct {}", and_list(&names)));
        }
        let houses = groups
            .iter()
            .filter(|c| c.cells.len() > 1)
            .map(|c| Assertion {
                term: format!("(distinct {})", syms(c).join(" ")),
                note: note(c),
            })
            .collect();
        let has = |k: ConstraintKind| groups.iter().any(|c| c.kind == k);
        let name = match (has(ConstraintKind::Box), has(ConstraintKind::Diagonal)) {
            (false, false) => "rows and columns",
            (true, false) => "rows, columns and boxes",
            (false, true) => "rows, columns and diagonals",
            (true, true) => "rows, columns, boxes and diagonals",
        };
        self.section(name, houses);

        if !m.givens.is_empty() {
            summary.push("givens".to_string());
        }
        let givens = m
            .givens
            .iter()
            .map(|&(c, d)| Assertion {
                term: format!("(= {} {d})", symbol(c)),
                note: format!("given {c}"),
            })
            .collect();
        self.section("givens", givens);

        // Cages and runs: arithmetic under the operator, with `distinct` where the digits
        // are (Killer cages, Kakuro runs).
        for (section, kinds, words) in [
            ("cages", ConstraintKind::Cage, "cages as arithmetic"),
            ("runs", ConstraintKind::Run, "runs distinct with their sums"),
        ] {
            let list = of(&[kinds]);
            let sums = list.iter().all(|c| c.distinct && c.op == Some(Op::Add));
            match (list.is_empty(), sums && kinds == ConstraintKind::Cage) {
                (true, _) => {}
                (false, true) => summary.push("cages distinct with their sums".to_string()),
                (false, false) => summary.push(words.to_string()),
            }
            let asserts = list
                .into_iter()
                .map(|c| {
                    let term = self.cage_term(c, &syms(c));
                    Assertion {
                        term,
                        note: note(c),
                    }
                })
                .collect();
            self.section(section, asserts);
        }

        let products = of(&[ConstraintKind::RowProduct, ConstraintKind::ColProduct]);
        if !products.is_empty() {
            summary.push("row and column products".to_string());
        }
        let products = products
            .into_iter()
            .map(|c| {
                let term =
                    arith::product_is(&syms(c), c.target.unwrap_or(0), self.form, &self.primes);
                self.used_product(&term);
                Assertion {
                    term,
                    note: note(c),
                }
            })
            .collect();
        self.section("products", products);

        // Towers clues and Unequal's signs: the variant families' own terms.
        let seen = of(&[ConstraintKind::Visible]);
        if !seen.is_empty() {
            summary.push("towers seen from each clue".to_string());
        }
        let seen = seen
            .into_iter()
            .map(|c| {
                let k = u8::try_from(c.target.unwrap_or(0)).unwrap_or(u8::MAX);
                Assertion {
                    term: rules::line(&LineRule::Visible(k), &syms(c)),
                    note: note(c),
                }
            })
            .collect();
        self.section("visibility clues", seen);
        let pairs = of(&[
            ConstraintKind::Less,
            ConstraintKind::Adjacent,
            ConstraintKind::NotAdjacent,
        ]);
        if !pairs.is_empty() {
            summary.push("signs and bars between neighbours".to_string());
        }
        let pairs = pairs
            .into_iter()
            .map(|c| {
                let rel = match c.kind {
                    ConstraintKind::Less => Relation::Less,
                    ConstraintKind::Adjacent => Relation::DiffIs(1),
                    _ => Relation::DiffNot(1),
                };
                let x = syms(c);
                Assertion {
                    term: rules::relation(rel, &x[0], &x[1]),
                    note: note(c),
                }
            })
            .collect();
        self.section("signs and bars", pairs);
        self.summary = summary.join("; ");
        self.rules(&m.list);
        self.sections
            .retain(|(name, a)| !a.is_empty() || *name == "bounds");
    }

    /// The term of a cage or run `c` over its cells' symbols `x`.
    fn cage_term(&mut self, c: &Constraint, x: &[String]) -> String {
        let t = c.target.unwrap_or(0);
        let op = if x.len() == 1 {
            Op::Given
        } else {
            c.op.unwrap_or(Op::Add)
        };
        let term = match op {
            Op::Given => format!("(= {} {t})", x[0]),
            Op::Add => arith::sum_is(x, t),
            Op::Sub => arith::difference_is(x, t),
            Op::Mul => arith::product_is(x, t, self.form, &self.primes),
            Op::Div => arith::quotient_is(x, t, self.form, &self.primes),
            Op::Any => arith::any_is(x, t, self.form, &self.primes),
        };
        if matches!(op, Op::Mul | Op::Any) || (op == Op::Div && x.len() > 2) {
            self.used_product(&term);
        }
        if c.distinct && x.len() > 1 {
            format!("(and (distinct {}) {term})", x.join(" "))
        } else {
            term
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
