//! # Comparing engines
//!
//! [`compare_puzzle`] runs every [`Engine`] on one puzzle with the uniqueness check,
//! `repeat` times each, keeps the median wall time, and checks that the engines agree
//! (same status, same uniqueness, and the same grid when it is unique). `table` renders
//! the results as an aligned text table with per-engine totals, or as JSON records.

mod report;
pub(crate) mod table;

use std::time::{Duration, Instant};

use cagesat::engine::{EngineError, EngineStats};
use cagesat::Outcome;
use cagesat::Puzzle;
use cagesat::{Engine, EngineOptions};

pub(crate) use report::render_html;
pub(crate) use table::{records, render_table};

/// What to compare and how often.
#[derive(Clone, Debug)]
pub(crate) struct CompareOptions {
    /// Engines, in report order.
    pub engines: Vec<Engine>,
    /// Runs per (puzzle, engine); the median time is reported.
    pub repeat: usize,
    /// Options passed to every engine. Its `stop` is shared by every run (an interrupt
    /// ends them all); `timeout` gives each run its own deadline on top.
    pub engine: EngineOptions,
    /// Time limit per run (each repetition of each engine on each puzzle).
    pub timeout: Option<Duration>,
}

impl Default for CompareOptions {
    fn default() -> Self {
        CompareOptions {
            engines: Engine::builtin(),
            repeat: 1,
            engine: EngineOptions::default(),
            timeout: None,
        }
    }
}

/// One engine's answer on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Measured {
    /// The (verified) outcome of the first run.
    pub outcome: Outcome,
    /// Effort of the first run.
    pub stats: EngineStats,
    /// Median wall time over the runs.
    pub median: Duration,
    /// Wall time of every run, in order.
    pub times: Vec<Duration>,
}

/// One engine on one puzzle: its answer or its error message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineRun {
    /// Engine name.
    pub engine: String,
    /// The answer, or why there is none.
    pub result: Result<Measured, String>,
}

/// Every engine on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PuzzleComparison {
    /// Puzzle name (usually its file).
    pub name: String,
    /// Puzzle kind, e.g. `kenken`.
    pub kind: &'static str,
    /// Size label, e.g. `6x6`.
    pub size: String,
    /// One run per engine, in engine order.
    pub runs: Vec<EngineRun>,
    /// Why the engines disagree, when they do.
    pub disagreement: Option<String>,
}

/// Runs every engine of `opts` on `puzzle` and checks that they agree.
#[must_use]
pub(crate) fn compare_puzzle(
    name: &str,
    puzzle: &Puzzle,
    opts: &CompareOptions,
) -> PuzzleComparison {
    let runs: Vec<EngineRun> = opts
        .engines
        .iter()
        .map(|e| EngineRun {
            engine: e.name().to_string(),
            result: measure(e, puzzle, opts).map_err(|err| err.to_string()),
        })
        .collect();
    let disagreement = disagreement(&runs);
    PuzzleComparison {
        name: name.to_string(),
        kind: puzzle.kind(),
        size: puzzle.size_label(),
        runs,
        disagreement,
    }
}

#[expect(
    clippy::result_large_err,
    reason = "the library's own error, passed on once per engine and puzzle"
)]
fn measure(e: &Engine, puzzle: &Puzzle, opts: &CompareOptions) -> Result<Measured, EngineError> {
    #[expect(
        clippy::result_large_err,
        reason = "the library's own error, passed on once per run"
    )]
    let run = || {
        let mut o = opts.engine.clone();
        if let Some(deadline) = opts.timeout.and_then(|t| Instant::now().checked_add(t)) {
            o.stop = o.stop.with_deadline(deadline);
        }
        e.prove_unique(puzzle, &o)
    };
    // After Ctrl-C or SIGTERM no further engine starts (encoding alone can take a second).
    if let Some(reason) = opts
        .engine
        .stop
        .reason()
        .filter(|r| *r == cagesat::engine::StopReason::Interrupted)
    {
        return Ok(Measured {
            outcome: Outcome::Stopped { grid: None, reason },
            stats: match e {
                Engine::Native => EngineStats::Native(cagesat::engine::NativeStats::default()),
                _ => EngineStats::Sat(cagesat::engine::SatStats::default()),
            },
            median: Duration::ZERO,
            times: vec![Duration::ZERO],
        });
    }
    let t0 = Instant::now();
    let (outcome, stats) = run()?;
    let mut times = vec![t0.elapsed()];
    // A stopped run is not repeated: its time is the limit, not a measurement.
    let repeat = if matches!(outcome, Outcome::Stopped { .. }) {
        1
    } else {
        opts.repeat
    };
    for _ in 1..repeat {
        let t = Instant::now();
        let _ = run()?;
        times.push(t.elapsed());
    }
    Ok(Measured {
        outcome,
        stats,
        median: median(&times),
        times,
    })
}

/// The median of `times` (the lower middle for an even count; zero when empty).
#[must_use]
pub(crate) fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    sorted
        .get(sorted.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or_default()
}

/// Compares the successful runs with the first one: same label, and the same grid when
/// the solution is unique (several solutions may be found in any order).
fn disagreement(runs: &[EngineRun]) -> Option<String> {
    let ok: Vec<(&str, &Measured)> = runs
        .iter()
        .filter_map(|r| r.result.as_ref().ok().map(|m| (r.engine.as_str(), m)))
        .filter(|(_, m)| !matches!(m.outcome, Outcome::Stopped { .. }))
        .collect();
    let (first_name, first) = ok.first()?;
    for (name, m) in &ok[1..] {
        let (a, b) = (first.outcome.label(), m.outcome.label());
        if a != b {
            return Some(format!("{first_name} says {a}, {name} says {b}"));
        }
        if a == "unique" && first.outcome.grid() != m.outcome.grid() {
            return Some(format!("{first_name} and {name} found different solutions"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::engine::NativeStats;
    use cagesat::Grid;

    fn ms(x: u64) -> Duration {
        Duration::from_millis(x)
    }

    fn run(engine: &str, outcome: Outcome) -> EngineRun {
        EngineRun {
            engine: engine.to_string(),
            result: Ok(Measured {
                outcome,
                stats: EngineStats::Native(NativeStats::default()),
                median: ms(1),
                times: vec![ms(1)],
            }),
        }
    }

    fn solved(rows: Vec<Vec<u8>>, unique: bool) -> Outcome {
        Outcome::Solved {
            grid: Grid::from_rows(rows).unwrap(),
            unique: Some(unique),
            second: None,
        }
    }

    #[test]
    fn median_is_the_lower_middle() {
        assert_eq!(median(&[ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(median(&[ms(4), ms(1), ms(3), ms(2)]), ms(2));
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn engines_must_agree_on_status_and_unique_grids() {
        let a = solved(vec![vec![1, 2], vec![2, 1]], true);
        let b = solved(vec![vec![2, 1], vec![1, 2]], true);
        assert_eq!(
            disagreement(&[run("x", a.clone()), run("y", a.clone())]),
            None
        );
        assert_eq!(
            disagreement(&[run("x", a.clone()), run("y", b.clone())]).as_deref(),
            Some("x and y found different solutions")
        );
        assert_eq!(
            disagreement(&[run("x", a), run("y", Outcome::Unsat)]).as_deref(),
            Some("x says unique, y says unsat")
        );
        // Several solutions may come in any order.
        let (c, d) = (
            solved(vec![vec![1, 2], vec![2, 1]], false),
            solved(vec![vec![2, 1], vec![1, 2]], false),
        );
        assert_eq!(disagreement(&[run("x", c), run("y", d)]), None);
        // A failed run is reported as an error, not as a disagreement.
        let failed = EngineRun {
            engine: "z".into(),
            result: Err("boom".into()),
        };
        assert_eq!(disagreement(&[failed, run("y", b)]), None);
    }

    #[test]
    fn compare_runs_every_builtin_engine() {
        let text = "size 2\n3 + A1 A2\n1 = B1\n2 = B2";
        let puzzle = cagesat::Puzzle::parse(text).unwrap();
        let opts = CompareOptions {
            repeat: 3,
            ..CompareOptions::default()
        };
        let c = compare_puzzle("tiny", &puzzle, &opts);
        assert_eq!((c.kind, c.size.as_str()), ("kenken", "2x2"));
        let names: Vec<&str> = c.runs.iter().map(|r| r.engine.as_str()).collect();
        let engines = Engine::builtin();
        let builtin: Vec<&str> = engines.iter().map(Engine::name).collect();
        assert_eq!(names, builtin);
        assert_eq!(names.len(), if cfg!(feature = "cadical") { 4 } else { 3 });
        assert_eq!(c.disagreement, None);
        for r in &c.runs {
            let m = r.result.as_ref().unwrap();
            assert_eq!(m.times.len(), 3);
            assert_eq!(m.outcome.label(), "unique");
        }
    }
}
