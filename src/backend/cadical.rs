//! # The embedded solver: CaDiCaL
//!
//! [CaDiCaL](https://github.com/arminbiere/cadical) (Biere et al.) 1.9.5 linked into the
//! process. The `cadical` crate compiles the solver's C++ sources (with `cc`); we drive it
//! through a C shim of our own (`cadical/shim.cpp`, [`up::Solver`]) over its C++ API,
//! which reaches what the crate's IPASIR binding does not: options and configurations per
//! solver, the learner, and the external propagator (IPASIR-UP) that adds clauses during
//! search. One thread uses only the IPASIR part (add, assume, solve, value, failed) and the
//! terminate callback.
//!
//! CaDiCaL polls its terminate callback during search, so a [`Stop`] requested while a
//! call runs (from another thread, or a deadline passing) interrupts it within
//! milliseconds; the call then answers [`SatResult::Unknown`].
//!
//! In a portfolio ([`crate::engine::parallel`]) the members share their short learnt
//! clauses and the grids they found ([`Share`]): CaDiCaL hands each learnt clause to its
//! learner, and its terminate callback looks at the inbox. When clauses or grids from the
//! others wait, a member takes them one of two ways ([`Import`]):
//!
//! - [`Import::Restart`] (the default, as since session 11): the callback stops the
//!   solver, the backend adds them and calls `solve` again, which restarts CaDiCaL's
//!   restart and rephase schedules and drops it out of stable mode;
//! - [`Import::Search`]: the callback answers "import" ([`up::Poll::Import`]) and the
//!   external propagator adds them (the blocking clauses of the grids first) before the
//!   next decision, during the same `solve` call. Imported clauses may only hold observed
//!   variables: the member observes the formula's own (never a cube's selector), and
//!   observed variables are frozen (not eliminated); lucky search is off.
//!
//! Session 18 measured the second slower on the hard 20×20 set on a loaded 2-core
//! machine (`encodings/backends.md`), observing every variable being part of its cost,
//! so the first stays the default until figures on a quiet machine say otherwise.
//!
//! ## References
//! - A. Biere, T. Faller, K. Fazekas, M. Fleury, N. Froleyks, F. Pollitt: "CaDiCaL 2.0",
//!   CAV 2024.
//! - K. Fazekas, A. Niemetz, M. Preiner, M. Kirchweger, S. Szeider, A. Biere: "IPASIR-UP:
//!   User Propagators for CDCL", SAT 2023.

pub(crate) mod up;

use crate::answer::SatResult;
use crate::backend::share::Share;
use crate::backend::{Backend, BackendError};
use crate::cnf::{Lit, Var};
use crate::stop::Stop;

#[cfg(test)]
use self::up::Counts;
use self::up::{Answer, Poll};

/// How a portfolio member takes the clauses and grids the others sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Import {
    /// Through the external propagator, during search (no new `solve` call). Every
    /// variable of the formula is observed, hence frozen.
    Search,
    /// By stopping the solver, adding them, and calling `solve` again (session 12): the
    /// default, measured faster on the hard 20×20 set than [`Import::Search`] in session
    /// 18 (`encodings/backends.md`).
    #[default]
    Restart,
}

/// The solver's hooks: `terminate` answers from the shared [`Stop`] and, in a portfolio,
/// from the inbox of shared clauses; `learn` gets each short learnt clause; the import
/// queue feeds the external propagator.
struct Hooks {
    stop: Stop,
    share: Option<Share>,
    import: Import,
    /// Clauses taken from the inbox and not yet handed to the solver, DIMACS, each ended
    /// by a zero: the blocking clauses of newly published grids first.
    queue: Vec<i32>,
    /// The next literal of `queue` to hand over.
    next: usize,
}

impl Hooks {
    /// Refills the queue from the inbox when it is used up; answers whether a clause waits.
    fn refill(&mut self) -> bool {
        if self.next < self.queue.len() {
            return true;
        }
        self.queue.clear();
        self.next = 0;
        if let Some(share) = &mut self.share {
            let (blocks, literals) = share.take();
            for block in &blocks {
                self.queue.extend(block.iter().map(|&l| dimacs(l)));
                self.queue.push(0);
            }
            self.queue.extend_from_slice(&literals);
        }
        !self.queue.is_empty()
    }
}

impl up::Hooks for Hooks {
    fn terminate(&mut self) -> Poll {
        if self.stop.is_requested() {
            return Poll::Stop;
        }
        if !self.share.as_mut().is_some_and(Share::due) {
            return Poll::Go;
        }
        match self.import {
            Import::Search => Poll::Import,
            Import::Restart => Poll::Stop,
        }
    }

    fn learn(&mut self, clause: &[i32]) {
        if let Some(share) = &mut self.share {
            share.offer(clause);
        }
    }

    fn has_clause(&mut self) -> bool {
        self.refill()
    }

    fn clause_lit(&mut self) -> i32 {
        let lit = self.queue.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        lit
    }
}

/// CaDiCaL behind the [`Backend`] trait.
pub(crate) struct CadicalBackend {
    solver: up::Solver<Hooks>,
    /// The largest variable (1-based, DIMACS) in any clause added so far; the model covers
    /// variables 1 to this.
    max_var: usize,
    stop: Stop,
}

impl Default for CadicalBackend {
    fn default() -> Self {
        Self::new()
    }
}

impl CadicalBackend {
    /// A fresh solver.
    #[must_use]
    pub(crate) fn new() -> Self {
        Self::with(None, Import::default())
    }

    /// A fresh solver in CaDiCaL's configuration `config` (`default`, `sat`, `unsat`,
    /// `plain`) with `options` set.
    ///
    /// # Errors
    /// [`BackendError::Internal`] for a configuration or option CaDiCaL does not know.
    #[cfg(test)]
    pub(crate) fn configured(config: &str, options: &[(&str, i32)]) -> Result<Self, BackendError> {
        let mut backend = Self::new();
        backend.apply(config, options)?;
        Ok(backend)
    }

    fn apply(&mut self, config: &str, options: &[(&str, i32)]) -> Result<(), BackendError> {
        let refused = |e: up::Refused| BackendError::Internal(e.to_string());
        self.solver.configure(config).map_err(refused)?;
        for &(name, value) in options {
            self.solver.set_option(name, value).map_err(refused)?;
        }
        Ok(())
    }

    /// A portfolio member: a solver with CaDiCaL's configuration `config` (`default`,
    /// `sat`, `unsat`, `plain`) that shares learnt clauses through `share`, importing the
    /// others' the [`Import::default`] way.
    ///
    /// For measurements (`benches/modes40.sh`), two environment variables change every
    /// member: `CAGESAT_CADICAL_IMPORT=search` (or `restart`) chooses the way of importing,
    /// and `CAGESAT_CADICAL_OPTIONS=name=value,...` sets CaDiCaL options (names or values
    /// it does not take are ignored; groups separated by `;` go to members 0, 1, … in
    /// turn).
    ///
    /// # Panics
    /// On a configuration CaDiCaL does not know (the caller names one of the four).
    #[must_use]
    pub(crate) fn member(config: &str, share: Share) -> Self {
        let import = match std::env::var("CAGESAT_CADICAL_IMPORT").as_deref() {
            Ok("search") => Import::Search,
            Ok("restart") => Import::Restart,
            _ => Import::default(),
        };
        let text = std::env::var("CAGESAT_CADICAL_OPTIONS").unwrap_or_default();
        let groups: Vec<&str> = text.split(';').collect();
        let mine = groups[share.member() % groups.len()];
        let options: Vec<(&str, i32)> = mine
            .split(',')
            .filter_map(|o| o.split_once('='))
            .filter_map(|(name, value)| Some((name.trim(), value.trim().parse().ok()?)))
            .filter(|(name, _)| up::is_option(name))
            .collect();
        Self::sharing(config, &options, share, import).expect("one of CaDiCaL's configurations")
    }

    /// A portfolio member as [`member`](Self::member), with `options` set and importing
    /// the others' clauses the way `import` says.
    ///
    /// # Errors
    /// [`BackendError::Internal`] for a configuration or option CaDiCaL does not know.
    pub(crate) fn sharing(
        config: &str,
        options: &[(&str, i32)],
        share: Share,
        import: Import,
    ) -> Result<Self, BackendError> {
        let own_vars = share.max_var();
        let max_len = share.bounds().max_len;
        let mut backend = Self::with(Some(share), import);
        backend.apply(config, options)?;
        if max_len > 0 {
            backend.solver.set_learn(max_len);
        }
        if import == Import::Search {
            backend.solver.connect_import(own_vars);
        }
        Ok(backend)
    }

    fn with(share: Option<Share>, import: Import) -> Self {
        let stop = Stop::new();
        let solver = up::Solver::new(Hooks {
            stop: stop.clone(),
            share,
            import,
            queue: Vec::new(),
            next: 0,
        });
        Self {
            solver,
            max_var: 0,
            stop,
        }
    }

    /// Calls of `solve` and clauses imported during search so far.
    #[cfg(test)]
    pub(crate) fn counts(&self) -> Counts {
        self.solver.counts()
    }

    /// The value of CaDiCaL option `name` (0 for an unknown one).
    #[cfg(test)]
    pub(crate) fn option(&self, name: &str) -> i32 {
        self.solver.option(name)
    }

    /// Adds, between two calls, what waits from the other members: the rest of the import
    /// queue, then the inbox and the blocking clauses of newly published grids (none
    /// outside a portfolio).
    fn import(&mut self) {
        let hooks = self.solver.hooks();
        if hooks.share.is_none() {
            return;
        }
        let mut literals = Vec::new();
        while hooks.refill() {
            literals.extend_from_slice(&hooks.queue[hooks.next..]);
            hooks.next = hooks.queue.len();
        }
        for clause in literals.split(|&l| l == 0).filter(|c| !c.is_empty()) {
            self.solver.add_clause(clause.iter().copied());
        }
    }

    /// Widens the model to cover the variables of `lits`.
    fn note_vars(&mut self, lits: &[Lit]) {
        for lit in lits {
            self.max_var = self.max_var.max(lit.index() + 1);
        }
    }

    /// The model of the last (satisfiable) call: one literal per variable 1..=`max_var`.
    fn model(&self) -> Vec<Lit> {
        (0..self.max_var)
            .map(|index| {
                let var = Var::from_index(index);
                let value = self.solver.value(dimacs(var.positive())) == Some(true);
                var.lit(value)
            })
            .collect()
    }
}

/// A literal as CaDiCaL's `i32` (DIMACS numbering).
fn dimacs(lit: Lit) -> i32 {
    i32::try_from(lit.to_dimacs()).expect("variable index beyond CaDiCaL's i32 range")
}

impl Backend for CadicalBackend {
    fn name(&self) -> &str {
        "cadical"
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        self.note_vars(clause);
        self.solver.add_clause(clause.iter().map(|&l| dimacs(l)));
    }

    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatResult, BackendError> {
        if self.stop.is_requested() {
            return Ok(SatResult::Unknown);
        }
        self.note_vars(assumptions);
        self.import();
        // IPASIR: assumptions hold for this call only. Without a stop request, an unknown
        // answer means the solver was interrupted to take shared clauses (only when it
        // imports by restarting): add them and solve again.
        loop {
            match self.solver.solve(assumptions.iter().map(|&l| dimacs(l))) {
                Answer::Sat => return Ok(SatResult::Sat(self.model())),
                Answer::Unsat => return Ok(SatResult::Unsat),
                Answer::Unknown
                    if self.stop.is_requested() || self.solver.hooks().share.is_none() =>
                {
                    return Ok(SatResult::Unknown)
                }
                Answer::Unknown => self.import(),
            }
        }
    }

    fn set_stop(&mut self, stop: Stop) {
        self.solver.hooks().stop = stop.clone();
        self.stop = stop;
    }

    fn failed(&self, assumptions: &[Lit]) -> Option<Vec<Lit>> {
        if self.solver.status() != Answer::Unsat {
            return None;
        }
        Some(
            assumptions
                .iter()
                .copied()
                .filter(|&l| self.solver.failed(dimacs(l)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::share::Exchange;
    use crate::rng::SplitMix64;

    /// A random 3-SAT formula of `vars` variables at the hard ratio (4.26 clauses per
    /// variable), drawn from `seed`.
    fn random_3sat(vars: usize, seed: u64) -> Vec<Vec<Lit>> {
        let mut rng = SplitMix64::new(seed);
        let clauses = vars * 426 / 100;
        (0..clauses)
            .map(|_| {
                (0..3)
                    .map(|_| {
                        let var = Var::from_index(usize::try_from(rng.below(vars as u64)).unwrap());
                        var.lit(rng.below(2) == 1)
                    })
                    .collect()
            })
            .collect()
    }

    fn satisfies(model: &[Lit], clauses: &[Vec<Lit>]) -> bool {
        clauses.iter().all(|c| c.iter().any(|l| model.contains(l)))
    }

    #[test]
    fn options_and_configurations_are_applied_and_unknown_ones_are_errors() {
        let backend =
            CadicalBackend::configured("sat", &[("lucky", 0), ("seed", 7)]).expect("known");
        assert_eq!(backend.option("lucky"), 0);
        assert_eq!(backend.option("seed"), 7);
        assert_eq!(
            backend.option("stabilizeonly"),
            1,
            "the `sat` configuration"
        );
        assert_eq!(CadicalBackend::new().option("lucky"), 1, "the default");
        for (config, options) in [
            ("default", &[("no-such-option", 1)][..]),
            ("no-such-configuration", &[][..]),
            ("default", &[("lucky\0", 1)][..]),
        ] {
            let Err(error) = CadicalBackend::configured(config, options) else {
                panic!("{config} {options:?} accepted");
            };
            assert!(matches!(error, BackendError::Internal(_)), "{error}");
        }
        // Options are CaDiCaL's to set only before the first clause: after it, an error
        // (CaDiCaL itself would abort the process).
        let mut backend = CadicalBackend::new();
        backend.add_clause(&[Var::from_index(0).positive()]);
        assert!(backend.solver.set_option("lucky", 0).is_err());
        assert!(backend.solver.configure("sat").is_err());
        assert_eq!(backend.option("lucky"), 1);
    }

    #[test]
    fn answers_models_and_failed_assumptions() {
        let clauses = random_3sat(60, 1);
        let mut backend = CadicalBackend::configured("unsat", &[("lucky", 0)]).expect("known");
        for clause in &clauses {
            backend.add_clause(clause);
        }
        let SatResult::Sat(model) = backend.solve_under(&[]).expect("solves") else {
            panic!("60 variables at the ratio are satisfiable with seed 1");
        };
        assert!(satisfies(&model, &clauses));
        let a = Var::from_index(60).positive();
        backend.add_clause(&[!a, Var::from_index(61).positive()]);
        backend.add_clause(&[!a, Var::from_index(61).negative()]);
        assert_eq!(backend.solve_under(&[a]).expect("solves"), SatResult::Unsat);
        assert_eq!(backend.failed(&[a]), Some(vec![a]));
        assert_eq!(backend.counts().solves, 2);
        assert_eq!(backend.counts().imported, 0);
    }

    /// Two members of a portfolio on one hard formula: each makes one `solve` call, and
    /// clauses the other learnt arrive during it (through the external propagator); both
    /// answer alike. The same members importing by restarting make more calls.
    #[test]
    fn members_import_the_others_clauses_during_search_without_new_solve_calls() {
        let clauses = random_3sat(200, 40);
        let run = |import: Import| {
            let exchange = Exchange::new(2);
            let answers: Vec<(bool, Counts)> = std::thread::scope(|s| {
                let handles: Vec<_> = ["default", "sat"]
                    .iter()
                    .enumerate()
                    .map(|(k, config)| {
                        let share = Share::new(exchange.clone(), k, 200);
                        let clauses = &clauses;
                        s.spawn(move || {
                            let mut member =
                                CadicalBackend::sharing(config, &[], share, import).expect("known");
                            for clause in clauses {
                                member.add_clause(clause);
                            }
                            let answer = member.solve_under(&[]).expect("solves");
                            if let SatResult::Sat(model) = &answer {
                                assert!(satisfies(model, clauses));
                            }
                            (matches!(answer, SatResult::Sat(_)), member.counts())
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("no panic"))
                    .collect()
            });
            answers
        };
        let search = run(Import::Search);
        assert_eq!(search[0].0, search[1].0, "{search:?}");
        assert!(search.iter().all(|(_, c)| c.solves == 1), "{search:?}");
        assert!(
            search.iter().map(|(_, c)| c.imported).sum::<u64>() > 0,
            "{search:?}"
        );
        let restart = run(Import::Restart);
        assert_eq!(restart[0].0, search[0].0, "{restart:?}");
        assert!(restart.iter().all(|(_, c)| c.imported == 0), "{restart:?}");
        assert!(restart.iter().any(|(_, c)| c.solves > 1), "{restart:?}");
    }
}
