//! # The CNF layer
//!
//! Literals and formulas come from varisat ([`Lit`], [`Var`], [`CnfFormula`],
//! [`ExtendFormula`]); this layer adds the one-hot variable map, cardinality encodings and
//! the allowed-tuple (table) encoding. Everything here writes into any `ExtendFormula` sink.

pub mod card;
pub mod dimacs;
pub mod mdd;
pub mod table;
pub mod varmap;

pub use card::AmoEncoding;
pub use varisat::{CnfFormula, ExtendFormula, Lit, Var};
pub use varmap::{DecodeError, OneHot};

/// Sizes of an encoding or one of its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeStats {
    /// Variables.
    pub vars: usize,
    /// Clauses.
    pub clauses: usize,
}
