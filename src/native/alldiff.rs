//! # All-different on a row or column
//!
//! A line of a Latin square holds each digit `1..=n` exactly once. Two propagators reason
//! about it, named as in the Sudoku literature:
//!
//! - [`singles`]: *naked singles* (a fixed cell's digit leaves every other cell of the
//!   line) and *hidden singles* (a digit with only one possible cell goes there; a digit
//!   with no possible cell is a conflict). Run to a fixpoint on the line; cheap, so it runs
//!   first.
//! - [`naked_subsets`]: *naked pairs/triples*: when `k` unfixed cells have only `k` digits
//!   between them, those digits leave the other cells of the line (and fewer than `k`
//!   digits is a conflict). Costlier, so it runs when the cheap propagators are quiet.
//!
//! Both assume the line has exactly `n` cells for digits `1..=n`, as in KenKen.
//!
//! ## References
//! - Wolfram community, "Solving KenKen puzzles" (naked subsets), `seeds/wolfram-kenken-logic.txt`.
//! - P. Norvig, "Solving Every Sudoku Puzzle" (elimination and only-choice rules).

use crate::native::domains::{bit, digits, full, Conflict, Domains, Mask};

/// Naked and hidden singles on one line, to a fixpoint.
///
/// # Errors
/// [`Conflict`] when two cells are fixed to the same digit, a domain empties, or a digit
/// has no cell left.
pub(crate) fn singles(doms: &mut Domains, line: &[usize]) -> Result<(), Conflict> {
    loop {
        let fixed = naked_singles(doms, line)?;
        if !hidden_singles(doms, line, fixed)? {
            return Ok(());
        }
    }
}

/// Removes every fixed digit from the other cells until no new cell gets fixed. Returns
/// the mask of fixed digits.
fn naked_singles(doms: &mut Domains, line: &[usize]) -> Result<Mask, Conflict> {
    let mut done: Mask = 0;
    loop {
        let mut fixed: Mask = 0;
        for &i in line {
            let m = doms.get(i);
            if m.count_ones() == 1 {
                if fixed & m != 0 {
                    return Err(Conflict);
                }
                fixed |= m;
            }
        }
        let new = fixed & !done;
        let mut newly_fixed = false;
        for &i in line {
            let m = doms.get(i);
            if m.count_ones() > 1 && m & new != 0 {
                let _ = doms.remove(i, new)?;
                newly_fixed |= doms.get(i).count_ones() == 1;
            }
        }
        if !newly_fixed {
            return Ok(fixed);
        }
        done = fixed;
    }
}

/// Places every digit that fits in only one unfixed cell; `fixed` holds the digits already
/// placed. Returns whether a cell was fixed.
fn hidden_singles(doms: &mut Domains, line: &[usize], fixed: Mask) -> Result<bool, Conflict> {
    let mut once: Mask = 0;
    let mut twice: Mask = 0;
    for &i in line {
        let m = doms.get(i);
        twice |= once & m;
        once |= m;
    }
    if once != full(line.len()) {
        return Err(Conflict);
    }
    let hidden = once & !twice & !fixed;
    if hidden == 0 {
        return Ok(false);
    }
    for d in digits(hidden) {
        if let Some(&i) = line.iter().find(|&&i| doms.get(i) & bit(d) != 0) {
            let _ = doms.assign(i, d)?;
        }
    }
    Ok(true)
}

/// Naked subsets of sizes `2..=max_k` on one line.
///
/// # Errors
/// [`Conflict`] when `k` cells have fewer than `k` digits between them, or a removal
/// empties a domain.
pub(crate) fn naked_subsets(
    doms: &mut Domains,
    line: &[usize],
    max_k: usize,
) -> Result<(), Conflict> {
    for k in 2..=max_k {
        let cands: Vec<usize> = line
            .iter()
            .copied()
            .filter(|&i| (2..=k as u32).contains(&doms.get(i).count_ones()))
            .collect();
        if cands.len() < k {
            continue;
        }
        let mut found: Vec<(Vec<usize>, Mask)> = Vec::new();
        let mut chosen = Vec::with_capacity(k);
        subsets(doms, &cands, k, 0, 0, &mut chosen, &mut found)?;
        for (members, union) in found {
            for &i in line {
                if !members.contains(&i) {
                    let _ = doms.remove(i, union)?;
                }
            }
        }
    }
    Ok(())
}

/// Collects the `k`-cell subsets of `cands[from..]` (extending `chosen`, whose digits are
/// `union`) that hold exactly `k` digits.
fn subsets(
    doms: &Domains,
    cands: &[usize],
    k: usize,
    from: usize,
    union: Mask,
    chosen: &mut Vec<usize>,
    found: &mut Vec<(Vec<usize>, Mask)>,
) -> Result<(), Conflict> {
    if chosen.len() == k {
        if (union.count_ones() as usize) < k {
            return Err(Conflict);
        }
        found.push((chosen.clone(), union));
        return Ok(());
    }
    for j in from..cands.len() {
        if cands.len() - j < k - chosen.len() {
            break;
        }
        let u = union | doms.get(cands[j]);
        if u.count_ones() as usize > k {
            continue;
        }
        chosen.push(cands[j]);
        subsets(doms, cands, k, j + 1, u, chosen, found)?;
        let _ = chosen.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-row view: domains of a 4×4 grid whose first row is `row`, the rest full.
    fn row4(row: &[&[u8]]) -> Domains {
        let mut rows = vec![row.iter().map(|d| d.to_vec()).collect::<Vec<_>>()];
        rows.extend((1..4).map(|_| vec![vec![1, 2, 3, 4]; 4]));
        Domains::from_digit_rows(&rows).unwrap()
    }

    fn first_row(d: &Domains) -> Vec<Vec<u8>> {
        (0..4).map(|i| digits(d.get(i)).collect()).collect()
    }

    const LINE: [usize; 4] = [0, 1, 2, 3];

    #[test]
    fn naked_single_leaves_the_other_cells() {
        let mut d = row4(&[&[3], &[1, 3], &[1, 2, 3, 4], &[2, 3, 4]]);
        singles(&mut d, &LINE).unwrap();
        // 3 goes, B is then fixed to 1, leaving {2,4} for the last two cells.
        assert_eq!(
            first_row(&d),
            vec![vec![3], vec![1], vec![2, 4], vec![2, 4]]
        );
    }

    #[test]
    fn hidden_single_is_placed() {
        let mut d = row4(&[&[1, 2], &[1, 2, 4], &[1, 2, 3], &[1, 2]]);
        singles(&mut d, &LINE).unwrap();
        // 4 only fits the second cell, 3 only the third.
        assert_eq!(
            first_row(&d),
            vec![vec![1, 2], vec![4], vec![3], vec![1, 2]]
        );
    }

    #[test]
    fn missing_digit_and_clash_are_conflicts() {
        let mut d = row4(&[&[1, 2], &[1, 2], &[1, 2], &[1, 2, 3]]);
        assert_eq!(singles(&mut d, &LINE), Err(Conflict));
        let mut d = row4(&[&[2], &[2], &[1, 3], &[4]]);
        assert_eq!(singles(&mut d, &LINE), Err(Conflict));
    }

    #[test]
    fn naked_pair_and_triple() {
        let mut d = row4(&[&[1, 3], &[1, 3], &[1, 2, 3, 4], &[1, 2, 3, 4]]);
        naked_subsets(&mut d, &LINE, 2).unwrap();
        assert_eq!(
            first_row(&d),
            vec![vec![1, 3], vec![1, 3], vec![2, 4], vec![2, 4]]
        );
        let mut d = row4(&[&[1, 2], &[2, 3], &[1, 3], &[1, 2, 3, 4]]);
        naked_subsets(&mut d, &LINE, 2).unwrap();
        assert_eq!(d.get(3), full(4), "no pair here");
        naked_subsets(&mut d, &LINE, 3).unwrap();
        assert_eq!(first_row(&d)[3], vec![4]);
    }

    #[test]
    fn too_few_digits_for_a_subset_is_a_conflict() {
        let mut d = row4(&[&[1, 2], &[1, 2], &[1, 2], &[3, 4]]);
        assert_eq!(naked_subsets(&mut d, &LINE, 3), Err(Conflict));
    }
}
