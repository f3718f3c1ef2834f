//! # A variant's rules → SMT-LIB terms
//!
//! The variant constraints of a model (`crate::puzzle::Variant::lower`) as linear integer
//! terms over the cells' symbols, one assertion each, in a section `variant constraints`:
//!
//! - a relation between two cells by its arithmetic (`(< a b)`, `(= (+ a b) 10)`,
//!   `(or (= a (* 2 b)) (= b (* 2 a)))`, …);
//! - a distinct group by `distinct`;
//! - a rule over a line by the arithmetic of its definition, with no auxiliary symbol: sums
//!   as `+`, an arrow's pill as `(+ (* 10 a) b)`, renban as distinct digits no two of which
//!   differ by the line's length or more, a sandwich's and an X-sum's cells by `ite` on the
//!   cells before and after them, an entropic line by each cell's third (`ite`), a modular
//!   line by `mod`.

use super::{symbol, Assertion, Builder};
use crate::puzzle::{Constraint, ConstraintKind, LineRule, Relation, RuleKind};

/// `(op a b c)` or the one argument alone.
fn nary(op: &str, args: &[String], empty: &str) -> String {
    match args {
        [] => empty.to_string(),
        [one] => one.clone(),
        _ => format!("({op} {})", args.join(" ")),
    }
}

fn and(args: &[String]) -> String {
    nary("and", args, "true")
}

fn or(args: &[String]) -> String {
    nary("or", args, "false")
}

fn sum(args: &[String]) -> String {
    nary("+", args, "0")
}

/// The term of `a R b`.
pub(super) fn relation(rel: Relation, a: &str, b: &str) -> String {
    let diff_is = |k: u8| format!("(or (= (- {a} {b}) {k}) (= (- {b} {a}) {k}))");
    let ratio = |k: u8| format!("(or (= {a} (* {k} {b})) (= {b} (* {k} {a})))");
    match rel {
        Relation::Less => format!("(< {a} {b})"),
        Relation::Equal => format!("(= {a} {b})"),
        Relation::Differ => format!("(distinct {a} {b})"),
        Relation::DiffIs(k) => diff_is(k),
        Relation::DiffNot(k) => format!("(not {})", diff_is(k)),
        Relation::DiffAtLeast(k) => format!("(or (>= (- {a} {b}) {k}) (>= (- {b} {a}) {k}))"),
        Relation::RatioIs(k) => ratio(k),
        Relation::RatioNot(k) => format!("(not {})", ratio(k)),
        Relation::SumIs(k) => format!("(= (+ {a} {b}) {k})"),
        Relation::SumNot(k) => format!("(distinct (+ {a} {b}) {k})"),
    }
}

/// The term of a rule over the cells `x` (symbols, in the rule's order).
pub(super) fn line(rule: &LineRule, x: &[String]) -> String {
    match rule {
        LineRule::Increasing => and(&x
            .windows(2)
            .map(|w| format!("(< {} {})", w[0], w[1]))
            .collect::<Vec<_>>()),
        LineRule::Sum(t) => format!("(= {} {t})", sum(x)),
        LineRule::Arrow { circle } => {
            let k = usize::from(*circle).min(x.len());
            let number: Vec<String> = x[..k]
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let place = 10u64.pow((k - 1 - i) as u32);
                    if place == 1 {
                        s.clone()
                    } else {
                        format!("(* {place} {s})")
                    }
                })
                .collect();
            format!("(= {} {})", sum(&number), sum(&x[k..]))
        }
        LineRule::EndsSum => format!("(= {} {})", sum(&x[..2]), sum(&x[2..])),
        LineRule::Consecutive => {
            let mut parts = vec![format!("(distinct {})", x.join(" "))];
            let span = x.len() - 1;
            for a in x {
                for b in x {
                    if a != b {
                        parts.push(format!("(<= (- {a} {b}) {span})"));
                    }
                }
            }
            and(&parts)
        }
        LineRule::Between | LineRule::Lockout(_) => {
            let (e1, e2) = (&x[0], &x[1]);
            let mut parts = Vec::new();
            if let LineRule::Lockout(k) = rule {
                parts.push(relation(Relation::DiffAtLeast(*k), e1, e2));
            }
            for m in &x[2..] {
                parts.push(match rule {
                    LineRule::Lockout(_) => format!(
                        "(or (and (< {m} {e1}) (< {m} {e2})) (and (> {m} {e1}) (> {m} {e2})))"
                    ),
                    _ => format!(
                        "(or (and (< {e1} {m}) (< {m} {e2})) (and (< {e2} {m}) (< {m} {e1})))"
                    ),
                });
            }
            and(&parts)
        }
        LineRule::EqualSegments(lens) => {
            let mut sums = Vec::new();
            let mut at = 0usize;
            for &l in lens {
                let end = (at + usize::from(l)).min(x.len());
                sums.push(sum(&x[at..end]));
                at = end;
            }
            and(&sums
                .windows(2)
                .map(|w| format!("(= {} {})", w[0], w[1]))
                .collect::<Vec<_>>())
        }
        LineRule::Zipper { centre } => {
            let (pairs, total) = if *centre {
                (&x[..x.len() - 1], x.last().cloned())
            } else {
                (x, None)
            };
            let sums: Vec<String> = pairs.chunks(2).map(sum).collect();
            let target = total.or_else(|| sums.first().cloned()).unwrap_or_default();
            and(&sums
                .iter()
                .map(|s| format!("(= {s} {target})"))
                .collect::<Vec<_>>())
        }
        LineRule::Entropic(n) => {
            // The largest digit of the low and middle thirds: class(d) = (d - 1) * 3 / n.
            let top = |class: u32| {
                (1..=u32::from(*n))
                    .filter(|d| (d - 1) * 3 / u32::from(*n) == class)
                    .max()
                    .unwrap_or(0)
            };
            let (low, mid) = (top(0), top(1));
            let third = |s: &String| format!("(ite (<= {s} {low}) 0 (ite (<= {s} {mid}) 1 2))");
            and(&x
                .windows(3)
                .map(|w| {
                    format!(
                        "(distinct {})",
                        w.iter().map(third).collect::<Vec<_>>().join(" ")
                    )
                })
                .collect::<Vec<_>>())
        }
        LineRule::Modular(k) => {
            let w = usize::from(*k).min(x.len()).max(1);
            and(&x
                .windows(w)
                .map(|w| {
                    let r: Vec<String> = w.iter().map(|s| format!("(mod {s} {k})")).collect();
                    nary("distinct", &r, "true")
                })
                .collect::<Vec<_>>())
        }
        LineRule::Sandwich { sum: t, max } => {
            let is = |s: &String, d: u8| format!("(= {s} {d})");
            let any =
                |cells: &[String], d: u8| or(&cells.iter().map(|s| is(s, d)).collect::<Vec<_>>());
            let mut terms = Vec::new();
            for (i, s) in x.iter().enumerate() {
                let (before, after) = (&x[..i], &x[i + 1..]);
                let inside = format!(
                    "(or (and {} {}) (and {} {}))",
                    any(before, 1),
                    any(after, *max),
                    any(before, *max),
                    any(after, 1)
                );
                terms.push(format!("(ite {inside} {s} 0)"));
            }
            format!(
                "(and {} {} (= {} {t}))",
                any(x, 1),
                any(x, *max),
                sum(&terms)
            )
        }
        LineRule::XSum(t) => {
            let first = &x[0];
            let terms: Vec<String> = x
                .iter()
                .enumerate()
                .map(|(i, s)| format!("(ite (>= {first} {}) {s} 0)", i + 1))
                .collect();
            format!("(and (<= {first} {}) (= {} {t}))", x.len(), sum(&terms))
        }
        LineRule::Visible(k) => {
            let seen: Vec<String> = x
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    if i == 0 {
                        // The first cell is always seen.
                        return "1".to_string();
                    }
                    let taller: Vec<String> =
                        x[..i].iter().map(|b| format!("(> {s} {b})")).collect();
                    format!("(ite {} 1 0)", and(&taller))
                })
                .collect();
            format!("(= {} {k})", sum(&seen))
        }
        LineRule::Contains(want) => {
            let mut digits = want.clone();
            digits.sort_unstable();
            digits.dedup();
            and(&digits
                .iter()
                .map(|&d| {
                    let times = want.iter().filter(|&&w| w == d).count();
                    let hits: Vec<String> =
                        x.iter().map(|s| format!("(ite (= {s} {d}) 1 0)")).collect();
                    format!("(>= {} {times})", sum(&hits))
                })
                .collect::<Vec<_>>())
        }
        LineRule::OneOf(digits) => and(&x
            .iter()
            .map(|s| {
                or(&digits
                    .iter()
                    .map(|d| format!("(= {s} {d})"))
                    .collect::<Vec<_>>())
            })
            .collect::<Vec<_>>()),
    }
}

impl Builder {
    /// The variant constraints of `list` in a section `variant constraints` (nothing when
    /// there is none).
    pub(super) fn rules(&mut self, list: &[Constraint]) {
        let asserts: Vec<Assertion> = list
            .iter()
            .filter(|c| c.kind == ConstraintKind::Variant)
            .filter_map(|c| {
                let x: Vec<String> = c.cells.iter().map(|&cell| symbol(cell)).collect();
                let term = match &c.rule.as_ref()?.kind {
                    RuleKind::Pair(rel) => relation(*rel, &x[0], &x[1]),
                    RuleKind::Line(rule) => line(rule, &x),
                    RuleKind::Distinct => nary("distinct", &x, "true"),
                };
                Some(Assertion {
                    term,
                    note: c.to_string(),
                })
            })
            .collect();
        if !asserts.is_empty() {
            self.section("variant constraints", asserts);
            self.summary.push_str("; variant constraints");
        }
    }
}
