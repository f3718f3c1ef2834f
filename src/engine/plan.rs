//! # The `auto` plan, decided in one place
//!
//! [`Engine::Auto`] is a composite: a first stage that is cheap on the puzzles it is given
//! (the native search on houses and cages, or the DPLL walk), each under a budget, and the
//! CDCL solver that takes over past it (or runs alone). [`plan`] is the one rule; the
//! engines' `auto`, the session, the setter tools, the certificates and the thread choice
//! all read it, so none of them restates it.
//!
//! The rule comes from runs of every engine over every corpus in `tests/data` (tables in
//! `encodings/backends.md` and `encodings/sudoku.md`).

use crate::backend::{auto_choice, Workload};
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
