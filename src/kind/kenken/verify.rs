//! # KenKen checker
//!
//! Latin square plus every cage. `-` and `/` cages are evaluated literally: some cell first,
//! then the others subtracted (or divided, exactly, as fractions) left to right. A cage
//! without an operator (`?`) holds when one of `+ - * /`, each checked this way, gives its
//! target.

use crate::grid::Grid;
use crate::puzzle::{Cage, KenKen, Op};
use crate::verify::square::verify_square;
use crate::verify::VerifyError;

/// Checks a KenKen solution: Latin square plus every cage.
///
/// # Errors
/// The first broken rule.
pub(crate) fn verify_kenken(k: &KenKen, grid: &Grid<u8>) -> Result<(), VerifyError> {
    verify_square(k.size(), &[], grid)?;
    for cage in k.cages() {
        let values: Vec<u8> = cage.cells.iter().map(|&c| *grid.get(c)).collect();
        if !cage_holds(cage, &values) {
            return Err(VerifyError::Cage {
                target: cage.target,
                op: cage.op.symbol(),
                anchor: cage.anchor(),
                values,
            });
        }
    }
    Ok(())
}

/// Does the cage arithmetic hold for these values (in cell order)?
fn cage_holds(cage: &Cage, values: &[u8]) -> bool {
    let target = i128::from(cage.target);
    let v: Vec<i128> = values.iter().map(|&x| i128::from(x)).collect();
    if v.len() == 1 {
        return v[0] == target;
    }
    match cage.op {
        Op::Any => [Op::Add, Op::Sub, Op::Mul, Op::Div]
            .into_iter()
            .any(|op| op_holds(op, target, &v)),
        op => op_holds(op, target, &v),
    }
}

/// Does `op` (one of `+ - * /`) turn the values `v` (two or more) into `target`?
pub(crate) fn op_holds(op: Op, target: i128, v: &[i128]) -> bool {
    match op {
        Op::Add => v.iter().sum::<i128>() == target,
        Op::Mul => {
            let mut p: i128 = 1;
            for &x in v {
                match p.checked_mul(x) {
                    Some(q) => p = q,
                    None => return false,
                }
            }
            p == target
        }
        Op::Sub => (0..v.len()).any(|first| {
            let mut acc = v[first];
            for (j, &x) in v.iter().enumerate() {
                if j != first {
                    acc -= x;
                }
            }
            acc == target
        }),
        // Left-to-right exact division as a fraction num/den.
        Op::Div => (0..v.len()).any(|first| {
            let (num, mut den) = (v[first], 1i128);
            for (j, &x) in v.iter().enumerate() {
                if j != first {
                    den = match den.checked_mul(x) {
                        Some(d) => d,
                        None => return false,
                    };
                }
            }
            target.checked_mul(den) == Some(num)
        }),
        Op::Given | Op::Any => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn cage(op: Op, target: u64, n: usize) -> Cage {
        Cage {
            op,
            target,
            cells: (0..n).map(|i| Cell::new(0, i as u8)).collect(),
        }
    }

    #[test]
    fn left_to_right_with_any_cell_first() {
        assert!(cage_holds(&cage(Op::Sub, 1, 4), &[1, 6, 3, 1]));
        assert!(cage_holds(&cage(Op::Div, 1, 3), &[3, 6, 2]));
        assert!(!cage_holds(&cage(Op::Div, 2, 3), &[3, 6, 2]));
        assert!(cage_holds(&cage(Op::Sub, 3, 2), &[2, 5]));
        assert!(cage_holds(&cage(Op::Add, 7, 1), &[7]));
        assert!(!cage_holds(&cage(Op::Mul, 12, 3), &[2, 2, 2]));
    }

    #[test]
    fn norvig_cage_solved() {
        // cage_solved(Cage(7, '+', [D4, E4, E5]), [2, 1, 4]) and not [2, 1, 3]
        assert!(cage_holds(&cage(Op::Add, 7, 3), &[2, 1, 4]));
        assert!(!cage_holds(&cage(Op::Add, 7, 3), &[2, 1, 3]));
    }

    #[test]
    fn a_hidden_operator_holds_when_any_operator_does() {
        let any = |t, n| cage(Op::Any, t, n);
        assert!(cage_holds(&any(7, 2), &[3, 4])); // 3+4
        assert!(cage_holds(&any(12, 2), &[3, 4])); // 3·4
        assert!(cage_holds(&any(1, 2), &[3, 4])); // 4−3
        assert!(cage_holds(&any(2, 2), &[2, 4])); // 4/2 (and 4−2)
        assert!(cage_holds(&any(8, 2), &[2, 4])); // 2·4
        assert!(!cage_holds(&any(5, 2), &[2, 4]));
        assert!(!cage_holds(&any(3, 2), &[2, 4]));
        assert!(cage_holds(&any(1, 3), &[6, 3, 2])); // 6−3−2 and 6/3/2
        assert!(cage_holds(&any(36, 3), &[6, 3, 2])); // 6·3·2
        assert!(cage_holds(&any(11, 3), &[6, 3, 2])); // 6+3+2
        assert!(!cage_holds(&any(2, 3), &[6, 3, 2]));
        assert!(!cage_holds(&any(3, 3), &[6, 3, 2]));
        // One cell: a given.
        assert!(cage_holds(&any(5, 1), &[5]));
        assert!(!cage_holds(&any(5, 1), &[4]));
    }

    #[test]
    fn the_verifier_rejects_a_grid_breaking_a_hidden_cage() {
        let cages = vec![
            Cage {
                op: Op::Any,
                target: 2,
                cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            },
            Cage {
                op: Op::Any,
                target: 3,
                cells: vec![Cell::new(1, 0), Cell::new(1, 1)],
            },
        ];
        let k = KenKen::new(2, cages, true).unwrap();
        let good = Grid::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
        assert_eq!(verify_kenken(&k, &good), Ok(()));
        let cages = vec![
            Cage {
                op: Op::Any,
                target: 4,
                cells: vec![Cell::new(0, 0), Cell::new(0, 1)],
            },
            Cage {
                op: Op::Add,
                target: 3,
                cells: vec![Cell::new(1, 0), Cell::new(1, 1)],
            },
        ];
        let k = KenKen::new(2, cages, true).unwrap();
        match verify_kenken(&k, &good) {
            Err(VerifyError::Cage {
                target: 4, op: '?', ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
}
