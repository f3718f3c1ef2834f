//! # DIMACS out, solver answers in
//!
//! [`write_dimacs`] writes a formula as standard DIMACS CNF with `c` comment lines first.
//! [`parse_answer`] reads what an external solver printed, in either of the two common
//! forms:
//!
//! - SAT-competition output: `c` comments, one `s SATISFIABLE` / `s UNSATISFIABLE` /
//!   `s UNKNOWN` line, and the model on `v` lines (possibly many), ended by `0`;
//! - MiniSat's result file: `SAT` / `UNSAT` / `INDET`, then one line of literals ended by `0`.

use std::io::{self, Write};

use thiserror::Error;

use crate::answer::SatResult;
use crate::cnf::{CnfFormula, Lit};

/// Writes `formula` plus `extra` clauses as DIMACS, after the given comment lines (each
/// written as `c <line>`).
///
/// # Errors
/// Write failures.
pub(crate) fn write_dimacs(
    w: &mut impl Write,
    comments: &[String],
    formula: &CnfFormula,
    extra: &[Vec<Lit>],
) -> io::Result<()> {
    for c in comments {
        if c.is_empty() {
            writeln!(w, "c")?;
        } else {
            writeln!(w, "c {c}")?;
        }
    }
    let vars = extra
        .iter()
        .flatten()
        .map(|l| l.index() + 1)
        .fold(formula.var_count(), usize::max);
    writeln!(w, "p cnf {vars} {}", formula.len() + extra.len())?;
    let mut line = String::new();
    for clause in formula.iter().chain(extra.iter().map(Vec::as_slice)) {
        line.clear();
        for lit in clause {
            line.push_str(&lit.to_dimacs().to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        w.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// A solver answer could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// No status line (`s ...` or `SAT`/`UNSAT`) was found.
    #[error(
        "no result line (expected 's SATISFIABLE', 's UNSATISFIABLE' or MiniSat's 'SAT'/'UNSAT')"
    )]
    NoStatus,
    /// The status line is not one we know.
    #[error("line {line}: unknown result '{}'", crate::parse::clip(text))]
    BadStatus {
        /// 1-based line.
        line: usize,
        /// The status text.
        text: String,
    },
    /// Two status lines.
    #[error("line {line}: a second result line")]
    StatusTwice {
        /// 1-based line.
        line: usize,
    },
    /// A model token is not an integer.
    #[error("line {line}: '{}' is not a literal", crate::parse::clip(token))]
    BadLiteral {
        /// 1-based line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A literal names a variable the formula does not have.
    #[error("line {line}: literal {lit} is out of range (the formula has {vars} variables)")]
    OutOfRange {
        /// 1-based line.
        line: usize,
        /// The literal as written.
        lit: i64,
        /// The formula's variable count.
        vars: usize,
    },
    /// A variable is given both values.
    #[error("line {line}: variable {var} is given both values")]
    Contradiction {
        /// 1-based line.
        line: usize,
        /// The variable (DIMACS number).
        var: usize,
    },
    /// The model does not end with `0` (truncated output).
    #[error("model is truncated (no terminating 0)")]
    Truncated,
    /// Text after the terminating `0`.
    #[error("line {line}: literals after the model's terminating 0")]
    AfterEnd {
        /// 1-based line.
        line: usize,
    },
    /// The answer is SAT but gives no model.
    #[error("the answer is SATISFIABLE but has no model")]
    NoModel,
    /// A model line appears in an UNSAT answer.
    #[error("line {line}: a model line in an UNSATISFIABLE answer")]
    ModelInUnsat {
        /// 1-based line.
        line: usize,
    },
}

/// Reads a solver answer for a formula with `vars` variables. A SAT answer's model lists
/// every variable it mentions; variables it does not mention are left out of the result.
///
/// # Errors
/// Any malformed, truncated or out-of-range content.
pub(crate) fn parse_answer(text: &str, vars: usize) -> Result<SatResult, AnswerError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut status: Option<SatResult> = None;
    let mut model = ModelReader::new(vars);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('c') {
            continue;
        }
        let (is_status, rest) = match l.strip_prefix("s ") {
            Some(rest) => (true, rest.trim()),
            None if matches!(l, "SAT" | "UNSAT" | "INDET" | "UNKNOWN") => (true, l),
            None => (false, l),
        };
        if is_status {
            if status.is_some() {
                return Err(AnswerError::StatusTwice { line });
            }
            status = Some(match rest {
                "SATISFIABLE" | "SAT" => SatResult::Sat(Vec::new()),
                "UNSATISFIABLE" | "UNSAT" => SatResult::Unsat,
                "UNKNOWN" | "INDET" => SatResult::Unknown,
                _ => {
                    return Err(AnswerError::BadStatus {
                        line,
                        text: rest.to_string(),
                    })
                }
            });
            continue;
        }
        let lits = l.strip_prefix("v ").unwrap_or(l);
        match status {
            Some(SatResult::Sat(_)) => model.read_line(lits, line)?,
            Some(_) => return Err(AnswerError::ModelInUnsat { line }),
            None => {
                return Err(AnswerError::BadStatus {
                    line,
                    text: l.to_string(),
                })
            }
        }
    }
    match status {
        None => Err(AnswerError::NoStatus),
        Some(SatResult::Sat(_)) => model.finish().map(SatResult::Sat),
        Some(other) => Ok(other),
    }
}

struct ModelReader {
    vars: usize,
    values: Vec<Option<bool>>,
    started: bool,
    ended: bool,
}

impl ModelReader {
    fn new(vars: usize) -> Self {
        ModelReader {
            vars,
            values: vec![None; vars],
            started: false,
            ended: false,
        }
    }

    fn read_line(&mut self, text: &str, line: usize) -> Result<(), AnswerError> {
        for token in text.split_whitespace() {
            if self.ended {
                return Err(AnswerError::AfterEnd { line });
            }
            let lit: i64 = token.parse().map_err(|_| AnswerError::BadLiteral {
                line,
                token: token.to_string(),
            })?;
            self.started = true;
            if lit == 0 {
                self.ended = true;
                continue;
            }
            let var = lit.unsigned_abs() as usize;
            if var > self.vars {
                return Err(AnswerError::OutOfRange {
                    line,
                    lit,
                    vars: self.vars,
                });
            }
            let value = lit > 0;
            match self.values[var - 1] {
                Some(v) if v != value => return Err(AnswerError::Contradiction { line, var }),
                _ => self.values[var - 1] = Some(value),
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Vec<Lit>, AnswerError> {
        if !self.started {
            return Err(AnswerError::NoModel);
        }
        if !self.ended {
            return Err(AnswerError::Truncated);
        }
        Ok(self
            .values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|value| Lit::from_index(i, value)))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ExtendFormula;

    #[test]
    fn writes_header_and_clauses() {
        let mut f = CnfFormula::new();
        let (a, b) = (f.new_lit(), f.new_lit());
        f.add_clause(&[a, !b]);
        let mut out = Vec::new();
        write_dimacs(&mut out, &["hello".into(), String::new()], &f, &[vec![!a]]).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "c hello\nc\np cnf 2 2\n1 -2 0\n-1 0\n"
        );
    }

    #[test]
    fn competition_and_minisat_forms() {
        let comp = "c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        let lits = |v: &[isize]| v.iter().map(|&l| Lit::from_dimacs(l)).collect::<Vec<_>>();
        assert_eq!(parse_answer(comp, 3), Ok(SatResult::Sat(lits(&[1, -2, 3]))));
        assert_eq!(
            parse_answer("SAT\n-1 2 -3 0\n", 3),
            Ok(SatResult::Sat(lits(&[-1, 2, -3])))
        );
        assert_eq!(parse_answer("s UNSATISFIABLE\n", 3), Ok(SatResult::Unsat));
        assert_eq!(parse_answer("UNSAT\n", 3), Ok(SatResult::Unsat));
        assert_eq!(parse_answer("s UNKNOWN\n", 3), Ok(SatResult::Unknown));
    }

    #[test]
    fn malformed_answers() {
        use AnswerError as E;
        assert_eq!(parse_answer("", 3), Err(E::NoStatus));
        assert_eq!(parse_answer("s SATISFIABLE\nv 1 2", 3), Err(E::Truncated));
        assert_eq!(parse_answer("s SATISFIABLE\n", 3), Err(E::NoModel));
        assert_eq!(
            parse_answer("s SATISFIABLE\nv 1 -4 0\n", 3),
            Err(E::OutOfRange {
                line: 2,
                lit: -4,
                vars: 3
            })
        );
        assert_eq!(
            parse_answer("s SATISFIABLE\nv 1 x 0\n", 3),
            Err(E::BadLiteral {
                line: 2,
                token: "x".into()
            })
        );
        assert_eq!(
            parse_answer("s SATISFIABLE\nv 1 -1 0\n", 3),
            Err(E::Contradiction { line: 2, var: 1 })
        );
        assert_eq!(
            parse_answer("s SATISFIABLE\nv 1 0 2\n", 3),
            Err(E::AfterEnd { line: 2 })
        );
        assert_eq!(
            parse_answer("s MAYBE\n", 3),
            Err(E::BadStatus {
                line: 1,
                text: "MAYBE".into()
            })
        );
        assert_eq!(
            parse_answer("s UNSATISFIABLE\ns SATISFIABLE\n", 3),
            Err(E::StatusTwice { line: 2 })
        );
        assert_eq!(
            parse_answer("UNSAT\n1 0\n", 3),
            Err(E::ModelInUnsat { line: 2 })
        );
    }
}
