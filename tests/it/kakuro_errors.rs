//! Every Kakuro format error, with its exact message and position, and the choice of
//! parser by extension or content.

use cagesat::{ParseOptions, Puzzle};

/// The error text for `text` read as `t.kakuro`.
fn err(text: &str) -> String {
    Puzzle::parse_with(text, &ParseOptions::default().path("t.kakuro"))
        .expect_err("should not parse")
        .to_string()
}

#[test]
fn ragged_rows() {
    assert_eq!(
        err("#  4\\ 3\\\n\\3 . . .\n"),
        "t.kakuro:2:8: row has 4 squares, expected 3 like the first row (line 1)"
    );
    assert_eq!(
        err("; comment\n# 4\\ 3\\\n\n\\3 .\n"),
        "t.kakuro:4:5: row has 2 squares, expected 3 like the first row (line 2)"
    );
}

#[test]
fn unknown_tokens() {
    let expect = |col: usize, tok: &str| {
        format!("t.kakuro:1:{col}: unknown square '{tok}' (expected '#', '.' or a clue such as 17\\, \\10 or 23\\16)")
    };
    assert_eq!(err("# 4\\ x\n"), expect(6, "x"));
    assert_eq!(err("# 1\\2\\3\n"), expect(3, "1\\2\\3"));
    assert_eq!(err("# a\\3\n"), expect(3, "a\\3"));
    assert_eq!(err("# -3\\\n"), expect(3, "-3\\"));
    assert_eq!(err("# 5 .\n"), expect(3, "5"));
    assert_eq!(err("# ３\\ .\n"), expect(3, "３\\"));
}

#[test]
fn empty_clue() {
    assert_eq!(
        err("# \\ .\n"),
        "t.kakuro:1:3: clue square '\\' gives no sum (write '#' for a blocked square)"
    );
}

#[test]
fn clue_overflow() {
    assert_eq!(
        err("# 3\\99999999999\n"),
        "t.kakuro:1:5: clue number '99999999999' is too large"
    );
    assert_eq!(
        err("#  4294967296\\ .\n"),
        "t.kakuro:1:4: clue number '4294967296' is too large"
    );
}

#[test]
fn clue_without_run() {
    assert_eq!(
        err("# 4\\ \\3\n\\5 . #\n"),
        "t.kakuro:1:7: across clue 3 has no white square to its right"
    );
    assert_eq!(
        err("# 4\\ 5\\\n\\5 . #\n"),
        "t.kakuro:1:6: down clue 5 has no white square below it"
    );
}

#[test]
fn run_without_clue() {
    assert_eq!(
        err("# 4\\\n# .\n"),
        "t.kakuro:2:3: across run of length 1 starting here has no clue"
    );
    assert_eq!(
        err("# #\n\\5 .\n"),
        "t.kakuro:2:4: down run of length 1 starting here has no clue"
    );
    // A clue square with only a down number does not clue the run to its right.
    assert_eq!(
        err("#  #  4\\ 4\\\n#  3\\ .  .\n#  .  #  #\n"),
        "t.kakuro:2:7: across run of length 2 starting here has no clue"
    );
}

#[test]
fn a_white_square_outside_every_run_is_an_unclued_run() {
    // In this model every maximal run needs a clue, so an isolated white square is reported
    // as an unclued run of length 1 (across first).
    assert_eq!(
        err("# # #\n# . #\n# # #\n"),
        "t.kakuro:2:3: across run of length 1 starting here has no clue"
    );
}

#[test]
fn run_longer_than_nine() {
    let text = "# 1\\ 2\\ 3\\ 4\\ 5\\ 6\\ 7\\ 8\\ 9\\ 1\\\n\\45 . . . . . . . . . .\n";
    assert_eq!(
        err(text),
        "t.kakuro:2:2: across run of length 10 is longer than 9"
    );
}

#[test]
fn impossible_sums() {
    assert_eq!(
        err("# 4\\ 5\\\n\\18 . .\n"),
        "t.kakuro:2:2: across clue 18 is impossible for a run of length 2 (distinct digits 1..9 give 3..=17)"
    );
    assert_eq!(
        err("# 10\\ 3\\\n\\3 . .\n"),
        "t.kakuro:1:3: down clue 10 is impossible for a run of length 1 (distinct digits 1..9 give 1..=9)"
    );
    assert_eq!(
        err("# 0\\ 3\\\n\\3 . .\n"),
        "t.kakuro:1:3: down clue 0 is impossible for a run of length 1 (distinct digits 1..9 give 1..=9)"
    );
}

#[test]
fn empty_and_all_blocked() {
    assert_eq!(err(""), "t.kakuro:1:1: no puzzle found (the file is empty)");
    assert_eq!(
        err("; only a comment\n\n"),
        "t.kakuro:1:1: no puzzle found (the file has only comments and blank lines)"
    );
    assert_eq!(
        err("; c\n # #\n # #\n"),
        "t.kakuro:2:2: puzzle has no white squares"
    );
}

#[test]
fn too_many_columns() {
    let row = vec!["#"; 256].join(" ");
    assert_eq!(
        err(&format!("{row}\n")),
        "t.kakuro:1:511: grid is 1x256, larger than the limit 255x255"
    );
}

#[test]
fn format_chosen_by_extension_then_content() {
    let kakuro = "#  3\\ 3\\\n\\3  .  .\n\\3  .  .\n";
    let kenken = "size 2\n3 + A1 B1\n3 + A2 B2\n";
    let kind = |text: &str, path: Option<&str>| {
        let opts = match path {
            Some(p) => ParseOptions::default().path(p),
            None => ParseOptions::default(),
        };
        Puzzle::parse_with(text, &opts)
            .map(|p| p.kind())
            .map_err(|e| e.to_string())
    };
    assert_eq!(kind(kakuro, Some("a.kakuro")), Ok("kakuro"));
    assert_eq!(kind(kakuro, None), Ok("kakuro"));
    assert_eq!(kind(kakuro, Some("a.txt")), Ok("kakuro"));
    assert_eq!(kind(kenken, None), Ok("kenken"));
    assert_eq!(kind(kenken, Some("a.kenken")), Ok("kenken"));
    // The extension wins over the content.
    assert!(kind(kenken, Some("a.kakuro"))
        .unwrap_err()
        .starts_with("a.kakuro:1:1: unknown square 'size'"));
    assert!(matches!(Puzzle::parse(kakuro), Ok(Puzzle::Kakuro(_))));
}

mod fuzz {
    use super::*;
    use cagesat::{Engine, EngineOptions, ParseOptions};
    use proptest::prelude::*;

    /// Smallest and largest sum of `len` distinct digits 1..=9 (`None` when `len` is 0 or
    /// more than 9): 1 + … + len up to (10 − len) + … + 9.
    fn sum_range(len: usize) -> Option<(u32, u32)> {
        let k = u32::try_from(len).ok().filter(|k| (1..=9).contains(k))?;
        Some((k * (k + 1) / 2, k * (19 - k) / 2))
    }

    /// Length of the white run starting at `(r, c)` going by `(dr, dc)`.
    fn run_len(white: &[Vec<bool>], mut r: usize, mut c: usize, dr: usize, dc: usize) -> usize {
        let mut n = 0;
        while r < white.len() && c < white[0].len() && white[r][c] {
            n += 1;
            r += dr;
            c += dc;
        }
        n
    }

    /// A random layout with clue squares wherever a run starts (sums in range), optionally
    /// with one token replaced by noise.
    fn build(white: Vec<Vec<bool>>, nums: &[u32], noise: Option<(usize, String)>) -> String {
        let (rows, cols) = (white.len(), white[0].len());
        let mut toks = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if white[r][c] {
                    toks.push(".".to_string());
                    continue;
                }
                let i = toks.len();
                let sum = |len: usize, pick: u32| {
                    sum_range(len).map_or(String::new(), |(lo, hi)| {
                        (lo + pick % (hi - lo + 1)).to_string()
                    })
                };
                let down = sum(run_len(&white, r + 1, c, 1, 0), nums[2 * i]);
                let across = sum(run_len(&white, r, c + 1, 0, 1), nums[2 * i + 1]);
                toks.push(if down.is_empty() && across.is_empty() {
                    "#".to_string()
                } else {
                    format!("{down}\\{across}")
                });
            }
        }
        if let Some((i, t)) = noise {
            let n = toks.len();
            toks[i % n] = t;
        }
        toks.chunks(cols).map(|r| r.join(" ") + "\n").collect()
    }

    fn grid_text() -> impl Strategy<Value = String> {
        (2usize..7, 2usize..7)
            .prop_flat_map(|(rows, cols)| {
                (
                    prop::collection::vec(
                        prop::collection::vec(prop::bool::weighted(0.7), cols),
                        rows,
                    ),
                    prop::collection::vec(any::<u32>(), 2 * rows * cols),
                    prop::option::weighted(0.3, (any::<usize>(), "[#.\\\\0-9x]{1,3}")),
                )
            })
            .prop_map(|(mut white, nums, noise)| {
                white[0].iter_mut().for_each(|w| *w = false);
                white.iter_mut().for_each(|row| row[0] = false);
                build(white, &nums, noise)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Random grids never panic: they parse to an error, or to a puzzle that every
        /// engine solves (every answer verified inside the engine layer) or proves
        /// unsatisfiable, the engines agreeing on whether there are none, one or more.
        #[test]
        fn random_grids_never_panic(text in grid_text()) {
            if let Ok(p) = Puzzle::parse_with(&text, &ParseOptions::default().path("f.kakuro")) {
                let opts = EngineOptions::default();
                let mut answers = Vec::new();
                for engine in Engine::builtin() {
                    let answer = engine.prove_unique(&p, &opts);
                    prop_assert!(answer.is_ok(), "{}: {answer:?}\n{text}", engine.name());
                    answers.push(answer.unwrap().0.label());
                }
                prop_assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}\n{text}");
            }
        }
    }
}
