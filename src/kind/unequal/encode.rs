//! # Unequal → CNF
//!
//! See `encodings/unequal.md`. The one-hot x(cell, d) of the Latin square (families `cell`,
//! `row`, `col`, the KenKen encoder's), one unit clause per given (`given`), then each sign
//! (`less`), or in the adjacent mode each pair of neighbours (`adjacent`, `nonadjacent`), by
//! its supports (`crate::encode::order`).

use crate::encode::order::encode_pairs;
use crate::encode::{EncodeOptions, Encoding};
use crate::puzzle::{Mark, Relation, Unequal};

use super::super::latin_square::encode_square;

/// Encodes an Unequal puzzle.
pub(crate) fn encode(u: &Unequal, opts: &EncodeOptions) -> Encoding {
    let n = u.size();
    let mut enc = encode_square(n, &u.given_cells(), opts);
    let pairs: Vec<_> = u
        .pairs()
        .into_iter()
        .filter_map(|(a, b, mark)| match mark {
            Mark::Less => Some((a, b, Relation::Less)),
            Mark::Greater => Some((b, a, Relation::Less)),
            Mark::Bar => Some((a, b, Relation::DiffIs(1))),
            _ if u.adjacent() => Some((a, b, Relation::DiffNot(1))),
            _ => None,
        })
        .collect();
    encode_pairs(&mut enc, n as u8, &pairs);
    enc
}
