//! Difficulty in Tatham's words (issue 53): on puzzles Simon Tatham's Solo and Keen made at
//! each of their levels (`tests/data/tatham-levels/make.sh`, the level in the file name),
//! `grade` gives the game's own level. The fast test checks the first puzzles of every file
//! exactly; the ignored one the whole corpus, at least 90% per kind
//! (`cargo test --release -p cagesat --test it tatham_levels -- --ignored`;
//! `benches/tatham_levels.sh` prints the table).

use cagesat::grade::{KeenDifficulty, SoloDifficulty, TathamLevel};
use cagesat::Puzzle;

/// Every corpus file: its name, and the level Tatham's game made its puzzles at.
fn files() -> Vec<(String, TathamLevel)> {
    let mut out = Vec::new();
    for c in "tbiaeu".chars() {
        let level = TathamLevel::Solo(SoloDifficulty::from_letter(c).expect("a level"));
        out.push((format!("solo-3x3d{c}.txt"), level));
        if c != 'e' {
            out.push((format!("killer-3x3kd{c}.txt"), level));
        }
    }
    for (c, k) in "enhxu".chars().zip(KeenDifficulty::ALL) {
        out.push((format!("keen-6d{c}.txt"), TathamLevel::Keen(k)));
    }
    out
}

/// The first `take` puzzles of `file`, each with the level `grade` gives it.
fn graded(file: &str, take: usize) -> Vec<(String, Option<TathamLevel>)> {
    let path = format!("tests/data/tatham-levels/{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(take)
        .map(|id| {
            let p = Puzzle::parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            let g = p.grade().unwrap_or_else(|e| panic!("{id}: {e}"));
            (id.to_string(), g.difficulty.map(|d| d.level))
        })
        .collect()
}

#[test]
fn first_puzzles_of_each_level_get_tathams_level() {
    for (file, level) in files() {
        let got = graded(&file, 3);
        assert_eq!(got.len(), 3, "{file}");
        for (id, l) in got {
            assert_eq!(l, Some(level), "{file}: {id}");
        }
    }
}

#[test]
fn the_level_follows_from_the_hardest_rule() {
    // A Solo Basic puzzle needs a single in a row or column (or a naked single), an
    // Advanced one a set, an Extreme one a fish or a chain, an Unreasonable one a guess.
    let rule = |file: &str| {
        let id = std::fs::read_to_string(format!("tests/data/tatham-levels/{file}")).unwrap();
        let p = Puzzle::parse(id.lines().next().unwrap()).unwrap();
        let d = p.grade().unwrap().difficulty.expect("a difficulty");
        (d.rule, d.score)
    };
    let (r, s) = rule("solo-3x3db.txt");
    assert!(
        ["naked single", "hidden single"].contains(&r.as_str()),
        "{r}"
    );
    assert!(s <= 12, "{r} {s}");
    let (r, s) = rule("solo-3x3da.txt");
    assert!(r.starts_with("naked") || r.starts_with("hidden"), "{r}");
    assert!(s >= 30, "{r} {s}");
    let (r, _) = rule("solo-3x3de.txt");
    assert!(
        r.contains("wing") || r.contains("fish") || r.starts_with("forcing chain"),
        "{r}"
    );
    assert_eq!(rule("solo-3x3du.txt"), ("guessing".to_string(), 100));
    assert_eq!(rule("keen-6dn.txt").0, "cage combinations");
}

#[test]
#[ignore = "the whole corpus, about 10 s in release: run with --ignored"]
fn whole_corpus_agrees_at_least_90_percent_per_kind() {
    let mut per_kind: Vec<(String, usize, usize)> = Vec::new();
    for (file, level) in files() {
        let kind = file.split('-').next().unwrap_or("").to_string();
        let got = graded(&file, usize::MAX);
        let agree = got.iter().filter(|(_, l)| *l == Some(level)).count();
        match per_kind.iter_mut().find(|(k, _, _)| *k == kind) {
            Some((_, a, t)) => {
                *a += agree;
                *t += got.len();
            }
            None => per_kind.push((kind, agree, got.len())),
        }
    }
    assert_eq!(per_kind.len(), 3);
    for (kind, agree, total) in per_kind {
        assert!(total >= 100, "{kind}: {total}");
        assert!(agree * 10 >= total * 9, "{kind}: {agree}/{total} agree");
    }
}
