//! # KenKen as CNF: the Latin square's houses, then its cages
//!
//! See `encodings/kenken.md` for the numbering and the size of every clause family.
//! Families, in the order written: `cell`, `row`, `col` ([`crate::encode::houses`]), then
//! the cages and their cage–line clauses ([`crate::encode::cage`]). Auxiliary variables
//! follow the x variables in the same order: ladders of sequential at-most-ones (cells,
//! rows, columns), then selectors and automaton nodes and edges cage by cage, then the
//! cage–line `u` variables.

use crate::encode::cage::encode_cages;
use crate::encode::houses::encode_latin;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::puzzle::KenKen;

/// Encodes a KenKen puzzle.
///
/// # Errors
/// [`EncodeError::Tuples`] when a cage written as a table has more allowed tuples than
/// `opts.tuple_limit` (or its enumeration runs out of budget); [`EncodeError::Mdd`] when a
/// cage's automaton exceeds [`crate::encode::cage::CAGE_NODE_LIMIT`] nodes.
pub(crate) fn encode(puzzle: &KenKen, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let n = puzzle.size();
    let mut enc = encode_latin(n, opts);
    encode_cages(&mut enc, n, puzzle.cages(), opts)?;
    Ok(enc)
}
