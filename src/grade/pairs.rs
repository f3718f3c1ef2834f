//! # Box–box interaction: two cages at once
//!
//! Wolfram's "BoxBoxInteraction": for two cages, combine every live tuple of one with every
//! live tuple of the other, keep the combinations that repeat no digit in a shared row or
//! column, and narrow each cell of both cages to the digits the kept combinations give it
//! (generalised arc consistency on the joint table of the pair). Only pairs of cages that
//! share a row or column can gain anything over GAC on each cage alone, so only those are
//! tried; a pair whose live tuples give more than [`PAIR_LIMIT`] combinations is skipped.
//!
//! ## References
//! - Wolfram community, "Solving KenKen puzzles" (box–box interaction),
//!   `seeds/wolfram-kenken-logic.txt`.

use crate::grade::prepared::Prepared;
use crate::native::domains::{bit, Conflict, Domains, Mask};

/// Largest number of tuple combinations examined for one pair of cages.
pub(crate) const PAIR_LIMIT: usize = 40_000;

/// One pass of box–box interaction over every pair of cages sharing a line.
///
/// # Errors
/// [`Conflict`] when no combination of some pair is compatible.
pub(crate) fn box_box(p: &Prepared, doms: &mut Domains) -> Result<(), Conflict> {
    let n = p.n;
    let live: Vec<Option<Vec<&[u8]>>> = p
        .cages
        .iter()
        .map(|c| {
            c.tuples.as_ref().map(|ts| {
                ts.iter()
                    .filter(|t| {
                        t.iter()
                            .zip(&c.cells)
                            .all(|(&d, &i)| doms.get(i) & bit(d) != 0)
                    })
                    .collect()
            })
        })
        .collect();
    for a in 0..p.cages.len() {
        for b in a + 1..p.cages.len() {
            let (Some(la), Some(lb)) = (&live[a], &live[b]) else {
                continue;
            };
            let (ca, cb) = (&p.cages[a].cells, &p.cages[b].cells);
            let clash: Vec<(usize, usize)> = (0..ca.len())
                .flat_map(|i| (0..cb.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| ca[i] / n == cb[j] / n || ca[i] % n == cb[j] % n)
                .collect();
            if clash.is_empty() || la.len().saturating_mul(lb.len()) > PAIR_LIMIT {
                continue;
            }
            let mut sa: Vec<Mask> = vec![0; ca.len()];
            let mut sb: Vec<Mask> = vec![0; cb.len()];
            for ta in la {
                for tb in lb {
                    if clash.iter().all(|&(i, j)| ta[i] != tb[j]) {
                        for (s, &d) in sa.iter_mut().zip(ta.iter()) {
                            *s |= bit(d);
                        }
                        for (s, &d) in sb.iter_mut().zip(tb.iter()) {
                            *s |= bit(d);
                        }
                    }
                }
            }
            for (&c, &s) in ca.iter().zip(&sa).chain(cb.iter().zip(&sb)) {
                let _ = doms.restrict(c, s)?;
            }
        }
    }
    Ok(())
}
