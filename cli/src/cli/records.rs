//! The JSON records the commands print (`--json`, one object per line), as serde structs.
//!
//! The bytes are those the commands have always printed: keys in sorted order (so each
//! struct lists its fields alphabetically; serde writes them in declaration order), `null`
//! for an absent value, times as milliseconds in an `f64`. `cli/tests/golden/cli/*.out`
//! pins them.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Duration;

use serde::Serialize;

use cagesat::engine::EngineStats;

/// The `stats` object of `solve`, `count` and `decode`: the effort of one run in its
/// engine's terms, built from the library's [`EngineStats`].
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum StatsRecord {
    /// The native engine's search.
    Native {
        /// Nodes whose propagation failed.
        backtracks: u64,
        /// Cages handled by bounds instead of a table.
        bounds_cages: usize,
        /// Search nodes.
        nodes: u64,
        /// Propagator runs.
        propagations: u64,
        /// Model building, in milliseconds.
        setup_ms: f64,
        /// Propagation and search, in milliseconds.
        solve_ms: f64,
    },
    /// A SAT run: the CNF's size and times.
    Sat {
        /// Clauses of the CNF.
        clauses: usize,
        /// Encoding, in milliseconds.
        encode_ms: f64,
        /// The solver's calls, in milliseconds.
        solve_ms: f64,
        /// Variables of the CNF.
        vars: usize,
    },
    /// An SMT run: the script's size, solver calls and times.
    Smt {
        /// Assertions of the script.
        assertions: usize,
        /// Solver processes run.
        calls: usize,
        /// Declarations of the script.
        declarations: usize,
        /// Building the script, in milliseconds.
        encode_ms: f64,
        /// The solver processes, in milliseconds.
        solve_ms: f64,
    },
}

/// A duration in milliseconds, as the records print it.
fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

impl From<&EngineStats> for StatsRecord {
    fn from(stats: &EngineStats) -> Self {
        match stats {
            EngineStats::Native(s) => StatsRecord::Native {
                backtracks: s.backtracks,
                bounds_cages: s.bounds_cages,
                nodes: s.nodes,
                propagations: s.propagations,
                setup_ms: ms(s.setup_time),
                solve_ms: ms(s.solve_time),
            },
            EngineStats::Sat(s) => StatsRecord::Sat {
                clauses: s.cnf.clauses,
                encode_ms: ms(s.encode_time),
                solve_ms: ms(s.solve_time),
                vars: s.cnf.vars,
            },
            EngineStats::Smt(s) => StatsRecord::Smt {
                assertions: s.script.assertions,
                calls: s.calls,
                declarations: s.script.declarations,
                encode_ms: ms(s.encode_time),
                solve_ms: ms(s.solve_time),
            },
        }
    }
}

/// The files `solve --proof PREFIX` wrote, in the `certificate` field of its record.
#[derive(Debug, Serialize)]
pub(crate) struct CertificateRecord {
    /// Clauses of `PREFIX.cnf`.
    pub clauses: usize,
    /// `PREFIX.cnf`.
    pub cnf: String,
    /// `PREFIX.lrat`.
    pub lrat: String,
    /// Size of `PREFIX.lrat`.
    pub proof_bytes: u64,
    /// The solver that wrote the proof (`varisat`, `cadical`).
    pub prover: &'static str,
    /// Variables of `PREFIX.cnf`.
    pub vars: usize,
}

/// One puzzle's answer: `solve --json` and `decode --json`.
#[derive(Debug, Serialize)]
pub(crate) struct SolveRecord<'a> {
    /// With `--proof` only: the certificate written, or `null` when there is none (several
    /// solutions, or a stopped run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Option<CertificateRecord>>,
    /// With a second solution only (`unique: false`): the cells where it differs from
    /// `solution` (`["A1", "B2"]`), in row-major order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differ: Option<Vec<String>>,
    /// The input's display name.
    pub file: &'a str,
    /// The puzzle kind (`kenken`, `kakuro`, `crossproduct`).
    pub kind: &'static str,
    /// With a second solution only (`unique: false`): that grid, drawn as `solution` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<serde_json::Value>,
    /// The verified grid ([`cagesat::Puzzle::render_json`]), or `null`.
    pub solution: serde_json::Value,
    /// The effort.
    pub stats: StatsRecord,
    /// `solved`, `unsat`, or why the run stopped (`timeout`, `interrupted`).
    pub status: &'static str,
    /// With the uniqueness check, whether the grid is the only one; else `null`.
    pub unique: Option<bool>,
}

/// The totals of `count --json`: the fields that follow the streamed `solutions` array
/// under `--print-solutions`.
#[derive(Debug, Serialize)]
pub(crate) struct CountTotals {
    /// Whether every solution was counted.
    pub complete: bool,
    /// Solutions found.
    pub count: u64,
    /// The effort.
    pub stats: StatsRecord,
    /// Why the count stopped early (`timeout`, `interrupted`), or `null`.
    pub stopped: Option<&'static str>,
}

/// One puzzle's `count --json` record without `--print-solutions` (with it, see
/// [`CountOpening`] and [`CountTotals`]).
#[derive(Debug, Serialize)]
pub(crate) struct CountRecord<'a> {
    /// Whether every solution was counted.
    pub complete: bool,
    /// Solutions found.
    pub count: u64,
    /// The input's display name.
    pub file: &'a str,
    /// The puzzle kind.
    pub kind: &'static str,
    /// The effort.
    pub stats: StatsRecord,
    /// Why the count stopped early, or `null`.
    pub stopped: Option<&'static str>,
}

impl<'a> CountRecord<'a> {
    /// The record of `totals` for `file` of `kind`.
    pub(crate) fn new(file: &'a str, kind: &'static str, totals: CountTotals) -> Self {
        let CountTotals {
            complete,
            count,
            stats,
            stopped,
        } = totals;
        CountRecord {
            complete,
            count,
            file,
            kind,
            stats,
            stopped,
        }
    }
}

/// The fields of `count --json --print-solutions` written before the streamed
/// `solutions` array.
#[derive(Debug, Serialize)]
pub(crate) struct CountOpening<'a> {
    /// The input's display name.
    pub file: &'a str,
    /// The puzzle kind.
    pub kind: &'static str,
}

/// A file that failed: `{"error":…,"file":…,"status":"error"}` (`solve`, `count`,
/// `decode` and `grade` with `--json`).
#[derive(Debug, Serialize)]
pub(crate) struct ErrorRecord<'a> {
    /// The error and its causes on one line.
    pub error: String,
    /// The input's display name.
    pub file: &'a str,
    /// Always `error`.
    pub status: &'static str,
}

/// One puzzle's `grade --json` record (KenKen and Kakuro alike).
#[derive(Debug, Serialize)]
pub(crate) struct GradeRecord<'a> {
    /// Whether the KenKen needs the box–box deduction; `null` for a Kakuro.
    pub box_box_needed: Option<bool>,
    /// Cells to fill.
    pub cells: usize,
    /// Cells that unit propagation on the CNF fixes.
    pub cnf_up_fixed: usize,
    /// Whether unit propagation on the CNF solves the puzzle.
    pub cnf_up_solves: bool,
    /// The input's display name.
    pub file: &'a str,
    /// Per propagation level (by name), the cells it fixes at the root.
    pub fixed: BTreeMap<&'static str, usize>,
    /// The puzzle kind.
    pub kind: &'static str,
    /// The weakest level that solves the puzzle, or `unsat`.
    pub level: String,
    /// With `--technique`: the hardest technique's score on the step-by-step path
    /// (`Technique::score` in tenths, as a number), `null` when the path does not solve
    /// the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Option<f64>>,
    /// The size label (`6x6`, `7x7`).
    pub size: String,
    /// With `--technique`: the hardest technique on the step-by-step path (`explain`),
    /// `null` when the path does not solve the puzzle (several solutions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<Option<String>>,
}

/// Writes `record` on one line.
///
/// # Errors
/// Failed writes.
pub(crate) fn write_line(
    out: &mut (impl Write + ?Sized),
    record: &impl Serialize,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// `output` (one input's) with `"line":LINE` added to each JSON record in it (with
/// `--json`; keys stay sorted), or each text line unchanged.
pub(crate) fn with_line(output: &[u8], json: bool, line: usize) -> Vec<u8> {
    if !json {
        return output.to_vec();
    }
    let mut out = Vec::with_capacity(output.len() + 16);
    for l in output.split_inclusive(|&b| b == b'\n') {
        let record = serde_json::from_slice::<serde_json::Value>(l);
        match record {
            Ok(serde_json::Value::Object(mut map)) => {
                let _ = map.insert("line".into(), line.into());
                let _ = write_line(&mut out, &map);
            }
            _ => out.extend_from_slice(l),
        }
    }
    out
}

/// The members of `record`'s JSON object without the enclosing braces (`"a":1,"b":2`),
/// for a record written in parts around a streamed field.
pub(crate) fn members(record: &impl Serialize) -> String {
    let text = serde_json::to_string(record).unwrap_or_default();
    text.strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or_default()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::{
        encode::EncodeStats,
        engine::{NativeStats, SatStats, SmtRunStats},
        smt::SmtStats,
    };

    #[test]
    fn stats_keep_the_engine_fields_in_sorted_order() {
        let sat = EngineStats::Sat(SatStats {
            cnf: EncodeStats {
                vars: 3,
                clauses: 7,
            },
            encode_time: Duration::from_micros(1500),
            solve_time: Duration::ZERO,
        });
        let text = serde_json::to_string(&StatsRecord::from(&sat)).unwrap();
        assert_eq!(
            text,
            r#"{"clauses":7,"encode_ms":1.5,"solve_ms":0.0,"vars":3}"#
        );
        let smt = EngineStats::Smt(SmtRunStats {
            script: SmtStats {
                declarations: 2,
                assertions: 5,
            },
            calls: 1,
            ..SmtRunStats::default()
        });
        let text = serde_json::to_string(&StatsRecord::from(&smt)).unwrap();
        assert_eq!(
            text,
            r#"{"assertions":5,"calls":1,"declarations":2,"encode_ms":0.0,"solve_ms":0.0}"#
        );
        let native = EngineStats::Native(NativeStats {
            nodes: 4,
            backtracks: 1,
            propagations: 9,
            bounds_cages: 2,
            ..NativeStats::default()
        });
        let text = serde_json::to_string(&StatsRecord::from(&native)).unwrap();
        assert_eq!(
            text,
            r#"{"backtracks":1,"bounds_cages":2,"nodes":4,"propagations":9,"setup_ms":0.0,"solve_ms":0.0}"#
        );
    }

    #[test]
    fn members_drop_the_braces() {
        let opening = CountOpening {
            file: "a.kenken",
            kind: "kenken",
        };
        assert_eq!(members(&opening), r#""file":"a.kenken","kind":"kenken""#);
    }
}
