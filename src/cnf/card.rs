//! # Cardinality constraints: at-most-one and exactly-one
//!
//! - **Pairwise**: `¬a ∨ ¬b` for every pair; no auxiliary variables, `k(k−1)/2` clauses.
//! - **Sequential** (Sinz's ladder): `k−1` auxiliary variables `s_i` ("one of the first i+1
//!   is true") and `3k−4` clauses: `¬x_i ∨ s_i`, `¬s_{i−1} ∨ s_i`, `¬s_{i−1} ∨ ¬x_i`. Unit
//!   propagation is as strong as with the pairwise form.
//! - **Auto** picks pairwise up to [`AUTO_PAIRWISE_MAX`] literals and sequential above.
//!
//! Two literals always get the single pairwise clause, and fewer than two nothing
//! ([`AmoEncoding::written`]).
//!
//! ## References
//! C. Sinz, *Towards an Optimal CNF Encoding of Boolean Cardinality Constraints*, CP 2005.

use std::fmt;

use crate::cnf::{EncodeStats, ExtendFormula, Lit};

/// Largest group for which [`AmoEncoding::Auto`] uses pairwise clauses.
pub(crate) const AUTO_PAIRWISE_MAX: usize = 10;

/// How at-most-one constraints are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AmoEncoding {
    /// Every pair excluded.
    Pairwise,
    /// Sinz's sequential counter.
    Sequential,
    /// Pairwise for small groups, sequential for large ones.
    #[default]
    Auto,
}

impl AmoEncoding {
    /// The concrete encoding used for a group of `k` literals.
    #[must_use]
    pub fn resolve(self, k: usize) -> AmoEncoding {
        match self {
            AmoEncoding::Auto if k <= AUTO_PAIRWISE_MAX => AmoEncoding::Pairwise,
            AmoEncoding::Auto => AmoEncoding::Sequential,
            e => e,
        }
    }

    /// The form `at_most_one` actually writes for `k` literals: `None` below two literals
    /// (nothing to exclude), pairwise for two (a ladder would only add a variable), otherwise
    /// [`AmoEncoding::resolve`]. Encoders report this in the DIMACS header.
    #[must_use]
    pub fn written(self, k: usize) -> Option<AmoEncoding> {
        match (k, self.resolve(k)) {
            (0 | 1, _) => None,
            (2, _) => Some(AmoEncoding::Pairwise),
            (_, e) => Some(e),
        }
    }

    /// The name used on the command line (`--amo auto|pairwise|sequential`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Sequential => "sequential",
            AmoEncoding::Auto => "auto",
        }
    }
}

impl fmt::Display for AmoEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Writes "at most one of `lits` is true" and returns its size.
pub(crate) fn at_most_one(
    f: &mut impl ExtendFormula,
    lits: &[Lit],
    enc: AmoEncoding,
) -> EncodeStats {
    match enc.written(lits.len()) {
        None => EncodeStats::default(),
        Some(AmoEncoding::Sequential) => sequential(f, lits),
        Some(_) => pairwise(f, lits),
    }
}

/// Writes "exactly one of `lits` is true" (one at-least-one clause plus at-most-one).
pub(crate) fn exactly_one(
    f: &mut impl ExtendFormula,
    lits: &[Lit],
    enc: AmoEncoding,
) -> EncodeStats {
    f.add_clause(lits);
    let amo = at_most_one(f, lits, enc);
    EncodeStats {
        vars: amo.vars,
        clauses: amo.clauses + 1,
    }
}

fn pairwise(f: &mut impl ExtendFormula, lits: &[Lit]) -> EncodeStats {
    let mut clauses = 0;
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            f.add_clause(&[!a, !b]);
            clauses += 1;
        }
    }
    EncodeStats { vars: 0, clauses }
}

fn sequential(f: &mut impl ExtendFormula, lits: &[Lit]) -> EncodeStats {
    let k = lits.len();
    let s: Vec<Lit> = (0..k - 1).map(|_| f.new_lit()).collect();
    f.add_clause(&[!lits[0], s[0]]);
    for i in 1..k - 1 {
        f.add_clause(&[!lits[i], s[i]]);
        f.add_clause(&[!s[i - 1], s[i]]);
        f.add_clause(&[!s[i - 1], !lits[i]]);
    }
    f.add_clause(&[!s[k - 2], !lits[k - 1]]);
    EncodeStats {
        vars: k - 1,
        clauses: 3 * k - 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::testing;
    use crate::cnf::CnfFormula;

    /// Every assignment of the inputs satisfies the encoding (for some auxiliary values)
    /// exactly when at most one input is true.
    fn check_amo(enc: AmoEncoding, k: usize) {
        let mut f = CnfFormula::new();
        let lits: Vec<Lit> = (0..k).map(|_| f.new_lit()).collect();
        let stats = at_most_one(&mut f, &lits, enc);
        assert_eq!(stats.clauses, f.len());
        assert_eq!(stats.vars + k, f.var_count());
        for mask in 0u32..(1 << k) {
            let assumptions: Vec<Lit> = lits
                .iter()
                .enumerate()
                .map(|(i, &l)| if mask >> i & 1 == 1 { l } else { !l })
                .collect();
            let sat = testing::satisfiable(&f, &assumptions);
            assert_eq!(sat, mask.count_ones() <= 1, "{enc:?} k={k} mask={mask:b}");
        }
    }

    #[test]
    fn pairwise_and_sequential_mean_at_most_one() {
        for k in 0..7 {
            check_amo(AmoEncoding::Pairwise, k);
            check_amo(AmoEncoding::Sequential, k);
        }
    }

    #[test]
    fn written_form_matches_what_is_written() {
        use AmoEncoding::{Auto, Pairwise, Sequential};
        for (enc, k, want) in [
            (Sequential, 1, None),
            (Sequential, 2, Some(Pairwise)),
            (Sequential, 3, Some(Sequential)),
            (Auto, 10, Some(Pairwise)),
            (Auto, 11, Some(Sequential)),
            (Pairwise, 11, Some(Pairwise)),
        ] {
            assert_eq!(enc.written(k), want, "{enc} k={k}");
            let mut f = CnfFormula::new();
            let lits: Vec<Lit> = (0..k).map(|_| f.new_lit()).collect();
            let ladder = at_most_one(&mut f, &lits, enc).vars > 0;
            assert_eq!(ladder, want == Some(Sequential), "{enc} k={k}");
        }
        assert_eq!(
            [Auto, Pairwise, Sequential].map(|e| e.to_string()),
            ["auto", "pairwise", "sequential"]
        );
    }

    #[test]
    fn exact_sizes() {
        let mut f = CnfFormula::new();
        let lits: Vec<Lit> = (0..4).map(|_| f.new_lit()).collect();
        assert_eq!(
            at_most_one(&mut f, &lits, AmoEncoding::Pairwise),
            EncodeStats {
                vars: 0,
                clauses: 6
            }
        );
        assert_eq!(
            at_most_one(&mut f, &lits, AmoEncoding::Sequential),
            EncodeStats {
                vars: 3,
                clauses: 8
            }
        );
        assert_eq!(
            exactly_one(&mut f, &lits, AmoEncoding::Pairwise),
            EncodeStats {
                vars: 0,
                clauses: 7
            }
        );
    }
}
