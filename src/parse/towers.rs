//! # Towers: game IDs and the `.towers` text format
//!
//! **Game ID** (Simon Tatham's Towers, `towers.c`: `validate_desc`, `new_game`):
//!
//! ```text
//! [towers:]N[dD]:C/C/…/C[,GIVENS]
//! ```
//!
//! `N` is the side (1..=9 read; Towers makes 3..=9) and `dD` the difficulty (`e h x u`,
//! checked, then ignored). Then 4N clues separated by `/`, empty for no clue, in the order
//! top (columns left to right, looking down), bottom (columns left to right, looking up),
//! left (rows top to bottom, looking right), right (rows top to bottom, looking left).
//! After a `,` the given heights row-major: a letter `a`..`z` skips 1..26 empty cells, a
//! number is a height, and `_` separates two numbers. Errors point at the character.
//!
//! **Text** (`.towers`): the top clues on the first line, then one line per row (left clue,
//! the N cells, right clue), then the bottom clues; entries are separated by white space,
//! and `.` is no clue or an empty cell. `#` lines are comments.
//!
//! ```text
//! # towers:4:2/1/2/3/2/2/1/3/2/3/2/1/2/1/3/2 (no givens)
//!    2 1 2 3
//! 2  . . . .  2
//! 3  . . . .  1
//! 2  . . . .  3
//! 1  . . . .  2
//!    2 2 1 3
//! ```

use crate::grid::Cell;
use crate::parse::tatham::{
    content_lines, err, header, id_line, looks_like_id, strip_prefix, Cursor, IdForm,
    TathamParseError as E,
};
use crate::parse::{tokens, ParseError, Token};
use crate::puzzle::{Side, Towers, MAX_TOWERS_SIDE};

const FORM: IdForm = IdForm {
    prefix: "towers",
    kind: "Towers",
    form: "towers:N:CLUES[,GIVENS]",
    adjacent: false,
    difficulties: "ehxu",
    params: "nothing or dD with D one of e h x u",
    max: MAX_TOWERS_SIDE,
};

/// Whether `text` is a Towers game ID: `towers:…`, or `N[dD]:` followed by clues with `/`.
#[must_use]
pub fn looks_like_towers_id(text: &str) -> bool {
    if !looks_like_id(text, &FORM) {
        return false;
    }
    let Some((_, line)) = content_lines(text).next() else {
        return false;
    };
    let (rest, prefixed) = strip_prefix(line.trim(), &FORM);
    prefixed
        || rest.split_once(':').is_some_and(|(_, body)| {
            let clues = body.split(',').next().unwrap_or("");
            clues.contains('/') && clues.bytes().all(|b| b == b'/' || b.is_ascii_digit())
        })
}

/// Parses a Towers game ID or `.towers` text.
///
/// # Errors
/// A positioned [`ParseError`] whose kind is `ParseErrorKind::Tatham`.
pub fn parse_towers(text: &str) -> Result<Towers, ParseError> {
    if looks_like_towers_id(text) {
        let (line, col, id) = id_line(text, FORM.kind)?;
        parse_id(id, line, col)
    } else {
        parse_text(text)
    }
}

/// Parses one ID line (trimmed), whose first character is at `line`:`col`.
fn parse_id(id: &str, line: usize, col: usize) -> Result<Towers, ParseError> {
    let mut cur = Cursor::new(id, line, col);
    let n = header(&mut cur, &FORM)?.size;
    let mut clues = [vec![0; n], vec![0; n], vec![0; n], vec![0; n]];
    for i in 0..4 * n {
        if i > 0 {
            match cur.peek() {
                Some('/') => {
                    let _ = cur.bump();
                }
                _ => return Err(too_few_clues(&cur, i, n)),
            }
        }
        let at = cur.col();
        let digits = cur.take_while(|c| c.is_ascii_digit());
        if !digits.is_empty() {
            clues[i / n][i % n] = value(&cur, at, "clue", &digits, n)?;
        }
    }
    if cur.peek() == Some('/') {
        let extra = 4 * n + cur.rest().matches('/').count();
        return Err(cur.err(E::Count {
            what: "clues",
            found: extra,
            want: 4 * n,
        }));
    }
    let mut givens = vec![0; n * n];
    match cur.bump() {
        None => {}
        Some(',') => read_givens(&mut cur, n, &mut givens)?,
        Some(c) => {
            return Err(cur.err_at(
                cur.col() - 1,
                E::Unexpected {
                    text: c.to_string(),
                    expected: "'/' between clues or ',' before the givens",
                },
            ))
        }
    }
    Towers::new(n, clues, givens).ok_or_else(|| cur.err(E::Missing { kind: FORM.kind }))
}

fn too_few_clues(cur: &Cursor, found: usize, n: usize) -> ParseError {
    match cur.peek() {
        None | Some(',') => cur.err(E::Count {
            what: "clues",
            found,
            want: 4 * n,
        }),
        Some(c) => cur.err(E::Unexpected {
            text: c.to_string(),
            expected: "a clue 1..=N, '/' or nothing",
        }),
    }
}

/// A number `1..=n` written as `digits` at column `at`.
fn value(
    cur: &Cursor,
    at: usize,
    what: &'static str,
    digits: &str,
    n: usize,
) -> Result<u8, ParseError> {
    match digits.parse::<usize>() {
        Ok(v) if (1..=n).contains(&v) => Ok(v as u8),
        _ => Err(cur.err_at(
            at,
            E::BadValue {
                what,
                text: digits.to_string(),
                expected: format!("1..={n}"),
            },
        )),
    }
}

/// The givens after the `,`: letters skip cells, numbers are heights, `_` separates.
fn read_givens(cur: &mut Cursor, n: usize, givens: &mut [u8]) -> Result<(), ParseError> {
    let mut pos = 0usize;
    let over = |cur: &Cursor, at: usize, found: usize| {
        cur.err_at(
            at,
            E::Count {
                what: "cells",
                found,
                want: n * n,
            },
        )
    };
    while let Some(c) = cur.peek() {
        let at = cur.col();
        match c {
            'a'..='z' => {
                let _ = cur.bump();
                pos += c as usize - 'a' as usize + 1;
                if pos > n * n {
                    return Err(over(cur, at, pos));
                }
            }
            '_' => {
                let _ = cur.bump();
            }
            '0'..='9' => {
                let digits = cur.take_while(|c| c.is_ascii_digit());
                let v = value(cur, at, "height", &digits, n)?;
                if pos >= n * n {
                    return Err(over(cur, at, pos + 1));
                }
                givens[pos] = v;
                pos += 1;
            }
            _ => {
                return Err(cur.err(E::Unexpected {
                    text: c.to_string(),
                    expected: "a-z, _ or a height",
                }))
            }
        }
    }
    if pos < n * n {
        return Err(over(cur, cur.col(), pos));
    }
    Ok(())
}

/// Parses the `.towers` text format.
fn parse_text(text: &str) -> Result<Towers, ParseError> {
    let lines: Vec<(usize, Vec<Token<'_>>)> = content_lines(text)
        .map(|(i, l)| (i, tokens(l, i, 1)))
        .collect();
    let Some((first_line, top)) = lines.first() else {
        let last = text.lines().count().max(1);
        return Err(err(last, 1, E::Missing { kind: FORM.kind }));
    };
    let n = top.len();
    if n > MAX_TOWERS_SIDE {
        return Err(err(
            *first_line,
            top[MAX_TOWERS_SIDE].pos.col,
            E::Count {
                what: "clues on the top line",
                found: n,
                want: MAX_TOWERS_SIDE,
            },
        ));
    }
    if lines.len() != n + 2 {
        let (line, col) = match lines.get(n + 2) {
            Some((l, toks)) => (*l, toks[0].pos.col),
            None => (lines[lines.len() - 1].0, 1),
        };
        return Err(err(
            line,
            col,
            E::Count {
                what: "lines (top clues, one per row, bottom clues)",
                found: lines.len(),
                want: n + 2,
            },
        ));
    }
    let entry = |t: &Token<'_>, what: &'static str| -> Result<u8, ParseError> {
        if t.text == "." {
            return Ok(0);
        }
        match t.text.parse::<usize>() {
            Ok(v) if (1..=n).contains(&v) => Ok(v as u8),
            _ => Err(err(
                t.pos.line,
                t.pos.col,
                E::BadValue {
                    what,
                    text: t.text.to_string(),
                    expected: format!("1..={n} or '.'"),
                },
            )),
        }
    };
    let mut clues = [vec![0; n], vec![0; n], vec![0; n], vec![0; n]];
    let mut givens = vec![0; n * n];
    for (i, t) in top.iter().enumerate() {
        clues[Side::Top as usize][i] = entry(t, "clue")?;
    }
    for (r, (line, toks)) in lines[1..=n].iter().enumerate() {
        if toks.len() != n + 2 {
            let col = toks.get(n + 2).map_or(1, |t| t.pos.col);
            return Err(err(
                *line,
                col,
                E::Count {
                    what: "entries on this row (left clue, the cells, right clue)",
                    found: toks.len(),
                    want: n + 2,
                },
            ));
        }
        clues[Side::Left as usize][r] = entry(&toks[0], "clue")?;
        clues[Side::Right as usize][r] = entry(&toks[n + 1], "clue")?;
        for c in 0..n {
            givens[Cell::new(r as u8, c as u8).index(n)] = entry(&toks[c + 1], "height")?;
        }
    }
    let (line, bottom) = &lines[n + 1];
    if bottom.len() != n {
        let col = bottom.get(n).map_or(1, |t| t.pos.col);
        return Err(err(
            *line,
            col,
            E::Count {
                what: "clues on the bottom line",
                found: bottom.len(),
                want: n,
            },
        ));
    }
    for (i, t) in bottom.iter().enumerate() {
        clues[Side::Bottom as usize][i] = entry(t, "clue")?;
    }
    Towers::new(n, clues, givens).ok_or_else(|| err(*first_line, 1, E::Missing { kind: FORM.kind }))
}

/// The puzzle as a game ID as Tatham's Towers reads it (`N:CLUES[,GIVENS]`, no prefix),
/// which [`parse_towers`] reads back (with or without `towers:`).
#[must_use]
pub fn towers_id(t: &Towers) -> String {
    let n = t.size();
    let mut out = format!("{n}:");
    let mut first = true;
    for side in Side::ALL {
        for i in 0..n {
            if !first {
                out.push('/');
            }
            first = false;
            let c = t.clue(side, i);
            if c != 0 {
                out.push_str(&c.to_string());
            }
        }
    }
    let givens: Vec<u8> = (0..n * n)
        .map(|i| t.given(Cell::new((i / n) as u8, (i % n) as u8)))
        .collect();
    if givens.iter().any(|&g| g != 0) {
        out.push(',');
        out.push_str(&run_length(&givens));
    }
    out
}

/// Tatham's run-length form of a grid (`towers.c`, `new_game_desc`): letters for runs of
/// empty cells, numbers for values, `_` between two numbers.
pub(crate) fn run_length(cells: &[u8]) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    for (i, &v) in cells.iter().chain(std::iter::once(&u8::MAX)).enumerate() {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            while run > 0 {
                let this = run.min(26);
                out.push((b'a' + this as u8 - 1) as char);
                run -= this;
            }
        } else if i > 0 && v != u8::MAX {
            out.push('_');
        }
        if v != u8::MAX {
            out.push_str(&v.to_string());
        }
    }
    out
}

/// The puzzle in the `.towers` text format, which [`parse_towers`] reads back.
#[must_use]
pub fn towers_text(t: &Towers) -> String {
    let n = t.size();
    let show = |v: u8| {
        if v == 0 {
            ".".to_string()
        } else {
            v.to_string()
        }
    };
    let clue_row = |side: Side| {
        let v: Vec<String> = (0..n).map(|i| show(t.clue(side, i))).collect();
        format!("   {}\n", v.join(" "))
    };
    let mut out = format!("# towers:{}\n", towers_id(t));
    out.push_str(&clue_row(Side::Top));
    for r in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|c| show(t.given(Cell::new(r as u8, c as u8))))
            .collect();
        out.push_str(&format!(
            "{}  {}  {}\n",
            show(t.clue(Side::Left, r)),
            cells.join(" "),
            show(t.clue(Side::Right, r))
        ));
    }
    out.push_str(&clue_row(Side::Bottom));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_example_reads_both_ways() {
        let id = "towers:4:2/1/2/3/2/2/1/3/2/3/2/1/2/1/3/2";
        let t = parse_towers(id).unwrap();
        assert_eq!(t.clue(Side::Bottom, 2), 1);
        assert_eq!(t.clue(Side::Right, 3), 2);
        assert_eq!(towers_id(&t), id.trim_start_matches("towers:"));
        assert_eq!(parse_towers(&towers_text(&t)).unwrap(), t);
    }

    #[test]
    fn givens_run_length_round_trips() {
        let id = "towers:6:3//3//2/3//4/2/2////4///1/2///2///,v2f2f";
        let t = parse_towers(id).unwrap();
        assert_eq!(t.given(Cell::new(3, 4)), 2);
        assert_eq!(towers_id(&t), id.trim_start_matches("towers:"));
        let dense = "3:1/2/2/3/2/1/1/2/2/3/1/2,1_2_3c3_1_2";
        assert_eq!(towers_id(&parse_towers(dense).unwrap()), dense);
    }
}
