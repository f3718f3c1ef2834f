//! # Each kind's generator behind [`generate`](super::generate)
//!
//! [`GENERATORS`]: per kind, the options of [`GenerateSpec`] it reads, its levels, and how
//! it makes one puzzle from a spec and a seed (a call into the kind's generator module).

use crate::grade::{Level, Scale};
use crate::grid::Grid;
use crate::puzzle::{Killer, Puzzle, Sudoku, Towers, Unequal};
use crate::rng::SplitMix64;
use crate::stop::Stop;

use super::crossproduct::{generate_crossproduct_until, CrossProductParams};
use super::kakuro::{generate_kakuro_until, KakuroParams};
use super::kenken::{default_max_givens, generate_kenken_until, KenKenParams};
use super::spec::{GenOption, GenerateSpec, Generated, Generator};
use super::sudoku::{KillerStyle, DEFAULT_KILLER_MAX_CAGE};
use super::GenerateError;

/// The levels of the house scale without box-line (for kinds without boxes).
const LATIN_LEVELS: &[Level] = &[Level::Singles, Level::Subsets, Level::Search];
/// The levels of the kinds with boxes (Sudoku, Killer): the Latin square's and box–line
/// interactions.
const BOXED_LEVELS: &[Level] = &[
    Level::Singles,
    Level::Subsets,
    Level::Interactions,
    Level::Search,
];

/// Every kind's generator, in the order of [`crate::puzzle::KINDS`].
pub const GENERATORS: &[Generator] = &[
    Generator {
        kind: "kenken",
        options: &[
            GenOption::Level,
            GenOption::MaxCage,
            GenOption::Ops,
            GenOption::MaxGivens,
            GenOption::LogicSolvable,
        ],
        scale: Some(Scale::Cages),
        levels: &[
            Level::Singles,
            Level::Subsets,
            Level::Gac,
            Level::Interactions,
            Level::Search,
        ],
        graded: false,
        make: kenken,
    },
    Generator {
        kind: "kakuro",
        options: &[
            GenOption::Cols,
            GenOption::Level,
            GenOption::MaxAttempts,
            GenOption::LogicSolvable,
        ],
        scale: Some(Scale::Runs),
        levels: &[
            Level::Singles,
            Level::Subsets,
            Level::Gac,
            Level::Sac,
            Level::Search,
        ],
        graded: false,
        make: kakuro,
    },
    Generator {
        kind: "crossproduct",
        options: &[GenOption::Cols, GenOption::MaxAttempts, GenOption::Unique],
        scale: None,
        levels: &[],
        graded: false,
        make: crossproduct,
    },
    Generator {
        kind: "sudoku",
        options: &[
            GenOption::Level,
            GenOption::MaxAttempts,
            GenOption::Diagonals,
            GenOption::Jigsaw,
        ],
        scale: Some(Scale::Houses),
        levels: BOXED_LEVELS,
        graded: true,
        make: sudoku,
    },
    Generator {
        kind: "killer",
        options: &[
            GenOption::Level,
            GenOption::MaxAttempts,
            GenOption::Diagonals,
            GenOption::MaxCage,
            GenOption::Givens,
            GenOption::SingleCages,
        ],
        scale: Some(Scale::Houses),
        levels: BOXED_LEVELS,
        graded: true,
        make: killer,
    },
    Generator {
        kind: "towers",
        options: &[GenOption::Level, GenOption::MaxAttempts],
        scale: Some(Scale::Houses),
        levels: LATIN_LEVELS,
        graded: true,
        make: towers,
    },
    Generator {
        kind: "unequal",
        options: &[
            GenOption::Level,
            GenOption::MaxAttempts,
            GenOption::Adjacent,
        ],
        scale: Some(Scale::Houses),
        levels: LATIN_LEVELS,
        graded: true,
        make: unequal,
    },
];

fn kenken(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let mut params = KenKenParams::new(spec.size);
    if let Some(max_cage) = spec.max_cage {
        params.max_cage = max_cage;
    }
    if let Some(ops) = &spec.ops {
        params.ops.clone_from(ops);
    }
    params.max_givens = spec
        .max_givens
        .unwrap_or_else(|| default_max_givens(spec.size, &params.ops));
    if let Some(logic) = spec.logic_solvable {
        params.logic_solvable = logic;
    }
    params.difficulty = spec.level;
    let g = generate_kenken_until(&params, &mut SplitMix64::new(seed), stop)?;
    Ok(Generated {
        puzzle: Puzzle::KenKen(g.puzzle),
        solution: g.solution,
        seed,
        level: Some(g.level),
    })
}

fn kakuro(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let mut params = KakuroParams::new(spec.size, spec.cols.unwrap_or(spec.size));
    params.seed = seed;
    params.difficulty = spec.level;
    if let Some(logic) = spec.logic_solvable {
        params.logic_solvable = logic;
    }
    if let Some(attempts) = spec.max_attempts {
        params.max_attempts = attempts;
    }
    let g = generate_kakuro_until(&params, stop)?;
    Ok(Generated {
        puzzle: Puzzle::Kakuro(g.puzzle),
        solution: g.solution,
        seed: g.seed,
        level: spec.level,
    })
}

fn crossproduct(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let mut params = CrossProductParams {
        rows: spec.size,
        cols: spec.cols.unwrap_or(spec.size),
        seed,
        count: 1,
        unique: spec.unique.unwrap_or(true),
        ..CrossProductParams::default()
    };
    if let Some(attempts) = spec.max_attempts {
        params.max_attempts = attempts;
    }
    let mut found = None;
    let opts = crate::encode::EncodeOptions::default();
    generate_crossproduct_until(&params, &opts, || stop.clone(), |g| found = Some(g))?;
    let g = found.ok_or(GenerateError::TooFewUnique {
        found: 0,
        wanted: 1,
        attempts: params.max_attempts,
    })?;
    Ok(Generated {
        puzzle: Puzzle::CrossProduct(g.puzzle),
        solution: g.table,
        seed,
        level: None,
    })
}

fn sudoku(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let (s, solution) = if spec.jigsaw {
        Sudoku::generate_jigsaw(spec.size, seed, spec.variant(), stop)?
    } else {
        Sudoku::generate_variant(spec.size, seed, spec.variant(), stop)?
    };
    Ok(made(Puzzle::Sudoku(s), solution, seed))
}

fn killer(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let style = KillerStyle::new(spec.max_cage.unwrap_or(DEFAULT_KILLER_MAX_CAGE))
        .with_givens(spec.givens)
        .with_single_cages(spec.single_cages)
        .with_level(spec.level);
    let (k, solution) = Killer::generate_styled(spec.size, seed, style, spec.variant(), stop)?;
    Ok(made(Puzzle::Killer(k), solution, seed))
}

fn towers(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let (t, solution) = Towers::generate_until(spec.size, seed, stop)?;
    Ok(made(Puzzle::Towers(t), solution, seed))
}

fn unequal(spec: &GenerateSpec, seed: u64, stop: &Stop) -> Result<Generated, GenerateError> {
    let (u, solution) = Unequal::generate_until(spec.size, spec.adjacent, seed, stop)?;
    Ok(made(Puzzle::Unequal(u), solution, seed))
}

/// A graded kind's puzzle, its level not known yet.
fn made(puzzle: Puzzle, solution: Grid<u8>, seed: u64) -> Generated {
    Generated {
        puzzle,
        solution,
        seed,
        level: None,
    }
}
