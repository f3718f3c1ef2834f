//! The one brute-force solver of the tests: every grid of digits, cell by cell in reading
//! order, kept when it meets the puzzle's rules as written out here (distinct lines, cage
//! arithmetic, run sums, line products). It shares no code with the encoders, the native
//! engine or `verify`; it only prunes a partial grid on conditions every solution meets
//! (no repeated digit, a run's sum not yet reached, a line's product divisible so far).
//! Small cases only: 4×4 KenKen, Kakuro and CrossProduct tables of a few cells.

use cagesat::puzzle::{Cage, Op, Puzzle};
use cagesat::{Cell, Grid};

/// `holds(values, complete)`: the values of a group's cells filled so far (in the group's
/// order), and whether that is all of them.
type Holds = Box<dyn Fn(&[u8], bool) -> bool>;

/// A rule over some cells; `holds` must accept every partial filling of a solution.
struct Group {
    cells: Vec<Cell>,
    distinct: bool,
    holds: Holds,
}

/// Every solution of `puzzle`, in the order found.
pub(crate) fn solutions(puzzle: &Puzzle) -> Vec<Grid<u8>> {
    match puzzle {
        Puzzle::KenKen(k) => kenken(k.size(), k.cages()),
        Puzzle::Kakuro(k) => {
            let mut digits = Grid::filled(k.rows(), k.cols(), Vec::new());
            for &c in k.white_cells() {
                digits.set(c, (1..=9).collect());
            }
            let groups = k
                .runs()
                .iter()
                .map(|run| {
                    let sum = u32::from(run.sum);
                    Group {
                        cells: run.cells.clone(),
                        distinct: true,
                        holds: Box::new(move |v: &[u8], complete| {
                            let s: u32 = v.iter().map(|&d| u32::from(d)).sum();
                            if complete {
                                s == sum
                            } else {
                                s < sum
                            }
                        }),
                    }
                })
                .collect();
            search(&digits, groups)
        }
        Puzzle::CrossProduct(p) => {
            let (rows, cols) = (p.rows().len(), p.cols().len());
            let digits = Grid::filled(rows, cols, (1..=9).collect());
            let mut groups: Vec<Group> = Vec::new();
            for (r, &want) in p.rows().iter().enumerate() {
                groups.push(product_group((0..cols).map(|c| cell(r, c)).collect(), want));
            }
            for (c, &want) in p.cols().iter().enumerate() {
                groups.push(product_group((0..rows).map(|r| cell(r, c)).collect(), want));
            }
            search(&digits, groups)
        }
        _ => panic!("no brute-force oracle for {}", puzzle.kind()),
    }
}

/// The number of solutions of `puzzle`.
pub(crate) fn count(puzzle: &Puzzle) -> u64 {
    solutions(puzzle).len() as u64
}

/// Every n×n Latin square (digits 1..=n, no repeat in a row or column).
pub(crate) fn latin_squares(n: usize) -> Vec<Grid<u8>> {
    kenken(n, &[])
}

/// The Latin squares of order `n` that satisfy every cage in `cages` (which need not cover
/// the grid: uncovered cells only obey the Latin rule).
pub(crate) fn kenken(n: usize, cages: &[Cage]) -> Vec<Grid<u8>> {
    let digits = Grid::filled(n, n, (1..=n as u8).collect());
    let mut groups: Vec<Group> = Vec::new();
    for i in 0..n {
        for line in [
            (0..n).map(|j| cell(i, j)).collect(),
            (0..n).map(|j| cell(j, i)).collect(),
        ] {
            groups.push(Group {
                cells: line,
                distinct: true,
                holds: Box::new(|_: &[u8], _| true),
            });
        }
    }
    for cage in cages {
        let (op, target) = (cage.op, cage.target);
        groups.push(Group {
            cells: cage.cells.clone(),
            distinct: false,
            holds: Box::new(move |v: &[u8], complete| !complete || cage_ok(op, target, v)),
        });
    }
    search(&digits, groups)
}

/// Cage arithmetic written out plainly: `-` and `/` try every cell as the first operand.
fn cage_ok(op: Op, target: u64, vals: &[u8]) -> bool {
    let t = target as f64;
    let v: Vec<f64> = vals.iter().map(|&x| f64::from(x)).collect();
    if v.len() == 1 {
        return v[0] == t;
    }
    match op {
        Op::Add => v.iter().sum::<f64>() == t,
        Op::Mul => v.iter().product::<f64>() == t,
        Op::Sub | Op::Div => (0..v.len()).any(|first| {
            let mut acc = v[first];
            for (j, &x) in v.iter().enumerate() {
                if j != first {
                    acc = if op == Op::Sub { acc - x } else { acc / x };
                }
            }
            (acc - t).abs() < 1e-9
        }),
        Op::Given => false,
        // No operator shown: any of the four.
        Op::Any => [Op::Add, Op::Sub, Op::Mul, Op::Div]
            .into_iter()
            .any(|op| cage_ok(op, target, vals)),
        _ => panic!("no brute-force rule for {op:?}"),
    }
}

/// A line whose digits multiply to `want`.
fn product_group(cells: Vec<Cell>, want: u64) -> Group {
    Group {
        cells,
        distinct: false,
        holds: Box::new(move |v: &[u8], complete| {
            let p: u64 = v.iter().map(|&d| u64::from(d)).product();
            if complete {
                p == want
            } else {
                want % p == 0
            }
        }),
    }
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r as u8, c as u8)
}

/// Fills the cells with a non-empty digit list in reading order (the others stay 0),
/// checking each group touched by the cell just filled.
fn search(digits: &Grid<Vec<u8>>, groups: Vec<Group>) -> Vec<Grid<u8>> {
    let (rows, cols) = (digits.rows(), digits.cols());
    let order: Vec<Cell> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| cell(r, c)))
        .filter(|&c| !digits.get(c).is_empty())
        .collect();
    let mut touching: Grid<Vec<usize>> = Grid::filled(rows, cols, Vec::new());
    for (g, group) in groups.iter().enumerate() {
        for &c in &group.cells {
            let mut list = touching.get(c).clone();
            list.push(g);
            touching.set(c, list);
        }
    }
    let position = |c: Cell| order.iter().position(|&o| o == c);
    let mut state = Search {
        digits,
        groups: &groups,
        touching: &touching,
        rank: Grid::filled(rows, cols, usize::MAX),
        grid: Grid::filled(rows, cols, 0),
        out: Vec::new(),
    };
    for c in &order {
        state.rank.set(*c, position(*c).unwrap());
    }
    state.fill(&order);
    state.out
}

struct Search<'a> {
    digits: &'a Grid<Vec<u8>>,
    groups: &'a [Group],
    touching: &'a Grid<Vec<usize>>,
    /// Each cell's position in the filling order.
    rank: Grid<usize>,
    grid: Grid<u8>,
    out: Vec<Grid<u8>>,
}

impl Search<'_> {
    fn fill(&mut self, rest: &[Cell]) {
        let Some((&c, rest)) = rest.split_first() else {
            self.out.push(self.grid.clone());
            return;
        };
        for &d in self.digits.get(c) {
            self.grid.set(c, d);
            if self.touching.get(c).iter().all(|&g| self.allows(g, c)) {
                self.fill(rest);
            }
        }
        self.grid.set(c, 0);
    }

    /// Group `g` accepts the cells filled up to and including `last`.
    fn allows(&self, g: usize, last: Cell) -> bool {
        let group = &self.groups[g];
        let upto = *self.rank.get(last);
        let values: Vec<u8> = group
            .cells
            .iter()
            .filter(|&&c| *self.rank.get(c) <= upto)
            .map(|&c| *self.grid.get(c))
            .collect();
        if group.distinct {
            let mut seen = [false; 256];
            for &v in &values {
                if std::mem::replace(&mut seen[usize::from(v)], true) {
                    return false;
                }
            }
        }
        (group.holds)(&values, values.len() == group.cells.len())
    }
}
