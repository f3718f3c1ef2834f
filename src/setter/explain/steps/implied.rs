//! # Constraints the others imply, by counting
//!
//! Shrinking a reason asks, for each constraint, whether the rest still forces the step.
//! Where the rest implies the constraint (every filling of the rest meets it), the answer
//! is yes without a question: the constraint can go. The law of leftovers shows many such
//! constraints: full houses `F` (each holds every digit once) pairwise disjoint, whose union
//! is the constraint's cells and full houses or sum cages `N`, pairwise disjoint:
//! - a full house is implied: each digit is `|F|` times in the union, `|N|` times in the
//!   houses of `N` (which then are all houses, `|F| - 1` of them), so once in it. A band's
//!   first row beside its other two rows and its three boxes is one;
//! - a cage of sum `t` is implied when the union's sum less those of `N` is `t` and, if
//!   its digits are distinct, its cells lie in one full house of the rest (the innies of a
//!   box beside its other cages).
//!
//! On Tarek's Killers the solver's questions that proved such a constraint unneeded were
//! the slowest of a placement's shrinking (line 41: the first rows and columns of each
//! band and stack, 0.9–4.6 s each, 19 s of 31): a counting argument is hard for
//! resolution. Grids of more than 128 cells are not looked at (the masks are `u128`).

use crate::puzzle::{ConstraintKind, Op};

use super::{full_house, Explainer};

/// The most pieces one exact cover may try before giving up (the answer is then "not
/// implied", and the solver is asked as before).
const MOST_TRIES: usize = 4_096;

impl Explainer<'_> {
    /// Whether the constraints of `set` other than `k` imply constraint `k` by counting
    /// (see the module's documentation): then `k` can leave any set that forces a step.
    pub(super) fn implied(&self, k: usize, set: &[usize]) -> bool {
        if self.doms.len() > 128 {
            return false;
        }
        let c = &self.model.list[k];
        let house = self.full_house(k);
        let sum = c.kind == ConstraintKind::Cage && c.op == Some(Op::Add);
        let target = match (house, sum, c.target) {
            (true, _, _) => None,
            (false, true, Some(t)) => Some(t),
            _ => return false,
        };
        // The rest, each with its cells' mask, drawn once.
        let rest: Vec<(usize, u128)> = set
            .iter()
            .filter(|&&x| x != k)
            .map(|&x| (x, self.mask(x)))
            .collect();
        let own = self.mask(k);
        // A cage of distinct digits needs them distinct from the rest as well.
        if sum
            && c.distinct
            && own.count_ones() > 1
            && !rest
                .iter()
                .any(|&(h, m)| self.full_house(h) && own & !m == 0)
        {
            return false;
        }
        // The full houses of the rest that meet `k`, one kind at a time: disjoint, and
        // covering its cells.
        let mut kinds: Vec<ConstraintKind> = Vec::new();
        for &(h, m) in &rest {
            let kind = self.model.list[h].kind;
            if self.full_house(h) && m & own != 0 && !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let total = self.digit_total();
        for kind in kinds {
            let family: Vec<u128> = rest
                .iter()
                .filter(|&&(h, m)| {
                    self.model.list[h].kind == kind && self.full_house(h) && m & own != 0
                })
                .map(|&(_, m)| m)
                .collect();
            let mut union = 0u128;
            let mut disjoint = true;
            for &m in &family {
                disjoint &= union & m == 0;
                union |= m;
            }
            if !disjoint || own & !union != 0 {
                continue;
            }
            let left = union & !own;
            // The pieces that may fill what is left: full houses, and for a cage sum
            // cages (of distinct digits or not: only their sums count).
            let pieces: Vec<(u128, Option<u64>)> = rest
                .iter()
                .filter(|&&(_, m)| m & !left == 0)
                .filter_map(|&(x, m)| {
                    let p = &self.model.list[x];
                    if self.full_house(x) {
                        Some((m, None))
                    } else if target.is_some()
                        && p.kind == ConstraintKind::Cage
                        && p.op == Some(Op::Add)
                    {
                        p.target.map(|t| (m, Some(t)))
                    } else {
                        None
                    }
                })
                .collect();
            let mut tries = MOST_TRIES;
            let mut covers = Vec::new();
            if !exact_cover(left, &pieces, &mut Vec::new(), &mut covers, &mut tries) {
                continue;
            }
            let n = family.len() as u64;
            let holds = covers.iter().any(|cover: &Vec<(u128, Option<u64>)>| {
                let houses = cover.iter().filter(|p| p.1.is_none()).count() as u64;
                match target {
                    // A house: every piece a house, one fewer than the family.
                    None => houses + 1 == n && houses as usize == cover.len(),
                    Some(t) => {
                        let cages: Option<u64> = cover
                            .iter()
                            .filter_map(|p| p.1)
                            .try_fold(0u64, u64::checked_add);
                        let rest_sum = cages.and_then(|s| s.checked_add(houses * total));
                        rest_sum.and_then(|r| (n * total).checked_sub(r)) == Some(t)
                    }
                }
            });
            if holds {
                return true;
            }
        }
        false
    }

    /// Whether constraint `k` is a full house ([`full_house`]).
    fn full_house(&self, k: usize) -> bool {
        full_house(&self.model.list[k], self.model.max_digit)
    }

    /// The sum of every digit, what a full house holds.
    fn digit_total(&self) -> u64 {
        let m = u64::from(self.model.max_digit);
        m * (m + 1) / 2
    }

    /// Constraint `k`'s cells as bits of grid indices (grids of at most 128 cells).
    fn mask(&self, k: usize) -> u128 {
        self.members[k].iter().fold(0u128, |m, &i| m | 1 << i)
    }
}

/// Every way (at most a few, and within `tries` steps) to cover `left` exactly with
/// disjoint `pieces` (mask, and the sum of a cage or `None` for a house), added to
/// `covers`; whether one was found.
fn exact_cover(
    left: u128,
    pieces: &[(u128, Option<u64>)],
    chosen: &mut Vec<(u128, Option<u64>)>,
    covers: &mut Vec<Vec<(u128, Option<u64>)>>,
    tries: &mut usize,
) -> bool {
    if left == 0 {
        covers.push(chosen.clone());
        return true;
    }
    let low = left & left.wrapping_neg();
    let mut found = false;
    for &p in pieces {
        if p.0 & low == 0 || p.0 & !left != 0 {
            continue;
        }
        if *tries == 0 || covers.len() >= 4 {
            return found;
        }
        *tries -= 1;
        chosen.push(p);
        found |= exact_cover(left & !p.0, pieces, chosen, covers, tries);
        let _ = chosen.pop();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::trial::tests::tarek_line;
    use super::super::{explainer_of, Probe, SUDOKU};
    use crate::puzzle::Puzzle;

    /// In a whole Sudoku every house is implied by the others (a row by the other two of
    /// its band and the band's boxes, a box by its band's rows and other boxes); without
    /// row B, row A is not (the columns would need every other row).
    #[test]
    fn a_sudoku_house_is_implied_by_its_band() {
        let puzzle = Puzzle::parse(SUDOKU).expect("parses");
        let ex = explainer_of(&puzzle);
        let all = ex.active();
        assert_eq!(all.len(), 27);
        for &k in &all {
            assert!(ex.implied(k, &all), "{:?}", ex.model.list[k]);
        }
        let row = |r: usize| {
            all.iter().copied().find(|&k| {
                let c = &ex.model.list[k];
                c.kind == crate::puzzle::ConstraintKind::Row && c.cells[0].index(9) == r * 9
            })
        };
        let (a, b) = (row(0).expect("row A"), row(1).expect("row B"));
        let less: Vec<usize> = all.iter().copied().filter(|&k| k != b).collect();
        assert!(!ex.implied(a, &less));
        // Nor is a row beside another row alone.
        assert!(!ex.implied(b, &[a, b]));
    }

    /// Every constraint `implied` lets go is met by every filling of the rest: on Tarek's
    /// line 9, over the whole set and over random parts of it, for each implied
    /// constraint the solver's fillings of the rest (each with one more cell's digit
    /// assumed, to vary them) all meet it. Both kinds are found: houses and cages.
    #[test]
    fn what_is_implied_every_filling_of_the_rest_meets() {
        let puzzle = tarek_line(9);
        let mut ex = explainer_of(&puzzle);
        let all = ex.active();
        let grid = ex.doms.len();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut houses, mut cages, mut fillings) = (0, 0, 0);
        for round in 0..5 {
            let set: Vec<usize> = if round == 0 {
                all.clone()
            } else {
                all.iter().copied().filter(|_| next() % 5 != 0).collect()
            };
            for &k in &set {
                if !ex.implied(k, &set) {
                    continue;
                }
                let c = ex.model.list[k].clone();
                if c.kind.is_group() {
                    houses += 1;
                } else {
                    cages += 1;
                }
                let rest: Vec<usize> = set.iter().copied().filter(|&x| x != k).collect();
                for _ in 0..4 {
                    let i = ex.members[k][(next() % ex.members[k].len() as u64) as usize];
                    let d = (next() % 9 + 1) as u8;
                    let Probe::Possible(model) =
                        ex.sat.probe(&rest, Some((i, d)), grid).expect("asks")
                    else {
                        continue;
                    };
                    fillings += 1;
                    let digits: Vec<u32> = ex.members[k]
                        .iter()
                        .map(|&j| model[j].trailing_zeros())
                        .collect();
                    let mut seen = 0u32;
                    for &x in &digits {
                        assert!(seen & (1 << x) == 0, "{c:?} repeats in {digits:?}");
                        seen |= 1 << x;
                    }
                    if let Some(t) = c.target {
                        let sum: u32 = digits.iter().sum();
                        assert_eq!(u64::from(sum), t, "{c:?} holds {digits:?}");
                    }
                }
            }
        }
        assert!(
            houses > 0 && cages > 0 && fillings > 100,
            "{houses} {cages} {fillings}"
        );
    }

    /// A cage is implied by its box's other cages only when the sums add up: in a 4×4
    /// Killer whose top-left box holds the cages 3 (A1 A2) and 7 (B1 B2), each is implied
    /// (10 less the other); with 6 in place of 7, neither is.
    #[test]
    fn a_cage_is_implied_only_when_the_sums_add_up() {
        let text = "size 4\nboxes 2x2\n5 A4 B4\n7 B1 B2\n6 C4 D3 D4\n5 A3 B3\n6 C1 C2 D1\n3 A1 A2\n4 D2\n4 C3\n";
        let opts = crate::ParseOptions::default().kind("killer");
        for (seven, implied) in [("7 B1 B2", true), ("6 B1 B2", false)] {
            let puzzle =
                Puzzle::parse_with(&text.replace("7 B1 B2", seven), &opts).expect("parses");
            let ex = explainer_of(&puzzle);
            let all = ex.active();
            let cage = |cells: &[&str]| {
                all.iter().copied().find(|&k| {
                    let names: Vec<String> = ex.model.list[k]
                        .cells
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    names == cells
                })
            };
            let a = cage(&["A1", "A2"]).expect("the cage A1 A2");
            let b = cage(&["B1", "B2"]).expect("the cage B1 B2");
            assert_eq!(ex.implied(a, &all), implied, "{seven}");
            assert_eq!(ex.implied(b, &all), implied, "{seven}");
            // Columns 1 and 2 reach A1 A2 as well (less the cages B1 B2, C1 C2 D1 and
            // D2); without the box and column 1, nothing does.
            use crate::puzzle::ConstraintKind::{Box, Column};
            let fewer: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&k| {
                    let c = &ex.model.list[k];
                    !(matches!(c.kind, Box | Column) && c.cells[0].to_string() == "A1")
                })
                .collect();
            assert_eq!(fewer.len(), all.len() - 2);
            assert!(!ex.implied(a, &fewer), "{seven}");
        }
    }
}
