//! # The `auto` plan, decided in one place
//!
//! [`Engine::Auto`] is a composite: a first stage that is cheap on the puzzles it is given
//! (the native search on houses and cages, or the DPLL walk), each under a budget, and the
//! CDCL solver that takes over past it (or runs alone). [`plan`] is the one rule; the
//! engines' `auto`, the session, the setter tools, the certificates and the thread choice
//! all read it, so none of them restates it. [`auto_choice`] (which CDCL solver) and
//! [`encode_options_for`] (the encoding each solver is given) are its two halves, here
//! beside it; the KenKen generator's checker asks [`auto_choice`] too.
//!
//! The rule comes from runs of every engine over every corpus in `tests/data` (tables in
//! `encodings/backends.md` and `encodings/sudoku.md`).

use crate::backend::SolverChoice;
use crate::cnf::AmoEncoding;
use crate::encode::EncodeOptions;
use crate::kind::Workload;
use crate::puzzle::Puzzle;

use super::{Engine, AUTO_DPLL_MAX_SIDE};

/// What [`Engine::Auto`] runs on a puzzle: a first stage, then the CDCL engine that takes
/// over past its budget (with the grids found so far blocked), or that CDCL engine alone.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Plan {
    /// [`Engine::Native`] (a model of houses and sums: Sudoku, Killer and their X
    /// variants) or [`Engine::Dpll`] (every other puzzle but KenKen above side 9), under its
    /// budget; `None`: CDCL alone.
    pub first: Option<Engine>,
    /// The CDCL engine: [`Engine::Varisat`], or [`Engine::Cadical`] where built in for KenKen
    /// from side 17 and for CrossProduct counts.
    pub cdcl: Engine,
}

/// The plan of [`Engine::Auto`] for `puzzle` asked for up to `limit` solutions (`None`: all).
pub(crate) fn plan(puzzle: &Puzzle, limit: Option<u64>) -> Plan {
    let work = puzzle.as_kind().workload();
    let cdcl = Engine::cdcl(auto_choice(work, limit));
    let first = match work {
        Workload::Sudoku => Some(Engine::Native),
        Workload::Variant => None,
        Workload::KenKen { side } if side > AUTO_DPLL_MAX_SIDE => None,
        _ => Some(Engine::Dpll),
    };
    Plan { first, cdcl }
}

/// The smallest KenKen side for which the `auto` rule picks CaDiCaL.
pub(crate) const AUTO_CADICAL_MIN_SIDE: usize = 17;

/// The embedded CDCL solver the `auto` rule picks for `work` asked for up to `limit`
/// solutions (`None`: all): CaDiCaL (when built in) for KenKen of side
/// [`AUTO_CADICAL_MIN_SIDE`] and up and for CrossProduct enumerations beyond two solutions
/// (counting), varisat for everything else. Measured (`encodings/backends.md`): varisat's
/// lower fixed cost wins below side 12; the two trade wins on sides 12 to 16; CaDiCaL is
/// 4.6× faster on the hard 20×20 and its incremental calls stay cheap as blocking clauses
/// pile up. The engines' `auto` and the KenKen generator's checker both ask here.
pub(crate) fn auto_choice(work: Workload, limit: Option<u64>) -> SolverChoice {
    if !cfg!(feature = "cadical") {
        return SolverChoice::Varisat;
    }
    let counting = limit.is_none_or(|l| l > 2);
    match work {
        Workload::KenKen { side } if side >= AUTO_CADICAL_MIN_SIDE => SolverChoice::Cadical,
        Workload::CrossProduct if counting => SolverChoice::Cadical,
        Workload::Variant => SolverChoice::Cadical,
        _ => SolverChoice::Varisat,
    }
}

/// The encoding a solver of `choice` is given for `work`: `opts` with each `auto` clause
/// family resolved by the rule measured for that solver (`encodings/backends.md`, "Clause
/// families per backend (session 10)"); explicit choices (`--amo sequential`,
/// `--cage-lines off`, …) are kept. For KenKen on the embedded CDCL solvers:
///
/// - at-most-one groups ([`AmoEncoding`]): `auto` becomes `pairwise` on varisat and on
///   CaDiCaL. Plain `auto` writes Sinz's ladder above 10 literals
///   (`cnf::card::AUTO_PAIRWISE_MAX`), that is on sides 11 and up, where the pairwise form
///   was faster on both solvers;
/// - cage–line clauses ([`CageLines`](crate::encode::CageLines)): `auto` stays `auto` (from side 10) on both: turning
///   them off was slower on both solvers over the hard 20×20 set, CaDiCaL included.
///
/// Other kinds, external solvers and the DPLL walk keep `opts` as given (not measured, or
/// nothing to gain: the walk runs KenKen only up to 9×9, where `auto` is pairwise already).
/// Called where an engine builds its CDCL solver: the CDCL primitive of [`crate::engine`]
/// and a session's shared KenKen solver (so both solve the same CNF). The KenKen
/// generator's checker keeps the default encoding, so that a seed still makes the same
/// puzzle.
pub(crate) fn encode_options_for(
    choice: &SolverChoice,
    work: Workload,
    opts: &EncodeOptions,
) -> EncodeOptions {
    let mut opts = *opts;
    let kenken = matches!(work, Workload::KenKen { .. });
    let embedded = matches!(choice, SolverChoice::Varisat | SolverChoice::Cadical);
    if kenken && embedded && opts.amo == AmoEncoding::Auto {
        opts.amo = AmoEncoding::Pairwise;
    }
    opts
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_plan() {
        let read = |text: &str| Puzzle::parse(text).unwrap();
        let kenken = read("size 2\n3 + A1 A2\n2 = B1\n1 = B2");
        assert_eq!(plan(&kenken, Some(2)).first, Some(Engine::Dpll));
        let sudoku = read("1...\n....\n....\n....\n");
        assert_eq!(plan(&sudoku, Some(2)).first, Some(Engine::Native));
        assert_eq!(plan(&sudoku, Some(2)).cdcl, Engine::Varisat);
    }
}

#[cfg(test)]
mod encoding_tests {
    use super::*;
    use crate::encode::{CageLines, ConstraintEncoding};

    const KENKEN_20: Workload = Workload::KenKen { side: 20 };

    fn external() -> SolverChoice {
        SolverChoice::External {
            command: "cadical".into(),
            timeout: None,
        }
    }

    fn with(amo: AmoEncoding, lines: CageLines) -> EncodeOptions {
        let mut o = EncodeOptions {
            amo,
            ..EncodeOptions::default()
        };
        o.kenken.cage_lines = lines;
        o
    }

    /// The documented rule, side by side: pairwise at-most-one for KenKen on both embedded
    /// CDCL solvers at every side, cage–line clauses left to `auto`; an external solver gets
    /// the options as given.
    #[test]
    fn auto_families_resolve_per_backend_for_kenken() {
        let auto = EncodeOptions::default();
        let pairwise = with(AmoEncoding::Pairwise, CageLines::Auto);
        for side in [4, 9, 10, 11, 16, 20, 26] {
            let work = Workload::KenKen { side };
            for choice in [SolverChoice::Cadical, SolverChoice::Varisat] {
                let got = encode_options_for(&choice, work, &auto);
                assert_eq!(got, pairwise, "{choice:?} {side}");
            }
            assert_eq!(encode_options_for(&external(), work, &auto), auto, "{side}");
        }
    }

    #[test]
    fn other_kinds_keep_their_encoding() {
        let auto = EncodeOptions::default();
        for work in [Workload::CrossProduct, Workload::Sudoku, Workload::Other] {
            for choice in [SolverChoice::Varisat, SolverChoice::Cadical, external()] {
                assert_eq!(encode_options_for(&choice, work, &auto), auto, "{work:?}");
            }
        }
    }

    #[test]
    fn explicit_choices_are_kept_on_every_solver() {
        for choice in [SolverChoice::Varisat, SolverChoice::Cadical, external()] {
            for lines in [CageLines::On, CageLines::Off] {
                for amo in [AmoEncoding::Pairwise, AmoEncoding::Sequential] {
                    let o = with(amo, lines).with_constraint(ConstraintEncoding::Mdd);
                    assert_eq!(encode_options_for(&choice, KENKEN_20, &o), o, "{choice:?}");
                }
            }
        }
    }
}
