//! # Learnt clauses shared between solvers of one formula
//!
//! Plingeling's idea (Biere: "Lingeling, Plingeling and Treengeling entering the SAT
//! competition 2013"), as ManySAT and Painless share too: the members of a portfolio
//! ([`crate::engine::parallel`]) that solve the *same* formula hand each other their short
//! learnt clauses, so that what one refutes the others need not refute again. Each member
//! has an inbox; a learnt clause goes to every other member's inbox. CaDiCaL's terminate
//! callback, polled during search, asks [`Share::due`] whether something waits; if so the
//! member takes its inbox and adds the clauses, either after stopping the solver (then it
//! calls `solve` again) or, through CaDiCaL's external propagator, during the same search
//! (`backend/cadical.rs`, `Import`).
//!
//! The grids the members find are shared too: a member that finds one publishes its
//! blocking clause ([`Exchange::publish`]), and every member adds the published blocking
//! clauses, in the order published, before it takes its inbox ([`Share::take`]). So all
//! members enumerate the same grids together: after the first solution they all look for a
//! second one, and what one learns there helps the others.
//!
//! ## Why it is sound
//! A clause is shared only when all its variables are the formula's own (below
//! [`Share::new`]'s bound), never one of the selector variables an enumeration adds to
//! guard its cubes. A CDCL solver's learnt clause is implied by the clauses it holds (its
//! assumptions are decisions, which conflict analysis never resolves away: a derivation
//! that used a guarded clause `¬a ∨ C` keeps `¬a`). A member holds the formula, the first
//! `e` published blocking clauses for some `e` that only grows, and imported clauses; so
//! by induction every clause it learns is implied by the formula and the first `e` blocking
//! clauses, with `e` at most the number published when the clause is sent. The receiver
//! takes its inbox *before* it catches up with the published blocking clauses, and adds
//! the blocking clauses before the received ones (the solver's import queue keeps that
//! order, also when a conflict or a stop splits one batch over several calls), so when it
//! adds a clause it holds at least the sender's blocking clauses: the clause removes no
//! grid it has not blocked itself. When a member's solver then answers "no model", the
//! grids it blocked are all the grids. Members must load the same formula, variable for
//! variable (clause order may differ).
//!
//! ## Bounds
//! Clauses of up to [`MAX_LEN`] literals are shared; a member looks at its inbox at most
//! every [`INTERVAL`]; an inbox holds at most [`INBOX_CAP`] literals, and clauses that do
//! not fit are dropped (sharing is an optimisation: nothing depends on a clause arriving).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use crate::cnf::Lit;
use crate::grid::Grid;
use crate::stop::Instant;

/// The longest learnt clause shared.
pub(crate) const MAX_LEN: usize = 16;

/// How often a member sends what it learnt and looks at its inbox.
pub(crate) const INTERVAL: Duration = Duration::from_millis(10);

/// How long a clause may be to be shared and how often a member looks at its inbox.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    /// The longest learnt clause shared.
    pub(crate) max_len: usize,
    /// How often a member sends what it learnt and looks at its inbox.
    pub(crate) interval: Duration,
}

impl Bounds {
    /// [`MAX_LEN`] and [`INTERVAL`], unless the environment variable `CAGESAT_SHARE` says
    /// otherwise: `len=N,interval=MS`, either or both, for measurements only
    /// (`benches/modes40.sh`); values that do not parse are ignored. Read once.
    pub(crate) fn get() -> Self {
        static ONCE: OnceLock<Bounds> = OnceLock::new();
        *ONCE.get_or_init(|| Self::parse(&std::env::var("CAGESAT_SHARE").unwrap_or_default()))
    }

    /// The bounds `text` (`len=N,interval=MS`) gives, the defaults for the rest.
    fn parse(text: &str) -> Self {
        let mut bounds = Bounds {
            max_len: MAX_LEN,
            interval: INTERVAL,
        };
        for (name, value) in text.split(',').filter_map(|o| o.split_once('=')) {
            match (name.trim(), value.trim().parse::<u64>()) {
                ("len", Ok(n)) => bounds.max_len = usize::try_from(n).unwrap_or(MAX_LEN),
                ("interval", Ok(ms)) => bounds.interval = Duration::from_millis(ms),
                _ => {}
            }
        }
        bounds
    }
}

/// The most literals (with their terminating zeros) an inbox holds.
pub(crate) const INBOX_CAP: usize = 1 << 20;

/// One member's inbox: clauses in DIMACS form, each ended by a zero.
#[derive(Debug, Default)]
struct Inbox {
    literals: Mutex<Vec<i32>>,
    /// Clauses waiting, read without the lock by [`Share::due`].
    waiting: AtomicUsize,
}

/// The inboxes of all members of one portfolio, and the grids they found.
#[derive(Debug)]
pub(crate) struct Exchange {
    inboxes: Vec<Inbox>,
    /// The grids found so far, each with its blocking clause, in the order published.
    found: Mutex<Vec<(Grid<u8>, Vec<Lit>)>>,
    /// `found`'s length, read without the lock.
    published: AtomicUsize,
    /// Per member: how many of `found` its solver holds the blocking clauses of.
    blocked: Vec<AtomicUsize>,
}

impl Exchange {
    /// An exchange between `members` solvers.
    pub(crate) fn new(members: usize) -> Arc<Self> {
        Arc::new(Self {
            inboxes: (0..members).map(|_| Inbox::default()).collect(),
            found: Mutex::new(Vec::new()),
            published: AtomicUsize::new(0),
            blocked: (0..members).map(|_| AtomicUsize::new(0)).collect(),
        })
    }

    /// Publishes a grid a member found, with the clause that blocks it, unless it was
    /// published before; answers how many grids are published now.
    pub(crate) fn publish(&self, grid: &Grid<u8>, block: Vec<Lit>) -> usize {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        if !found.iter().any(|(g, _)| g == grid) {
            found.push((grid.clone(), block));
            self.published.store(found.len(), Ordering::Release);
        }
        found.len()
    }

    /// How many grids are published.
    pub(crate) fn published(&self) -> usize {
        self.published.load(Ordering::Acquire)
    }

    /// The first `n` grids published (fewer if there are fewer).
    pub(crate) fn grids(&self, n: usize) -> Vec<Grid<u8>> {
        let found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        found.iter().take(n).map(|(g, _)| g.clone()).collect()
    }

    /// How many of the published grids member `member`'s solver has blocked: when it
    /// answers "no model", these are all the grids.
    pub(crate) fn blocked(&self, member: usize) -> usize {
        self.blocked[member].load(Ordering::Acquire)
    }
}

/// One member's end of an [`Exchange`].
#[derive(Debug)]
pub(crate) struct Share {
    exchange: Arc<Exchange>,
    member: usize,
    /// Clauses whose DIMACS variables are all at most this are shared.
    max_var: i32,
    /// Learnt since the last send, each ended by a zero.
    outbox: Vec<i32>,
    outbox_clauses: usize,
    bounds: Bounds,
    last: Instant,
    /// Clauses sent to the others and taken from the inbox so far.
    sent: usize,
    taken: usize,
}

impl Share {
    /// Member `member`'s end of `exchange`, sharing clauses over the variables `1..=max_var`
    /// (DIMACS numbering: the formula's own).
    pub(crate) fn new(exchange: Arc<Exchange>, member: usize, max_var: usize) -> Self {
        assert!(member < exchange.inboxes.len(), "no such member");
        Self {
            exchange,
            member,
            max_var: i32::try_from(max_var).unwrap_or(i32::MAX),
            outbox: Vec::new(),
            outbox_clauses: 0,
            bounds: Bounds::get(),
            last: Instant::now(),
            sent: 0,
            taken: 0,
        }
    }

    /// This member's number.
    pub(crate) fn member(&self) -> usize {
        self.member
    }

    /// How long a shared clause may be and how often the inbox is looked at.
    pub(crate) fn bounds(&self) -> Bounds {
        self.bounds
    }

    /// The largest DIMACS variable shared clauses may hold (the formula's own).
    pub(crate) fn max_var(&self) -> i32 {
        self.max_var
    }

    /// A clause the solver learnt: kept for the others when it is over the formula's own
    /// variables and at most [`Bounds::max_len`] long.
    pub(crate) fn offer(&mut self, clause: &[i32]) {
        let own = |l: &i32| i64::from(l.unsigned_abs()) <= i64::from(self.max_var);
        if clause.len() <= self.bounds.max_len && clause.iter().all(own) {
            self.outbox.extend_from_slice(clause);
            self.outbox.push(0);
            self.outbox_clauses += 1;
        }
    }

    /// Polled during search: every [`Bounds::interval`], sends what was learnt and answers whether
    /// clauses wait in this member's inbox or grids were published that it has not blocked
    /// (then the solver should stop and [`take`](Self::take) them).
    pub(crate) fn due(&mut self) -> bool {
        if self.last.elapsed() < self.bounds.interval {
            return false;
        }
        self.last = Instant::now();
        self.send();
        self.exchange.inboxes[self.member]
            .waiting
            .load(Ordering::Relaxed)
            > 0
            || self.exchange.published() > self.exchange.blocked(self.member)
    }

    /// Sends the outbox to every other member's inbox (where it fits).
    fn send(&mut self) {
        if self.outbox.is_empty() {
            return;
        }
        for (k, inbox) in self.exchange.inboxes.iter().enumerate() {
            if k == self.member {
                continue;
            }
            let mut literals = inbox
                .literals
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if literals.len() + self.outbox.len() <= INBOX_CAP {
                literals.extend_from_slice(&self.outbox);
                let _ = inbox
                    .waiting
                    .fetch_add(self.outbox_clauses, Ordering::Relaxed);
            }
        }
        self.sent += self.outbox_clauses;
        self.outbox.clear();
        self.outbox_clauses = 0;
    }

    /// Empties this member's inbox, then catches up with the published grids: the blocking
    /// clauses of the grids published since the last call, and the clauses the others sent
    /// (DIMACS, each ended by a zero). The solver must add both (module notes: the order
    /// of these two steps is what makes sharing sound).
    pub(crate) fn take(&mut self) -> (Vec<Vec<Lit>>, Vec<i32>) {
        let inbox = &self.exchange.inboxes[self.member];
        let literals = {
            let mut literals = inbox
                .literals
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            self.taken += inbox.waiting.swap(0, Ordering::Relaxed);
            std::mem::take(&mut *literals)
        };
        let found = self
            .exchange
            .found
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let blocked = &self.exchange.blocked[self.member];
        let blocks = found[blocked.load(Ordering::Acquire)..]
            .iter()
            .map(|(_, b)| b.clone())
            .collect();
        blocked.store(found.len(), Ordering::Release);
        (blocks, literals)
    }

    /// Clauses sent to the others and taken from the inbox so far.
    #[cfg(test)]
    pub(crate) fn counts(&self) -> (usize, usize) {
        (self.sent, self.taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;

    #[test]
    fn bounds_read_what_they_know_and_keep_the_defaults_for_the_rest() {
        let b = Bounds::parse("len=8, interval = 5");
        assert_eq!((b.max_len, b.interval), (8, Duration::from_millis(5)));
        let b = Bounds::parse("len=x,interval,speed=3");
        assert_eq!((b.max_len, b.interval), (MAX_LEN, INTERVAL));
        let b = Bounds::parse("");
        assert_eq!((b.max_len, b.interval), (MAX_LEN, INTERVAL));
    }

    /// `share` as if its interval had passed: sends, and answers whether anything waits.
    fn poll_now(share: &mut Share) -> bool {
        share.last = Instant::now() - share.bounds.interval;
        share.due()
    }

    fn grid(digits: &[u8]) -> Grid<u8> {
        Grid::from_rows(vec![digits.to_vec()]).expect("one row")
    }

    #[test]
    fn clauses_go_to_every_other_member_only_over_the_formulas_own_variables() {
        let exchange = Exchange::new(3);
        let mut ends: Vec<Share> = (0..3)
            .map(|k| Share::new(exchange.clone(), k, 10))
            .collect();
        ends[0].offer(&[1, -2]);
        ends[0].offer(&[3, -11]); // a selector variable: kept back
        ends[0].offer(&(1..=17).collect::<Vec<_>>()); // too long
        ends[0].offer(&[-10]);
        assert!(
            !poll_now(&mut ends[1]),
            "nothing is sent before the sender's interval"
        );
        assert!(
            !poll_now(&mut ends[0]),
            "a member never receives its own clauses"
        );
        assert_eq!(ends[0].counts(), (2, 0));
        for end in &mut ends[1..] {
            assert!(poll_now(end));
            assert_eq!(end.take(), (Vec::new(), vec![1, -2, 0, -10, 0]));
            assert!(!poll_now(end));
            assert_eq!(end.counts(), (0, 2));
        }
    }

    #[test]
    fn published_grids_are_blocked_by_every_member_once_in_the_order_published() {
        let exchange = Exchange::new(2);
        let mut a = Share::new(exchange.clone(), 0, 10);
        let mut b = Share::new(exchange.clone(), 1, 10);
        let block = |v: usize| vec![Var::from_index(v).negative()];
        assert_eq!(exchange.publish(&grid(&[1, 2]), block(0)), 1);
        assert_eq!(
            exchange.publish(&grid(&[1, 2]), block(0)),
            1,
            "published once"
        );
        assert_eq!(exchange.publish(&grid(&[2, 1]), block(1)), 2);
        assert_eq!(exchange.published(), 2);
        assert_eq!(exchange.grids(5), vec![grid(&[1, 2]), grid(&[2, 1])]);
        assert_eq!(exchange.grids(1), vec![grid(&[1, 2])]);
        assert!(poll_now(&mut b), "grids not yet blocked wait like clauses");
        assert_eq!(exchange.blocked(1), 0);
        assert_eq!(b.take(), (vec![block(0), block(1)], Vec::new()));
        assert_eq!(exchange.blocked(1), 2);
        assert_eq!(exchange.blocked(0), 0);
        assert!(!poll_now(&mut b));
        assert_eq!(exchange.publish(&grid(&[3, 3]), block(2)), 3);
        assert_eq!(b.take().0, vec![block(2)]);
        assert_eq!(a.take().0, vec![block(0), block(1), block(2)]);
        assert_eq!((exchange.blocked(0), exchange.blocked(1)), (3, 3));
    }

    #[test]
    fn a_full_inbox_drops_what_does_not_fit() {
        let exchange = Exchange::new(2);
        let mut a = Share::new(exchange.clone(), 0, 100);
        let mut b = Share::new(exchange, 1, 100);
        let clause: Vec<i32> = (1..=15).collect();
        let per_send = 1000;
        let sends = INBOX_CAP / (16 * per_send) + 2;
        for _ in 0..sends {
            for _ in 0..per_send {
                a.offer(&clause);
            }
            let _ = poll_now(&mut a);
        }
        let (_, taken) = b.take();
        assert!(taken.len() <= INBOX_CAP);
        assert_eq!(taken.len() % 16, 0);
        assert_eq!(taken.len() / 16, b.counts().1);
        assert!(b.counts().1 < sends * per_send);
        assert_eq!(
            a.counts().0,
            sends * per_send,
            "every clause was offered and sent"
        );
    }
}
