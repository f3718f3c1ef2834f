//! # Towers → CNF
//!
//! See `encodings/towers.md`. The one-hot x(cell, d) of the Latin square (families `cell`,
//! `row`, `col`, the KenKen encoder's), one unit clause per given (`given`), then each clue
//! as the automaton of its line (`crate::encode::visibility`: families `visible-root`,
//! `visible-edge`, `visible-out`, `visible-in`, `visible-support`, `visible-prune`).

use crate::encode::visibility::encode_clues;
use crate::encode::{EncodeError, EncodeOptions, Encoding};
use crate::puzzle::Towers;

use super::super::latin_square::encode_square;

/// Encodes a Towers puzzle.
///
/// # Errors
/// None at present (a clue's automaton has at most N² states a layer).
pub(crate) fn encode(t: &Towers, opts: &EncodeOptions) -> Result<Encoding, EncodeError> {
    let n = t.size();
    let mut enc = encode_square(n, &t.given_cells(), opts);
    let clues: Vec<_> = t
        .clue_lines()
        .into_iter()
        .map(|(_, _, cells, clue)| (cells, clue))
        .collect();
    encode_clues(&mut enc, n, &clues)?;
    Ok(enc)
}
