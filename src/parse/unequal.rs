//! # Unequal: game IDs and the `.unequal` text format
//!
//! **Game ID** (Simon Tatham's Unequal, `unequal.c`: `load_game`):
//!
//! ```text
//! [unequal:]N[a][dD]:CELL,CELL,…,CELL[,]
//! ```
//!
//! `N` is the side (1..=9 read), `a` the adjacent mode and `dD` the difficulty (`t e k x
//! r`, checked, then ignored). Each of the N² cells, row-major, is its digit (0 = empty)
//! followed by flags `U R D L` toward the neighbour above, right, below, left; a letter
//! `a`..`z` before a cell skips that many empty, unflagged cells. In the comparison mode a
//! flag says the cell is *greater* than that neighbour (two cells may not both claim it);
//! in the adjacent mode it says they differ by exactly 1, and both cells carry it. Errors
//! point at the character.
//!
//! **Text** (`.unequal`): a line `size N` (`size N adjacent` for the adjacent mode), then
//! Tatham's own text drawing of the grid, 2N−1 lines where spaces matter: cell rows with a
//! digit or `.` every other column and `<`, `>` (or `|`, a bar) between them, and between
//! two cell rows a line with `^`, `v` (the cell above is smaller, greater; or `-`, a bar)
//! under the cells. Trailing spaces may be left out; a blank line there is a row of no
//! marks. `#` comment lines may precede the `size` line and follow the grid.
//!
//! ```text
//! # unequal:3:0R,0,0,0,2,0D,0,0,0,
//! size 3
//! .>. .
//!
//! . 2 .
//!     v
//! . . .
//! ```

use crate::grid::Cell;
use crate::parse::tatham::{
    content_lines, err, header, id_line, leading_ws, looks_like_id, strip_prefix, Cursor, IdForm,
    TathamParseError as E,
};
use crate::parse::{tokens, ParseError};
use crate::puzzle::{Mark, Unequal, MAX_UNEQUAL_SIDE};

const FORM: IdForm = IdForm {
    prefix: "unequal",
    kind: "Unequal",
    form: "unequal:N[a]:CELLS",
    adjacent: true,
    difficulties: "tekxr",
    params: "nothing, a, dD or adD with D one of t e k x r",
    max: MAX_UNEQUAL_SIDE,
};

const UP: u8 = 1;
const RIGHT: u8 = 2;
const DOWN: u8 = 4;
const LEFT: u8 = 8;

/// Whether `text` is an Unequal game ID: `unequal:…`, or `N[a][dD]:` followed by a digit
/// (no `/`), or by cells (letters, a digit and flags `URDL` each, separated by commas).
#[must_use]
pub fn looks_like_unequal_id(text: &str) -> bool {
    if !looks_like_id(text, &FORM) {
        return false;
    }
    let Some((_, line)) = content_lines(text).next() else {
        return false;
    };
    let (rest, prefixed) = strip_prefix(line.trim(), &FORM);
    if prefixed {
        return true;
    }
    let Some((params, body)) = rest.split_once(':') else {
        return false;
    };
    let n: usize = params
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap_or(0);
    let fields: Vec<&str> = body.strip_suffix(',').unwrap_or(body).split(',').collect();
    let cell = |f: &str| {
        let f = f.trim_start_matches(|c: char| c.is_ascii_lowercase());
        let d = f.bytes().take_while(u8::is_ascii_digit).count();
        d > 0 && f[d..].bytes().all(|b| b"URDL".contains(&b))
    };
    // Keen's cage structure starts with a letter or `_`, never a digit, and holds no
    // upper case; Towers clues hold a `/`.
    let digit_first = body.starts_with(|c: char| c.is_ascii_digit()) && !body.contains('/');
    n > 0 && (digit_first || fields.iter().all(|f| cell(f)) && fields.len() <= n * n)
}

/// Parses an Unequal game ID or `.unequal` text.
///
/// # Errors
/// A positioned [`ParseError`] whose kind is `ParseErrorKind::Tatham`.
pub fn parse_unequal(text: &str) -> Result<Unequal, ParseError> {
    if looks_like_unequal_id(text) {
        let (line, col, id) = id_line(text, FORM.kind)?;
        parse_id(id, line, col)
    } else {
        parse_text(text)
    }
}

/// Each cell's flags, and the column of each flag.
struct Flags {
    bits: Vec<u8>,
    cols: Vec<[usize; 4]>,
}

fn parse_id(id: &str, line: usize, col: usize) -> Result<Unequal, ParseError> {
    let mut cur = Cursor::new(id, line, col);
    let head = header(&mut cur, &FORM)?;
    let n = head.size;
    let a = n * n;
    let mut givens = vec![0u8; a];
    let mut flags = Flags {
        bits: vec![0; a],
        cols: vec![[0; 4]; a],
    };
    let mut pos = 0usize;
    let count = |found| E::Count {
        what: "cells",
        found,
        want: a,
    };
    while cur.peek().is_some() {
        let at = cur.col();
        let skip = cur.take_while(|c| c.is_ascii_lowercase());
        pos += skip
            .chars()
            .map(|c| c as usize - 'a' as usize + 1)
            .sum::<usize>();
        if pos >= a {
            return Err(cur.err_at(at, count(pos + 1)));
        }
        let at = cur.col();
        let digits = cur.take_while(|c| c.is_ascii_digit());
        if digits.is_empty() {
            return Err(cur.err(E::Unexpected {
                text: cur.peek().map(String::from).unwrap_or_default(),
                expected: "a digit (0 for an empty cell)",
            }));
        }
        givens[pos] = match digits.parse::<usize>() {
            Ok(v) if v <= n => v as u8,
            _ => {
                return Err(cur.err_at(
                    at,
                    E::BadValue {
                        what: "digit",
                        text: digits,
                        expected: format!("0..={n}"),
                    },
                ))
            }
        };
        while let Some(c) = cur.peek().filter(|c| "URDL".contains(*c)) {
            let k = "URDL".find(c).unwrap_or(0);
            flags.bits[pos] |= [UP, RIGHT, DOWN, LEFT][k];
            flags.cols[pos][k] = cur.col();
            let _ = cur.bump();
        }
        pos += 1;
        match cur.peek() {
            Some(',') => {
                let _ = cur.bump();
            }
            None => {}
            Some(c) => {
                return Err(cur.err(E::Unexpected {
                    text: c.to_string(),
                    expected: "flags U R D L or ',' after a cell",
                }))
            }
        }
        if pos >= a && cur.peek().is_some() {
            return Err(cur.err(count(pos + 1)));
        }
    }
    if pos < a {
        return Err(cur.err(count(pos)));
    }
    let (right, down) = marks(n, head.adjacent, &flags).map_err(|(k, e)| {
        let (cell, dir) = k;
        cur.err_at(flags.cols[cell][dir], e)
    })?;
    Unequal::new(n, head.adjacent, givens, right, down)
        .ok_or_else(|| cur.err(E::Missing { kind: FORM.kind }))
}

/// The marks the flags make, or the (cell, flag) at fault.
#[allow(clippy::type_complexity, reason = "a pair of mark lists")]
fn marks(
    n: usize,
    adjacent: bool,
    flags: &Flags,
) -> Result<(Vec<Mark>, Vec<Mark>), ((usize, usize), E)> {
    let mut right = vec![Mark::None; n * n];
    let mut down = vec![Mark::None; n * n];
    for i in 0..n * n {
        let (r, c) = (i / n, i % n);
        for (k, (bit, dr, dc, mark)) in [
            (UP, -1, 0, 'U'),
            (RIGHT, 0, 1, 'R'),
            (DOWN, 1, 0, 'D'),
            (LEFT, 0, -1, 'L'),
        ]
        .into_iter()
        .enumerate()
        {
            if flags.bits[i] & bit == 0 {
                continue;
            }
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if nr < 0 || nc < 0 || nr >= n as isize || nc >= n as isize {
                return Err(((i, k), E::OffGrid { mark }));
            }
            let j = nr as usize * n + nc as usize;
            let opposite = [DOWN, LEFT, UP, RIGHT][k];
            let mirrored = flags.bits[j] & opposite != 0;
            let here = Cell::new(r as u8, c as u8).label();
            let there = Cell::new(nr as u8, nc as u8).label();
            if adjacent && !mirrored {
                let msg = format!("{here} has a bar toward {there}, but {there} has none back (adjacent-mode flags come in pairs)");
                return Err(((i, k), E::Contradiction(msg)));
            }
            if !adjacent && mirrored {
                let msg = format!("{here} and {there} are each marked greater than the other");
                return Err(((i, k), E::Contradiction(msg)));
            }
            // The pair's first cell is the upper or left one.
            let (slot, greater) = match k {
                0 => (&mut down[j], false),
                1 => (&mut right[i], true),
                2 => (&mut down[i], true),
                _ => (&mut right[j], false),
            };
            *slot = match (adjacent, greater) {
                (true, _) => Mark::Bar,
                (false, true) => Mark::Greater,
                (false, false) => Mark::Less,
            };
        }
    }
    Ok((right, down))
}

/// Parses the `.unequal` text format.
fn parse_text(text: &str) -> Result<Unequal, ParseError> {
    let all: Vec<&str> = text.lines().collect();
    let Some((head_no, head)) = content_lines(text).next() else {
        let last = all.len().max(1);
        return Err(err(last, 1, E::Missing { kind: FORM.kind }));
    };
    let toks = tokens(head, head_no, 1);
    let size_ok = toks.len() >= 2 && toks[0].text.eq_ignore_ascii_case("size");
    if !size_ok || toks.len() > 3 {
        let t = toks.get(if size_ok { 3 } else { 0 }).copied();
        return Err(err(
            head_no,
            t.map_or(1, |t| t.pos.col),
            E::Unexpected {
                text: t.map(|t| t.text.to_string()).unwrap_or_default(),
                expected: "a first line 'size N' or 'size N adjacent'",
            },
        ));
    }
    let n = match toks[1].text.parse::<usize>() {
        Ok(n) if (1..=MAX_UNEQUAL_SIDE).contains(&n) => n,
        _ => {
            return Err(err(
                head_no,
                toks[1].pos.col,
                E::BadSize {
                    size: toks[1].text.to_string(),
                    max: MAX_UNEQUAL_SIDE,
                },
            ))
        }
    };
    let adjacent = match toks.get(2) {
        None => false,
        Some(t) if t.text.eq_ignore_ascii_case("adjacent") => true,
        Some(t) => {
            return Err(err(
                t.pos.line,
                t.pos.col,
                E::Unexpected {
                    text: t.text.to_string(),
                    expected: "'adjacent' or nothing after the size",
                },
            ))
        }
    };
    let grid_lines = 2 * n - 1;
    let first = head_no; // 0-based index of the first grid line
    if all.len() < first + grid_lines {
        return Err(err(
            all.len().max(head_no),
            1,
            E::Count {
                what: "grid lines after the size",
                found: all.len() - first,
                want: grid_lines,
            },
        ));
    }
    let mut givens = vec![0u8; n * n];
    let mut right = vec![Mark::None; n * n];
    let mut down = vec![Mark::None; n * n];
    for k in 0..grid_lines {
        let line_no = first + k + 1;
        let chars: Vec<char> = all[first + k].trim_end().chars().collect();
        if chars.len() > 2 * n - 1 {
            return Err(err(line_no, 2 * n, E::TrailingText));
        }
        let at = |x: usize| chars.get(x).copied().unwrap_or(' ');
        for x in 0..2 * n - 1 {
            let ch = at(x);
            let (r, c) = (k / 2, x / 2);
            let i = r * n + c;
            let bad = |expected| {
                err(
                    line_no,
                    x + 1,
                    E::Unexpected {
                        text: ch.to_string(),
                        expected,
                    },
                )
            };
            match (k % 2, x % 2) {
                (0, 0) => {
                    givens[i] = match ch {
                        '.' => 0,
                        d if d.is_ascii_digit()
                            && (1..=n).contains(&(d as usize - '0' as usize)) =>
                        {
                            d as u8 - b'0'
                        }
                        _ => return Err(bad("a digit 1..=N or '.'")),
                    }
                }
                (0, _) => {
                    right[i] = match (ch, adjacent) {
                        (' ', _) => Mark::None,
                        ('<', false) => Mark::Less,
                        ('>', false) => Mark::Greater,
                        ('|', true) => Mark::Bar,
                        _ if adjacent => return Err(bad("'|' or a space (adjacent mode)")),
                        _ => return Err(bad("'<', '>' or a space")),
                    }
                }
                (_, 0) => {
                    down[i] = match (ch, adjacent) {
                        (' ', _) => Mark::None,
                        ('^', false) => Mark::Less,
                        ('v', false) => Mark::Greater,
                        ('-', true) => Mark::Bar,
                        _ if adjacent => return Err(bad("'-' or a space (adjacent mode)")),
                        _ => return Err(bad("'^', 'v' or a space")),
                    }
                }
                _ if ch != ' ' => return Err(bad("a space between two marks")),
                _ => {}
            }
        }
    }
    let after = first + grid_lines;
    if let Some((i, l)) = all[after..]
        .iter()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    {
        return Err(err(after + i + 1, leading_ws(l) + 1, E::TrailingText));
    }
    Unequal::new(n, adjacent, givens, right, down)
        .ok_or_else(|| err(head_no, 1, E::Missing { kind: FORM.kind }))
}

/// The puzzle as a game ID as Tatham's Unequal reads it (`N[a]:CELLS,`, no prefix; flags in Tatham's order U R D L and a
/// comma after every cell, as Tatham writes them), which [`parse_unequal`] reads back.
#[must_use]
pub fn unequal_id(u: &Unequal) -> String {
    let n = u.size();
    let adj = u.adjacent();
    let mut out = format!("{n}{}:", if adj { "a" } else { "" });
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    for r in 0..n {
        for c in 0..n {
            out.push_str(&u.given(at(r, c)).to_string());
            // Toward each neighbour, the mark as the neighbour's pair holds it: whether this
            // cell is greater (or barred).
            let flag = |m: Mark, this_first: bool| match m {
                Mark::Bar => true,
                Mark::Greater => this_first,
                Mark::Less => !this_first,
                Mark::None => false,
            };
            if r > 0 && flag(u.down(at(r - 1, c)), false) {
                out.push('U');
            }
            if c + 1 < n && flag(u.right(at(r, c)), true) {
                out.push('R');
            }
            if r + 1 < n && flag(u.down(at(r, c)), true) {
                out.push('D');
            }
            if c > 0 && flag(u.right(at(r, c - 1)), false) {
                out.push('L');
            }
            out.push(',');
        }
    }
    out
}

/// The puzzle in the `.unequal` text format (Tatham's drawing under a `size` line), which
/// [`parse_unequal`] reads back.
#[must_use]
pub fn unequal_text(u: &Unequal) -> String {
    format!(
        "# unequal:{}\nsize {}{}\n{}",
        unequal_id(u),
        u.size(),
        if u.adjacent() { " adjacent" } else { "" },
        drawing(u, |c| u.given(c))
    )
}

/// Tatham's drawing of the grid: each row's digits (`digit`, 0 drawn `.`) with the marks
/// toward the right neighbours (`<`, `>`, `|`), then a line of the marks toward the row
/// below (`^`, `v`, `-`); what the text format holds and the text picture shows.
pub(crate) fn drawing(u: &Unequal, digit: impl Fn(Cell) -> u8) -> String {
    let n = u.size();
    let at = |r: usize, c: usize| Cell::new(r as u8, c as u8);
    let mut out = String::new();
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            let g = digit(at(r, c));
            line.push(if g == 0 { '.' } else { (b'0' + g) as char });
            if c + 1 < n {
                line.push(match u.right(at(r, c)) {
                    Mark::Less => '<',
                    Mark::Greater => '>',
                    Mark::Bar => '|',
                    Mark::None => ' ',
                });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 < n {
            let marks: Vec<String> = (0..n)
                .map(|c| {
                    match u.down(at(r, c)) {
                        Mark::Less => '^',
                        Mark::Greater => 'v',
                        Mark::Bar => '-',
                        Mark::None => ' ',
                    }
                    .to_string()
                })
                .collect();
            out.push_str(marks.join(" ").trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_example_reads_both_ways() {
        let id = "unequal:3:0R,0,0,0,2,0D,0,0,0,";
        let u = parse_unequal(id).unwrap();
        assert_eq!(u.right(Cell::new(0, 0)), Mark::Greater);
        assert_eq!(u.down(Cell::new(1, 2)), Mark::Greater);
        assert_eq!(unequal_id(&u), id.trim_start_matches("unequal:"));
        let text = unequal_text(&u);
        assert!(
            text.contains("size 3\n.>. .\n\n. 2 .\n    v\n. . .\n"),
            "{text}"
        );
        assert_eq!(parse_unequal(&text).unwrap(), u);
    }

    #[test]
    fn adjacent_ids_round_trip() {
        let id = "unequal:4a:0R,0L,0R,0L,0R,0DL,0RD,0DL,0,0U,0UR,0UL,0R,0L,1,0,";
        let u = parse_unequal(id).unwrap();
        assert!(u.adjacent());
        assert_eq!(unequal_id(&u), id.trim_start_matches("unequal:"));
        assert_eq!(parse_unequal(&unequal_text(&u)).unwrap(), u);
    }
}
