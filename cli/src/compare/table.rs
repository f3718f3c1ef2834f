//! # Comparison reports
//!
//! [`render_table`] prints one aligned row per (puzzle, engine), a blank line, then one
//! total row per engine and one line per disagreement. [`records`] gives the same data as
//! JSON objects, one per (puzzle, engine).

use serde_json::json;

use crate::compare::{EngineRun, PuzzleComparison};
use cagesat::Outcome;
use cagesat::Puzzle;

const HEADER: [&str; 9] = [
    "puzzle", "size", "engine", "result", "time_ms", "nodes", "fails", "vars", "clauses",
];
const TOTALS_HEADER: [&str; 10] = [
    "engine", "runs", "unique", "multiple", "unsat", "stopped", "errors", "time_ms", "nodes",
    "fails",
];

/// Per-engine sums over a comparison.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Totals {
    /// Engine name.
    pub engine: String,
    /// Puzzles run.
    pub runs: usize,
    /// Unique solutions.
    pub unique: usize,
    /// Puzzles with several solutions.
    pub multiple: usize,
    /// Puzzles without solution.
    pub unsat: usize,
    /// Failed runs.
    pub errors: usize,
    /// Runs stopped by a time limit or an interrupt.
    pub stopped: usize,
    /// Sum of the median times, in milliseconds.
    pub time_ms: f64,
    /// Sum of search nodes (engines that count them).
    pub nodes: u64,
    /// Sum of failed nodes.
    pub fails: u64,
}

/// Sums every engine's runs, engines in order of first appearance.
#[must_use]
pub(crate) fn totals(comparisons: &[PuzzleComparison]) -> Vec<Totals> {
    let mut out: Vec<Totals> = Vec::new();
    for run in comparisons.iter().flat_map(|c| &c.runs) {
        let i = match out.iter().position(|t| t.engine == run.engine) {
            Some(i) => i,
            None => {
                out.push(Totals {
                    engine: run.engine.clone(),
                    ..Totals::default()
                });
                out.len() - 1
            }
        };
        let t = &mut out[i];
        t.runs += 1;
        match &run.result {
            Err(_) => t.errors += 1,
            Ok(m) => {
                match m.outcome.label() {
                    "unique" => t.unique += 1,
                    "unsat" => t.unsat += 1,
                    "timeout" | "interrupted" => t.stopped += 1,
                    _ => t.multiple += 1,
                }
                t.time_ms += m.median.as_secs_f64() * 1e3;
                t.nodes += m.stats.nodes().unwrap_or(0);
                t.fails += m.stats.backtracks().unwrap_or(0);
            }
        }
    }
    out
}

/// The aligned text report.
#[must_use]
pub(crate) fn render_table(comparisons: &[PuzzleComparison]) -> String {
    let mut rows = vec![HEADER.map(String::from).to_vec()];
    for c in comparisons {
        for run in &c.runs {
            rows.push(run_row(c, run));
        }
    }
    let mut out = aligned(&rows, 4);
    out.push('\n');
    let mut total_rows = vec![TOTALS_HEADER.map(String::from).to_vec()];
    for t in totals(comparisons) {
        total_rows.push(vec![
            t.engine,
            t.runs.to_string(),
            t.unique.to_string(),
            t.multiple.to_string(),
            t.unsat.to_string(),
            t.stopped.to_string(),
            t.errors.to_string(),
            format!("{:.3}", t.time_ms),
            t.nodes.to_string(),
            t.fails.to_string(),
        ]);
    }
    out.push_str(&aligned(&total_rows, 1));
    for c in comparisons {
        if let Some(why) = &c.disagreement {
            out.push_str(&format!("DISAGREE {}: {why}\n", c.name));
        }
        for run in &c.runs {
            if let Err(e) = &run.result {
                out.push_str(&format!("ERROR {} ({}): {e}\n", c.name, run.engine));
            }
        }
    }
    out
}

fn run_row(c: &PuzzleComparison, run: &EngineRun) -> Vec<String> {
    let dash = || "-".to_string();
    let mut row = vec![c.name.clone(), c.size.clone(), run.engine.clone()];
    match &run.result {
        Err(_) => row.extend(["error".to_string(), dash(), dash(), dash(), dash(), dash()]),
        Ok(m) => {
            let cnf = m.stats.cnf();
            row.extend([
                m.outcome.label().to_string(),
                format!("{:.3}", m.median.as_secs_f64() * 1e3),
                m.stats.nodes().map_or_else(dash, |n| n.to_string()),
                m.stats.backtracks().map_or_else(dash, |n| n.to_string()),
                cnf.map_or_else(dash, |(v, _)| v.to_string()),
                cnf.map_or_else(dash, |(_, k)| k.to_string()),
            ]);
        }
    }
    row
}

/// Pads the columns: the first `left` columns to the left, the others to the right.
fn aligned(rows: &[Vec<String>], left: usize) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (s, &w))| {
                if i < left {
                    format!("{s:<w$}")
                } else {
                    format!("{s:>w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// One JSON object per (puzzle, engine); `puzzle` is the one compared (it shapes the
/// `solution` field).
#[must_use]
pub(crate) fn records(c: &PuzzleComparison, puzzle: &Puzzle) -> Vec<serde_json::Value> {
    c.runs
        .iter()
        .map(|run| {
            let base = json!({
                "file": c.name,
                "kind": c.kind,
                "size": c.size,
                "engine": run.engine,
                "agree": c.disagreement.is_none(),
            });
            let extra = match &run.result {
                Err(e) => json!({"status": "error", "error": e}),
                Ok(m) => {
                    let (status, unique, solution) = match &m.outcome {
                        Outcome::Solved { grid, unique, .. } => {
                            ("solved", json!(unique), puzzle.render_json(grid))
                        }
                        Outcome::Unsat => ("unsat", json!(null), json!(null)),
                        Outcome::Stopped { grid, reason } => (
                            reason.name(),
                            json!(null),
                            grid.as_ref().map_or(json!(null), |g| puzzle.render_json(g)),
                        ),
                        other => (other.label(), json!(null), json!(null)),
                    };
                    let ms: Vec<f64> = m.times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
                    json!({
                        "status": status,
                        "unique": unique,
                        "solution": solution,
                        "time_ms": m.median.as_secs_f64() * 1e3,
                        "times_ms": ms,
                        "stats": m.stats.to_json(),
                    })
                }
            };
            merge(base, extra)
        })
        .collect()
}

fn merge(mut a: serde_json::Value, b: serde_json::Value) -> serde_json::Value {
    if let (Some(a), serde_json::Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{compare_puzzle, CompareOptions};
    use cagesat::Engine;

    fn two_puzzles() -> Vec<(PuzzleComparison, Puzzle)> {
        [
            ("tiny", "size 2\n3 + A1 A2\n1 = B1\n2 = B2"),
            ("open", "size 2\n3 + A1 A2\n3 + B1 B2"),
        ]
        .into_iter()
        .map(|(name, text)| {
            let p = Puzzle::parse(text).unwrap();
            // Two engines pin the layout; which engines are built in does not matter here.
            let opts = CompareOptions {
                engines: vec![Engine::Native, Engine::Varisat],
                ..CompareOptions::default()
            };
            (compare_puzzle(name, &p, &opts), p)
        })
        .collect()
    }

    #[test]
    fn totals_count_outcomes_per_engine() {
        let cs: Vec<PuzzleComparison> = two_puzzles().into_iter().map(|(c, _)| c).collect();
        let t = totals(&cs);
        assert_eq!(t.len(), 2);
        for engine in &t {
            assert_eq!((engine.runs, engine.unique, engine.multiple), (2, 1, 1));
            assert_eq!((engine.unsat, engine.errors), (0, 0));
        }
        assert!(t[0].nodes >= 2, "native counts nodes");
        assert_eq!(t[1].nodes, 0, "SAT does not");
    }

    #[test]
    fn table_rows_are_aligned_and_end_with_totals() {
        let cs: Vec<PuzzleComparison> = two_puzzles().into_iter().map(|(c, _)| c).collect();
        let text = render_table(&cs);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 4 + 1 + 3, "{text}");
        let end = lines[0].find("time_ms").unwrap() + "time_ms".len();
        for row in &lines[1..5] {
            assert!(row.as_bytes()[end - 1].is_ascii_digit(), "{row}");
            assert_eq!(&row[end..end + 2], "  ");
        }
        let words = |l: &str| l.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert_eq!(words(lines[1]), "tiny 2x2 native unique");
        assert_eq!(words(lines[4]), "open 2x2 varisat multiple");
        assert!(lines[1].starts_with("tiny    2x2   native   unique  "));
        assert_eq!(lines[5], "");
        assert!(lines[7].starts_with("native ") && lines[8].starts_with("varisat"));
    }

    #[test]
    fn json_records_carry_solution_and_engine_stats() {
        for (c, p) in two_puzzles() {
            let r = records(&c, &p);
            assert_eq!(r.len(), 2);
            assert_eq!(r[0]["engine"], "native");
            assert!(r[0]["stats"]["nodes"].is_u64());
            assert!(r[1]["stats"]["clauses"].is_u64());
            assert_eq!(r[0]["agree"], true);
        }
        let (c, p) = &two_puzzles()[0];
        assert_eq!(
            records(c, p)[0]["solution"],
            serde_json::json!([[2, 1], [1, 2]])
        );
    }
}
