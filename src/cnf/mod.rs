//! # The CNF layer
//!
//! Literals come from `varisat-formula` ([`Lit`], [`Var`], [`ExtendFormula`]), the
//! solver-independent formula crate of varisat; formulas are the project's own compact
//! [`CnfFormula`] (`formula.rs`); no solver is named here. This layer adds the one-hot variable map, cardinality encodings, the allowed-tuple
//! (table) encoding and layered automata (MDD). Everything here writes into any
//! `ExtendFormula` sink.

pub(crate) mod card;
pub(crate) mod dimacs;
pub(crate) mod formula;
pub(crate) mod mdd;
pub(crate) mod table;
pub(crate) mod varmap;

pub use card::AmoEncoding;
pub use formula::CnfFormula;
pub(crate) use varisat_formula::{ExtendFormula, Lit, Var};
pub use varmap::{DecodeError, OneHot};

/// Sizes of an encoding or one of its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeStats {
    /// Variables.
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
}

impl std::ops::AddAssign for EncodeStats {
    fn add_assign(&mut self, other: EncodeStats) {
        self.vars += other.vars;
        self.clauses += other.clauses;
    }
}
