//! # The board of the bitset search: houses, peers, intersections and sums
//!
//! What [`super::houses`]'s search reads and never changes, built once per model (once per
//! batch of one shape, [`Board::cached`]): the houses of a full square grid and the peers of
//! each cell (as lists and as bitsets), the segments a region shares with each line and their
//! intersections (box–line reduction), the crossings of other houses (diagonals) with the
//! regions and lines, and the sums (the model's cages, the innies and outies of
//! [`super::implied`], the sums over several houses of [`super::derived`]).

use std::cell::RefCell;
use std::rc::Rc;

use crate::native::domains::Mask;

use super::derived::{self, Derived, Linear};
use super::sum::Cage;
use super::{hidden, implied, Lowered};

/// A region–line intersection (a *segment*: the cells a region shares with a row or
/// column), by segment numbers: the other segments of its region along the same direction,
/// and the other segments of its line.
#[derive(Clone, Debug)]
pub(super) struct Intersection {
    pub(super) seg: usize,
    pub(super) box_rest: Vec<usize>,
    pub(super) line_rest: Vec<usize>,
}

/// Two houses that share two or more cells, other than a line and a region: the shared
/// cells and the rest of each house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Crossing {
    pub(crate) shared: Vec<usize>,
    pub(crate) a_rest: Vec<usize>,
    pub(crate) b_rest: Vec<usize>,
}

/// The crossings of every house of `extra` with every region and line.
pub(crate) fn crossings(lowered: &Lowered) -> Vec<Crossing> {
    let mut out = Vec::new();
    for a in &lowered.extra {
        for b in lowered.regions.iter().chain(&lowered.lines) {
            let shared: Vec<usize> = a.iter().copied().filter(|c| b.contains(c)).collect();
            if shared.len() >= 2 {
                let rest =
                    |h: &[usize]| h.iter().copied().filter(|c| !shared.contains(c)).collect();
                out.push(Crossing {
                    a_rest: rest(a),
                    b_rest: rest(b),
                    shared,
                });
            }
        }
    }
    out
}

/// The candidates of `cells`, together.
pub(super) fn union(doms: &[Mask], cells: &[usize]) -> Mask {
    cells.iter().fold(0, |u, &c| u | doms[c])
}

/// The sums of [`derived`] and [`hidden`], each once: a sum found again, or found with its
/// sides swapped and its total negated ([`Derived::same_as`]: on a grid whose cells all lie
/// in cages, a super-region grown from the top over `k` rows and one grown from the bottom
/// over `N − k` rows give the same sum), is left out. Filtered twice it cost twice, and it
/// counted twice in the cells' priorities: on Tarek's 42 hard Killers, 53,075 backtracks
/// with the copies, 47,889 without.
pub(super) fn extra_sums(lowered: &Lowered) -> Vec<Derived> {
    let mut found: Vec<Derived> = Vec::new();
    for d in derived::sums(lowered)
        .into_iter()
        .chain(hidden::sums(lowered))
    {
        if !found.iter().any(|f| f.same_as(&d)) {
            found.push(d);
        }
    }
    found
}

/// A model's houses, peers and intersections (cells numbered row-major), and its givens.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(super) n: usize,
    pub(super) units: Vec<Vec<usize>>,
    pub(super) peers: Vec<Vec<usize>>,
    /// The segments' cells: every row's part in each region, then every column's.
    pub(super) segs: Vec<Vec<usize>>,
    pub(super) inter: Vec<Intersection>,
    pub(super) cross: Vec<Crossing>,
    /// The distinct sums (cages, and the innies and outies [`super::implied`] derives).
    pub(super) sums: Vec<Cage>,
    /// The rest of the smallest house through each sum (empty when no house holds it).
    pub(super) comps: Vec<Vec<usize>>,
    /// The sums [`super::derived`] derives over several houses whose digits may repeat,
    /// numbered after `sums` in `wake` and the work list.
    pub(super) linears: Vec<Linear>,
    /// What looks at each cell again when it narrows, in one flat list: for cell `c` with
    /// `[start, mid, end] = wake_at[c]`, the sums through it (numbered as in the work
    /// list: `sums`, then `linears`) at `wake[start..mid]`, the units through it at
    /// `wake[mid..end]` (one loop each, no list per cell to reach first).
    pub(super) wake: Vec<u16>,
    /// Each cell's `[start, mid, end]` in `wake`.
    pub(super) wake_at: Vec<[u32; 3]>,
    /// The peers of each cell as a bitset of `words` words (empty past [`PEER_WORDS`]).
    pub(super) peer_bits: Vec<u64>,
    pub(super) words: usize,
    /// The houses and sums of the model it was built from ([`Board::cached`]'s key).
    key: Key,
}

/// What a [`Board`] is built from: the model's houses and sums, not its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    lines: Vec<Vec<usize>>,
    regions: Vec<Vec<usize>>,
    extra: Vec<Vec<usize>>,
    sums: Vec<(Vec<usize>, u32)>,
}

impl Key {
    fn matches(&self, lowered: &Lowered) -> bool {
        self.lines == lowered.lines
            && self.regions == lowered.regions
            && self.extra == lowered.extra
            && self.sums == lowered.sums
    }
}

thread_local! {
    /// The last board built on this thread: a batch of Sudokus of one shape builds it once.
    static LAST: RefCell<Option<Rc<Board>>> = const { RefCell::new(None) };
}

impl Board {
    /// The board of `lowered`: the last one built on this thread when `lowered` has the same
    /// houses and sums (only the givens differ), else a new one ([`Board::new`]).
    pub(crate) fn cached(lowered: &Lowered) -> Option<Rc<Board>> {
        let hit = LAST.with(|last| {
            last.borrow()
                .as_ref()
                .filter(|b| b.n == lowered.n && b.key.matches(lowered))
                .cloned()
        });
        if hit.is_some() {
            return hit;
        }
        let board = Rc::new(Board::new(lowered)?);
        LAST.with(|last| *last.borrow_mut() = Some(Rc::clone(&board)));
        Some(board)
    }

    /// The board of a model of houses and distinct sums, with the sums [`super::implied`]
    /// derives; `None` when a sum has more cells than [`MAX_CAGE`], or there are more than
    /// 65,536 sums or units (`wake` numbers them in 16 bits).
    pub(crate) fn new(lowered: &Lowered) -> Option<Self> {
        let n = lowered.n;
        let units: Vec<Vec<usize>> = lowered.houses().cloned().collect();
        let mut peers = vec![Vec::new(); n * n];
        for unit in &units {
            for &a in unit {
                peers[a].extend(unit.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let (segs, inter) = intersections(lowered);
        let derived = implied::sums(lowered);
        let mut sums = lowered
            .sums
            .iter()
            .chain(&derived)
            .map(|(cells, total)| Cage::new(n, cells.clone(), *total))
            .collect::<Option<Vec<Cage>>>()?;
        let mut linears = Vec::new();
        for d in extra_sums(lowered) {
            let clique = d.minus.is_empty()
                && d.plus.iter().enumerate().all(|(i, a)| {
                    d.plus[i + 1..]
                        .iter()
                        .all(|b| peers[*a].binary_search(b).is_ok())
                });
            let distinct = clique
                .then(|| u32::try_from(d.total).ok())
                .flatten()
                .and_then(|t| Cage::new(n, d.plus.clone(), t));
            match distinct {
                Some(cage) if !sums.iter().any(|s| s.cells == cage.cells) => sums.push(cage),
                Some(_) => {}
                None => linears.extend(
                    Linear::new(n, &d)
                        .map(|l| l.grouped(|a, b| peers[a].binary_search(&b).is_ok())),
                ),
            }
        }
        // The rest of the smallest house through each distinct sum (none when no house holds
        // it): the digits it cannot take go to the sum.
        let comps = sums
            .iter()
            .map(|s| {
                units
                    .iter()
                    .filter(|u| s.cells.iter().all(|c| u.contains(c)))
                    .min_by_key(|u| u.len())
                    .map(|u| u.iter().copied().filter(|c| !s.cells.contains(c)).collect())
                    .unwrap_or_default()
            })
            .collect();
        let mut sums_of = vec![Vec::new(); n * n];
        let cells_of = sums
            .iter()
            .map(|c| &c.cells)
            .chain(linears.iter().map(|l| &l.cells));
        for (s, cells) in cells_of.enumerate() {
            for &c in cells {
                sums_of[c].push(s);
            }
        }
        let mut units_of = vec![Vec::new(); n * n];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                units_of[c].push(u);
            }
        }
        let (mut wake, mut wake_at) = (Vec::new(), Vec::with_capacity(n * n));
        for (sums, units) in sums_of.iter().zip(&units_of) {
            let start = u32::try_from(wake.len()).ok()?;
            let mid = start.checked_add(u32::try_from(sums.len()).ok()?)?;
            let end = mid.checked_add(u32::try_from(units.len()).ok()?)?;
            for &x in sums.iter().chain(units) {
                wake.push(u16::try_from(x).ok()?);
            }
            wake_at.push([start, mid, end]);
        }
        let words = (n * n).div_ceil(64);
        let mut peer_bits = Vec::new();
        if words <= PEER_WORDS {
            peer_bits = vec![0; n * n * words];
            for (c, ps) in peers.iter().enumerate() {
                for &p in ps {
                    peer_bits[c * words + p / 64] |= 1 << (p % 64);
                }
            }
        }
        Some(Board {
            n,
            peer_bits,
            words,
            units,
            peers,
            segs,
            inter,
            cross: crossings(lowered),
            sums,
            comps,
            linears,
            wake,
            wake_at,
            key: Key {
                lines: lowered.lines.clone(),
                regions: lowered.regions.clone(),
                extra: lowered.extra.clone(),
                sums: lowered.sums.clone(),
            },
        })
    }
}

/// The segments of the lines of `lowered` (rows, then columns) in its regions, and their
/// intersections.
fn intersections(lowered: &Lowered) -> (Vec<Vec<usize>>, Vec<Intersection>) {
    let mut segs: Vec<Vec<usize>> = Vec::new();
    // (region, line) of each segment.
    let mut owner = Vec::new();
    for (l, line) in lowered.lines.iter().enumerate() {
        for (b, bx) in lowered.regions.iter().enumerate() {
            let shared: Vec<usize> = line.iter().copied().filter(|c| bx.contains(c)).collect();
            if !shared.is_empty() {
                segs.push(shared);
                owner.push((b, l));
            }
        }
    }
    let row = |l: usize| l < lowered.rows;
    // Box–line reduction reads a region's segments along one direction as the whole region,
    // and a line's segments as the whole line: true of a model's houses (rows, columns and
    // regions tile the grid), not of a part of them (the explainer asks about fillings of
    // some constraints only). A segment whose region or line the segments do not cover has
    // no intersection.
    let mut along = vec![[0usize; 2]; lowered.regions.len()];
    let mut on_line = vec![0usize; lowered.lines.len()];
    for (cells, &(b, l)) in segs.iter().zip(&owner) {
        along[b][usize::from(row(l))] += cells.len();
        on_line[l] += cells.len();
    }
    let whole = |seg: usize| {
        let (b, l) = owner[seg];
        along[b][usize::from(row(l))] == lowered.regions[b].len()
            && on_line[l] == lowered.lines[l].len()
    };
    let inter = (0..segs.len())
        .filter(|&seg| whole(seg))
        .map(|seg| {
            let (b, l) = owner[seg];
            let others = |keep: &dyn Fn(usize, usize) -> bool| -> Vec<usize> {
                (0..segs.len())
                    .filter(|&t| t != seg && keep(owner[t].0, owner[t].1))
                    .collect()
            };
            Intersection {
                seg,
                box_rest: others(&|b2, l2| b2 == b && row(l2) == row(l)),
                line_rest: others(&|_, l2| l2 == l),
            }
        })
        .collect();
    (segs, inter)
}

/// The most words of a peer bitset (grids up to 16×16 use the digits a sum needs).
pub(super) const PEER_WORDS: usize = 4;
