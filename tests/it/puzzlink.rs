//! puzz.link Kakuro URLs: every shipped Kakuro goes to a URL and back to the same puzzle,
//! the shipped URLs read back to their `.kakuro` puzzles, generated grids round-trip, and
//! mangled URLs give a positioned error (line 1, the URL's character), never a panic.

use cagesat::generate::{generate_kakuro, KakuroParams};
use cagesat::parse::ParseErrorKind;
use cagesat::{ParseOptions, Puzzle};

use crate::common::load;

/// The shipped `.kakuro` files.
fn shipped() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["tests/data/kakuro", "tests/data/kakuro/generated"] {
        for entry in std::fs::read_dir(dir).expect("kakuro data") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "kakuro") {
                files.push(path.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_shipped_kakuro_goes_to_a_url_and_back() {
    let files = shipped();
    assert!(files.len() >= 13, "{files:?}");
    for file in files {
        let puzzle = load(&file);
        let url = puzzle.to_puzzlink().expect("a Kakuro has a URL");
        assert!(url.starts_with("https://puzz.link/p?kakuro/"), "{url}");
        assert_eq!(Puzzle::parse(&url).expect(&url), puzzle, "{file}");
        // The text form reads back too: text → URL → text is the identity.
        let text = puzzle.to_string();
        assert_eq!(Puzzle::parse(&text).unwrap().to_puzzlink(), Some(url));
    }
}

#[test]
fn shipped_urls_read_back_to_their_puzzles() {
    for (url_file, kakuro) in [
        (
            "panpapag_easy_5x5",
            "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        ),
        (
            "panpapag_hard_12x10",
            "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        ),
        (
            "gen_kakuro_12x12_s51200",
            "tests/data/kakuro/generated/gen_kakuro_12x12_s51200.kakuro",
        ),
    ] {
        let path = format!("tests/data/kakuro/puzzlink/{url_file}.url");
        assert_eq!(Puzzle::read(&path).expect(&path), load(kakuro), "{path}");
    }
    // pzprjs' example: 5×5 board, so a 6×6 grid with the outer clue row and column.
    let example = Puzzle::read("tests/data/kakuro/puzzlink/pzprjs_example_5x5.url").unwrap();
    assert_eq!(
        (example.kind(), example.size_label().as_str()),
        ("kakuro", "6x6")
    );
}

#[test]
fn a_url_is_read_whatever_the_file_is_called() {
    let url = std::fs::read_to_string("tests/data/kakuro/puzzlink/panpapag_easy_5x5.url")
        .expect("url file");
    let want = load("tests/data/kakuro/panpapag_easy_5x5.kakuro");
    for name in ["x.url", "x.kakuro", "x.txt", "x.kenken"] {
        let opts = ParseOptions::default().path(name);
        assert_eq!(Puzzle::parse_with(&url, &opts).expect(name), want, "{name}");
    }
    let pzv = url.replace("https://puzz.link/p?", "pzv.jp/p.html?");
    assert_eq!(Puzzle::parse(&pzv).unwrap(), want);
}

#[test]
fn generated_kakuro_round_trip() {
    for seed in 0..12 {
        let mut params = KakuroParams::new(5 + seed as usize % 5, 6 + seed as usize % 4);
        params.seed = seed;
        let g = generate_kakuro(&params).expect("generates");
        let puzzle = Puzzle::Kakuro(g.puzzle);
        let url = puzzle.to_puzzlink().expect("url");
        assert_eq!(Puzzle::parse(&url).unwrap(), puzzle, "seed {seed}: {url}");
    }
}

/// A tiny deterministic generator of mutations.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn mangled_urls_fail_at_a_character_of_the_url() {
    let url = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";
    let alphabet: Vec<char> = "09ajAZkz.-/!é ?".chars().collect();
    let mut rng = Rng(0x5eed);
    let mut failures = 0;
    for _ in 0..3_000 {
        let mut chars: Vec<char> = url.chars().collect();
        for _ in 0..=rng.below(3) {
            let at = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if at < chars.len() => {
                    let _ = chars.remove(at);
                }
                1 => chars.insert(at, alphabet[rng.below(alphabet.len())]),
                _ if at < chars.len() => chars[at] = alphabet[rng.below(alphabet.len())],
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        let Err(e) = Puzzle::parse_with(&text, &ParseOptions::default().path("m.url")) else {
            continue;
        };
        failures += 1;
        let pos = e.pos;
        let message = e.to_string();
        assert!(!message.contains('\n'), "{message}");
        if matches!(e.kind, ParseErrorKind::Url(_)) {
            assert_eq!(pos.line, 1, "{text}: {message}");
            assert!(
                (1..=text.chars().count() + 1).contains(&pos.col),
                "{text}: {message}"
            );
            assert!(
                message.starts_with(&format!("m.url:1:{}: ", pos.col)),
                "{message}"
            );
        }
    }
    assert!(
        failures > 1_000,
        "only {failures} of 3000 mangled URLs failed"
    );
}
