//! # An independent LRAT proof checker
//!
//! Checks that a proof in the text LRAT format (Cruz-Filipe, Heule, Hunt, Kaufmann,
//! Schneider-Kamp, "Efficient Certified RAT Verification", CADE 2017) refutes a DIMACS CNF.
//! This module shares no code with the solvers, the encoder or the project's own DIMACS
//! writer and reader: it reads both files with its own small parsers, so a bug elsewhere
//! cannot make a wrong certificate pass here.
//!
//! The CNF's clauses get ids 1 to m in file order. Each proof line is either
//! - an addition `id l1 … lk 0 h1 … hj 0`: the clause `l1 ∨ … ∨ lk` follows by reverse unit
//!   propagation along the hints: with every `li` false, each hint clause in turn must be
//!   unit (its one open literal becomes true) until one is falsified (a conflict); or
//! - a deletion `id d c1 … cj 0`: those clauses are gone (later hints may not use them).
//!
//! The proof is accepted when an addition of the empty clause checks. Steps with negative
//! hints (RAT steps) are rejected as unsupported: the proofs cagesat writes never need them.
//! Checking is linear in the size of the proof, which is the point of LRAT.

use std::collections::HashMap;
use std::fmt;

/// Why a proof was rejected, or a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LratError {
    /// Which file: `"cnf"` or `"proof"`.
    pub file: &'static str,
    /// 1-based line in that file.
    pub line: usize,
    /// The clause id of the failing step, when the line has one.
    pub step: Option<u64>,
    /// What is wrong.
    pub reason: String,
    /// True when the file itself is malformed (rather than a step that does not follow).
    pub malformed: bool,
}

impl fmt::Display for LratError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(id) => write!(f, "{}: step {id}: {}", self.line, self.reason),
            None => write!(f, "{}: {}", self.line, self.reason),
        }
    }
}

impl std::error::Error for LratError {}

/// What a successful check saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LratSummary {
    /// Clauses of the CNF.
    pub clauses: usize,
    /// Variables declared in the CNF header.
    pub vars: usize,
    /// Addition steps checked.
    pub additions: usize,
    /// Deletion lines.
    pub deletions: usize,
}

/// Checks that `proof` (text LRAT) refutes `cnf` (DIMACS).
///
/// # Errors
/// The first step that fails (`malformed: false`) or the first unreadable line.
pub fn check_lrat(cnf: &str, proof: &str) -> Result<LratSummary, LratError> {
    let (vars, clauses) = read_cnf(cnf)?;
    let mut checker = Checker {
        clauses: HashMap::with_capacity(clauses.len() * 2),
        value: vec![0; vars + 1],
        trail: Vec::new(),
    };
    let count = clauses.len();
    for (i, c) in clauses.into_iter().enumerate() {
        let _ = checker.clauses.insert(i as u64 + 1, c);
    }
    let mut summary = LratSummary {
        clauses: count,
        vars,
        additions: 0,
        deletions: 0,
    };
    if checker.clauses.values().any(Vec::is_empty) {
        // The CNF holds the empty clause itself (the encoder found the puzzle impossible
        // while writing it): unsatisfiable with no proof at all.
        return Ok(summary);
    }
    let mut last_id = count as u64;
    for (n, text) in proof.lines().enumerate() {
        let line = n + 1;
        let text = text.trim();
        if text.is_empty() || text.starts_with('c') {
            continue;
        }
        let malformed = |step, reason: String| LratError {
            file: "proof",
            line,
            step,
            reason,
            malformed: true,
        };
        let mut tokens = text.split_whitespace();
        let id: u64 = tokens
            .next()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| malformed(None, "a step starts with its clause id".into()))?;
        let rest: Vec<&str> = tokens.collect();
        if rest.first() == Some(&"d") {
            let ids = numbers::<u64>(&rest[1..])
                .ok_or_else(|| malformed(Some(id), "a deletion lists clause ids, then 0".into()))?;
            for gone in ids {
                // Deleting a clause that is not there is harmless to soundness; ignore it.
                let _ = checker.clauses.remove(&gone);
            }
            summary.deletions += 1;
            continue;
        }
        let zero = rest
            .iter()
            .position(|t| *t == "0")
            .ok_or_else(|| malformed(Some(id), "the clause must end with 0".into()))?;
        let lits = numbers::<i64>(&rest[..=zero])
            .ok_or_else(|| malformed(Some(id), "literals must be non-zero integers".into()))?;
        let hints = numbers::<i64>(&rest[zero + 1..])
            .ok_or_else(|| malformed(Some(id), "the hints must be ids ending with 0".into()))?;
        let fail = |reason: String| LratError {
            file: "proof",
            line,
            step: Some(id),
            reason,
            malformed: false,
        };
        if id <= last_id {
            return Err(fail(format!(
                "clause ids must increase (this one follows {last_id})"
            )));
        }
        last_id = id;
        let lits: Vec<i32> = lits
            .into_iter()
            .map(|l| literal(l, vars))
            .collect::<Result<_, _>>()
            .map_err(fail)?;
        checker.check_rup(&lits, &hints).map_err(fail)?;
        summary.additions += 1;
        if lits.is_empty() {
            return Ok(summary);
        }
        let _ = checker.clauses.insert(id, lits);
    }
    Err(LratError {
        file: "proof",
        line: proof.lines().count().max(1),
        step: None,
        reason: "the proof never derives the empty clause".into(),
        malformed: false,
    })
}

/// Clauses by id, and the partial assignment of one check (+1 true, -1 false, 0 open).
struct Checker {
    clauses: HashMap<u64, Vec<i32>>,
    value: Vec<i8>,
    trail: Vec<usize>,
}

impl Checker {
    fn value_of(&self, lit: i32) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit > 0 {
            v
        } else {
            -v
        }
    }

    fn set_true(&mut self, lit: i32) {
        let var = lit.unsigned_abs() as usize;
        self.value[var] = if lit > 0 { 1 } else { -1 };
        self.trail.push(var);
    }

    /// Reverse unit propagation of `lits` along `hints`.
    fn check_rup(&mut self, lits: &[i32], hints: &[i64]) -> Result<(), String> {
        let result = self.rup(lits, hints);
        for var in self.trail.drain(..) {
            self.value[var] = 0;
        }
        result
    }

    fn rup(&mut self, lits: &[i32], hints: &[i64]) -> Result<(), String> {
        for &l in lits {
            match self.value_of(l) {
                // The clause holds l and ¬l: a tautology, true under every assignment.
                1 => return Ok(()),
                -1 => {}
                _ => self.set_true(-l),
            }
        }
        for &h in hints {
            if h < 0 {
                return Err(format!(
                    "hint {h} asks for a RAT step, which is not supported"
                ));
            }
            let hint = h as u64;
            let clause = self
                .clauses
                .get(&hint)
                .ok_or_else(|| format!("hint {hint} names no clause (never added, or deleted)"))?;
            let mut open = None;
            for &l in clause {
                match self.value_of(l) {
                    1 => return Err(format!("hint {hint} is already satisfied, not unit")),
                    -1 => {}
                    _ if open.is_some_and(|o| o != l) => {
                        return Err(format!("hint {hint} has two open literals, not unit"))
                    }
                    _ => open = Some(l),
                }
            }
            match open {
                None => return Ok(()),
                Some(l) => self.set_true(l),
            }
        }
        Err("the hints end without a conflict".into())
    }
}

/// Parses tokens ending with a single `0`; `None` when a token is not a number or the
/// list does not end with its only zero.
fn numbers<T: std::str::FromStr + PartialEq + Default>(tokens: &[&str]) -> Option<Vec<T>> {
    let (last, body) = tokens.split_last()?;
    if last.parse::<T>().ok()? != T::default() {
        return None;
    }
    body.iter()
        .map(|t| t.parse::<T>().ok().filter(|n| *n != T::default()))
        .collect()
}

fn literal(l: i64, vars: usize) -> Result<i32, String> {
    match i32::try_from(l) {
        Ok(l) if (l.unsigned_abs() as usize) <= vars => Ok(l),
        _ => Err(format!("literal {l} is beyond the CNF's {vars} variables")),
    }
}

/// Reads a DIMACS CNF: `c` comment lines, one `p cnf V C` header, then clauses ending with
/// 0 (possibly spanning lines). Answers the variable count and the clauses in order.
fn read_cnf(text: &str) -> Result<(usize, Vec<Vec<i32>>), LratError> {
    let bad = |line, reason: String| LratError {
        file: "cnf",
        line,
        step: None,
        reason,
        malformed: true,
    };
    let mut header: Option<(usize, usize)> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        if t.starts_with('p') {
            let f: Vec<&str> = t.split_whitespace().collect();
            let parsed = match f.as_slice() {
                ["p", "cnf", v, c] => v.parse().ok().zip(c.parse().ok()),
                _ => None,
            };
            if header.is_some() || parsed.is_none() {
                return Err(bad(line, "expected one header 'p cnf VARS CLAUSES'".into()));
            }
            header = parsed;
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(bad(line, "clauses before the 'p cnf' header".into()));
        };
        for tok in t.split_whitespace() {
            let l: i64 = tok
                .parse()
                .map_err(|_| bad(line, format!("'{tok}' is not a literal")))?;
            if l == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(literal(l, vars).map_err(|r| bad(line, r))?);
            }
        }
    }
    let Some((vars, count)) = header else {
        return Err(bad(1, "no 'p cnf' header".into()));
    };
    if !current.is_empty() {
        return Err(bad(
            text.lines().count(),
            "the last clause does not end with 0".into(),
        ));
    }
    if clauses.len() != count {
        return Err(bad(
            1,
            format!(
                "the header says {count} clauses, the file has {}",
                clauses.len()
            ),
        ));
    }
    Ok((vars, clauses))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (x1 ∨ x2) (¬x1 ∨ x2) (x1 ∨ ¬x2) (¬x1 ∨ ¬x2): unsatisfiable.
    const CNF: &str = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
    /// Derive x2 from 1 and 2, then the empty clause from 5, 3 and 4.
    const PROOF: &str = "5 2 0 1 2 0\n6 0 5 3 4 0\n";

    #[test]
    fn a_correct_proof_checks() {
        let s = check_lrat(CNF, PROOF).unwrap();
        assert_eq!((s.clauses, s.vars, s.additions), (4, 2, 2));
    }

    #[test]
    fn broken_proofs_name_the_failing_step() {
        // A changed literal: ¬x2 does not follow from clauses 1 and 2 that way.
        let e = check_lrat(CNF, "5 -2 0 1 2 0\n6 0 5 3 4 0\n").unwrap_err();
        assert_eq!((e.line, e.step, e.malformed), (1, Some(5), false));
        // A missing step: clause 5 is never added.
        let e = check_lrat(CNF, "6 0 5 3 4 0\n").unwrap_err();
        assert!(e.reason.contains("hint 5 names no clause"), "{e}");
        // A wrong hint.
        let e = check_lrat(CNF, "5 2 0 1 3 0\n6 0 5 3 4 0\n").unwrap_err();
        assert_eq!(e.step, Some(5));
        // A deleted clause used afterwards.
        let e = check_lrat(CNF, "5 2 0 1 2 0\n5 d 3 0\n6 0 5 3 4 0\n").unwrap_err();
        assert!(e.reason.contains("hint 3"), "{e}");
        // No empty clause.
        let e = check_lrat(CNF, "5 2 0 1 2 0\n").unwrap_err();
        assert!(e.reason.contains("never derives"), "{e}");
        // A RAT hint.
        assert!(check_lrat(CNF, "5 2 0 -1 2 0\n").is_err());
        // Another formula: (x1 ∨ x2) alone is satisfiable.
        assert!(check_lrat("p cnf 2 1\n1 2 0\n", PROOF).is_err());
        // An empty proof refutes nothing, unless the CNF holds the empty clause.
        assert!(check_lrat(CNF, "").is_err());
        assert_eq!(check_lrat("p cnf 1 2\n1 0\n0\n", "").unwrap().additions, 0);
    }

    #[test]
    fn malformed_files_are_told_apart() {
        assert!(check_lrat("1 2 0\n", PROOF).unwrap_err().malformed);
        assert!(
            check_lrat("p cnf 2 5\n1 2 0\n", PROOF)
                .unwrap_err()
                .malformed
        );
        assert!(check_lrat(CNF, "5 2 1 2 0\n").unwrap_err().malformed);
        assert!(check_lrat(CNF, "x\n").unwrap_err().malformed);
        assert!(check_lrat(CNF, "5 9 0 1 0\n").is_err());
    }
}
