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
}
