//! # Clauses for one run
//!
//! A run's cells hold distinct digits whose set is one of the run's combinations `C_1..C_m`
//! (see [`super::sets`]). With `U` the union and `I` the intersection of the combinations,
//! every run gets:
//!
//! - `run-amo`: at most one cell holds `d`, for each `d ∈ U`;
//! - `run-prune`: `¬x(c, d)` for each cell and each `d ∉ U`;
//! - `run-must`: `⋁_c x(c, d)` for each `d ∈ I` (digits every combination needs).
//!
//! Then one of three [`RunEncoding`]s ties the digits to the combinations; the table in
//! `encodings/kakuro.md` lists the clause families and their counts.

use crate::cnf::card::at_most_one;
use crate::cnf::mdd::{encode_mdd, Mdd};
use crate::cnf::{AmoEncoding, CnfFormula, EncodeStats, ExtendFormula, Lit};

use super::sets::{union_and_common, DigitSet};

/// How the sum of one run is encoded. The encoder asks a chooser for each run; this is the
/// seam where other encodings (an MDD shared with CrossProduct) can be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RunEncoding {
    /// A single combination: `run-must` for all its digits, nothing else.
    Fixed,
    /// Two cells: `x(c₁, a) → x(c₂, s − a)` and back (`run-pair`); generalised arc
    /// consistent for the run by unit propagation.
    Pair,
    /// One selector variable per combination (`run-select`, `run-cover`, `run-some`,
    /// `run-support`, `run-need`).
    Selectors,
    /// The layered sum automaton of [`crate::cnf::mdd`] over the run's digits (`run-mdd`),
    /// shared with CrossProduct; distinctness stays with `run-amo`.
    Mdd,
}

impl RunEncoding {
    /// The encoding actually used for a run of `len` cells with `combos` combinations:
    /// `Fixed` needs exactly one combination and `Pair` two cells; otherwise `Selectors`.
    #[must_use]
    pub(crate) fn resolve(self, len: usize, combos: usize) -> RunEncoding {
        match self {
            RunEncoding::Fixed if combos == 1 => RunEncoding::Fixed,
            RunEncoding::Pair if len == 2 => RunEncoding::Pair,
            RunEncoding::Mdd => RunEncoding::Mdd,
            _ => RunEncoding::Selectors,
        }
    }

    /// The default choice for a Kakuro run (digits 1..=9): see [`RunEncoding::default_over`].
    #[must_use]
    pub(crate) fn default_for(len: usize, combos: &[DigitSet]) -> RunEncoding {
        RunEncoding::default_over(9, len, combos)
    }

    /// The default choice for a run of `len` cells over the digits 1..=`digits`: `Fixed` for
    /// one combination, `Pair` for two cells, otherwise whichever of `Selectors` and `Mdd`
    /// writes fewer clauses plus auxiliary variables (selectors on a tie).
    #[must_use]
    pub(crate) fn default_over(digits: usize, len: usize, combos: &[DigitSet]) -> RunEncoding {
        match (combos.len(), len) {
            (1, _) => RunEncoding::Fixed,
            (_, 2) => RunEncoding::Pair,
            _ => {
                let size = |choice| {
                    let mut f = CnfFormula::new();
                    let x: Vec<Vec<Lit>> = (0..len)
                        .map(|_| (0..digits).map(|_| f.new_lit()).collect())
                        .collect();
                    let _ = encode_run(&mut f, &x, combos, choice, AmoEncoding::Pairwise);
                    f.len() + f.var_count()
                };
                if size(RunEncoding::Mdd) < size(RunEncoding::Selectors) {
                    RunEncoding::Mdd
                } else {
                    RunEncoding::Selectors
                }
            }
        }
    }
}

/// Names of the run clause families, in the order they are recorded in [`crate::encode::Encoding::families`].
pub(crate) const RUN_FAMILIES: [&str; 10] = [
    "run-amo",
    "run-prune",
    "run-must",
    "run-pair",
    "run-select",
    "run-cover",
    "run-some",
    "run-support",
    "run-need",
    "run-mdd",
];

/// Sizes of one run's clauses by family (selector variables count in `select`), and what
/// was written: the encoding actually used and the number of `run-amo` groups.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RunFamilies {
    /// The encoding used ([`RunEncoding::resolve`] of the choice); `None` only in `default`.
    pub(crate) used: Option<RunEncoding>,
    /// At-most-one groups in `run-amo` (one per digit of the union, over all the cells).
    pub(crate) amo_groups: usize,
    /// `run-amo`; its variables (ladders) come first among the run's auxiliaries.
    pub(crate) amo: EncodeStats,
    prune: usize,
    must: usize,
    pair: usize,
    selectors: usize,
    select: usize,
    cover: usize,
    some: usize,
    support: usize,
    need: usize,
    mdd: EncodeStats,
}

impl RunFamilies {
    /// The sizes in the order of [`RUN_FAMILIES`].
    #[must_use]
    pub(crate) fn as_array(&self) -> [EncodeStats; 10] {
        let c = |clauses| EncodeStats { vars: 0, clauses };
        [
            self.amo,
            c(self.prune),
            c(self.must),
            c(self.pair),
            EncodeStats {
                vars: self.selectors,
                clauses: self.select,
            },
            c(self.cover),
            c(self.some),
            c(self.support),
            c(self.need),
            self.mdd,
        ]
    }
}

/// Writes the clauses of one run. `x[i][d - 1]` is x(cell i, d) for the digits 1..=W, W
/// the length of `x[i]` (9 for Kakuro, N for the cages of an N×N Killer Sudoku, at most
/// [`DigitSet::MAX_DIGIT`]; digits beyond are not written); `combos` are the run's
/// combinations over those digits (an empty list writes the empty clause).
pub(crate) fn encode_run(
    f: &mut impl ExtendFormula,
    x: &[Vec<Lit>],
    combos: &[DigitSet],
    choice: RunEncoding,
    amo: AmoEncoding,
) -> RunFamilies {
    let lit = |i: usize, d: u8| x[i][usize::from(d) - 1];
    let k = x.len();
    let width = x.first().map_or(0, Vec::len);
    let all = DigitSet::up_to(u8::try_from(width).unwrap_or(DigitSet::MAX_DIGIT));
    let (union, common) = union_and_common(combos);
    let mut fam = RunFamilies::default();
    for d in union.digits() {
        let lits: Vec<Lit> = (0..k).map(|i| lit(i, d)).collect();
        let s = at_most_one(f, &lits, amo);
        fam.amo.vars += s.vars;
        fam.amo.clauses += s.clauses;
        fam.amo_groups += 1;
    }
    for i in 0..k {
        for d in all.minus(union).digits() {
            f.add_clause(&[!lit(i, d)]);
            fam.prune += 1;
        }
    }
    let used = |d: u8| (0..k).map(move |i| lit(i, d));
    for d in common.digits() {
        f.add_clause(&used(d).collect::<Vec<_>>());
        fam.must += 1;
    }
    let used = choice.resolve(k, combos.len());
    fam.used = Some(used);
    match used {
        RunEncoding::Fixed => {}
        RunEncoding::Pair => {
            // Two-cell combinations {a, b} partition U: a's partner is b and back.
            for combo in combos {
                let ds: Vec<u8> = combo.digits().collect();
                if let [a, b] = ds[..] {
                    for (p, q) in [(a, b), (b, a)] {
                        f.add_clause(&[!lit(0, p), lit(1, q)]);
                        f.add_clause(&[!lit(1, p), lit(0, q)]);
                        fam.pair += 2;
                    }
                }
            }
        }
        RunEncoding::Selectors => selectors(f, x, combos, union, common, &mut fam),
        RunEncoding::Mdd => fam.mdd = mdd_run(f, x, combos, union),
    }
    fam
}

/// The run's sum as a layered automaton over the digits of `union` (`run-mdd`).
fn mdd_run(
    f: &mut impl ExtendFormula,
    x: &[Vec<Lit>],
    combos: &[DigitSet],
    union: DigitSet,
) -> EncodeStats {
    let Some(first) = combos.first() else {
        return EncodeStats::default(); // no combination: `run-prune` already emptied the cells
    };
    let target: u64 = first.digits().map(u64::from).sum();
    let digits: Vec<u8> = union.digits().collect();
    let values: Vec<Vec<u64>> = x
        .iter()
        .map(|_| digits.iter().map(|&d| u64::from(d)).collect())
        .collect();
    let lits: Vec<Vec<Lit>> = x
        .iter()
        .map(|cell| digits.iter().map(|&d| cell[usize::from(d) - 1]).collect())
        .collect();
    // A run has at most 31 cells of digits up to 31 (`DigitSet::MAX_DIGIT`), so sums of at
    // most 496: at most 497 states in each of at most 32 layers, under the node limit.
    let mdd = Mdd::sum(&values, target, 20_000).expect("a run's automaton is small");
    encode_mdd(f, &lits, &mdd).total()
}

/// The selector families; see the module docs of `encode::sum`.
fn selectors(
    f: &mut impl ExtendFormula,
    x: &[Vec<Lit>],
    combos: &[DigitSet],
    union: DigitSet,
    common: DigitSet,
    fam: &mut RunFamilies,
) {
    let lit = |i: usize, d: u8| x[i][usize::from(d) - 1];
    let k = x.len();
    let sel: Vec<Lit> = combos.iter().map(|_| f.new_lit()).collect();
    fam.selectors = sel.len();
    let mut clause = Vec::new();
    for (&s, &combo) in sel.iter().zip(combos) {
        for i in 0..k {
            // select: s → cell i holds a digit of the combination
            clause.clear();
            clause.push(!s);
            clause.extend(combo.digits().map(|d| lit(i, d)));
            f.add_clause(&clause);
            fam.select += 1;
        }
        // cover: s → every digit of the combination is used (run-must covers the common ones)
        for d in combo.minus(common).digits() {
            clause.clear();
            clause.push(!s);
            clause.extend((0..k).map(|i| lit(i, d)));
            f.add_clause(&clause);
            fam.cover += 1;
        }
    }
    f.add_clause(&sel);
    fam.some += 1;
    for d in union.minus(common).digits() {
        let with: Vec<Lit> = combos
            .iter()
            .zip(&sel)
            .filter(|(c, _)| c.contains(d))
            .map(|(_, &s)| s)
            .collect();
        // support: a cell holding d → some combination containing d
        for i in 0..k {
            clause.clear();
            clause.push(!lit(i, d));
            clause.extend(&with);
            f.add_clause(&clause);
            fam.support += 1;
        }
        // need: d is used, or some combination without d is chosen
        clause.clear();
        clause.extend((0..k).map(|i| lit(i, d)));
        clause.extend(
            combos
                .iter()
                .zip(&sel)
                .filter(|(c, _)| !c.contains(d))
                .map(|(_, &s)| s),
        );
        f.add_clause(&clause);
        fam.need += 1;
    }
}
