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
use cagesat::Grid;

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
    /// An engine this front end does not know: no figures (`{}`).
    Other {},
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
            _ => StatsRecord::Other {},
        }
    }
}

/// A grid in a record, as [`cagesat::Puzzle::render_json`] draws it: rows of digits,
/// written straight from the grid (no `Value` built), or the JSON a kind draws otherwise.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum GridJson<'a> {
    /// The grid's rows of digits.
    Rows(#[serde(serialize_with = "rows")] &'a Grid<u8>),
    /// What the kind drew (a Kakuro's shape), or `null`.
    Drawn(serde_json::Value),
}

/// Writes `grid` as rows of digits (`[[1,2],[2,1]]`).
fn rows<S: serde::Serializer>(grid: &&Grid<u8>, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(grid.iter_rows())
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
    pub second: Option<GridJson<'a>>,
    /// The verified grid ([`cagesat::Puzzle::render_json`]), or `null`.
    pub solution: GridJson<'a>,
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
    /// The difficulty in the words of Tatham's game of the kind (Keen's `easy` …
    /// `unreasonable` for a KenKen, Solo's `trivial` … `unreasonable` for a Sudoku or
    /// Killer), `null` for the other kinds.
    pub difficulty: Option<&'static str>,
    /// The hardest rule Tatham's rules used for `difficulty` (`naked pair`, `guessing`).
    pub difficulty_rule: Option<String>,
    /// That rule's score on the hints' scale (as `score`).
    pub difficulty_score: Option<f64>,
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
    /// With `--technique`, when a stop ended the path early: `timeout` or `interrupted`
    /// (then `technique` and `score` are those of the steps found so far).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<&'static str>,
    /// With `--technique`: the hardest technique on the step-by-step path (`explain`),
    /// `null` when the path does not solve the puzzle (several solutions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<Option<String>>,
}

/// Writes `record` on one line, in one write (serde's many small writes go to a local
/// buffer, not through `out`, which is often a `dyn Write`).
///
/// # Errors
/// Failed writes.
pub(crate) fn write_line(
    out: &mut (impl Write + ?Sized),
    record: &impl Serialize,
) -> io::Result<()> {
    let mut text = serde_json::to_vec(record)?;
    text.push(b'\n');
    out.write_all(&text)
}

/// `output` (one input's) with `"line":LINE` added to each JSON record in it (with
/// `--json`; keys stay sorted), or each text line unchanged.
pub(crate) fn with_line(output: &[u8], json: bool, line: usize) -> Vec<u8> {
    if !json {
        return output.to_vec();
    }
    let mut out = Vec::with_capacity(output.len() + 16);
    for l in output.split_inclusive(|&b| b == b'\n') {
        match line_at(l) {
            Some(at) => {
                let (head, tail) = l.split_at(at);
                out.extend_from_slice(head);
                // Before the closing brace the member follows the others (if any); before
                // a key it precedes it.
                let _ = if tail.starts_with(b"}") {
                    let comma = if head.len() > 1 { "," } else { "" };
                    write!(out, "{comma}\"line\":{line}")
                } else {
                    write!(out, "\"line\":{line},")
                };
                out.extend_from_slice(tail);
            }
            None => with_line_parsed(&mut out, l, line),
        }
    }
    out
}

/// [`with_line`]'s general path for one line: the record parsed and written again with
/// `line` among its members (what a record [`line_at`] cannot place goes this way).
fn with_line_parsed(out: &mut Vec<u8>, l: &[u8], line: usize) {
    match serde_json::from_slice::<serde_json::Value>(l) {
        Ok(serde_json::Value::Object(mut map)) => {
            let _ = map.insert("line".into(), line.into());
            let _ = write_line(out, &map);
        }
        _ => out.extend_from_slice(l),
    }
}

/// Where `"line":N` goes in `l`, a record as [`write_line`] writes it (an object on one
/// line, no spaces, every object's keys in strictly ascending order, a final `\n`): the
/// offset of the first top-level key after `line` (its opening quote), or of the closing
/// brace. Inserting there gives the bytes that parsing `l` and writing it again with the
/// member added would (serde_json's `Map` keeps its keys sorted, without the
/// `preserve_order` feature, which the unit test against the parsed path would catch).
/// `None` when `l` is not surely of that form (spaces, an escaped key, keys out of order, a
/// `line` key already, anything not JSON): the caller then parses it.
fn line_at(l: &[u8]) -> Option<usize> {
    let body = l.strip_suffix(b"\n")?;
    let _utf8 = std::str::from_utf8(body).ok()?;
    let mut scan = Scan { text: body, at: 0 };
    let place = scan.object(Some(b"line"))?;
    (scan.at == body.len()).then_some(place?)
}

/// A strict reader of compact JSON for [`line_at`]: it checks the form and skips values,
/// without building them.
struct Scan<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    /// The byte at the cursor.
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// Skips `byte`, which must be next.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Skips one value.
    fn value(&mut self) -> Option<()> {
        match self.peek()? {
            b'{' => self.object(None).map(|_| ()),
            b'[' => self.array(),
            b'"' => self.string().map(|_| ()),
            b't' => self.word(b"true"),
            b'f' => self.word(b"false"),
            b'n' => self.word(b"null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    /// Skips an object whose keys (unescaped) rise strictly. With `place`, the object's
    /// key `place` must be absent, and the answer is where it would go: the opening quote
    /// of the first greater key, or the closing brace.
    fn object(&mut self, place: Option<&[u8]>) -> Option<Option<usize>> {
        self.expect(b'{')?;
        let mut before: Option<&'a [u8]> = None;
        let mut found = None;
        if self.peek()? != b'}' {
            loop {
                let start = self.at;
                let key = self.string()?;
                if key.contains(&b'\\') || before.is_some_and(|b| b >= key) {
                    return None;
                }
                if let Some(p) = place {
                    if key == p {
                        return None;
                    }
                    if found.is_none() && key > p {
                        found = Some(start);
                    }
                }
                before = Some(key);
                self.expect(b':')?;
                self.value()?;
                if self.peek()? == b',' {
                    self.at += 1;
                } else {
                    break;
                }
            }
        }
        let end = self.at;
        self.expect(b'}')?;
        Some(place.map(|_| found.unwrap_or(end)))
    }

    /// Skips an array.
    fn array(&mut self) -> Option<()> {
        self.expect(b'[')?;
        if self.peek()? != b']' {
            loop {
                // A grid's cell: one digit, which reads and writes back as itself.
                match self.text.get(self.at..self.at + 2) {
                    Some([b'0'..=b'9', b',' | b']']) => self.at += 1,
                    _ => self.value()?,
                }
                if self.peek()? == b',' {
                    self.at += 1;
                } else {
                    break;
                }
            }
        }
        self.expect(b']')
    }

    /// Skips a string and answers its raw bytes between the quotes (the text is UTF-8,
    /// checked once). Only the short escapes serde_json writes (and reads back to the
    /// same) pass: not `\/` (written back as `/`) nor `\u` (whose hex digits may be
    /// written back otherwise); neither do raw control characters.
    fn string(&mut self) -> Option<&'a [u8]> {
        self.expect(b'"')?;
        let start = self.at;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => {
                    self.at += 1;
                    match self.peek()? {
                        b'"' | b'\\' | b'b' | b'f' | b'n' | b'r' | b't' => self.at += 1,
                        _ => return None,
                    }
                }
                0..=0x1f => return None,
                _ => self.at += 1,
            }
        }
        let text: &'a [u8] = self.text;
        let raw = &text[start..self.at];
        self.at += 1;
        Some(raw)
    }

    /// Skips `word` (`true`, `false`, `null`).
    fn word(&mut self, word: &[u8]) -> Option<()> {
        let next = self.text.get(self.at..self.at + word.len())?;
        (next == word).then(|| self.at += word.len())
    }

    /// Skips a number written as serde_json writes it, so that reading it and writing it
    /// again gives the same text: an integer of `u64` or `i64` (not `-0`), or a float in
    /// the writer's shortest form (read correctly rounded: where serde_json's own reader
    /// rounds otherwise, the parsed path would change the last digit, this one keeps it).
    fn number(&mut self) -> Option<()> {
        let start = self.at;
        self.number_grammar()?;
        let text: &'a [u8] = self.text;
        let num = &text[start..self.at];
        if !num.iter().any(|b| matches!(b, b'.' | b'e' | b'E')) {
            return match num {
                b"-0" => None,
                _ if num.len() <= 18 => Some(()),
                [b'-', ..] => std::str::from_utf8(num)
                    .ok()?
                    .parse::<i64>()
                    .ok()
                    .map(|_| ()),
                _ => std::str::from_utf8(num)
                    .ok()?
                    .parse::<u64>()
                    .ok()
                    .map(|_| ()),
            };
        }
        let value: f64 = std::str::from_utf8(num).ok()?.parse().ok()?;
        let written = serde_json::to_vec(&value).ok()?;
        (written == num).then_some(())
    }

    /// Skips a number in JSON's grammar.
    fn number_grammar(&mut self) -> Option<()> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek()? {
            b'0' => self.at += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.some_digits()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.some_digits()?;
        }
        Some(())
    }

    /// Skips digits, at least one.
    fn some_digits(&mut self) -> Option<()> {
        let start = self.at;
        self.digits();
        (self.at > start).then_some(())
    }

    /// Skips digits.
    fn digits(&mut self) {
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
    }
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
    use cagesat::generate::SplitMix64;
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

    /// What `with_line` wrote before its fast path: every JSON object line parsed and
    /// written again with the member added.
    fn with_line_slow(output: &[u8], line: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for l in output.split_inclusive(|&b| b == b'\n') {
            with_line_parsed(&mut out, l, line);
        }
        out
    }

    /// A random JSON value: nested objects and arrays, strings with escapes and non-ASCII
    /// characters, integers of every width and sign, floats that read back exactly.
    fn random_value(rng: &mut SplitMix64, depth: u32) -> serde_json::Value {
        use serde_json::Value;
        match rng.below(if depth >= 3 { 5 } else { 7 }) {
            0 => Value::Null,
            1 => Value::Bool(rng.below(2) == 0),
            2 => match rng.below(4) {
                0 => Value::from(rng.next_u64()),
                1 => Value::from(rng.next_u64() as i64),
                2 => Value::from(rng.below(10)),
                _ => Value::from(-(rng.below(1000) as i64)),
            },
            3 => {
                let k = rng.below(1 << 40) as f64;
                let sign = if rng.below(4) == 0 { -1.0 } else { 1.0 };
                Value::from(sign * k / 10f64.powi(rng.below(20) as i32))
            }
            4 => Value::from(random_text(rng)),
            5 => Value::Array(
                (0..rng.below(5))
                    .map(|_| random_value(rng, depth + 1))
                    .collect(),
            ),
            _ => Value::Object(random_object(rng, depth + 1)),
        }
    }

    /// A short random string over characters serde_json writes plain, escaped and in
    /// `\u` form.
    fn random_text(rng: &mut SplitMix64) -> String {
        let chars = [
            'a', 'l', 'i', 'n', 'e', 'z', '"', '\\', '/', '\n', '\t', '\u{1}', '\u{7f}', 'é', '€',
        ];
        (0..rng.below(6))
            .map(|_| chars[rng.below(chars.len() as u64) as usize])
            .collect()
    }

    /// A random object whose keys gather around `line` (`l`, `lina`, `line2`, `linf`,
    /// `line` itself) besides the records' own and random ones.
    fn random_object(
        rng: &mut SplitMix64,
        depth: u32,
    ) -> serde_json::Map<String, serde_json::Value> {
        let keys = [
            "certificate",
            "differ",
            "file",
            "kind",
            "l",
            "lina",
            "line",
            "line2",
            "linf",
            "second",
            "solution",
            "stats",
            "status",
            "unique",
            "",
            "é",
            "a\"b",
        ];
        (0..rng.below(6))
            .map(|_| {
                let key = if rng.below(5) == 0 {
                    random_text(rng)
                } else {
                    keys[rng.below(keys.len() as u64) as usize].to_string()
                };
                (key, random_value(rng, depth))
            })
            .collect()
    }

    /// The fast path places `line` where parsing and writing again would, byte for byte,
    /// on random records as `write_line` writes them, and on those records damaged (a
    /// byte dropped, changed or a space put in: the fast path then declines or still
    /// agrees), several to an output, between text lines.
    #[test]
    fn the_line_goes_where_the_parsed_path_puts_it() {
        let mut rng = SplitMix64::new(38);
        let (mut placed, mut records) = (0, 0);
        for _ in 0..20_000 {
            let mut output = Vec::new();
            for _ in 0..=rng.below(3) {
                let mut record = Vec::new();
                write_line(&mut record, &random_object(&mut rng, 0)).expect("to memory");
                records += 1;
                let n = record.len() as u64;
                match rng.below(8) {
                    0 => drop(record.remove(rng.below(n) as usize)),
                    1 => record.insert(rng.below(n) as usize, b' '),
                    2 => {
                        record[rng.below(n) as usize] = {
                            let damage = b"{}[]\",:-.e0l";
                            damage[rng.below(damage.len() as u64) as usize]
                        }
                    }
                    3 => output.extend_from_slice(b"a text line\n"),
                    _ => {}
                }
                placed += usize::from(line_at(&record).is_some());
                output.extend_from_slice(&record);
            }
            if rng.below(10) == 0 {
                let _ = output.pop();
            }
            let line = rng.below(1 << 20) as usize;
            let slow = with_line_slow(&output, line);
            let fast = with_line(&output, true, line);
            assert!(
                fast == slow,
                "{}\nfast: {}\nslow: {}",
                String::from_utf8_lossy(&output),
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
        assert!(
            placed * 4 > records,
            "the fast path placed {placed} of {records}"
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
