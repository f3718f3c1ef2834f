//! Candidates after root propagation at each level, on hand-made puzzles that need exactly
//! one more rule ([`Prepared::fixpoint`] is internal; the grades themselves are tested
//! through the public API in `cli/tests/it/grade.rs`).

use super::{Level, Prepared};
use crate::grid::Cell;
use crate::puzzle::Puzzle;

/// The candidates of `label` after root propagation at `level`.
fn cands(text: &str, level: Level, label: &str) -> Vec<u8> {
    let Ok(Puzzle::KenKen(k)) = crate::puzzle::Puzzle::parse(text) else {
        panic!("not a KenKen")
    };
    let doms = Prepared::new(&k).fixpoint(level).unwrap();
    doms.digits_of(Cell::parse_label(label).unwrap())
}

/// `3 + A1 B1` and `3 + A2 B2` give A1, A2 ∈ {1, 2} (candidate union). Singles cannot touch
/// A3: 3 and 4 each still fit A3 and A4. The naked pair {A1, A2} removes 1 and 2 from A3.
/// (The rest is one `+` cage with too many tuples: bounds, which prune nothing here.)
const PAIR: &str = "size 4\n3 + A1 B1\n3 + A2 B2\n34 + A3 A4 B3 B4 C1 C2 C3 C4 D1 D2 D3 D4";

#[test]
fn a_naked_pair_needs_subsets() {
    assert_eq!(cands(PAIR, Level::Singles, "A1"), vec![1, 2]);
    assert_eq!(cands(PAIR, Level::Singles, "A3"), vec![1, 2, 3, 4]);
    assert_eq!(cands(PAIR, Level::Subsets, "A3"), vec![3, 4]);
    assert_eq!(cands(PAIR, Level::Subsets, "C1"), vec![3, 4], "column pair");
}

/// `16 * A1 A2 B1` (an L) on 4×4 has two tuples: (1, 4, 4) and (4, 2, 2) (A2 = B1 is
/// allowed: they share no line). The candidate union gives every cell {1, 2, 4}; GAC gives
/// A1 ∈ {1, 4}, A2 ∈ {2, 4}, B1 ∈ {2, 4}. Both tuples put a 4 in row A's part (A1 A2) and in
/// column 1's part (A1 B1), so the cage–line rule removes 4 from A3 and A4 (C1 and D1 lose
/// it anyway: the `36 *` cage's GAC has no tuple with a 4 in column 1); {A1, A2} is no
/// naked pair, so subsets cannot. Columns 3 and 4 are `10 +` cages (every
/// permutation), and the rest is `36 *` (576 = 24·24 over the two columns 1–2, over 16).
const LINE: &str = "size 4\n16 * A1 A2 B1\n10 + A3 B3 C3 D3\n10 + A4 B4 C4 D4\n36 * B2 C2 D2 C1 D1";

#[test]
fn per_cell_support_needs_cage_gac() {
    assert_eq!(cands(LINE, Level::Subsets, "A2"), vec![1, 2, 4]);
    assert_eq!(cands(LINE, Level::Gac, "A2"), vec![2, 4]);
    assert_eq!(cands(LINE, Level::Gac, "A1"), vec![1, 4]);
}

#[test]
fn a_digit_every_tuple_puts_in_a_line_needs_box() {
    assert!(cands(LINE, Level::Gac, "A3").contains(&4));
    assert!(!cands(LINE, Level::Interactions, "A3").contains(&4));
    assert!(!cands(LINE, Level::Interactions, "A4").contains(&4));
}
