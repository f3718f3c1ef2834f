//! # Propagators' answers, remembered
//!
//! A propagator's answer (the candidates each of its cells keeps) depends only on the
//! candidates of its cells: a trial, a nested trial's branch or a minimal reason's question
//! runs the same propagator on the same candidates again and again. On Tarek's line 19 a
//! house's cage combinations ([`super::combos::ComboRule::supported`]) ran some 850,000
//! times over about 160,000 different candidate lists (14% of the time with its callees),
//! and the houses' matchings took another 10%. With the table, the time outside the
//! solver on that line fell from 4.5–6.4 s to 2.7–4.1 s (profiles of five runs before and
//! seven after). Houses run by singles alone (a trial's first budget) are cheap and are
//! not remembered: their answer is not the propagator's full one.
//!
//! [`Memo`] keeps the last answer per slot of a table indexed by a hash of the propagator
//! and its candidates (direct-mapped: a new answer takes the slot of the one before). A hit
//! returns the very answer the propagator would compute, so every propagation ends where it
//! did without the table, step for step.

/// The most cells a remembered answer has (a house of a 9×9 grid; larger ones are
/// computed every time).
const MEMO_CELLS: usize = 9;

/// The table's slots, a power of two (about 2.6 MB, allocated at the first answer kept).
const SLOTS: usize = 1 << 15;

/// One remembered answer.
#[derive(Clone, Copy)]
struct Slot {
    /// The propagator; `u32::MAX` when the slot is empty.
    id: u32,
    /// How many cells it has.
    len: u8,
    /// The candidates of its cells asked about.
    asked: [u32; MEMO_CELLS],
    /// The candidates each keeps.
    kept: [u32; MEMO_CELLS],
}

const EMPTY: Slot = Slot {
    id: u32::MAX,
    len: 0,
    asked: [0; MEMO_CELLS],
    kept: [0; MEMO_CELLS],
};

/// The remembered answers of the explainer's propagators.
pub(super) struct Memo {
    slots: Vec<Slot>,
    /// Whether answers are kept and given back at all (the tests compare with none).
    on: bool,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            slots: Vec::new(),
            on: true,
        }
    }
}

impl Memo {
    /// A memo that keeps nothing: every answer is computed.
    #[cfg(test)]
    pub(super) fn off() -> Memo {
        Memo {
            slots: Vec::new(),
            on: false,
        }
    }

    /// How many answers are kept.
    #[cfg(test)]
    pub(super) fn kept(&self) -> usize {
        self.slots.iter().filter(|s| s.id != u32::MAX).count()
    }

    /// The slot of propagator `id` over the candidates `asked`; `None` when it has too many
    /// cells to remember.
    fn slot(id: usize, asked: &[u32]) -> Option<(usize, u32)> {
        let id = u32::try_from(id).ok().filter(|&x| x != u32::MAX)?;
        if asked.len() > MEMO_CELLS {
            return None;
        }
        // FxHash's mix: rotate, xor, multiply.
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut h = u64::from(id).wrapping_mul(K);
        for &d in asked {
            h = (h.rotate_left(5) ^ u64::from(d)).wrapping_mul(K);
        }
        let at = usize::try_from(h >> (64 - SLOTS.trailing_zeros())).ok()?;
        Some((at, id))
    }

    /// The answer remembered for propagator `id` over the candidates `asked`.
    pub(super) fn get(&self, id: usize, asked: &[u32]) -> Option<&[u32]> {
        if !self.on {
            return None;
        }
        let (at, id) = Self::slot(id, asked)?;
        let s = self.slots.get(at)?;
        let n = asked.len();
        (s.id == id && usize::from(s.len) == n && s.asked[..n] == *asked).then(|| &s.kept[..n])
    }

    /// Remembers `kept` as propagator `id`'s answer over the candidates `asked` (nothing
    /// when it has too many cells).
    pub(super) fn put(&mut self, id: usize, asked: &[u32], kept: &[u32]) {
        let Some((at, id)) = Self::slot(id, asked) else {
            return;
        };
        if !self.on || asked.len() != kept.len() {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![EMPTY; SLOTS];
        }
        let n = asked.len();
        let s = &mut self.slots[at];
        s.id = id;
        s.len = n as u8;
        s.asked[..n].copy_from_slice(asked);
        s.kept[..n].copy_from_slice(kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer comes back for the same propagator and candidates only; another answer
    /// in the same slot replaces it; too many cells are never kept.
    #[test]
    fn an_answer_comes_back_for_the_same_question_only() {
        let mut memo = Memo::default();
        assert_eq!(memo.get(3, &[6, 10]), None);
        memo.put(3, &[6, 10], &[2, 8]);
        assert_eq!(memo.get(3, &[6, 10]), Some(&[2, 8][..]));
        assert_eq!(memo.get(4, &[6, 10]), None);
        assert_eq!(memo.get(3, &[6, 12]), None);
        assert_eq!(memo.get(3, &[6, 10, 0]), None);
        memo.put(3, &[6, 10], &[4, 8]);
        assert_eq!(memo.get(3, &[6, 10]), Some(&[4, 8][..]));
        // Two questions of one slot: the later one stays.
        let (at, _) = Memo::slot(3, &[6, 10]).expect("a slot");
        let other = (0..1_000_000usize)
            .find(|&id| id != 3 && Memo::slot(id, &[6, 10]).map(|s| s.0) == Some(at))
            .expect("another propagator in that slot");
        memo.put(other, &[6, 10], &[6, 2]);
        assert_eq!(memo.get(other, &[6, 10]), Some(&[6, 2][..]));
        assert_eq!(memo.get(3, &[6, 10]), None);
        let ten = [2u32; MEMO_CELLS + 1];
        memo.put(5, &ten, &ten);
        assert_eq!(memo.get(5, &ten), None);
        assert_eq!(memo.kept(), 1);
        let mut off = Memo::off();
        off.put(3, &[6, 10], &[2, 8]);
        assert_eq!((off.get(3, &[6, 10]), off.kept()), (None, 0));
    }
}
