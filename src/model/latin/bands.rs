//! # Band rules for the classic 9×9 grid (rows, columns and boxes alone)
//!
//! A digit's cells in one band (three rows of boxes, 27 bits: bit `9r + c` for row `r` of
//! the band, column `c`) meet its three boxes in nine *triads* (the three cells of a row
//! within a box). The digit lies in exactly one triad of each row and of each box of the
//! band, so the triads that hold it form one of six permutations: a triad on none of the
//! permutations the candidates still allow cannot hold it. One table lookup on the nine
//! triads' occupancy ([`TRIADS`]) does pointing, claiming and the band rule at once (as
//! tdoku's triads and JCZSolve's band tables do); the same over the stacks does them along
//! the columns. What is left gives the hidden singles of the rows, columns and boxes with
//! a few word operations.
//!
//! ## References
//!
//! - tdoku (`t-dillon/tdoku`, BSD-2): `src/solver_dpll_triad_simd.cc` (band configurations).
//! - JCZSolve (in tdoku's `other/`): per-digit band words and their shrink tables.

/// The cells of one row of a band (bits 0..9).
const ROW: u32 = 0x1FF;
/// The cells of one band (bits 0..27).
const BAND: u32 = (1 << 27) - 1;
/// Bit 0 of each of the three rows of a band: a 9-bit column mask times this covers
/// those columns in all three rows.
const ROWS3: u32 = 1 | 1 << 9 | 1 << 18;
/// The cells of the first box of a band.
const BOX0: u32 = 0x7 * ROWS3;

/// For a row's cells (bit `c` for column `c`), bit `k` when box `k` holds one of them.
const SHRINK: [u8; 512] = shrink();
/// For triads (bit `3r + k`: row `r`, box `k`), those on a permutation (one triad per row
/// and per box) made of held triads alone.
const TRIADS: [u16; 512] = triads();
/// For triads (bit `3r + k`), their cells (bit `9r + c`).
const EXPAND: [u32; 512] = expand();

const fn shrink() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x >> (3 * k) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn triads() -> [u16; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut p = 0;
        while p < 6 {
            let m = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
            if x & m == m {
                t[x] |= m as u16;
            }
            p += 1;
        }
        x += 1;
    }
    t
}

const fn expand() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut i = 0;
        while i < 9 {
            if x >> i & 1 != 0 {
                t[x] |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        x += 1;
    }
    t
}

/// The three bands of a digit's word (bit `9r + c` for the cell in row `r`, column `c`).
#[inline]
fn split(w: u128) -> [u32; 3] {
    // Each part is masked to 27 bits: the casts keep every bit.
    [
        (w as u32) & BAND,
        ((w >> 27) as u32) & BAND,
        ((w >> 54) as u32) & BAND,
    ]
}

/// The word of three bands.
#[inline]
fn join(a: [u32; 3]) -> u128 {
    u128::from(a[0]) | u128::from(a[1]) << 27 | u128::from(a[2]) << 54
}

/// The triads of a band still held by a permutation: `None` when none is.
#[inline]
fn rows_rule(a: u32) -> Option<u32> {
    let t = usize::from(SHRINK[(a & ROW) as usize])
        | usize::from(SHRINK[(a >> 9 & ROW) as usize]) << 3
        | usize::from(SHRINK[(a >> 18) as usize]) << 6;
    let allowed = TRIADS[t];
    (allowed != 0).then(|| a & EXPAND[usize::from(allowed)])
}

/// The columns of band `b` (bit `c`) that hold a cell of the digit.
#[inline]
fn columns(b: u32) -> u32 {
    (b | b >> 9 | b >> 18) & ROW
}

/// `x` when it holds one bit at most, else 0.
#[inline]
fn lone(x: u32) -> u32 {
    x & u32::from(x & x.wrapping_sub(1) == 0).wrapping_neg()
}

/// The cells of band `b` that are the digit's last place in a row or a box of the band,
/// or in one of the columns `col_single` (repeated over the band's rows).
#[inline]
fn band_singles(b: u32, col_single: u32) -> u32 {
    (b & col_single)
        | lone(b & ROW)
        | lone(b & ROW << 9)
        | lone(b & ROW << 18)
        | lone(b & BOX0)
        | lone(b & BOX0 << 3)
        | lone(b & BOX0 << 6)
}

/// A digit's word after the band rules over the rows and the stacks, and the cells that
/// are the digit's last place in a row, column or box (fixed ones included); `None` on a
/// conflict (a row, column or box of a band or stack with no permutation left).
#[inline]
pub(super) fn reduce(w: u128) -> Option<(u128, u128)> {
    let mut a = split(w);
    a[0] = rows_rule(a[0])?;
    a[1] = rows_rule(a[1])?;
    a[2] = rows_rule(a[2])?;
    // The stacks: triad bit 3b + j for band b, column 3s + j.
    let y = [columns(a[0]), columns(a[1]), columns(a[2])];
    let mut keep = [0u32; 3];
    for s in 0..3 {
        let t = (y[0] >> (3 * s) & 7) | (y[1] >> (3 * s) & 7) << 3 | (y[2] >> (3 * s) & 7) << 6;
        let allowed = u32::from(TRIADS[t as usize]);
        if allowed == 0 {
            return None;
        }
        keep[0] |= (allowed & 7) << (3 * s);
        keep[1] |= (allowed >> 3 & 7) << (3 * s);
        keep[2] |= (allowed >> 6) << (3 * s);
    }
    let (mut once, mut more) = (0u32, 0u32);
    for (b, k) in a.iter_mut().zip(keep) {
        *b &= k * ROWS3;
        let (r0, r1, r2) = (*b & ROW, *b >> 9 & ROW, *b >> 18);
        more |= (r0 & r1) | (r0 & r2) | (r1 & r2) | (once & (r0 | r1 | r2));
        once |= r0 | r1 | r2;
    }
    let col_single = (once & !more) * ROWS3;
    let singles = [
        band_singles(a[0], col_single),
        band_singles(a[1], col_single),
        band_singles(a[2], col_single),
    ];
    Some((join(a), join(singles)))
}

/// The first cell of each row's three triads (bits `9r + 3k`): a digit's word `w` has
/// a candidate in the triad at `s` when `(w | w >> 1 | w >> 2)` holds bit `s`.
const ROW_TRIADS: u128 = every_band(0b1_001_001 * ROWS3);
/// The first cell of each column's three triads (bits `27b + c`, the top row of band `b`):
/// `(w | w >> 9 | w >> 18)` holds bit `s` when the column triad at `s` has a candidate.
const COL_TRIADS: u128 = every_band(ROW);
/// For the triad whose first cell is bit `s` (a row's, [`ROW_TRIADS`]), the other cells of
/// its row and its box.
static ROW_REST: [u128; 81] = rests(false);
/// For the column triad whose first cell is bit `s` ([`COL_TRIADS`]), the other cells of
/// its column and its box.
static COL_REST: [u128; 81] = rests(true);

/// `band` (27 bits) repeated in each of the three bands.
const fn every_band(band: u32) -> u128 {
    let m = band as u128;
    m | m << 27 | m << 54
}

/// The cells of a triad (the row's three when `!vertical`, the column's three when
/// `vertical`) starting at cell `s`, and the other cells of its line and its box.
const fn rests(vertical: bool) -> [u128; 81] {
    let mut t = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let (r, c) = (s / 9, s % 9);
        let mut rest = 0u128;
        let mut i = 0;
        while i < 9 {
            // The line through the triad, and the box.
            let line = if vertical { 9 * i + c } else { 9 * r + i };
            let bx = 9 * (3 * (r / 3) + i / 3) + 3 * (c / 3) + i % 3;
            rest |= 1 << line | 1 << bx;
            i += 1;
        }
        let mut k = 0;
        while k < 3 {
            let cell = if vertical { s + 9 * k } else { s + k };
            rest &= !(1 << cell);
            k += 1;
        }
        t[s] = rest;
        s += 1;
    }
    t
}

/// The three cells of a row or column triad (its first cell and the two after it along
/// the line) hold three different digits: when only three digits can go there (a naked
/// triple on the triad, fixed cells counted), each of them lies in it and leaves the rest
/// of the triad's line and box (tdoku's triad clauses). `cand` holds each digit's cells,
/// `open` the cells not yet fixed. Whether any candidate went; `None` when a triad has
/// fewer than three digits left.
#[inline]
pub(super) fn locked_triads(cand: &mut [u128], open: u128) -> Option<bool> {
    let mut changed = false;
    for (vertical, starts, rest) in [
        (false, ROW_TRIADS, &ROW_REST),
        (true, COL_TRIADS, &COL_REST),
    ] {
        let spread = |w: u128| {
            if vertical {
                (w | w >> 9 | w >> 18) & starts
            } else {
                (w | w >> 1 | w >> 2) & starts
            }
        };
        let (mut once, mut twice, mut thrice, mut more) = (0u128, 0u128, 0u128, 0u128);
        for &w in cand.iter() {
            let t = spread(w);
            more |= thrice & t;
            thrice |= twice & t;
            twice |= once & t;
            once |= t;
        }
        if thrice != starts {
            return None;
        }
        let exact = thrice & !more & spread(open);
        if exact == 0 {
            continue;
        }
        for w in cand.iter_mut() {
            let mut m = spread(*w) & exact;
            while m != 0 {
                let s = m.trailing_zeros() as usize;
                m &= m - 1;
                let r = rest[s];
                if *w & r != 0 {
                    *w &= !r;
                    changed = true;
                }
            }
        }
    }
    Some(changed)
}

/// The number of cells of a 9-bit field (no popcount on the baseline x86-64 target).
const POP9: [u8; 512] = pop9();
/// The cells of column 0.
const COL0: u128 = every_band(ROWS3);

const fn pop9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 1;
    while x < 512 {
        t[x] = t[x >> 1] + (x & 1) as u8;
        x += 1;
    }
    t
}

/// Hands `found` the cells of each row, column and box where a digit's open cells `w`
/// lie at exactly two places (rows, then columns, then boxes, each band by band), by
/// table lookups on 9-bit fields rather than a look at each house's word; stops when
/// `found` returns `false`.
#[inline]
pub(super) fn two_places(w: u128, found: &mut impl FnMut(u128) -> bool) {
    let a = split(w);
    let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
    for (b, &band) in a.iter().enumerate() {
        for j in 0..3 {
            let x = band >> (9 * j) & ROW;
            thrice |= twice & x;
            twice |= once & x;
            once |= x;
            if POP9[x as usize] == 2 && !found(u128::from(x) << (27 * b + 9 * j)) {
                return;
            }
        }
    }
    let mut cols = twice & !thrice;
    while cols != 0 {
        let c = cols.trailing_zeros();
        cols &= cols - 1;
        if !found(w & COL0 << c) {
            return;
        }
    }
    for (b, &band) in a.iter().enumerate() {
        for k in 0..3 {
            let y = band >> (3 * k);
            let x = (y & 7) | (y >> 6 & 0x38) | (y >> 12 & 0x1C0);
            if POP9[x as usize] == 2 && !found(w & u128::from(BOX0) << (27 * b + 3 * k)) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A band's triads keep exactly the permutations they hold.
    #[test]
    fn triads_are_unions_of_held_permutations() {
        // The identity and one more: rows 0, 1 in boxes 0, 1 or 1, 0; row 2 in box 2.
        let held = 0b100_010_001 | 0b000_001_010;
        assert_eq!(TRIADS[held], held as u16);
        // Row 2 has no triad: nothing is left.
        assert_eq!(TRIADS[0b000_111_111], 0);
        // Box 0 only in row 0 (pointing): row 0's other triads go.
        let t = 0b110_110_001 | 0b000_000_110;
        assert_eq!(TRIADS[t] & 0b110, 0);
        assert_eq!(EXPAND[0b001], 0x7);
        assert_eq!(SHRINK[0b1_0000_0001], 0b101);
    }

    /// A digit whose place in row 0 is one cell has it as a single; an empty row fails.
    #[test]
    fn singles_and_conflicts() {
        let all: u128 = (1 << 81) - 1;
        let row0: u128 = 0x1FF;
        // The digit only at cell 4 in row 0.
        let w = (all & !row0) | 1 << 4;
        let (kept, singles) = reduce(w).expect("consistent");
        assert_eq!(singles & row0, 1 << 4);
        // Claiming: the rest of box 1 (columns 3..6, rows 1 and 2) loses the digit.
        assert_eq!(kept & (0x38 << 9 | 0x38 << 18), 0);
        assert!(reduce(all & !row0).is_none());
    }

    /// `two_places` finds exactly the rows, columns and boxes holding two cells of a
    /// word, on random words of every density.
    #[test]
    fn two_places_are_the_houses_with_two_cells() {
        let mut houses = Vec::new();
        for i in 0..9 {
            let (mut row, mut col, mut bx) = (0u128, 0u128, 0u128);
            for j in 0..9 {
                row |= 1 << (9 * i + j);
                col |= 1 << (9 * j + i);
                bx |= 1 << (9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3);
            }
            houses.extend([row, col, bx]);
        }
        let mut rng = crate::rng::SplitMix64::new(0x5eed_3812);
        for round in 0..2000 {
            let mut w = 0u128;
            for c in 0..81 {
                if rng.below(10) < round % 10 {
                    w |= 1 << c;
                }
            }
            let mut want: Vec<u128> = houses
                .iter()
                .map(|&h| w & h)
                .filter(|m| m.count_ones() == 2)
                .collect();
            let mut got = Vec::new();
            two_places(w, &mut |m| {
                got.push(m);
                true
            });
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{w:#x}");
        }
    }

    /// A triad whose cells can take only three digits keeps them: they leave the rest of
    /// its line and box; a triad left two digits is a conflict. Along rows and columns.
    #[test]
    fn locked_triads_push_their_digits_out() {
        let all: u128 = (1 << 81) - 1;
        for vertical in [false, true] {
            // The triad of cells 0, 1, 2 (a row's) or 0, 9, 18 (a column's).
            let step = if vertical { 9 } else { 1 };
            let triad: u128 = 1 | 1 << step | 1 << (2 * step);
            let mut cand = [all; 9];
            for w in &mut cand[3..] {
                *w &= !triad;
            }
            assert_eq!(locked_triads(&mut cand, all), Some(true));
            let rest = if vertical { COL_REST[0] } else { ROW_REST[0] };
            // The line's six other cells and the box's six.
            assert_eq!(rest.count_ones(), 12);
            for (d, &w) in cand.iter().enumerate() {
                let kept = if d < 3 { all & !rest } else { all & !triad };
                assert_eq!(w, kept, "digit {d}, vertical {vertical}");
            }
            // Again: nothing more goes.
            assert_eq!(locked_triads(&mut cand, all), Some(false));
            // Two digits left to the triad: a conflict.
            cand[2] &= !triad;
            assert_eq!(locked_triads(&mut cand, all), None);
        }
    }
}
